package fd

// The search kernel, in Gecode's way: the model (variables, propagators)
// knows nothing of search; a Brancher says how to branch at a node; an
// Engine explores the tree the brancher defines, depth first, with the
// store's trail for backtracking; a meta-engine (Engine.Rounds) runs the
// engine again and again with growing bounds or restarts. A new strategy is
// a new Brancher, and every improvement to the engine helps all of them:
// Store.Search's labeling and testgen's strategies (paths first, inputs
// first) are branchers over this one engine.

// Alt is one alternative of a choice: it posts its decision and returns
// false when that fails at once. The engine runs it in a choice point of
// its own, so everything it changes — domains, and the brancher's own state
// when kept with SetInt, SetBool or OnUndo — is undone on backtracking.
type Alt func() bool

// Choice is a branching: the alternatives, tried in order, each followed
// by propagation and the subtree under it. The zero Choice (no
// alternatives) means the brancher has nothing left to decide: the node is
// a solution.
type Choice struct {
	Alts []Alt
	// Bound, when positive, caps the nodes of the subtree rooted at this
	// choice: past it the subtree is abandoned (the run is then partial,
	// its exhaustion proves nothing) and the search goes on after it.
	// Bounds do not nest: inside a bounded subtree a choice's Bound is
	// ignored.
	Bound int64
}

// Brancher is a search strategy: it proposes the choice to branch on at a
// node whose store is at fixpoint.
type Brancher interface {
	Choose() Choice
}

// Outcome is how a run of the engine ended.
type Outcome uint8

const (
	// Exhausted: the tree was explored (wholly unless the run was partial).
	Exhausted Outcome = iota
	// Stopped: the solution callback stopped the search.
	Stopped
	// Limited: a limit of the whole search (MaxNodes, MaxFailures, Node)
	// stopped it.
	Limited
	// Bounded: the run's own bound (Bound) was hit; the next run may go
	// further.
	Bounded
)

// Bound caps one run of the engine (zero fields: no cap).
type Bound struct {
	Nodes    int64
	Failures int64
}

// Engine explores depth first the tree a Brancher defines on a Store. A
// node is counted (Nodes) each time the engine asks the brancher for a
// choice; Store.Stats counts a node per alternative tried and a failure per
// alternative that fails.
type Engine struct {
	S *Store
	B Brancher
	// Solution is called at each solution (every choice made, the store at
	// fixpoint); it returns true to stop the search.
	Solution func() bool
	// Node, when set, is called at each node before anything else (a step
	// of a budget, a look at the clock); false stops the search (Limited).
	Node func() bool
	// Limits of the whole search, over all runs (0: none).
	MaxNodes    int64
	MaxFailures int64
	// AbandonIncomplete abandons the subtree under an alternative whose
	// propagation was cut short (Store.Incomplete: creeping cut by
	// StepLimit), making the run partial, instead of searching it.
	AbandonIncomplete bool

	// Nodes counts the nodes of all runs so far.
	Nodes int64

	fails0  int64 // Stats.Failures when the search started
	runNode int64 // node count past which the run is over (0: none)
	runFail int64 // failure count at which the run is over (0: none)
	cap     int64 // node count past which the bounded subtree is cut (0: none)
	cut     bool  // unwinding from a bounded subtree past its bound
	over    bool  // unwinding from a run past its bound
	limit   bool  // a limit of the whole search was hit
	partial bool  // this run abandoned some subtree
	started bool
}

// Run explores the tree under the current store, which must be at
// fixpoint, within bound, and gives the store back as it was. partial
// reports that some subtree was abandoned (a choice's Bound,
// AbandonIncomplete): an Exhausted run that is not partial has seen every
// solution.
func (e *Engine) Run(b Bound) (o Outcome, partial bool) {
	s := e.S
	if !e.started {
		e.started, e.fails0 = true, s.Stats.Failures
	}
	e.runNode, e.runFail = 0, 0
	if b.Nodes > 0 {
		e.runNode = e.Nodes + b.Nodes
	}
	if b.Failures > 0 {
		e.runFail = s.Stats.Failures + b.Failures
	}
	e.cap, e.cut, e.over, e.partial = 0, false, false, false
	s.Push()
	stop := e.dfs()
	s.Pop()
	switch {
	case e.limit:
		return Limited, e.partial
	case e.over:
		return Bounded, e.partial
	case stop:
		return Stopped, e.partial
	}
	return Exhausted, e.partial
}

// Rounds is the meta-engine: it runs the engine again and again, round i
// (from 0) configured by round(i) — the brancher's strategy for the round,
// and its bound — until a run stops the search, hits a limit, or explores
// its whole tree. A run past its bound, or partial, is followed by the
// next. Restarts (a failure bound growing along the Luby sequence) and
// iterative deepening (a node bound growing geometrically) are both
// Rounds. complete reports an Exhausted last run that was not partial:
// every solution was seen.
func (e *Engine) Rounds(round func(i int) Bound) (o Outcome, complete bool) {
	for i := 0; ; i++ {
		o, partial := e.Run(round(i))
		switch {
		case o == Exhausted && !partial:
			return o, true
		case o == Stopped || o == Limited:
			return o, false
		}
	}
}

// Limit reports whether a limit of the whole search was hit.
func (e *Engine) Limit() bool { return e.limit }

// enter counts a node and checks the limits and bounds; it returns true
// when the search must unwind from it.
func (e *Engine) enter() bool {
	e.Nodes++
	if e.Node != nil && !e.Node() || e.MaxNodes > 0 && e.Nodes > e.MaxNodes {
		e.limit = true
		return true
	}
	if e.cap > 0 && e.Nodes > e.cap {
		e.cut = true
		return true
	}
	if e.runNode > 0 && e.Nodes > e.runNode {
		e.over = true
		return true
	}
	return false
}

// failed counts a failure and checks the failure limits; it returns true
// when the search must unwind.
func (e *Engine) failed() bool {
	s := e.S
	s.Stats.Failures++
	if e.MaxFailures > 0 && s.Stats.Failures-e.fails0 >= e.MaxFailures {
		e.limit = true
		return true
	}
	if e.runFail > 0 && s.Stats.Failures >= e.runFail {
		e.over = true
		return true
	}
	return false
}

// dfs explores the subtree of the current node; it returns true to unwind
// (a solution that stops, a limit, a bound).
func (e *Engine) dfs() bool {
	if e.enter() {
		return true
	}
	c := e.B.Choose()
	if len(c.Alts) == 0 {
		if s := e.S; s.Pending() {
			// Propagation was cut short (Store.StepLimit): finish it
			// before calling the assignment a solution, which may also
			// give the brancher more to decide.
			if !s.Propagate() {
				return false
			}
			return e.dfs()
		}
		return e.Solution != nil && e.Solution()
	}
	if c.Bound <= 0 || e.cap > 0 {
		return e.alternatives(c.Alts)
	}
	// The root of a bounded subtree.
	e.cap = e.Nodes + c.Bound
	stop := e.alternatives(c.Alts)
	e.cap = 0
	if stop && e.cut && !e.over {
		e.cut = false
		e.partial = true
		return false
	}
	return stop
}

// alternatives tries the alternatives of a choice in order. The last one
// is applied in place, in the choice point of the node's caller, which
// pops it: nothing is left to try at this node once it returns.
func (e *Engine) alternatives(alts []Alt) bool {
	last := len(alts) - 1
	for _, a := range alts[:last] {
		s := e.S
		s.Push()
		stop := e.try(a)
		s.Pop()
		if stop {
			return true
		}
	}
	return e.try(alts[last])
}

// try explores one alternative.
func (e *Engine) try(a Alt) bool {
	s := e.S
	s.Stats.Nodes++
	s.Incomplete = false
	if !a() || !s.Propagate() {
		return e.failed()
	}
	if s.Incomplete && e.AbandonIncomplete {
		e.partial = true
		return false
	}
	return e.dfs()
}
