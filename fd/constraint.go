package fd

import (
	"fmt"
	"strings"
)

// Truth is the answer of an entailment test, decided by the current
// domains alone (no search): Entailed means every assignment of the
// constraint's variables within their domains satisfies it, Disentailed
// that none does.
type Truth int8

const (
	Unknown     Truth = 0
	Entailed    Truth = 1
	Disentailed Truth = -1
)

func (t Truth) String() string {
	switch t {
	case Entailed:
		return "entailed"
	case Disentailed:
		return "disentailed"
	}
	return "unknown"
}

// Not flips Entailed and Disentailed.
func (t Truth) Not() Truth { return -t }

// Valuation gives a value to each variable (a candidate solution).
type Valuation func(*Var) Int

// CurrentValues is the valuation of fixed variables (each Var's minimum).
func CurrentValues(x *Var) Int { return x.Val() }

// Constraint is a first-class constraint: a value that can be posted,
// asked for entailment and checked. Guards, reification and disjunction
// take Constraints, so user-defined ones (from other packages) compose
// with the built-in ones.
type Constraint interface {
	// Post installs the constraint's propagators in s (it may also prune
	// domains at once). It returns false if it found the store failed.
	Post(s *Store) bool
	// Entailed decides the constraint from the current domains when it
	// can. It must never be wrong; Unknown is always a correct answer.
	Entailed(s *Store) Truth
	// Check decides the constraint for a full assignment of its Vars.
	Check(val Valuation) bool
	// Vars lists the variables the constraint reads.
	Vars() []*Var
	String() string
}

// Negatable is implemented by constraints whose negation is again a
// constraint with a propagator of its own (e.g. x < y ⇔ ¬(x ≥ y)).
type Negatable interface {
	Negate() Constraint
}

// Not returns ¬c. For constraints that do not implement Negatable, ¬c is
// propagated by entailment only: it fails when c becomes entailed and
// disappears when c becomes disentailed; for a conjunction it also posts
// the negation of the last conjunct once all others are entailed.
func Not(c Constraint) Constraint {
	if n, ok := c.(Negatable); ok {
		return n.Negate()
	}
	return &notC{c: c}
}

type notC struct{ c Constraint }

func (n *notC) Post(s *Store) bool {
	p := &notProp{c: n.c}
	pr := s.AddPropagator(p, CostExpensive-1)
	s.WatchAll(pr, EvDom, n.c.Vars()...)
	return true
}
func (n *notC) Entailed(s *Store) Truth  { return n.c.Entailed(s).Not() }
func (n *notC) Check(val Valuation) bool { return !n.c.Check(val) }
func (n *notC) Vars() []*Var             { return n.c.Vars() }
func (n *notC) Negate() Constraint       { return n.c }
func (n *notC) String() string           { return "¬(" + n.c.String() + ")" }

type notProp struct{ c Constraint }

func (p *notProp) Propagate(s *Store) Status {
	if cj, ok := p.c.(*conj); ok {
		// ¬(c1 ∧ … ∧ cn): if one ci is disentailed we are done; if all
		// but one are entailed, the last one must be false.
		var open Constraint
		nopen := 0
		for _, c := range cj.cs {
			switch c.Entailed(s) {
			case Disentailed:
				return Subsumed
			case Unknown:
				nopen++
				open = c
			}
		}
		switch nopen {
		case 0:
			return Failed
		case 1:
			if !s.Post(Not(open)) {
				return Failed
			}
			return Subsumed
		}
		return AtFixpoint
	}
	switch p.c.Entailed(s) {
	case Entailed:
		return Failed
	case Disentailed:
		return Subsumed
	}
	return AtFixpoint
}

// And is the conjunction of cs.
func And(cs ...Constraint) Constraint {
	if len(cs) == 1 {
		return cs[0]
	}
	return &conj{cs: cs}
}

type conj struct{ cs []Constraint }

func (c *conj) Post(s *Store) bool {
	for _, x := range c.cs {
		if !s.Post(x) {
			return false
		}
	}
	return true
}

func (c *conj) Entailed(s *Store) Truth {
	t := Entailed
	for _, x := range c.cs {
		switch x.Entailed(s) {
		case Disentailed:
			return Disentailed
		case Unknown:
			t = Unknown
		}
	}
	return t
}

func (c *conj) Check(val Valuation) bool {
	for _, x := range c.cs {
		if !x.Check(val) {
			return false
		}
	}
	return true
}

func (c *conj) Vars() []*Var {
	var vs [][]*Var
	for _, x := range c.cs {
		vs = append(vs, x.Vars())
	}
	return uniqueVars(vs...)
}

// Constraints returns the conjuncts.
func (c *conj) Constraints() []Constraint { return c.cs }

func (c *conj) String() string { return joinC(c.cs, " ∧ ") }

func joinC(cs []Constraint, sep string) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return "(" + strings.Join(parts, sep) + ")"
}

func uniqueVars(lists ...[]*Var) []*Var {
	var r []*Var
	seen := map[*Var]bool{}
	for _, l := range lists {
		for _, x := range l {
			if !seen[x] {
				seen[x] = true
				r = append(r, x)
			}
		}
	}
	return r
}

// TrueC and FalseC are the constant constraints.
var (
	TrueC  Constraint = constC(true)
	FalseC Constraint = constC(false)
)

type constC bool

func (c constC) Post(s *Store) bool { return bool(c) }
func (c constC) Entailed(s *Store) Truth {
	if c {
		return Entailed
	}
	return Disentailed
}
func (c constC) Check(Valuation) bool { return bool(c) }
func (c constC) Vars() []*Var         { return nil }
func (c constC) Negate() Constraint   { return constC(!c) }
func (c constC) String() string       { return fmt.Sprint(bool(c)) }

// allFixed reports whether every variable is fixed.
func allFixed(xs []*Var) bool {
	for _, x := range xs {
		if !x.IsFixed() {
			return false
		}
	}
	return true
}
