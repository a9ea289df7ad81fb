package testgen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFloatCut: until floating-point constraints are solved, the model
// cuts floating-point computation: a goal decided by it is unknown, naming
// it; the integer goals before it are answered (covered, and proved
// unreachable), with the double parameter an input.
func TestFloatCut(t *testing.T) {
	g := gen(t, "../testdata/float/sensor.c", "reading")
	r := g.Reach(decisionGoal(t, g, 5, "true"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	r = g.Reach(decisionGoal(t, g, 7, "true"), 1)
	require.Equal(t, Unreachable, r.Status, r.Reason)
	r = g.Reach(decisionGoal(t, g, 10, "true"), 1)
	require.Equal(t, Unknown, r.Status, r.Reason)
	assert.Contains(t, r.Reason, "sensor.c:9:16: unsupported: floating-point conversion (double)raw from int")
	r = g.Reach(decisionGoal(t, g, 5, "false"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	require.Len(t, r.Tests, 1)
	assert.True(t, r.Tests[0].Args["offset"].IsFloat(), "the double parameter is an input: %v", r.Tests[0].Args)
}
