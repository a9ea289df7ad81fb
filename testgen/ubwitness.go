package testgen

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/inka-tool/inka/interp"
)

// Witnesses of undefined behaviour. "Unreachable" is about the runs
// without undefined behaviour (the semantics contract): a goal only a
// signed overflow or a bad shift can reach — `if (x + 1 < x)` for an int
// x — is unreachable, yet gcc -O0 takes it on INT_MAX, and a tester who
// runs the compiled code on every input sees it taken. So, after the
// proofs, inka looks for such runs: the pre-pass's draws run again with
// the arithmetic going on past its undefined behaviour as x86-64 code
// computes it (interp.Config.WrapArith), and a run that reaches an
// unreachable goal after one is named in the goal's reason. The answer
// stays unreachable; the reason says why a compiled program may still get
// there. Deterministic (the pre-pass's seeded draws) and budgeted in
// steps: a goal no run reaches so keeps an empty reason, which says
// nothing either way.

// ubWitnessSteps is the budget of the search, for a function.
const ubWitnessSteps = 200_000

// ubWitnessRuns bounds the runs of the search.
const ubWitnessRuns = 2000

// ubWitnesses names, in the reason of each goal of cov proved
// unreachable, a run that reaches it through undefined behaviour, where
// the search finds one.
func (g *Generator) ubWitnesses(cov *Coverage) {
	var open []*GoalStatus
	lines := false
	for _, gs := range cov.Goals {
		if gs.Status == Unreachable && gs.Reason == "" {
			open = append(open, gs)
			lines = lines || gs.Goal.Kind == StatementGoal
		}
	}
	if len(open) == 0 || g.Opts.PrepassSteps < 0 || g.Opts.NoSolver {
		return
	}
	bud := g.Opts.Total.Child("witnesses of undefined behaviour", ubWitnessSteps, time.Time{})
	p := newPrepass(g)
	p.maxSteps = prepassRunSteps
	p.wrap = true
	for runs := 0; len(open) > 0 && runs < ubWitnessRuns && !bud.Exhausted(); runs++ {
		run := p.draw()
		if p.exec(run, bud, lines) != nil {
			return
		}
		r := run.result
		if r.Wrapped == nil || r.Outcome == interp.StepLimit {
			continue
		}
		keep := open[:0]
		for _, gs := range open {
			if reached(r, gs.Goal, run.test) {
				gs.Reason = fmt.Sprintf("no run without undefined behaviour reaches it; %s reaches it after %s (gcc's x86-64 code goes on there)", runInputs(run), r.Wrapped)
				continue
			}
			keep = append(keep, gs)
		}
		open = keep
	}
}

// runInputs describes the inputs a run drew: its integer leaves, its
// NULL pointers, its callees' answers.
func runInputs(run *prepassRun) string {
	var parts []string
	for path, v := range run.values {
		parts = append(parts, fmt.Sprintf("%s=%v", path, v))
	}
	for path, t := range run.ptrs {
		if t != nil {
			parts = append(parts, path+"=NULL")
		}
	}
	sort.Strings(parts)
	var calls []string
	for callee, l := range run.answers {
		for i, v := range l {
			calls = append(calls, fmt.Sprintf("%s#%d returns %v", callee, i+1, v))
		}
	}
	sort.Strings(calls)
	parts = append(parts, calls...)
	var fails []int
	for k, f := range run.fail {
		if f {
			fails = append(fails, k)
		}
	}
	sort.Ints(fails)
	for _, k := range fails {
		parts = append(parts, fmt.Sprintf("allocation #%d fails", k))
	}
	if len(parts) == 0 {
		return "a run"
	}
	return "the run on " + strings.Join(parts, " ")
}
