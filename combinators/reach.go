package combinators

import (
	"fmt"

	"github.com/inka-tool/inka/fd"
)

// Reach indicators: a 0/1 variable per branch of an ite, 1 exactly when
// the execution runs that branch. They let one model of a function serve
// every goal: the request "this decision takes this outcome" is the
// indicator of the branch set to 1, and Branch carries it up to the
// conditions of the enclosing ites (the path to the goal) by propagation,
// as a goal flag's φ equalities would, but without a flag per goal.
//
// Branch constraints are posted where the ite's variables are created
// (with the model, or with the loop iteration), not in the branch of the
// enclosing ite: a request on a deep branch must reach the outer
// conditions before their branches are committed.

// Branch ties the indicators of the two branches of an ite to that of the
// ite itself: Then + Else = Parent; Then = 1 → Cond ≠ 0; Else = 1 → Cond =
// 0; and, the ite running, the condition decides the branch.
type Branch struct {
	Parent, Cond, Then, Else *fd.Var
	// Quiet: a parent at 0 leaves the branches' indicators alone (only
	// checks that neither is 1) instead of setting them to 0, which
	// would wake the branches below them one by one down a whole nest
	// of tests, for every goal. Only the accumulations over several
	// places (Any, in loops and inlined copies) learn from those zeros;
	// a request on a branch still fails at once under a parent at 0.
	Quiet bool
}

// Vars implements fd.Constraint.
func (c *Branch) Vars() []*fd.Var { return []*fd.Var{c.Parent, c.Cond, c.Then, c.Else} }

func (c *Branch) String() string {
	return fmt.Sprintf("branch(%s: %s≠0 → %s, else %s)", c.Parent.Name(), c.Cond.Name(), c.Then.Name(), c.Else.Name())
}

// Check implements fd.Constraint.
func (c *Branch) Check(val fd.Valuation) bool {
	p, t, e := val(c.Parent), val(c.Then), val(c.Else)
	zero, one := fd.I64(0), fd.I64(1)
	for _, b := range []fd.Int{p, t, e} {
		if b != zero && b != one {
			return false
		}
	}
	if t.Add(e) != p {
		return false
	}
	cz := val(c.Cond).IsZero()
	return (t != one || !cz) && (e != one || cz)
}

// Entailed implements fd.Constraint.
func (c *Branch) Entailed(s *fd.Store) fd.Truth {
	if !c.Parent.IsFixed() || !c.Then.IsFixed() || !c.Else.IsFixed() {
		return fd.Unknown
	}
	if c.Then.Val().Add(c.Else.Val()) != c.Parent.Val() {
		return fd.Disentailed
	}
	t := condTruth(c.Cond) // Cond ≠ 0
	switch {
	case c.Parent.Val().IsZero():
		return fd.Entailed
	case c.Then.Val() == fd.I64(1):
		return t
	}
	return t.Not()
}

// Post implements fd.Constraint.
func (c *Branch) Post(s *fd.Store) bool {
	for _, b := range []*fd.Var{c.Parent, c.Then, c.Else} {
		if !b.SetBounds(fd.I64(0), fd.I64(1)) {
			return false
		}
	}
	p := s.AddPropagator(&branchProp{c}, fd.CostBinary)
	s.Watch(p, c.Cond, fd.EvDom)
	s.WatchAll(p, fd.EvFix, c.Parent, c.Then, c.Else)
	return true
}

type branchProp struct{ c *Branch }

func (p *branchProp) Propagate(s *fd.Store) fd.Status {
	c := p.c
	zero, one := fd.I64(0), fd.I64(1)
	for {
		before := c.Parent.Size().Add(c.Then.Size()).Add(c.Else.Size())
		condNonZero := !c.Cond.Contains(zero)
		condZero := c.Cond.IsFixed() && c.Cond.Val().IsZero()
		switch {
		case c.Parent.Max().IsZero():
			if c.Quiet {
				if c.Then.Min() == one || c.Else.Min() == one {
					return fd.Failed
				}
				return fd.AtFixpoint
			}
			if !c.Then.Assign(zero) || !c.Else.Assign(zero) {
				return fd.Failed
			}
			return fd.Subsumed
		case c.Then.Min() == one:
			if !c.Parent.Assign(one) || !c.Else.Assign(zero) || !c.Cond.Remove(zero) {
				return fd.Failed
			}
			return fd.Subsumed
		case c.Else.Min() == one:
			if !c.Parent.Assign(one) || !c.Then.Assign(zero) || !c.Cond.Assign(zero) {
				return fd.Failed
			}
			return fd.Subsumed
		}
		// Neither branch is known to run.
		if (condNonZero && !c.Else.Assign(zero)) || (condZero && !c.Then.Assign(zero)) {
			return fd.Failed
		}
		if c.Then.Max().IsZero() && c.Else.Max().IsZero() && !c.Parent.Assign(zero) {
			return fd.Failed
		}
		if c.Parent.Min() == one {
			if c.Then.Max().IsZero() && !c.Else.Assign(one) {
				return fd.Failed
			}
			if c.Else.Max().IsZero() && !c.Then.Assign(one) {
				return fd.Failed
			}
		}
		if c.Parent.Size().Add(c.Then.Size()).Add(c.Else.Size()) == before {
			return fd.AtFixpoint
		}
	}
}

// Any is Z = max(Xs) on 0/1 variables: Z is 1 exactly when some X is (a
// goal reached at one of several places: the copies of an inlined
// function, the iterations of a loop). No Xs means Z = 0.
type Any struct {
	Z  *fd.Var
	Xs []*fd.Var
	// Opts, when set, lists the constraint in Options.Choices once Z = 1
	// with several Xs left.
	Opts *Options
	// listed is set (trailed) once it is in Opts.Choices.
	listed bool
}

// Open returns the first X that may still be 1 while Z must be 1 and
// several may, or nil: the choice left to a search.
func (c *Any) Open() *fd.Var {
	if c.Z.Min() != fd.I64(1) {
		return nil
	}
	var first *fd.Var
	for _, x := range c.Xs {
		if x.Min() == fd.I64(1) {
			return nil
		}
		if !x.Max().IsZero() {
			if first != nil {
				return first
			}
			first = x
		}
	}
	return nil
}

// Vars implements fd.Constraint.
func (c *Any) Vars() []*fd.Var { return append([]*fd.Var{c.Z}, c.Xs...) }

func (c *Any) String() string {
	return fmt.Sprintf("%s = any(%v)", c.Z.Name(), c.Xs)
}

// Check implements fd.Constraint.
func (c *Any) Check(val fd.Valuation) bool {
	m := fd.I64(0)
	for _, x := range c.Xs {
		v := val(x)
		if v != fd.I64(0) && v != fd.I64(1) {
			return false
		}
		m = fd.Max2(m, v)
	}
	return val(c.Z) == m
}

// Entailed implements fd.Constraint.
func (c *Any) Entailed(s *fd.Store) fd.Truth {
	for _, x := range c.Vars() {
		if !x.IsFixed() {
			return fd.Unknown
		}
	}
	if c.Check(func(x *fd.Var) fd.Int { return x.Min() }) {
		return fd.Entailed
	}
	return fd.Disentailed
}

// Post implements fd.Constraint.
func (c *Any) Post(s *fd.Store) bool {
	for _, b := range c.Vars() {
		if !b.SetBounds(fd.I64(0), fd.I64(1)) {
			return false
		}
	}
	if len(c.Xs) == 0 {
		return c.Z.Assign(fd.I64(0))
	}
	if c.Z.IsFixed() {
		c.wake(s)
		return true
	}
	// Until Z is fixed (a request, or an enclosing Any that needs this
	// place), Z is read by nothing: the propagator sleeps on Z alone
	// rather than run at every fix of an X (a loop's accumulations, one
	// per goal inside it and iteration, each woken by every branch of
	// the iteration decided).
	p := s.AddPropagator(&anyWaker{c}, fd.CostUnary)
	s.Watch(p, c.Z, fd.EvFix)
	return true
}

// wake installs the propagator of Z = max(Xs) (watched from now on, and
// run once).
func (c *Any) wake(s *fd.Store) {
	p := s.AddPropagator(&anyProp{c}, fd.CostLinear)
	s.WatchAll(p, fd.EvFix, c.Vars()...)
}

// anyWaker wakes an Any once its Z is fixed.
type anyWaker struct{ c *Any }

func (p *anyWaker) Propagate(s *fd.Store) fd.Status {
	if !p.c.Z.IsFixed() {
		return fd.AtFixpoint
	}
	p.c.wake(s)
	return fd.Subsumed
}

type anyProp struct{ c *Any }

func (p *anyProp) Propagate(s *fd.Store) fd.Status {
	c := p.c
	zero, one := fd.I64(0), fd.I64(1)
	var open *fd.Var // the one X that may still be 1, if only one
	nOpen := 0
	for _, x := range c.Xs {
		if x.Min() == one {
			if !c.Z.Assign(one) {
				return fd.Failed
			}
			return fd.Subsumed
		}
		if !x.Max().IsZero() {
			open = x
			nOpen++
		}
	}
	switch {
	case nOpen == 0:
		if !c.Z.Assign(zero) {
			return fd.Failed
		}
		return fd.Subsumed
	case c.Z.Max().IsZero():
		for _, x := range c.Xs {
			if !x.Assign(zero) {
				return fd.Failed
			}
		}
		return fd.Subsumed
	case c.Z.Min() == one && nOpen == 1:
		if !open.Assign(one) {
			return fd.Failed
		}
		return fd.Subsumed
	case c.Z.Min() == one && c.Opts != nil && !c.listed:
		o := c.Opts
		s.SetBool(&c.listed, true)
		o.Choices = append(o.Choices, c)
		n := len(o.Choices) - 1
		s.OnUndo(func() { o.Choices = o.Choices[:n] })
	}
	return fd.AtFixpoint
}
