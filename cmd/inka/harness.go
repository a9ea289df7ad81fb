package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/harness"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/mcdc"
	"github.com/inka-tool/inka/report"
	"github.com/inka-tool/inka/testgen"
)

const harnessUsage = "inka harness FILE.c [--func F] -o DIR [--from run.json] [--split]   write a self-checking C test harness"

func init() { register("harness", harnessUsage, runHarness) }

// runHarness implements `inka harness FILE.c -o DIR`: the tests of a saved
// inka/v1 run (--from), or of a fresh all-decisions run, as C.
func runHarness(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("harness", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fn := fs.String("func", "", "function `F` (default: every function of the file, or of the run)")
	out := fs.String("o", "", "write the harness into `DIR`")
	from := fs.String("from", "", "take the tests from `run.json` (inka cover --format json) instead of a fresh run")
	split := fs.Bool("split", false, "write the callee stubs to their own file, stubs.c")
	var gf genFlags
	gf.register(fs)
	var ff frontendFlags
	ff.register(fs)
	ff.registerDataModel(fs)
	pos, status, ok := parseCommand(fs, args)
	if !ok {
		return status
	}
	gf.totalBudget()
	if len(pos) != 1 || *out == "" {
		fmt.Fprintln(stderr, "usage: "+harnessUsage)
		return exitUsage
	}
	file := pos[0]
	u, err := frontend.Load(file, ff.options())
	if err != nil {
		return reportError(stderr, err)
	}
	var run *report.Run
	if *from != "" {
		if run, err = readRun(*from); err != nil {
			fmt.Fprintln(stderr, err)
			return exitUsage
		}
		if !sameFile(run.File, file) {
			fmt.Fprintf(stderr, "%s: %s holds the tests of %s, not of this file\n", file, *from, run.File)
			return exitUsage
		}
		if *fn != "" {
			run = onlyFunc(run, *fn)
		}
		// The shape of the inputs and the data model are the run's,
		// unless given again.
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		reload := false
		switch mcdc.Criterion(run.Criterion) {
		case mcdc.Condition, mcdc.DecisionCondition, mcdc.MCDC:
			// the tests cover conditions: the file is read with them
			ff.conditions, reload = true, true
		}
		if o := run.Options; o != nil && o.DataModel != "" && !set["data-model"] {
			dm, err := ir.ParseDataModel(o.DataModel)
			if err != nil {
				fmt.Fprintf(stderr, "%s: %v\n", *from, err)
				return exitUsage
			}
			ff.dataModel, reload = dm, dm != ff.dataModel
		}
		if reload {
			if u, err = frontend.Load(file, ff.options()); err != nil {
				return reportError(stderr, err)
			}
		}
		if o := run.Options; o != nil {
			if !set["array-len"] && o.ArrayLen > 0 {
				gf.arrayLen = o.ArrayLen
			}
			if !set["max-depth"] && o.MaxDepth > 0 {
				gf.maxDepth = o.MaxDepth
			}
			if !set["use-initializers"] {
				gf.useInit = o.UseInitializers
			}
		}
	} else {
		var status int
		if run, status = coverRun(u, file, *fn, testgen.AllDecisions, gf, stderr); run == nil {
			return status
		}
	}
	return emitHarness(u, run, gf, ff, *out, *split, stderr)
}

// readRun reads the first inka/v1 object of a file (readRuns).
func readRun(path string) (*report.Run, error) {
	runs, err := readRuns(path)
	if err != nil {
		return nil, err
	}
	return runs[0], nil
}

// readRuns reads the inka/v1 objects of a file, one after the other (a
// project's object gives the runs of its files), numbers kept exact. Its errors name the file, and the place in it where
// there is one.
func readRuns(path string) ([]*report.Run, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var runs []*report.Run
	for len(runs) == 0 || dec.More() {
		// a file's run, or a project's object: its files' runs
		var run struct {
			report.Run
			Files []*report.Run `json:"files"`
		}
		if err := dec.Decode(&run); err != nil {
			return nil, fmt.Errorf("%s: reading an inka/v1 run: %w", jsonPos(path, b, err), err)
		}
		if run.Schema != report.Schema {
			return nil, fmt.Errorf("%s: schema %q, want %q", path, run.Schema, report.Schema)
		}
		if len(run.Files) == 0 {
			runs = append(runs, &run.Run)
		}
		runs = append(runs, run.Files...)
	}
	return runs, nil
}

// jsonPos is the place of a JSON decoding error: file:line:col when the
// error gives its offset, else the file.
func jsonPos(path string, b []byte, err error) string {
	var off int64
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off <= 0 || off > int64(len(b)) {
		return path
	}
	at := b[:off-1] // the offending byte is the last one read
	line := 1 + bytes.Count(at, []byte("\n"))
	col := len(at) - bytes.LastIndexByte(at, '\n')
	return fmt.Sprintf("%s:%d:%d", path, line, col)
}

// sameFile reports whether paths a and b name the same file (the run may
// have been made from another directory: then only the names agree).
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	return filepath.Base(a) == filepath.Base(b)
}

// onlyFunc keeps the tests of function fn.
func onlyFunc(run *report.Run, fn string) *report.Run {
	r := *run
	r.Tests = nil
	for _, t := range run.Tests {
		if t.Function == fn || (t.Function == "" && run.Function == fn) {
			t.Function = fn
			r.Tests = append(r.Tests, t)
		}
	}
	return &r
}

// emitHarness writes the harness of run's tests into dir.
func emitHarness(u *frontend.Unit, run *report.Run, gf genFlags, ff frontendFlags, dir string, split bool, stderr io.Writer) int {
	s, err := harness.NewSuite(u, run, harness.Options{ArrayLen: gf.arrayLen, PtrDepth: gf.maxDepth, UseInitializers: gf.useInit, Split: split, Frontend: ff.options()})
	if err != nil {
		return reportHarnessError(stderr, u.Path(), err)
	}
	m, err := s.Write(dir)
	if err != nil {
		return reportHarnessError(stderr, u.Path(), err)
	}
	skipped := 0
	for _, t := range m.Tests {
		if t.Skip != "" {
			skipped++
		}
	}
	build := fmt.Sprintf("cc -std=c11 -ffp-contract=off -o %s %s", filepath.Join(dir, "harness"), filepath.Join(dir, m.Caller))
	if ff.dataModel != ir.LP64 {
		build = strings.Replace(build, "-std=c11", "-std=c11 "+ff.dataModel.CFlag(), 1)
	}
	if split {
		build += " " + filepath.Join(dir, m.Stubs)
	}
	build += " -lm"
	fmt.Fprintf(stderr, "inka: harness of %d tests (%d skipped) written to %s; build and run: %s && %s\n",
		len(m.Tests), skipped, dir, build, filepath.Join(dir, "harness"))
	return exitOK
}

// reportHarnessError prints an error of the harness: input it cannot take
// (exit 2) as file:line:col: message, or file: message where there is no
// place, and an I/O failure (exit 1).
func reportHarnessError(stderr io.Writer, file string, err error) int {
	var fe *frontend.Error
	var pe *os.PathError
	switch {
	case errors.As(err, &fe) && fe.Pos.File != "":
		fmt.Fprintln(stderr, fe.Error())
	case errors.As(err, &pe):
		fmt.Fprintf(stderr, "inka: %v\n", err)
		return exitInternal
	default:
		fmt.Fprintf(stderr, "%s: %v\n", file, err)
	}
	return exitUsage
}
