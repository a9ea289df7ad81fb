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
	object := false
	for _, tc := range cov.Tests {
		assert.Contains(t, tc.Args, "g")
		found := false
		for path := range tc.Globals {
			found = found || strings.HasPrefix(path, "g#")
		}
		assert.True(t, found, "global g named g#ID: %v", tc.Globals)
		for path := range tc.Objects {
			object = object || strings.HasPrefix(path, "gp#")
		}
	}
	// The test of helper's gp != NULL reads *gp: the object behind the
	// global gp, named gp#ID[k] (the other tests never touch it, and the
	// interpreter builds an input object only when a run touches it).
	assert.True(t, object, "the object behind the global gp named gp#ID[k]")
}
