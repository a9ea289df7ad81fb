package bv

import (
	"time"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"
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
	// Ticks and Solves count the work done so far.
	Ticks, Solves int64
}

// NewSolver returns a solver over c; c may grow between calls.
func NewSolver(c *Circuit) *Solver { return &Solver{C: c, g: gini.New()} }

// encode adds the clauses of the gates below ms that gini does not have.
func (s *Solver) encode(ms ...z.Lit) {
	s.mark, _ = s.C.c.CnfSince(s.g, s.mark, ms...)
}

// Assert makes m true in every later Solve.
func (s *Solver) Assert(m z.Lit) {
	s.encode(m)
	s.g.Add(m)
	s.g.Add(0)
}

// Solve looks for an assignment of the inputs that makes every asserted
// literal and every assumption true. It returns Unknown when the budget
// runs out first. Clauses learnt stay for the next Solve.
func (s *Solver) Solve(b Budget, assume ...z.Lit) Result {
	s.encode(assume...)
	s.Solves++
	s.g.Assume(assume...)
	if b.Ticks <= 0 && b.Tick == nil && b.Deadline.IsZero() {
		return Result(s.g.Solve())
	}
	// gini offers a pause at every tick: each pause counts one tick of the
	// budget. A tick the controller is late for is not counted, which can
	// only make the budget longer.
	ctl := s.g.GoSolve()
	var ticks int64
	for {
		res, paused := ctl.Pause()
		if !paused {
			return Result(res)
		}
		ticks++
		s.Ticks++
		over := (b.Ticks > 0 && ticks >= b.Ticks) || (b.Tick != nil && !b.Tick()) ||
			(!b.Deadline.IsZero() && time.Now().After(b.Deadline))
		ctl.Unpause()
		if over {
			return Result(ctl.Stop())
		}
	}
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
