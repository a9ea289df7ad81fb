package testgen

import (
	"fmt"
	"strconv"
	"time"

	"github.com/inka-tool/inka/budget"
	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/model"
)

// Proof by exhaustion: a goal the solvers leave unknown (the unrolling
// bound hit by a loop that needs 101 iterations, a trip count whose every
// value must be tried, a budget spent on a search the propagation cannot
// guide) is answered by running the interpreter on every input the goal
// may need, when there are few enough of them.
//
// The input space is that of the model cut at the goal after its request
// is posted and propagated: the domain of each scalar input there, the
// whole range of its type for the inputs and the callees' answers the
// model does not narrow. The narrowing is sound only when that model is
// exact up to the goal: with the unrolling bound hit or a construct
// approximated on the way, the types' ranges are taken instead. Every
// point is run (depth first over the leaves in the order the run asks for
// them, so that the callees' answers a path never asks for are not
// enumerated); the interpreter is exact, so
//
//   - a run that reaches the goal and returns is a test,
//   - no run reaching the goal, every run ending (returning, with
//     undefined behaviour, an exit or a failed assertion), is a complete
//     proof that the goal is unreachable: the same proof the cut model
//     makes, where a run with undefined behaviour before the goal does not
//     reach it either,
//   - a run stopped by the step limit, a recursion too deep, a construct
//     the interpreter does not run, leaves the proof incomplete: unknown.
//
// Pointer inputs (NULL or an object of inka's input model, not every
// object a caller could pass), non-integer inputs and callees that write
// through their arguments or return pointers are not enumerated: such a
// function keeps its answer. The integer answers of the other undefined
// callees are enumerated, for tests only: a callee may also write through
// a pointer it is given (even to const), change a global or call back into
// the file, which no run shows. Nor do functions reading volatile objects,
// which may change between reads where a run reads them once, get proofs.
//
// The work is counted in steps (statements run, and one per leaf given),
// half a goal's budget: a space the first run shows to need more is not
// started, and the space is at most maxExhaustPoints points.

// EngineExhaust names the goals answered by running every input left.
const EngineExhaust = "exhaustion"

// maxExhaustPoints bounds the inputs enumerated for one goal.
const maxExhaustPoints = 1 << 20

// exhaustRunSteps bounds one run of the enumeration: a run stopped there
// leaves the proof incomplete. Independent of the budget, so that a larger
// budget runs the same runs and more.
const exhaustRunSteps = 100_000

// exhaust answers by exhaustion a goal res left unknown.
func (g *Generator) exhaust(goal Goal, max int, res *GoalResult) *GoalResult {
	if res.Status != Unknown || g.setupErr != nil || g.Opts.Total.Exhausted() || g.Opts.NoSolver {
		return res
	}
	if len(g.shape.Objects) > 0 || g.Opts.deepened > 0 {
		// Pointer inputs are not enumerated; a generator with deeper
		// bounds has the space its shallower one enumerated.
		return res
	}
	start := time.Now()
	steps := g.Opts.Steps/2 + 1
	bud := g.Opts.guarded("exhaustion", steps)
	defer func() {
		res.Stats.Steps += bud.Used()
		res.Stats.Time += time.Since(start)
	}()
	domains, proof := g.exhaustDomains(goal, bud)
	e := &enumeration{g: g, goal: goal, domains: domains, max: max, bud: bud, steps: steps}
	e.run()
	switch {
	case len(e.tests) > 0:
		res.Status, res.Tests, res.Engine = Covered, e.tests, EngineExhaust
		res.Reason = ""
		if len(e.tests) < max {
			res.Reason = fmt.Sprintf("%d of the %d tests asked for: the enumeration found no other", len(e.tests), max)
			if !e.complete() {
				res.Reason = fmt.Sprintf("%d of the %d tests asked for: the enumeration stopped early (%s)", len(e.tests), max, e.stopped)
			}
		}
	case e.complete() && e.wrong == "" && proof && e.stub == "":
		res.Status, res.Engine = Unreachable, EngineExhaust
		res.Reason = fmt.Sprintf("no run of the %d inputs left reaches it (proof by exhaustion)", e.runs)
		res.NoTest = false
	case e.complete() && e.wrong != "":
		res.Reason = fmt.Sprintf("the goal is reached only by runs that then stop with %s (every input tried)", e.wrong)
	}
	return res
}

// exhaustDomains returns the domains of the inputs in the model cut at
// goal once its request is propagated (by access path; none when that
// model is not exact up to the goal), and whether a proof by exhaustion
// may be made on this function at all.
func (g *Generator) exhaustDomains(goal Goal, bud *budget.B) (map[string]fd.Domain, bool) {
	cb, found, err := g.buildWith(goal, true, model.Options{OpenBound: true}, bud)
	if !found || err != nil {
		return nil, false
	}
	proof := len(cb.in.volatiles) == 0
	cb.m.S.Budget = bud
	defer func() { cb.m.S.Budget = nil }()
	// Loops past the unrolling bound leave their exit values free
	// (OpenBound): the model cut at the goal over-approximates the runs
	// up to it, unless a construct was approximated on the way.
	if !cb.req.Remove(fd.I64(0)) || !cb.m.S.Propagate() || bud.Exhausted() || len(cb.m.Unsupported) > 0 {
		// A propagation that fails on an exact model is a proof the
		// solver has made already: the types' ranges then.
		return nil, proof
	}
	out := map[string]fd.Domain{}
	for _, in := range cb.m.Inputs() {
		if !in.Undefined && !in.Pointer {
			out[in.Path] = in.Var.Dom()
		}
	}
	return out, proof
}

// enumeration runs the function on every point of an input space, depth
// first over the leaves in the order the runs ask for them.
type enumeration struct {
	g       *Generator
	goal    Goal
	domains map[string]fd.Domain
	max     int
	bud     *budget.B
	steps   int64 // bud's steps

	trail []choice // the leaves of the current run, in order
	pos   int      // the next leaf the current run asks for
	runs  int64
	tests []*Test
	// stopped says why the enumeration or one of its runs stopped short
	// (the proof is then incomplete); wrong what stopped the first run
	// that reached the goal without returning.
	stopped, wrong string
	// notEnumerable: the run asked for an input the enumeration cannot
	// give every value of.
	notEnumerable string
	// stub is an undefined callee some run called (no proof then).
	stub string
}

// choice is one leaf of the current run: its domain and the value given.
type choice struct {
	key string
	t   *ir.Type
	dom fd.Domain
	cur fd.Int
}

func (e *enumeration) complete() bool { return e.stopped == "" }

// run enumerates the space.
func (e *enumeration) run() {
	p := newPrepass(e.g)
	lines := e.goal.Kind == StatementGoal
	for {
		if e.runs >= maxExhaustPoints {
			e.stopped = fmt.Sprintf("more than %d inputs", maxExhaustPoints)
			return
		}
		run := &prepassRun{values: map[string]interp.Val{}, ptrs: map[string]*ir.Type{},
			answers: map[string][]interp.Val{}, writes: map[string][]StubWrite{}}
		e.pos = 0
		in := e.inputs(run)
		cfg := interp.Config{Budget: e.bud, MaxSteps: exhaustRunSteps, NoFinal: true,
			PtrArrayLen: e.g.Opts.ArrayLen, PtrDepth: e.g.Opts.PtrDepth, UseInitializers: e.g.Opts.UseInitializers}
		if lines {
			run.lines = map[ir.Pos]bool{}
			cfg.OnStmt = func(s ir.Stmt) {
				pos := s.Position()
				run.lines[ir.Pos{File: pos.File, Line: pos.Line}] = true
			}
		}
		r, err := interp.Run(e.g.Prog, e.g.Fn.Name, in, cfg)
		e.runs++
		switch {
		case err != nil:
			e.stopped = err.Error()
			return
		case e.notEnumerable != "":
			e.stopped = e.notEnumerable
			return
		case e.runs == 1 && !e.affordable(r):
			return
		}
		e.bud.Spend(int64(len(e.trail)))
		if e.bud.Exhausted() {
			e.stopped = e.bud.Reason()
			return
		}
		run.result, run.test = r, &Test{Result: r, lines: run.lines}
		if e.outcome(p, run) {
			return
		}
		if !e.next() {
			return
		}
	}
}

// affordable reports whether the space the first run shows fits the
// bounds: its size, and the budget at the first run's cost a point.
func (e *enumeration) affordable(r *interp.Result) bool {
	points := int64(1)
	for _, c := range e.trail {
		s := c.dom.Size()
		if !s.IsInt64() || s.Int64() > maxExhaustPoints || points*s.Int64() > maxExhaustPoints {
			e.stopped = fmt.Sprintf("more than %d inputs", maxExhaustPoints)
			return false
		}
		points *= s.Int64()
	}
	cost := max(1, r.Steps+int64(len(e.trail)))
	if left := e.steps - e.bud.Used(); points > left/cost {
		e.stopped = fmt.Sprintf("%d inputs at %d steps each: more than the budget", points, cost)
		return false
	}
	return true
}

// outcome takes the result of a run; true when the enumeration is done
// (enough tests).
func (e *enumeration) outcome(p *prepass, run *prepassRun) bool {
	r := run.result
	switch r.Outcome {
	case interp.StepLimit, interp.DepthLimit, interp.Unmodelled, interp.Unsupported:
		if e.stopped == "" {
			e.stopped = "a run stops with " + describe(r, e.goal)
		}
	}
	if !reached(r, e.goal, run.test) {
		return false
	}
	if !confirms(r, e.goal, run.test, e.g.Opts.StopsCover) {
		if e.wrong == "" {
			e.wrong = describe(r, e.goal)
		}
		return false
	}
	if !p.makeTest(run, e.bud) {
		return false
	}
	e.tests = append(e.tests, run.test)
	return len(e.tests) >= e.max
}

// next moves to the next point: the last leaf with a value left takes
// it, the leaves after it are asked again. false when every point was
// run.
func (e *enumeration) next() bool {
	// A run asks for the same leaves as the run before it up to the first
	// leaf whose value changed.
	e.trail = e.trail[:e.pos]
	for len(e.trail) > 0 {
		c := &e.trail[len(e.trail)-1]
		if v, ok := c.dom.Next(c.cur.Inc()); ok && c.cur.Less(c.dom.Max()) {
			c.cur = v
			return true
		}
		e.trail = e.trail[:len(e.trail)-1]
	}
	return false
}

// give returns the value of the leaf key of type t in the current run.
func (e *enumeration) give(key string, t *ir.Type) interp.Val {
	if e.pos < len(e.trail) && e.trail[e.pos].key == key {
		c := e.trail[e.pos]
		e.pos++
		return value(t, c.cur)
	}
	// A leaf not asked for at this place before: the runs are
	// deterministic, so the leaves after it are new too.
	e.trail = e.trail[:e.pos]
	dom := typeDomain(t)
	if d, ok := e.domains[key]; ok {
		dom = dom.Intersect(d)
	}
	if dom.IsEmpty() {
		// The model's domain does not speak of this leaf's values (it
		// never is empty after a propagation that succeeded): the
		// type's range.
		dom = typeDomain(t)
	}
	e.trail = append(e.trail, choice{key: key, t: t, dom: dom, cur: dom.Min()})
	e.pos++
	return value(t, dom.Min())
}

// inputs are the interpreter's inputs of a run of the enumeration.
func (e *enumeration) inputs(run *prepassRun) interp.Inputs {
	g := e.g
	in := interp.Inputs{Values: run.values, Len: g.inputLen(), Depth: g.inputDepth()}
	in.Leaf = func(path string, t *ir.Type) (interp.Val, bool) {
		if !t.IsInteger() {
			if e.notEnumerable == "" {
				e.notEnumerable = "input " + path + " is not an integer"
			}
			if t.IsPointer() {
				run.ptrs[path] = t
				return interp.Null(t), true
			}
			return interp.Val{}, false
		}
		v := e.give(path, t)
		run.values[path] = v
		return v, true
	}
	in.Stub = func(call interp.StubCall) interp.StubAnswer {
		// A callee may do more than answer (write through a pointer it
		// is given even to const, change a global, call back into the
		// file): its runs can find tests, not prove.
		e.stub = call.Callee
		ext := g.extern(call.Callee)
		var ans interp.StubAnswer
		switch {
		case ext == nil || ext.WriteArg() >= 0 || ext.Result.IsPointer():
			if e.notEnumerable == "" {
				e.notEnumerable = "the answers of " + call.Callee + " are not enumerated"
			}
		case ext.Result.IsInteger():
			ans.Return = e.give(call.Callee+"#"+strconv.Itoa(call.Index), ext.Result)
		}
		run.answers[call.Callee] = append(run.answers[call.Callee], ans.Return)
		return ans
	}
	return in
}

// typeDomain is the range of integer type t, as the model represents it
// (unsigned types by their unsigned value).
func typeDomain(t *ir.Type) fd.Domain {
	if t.Kind == ir.Bool {
		return fd.RangeInt64(0, 1)
	}
	if t.IsSigned() {
		return fd.Range(fd.I64(t.MinInt()), fd.I64(int64(t.MaxUint())))
	}
	return fd.Range(fd.U64(0), fd.U64(t.MaxUint()))
}

// value is v as a value of integer type t.
func value(t *ir.Type, v fd.Int) interp.Val {
	if t.IsSigned() {
		return interp.IntVal(t, v.Int64())
	}
	return interp.UintVal(t, v.Uint64())
}
