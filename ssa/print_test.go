package ssa_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/ssa"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func build(t *testing.T, file, fn string) (*ssa.Func, *pointsto.Result) {
	t.Helper()
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower(fn)
	require.NoError(t, err)
	e, err := pointsto.AnalyzeEntry(p, 8, false)
	require.NoError(t, err)
	f, err := ssa.Build(e.Inlined.Func, e.Result)
	require.NoError(t, err)
	return f, e.Result
}

// TestGolden compares the printed PSSA of the paper's programs with golden
// files. The goldens were checked by hand against the paper: foo against
// Figure 2 (r1 = φu(p3, [&j,&k], [j3,k1]); [j4,k2] = φd(p3, [&j,&k], r1*i,
// [j3,k1])), lh98 against Figure 9 ([g3,p3] = φ([g2,p2],[g1,p1]); t1 =
// φu(p3, [&q,&r], [q1,r1]); tmp = φu(t1, [&h,&g], [h0,g3])), jos97 against
// Figure 11 ([i2,p3] = φ([i0,p1],[i1,p2]); p2 = φu(p3, [&a,&b,&c],
// [a1,b1,c1])), up to the numbering of versions and temporaries.
func TestGolden(t *testing.T) {
	for _, c := range []struct{ file, fn string }{{"foo.c", "foo"}, {"lh98.c", "lh98"}, {"jos97.c", "jos97"}, {"fig1.c", "f"}, {"trityp.c", "trityp"}} {
		f, _ := build(t, filepath.Join("..", "testdata", "paper", c.file), c.fn)
		var b bytes.Buffer
		ssa.Fprint(&b, f)
		golden := filepath.Join("testdata", c.fn+".pssa")
		if *update {
			require.NoError(t, os.MkdirAll("testdata", 0o755))
			require.NoError(t, os.WriteFile(golden, b.Bytes(), 0o644))
			continue
		}
		want, err := os.ReadFile(golden)
		require.NoError(t, err)
		require.Equal(t, string(want), b.String(), c.fn)
	}
}

// find returns the statements of f (at any depth) of type T.
func find[T ssa.Stmt](ss []ssa.Stmt) []T {
	var out []T
	for _, s := range ss {
		if x, ok := s.(T); ok {
			out = append(out, x)
		}
		switch s := s.(type) {
		case *ssa.If:
			out = append(out, find[T](s.Then)...)
			out = append(out, find[T](s.Else)...)
		case *ssa.While:
			out = append(out, find[T](s.Pre)...)
			out = append(out, find[T](s.Body)...)
		}
	}
	return out
}

func cellNames(vs []ssa.Value) string {
	var n []string
	for _, v := range vs {
		n = append(n, v.(*ssa.Version).Cell.Name)
	}
	return strings.Join(n, ",")
}

// TestFigure2 checks the structure of foo's PSSA independently of the
// printer: one φ joining j and p after the if, φu over j and k reading
// the φ version of j and the initial k, φd over the same cells.
func TestFigure2(t *testing.T) {
	f, _ := build(t, "../testdata/paper/foo.c", "foo")
	ifs := find[*ssa.If](f.Body)
	require.Len(t, ifs, 2)
	var joined []string
	for _, p := range ifs[0].Phis {
		joined = append(joined, p.Dst.Cell.Name)
	}
	require.Equal(t, []string{"j", "p"}, joined)
	us := find[*ssa.PhiU](f.Body)
	require.Len(t, us, 1)
	require.Equal(t, "j,k", cellNames(us[0].Vals))
	require.Equal(t, ifs[0].Phis[1].Dst, us[0].Ptr, "φu reads p3, the φ of p")
	require.Equal(t, ifs[0].Phis[0].Dst, us[0].Vals[0], "φu reads j3, the φ of j")
	require.Equal(t, 1, us[0].Vals[1].(*ssa.Version).N, "φu reads k1")
	ds := find[*ssa.PhiD](f.Body)
	require.Len(t, ds, 1)
	require.Equal(t, us[0].Addrs, ds[0].Addrs)
	require.Equal(t, "j,k", cellNames(ds[0].Olds))
	require.NotEqual(t, ds[0].Addrs[0], ds[0].Addrs[1], "distinct addresses")
	require.NotZero(t, ds[0].Addrs[0], "0 is NULL")
}

// TestFigure11: jos97's loop joins exactly i and p, and p = *p is a φu
// over a, b and c.
func TestFigure11(t *testing.T) {
	f, pt := build(t, "../testdata/paper/jos97.c", "jos97")
	ws := find[*ssa.While](f.Body)
	require.Len(t, ws, 1)
	var joined []string
	for _, p := range ws[0].Phis {
		joined = append(joined, p.Dst.Cell.Name)
	}
	require.Equal(t, []string{"i", "p"}, joined)
	us := find[*ssa.PhiU](ws[0].Body)
	require.Len(t, us, 1)
	require.Equal(t, "a,b,c", cellNames(us[0].Vals))
	require.Equal(t, ws[0].Phis[1].Dst, us[0].Ptr)

	// The points-to relations at `if (p == &c)`: p may point to a, b or c.
	g, ok := pt.AtLine(23)
	require.True(t, ok)
	var targets []string
	for l, r := range g[pointsto.Loc{Obj: pt.ObjectOf(varNamed(pt, "p"))}] {
		require.Equal(t, pointsto.Possible, r)
		targets = append(targets, l.String())
	}
	require.ElementsMatch(t, []string{"a", "b", "c"}, targets)
}

func varNamed(pt *pointsto.Result, name string) *ir.Var {
	for _, o := range pt.Objects {
		if o.Var != nil && o.Var.Name == name {
			return o.Var
		}
	}
	return nil
}

// TestDocExample: the worked example of the package documentation (doc.go)
// is the golden listing of Figure 2's program, up to spacing.
func TestDocExample(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	require.NoError(t, err)
	golden, err := os.ReadFile(filepath.Join("testdata", "foo.pssa"))
	require.NoError(t, err)
	norm := func(lines []string) string {
		var out []string
		for _, l := range lines {
			if f := strings.Fields(l); len(f) > 0 {
				out = append(out, strings.Join(f, " "))
			}
		}
		return strings.Join(out, "\n")
	}
	var example []string
	in := false
	for _, l := range strings.Split(string(doc), "\n") {
		l = strings.TrimPrefix(l, "//\t")
		if l == "pssa foo" {
			in = true
		}
		if in {
			example = append(example, l)
		}
		if in && strings.HasPrefix(strings.TrimSpace(l), "return result_3") {
			break
		}
	}
	require.NotEmpty(t, example, "no example in doc.go")
	require.Equal(t, norm(strings.Split(string(golden), "\n")), norm(example))
}
