package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/inka-tool/inka/report"
)

const reportUsage = "inka report RUN.json... [--format html|lcov|text|sarif|json] [-o FILE] [--title T]   render saved inka/v1 runs (one page for many files)"

func init() { register("report", reportUsage, runReport) }

// runReport implements `inka report`: it reads inka/v1 objects (the JSON
// output of cover, several objects to a file allowed, several files) and
// writes them in another format, as one document for html and lcov. The
// runs of a project made file by file, or by the shards of a CI matrix,
// thus make one report. The source of each run is read from its file's
// path, as cover was given it.
func runReport(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "html", "output format: "+coverFormats)
	outFile := fs.String("o", "", "write to `FILE` instead of the standard output")
	title := fs.String("title", "", "the HTML page's title")
	pos, status, ok := parseCommand(fs, args)
	if !ok {
		return status
	}
	if !knownFormat(*format) {
		return badFormat(stderr, "report", *format)
	}
	if len(pos) == 0 {
		fmt.Fprintln(stderr, "usage: "+reportUsage)
		return exitUsage
	}
	var runs []*report.Run
	for _, path := range pos {
		rs, err := readRuns(path)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return exitUsage
		}
		runs = append(runs, rs...)
	}
	var buf bytes.Buffer
	if err := writeRuns(*format, &buf, runs, *title); err != nil {
		fmt.Fprintf(stderr, "inka report: %v\n", err)
		return exitInternal
	}
	if *outFile == "" {
		_, err := stdout.Write(buf.Bytes())
		return exitOf(stderr, err)
	}
	return exitOf(stderr, os.WriteFile(*outFile, buf.Bytes(), 0o644))
}

// exitOf says why the report could not be written, if it could not.
func exitOf(stderr io.Writer, err error) int {
	if err != nil {
		fmt.Fprintf(stderr, "inka report: %v\n", err)
		return exitInternal
	}
	return exitOK
}
