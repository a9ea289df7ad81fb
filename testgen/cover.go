package testgen

import (
	"time"

	"github.com/inka-tool/inka/ir"
)

// Criterion names a coverage criterion.
type Criterion string

const (
	AllDecisions  Criterion = "all-decisions"
	AllStatements Criterion = "all-statements"
)

// GoalStatus is the final answer for one goal of a coverage run.
type GoalStatus struct {
	Goal   Goal
	Status Status
	Reason string
	Test   int // index in Coverage.Tests when covered, else -1
}

// Coverage is the result of a coverage run on one function.
type Coverage struct {
	Function string
	Goals    []*GoalStatus
	Tests    []*Test
	// Covers lists, for each test, the goals its replay covers.
	Covers [][]string
	Stats  Stats
}

// Counts returns the number of goals covered, unreachable and unknown.
func (c *Coverage) Counts() (covered, unreachable, unknown int) {
	for _, g := range c.Goals {
		switch g.Status {
		case Covered:
			covered++
		case Unreachable:
			unreachable++
		default:
			unknown++
		}
	}
	return
}

// Statements returns the goals of the all-statements criterion: the first
// statement of every source line that has one, in the function and the
// functions inlined into it.
func (g *Generator) Statements() []Goal {
	var out []Goal
	seen := map[ir.Pos]bool{}
	for _, l := range stmtLines(g.inlined.Func.Body) {
		k := ir.Pos{File: l.File, Line: l.Line}
		if !seen[k] {
			seen[k] = true
			out = append(out, Goal{Kind: StatementGoal, File: l.File, Line: l.Line})
		}
	}
	return out
}

// Cover picks an uncovered goal, solves it, replays the test to mark every
// goal it covers, and repeats until every goal has an answer. Goals are
// taken in source order; the run stops early (the rest unknown) when the
// total budget is spent.
func (g *Generator) Cover(crit Criterion, total time.Duration) *Coverage {
	var goals []Goal
	if crit == AllStatements {
		goals = g.Statements()
	} else {
		goals = g.Decisions()
	}
	cov := &Coverage{Function: g.Fn.Name}
	index := map[string]*GoalStatus{}
	for _, gl := range goals {
		gs := &GoalStatus{Goal: gl, Status: Unknown, Test: -1}
		cov.Goals = append(cov.Goals, gs)
		index[gl.ID()] = gs
	}
	start := time.Now()
	for _, gs := range cov.Goals {
		if gs.Test >= 0 {
			continue
		}
		if total > 0 && time.Since(start) > total {
			gs.Reason = "total time budget exhausted"
			continue
		}
		r := g.Reach(gs.Goal, 1)
		cov.Stats.add(r.Stats)
		gs.Status, gs.Reason = r.Status, r.Reason
		if r.Status != Covered {
			continue
		}
		t := r.Tests[0]
		n := len(cov.Tests)
		cov.Tests = append(cov.Tests, t)
		covers := g.covered(t, goals)
		cov.Covers = append(cov.Covers, covers)
		for _, id := range covers {
			if o, ok := index[id]; ok && o.Test < 0 {
				o.Status, o.Reason, o.Test = Covered, "", n
			}
		}
	}
	cov.Stats.Time = time.Since(start)
	return cov
}

// covered lists the goals (of the given list) a test's replay covers.
func (g *Generator) covered(t *Test, goals []Goal) []string {
	var out []string
	for _, gl := range goals {
		if reached(t.Result, gl, t) {
			out = append(out, gl.ID())
		}
	}
	return out
}
