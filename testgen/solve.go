package testgen

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/inka-tool/inka/budget"
	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/model"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/ssa"
)

// Solving a goal: the model of the goal is built (on the function's shared
// model when it can, else a model of its own, and a model cut at the goal
// to tell unreachable from unknown), the search proposes inputs, and each
// solution is replayed (replay.go) before it becomes a test.

// built is a model and its request: the variable that is 1 exactly when
// the execution reaches the goal (the goal flag at the end of a model
// made for one goal, or the goal's reach indicator in the function's
// shared model).
type built struct {
	m   *model.Model
	req *fd.Var
	in  *instrumented
	// budget is what the search on m and the replays spend (the store's
	// propagations included).
	budget *budget.B
	// place is where the goal is in the execution (model.ReachOrder), if
	// known.
	place []int
	// hints are the values labeling tries first (searcher.hints).
	hints map[*fd.Var]fd.Int
}

// build makes the model of one goal (cut at the goal with cut), spending
// bud on its construction.
func (g *Generator) build(goal Goal, cut bool, bud *budget.B) (*built, bool, error) {
	return g.buildWith(goal, cut, model.Options{}, bud)
}

// buildWith is build with the options of the model (MaxUnroll, Inputs,
// MayBeNull and ExactCuts are set here).
func (g *Generator) buildWith(goal Goal, cut bool, mo model.Options, bud *budget.B) (*built, bool, error) {
	in, found := instrument(g.Prog, g.modelFn, goal, cut)
	if !found {
		return nil, false, nil
	}
	if err := bud.Err(); err != nil {
		return nil, true, err
	}
	if err := g.checkInstrumented(goal, in, cut); err != nil {
		return nil, true, err
	}
	f, flag := in.f, in.flag
	// Tests are searched with NULL only for the pointer inputs the code
	// compares with NULL (nullTested): a NULL elsewhere is a dead end. The
	// cut model proves goals unreachable: there every pointer input may be
	// NULL, as a caller may pass it.
	mayBeNull := func(p string) bool { return cut || g.nullOK[p] }
	pt, err := pointsto.Analyze(f, g.Prog.Globals, g.ptConfig(mayBeNull, bud))
	if err == nil {
		err = g.checkPointsTo(pt)
	}
	if err != nil {
		return nil, true, err
	}
	sf, err := ssa.BuildWithin(f, pt, bud, flag)
	if err == nil {
		err = g.checkSSA(sf)
	}
	if err != nil {
		return nil, true, err
	}
	mo.MaxUnroll, mo.Inputs, mo.MayBeNull, mo.ExactCuts = g.Opts.MaxUnroll, g.inputs, mayBeNull, cut
	m, err := model.New(sf, mo)
	if err != nil {
		return nil, true, err
	}
	m.S.Budget = bud
	cells := sf.CellsOf(pt.ObjectOf(flag))
	return &built{m: m, req: m.FinalVar(cells[0]), in: in, budget: bud}, true, nil
}

// shared is the model of the whole function with a reach indicator per
// decision outcome (model.Options.Reach), built once and propagated to
// its root fixpoint, that answers every decision goal: a goal pushes a
// choice point, posts its indicator, searches and pops. Only the
// statement goals and the models cut at a goal are built per goal.
type shared struct {
	m   *model.Model
	err error
	// unpaid are the construction's figures, charged to the first goal
	// answered on the model.
	unpaid Stats
}

// constructionErr adds to the error of a budget that ran out while the
// shared model was built (the points-to analysis, Pointer-SSA) what was
// being built: the function with its calls inlined, whose size says why
// (a recursion that calls itself twice, a tree walk, doubles with every
// level of --max-inline). Other errors are returned as they are.
func (g *Generator) constructionErr(err error) error {
	var be *budget.Error
	if !errors.As(err, &be) {
		return err
	}
	n := stmtCount(g.modelFn)
	why := ""
	if len(g.inlined.Truncated) > 0 {
		why = fmt.Sprintf(", recursion inlined to --max-inline %d", g.Opts.MaxInline)
	}
	return fmt.Errorf("%w, building the constraint model of %s: %d statements once its calls are inlined%s", err, g.Fn.Name, n, why)
}

func (g *Generator) sharedModel() *shared {
	if g.shared != nil {
		return g.shared
	}
	sh := &shared{}
	g.shared = sh
	// The construction gets the steps of a goal, within the run's budget.
	bud := g.Opts.guarded("model", g.Opts.Steps)
	defer func() { sh.unpaid.Steps = bud.Used() }()
	mayBeNull := func(p string) bool { return g.nullOK[p] }
	pt, err := pointsto.Analyze(g.modelFn, g.Prog.Globals, g.ptConfig(mayBeNull, bud))
	if err == nil {
		err = g.checkPointsTo(pt)
	}
	if err != nil {
		sh.err = g.constructionErr(err)
		return sh
	}
	sf, err := ssa.BuildWithin(g.modelFn, pt, bud)
	if err == nil {
		err = g.checkSSA(sf)
	}
	if err == nil {
		// Only what decides the paths (ssa.Slice): the tests are
		// replayed in full, and the proofs are made on the cut models,
		// which are not sliced.
		sf = sf.Slice()
		err = g.checkSSA(sf)
	}
	if err != nil {
		sh.err = g.constructionErr(err)
		return sh
	}
	sh.m, sh.err = model.New(sf, model.Options{MaxUnroll: g.Opts.MaxUnroll, Inputs: g.inputs, MayBeNull: mayBeNull, Reach: true})
	if sh.err == nil {
		// The root fixpoint, within the construction's budget: a
		// propagation cut short leaves its queue to the goals', which go
		// on from there (a budget that runs out here is no failure of
		// the model).
		sh.m.S.Budget = bud
		rootFixpoint(sh.m.S)
		sh.m.S.Budget = nil
		sh.unpaid = g.statsOf(sh.m)
	}
	return sh
}

// rootFixpoint propagates the shared model at its root. A round cut short
// by the store's StepLimit goes on while it builds the model (the
// iterations of a loop unfolded by a Lazy: a 640-case switch in a loop
// takes more than one round's steps): what is built at the root is built
// once, while what is left to the goals is built again in every goal's
// choice point and undone at its pop. A round that only narrowed domains
// (bounds creeping on a cycle, what StepLimit is for) is left to the goals
// as before.
func rootFixpoint(s *fd.Store) {
	for {
		posted := s.Stats.Constraints
		if !s.Propagate() || !s.Pending() || s.Stats.Constraints == posted {
			return
		}
	}
}

// solveShared searches tests for a decision goal on the shared model, as
// solve does on a model of its own. What the search leaves in the model
// (loop iterations unrolled, the unrolling bound hit, unsupported
// constructs met) is undone when it returns; why says why a search that
// found nothing proves nothing ("" when it proves the goal unreachable
// in the full model).
func (g *Generator) solveShared(sh *shared, goal Goal, max int, bud *budget.B, res *GoalResult) (complete bool, why string) {
	m := sh.m
	req := m.Reach(goal.Dec, goal.Outcome)
	if req == nil {
		// No run that returns takes this outcome (the failure of an
		// assertion, a decision after a cut): nothing to search.
		return true, approximations(m)
	}
	before := g.statsOf(m)
	m.S.Budget = bud
	if g.sharePaths {
		g.enterPath(m, m.Path(goal.Dec, goal.Outcome))
	}
	boundHit, nUnsupported := m.BoundHit, len(m.Unsupported)
	m.S.Push()
	defer func() {
		m.S.Pop()
		m.S.Budget = nil
		m.BoundHit, m.Unsupported = boundHit, m.Unsupported[:nUnsupported]
		st := g.statsOf(m)
		st.sub(before)
		st.Add(sh.unpaid)
		sh.unpaid = Stats{}
		res.Stats.Add(st)
	}()
	b := &built{m: m, req: req, in: &instrumented{}, budget: bud, place: m.ReachOrder(goal.Dec, goal.Outcome),
		hints: g.hints(m, goal)}
	complete, why = g.search(b, goal, max, res)
	if complete {
		why = approximations(m)
	}
	return complete, why
}

// reachFD answers a goal with the fd engine within gb, a budget of steps
// steps (the goal's, or the part of it the portfolio gives fd).
func (g *Generator) reachFD(goal Goal, max int, gb *budget.B, steps int64) *GoalResult {
	res := &GoalResult{Goal: goal, Status: Unknown, Engine: EngineFD}
	// The full model (runs that return normally) gets two thirds of the
	// steps; the model cut at the goal, which alone can prove the goal
	// unreachable or show a run that reaches it and then goes wrong, gets
	// what is left, at least a third. The cut model is asked even when the
	// full search was incomplete: it describes every run up to the goal,
	// so a proof there holds whatever the full model's loops, bounds or
	// budget did after the goal.
	complete, why, ok := g.solveFull(goal, max, gb, steps, res)
	if !ok {
		return res
	}
	if len(res.Tests) > 0 {
		res.Status = Covered
		switch {
		case len(res.Tests) >= max:
		case !complete:
			res.Reason = fmt.Sprintf("%d of the %d tests asked for: the search stopped early (%s)", len(res.Tests), max, why)
		case why != "":
			res.Reason = fmt.Sprintf("%d of the %d tests asked for: no other within inka's bounds (%s)", len(res.Tests), max, why)
		default:
			res.Reason = fmt.Sprintf("%d of the %d tests asked for: the search is complete, inka's input model has no other", len(res.Tests), max)
		}
		return res
	}
	// Why the full search proves nothing, if the cut model cannot decide.
	if res.Reason != "" {
		why = res.Reason
	}
	cb, found, err := g.build(goal, true, gb)
	if !found {
		res.Reason = "the goal is not in the function"
		return res
	}
	if err != nil {
		res.Reason = err.Error()
		return res
	}
	cutRes := &GoalResult{Goal: goal}
	ccomplete, cwhy := g.solveCut(cb, goal, !complete, cutRes)
	res.Stats.Add(cutRes.Stats)
	switch {
	case len(cutRes.Tests) > 0:
		// Found with a NULL pointer input the search model did not offer.
		res.Status = Covered
		res.Tests = cutRes.Tests
		res.Reason = ""
	case cutRes.Reason != "":
		res.Reason = cutRes.Reason
	case !ccomplete:
		// The goal's budget ran out in the cut search (the full search
		// had less): that says it best, unless the full search, complete,
		// said why it proves nothing.
		res.Reason = cwhy
		if complete && why != "" {
			res.Reason = why
		}
	default:
		// The search is a proof only for what the model represents
		// exactly (approximations) and for every input a caller could
		// pass (inputModelDependence).
		res.Reason = approximations(cb.m)
		if res.Reason == "" {
			res.Reason = inputModelDependence(cb.m.F.IR, cb.m.F.PT, g.shape, g.changed)
			res.NoTest = res.Reason != ""
		}
		if res.Reason == "" {
			res.Reason = returnDependence(g.modelFn, goal, g.returns)
		}
		if res.Reason == "" {
			res.Status = Unreachable
		}
	}
	if res.Status == Unknown {
		res.Reason += g.lengthMayMatter(cb, res.Reason)
	}
	return res
}

// lengthMayMatter returns what to add to the reason why of an incomplete
// search stopped by the unrolling bound when the function walks its input
// arrays: on inputs of --array-len elements the loops that walk them may
// be what the bound stopped, and longer inputs (grow) may answer the goal
// in a few steps (five digits after a "key=": 8 bytes, never on 4).
func (g *Generator) lengthMayMatter(cb *built, why string) string {
	if !strings.Contains(why, "unrolling bound") || lengthBound(why) {
		return ""
	}
	dep := inputModelDependence(cb.m.F.IR, cb.m.F.PT, g.shape, g.changed)
	if !lengthBound(dep) {
		return ""
	}
	// The dependence names one of the ways an input array's length
	// matters (a variable index, a pointer moved in a loop, a constant
	// index past the end): the reason says what they have in common.
	return fmt.Sprintf("; on inputs of %s: it indexes an input array or moves a pointer into one (the loops the bound stopped may be those that walk it)", shapeLens(g.shape))
}

// solveFull searches tests for the goal on the model of the runs that
// return normally: the shared model for a decision goal, a model of its
// own for a statement goal, with two thirds of the goal's budget gb. It
// reports whether the search was complete, and why it proves nothing (the
// budget when it was not complete). ok is false when there is no model
// (res then says why).
func (g *Generator) solveFull(goal Goal, max int, gb *budget.B, steps int64, res *GoalResult) (complete bool, why string, ok bool) {
	if goal.Kind == DecisionGoal {
		sh := g.sharedModel()
		if sh.err != nil {
			res.Status, res.Reason = Unknown, sh.err.Error()
			return false, "", false
		}
		complete, why = g.solveShared(sh, goal, max, g.testsShare(gb, steps), res)
		return complete, why, true
	}
	b, found, err := g.build(goal, false, gb)
	if !found {
		res.Status, res.Reason = Unknown, "the goal is not in the function"
		return false, "", false
	}
	if err != nil {
		res.Status, res.Reason = Unknown, err.Error()
		return false, "", false
	}
	b.budget = g.testsShare(gb, steps)
	b.m.S.Budget = b.budget
	complete, why = g.solve(b, goal, max, res)
	if complete {
		why = approximations(b.m)
	}
	return complete, why, true
}

// testsShare is the part of fd's budget gb, of steps steps, the search
// for tests gets (two thirds; the cut model has what is left).
func (g *Generator) testsShare(gb *budget.B, steps int64) *budget.B {
	return gb.Child("tests' share of the goal's", steps*2/3, time.Time{})
}

// post posts the request (the goal flag is not 0 at the end: the goal, or
// in the cut model a cut point, was reached), propagates, and records the
// domains propagation alone leaves.
func (g *Generator) post(b *built, res *GoalResult) bool {
	m := b.m
	ok := b.req.Remove(fd.I64(0)) && m.S.Propagate()
	res.Domains = map[string]string{}
	if ok {
		for _, in := range m.Inputs() {
			if !in.Undefined {
				res.Domains[in.Path] = strings.TrimSuffix(strings.TrimPrefix(in.Var.Dom().String(), "{"), "}")
			}
		}
	}
	return ok
}

func (g *Generator) statsOf(m *model.Model) Stats {
	st := m.S.Stats
	return Stats{Constraints: st.Constraints, Prunings: st.Prunings, Nodes: st.Nodes, Failures: st.Failures,
		Propagations: st.Propagations, Trials: m.Comb.Trials}
}

// solve searches tests for the goal on the full model: each solution is
// replayed, and kept if the replay returns normally and reaches the goal.
// It reports whether the search space was exhausted, and if not why.
func (g *Generator) solve(b *built, goal Goal, max int, res *GoalResult) (bool, string) {
	defer func() { res.Stats.Add(g.statsOf(b.m)) }()
	return g.search(b, goal, max, res)
}

// search posts the request and searches (see solve).
func (g *Generator) search(b *built, goal Goal, max int, res *GoalResult) (bool, string) {
	if !g.post(b, res) {
		return true, ""
	}
	seen := map[string]bool{}
	se := &searcher{m: b.m, budget: b.budget, maxNodes: g.Opts.MaxNodes, enumerate: max > 1, covered: g.done, place: b.place,
		hints: b.hints}
	se.onSolution = func() bool {
		t, rr, err := g.replay(b)
		if err == nil {
			t, rr = g.failAlloc(t, rr, goal, b.budget)
		}
		if se.exhausted() {
			se.limit = true // the replay ran out of budget: no verdict
			return true
		}
		if err != nil {
			res.Spurious++
			res.Reason = replayFailure(err)
			return false
		}
		if !confirms(rr, goal, t, g.Opts.StopsCover) {
			res.Spurious++
			res.Reason = fmt.Sprintf("the model proposed inputs the interpreter does not confirm (%s)", describe(rr, goal))
			return false
		}
		key := t.key()
		if seen[key] {
			return false
		}
		seen[key] = true
		res.Tests = append(res.Tests, t)
		res.Reason = ""
		return len(res.Tests) >= max
	}
	stopped := se.run()
	if len(res.Tests) > 0 {
		return !se.limit, se.limitReason()
	}
	return !stopped && !se.limit, se.limitReason()
}

// solveCut searches the model cut at the goal. A solution there that the
// full model did not have reaches the goal and then goes wrong (undefined
// behaviour, a failed assertion, no return): the goal is reachable, but
// not by a test inka can give. When the full search was not complete
// (more), a run that goes wrong after the goal is noted and the search goes
// on for one that returns, which the full search may not have reached.
func (g *Generator) solveCut(b *built, goal Goal, more bool, res *GoalResult) (bool, string) {
	defer func() { res.Stats.Add(g.statsOf(b.m)) }()
	if !g.post(b, res) {
		return true, ""
	}
	se := &searcher{m: b.m, budget: b.budget, maxNodes: g.Opts.MaxNodes, covered: g.done}
	se.onSolution = func() bool {
		t, rr, err := g.replay(b)
		if err == nil {
			t, rr = g.failAlloc(t, rr, goal, b.budget)
		}
		switch {
		case se.exhausted():
			se.limit = true // the replay ran out of budget: no verdict
			return true
		case err != nil:
			res.Reason = replayFailure(err)
		case confirms(rr, goal, t, g.Opts.StopsCover):
			res.Tests = append(res.Tests, t)
		case reached(rr, goal, t):
			// An out-of-bounds run names the length of the inputs, which
			// longer ones may change (grow.go): it wins over the others.
			why := fmt.Sprintf("the goal is reached only by runs that then stop with %s", describe(rr, goal))
			if res.Reason == "" || (!lengthBound(res.Reason) && lengthBound(why)) {
				res.Reason = why
			}
			// Longer inputs are tried next: no more search here.
			return !more || g.growing(res)
		case b.in.cutReason(b.req.Val().Int64()) != "":
			// A run the model follows only up to a cut point.
			if res.Reason == "" {
				res.Reason = b.in.cutReason(b.req.Val().Int64())
			}
			return !more
		case b.in.volatileReason(b.m.Stubs()) != "":
			// The model let a volatile object change between reads.
			if res.Reason == "" {
				res.Reason = b.in.volatileReason(b.m.Stubs())
			}
			return !more
		default:
			res.Reason = fmt.Sprintf("the model proposed inputs the interpreter does not confirm (%s)", describe(rr, goal))
		}
		return true
	}
	stopped := se.run()
	return !stopped && !se.limit, se.limitReason()
}

// hints returns the values of the run of the pre-pass near goal
// (Generator.near) for the inputs of m: a run that reached the goal's
// decision satisfies the path up to it, and the goal often needs only a
// few of its values changed.
func (g *Generator) hints(m *model.Model, goal Goal) map[*fd.Var]fd.Int {
	vals := g.near[outcome{goal.Dec, goal.Outcome}]
	if len(vals) == 0 {
		return nil
	}
	out := map[*fd.Var]fd.Int{}
	for _, in := range m.Inputs() {
		v, ok := vals[in.Path]
		if !ok || in.Pointer || in.Undefined || v.Typ == nil || !v.Typ.IsInteger() {
			continue
		}
		if v.Typ.IsSigned() {
			out[in.Var] = fd.I64(v.Int64())
		} else {
			out[in.Var] = fd.U64(v.Uint64())
		}
	}
	return out
}
