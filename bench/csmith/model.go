package main

import (
	"context"
	"fmt"
	"math/rand"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/inka-tool/inka/budget"
	"github.com/inka-tool/inka/internal/cdriver"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/testgen"
)

// modelOptions are the budgets of the model check of one program.
type modelOptions struct {
	goals      int           // decision outcomes asked per program, spread over the function
	steps      int64         // step budget per goal (package budget: deterministic)
	totalSteps int64         // step budget per program, the generator's setup included
	guard      time.Duration // outer wall-clock guard per program (the step budgets decide first)
	maxUnroll  int
	attacks    int // runs held against the program's unreachable claims
}

// The input shape of the model check, shared by inka and gcc's driver.
const (
	arrayLen = 4
	ptrDepth = 2
)

// attackSteps bounds each interpreter run of an attack.
const attackSteps = 1_000_000

// ModelResult is the model check of one program: `inka reach` on some
// decision outcomes of func_1 (as `inka cover --func func_1` answers
// them, with small budgets), the globals as inputs (the claims are about
// every state a caller can set up, not only the initializers); each
// covered claim confirmed by gcc, each unreachable claim attacked.
type ModelResult struct {
	Goals, Covered, Unreachable, Unknown int
	Confirmed                            int // covered claims whose test gcc ran through the goal
	NotReplayed                          int // tests gcc's driver cannot set up (a static set by the test)
	Attacks                              int // runs (interp, and gcc when defined) held against the unreachable claims
	Wrong                                []string
	Panic                                string
	Unknowns                             map[string]int // reasons of the unknown answers, normalized
	Skipped                              string         // why the check was not finished
}

// checkModel runs the model check of file.
func (c *checker) checkModel(ctx context.Context, file string, r *Result) (m *ModelResult) {
	m = &ModelResult{Unknowns: map[string]int{}}
	defer func() {
		if e := recover(); e != nil {
			m.Panic = fmt.Sprintf("model check: %v\n%s", e, debug.Stack())
		}
	}()
	prog, err := lower(file)
	if err != nil {
		m.Skipped = err.Error()
		return m
	}
	o := c.mopts
	total := budget.New(o.totalSteps, time.Now().Add(o.guard))
	g, err := testgen.NewGenerator(prog, testgen.Options{Steps: o.steps, Total: total, Timeout: o.guard,
		MaxUnroll: o.maxUnroll, Seed: uint64(r.Seed), ArrayLen: arrayLen, PtrDepth: ptrDepth})
	if err != nil {
		m.Skipped = "generator: " + err.Error()
		return m
	}
	drv, err := cdriver.New(g.Prog, entry, cdriver.Options{PtrArrayLen: arrayLen, PtrDepth: ptrDepth})
	if err != nil {
		m.Skipped = "driver: " + err.Error()
		return m
	}
	var covered []*testgen.GoalResult
	claimed := map[string]bool{}
	for _, gl := range spread(g.Decisions(), o.goals) {
		if ctx.Err() != nil {
			break
		}
		res := g.Reach(gl, 1)
		m.Goals++
		switch res.Status {
		case testgen.Covered:
			m.Covered++
			covered = append(covered, res)
		case testgen.Unreachable:
			m.Unreachable++
			claimed[gl.ID()] = true
		default:
			m.Unknown++
			m.Unknowns[refusal(res.Reason)]++
		}
	}
	c.confirmCovered(ctx, file, drv, covered, m)
	c.attackUnreachable(ctx, file, drv, claimed, r.Seed, m)
	return m
}

// spread picks n goals evenly spread over goals (all when there are
// fewer).
func spread(goals []testgen.Goal, n int) []testgen.Goal {
	if n <= 0 || len(goals) <= n {
		return goals
	}
	out := make([]testgen.Goal, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, goals[i*len(goals)/n])
	}
	return out
}

// confirmCovered runs the test of every covered goal in gcc: it must take
// the goal, and agree with the interpreter's replay.
func (c *checker) confirmCovered(ctx context.Context, file string, drv *cdriver.Driver, covered []*testgen.GoalResult, m *ModelResult) {
	var cases []cdriver.Case
	var goals []*testgen.GoalResult
	for _, res := range covered {
		cs, why := toCase(drv, res.Tests[0])
		if why != "" {
			m.NotReplayed++
			continue
		}
		cases, goals = append(cases, cs), append(goals, res)
	}
	if len(cases) == 0 {
		return
	}
	outs, err := runDriver(ctx, file, drv, cases)
	if err != nil {
		m.Skipped = "gcc: " + firstLine([]byte(err.Error()))
		return
	}
	names := objectNames(drv)
	for k, out := range outs {
		res := goals[k]
		id := res.Goal.ID()
		var msgs []string
		if !takenBy(out)[id] && drv.IsProbed(id) {
			msgs = append(msgs, "gcc does not take "+id)
		}
		msgs = append(msgs, sameDecisions(cdriver.Compare(drv, nil, names, res.Tests[0].Result, out))...)
		if len(msgs) > 0 {
			m.Wrong = append(m.Wrong, fmt.Sprintf("covered claim %s: %s", id, shorten(msgs)))
			continue
		}
		m.Confirmed++
	}
}

// toCase lays out a test's inputs for gcc's driver.
func toCase(drv *cdriver.Driver, tc *testgen.Test) (cdriver.Case, string) {
	rets, writes := tc.StubAnswers()
	return drv.CaseOf(tc.Inputs, rets, writes)
}

// attackUnreachable holds the unreachable claims against runs on other
// inputs: half random (cdriver.RandomCase), half the initializers with a
// few leaves perturbed. No run of the interpreter may take a goal claimed
// unreachable before it stops (a goal reached by a run that goes wrong
// afterwards is unknown, not unreachable), and no gcc run of an input
// without undefined behaviour may take one.
func (c *checker) attackUnreachable(ctx context.Context, file string, drv *cdriver.Driver, claimed map[string]bool, seed int, m *ModelResult) {
	if len(claimed) == 0 {
		return
	}
	rng := rand.New(rand.NewSource(int64(seed)))
	init := initCase(drv)
	var cases []cdriver.Case
	var results []*interp.Result
	var descs []string
	for n := 0; n < c.mopts.attacks && ctx.Err() == nil; n++ {
		cs := drv.RandomCase(rng)
		if n%2 == 1 {
			cs = perturb(rng, drv, init)
		}
		in, desc, _ := drv.Inputs(cs)
		res, err := interp.Run(drv.Prog, entry, in, interp.Config{PtrArrayLen: arrayLen, PtrDepth: ptrDepth, MaxSteps: attackSteps})
		if err != nil {
			continue // unsupported at run time: nothing to hold against the claims
		}
		m.Attacks++
		for _, s := range res.Trace {
			if claimed[s.ID()] {
				m.Wrong = append(m.Wrong, fmt.Sprintf("unreachable claim %s: the interpreter reaches it on %s (%s)", s.ID(), desc, res.Outcome))
				delete(claimed, s.ID())
			}
		}
		if res.Outcome == interp.Returned {
			cases, results, descs = append(cases, cs), append(results, res), append(descs, desc)
		}
	}
	if len(cases) == 0 {
		return
	}
	outs, err := runDriver(ctx, file, drv, cases)
	if err != nil {
		return
	}
	names := objectNames(drv)
	for k, out := range outs {
		for id := range takenBy(out) {
			if claimed[id] {
				m.Wrong = append(m.Wrong, fmt.Sprintf("unreachable claim %s: gcc reaches it on %s", id, descs[k]))
				delete(claimed, id)
			}
		}
		// every run is also one more differential test of the interpreter
		if msgs := sameDecisions(cdriver.Compare(drv, nil, names, results[k], out)); len(msgs) > 0 && !strings.Contains(out.Status, "signal 14") {
			m.Wrong = append(m.Wrong, fmt.Sprintf("interp and gcc disagree on %s: %s", descs[k], shorten(msgs)))
		}
	}
}

// initCase is the case of the globals at their initializers (a pointer
// initialized to an address points to a fresh object instead: the driver
// can only make those).
func initCase(drv *cdriver.Driver) cdriver.Case {
	vals := map[string]uint64{}
	for _, g := range drv.Prog.Globals {
		ls := g.Typ.Leaves()
		for _, it := range g.Init {
			if it.Leaf >= len(ls) {
				continue
			}
			switch x := it.Val.(type) {
			case *ir.Const:
				vals[g.Name+ls[it.Leaf].Path] = ir.Truncate(ls[it.Leaf].Type, x.Bits)
			case *ir.AddrConst:
				vals[g.Name+ls[it.Leaf].Path] = 1
			}
		}
	}
	var c cdriver.Case
	for i, l := range drv.Leaves {
		v := vals[l.Path]
		if l.Type.IsPointer() && drv.IsFixedNull(i) {
			v = 0
		}
		c.Leaves = append(c.Leaves, v)
	}
	return c
}

// perturb returns init with one to three leaves drawn at random.
func perturb(rng *rand.Rand, drv *cdriver.Driver, init cdriver.Case) cdriver.Case {
	r := drv.RandomCase(rng)
	c := cdriver.Case{Leaves: append([]uint64(nil), init.Leaves...), StubRet: r.StubRet, StubWr: r.StubWr}
	if len(c.Leaves) == 0 {
		return c
	}
	for k := rng.Intn(3); k >= 0; k-- {
		i := rng.Intn(len(c.Leaves))
		c.Leaves[i] = r.Leaves[i]
	}
	return c
}

func objectNames(drv *cdriver.Driver) map[string]bool {
	names := map[string]bool{}
	for _, o := range drv.Objects {
		names[o.Name] = true
	}
	return names
}

// takenBy returns the decision outcomes a gcc run took.
func takenBy(out cdriver.Output) map[string]bool {
	taken := map[string]bool{}
	for _, s := range out.Trace {
		taken[s.Dec.ID(s.Outcome)] = true
	}
	return taken
}

// sortedCounts lists a count map by decreasing count.
func sortedCounts(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = fmt.Sprintf("%6d  %s", m[k], k)
	}
	return out
}
