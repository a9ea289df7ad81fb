package main

import (
	"encoding/json"
	"runtime"
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
