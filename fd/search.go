package fd

import (
	"math/rand/v2"
	"time"
)

// Search is kept apart from the model: a strategy picks a variable and a
// decision, the engine explores the binary tree (decision / its negation)
// depth first with Push and Pop, and no propagator knows it is searched.

// VarSelect chooses the next variable to branch on.
type VarSelect uint8

const (
	// InputOrder takes the first unfixed variable of the list.
	InputOrder VarSelect = iota
	// FirstFail takes the smallest domain (ties: first in the list).
	FirstFail
	// MostConstrained takes the variable watched by the most live
	// propagators (ties: smallest domain).
	MostConstrained
)

// ValSelect chooses the decision on the chosen variable.
type ValSelect uint8

const (
	// ValMin tries x = min, then x ≠ min.
	ValMin ValSelect = iota
	// ValMax tries x = max, then x ≠ max.
	ValMax
	// ValMid tries the value nearest the middle of the bounds.
	ValMid
	// ValRandom tries a value drawn uniformly from the domain.
	ValRandom
	// Split bisects: x ≤ mid, then x > mid. The one to use on wide C
	// domains (x ∈ -2^31..2^31-1), where enumerating values is hopeless.
	Split
	// SplitHigh bisects upper half first: x > mid, then x ≤ mid.
	SplitHigh
)

// SearchOptions configures a search. The zero value labels nothing; set
// Vars.
type SearchOptions struct {
	Vars   []*Var
	VarSel VarSelect
	ValSel ValSelect
	// Seed drives ValRandom, random tie-breaking under restarts, and
	// restarts. The same seed gives the same search.
	Seed uint64
	// Limits; zero means none. When one is hit the search stops and
	// Result.Limit is set.
	TimeLimit time.Duration
	NodeLimit int64
	FailLimit int64
	// Restarts restarts the search with a Luby sequence of failure
	// budgets (RestartScale × 1, 1, 2, 1, 1, 2, 4, …; default scale 100),
	// breaking ties among variables at random. Only used when looking for
	// one solution.
	Restarts     bool
	RestartScale int64
	// MaxSolutions stops after that many solutions (0: all, for Search;
	// Solve always stops at the first).
	MaxSolutions int64
}

// Result reports how a search ended.
type Result struct {
	Solutions int64
	// Complete is true when the whole tree was explored (so Solutions is
	// the exact count, and 0 solutions proves unsatisfiability).
	Complete bool
	// Limit is true when a time, node or failure limit stopped the search.
	Limit bool
}

type engine struct {
	s      *Store
	o      SearchOptions
	rng    *rand.Rand
	start  time.Time
	onSol  func() bool
	nodes0 int64
	fails0 int64
	limit  bool  // a user limit was hit
	rlimit int64 // failure budget of the current restart run (0: none)
	rfail  int64 // failures at the start of the current run
	rhit   bool  // the restart budget was hit
	next   int   // InputOrder: first index that may be unfixed (trailed)
	random bool  // break ties at random
	sols   int64
	calls  int64
}

// tick is true every 64 calls: reading the clock at every node would cost
// more than a small node.
func (e *engine) tick() bool {
	e.calls++
	return e.calls&63 == 0
}

// Search explores the tree of decisions on opts.Vars and calls onSolution
// at each solution, with the store at that solution (all Vars fixed; read
// any variable). onSolution returns false to stop. The store is given back
// as it was before the call (all choice points popped), with Stats updated.
func (s *Store) Search(opts SearchOptions, onSolution func() bool) Result {
	e := &engine{s: s, o: opts, onSol: onSolution, start: time.Now()}
	e.rng = rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15))
	e.nodes0, e.fails0 = s.Stats.Nodes, s.Stats.Failures
	defer func() { s.Stats.Time += time.Since(e.start) }()
	restarts := opts.Restarts && opts.MaxSolutions == 1
	scale := opts.RestartScale
	if scale <= 0 {
		scale = 100
	}
	for run := int64(1); ; run++ {
		if restarts {
			e.rlimit = scale * luby(run)
			e.rfail = s.Stats.Failures
			e.random = run > 1
		}
		e.rhit = false
		s.Push()
		stop := e.dfs()
		s.Pop()
		if e.limit {
			return Result{Solutions: e.sols, Limit: true}
		}
		if !e.rhit {
			return Result{Solutions: e.sols, Complete: !stop}
		}
		// The run used up its failure budget: restart.
	}
}

// Solve looks for one solution and returns the values of opts.Vars in it
// (nil if none was found).
func (s *Store) Solve(opts SearchOptions) ([]Int, Result) {
	var vals []Int
	opts.MaxSolutions = 1
	r := s.Search(opts, func() bool {
		vals = make([]Int, len(opts.Vars))
		for i, x := range opts.Vars {
			vals[i] = x.Val()
		}
		return true
	})
	return vals, r
}

// luby returns the i-th term (i ≥ 1) of the Luby sequence 1 1 2 1 1 2 4 …
func luby(i int64) int64 {
	for k := int64(1); ; k++ {
		if i == (int64(1)<<k)-1 {
			return int64(1) << (k - 1)
		}
		if i < (int64(1)<<k)-1 {
			return luby(i - (int64(1) << (k - 1)) + 1)
		}
	}
}

// stopNow checks the limits.
func (e *engine) stopNow() bool {
	s := e.s
	if e.o.NodeLimit > 0 && s.Stats.Nodes-e.nodes0 >= e.o.NodeLimit ||
		e.o.FailLimit > 0 && s.Stats.Failures-e.fails0 >= e.o.FailLimit ||
		e.o.TimeLimit > 0 && e.tick() && time.Since(e.start) >= e.o.TimeLimit {
		e.limit = true
		return true
	}
	if e.rlimit > 0 && s.Stats.Failures-e.rfail >= e.rlimit {
		e.rhit = true
		return true
	}
	return false
}

// dfs explores the subtree of the current store; it returns true to stop
// the whole search. The right branch (the negated decision) is applied in
// place, in the caller's choice point, so only left branches push.
func (e *engine) dfs() bool {
	s := e.s
	for {
		if !s.Propagate() {
			s.Stats.Failures++
			return e.stopNow()
		}
		x := e.selectVar()
		if x == nil {
			e.sols++
			if e.onSol != nil && !e.onSol() {
				return true
			}
			return e.o.MaxSolutions > 0 && e.sols >= e.o.MaxSolutions
		}
		if e.stopNow() {
			return true
		}
		s.Stats.Nodes++
		v, split := e.decide(x)
		s.Push()
		if e.apply(x, v, split, true) {
			if e.dfs() {
				s.Pop()
				return true
			}
		} else {
			s.Stats.Failures++
			if e.stopNow() {
				s.Pop()
				return true
			}
		}
		s.Pop()
		if !e.apply(x, v, split, false) {
			s.Stats.Failures++
			return e.stopNow()
		}
	}
}

// apply posts the left (decision) or right (negation) branch.
func (e *engine) apply(x *Var, v Int, split, left bool) bool {
	hi := e.o.ValSel == SplitHigh
	if split {
		if left != hi {
			return x.SetMax(v)
		}
		return x.SetMin(v.Inc())
	}
	if left {
		return x.Assign(v)
	}
	return x.Remove(v)
}

func (e *engine) selectVar() *Var {
	xs := e.o.Vars
	switch e.o.VarSel {
	case InputOrder:
		for i := e.next; i < len(xs); i++ {
			if !xs[i].IsFixed() {
				if i != e.next {
					e.s.SetInt(&e.next, i)
				}
				return xs[i]
			}
		}
		return nil
	case FirstFail:
		var best *Var
		ties := 0
		for _, x := range xs {
			if x.IsFixed() {
				continue
			}
			if best == nil || x.dom.size.Less(best.dom.size) {
				best, ties = x, 1
			} else if e.random && x.dom.size == best.dom.size {
				ties++
				if e.rng.IntN(ties) == 0 {
					best = x
				}
			}
		}
		return best
	default: // MostConstrained
		var best *Var
		bd, ties := -1, 0
		for _, x := range xs {
			if x.IsFixed() {
				continue
			}
			d := x.Degree()
			if best == nil || d > bd || d == bd && x.dom.size.Less(best.dom.size) {
				best, bd, ties = x, d, 1
			} else if e.random && d == bd && x.dom.size == best.dom.size {
				ties++
				if e.rng.IntN(ties) == 0 {
					best = x
				}
			}
		}
		return best
	}
}

// decide returns the value of the decision and whether it is a split.
func (e *engine) decide(x *Var) (Int, bool) {
	d := x.dom
	switch e.o.ValSel {
	case ValMax:
		return d.max, false
	case ValMid:
		mid := d.min.Add(d.max).Rsh(1)
		lo, okl := d.Prev(mid)
		hi, okh := d.Next(mid)
		if okl && (!okh || mid.Sub(lo).Leq(hi.Sub(mid))) {
			return lo, false
		}
		return hi, false
	case ValRandom:
		return e.randomValue(d), false
	case Split, SplitHigh:
		return d.min.Add(d.max).Rsh(1), true
	}
	return d.min, false
}

// randomValue draws a value uniformly from d.
func (e *engine) randomValue(d Domain) Int {
	r := e.randBelow(d.size)
	for i := 0; i < d.NumIntervals(); i++ {
		lo, hi := d.Interval(i)
		n := hi.Sub(lo).Inc()
		if r.Less(n) {
			return lo.Add(r)
		}
		r = r.Sub(n)
	}
	return d.min
}

// randBelow draws uniformly in [0, n) for 0 < n (rejection sampling on the
// smallest power of two above n).
func (e *engine) randBelow(n Int) Int {
	if n.IsUint64() {
		return U64(e.rng.Uint64N(n.lo))
	}
	bl := uint(n.Dec().BitLen())
	mask := Pow2(bl).Dec()
	for {
		r := Int{hi: int64(e.rng.Uint64()), lo: e.rng.Uint64()}.And(mask)
		if r.Less(n) {
			return r
		}
	}
}
