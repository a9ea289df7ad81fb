package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files of the ir tests")

// runCmd runs the command line args in the repository root.
func runCmd(t *testing.T, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errb bytes.Buffer
	status = run(args, &out, &errb)
	return out.String(), errb.String(), status
}

// TestIRGolden compares `inka ir FILE` with testdata/golden/*.ir for the
// paper's programs (testdata/paper) and the lowering examples
// (cmd/inka/testdata/lower). The paper's goldens were checked by hand
// against the normalized code of Figures 2, 9 and 11. Run with -update to
// rewrite them (and review the diff).
func TestIRGolden(t *testing.T) {
	t.Chdir("../..")
	paper, _ := filepath.Glob("testdata/paper/*.c")
	lowerEx, _ := filepath.Glob("cmd/inka/testdata/lower/*.c")
	files := append(paper, lowerEx...)
	require.NotEmpty(t, files)
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".c")
		t.Run(name, func(t *testing.T) {
			out, errs, status := runCmd(t, "ir", file)
			require.Equal(t, 0, status, errs)
			golden := filepath.Join("cmd/inka/testdata/golden", name+".ir")
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
				require.NoError(t, os.WriteFile(golden, []byte(out), 0o644))
				return
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test ./cmd/inka -run TestIRGolden -update")
			assert.Equal(t, string(want), out)
		})
	}
}

func TestIRFunc(t *testing.T) {
	t.Chdir("../..")
	out, errs, status := runCmd(t, "ir", "testdata/paper/jos97n.c", "--func", "jos97_6")
	require.Equal(t, 0, status, errs)
	assert.Contains(t, out, "func jos97_6(int i) int")
	assert.NotContains(t, out, "func jos97_3")
	assert.Contains(t, out, "testdata/paper/jos97n.c:49:9:true | testdata/paper/jos97n.c:49:9:false")

	// flags after the file
	out, _, status = runCmd(t, "ir", "--func=foo", "testdata/paper/foo.c")
	require.Equal(t, 0, status)
	assert.Contains(t, out, "func foo(int i) int")
}

// TestIRErrors checks the message, position and exit status of the input
// errors, with one C file per unsupported construct in
// testdata/unsupported, on the entry path of its function: a construct
// that only some runs execute is cut on those paths instead (see
// testdata/cut and TestCutPerPath).
func TestIRErrors(t *testing.T) {
	t.Chdir("../..")
	cases := []struct {
		file, want string
	}{
		{"anon_bitfield.c", "11:12: unsupported: bit-field in an anonymous struct or union member of union reg"},
		{"asm.c", "3:5: unsupported: inline assembly"},
		{"bitfield.c", "12:12: unsupported: + with the 40-bit bit-field c->count: gcc computes it in 40 bits"},
		{"case_range.c", "4:5: unsupported: case range"},
		{"complex.c", "3:25: unsupported: conversion from int to _Complex double (initialization)"},
		{"compound_literal.c", "1:14: unsupported: compound literal in a static initializer"},
		{"computed_goto.c", "4:5: unsupported: computed goto"},
		{"flexible_array.c", "8:12: unsupported: access to flexible array member data of struct buf"},
		{"funcptr.c", "5:15: unsupported: cast between a function pointer and another pointer type (int (*)(int) to void*)"},
		{"funcptr_param.c", "3:12: unsupported: call through a pointer to a function without a prototype"},
		{"int128.c", "3:20: unsupported: conversion from int to __int128 (initialization)"},
		{"int_to_ptr.c", "3:14: unsupported: cast from integer to pointer"},
		{"int_to_ptr_implicit.c", "4:9: unsupported: integer to pointer conversion"},
		{"label_addr.c", "3:15: unsupported: address of a label (computed goto)"},
		{"long_double.c", "1:13: unsupported: floating-point result (long double)"},
		{"long_double_const.c", "3:16: unsupported: floating-point constant 1.5L (long double)"},
		{"local_ptr_static_init.c", "3:21: unsupported: integer to pointer conversion"},
		{"strdup.c", "5:15: unsupported: dynamic allocation (strdup)"},
		{"setjmp.c", "7:9: unsupported: setjmp/longjmp"},
		{"stmt_expr.c", "3:13: unsupported: statement expression"},
		{"syntax.c", "3:15: unexpected ';', expected unary expression"},
		{"undeclared.c", "3:16: undefined: y"},
		{"union_member.c", "8:24: unsupported: initializer of a union member other than the first"},
		{"variadic.c", "6:5: unsupported: variadic argument access (va_start)"},
		{"vla.c", "3:9: unsupported: array of variable-length arrays"},
		{"void_ptr_arith.c", "3:15: unsupported: arithmetic on void*"},
		{"wide_string.c", "3:20: unsupported: wide string literal"},
	}
	files, _ := filepath.Glob("testdata/unsupported/*.c")
	assert.Len(t, files, len(cases), "one case per file of testdata/unsupported")
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			path := "testdata/unsupported/" + c.file
			out, errs, status := runCmd(t, "ir", path)
			assert.Equal(t, 2, status)
			assert.Equal(t, path+":"+c.want+"\n", errs)
			assert.Empty(t, out)
		})
	}
}

func TestUsage(t *testing.T) {
	t.Chdir("../..")
	cases := []struct {
		args   []string
		status int
		stderr string
	}{
		{nil, 2, "usage: inka <command>"},
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"ir"}, 2, "usage: inka ir FILE.c"},
		{[]string{"ir", "a.c", "b.c"}, 2, "usage: inka ir FILE.c"},
		{[]string{"ir", "--nosuchflag", "a.c"}, 2, "flag provided but not defined"},
		{[]string{"ir", "testdata/paper/nosuch.c"}, 2, "testdata/paper/nosuch.c: no such file"},
		{[]string{"ir", "testdata/paper/foo.c", "--func", "bar"}, 2, "testdata/paper/foo.c: no function named bar\n"},
	}
	for _, c := range cases {
		out, errs, status := runCmd(t, c.args...)
		assert.Equal(t, c.status, status, "%v: %s", c.args, errs)
		assert.Contains(t, errs, c.stderr, "%v", c.args)
		assert.Empty(t, out, "%v", c.args)
	}
}
