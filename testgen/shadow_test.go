package testgen

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestShadowedGlobal: a global shadowed by a parameter is an input of its
// own, named as the interpreter names it, and the replay confirms the
// tests (a wrong name would make the replay refuse the inputs).
func TestShadowedGlobal(t *testing.T) {
	g := gen(t, "testdata/shadow.c", "shadow")
	cov := g.Cover(AllDecisions, time.Minute)
	for _, gs := range cov.Goals {
		assert.Equal(t, Covered, gs.Status, "%s: %s", gs.Goal.ID(), gs.Reason)
	}
	require.NotEmpty(t, cov.Tests)
	for _, tc := range cov.Tests {
		assert.Contains(t, tc.Args, "g")
		found := false
		for path := range tc.Globals {
			found = found || strings.HasPrefix(path, "g#")
		}
		assert.True(t, found, "global g named g#ID: %v", tc.Globals)
		found = false
		for path := range tc.Objects {
			found = found || strings.HasPrefix(path, "gp#")
		}
		assert.True(t, found, "the object behind the global gp named gp#ID[k]: %v", tc.Objects)
	}
}
