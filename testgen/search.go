package testgen

import (
	"time"

	"github.com/inka-tool/inka/combinators"
	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/model"
)

// searcher labels the inputs of a model depth first. On each variable it
// first tries the value closest to zero (tests with small values are the
// ones a person reads best), then bisects the rest of the domain, the half
// nearer to zero first, so that solutions come out in order of increasing
// magnitude (2, 5, 8, 11 on the paper's jos97) and wide C domains are cut
// in halves that propagation can refute, never enumerated.
type searcher struct {
	m        *model.Model
	deadline time.Time
	// onSolution is called when every input (and every executed stub
	// result) is fixed; it returns true to stop the search.
	onSolution func() bool
	limit      bool // the deadline or node budget stopped the search
	nodes      int64
	maxNodes   int64
}

// run explores the tree under the current state of the store, which must
// be propagated. It reports whether the search was stopped (by the
// callback or a limit) rather than exhausted.
func (se *searcher) run() bool {
	s := se.m.S
	s.Push()
	defer s.Pop()
	return se.dfs()
}

// nextIte returns the first undecided ite of the current execution.
func (se *searcher) nextIte() *combinators.Ite {
	for _, it := range se.m.Comb.Active {
		if it.Side() == 0 {
			return it
		}
	}
	return nil
}

// next returns the first unfixed variable to label: inputs in order, then
// the results of the stub calls the current execution makes.
func (se *searcher) next() *fd.Var {
	for _, in := range se.m.Inputs() {
		if !in.Var.IsFixed() {
			return in.Var
		}
	}
	for _, c := range se.m.Stubs() {
		for _, x := range c.Dsts {
			if !x.IsFixed() {
				return x
			}
		}
	}
	return nil
}

func (se *searcher) dfs() bool {
	se.nodes++
	if (se.nodes&63 == 0 && time.Now().After(se.deadline)) || (se.maxNodes > 0 && se.nodes > se.maxNodes) {
		se.limit = true
		return true
	}
	// Paths first: decide the ites of the current execution in order
	// (an undecided loop test tries the exit first, so that shorter runs
	// come first). On a decided path every pointer is known, every
	// comparison is a posted constraint, and the difference graph refutes
	// infeasible paths at once, which input bisection cannot do.
	if it := se.nextIte(); it != nil {
		notZero := func() bool { return it.Cond.Remove(fd.Int{}) }
		zero := func() bool { return it.Cond.Assign(fd.Int{}) }
		first, second := notZero, zero
		if it.Loop {
			first, second = zero, notZero
		}
		if se.branch(first) || se.limit {
			return true
		}
		return se.branch(second)
	}
	x := se.next()
	if x == nil {
		return se.onSolution()
	}
	d := x.Dom()
	v := closestToZero(d)
	if se.branch(func() bool { return x.Assign(v) }) {
		return true
	}
	if se.limit {
		return true
	}
	// The rest of the domain, in two halves around v, nearer half first.
	below := d.Bound(d.Min(), v.Dec())
	above := d.Bound(v.Inc(), d.Max())
	parts := []fd.Domain{above, below}
	if v.Sign() < 0 {
		parts = []fd.Domain{below, above}
	}
	for _, p := range parts {
		if p.IsEmpty() {
			continue
		}
		for _, h := range halves(p, v) {
			h := h
			if se.branch(func() bool { return x.Intersect(h) }) {
				return true
			}
			if se.limit {
				return true
			}
		}
	}
	return false
}

// branch tries one decision in a choice point.
func (se *searcher) branch(decide func() bool) bool {
	s := se.m.S
	s.Push()
	defer s.Pop()
	s.Stats.Nodes++
	if !decide() || !s.Propagate() {
		s.Stats.Failures++
		return false
	}
	return se.dfs()
}

// halves splits d (all on one side of v) at its middle, the half nearer to
// v first.
func halves(d fd.Domain, v fd.Int) []fd.Domain {
	if d.IsSingleton() {
		return []fd.Domain{d}
	}
	lo, hi := d.Min(), d.Max()
	mid := lo.Add(hi.Sub(lo).Rsh(1))
	a := d.Bound(lo, mid)
	b := d.Bound(mid.Inc(), hi)
	if hi.Less(v) {
		return []fd.Domain{b, a}
	}
	return []fd.Domain{a, b}
}

// closestToZero returns the value of d nearest to 0 (the positive one on a
// tie).
func closestToZero(d fd.Domain) fd.Int {
	zero := fd.I64(0)
	if d.Contains(zero) {
		return zero
	}
	if zero.Less(d.Min()) {
		return d.Min()
	}
	if d.Max().Less(zero) {
		return d.Max()
	}
	up, okU := d.Next(zero)
	dn, okD := d.Prev(zero)
	switch {
	case !okD:
		return up
	case !okU:
		return dn
	}
	if up.Leq(dn.Neg()) {
		return up
	}
	return dn
}
