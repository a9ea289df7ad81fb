package testcomp

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/testgen"
)

// ErrorAnswer is the answer to coverage-error.
type ErrorAnswer struct {
	Status testgen.Status // covered: a test reaches reach_error
	Reason string         // for unreachable (a note) and unknown
	Test   int            // the test that reaches it (index in Result.Tests), or -1
}

// Result is a Test-Comp run of inka on one program.
type Result struct {
	Property Property
	// Coverage is the run as inka's reports take it: the goals (the error
	// calls' outcomes for coverage-error, every decision outcome for
	// coverage-branches) and the tests.
	Coverage *testgen.Coverage
	// Tests are the tests in the exchange format, in Coverage's order.
	Tests []TestCase
	Error ErrorAnswer // coverage-error only
	// Notes are what a user should know about the suite (a test that
	// calls an undefined function other than a nondet one).
	Notes []string
}

// Generate runs inka on main of a program loaded with the Test-Comp
// environment (frontend.Options.TestComp). The globals start from their
// initializers (the task is a whole program), a run that ends the
// program after a goal covers it (testgen.Options.StopsCover), and every
// allocation succeeds (testgen.Options.AllocNeverFails).
func Generate(u *frontend.Unit, prop Property, opts testgen.Options) (*Result, error) {
	p, err := u.Lower("main")
	if err != nil {
		return nil, err
	}
	opts.UseInitializers = true
	opts.StopsCover = true
	// The competition's rule (SV-COMP's definitions, which Test-Comp
	// shares): malloc never fails. Its exchange format could not say
	// which allocation of a test fails either.
	opts.AllocNeverFails = true
	g, err := testgen.NewGenerator(p, opts)
	if err != nil {
		return nil, err
	}
	res := &Result{Property: prop, Error: ErrorAnswer{Status: testgen.Unknown, Test: -1}}
	errs := errorGoals(g)
	if prop == CoverageBranches {
		res.Coverage = g.Cover(testgen.Branches, 0)
	} else {
		res.Coverage = searchError(g, errs, opts.Total.Exhausted)
	}
	if f := g.SanityFailures(); len(f) > 0 {
		return nil, fmt.Errorf("internal error: %s", strings.Join(f, "; "))
	}
	res.Error = errorAnswer(p, res.Coverage, errs)
	for i, t := range res.Coverage.Tests {
		tc, note := testCase(t, errs)
		tc.Name = fmt.Sprintf("test-%d.xml", i)
		res.Tests = append(res.Tests, tc)
		if note != "" {
			res.Notes = append(res.Notes, fmt.Sprintf("test %d: %s", i, note))
		}
	}
	return res, nil
}

// errorGoals are the outcomes "the error call is reached" of main (its
// callees inlined).
func errorGoals(g *testgen.Generator) []testgen.Goal {
	var out []testgen.Goal
	for _, gl := range g.Assertions() {
		if frontend.ErrorCallDecision(gl.Dec) && gl.Dec.Outcomes[gl.Outcome] == "false" {
			out = append(out, gl)
		}
	}
	return out
}

// searchError tries the error calls one by one until a test reaches one
// (coverage-error asks for one test). The goals not tried are unknown.
func searchError(g *testgen.Generator, goals []testgen.Goal, exhausted func() bool) *testgen.Coverage {
	start := time.Now()
	cov := &testgen.Coverage{Function: "main"}
	found := false
	for _, gl := range goals {
		gs := &testgen.GoalStatus{Goal: gl, Status: testgen.Unknown, Test: -1}
		cov.Goals = append(cov.Goals, gs)
		switch {
		case found:
			gs.Reason = "not searched: a test already reaches the error"
			continue
		case exhausted():
			gs.Reason = "total budget exhausted"
			continue
		}
		r := g.Reach(gl, 1)
		cov.Stats.Steps += r.Stats.Steps
		gs.Status, gs.Reason, gs.Engine = r.Status, r.Reason, r.Engine
		if r.Status == testgen.Covered {
			gs.Test = 0
			cov.Tests = append(cov.Tests, r.Tests[0])
			cov.Covers = append(cov.Covers, []string{gl.ID()})
			found = true
		}
	}
	cov.Stats.Time = time.Since(start)
	return cov
}

// errorAnswer answers coverage-error from the goals' answers: covered when
// a test reaches an error call, unreachable when every error call of main
// is, or when the program calls none at all.
func errorAnswer(p *ir.Program, cov *testgen.Coverage, errs []testgen.Goal) ErrorAnswer {
	for i, t := range cov.Tests {
		for _, gl := range errs {
			if t.Result.Covers(gl.Dec, gl.Outcome) {
				return ErrorAnswer{Status: testgen.Covered, Test: i}
			}
		}
	}
	if len(errs) == 0 {
		for _, f := range p.Funcs {
			for _, d := range f.Decisions {
				if frontend.ErrorCallDecision(d) {
					return ErrorAnswer{Status: testgen.Unknown, Test: -1,
						Reason: fmt.Sprintf("%s calls %s, but not within the calls inlined into main (--max-inline)", f.Name, d.Text)}
				}
			}
		}
		return ErrorAnswer{Status: testgen.Unreachable, Test: -1, Reason: "the program calls no error function"}
	}
	var why []string
	status := testgen.Unreachable
	for _, gs := range cov.Goals {
		if !frontend.ErrorCallDecision(gs.Goal.Dec) {
			continue
		}
		if gs.Status != testgen.Unreachable {
			status = testgen.Unknown
			why = append(why, fmt.Sprintf("%s at %s: %s", gs.Goal.Dec.Text, gs.Goal.Dec.Pos, gs.Reason))
		}
	}
	return ErrorAnswer{Status: status, Reason: strings.Join(why, "; "), Test: -1}
}

// testCase writes a test in the exchange format: the values of its
// nondet calls in the order the run made them.
func testCase(t *testgen.Test, errs []testgen.Goal) (TestCase, string) {
	var tc TestCase
	other := map[string]bool{}
	for _, c := range t.Result.StubCalls {
		typ, ok := NondetType(c.Callee)
		if !ok {
			other[c.Callee] = true
			continue
		}
		v := c.Return
		if vs := t.Stubs[c.Callee]; c.Index < len(vs) {
			v = vs[c.Index]
		}
		tc.Inputs = append(tc.Inputs, Input{Type: typ, Value: formatValue(v.Typ, v.Bits)})
	}
	if t.Result.Outcome == interp.AssertFailed {
		for _, gl := range errs {
			if t.Result.Covers(gl.Dec, gl.Outcome) {
				tc.CoversError = true
			}
		}
	}
	if len(other) == 0 {
		return tc, ""
	}
	names := make([]string, 0, len(other))
	for n := range other {
		names = append(names, n)
	}
	sort.Strings(names)
	return tc, fmt.Sprintf("its run calls %s, which the task does not define and which are not inputs of the exchange format", strings.Join(names, ", "))
}
