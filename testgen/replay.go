package testgen

import (
	"errors"
	"sort"
	"strings"

	"github.com/inka-tool/inka/budget"
	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/model"
	"github.com/inka-tool/inka/ssa"
)

// Replay: every solution the model proposes is run by the interpreter
// on its inputs (and stub values); only a run that returns normally and
// reaches the goal makes a test. A run the model got wrong says so.

// describe says what the replay r did, for a goal it did not confirm.
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
// stops at that assertion failing; with stopsCover (Options.StopsCover),
// it may also end the program after the goal.
func confirms(r *interp.Result, goal Goal, t *Test, stopsCover bool) bool {
	if !reached(r, goal, t) {
		return false
	}
	if stopsCover && (r.Outcome == interp.Exited || r.Outcome == interp.AssertFailed) {
		return true
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
	in := interp.Inputs{Values: map[string]interp.Val{}, Null: map[string]bool{}, Len: g.inputLen(), Depth: g.inputDepth()}
	g.solutionInputs(sol, f, &in, t)
	g.solutionStubs(sol, &in, t)
	t.Inputs = in
	r, err := g.runTest(t, bud)
	return t, r, err
}

// runTest runs the interpreter on t's inputs within bud, recording the
// lines the run reaches and its result in t.
func (g *Generator) runTest(t *Test, bud *budget.B) (*interp.Result, error) {
	r, err := interp.Run(g.Prog, g.Fn.Name, t.Inputs, interp.Config{Budget: bud,
		PtrArrayLen: g.Opts.ArrayLen, PtrDepth: g.Opts.PtrDepth, UseInitializers: g.Opts.UseInitializers,
		OnStmt: func(s ir.Stmt) {
			p := s.Position()
			t.lines[ir.Pos{File: p.File, Line: p.Line}] = true
		}})
	t.Result = r
	return r, err
}

// maxFailTries bounds the allocations failAlloc makes fail, one at a time.
const maxFailTries = 16

// failAlloc is the search for a failing allocation (ir/heap.go): the
// constraint model stops at malloc, so the replay of its solution lets
// every allocation succeed; when that run does not confirm the goal, the
// same inputs are run again with the run's allocations failing one at a
// time (the first 16), and the first run that confirms the goal is the
// test (its AllocFail names the allocation). Otherwise t and r are
// returned as they are.
func (g *Generator) failAlloc(t *Test, r *interp.Result, goal Goal, bud *budget.B) (*Test, *interp.Result) {
	if r == nil || len(r.Allocs) == 0 || g.Opts.AllocNeverFails || confirms(r, goal, t, g.Opts.StopsCover) {
		return t, r
	}
	for k := range min(len(r.Allocs), maxFailTries) {
		if r.Allocs[k].Failed {
			continue
		}
		ft := *t
		ft.lines = map[ir.Pos]bool{}
		ft.Inputs.AllocFail = map[int]bool{k: true}
		for i := range t.Inputs.AllocFail {
			ft.Inputs.AllocFail[i] = true
		}
		fr, err := g.runTest(&ft, bud)
		if err != nil || bud.Exhausted() {
			break
		}
		if confirms(fr, goal, &ft, g.Opts.StopsCover) {
			ft.AllocFail = sortedKeys(ft.Inputs.AllocFail)
			return &ft, fr
		}
	}
	return t, r
}

// sortedKeys returns the keys of a set of allocation indices, in order.
func sortedKeys(s map[int]bool) []int {
	var out []int
	for k, ok := range s {
		if ok {
			out = append(out, k)
		}
	}
	sort.Ints(out)
	return out
}

// solutionInputs files the input values of a solution in the
// interpreter's inputs in and in the test t.
func (g *Generator) solutionInputs(sol solution, f *ssa.Func, in *interp.Inputs, t *Test) {
	objects := map[string]bool{}
	for _, o := range g.shape.Objects {
		objects[o.Pointer] = true
	}
	// A pointer input is NULL or points to its fresh object. One without a
	// fresh object (below the shape's depth) is NULL by default: listing it
	// would only bury the choices made. The leaves of the object behind a
	// NULL pointer (at any depth) do not exist: the model's values for
	// them are not inputs.
	// The same for a pointer into another input's object (its own is
	// not built: into).
	var nulls []string
	into := map[string]interp.Into{}
	for _, iv := range sol.inputs {
		x := iv.in
		if !x.Pointer || x.Undefined || !iv.set || !objects[x.Path] {
			continue
		}
		if iv.val.IsZero() {
			nulls = append(nulls, x.Path+"[")
		} else if in, ok := intoOf(f, x.Path, iv.val.Int64()); ok {
			if in.Ptr != x.Path {
				nulls = append(nulls, x.Path+"[")
			}
			into[x.Path] = in
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
			g.funcInput(f, x, path, v, in, t)
			continue
		}
		if x.Pointer {
			if v.IsZero() && objects[x.Path] {
				in.Null[path] = true
				t.Null = append(t.Null, path)
				t.put(x, path, interp.IntVal(typ, 0))
			} else if it, ok := into[x.Path]; ok {
				if in.Into == nil {
					in.Into = map[string]interp.Into{}
				}
				in.Into[path] = it
				ptr, off, arr, member := g.shape.IntoArray(it.Ptr)
				lo, hi := int64(0), int64(0)
				if member {
					lo, hi = off, off+arr.Size()
				}
				t.put(x, path, interp.IntoPtr(typ, ptr, g.shape.Lookup(ptr).Typ, off+it.Index*arr.Elem.Size(), lo, hi))
			}
			continue
		}
		val := toVal(typ, v)
		in.Values[path] = val
		t.put(x, path, val)
	}
}

// intoOf says whether the address v the model gives the pointer input at
// path lies in the object of another input it may point into, or past
// the first element of its own (ir.InputObject.Into), and where.
func intoOf(f *ssa.Func, path string, v int64) (interp.Into, bool) {
	target := f.PT.InputObject(path)
	if target == nil || target.Input == nil {
		return interp.Into{}, false
	}
	for _, q := range target.Input.Into {
		o, off, arr, _ := f.PT.IntoArray(q)
		if o == nil {
			continue
		}
		base, es := f.Base(o)+off, arr.Elem.Size()
		if v >= base && v <= base+arr.Size() && (v-base)%es == 0 && (q != path || v != base) {
			return interp.Into{Ptr: q, Index: (v - base) / es}, true
		}
	}
	return interp.Into{}, false
}

// solutionStubs files the answers of the undefined callees in a solution
// (returned values, the objects returned pointers point to, values
// written through a pointer argument) in the test t, and answers the
// interpreter's stub calls with them.
func (g *Generator) solutionStubs(sol solution, in *interp.Inputs, t *Test) {
	answers := map[string][]interp.Val{}
	objs := map[string][]string{}
	writes := map[string][]StubWrite{}
	allocs := 0
	for _, c := range sol.stubs {
		var v interp.Val
		if c.set {
			v = toVal(c.stub.Extern.Result, c.val)
		}
		if c.stub.Extern == g.allocFails && g.allocFails != nil {
			// the run's allocations in order (heapsites.go)
			if c.set && !c.val.IsZero() {
				if in.AllocFail == nil {
					in.AllocFail = map[int]bool{}
				}
				in.AllocFail[allocs] = true
				t.AllocFail = append(t.AllocFail, allocs)
			}
			allocs++
			continue
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
