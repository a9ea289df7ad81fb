package mcdc

import (
	"fmt"
	"strings"
	"time"

	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/testgen"
)

// Criterion is a condition-based coverage criterion.
type Criterion string

const (
	// Condition: every condition takes both outcomes.
	Condition Criterion = "condition"
	// DecisionCondition: every condition and every decision takes both
	// outcomes.
	DecisionCondition Criterion = "decision-condition"
	// MCDC: every condition is shown to affect its decision's outcome
	// independently, by a pair of evaluations (Form says which pairs).
	MCDC Criterion = "mcdc"
)

// Form is the form of MC/DC: which pairs of evaluations show a
// condition's independence.
type Form string

const (
	// Masking (CAST-6): the condition decides the outcome in both
	// evaluations, with different values; other conditions may differ.
	Masking Form = "masking"
	// UniqueCause: only the condition changes (a condition short-circuit
	// evaluation skipped in one of the two matches any value).
	UniqueCause Form = "unique-cause"
)

// Options configure a run.
type Options struct {
	Criterion Criterion
	Form      Form // MCDC only; default Masking
	Gen       testgen.Options
}

// Goal is the answer for one thing to reach: an outcome of a condition or
// of a decision, or an evaluation vector.
type Goal struct {
	Status testgen.Status
	Reason string
	Test   int // index in Result.Tests when covered, else -1
	Engine string
}

// Evaluation is one path through a decision and its answer.
type Evaluation struct {
	Vector
	Goal
}

// CondResult is a condition of a decision and its answers.
type CondResult struct {
	Leaf *ir.Decision
	// Outcomes are the condition criterion's goals: true, false.
	Outcomes [2]*Goal
	// MC/DC: Status of the pair (covered: a pair was found; unreachable:
	// proved that none exists; unknown), Reason, and the pair: the tests
	// (indexes in Result.Tests) and their evaluation vectors, the one
	// where the condition is true first.
	Status  testgen.Status
	Reason  string
	Pair    [2]int
	Vectors [2]Vector
	// options are the pairs of evaluations (indexes in Decision.Evals)
	// that show the independence and were all reached.
	options [][2]int
}

// Decision is a decision with its conditions and answers.
type Decision struct {
	Dec        *ir.Decision
	Expr       string // "c1 && (c2 || c3)"
	Conditions []*CondResult
	// Outcomes are the decision's own goals (decision-condition): true,
	// false.
	Outcomes [2]*Goal
	// Evals are the evaluation paths (MC/DC, decision-condition).
	Evals []*Evaluation
	// SuiteTests is the number of tests of the suite the decision's pairs
	// use; Bound is the lower bound N+1 for its N independent
	// conditions (0 when none).
	SuiteTests, Bound int
	d                 *decision
}

// Result is the answer of a run on one function.
type Result struct {
	Function  string
	Criterion Criterion
	Form      Form
	Decisions []*Decision
	// Tests are the suite: every test is replayed by the interpreter.
	Tests []*testgen.Test
	// Covers lists, for each test, the outcomes its replay takes
	// (decisions and conditions, as ir.Decision.ID), each once, in the
	// order of the run.
	Covers [][]string
	// Found is the number of tests the search found before the suite was
	// chosen.
	Found int
	Stats testgen.Stats
}

// coverer holds the state of a run.
type coverer struct {
	g     *testgen.Generator
	opts  Options
	res   *Result
	decs  []*Decision
	refs  map[*ir.Decision]leafRef
	byDec map[*decision]*Decision
	tests []*testgen.Test
	// covers[t] are the evaluations test t took: (decision, path index)
	covers [][]evalRef
}

type evalRef struct {
	d *Decision
	k int
}

// Cover runs the criterion on p's entry function. p must be lowered with
// the conditions identified (frontend.Options.Conditions); Cover
// instruments it (the evaluation paths become goals).
func Cover(p *ir.Program, opts Options) (*Result, error) {
	r, _, err := CoverWith(p, opts)
	return r, err
}

// CoverWith is Cover, returning the generator it answered the goals with
// too (for its sanity failures, testgen.Options.Check).
func CoverWith(p *ir.Program, opts Options) (*Result, *testgen.Generator, error) {
	if opts.Form == "" {
		opts.Form = Masking
	}
	start := time.Now()
	ds, refs := decisions(p)
	instrument(p, ds, refs)
	g, err := testgen.NewGenerator(p, opts.Gen)
	if err != nil {
		return nil, nil, err
	}
	c := &coverer{g: g, opts: opts, refs: refs, byDec: map[*decision]*Decision{},
		res: &Result{Function: p.Funcs[0].Name, Criterion: opts.Criterion, Form: opts.Form}}
	for _, d := range ds {
		dr := &Decision{Dec: d.d, Expr: d.d.Conds.String(), d: d}
		for _, l := range d.leaves {
			dr.Conditions = append(dr.Conditions, &CondResult{Leaf: l, Outcomes: [2]*Goal{unknown(), unknown()}, Status: testgen.Unknown, Pair: [2]int{-1, -1}})
		}
		dr.Outcomes = [2]*Goal{unknown(), unknown()}
		for _, pth := range d.paths {
			dr.Evals = append(dr.Evals, &Evaluation{Vector: pth, Goal: *unknown()})
		}
		c.decs = append(c.decs, dr)
		c.byDec[d] = dr
	}
	switch opts.Criterion {
	case Condition:
		c.conditions()
	case DecisionCondition:
		c.conditions()
		c.outcomes()
	case MCDC:
		c.mcdc()
	default:
		return nil, nil, fmt.Errorf("unknown criterion %q", opts.Criterion)
	}
	c.suite()
	for _, dr := range c.decs {
		for _, e := range dr.Evals {
			if e.Status == testgen.Unknown && e.Reason == "" {
				e.Reason = "not searched: no goal needed it"
			}
		}
	}
	c.res.Decisions = c.decs
	c.res.Stats.Time = time.Since(start)
	return c.res, g, nil
}

func unknown() *Goal { return &Goal{Status: testgen.Unknown, Test: -1} }

// reach answers a goal of the generator, keeping the test it finds.
func (c *coverer) reach(goal testgen.Goal) *testgen.GoalResult {
	if c.g.Opts.Total.Exhausted() {
		return &testgen.GoalResult{Status: testgen.Unknown, Reason: c.g.Opts.Total.Reason()}
	}
	r := c.g.Reach(goal, 1)
	c.res.Stats.Add(r.Stats)
	if r.Status == testgen.Covered {
		c.add(r.Tests[0], r.Engine)
	}
	return r
}

// add records a test and every goal its replay covers.
func (c *coverer) add(t *testgen.Test, engine string) {
	n := len(c.tests)
	c.tests = append(c.tests, t)
	var refs []evalRef
	evs := evaluations(t.Result.Trace, c.refs)
	for _, dr := range c.decs {
		for _, v := range evs[dr.d] {
			k := pathIndex(dr.d, v)
			if k < 0 {
				continue
			}
			refs = append(refs, evalRef{dr, k})
			mark(&dr.Evals[k].Goal, n, engine)
			for i, cond := range dr.Conditions {
				switch v.Conds[i] {
				case True:
					mark(cond.Outcomes[0], n, engine)
				case False:
					mark(cond.Outcomes[1], n, engine)
				}
			}
			if v.Outcome {
				mark(dr.Outcomes[0], n, engine)
			} else {
				mark(dr.Outcomes[1], n, engine)
			}
		}
	}
	c.covers = append(c.covers, refs)
}

func mark(g *Goal, test int, engine string) {
	if g.Status != testgen.Covered {
		*g = Goal{Status: testgen.Covered, Test: test, Engine: engine}
	}
}

func pathIndex(d *decision, v Vector) int {
	for k, p := range d.paths {
		if p == v {
			return k
		}
	}
	return -1
}

// answer copies a goal result into g unless g is covered already.
func answer(g *Goal, r *testgen.GoalResult) {
	if g.Status == testgen.Covered {
		return
	}
	g.Status, g.Reason, g.Engine = r.Status, r.Reason, r.Engine
}

// conditions answers the condition criterion: each condition's outcomes,
// as goals of their own (each condition is a test in the IR).
func (c *coverer) conditions() {
	for _, dr := range c.decs {
		for _, cond := range dr.Conditions {
			for o, g := range cond.Outcomes {
				if g.Status == testgen.Covered {
					continue
				}
				answer(g, c.reach(testgen.Goal{Kind: testgen.DecisionGoal, Dec: cond.Leaf, Outcome: o}))
			}
		}
	}
}

// outcomes answers the decisions' own outcomes (decision-condition), each
// a goal of its own (a chain in an expression is tested too: DecExpr).
func (c *coverer) outcomes() {
	for _, dr := range c.decs {
		for o, g := range dr.Outcomes {
			if g.Status != testgen.Covered {
				answer(g, c.reach(testgen.Goal{Kind: testgen.DecisionGoal, Dec: dr.Dec, Outcome: o}))
			}
		}
	}
}

// path answers evaluation path k of a decision.
func (c *coverer) path(dr *Decision, k int) *Goal {
	e := &dr.Evals[k].Goal
	if e.Status == testgen.Covered || e.Reason != "" {
		return e
	}
	var goal testgen.Goal
	if len(dr.d.leaves) == 1 {
		o := 0
		if dr.Evals[k].Conds[0] == False {
			o = 1
		}
		goal = testgen.Goal{Kind: testgen.DecisionGoal, Dec: dr.d.leaves[0], Outcome: o}
	} else {
		goal = testgen.Goal{Kind: testgen.DecisionGoal, Dec: dr.d.goals[k], Outcome: 0}
	}
	r := c.reach(goal)
	if e.Status == testgen.Covered {
		return e
	}
	if r.Status == testgen.Covered {
		// the test reached the path's goal, but its trace does not show
		// the evaluation: a bug of inka's, never a covered answer
		*e = Goal{Status: testgen.Unknown, Test: -1, Reason: "internal error: the test of the evaluation " + dr.Evals[k].Vector.String() + " does not show it"}
		return e
	}
	e.Status, e.Reason, e.Engine = r.Status, r.Reason, r.Engine
	if e.Reason == "" {
		e.Reason = "proved impossible"
	}
	return e
}

// describe writes the conditions an evaluation evaluates with their
// values: `"dev > 200" true, "dev > 100" false`.
func (dr *Decision) describe(v Vector) string {
	var parts []string
	for i, c := range v.Conds {
		switch c {
		case True:
			parts = append(parts, fmt.Sprintf("%q true", dr.Conditions[i].Leaf.Text))
		case False:
			parts = append(parts, fmt.Sprintf("%q false", dr.Conditions[i].Leaf.Text))
		}
	}
	return v.Conds + " (" + strings.Join(parts, ", ") + ")"
}

// anyPath reaches one of the paths ks (covered if any is), or proves that
// none can be taken (every one unreachable).
func (c *coverer) anyPath(dr *Decision, ks []int, none string) Goal {
	for _, k := range ks {
		if dr.Evals[k].Status == testgen.Covered {
			return dr.Evals[k].Goal
		}
	}
	for _, k := range ks {
		if g := c.path(dr, k); g.Status == testgen.Covered {
			return *g
		}
	}
	return c.impossible(dr, ks, none)
}

// impossible is the answer for a set of paths none of which was reached:
// unreachable when each is proved so, else unknown with the reasons.
func (c *coverer) impossible(dr *Decision, ks []int, none string) Goal {
	if len(ks) == 0 {
		return Goal{Status: testgen.Unreachable, Test: -1, Reason: none}
	}
	var proved, open []string
	for _, k := range ks {
		e := dr.Evals[k]
		if e.Status == testgen.Unreachable {
			proved = append(proved, dr.describe(e.Vector))
		} else {
			open = append(open, fmt.Sprintf("%s: %s", e.Conds, e.Reason))
		}
	}
	if len(open) == 0 {
		return Goal{Status: testgen.Unreachable, Test: -1,
			Reason: fmt.Sprintf("no input gives the evaluation that would show it: %s (proved)", strings.Join(proved, "; "))}
	}
	return Goal{Status: testgen.Unknown, Test: -1, Reason: "no evaluation reached; " + strings.Join(open, "; ")}
}

// CondID is the identifier of a condition, "file:line:col:cond" (the
// position of its first character; "file:line:col" for a decision that
// is a single condition, which is its own condition).
func CondID(leaf *ir.Decision) string {
	if leaf.Kind == ir.DecCondition {
		return leaf.Pos.String() + ":cond"
	}
	return leaf.Pos.String()
}

// EvalID is the identifier of an evaluation path of a decision,
// "file:line:col:eval:TF-".
func EvalID(d *ir.Decision, v Vector) string {
	return d.Pos.String() + ":eval:" + v.Conds
}
