package pointsto_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
	"github.com/stretchr/testify/require"
)

// The soundness property of the analysis, checked against the concrete
// interpreter (the project's reference semantics): on random inputs, every
// object a Load or Store of the analysed function actually reaches is
// among the targets the analysis lists for its pointer at that statement,
// at the same field path (array indices collapsed), and a definite
// relation names the one location reached. A dereference of NULL (which
// ends the run with undefined behaviour) must have NULL among the targets
// and no definite relation elsewhere.
//
// Each function is analysed after ir.Inline, and the interpreter runs a
// copy of the program whose entry function is the inlined one, so that
// the statements it reports are the analysed ones. Calls left in place by
// the inlining bound (recursion) run the original callees; their own
// statements are not checked, but the analysis must be sound after them.

// soundnessFiles are the C programs the property is checked on.
var soundnessFiles = []string{
	"../testdata/paper/*.c",
	"../testdata/diff/*.c",
	"testdata/*.c",
	"testdata/sound/*.c",
	// Callbacks and dispatch tables written as real code writes them.
	"../testdata/user/callbacks.c",
	"../testdata/cut/handlers.c",
	// Programs the analysis refuses: the check counts them and makes sure
	// the refusal stays.
	"../testdata/memory/*.c",
}

// mode is one way of making inputs: the analysis is told the same thing
// as the input generator.
type mode struct {
	name string
	runs int
	// nulls: pointer inputs are sometimes NULL, and the analysis is told
	// every pointer input may be NULL. Without it, no input is NULL, and
	// the analysis's definite relations to input objects are checked too.
	nulls bool
	// initializers: globals start from their initializers instead of
	// being inputs.
	initializers bool
}

var modes = []mode{
	{name: "nulls", runs: 100, nulls: true},
	{name: "no-nulls", runs: 50},
	{name: "initializers", runs: 20, nulls: true, initializers: true},
}

// soundnessStats are the figures of a check, for the log.
type soundnessStats struct {
	files, funcs, runs, derefs, pathChecked, definite, nullDerefs, unknownTargets int
	interpErrors                                                                  int
	outcomes                                                                      map[interp.Outcome]int
	// refusedBy counts the runs the interpreter refused, by reason.
	refusedBy map[string]int
	// refused lists the functions the analysis refuses as unsupported.
	refused []string
}

func TestSoundness(t *testing.T) {
	start := time.Now()
	var files []string
	for _, pat := range soundnessFiles {
		m, err := filepath.Glob(pat)
		require.NoError(t, err)
		files = append(files, m...)
	}
	require.NotEmpty(t, files)
	st := &soundnessStats{outcomes: map[interp.Outcome]int{}, refusedBy: map[string]int{}}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, file := range files {
		u, err := frontend.Load(file, frontend.Options{})
		require.NoError(t, err, file)
		st.files++
		for _, fn := range u.Functions() {
			refused := false
			for _, md := range modes {
				if !checkFunction(t, u, file, fn, md, rng, st) {
					refused = true
				}
			}
			if refused {
				st.refused = append(st.refused, filepath.Base(file)+":"+fn)
			}
			st.funcs++
		}
	}
	t.Logf("soundness: %d files, %d functions (%d refused by the analysis as unsupported), %d runs (%v), %d dereferences checked (%d at field level, %d against a definite relation, %d through an unknown pointer), %d NULL dereferences, %d runs the interpreter refused, in %v",
		st.files, st.funcs, len(st.refused), st.runs, outcomeCounts(st.outcomes), st.derefs, st.pathChecked, st.definite, st.unknownTargets, st.nullDerefs, st.interpErrors, time.Since(start).Round(time.Millisecond))
	var reasons []string
	for k, n := range st.refusedBy {
		reasons = append(reasons, fmt.Sprintf("%d× %s", n, k))
	}
	sort.Strings(reasons)
	t.Logf("refused by the analysis: %s", strings.Join(st.refused, ", "))
	// A refusal is no answer: the analysis refuses no program.
	require.Empty(t, st.refused)
	t.Logf("runs refused by the interpreter:\n%s", strings.Join(reasons, "\n"))
	// The property would be vacuous without dereferences.
	require.Greater(t, st.derefs, 10000)
}

func outcomeCounts(m map[interp.Outcome]int) string {
	var parts []string
	for o, n := range m {
		parts = append(parts, fmt.Sprintf("%s %d", o, n))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// setup is one function made ready for the check.
type setup struct {
	prog   *ir.Program // the copy whose entry is the inlined function
	fn     *ir.Func
	pt     *pointsto.Result
	shape  *ir.InputShape
	roots  []ir.InputRoot
	extern map[string]*ir.Extern
	// recursiveEntry: the inlining left calls in place, which may call
	// the entry function, which the copy of the program cannot run.
	recursiveEntry bool
}

// prepare lowers fn, inlines it and analyses it as the interpreter will
// see it in mode md. A nil setup (with no error) is a function the
// analysis refuses as unsupported.
func prepare(u *frontend.Unit, fn string, md mode) (*setup, error) {
	p, err := u.Lower(fn)
	if err != nil {
		return nil, err
	}
	// The inputs as the interpreter makes them (a global shadowed by a
	// parameter is named g#ID: ir.GlobalRoots).
	roots, inputs := ir.EntryInputs(p.Funcs[0], p.Globals, md.initializers)
	shape := ir.ComputeInputShape(roots, ir.DefaultArrayLen, ir.DefaultMaxDepth)
	cfg := pointsto.Config{Shape: shape, Inputs: inputs}
	if md.nulls {
		cfg.MayBeNull = func(string) bool { return true }
	}
	in, err := pointsto.Inline(p, 8, 0, cfg)
	if err != nil {
		return nil, err
	}
	pt, err := pointsto.Analyze(in.Func, p.Globals, cfg)
	if err != nil {
		var ue *pointsto.UnsupportedError
		if errors.As(err, &ue) {
			return nil, nil
		}
		return nil, err
	}
	// The inlined function shares the entry function's parameters and
	// locals, which name the entry as their Func; the interpreter only
	// lets a frame use its own function's variables. This lowering is
	// private to the check: re-home them. (A truncated recursive call of
	// the entry function itself can then not run: such runs are counted
	// and skipped.)
	entry := p.Funcs[0]
	for _, v := range append(append([]*ir.Var{in.Func.Result}, in.Func.Params...), in.Func.Locals...) {
		if v != nil && v.Func == entry {
			v.Func = in.Func
		}
	}
	q := *p
	q.Funcs = append([]*ir.Func{in.Func}, p.Funcs[1:]...)
	// The callbacks of the function-pointer inputs are function objects
	// of the dispatches: the interpreter makes them the inputs' targets.
	q.Globals = append([]*ir.Var(nil), p.Globals...)
	for _, o := range shape.Objects {
		if o.Func {
			q.Globals = append(q.Globals, o.Callback)
		}
	}
	s := &setup{prog: &q, fn: in.Func, pt: pt, shape: shape, roots: roots, extern: map[string]*ir.Extern{}}
	for _, e := range p.Externs {
		s.extern[e.Name] = e
	}
	for _, o := range shape.Objects {
		if o.Func {
			s.extern[o.Callback.Ext.Name] = o.Callback.Ext
		}
	}
	// A call left in place runs the original callee, which may call the
	// entry function in turn.
	s.recursiveEntry = len(in.Truncated) > 0
	return s, nil
}

// checkFunction checks the property on fn in mode md; it returns false
// when the analysis refuses fn as unsupported.
func checkFunction(t *testing.T, u *frontend.Unit, file, fn string, md mode, rng *rand.Rand, st *soundnessStats) bool {
	t.Helper()
	s, err := prepare(u, fn, md)
	require.NoError(t, err, "%s: %s", file, fn)
	if s == nil {
		return false
	}
	failures := 0
	fail := func(format string, args ...any) {
		failures++
		if failures <= 5 {
			t.Errorf("%s: %s [%s]: %s", file, fn, md.name, fmt.Sprintf(format, args...))
		}
	}
	for run := 0; run < md.runs; run++ {
		in := s.randomInputs(rng, md.nulls)
		var last ir.Stmt
		cut := false // past a statement the analysis cuts (Result.Cuts)
		cfg := interp.Config{
			UseInitializers: md.initializers,
			MaxSteps:        5000, // loops on random bounds: enough to go round a few times
			OnStmt: func(x ir.Stmt) {
				last = x
				cut = cut || s.pt.Cuts[x] != ""
			},
			OnDeref: func(x ir.Stmt, tg interp.Target) {
				if s.pt.Before(x) == nil || cut {
					return // a statement of a callee left in place, or a run past a cut
				}
				st.derefs++
				s.checkDeref(x, tg, st, fail, in)
			},
		}
		res, err := interp.Run(s.prog, s.fn.Name, in.Inputs, cfg)
		st.runs++
		if err != nil {
			// The interpreter refuses some runs (a value punned through
			// a union, a void* input dereferenced, a truncated recursive
			// call of the entry): nothing more to check.
			if !errors.Is(err, interp.ErrUnsupported) && !(s.recursiveEntry && strings.Contains(err.Error(), s.fn.Name+" is not in Program.Funcs")) {
				t.Fatalf("%s: %s on %s: %v", file, fn, in, err)
			}
			st.interpErrors++
			st.refusedBy[err.Error()]++
			continue
		}
		st.outcomes[res.Outcome]++
		if res.Outcome == interp.UB && res.UB.Kind == interp.NullDeref && last != nil && s.pt.Before(last) != nil {
			st.nullDerefs++
			s.checkNullDeref(last, fail, in)
		}
	}
	return true
}

// ptrOf returns the pointer a statement dereferences and the type it
// accesses.
func ptrOf(x ir.Stmt) (ir.Value, *ir.Type) {
	switch x := x.(type) {
	case *ir.Load:
		return x.Ptr, x.Dst.Typ
	case *ir.Store:
		return x.Ptr, x.Ptr.Type().Elem
	case *ir.FieldAddr:
		return x.Ptr, x.Ptr.Type().Elem
	case *ir.Call:
		return x.Ptr, x.Ptr.Type().Elem // a call through a function pointer
	}
	return nil, nil
}

func (s *setup) checkDeref(x ir.Stmt, tg interp.Target, st *soundnessStats, fail func(string, ...any), in *randomInputs) {
	where := stmtString{x}
	ptr, _ := ptrOf(x)
	ts := s.pt.TargetsOf(x, ptr)
	if _, ok := ts[pointsto.Loc{Obj: s.pt.Unknown}]; ok {
		st.unknownTargets++
		return
	}
	var obj *pointsto.Object
	if tg.Var != nil {
		obj = s.pt.ObjectOf(tg.Var)
	} else {
		obj = s.pt.InputObject(tg.Input)
	}
	if obj == nil {
		fail("%s reaches %+v, an object the analysis does not know (inputs %s)", where, tg, in)
		return
	}
	found := false
	for l := range ts {
		if l.Obj == obj {
			found = true
		}
	}
	if !found {
		fail("%s reaches %s (offset %d) but the analysis lists only {%s} (inputs %s)", where, obj, tg.Off, targetsString(ts), in)
		return
	}
	actual := pointsto.Canon(obj, tg.Off)
	st.pathChecked++
	_, exact := ts[actual]
	_, anywhere := ts[pointsto.Loc{Obj: obj, Off: pointsto.AnyOff}]
	if !exact && !anywhere {
		fail("%s reaches %s but the analysis lists only {%s} (inputs %s)", where, actual, targetsString(ts), in)
		return
	}
	for l, rel := range ts {
		if rel != pointsto.Definite {
			continue
		}
		st.definite++
		if l != actual {
			fail("%s reaches %s but the analysis says pto(%s, %s, definite) (inputs %s)", where, actual, ptr, l, in)
		}
	}
}

func (s *setup) checkNullDeref(x ir.Stmt, fail func(string, ...any), in *randomInputs) {
	where := stmtString{x}
	ptr, _ := ptrOf(x)
	if ptr == nil {
		return
	}
	ts := s.pt.TargetsOf(x, ptr)
	_, null := ts[pointsto.Loc{Obj: s.pt.Null}]
	_, unknown := ts[pointsto.Loc{Obj: s.pt.Unknown}]
	if !null && !unknown {
		fail("%s dereferences NULL but the analysis lists only {%s} (inputs %s)", where, targetsString(ts), in)
	}
	for l, rel := range ts {
		if rel == pointsto.Definite && l.Obj != s.pt.Null {
			fail("%s dereferences NULL but the analysis says pto(%s, %s, definite) (inputs %s)", where, ptr, l, in)
		}
	}
}

// stmtString prints a statement with its position, when a failure is
// reported (formatting every checked statement would cost more than the
// check).
type stmtString struct{ s ir.Stmt }

func (x stmtString) String() string { return fmt.Sprintf("%s: %s", x.s.Position(), ir.StmtString(x.s)) }

func targetsString(ts pointsto.Targets) string {
	var parts []string
	for l, rel := range ts {
		parts = append(parts, l.String()+":"+rel.String())
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

// randomInputs are the inputs of one run, with the seed of its stubs.
type randomInputs struct {
	interp.Inputs
	seed uint64
}

// String describes the inputs, for failure messages.
func (in *randomInputs) String() string {
	var parts []string
	for k, v := range in.Values {
		parts = append(parts, k+"="+v.String())
	}
	for k := range in.Null {
		parts = append(parts, k+"=NULL")
	}
	for k, f := range in.Funcs {
		parts = append(parts, k+"=&"+f)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",") + fmt.Sprintf(" (stub seed %d)", in.seed)
}

// randomInputs draws the inputs of a run: every scalar leaf of the
// parameters, of the input globals and of the fresh objects behind the
// pointer inputs, with a bias to small values and boundaries; pointer
// inputs NULL one time in five when nulls is set; stubs that return
// random values and sometimes write random values (NULL for pointers)
// through their pointer arguments.
func (s *setup) randomInputs(rng *rand.Rand, nulls bool) *randomInputs {
	in := &randomInputs{Inputs: interp.Inputs{Values: map[string]interp.Val{}, Null: map[string]bool{}}}
	var walk func(path string, t *ir.Type)
	walk = func(path string, t *ir.Type) {
		for _, l := range t.Leaves() {
			lp := path + l.Path
			if !l.Type.IsPointer() {
				v := randomValue(rng, l.Type)
				in.Values[lp] = v
				continue
			}
			s.pointerInput(rng, nulls, in, lp, l.Type, walk)
		}
	}
	for _, r := range s.roots {
		if r.Typ.IsAggregate() {
			walk(r.Path, r.Typ)
			continue
		}
		// A scalar root is its own leaf, with an empty leaf path.
		lp := r.Path
		if !r.Typ.IsPointer() {
			v := randomValue(rng, r.Typ)
			in.Values[lp] = v
			continue
		}
		s.pointerInput(rng, nulls, in, lp, r.Typ, walk)
	}
	seed := rng.Uint64()
	in.seed = seed
	in.Stub = s.stub(seed)
	return in
}

// pointerInput draws the pointer input at path lp, of type t: NULL one
// time in five when nulls is set, else its fresh object (whose leaves walk
// draws), or for a function pointer its callback or one of the program's
// functions of its type.
func (s *setup) pointerInput(rng *rand.Rand, nulls bool, in *randomInputs, lp string, t *ir.Type, walk func(string, *ir.Type)) {
	o := s.shape.Lookup(lp)
	if o == nil {
		return // deeper than the shape: NULL
	}
	if nulls && rng.IntN(5) == 0 {
		in.Null[lp] = true
		return
	}
	if o.Func {
		var funcs []string
		for _, g := range s.prog.Globals {
			if g.Class == ir.FuncObj && g.Fn != nil && ir.Identical(g.Typ, t.Elem) {
				funcs = append(funcs, g.Name)
			}
		}
		if k := rng.IntN(len(funcs) + 1); k < len(funcs) {
			if in.Funcs == nil {
				in.Funcs = map[string]string{}
			}
			in.Funcs[lp] = funcs[k]
		}
		return
	}
	if !o.Void {
		walk(lp, o.Typ)
	}
}

// stub answers extern calls with values drawn from seed: the same seed
// gives the same answers, so that a failure can be replayed.
func (s *setup) stub(seed uint64) interp.StubFunc {
	rng := rand.New(rand.NewPCG(seed, 7))
	return func(c interp.StubCall) interp.StubAnswer {
		var ans interp.StubAnswer
		e := s.extern[c.Callee]
		if e == nil {
			return ans
		}
		if e.Result.IsInteger() {
			ans.Return = randomValue(rng, e.Result)
		}
		// A pointer result stays NULL: a stub's answer is an input value,
		// and no input value names an object of the program.
		for i, a := range c.Args {
			if !a.IsPointer() || a.IsNull() || rng.IntN(2) == 0 {
				continue
			}
			elem := a.Typ.Elem
			if elem == nil || elem.Kind == ir.Void || elem.Size() == 0 {
				continue
			}
			for _, l := range elem.Leaves() {
				if rng.IntN(2) == 0 {
					continue
				}
				w := interp.StubWrite{Arg: i, Path: "[0]" + l.Path}
				if l.Type.IsInteger() {
					w.Val = randomValue(rng, l.Type)
				} else {
					w.Val = interp.Null(l.Type)
				}
				ans.Writes = append(ans.Writes, w)
			}
		}
		return ans
	}
}

// randomValue draws a value of integer type t: small values and the
// boundaries of the type are likelier than the others.
func randomValue(rng *rand.Rand, t *ir.Type) interp.Val {
	if t.Kind == ir.Bool {
		return interp.UintVal(t, uint64(rng.IntN(2)))
	}
	switch k := rng.IntN(10); {
	case k < 5:
		x := int64(rng.IntN(14)) - 3
		if !t.IsSigned() && x < 0 {
			x = -x
		}
		return interp.IntVal(t, x)
	case k < 8:
		var bounds []uint64
		if t.IsSigned() {
			lo := t.MinInt()
			bounds = []uint64{uint64(lo), uint64(lo + 1), uint64(-(lo + 1)), uint64(-(lo + 2)), 0}
		} else {
			hi := t.MaxUint()
			bounds = []uint64{0, 1, hi, hi - 1}
		}
		return interp.UintVal(t, bounds[rng.IntN(len(bounds))])
	}
	return interp.UintVal(t, rng.Uint64())
}
