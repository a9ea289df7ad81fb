// Command hybrid measures, function by function, the decision outcomes
// covered by (1) random testing through the interpreter, (2) inka's
// concrete pre-pass alone, (3) `inka cover` in full (pre-pass, then the
// solvers), side by side in one process, with the time each took until its
// last new outcome.
//
//	go run ./bench/hybrid testdata/real/*.c
//	go run ./bench/hybrid -random 10s -match '^func_' /tmp/csmith/*.c
//	bash bench/hybrid/run.sh          # testdata/real, testdata/paper and 20 Csmith programs
//
// Random testing draws every input leaf, every return value of an
// undefined callee, as a value uniform over its type half of the time and
// uniform in -100..100 the other half; a pointer input the code compares
// with NULL is NULL one run in four. It runs until -random of CPU time has
// passed. An outcome counts when a run that returns normally takes it (a
// run that ends in undefined behaviour is no test). The times are the
// process's CPU time (user and system), not the wall clock: on a shared
// machine a process waiting for a core says nothing of its cost.
//
// Per function it prints the goals (decision outcomes), the outcomes each
// of (1), (2), (3) covers, the CPU time of each until its last new
// outcome, and, for (3), the CPU time at which it covered as many outcomes
// as (1) did ("-" if it never did) and the CPU time of the whole run (the
// proofs of unreachability and the goals left unknown included). The summary counts the functions where
// (3) < (1) (a miss of issue 13's first target) and those where (3)
// reached (1)'s coverage sooner than (1).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime"
	"slices"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/testgen"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "hybrid:", err)
		os.Exit(1)
	}
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("hybrid", flag.ContinueOnError)
	random := fs.Duration("random", 10*time.Second, "CPU time of random testing per function")
	match := fs.String("match", "", "only the functions whose name matches this regular expression")
	seed := fs.Uint64("seed", 1, "seed of random testing and of inka")
	if err := fs.Parse(args); err != nil {
		return err
	}
	re, err := regexp.Compile(*match)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(out, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "function\tgoals\trandom\tt\tprepass\tt\tinka\tt\tt(=random)\ttotal\t\n")
	var sum summary
	for _, file := range fs.Args() {
		u, err := frontend.Load(file, frontend.Options{})
		if err != nil {
			fmt.Fprintf(out, "%s: %v\n", file, err)
			continue
		}
		for _, fn := range u.Functions() {
			if !re.MatchString(fn) {
				continue
			}
			row, err := measure(u, fn, *random, *seed)
			if err != nil {
				fmt.Fprintf(tw, "%s\tskipped: %v\t\n", fn, firstLine(err.Error()))
				continue
			}
			row.print(tw)
			sum.add(row)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	sum.print(out)
	return nil
}

// arm is one way of covering a function: outcomes covered, and the CPU time
// until the last new one.
type arm struct {
	covered int
	last    time.Duration
	at      []time.Duration // when each covered goal got its test, sorted
	total   time.Duration   // the whole run, proofs and unknowns included
}

type row struct {
	fn                   string
	goals                int
	random, prepass, all arm
}

// measure runs the three arms on one function.
func measure(u *frontend.Unit, fn string, random time.Duration, seed uint64) (r row, err error) {
	defer func() {
		if e := recover(); e != nil {
			err = fmt.Errorf("internal error: %v", e)
		}
	}()
	r.fn = fn
	opts := []testgen.Options{
		{Seed: seed, Baseline: random, NoSolver: true, PrepassSteps: 1e15},
		{Seed: seed, NoSolver: true},
		{Seed: seed},
	}
	arms := []*arm{&r.random, &r.prepass, &r.all}
	for i, o := range opts {
		p, err := u.Lower(fn)
		if err != nil {
			return r, err
		}
		// The garbage of the arm before is collected now, not on this
		// arm's clock (the process's CPU time counts the collector's).
		runtime.GC()
		start := cpu()
		o.Clock = func() time.Duration { return cpu() - start }
		g, err := testgen.NewGenerator(p, o)
		if err != nil {
			return r, err
		}
		cov := g.Cover(testgen.AllDecisions, 0)
		arms[i].total = o.Clock()
		r.goals = len(cov.Goals)
		for _, gs := range cov.Goals {
			if gs.Status == testgen.Covered {
				arms[i].covered++
				arms[i].at = append(arms[i].at, gs.At)
			}
		}
		slices.Sort(arms[i].at)
		if n := len(arms[i].at); n > 0 {
			arms[i].last = arms[i].at[n-1]
		}
	}
	return r, nil
}

// reach is the time at which a covered as many outcomes as n; false if it
// never did.
func (a arm) reach(n int) (time.Duration, bool) {
	if n == 0 {
		return 0, true
	}
	if a.covered < n {
		return 0, false
	}
	return a.at[n-1], true
}

func (r row) print(w io.Writer) {
	t := "-"
	if d, ok := r.all.reach(r.random.covered); ok {
		t = ms(d)
	}
	fmt.Fprintf(w, "%s\t%d\t%d\t%s\t%d\t%s\t%d\t%s\t%s\t%s\t\n", r.fn, r.goals, r.random.covered, ms(r.random.last),
		r.prepass.covered, ms(r.prepass.last), r.all.covered, ms(r.all.last), t, ms(r.all.total))
}

// summary counts the functions against the targets.
type summary struct {
	funcs, below, sooner                int
	goals, random, prepass, all, proved int
}

func (s *summary) add(r row) {
	s.funcs++
	s.goals += r.goals
	s.random += r.random.covered
	s.prepass += r.prepass.covered
	s.all += r.all.covered
	if r.all.covered < r.random.covered {
		s.below++
	}
	if d, ok := r.all.reach(r.random.covered); ok && d <= r.random.last {
		s.sooner++
	}
}

func (s summary) print(w io.Writer) {
	pct := func(n int) string { return fmt.Sprintf("%d (%.0f %%)", n, 100*float64(n)/float64(max(s.goals, 1))) }
	fmt.Fprintf(w, "\n%d functions, %d outcomes: random %s, pre-pass %s, inka %s\n", s.funcs, s.goals,
		pct(s.random), pct(s.prepass), pct(s.all))
	fmt.Fprintf(w, "inka below random on %d functions; inka reached random's coverage no later than random on %d of %d\n",
		s.below, s.sooner, s.funcs)
}

// cpu is the CPU time (user and system) of the process so far.
func cpu() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0fms", float64(d)/1e6) }

func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			return s[:i]
		}
	}
	return s
}
