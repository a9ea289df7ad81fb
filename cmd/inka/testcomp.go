package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/report"
	"github.com/inka-tool/inka/testcomp"
	"github.com/inka-tool/inka/testgen"
)

func init() {
	register("testcomp", "inka testcomp FILE.c|TASK.yml [--property coverage-error|coverage-branches|FILE.prp] [-o DIR] [--zip FILE]   a Test-Comp test suite", runTestComp)
	register("testcov", "inka testcov FILE.c|TASK.yml (--suite DIR|ZIP | --random D)   the branch coverage of a Test-Comp suite, by gcc and gcov", runTestCov)
}

// taskFlags are the options that say what the task is.
type taskFlags struct {
	property  string
	dataModel string
}

func (t *taskFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&t.property, "property", "", "coverage-error, coverage-branches, or a .prp `file` (default: the task file's, else coverage-branches)")
	fs.StringVar(&t.dataModel, "data-model", "", "lp64 or ilp32, for a plain C file (default lp64; a task file says)")
}

// task reads the positional argument: a C file or a task definition, and
// the property asked (needed: a task listing several must be told which).
func (t *taskFlags) task(arg string, needed bool) (*testcomp.Task, testcomp.Property, error) {
	task := &testcomp.Task{Program: arg, DataModel: ir.LP64}
	if strings.HasSuffix(arg, ".yml") || strings.HasSuffix(arg, ".yaml") {
		var err error
		if task, err = testcomp.LoadTask(arg); err != nil {
			return nil, 0, &usageError{err.Error()}
		}
		if t.dataModel != "" {
			return nil, 0, &usageError{"--data-model: the task file gives the data model"}
		}
	} else if t.dataModel != "" {
		dm, err := ir.ParseDataModel(t.dataModel)
		if err != nil {
			return nil, 0, &usageError{"--data-model: " + err.Error()}
		}
		task.DataModel = dm
	}
	var prop testcomp.Property
	switch {
	case t.property != "":
		p, err := testcomp.ParseProperty(t.property)
		if err != nil {
			return nil, 0, &usageError{"--property: " + err.Error()}
		}
		prop = p
	case len(task.Properties) == 1:
		prop = task.Properties[0]
	case len(task.Properties) > 1 && needed:
		return nil, 0, &usageError{"the task lists several properties: choose one with --property"}
	default:
		prop = testcomp.CoverageBranches
	}
	return task, prop, nil
}

// testCompJSON is the JSON output of inka testcomp.
type testCompJSON struct {
	Schema   string              `json:"schema"`
	Program  string              `json:"program"`
	Property string              `json:"property"`
	Error    *errorJSON          `json:"error,omitempty"` // coverage-error
	Suite    string              `json:"suite,omitempty"`
	Tests    int                 `json:"tests"`
	Notes    []string            `json:"notes,omitempty"`
	Failure  string              `json:"failure,omitempty"`
	Run      *report.Run         `json:"run,omitempty"`
	Cases    []testcomp.TestCase `json:"cases"`
}

type errorJSON struct {
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
	Test   int    `json:"test"`
}

// runTestComp implements `inka testcomp`.
func runTestComp(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("testcomp", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var tf taskFlags
	tf.register(fs)
	outDir := fs.String("o", "", "write the suite (metadata.xml, test-N.xml) into `DIR`")
	zipFile := fs.String("zip", "", "write the suite as a zip `FILE`")
	format := fs.String("format", "text", "output format: text or json")
	var gf genFlags
	gf.register(fs)
	var ff frontendFlags
	ff.register(fs)
	gf.total = 900 * time.Second // the competition's limit
	pos, status, ok := parseCommand(fs, args)
	if !ok {
		return status
	}
	gf.totalBudget()
	if *format != "text" && *format != "json" {
		fmt.Fprintf(stderr, "inka testcomp: unknown format %q (want text or json)\n", *format)
		return exitUsage
	}
	if len(pos) != 1 {
		fmt.Fprintln(stderr, "usage: inka testcomp FILE.c|TASK.yml [--property P] [-o DIR] [--zip FILE]")
		return exitUsage
	}
	out := testCompJSON{Schema: "inka-testcomp/v1", Program: pos[0], Cases: []testcomp.TestCase{}}
	fail := func(err error) int {
		return failObject(stdout, stderr, *format == "json", err, &out, &out.Failure)
	}
	task, prop, err := tf.task(pos[0], true)
	if err != nil {
		return fail(err)
	}
	out.Program, out.Property = task.Program, prop.Name()
	src, err := os.ReadFile(task.Program)
	if err != nil {
		return fail(&usageError{err.Error()})
	}
	ff.dataModel = task.DataModel
	opts := ff.options()
	opts.TestComp = true
	u, err := frontend.LoadSource(task.Program, src, opts)
	if err != nil {
		return fail(err)
	}
	start := time.Now()
	res, err := testcomp.Generate(u, prop, gf.options(gf.totalBudget()))
	if err != nil {
		return fail(err)
	}
	suite := &testcomp.Suite{Meta: testcomp.NewMetadata(task.Program, src, prop, task.DataModel, time.Now()), Tests: res.Tests}
	if *outDir != "" {
		if err := suite.WriteDir(*outDir); err != nil {
			return fail(&usageError{err.Error()})
		}
		out.Suite = *outDir
	}
	if *zipFile != "" {
		if err := suite.WriteZip(*zipFile); err != nil {
			return fail(&usageError{err.Error()})
		}
		out.Suite = *zipFile
	}
	run := report.FromCover(task.Program, "main", testgen.AllDecisions, []*testgen.Coverage{res.Coverage})
	run.Stats.TimeMS = time.Since(start).Milliseconds()
	run.Options = gf.report()
	run.Options.DataModel = ff.dataModel.NonDefault()
	out.Run, out.Tests, out.Notes, out.Cases = run, len(res.Tests), res.Notes, res.Tests
	if prop == testcomp.CoverageError {
		out.Error = &errorJSON{Status: res.Error.Status.String(), Reason: res.Error.Reason, Test: res.Error.Test}
	}
	if *format == "json" {
		if err := writeJSON(stdout, out); err != nil {
			fmt.Fprintf(stderr, "inka: %v\n", err)
			return exitInternal
		}
		return exitOK
	}
	writeTestCompText(stdout, out, res, run)
	return exitOK
}

func writeTestCompText(w io.Writer, out testCompJSON, res *testcomp.Result, run *report.Run) {
	if out.Error != nil {
		switch res.Error.Status {
		case testgen.Covered:
			fmt.Fprintf(w, "%s: reach_error reached by test %d\n", out.Program, res.Error.Test)
		case testgen.Unreachable:
			fmt.Fprintf(w, "%s: reach_error unreachable", out.Program)
			if res.Error.Reason != "" {
				fmt.Fprintf(w, " (%s)", res.Error.Reason)
			}
			fmt.Fprintln(w)
		default:
			fmt.Fprintf(w, "%s: reach_error unknown -- %s\n", out.Program, res.Error.Reason)
		}
	} else {
		report.WriteText(w, run)
	}
	for i, t := range res.Tests {
		vals := make([]string, len(t.Inputs))
		for k, in := range t.Inputs {
			vals[k] = in.Type + " " + in.Value
		}
		mark := ""
		if t.CoversError {
			mark = " (reaches the error)"
		}
		fmt.Fprintf(w, "test %d: %s%s\n", i, strings.Join(vals, ", "), mark)
	}
	for _, n := range res.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	if out.Suite != "" {
		fmt.Fprintf(w, "suite: %s (%d tests)\n", out.Suite, len(res.Tests))
	}
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
