package testgen

import (
	"fmt"

	"github.com/inka-tool/inka/budget"
	"github.com/inka-tool/inka/combinators"
	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/fp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/model"
)

// searcher labels the inputs of a model depth first. On each variable it
// first tries the value closest to zero (tests with small values are the
// ones a person reads best), then bisects the rest of the domain, the half
// nearer to zero first, so that solutions come out in order of increasing
// magnitude (2, 5, 8, 11 on the paper's jos97) and wide C domains are cut
// in halves that propagation can refute, never enumerated.
//
// Paths are decided before inputs are labeled, ite by ite: on a decided
// path every pointer is known, every comparison is a posted constraint,
// and the difference graph refutes infeasible paths at once, which input
// bisection cannot do. Where propagation is weak (wide non-linear or
// bitwise arithmetic), labeling the inputs of one path can be an
// astronomically large subtree without a solution, while the next path
// has one at its first leaf; and where a loop's exit depends on the data,
// the paths are many and the first input values tried decide them all at
// once. An ite is decided then-branch first, but for a loop test (exit
// first: shorter runs first), for a test whose then outcome is covered
// already and whose else outcome is not (the test found then covers
// more), and, coverage giving no reason either way, for an equality test
// (x == y: the other side holds nearly everywhere, and an equality posted
// may creep along others to fail: 2a + b = c ∧ 3a + b = c). So the search goes in rounds, each with a node bound, alternating
// two strategies:
//
//   - paths first: labeling under one decided path (from the first input
//     labeled to the leaves, ites met on the way included) gets at most
//     labelNodes nodes and is abandoned past them;
//   - inputs first (the original INKA's order): inputs are labeled before
//     any ite is decided, propagation deciding the path, and the whole
//     tree gets at most 4·labelNodes nodes.
//
// The next pair of rounds starts over with four times as many nodes. A
// round that abandons nothing has explored the whole tree: only then does
// a search without solution prove anything. An enumeration (--all)
// searches paths first without rounds, so that its solutions come in the
// order of the full tree.
type searcher struct {
	m      *model.Model
	budget *budget.B // a step per node; the store spends it too
	// onSolution is called when every input (and every executed stub
	// result) is fixed; it returns true to stop the search.
	onSolution func() bool
	limit      bool // the budget or the node bound stopped the search
	nodes      int64
	maxNodes   int64
	// enumerate disables the rounds.
	enumerate bool

	labelNodes int64 // nodes per labeling subtree in this round (0: no bound)
	cap        int64 // node count past which the current labeling subtree is cut (0: none)
	cut        bool  // unwinding from a labeling subtree past its cap
	partial    bool  // this round abandoned some subtree
	roundCap   int64 // node count past which the whole round is abandoned (0: none)
	roundOver  bool  // unwinding from a round past its cap
	// inputsFirst labels every input before deciding ites.
	inputsFirst bool
	// iteFrom indexes the model's active ites: those before it are
	// decided on the current branch (a choice point restores it).
	iteFrom int
	// covered are the decision outcomes covered by the tests found so far
	// (nil: none).
	covered map[outcome]bool
	// place is where the goal is in the execution (model.ReachOrder), nil
	// when not known.
	place []int
	// hints are values to try first on some inputs, before the one
	// closest to zero: those of a run of the pre-pass that reached the
	// goal's decision (Generator.near).
	hints map[*fd.Var]fd.Int
}

// elseFirst reports whether an ite's else branch is tried first: its then
// outcome is covered already and its else outcome is not (or is no
// outcome: a case label's test, whose else goes on to the other labels),
// or, when coverage gives no reason either way, its then branch holds
// only on an equality (combinators.Ite.Thin).
func (se *searcher) elseFirst(it *combinators.Ite) bool {
	if d, ok := it.Tag.(*ir.DecRef); ok && se.covered != nil {
		thenNew := d.True >= 0 && !se.covered[outcome{d.D, d.True}]
		elseNew := d.False >= 0 && !se.covered[outcome{d.D, d.False}]
		if d.False < 0 && d.True >= 0 {
			elseNew = !thenNew
		}
		if thenNew != elseNew {
			return elseNew
		}
	}
	return it.Thin == 1
}

// outcome is a decision outcome.
type outcome struct {
	d *ir.Decision
	o int
}

// firstLabelNodes is the bound of the first round; a round explores at
// most roundNodes times as many nodes in all (a loop has exponentially
// many paths).
const (
	firstLabelNodes = 16
	roundNodes      = 16
)

// run explores the tree under the current state of the store, which must
// be propagated. It reports whether the search was stopped (by the
// callback or a limit) rather than exhausted.
func (se *searcher) run() bool {
	s := se.m.S
	s.Push()
	defer s.Pop()
	if se.enumerate {
		se.iteFrom = 0
		return se.dfs()
	}
	for n := int64(firstLabelNodes); ; n *= 4 {
		for _, inputsFirst := range []bool{false, true} {
			se.inputsFirst = inputsFirst
			se.labelNodes, se.cap, se.cut, se.partial = n, 0, false, false
			if inputsFirst {
				se.labelNodes = 4 * n
			}
			se.roundCap, se.roundOver = se.nodes+roundNodes*n, false
			se.iteFrom = 0
			if se.dfs() && !se.roundOver {
				return true
			}
			if !se.partial && !se.roundOver {
				return false
			}
		}
	}
}

// exhausted spends a step and reports whether the budget is exhausted (by
// this node, by the propagations or replays before it).
func (se *searcher) exhausted() bool {
	return !se.budget.Spend(1)
}

// limitReason says why the search stopped short ("" if it did not).
func (se *searcher) limitReason() string {
	switch {
	case !se.limit:
		return ""
	case se.budget.Exhausted():
		return se.budget.Reason()
	}
	return fmt.Sprintf("search node bound exhausted (%d nodes)", se.maxNodes)
}

// nextIte returns the first undecided ite of the current execution that
// comes before the goal (model.After): the ites after it cannot change
// whether it is reached, and the labeling of the inputs decides them.
func (se *searcher) nextIte() *combinators.Ite {
	active := se.m.Comb.Active
	for ; se.iteFrom < len(active); se.iteFrom++ {
		if it := active[se.iteFrom]; it.Side() == 0 && (se.place == nil || !model.After(se.place, it)) {
			return it
		}
	}
	return nil
}

// nextChoice returns the indicator of the earliest place left where a
// goal that must be reached may be (combinators.Any.Open), or nil.
func (se *searcher) nextChoice() *fd.Var {
	for _, c := range se.m.Comb.Choices {
		if x := c.Open(); x != nil {
			return x
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
	if se.exhausted() || (se.maxNodes > 0 && se.nodes > se.maxNodes) {
		se.limit = true
		return true
	}
	if se.cap > 0 && se.nodes > se.cap {
		se.cut = true
		return true
	}
	if se.roundCap > 0 && se.nodes > se.roundCap {
		se.roundOver = true
		return true
	}
	var x *fd.Var
	if se.inputsFirst {
		x = se.next()
	}
	if x == nil {
		// Where the goal is reached first (a loop iteration, a copy of an
		// inlined function): the earliest place left, then the others.
		if x := se.nextChoice(); x != nil {
			place := se.place
			if o := se.m.OrderOf(x); o != nil {
				se.place = o // the goal is there: the ites after it are left to labeling
			}
			stop := se.branch(func() bool { return x.AssignInt64(1) })
			se.place = place
			if stop || se.limit {
				return true
			}
			return se.branch(func() bool { return x.AssignInt64(0) })
		}
		// Paths first: decide the ites of the current execution in order
		// (an undecided loop test tries the exit first, so that shorter
		// runs come first).
		if it := se.nextIte(); it != nil {
			s := se.m.S
			notZero := func() bool { return it.Decide(s, true) }
			zero := func() bool { return it.Decide(s, false) }
			first, second := notZero, zero
			if it.Loop || se.elseFirst(it) {
				first, second = zero, notZero
			}
			if se.branch(first) || se.limit {
				return true
			}
			return se.branch(second)
		}
		x = se.next()
	}
	if x == nil {
		if s := se.m.S; s.Pending() {
			// Propagation was cut short (Store.StepLimit): finish it
			// before calling the assignment a solution, which may also
			// post ites still to decide.
			if !s.Propagate() {
				return false
			}
			return se.dfs()
		}
		return se.onSolution()
	}
	if se.labelNodes == 0 || se.cap > 0 {
		return se.label(x)
	}
	// The first input labeled under this path: the subtree from here is
	// bounded in this round.
	se.cap = se.nodes + se.labelNodes
	stop := se.label(x)
	se.cap = 0
	if stop && se.cut && !se.roundOver {
		se.cut = false
		se.partial = true
		return false
	}
	return stop
}

// label branches on the values of x: its hint if it has one, the value
// closest to zero, then the rest of the domain in halves.
func (se *searcher) label(x *fd.Var) bool {
	if f := se.floatInput(x); f != nil {
		if bs := fp.BitsBranches(f, x.Dom()); bs != nil {
			return se.labelFloat(x, bs)
		}
	}
	d := x.Dom()
	if h, ok := se.hints[x]; ok && d.Contains(h) && !d.IsSingleton() {
		// The value a run near the goal had, then the others.
		stop, whole := se.hinted(x, h)
		if stop || se.limit {
			return true
		}
		if whole {
			d = d.Remove(h)
		}
	}
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

// floatInput returns the format of x when x is a floating-point input
// (its bit pattern), else nil.
func (se *searcher) floatInput(x *fd.Var) *fp.Format {
	for _, in := range se.m.Inputs() {
		if in.Var == x {
			if t := in.Cell.Typ; t.IsFloat() {
				return model.FloatFormat(t)
			}
			return nil
		}
	}
	// A stub's floating-point result (a Test-Comp nondet float too).
	for _, c := range se.m.Stubs() {
		for i, d := range c.Dsts {
			if d == x {
				if t := c.Stub.Dsts[i].Cell.Typ; t.IsFloat() {
					return model.FloatFormat(t)
				}
				return nil
			}
		}
	}
	return nil
}

// labelFloat branches on a floating-point input over the floats
// (fp.Branches): +0, 1, -1, the bounds, NaN, then halves of the floats. The bounds matter: propagation over floats stops short of
// creeping (x + 1 == x narrows x one unit a round), and the extreme
// values are where rounding and overflow happen.
func (se *searcher) labelFloat(x *fd.Var, bs []fd.Domain) bool {
	for _, b := range bs {
		if se.branch(func() bool { return x.Intersect(b) }) || se.limit {
			return true
		}
	}
	return false
}

// branch tries one decision in a choice point.
func (se *searcher) branch(decide func() bool) bool {
	s := se.m.S
	s.Push()
	from := se.iteFrom
	defer func() {
		s.Pop()
		se.iteFrom = from
	}()
	s.Stats.Nodes++
	s.Incomplete = false
	if !decide() || !s.Propagate() {
		s.Stats.Failures++
		return false
	}
	if s.Incomplete && !se.inputsFirst && se.labelNodes > 0 {
		// Propagation crept (bounds shrinking a few values a round along a
		// cycle the solver cannot see through, such as x % 3 = 0 ∧ (x-1) %
		// 3 = 0) and was cut short: this path is for the inputs-first
		// rounds, whose labeling shrinks the domains the creeping runs on.
		se.partial = true
		return false
	}
	return se.dfs()
}

// hinted tries x = h, a run's value near the goal, first — in the
// paths-first rounds only, with the subtree's whole node bound: a good
// hint (append's length, where the pre-pass's run is one byte short)
// leads to a test within it, and a misleading one (a wrong a in
// a / b == 5 && a % b == -3 leaves b's whole range to refute) costs those
// rounds alone, the inputs-first rounds labeling in the usual order (it
// took every round, which grew until the hinted subtree was refuted
// whole: 1.67 M steps for that goal, 423 without hints). It returns stop
// as branch does, and whether the branch x = h was explored whole (else h
// stays in the domain, for the usual order).
func (se *searcher) hinted(x *fd.Var, h fd.Int) (stop, whole bool) {
	if se.inputsFirst && se.cap > 0 {
		return false, false
	}
	return se.branch(func() bool { return x.Assign(h) }), true
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
