package ssa_test

import (
	"fmt"
	"testing"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/ssa"
)

// BenchmarkBuildJos97N measures the PSSA construction on the parametric
// jos97 of the paper's section 6.2 (testdata/paper/jos97n.c): the φu of
// `p = *p` in the loop has N addresses, and the loop head a φ for p. The
// points-to analysis is made once, outside the measure
// (pointsto.BenchmarkAnalyzeJos97N measures it); BenchmarkPSSAJos97N
// measures both, as `inka pssa` runs them.
func BenchmarkBuildJos97N(b *testing.B) {
	u, err := frontend.Load("../testdata/paper/jos97n.c", frontend.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{3, 6, 12, 24} {
		j := jos97N(b, u, n)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := ssa.Build(j.in.Func, j.pt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkPSSAJos97N(b *testing.B) {
	u, err := frontend.Load("../testdata/paper/jos97n.c", frontend.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{3, 6, 12, 24} {
		j := jos97N(b, u, n)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			for b.Loop() {
				pt, err := pointsto.Analyze(j.in.Func, j.prog.Globals, j.cfg)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := ssa.Build(j.in.Func, pt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// jos97 is jos97_n ready for the benchmarks.
type jos97 struct {
	prog *ir.Program
	in   *ir.Inlined
	cfg  pointsto.Config
	pt   *pointsto.Result
}

// jos97N lowers, inlines and analyses jos97_n.
func jos97N(b *testing.B, u *frontend.Unit, n int) *jos97 {
	b.Helper()
	p, err := u.Lower(fmt.Sprintf("jos97_%d", n))
	if err != nil {
		b.Fatal(err)
	}
	in, err := ir.Inline(p, 8)
	if err != nil {
		b.Fatal(err)
	}
	var roots []ir.InputRoot
	for _, v := range in.Func.Params {
		roots = append(roots, ir.ParamRoot(v))
	}
	j := &jos97{prog: p, in: in, cfg: pointsto.Config{Shape: ir.ComputeInputShape(roots, ir.DefaultArrayLen, ir.DefaultMaxDepth)}}
	if j.pt, err = pointsto.Analyze(in.Func, p.Globals, j.cfg); err != nil {
		b.Fatal(err)
	}
	return j
}
