// Package budget bounds the work of a computation so that its answers do
// not depend on the machine.
//
// Work is counted in steps: a propagator run of the solver, a search node,
// a statement the interpreter executes, a transfer of the points-to
// analysis. Steps are deterministic: the same file, options and seed spend
// the same steps in the same order, so a computation stopped after N steps
// stops at the same place on an idle and on a loaded machine, and gives the
// same answers. A wall-clock deadline is only the outer guard (the user's
// --total-timeout, or a per-goal guard far above what the step budget
// takes): when it fires the answers may depend on the machine, and the
// reason says so.
//
// Budgets nest: a goal's budget is a child of the run's, and every step
// spent on the goal counts against both. A nil *B is unbounded, so code
// that may run without a budget needs no special case.
//
//	total := budget.New(0, start.Add(totalTimeout)) // the whole run: a deadline only
//	goal := total.Child("goal", budget.DefaultSteps, time.Now().Add(timeout))
//	for goal.Spend(1) { ... }                       // false: exhausted
//	why := goal.Reason()                             // "goal step budget exhausted (…)"
package budget

import (
	"fmt"
	"time"
)

// DefaultSteps is the default step budget of one goal: about ten seconds of
// solving on a 2020s core (the wall-clock budget per goal inka had before
// its budgets were counted in steps).
const DefaultSteps = 10_000_000

// clockEvery is how many steps pass between two reads of the clock: a step
// is at most microseconds, so the deadline is overrun by milliseconds.
const clockEvery = 1024

// Why a budget is exhausted.
type stop int

const (
	running   stop = iota
	steps          // the step limit
	deadline       // the wall-clock guard
	ancestor       // an enclosing budget is exhausted
	cancelled      // Stop was called
)

// B is a budget: a step limit and a deadline, each optional.
type B struct {
	max      int64     // 0: no step limit
	deadline time.Time // zero: none
	parent   *B
	// what the reason names: "goal", "total", "points-to analysis", ...
	name string

	used       int64
	untilClock int
	state      stop
}

// New returns a budget of max steps (0: unlimited) and a deadline (zero:
// none), named total: when it is exhausted, what it bounded is unknown
// because the "total budget" is exhausted.
func New(max int64, deadline time.Time) *B {
	return &B{max: max, deadline: deadline, name: "total"}
}

// Child returns a budget of max steps (0: unlimited) and a deadline (zero:
// none) whose steps also count against b: it is exhausted when either is.
// b may be nil. The name says what it bounds in reasons ("goal"; "total"
// for a run, whose deadline is --total-timeout).
func (b *B) Child(name string, max int64, deadline time.Time) *B {
	return &B{max: max, deadline: deadline, parent: b, name: name}
}

// Spend counts n steps and reports whether the budget (and every
// enclosing one) still has room. Once exhausted, a budget stays so.
func (b *B) Spend(n int64) bool {
	if b == nil {
		return true
	}
	if b.state != running {
		return false
	}
	b.used += n
	if b.max > 0 && b.used > b.max {
		b.state = steps
		return false
	}
	if b.untilClock -= int(n); b.untilClock <= 0 {
		b.untilClock = clockEvery
		if !b.deadline.IsZero() && time.Now().After(b.deadline) {
			b.state = deadline
			return false
		}
	}
	if b.parent != nil && !b.parent.Spend(n) {
		b.state = ancestor
		return false
	}
	return true
}

// Exhausted reports whether the budget has run out (it checks the clock).
func (b *B) Exhausted() bool {
	if b == nil {
		return false
	}
	if b.state == running && !b.deadline.IsZero() && time.Now().After(b.deadline) {
		b.state = deadline
	}
	if b.state == running && b.parent.Exhausted() {
		b.state = ancestor
	}
	return b.state != running
}

// Stop exhausts the budget now (the caller gives up on the computation).
func (b *B) Stop() {
	if b != nil && b.state == running {
		b.state = cancelled
	}
}

// Used returns the steps spent.
func (b *B) Used() int64 {
	if b == nil {
		return 0
	}
	return b.used
}

// Deterministic reports whether the budget stopped (if it did) on its step
// count alone, which does not depend on the machine.
func (b *B) Deterministic() bool {
	for ; b != nil; b = b.parent {
		switch b.state {
		case deadline, cancelled:
			return false
		case ancestor:
			continue
		}
		return true
	}
	return true
}

// Err returns the error of an exhausted budget (nil if it is not).
func (b *B) Err() error {
	if !b.Exhausted() {
		return nil
	}
	return &Error{Reason: b.Reason()}
}

// Error is the error of a computation stopped by its budget.
type Error struct{ Reason string }

func (e *Error) Error() string { return e.Reason }

// Reason says why the budget is exhausted ("" if it is not): the step
// budget of a goal, its time guard, or the total budget of the run.
func (b *B) Reason() string {
	if b == nil {
		return ""
	}
	switch b.state {
	case steps:
		return fmt.Sprintf("%s step budget exhausted (%d steps)", b.name, b.max)
	case deadline:
		if b.name == "total" {
			return "total budget exhausted (--total-timeout)"
		}
		return fmt.Sprintf("%s time guard exhausted (--timeout; the answer may depend on the machine's load)", b.name)
	case ancestor:
		return b.parent.Reason()
	case cancelled:
		return b.name + " budget stopped"
	}
	return ""
}
