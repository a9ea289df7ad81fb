package budget

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestSteps: a budget of n steps allows exactly n, then stays exhausted;
// the reason names it and its limit.
func TestSteps(t *testing.T) {
	b := New(0, time.Time{}).Child("goal", 10, time.Time{})
	for i := 0; i < 10; i++ {
		assert.True(t, b.Spend(1), "step %d", i)
	}
	assert.False(t, b.Spend(1))
	assert.False(t, b.Spend(0), "exhausted stays exhausted")
	assert.True(t, b.Exhausted())
	assert.True(t, b.Deterministic())
	assert.Equal(t, "goal step budget exhausted (10 steps)", b.Reason())
	var be *Error
	assert.True(t, errors.As(b.Err(), &be))
	assert.Equal(t, b.Reason(), be.Error())
}

// TestNested: a child's steps count against its parent; a parent that
// runs out exhausts its children, whose reason is then the parent's.
func TestNested(t *testing.T) {
	total := New(25, time.Time{})
	a := total.Child("goal", 20, time.Time{})
	assert.True(t, a.Spend(15))
	assert.Equal(t, int64(15), total.Used())
	b := total.Child("goal", 20, time.Time{})
	assert.True(t, b.Spend(10))
	assert.False(t, b.Spend(1), "the total's 25 steps are spent")
	assert.Equal(t, "total step budget exhausted (25 steps)", b.Reason())
	assert.True(t, a.Exhausted(), "a sibling sees the total exhausted")
}

// TestDeadline: the clock is the outer guard; when it stops a budget, the
// reason says the answer may depend on the machine, and a run's deadline
// is the total budget's.
func TestDeadline(t *testing.T) {
	past := time.Now().Add(-time.Second)
	g := New(0, time.Time{}).Child("goal", 0, past)
	for g.Spend(1) {
	}
	assert.False(t, g.Deterministic())
	assert.Contains(t, g.Reason(), "may depend on the machine")

	run := New(0, past)
	goal := run.Child("goal", 1000, time.Time{})
	assert.True(t, goal.Exhausted())
	assert.Equal(t, "total budget exhausted (--total-timeout)", goal.Reason())
}

// TestNil: a nil budget is unbounded.
func TestNil(t *testing.T) {
	var b *B
	assert.True(t, b.Spend(1<<40))
	assert.False(t, b.Exhausted())
	assert.NoError(t, b.Err())
	assert.Equal(t, "", b.Reason())
	c := b.Child("goal", 1, time.Time{})
	assert.True(t, c.Spend(1))
	assert.False(t, c.Spend(1))
}

// TestCPUGuard: a goal's CPU guard counts the CPU the process uses, not
// the time it waits: a budget that sleeps past its CPU limit (as a
// process does on a loaded machine) is not exhausted, one that computes
// past it is, and its reason names the CPU guard.
func TestCPUGuard(t *testing.T) {
	limit := 20 * time.Millisecond
	b := New(0, time.Time{}).Child("goal", 0, time.Now().Add(time.Hour)).WithCPU(limit)
	time.Sleep(3 * limit)
	assert.False(t, b.Exhausted(), "waiting does not use CPU time")
	for b.Spend(1) { // computing: CPU time passes
	}
	assert.False(t, b.Deterministic())
	assert.Contains(t, b.Reason(), "goal time guard exhausted (--timeout, 20ms of CPU time")
	var nilB *B
	assert.Nil(t, nilB.WithCPU(limit))
}
