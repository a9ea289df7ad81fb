package testgen

import (
	"syscall"
	"testing"
	"time"
)

// BenchmarkPrepassRuns measures the pre-pass's runs per second of CPU
// (the process's, not the wall clock's: the machine may be shared) on
// functions whose inputs are pointer-heavy (a cJSON item, an xmlNode with
// its children), on one whose inputs are a global table, and on a scalar
// one: a run's cost there is mostly its input setup. Each operation is
// the random-testing arm of bench/hybrid for 100 ms.
//
//	go test ./testgen -run '^$' -bench PrepassRuns -benchtime 5x
func BenchmarkPrepassRuns(b *testing.B) {
	for _, c := range []struct{ file, fn string }{
		{"real/cjson.c", "cJSON_NumberIsBig"}, {"real/cjson.c", "cJSON_Delete_shallow"},
		{"real/xmlparse.c", "xml_start"}, {"real/xmlparse.c", "xml_is_blank_text"},
		{"real/ctable.c", "lex_class"}, {"paper/trityp.c", "trityp"},
	} {
		b.Run(c.fn, func(b *testing.B) {
			mk := benchGen(b, "../testdata/"+c.file, c.fn)
			var runs int64
			var used time.Duration
			for b.Loop() {
				g := mk()
				g.Opts.NoSolver = true
				g.Opts.Baseline = 100 * time.Millisecond
				g.Opts.PrepassSteps = 1e15
				start := cpuTime()
				g.Opts.Clock = func() time.Duration { return cpuTime() - start }
				cov := g.Cover(AllDecisions, 0)
				used += cpuTime() - start
				runs += cov.Stats.PrepassRuns
			}
			b.ReportMetric(float64(runs)/used.Seconds(), "runs/cpu-s")
		})
	}
}

// cpuTime is the CPU time (user and system) of the process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
