package testgen

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// genOpts is gen with options.
func genOpts(t *testing.T, file, fn string, o Options) *Generator {
	t.Helper()
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower(fn)
	require.NoError(t, err)
	o.Check = true
	g, err := NewGenerator(p, o)
	require.NoError(t, err)
	t.Cleanup(func() { assert.Empty(t, g.SanityFailures(), "the sanity checkers") })
	return g
}

// answers prints a coverage run's answers and tests, for comparing runs.
func answers(cov *Coverage) []string {
	var out []string
	for _, gs := range cov.Goals {
		out = append(out, fmt.Sprintf("%s %v %s test %d", gs.Goal.ID(), gs.Status, gs.Engine, gs.Test))
	}
	for i, tc := range cov.Tests {
		var in []string
		for _, m := range []map[string]interp.Val{tc.Args, tc.Globals, tc.Objects} {
			for k, v := range m {
				in = append(in, k+"="+v.String())
			}
		}
		sort.Strings(in)
		out = append(out, fmt.Sprintf("test %d: %v null %v stubs %v", i, in, tc.Null, tc.Stubs))
	}
	return out
}

// A command dispatcher in the style of an ioctl handler: the magic numbers
// are out of reach of small random values, in reach of the function's own
// constants.
const dispatchSrc = `
#define CMD_RESET  0x4b1d
#define CMD_SPEED  0x5a02
#define CMD_QUERY  7340

int dev_ioctl(int cmd, long arg, int *state)
{
    switch (cmd) {
    case CMD_RESET:
        *state = 0;
        return 0;
    case CMD_SPEED:
        if (arg < 1200 || arg > 115200)
            return -22;
        *state = (int)(arg / 100);
        return 1;
    case CMD_QUERY:
        return *state == 0 ? 2 : 3;
    }
    return -25;
}
`

func writeC(t *testing.T, name, src string) string {
	t.Helper()
	file := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
	return file
}

// TestPrepassCoversAndReplays: the pre-pass alone takes the goals whose
// values are the function's constants and their neighbours; each of its
// tests, run again by the interpreter on its inputs, returns normally and
// takes every outcome it is said to cover.
func TestPrepassCoversAndReplays(t *testing.T) {
	file := writeC(t, "dev.c", dispatchSrc)
	g := genOpts(t, file, "dev_ioctl", Options{NoSolver: true})
	cov := g.Cover(AllDecisions, time.Minute)
	covered, _, unknown := cov.Counts()
	assert.Positive(t, cov.Stats.PrepassRuns)
	assert.Positive(t, cov.Stats.PrepassSteps)
	// The switch's four outcomes, arg < 1200 and arg > 115200 both ways,
	// *state == 0 both ways: every value is a constant of the function or
	// its neighbour.
	assert.Equal(t, len(cov.Goals), covered, "%v", answers(cov))
	assert.Zero(t, unknown)
	for i, tc := range cov.Tests {
		r, err := interp.Run(g.Prog, g.Fn.Name, tc.Inputs, interp.Config{PtrArrayLen: g.Opts.ArrayLen})
		require.NoError(t, err)
		require.Equal(t, interp.Returned, r.Outcome, "test %d", i)
		for _, id := range cov.Covers[i] {
			var found bool
			for _, gs := range cov.Goals {
				if gs.Goal.ID() == id {
					found = true
					assert.True(t, r.Covers(gs.Goal.Dec, gs.Goal.Outcome), "test %d, %s", i, id)
				}
			}
			assert.True(t, found, id)
		}
	}
	for _, gs := range cov.Goals {
		assert.Equal(t, EnginePrepass, gs.Engine, gs.Goal.ID())
	}
}

// TestPrepassDeterministic: the same options and seed give the same
// answers and the same tests, with the pre-pass alone and in full; another
// seed draws other values.
func TestPrepassDeterministic(t *testing.T) {
	for _, fn := range []string{"lua_tointeger", "lua_gc_step"} {
		var first []string
		for range 2 {
			g := genOpts(t, "../testdata/real/lstate.c", fn, Options{Seed: 3})
			a := answers(g.Cover(AllDecisions, time.Minute))
			if first == nil {
				first = a
				continue
			}
			assert.Equal(t, first, a, fn)
		}
	}
	file := writeC(t, "dev.c", dispatchSrc)
	var bySeed [][]string
	for _, seed := range []uint64{1, 1, 2} {
		g := genOpts(t, file, "dev_ioctl", Options{Seed: seed, NoSolver: true})
		bySeed = append(bySeed, answers(g.Cover(AllDecisions, time.Minute)))
	}
	assert.Equal(t, bySeed[0], bySeed[1])
	assert.NotEqual(t, bySeed[0], bySeed[2], "another seed, other draws")
}

// TestPrepassBudgetMonotone: the runs of a smaller pre-pass budget are the
// first runs of a larger one, so a larger budget never covers fewer goals.
func TestPrepassBudgetMonotone(t *testing.T) {
	for _, c := range []struct{ file, fn string }{
		{"../testdata/real/lstate.c", "lua_tointeger"},
		{"../testdata/real/zstream.c", "deflate_params_check"},
		{"../testdata/paper/trityp.c", "trityp"},
	} {
		var prev map[string]bool
		for _, steps := range []int64{200, 2_000, 20_000, 200_000} {
			g := genOpts(t, c.file, c.fn, Options{PrepassSteps: steps, NoSolver: true})
			cov := g.Cover(AllDecisions, time.Minute)
			got := map[string]bool{}
			for _, gs := range cov.Goals {
				if gs.Status == Covered {
					got[gs.Goal.ID()] = true
				}
			}
			for id := range prev {
				assert.True(t, got[id], "%s: %s covered with less budget, not with %d steps", c.fn, id, steps)
			}
			assert.LessOrEqual(t, cov.Stats.PrepassSteps, steps+1, "the step that finds the budget spent counts")
			prev = got
		}
	}
}

// A lookup in a hash table the solvers cannot model (the table's bucket
// array comes from calloc): the goal that wants three distinct keys in
// one bucket and the third looked up is taken once in thousands of runs.
// The first phase of the pre-pass stops long before (stale), the solvers
// leave it unknown, and the rest of the pre-pass's budget, resumed on the
// goals left, covers it. Whatever the solvers' budget, the pre-pass's
// runs are the same: a larger --steps never loses the goal.
func TestPrepassResumes(t *testing.T) {
	const file, fn = "../testdata/heap/hashtab.c", "tab_lookup"
	var prev map[string]bool
	for _, steps := range []int64{10_000, 10_000_000} {
		g := genOpts(t, file, fn, Options{Steps: steps})
		cov := g.Cover(AllDecisions, time.Minute)
		got := map[string]bool{}
		for _, gs := range cov.Goals {
			if gs.Status == Covered {
				got[gs.Goal.ID()] = true
			}
			if strings.HasSuffix(gs.Goal.ID(), "hashtab.c:79:9:true") {
				assert.Equal(t, Covered, gs.Status, "%d steps: %s", steps, gs.Reason)
				// fd may take it first: the bucket pointers loaded in a
				// function that stores pointers have exact values now
				// (pointsto's exact sets through memory)
				assert.Contains(t, []string{EnginePrepass, EngineFD}, gs.Engine)
			}
		}
		for id := range prev {
			assert.True(t, got[id], "%s covered with less budget, not with %d steps", id, steps)
		}
		assert.LessOrEqual(t, cov.Stats.PrepassSteps, int64(DefaultPrepassSteps+1))
		prev = got
	}
	g := genOpts(t, file, fn, Options{NoSolver: true, PrepassSteps: 20_000})
	cov := g.Cover(AllDecisions, time.Minute)
	covered, _, _ := cov.Counts()
	assert.Less(t, covered, len(cov.Goals), "a small pre-pass budget does not reach it: the resumed runs do")
}

// A record reader in the style of a file-format parser: the goals behind
// its length tests need buffers longer than --array-len's 4 elements.
const recordSrc = `
#include <stddef.h>

int read_record(const unsigned char *buf, size_t len)
{
    size_t i;
    unsigned sum = 0;
    if (len < 8)
        return -1;
    for (i = 0; i < 8; i++)
        sum += buf[i];
    if (len > 20 && buf[20] == 0)
        return 2;
    return sum > 100 ? 1 : 0;
}
`

// TestPrepassLongerInputs: when the runs on the generator's input length
// go stale with goals left, the pre-pass runs on longer inputs (4 and 16
// times as long, up to --max-len): alone, it takes the goals of a
// function that reads 8 and 21 bytes of a buffer, and its tests carry
// their length (Inputs.Len) and replay. With --max-len 4 no run is
// longer and those goals stay open.
func TestPrepassLongerInputs(t *testing.T) {
	file := writeC(t, "record.c", recordSrc)
	g := genOpts(t, file, "read_record", Options{NoSolver: true})
	cov := g.Cover(AllDecisions, time.Minute)
	covered, _, _ := cov.Counts()
	assert.Equal(t, len(cov.Goals), covered, "%v", answers(cov))
	long := 0
	for i, tc := range cov.Tests {
		if tc.Inputs.Len > 0 {
			long++
			assert.Contains(t, []int{16, 64}, tc.Inputs.Len)
		}
		r, err := interp.Run(g.Prog, g.Fn.Name, tc.Inputs, interp.Config{PtrArrayLen: g.Opts.ArrayLen})
		require.NoError(t, err)
		require.Equal(t, interp.Returned, r.Outcome, "test %d", i)
	}
	assert.Positive(t, long, "a test on longer inputs")

	short := genOpts(t, file, "read_record", Options{NoSolver: true, MaxLen: 4})
	cov = short.Cover(AllDecisions, time.Minute)
	covered, _, _ = cov.Counts()
	assert.Less(t, covered, len(cov.Goals), "%v", answers(cov))
	for _, tc := range cov.Tests {
		assert.Zero(t, tc.Inputs.Len)
	}
}

// A configuration-line parser: the goal behind five digits after "k="
// needs 8 bytes; on inputs of 4 the search for it is stopped by the
// unrolling bound of the library's strchr and the digit loop, not by the
// length, so nothing said "longer inputs" before.
const kvSrc = `
#include <string.h>

int parse_num(const char *s, int *value)
{
    const char *eq = strchr(s, '=');
    if (!eq || eq == s)
        return -1;
    *value = 0;
    for (const char *q = eq + 1; *q; q++) {
        if (*q < '0' || *q > '9')
            return -2;
        *value = *value * 10 + (*q - '0');
        if (*value > 9999)
            return -3;
    }
    return 0;
}
`

// TestLengthAfterUnrollingBound: a search stopped by the unrolling bound
// in a function that indexes its input arrays by a variable tries longer
// inputs (its reason says so), and the solver alone, without the pre-pass,
// finds the test on 16 bytes; it replays.
func TestLengthAfterUnrollingBound(t *testing.T) {
	file := writeC(t, "kv.c", kvSrc)
	g := genOpts(t, file, "parse_num", Options{Engine: EngineFD})
	r := g.Reach(decisionGoal(t, g, 14, "true"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	tc := r.Tests[0]
	assert.Greater(t, tc.Inputs.Len, 4)
	res, err := interp.Run(g.Prog, g.Fn.Name, tc.Inputs, interp.Config{PtrArrayLen: g.Opts.ArrayLen})
	require.NoError(t, err)
	assert.Equal(t, interp.Returned, res.Outcome)
	assert.Equal(t, int64(-3), res.Return.Int64())
}
