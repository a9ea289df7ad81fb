package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/harness"
	"github.com/inka-tool/inka/report"
)

// coverFormats are the output formats of cover (and of report, which
// renders saved runs): text for a person at a terminal, json (inka/v1),
// sarif for code-scanning views, html for a person reviewing a file or a
// project, lcov for the coverage tools that read tracefiles.
const coverFormats = "text, json, sarif, html or lcov"

func knownFormat(f string) bool {
	switch f {
	case "text", "json", "sarif", "html", "lcov":
		return true
	}
	return false
}

// writeRuns writes runs (one per file) in format. text, json and sarif
// write one run after the other; html and lcov make one document of them
// all (title heads the HTML page; "" for the default).
func writeRuns(format string, w io.Writer, runs []*report.Run, title string) error {
	switch format {
	case "html":
		return report.WriteHTML(w, runs, report.HTMLOptions{Title: title})
	case "lcov":
		return report.WriteLCOV(w, runs)
	}
	for _, run := range runs {
		var err error
		switch format {
		case "json":
			err = report.WriteJSON(w, run)
		case "sarif":
			err = report.WriteSARIF(w, run)
		default:
			report.WriteText(w, run)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// funcSpans returns where the functions a run of cover answers for are
// defined: fn, or every function of the file.
func funcSpans(u *frontend.Unit, fn string) []report.FuncSpan {
	names := u.Functions()
	if fn != "" {
		names = []string{fn}
	}
	var out []report.FuncSpan
	for _, name := range names {
		if first, last, ok := u.FunctionSpan(name); ok {
			out = append(out, report.FuncSpan{Name: name, Line: first, EndLine: last})
		}
	}
	return out
}

// badFormat says that format is not one of cover's.
func badFormat(stderr io.Writer, cmd, format string) int {
	fmt.Fprintf(stderr, "inka %s: unknown format %q (want %s)\n", cmd, format, coverFormats)
	return exitUsage
}

// writeJUnit writes the report of validate as JUnit XML into file.
func writeJUnit(file string, r *harness.Report) error {
	var b bytes.Buffer
	if err := report.WriteJUnit(&b, "inka validate "+r.Dir, r.JUnit()); err != nil {
		return err
	}
	return os.WriteFile(file, b.Bytes(), 0o644)
}
