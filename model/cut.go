package model

import (
	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/ssa"
)

// A Cut (ssa.Cut: a construct inka does not model, or an access the
// Pointer-SSA cannot name) ends the paths that reach it: the model says
// nothing of what the run does there and after. Its constraint fails the
// branch it is posted in and records the reason in Model.Unsupported, in
// search trials too, so that no refutation rests on what the cut hides. It
// runs last (an expensive propagator), so that a branch refuted by the
// exact constraints before it records nothing.
//
// The statements that follow a cut in its block are not translated: the
// versions they define are fresh variables without constraints, so that
// the φ of the enclosing ites and loops see any value on that side (an
// over-approximation: a refutation by domains stays sound).

type cutConstraint struct {
	m   *Model
	why string
}

func (c *cutConstraint) Post(s *fd.Store) bool {
	s.AddPropagator(cutProp{c}, fd.CostExpensive)
	return true
}

// Entailed is Unknown: a branch is never refuted by the cut's domains
// alone, only by posting it (which records the reason).
func (c *cutConstraint) Entailed(*fd.Store) fd.Truth { return fd.Unknown }
func (c *cutConstraint) Check(fd.Valuation) bool     { return false }
func (c *cutConstraint) Vars() []*fd.Var             { return nil }
func (c *cutConstraint) String() string              { return "cut(" + c.why + ")" }

type cutProp struct{ c *cutConstraint }

func (p cutProp) Propagate(*fd.Store) fd.Status {
	p.c.m.Unsupported = append(p.c.m.Unsupported, p.c.why)
	return fd.Failed
}

// storeCuts records the cuts of stores at once: the store's effect on
// memory is not in the model, so that the values read after it on other
// paths than its own (after a join, in the next iteration of a loop) may
// be wrong, and no proof may rest on them.
func (m *Model) storeCuts(ss []ssa.Stmt) {
	for _, s := range ss {
		switch s := s.(type) {
		case *ssa.Cut:
			if _, ok := s.Source().(*ir.Store); ok {
				m.Unsupported = append(m.Unsupported, s.What)
			}
		case *ssa.If:
			m.storeCuts(s.Then)
			m.storeCuts(s.Else)
		case *ssa.While:
			m.storeCuts(s.Pre)
			m.storeCuts(s.Body)
		}
	}
}

// cut translates a Cut met in env e and the rest of its block: the
// constraint, and fresh variables for every version defined from there to
// the end of the block.
func (m *Model) cut(c *ssa.Cut, rest []ssa.Stmt, e *env) fd.Constraint {
	for _, d := range c.Dsts {
		m.def(e, d)
	}
	for _, v := range definedAtTop(rest) {
		m.def(e, v)
	}
	if _, ok := c.Source().(*ir.Unsupported); ok && m.Opts.ExactCuts {
		return fd.FalseC
	}
	return &cutConstraint{m: m, why: c.What}
}
