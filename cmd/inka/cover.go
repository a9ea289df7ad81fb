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
	register("cover", "inka cover FILE.c [--func F] [--criterion all-decisions|all-statements] [--format text|json|sarif]   a test suite covering every goal", runCover)
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
	var gf genFlags
	gf.register(fs)
	var ff frontendFlags
	ff.register(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
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
	funcs := u.Functions()
	if *fn != "" {
		funcs = []string{*fn}
	}
	if len(funcs) == 0 {
		fmt.Fprintf(stderr, "%s:1:1: no function defined\n", file)
		return exitUsage
	}
	start := time.Now()
	var covs []*testgen.Coverage
	for _, f := range funcs {
		p, err := u.Lower(f)
		if err != nil {
			return reportError(stderr, err)
		}
		g, err := testgen.NewGenerator(p, gf.options())
		if err != nil {
			fmt.Fprintf(stderr, "inka: %v\n", err)
			return exitInternal
		}
		left := time.Duration(0)
		if *total > 0 {
			left = *total - time.Since(start)
			if left <= 0 {
				left = time.Nanosecond
			}
		}
		covs = append(covs, g.Cover(c, left))
	}
	run := report.FromCover(file, *fn, c, covs)
	run.Stats.TimeMS = time.Since(start).Milliseconds()
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
	return exitOK
}
