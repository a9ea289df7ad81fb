package testgen

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const handlerSrc = `int handle(int len, int cmd, int arg)
{
    int status = 0;
    if (len < 4 || len > 512)
        return -1;
    if (cmd == 1) {
        if (arg > 0)
            status = 1;
    } else if (cmd == 2) {
        if (arg < 0)
            status = 3;
    } else if (cmd == 3) {
        if (len > 600)
            status = 4;
    } else if (cmd == 4) {
        switch (arg) {
        case 0:
            status = 5;
            break;
        case 7:
            status = 6;
            break;
        default:
            status = 7;
            break;
        }
    } else {
        status = -2;
    }
    return status;
}
`

// TestCoverSharesPaths: a coverage run keeps the branches above its last
// goal set on the shared model (paths.go), so that the commands of a
// handler's else-if ladder, each under the length check and the commands
// before it, do not propagate that path again goal by goal. The answers
// are those of each goal asked alone on a fresh generator: every outcome
// covered but the length test no input under the check passes, proved
// unreachable; the same answers and tests as a run without the sharing;
// and fewer constraints posted than the goals alone or that run.
func TestCoverSharesPaths(t *testing.T) {
	file := writeC(t, "handle.c", handlerSrc)
	g := genOpts(t, file, "handle", Options{PrepassSteps: -1})
	cov := g.Cover(AllDecisions, time.Minute)
	var alone int64
	for _, gs := range cov.Goals {
		want := Covered
		if outcomeKey(gs.Goal) == "13:true" {
			want = Unreachable
		}
		assert.Equal(t, want, gs.Status, "%s in the run: %s", gs.Goal.ID(), gs.Reason)
		fresh := genOpts(t, file, "handle", Options{PrepassSteps: -1})
		var r *GoalResult
		for _, gl := range fresh.Decisions() {
			if gl.ID() == gs.Goal.ID() {
				r = fresh.Reach(gl, 1)
			}
		}
		require.NotNil(t, r, gs.Goal.ID())
		assert.Equal(t, want, r.Status, "%s alone: %s", gs.Goal.ID(), r.Reason)
		alone += r.Stats.Constraints
	}
	require.Len(t, cov.Goals, 19)
	assert.Less(t, cov.Stats.Constraints, alone)
	own := genOpts(t, file, "handle", Options{PrepassSteps: -1})
	own.ownPaths = true
	ocov := own.Cover(AllDecisions, time.Minute)
	assert.Equal(t, answers(cov), answers(ocov), "the same answers and tests without sharing")
	assert.Less(t, cov.Stats.Constraints, ocov.Stats.Constraints)
	assert.Empty(t, g.paths, "the run leaves the shared model at its root")
}
