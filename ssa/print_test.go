package ssa_test

import (
	"bytes"
	"testing"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/ssa"
	"github.com/stretchr/testify/require"
)

func build(t *testing.T, file, fn string) (*ssa.Func, *pointsto.Result) {
	t.Helper()
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower(fn)
	require.NoError(t, err)
	in, err := ir.Inline(p, 8)
	require.NoError(t, err)
	var roots []ir.InputRoot
	for _, v := range in.Func.Params {
		roots = append(roots, ir.InputRoot{Path: v.Name, Typ: v.Typ})
	}
	pt, err := pointsto.Analyze(in.Func, p.Globals, pointsto.Config{Shape: ir.ComputeInputShape(roots, 4, 3)})
	require.NoError(t, err)
	f, err := ssa.Build(in.Func, pt)
	require.NoError(t, err)
	return f, pt
}

func TestPrintPaper(t *testing.T) {
	for _, c := range []struct{ file, fn string }{{"foo.c", "foo"}, {"lh98.c", "lh98"}, {"jos97.c", "jos97"}, {"fig1.c", "f"}, {"trityp.c", "trityp"}} {
		f, _ := build(t, "../testdata/paper/"+c.file, c.fn)
		var b bytes.Buffer
		ssa.Fprint(&b, f)
		t.Logf("\n%s", b.String())
	}
}
