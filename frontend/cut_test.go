package frontend

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/ir"
)

// cuts lists the Unsupported statements of f's body as "line:col what",
// with the decisions of the Ifs around each ("d0:true/...").
func cuts(f *ir.Func) []string {
	var out []string
	var walk func(ss []ir.Stmt, ctx string)
	walk = func(ss []ir.Stmt, ctx string) {
		for _, s := range ss {
			switch s := s.(type) {
			case *ir.Unsupported:
				out = append(out, strings.TrimSpace(ctx+" "+s.Pos.String()[strings.Index(s.Pos.String(), ":")+1:]+" "+s.What))
			case *ir.If:
				d := "if"
				if s.Dec != nil {
					d = s.Dec.D.Text
				}
				walk(s.Then, ctx+"["+d+"]")
				walk(s.Else, ctx+"[!"+d+"]")
			case *ir.While:
				walk(s.Pre, ctx+"[loop]")
				walk(s.Body, ctx+"[loop]")
			}
		}
	}
	walk(f.Body, "")
	return out
}

// TestCutsWhereTheyRun: a construct inka does not model is an Unsupported
// statement where a run would execute it, inside the branches that run
// it; the decisions around and after it stay. (The call through p->cb is
// modelled: no cut.)
func TestCutsWhereTheyRun(t *testing.T) {
	src := `struct s { int n; long double d; void (*cb)(int); unsigned long long f:40; char data[]; };
int g(struct s *p, int n) {
    if (n > 3 && p->d > 1.5)
        return 1;
    if (n == 7) {
        p->cb(n);
        return 2;
    }
    if (n == 8)
        return p->f << 2;
    if (n == 9)
        return p->data[0];
    return p->n;
}`
	p := lower(t, "c.c", src, "g")
	f := p.Funcs[0]
	assert.Equal(t, []string{
		"[n > 3] 3:18 floating-point value p->d (long double)",
		"[n > 3] 3:18 comparison of long double and double",
		"[!n > 3 && p->d > 1.5][!n == 7][n == 8] 10:16 << with the 40-bit bit-field p->f: gcc computes it in 40 bits",
		"[!n > 3 && p->d > 1.5][!n == 7][!n == 8][n == 9] 12:16 access to flexible array member data of struct s",
	}, cuts(f))
	assert.Len(t, f.Decisions, 5)
}

// TestOpaqueValuesCut: values of the types inka does not model are never
// computed, copied or passed; locals and parameters of those types exist.
func TestOpaqueValuesCut(t *testing.T) {
	src := `long double twice(long double x) { return 2 * x; }
int g(int k, long double w) {
    long double a;
    if (k > 0)
        a = w;
    if (k > 1)
        return (int)twice(a);
    return k;
}`
	p := lower(t, "c.c", src, "g")
	f := p.Funcs[0]
	assert.Equal(t, "long double", f.Params[1].Typ.String())
	assert.Equal(t, ir.Opaque, f.Params[1].Typ.Kind)
	got := cuts(f)
	require.NotEmpty(t, got)
	assert.Equal(t, "[k > 0] 5:13 floating-point value w (long double)", got[0])
}

// TestEntryPathRefused: a function whose every run needs a construct inka
// does not model is refused with that construct; a result of such a type
// too.
func TestEntryPathRefused(t *testing.T) {
	cases := []struct{ src, want string }{
		{"int f(long double x) { return (int)x; }", "c.c:1:36: unsupported: floating-point value x (long double)"},
		{"long double f(int x) { return x; }", "c.c:1:13: unsupported: floating-point result (long double)"},
		{"int f(int x) { if (x) x = 2; else x = 3; __asm__(\"nop\"); return x; }", "c.c:1:42: unsupported: inline assembly"},
		{"#include <string.h>\nint f(const char *s) { char *p = strdup(s); return p != 0; }", "c.c:2:34: unsupported: dynamic allocation (strdup)"},
	}
	for _, c := range cases {
		u, err := LoadSource("c.c", []byte(c.src), Options{})
		require.NoError(t, err)
		_, err = u.Lower("f")
		require.Error(t, err, c.src)
		assert.Equal(t, c.want, err.Error(), c.src)
	}
	// Every run needs one of two cuts (both branches), or one in a callee,
	// or one before a loop's first test; but a run that may stop first,
	// or a branch without one, keeps the function.
	refused := []string{
		"int f(long double x, int k) { if (k) return (int)x; return (int)(x + 1); }",
		"static int g(long double x) { return x > 0; } int f(long double x, int k) { int r = g(x); return r + k; }",
		"int f(long double x, int k) { while (x > k) k++; return k; }",
		"int f(long double x, int k) { if (k) k = (int)x; return (int)x + k; }",
	}
	kept := []string{
		"int f(double x, int k) { if (k) return (int)x; return k; }",
		"int f(double x, int k) { while (k > 0) { k = (int)x; } return k; }",
		"#include <stdlib.h>\nint f(double x, int k) { if (k) exit(1); return (int)x; }",
		"#include <assert.h>\nint f(double x, int k) { assert(k > 3); return (int)x; }",
	}
	for i, src := range append(refused, kept...) {
		u, err := LoadSource("c.c", []byte(src), Options{})
		require.NoError(t, err)
		_, err = u.Lower("f")
		assert.Equal(t, i < len(refused), err != nil, "%s: %v", src, err)
	}
}

// TestUnmodelledInitializers: a constant initializer of a member of an
// unmodelled type is left out (reading the member is a cut); anything else
// is evaluated and cut. A bit-field's initializer is not a cut: it is
// stored into the bit-field's bytes.
func TestUnmodelledInitializers(t *testing.T) {
	src := `struct s { int n; unsigned f:3; long double d; int m; };
int g(int k) {
    struct s a = { 1, 2, 0.5, 4 };
    if (k) {
        struct s b = { k, k, 0.5 * k, 4 };
        return b.m + b.f;
    }
    return a.m + a.n;
}`
	p := lower(t, "c.c", src, "g")
	// 0.5 * k is computed in double (modelled); its conversion into the
	// long double member is the cut.
	assert.Equal(t, []string{"[k] 5:30 initialization of floating-point member (long double)"}, cuts(p.Funcs[0]))
}

// TestLayoutConstants: for a struct whose bit-fields cc lays out
// otherwise than gcc, sizeof is gcc's (12, not cc's 16), offsetof and a
// sizeof inside a larger constant expression are recomputed with gcc's
// layout (8 and 25, as gcc says; they used to be cut); initializers are
// placed by member, right.
func TestLayoutConstants(t *testing.T) {
	src := `#include <stddef.h>
struct p { unsigned state; unsigned char major; unsigned upgrade:1; int error; };
int g(int k) {
    struct p q = { 1, 2, 1, 7 };
    if (k == 1)
        return sizeof(struct p);
    if (k == 2)
        return offsetof(struct p, error);
    if (k == 3)
        return sizeof(struct p) * 2 + 1;
    return q.error;
}`
	p := lower(t, "c.c", src, "g")
	f := p.Funcs[0]
	assert.Empty(t, cuts(f))
	var out strings.Builder
	ir.FprintFunc(&out, f)
	assert.Contains(t, out.String(), "result = 12 ", "sizeof(struct p) is gcc's")
	assert.Contains(t, out.String(), "result = 8 ", "offsetof(struct p, error) is gcc's")
	assert.Contains(t, out.String(), "result = 25 ", "sizeof(struct p) * 2 + 1 is gcc's")
	tmpl := p.Globals[0]
	var inits []string
	for _, it := range tmpl.Init {
		inits = append(inits, tmpl.Typ.Leaves()[it.Leaf].Path+"="+it.Val.String())
	}
	assert.Equal(t, []string{".state=1u", ".major=2", ".error=7"}, inits)
}
