package testgen

import (
	"testing"

	"github.com/inka-tool/inka/frontend"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func gen(t *testing.T, file, fn string) *Generator {
	t.Helper()
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower(fn)
	require.NoError(t, err)
	g, err := NewGenerator(p, Options{Check: true})
	require.NoError(t, err)
	t.Cleanup(func() { assert.Empty(t, g.SanityFailures(), "the sanity checkers") })
	return g
}

// decisionGoal returns the outcome of the decision or assertion on line.
func decisionGoal(t *testing.T, g *Generator, line int, outcome string) Goal {
	t.Helper()
	for _, gl := range append(g.Decisions(), g.Assertions()...) {
		if gl.Dec.Pos.Line == line && gl.Dec.Outcomes[gl.Outcome] == outcome {
			return gl
		}
	}
	t.Fatalf("no decision outcome %s on line %d", outcome, line)
	return Goal{}
}

func TestReachFoo(t *testing.T) {
	g := gen(t, "../testdata/paper/foo.c", "foo")
	r := g.Reach(decisionGoal(t, g, 19, "true"), 10)
	t.Logf("%v %s %v %+v", r.Status, r.Reason, r.Domains, r.Stats)
	require.Equal(t, Covered, r.Status, r.Reason)
	require.Len(t, r.Tests, 1)
	require.Equal(t, int64(5), r.Tests[0].Args["i"].Int64())
}

func TestReachLh98(t *testing.T) {
	g := gen(t, "../testdata/paper/lh98.c", "lh98")
	r := g.Reach(decisionGoal(t, g, 20, "true"), 10)
	t.Logf("%v %s %v %+v", r.Status, r.Reason, r.Domains, r.Stats)
	require.Equal(t, Covered, r.Status, r.Reason)
	require.Equal(t, "8..9", r.Domains["h"])
	require.Len(t, r.Tests, 2)
	require.Equal(t, int64(8), r.Tests[0].Args["h"].Int64())
	require.Equal(t, int64(9), r.Tests[1].Args["h"].Int64())
}

func TestReachJos97(t *testing.T) {
	g := gen(t, "../testdata/paper/jos97.c", "jos97")
	r := g.Reach(decisionGoal(t, g, 23, "true"), 4)
	t.Logf("%v %s %v %+v", r.Status, r.Reason, r.Domains, r.Stats)
	require.Equal(t, Covered, r.Status, r.Reason)
	require.Len(t, r.Tests, 4)
	for i, want := range []int64{2, 5, 8, 11} {
		require.Equal(t, want, r.Tests[i].Args["i"].Int64())
	}
}

func TestReachFig1(t *testing.T) {
	g := gen(t, "../testdata/paper/fig1.c", "f")
	r := g.Reach(decisionGoal(t, g, 13, "true"), 5)
	t.Logf("%v %s %v %+v", r.Status, r.Reason, r.Domains, r.Stats)
	require.Equal(t, Covered, r.Status, r.Reason)
	require.Equal(t, "1", r.Domains["c"])
	for _, tc := range r.Tests {
		require.Equal(t, int64(1), tc.Args["c"].Int64())
	}
}

func TestCoverPaper(t *testing.T) {
	for _, c := range []struct {
		file, fn    string
		unreachable []string
	}{
		{"foo.c", "foo", nil}, {"lh98.c", "lh98", nil}, {"jos97.c", "jos97", nil}, {"fig1.c", "f", nil},
		{"trityp.c", "trityp", []string{"../testdata/paper/trityp.c:40:13:true"}},
	} {
		g := gen(t, "../testdata/paper/"+c.file, c.fn)
		cov := g.Cover(AllDecisions, 0)
		var unr []string
		for _, gs := range cov.Goals {
			t.Logf("%s %s %v %s", c.fn, gs.Goal.ID(), gs.Status, gs.Reason)
			switch gs.Status {
			case Unreachable:
				unr = append(unr, gs.Goal.ID())
			case Unknown:
				t.Errorf("%s: %s unknown: %s", c.fn, gs.Goal.ID(), gs.Reason)
			}
		}
		require.Equal(t, c.unreachable, unr, c.fn)
		t.Logf("%s: %d tests %+v", c.fn, len(cov.Tests), cov.Stats)
	}
}
