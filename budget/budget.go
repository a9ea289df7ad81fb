// Package budget bounds the work of a computation so that its answers do
// not depend on the machine.
//
// Work is counted in steps: a propagator run of the solver, a search node,
// a statement the interpreter executes, a transfer of the points-to
// analysis. Steps are deterministic: the same file, options and seed spend
// the same steps in the same order, so a computation stopped after N steps
// stops at the same place on an idle and on a loaded machine, and gives the
// same answers. Time is only a guard: the user's --total-timeout (a
// wall-clock deadline for the whole run), or a goal's guard far above what
// its step budget takes. A goal's guard is counted in CPU time of the
// process (WithCPU), which other processes on a busy machine do not
// consume, under a wall-clock guard many times larger. When a guard fires
// the answers may depend on the machine, and the reason says so.
//
// Budgets nest: a goal's budget is a child of the run's, and every step
// spent on the goal counts against both. A nil *B is unbounded, so code
// that may run without a budget needs no special case.
//
//	total := budget.New(0, start.Add(totalTimeout)) // the whole run: a deadline only
//	goal := total.Child("goal", budget.DefaultSteps, time.Now().Add(10*timeout)).WithCPU(timeout)
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

// processStart is the reference of processCPU where the system gives no
// CPU time (only differences of processCPU are used).
var processStart = time.Now()

// Why a budget is exhausted.
type stop int

const (
	running   stop = iota
	steps          // the step limit
	deadline       // the wall-clock guard
	cpu            // the CPU-time guard
	ancestor       // an enclosing budget is exhausted
	cancelled      // Stop was called
)

// B is a budget: a step limit and a deadline, each optional.
type B struct {
	max      int64     // 0: no step limit
	deadline time.Time // zero: none
	// cpuMax is the CPU time of the process the budget may see pass
	// (0: no CPU guard), counted from cpuStart.
	cpuMax, cpuStart time.Duration
	parent           *B
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

// WithCPU adds a guard to b: it is exhausted once the process has used
// limit of CPU time (user and system, every thread) from now. Unlike the
// wall clock, CPU time does not pass while other processes hold the
// cores, so a guard far above what the step budget takes fires on a loaded
// machine no sooner than on an idle one. It counts the whole process: a
// process that works on several goals at once (inka project's jobs) sees
// it pass up to that many times faster. Where the system gives no CPU
// time, it is the wall clock. It returns b.
func (b *B) WithCPU(limit time.Duration) *B {
	if b != nil && limit > 0 {
		b.cpuMax, b.cpuStart = limit, processCPU()
	}
	return b
}

// timeUp checks the guards of b alone (not its ancestors') and records
// which one fired.
func (b *B) timeUp() bool {
	switch {
	case !b.deadline.IsZero() && time.Now().After(b.deadline):
		b.state = deadline
	case b.cpuMax > 0 && processCPU()-b.cpuStart > b.cpuMax:
		b.state = cpu
	default:
		return false
	}
	return true
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
		if b.timeUp() {
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
	if b.state == running && !b.timeUp() && b.parent.Exhausted() {
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
		case deadline, cpu, cancelled:
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
		return fmt.Sprintf("%s time guard exhausted (--timeout, wall clock; the answer may depend on the machine's load)", b.name)
	case cpu:
		return fmt.Sprintf("%s time guard exhausted (--timeout, %v of CPU time; the answer may depend on the machine)", b.name, b.cpuMax)
	case ancestor:
		return b.parent.Reason()
	case cancelled:
		return b.name + " budget stopped"
	}
	return ""
}
