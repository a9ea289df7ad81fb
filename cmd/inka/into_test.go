package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCursorInputs: the end of a cursor points into the buffer of its
// pos (a pointer input into another input's object): every goal of
// testdata/memory/cursor.c is covered, the tests say where the pointers
// point ("&c[0].pos[2]" in JSON), and the harness made from that JSON
// builds them so (`c.end = c.pos + 2`): its tests pass with gcc.
func TestCursorInputs(t *testing.T) {
	file := filepath.Join("..", "..", "testdata", "memory", "cursor.c")
	out, errs, status := runCmd(t, "cover", file, "--format", "json")
	require.Equal(t, 0, status, errs)
	var run struct {
		Goals []struct{ ID, Status, Reason string }
		Tests []struct {
			Function string
			Args     map[string]any
			Objects  map[string]any
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &run))
	require.NotEmpty(t, run.Goals)
	for _, g := range run.Goals {
		assert.Equal(t, "covered", g.Status, "%s: %s", g.ID, g.Reason)
	}
	into := 0
	for _, tc := range run.Tests {
		for _, m := range []map[string]any{tc.Args, tc.Objects} {
			for k, v := range m {
				if s, ok := v.(string); ok && strings.HasPrefix(s, "&") {
					into++
					if tc.Function == "next_token" {
						assert.Regexp(t, `^&c\[\d\]\.pos\[\d+\]$`, s, k)
					} else {
						assert.Regexp(t, `^&p\[\d+\]$`, s, k)
					}
				}
			}
		}
	}
	assert.NotZero(t, into)

	hdir, out := harnessFrom(t, file, out, "--no-coverage")
	src, err := os.ReadFile(filepath.Join(hdir, "harness.c"))
	require.NoError(t, err)
	assert.Regexp(t, `\.end = inka_o\d+ \+ \d+`, string(src))
	assert.Contains(t, out, " 0 failed")
}

// harnessFrom writes the harness of the run whose JSON is run on file
// and validates it with gcc -O2 (and the flags given): the harness's
// directory and the validation's output.
func harnessFrom(t *testing.T, file, run string, flags ...string) (string, string) {
	t.Helper()
	dir := t.TempDir()
	jf := filepath.Join(dir, "run.json")
	require.NoError(t, os.WriteFile(jf, []byte(run), 0o644))
	hdir := filepath.Join(dir, "h")
	_, errs, status := runCmd(t, "harness", file, "--from", jf, "-o", hdir)
	require.Equal(t, 0, status, errs)
	out, errs, status := runCmd(t, append([]string{"validate", hdir, "--cc", "gcc", "--opt", "O2"}, flags...)...)
	require.Equal(t, 0, status, errs+out)
	return hdir, out
}
