package fd

import (
	"fmt"
	"strings"
)

// Element is v = list[i] (0-based), as SICStus' element/3 (which is
// 1-based): i ∈ [0, len(list)-1] is implied. The propagator keeps in i the
// indices whose list domain meets v's, narrows v to the union of the
// remaining list domains, and once i is fixed makes v and list[i] equal.
func Element(i *Var, list []*Var, v *Var) Constraint {
	return &elementC{i: i, list: list, v: v}
}

// ElementConst is Element over a list of constants.
func ElementConst(i *Var, list []Int, v *Var) Constraint {
	return &elementC{i: i, consts: list, v: v}
}

type elementC struct {
	i, v   *Var
	list   []*Var
	consts []Int // used instead of list when list is nil
}

func (c *elementC) n() int {
	if c.list != nil {
		return len(c.list)
	}
	return len(c.consts)
}

func (c *elementC) dom(k int) Domain {
	if c.list != nil {
		return c.list[k].dom
	}
	return Singleton(c.consts[k])
}

func (c *elementC) Vars() []*Var {
	return uniqueVars([]*Var{c.i, c.v}, c.list)
}

func (c *elementC) String() string {
	var parts []string
	for k := 0; k < c.n(); k++ {
		if c.list != nil {
			parts = append(parts, c.list[k].Name())
		} else {
			parts = append(parts, c.consts[k].String())
		}
	}
	return fmt.Sprintf("element(%s, [%s], %s)", c.i.Name(), strings.Join(parts, ", "), c.v.Name())
}

func (c *elementC) Check(val Valuation) bool {
	k := val(c.i)
	if k.Sign() < 0 || !k.Less(I64(int64(c.n()))) {
		return false
	}
	if c.list != nil {
		return val(c.list[k.Int64()]) == val(c.v)
	}
	return c.consts[k.Int64()] == val(c.v)
}

func (c *elementC) Entailed(s *Store) Truth {
	any, all := false, true
	c.i.dom.Bound(zero, I64(int64(c.n()-1))).ForEach(func(k Int) bool {
		d := c.dom(int(k.Int64()))
		if !d.Disjoint(c.v.dom) {
			any = true
		}
		if !(d.IsSingleton() && c.v.IsFixed() && d.min == c.v.dom.min) {
			all = false
		}
		return true
	})
	if !any {
		return Disentailed
	}
	if all && c.i.dom.min.Sign() >= 0 && c.i.dom.max.Less(I64(int64(c.n()))) {
		return Entailed
	}
	return Unknown
}

func (c *elementC) Post(s *Store) bool {
	if !c.i.SetBounds(zero, I64(int64(c.n()-1))) {
		return false
	}
	pr := s.AddPropagator(c, CostLinear)
	s.Watch(pr, c.i, EvDom)
	s.Watch(pr, c.v, EvDom)
	for _, x := range c.list {
		s.Watch(pr, x, EvDom)
	}
	return true
}

func (c *elementC) Propagate(s *Store) Status {
	// Index values whose element cannot equal v go; v keeps the union
	// of what the remaining elements allow.
	var keep domBuilder
	union := EmptyDomain
	c.i.dom.ForEach(func(k Int) bool {
		d := c.dom(int(k.Int64()))
		if !d.Disjoint(c.v.dom) {
			keep.add(k, k)
			union = union.Union(d)
		}
		return true
	})
	if !c.i.Intersect(keep.done()) || !c.v.Intersect(union) {
		return Failed
	}
	if c.i.IsFixed() {
		k := int(c.i.dom.min.Int64())
		if c.list == nil {
			if !c.v.Assign(c.consts[k]) {
				return Failed
			}
			return Subsumed
		}
		// v = list[k] from now on: hand over to the equality propagator.
		if !s.Post(Cmp(c.v, Eq, c.list[k])) {
			return Failed
		}
		return Subsumed
	}
	return AtFixpoint
}

// AllDifferent says the values x[i] are pairwise distinct (value
// propagation: a fixed variable's value is removed from the others).
func AllDifferent(x []*Var) Constraint { return AllDifferentOffset(x, nil) }

// AllDifferentOffset says the values x[i] + off[i] are pairwise distinct
// (off nil means all zero): the diagonals of N-queens in one constraint.
func AllDifferentOffset(x []*Var, off []Int) Constraint {
	if off == nil {
		off = make([]Int, len(x))
	}
	return &allDiff{x: x, off: off}
}

type allDiff struct {
	x   []*Var
	off []Int
}

func (c *allDiff) Vars() []*Var { return uniqueVars(c.x) }
func (c *allDiff) String() string {
	parts := make([]string, len(c.x))
	for i, x := range c.x {
		parts[i] = x.Name()
		if !c.off[i].IsZero() {
			parts[i] += "+" + c.off[i].String()
		}
	}
	return "alldifferent(" + strings.Join(parts, ", ") + ")"
}

func (c *allDiff) Check(val Valuation) bool {
	seen := map[Int]bool{}
	for i, x := range c.x {
		v := val(x).Add(c.off[i])
		if seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}

func (c *allDiff) Entailed(s *Store) Truth {
	seen := map[Int]bool{}
	disjoint := true
	for i, x := range c.x {
		if x.IsFixed() {
			v := x.dom.min.Add(c.off[i])
			if seen[v] {
				return Disentailed
			}
			seen[v] = true
		}
	}
	for i := range c.x {
		for j := i + 1; j < len(c.x) && disjoint; j++ {
			if !c.x[i].dom.Shift(c.off[i]).Disjoint(c.x[j].dom.Shift(c.off[j])) {
				disjoint = false
			}
		}
	}
	if disjoint {
		return Entailed
	}
	return Unknown
}

func (c *allDiff) Post(s *Store) bool {
	p := &allDiffProp{c: c, order: make([]int, len(c.x))}
	for i := range p.order {
		p.order[i] = i
	}
	pr := s.AddPropagator(p, CostLinear)
	s.WatchAll(pr, EvFix, c.x...)
	return true
}

// allDiffProp keeps the variables it has already propagated in the prefix
// order[:done]. Only done is trailed: later swaps touch positions ≥ done
// only, so after backtracking the prefix is again exactly the set that was
// propagated then.
type allDiffProp struct {
	c     *allDiff
	order []int
	done  int
}

func (p *allDiffProp) Propagate(s *Store) Status {
	x, off := p.c.x, p.c.off
	done := p.done
	for {
		progress := false
		for k := done; k < len(p.order); k++ {
			i := p.order[k]
			if !x[i].IsFixed() {
				continue
			}
			p.order[k], p.order[done] = p.order[done], p.order[k]
			done++
			v := x[i].dom.min.Add(off[i])
			for _, j := range p.order[done:] {
				if !x[j].Remove(v.Sub(off[j])) {
					return Failed
				}
			}
			// A fixed variable already in the prefix with the same value
			// means failure.
			for _, j := range p.order[:done-1] {
				if x[j].dom.min.Add(off[j]) == v {
					return Failed
				}
			}
			progress = true
		}
		if !progress {
			break
		}
	}
	if done != p.done {
		s.SetInt(&p.done, done)
	}
	if done == len(p.order) {
		return Subsumed
	}
	return AtFixpoint
}

// Count says n = #{i | x[i] = v}.
func Count(x []*Var, v Int, n *Var) Constraint { return &countC{x: x, v: v, n: n} }

type countC struct {
	x []*Var
	v Int
	n *Var
}

func (c *countC) Vars() []*Var { return uniqueVars(c.x, []*Var{c.n}) }
func (c *countC) String() string {
	parts := make([]string, len(c.x))
	for i, x := range c.x {
		parts[i] = x.Name()
	}
	return fmt.Sprintf("%s = count([%s], %s)", c.n.Name(), strings.Join(parts, ", "), c.v)
}

func (c *countC) Check(val Valuation) bool {
	k := int64(0)
	for _, x := range c.x {
		if val(x) == c.v {
			k++
		}
	}
	return val(c.n) == I64(k)
}

// counts returns how many x are surely v and how many may be.
func (c *countC) counts() (sure, may int64) {
	for _, x := range c.x {
		if x.dom.contains(c.v) {
			may++
			if x.IsFixed() {
				sure++
			}
		}
	}
	return
}

func (c *countC) Entailed(s *Store) Truth {
	sure, may := c.counts()
	if c.n.dom.Bound(I64(sure), I64(may)).IsEmpty() {
		return Disentailed
	}
	if sure == may && c.n.IsFixed() && c.n.dom.min == I64(sure) {
		return Entailed
	}
	return Unknown
}

func (c *countC) Post(s *Store) bool {
	pr := s.AddPropagator(c, CostLinear)
	s.WatchAll(pr, EvDom, c.x...)
	s.Watch(pr, c.n, EvBnd)
	return true
}

func (c *countC) Propagate(s *Store) Status {
	sure, may := c.counts()
	if !c.n.SetBounds(I64(sure), I64(may)) {
		return Failed
	}
	switch {
	case c.n.dom.max == I64(sure): // every other x differs from v
		for _, x := range c.x {
			if !x.IsFixed() && !x.Remove(c.v) {
				return Failed
			}
		}
		return Subsumed
	case c.n.dom.min == I64(may): // every possible x is v
		for _, x := range c.x {
			if x.dom.contains(c.v) && !x.Assign(c.v) {
				return Failed
			}
		}
		return Subsumed
	}
	return AtFixpoint
}
