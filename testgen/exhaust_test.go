package testgen

import (
	"testing"
	"time"

	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/interp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Loops whose trip count is an input, beyond the unrolling bound: the
// goals after them are answered by running every input left.
const exhaustSrc = `
/* A checksum over the bytes of a frame whose length is one byte. */
int frame_sum(unsigned char len)
{
    unsigned sum = 0;
    for (unsigned i = 0; i < len; i++)
        sum += 3;
    if (sum == 1000)      /* 1000 is no multiple of 3 */
        return 1;
    return 0;
}

/* A poll loop that waits limit rounds. */
int poll_rounds(short limit)
{
    int n = 0;
    if (limit < 0 || limit > 500)
        return -1;
    while (n < limit)
        n++;
    if (n == 300)
        return 1;
    return 0;
}

/* A walk of even steps towards target: odd targets never stop. */
int walk(int target)
{
    int x = 0;
    if (target < 0 || target > 100)
        return -1;
    while (x != target)
        x += 2;
    if (x == 77)
        return 1;
    return 0;
}
`

// goalOf returns the decision goal of fn at line with the given outcome.
func goalOf(t *testing.T, g *Generator, line int, outcome string) Goal {
	t.Helper()
	for _, gl := range g.Decisions() {
		if gl.Dec.Pos.Line == line && gl.Dec.Outcomes[gl.Outcome] == outcome {
			return gl
		}
	}
	t.Fatalf("no goal at line %d -> %s", line, outcome)
	return Goal{}
}

func TestExhaustion(t *testing.T) {
	file := writeC(t, "loops.c", exhaustSrc)

	// 256 trip counts, none of which gives 1000: a proof, which the model
	// alone (64 iterations unrolled) cannot make.
	g := genOpts(t, file, "frame_sum", Options{})
	r := g.Reach(goalOf(t, g, 8, "true"), 1)
	assert.Equal(t, Unreachable, r.Status, r.Reason)
	assert.Equal(t, EngineExhaust, r.Engine)
	assert.Contains(t, r.Reason, "proof by exhaustion")
	o := Options{MaxUnroll: 300}
	g = genOpts(t, file, "frame_sum", o)
	assert.NotEqual(t, EngineExhaust, g.Reach(goalOf(t, g, 8, "true"), 1).Engine,
		"with the bound above 255 the solver answers alone")

	// 300 iterations: found by the runs, among the 501 limits propagation
	// leaves, and the test replays to the goal.
	g = genOpts(t, file, "poll_rounds", Options{})
	r = g.Reach(goalOf(t, g, 21, "true"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	assert.Equal(t, EngineExhaust, r.Engine)
	require.Len(t, r.Tests, 1)
	assert.Equal(t, interp.IntVal(r.Tests[0].Args["limit"].Typ, 300), r.Tests[0].Args["limit"])
	assert.True(t, r.Tests[0].Result.Covers(goalOf(t, g, 21, "true").Dec, goalOf(t, g, 21, "true").Outcome))

	// Odd targets never end: the runs stopped by the step limit leave the
	// proof incomplete, whatever the even ones show.
	g = genOpts(t, file, "walk", Options{})
	r = g.Reach(goalOf(t, g, 34, "true"), 1)
	assert.Equal(t, Unknown, r.Status, r.Reason)
}

// A goal 100 iterations into a loop over a 32-bit counter: too many
// inputs to run them all, within reach of the deeper unrolling bound.
const deepenSrc = `
unsigned drain(unsigned count)
{
    unsigned left = count, rounds = 0;
    while (left > 0) {
        left -= left > 4 ? 4 : left;
        rounds++;
    }
    if (rounds == 100)
        return 1;
    return 0;
}
`

func TestDeepening(t *testing.T) {
	file := writeC(t, "drain.c", deepenSrc)
	g := genOpts(t, file, "drain", Options{})
	goal := goalOf(t, g, 9, "true")
	r := g.Reach(goal, 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	require.Len(t, r.Tests, 1)
	assert.True(t, r.Tests[0].Result.Covers(goal.Dec, goal.Outcome))

	// The bounds grow twice: a loop that needs more iterations than 16
	// times the first bound stays unknown, and says which bounds it tried.
	g = genOpts(t, file, "drain", Options{MaxUnroll: 4})
	r = g.Reach(goalOf(t, g, 9, "true"), 1)
	assert.Equal(t, Unknown, r.Status)
	assert.Contains(t, r.Reason, "unrolling bound hit (bounds up to --max-unroll 64 and --max-inline 8 tried)")
}

// The inlining bound grows only where the inlined function stays small:
// a recursion that calls itself twice doubles its size with each level.
func TestDeepeningInlinedSize(t *testing.T) {
	file := writeC(t, "rec.c", `
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
int digits(unsigned n) { return n < 10 ? 1 : 1 + digits(n / 10); }
int tree(int n) { return fib(n) == 6765; }
int chain(unsigned n) { return digits(n) == 10; }
`)
	g := genOpts(t, file, "tree", Options{})
	assert.Greater(t, g.inlinedSize(16), maxInlinedStmts)
	g = genOpts(t, file, "chain", Options{})
	assert.Less(t, g.inlinedSize(16), 4*g.inlinedSize(8))
}

// Labeling tries first the value a run of the pre-pass near the goal had
// (Generator.near), then the usual order: the first solution of the
// search is the hinted value where it is allowed, the smallest one else.
func TestLabelingHints(t *testing.T) {
	file := writeC(t, "hint.c", `
int over(int level)
{
    if (level > 10)
        return 1;
    return 0;
}
`)
	g := genOpts(t, file, "over", Options{})
	goal := goalOf(t, g, 4, "true")
	first := func(hint int64) int64 {
		sh := g.sharedModel()
		require.NoError(t, sh.err)
		m := sh.m
		m.S.Push()
		defer m.S.Pop()
		g.near = map[outcome]map[string]interp.Val{}
		if hint != 0 {
			g.near[outcome{goal.Dec, goal.Outcome}] = map[string]interp.Val{"level": interp.IntVal(g.Fn.Params[0].Typ, hint)}
		}
		req := m.Reach(goal.Dec, goal.Outcome)
		require.True(t, req.Remove(fd.I64(0)) && m.S.Propagate())
		var got int64
		se := &searcher{m: m, hints: g.hints(m, goal)}
		se.onSolution = func() bool {
			got = m.Inputs()[0].Var.Val().Int64()
			return true
		}
		se.run()
		return got
	}
	assert.Equal(t, int64(11), first(0), "no hint: the value closest to zero")
	assert.Equal(t, int64(57), first(57), "the hint first")
	assert.Equal(t, int64(11), first(3), "a hint the goal excludes is not tried")
}

// A hint that leads nowhere does not take the search: the run of the
// pre-pass that reached the decision of a / b == 5 && a % b == -3 gives
// values of a and b no solution is near; the hint is tried in the
// paths-first rounds only, and the inputs-first rounds find a = -23,
// b = -4 in the usual order. Before, the hint took every round, which
// grew until the hinted subtree was refuted whole: 1.67 M steps for this
// goal, 423 without hints.
func TestLabelingHintBounded(t *testing.T) {
	file := writeC(t, "divs.c", `
int divs(int a, int b)
{
    if (b == 0)
        return -1;
    if (a / b == 5 && a % b == -3)
        return 1;
    return 0;
}
`)
	g := genOpts(t, file, "divs", Options{})
	cov := g.Cover(AllDecisions, time.Minute)
	for _, gs := range cov.Goals {
		assert.Equal(t, Covered, gs.Status, gs.Goal.ID())
	}
	assert.Less(t, cov.Stats.Steps, int64(100_000), "steps of the whole run")
}
