package bv

import (
	"reflect"
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
	"github.com/inka-tool/inka/term"
)

// Result is the answer of a Solve.
type Result int

const (
	Unsat   Result = -1
	Unknown Result = 0 // the budget ran out
	Sat     Result = 1
)

func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}

// TickProps is the number of gini propagations in a tick, the unit of a
// Solve's budget (gini checks for a pause request that often).
const TickProps = 20000

// Budget bounds one Solve: Ticks counts gini's propagations by TickProps
// (0: no limit), deterministically; Tick, when set, is called at every
// tick and stops the solve when it returns false (a caller's own budget);
// Deadline is an outer guard (zero: none).
type Budget struct {
	Ticks    int64
	Tick     func() bool
	Deadline time.Time
}

// Solver answers questions about a circuit with gini, incrementally.
type Solver struct {
	C *Circuit
	g *gini.Gini
	// mark records the gates already encoded (logic.C.CnfSince).
	mark []int8
	// asserted are the facts, encoded again when gini is replaced.
	asserted []z.Lit
	// Ticks and Solves count the work done so far.
	Ticks, Solves int64
}

// NewSolver returns a solver over c; c may grow between calls.
func NewSolver(c *Circuit) *Solver { return &Solver{C: c, g: gini.New()} }

// encode adds the clauses of the gates below ms that gini does not have.
func (s *Solver) encode(ms ...z.Lit) {
	s.mark, _ = s.C.c.CnfSince(s.g, s.mark, ms...)
}

// LitWithin returns the literal of a Boolean term translated by bl (over
// the solver's circuit) and encoded for gini, term by term, charging
// spend with the gates each term adds: a circuit of a 64-bit product is
// tens of thousands of gates, and translating a formula can take longer
// than solving it. ok is false when spend refuses (the term is left
// partly translated: what is made stays, unused).
func (s *Solver) LitWithin(bl *Blaster, spend func(gates int64) bool, t *term.Term) (z.Lit, bool) {
	if bl.C != s.C {
		panic("bv: Solver.LitWithin with a blaster of another circuit")
	}
	return bl.litWithin(func(gates int64, v Vec) bool {
		s.encode(v...)
		return spend(gates)
	}, t)
}

// Assert makes m true in every later Solve.
func (s *Solver) Assert(m z.Lit) {
	s.asserted = append(s.asserted, m)
	s.add(m)
}

func (s *Solver) add(m z.Lit) {
	s.encode(m)
	s.g.Add(m)
	s.g.Add(0)
}

// Solve looks for an assignment of the inputs that makes every asserted
// literal and every assumption true. It returns Unknown when the budget
// runs out first. Clauses learnt stay for the next Solve.
//
// The answer depends only on the questions asked, never on the machine's
// load: a Solve answers Sat or Unsat exactly when gini finds the answer
// within the ticks the budget allows, counted from gini's own count of
// propagations. gini runs in its own goroutine and offers a pause about
// every tick, but an offer the caller is late for passes by, so that where
// a stopped search stands is a matter of timing: gini's learnt clauses and
// phases after it would be too. A Solve that ends Unknown therefore
// replaces gini by a fresh instance holding the same facts, which loses
// what gini learnt, but only when a budget has run out.
func (s *Solver) Solve(b Budget, assume ...z.Lit) Result {
	s.encode(assume...)
	s.Solves++
	start := propagations(s.g)
	s.g.Assume(assume...)
	if b.Ticks <= 0 && b.Tick == nil && b.Deadline.IsZero() {
		r := Result(s.g.Solve())
		s.Ticks += (propagations(s.g) - start) / TickProps
		return r
	}
	// pay charges the ticks done so far and reports whether the budget
	// allows them.
	var paid int64
	pay := func() bool {
		for n := (propagations(s.g) - start) / TickProps; paid < n; {
			paid++
			s.Ticks++
			if (b.Ticks > 0 && paid >= b.Ticks) || (b.Tick != nil && !b.Tick()) {
				return false
			}
		}
		return true
	}
	ctl := s.g.GoSolve()
	for {
		res, paused := ctl.Pause()
		if !paused {
			if !pay() {
				// Finished past the budget: as if stopped in time.
				s.fresh()
				return Unknown
			}
			return Result(res)
		}
		over := !pay() || (!b.Deadline.IsZero() && time.Now().After(b.Deadline))
		ctl.Unpause()
		if over {
			ctl.Stop()
			s.fresh()
			return Unknown
		}
	}
}

// fresh replaces gini by a new instance holding the facts.
func (s *Solver) fresh() {
	s.g, s.mark = gini.New(), nil
	for _, m := range s.asserted {
		s.add(m)
	}
}

// propagations is gini's count of propagations so far, read while gini is
// paused or done. gini v1.0.4 (the version go.mod requires) counts them in
// its trail but does not export the count; TestPropagations fails if the
// field moves.
func propagations(g *gini.Gini) int64 {
	return reflect.ValueOf(g).Elem().FieldByName("xo").Elem().FieldByName("Trail").Elem().FieldByName("Props").Int()
}

// Lit returns the value of m in the last satisfying assignment.
func (s *Solver) Lit(m z.Lit) bool {
	switch {
	case m == s.C.True():
		return true
	case m == s.C.False():
		return false
	case m.Var() > s.g.MaxVar():
		return false // an input no clause mentions: any value does
	}
	return s.g.Value(m)
}

// Value returns the value of v (up to 64 bits) in the last satisfying
// assignment.
func (s *Solver) Value(v Vec) uint64 {
	var x uint64
	for i, m := range v {
		if i < 64 && s.Lit(m) {
			x |= 1 << uint(i)
		}
	}
	return x
}
