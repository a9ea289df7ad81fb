package fd

import (
	"math/rand/v2"
	"time"
)

// Labeling: the classic strategy (a variable selection, a value selection
// or bisection) as a Brancher over the engine of engine.go, with the
// options, limits and restarts of Store.Search.

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
	// NearZero tries the value closest to zero, then the rest of the
	// domain in halves, nearer to zero first (ZeroFirst): solutions come
	// in order of increasing magnitude, and wide domains are cut, never
	// enumerated. testgen labels C inputs this way.
	NearZero
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
	// Result.Limit is set. NodeLimit counts the nodes the engine expands
	// (Engine.Nodes), each of which tries up to two alternatives
	// (Stats.Nodes counts those).
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

// labeling is the Brancher of Store.Search: it picks a variable of Vars
// (VarSel) and branches on a value of it (ValSel): x = v then x ≠ v, or a
// split x ≤ mid then x > mid.
type labeling struct {
	s      *Store
	o      SearchOptions
	rng    *rand.Rand
	next   int  // InputOrder: first index that may be unfixed (trailed)
	random bool // break ties at random
}

// Labeling returns the brancher that labels opts.Vars with opts.VarSel and
// opts.ValSel (opts.Seed drives ValRandom): the strategy of Store.Search,
// to run on an Engine of one's own.
func (s *Store) Labeling(opts SearchOptions) Brancher {
	return &labeling{s: s, o: opts, rng: rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15))}
}

// Choose implements Brancher.
func (l *labeling) Choose() Choice {
	x := l.selectVar()
	if x == nil {
		return Choice{}
	}
	if l.o.ValSel == NearZero {
		return Choice{Alts: ZeroFirst(x, x.Dom())}
	}
	v, split := l.decide(x)
	hi := l.o.ValSel == SplitHigh
	if split {
		le := func() bool { return x.SetMax(v) }
		gt := func() bool { return x.SetMin(v.Inc()) }
		if hi {
			return Choice{Alts: []Alt{gt, le}}
		}
		return Choice{Alts: []Alt{le, gt}}
	}
	return Choice{Alts: []Alt{func() bool { return x.Assign(v) }, func() bool { return x.Remove(v) }}}
}

// ZeroFirst returns the alternatives that label x over d (a part of its
// domain): the value of d closest to zero (the positive one on a tie),
// then the rest of d in two halves around it, nearer half first, each
// split at its middle, the quarter nearer to zero first.
func ZeroFirst(x *Var, d Domain) []Alt {
	v := closestToZero(d)
	alts := []Alt{func() bool { return x.Assign(v) }}
	below := d.Bound(d.Min(), v.Dec())
	above := d.Bound(v.Inc(), d.Max())
	parts := []Domain{above, below}
	if v.Sign() < 0 {
		parts = []Domain{below, above}
	}
	for _, p := range parts {
		if !p.IsEmpty() {
			alts = append(alts, Within(x, halves(p, v))...)
		}
	}
	return alts
}

// Within returns the alternatives x ∈ d for each d of ds, in order.
func Within(x *Var, ds []Domain) []Alt {
	alts := make([]Alt, len(ds))
	for i, d := range ds {
		alts[i] = func() bool { return x.Intersect(d) }
	}
	return alts
}

// halves splits d (all on one side of v) at its middle, the half nearer to
// v first.
func halves(d Domain, v Int) []Domain {
	if d.IsSingleton() {
		return []Domain{d}
	}
	lo, hi := d.Min(), d.Max()
	mid := lo.Add(hi.Sub(lo).Rsh(1))
	a := d.Bound(lo, mid)
	b := d.Bound(mid.Inc(), hi)
	if hi.Less(v) {
		return []Domain{b, a}
	}
	return []Domain{a, b}
}

// closestToZero returns the value of d nearest to 0 (the positive one on a
// tie).
func closestToZero(d Domain) Int {
	zero := I64(0)
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

// Search explores the tree of decisions on opts.Vars and calls onSolution
// at each solution, with the store at that solution (all Vars fixed; read
// any variable). onSolution returns false to stop. The store is given back
// as it was before the call (all choice points popped), with Stats updated.
// It is the Labeling brancher on an Engine, with Rounds for the restarts.
func (s *Store) Search(opts SearchOptions, onSolution func() bool) Result {
	start := time.Now()
	defer func() { s.Stats.Time += time.Since(start) }()
	s.Push()
	defer s.Pop()
	if !s.Propagate() {
		s.Stats.Failures++
		return Result{Complete: true}
	}
	l := s.Labeling(opts).(*labeling)
	var sols, calls int64
	e := &Engine{S: s, B: l, MaxNodes: opts.NodeLimit, MaxFailures: opts.FailLimit}
	e.Solution = func() bool {
		sols++
		if onSolution != nil && !onSolution() {
			return true
		}
		return opts.MaxSolutions > 0 && sols >= opts.MaxSolutions
	}
	if opts.TimeLimit > 0 {
		e.Node = func() bool {
			// Reading the clock at every node would cost more than a
			// small node.
			calls++
			return calls&63 != 0 || time.Since(start) < opts.TimeLimit
		}
	}
	restarts := opts.Restarts && opts.MaxSolutions == 1
	scale := opts.RestartScale
	if scale <= 0 {
		scale = 100
	}
	o, complete := e.Rounds(func(run int) Bound {
		if !restarts {
			return Bound{}
		}
		// The run's failure budget, and random ties after the first.
		l.random = run > 0
		return Bound{Failures: scale * luby(int64(run)+1)}
	})
	return Result{Solutions: sols, Complete: complete, Limit: o == Limited}
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

func (l *labeling) selectVar() *Var {
	xs := l.o.Vars
	switch l.o.VarSel {
	case InputOrder:
		for i := l.next; i < len(xs); i++ {
			if !xs[i].IsFixed() {
				if i != l.next {
					l.s.SetInt(&l.next, i)
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
			} else if l.random && x.dom.size == best.dom.size {
				ties++
				if l.rng.IntN(ties) == 0 {
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
			} else if l.random && d == bd && x.dom.size == best.dom.size {
				ties++
				if l.rng.IntN(ties) == 0 {
					best = x
				}
			}
		}
		return best
	}
}

// decide returns the value of the decision and whether it is a split.
func (l *labeling) decide(x *Var) (Int, bool) {
	d := x.dom
	switch l.o.ValSel {
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
		return l.randomValue(d), false
	case Split, SplitHigh:
		return d.min.Add(d.max).Rsh(1), true
	}
	return d.min, false
}

// randomValue draws a value uniformly from d.
func (l *labeling) randomValue(d Domain) Int {
	r := l.randBelow(d.size)
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
func (l *labeling) randBelow(n Int) Int {
	if n.IsUint64() {
		return U64(l.rng.Uint64N(n.lo))
	}
	bl := uint(n.Dec().BitLen())
	mask := Pow2(bl).Dec()
	for {
		r := Int{hi: int64(l.rng.Uint64()), lo: l.rng.Uint64()}.And(mask)
		if r.Less(n) {
			return r
		}
	}
}
