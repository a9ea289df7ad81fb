package testgen

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestConstantConditions(t *testing.T) {
	g := gen(t, "testdata/constant.c", "spin")
	g.Opts.Steps = 3_000_000
	cov := g.Cover(AllDecisions, time.Minute)
	want := map[string]Status{
		"6:true": Covered, "6:false": Unreachable,
		"7:true": Covered, "7:false": Covered,
		"11:true": Unreachable, "11:false": Covered,
	}
	got := map[string]Status{}
	for _, gs := range cov.Goals {
		got[outcomeKey(gs.Goal)] = gs.Status
		if gs.Status == Unreachable {
			assert.Contains(t, gs.Reason, "is always")
		}
	}
	assert.Equal(t, want, got)
}
