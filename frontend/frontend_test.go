package frontend

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/ir"
)

// lower loads src as file name and lowers fn; the sanity checker runs on
// the result.
func lower(t *testing.T, name, src, fn string, opts ...Options) *ir.Program {
	t.Helper()
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	u, err := LoadSource(name, []byte(src), o)
	require.NoError(t, err)
	p, err := u.Lower(fn)
	require.NoError(t, err)
	require.NoError(t, ir.SanityCheck(p), "IR of %s:\n%s", fn, dump(p))
	return p
}

func dump(p *ir.Program) string {
	var b strings.Builder
	ir.Fprint(&b, p)
	return b.String()
}

// decisions formats the decisions of a function, one a line:
// "kind line:col-line:col text [outcome|outcome]".
func decisions(f *ir.Func) []string {
	var r []string
	for _, d := range f.Decisions {
		r = append(r, fmt.Sprintf("%s %d:%d-%d:%d %s [%s]", d.Kind, d.Pos.Line, d.Pos.Col, d.End.Line, d.End.Col, d.Text, strings.Join(d.Outcomes, "|")))
	}
	return r
}

func TestPaperPrograms(t *testing.T) {
	files, err := filepath.Glob("../testdata/paper/*.c")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	want := map[string]int{ // decisions per function (&& and || conditions included)
		"foo": 2, "lh98": 2, "jos97": 2, "f": 2, "trityp": 16,
		"jos97_3": 2, "jos97_6": 2, "jos97_12": 2, "jos97_24": 2,
	}
	seen := 0
	for _, file := range files {
		u, err := Load(file, Options{})
		require.NoError(t, err, file)
		for _, fn := range u.Functions() {
			p, err := u.Lower(fn)
			require.NoError(t, err, fn)
			require.NoError(t, ir.SanityCheck(p), fn)
			assert.Equal(t, want[fn], len(p.Funcs[0].Decisions), fn)
			assert.Equal(t, file, p.File)
			seen++
		}
	}
	assert.Equal(t, len(want), seen)
}

func TestFunctions(t *testing.T) {
	src := `#include <stdlib.h>
static int b(void) { return 1; }
int a(int x) { return x + b() + rand(); }
int c(void);
int d(void) { return 2; }
`
	u, err := LoadSource("fns.c", []byte(src), Options{})
	require.NoError(t, err)
	assert.Equal(t, []string{"b", "a", "d"}, u.Functions())
	p, err := u.Lower("a")
	require.NoError(t, err)
	require.Len(t, p.Funcs, 2)
	assert.Equal(t, "a", p.Funcs[0].Name)
	assert.Equal(t, "b", p.Funcs[1].Name)
	require.Len(t, p.Externs, 1)
	assert.Equal(t, "rand", p.Externs[0].Name)

	_, err = u.Lower("nosuch")
	var fe *Error
	require.True(t, errors.As(err, &fe))
	assert.Equal(t, "fns.c: no function named nosuch", err.Error())
}

func TestDecisions(t *testing.T) {
	cases := []struct {
		name, src, fn string
		want          []string
	}{
		{"if", `int f(int x) {
  if (x > 0) return 1;
  return 0;
}`, "f", []string{"if 2:7-2:12 x > 0 [true|false]"}},
		{"while/for/do", `int f(int n) {
  int s = 0;
  while (n > 10) n--;
  for (int i = 0; i < n; i++) s += i;
  do { s--; } while ( s > 100 );
  for (;;) { if (s) break; s++; }
  return s;
}`, "f", []string{
			"while 3:10-3:16 n > 10 [true|false]",
			"for 4:19-4:24 i < n [true|false]",
			"do 5:23-5:30 s > 100 [true|false]",
			"if 6:18-6:19 s [true|false]",
		}},
		{"switch fall-through and default in the middle", `int f(int x) {
  int r = 0;
  switch (x + 1) {
  case 1: r = 1;
  default: r += 2;
  case 'a': case 2+1: r += 3; break;
  }
  return r;
}`, "f", []string{"switch 3:11-3:16 x + 1 [case 1|case 'a'|case 2+1|default]"}},
		{"switch without default", `#define N 4
int f(int x) {
  switch (x) { case N: return 1; case N+1: return 2; }
  return 0;
}`, "f", []string{"switch 3:11-3:12 x [case N|case N+1|no case]"}},
		{"&& || ?: nesting", `int f(int a, int b, int c) {
  if ((a && b) || (c ? a : b) || !a)
    return a || b && c;
  return a ? b : c;
}`, "f", []string{
			"if 2:7-2:36 (a && b) || (c ? a : b) || !a [true|false]",
			"|| 2:7-2:15 (a && b) [true|false]",
			"&& 2:8-2:9 a [true|false]",
			"|| 2:19-2:30 (c ? a : b) [true|false]",
			"?: 2:20-2:21 c [true|false]",
			"|| 3:12-3:13 a [true|false]",
			"&& 3:17-3:18 b [true|false]",
			"?: 4:10-4:11 a [true|false]",
		}},
		{"assert", `#include <assert.h>
int f(int x, int *p) {
  assert(x > 0 && p);
  assert( p != 0 );
  return x;
}`, "f", []string{
			"assert 3:10-3:20 x > 0 && p [true|false]",
			"&& 3:10-3:15 x > 0 [true|false]",
			"assert 4:11-4:17 p != 0 [true|false]",
		}},
		{"macro in a condition", `#define LIMIT 100
#define BIG(x) ((x) > LIMIT)
int f(int x) {
  if (x > LIMIT) return 1;
  if (BIG(x)) return 2;
  return 0;
}`, "f", []string{
			"if 4:7-4:16 x > LIMIT [true|false]",
			"if 5:7-5:13 BIG(x) [true|false]",
		}},
		{"condition on several lines", `int f(int x, int y) {
  while (x > 0 &&
         y > 0) { x--; y--; }
  return x;
}`, "f", []string{
			"while 2:10-3:15 x > 0 && y > 0 [true|false]",
			"&& 2:10-2:15 x > 0 [true|false]",
		}},
		{"constant conditions", `int f(int x) {
  while (1) { if (x > 3) return x; x++; }
}`, "f", []string{
			"while 2:10-2:11 1 [true|false]",
			"if 2:19-2:24 x > 3 [true|false]",
		}},
		{"decisions in dead code", `int f(int x) {
  return x;
  if (x) x++;
}`, "f", []string{"if 3:7-3:8 x [true|false]"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := lower(t, "d.c", c.src, c.fn)
			assert.Equal(t, c.want, decisions(p.Funcs[0]))
			for i, d := range p.Funcs[0].Decisions {
				assert.Equal(t, i, d.Index)
			}
		})
	}
}

// TestDecisionText checks that Pos and End delimit the text of every
// decision in the source, so that a probe can be inserted textually.
func TestDecisionText(t *testing.T) {
	src := `#include <assert.h>
#define MAX 10
int g(int x, int y) {
  int s = 0;
  for (int i = 0; i < MAX && x > i; i++) {
    switch (x % 3) {
    case 0: s += y ? 1 : 2; break;
    case MAX - 9: s--;
    default: s += (x > 2 || y < 1);
    }
    assert(s < 1000);
  }
  do s++; while (s < y && s != 3);
  return s;
}`
	p := lower(t, "text.c", src, "g")
	lines := strings.Split(src, "\n")
	offset := func(p ir.Pos) int {
		n := 0
		for i := 0; i < p.Line-1; i++ {
			n += len(lines[i]) + 1
		}
		return n + p.Col - 1
	}
	require.NotEmpty(t, p.Funcs[0].Decisions)
	for _, d := range p.Funcs[0].Decisions {
		got := src[offset(d.Pos):offset(d.End)]
		assert.Equal(t, d.Text, got, "%s at %s", d.Kind, d.Pos)
	}
}

func TestIDs(t *testing.T) {
	p := lower(t, "ids.c", `int f(int a, int b) { if (a && b) return 1; return 0; }`, "f")
	ds := p.Funcs[0].Decisions
	require.Len(t, ds, 2)
	assert.Equal(t, "ids.c:1:27:true", ds[0].ID(0))
	assert.Equal(t, "ids.c:1:27:&&:false", ds[1].ID(1))
}

func TestOptions(t *testing.T) {
	dir := t.TempDir()
	inc := filepath.Join(dir, "inc")
	require.NoError(t, os.MkdirAll(inc, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(inc, "lim.h"), []byte("#define LIMIT (N * 2)\n"), 0o644))
	src := `#include "lim.h"
#include <assert.h>
int f(int x) { assert(x < LIMIT); return LIMIT; }
`
	file := filepath.Join(dir, "opt.c")
	require.NoError(t, os.WriteFile(file, []byte(src), 0o644))

	_, err := Load(file, Options{})
	require.Error(t, err, "lim.h is not found without -I")

	u, err := Load(file, Options{IncludeDirs: []string{inc}, Defines: []string{"N=21"}})
	require.NoError(t, err)
	p, err := u.Lower("f")
	require.NoError(t, err)
	out := dump(p)
	assert.Contains(t, out, "result = 42")
	assert.Contains(t, out, "assert(")

	u, err = Load(file, Options{IncludeDirs: []string{inc}, Defines: []string{"N"}, NDEBUG: true})
	require.NoError(t, err)
	p, err = u.Lower("f")
	require.NoError(t, err)
	out = dump(p)
	assert.Contains(t, out, "result = 2")
	assert.NotContains(t, out, "assert(")
	assert.Empty(t, p.Funcs[0].Decisions)
}

func TestLoadErrors(t *testing.T) {
	_, err := Load("no/such/file.c", Options{})
	var fe *Error
	require.True(t, errors.As(err, &fe))
	assert.Equal(t, "no/such/file.c: no such file or directory", err.Error())

	_, err = LoadSource("bad.c", []byte("int f(void) { return g + 1; }\n"), Options{})
	require.True(t, errors.As(err, &fe))
	assert.Equal(t, "bad.c:1:22: undefined: g", err.Error())
	assert.Equal(t, ir.Pos{File: "bad.c", Line: 1, Col: 22}, fe.Pos)

	// an implicitly declared function (C89) is an extern
	p := lower(t, "impl.c", "int f(int x) { return g(x) + 1; }\n", "f")
	require.Len(t, p.Externs, 1)
	assert.Equal(t, "g", p.Externs[0].Name)
}

// flags counts the flag variables of a function.
func flags(f *ir.Func) int {
	n := 0
	for _, v := range f.Locals {
		if v.Class == ir.Flag {
			n++
		}
	}
	return n
}

// TestLean checks that common shapes are lowered without flags or with
// few: the constraint model pays for each.
func TestLean(t *testing.T) {
	cases := []struct {
		name, src string
		flags     int
	}{
		{"early return in an if", `int f(int x) { if (x < 0) return -1; x++; return x; }`, 0},
		{"returns in both branches", `int f(int x) { if (x < 0) return -1; else return 1; }`, 0},
		{"switch with breaks", `int f(int x) { int r; switch (x) { case 1: r = 2; break; case 2: r = 3; break; default: r = 0; } return r; }`, 0},
		{"switch of returns", `int f(int x) { switch (x) { case 1: return 2; case 2: return 3; } return 0; }`, 0},
		{"loop with continue", `int f(int n) { int s = 0; for (int i = 0; i < n; i++) { if (i & 1) continue; s += i; } return s; }`, 0},
		{"loop with break", `int f(int n) { int i; for (i = 0; i < n; i++) if (i * i > n) break; return i; }`, 2},
		{"return in a loop", `int f(int *a, int n) { for (int i = 0; i < n; i++) if (a[i] == 0) return i; return -1; }`, 2},
		{"nested early return", `int f(int a, int b) { if (a) { if (b) return 1; a++; } return a; }`, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := lower(t, "lean.c", c.src, "f")
			assert.Equal(t, c.flags, flags(p.Funcs[0]), dump(p))
		})
	}
}

// TestShapes checks the lowering of a few constructs against their printed
// IR.
func TestShapes(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"multi-level dereference", `int f(int **p) { **p = 1; return **p; }`,
			"t1 = *p|*t1 = 1|t2 = *p|result = *t2"},
		{"struct member through pointer", `struct s { int a, b; }; int f(struct s *p) { p->b = p->a; return 0; }`,
			"t1 = &p->b|t2 = &p->a|t3 = *t2|*t1 = t3|result = 0"},
		{"array element", `int f(int i) { int a[4]; a[i] = 1; return 0; }`,
			"t1 = &a|t2 = (int*)t1|t3 = (long)i|t4 = t2 + t3|*t4 = 1|result = 0"},
		{"post-increment value", `int f(int i) { int j = i++; return j + i; }`,
			"t1 = i|i = t1 + 1|j = t1|result = j + i"},
		{"compound literal", `struct p { int x, y; }; int f(int a) { return ((struct p){ a, 1 }).y; }`,
			"t1 = &.lit1|t2 = &t1->x|*t2 = a|t3 = &.lit1|t4 = &t3->y|*t4 = 1|t5 = &.lit1|t6 = &t5->y|result = *t6"},
		{"char compound assignment", `int f(char c) { c *= 3; return c; }`,
			"t1 = (int)c|t2 = t1 * 3|c = (char)t2|result = (int)c"},
		{"pointer difference", `long f(int *p, int *q) { return q - p; }`,
			"result = q - p"},
		{"null pointer", `int f(int *p) { if (p == 0) p = (void *)0; return p != 0; }`,
			"t1 = p == NULL|if t1  [d0 true/false] {|p = NULL|}|result = p != NULL"},
		{"struct copy through pointers", `struct s { int a[2]; }; void f(struct s *p, struct s *q) { *p = *q; }`,
			"t1 = *q|*p = t1|return"},
		{"conversion to _Bool", `_Bool f(int *p, long x) { _Bool b = x; return p; }`,
			"b = (_Bool)x|t1 = p != NULL|result = (_Bool)t1"},
		{"shift", `long f(char c, long n) { return c << n; }`,
			"t1 = (int)c|t2 = t1 << n|result = (long)t2"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := lower(t, "shape.c", c.src, "f")
			var got []string
			for _, line := range strings.Split(dump(p), "\n") {
				line = strings.TrimSpace(line)
				if i := strings.Index(line, "//"); i >= 0 {
					line = strings.TrimSpace(line[:i])
				}
				if line == "" || strings.HasPrefix(line, "func ") || strings.HasPrefix(line, "decisions") ||
					strings.HasPrefix(line, "d0 ") || strings.Contains(line, ".c:") ||
					strings.HasPrefix(line, "temp ") || strings.HasPrefix(line, "local ") ||
					strings.HasPrefix(line, "result ") && !strings.Contains(line, "=") || strings.HasPrefix(line, "return result") {
					continue
				}
				got = append(got, line)
			}
			assert.Equal(t, c.want, strings.Join(got, "|"))
		})
	}
}
