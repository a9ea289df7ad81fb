package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHarnessCommands: the three ways to a harness (cover --emit-harness,
// harness from a fresh run, harness --from a saved run), then validate.
func TestHarnessCommands(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found")
	}
	t.Chdir("../..")
	tmp := t.TempDir()
	const file = "testdata/harness/callees.c"
	budget := []string{"--timeout", "2s", "--max-unroll", "12", "--prepass-steps", "0"}

	d1 := filepath.Join(tmp, "cover")
	out, errs, status := runCmd(t, append([]string{"cover", file, "--format", "json", "--emit-harness", d1, "--split"}, budget...)...)
	require.Equal(t, exitOK, status, errs)
	assert.Contains(t, errs, "inka: harness of 3 tests (0 skipped) written to "+d1)
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "run.json"), []byte(out), 0o644))
	for _, f := range []string{"harness.c", "stubs.c", "inka_harness.h", "inka_unit.h", "inka-harness.json"} {
		assert.FileExists(t, filepath.Join(d1, f))
	}

	d2 := filepath.Join(tmp, "from")
	_, errs, status = runCmd(t, "harness", file, "--from", filepath.Join(tmp, "run.json"), "-o", d2)
	require.Equal(t, exitOK, status, errs)
	assert.NoFileExists(t, filepath.Join(d2, "stubs.c"))

	d3 := filepath.Join(tmp, "fresh")
	_, errs, status = runCmd(t, append([]string{"harness", file, "--func", "classify", "-o", d3}, budget...)...)
	require.Equal(t, exitOK, status, errs)

	// The saved run and the fresh one give the same harness.
	a, err := os.ReadFile(filepath.Join(d2, "harness.c"))
	require.NoError(t, err)
	b, err := os.ReadFile(filepath.Join(d3, "harness.c"))
	require.NoError(t, err)
	assert.Equal(t, string(a), string(b))

	out, errs, status = runCmd(t, "validate", d2, "--cc", "gcc", "--opt", "O0,O1", "--werror")
	require.Equal(t, exitOK, status, "%s%s", out, errs)
	assert.Contains(t, out, "gcc -O1: built in")
	assert.Contains(t, out, "3 passed, 0 failed")
	var p1, p2, pna, g1, g2 int
	i := strings.Index(out, "coverage: ")
	require.GreaterOrEqual(t, i, 0, out)
	_, err = fmt.Sscanf(out[i:], "coverage: probes confirm %d of %d claimed decision outcomes (%d not checkable: in headers); gcov confirms %d of %d", &p1, &p2, &pna, &g1, &g2)
	require.NoError(t, err, out)
	assert.True(t, p1 == p2 && g1 == g2 && p1 > 0, "every claim confirmed: %s", out)
	assert.Contains(t, out, "no disagreement")

	// The split harness builds with gcc alone too.
	out, errs, status = runCmd(t, "validate", d1, "--cc", "gcc", "--opt", "O2", "--no-coverage")
	require.Equal(t, exitOK, status, "%s%s", out, errs)
	assert.NotContains(t, out, "probes")
}

// TestHarnessBadInput: bad usage and input the harness cannot take exit
// with status 2 and a file:line:col message.
func TestHarnessBadInput(t *testing.T) {
	t.Chdir("../..")
	tmp := t.TempDir()
	other := filepath.Join(tmp, "other.json")
	out, _, status := runCmd(t, "cover", "testdata/paper/foo.c", "--format", "json")
	require.Equal(t, exitOK, status)
	require.NoError(t, os.WriteFile(other, []byte(out), 0o644))
	garbage := filepath.Join(tmp, "garbage.json")
	require.NoError(t, os.WriteFile(garbage, []byte("{\n  not json"), 0o644))
	cases := []badInput{
		{[]string{"harness", "testdata/paper/foo.c"}, "usage: inka harness"},
		{[]string{"harness", "testdata/nofile.c", "-o", tmp}, "testdata/nofile.c: no such file or directory"},
		{[]string{"harness", "testdata/unsupported/computed_goto.c", "-o", tmp}, "testdata/unsupported/computed_goto.c:4:5: unsupported: computed goto"},
		{[]string{"harness", "testdata/paper/lh98.c", "--from", other, "-o", tmp}, "testdata/paper/lh98.c: " + other + " holds the tests of testdata/paper/foo.c, not of this file"},
		{[]string{"harness", "testdata/paper/foo.c", "--from", garbage, "-o", tmp}, garbage + ":2:3: reading an inka/v1 run: invalid character 'n'"},
		{[]string{"harness", "testdata/paper/foo.c", "--from", filepath.Join(tmp, "none.json"), "-o", tmp}, filepath.Join(tmp, "none.json") + ": no such file or directory"},
		{[]string{"validate", filepath.Join(tmp, "none")}, "no such file or directory"},
		{[]string{"validate", tmp, "--opt", "fast"}, `bad optimization level "fast"`},
	}
	checkBadInput(t, cases)
}

// TestHarnessFromKeepsOptions: a run made with --array-len 6 records it in
// its inka/v1 "options", and `inka harness --from` builds the inputs with
// it without being told again.
func TestHarnessFromKeepsOptions(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found")
	}
	t.Chdir("../..")
	tmp := t.TempDir()
	src := filepath.Join(tmp, "far.c")
	require.NoError(t, os.WriteFile(src, []byte("int far(int *p) { if (p[5] == 3) return 1; return 0; }\n"), 0o644))
	out, errs, status := runCmd(t, "cover", src, "--array-len", "6", "--format", "json")
	require.Equal(t, exitOK, status, errs)
	r := runJSONText(t, out)
	require.NotNil(t, r.Options)
	assert.Equal(t, 6, r.Options.ArrayLen)
	for _, g := range r.Goals {
		assert.Equal(t, "covered", g.Status, g.Reason)
	}
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "run.json"), []byte(out), 0o644))
	dir := filepath.Join(tmp, "h")
	_, errs, status = runCmd(t, "harness", src, "--from", filepath.Join(tmp, "run.json"), "-o", dir)
	require.Equal(t, exitOK, status, errs)
	out, errs, status = runCmd(t, "validate", dir, "--cc", "gcc", "--opt", "O0", "--no-coverage")
	require.Equal(t, exitOK, status, "%s%s", out, errs)
	assert.Contains(t, out, "2 passed, 0 failed")
}
