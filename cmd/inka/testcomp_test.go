package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/internal/ccheck"
	"github.com/inka-tool/inka/ir"
)

func TestTestCompUsage(t *testing.T) {
	task := "../../testdata/testcomp/sum_loop.yml"
	for _, args := range [][]string{
		{"testcomp"},
		{"testcomp", task}, // two properties: --property needed
		{"testcomp", task, "--property", "coverage-error", "--data-model", "lp64"},  // the task says
		{"testcomp", "../../testdata/testcomp/sum_loop.c", "--data-model", "ilp64"}, // no such model
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

// An ILP32 task: the test inka writes reaches the error in gcc -m32's
// build, and not in the build for LP64 of the same program (its five
// items fill 40 bytes only with 4-byte pointers and longs). The suite's
// metadata says 32bit.
func TestTestCompILP32Task(t *testing.T) {
	if err := ccheck.Links("gcc", ir.ILP32); err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	suite := filepath.Join(dir, "suite")
	out, errs, status := runCmd(t, "testcomp", "../../testdata/testcomp/item_arena.yml", "--property", "coverage-error", "-o", suite, "--format", "json")
	require.Equal(t, exitOK, status, errs)
	var tc struct {
		Error struct{ Status string }
		Cases []struct {
			Inputs []struct{ Value string }
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &tc), out)
	require.Equal(t, "covered", tc.Error.Status)
	require.Len(t, tc.Cases, 1)
	assert.Equal(t, "5", tc.Cases[0].Inputs[0].Value)
	meta, err := os.ReadFile(filepath.Join(suite, "metadata.xml"))
	require.NoError(t, err)
	assert.Contains(t, string(meta), "<architecture>32bit</architecture>")

	calls := func(task string) int64 {
		out, errs, status := runCmd(t, "testcov", task, "--suite", suite, "--format", "json", "--dir", t.TempDir())
		require.Equal(t, exitOK, status, errs)
		var cov struct {
			ErrorCalls int64 `json:"error_calls"`
		}
		require.NoError(t, json.Unmarshal([]byte(out), &cov), out)
		return cov.ErrorCalls
	}
	assert.Equal(t, int64(1), calls("../../testdata/testcomp/item_arena.yml"), "gcc -m32")
	assert.Equal(t, int64(0), calls("../../testdata/testcomp/item_arena.c"), "gcc -m64")
}

// A program gcc rejects: inka testcov says first where inka's own front
// end finds the error (file:line:col: message, no "inka:" prefix), then
// what gcc said; exit status 2.
func TestTestCovFrontEndFirst(t *testing.T) {
	file := filepath.Join(t.TempDir(), "broken.c")
	src := "extern int __VERIFIER_nondet_int(void);\nint main() {\n  int x = __VERIFIER_nondet_int();\n  if (x > 3 +) return 1;\n  return 0;\n}\n"
	require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
	_, errs, status := runCmd(t, "testcov", file, "--random", "1s", "--max-runs", "1")
	require.Equal(t, exitUsage, status)
	first, rest, _ := strings.Cut(errs, "\n")
	assert.True(t, strings.HasPrefix(first, file+":4:14: "), "first line: %q", first)
	assert.Contains(t, rest, "error:", "gcc's message follows")
}
