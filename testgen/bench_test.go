package testgen

import (
	"fmt"
	"testing"
	"time"

	"github.com/inka-tool/inka/frontend"
)

// Benchmarks of the paper's experiments (section 6): the time to cover
// every decision of each program of testdata/paper, and the time to reach
// the final test of the parametric jos97 family, whose number of
// points-to relations grows with N. They report the paper's #c
// (constraints posted) and #pr (prunings) per operation.
//
//	go test ./testgen -run '^$' -bench . -benchtime 20x

// benchGen returns a function that makes a fresh generator (nothing is
// cached between runs) of fn, loaded once: the benchmarks measure inka's
// own work, not the C front end's (see frontend's benchmarks for that).
func benchGen(b *testing.B, file, fn string) func() *Generator {
	b.Helper()
	u, err := frontend.Load(file, frontend.Options{})
	if err != nil {
		b.Fatal(err)
	}
	p, err := u.Lower(fn)
	if err != nil {
		b.Fatal(err)
	}
	return func() *Generator {
		g, err := NewGenerator(p, Options{})
		if err != nil {
			b.Fatal(err)
		}
		return g
	}
}

func BenchmarkCoverPaper(b *testing.B) {
	for _, c := range []struct{ file, fn string }{
		{"foo.c", "foo"}, {"lh98.c", "lh98"}, {"jos97.c", "jos97"}, {"fig1.c", "f"}, {"trityp.c", "trityp"},
		{"jos97n.c", "jos97_3"}, {"jos97n.c", "jos97_6"}, {"jos97n.c", "jos97_12"}, {"jos97n.c", "jos97_24"},
	} {
		b.Run(c.fn, func(b *testing.B) {
			var cov *Coverage
			mk := benchGen(b, "../testdata/paper/"+c.file, c.fn)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				cov = mk().Cover(AllDecisions, time.Minute)
			}
			covered, unreachable, unknown := cov.Counts()
			if unknown > 0 {
				b.Fatalf("%d goals unknown", unknown)
			}
			b.ReportMetric(float64(covered), "covered")
			b.ReportMetric(float64(unreachable), "unreachable")
			b.ReportMetric(float64(len(cov.Tests)), "tests")
			b.ReportMetric(float64(cov.Stats.Constraints), "#c")
			b.ReportMetric(float64(cov.Stats.Prunings), "#pr")
		})
	}
}

// BenchmarkReachJos97N: the true outcome of the final test p == &c(N-1)
// of jos97_N, which needs i > 0 and i % N == N-1: the loop must be
// unfolded N times before a solution exists.
func BenchmarkReachJos97N(b *testing.B) {
	lines := map[int]int{3: 25, 6: 49, 12: 79, 24: 121}
	for _, n := range []int{3, 6, 12, 24} {
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			var r *GoalResult
			mk := benchGen(b, "../testdata/paper/jos97n.c", fmt.Sprintf("jos97_%d", n))
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				g := mk()
				var goal Goal
				for _, gl := range g.Decisions() {
					if gl.Dec.Pos.Line == lines[n] && gl.Dec.Outcomes[gl.Outcome] == "true" {
						goal = gl
					}
				}
				if goal.Dec == nil {
					b.Fatalf("no decision on line %d", lines[n])
				}
				r = g.Reach(goal, 1)
			}
			if r.Status != Covered || r.Tests[0].Args["i"].Int64() != int64(n-1) {
				b.Fatalf("jos97_%d: %v %s", n, r.Status, r.Reason)
			}
			b.ReportMetric(float64(r.Stats.Constraints), "#c")
			b.ReportMetric(float64(r.Stats.Prunings), "#pr")
		})
	}
}
