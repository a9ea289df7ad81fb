package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/report"
	"github.com/inka-tool/inka/testgen"
)

func init() {
	register("cover", "inka cover FILE.c [--func F] [--criterion all-decisions|all-statements] [--format text|json|sarif] [--emit-harness DIR [--split]]   a test suite covering every goal", runCover)
}

// runCover implements `inka cover FILE.c`.
func runCover(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("cover", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fn := fs.String("func", "", "function `F` (default: every function of the file)")
	crit := fs.String("criterion", string(testgen.AllDecisions), "all-decisions or all-statements")
	allDec := fs.Bool("all-decisions", false, "shorthand for --criterion all-decisions")
	format := fs.String("format", "text", "output format: text, json or sarif")
	emit := fs.String("emit-harness", "", "also write the tests as a self-checking C harness into `DIR`")
	split := fs.Bool("split", false, "with --emit-harness: write the callee stubs to their own file, stubs.c")
	var gf genFlags
	gf.register(fs)
	var ff frontendFlags
	ff.register(fs)
	pos, status, ok := parseCommand(fs, args)
	if !ok {
		return status
	}
	gf.totalBudget()
	if *allDec {
		*crit = string(testgen.AllDecisions)
	}
	c := testgen.Criterion(*crit)
	if c != testgen.AllDecisions && c != testgen.AllStatements {
		fmt.Fprintf(stderr, "inka cover: unknown criterion %q (want all-decisions or all-statements)\n", c)
		return exitUsage
	}
	if *format != "text" && *format != "json" && *format != "sarif" {
		fmt.Fprintf(stderr, "inka cover: unknown format %q (want text, json or sarif)\n", *format)
		return exitUsage
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "usage: inka cover FILE.c [--func F] [--criterion all-decisions|all-statements] [--format text|json|sarif]")
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
	run, status := coverRun(u, file, *fn, c, gf, stderr)
	if run == nil {
		return status
	}
	switch *format {
	case "json":
		err = report.WriteJSON(stdout, run)
	case "sarif":
		err = report.WriteSARIF(stdout, run)
	default:
		report.WriteText(stdout, run)
	}
	if err != nil {
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
	funcs := u.Functions()
	if fn != "" {
		funcs = []string{fn}
	}
	if len(funcs) == 0 {
		fmt.Fprintf(stderr, "%s:1:1: no function defined\n", file)
		return nil, exitUsage
	}
	start := time.Now()
	var covs []*testgen.Coverage
	var skipped []report.Skipped
	for _, f := range funcs {
		cov, err := coverFunc(u, f, crit, gf)
		if err != nil {
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
			if len(funcs) > 1 {
				fmt.Fprintf(stderr, "%s (function %s skipped)\n", why, f)
			} else {
				fmt.Fprintln(stderr, why)
			}
			skipped = append(skipped, report.Skipped{Function: f, Reason: why})
			continue
		}
		covs = append(covs, cov)
	}
	run := report.FromCover(file, fn, crit, covs)
	run.Stats.TimeMS = time.Since(start).Milliseconds()
	run.Options = gf.report()
	run.Skipped = skipped
	if len(skipped) > 0 {
		return run, exitUsage
	}
	return run, exitOK
}

// coverFunc covers one function. Its errors are the front end's (a
// function inka cannot take) or internal ones, a panic of the analysis
// included: either way the function is skipped, never the file.
func coverFunc(u *frontend.Unit, f string, crit testgen.Criterion, gf genFlags) (cov *testgen.Coverage, err error) {
	defer func() {
		if r := recover(); r != nil {
			cov, err = nil, fmt.Errorf("internal error covering %s: %v", f, r)
		}
	}()
	p, err := u.Lower(f)
	if err != nil {
		return nil, err
	}
	g, err := testgen.NewGenerator(p, gf.options(gf.totalBudget()))
	if err != nil {
		return nil, err
	}
	cov = g.Cover(crit, 0)
	if f := g.SanityFailures(); len(f) > 0 {
		return nil, errors.New(strings.Join(f, "\n"))
	}
	return cov, nil
}
