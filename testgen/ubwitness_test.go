package testgen

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUBWitness: a goal only undefined behaviour reaches is unreachable,
// and its reason names a run that reaches it on x86-64 code; one that no
// run reaches (an overflow masked by the processor, arithmetic with no
// solution) keeps an empty reason.
func TestUBWitness(t *testing.T) {
	want := map[string]struct {
		line    int
		witness string // "" for none
	}{
		"overflow_check": {8, "signed overflow"},
		"scaled":         {16, "signed left shift"},
		"masked":         {23, ""},
		"square":         {32, ""},
	}
	for fn, w := range want {
		t.Run(fn, func(t *testing.T) {
			g := gen(t, "testdata/ubwitness.c", fn)
			cov := g.Cover(AllDecisions, time.Minute)
			found := false
			for _, gs := range cov.Goals {
				if gs.Goal.Dec.Pos.Line != w.line || gs.Goal.Dec.Outcomes[gs.Goal.Outcome] != "true" {
					continue
				}
				found = true
				require.Equal(t, Unreachable, gs.Status, gs.Reason)
				if w.witness == "" {
					assert.Empty(t, gs.Reason)
					continue
				}
				assert.Contains(t, gs.Reason, "no run without undefined behaviour reaches it")
				assert.Contains(t, gs.Reason, w.witness)
			}
			require.True(t, found)
		})
	}
}
