package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// inka arith gen prints the same program for the same seed, with the
// options that reproduce it in its header.
func TestArithGen(t *testing.T) {
	a, errs, status := runCmd(t, "arith", "gen", "--seed", "5", "--exprs", "3", "--size", "40", "--stats")
	require.Equal(t, exitOK, status, errs)
	assert.Contains(t, a, "/* inka arith gen --seed 5 --exprs 3 --size 40 --depth 40 --vars 17: 120 operators")
	assert.Contains(t, a, `printf("NG e2 `)
	assert.Contains(t, errs, "120 operators")
	file := filepath.Join(t.TempDir(), "p.c")
	_, errs, status = runCmd(t, "arith", "gen", "--seed", "5", "--exprs", "3", "--size", "40", "-o", file)
	require.Equal(t, exitOK, status, errs)
	b, err := os.ReadFile(file)
	require.NoError(t, err)
	assert.Equal(t, a, string(b))
}

func TestArithBadUsage(t *testing.T) {
	checkBadInput(t, []badInput{
		{[]string{"arith"}, "usage:"},
		{[]string{"arith", "frobnicate"}, `unknown subcommand "frobnicate"`},
		{[]string{"arith", "gen", "--size", "-1"}, "--size -1"},
		{[]string{"arith", "gen", "--depth", "3", "--size", "100"}, "holds at most 7"},
		{[]string{"arith", "gen", "extra"}, `unexpected argument "extra"`},
		{[]string{"arith", "run"}, "--programs N or --duration D"},
		{[]string{"arith", "run", "--programs", "1", "--opt", "O7"}, "unknown optimization level"},
		{[]string{"arith", "run", "--programs", "1", "--cc", "no-such-cc"}, `compiler "no-such-cc" not found`},
		{[]string{"arith", "reduce", "--seed", "1"}, "--cc CC --opt O"},
	})
}

// A short campaign with gcc: the table, the JSON summary, and reduce
// refusing a program that does not fail.
func TestArithRun(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed")
	}
	dir := t.TempDir()
	out, errs, status := runCmd(t, "arith", "run", "--programs", "2", "--exprs", "3", "--size", "30",
		"--cc", "gcc", "--opt", "O0,O2", "--out", dir, "--format", "json")
	require.Equal(t, exitOK, status, errs)
	var s struct {
		Programs  int                       `json:"programs"`
		Operators int                       `json:"operators"`
		Counts    map[string]map[string]int `json:"counts"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &s), out)
	assert.Equal(t, 2, s.Programs)
	assert.Equal(t, 180, s.Operators)
	assert.Equal(t, 2, s.Counts["gcc -O0"]["pass"])
	assert.Equal(t, 2, s.Counts["gcc -O2"]["pass"])

	_, errs, status = runCmd(t, "arith", "reduce", "--seed", "1", "--exprs", "2", "--size", "10",
		"--cc", "gcc", "--opt", "O0", "--out", filepath.Join(dir, "r.c"))
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errs, "does not fail")
}
