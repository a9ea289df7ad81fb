package testgen

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFuncPointers: calls through function pointers are dispatched over
// the targets the points-to analysis finds; a function-pointer input is
// NULL, its callback (a stub) or a function of the file of its type whose
// address the file takes; what the callback could do beyond the stub
// contract, or a target the analysis does not know, makes the goal unknown,
// never unreachable.
func TestFuncPointers(t *testing.T) {
	coverStatuses(t, "testdata/funcptr.c", map[string]map[string]Status{
		"callback": {"15:true": Unknown},
		"apply":    {},
		"pick":     {"44:true": Unreachable},
	}, "stub contract")
	g := gen(t, "testdata/funcptr.c", "indirect")
	cov := g.Cover(AllDecisions, time.Minute)
	require.NotEmpty(t, cov.Goals)
	for _, gs := range cov.Goals {
		// the call through h cannot be modelled, the other paths are
		if gs.Goal.Dec.Outcomes[gs.Goal.Outcome] == "true" {
			assert.Equal(t, Covered, gs.Status, gs.Goal.ID())
		} else {
			assert.Equal(t, Unknown, gs.Status, gs.Goal.ID())
		}
	}
}

// TestFuncPointerInputs: the tests choose a function-pointer input's
// target: NULL, the callback, a function of the file.
func TestFuncPointerInputs(t *testing.T) {
	g := gen(t, "testdata/funcptr.c", "apply")
	res := g.Reach(decisionGoal(t, g, 29, "true"), 1)
	require.Equal(t, Covered, res.Status, res.Reason)
	assert.Equal(t, "twice", res.Tests[0].Inputs.Funcs["f"])
	res = g.Reach(decisionGoal(t, g, 27, "true"), 1)
	require.Equal(t, Covered, res.Status, res.Reason)
	assert.True(t, res.Tests[0].Inputs.Null["f"])
	res = g.Reach(decisionGoal(t, g, 31, "true"), 1)
	require.Equal(t, Covered, res.Status, res.Reason)
	// Either the callback answers 101 or more, or f is negate and x is
	// -101 or less (f == twice returns at line 29).
	if target := res.Tests[0].Inputs.Funcs["f"]; target == "" {
		assert.Greater(t, res.Tests[0].Stubs["*f"][0].Int64(), int64(100))
	} else {
		assert.Equal(t, "negate", target)
		assert.Less(t, res.Tests[0].Args["x"].Int64(), int64(-100))
	}
}
