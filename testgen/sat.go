package testgen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/inka-tool/inka/budget"
	"github.com/inka-tool/inka/bv"
	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/model"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/ssa"
	"github.com/inka-tool/inka/term"
)

// satEngine is the bit-level engine of one function: the formula of its
// runs (model.Formula), blasted into one circuit and one gini solver that
// every goal of the function shares. A goal is a question under an
// assumption, so the clauses gini learns on one goal serve the next.
//
// For a goal with reach condition R (model.Formula.Decision), in order:
//
//  1. R: a run that reaches the goal, replayed by the interpreter like
//     every test: it is a test when it returns normally (or, for an
//     assertion's failure, stops there);
//  2. R ∧ Returns: when the first run went wrong after the goal, a run
//     that returns; with --all, the next tests;
//  3. when R is unsatisfiable, the cuts that may come before the goal:
//     if no run reaches one, no run reaches the goal — unreachable, with
//     the caveats of the input model and the stub contract (assume.go),
//     as for fd's proofs; else unknown, with the cut's reason.
type satEngine struct {
	fm  *model.Formula
	bl  *bv.Blaster
	s   *bv.Solver
	err error
	// caveat says why a proof holds only for inka's input model or stub
	// contract ("" when it holds for every caller).
	caveat string
	// unpaid are the steps of the construction, not yet charged to a goal.
	unpaid int64
}

// unrollTicks bounds the question "does some run get to the next
// iteration?" asked while a loop is unrolled (no answer: it unrolls on),
// unrollBudget all of them for one function.
const (
	unrollTicks  = 10
	unrollBudget = 200
)

// satFor returns the function's bit-level engine, built on first use.
func (g *Generator) satFor() (e *satEngine) {
	if g.sat != nil {
		return g.sat
	}
	e = &satEngine{}
	g.sat = e
	defer func() {
		if r := recover(); r != nil {
			e.err = fmt.Errorf("bit-level engine: internal error: %v", r)
		}
	}()
	// The construction gets the steps of a goal, within the run's budget,
	// charged to the first goal that asks for it.
	bud := g.Opts.guarded("bit-level model", g.Opts.Steps)
	defer func() { e.unpaid = bud.Used() }()
	// Every pointer input may be NULL: a test may use it, a proof must.
	mayBeNull := func(string) bool { return true }
	pt, err := pointsto.Analyze(g.modelFn, g.Prog.Globals, g.ptConfig(mayBeNull, bud))
	if err != nil {
		e.err = g.constructionErr(err)
		return e
	}
	sf, err := ssa.BuildWithin(g.modelFn, pt, bud)
	if err != nil {
		e.err = g.constructionErr(err)
		return e
	}
	c := bv.New()
	e.bl = bv.NewBlaster(c)
	e.s = bv.NewSolver(c)
	// A loop is unrolled while some run gets to its next iteration. The
	// questions share one budget: a function whose loops SAT cannot bound
	// quickly unrolls them to the bound.
	var spent int64
	feasible := func(alive *term.Term) bool {
		if bud.Exhausted() {
			// the formula is given up below: unroll no further
			return false
		}
		if spent >= unrollBudget {
			return true
		}
		m, ok := e.s.LitWithin(e.bl, spendGates(bud), alive)
		if !ok {
			return false // as above
		}
		before := e.s.Ticks
		r := e.s.Solve(bv.Budget{Ticks: unrollTicks, Tick: func() bool { return bud.Spend(stepsPerTick) }}, m)
		spent += e.s.Ticks - before
		return r != bv.Unsat
	}
	e.fm = model.NewFormula(sf, model.Options{MaxUnroll: g.Opts.MaxUnroll, Inputs: g.inputs, MayBeNull: mayBeNull}, feasible)
	facts, ok := e.s.LitWithin(e.bl, spendGates(bud), e.fm.Facts)
	if e.err = bud.Err(); e.err != nil || !ok {
		if e.err != nil {
			e.err = g.constructionErr(e.err)
		}
		return e
	}
	e.s.Assert(facts)
	e.caveat = inputModelDependence(sf.IR, pt, g.shape, g.changed)
	if v := volatileReads(g.modelFn); v != "" {
		// The formula reads a volatile object as memory, as the tests
		// may; a proof would have to hold for any value read.
		e.caveat = strings.TrimPrefix(e.caveat+"; and ", "; and ") +
			"the bit-level engine proves nothing in a function that reads a volatile object (" + v + ")"
	}
	return e
}

// volatileReads names the volatile objects f reads ("" if none).
func volatileReads(f *ir.Func) string {
	var what []string
	ir.Walk(f.Body, func(s ir.Stmt) {
		switch s := s.(type) {
		case *ir.Load:
			if s.Volatile {
				what = append(what, fmt.Sprintf("*%s at %s", s.Ptr, s.Pos))
			}
		case *ir.Copy:
			if s.Volatile {
				what = append(what, fmt.Sprintf("%s at %s", s.Src, s.Pos))
			}
		}
	})
	return strings.Join(dedup(what), ", ")
}

// satGoal returns the condition for a run to reach the goal and the cuts
// that may come before it; ok is false when the goal is not in the model.
func (g *Generator) satGoal(e *satEngine, goal Goal) (reach *term.Term, cuts []*model.Cut, ok bool) {
	if goal.Kind == DecisionGoal {
		return e.fm.Decision(goal.Dec, goal.Outcome)
	}
	s := firstStmtOn(g.modelFn.Body, goal.File, goal.Line)
	if s == nil {
		return nil, nil, false
	}
	return e.fm.Statement(s)
}

// firstStmtOn is the statement a statement goal names: the first one, in
// tree order, that starts on the line (as instrument places the flag).
func firstStmtOn(ss []ir.Stmt, file string, line int) ir.Stmt {
	for _, s := range ss {
		if p := s.Position(); p.Line == line && p.File == file {
			return s
		}
		var inner []ir.Stmt
		switch s := s.(type) {
		case *ir.If:
			inner = append(append(inner, s.Then...), s.Else...)
		case *ir.While:
			inner = append(append(inner, s.Pre...), s.Body...)
		}
		if in := firstStmtOn(inner, file, line); in != nil {
			return in
		}
	}
	return nil
}

// isAssertFailure reports whether the goal is the failure of an
// assertion, whose tests stop there instead of returning.
func isAssertFailure(goal Goal) bool {
	return goal.Kind == DecisionGoal && goal.Dec.Kind == ir.DecAssert && goal.Dec.Outcomes[goal.Outcome] == "false"
}

// spendGates charges b with the gates of a translation to the circuit
// (made and encoded for gini), a step each: about as long as a step of
// the fd engine.
func spendGates(b *budget.B) func(int64) bool {
	return func(gates int64) bool { return b.Spend(gates) }
}

// stepsPerTick is what a tick of gini's propagations costs in a goal's
// step budget: 20,000 propagations take about as long as 2,000 steps of
// the fd engine.
const stepsPerTick = 2000

// reachSAT answers a goal with the bit-level engine within the goal's
// budget gb.
func (g *Generator) reachSAT(goal Goal, max int, gb *budget.B) (res *GoalResult) {
	res = &GoalResult{Goal: goal, Engine: EngineSAT, Status: Unknown}
	e := g.satFor()
	if e.err != nil {
		res.Reason = e.err.Error()
		return res
	}
	reach, cuts, ok := g.satGoal(e, goal)
	if !ok {
		res.Reason = "the goal is not in the function"
		return res
	}
	res.Stats.Steps, e.unpaid = e.unpaid, 0
	ticks, solves := e.s.Ticks, e.s.Solves
	defer func() {
		res.Stats.SATTicks += e.s.Ticks - ticks
		res.Stats.SATSolves += e.s.Solves - solves
	}()
	b := bv.Budget{Tick: func() bool { return gb.Spend(stepsPerTick) }}
	// 1. A run that reaches the goal, whatever happens after it: most
	// often a test at once, and when no run reaches the goal, the one
	// question a proof needs.
	switch e.solve(b, gb, reach) {
	case bv.Unknown:
		res.Reason = budgetReason(gb)
	case bv.Sat:
		g.satTests(e, b, gb, goal, reach, max, res)
	default:
		e.proof(b, gb, cuts, res)
	}
	return res
}

// budgetReason is the reason of an answer the goal's budget gb stopped.
func budgetReason(gb *budget.B) string {
	if why := gb.Reason(); why != "" {
		return why
	}
	return "goal budget exhausted"
}

// satTests turns the run the solver just found reaching the goal into a
// test and looks for up to max tests in all (runs that reach the goal and
// return normally, each new one blocked from the next questions); res is
// Covered when one replays.
func (g *Generator) satTests(e *satEngine, b bv.Budget, gb *budget.B, goal Goal, reach *term.Term, max int, res *GoalResult) {
	T := e.fm.T
	var tested []func(*term.Term) uint64
	wrong := ""
	sol, vals := e.solution()
	t, why, bug := g.judge(sol, goal, gb)
	switch {
	case bug:
		res.Spurious++
		res.Reason = why
		return
	case t != nil:
		res.Tests, tested = append(res.Tests, t), append(tested, vals)
	default:
		wrong = why
	}
	// 2. Runs that reach the goal and return normally: a test when the
	// first run went wrong after the goal, more tests for --all.
	q := T.And(reach, e.fm.Returns)
	if isAssertFailure(goal) {
		q = reach
	}
	for _, vals := range tested {
		q = T.And(q, e.block(vals))
	}
	for len(res.Tests) < max {
		r := e.solve(b, gb, q)
		if r != bv.Sat {
			if r == bv.Unknown && wrong == "" && len(res.Tests) == 0 {
				wrong = budgetReason(gb)
			}
			break
		}
		sol, vals := e.solution()
		t, why, _ := g.judge(sol, goal, gb)
		if t == nil {
			// The model said this run returns normally.
			res.Spurious++
			res.Reason = why
			return
		}
		res.Tests = append(res.Tests, t)
		q = T.And(q, e.block(vals))
	}
	if len(res.Tests) > 0 {
		res.Status = Covered
	} else {
		res.Reason = wrong
	}
}

// proof answers a goal no run the formula follows reaches (3.): it is
// unreachable if no run leaves the formula before it (through one of the
// cuts, whose reasons make the answer unknown otherwise) and the
// translation made no approximation (e.caveat).
func (e *satEngine) proof(b bv.Budget, gb *budget.B, cuts []*model.Cut, res *GoalResult) {
	T := e.fm.T
	if len(cuts) > 0 {
		any := T.False()
		for _, c := range cuts {
			any = T.Or(any, c.Guard)
		}
		switch e.solve(b, gb, any) {
		case bv.Unknown:
			res.Reason = budgetReason(gb)
			return
		case bv.Sat:
			_, vals := e.solution()
			var why []string
			for _, c := range cuts {
				if term.Eval(c.Guard, vals, nil) == 1 {
					why = append(why, c.Reason)
				}
			}
			res.Reason = strings.Join(dedup(why), "; ")
			return
		}
	}
	if e.caveat != "" {
		res.Reason = e.caveat
		return
	}
	res.Status = Unreachable
}

// solve asks whether some input makes t true: the translation of t to the
// circuit is charged to gb too; Unknown when either runs out of budget.
func (e *satEngine) solve(b bv.Budget, gb *budget.B, t *term.Term) bv.Result {
	m, ok := e.s.LitWithin(e.bl, spendGates(gb), t)
	if !ok {
		return bv.Unknown
	}
	return e.s.Solve(b, m)
}

// judge replays a solution: the test when the replay confirms the goal;
// else why not, and whether that is a bug of inka (a run the model
// describes that the interpreter does not make) rather than a run that
// reaches the goal and then goes wrong.
func (g *Generator) judge(sol solution, goal Goal, gb *budget.B) (t *Test, why string, bug bool) {
	t, rr, err := g.replaySolution(sol, g.sat.fm.F, gb)
	if err == nil {
		t, rr = g.failAlloc(t, rr, goal, gb)
	}
	switch {
	case err != nil:
		return nil, "replay failed: " + err.Error(), true
	case confirms(rr, goal, t, g.Opts.StopsCover):
		return t, "", false
	case reached(rr, goal, t):
		return nil, fmt.Sprintf("the goal is reached only by runs that then stop with %s", describe(rr, goal)), false
	}
	return nil, fmt.Sprintf("the model proposed inputs the interpreter does not confirm (%s)", describe(rr, goal)), true
}

// solution reads gini's assignment: the inputs and the stub calls the run
// makes, and the value of every input term (those gini never saw are 0).
func (e *satEngine) solution() (solution, func(*term.Term) uint64) {
	inputs := map[*term.Term]uint64{}
	for _, t := range e.fm.T.Terms() {
		if t.Kind == term.Var && e.bl.Blasted(t) {
			inputs[t] = e.s.Value(e.bl.Vec(t))
		}
	}
	vals := func(t *term.Term) uint64 { return inputs[t] }
	memo := map[*term.Term]uint64{}
	var sol solution
	for _, in := range e.fm.Inputs {
		sol.inputs = append(sol.inputs, inputValue{in: in, set: true, val: number(in.Cell.Typ, vals(in.Term))})
	}
	for _, c := range e.fm.Executed(func(g *term.Term) bool { return term.Eval(g, vals, memo) == 1 }) {
		sv := stubValue{stub: c.Stub, set: len(c.Dsts) > 0}
		if sv.set {
			sv.val = number(c.Stub.Extern.Result, vals(c.Dsts[0]))
		}
		sol.stubs = append(sol.stubs, sv)
	}
	return sol, vals
}

// number reads the bits of a value of type t.
func number(t *ir.Type, v uint64) fd.Int {
	if t != nil && t.IsSigned() {
		return fd.I64(term.Signed(v, t.Bits()))
	}
	return fd.U64(v)
}

// block is the condition that excludes a solution's inputs (for --all).
func (e *satEngine) block(vals func(*term.Term) uint64) *term.Term {
	T := e.fm.T
	same := T.True()
	for _, in := range e.fm.Inputs {
		if !in.Undefined {
			same = T.And(same, T.Eq(in.Term, T.Const(in.Term.W, vals(in.Term))))
		}
	}
	for _, c := range e.fm.Stubs {
		for _, d := range c.Dsts {
			same = T.And(same, T.Eq(d, T.Const(d.W, vals(d))))
		}
	}
	return T.Not(same)
}

// dumpSMT2 writes the goal's reachability question in SMT-LIB: satisfiable
// when some run reaches the goal, with the inputs the test may take and no
// undefined behaviour before the goal, within the unrolling bound.
func (g *Generator) dumpSMT2(goal Goal) error {
	e := g.satFor()
	if e.err != nil {
		return nil // no formula: nothing to write (the answer says why)
	}
	reach, cuts, ok := g.satGoal(e, goal)
	if !ok {
		return nil
	}
	name := fmt.Sprintf("%s-%s.smt2", g.Fn.Name, strings.NewReplacer("/", "_", ":", "-", " ", "_").Replace(
		strings.TrimPrefix(goal.ID(), filepath.Dir(goal.ID())+"/")))
	f, err := os.Create(filepath.Join(g.Opts.DumpSMT2, name))
	if err != nil {
		return err
	}
	comments := []string{
		fmt.Sprintf("inka: can a run of %s reach %s?", g.Fn.Name, goal.ID()),
		"sat: some input reaches it without undefined behaviour on the way;",
		fmt.Sprintf("unsat: none does within %d iterations of each loop", g.Opts.MaxUnroll),
	}
	if len(cuts) > 0 {
		comments = append(comments, fmt.Sprintf("(%d places where runs leave the model may come first: unsat is not a proof by itself)", len(cuts)))
	}
	var names []string
	for _, in := range e.fm.Inputs {
		if !in.Undefined {
			names = append(names, in.Term.Name)
		}
	}
	comments = append(comments, "inputs: "+strings.Join(names, ", "))
	if err := term.WriteSMT2(f, comments, e.fm.Facts, reach); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
