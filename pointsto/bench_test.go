package pointsto_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
)

// jos97Sizes are the sizes of the parametric jos97 of the paper's
// section 6.2: 3, 6, 12 and 24 come from testdata/paper/jos97n.c (the
// output of ../shared/bench/paper/gen_jos97n.py), larger ones are
// generated alike to show the trend.
var jos97Sizes = []int{3, 6, 12, 24, 48, 96}

// jos97N returns the source of jos97_n as gen_jos97n.py writes it: an
// n-cycle of void* cells c0 -> c1 -> ... -> c(n-1) -> c0 that p walks.
func jos97N(n int) string {
	var b strings.Builder
	cells := make([]string, n)
	for k := range cells {
		cells[k] = fmt.Sprintf("*c%d", k)
	}
	fmt.Fprintf(&b, "int jos97_%d(int i)\n{\n    void **p, %s;\n\n    p = &c0;\n", n, strings.Join(cells, ", "))
	for k := 0; k < n; k++ {
		fmt.Fprintf(&b, "    c%d = &c%d;\n", k, (k+1)%n)
	}
	fmt.Fprintf(&b, "    while (i > 0) {\n        i = i - 1;\n        p = *p;\n    }\n    if (p == &c%d)\n        return 1;\n    else\n        return 0;\n}\n", n-1)
	return b.String()
}

// loadJos97N lowers and inlines jos97_n, from testdata/paper/jos97n.c when
// it is there, else generated in dir.
func loadJos97N(tb testing.TB, n int, dir string) (*ir.Inlined, *ir.Program, *ir.InputShape) {
	tb.Helper()
	file := "../testdata/paper/jos97n.c"
	if n != 3 && n != 6 && n != 12 && n != 24 {
		file = filepath.Join(dir, fmt.Sprintf("jos97_%d.c", n))
		if err := os.WriteFile(file, []byte(jos97N(n)), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	u, err := frontend.Load(file, frontend.Options{})
	if err != nil {
		tb.Fatal(err)
	}
	p, err := u.Lower(fmt.Sprintf("jos97_%d", n))
	if err != nil {
		tb.Fatal(err)
	}
	in, err := ir.Inline(p, 8)
	if err != nil {
		tb.Fatal(err)
	}
	var roots []ir.InputRoot
	for _, v := range in.Func.Params {
		roots = append(roots, ir.ParamRoot(v))
	}
	return in, p, ir.ComputeInputShape(roots, ir.DefaultArrayLen, ir.DefaultMaxDepth)
}

// TestJos97NGenerated: the generator above writes the same functions as
// gen_jos97n.py (the copy in testdata), so that the larger sizes measure
// the same program.
func TestJos97NGenerated(t *testing.T) {
	src, err := os.ReadFile("../testdata/paper/jos97n.c")
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{3, 6, 12, 24} {
		if !strings.Contains(string(src), jos97N(n)) {
			t.Errorf("jos97_%d differs from testdata/paper/jos97n.c", n)
		}
	}
}

// BenchmarkAnalyzeJos97N measures the analysis on jos97_N. At the loop
// head p may point to each of the N cells: the fixpoint takes N rounds of
// the loop, each over graphs of about N relations.
func BenchmarkAnalyzeJos97N(b *testing.B) {
	dir := b.TempDir()
	for _, n := range jos97Sizes {
		in, p, shape := loadJos97N(b, n, dir)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			var r *pointsto.Result
			for b.Loop() {
				var err error
				r, err = pointsto.Analyze(in.Func, p.Globals, pointsto.Config{Shape: shape})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(r.Exit.Relations())), "relations")
		})
	}
}
