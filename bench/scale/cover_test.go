package main

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/testgen"
)

// BenchmarkCover covers each family in process, for profiling, with the
// pre-pass (prepass) and without it (solver):
//
//	go test ./bench/scale -run '^$' -bench 'Cover/solver/nest/80$' -cpuprofile /tmp/cpu.out
//	go tool pprof -top /tmp/cpu.out
func BenchmarkCover(b *testing.B) {
	for _, mode := range []struct {
		name    string
		prepass int64
	}{{"prepass", 0}, {"solver", -1}} {
		for _, f := range families {
			benchFamily(b, mode.name, mode.prepass, f)
		}
	}
}

func benchFamily(b *testing.B, mode string, prepass int64, f family) {
	for _, n := range []int{10, 20, 40, 80, 160, 320, 640} {
		b.Run(fmt.Sprintf("%s/%s/%d", mode, f.name, n), func(b *testing.B) {
			file := filepath.Join(b.TempDir(), fmt.Sprintf("%s%d.c", f.name, n))
			if err := os.WriteFile(file, []byte(f.gen(n)), 0o644); err != nil {
				b.Fatal(err)
			}
			u, err := frontend.Load(file, frontend.Options{})
			if err != nil {
				b.Fatal(err)
			}
			p, err := u.Lower(f.fn)
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			var cov *testgen.Coverage
			cpu0 := selfCPU()
			for i := 0; i < b.N; i++ {
				g, err := testgen.NewGenerator(p, testgen.Options{PrepassSteps: prepass})
				if err != nil {
					b.Fatal(err)
				}
				cov = g.Cover(testgen.AllDecisions, 10*time.Minute)
			}
			// The CPU time of the process (user and system, GC included):
			// on a shared machine the wall time (ns/op) says little.
			b.ReportMetric(float64((selfCPU()-cpu0)/time.Millisecond)/float64(b.N), "cpu-ms/op")
			covered, unreachable, _ := cov.Counts()
			b.ReportMetric(float64(covered+unreachable), "answered")
			b.ReportMetric(float64(len(cov.Goals)), "goals")
			b.ReportMetric(float64(cov.Stats.Constraints), "#c")
			b.ReportMetric(float64(cov.Stats.Propagations), "props")
			b.ReportMetric(float64(cov.Stats.Nodes), "nodes")
			b.ReportMetric(float64(cov.Stats.Failures), "fails")
			b.ReportMetric(float64(len(cov.Tests)), "tests")
		})
	}
}

// selfCPU is the CPU time the process has used.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestFamiliesCompile checks that every family is C that inka accepts
// (the benchmark would otherwise fail only when run).
func TestFamiliesCompile(t *testing.T) {
	for _, f := range families {
		file := filepath.Join(t.TempDir(), f.name+".c")
		if err := os.WriteFile(file, []byte(f.gen(3)), 0o644); err != nil {
			t.Fatal(err)
		}
		u, err := frontend.Load(file, frontend.Options{})
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if _, err := u.Lower(f.fn); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
	}
}
