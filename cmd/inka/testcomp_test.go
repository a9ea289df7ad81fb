package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTestCompUsage(t *testing.T) {
	task := "../../testdata/testcomp/sum_loop.yml"
	for _, args := range [][]string{
		{"testcomp"},
		{"testcomp", task}, // two properties: --property needed
		{"testcomp", task, "--property", "coverage-error", "--data-model", "lp64"},  // the task says
		{"testcomp", "../../testdata/testcomp/sum_loop.c", "--data-model", "ilp32"}, // not yet
		{"testcomp", "../../testdata/testcomp/sum_loop.c", "--property", "unreach-call"},
		{"testcomp", "../../testdata/testcomp/sum_loop.c", "--format", "xml"},
		{"testcomp", "no-such-file.c"},
		{"testcov", "../../testdata/testcomp/sum_loop.c"},
		{"testcov", "../../testdata/testcomp/sum_loop.c", "--suite", "x", "--random", "1s"},
		{"testcov", "../../testdata/testcomp/sum_loop.c", "--suite", "no-such-suite"},
	} {
		_, _, status := runCmd(t, args...)
		assert.Equal(t, exitUsage, status, "%v", args)
	}
	// JSON output is one object, also on failure.
	out, _, status := runCmd(t, "testcomp", task, "--format", "json")
	require.Equal(t, exitUsage, status)
	var v map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &v), out)
	assert.Contains(t, v["failure"], "several properties")
}

// The README's run: the task file, coverage-error, the suite as a zip,
// validated by inka testcov, which calls the program's reach_error.
func TestTestCompTask(t *testing.T) {
	dir := t.TempDir()
	zip := filepath.Join(dir, "suite.zip")
	out, errs, status := runCmd(t, "testcomp", "../../testdata/testcomp/sum_loop.yml", "--property", "coverage-error", "--zip", zip, "--format", "json")
	require.Equal(t, exitOK, status, errs)
	var tc struct {
		Property string
		Error    struct{ Status string }
		Tests    int
		Cases    []struct{ CoversError bool }
		Run      struct{ Schema string }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &tc), out)
	assert.Equal(t, "coverage-error", tc.Property)
	assert.Equal(t, "covered", tc.Error.Status)
	require.Equal(t, 1, tc.Tests)
	assert.True(t, tc.Cases[0].CoversError)
	assert.Equal(t, "inka/v1", tc.Run.Schema)
	_, err := os.Stat(zip)
	require.NoError(t, err)

	out, errs, status = runCmd(t, "testcov", "../../testdata/testcomp/sum_loop.yml", "--suite", zip, "--format", "json", "--dir", filepath.Join(dir, "work"))
	require.Equal(t, exitOK, status, errs)
	var cov struct {
		Tests      int
		Branches   int
		Taken      int
		ErrorCalls int64 `json:"error_calls"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &cov), out)
	assert.Equal(t, 1, cov.Tests)
	assert.Equal(t, int64(1), cov.ErrorCalls)
	assert.Equal(t, 10, cov.Branches) // gcov -b on sum_loop.c, checked by hand: 2 (&&) x 2 + 3 ifs x 2
	assert.Greater(t, cov.Taken, 0)
}
