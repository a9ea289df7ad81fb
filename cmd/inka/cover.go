package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/inka-tool/inka/frontend"
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
	total := fs.Duration("total-timeout", 0, "time budget for the whole run (0: none)")
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
	u, err := frontend.Load(file, ff.options())
	if err != nil {
		return reportError(stderr, err)
	}
	run, status := coverRun(u, file, *fn, c, *total, gf, stderr)
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
// fn); nil with an exit status on failure.
func coverRun(u *frontend.Unit, file, fn string, crit testgen.Criterion, total time.Duration, gf genFlags, stderr io.Writer) (*report.Run, int) {
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
		p, err := u.Lower(f)
		var fe *frontend.Error
		if err != nil && fn == "" && len(funcs) > 1 && errors.As(err, &fe) {
			// Without --func, one function inka cannot take does not stop
			// the others; the run still ends with status 2.
			fmt.Fprintf(stderr, "%s (function %s skipped)\n", fe.Error(), f)
			skipped = append(skipped, report.Skipped{Function: f, Reason: fe.Error()})
			continue
		}
		if err != nil {
			return nil, reportError(stderr, err)
		}
		g, err := testgen.NewGenerator(p, gf.options())
		if err != nil {
			fmt.Fprintf(stderr, "inka: %v\n", err)
			return nil, exitInternal
		}
		left := time.Duration(0)
		if total > 0 {
			left = total - time.Since(start)
			if left <= 0 {
				left = time.Nanosecond
			}
		}
		covs = append(covs, g.Cover(crit, left))
	}
	if len(covs) == 0 {
		return nil, exitUsage
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
