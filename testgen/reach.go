// Package testgen generates tests for goals: a decision outcome or a
// statement of a C function. It builds the points-to analysis, the
// Pointer-SSA form and the constraint model of the function once, with a
// reach indicator per decision outcome (model.Options.Reach); for each
// decision goal it opens a choice point, posts the request "the goal's
// indicator is 1", propagates, labels the inputs, and pops. A statement
// goal, and the model cut at a goal (below), instrument the function with
// a flag set where the goal is reached (goal.go) and get a model of their
// own, whose request is "the flag is 1 at the end". Every solution is
// replayed by the concrete interpreter before it is reported: a replay
// that does not reach the goal is a bug, never a test.
//
// Every answer is one of:
//   - covered: with a test the interpreter replayed without undefined
//     behaviour or assertion failure, and saw reach the goal;
//   - unreachable: the model of the executions that reach the goal, cut
//     there so that nothing after the goal constrains the inputs, was
//     proved contradictory with no approximation on the way (no unrolling
//     bound hit, nothing unsupported met, search complete);
//   - unknown: with the reason (budget, bound, unsupported construct, or
//     a goal reached only by executions that go wrong afterwards).
//
// A goal is first searched on the model of the runs that return normally
// (which give tests), then on the model cut at the goal (which alone
// proves unreachability, or shows a run that reaches the goal and then
// goes wrong). In the cut model the flag is set as the goal is reached and
// everything after it, the rest of the branch that starts there included,
// runs only while the flag is 0: a failing assertion or undefined
// behaviour right after a decision must not make the decision
// unreachable. The cut model also stops at the places the model does not
// follow (cut points: a call past the recursion bound, a call of the C
// library inka does not model), so that a proof covers the runs through
// them, and gives every read of a volatile object a fresh value (goal.go).
// Undefined callees follow the stub contract of stubs.go; a proof that
// holds only under that contract or for inka's input shapes is unknown
// (assume.go).
package testgen

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/inka-tool/inka/budget"
	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/model"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/ssa"
)

// Status is the answer for a goal.
type Status int

const (
	Covered Status = iota
	Unreachable
	Unknown
)

var statusNames = [...]string{"covered", "unreachable", "unknown"}

func (s Status) String() string { return statusNames[s] }

// Options bound the work on a goal.
//
// The work is counted in steps (package budget): points-to transfers,
// propagator runs, search nodes, statements replayed. Steps make the
// answers the same on any machine; Timeout and Total's deadline are only
// outer guards.
type Options struct {
	Steps     int64         // step budget per goal (default budget.DefaultSteps)
	Timeout   time.Duration // wall-clock guard per goal (default 60 s)
	MaxUnroll int           // loop iterations (default 64)
	MaxInline int           // nested calls inlined (default 8)
	MaxNodes  int64         // search nodes per goal (0: no limit)
	Seed      uint64
	// Total is the budget of the whole run (nil: none): every goal's
	// budget is a child of it, and the setup of the generator spends
	// from it. When it is exhausted the goals left are unknown.
	Total *budget.B
	// UseInitializers: globals start from their initializers instead of
	// being inputs.
	UseInitializers bool
	ArrayLen        int // elements behind a T* input (default 4)
	PtrDepth        int // levels of fresh objects behind pointer inputs (default 3)
	// Engine picks the solver (portfolio.go): EngineFD, EngineSAT, or
	// EngineAuto (the default) for a choice per goal.
	Engine string
	// DumpSMT2 names a directory where the SMT-LIB query of every goal is
	// written (sat.go); empty: none.
	DumpSMT2 string
	// Check runs the sanity checkers of the three forms after every
	// transformation (debugging, and the tests): ir.SanityCheckInlined
	// after the inlining, the stubs' stores and each goal's
	// instrumentation, pointsto.SanityCheck after each analysis,
	// ssa.SanityCheck after each Pointer-SSA. A failure is recorded
	// (Generator.SanityFailures) and the goal is unknown with it.
	Check bool
}

// DefaultTimeout is the default wall-clock guard of a goal: far above the
// time the default step budget takes, so that it fires only on a machine
// many times slower or busier than usual.
const DefaultTimeout = 60 * time.Second

func (o Options) withDefaults() Options {
	if o.Steps <= 0 {
		o.Steps = budget.DefaultSteps
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxUnroll <= 0 {
		o.MaxUnroll = 64
	}
	if o.MaxInline <= 0 {
		o.MaxInline = 8
	}
	if o.ArrayLen <= 0 {
		o.ArrayLen = ir.DefaultArrayLen
	}
	if o.PtrDepth <= 0 {
		o.PtrDepth = 3
	}
	if o.Engine == "" {
		o.Engine = EngineAuto
	}
	return o
}

// Test is a test that reaches its goal: the inputs and what the
// interpreter saw when it replayed them.
type Test struct {
	Inputs interp.Inputs
	// Args, Globals, Objects list the input values by access path, for
	// reports ("i" → 5); Null the pointer inputs that are NULL. ArgOrder
	// lists the access paths of the parameters' leaves in parameter order
	// (the order in which reports list Args).
	Args, Globals, Objects map[string]interp.Val
	Null                   []string
	ArgOrder               []string
	// Stubs gives the values returned by each extern, call by call, and
	// StubWrites the values they store through their write argument
	// (ir.Extern.WriteArg), call by call (see stubs.go).
	Stubs      map[string][]interp.Val
	StubWrites map[string][]StubWrite
	// StubObjects names, per callee and call, the fresh object a call
	// returns ("lookup()#0": interp.StubAnswer.Object; its leaves are in
	// Objects), or "" (stubptr.go).
	StubObjects map[string][]string
	Result      *interp.Result
	// lines are the source lines (File and Line of ir.Pos) on which a
	// statement ran during the replay.
	lines map[ir.Pos]bool
}

// Stats are the solvers' figures for one goal (the paper's #c and #pr for
// fd; ticks of propagations and solver calls for gini).
type Stats struct {
	Constraints, Prunings, Nodes, Failures, Propagations, Trials int64
	// Steps is the work spent on the goal (package budget).
	Steps               int64
	SATTicks, SATSolves int64
	Time                time.Duration
}

func (s *Stats) sub(t Stats) {
	s.Steps -= t.Steps
	s.Constraints -= t.Constraints
	s.Prunings -= t.Prunings
	s.Nodes -= t.Nodes
	s.Failures -= t.Failures
	s.Propagations -= t.Propagations
	s.Trials -= t.Trials
	s.SATTicks -= t.SATTicks
	s.SATSolves -= t.SATSolves
	s.Time -= t.Time
}

func (s *Stats) add(t Stats) {
	s.Constraints += t.Constraints
	s.Prunings += t.Prunings
	s.Nodes += t.Nodes
	s.Failures += t.Failures
	s.Propagations += t.Propagations
	s.Trials += t.Trials
	s.Steps += t.Steps
	s.SATTicks += t.SATTicks
	s.SATSolves += t.SATSolves
	s.Time += t.Time
}

// GoalResult is the answer for one goal.
type GoalResult struct {
	Goal   Goal
	Status Status
	Reason string  // for unknown (and a note for unreachable)
	Tests  []*Test // covered: at least one
	// Domains are the input domains left by propagation alone, before any
	// labeling (the paper's first request), by access path.
	Domains map[string]string
	Stats   Stats
	// Spurious counts the solutions of the model that the replay did not
	// confirm (each one is a bug of inka, reported in Reason if no test
	// was found).
	Spurious int
	// Engine is the engine that answered (EngineFD, EngineSAT, or
	// "constant" for an outcome a constant condition never takes); for an
	// unknown goal, the last one that tried.
	Engine string
}

// Generator answers goals on one function.
type Generator struct {
	Prog    *ir.Program
	Fn      *ir.Func
	Opts    Options
	inlined *ir.Inlined
	shape   *ir.InputShape
	inputs  map[*ir.Var]bool
	nullOK  map[string]bool
	// returns maps the calls whose pointer results are inputs to the
	// roots of their objects in shape (ir.StubReturns, stubptr.go).
	returns map[*ir.Call]string
	// modelFn is the inlined function with the stores of the stubs made
	// explicit (stubs.go): the function the models are built from.
	modelFn *ir.Func
	// writeOf maps the synthetic externs of those stores to the extern
	// whose call makes them.
	writeOf map[*ir.Extern]*ir.Extern
	// changed are the statics a callee could change by calling back into
	// the file (callbackWrites).
	changed map[*ir.Var]bool
	// shared is the model every decision goal is answered on, built on
	// first use.
	shared *shared
	// setupErr is why the generator could not be set up within the total
	// budget: every goal is unknown with it.
	setupErr error
	// argOrder is Test.ArgOrder.
	argOrder []string
	// covered are the decision outcomes the tests of a coverage run cover
	// so far: a search prefers the others (searcher.elseFirst).
	done map[outcome]bool
	// sat is the bit-level engine of the function, built on first use.
	sat *satEngine
	// sanity lists the failures of the checkers (Options.Check).
	sanity []string
}

// NewGenerator prepares the goals of p's entry function.
func NewGenerator(p *ir.Program, opts Options) (*Generator, error) {
	opts = opts.withDefaults()
	g := &Generator{Prog: p, Fn: p.Funcs[0], Opts: opts, writeOf: map[*ir.Extern]*ir.Extern{},
		changed: callbackWrites(p)}
	// The inputs as the interpreter makes them (a global shadowed by a
	// parameter is "g#ID").
	var roots []ir.InputRoot
	roots, g.inputs = ir.EntryInputs(g.Fn, p.Globals, opts.UseInitializers)
	g.shape = ir.ComputeInputShape(roots, opts.ArrayLen, opts.PtrDepth)
	// Calls through function pointers are resolved by the points-to
	// analysis as the function is inlined.
	in, err := pointsto.Inline(p, opts.MaxInline, pointsto.Config{Shape: g.shape, Inputs: g.inputs,
		MayBeNull: func(string) bool { return true }})
	if err != nil {
		return nil, err
	}
	g.inlined = in
	// The objects the calls of undefined functions return (known once
	// inlined) are pointer inputs too (stubptr.go).
	g.shape.Add(ir.StubReturnRoots(in.Func)...)
	g.returns = pointsto.StubReturnMap(in.Func)
	if err := g.checkIR("inlining", in.Func, false); err != nil {
		return nil, err
	}
	g.nullOK = nullTested(in.Func, g.returns)
	for _, v := range g.Fn.Params {
		for _, l := range v.Typ.Leaves() {
			g.argOrder = append(g.argOrder, v.Name+l.Path)
		}
	}
	setup := opts.Total.Child("analysis", opts.Steps, time.Now().Add(opts.Timeout))
	if g.modelFn, err = g.stubWrites(in.Func, setup); err != nil {
		var be *budget.Error
		if !errors.As(err, &be) {
			return nil, fmt.Errorf("%s: %w", g.Fn.Name, err)
		}
		g.setupErr = err
	}
	if err := g.checkIR("the stubs' stores", g.modelFn, false); err != nil {
		return nil, err
	}
	return g, nil
}

// Decisions returns the goals of the all-decisions criterion: every
// outcome of every decision of the function and of the functions it calls
// that are inlined.
func (g *Generator) Decisions() []Goal {
	return g.decisionGoals(func(k ir.DecisionKind) bool { return k.IsDecision() })
}

// Assertions returns the outcomes of the assert() calls of the function
// (and of the functions inlined into it). The false outcome of an
// assertion is a goal `inka reach` answers with a test that makes the
// assertion fail.
func (g *Generator) Assertions() []Goal {
	return g.decisionGoals(func(k ir.DecisionKind) bool { return k == ir.DecAssert })
}

// decisionGoals returns the outcomes of the decisions of the kinds keep
// accepts, in source order.
func (g *Generator) decisionGoals(keep func(ir.DecisionKind) bool) []Goal {
	var out []Goal
	seen := map[*ir.Decision]bool{}
	var walk func(ss []ir.Stmt)
	add := func(r *ir.DecRef) {
		if r == nil || seen[r.D] || !keep(r.D.Kind) {
			return
		}
		seen[r.D] = true
	}
	walk = func(ss []ir.Stmt) {
		for _, s := range ss {
			switch s := s.(type) {
			case *ir.If:
				add(s.Dec)
				walk(s.Then)
				walk(s.Else)
			case *ir.While:
				add(s.Dec)
				walk(s.Pre)
				walk(s.Body)
			case *ir.Assert:
				add(s.Dec)
			}
		}
	}
	walk(g.inlined.Func.Body)
	var ds []*ir.Decision
	for d := range seen {
		ds = append(ds, d)
	}
	sort.Slice(ds, func(i, j int) bool {
		a, b := ds[i].Pos, ds[j].Pos
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	for _, d := range ds {
		for o := range d.Outcomes {
			out = append(out, Goal{Kind: DecisionGoal, Dec: d, Outcome: o})
		}
	}
	return out
}

// nullTested returns the pointer inputs the function compares with NULL
// (directly, or a copy of them): only those may be NULL in a test.
func nullTested(f *ir.Func, returns map[*ir.Call]string) map[string]bool {
	// A pointer parameter p may be NULL when some test compares p (or a
	// variable copied from it) with a null constant, or branches on it;
	// so may the pointer a call returns (its root: returns).
	origin := map[*ir.Var]string{}
	for _, v := range f.Params {
		if v.Typ.IsPointer() {
			origin[v] = v.Name
		}
	}
	out := map[string]bool{}
	var walk func(ss []ir.Stmt)
	walk = func(ss []ir.Stmt) {
		for _, s := range ss {
			switch s := s.(type) {
			case *ir.Call:
				if root := returns[s]; root != "" {
					origin[s.Dst] = root
				}
			case *ir.Copy:
				if v, ok := s.Src.(*ir.Var); ok && origin[v] != "" {
					origin[s.Dst] = origin[v]
				}
			case *ir.Conv:
				if v, ok := s.X.(*ir.Var); ok && origin[v] != "" && s.Dst.Typ.IsPointer() {
					origin[s.Dst] = origin[v]
				}
			case *ir.Binary:
				if s.Op == ir.Eq || s.Op == ir.Ne {
					for _, pair := range [][2]ir.Value{{s.X, s.Y}, {s.Y, s.X}} {
						v, ok := pair[0].(*ir.Var)
						c, isC := pair[1].(*ir.Const)
						if ok && isC && c.Bits == 0 && origin[v] != "" {
							out[origin[v]] = true
						}
					}
				}
			case *ir.Unary:
				if v, ok := s.X.(*ir.Var); ok && s.Op == ir.LNot && origin[v] != "" {
					out[origin[v]] = true
				}
			case *ir.If:
				if v, ok := s.Cond.(*ir.Var); ok && origin[v] != "" {
					out[origin[v]] = true
				}
				walk(s.Then)
				walk(s.Else)
			case *ir.While:
				walk(s.Pre)
				if v, ok := s.Cond.(*ir.Var); ok && origin[v] != "" {
					out[origin[v]] = true
				}
				walk(s.Body)
			}
		}
	}
	walk(f.Body)
	return out
}

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
}

// build makes the model of one goal (cut at the goal with cut), spending
// bud on its construction.
func (g *Generator) build(goal Goal, cut bool, bud *budget.B) (*built, bool, error) {
	in, found := instrument(g.Prog, g.modelFn, goal, cut)
	if !found {
		return nil, false, nil
	}
	if err := bud.Err(); err != nil {
		return nil, true, err
	}
	f, flag := in.f, in.flag
	var volatiles []*ir.Extern
	for e := range in.volatiles {
		volatiles = append(volatiles, e)
	}
	if err := g.checkIR("the instrumentation of "+goal.ID(), f, cut, volatiles...); err != nil {
		return nil, true, err
	}
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
	m, err := model.New(sf, model.Options{MaxUnroll: g.Opts.MaxUnroll, Inputs: g.inputs, MayBeNull: mayBeNull, ExactCuts: cut})
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

func (g *Generator) sharedModel() *shared {
	if g.shared != nil {
		return g.shared
	}
	sh := &shared{}
	g.shared = sh
	// The construction gets the steps of a goal, within the run's budget.
	bud := g.Opts.Total.Child("model", g.Opts.Steps, time.Now().Add(g.Opts.Timeout))
	defer func() { sh.unpaid.Steps = bud.Used() }()
	mayBeNull := func(p string) bool { return g.nullOK[p] }
	pt, err := pointsto.Analyze(g.modelFn, g.Prog.Globals, g.ptConfig(mayBeNull, bud))
	if err == nil {
		err = g.checkPointsTo(pt)
	}
	if err != nil {
		sh.err = err
		return sh
	}
	sf, err := ssa.BuildWithin(g.modelFn, pt, bud)
	if err == nil {
		err = g.checkSSA(sf)
	}
	if err != nil {
		sh.err = err
		return sh
	}
	sh.m, sh.err = model.New(sf, model.Options{MaxUnroll: g.Opts.MaxUnroll, Inputs: g.inputs, MayBeNull: mayBeNull, Reach: true})
	if sh.err == nil {
		sh.m.S.Budget = bud
		sh.m.S.Propagate()
		sh.m.S.Budget = nil
		sh.unpaid = g.statsOf(sh.m)
		sh.err = bud.Err()
	}
	return sh
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
	boundHit, nUnsupported := m.BoundHit, len(m.Unsupported)
	m.S.Budget = bud
	m.S.Push()
	defer func() {
		m.S.Pop()
		m.S.Budget = nil
		m.BoundHit, m.Unsupported = boundHit, m.Unsupported[:nUnsupported]
		st := g.statsOf(m)
		st.sub(before)
		st.add(sh.unpaid)
		sh.unpaid = Stats{}
		res.Stats.add(st)
	}()
	b := &built{m: m, req: req, in: &instrumented{}, budget: bud, place: m.ReachOrder(goal.Dec, goal.Outcome)}
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
	res.Stats.add(cutRes.Stats)
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
		}
		if res.Reason == "" {
			res.Reason = returnDependence(g.modelFn, goal, g.returns)
		}
		if res.Reason == "" {
			res.Status = Unreachable
		}
	}
	return res
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

// approximations says why a failed search on m proves nothing, or "".
func approximations(m *model.Model) string {
	var why []string
	if m.BoundHit {
		why = append(why, "loop unrolling bound hit")
	}
	seen := map[string]bool{}
	for _, u := range m.Unsupported {
		if !seen[u] {
			seen[u] = true
			why = append(why, "unsupported: "+u)
		}
	}
	return strings.Join(why, "; ")
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
	defer func() { res.Stats.add(g.statsOf(b.m)) }()
	return g.search(b, goal, max, res)
}

// search posts the request and searches (see solve).
func (g *Generator) search(b *built, goal Goal, max int, res *GoalResult) (bool, string) {
	if !g.post(b, res) {
		return true, ""
	}
	seen := map[string]bool{}
	se := &searcher{m: b.m, budget: b.budget, maxNodes: g.Opts.MaxNodes, enumerate: max > 1, covered: g.done, place: b.place}
	se.onSolution = func() bool {
		t, rr, err := g.replay(b)
		if se.exhausted() {
			se.limit = true // the replay ran out of budget: no verdict
			return true
		}
		if err != nil {
			res.Spurious++
			res.Reason = replayFailure(err)
			return false
		}
		if !confirms(rr, goal, t) {
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
	defer func() { res.Stats.add(g.statsOf(b.m)) }()
	if !g.post(b, res) {
		return true, ""
	}
	se := &searcher{m: b.m, budget: b.budget, maxNodes: g.Opts.MaxNodes, covered: g.done}
	se.onSolution = func() bool {
		t, rr, err := g.replay(b)
		switch {
		case se.exhausted():
			se.limit = true // the replay ran out of budget: no verdict
			return true
		case err != nil:
			res.Reason = replayFailure(err)
		case confirms(rr, goal, t):
			res.Tests = append(res.Tests, t)
		case reached(rr, goal, t):
			if res.Reason == "" {
				res.Reason = fmt.Sprintf("the goal is reached only by runs that then stop with %s", describe(rr, goal))
			}
			return !more
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

func describe(r *interp.Result, goal Goal) string {
	if r == nil {
		return "no run"
	}
	switch r.Outcome {
	case interp.Returned:
		return "the run returns without reaching " + goal.ID()
	case interp.UB:
		return r.UB.String()
	}
	s := r.Outcome.String()
	if r.Msg != "" {
		s += ": " + r.Msg
	}
	if r.Pos.Line > 0 {
		s = r.Pos.String() + ": " + s
	}
	return s
}

// confirms reports whether a replay is a test of the goal: it reaches the
// goal and returns normally, or, for the failure of an assertion, it
// stops at that assertion failing.
func confirms(r *interp.Result, goal Goal, t *Test) bool {
	if !reached(r, goal, t) {
		return false
	}
	if goal.Kind == DecisionGoal && goal.Dec.Kind == ir.DecAssert && goal.Dec.Outcomes[goal.Outcome] == "false" {
		return r.Outcome == interp.AssertFailed && r.Pos.Line == goal.Dec.Pos.Line
	}
	return r.Outcome == interp.Returned
}

// reached reports whether a replay reached the goal.
func reached(r *interp.Result, goal Goal, t *Test) bool {
	if goal.Kind == DecisionGoal {
		return r.Covers(goal.Dec, goal.Outcome)
	}
	return t != nil && t.lines[ir.Pos{File: goal.File, Line: goal.Line}]
}

// solution is an assignment of a model's inputs and of the values its
// stub calls return, whichever engine found it.
type solution struct {
	inputs []inputValue
	stubs  []stubValue // the calls the run makes, in execution order
	// names are the objects returned by the calls (stubptr.go).
	names map[string]string
}

// inputValue is the value of an input; set is false when the solution
// leaves it free.
type inputValue struct {
	in  *model.Input
	val fd.Int
	set bool
}

// stubValue is the value a stub call returns (set is false when the call
// returns nothing the model uses), and obj the object it returns ("" for
// none, stubptr.go).
type stubValue struct {
	stub *ssa.Stub
	val  fd.Int
	set  bool
	obj  string
}

// replay runs the interpreter on the inputs of the current solution.
func (g *Generator) replay(b *built) (*Test, *interp.Result, error) {
	m := b.m
	sol := solution{}
	for _, x := range m.Inputs() {
		iv := inputValue{in: x, set: x.Var.IsFixed()}
		if iv.set {
			iv.val = x.Var.Val()
		}
		sol.inputs = append(sol.inputs, iv)
	}
	// The objects the calls return, named after the first call that
	// returns each (stubptr.go); the inputs of the others do not exist.
	calls := m.Stubs()
	names, objAnswers := returnedObjects(m, calls)
	sol.names = names
	for i, c := range calls {
		if _, ok := b.in.volatiles[c.Stub.Extern]; ok {
			continue // the interpreter reads the object
		}
		sv := stubValue{stub: c.Stub, set: len(c.Dsts) > 0 && c.Dsts[0].IsFixed(), obj: objAnswers[i]}
		if sv.set {
			sv.val = c.Dsts[0].Val()
		}
		sol.stubs = append(sol.stubs, sv)
	}
	return g.replaySolution(sol, m.F, b.budget)
}

// replaySolution runs the interpreter on the inputs of a solution of a
// model of f, within bud.
func (g *Generator) replaySolution(sol solution, f *ssa.Func, bud *budget.B) (*Test, *interp.Result, error) {
	t := &Test{ArgOrder: g.argOrder, Args: map[string]interp.Val{}, Globals: map[string]interp.Val{}, Objects: map[string]interp.Val{},
		Stubs: map[string][]interp.Val{}, lines: map[ir.Pos]bool{}}
	in := interp.Inputs{Values: map[string]interp.Val{}, Null: map[string]bool{}}
	objects := map[string]bool{}
	for _, o := range g.shape.Objects {
		objects[o.Pointer] = true
	}
	// A pointer input is NULL or points to its fresh object. One without a
	// fresh object (below the shape's depth) is NULL by default: listing it
	// would only bury the choices made. The leaves of the object behind a
	// NULL pointer (at any depth) do not exist: the model's values for
	// them are not inputs.
	var nulls []string
	for _, iv := range sol.inputs {
		if x := iv.in; x.Pointer && !x.Undefined && iv.set && iv.val.IsZero() && objects[x.Path] {
			nulls = append(nulls, x.Path+"[")
		}
	}
	underNull := func(path string) bool {
		for _, n := range nulls {
			if strings.HasPrefix(path, n) {
				return true
			}
		}
		return false
	}
	for _, iv := range sol.inputs {
		x := iv.in
		if x.Undefined || !iv.set || underNull(x.Path) {
			continue
		}
		path, live := renameReturned(x.Path, sol.names, g.returns)
		if !live {
			continue
		}
		v := iv.val
		typ := x.Cell.Typ
		if typ.IsFuncPointer() {
			g.funcInput(f, x, path, v, &in, t)
			continue
		}
		if x.Pointer {
			if v.IsZero() && objects[x.Path] {
				in.Null[path] = true
				t.Null = append(t.Null, path)
				t.put(x, path, interp.IntVal(typ, 0))
			}
			continue
		}
		val := toVal(typ, v)
		in.Values[path] = val
		t.put(x, path, val)
	}
	answers := map[string][]interp.Val{}
	objs := map[string][]string{}
	writes := map[string][]StubWrite{}
	for _, c := range sol.stubs {
		var v interp.Val
		if c.set {
			v = toVal(c.stub.Extern.Result, c.val)
		}
		if e := g.writeOf[c.stub.Extern]; e != nil {
			// The store of the last call of e (it follows the call).
			if l := writes[e.Name]; len(l) > 0 {
				l[len(l)-1] = StubWrite{Arg: e.WriteArg(), Set: true, Val: v}
			}
			continue
		}
		name := c.stub.Extern.Name
		if c.stub.Extern.System {
			continue // no stub: the C library (ir/library.go)
		}
		if c.obj != "" {
			v = interp.Null(c.stub.Extern.Result)
		}
		answers[name] = append(answers[name], v)
		objs[name] = append(objs[name], c.obj)
		if c.stub.Extern.WriteArg() >= 0 {
			writes[name] = append(writes[name], StubWrite{Arg: c.stub.Extern.WriteArg()})
		}
	}
	t.Stubs, t.StubWrites, t.StubObjects = answers, writes, objs
	in.Stub = func(call interp.StubCall) interp.StubAnswer {
		var ans interp.StubAnswer
		if l := answers[call.Callee]; call.Index < len(l) {
			ans.Return = l[call.Index]
			ans.Object = objs[call.Callee][call.Index]
		}
		if l := writes[call.Callee]; call.Index < len(l) && l[call.Index].Set {
			w := l[call.Index]
			ans.Writes = []interp.StubWrite{{Arg: w.Arg, Path: "[0]", Val: w.Val}}
		}
		return ans
	}
	t.Inputs = in
	r, err := interp.Run(g.Prog, g.Fn.Name, in, interp.Config{Budget: bud,
		PtrArrayLen: g.Opts.ArrayLen, PtrDepth: g.Opts.PtrDepth, UseInitializers: g.Opts.UseInitializers,
		OnStmt: func(s ir.Stmt) {
			p := s.Position()
			t.lines[ir.Pos{File: p.File, Line: p.Line}] = true
		}})
	t.Result = r
	return t, r, err
}

// funcInput sets the function-pointer input x (at path) from its value v in the
// model (the address of a function object, or 0): NULL, the input's own
// callback (the interpreter's default), or a function of the program.
func (g *Generator) funcInput(f *ssa.Func, x *model.Input, path string, v fd.Int, in *interp.Inputs, t *Test) {
	if v.IsZero() {
		in.Null[path] = true
		t.Null = append(t.Null, path)
		t.put(x, path, interp.IntVal(x.Cell.Typ, 0))
		return
	}
	for _, o := range f.PT.Objects {
		if o.Kind != pointsto.VarObj || o.Var.Class != ir.FuncObj || f.Base(o) != v.Int64() {
			continue
		}
		if o.Var.Fn != nil {
			if in.Funcs == nil {
				in.Funcs = map[string]string{}
			}
			in.Funcs[path] = o.Var.Name
		}
		t.put(x, path, interp.FuncPtr(x.Cell.Typ, o.Var.Name))
	}
}

// replayFailure says why a replay failed: a construct the interpreter does
// not run (a location read as another type than the one stored there: the
// answer is unknown for that reason), or an error of inka's own.
func replayFailure(err error) string {
	if errors.Is(err, interp.ErrUnsupported) {
		return "a run meets a construct inka does not model: " + err.Error()
	}
	return "replay failed: " + err.Error()
}

// put files an input value, at path, under Args, Globals or Objects.
func (t *Test) put(x *model.Input, path string, val interp.Val) {
	switch {
	case x.Cell.Obj.Kind == pointsto.InputObj:
		t.Objects[path] = val
	case x.Cell.Obj.Var != nil && x.Cell.Obj.Var.Class == ir.Param:
		t.Args[path] = val
	default:
		t.Globals[path] = val
	}
}

func toVal(t *ir.Type, v fd.Int) interp.Val {
	if t.IsSigned() || t.IsPointer() {
		return interp.IntVal(t, v.Int64())
	}
	return interp.UintVal(t, v.Uint64())
}

// key identifies a test by its inputs (for --all: distinct tests), and
// names them in messages.
func (t *Test) key() string {
	var parts []string
	for k, v := range t.Inputs.Values {
		parts = append(parts, k+"="+v.String())
	}
	for k := range t.Inputs.Null {
		parts = append(parts, k+"=NULL")
	}
	for k, l := range t.Stubs {
		for i, v := range l {
			parts = append(parts, fmt.Sprintf("%s#%d=%s", k, i, v))
		}
	}
	for k, l := range t.StubWrites {
		for i, w := range l {
			if w.Set {
				parts = append(parts, fmt.Sprintf("%s#%d>%s", k, i, w.Val))
			}
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}
