package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/mcdc"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/report"
	"github.com/inka-tool/inka/testgen"
)

func init() {
	register("cover", "inka cover FILE.c [--func F] [--criterion all-decisions|all-statements|condition|decision-condition|mcdc] [--mcdc masking|unique-cause] [--format text|json|sarif|html|lcov] [--emit-harness DIR [--split]]   a test suite covering every goal", runCover)
}

// runCover implements `inka cover FILE.c`.
func runCover(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cover", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fn := fs.String("func", "", "function `F` (default: every function of the file)")
	crit := fs.String("criterion", string(testgen.AllDecisions), "all-decisions, all-statements, condition, decision-condition or mcdc")
	form := fs.String("mcdc", string(mcdc.Masking), "with --criterion mcdc: the form of MC/DC, masking or unique-cause")
	allDec := fs.Bool("all-decisions", false, "shorthand for --criterion all-decisions")
	format := fs.String("format", "text", "output format: "+coverFormats)
	emit := fs.String("emit-harness", "", "also write the tests as a self-checking C harness into `DIR`")
	split := fs.Bool("split", false, "with --emit-harness: write the callee stubs to their own file, stubs.c")
	var gf genFlags
	gf.register(fs)
	var ff frontendFlags
	ff.register(fs)
	var pf projectFlags
	pf.register(fs)
	ff.registerDataModel(fs)
	pos, status, ok := parseCommand(fs, args)
	if !ok {
		return status
	}
	gf.totalBudget()
	if *allDec {
		*crit = string(testgen.AllDecisions)
	}
	c := testgen.Criterion(*crit)
	conds := c == testgen.Criterion(mcdc.Condition) || c == testgen.Criterion(mcdc.DecisionCondition) || c == testgen.Criterion(mcdc.MCDC)
	if c != testgen.AllDecisions && c != testgen.AllStatements && !conds {
		fmt.Fprintf(stderr, "inka cover: unknown criterion %q (want all-decisions, all-statements, condition, decision-condition or mcdc)\n", c)
		return exitUsage
	}
	if *form != string(mcdc.Masking) && *form != string(mcdc.UniqueCause) {
		fmt.Fprintf(stderr, "inka cover: unknown form of MC/DC %q (want masking or unique-cause)\n", *form)
		return exitUsage
	}
	ff.conditions = conds
	if !knownFormat(*format) {
		return badFormat(stderr, "cover", *format)
	}
	if pf.wanted(pos, *fn) {
		return coverProject(pos, pf, coverSpec{fn: *fn, crit: c, conds: conds, form: mcdc.Form(*form), format: *format,
			emit: *emit, gf: gf, ff: ff}, stdout, stderr)
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "usage: inka cover FILE.c [--func F] [--criterion all-decisions|all-statements] [--format text|json|sarif|html|lcov]")
		return exitUsage
	}
	file := pos[0]
	out := &failure{stdout: stdout, stderr: stderr, json: *format == "json", file: file, fn: *fn}
	if err := gf.prepare(); err != nil {
		return out.fail(err)
	}
	u, err := frontend.Load(file, ff.options())
	if err != nil {
		return out.fail(err)
	}
	if len(u.Functions()) == 0 {
		return out.fail(lineError(file, 1, "no function defined"))
	}
	var run *report.Run
	if conds {
		run, status = mcdcRun(u, file, *fn, mcdc.Options{Criterion: mcdc.Criterion(c), Form: mcdc.Form(*form)}, gf, stderr)
	} else {
		run, status = coverRun(u, file, *fn, c, gf, stderr)
	}
	if run == nil {
		return status
	}
	run.Functions = funcSpans(u, *fn)
	if err := writeRuns(*format, stdout, []*report.Run{run}, ""); err != nil {
		fmt.Fprintf(stderr, "inka: %v\n", err)
		return exitInternal
	}
	if *emit != "" {
		if s := emitHarness(u, run, gf, ff, *emit, *split, stderr); s != exitOK {
			return s
		}
	}
	return status
}

// coverRun runs testgen's coverage on the functions of u (all of them, or
// fn). A function inka cannot take, or whose analysis fails (an internal
// error of inka's), is skipped with its reason, on stderr and in the run's
// Skipped, and the others are covered: the status is then 2, and the run
// is returned even when every function was skipped (JSON always prints).
// nil with an exit status only when the file defines no function.
func coverRun(u *frontend.Unit, file, fn string, crit testgen.Criterion, gf genFlags, stderr io.Writer) (*report.Run, int) {
	start := time.Now()
	var covs []*testgen.Coverage
	skipped, ok := eachFunc(u, file, fn, stderr, func(f string) error {
		cov, err := coverFunc(u, f, crit, gf)
		if err == nil {
			covs = append(covs, cov)
		}
		return err
	})
	if !ok {
		return nil, exitUsage
	}
	return finishRun(report.FromCover(file, fn, crit, covs), start, gf, u.DataModel(), skipped)
}

// eachFunc runs do on the functions of u (all of them, or fn), and
// returns those it failed on, each with its reason (skip); ok is false
// when the file defines no function (said on stderr).
func eachFunc(u *frontend.Unit, file, fn string, stderr io.Writer, do func(f string) error) (skipped []report.Skipped, ok bool) {
	funcs := u.Functions()
	if fn != "" {
		funcs = []string{fn}
	}
	if len(funcs) == 0 {
		fmt.Fprintf(stderr, "%s:1:1: no function defined\n", file)
		return nil, false
	}
	for _, f := range funcs {
		if err := do(f); err != nil {
			skipped = append(skipped, skip(stderr, f, len(funcs) > 1, err))
		}
	}
	return skipped, true
}

// finishRun completes a run's object: time, options, functions skipped
// (the status is then 2).
func finishRun(run *report.Run, start time.Time, gf genFlags, dm ir.DataModel, skipped []report.Skipped) (*report.Run, int) {
	run.Stats.TimeMS = time.Since(start).Milliseconds()
	run.Options = gf.report()
	run.Options.DataModel = dm.NonDefault()
	run.Skipped = skipped
	if len(skipped) > 0 {
		return run, exitUsage
	}
	return run, exitOK
}

// skip says why function f is skipped, on stderr (naming it when the run
// has several functions), and returns the record of the run's Skipped.
func skip(stderr io.Writer, f string, several bool, err error) report.Skipped {
	why := skipReason(err)
	if several {
		fmt.Fprintf(stderr, "%s (function %s skipped)\n", why, f)
	} else {
		fmt.Fprintln(stderr, why)
	}
	return report.Skipped{Function: f, Reason: why}
}

// skipReason is why a function (or a file) is skipped: the message of
// an error in the input, the first line of an internal error's.
func skipReason(err error) string {
	why := err.Error()
	var fe *frontend.Error
	var pe *pointsto.UnsupportedError
	if errors.As(err, &pe) {
		why = pe.Error()
	}
	if !errors.As(err, &fe) && pe == nil {
		// an internal error: its first line (a stack trace follows)
		why = "inka: " + strings.SplitN(why, "\n", 2)[0]
	}
	return why
}

// coverFunc covers one function. Its errors are the front end's (a
// function inka cannot take) or internal ones (guarded).
func coverFunc(u *frontend.Unit, f string, crit testgen.Criterion, gf genFlags) (*testgen.Coverage, error) {
	var cov *testgen.Coverage
	err := guarded(u, f, func(p *ir.Program) (*testgen.Generator, error) {
		g, err := testgen.NewGenerator(p, gf.options(gf.totalBudget()))
		if err != nil {
			return nil, err
		}
		cov = g.Cover(crit, 0)
		return g, nil
	})
	if err != nil {
		return nil, err
	}
	return cov, nil
}

// guarded lowers function f and runs do on it. A panic of the analysis
// is an internal error, and so are the sanity failures of the generator
// do used (testgen.Options.Check): either way the function is skipped,
// never the file.
func guarded(u *frontend.Unit, f string, do func(p *ir.Program) (*testgen.Generator, error)) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error covering %s: %v", f, r)
		}
	}()
	p, err := u.Lower(f)
	if err != nil {
		return err
	}
	g, err := do(p)
	if err != nil {
		return err
	}
	if fs := g.SanityFailures(); len(fs) > 0 {
		return errors.New(strings.Join(fs, "\n"))
	}
	return nil
}
