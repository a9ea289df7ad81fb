package model_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/model"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/ssa"
)

// build models function fn of the C source src, the way testgen does
// without a goal: inline, points-to, PSSA, constraints.
func build(t *testing.T, src, fn string, opts model.Options) *model.Model {
	t.Helper()
	file := filepath.Join(t.TempDir(), "m.c")
	require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower(fn)
	require.NoError(t, err)
	e, err := pointsto.AnalyzeEntry(p, 8, false)
	require.NoError(t, err)
	sf, err := ssa.Build(e.Inlined.Func, e.Result)
	require.NoError(t, err)
	opts.Inputs = e.Inputs
	m, err := model.New(sf, opts)
	require.NoError(t, err)
	return m
}

func input(t *testing.T, m *model.Model, path string) *fd.Var {
	t.Helper()
	for _, x := range m.Inputs() {
		if x.Path == path {
			return x.Var
		}
	}
	t.Fatalf("no input %s", path)
	return nil
}

func result(m *model.Model) *fd.Var { return m.FinalVar(m.F.Result[0]) }

// Signed overflow is undefined: no execution of x + 1 has x = INT_MAX.
func TestSignedOverflowExcluded(t *testing.T) {
	m := build(t, "int f(int x) { return x + 1; }", "f", model.Options{})
	require.True(t, m.S.Propagate())
	assert.Equal(t, fd.I64(2147483646), input(t, m, "x").Max())
	assert.Equal(t, fd.I64(-2147483647), result(m).Min())
}

// Unsigned arithmetic wraps, and conversions truncate.
func TestUnsignedWrapAndConversion(t *testing.T) {
	m := build(t, "unsigned f(unsigned x) { return x + 1u; }", "f", model.Options{})
	require.True(t, input(t, m, "x").AssignInt64(4294967295) && m.S.Propagate())
	assert.Equal(t, "{0}", result(m).Dom().String())

	m = build(t, "int f(int x) { unsigned char c = (unsigned char)x; signed char s = (signed char)x; return c * 1000 + s; }", "f", model.Options{})
	require.True(t, input(t, m, "x").AssignInt64(300) && m.S.Propagate())
	assert.Equal(t, "{44044}", result(m).Dom().String()) // 300 mod 256 = 44 both ways
	m = build(t, "int f(int x) { signed char s = (signed char)x; return s; }", "f", model.Options{})
	require.True(t, input(t, m, "x").AssignInt64(200) && m.S.Propagate())
	assert.Equal(t, "{-56}", result(m).Dom().String())
}

// Division: truncation toward zero, no division by zero, no INT_MIN / -1.
func TestDivision(t *testing.T) {
	src := "int f(int a, int b) { return a / b * 100 + a % b; }"
	m := build(t, src, "f", model.Options{})
	require.True(t, m.S.Propagate())
	assert.False(t, input(t, m, "b").Contains(fd.I64(0)))
	require.True(t, input(t, m, "a").AssignInt64(-7) && input(t, m, "b").AssignInt64(2) && m.S.Propagate())
	assert.Equal(t, "{-301}", result(m).Dom().String()) // -7/2 = -3, -7%2 = -1

	m = build(t, src, "f", model.Options{})
	require.True(t, input(t, m, "a").AssignInt64(-2147483648) && m.S.Propagate())
	assert.False(t, input(t, m, "b").Contains(fd.I64(-1)))
}

// Conditional aliasing (Figure 2's foo): with i = 5, p points to j, and
// propagation alone computes the return value through Φu and Φd.
func TestPointerAliasing(t *testing.T) {
	src := `int foo(int i) {
	int j, k, r, *p;
	j = 0; k = 0; p = &j;
	if (i < 6) j = 2; else p = &k;
	r = *p; *p = r * i;
	if (j > 8) return 1;
	return 0;
}`
	m := build(t, src, "foo", model.Options{})
	require.True(t, input(t, m, "i").AssignInt64(5) && m.S.Propagate())
	assert.Equal(t, "{1}", result(m).Dom().String())
	m = build(t, src, "foo", model.Options{})
	require.True(t, input(t, m, "i").AssignInt64(7) && m.S.Propagate())
	assert.Equal(t, "{0}", result(m).Dom().String())
}

// A loop unfolds lazily; a path longer than MaxUnroll is cut and says so
// (BoundHit), so that a failed search is not taken for a proof.
func TestLoopBound(t *testing.T) {
	src := "int f(int n) { int i = 0; while (i < n) i++; return i; }"
	m := build(t, src, "f", model.Options{MaxUnroll: 16})
	require.True(t, input(t, m, "n").AssignInt64(10) && m.S.Propagate())
	assert.Equal(t, "{10}", result(m).Dom().String())
	assert.False(t, m.BoundHit)

	m = build(t, src, "f", model.Options{MaxUnroll: 5})
	ok := input(t, m, "n").AssignInt64(10) && m.S.Propagate()
	assert.False(t, ok, "no execution of at most 5 iterations")
	assert.True(t, m.BoundHit)
}

// TestCommonSubexpressions: a value the source computes again (the same
// operator on the same operands: the w - x of an else-if ladder) is one
// variable of the model wherever its first computation runs before it;
// a computation in one branch serves nothing in the other.
func TestCommonSubexpressions(t *testing.T) {
	m := build(t, `int classify(int w, int x)
{
    int r = 0;
    if (w - x == 3)
        r = 1;
    else if (w - x == 5)
        r = 2;
    if (w > 0) {
        if (w * 2 > 10)
            r += 4;
    } else {
        if (w * 2 < -10)
            r -= 4;
    }
    return r;
}`, "classify", model.Options{})
	vars := map[ir.Op][]*fd.Var{}
	var walk func(ss []ssa.Stmt)
	walk = func(ss []ssa.Stmt) {
		for _, s := range ss {
			switch s := s.(type) {
			case *ssa.Op:
				if s.Kind == ssa.OpBinary && s.Dst.Cell.Name[0] == 't' { // the temporaries
					vars[s.Op] = append(vars[s.Op], m.Var(s.Dst))
				}
			case *ssa.If:
				walk(s.Then)
				walk(s.Else)
			}
		}
	}
	walk(m.F.Body)
	require.Len(t, vars[ir.Sub], 2)
	assert.Same(t, vars[ir.Sub][0], vars[ir.Sub][1], "w - x once")
	require.Len(t, vars[ir.Mul], 2)
	assert.NotSame(t, vars[ir.Mul][0], vars[ir.Mul][1], "w * 2 in each branch")
	require.True(t, input(t, m, "w").AssignInt64(7) && input(t, m, "x").AssignInt64(2) && m.S.Propagate())
	assert.Equal(t, "{6}", result(m).Dom().String())
}
