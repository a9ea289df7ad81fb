// Command csmith checks inka's reference semantics and its answers
// against gcc on random programs made by Csmith (Debian's csmith 2.3.0).
//
// For each seed it generates a program (csmith --no-bitfields
// --no-volatiles --no-float --no-unions --max-funcs 3), preprocesses it
// with gcc -E -P and Csmith's headers (their safe-arithmetic helpers are
// then in the file), and checks:
//
//   - the interpreter against gcc: func_1 run by inka's interpreter with the
//     globals at their initializers (`inka run --func func_1
//     --use-initializers`) and by a gcc -O0 build of the same file
//     (internal/cdriver: probes around every decision, every global printed
//     after the call); the decisions taken, the return value and every
//     global's final value must agree. Csmith's programs have no undefined
//     behaviour: an interpreter that reports one is wrong ("false UB").
//   - the model (-model): `inka cover --func func_1` with small budgets and
//     the globals as inputs; every covered claim's test is run by gcc, which
//     must take the goal; every unreachable claim is attacked by runs on
//     other inputs (random globals, the initializers perturbed): no
//     interpreter run may reach it, nor any gcc run without undefined
//     behaviour.
//
// A disagreement, a false UB, a wrong answer, a panic or an internal error
// fails the check: the program is kept (-keep) and, when creduce is
// installed, reduced with the interestingness test "the same failure
// again, gcc -Wall clean and UBSan-clean" (-reduce). The other programs
// are counted: refused by inka (by reason), stopped at the interpreter's
// step or recursion limit, or without a reference (gcc timed out).
//
//	go run ./bench/csmith -seeds 1-100
//	nice -n 19 go run ./bench/csmith -seeds 1-10000 -jobs 2 > csmith.txt
//
// A missing csmith is installed from Debian (csmith, libcsmith-dev) when
// running as root. The package's test runs a few fixed seeds in `go test
// ./...`.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "csmith:", err)
		os.Exit(2)
	}
}

// options are the command's flags.
type options struct {
	seeds       string
	jobs        int
	model       bool
	goals       int
	modelEvery  int
	steps       int64
	totalSteps  int64
	guard       time.Duration
	attacks     int
	keep        string
	reduce      bool
	reduceTime  time.Duration
	interesting string
	file        string
	verbose     bool
	detail      bool
	flags       string
}

func parseFlags(args []string, out io.Writer) (*options, []string, error) {
	o := &options{}
	fs := flag.NewFlagSet("csmith", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&o.seeds, "seeds", "1-100", "seeds to check: ranges and numbers, \"1-100,302\"")
	fs.IntVar(&o.jobs, "jobs", 1, "programs checked at once")
	fs.StringVar(&o.flags, "csmith-flags", defaultFlags, "csmith's options (\"--max-funcs 3\": Csmith's defaults, bit-fields, volatiles and unions on)")
	fs.BoolVar(&o.model, "model", true, "also check the model's answers (inka cover) on the programs the interpreter agrees on")
	fs.IntVar(&o.goals, "goals", 3, "model check: decision outcomes asked per program, spread over func_1")
	fs.IntVar(&o.modelEvery, "model-every", 1, "model check: only on the programs whose seed is a multiple of this (the check costs seconds to minutes a program)")
	fs.Int64Var(&o.steps, "steps", 3_000_000, "model check: step budget per goal (deterministic; inka's default is 10^7)")
	fs.Int64Var(&o.totalSteps, "total-steps", 20_000_000, "model check: step budget per program")
	fs.DurationVar(&o.guard, "guard", 10*time.Minute, "model check: outer wall-clock guard per program (the step budgets decide first)")
	fs.IntVar(&o.attacks, "attacks", 60, "model check: runs held against the unreachable claims of a program")
	fs.StringVar(&o.keep, "keep", filepath.Join(os.TempDir(), "inka-csmith-failures"), "directory for the failing programs and their reductions")
	fs.BoolVar(&o.reduce, "reduce", true, "reduce failing programs with creduce (when installed)")
	fs.DurationVar(&o.reduceTime, "reduce-timeout", 30*time.Minute, "time given to creduce per failing program")
	fs.StringVar(&o.interesting, "interesting", "", "creduce's interestingness test: exit 0 when FILE (the argument) fails with this kind")
	fs.StringVar(&o.file, "file", "", "check this program (preprocessed, with a func_1) instead of generating some")
	fs.BoolVar(&o.verbose, "v", false, "print every program's outcome, not only the failures")
	fs.BoolVar(&o.detail, "detail", false, "with -v, print what happened to every program (refusals, no reference)")
	if err := fs.Parse(args); err != nil {
		return nil, nil, err
	}
	return o, fs.Args(), nil
}

func run(args []string, out io.Writer) error {
	o, rest, err := parseFlags(args, out)
	if err != nil {
		return err
	}
	c, err := newChecker(o)
	if err != nil {
		return err
	}
	defer os.RemoveAll(c.work)
	if o.interesting != "" {
		if len(rest) != 1 {
			return fmt.Errorf("-interesting KIND FILE")
		}
		if !c.interesting(context.Background(), o.interesting, rest[0]) {
			os.RemoveAll(c.work) // os.Exit skips the deferred removal
			os.Exit(1)
		}
		return nil
	}
	if o.file != "" {
		r := &Result{}
		c.checkFile(context.Background(), o.file, r)
		fmt.Fprintln(out, r.line(true))
		if r.Kind.fail() {
			return fmt.Errorf("%s fails the check", o.file)
		}
		return nil
	}
	seeds, err := parseSeeds(o.seeds)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "csmith check: %d seeds (%s), csmith %s, flags %s; model check %v\n",
		len(seeds), o.seeds, csmithVersion(c.csmith), strings.Join(c.flags, " "), o.model)
	start := time.Now()
	results := c.campaign(context.Background(), seeds, o, out)
	s := summarize(results)
	s.write(out, time.Since(start))
	if s.failures > 0 {
		return fmt.Errorf("%d failing programs", s.failures)
	}
	return nil
}

// newChecker finds (or installs) csmith and sets up the work directory.
func newChecker(o *options) (*checker, error) {
	bin, inc, err := findCsmith(true)
	if err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp("", "inka-csmith-")
	if err != nil {
		return nil, err
	}
	return &checker{csmith: bin, include: inc, work: work, model: o.model, modelEvery: max(o.modelEvery, 1), keep: o.keep,
		flags: strings.Fields(o.flags),
		mopts: modelOptions{goals: o.goals, steps: o.steps, totalSteps: o.totalSteps, guard: o.guard, maxUnroll: 16, attacks: o.attacks}}, nil
}

// findCsmith returns the csmith binary and its include directory,
// installing Debian's packages when they are missing and install is set
// (as root).
func findCsmith(install bool) (bin, include string, err error) {
	const inc = "/usr/include/csmith"
	bin, err = exec.LookPath("csmith")
	if err == nil {
		if _, err = os.Stat(filepath.Join(inc, "csmith.h")); err == nil {
			return bin, inc, nil
		}
	}
	if !install || os.Geteuid() != 0 {
		return "", "", fmt.Errorf("csmith or its headers are missing: apt-get install csmith libcsmith-dev")
	}
	cmd := exec.Command("apt-get", "install", "-y", "-qq", "--no-install-recommends", "csmith", "libcsmith-dev")
	cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", "", fmt.Errorf("installing csmith: %v\n%s", err, out)
	}
	return findCsmith(false)
}

func csmithVersion(bin string) string {
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		return "?"
	}
	f := strings.Fields(firstLine(out))
	return f[len(f)-1]
}

// parseSeeds reads "1-100,302,400-410".
func parseSeeds(s string) ([]int, error) {
	var out []int
	for _, part := range strings.Split(s, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			return nil, fmt.Errorf("bad seed %q", part)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return nil, fmt.Errorf("bad seed range %q", part)
			}
		}
		for k := a; k <= b; k++ {
			out = append(out, k)
		}
	}
	return out, nil
}

// campaign checks the seeds, jobs at a time, printing each failure (and,
// with -v, each program) as it comes, reduced when asked.
func (c *checker) campaign(ctx context.Context, seeds []int, o *options, out io.Writer) []*Result {
	results := make([]*Result, len(seeds))
	var mu sync.Mutex
	work := make(chan int)
	var wg sync.WaitGroup
	for j := 0; j < max(o.jobs, 1); j++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				r := c.checkSeed(ctx, seeds[i])
				if (r.Kind.fail()) && o.reduce && r.File != "" {
					r.Detail += "\n" + c.reduceFile(ctx, r, o.reduceTime)
				}
				mu.Lock()
				results[i] = r
				if o.verbose || r.Kind.fail() {
					fmt.Fprintln(out, r.line(o.detail))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range seeds {
		work <- i
	}
	close(work)
	wg.Wait()
	return results
}

// line describes one program's outcome.
func (r *Result) line(detail bool) string {
	s := fmt.Sprintf("seed %d: %s", r.Seed, r.Kind)
	if r.Reason != "" {
		s += ": " + r.Reason
	}
	if m := r.Model; m != nil {
		s += fmt.Sprintf(" (model: %d goals, %d covered, %d unreachable, %d unknown)", m.Goals, m.Covered, m.Unreachable, m.Unknown)
	}
	s += fmt.Sprintf(" [%v]", r.Time.Round(time.Millisecond))
	if r.Kind.fail() || (detail && r.Detail != "") {
		s += "\n  " + strings.ReplaceAll(strings.TrimSpace(r.Detail), "\n", "\n  ")
		if r.File != "" {
			s += "\n  program: " + r.File
		}
	}
	return s
}

// summary is the figures of a campaign.
type summary struct {
	programs, failures int
	kinds              map[Kind]int
	refusals           map[string]int
	noRef              map[string]int
	failed             []*Result
	// model check
	mprograms, mskipped, goals, covered, confirmed, notReplayed int
	unreachable, unknown, attacks, wrong                        int
	unknowns                                                    map[string]int
	slowest                                                     *Result
}

func summarize(results []*Result) *summary {
	s := &summary{kinds: map[Kind]int{}, refusals: map[string]int{}, noRef: map[string]int{}, unknowns: map[string]int{}}
	for _, r := range results {
		if r == nil {
			continue
		}
		s.programs++
		s.kinds[r.Kind]++
		switch r.Kind {
		case Refused:
			s.refusals[r.Reason]++
		case NoReference:
			s.noRef[r.Reason]++
		}
		if r.Kind.fail() {
			s.failures++
			s.failed = append(s.failed, r)
		}
		if s.slowest == nil || r.Time > s.slowest.Time {
			s.slowest = r
		}
		m := r.Model
		if m == nil {
			continue
		}
		if m.Skipped != "" {
			s.mskipped++
		}
		s.mprograms++
		s.goals += m.Goals
		s.covered += m.Covered
		s.confirmed += m.Confirmed
		s.notReplayed += m.NotReplayed
		s.unreachable += m.Unreachable
		s.unknown += m.Unknown
		s.attacks += m.Attacks
		s.wrong += len(m.Wrong)
		for k, n := range m.Unknowns {
			s.unknowns[k] += n
		}
	}
	return s
}

func (s *summary) write(w io.Writer, elapsed time.Duration) {
	fmt.Fprintf(w, "\n%d programs in %v\n", s.programs, elapsed.Round(time.Second))
	kinds := make([]string, 0, len(s.kinds))
	for k := range s.kinds {
		kinds = append(kinds, string(k))
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		fmt.Fprintf(w, "  %-15s %6d\n", k, s.kinds[Kind(k)])
	}
	if len(s.refusals) > 0 {
		fmt.Fprintln(w, "refused, by reason:")
		for _, l := range sortedCounts(s.refusals) {
			fmt.Fprintln(w, "  "+l)
		}
	}
	if len(s.noRef) > 0 {
		fmt.Fprintln(w, "without a reference, by reason:")
		for _, l := range sortedCounts(s.noRef) {
			fmt.Fprintln(w, "  "+l)
		}
	}
	if s.mprograms > 0 {
		fmt.Fprintf(w, "model check on %d programs (%d not finished: driver or build): %d goals, %d covered (%d claims confirmed by gcc, %d tests not replayable by gcc's driver), %d unreachable (attacked by %d runs), %d unknown; %d wrong answers\n",
			s.mprograms, s.mskipped, s.goals, s.covered, s.confirmed, s.notReplayed, s.unreachable, s.attacks, s.unknown, s.wrong)
		if len(s.unknowns) > 0 {
			fmt.Fprintln(w, "unknown, by reason:")
			for i, l := range sortedCounts(s.unknowns) {
				if i == 15 {
					fmt.Fprintf(w, "  ... %d more reasons\n", len(s.unknowns)-15)
					break
				}
				fmt.Fprintln(w, "  "+l)
			}
		}
	}
	if s.slowest != nil {
		fmt.Fprintf(w, "slowest program: seed %d, %v\n", s.slowest.Seed, s.slowest.Time.Round(time.Millisecond))
	}
	fmt.Fprintf(w, "%d failures\n", s.failures)
	for _, r := range s.failed {
		fmt.Fprintln(w, r.line(true))
	}
}
