package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEnginesAndDumps: the JSON says which engine answered each goal
// (without the pre-pass, which would take them first); --engine forces one; --dump-smt2 writes one SMT-LIB query per goal, and
// z3 answers each as inka did: sat for a covered goal, unsat for an
// unreachable one.
func TestEnginesAndDumps(t *testing.T) {
	t.Chdir("../..")
	dir := t.TempDir()
	r := runJSON(t, "cover", "testdata/bitlevel/xorshift.c", "--func", "seed32", "--dump-smt2", dir, "--prepass-steps", "0")
	require.NotEmpty(t, r.Goals)
	engines := map[string]int{}
	for _, g := range r.Goals {
		engines[g.Engine]++
		if g.Outcome == true {
			// The inversion of xorshift and its proof: gini's.
			assert.Equal(t, "sat", g.Engine, g.ID)
		} else {
			assert.Contains(t, []string{"fd", "sat"}, g.Engine, g.ID)
		}
	}
	assert.Equal(t, engines, r.Stats.Engines)
	assert.Positive(t, r.Stats.SATSolves)

	fdRun := runJSON(t, "cover", "testdata/paper/trityp.c", "--engine", "fd", "--prepass-steps", "0")
	for _, g := range fdRun.Goals {
		assert.Contains(t, []string{"fd", "constant", ""}, g.Engine, g.ID)
	}
	assert.Zero(t, fdRun.Stats.SATSolves, "--engine fd never asks gini")

	files, _ := filepath.Glob(filepath.Join(dir, "*.smt2"))
	require.Len(t, files, len(r.Goals), "one query per goal")
	z3, err := exec.LookPath("z3")
	if err != nil {
		t.Skip("z3 not installed: the dumped queries are not checked")
	}
	for _, g := range r.Goals {
		name := "seed32-" + strings.NewReplacer(":", "-").Replace(strings.TrimPrefix(g.ID, "testdata/bitlevel/")) + ".smt2"
		path := filepath.Join(dir, name)
		_, err := os.Stat(path)
		require.NoError(t, err, "no query for %s", g.ID)
		out, _ := exec.Command(z3, path).CombinedOutput()
		want := map[string]string{"covered": "sat", "unreachable": "unsat"}[g.Status]
		assert.Equal(t, want, strings.TrimSpace(string(out)), "z3 on %s (%s)", name, g.Status)
	}
}
