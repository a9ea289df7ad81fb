package testgen

import (
	"hash/fnv"
	"math/rand/v2"
	"sort"
	"strings"
	"time"

	"github.com/inka-tool/inka/budget"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

// The concrete pre-pass: before any constraint model, the interpreter runs
// the function on inputs drawn from
//
//   - the boundary values of each input's type (0, ±1, the minimum, the
//     maximum and their neighbours),
//   - the constants of the function (comparison and arithmetic operands,
//     case labels) and their neighbours ±1,
//   - the bytes of the function's string literals, for char inputs,
//   - seeded random values, small ones more often,
//   - mutations of the tests found so far (a few leaves changed),
//
// the pointer inputs the code compares with NULL being NULL now and then,
// the undefined callees answering in the same way. Every run that returns
// normally and takes an outcome no test took yet becomes a test: it is its
// own replay. The cheap goals are taken so, the solver gets what is left.
// The pre-pass stops when its runs stop finding goals (stale); what is
// left of its budget after the solvers goes to more runs on the goals they
// left unknown (resumePrepass).
// The budget is counted in interpreter steps (statements run), and the
// draws come from a generator seeded by Options.Seed and the function's
// name: the same file, options and seed give the same tests.

// DefaultPrepassSteps is the default Options.PrepassSteps: a tenth of a
// goal's default budget.
const DefaultPrepassSteps = budget.DefaultSteps / 10

// prepassRunSteps bounds one run of the pre-pass, in interpreter steps.
const prepassRunSteps = DefaultPrepassSteps / 100

// EnginePrepass names the goals the pre-pass covered (GoalStatus.Engine).
const EnginePrepass = "prepass"

// prepass runs the pre-pass of a coverage run: the tests it finds are
// added to cov. It returns, for the goals some run reached and then went
// wrong (undefined behaviour, a failed assertion, an exit), what stopped
// the first such run, and the pre-pass to resume (resumePrepass) once the
// solvers are done; nil if there is none.
func (g *Generator) prepass(cov *Coverage, goals []Goal, index map[string]*GoalStatus) (map[string]string, *prepass) {
	steps := g.Opts.PrepassSteps
	if steps == 0 {
		steps = DefaultPrepassSteps
	}
	wrong := map[string]string{}
	if steps < 0 || len(goals) == 0 {
		return wrong, nil
	}
	p := newPrepass(g)
	p.bud = g.Opts.Total.Child("pre-pass", steps, time.Time{})
	defer func() { cov.Stats.PrepassSteps += p.bud.Used() }()
	// A run gets at most prepassRunSteps: one input that makes a loop run
	// a billion times must not take the budget. The bound does not depend
	// on the budget, so that the runs of a smaller budget are the first
	// runs of a larger one (more budget, never fewer goals).
	p.maxSteps = prepassRunSteps
	for _, gl := range goals {
		p.lines = p.lines || gl.Kind == StatementGoal
	}
	open := len(goals)
	if p.plain && g.Opts.BaselineMost > 0 {
		open = min(open, g.Opts.BaselineMost)
	}
	more := func() bool { return !p.stale(p.runs, p.last) }
	if p.plain {
		more = func() bool { return g.clock(cov) < g.Opts.Baseline }
	}
	p.loop(cov, goals, index, open, more, wrong)
	if p.plain || p.refused {
		return wrong, nil
	}
	// When the runs on the generator's input lengths go stale with goals
	// left, the same again on longer inputs (p.lens), each length with
	// its own window: the goals behind a length test (len > 20, a 5th
	// iteration that writes buf[4]) are the pre-pass's too, as they are
	// random testing's, and a function whose goals short inputs take runs
	// as it did. The resumed runs (resumePrepass) draw their length.
	for _, n := range p.lens {
		open = p.open(cov)
		if open == 0 || p.bud.Exhausted() || p.refused {
			break
		}
		p.len = n
		start := p.runs
		p.last = start
		p.loop(cov, goals, index, open, func() bool { return !p.stale(p.runs-start, p.last-start) }, wrong)
	}
	p.len, p.mixLens = 0, true
	if p.refused {
		return wrong, nil
	}
	return wrong, p
}

// open counts the goals of cov with no answer yet.
func (p *prepass) open(cov *Coverage) int {
	n := 0
	for _, gs := range cov.Goals {
		if gs.Status == Unknown && gs.Test < 0 {
			n++
		}
	}
	return n
}

// resumePrepass goes on with the pre-pass p after the solvers, on the goals
// they left unknown, until its budget is spent (at most resumeFactor times
// the first phase's steps) or none is left: the stale
// rule stops the first phase early (a goal the runs take once in 10^5 is
// not worth the solvers' wait), but the budget given to the pre-pass is
// its own. Its runs do not depend on what the solvers answered (the
// mutation sources are the runs that covered a goal new to the pre-pass),
// so that more budget for either never covers fewer goals.
func (g *Generator) resumePrepass(p *prepass, cov *Coverage, goals []Goal, index map[string]*GoalStatus) {
	if p == nil {
		return
	}
	open := p.open(cov)
	used := p.bud.Used()
	p.loop(cov, goals, index, open, func() bool { return p.bud.Used()-used < resumeFactor*used }, nil)
	cov.Stats.PrepassSteps += p.bud.Used() - used
}

// resumeFactor bounds the resumed pre-pass: at most that many times the
// steps of the first phase (as the stale rule gives a phase four times the
// runs that found its last goal). A function whose first runs were cheap
// gets cheap resumed runs; the bound does not depend on the solvers.
const resumeFactor = 4

// loop makes runs while more says so, the budget lasts and open goals are
// left: a run that returns normally and covers a goal the pre-pass had not
// becomes a test, added to cov where it covers a goal cov had not (open
// counts down those). wrong, if not nil, records the goals runs reached
// before going wrong.
func (p *prepass) loop(cov *Coverage, goals []Goal, index map[string]*GoalStatus, open int, more func() bool, wrong map[string]string) {
	g := p.g
	for open > 0 && !p.bud.Exhausted() && more() {
		run := p.draw()
		if err := p.exec(run, p.bud, p.lines); err != nil {
			p.refused = true // a construct the interpreter refuses: every run would
			return
		}
		p.runs++
		cov.Stats.PrepassRuns++
		r := run.result
		if r.Outcome == interp.StepLimit {
			continue // stopped by the budget (or a run that never ends)
		}
		g.noteNear(cov, run)
		var fresh []*GoalStatus // goals new to the pre-pass the run reached
		test := false           // some of them has no test yet
		for _, gs := range cov.Goals {
			if !p.mine[gs] && reached(r, gs.Goal, run.test) {
				fresh = append(fresh, gs)
				test = test || gs.Test < 0
				if r.Outcome != interp.Returned && wrong != nil {
					if id := gs.Goal.ID(); wrong[id] == "" {
						wrong[id] = describe(r, gs.Goal)
					}
				}
			}
		}
		if len(fresh) == 0 || r.Outcome != interp.Returned {
			continue
		}
		// A test is made only for a goal without one: after the solvers,
		// a run that reaches only goals they covered is a mutation source
		// all the same (the same runs whatever they answered), at the
		// cost of one run.
		if test {
			if !p.makeTest(run, p.bud) {
				continue
			}
			n := g.addTest(cov, goals, index, run.test, EnginePrepass)
			if n == 0 {
				continue
			}
			open -= n
		}
		for _, gs := range fresh {
			p.mine[gs] = true
		}
		p.last = p.runs
		p.found = append(p.found, run)
	}
}

// noteNear records run as the run near the decision goals not covered
// yet whose decision it reached, for those that have none (Generator.near).
func (g *Generator) noteNear(cov *Coverage, run *prepassRun) {
	if g.near == nil {
		return
	}
	for _, gs := range cov.Goals {
		gl := gs.Goal
		if gs.Test >= 0 || gl.Kind != DecisionGoal {
			continue
		}
		k := outcome{gl.Dec, gl.Outcome}
		if _, ok := g.near[k]; ok {
			continue
		}
		for o := range gl.Dec.Outcomes {
			if run.result.Covers(gl.Dec, o) {
				g.near[k] = run.values
				break
			}
		}
	}
}

// stale reports whether the pre-pass has gone on long enough without a new
// goal: more runs since the last one than four times the runs before it,
// and at least 200. It depends on the runs alone, so that a larger
// budget never stops it earlier.
func (p *prepass) stale(runs, last int64) bool {
	return runs-last > max(200, 4*last)
}

// prepassRun is one run of the pre-pass: the inputs drawn, the answers of
// the callees, the result.
type prepassRun struct {
	values map[string]interp.Val
	// ptrs are the pointer inputs decided: the NULL ones with their type,
	// the others with nil.
	ptrs    map[string]*ir.Type
	answers map[string][]interp.Val
	writes  map[string][]StubWrite
	// fail lists the allocations that fail (interp.Inputs.AllocFail).
	fail map[int]bool
	// len is the length of the flat input objects (interp.Inputs.Len):
	// 0 for the generator's.
	len int
	// test is the run's test: only its result and lines until makeTest.
	test   *Test
	result *interp.Result
	lines  map[ir.Pos]bool
}

// prepass draws the inputs of the runs.
type prepass struct {
	g      *Generator
	rng    *rand.Rand
	consts []int64
	bytes  []int64 // bytes of the string literals
	// fconsts are the function's constants as floating-point numbers
	// (prefloat.go).
	fconsts []float64
	// found are the inputs of the tests found so far (mutation sources).
	found []*prepassRun
	// mine are the goals the pre-pass covered.
	mine map[*GoalStatus]bool
	// bud is the pre-pass's budget, lines whether the runs record the
	// lines they reach (statement goals).
	bud   *budget.B
	lines bool
	// runs are the runs made, last the run of the last goal new to the
	// pre-pass (stale).
	runs, last int64
	// refused: the interpreter refuses a construct of the function.
	refused bool
	// maxSteps bounds one run.
	maxSteps int64
	// void are the pointer inputs to void (by access path).
	void map[string]bool
	// plain draws as random testing does (Options.Baseline).
	plain bool
	// heap: the function calls an allocation function (ir/heap.go) that
	// may fail (Options.AllocNeverFails), one
	// of whose calls fails now and then.
	heap bool
	// wrap runs past signed overflows and bad shifts (ubwitness.go).
	wrap bool
	// lens are the longer lengths of the flat input objects, 4 and 16
	// times the generator's up to --max-len, and len the one of the runs
	// drawn now (0: the generator's).
	lens []int
	len  int
	// mixLens: the runs draw their length (the resumed pre-pass).
	mixLens bool
}

func newPrepass(g *Generator) *prepass {
	h := fnv.New64a()
	h.Write([]byte(g.Fn.Name))
	p := &prepass{g: g, rng: rand.New(rand.NewPCG(g.Opts.Seed, h.Sum64())), void: map[string]bool{},
		plain: g.Opts.Baseline > 0, mine: map[*GoalStatus]bool{}}
	for _, o := range g.shape.Objects {
		if o.Void {
			p.void[o.Pointer] = true
		}
	}
	if g.hasFlatInput() {
		for n := 4 * g.shape.FlatLen; n <= 16*g.shape.FlatLen && n <= g.Opts.MaxLen; n *= 4 {
			p.lens = append(p.lens, n)
		}
	}
	seen := map[int64]bool{}
	add := func(v int64) {
		for _, c := range []int64{v - 1, v, v + 1} {
			if !seen[c] {
				seen[c] = true
				p.consts = append(p.consts, c)
			}
		}
	}
	ir.Walk(g.inlined.Func.Body, func(s ir.Stmt) {
		if h := ir.HeapCall(s); h != ir.NotHeap && h != ir.Free && h != ir.VLA && h != ir.VLAEnd && !g.Opts.AllocNeverFails {
			p.heap = true
		}
		for _, v := range ir.StmtOperands(s) {
			if c, ok := v.(*ir.Const); ok && c.Typ.IsInteger() {
				if c.Typ.IsSigned() {
					add(c.Int64())
				} else if c.Uint64() < 1<<62 {
					add(int64(c.Uint64()))
				}
			}
		}
	})
	sort.Slice(p.consts, func(i, j int) bool { return p.consts[i] < p.consts[j] })
	p.fconsts = floatConsts(g.inlined.Func.Body)
	bseen := map[int64]bool{}
	for _, gv := range g.Prog.Globals {
		if gv.Class != ir.String {
			continue
		}
		for _, it := range gv.Init {
			if c, ok := it.Val.(*ir.Const); ok && !bseen[c.Int64()] {
				bseen[c.Int64()] = true
				p.bytes = append(p.bytes, c.Int64())
			}
		}
	}
	sort.Slice(p.bytes, func(i, j int) bool { return p.bytes[i] < p.bytes[j] })
	return p
}

// value draws a value of integer (or floating-point) type t.
func (p *prepass) value(t *ir.Type) interp.Val {
	if t.IsFloat() {
		return p.floatValue(t)
	}
	r := p.rng
	if p.plain { // uniform over t or in -100..100, half and half
		if r.IntN(2) == 0 {
			return fit(t, int64(r.IntN(201))-100)
		}
		return interp.UintVal(t, r.Uint64())
	}
	var v int64
	switch k := r.IntN(16); {
	case k < 5 && len(p.consts) > 0:
		v = p.consts[r.IntN(len(p.consts))]
	case k < 7 && len(p.bytes) > 0 && t.Bits() <= 8:
		v = p.bytes[r.IntN(len(p.bytes))]
	case k < 9:
		b := boundaries(t)
		return b[r.IntN(len(b))]
	case k < 13:
		v = int64(r.IntN(33)) - 16
	default:
		return interp.UintVal(t, r.Uint64())
	}
	return fit(t, v)
}

// boundaries are the boundary values of t.
func boundaries(t *ir.Type) []interp.Val {
	out := []interp.Val{interp.IntVal(t, 0), interp.IntVal(t, 1)}
	if t.Kind == ir.Bool {
		return out
	}
	if t.IsSigned() {
		lo, hi := t.MinInt(), int64(t.MaxUint())
		return append(out, interp.IntVal(t, -1), interp.IntVal(t, lo), interp.IntVal(t, lo+1),
			interp.IntVal(t, hi), interp.IntVal(t, hi-1))
	}
	hi := t.MaxUint()
	return append(out, interp.UintVal(t, hi), interp.UintVal(t, hi-1))
}

// fit converts v to t, clamping what t cannot hold.
func fit(t *ir.Type, v int64) interp.Val {
	if t.Kind == ir.Bool {
		return interp.IntVal(t, v&1)
	}
	if t.IsSigned() {
		lo, hi := t.MinInt(), int64(t.MaxUint())
		v = max(lo, min(hi, v))
		return interp.IntVal(t, v)
	}
	if v < 0 {
		return interp.UintVal(t, uint64(v)&t.MaxUint())
	}
	return interp.UintVal(t, min(uint64(v), t.MaxUint()))
}

// draw makes the inputs of a run: fresh, or a mutation of a test found.
func (p *prepass) draw() *prepassRun {
	run := &prepassRun{values: map[string]interp.Val{}, ptrs: map[string]*ir.Type{},
		answers: map[string][]interp.Val{}, writes: map[string][]StubWrite{}}
	if len(p.found) > 0 && !p.plain && p.rng.IntN(2) == 0 {
		src := p.found[p.rng.IntN(len(p.found))]
		for k, v := range src.values {
			run.values[k] = v
		}
		for k, v := range src.ptrs {
			run.ptrs[k] = v
		}
		for k, l := range src.answers {
			run.answers[k] = append([]interp.Val(nil), l...)
		}
		for k, l := range src.writes {
			run.writes[k] = append([]StubWrite(nil), l...)
		}
		run.fail, run.len = src.fail, p.drawLen()
		p.mutate(run)
		return run
	}
	run.fail, run.len = p.allocFail(), p.drawLen()
	return run
}

// drawLen is the length of a run's flat input objects: the stage's, or
// drawn (length) in random testing and in the resumed runs.
func (p *prepass) drawLen() int {
	if p.plain || p.mixLens {
		return p.length()
	}
	return p.len
}

// length draws the length of a run's flat input objects: the
// generator's three times in four, else one of the longer ones. 0 is the
// generator's.
func (p *prepass) length() int {
	if len(p.lens) == 0 || p.rng.IntN(4) != 0 {
		return 0
	}
	return p.lens[p.rng.IntN(len(p.lens))]
}

// runLen is the interp.Inputs.Len of run.
func (p *prepass) runLen(run *prepassRun) int {
	if run.len > 0 {
		return run.len
	}
	return p.g.inputLen()
}

// allocFail draws the allocations of a run that fail: none three times in
// four, else one of the first eight (the earlier ones more often).
func (p *prepass) allocFail() map[int]bool {
	if !p.heap || p.rng.IntN(4) != 0 {
		return nil
	}
	return map[int]bool{p.rng.IntN(1 + p.rng.IntN(8)): true}
}

// mutate changes one to three of the values of run (the leaves not given
// again are drawn afresh when the run meets them).
func (p *prepass) mutate(run *prepassRun) {
	var keys []string
	for k := range run.values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for n := 1 + p.rng.IntN(3); n > 0 && len(keys) > 0; n-- {
		i := p.rng.IntN(len(keys))
		k := keys[i]
		keys = append(keys[:i], keys[i+1:]...)
		v := run.values[k]
		switch p.rng.IntN(3) {
		case 0:
			delete(run.values, k) // drawn afresh
		case 1:
			if v.IsFloat() { // a neighbour: the next float up or down
				run.values[k] = interp.FloatBitsVal(v.Typ, nextFloat(v.Typ, v.Bits, p.rng.IntN(2) == 0))
				break
			}
			run.values[k] = fit(v.Typ, v.Int64()+int64(p.rng.IntN(5))-2)
		default:
			run.values[k] = p.value(v.Typ)
		}
	}
	if p.heap && p.rng.IntN(4) == 0 {
		run.fail = p.allocFail()
	}
	callees := make([]string, 0, len(run.answers))
	for k := range run.answers {
		callees = append(callees, k)
	}
	sort.Strings(callees) // the draws in a fixed order: the same seed, the same runs
	for _, k := range callees {
		if l := run.answers[k]; len(l) > 0 && p.rng.IntN(4) == 0 {
			i := p.rng.IntN(len(l))
			run.answers[k] = l[:i] // the calls from i on answer afresh
		}
	}
}

// inputs returns the interpreter's inputs of run: the values given, and
// fresh draws for the leaves and the calls not given yet, recorded as the
// run meets them.
func (p *prepass) inputs(run *prepassRun) interp.Inputs {
	g := p.g
	in := interp.Inputs{Values: run.values, Len: p.runLen(run), AllocFail: run.fail}
	in.Leaf = func(path string, t *ir.Type) (interp.Val, bool) {
		if t.IsPointer() {
			nt, ok := run.ptrs[path]
			if !ok {
				// NULL now and then where the code compares the pointer
				// with NULL; always behind void * (no object can be
				// built there: inka's tests pass NULL).
				if (g.nullOK[path] && p.rng.IntN(4) == 0) || p.void[path] {
					nt = t
				}
				run.ptrs[path] = nt
			}
			if nt != nil {
				return interp.Null(t), true
			}
			return interp.Val{}, false
		}
		if !t.IsInteger() && !t.IsFloat() {
			return interp.Val{}, false
		}
		v := p.value(t)
		if t.IsFloat() {
			v = p.sameAsOther(run, t, v)
		}
		run.values[path] = v
		return v, true
	}
	in.Stub = func(call interp.StubCall) interp.StubAnswer {
		e := g.extern(call.Callee)
		var ans interp.StubAnswer
		if l := run.answers[call.Callee]; call.Index < len(l) {
			ans.Return = l[call.Index]
		} else {
			if e != nil && e.Result.IsArithmetic() {
				ans.Return = p.value(e.Result)
			} else if e != nil && e.Result.IsPointer() {
				ans.Return = interp.Null(e.Result)
			}
			run.answers[call.Callee] = append(run.answers[call.Callee], ans.Return)
		}
		if e == nil || e.WriteArg() < 0 {
			return ans
		}
		arg := e.WriteArg()
		l := run.writes[call.Callee]
		if call.Index >= len(l) {
			w := StubWrite{Arg: arg}
			if t := e.Params[arg].Elem; t != nil && t.IsInteger() {
				w.Set, w.Val = true, p.value(t)
			}
			l = append(l, w)
			run.writes[call.Callee] = l
		}
		if w := l[call.Index]; w.Set {
			ans.Writes = []interp.StubWrite{{Arg: w.Arg, Path: "[0]", Val: w.Val}}
		}
		return ans
	}
	return in
}

// extern returns the undefined callee named name: an extern of the
// program, or the callback of a function-pointer input ("*cb"); nil if
// none.
func (g *Generator) extern(name string) *ir.Extern {
	for _, e := range g.Prog.Externs {
		if e.Name == name {
			return e
		}
	}
	for _, o := range g.shape.Objects {
		if o.Func && o.Callback != nil && o.Callback.Ext != nil && o.Callback.Ext.Name == name {
			return o.Callback.Ext
		}
	}
	return nil
}

// exec runs the function on run's inputs within bud; the lines the run
// reaches are recorded when lines is set (statement goals).
func (p *prepass) exec(run *prepassRun, bud *budget.B, lines bool) error {
	g := p.g
	in := p.inputs(run)
	// The final values are left out: most runs are thrown away, a test's
	// run is made again in full (makeTest).
	cfg := interp.Config{Budget: bud, MaxSteps: p.maxSteps, NoFinal: true,
		PtrArrayLen: g.Opts.ArrayLen, PtrDepth: g.Opts.PtrDepth, UseInitializers: g.Opts.UseInitializers,
		WrapArith: p.wrap}
	run.lines = nil
	if lines {
		run.lines = map[ir.Pos]bool{}
		cfg.OnStmt = func(s ir.Stmt) {
			pos := s.Position()
			run.lines[ir.Pos{File: pos.File, Line: pos.Line}] = true
		}
	}
	r, err := interp.Run(g.Prog, g.Fn.Name, in, cfg)
	if err != nil {
		return err
	}
	run.result = r
	run.test = &Test{Result: r, lines: run.lines}
	return nil
}

// makeTest completes the test of a run that covers something new: its
// inputs, and its result with the final values, from the same run made
// again on the test's inputs (the interpreter is deterministic: the run
// takes the same path). false when the replay does not return normally
// (it cannot but would not be a test).
func (p *prepass) makeTest(run *prepassRun, bud *budget.B) bool {
	g := p.g
	t := &Test{ArgOrder: g.argOrder, Args: map[string]interp.Val{}, Globals: map[string]interp.Val{},
		Objects: map[string]interp.Val{}, lines: run.lines}
	// The test replays exactly what the run did: the values drawn (those
	// the run met: a mutation may have made some unreachable), the
	// answers given.
	null := map[string]bool{}
	for k, nt := range run.ptrs {
		if nt != nil {
			null[k] = true
		}
	}
	answers, writes := run.answers, run.writes
	t.Inputs = interp.Inputs{Values: run.values, Null: null, Len: p.runLen(run), Stub: func(call interp.StubCall) interp.StubAnswer {
		var ans interp.StubAnswer
		if l := answers[call.Callee]; call.Index < len(l) {
			ans.Return = l[call.Index]
		}
		if l := writes[call.Callee]; call.Index < len(l) && l[call.Index].Set {
			w := l[call.Index]
			ans.Writes = []interp.StubWrite{{Arg: w.Arg, Path: "[0]", Val: w.Val}}
		}
		return ans
	}}
	if len(run.fail) > 0 {
		// only the allocations the run made
		t.Inputs.AllocFail = map[int]bool{}
		for k := range run.fail {
			if k < len(run.result.Allocs) {
				t.Inputs.AllocFail[k] = true
			}
		}
		t.AllocFail = sortedKeys(t.Inputs.AllocFail)
	}
	objects := map[string]bool{}
	for _, o := range g.shape.Objects {
		objects[o.Pointer] = true
	}
	for path, v := range run.values {
		t.file(path, v, objects, g.Fn)
	}
	for path := range null {
		t.Null = append(t.Null, path)
		t.file(path, interp.Null(run.ptrs[path]), objects, g.Fn)
	}
	sort.Strings(t.Null)
	t.Stubs, t.StubWrites = map[string][]interp.Val{}, map[string][]StubWrite{}
	for _, c := range run.result.StubCalls {
		if l := answers[c.Callee]; c.Index < len(l) {
			t.Stubs[c.Callee] = append(t.Stubs[c.Callee], l[c.Index])
		}
		if l := writes[c.Callee]; c.Index < len(l) {
			t.StubWrites[c.Callee] = append(t.StubWrites[c.Callee], l[c.Index])
		}
	}
	cfg := interp.Config{Budget: bud, MaxSteps: p.maxSteps,
		PtrArrayLen: g.Opts.ArrayLen, PtrDepth: g.Opts.PtrDepth, UseInitializers: g.Opts.UseInitializers}
	r, err := interp.Run(g.Prog, g.Fn.Name, t.Inputs, cfg)
	if err != nil || r.Outcome != interp.Returned {
		return false
	}
	t.Result = r
	run.test = t
	return true
}

// file files an input value by its access path: a leaf of the object
// behind a pointer input under Objects, a parameter's under Args, the rest
// under Globals.
func (t *Test) file(path string, v interp.Val, objects map[string]bool, f *ir.Func) {
	for i := 0; i < len(path); i++ {
		if path[i] == '[' && objects[path[:i]] {
			t.Objects[path] = v
			return
		}
	}
	root := path
	if i := strings.IndexAny(path, ".["); i >= 0 {
		root = path[:i]
	}
	for _, v0 := range f.Params {
		if v0.Name == root {
			t.Args[path] = v
			return
		}
	}
	t.Globals[path] = v
}
