package testgen

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNullPointerInputs: every decision outcome of a function that tests
// its pointer inputs against NULL, at two depths, is covered, and the
// tests name the NULL pointers and nothing behind them.
func TestNullPointerInputs(t *testing.T) {
	g := gen(t, "testdata/nullobj.c", "first")
	cov := g.Cover(AllDecisions, time.Minute)
	covered, unreachable, unknown := cov.Counts()
	for _, gs := range cov.Goals {
		assert.Equal(t, Covered, gs.Status, "%s: %s", gs.Goal.ID(), gs.Reason)
	}
	require.Equal(t, 4, covered+unreachable+unknown)
	nulls := map[string]bool{}
	for _, tc := range cov.Tests {
		for _, p := range tc.Null {
			nulls[p] = true
			for path := range tc.Objects {
				assert.NotContains(t, path, p+"[", "a value behind the NULL pointer %s", p)
			}
		}
	}
	assert.True(t, nulls["p"], "a test with p NULL")
	assert.True(t, nulls["p[0].next"], "a test with p->next NULL")
}
