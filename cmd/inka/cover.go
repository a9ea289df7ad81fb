package main

import (
	"flag"
	"fmt"
	"io"

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
