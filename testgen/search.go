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

// searcher is testgen's search strategy: a Brancher (fd.Brancher) over
// the fd package's one engine (fd.Engine), which explores the tree depth
// first with the store's trail, and whose meta-engine (fd.Engine.Rounds)
// runs the rounds below. The searcher only says how to branch at a node;
// it has no search loop of its own.
//
// On each input it first tries the value closest to zero (tests with
// small values are the ones a person reads best), then bisects the rest
// of the domain, the half nearer to zero first (fd.ZeroFirst), so that
// solutions come out in order of increasing magnitude (2, 5, 8, 11 on the
// paper's jos97) and wide C domains are cut in halves that propagation can
// refute, never enumerated. A floating-point input is labeled over the
// floats (fp.BitsBranches), and an input with a hint (a run's value near
// the goal) tries it first.
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
// may creep along others to fail: 2a + b = c ∧ 3a + b = c). So the search
// goes in rounds, each with a node bound (fd.Bound), alternating two
// strategies:
//
//   - paths first: labeling under one decided path (from the first input
//     labeled to the leaves, ites met on the way included: a bounded
//     subtree, fd.Choice.Bound) gets at most labelNodes nodes and is
//     abandoned past them;
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
	maxNodes   int64
	// enumerate disables the rounds.
	enumerate bool

	labelNodes int64 // nodes per labeling subtree in this round (0: no bound)
	// inputsFirst labels every input before deciding ites.
	inputsFirst bool
	// iteFrom indexes the model's active ites: those before it are
	// decided on the current branch (trailed: backtracking restores it).
	iteFrom int
	// covered are the decision outcomes covered by the tests found so far
	// (nil: none).
	covered map[outcome]bool
	// place is where the goal is in the execution (model.ReachOrder), nil
	// when not known (trailed with Store.OnUndo).
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
// be propagated: on fd's engine, in rounds (fd.Engine.Rounds) unless it
// enumerates. It reports whether the search was stopped (by the callback
// or a limit) rather than exhausted.
func (se *searcher) run() bool {
	e := &fd.Engine{S: se.m.S, B: se, Solution: se.onSolution, MaxNodes: se.maxNodes,
		Node: func() bool { return se.budget.Spend(1) }}
	defer func() { se.limit = se.limit || e.Limit() }()
	if se.enumerate {
		se.iteFrom, se.labelNodes, se.inputsFirst = 0, 0, false
		o, _ := e.Run(fd.Bound{})
		return o != fd.Exhausted
	}
	n := int64(firstLabelNodes)
	o, _ := e.Rounds(func(i int) fd.Bound {
		if i > 0 && i%2 == 0 {
			n *= 4
		}
		se.inputsFirst = i%2 == 1
		se.labelNodes = n
		if se.inputsFirst {
			se.labelNodes = 4 * n
		}
		// Propagation that crept (bounds shrinking a few values a round
		// along a cycle the solver cannot see through, such as x % 3 = 0 ∧
		// (x-1) % 3 = 0) and was cut short: the path is for the
		// inputs-first rounds, whose labeling shrinks the domains the
		// creeping runs on.
		e.AbandonIncomplete = !se.inputsFirst
		se.iteFrom = 0
		return fd.Bound{Nodes: roundNodes * n}
	})
	return o != fd.Exhausted
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

// Choose implements fd.Brancher: where the goal is reached, then the ites
// of the current path, then the inputs and stub results (inputs first in
// the inputs-first rounds).
func (se *searcher) Choose() fd.Choice {
	var x *fd.Var
	if se.inputsFirst {
		x = se.next()
	}
	if x == nil {
		// Where the goal is reached first (a loop iteration, a copy of an
		// inlined function): the earliest place left, then the others.
		if x := se.nextChoice(); x != nil {
			return se.reachAt(x)
		}
		// Paths first: decide the ites of the current execution in order.
		if it := se.nextIte(); it != nil {
			return se.decide(it)
		}
		x = se.next()
	}
	if x == nil {
		return fd.Choice{}
	}
	// The first input labeled under this path roots a subtree bounded in
	// this round (the engine ignores the bounds of the choices inside).
	return fd.Choice{Alts: se.label(x), Bound: se.labelNodes}
}

// reachAt branches on the indicator x of a place where the goal may be
// reached: there first (the ites after it are then left to labeling), then
// elsewhere.
func (se *searcher) reachAt(x *fd.Var) fd.Choice {
	s := se.m.S
	there := func() bool {
		if o := se.m.OrderOf(x); o != nil {
			place := se.place
			se.place = o
			s.OnUndo(func() { se.place = place })
		}
		return x.AssignInt64(1)
	}
	return fd.Choice{Alts: []fd.Alt{there, func() bool { return x.AssignInt64(0) }}}
}

// decide branches on an ite: then first, but for a loop test (the exit
// first, so that shorter runs come first) and where elseFirst says so.
func (se *searcher) decide(it *combinators.Ite) fd.Choice {
	s := se.m.S
	then := func() bool { return it.Decide(s, true) }
	els := func() bool { return it.Decide(s, false) }
	if it.Loop || se.elseFirst(it) {
		return fd.Choice{Alts: []fd.Alt{els, then}}
	}
	return fd.Choice{Alts: []fd.Alt{then, els}}
}

// nextIte returns the first undecided ite of the current execution that
// comes before the goal (model.After): the ites after it cannot change
// whether it is reached, and the labeling of the inputs decides them.
func (se *searcher) nextIte() *combinators.Ite {
	active := se.m.Comb.Active
	i := se.iteFrom
	for ; i < len(active); i++ {
		if it := active[i]; it.Side() == 0 && (se.place == nil || !model.After(se.place, it)) {
			break
		}
	}
	if i != se.iteFrom {
		se.m.S.SetInt(&se.iteFrom, i)
	}
	if i < len(active) {
		return active[i]
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

// label returns the alternatives on the values of x: over the floats for a
// floating-point input (fp.BitsBranches: +0, 1, -1, the bounds, NaN, then
// halves of the floats — the bounds matter: propagation over floats stops
// short of creeping, x + 1 == x narrowing x one unit a round, and the
// extreme values are where rounding and overflow happen); else its hint if
// it has one, the value closest to zero, then the rest of the domain in
// halves (fd.ZeroFirst).
//
// The hint is tried in the paths-first rounds only (those of an
// enumeration included), with the subtree's whole node bound: a good hint
// (append's length, where the pre-pass's run is one byte short) leads to a
// test within it, and a misleading one (a wrong a in a / b == 5 && a % b
// == -3 leaves b's whole range to refute) costs those rounds alone, the
// inputs-first rounds labeling in the usual order (it took every round,
// which grew until the hinted subtree was refuted whole: 1.67 M steps for
// that goal, 423 without hints).
func (se *searcher) label(x *fd.Var) []fd.Alt {
	if f := se.floatInput(x); f != nil {
		if bs := fp.BitsBranches(f, x.Dom()); bs != nil {
			return fd.Within(x, bs)
		}
	}
	d := x.Dom()
	var alts []fd.Alt
	if h, ok := se.hints[x]; ok && d.Contains(h) && !d.IsSingleton() && !se.inputsFirst {
		// The value a run near the goal had, then the others.
		alts = append(alts, func() bool { return x.Assign(h) })
		d = d.Remove(h)
	}
	return append(alts, fd.ZeroFirst(x, d)...)
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
