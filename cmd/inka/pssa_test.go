package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
)

// TestPSSAPaper runs `inka pssa` on every function of every program of the
// paper's benchmark (testdata/paper, a copy of ../shared/bench/paper), in
// its three forms: the PSSA listing, --points-to and --dot.
func TestPSSAPaper(t *testing.T) {
	t.Chdir("../..")
	files, err := filepath.Glob("testdata/paper/*.c")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	// The copy must be complete: every program of the shared benchmark is
	// checked.
	if shared, _ := filepath.Glob("../shared/bench/paper/*.c"); len(shared) > 0 {
		for _, f := range shared {
			assert.FileExists(t, filepath.Join("testdata/paper", filepath.Base(f)))
		}
	}
	funcs := 0
	for _, file := range files {
		u, err := frontend.Load(file, frontend.Options{})
		require.NoError(t, err, file)
		for _, fn := range u.Functions() {
			funcs++
			t.Run(filepath.Base(file)+"/"+fn, func(t *testing.T) {
				out, errs, status := runCmd(t, "pssa", file, "--func", fn)
				require.Equal(t, exitOK, status, errs)
				assert.Empty(t, errs)
				assert.Contains(t, out, "pssa "+fn+"\n")
				assert.Contains(t, out, "return ")

				out, errs, status = runCmd(t, "pssa", file, "--func", fn, "--points-to")
				require.Equal(t, exitOK, status, errs)
				assert.Contains(t, out, "points-to "+fn+"\n")
				assert.Contains(t, out, "at exit: {")
				assert.Contains(t, out, "pssa "+fn+"\n")

				out, errs, status = runCmd(t, "pssa", file, "--func", fn, "--dot")
				require.Equal(t, exitOK, status, errs)
				assert.True(t, strings.HasPrefix(out, `digraph "`+fn+`" {`), out)
				assert.True(t, strings.HasSuffix(out, "}\n"), out)
			})
		}
		// Without --func: every function of the file, one after the other.
		out, errs, status := runCmd(t, "pssa", file)
		require.Equal(t, exitOK, status, errs)
		for _, fn := range u.Functions() {
			assert.Contains(t, out, "pssa "+fn+"\n", file)
		}
	}
	assert.GreaterOrEqual(t, funcs, 9) // fig1, foo, jos97, jos97_{3,6,12,24}, lh98, trityp
}

// TestPSSADot: the graph at `if (p == &c)` in jos97 is the paper's (p may
// point to a, b or c; a → b → c → a definitely), drawn with solid edges
// for definite relations and dashed ones for possible relations.
func TestPSSADot(t *testing.T) {
	t.Chdir("../..")
	out, errs, status := runCmd(t, "pssa", "testdata/paper/jos97.c", "--func", "jos97", "--dot", "--line", "23")
	require.Equal(t, exitOK, status, errs)
	want := `digraph "jos97" {
  rankdir=LR;
  node [shape=box, fontname="monospace"];
  "a" -> "b" [label="definite", style=solid];
  "b" -> "c" [label="definite", style=solid];
  "c" -> "a" [label="definite", style=solid];
  "p" -> "a" [label="possible", style=dashed];
  "p" -> "b" [label="possible", style=dashed];
  "p" -> "c" [label="possible", style=dashed];
}
`
	assert.Equal(t, want, out)

	_, errs, status = runCmd(t, "pssa", "testdata/paper/jos97.c", "--func", "jos97", "--dot", "--line", "2")
	assert.Equal(t, exitUsage, status)
	assert.Equal(t, "testdata/paper/jos97.c:2:1: no statement of jos97 on line 2\n", errs)
}

// TestPSSAVoidPointers: conversions to and from void* that keep each
// object's own type are analysed (jos97's cells, a generic swap, a struct
// seen through a pointer to its first member).
func TestPSSAVoidPointers(t *testing.T) {
	t.Chdir("../..")
	for _, fn := range []string{"cycle", "use_generic", "through_void", "first_member"} {
		out, errs, status := runCmd(t, "pssa", "pointsto/testdata/sound/voidp.c", "--func", fn, "--points-to")
		require.Equal(t, exitOK, status, "%s: %s", fn, errs)
		assert.Contains(t, out, "pssa "+fn+"\n")
	}
	// *tag = t writes h.tag: the pointer converted from &h to int* points
	// to byte 0 of h, h's first member.
	out, _, _ := runCmd(t, "pssa", "pointsto/testdata/sound/voidp.c", "--func", "first_member", "--points-to")
	assert.Contains(t, out, "pto(tag, h, definite)")
	assert.Contains(t, out, "[h.tag_1] = φd(tag_1, [&h.tag], t_0, [h.tag_0])")
}

// TestPSSAUnsupported checks that the pointer uses the front end refuses
// are refused with "file:line:col: unsupported: ..." and status 2. (What
// the points-to analysis or the PSSA construction cannot follow is a cut
// on the paths that access it: TestPSSAMemory.)
func TestPSSAUnsupported(t *testing.T) {
	t.Chdir("../..")
	cases := []struct {
		file, fn, want string
	}{
		{"testdata/unsupported/int_to_ptr.c", "f", "3:14: unsupported: cast from integer to pointer"},
		{"testdata/unsupported/int_to_ptr_implicit.c", "f", "4:9: unsupported: integer to pointer conversion"},
		{"testdata/unsupported/local_ptr_static_init.c", "f", "3:21: unsupported: integer to pointer conversion"},
		{"testdata/unsupported/void_ptr_arith.c", "f", "3:15: unsupported: arithmetic on void*"},
		{"testdata/unsupported/funcptr.c", "apply", "5:15: unsupported: cast between a function pointer and another pointer type (int (*)(int) to void*)"},
		{"testdata/unsupported/funcptr_param.c", "apply", "3:12: unsupported: call through a pointer to a function without a prototype"},
	}
	for _, c := range cases {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			out, errs, status := runCmd(t, "pssa", c.file, "--func", c.fn)
			assert.Equal(t, exitUsage, status, errs)
			assert.Equal(t, c.file+":"+c.want+"\n", errs)
			assert.Empty(t, out)
			// --points-to and --dot refuse the same.
			for _, flag := range []string{"--points-to", "--dot"} {
				_, errs, status = runCmd(t, "pssa", c.file, "--func", c.fn, flag)
				assert.Equal(t, exitUsage, status, "%s: %s", flag, errs)
				assert.Equal(t, c.file+":"+c.want+"\n", errs, flag)
			}
		})
	}
}

// TestPSSAMemory: pointer arithmetic adds bytes (from one member to the
// next, off a scalar and back), and an access the model cannot follow —
// undefined by C11 6.5p7, or the bytes of a pointer read as an int — is a
// cut with its reason on the paths that reach it, not a refusal.
func TestPSSAMemory(t *testing.T) {
	t.Chdir("../..")
	for _, c := range []struct{ fn, want string }{
		{"field_arith", "[v.b_2] = φd(p_2, [&v.b], c_0, [v.b_1])"},
		{"scalar_arith", "result_1 = φu(t4_1, [&x], [x_1])"},
		{"void_reinterpret", `cut "testdata/memory/void_reinterpret.c:6:12: unsupported: p reaches x as int, which its declared type long does not allow (C11 6.5p7)"`},
		{"void_struct", `cut "testdata/memory/void_struct.c:14:12: unsupported: t7 may read or write the bytes of the pointer at s.p as int"`},
	} {
		out, errs, status := runCmd(t, "pssa", "testdata/memory/"+c.fn+".c", "--func", c.fn)
		require.Equal(t, exitOK, status, "%s: %s", c.fn, errs)
		assert.Contains(t, out, c.want, c.fn)
	}
}
