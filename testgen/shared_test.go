package testgen

import (
	"testing"

	"github.com/inka-tool/inka/frontend"
	"github.com/stretchr/testify/require"
)

// TestReachGoalsInTurn: the model of a function is built once and each
// goal's search runs in a choice point popped after it. A variable the
// model creates on first use inside one search (an undefined local read
// in a loop's later iteration) must not survive into the next: weigh's
// goals, reached one after the other on one generator, posted
// constraints on such a dead variable (an fd panic, or worse, a
// constraint on the new variable that took its number).
func TestReachGoalsInTurn(t *testing.T) {
	u, err := frontend.Load("../testdata/user/tables.c", frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower("weigh")
	require.NoError(t, err)
	for _, engine := range []string{EngineFD, EngineAuto} {
		g, err := NewGenerator(p, Options{Engine: engine, Steps: 200000})
		require.NoError(t, err)
		covered := 0
		for _, gl := range g.Decisions() {
			r := g.Reach(gl, 1)
			if r.Status == Covered {
				covered++
			}
		}
		require.Positive(t, covered, "engine %s", engine)
	}
}
