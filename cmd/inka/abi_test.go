package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestABIUsage(t *testing.T) {
	for _, args := range [][]string{
		{"abi", "extra"},
		{"abi", "--format", "xml"},
		{"abi", "--weights", "banana=1"},
		{"abi", "--ref", "icc"},
		{"abi", "--opt", "2"},
		{"abi", "--emit", t.TempDir()},
		{"abi", "--emit", t.TempDir(), "--test", "q7"},
		// i386 is another convention: refused, not a link error
		{"abi", "--cc", "gcc -m32,gcc", "--random", "1", "--opt", "O0", "--dir", t.TempDir()},
	} {
		_, _, status := runCmd(t, args...)
		assert.Equal(t, exitUsage, status, "%v", args)
	}
}

func TestABITable(t *testing.T) {
	out, errs, status := runCmd(t, "abi", "--table")
	require.Equal(t, exitOK, status, errs)
	assert.True(t, strings.HasPrefix(out, "127 states, 33 criteria, 2658 transitions, 55818 transition pairs\n"), out[:80])
	assert.Contains(t, out, "q0 [init]")
	assert.Contains(t, out, "55818/55818 transition pairs")
}

// A test's sources, then a run of the same test by ID: the JSON report
// is one object with the pairings and no failure (gcc against itself).
func TestABIEmitAndRun(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found")
	}
	dir := t.TempDir()
	_, errs, status := runCmd(t, "abi", "--emit", dir, "--test", "r3,p5v")
	require.Equal(t, exitOK, status, errs)
	caller, err := os.ReadFile(filepath.Join(dir, "caller.c"))
	require.NoError(t, err)
	assert.Contains(t, string(caller), "/* r3: ")
	assert.Contains(t, string(caller), "/* p5v: ")

	out, errs, status := runCmd(t, "abi", "--cc", "gcc,gcc2=gcc", "--opt", "O0", "--test", "r3,p5v", "--dir", filepath.Join(dir, "work"), "--format", "json")
	require.Equal(t, exitOK, status, errs)
	var rep struct {
		Schema   string `json:"schema"`
		Pairings []struct {
			Caller, Callee string
			Tests, Passed  int
			TestsPerMinute float64 `json:"tests_per_minute"`
		} `json:"pairings"`
		Failures []any `json:"failures"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.Equal(t, "inka-abi/v1", rep.Schema)
	require.Len(t, rep.Pairings, 4)
	for _, p := range rep.Pairings {
		assert.Equal(t, 2, p.Tests)
		assert.Equal(t, 2, p.Passed)
		assert.Greater(t, p.TestsPerMinute, 0.0)
	}
	assert.Empty(t, rep.Failures)
}
