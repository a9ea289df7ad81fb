package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/internal/ccheck"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/testcomp"
)

// testCovJSON is the JSON output of inka testcov.
type testCovJSON struct {
	Schema     string  `json:"schema"`
	Program    string  `json:"program"`
	Suite      string  `json:"suite,omitempty"`
	RandomMS   int64   `json:"random_ms,omitempty"`
	Tests      int     `json:"tests"`
	Branches   int     `json:"branches"`
	Taken      int     `json:"taken"`
	Coverage   float64 `json:"branch_coverage"`
	Lines      int     `json:"lines"`
	LinesRun   int     `json:"lines_run"`
	ErrorCalls int64   `json:"error_calls"`
	Timeouts   int     `json:"timeouts"`
	TimeMS     int64   `json:"time_ms"`
	Failure    string  `json:"failure,omitempty"`
}

// runTestCov implements `inka testcov`.
func runTestCov(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("testcov", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var tf taskFlags
	tf.register(fs)
	suitePath := fs.String("suite", "", "the suite: a `DIR` or zip in the exchange format (any tool's)")
	var random time.Duration
	fs.Func("random", "instead of a suite: random values for the duration `D` (the baseline)", durationIn(&random, false))
	seed := fs.Uint64("seed", 1, "first seed of --random")
	maxRuns := fs.Int("max-runs", 0, "with --random: at most N runs (0: until D is spent)")
	cc := fs.String("cc", "gcc", "the compiler (gcov must be its)")
	timeout := fs.Duration("timeout", 2*time.Second, "per test")
	work := fs.String("dir", "", "work directory (default: a fresh temporary one)")
	format := fs.String("format", "text", "output format: text or json")
	pos, status, ok := parseCommand(fs, args)
	if !ok {
		return status
	}
	if len(pos) != 1 || (*suitePath == "") == (random == 0) || (*format != "text" && *format != "json") {
		fmt.Fprintln(stderr, "usage: inka testcov FILE.c|TASK.yml (--suite DIR|ZIP | --random D) [--format text|json]")
		return exitUsage
	}
	out := testCovJSON{Schema: "inka-testcov/v1", Program: pos[0], Suite: *suitePath, RandomMS: random.Milliseconds()}
	fail := func(err error) int {
		return failObject(stdout, stderr, *format == "json", err, &out, &out.Failure)
	}
	task, _, err := tf.task(pos[0], false)
	if err != nil {
		return fail(err)
	}
	out.Program = task.Program
	v := &testcomp.Validator{Program: task.Program, CC: *cc, Dir: *work, Timeout: *timeout}
	if task.DataModel != ir.LP64 {
		if err := ccheck.Links(*cc, task.DataModel); err != nil {
			return fail(&usageError{fmt.Sprintf("the task's data model is %s: %v", task.DataModel, err)})
		}
		v.Flags = []string{task.DataModel.CFlag()}
	}
	var m *testcomp.Measure
	if *suitePath != "" {
		s, err := testcomp.ReadSuite(*suitePath)
		if err != nil {
			return fail(&usageError{err.Error()})
		}
		m, err = v.Validate(s)
		if err != nil {
			return fail(frontEndFirst(task, err))
		}
	} else {
		m, err = v.Random(random, *seed, *maxRuns)
		if err != nil {
			return fail(frontEndFirst(task, err))
		}
	}
	out.Tests, out.Branches, out.Taken, out.Coverage = m.Tests, m.Branches, m.Taken, m.BranchCoverage()
	out.Lines, out.LinesRun, out.ErrorCalls, out.Timeouts, out.TimeMS = m.Lines, m.Run, m.ErrorCalls, m.Timeouts, m.Time.Milliseconds()
	if *format == "json" {
		if err := writeJSON(stdout, out); err != nil {
			return exitInternal
		}
		return exitOK
	}
	what := "suite " + *suitePath
	if random > 0 {
		what = fmt.Sprintf("random values for %v", random)
	}
	fmt.Fprintf(stdout, "%s, %s: %d tests, branches %d/%d (%.1f%%), lines %d/%d, reach_error called %d times",
		task.Program, what, m.Tests, m.Taken, m.Branches, 100*m.BranchCoverage(), m.Run, m.Lines, m.ErrorCalls)
	if m.Timeouts > 0 {
		fmt.Fprintf(stdout, ", %d timeouts", m.Timeouts)
	}
	fmt.Fprintf(stdout, "; %v\n", m.Time.Round(time.Millisecond))
	return exitOK
}

// frontEndFirst is the error of a validation that failed: when inka's own
// front end finds an error in the program (a syntax or type error, not
// a construct it leaves unsupported), its file:line:col: message comes
// first, then what gcc said.
func frontEndFirst(task *testcomp.Task, err error) error {
	_, ferr := frontend.Load(task.Program, frontend.Options{TestComp: true, DataModel: task.DataModel})
	var fe *frontend.Error
	if errors.As(ferr, &fe) && !strings.HasPrefix(fe.Msg, "unsupported: ") {
		return &frontend.Error{Pos: fe.Pos, Msg: fe.Msg + "\n" + err.Error()}
	}
	return &usageError{err.Error()}
}
