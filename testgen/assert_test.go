package testgen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/interp"
)

// TestAssertionFailure: the false outcome of an assert is answered by a
// test that makes it fail (the replay stops there), or proved
// unreachable.
func TestAssertionFailure(t *testing.T) {
	g := gen(t, "testdata/asserts.c", "safe_div")
	r := g.Reach(decisionGoal(t, g, 8, "false"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	res := r.Tests[0].Result
	assert.Equal(t, interp.AssertFailed, res.Outcome)
	assert.Equal(t, 8, res.Pos.Line)
	assert.Greater(t, r.Tests[0].Args["a"].Int64(), int64(100))

	r = g.Reach(decisionGoal(t, g, 8, "true"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	assert.Equal(t, interp.Returned, r.Tests[0].Result.Outcome)

	g = gen(t, "testdata/asserts.c", "never")
	r = g.Reach(decisionGoal(t, g, 15, "false"), 1)
	assert.Equal(t, Unreachable, r.Status, r.Reason)
	// Assertions are not goals of the all-decisions criterion.
	for _, gl := range g.Decisions() {
		assert.NotEqual(t, 15, gl.Dec.Pos.Line)
	}
}
