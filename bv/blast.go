package bv

import (
	"fmt"

	"github.com/go-air/gini/z"
	"github.com/inka-tool/inka/term"
)

// Blaster translates terms (package term) into a circuit, each term once:
// a Boolean term becomes a literal, a vector term a Vec, an input term
// fresh inputs.
type Blaster struct {
	C    *Circuit
	vecs map[*term.Term]Vec
	// spend, during litWithin, is charged with the gates each term adds
	// (its Vec given); charged is the number of gates of C charged or made
	// outside it.
	spend   func(gates int64, v Vec) bool
	charged int
}

// exhausted is the panic that unwinds a translation whose budget ran out.
type exhausted struct{}

// litWithin returns the literal of a Boolean term, as Lit does, calling
// spend after each term with the gates it added (Solver.LitWithin). ok is
// false when spend refuses: the term is then left partly translated (the
// gates made stay in the circuit, unused; its translated subterms are
// kept).
func (b *Blaster) litWithin(spend func(gates int64, v Vec) bool, t *term.Term) (m z.Lit, ok bool) {
	b.charged = b.C.Gates()
	b.spend = spend
	defer func() {
		b.spend = nil
		if r := recover(); r != nil {
			if _, ok := r.(exhausted); !ok {
				panic(r)
			}
			m = b.C.False()
		}
	}()
	return b.Lit(t), true
}

// NewBlaster returns a blaster that adds to c.
func NewBlaster(c *Circuit) *Blaster { return &Blaster{C: c, vecs: map[*term.Term]Vec{}} }

// Lit returns the literal of a Boolean term.
func (b *Blaster) Lit(t *term.Term) z.Lit { return b.Vec(t)[0] }

// Blasted reports whether t has been translated (an input not yet
// translated is unconstrained, any value does).
func (b *Blaster) Blasted(t *term.Term) bool { _, ok := b.vecs[t]; return ok }

// Vec returns the bits of a term (one literal for a Boolean).
func (b *Blaster) Vec(t *term.Term) Vec {
	if v, ok := b.vecs[t]; ok {
		return v
	}
	v := b.blast(t)
	b.vecs[t] = v
	if b.spend != nil {
		n := b.C.Gates() - b.charged
		b.charged += n
		if n > 0 && !b.spend(int64(n), v) {
			panic(exhausted{})
		}
	}
	return v
}

func (b *Blaster) blast(t *term.Term) Vec {
	c := b.C
	w := max(t.W, 1)
	switch t.Kind {
	case term.Const:
		return c.Const(w, t.K)
	case term.Var:
		return c.Inputs(w)
	}
	args := make([]Vec, len(t.Args))
	for i, a := range t.Args {
		args[i] = b.Vec(a)
	}
	one := func(m z.Lit) Vec { return Vec{m} }
	switch t.Kind {
	case term.Not:
		return one(args[0][0].Not())
	case term.And:
		return one(c.And(args[0][0], args[1][0]))
	case term.Or:
		return one(c.Or(args[0][0], args[1][0]))
	case term.Ite:
		return c.IteV(args[0][0], args[1], args[2])
	case term.Eq:
		return one(c.Eq(args[0], args[1]))
	case term.Ult:
		return one(c.Ult(args[0], args[1]))
	case term.Ule:
		return one(c.Ule(args[0], args[1]))
	case term.Slt:
		return one(c.Slt(args[0], args[1]))
	case term.Sle:
		return one(c.Sle(args[0], args[1]))
	case term.BvNot:
		return c.Not(args[0])
	case term.BvAnd:
		return c.AndV(args[0], args[1])
	case term.BvOr:
		return c.OrV(args[0], args[1])
	case term.BvXor:
		return c.XorV(args[0], args[1])
	case term.Add:
		return c.Add(args[0], args[1])
	case term.Sub:
		return c.Sub(args[0], args[1])
	case term.Neg:
		return c.Neg(args[0])
	case term.Mul:
		return c.Mul(args[0], args[1])
	case term.UDiv, term.URem:
		q, r := c.UDivRem(args[0], args[1])
		if t.Kind == term.UDiv {
			return q
		}
		return r
	case term.SDiv, term.SRem:
		q, r := c.SDivRem(args[0], args[1])
		if t.Kind == term.SDiv {
			return q
		}
		return r
	case term.Shl:
		return c.Shl(args[0], args[1])
	case term.LShr:
		return c.LShr(args[0], args[1])
	case term.AShr:
		return c.AShr(args[0], args[1])
	case term.ZExt:
		return c.ZExt(args[0], t.W)
	case term.SExt:
		return c.SExt(args[0], t.W)
	case term.Extract:
		return c.Extract(args[0], int(t.K)+t.W-1, int(t.K))
	case term.SMulO:
		return one(c.SMulOverflow(args[0], args[1]))
	}
	panic(fmt.Sprintf("bv: cannot blast %v", t.Kind))
}
