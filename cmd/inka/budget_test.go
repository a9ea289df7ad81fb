package main

import (
	"encoding/json"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withoutTimes returns an inka/v1 object with its time_ms fields removed:
// what must not depend on the machine.
func withoutTimes(t *testing.T, out string) string {
	t.Helper()
	var v any
	require.NoError(t, json.Unmarshal([]byte(out), &v), out)
	var strip func(any) any
	strip = func(v any) any {
		switch v := v.(type) {
		case map[string]any:
			delete(v, "time_ms")
			for k, x := range v {
				v[k] = strip(x)
			}
		case []any:
			for i, x := range v {
				v[i] = strip(x)
			}
		}
		return v
	}
	b, err := json.Marshal(strip(v))
	require.NoError(t, err)
	return string(b)
}

// TestSameAnswersUnderLoad: budgets are counted in steps, so the same
// file, options and seed give the same answers, tests and figures on an
// idle machine and on one whose other cores are busy. The step budget is
// small enough that some goals run out of it: where they stop must not
// depend on the load.
func TestSameAnswersUnderLoad(t *testing.T) {
	t.Chdir("../..")
	args := []string{"cover", "testdata/user/arith.c", "--steps", "150000", "--format", "json"}
	idle, errs, status := runCmd(t, args...)
	require.Equal(t, exitOK, status, errs)
	assert.True(t, strings.Contains(idle, "goal step budget exhausted (150000 steps)"), "some goal must run out of steps")

	// Keep every other core busy for the second run.
	var stop atomic.Bool
	var wg sync.WaitGroup
	for i := 1; i < max(2, runtime.GOMAXPROCS(0)); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := 0
			for !stop.Load() {
				x++
			}
			_ = x
		}()
	}
	loaded, errs, status := runCmd(t, args...)
	stop.Store(true)
	wg.Wait()
	require.Equal(t, exitOK, status, errs)
	assert.True(t, withoutTimes(t, idle) == withoutTimes(t, loaded), "the runs differ:\n%s\n%s", withoutTimes(t, idle), withoutTimes(t, loaded))
}

// TestSameAnswersEveryRun: a run is a function of the file, the options
// and the seed. Go gives every range over a map its own random order, so
// a map met on the way from the file to the answer (the join of an ite's
// trials, the first refusal of a points-to set, the order of the goals)
// shows here as runs that differ; so does a budget that depends on the
// scheduler (gini's pauses: bv.Solver.Solve). Each program runs several
// times in this process with the default engine, the finite-domain one and
// the bit-level one; the answers, the tests and the figures must be the
// same, wall times aside.
func TestSameAnswersEveryRun(t *testing.T) {
	t.Chdir("../..")
	const runs = 3
	for _, c := range []struct {
		file string
		sat  bool // also with --engine sat
	}{
		{"testdata/harness/callees.c", true},
		{"testdata/paper/fig1.c", true},
		{"testdata/paper/foo.c", true},
		{"testdata/paper/jos97.c", false},
		{"testdata/paper/jos97n.c", false},
		{"testdata/paper/lh98.c", true},
		{"testdata/paper/trityp.c", true},
		{"testdata/real/httpparse.c", true},
		{"testdata/real/sds.c", true},
		{"testdata/real/zstream.c", true},
		{"testdata/real/ctable.c", false},
	} {
		engines := []string{"auto", "fd"}
		if c.sat {
			engines = append(engines, "sat")
		}
		for _, engine := range engines {
			args := []string{"cover", c.file, "--engine", engine, "--format", "json"}
			var first string
			for i := range runs {
				out, errs, status := runCmd(t, args...)
				require.Equal(t, exitOK, status, "%v: %s", args, errs)
				got := withoutTimes(t, out)
				if i == 0 {
					first = got
					continue
				}
				if got != first {
					t.Errorf("%v: run %d differs from run 1: %s", args, i+1, firstDifference(t, first, got))
					break
				}
			}
		}
	}
}

// firstDifference names the first place where two JSON texts differ, and
// the two values there.
func firstDifference(t *testing.T, a, b string) string {
	t.Helper()
	var x, y any
	require.NoError(t, json.Unmarshal([]byte(a), &x))
	require.NoError(t, json.Unmarshal([]byte(b), &y))
	var walk func(path string, x, y any) string
	walk = func(path string, x, y any) string {
		switch x := x.(type) {
		case map[string]any:
			if y, ok := y.(map[string]any); ok {
				var keys []string
				for k := range x {
					keys = append(keys, k)
				}
				for k := range y {
					if _, ok := x[k]; !ok {
						keys = append(keys, k)
					}
				}
				sort.Strings(keys)
				for _, k := range keys {
					if d := walk(path+"."+k, x[k], y[k]); d != "" {
						return d
					}
				}
				return ""
			}
		case []any:
			if y, ok := y.([]any); ok && len(x) == len(y) {
				for i := range x {
					if d := walk(fmt.Sprintf("%s[%d]", path, i), x[i], y[i]); d != "" {
						return d
					}
				}
				return ""
			}
		default:
			if x == y {
				return ""
			}
		}
		xs, _ := json.Marshal(x)
		ys, _ := json.Marshal(y)
		return fmt.Sprintf("%s:\n%.2000s\n%.2000s", path, xs, ys)
	}
	return walk("", x, y)
}

// TestTotalTimeout: --total-timeout bounds the whole run, the loading of
// the file included; the answers found by then are printed and the other
// goals are unknown with the reason. The bound is 10 % over the budget,
// plus a second for the scheduler of a machine shared by other jobs.
func TestTotalTimeout(t *testing.T) {
	t.Chdir("../..")
	const total = 2 * time.Second
	start := time.Now()
	out, errs, status := runCmd(t, "cover", "testdata/user/arith.c", "--total-timeout", total.String(), "--format", "json")
	wall := time.Since(start)
	require.Equal(t, exitOK, status, errs)
	assert.Less(t, wall, total*11/10+time.Second)
	var run struct {
		Goals []struct{ Status, Reason string }
		Tests []any
	}
	require.NoError(t, json.Unmarshal([]byte(out), &run))
	exhausted := 0
	for _, g := range run.Goals {
		if strings.Contains(g.Reason, "total budget exhausted") {
			exhausted++
			assert.Equal(t, "unknown", g.Status)
		}
	}
	assert.Positive(t, exhausted, "arith.c takes longer than %v", total)
	assert.NotEmpty(t, run.Tests, "the answers found before are kept")
}

// TestBudgetOptions: the budget options take only meaningful values.
func TestBudgetOptions(t *testing.T) {
	t.Chdir("../..")
	checkBadInput(t, []badInput{
		{[]string{"cover", "testdata/paper/foo.c", "--timeout", "0"}, "want a duration > 0"},
		{[]string{"cover", "testdata/paper/foo.c", "--timeout", "-5s"}, "want a duration > 0"},
		{[]string{"cover", "testdata/paper/foo.c", "--total-timeout", "-1s"}, "want a duration > 0"},
		{[]string{"reach", "testdata/paper/foo.c:13:true", "--steps", "0"}, "want an integer in 1.."},
		{[]string{"reach", "testdata/paper/foo.c:13:true", "--steps", "ten"}, "want an integer in 1.."},
	})
}

// TestJSONAlways: with --format json, reach and cover print one inka/v1
// object whatever happens — a syntax error, a missing file, a function
// inka refuses, a line with no goal — naming the error (or the skipped
// function) as the text output does on stderr, with exit status 2.
func TestJSONAlways(t *testing.T) {
	t.Chdir("../..")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"cover", "testdata/unsupported/syntax.c"}, "testdata/unsupported/syntax.c:3:"},
		{[]string{"cover", "testdata/missing.c"}, "testdata/missing.c: no such file"},
		{[]string{"cover", "testdata/unsupported/long_double.c"}, "unsupported: floating-point"},
		{[]string{"cover", "testdata/unsupported/int_to_ptr.c"}, "unsupported: cast from integer to pointer"},
		{[]string{"reach", "testdata/unsupported/long_double.c:3"}, "unsupported: floating-point"},
		{[]string{"reach", "testdata/unsupported/int_to_ptr.c:3"}, "unsupported: cast from integer to pointer"},
		{[]string{"reach", "testdata/paper/foo.c:2"}, "testdata/paper/foo.c:2:1: no statement on line 2"},
		{[]string{"reach", "nofile"}, "bad goal"},
	} {
		out, errs, status := runCmd(t, append(c.args, "--format", "json")...)
		assert.Equal(t, exitUsage, status, "%v: %s", c.args, errs)
		var run struct {
			Schema  string
			Error   string
			Skipped []struct{ Reason string }
		}
		require.NoError(t, json.Unmarshal([]byte(out), &run), "%v: %q", c.args, out)
		assert.Equal(t, "inka/v1", run.Schema, c.args)
		why := run.Error
		if len(run.Skipped) > 0 {
			why = run.Skipped[0].Reason
		}
		assert.Contains(t, why, c.want, c.args)
		assert.Contains(t, errs, c.want, c.args)
	}
}

// TestArgsInParameterOrder: the args of a test are listed in parameter
// order in the JSON object (and the text), not alphabetically.
func TestArgsInParameterOrder(t *testing.T) {
	t.Chdir("../..")
	out, errs, status := runCmd(t, "reach", "testdata/paper/trityp.c:40:false", "--format", "json")
	require.Equal(t, exitOK, status, errs)
	i := strings.Index(out, `"args": {`)
	require.GreaterOrEqual(t, i, 0, out)
	block := out[i : i+strings.Index(out[i:], "}")]
	pi, pj, pk := strings.Index(block, `"i"`), strings.Index(block, `"j"`), strings.Index(block, `"k"`)
	assert.True(t, 0 < pi && pi < pj && pj < pk, "i, j, k in order: %s", block)

	out, _, _ = runCmd(t, "reach", "testdata/user/arith.c:8:true")
	assert.Contains(t, out, "a=1 b=", "a before b")
}

// TestAllBounds: --all takes 1..100000, and a run that gives fewer tests
// than asked says why, in the text and the JSON.
func TestAllBounds(t *testing.T) {
	t.Chdir("../..")
	checkBadInput(t, []badInput{
		{[]string{"reach", "testdata/paper/lh98.c:20:true", "--all", "0"}, "want an integer in 1..100000"},
		{[]string{"reach", "testdata/paper/lh98.c:20:true", "--all", "-3"}, "want an integer in 1..100000"},
	})
	out, _, status := runCmd(t, "reach", "testdata/paper/lh98.c:20:true", "--all", "5")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "2 of the 5 tests asked for: the search is complete")
	out, _, status = runCmd(t, "reach", "testdata/paper/jos97.c:23:true", "--all", "50", "--steps", "3000", "--format", "json")
	require.Equal(t, exitOK, status)
	assert.Contains(t, out, "of the 50 tests asked for: the search stopped early (tests' share of the goal's step budget exhausted")
}
