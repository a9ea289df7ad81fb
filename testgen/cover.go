package testgen

import (
	"sort"
	"strings"
	"time"

	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

// Criterion names a coverage criterion.
type Criterion string

const (
	AllDecisions  Criterion = "all-decisions"
	AllStatements Criterion = "all-statements"
	// Branches adds to the decisions the conditions: each operand of a
	// chain of && or || but the last, and the condition of each ?:. They
	// are the branches a compiler makes, which gcov counts (Test-Comp's
	// coverage-branches is measured so).
	Branches Criterion = "branches"
)

// GoalStatus is the final answer for one goal of a coverage run.
type GoalStatus struct {
	Goal   Goal
	Status Status
	Reason string
	Test   int // index in Coverage.Tests when covered, else -1
	// Engine answered the goal (GoalResult.Engine; for a goal covered by
	// another goal's test, the engine that found the test).
	Engine string
	// At is when the goal got its test, from the start of the run (wall
	// clock, for benchmarks: no answer depends on it).
	At time.Duration
}

// Coverage is the result of a coverage run on one function.
type Coverage struct {
	Function string
	Goals    []*GoalStatus
	Tests    []*Test
	// Covers lists, for each test, the goals its replay covers.
	Covers [][]string
	Stats  Stats
	start  time.Time // of the run (GoalStatus.At)
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
// goal it covers, and repeats until every goal has an answer. The deepest
// goals are taken first (in source order among goals as deep): a test
// that reaches a deep goal covers the outcomes on its way, which then
// need no search of their own. The run stops early (the rest unknown)
// when the total budget (Options.Total, and total > 0 more) is spent. The
// goals are reported in source order.
func (g *Generator) Cover(crit Criterion, total time.Duration) *Coverage {
	var goals []Goal
	switch crit {
	case AllStatements:
		goals = g.Statements()
	case Branches:
		goals = g.decisionGoals(func(k ir.DecisionKind) bool { return k != ir.DecAssert })
	default:
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
	cov.start = start
	saved := g.Opts.Total
	defer func() { g.Opts.Total = saved }()
	if total > 0 {
		g.Opts.Total = g.Opts.Total.Child("total", 0, start.Add(total))
	}
	g.done = map[outcome]bool{}
	g.near = map[outcome]map[string]interp.Val{}
	g.sharePaths = !g.ownPaths
	defer func() {
		g.done, g.near = nil, nil
		g.sharePaths = false
		if g.shared != nil && g.shared.m != nil {
			g.leavePaths(g.shared.m, 0)
		}
	}()
	wrong, pre := g.prepass(cov, goals, index)
	g.quickRound(cov, goals, index)
	for _, gs := range g.deepFirst(cov.Goals) {
		if gs.Status == Unreachable {
			continue // proved in the quick round
		}
		if gs.Test >= 0 {
			if g.Opts.DumpSMT2 != "" {
				// Covered by another goal's test: the query is still
				// the goal's own (Reach writes it for the others).
				if err := g.dumpSMT2(gs.Goal); err != nil {
					gs.Reason = "--dump-smt2: " + err.Error()
				}
			}
			continue
		}
		if g.Opts.Total.Exhausted() {
			gs.Reason = g.Opts.Total.Reason()
			continue
		}
		if g.Opts.NoSolver {
			gs.Reason = "no solver: the pre-pass alone"
			continue
		}
		r := g.Reach(gs.Goal, 1)
		cov.Stats.Add(r.Stats)
		gs.Status, gs.Reason, gs.Engine = r.Status, r.Reason, r.Engine
		if w := wrong[gs.Goal.ID()]; r.Status == Unknown && w != "" && !strings.Contains(gs.Reason, w) {
			gs.Reason += "; a run of the pre-pass reaches it and then stops with " + w
		}
		if r.Status == Covered {
			g.addTest(cov, goals, index, r.Tests[0], r.Engine)
		}
	}
	g.resumePrepass(pre, cov, goals, index)
	g.ubWitnesses(cov)
	cov.Stats.Time = time.Since(start)
	return cov
}

// quickShare: in the quick round of a coverage run, a goal gets this
// fraction of its steps.
const quickShare = 16

// quickRound answers the goals the pre-pass left open, deepest first, each
// with a quickShare-th of its steps on the function's own bounds (no
// longer inputs, deeper bounds or exhaustion; fd alone where fd would
// answer first), before any goal gets its whole budget: a goal that takes its whole budget (one that fd cannot
// refute, such as C's division identity q * b + r != a) then no longer
// holds back the feasible goals after it, which a small budget answers.
// The goals it leaves unknown get their whole budget after it, on every
// generator, as if it had not run, so it only adds its steps to them.
func (g *Generator) quickRound(cov *Coverage, goals []Goal, index map[string]*GoalStatus) {
	if g.Opts.NoSolver {
		return
	}
	saved := g.Opts.goalShare
	defer func() { g.Opts.goalShare, g.quick = saved, false }()
	g.Opts.goalShare, g.quick = quickShare, true
	for _, gs := range g.deepFirst(cov.Goals) {
		if gs.Test >= 0 || g.Opts.Total.Exhausted() {
			continue
		}
		r := g.reach(gs.Goal, 1)
		cov.Stats.Add(r.Stats)
		switch r.Status {
		case Covered:
			gs.Engine = r.Engine
			g.addTest(cov, goals, index, r.Tests[0], r.Engine)
		case Unreachable:
			gs.Status, gs.Reason, gs.Engine = r.Status, r.Reason, r.Engine
		default:
			if g.quickLeft == nil {
				g.quickLeft = map[string]string{}
			}
			g.quickLeft[gs.Goal.ID()] = r.Reason
		}
	}
}

// addTest adds a test to a coverage run: every goal of goals it covers
// that had no test yet is covered by it, answered by engine.
func (g *Generator) addTest(cov *Coverage, goals []Goal, index map[string]*GoalStatus, t *Test, engine string) (fresh int) {
	n := len(cov.Tests)
	covers := g.covered(t, goals)
	for _, id := range covers {
		if o, ok := index[id]; ok && o.Test < 0 {
			o.Status, o.Reason, o.Test, o.Engine = Covered, "", n, engine
			o.At = g.clock(cov)
			fresh++
			if o.Goal.Kind == DecisionGoal {
				g.done[outcome{o.Goal.Dec, o.Goal.Outcome}] = true
			}
		}
	}
	if fresh > 0 || engine != EnginePrepass {
		cov.Tests = append(cov.Tests, t)
		cov.Covers = append(cov.Covers, covers)
	}
	return fresh
}

// clock is the time since the start of a coverage run, by Options.Clock.
func (g *Generator) clock(cov *Coverage) time.Duration {
	if g.Opts.Clock != nil {
		return g.Opts.Clock()
	}
	return time.Since(cov.start)
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

// deepFirst orders goals by decreasing nesting depth (the number of ifs
// and loops around the decision or statement), stably.
func (g *Generator) deepFirst(goals []*GoalStatus) []*GoalStatus {
	decDepth := map[*ir.Decision]int{}
	lineDepth := map[ir.Pos]int{}
	var walk func(ss []ir.Stmt, depth int)
	walk = func(ss []ir.Stmt, depth int) {
		note := func(r *ir.DecRef) {
			if r != nil && depth > decDepth[r.D] {
				decDepth[r.D] = depth
			}
		}
		for _, s := range ss {
			if p := s.Position(); p.Line > 0 {
				k := ir.Pos{File: p.File, Line: p.Line}
				if _, ok := lineDepth[k]; !ok {
					lineDepth[k] = depth
				}
			}
			switch s := s.(type) {
			case *ir.If:
				note(s.Dec)
				walk(s.Then, depth+1)
				walk(s.Else, depth+1)
			case *ir.While:
				note(s.Dec)
				walk(s.Pre, depth+1)
				walk(s.Body, depth+1)
			case *ir.Assert:
				note(s.Dec)
			}
		}
	}
	walk(g.inlined.Func.Body, 0)
	depth := func(gs *GoalStatus) int {
		if gs.Goal.Kind == DecisionGoal {
			return decDepth[gs.Goal.Dec]
		}
		return lineDepth[ir.Pos{File: gs.Goal.File, Line: gs.Goal.Line}]
	}
	out := append([]*GoalStatus(nil), goals...)
	sort.SliceStable(out, func(i, j int) bool { return depth(out[i]) > depth(out[j]) })
	return out
}
