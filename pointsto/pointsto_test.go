package pointsto_test

import (
	"testing"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
	"github.com/stretchr/testify/require"
)

func analyse(t *testing.T, file, fn string) *pointsto.Result {
	t.Helper()
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower(fn)
	require.NoError(t, err)
	in, err := ir.Inline(p, 8)
	require.NoError(t, err)
	var roots []ir.InputRoot
	for _, v := range in.Func.Params {
		roots = append(roots, ir.ParamRoot(v))
	}
	r, err := pointsto.Analyze(in.Func, p.Globals, pointsto.Config{Shape: ir.ComputeInputShape(roots, 4, 3)})
	require.NoError(t, err)
	return r
}

// rels returns the targets of variable name at line (before its first
// statement) as "target:rel" strings.
func rels(t *testing.T, r *pointsto.Result, line int, name string) []string {
	t.Helper()
	g, ok := r.AtLine(line)
	require.True(t, ok, "line %d", line)
	var v *ir.Var
	for _, o := range r.Objects {
		if o.Var != nil && o.Var.Name == name {
			v = o.Var
		}
	}
	require.NotNil(t, v, name)
	var out []string
	for l, rel := range g[pointsto.Loc{Obj: r.ObjectOf(v)}] {
		out = append(out, l.String()+":"+rel.String())
	}
	return out
}

// TestFigure5: after statement 3, p → b and q → a, both definite (a
// flow-insensitive analysis would give four possible relations).
func TestFigure5(t *testing.T) {
	r := analyse(t, "testdata/fig5.c", "fig5")
	require.ElementsMatch(t, []string{"b:definite"}, rels(t, r, 9, "p"))
	require.ElementsMatch(t, []string{"a:definite"}, rels(t, r, 9, "q"))
	// Before statement 3, p still points to a.
	require.ElementsMatch(t, []string{"a:definite"}, rels(t, r, 8, "p"))
}

func TestMergeAndLoop(t *testing.T) {
	r := analyse(t, "testdata/merge.c", "merge")
	// Before the if: p → x definitely.
	require.ElementsMatch(t, []string{"x:definite"}, rels(t, r, 6, "p"))
	// At the loop head (the fixpoint of Figure 7): p → x, y (the join of
	// the if) or z (from the body); pp → p definitely.
	require.ElementsMatch(t, []string{"x:possible", "y:possible", "z:possible"}, rels(t, r, 8, "p"))
	require.ElementsMatch(t, []string{"p:definite"}, rels(t, r, 8, "pp"))
	// After the loop (at the return): the store *pp = &z in the loop may
	// or may not have run.
	require.ElementsMatch(t, []string{"x:possible", "y:possible", "z:possible"}, rels(t, r, 12, "p"))
	// Inside the loop body, at its second statement, *pp = &z has just
	// run with pp → p definite: a strong update.
	require.ElementsMatch(t, []string{"z:definite"}, rels(t, r, 10, "p"))
}
