package combinators

import (
	"fmt"

	"github.com/inka-tool/inka/fd"
)

// PhiU is X = Φu(P, [P1..Pn], [V1..Vn]) of Definition 3: X = Vi for the i
// such that P = Pi. The Pi are distinct constants (addresses). P holding
// none of them (NULL, an invalid address) fails: that path is infeasible.
//
// Operationally: dom(X) ⊆ ∪ dom(Vi) over the alternatives left; an
// alternative i is dropped (P ≠ Pi) when Pi ∉ dom(P) or dom(X) ∩ dom(Vi)
// = ∅ (rule ¬(X = Vi ∧ P = Pi) → P ≠ Pi ∧ X = Φu(rest)); when one is left,
// P = Pi and X = Vi are posted (rule P = Pi → X = Vi).
type PhiU struct {
	X     *fd.Var
	P     *fd.Var
	Addrs []fd.Int
	Vals  []*fd.Var
}

// Vars implements fd.Constraint.
func (c *PhiU) Vars() []*fd.Var { return append([]*fd.Var{c.X, c.P}, c.Vals...) }

func (c *PhiU) String() string {
	return fmt.Sprintf("%s = Φu(%s, %v, %v)", c.X, c.P, c.Addrs, c.Vals)
}

// Check implements fd.Constraint.
func (c *PhiU) Check(val fd.Valuation) bool {
	p := val(c.P)
	for i, a := range c.Addrs {
		if a == p {
			return val(c.X) == val(c.Vals[i])
		}
	}
	return false
}

// Entailed implements fd.Constraint.
func (c *PhiU) Entailed(s *fd.Store) fd.Truth {
	alive := 0
	for i, a := range c.Addrs {
		if c.P.Contains(a) && !c.X.Dom().Disjoint(c.Vals[i].Dom()) {
			alive++
		}
	}
	if alive == 0 {
		return fd.Disentailed
	}
	if c.P.IsFixed() && c.X.IsFixed() {
		for i, a := range c.Addrs {
			if a == c.P.Val() && c.Vals[i].IsFixed() && c.Vals[i].Val() == c.X.Val() {
				return fd.Entailed
			}
		}
	}
	return fd.Unknown
}

// Post implements fd.Constraint.
func (c *PhiU) Post(s *fd.Store) bool {
	if len(c.Addrs) == 0 {
		return false
	}
	p := s.AddPropagator(&phiUProp{c: c}, fd.CostLinear)
	s.WatchAll(p, fd.EvDom, c.Vars()...)
	return true
}

type phiUProp struct{ c *PhiU }

func (p *phiUProp) Propagate(s *fd.Store) fd.Status {
	c := p.c
	var alive []int
	for i, a := range c.Addrs {
		if c.P.Contains(a) && !c.X.Dom().Disjoint(c.Vals[i].Dom()) {
			alive = append(alive, i)
		}
	}
	switch len(alive) {
	case 0:
		return fd.Failed
	case 1:
		i := alive[0]
		if !c.P.Assign(c.Addrs[i]) || !s.Post(fd.Cmp(c.X, fd.Eq, c.Vals[i])) {
			return fd.Failed
		}
		return fd.Subsumed
	}
	addrs := make([]fd.Int, len(alive))
	u := fd.EmptyDomain
	for k, i := range alive {
		addrs[k] = c.Addrs[i]
		u = u.Union(c.Vals[i].Dom())
	}
	if !c.P.Intersect(fd.Values(addrs...)) || !c.X.Intersect(u) {
		return fd.Failed
	}
	return fd.AtFixpoint
}

// PhiD is [X1..Xn] = Φd(P, [P1..Pn], DP, [V1..Vn]) of Definition 4: for the
// i such that P = Pi, Xi = DP and Xj = Vj for every j ≠ i. P holding none
// of the Pi fails.
//
// Operationally: alternative i is dropped (P ≠ Pi, hence Xi = Vi) when Pi
// ∉ dom(P), or dom(Xi) ∩ dom(DP) = ∅, or some other Xj cannot equal Vj
// (rule ¬(Xi = DP ∧ P = Pi) → P ≠ Pi ∧ Xi = Vi ∧ Φd(rest)); an
// alternative is forced when Xi = Vi is impossible (rule ¬(Xi = Vi ∧ P ≠
// Pi) → P = Pi ∧ Xi = DP ∧ Xj = Vj); dom(DP) ⊆ ∪ dom(Xi) over the
// alternatives left and dom(Xi) ⊆ dom(DP) ∪ dom(Vi).
type PhiD struct {
	Xs    []*fd.Var
	P     *fd.Var
	Addrs []fd.Int
	DP    *fd.Var
	Vals  []*fd.Var
}

// Vars implements fd.Constraint.
func (c *PhiD) Vars() []*fd.Var {
	vs := append([]*fd.Var{c.P, c.DP}, c.Xs...)
	return append(vs, c.Vals...)
}

func (c *PhiD) String() string {
	return fmt.Sprintf("%v = Φd(%s, %v, %s, %v)", c.Xs, c.P, c.Addrs, c.DP, c.Vals)
}

// Check implements fd.Constraint.
func (c *PhiD) Check(val fd.Valuation) bool {
	p := val(c.P)
	hit := -1
	for i, a := range c.Addrs {
		if a == p {
			hit = i
		}
	}
	if hit < 0 {
		return false
	}
	for j := range c.Addrs {
		want := val(c.Vals[j])
		if j == hit {
			want = val(c.DP)
		}
		if val(c.Xs[j]) != want {
			return false
		}
	}
	return true
}

// alive reports whether alternative i is still possible.
func (c *PhiD) alive(i int) bool {
	if !c.P.Contains(c.Addrs[i]) || c.Xs[i].Dom().Disjoint(c.DP.Dom()) {
		return false
	}
	for j := range c.Xs {
		if j != i && c.Xs[j].Dom().Disjoint(c.Vals[j].Dom()) {
			return false
		}
	}
	return true
}

// Entailed implements fd.Constraint.
func (c *PhiD) Entailed(s *fd.Store) fd.Truth {
	n := 0
	for i := range c.Addrs {
		if c.alive(i) {
			n++
		}
	}
	if n == 0 {
		return fd.Disentailed
	}
	return fd.Unknown
}

// Post implements fd.Constraint.
func (c *PhiD) Post(s *fd.Store) bool {
	if len(c.Addrs) == 0 {
		return false
	}
	p := s.AddPropagator(&phiDProp{c: c, kept: make([]bool, len(c.Addrs))}, fd.CostLinear)
	s.WatchAll(p, fd.EvDom, c.Vars()...)
	return true
}

type phiDProp struct {
	c *PhiD
	// kept[i] is set (trailed) once Xi = Vi has been posted.
	kept []bool
}

func (p *phiDProp) Propagate(s *fd.Store) fd.Status {
	c := p.c
	var alive []int
	for i := range c.Addrs {
		if c.alive(i) {
			alive = append(alive, i)
			continue
		}
		// P ≠ Pi: the cell keeps its old value.
		if !p.kept[i] {
			s.SetBool(&p.kept[i], true)
			if !c.P.Remove(c.Addrs[i]) || !s.Post(fd.Cmp(c.Xs[i], fd.Eq, c.Vals[i])) {
				return fd.Failed
			}
		}
	}
	switch len(alive) {
	case 0:
		return fd.Failed
	case 1:
		i := alive[0]
		if !c.P.Assign(c.Addrs[i]) || !s.Post(fd.Cmp(c.Xs[i], fd.Eq, c.DP)) {
			return fd.Failed
		}
		return fd.Subsumed
	}
	addrs := make([]fd.Int, len(alive))
	u := fd.EmptyDomain
	for k, i := range alive {
		addrs[k] = c.Addrs[i]
		u = u.Union(c.Xs[i].Dom())
		if !c.Xs[i].Intersect(c.DP.Dom().Union(c.Vals[i].Dom())) {
			return fd.Failed
		}
	}
	if !c.P.Intersect(fd.Values(addrs...)) || !c.DP.Intersect(u) {
		return fd.Failed
	}
	// Rule ¬(Xi = Vi ∧ P ≠ Pi) → P = Pi: if Xi cannot keep its old value,
	// the store must write it.
	for _, i := range alive {
		if c.Xs[i].Dom().Disjoint(c.Vals[i].Dom()) {
			if !c.P.Assign(c.Addrs[i]) {
				return fd.Failed
			}
			return fd.NotFixpoint
		}
	}
	return fd.AtFixpoint
}
