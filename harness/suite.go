package harness

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/report"
)

// Options say how the tests were made and how to write the harness. The
// input options must be those of the run that made the tests: the replay
// builds the same inputs from them.
type Options struct {
	ArrayLen        int  // elements behind a pointer input (default ir.DefaultArrayLen)
	PtrDepth        int  // levels of fresh objects (default ir.DefaultMaxDepth)
	UseInitializers bool // globals start from their initializers
	// Split writes the callee stubs to their own file, stubs.c, so that
	// they can be compiled by another compiler.
	Split bool
	// Frontend are the preprocessor options the file was read with; the
	// harness defines the same macros, Validate passes the include
	// directories to the compilers.
	Frontend frontend.Options
}

func (o Options) withDefaults() Options {
	if o.ArrayLen <= 0 {
		o.ArrayLen = ir.DefaultArrayLen
	}
	if o.PtrDepth <= 0 {
		o.PtrDepth = ir.DefaultMaxDepth
	}
	return o
}

// Suite is a set of tests of the functions of one C file, replayed by the
// interpreter and ready to be written as C.
type Suite struct {
	File  string // the C file, as given
	Tests []*Test
	opts  Options
	unit  *frontend.Unit
	progs map[string]*ir.Program
	order []string      // the keys of progs, in the order lowered
	all   []*ir.Program // unitProgs
	// pairs are the MC/DC pairs of the run, for a comment (pairs.go).
	pairs []string
	// capture: some test writes output; the harness compares what each
	// call writes with the run's (outputCapture).
	capture bool
}

// Test is one test of a Suite.
type Test struct {
	ID     int    // the test's id in the run
	Func   string // the function under test
	Covers []string
	Inputs interp.Inputs
	Result *interp.Result
	// Skip says why the harness cannot run the test after the tests before
	// it ("" when it can); SkipAlone why it cannot run alone, in a fresh
	// process. Both come from block-scope statics (see the package doc).
	Skip, SkipAlone string
	// stubs are the answers of the run for each callee, call by call, and
	// writes what each call stores through the callee's write argument
	// (ir.Extern.WriteArg; Typ nil: nothing).
	stubs  map[string][]interp.Val
	writes map[string][]interp.Val
	// objects are, per callee and call, the fresh object the call returns
	// (interp.StubAnswer.Object), or "".
	objects map[string][]string
	// peeks are, for each stub call (by callee, then call index) and each
	// pointer argument to a local of the function, the values it pointed
	// to at the time of the call.
	peeks map[string][]map[int][]interp.LeafVal
}

// NewSuite replays the tests of run, the tests of u's file. Every test must
// replay as the run says (same return value, same stub calls): a
// difference means the file or the options changed since the run.
func NewSuite(u *frontend.Unit, run *report.Run, opts Options) (*Suite, error) {
	opts = opts.withDefaults()
	s := &Suite{File: u.Path(), opts: opts, unit: u, progs: map[string]*ir.Program{}}
	for i := range run.Tests {
		rt := &run.Tests[i]
		fn := rt.Function
		if fn == "" {
			fn = run.Function
		}
		if fn == "" {
			return nil, fmt.Errorf("test %d: no function named", rt.ID)
		}
		p, err := s.program(fn)
		if err != nil {
			return nil, err
		}
		t, err := s.replay(p, fn, rt)
		if err != nil {
			return nil, fmt.Errorf("test %d (%s): %w", rt.ID, fn, err)
		}
		s.Tests = append(s.Tests, t)
		if r := t.Result; r != nil && !r.OutputLost && r.Stdout+r.Stderr != "" {
			s.capture = true
		}
	}
	s.statics()
	s.pairs = mcdcPairs(run)
	return s, nil
}

// program lowers fn once.
func (s *Suite) program(fn string) (*ir.Program, error) {
	if p := s.progs[fn]; p != nil {
		return p, nil
	}
	p, err := s.unit.Lower(fn)
	if err != nil {
		return nil, err
	}
	s.progs[fn] = p
	s.order = append(s.order, fn)
	return p, nil
}

// unitProgs returns the programs of every function of the file, the
// tested ones first: the harness links the whole file, so it must define
// what the untested functions call or use too (their stubs expect no
// call). A function inka cannot lower is left out.
func (s *Suite) unitProgs() []*ir.Program {
	if s.all == nil {
		for _, fn := range s.order {
			s.all = append(s.all, s.progs[fn])
		}
		for _, fn := range s.unit.Functions() {
			if s.progs[fn] != nil {
				continue
			}
			if p, err := s.unit.Lower(fn); err == nil {
				s.all = append(s.all, p)
			}
		}
	}
	return s.all
}

// Program returns the lowered program of function fn of the suite.
func (s *Suite) Program(fn string) *ir.Program { return s.progs[fn] }

// config is the interpreter configuration of the replay.
func (s *Suite) config() interp.Config {
	return interp.Config{PtrArrayLen: s.opts.ArrayLen, PtrDepth: s.opts.PtrDepth, UseInitializers: s.opts.UseInitializers}
}

// replay builds the inputs of a test of the run and runs them.
func (s *Suite) replay(p *ir.Program, fn string, rt *report.Test) (*Test, error) {
	t := &Test{ID: rt.ID, Func: fn, Covers: rt.Covers, stubs: map[string][]interp.Val{}, objects: map[string][]string{},
		writes: map[string][]interp.Val{}, peeks: map[string][]map[int][]interp.LeafVal{}}
	in, err := replayInputs(rt)
	if err != nil {
		return nil, err
	}
	ext := map[string]*ir.Extern{}
	for _, e := range p.Externs {
		ext[e.Name] = e
	}
	for _, o := range s.callbacks(fn) {
		ext[o.Name()] = o.Callback.Ext
	}
	if err := t.setStubs(rt, ext); err != nil {
		return nil, err
	}
	in.Stub = t.answer(ext)
	t.Inputs = in
	res, err := interp.Run(p, fn, in, s.config())
	if err != nil {
		return nil, fmt.Errorf("%w (were the tests made with other options? give the harness the run's --array-len and --use-initializers)", err)
	}
	t.Result = res
	if res.Outcome != interp.Returned {
		why := res.Outcome.String()
		if res.UB != nil {
			why = res.UB.String()
		} else if res.Msg != "" {
			why += ": " + res.Msg
		}
		return nil, fmt.Errorf("the replay does not return (%s)", why)
	}
	if err := agrees(rt, res); err != nil {
		return nil, fmt.Errorf("%w: was the file changed, or the tests made with other options (--array-len, --use-initializers)?", err)
	}
	return t, nil
}

// replayInputs reads the inputs of a test of the run: values, NULL
// pointers and function pointers.
func replayInputs(rt *report.Test) (interp.Inputs, error) {
	in := interp.Inputs{Values: map[string]interp.Val{}, Null: map[string]bool{}, Funcs: map[string]string{}, Len: rt.ArrayLen, Depth: rt.Depth}
	for _, k := range rt.AllocFail {
		if k < 0 {
			return in, fmt.Errorf("alloc_fail %d: want an allocation's index, from 0", k)
		}
		if in.AllocFail == nil {
			in.AllocFail = map[int]bool{}
		}
		in.AllocFail[k] = true
	}
	if rt.ArrayLen < 0 || rt.ArrayLen > ir.MaxDeclLen {
		return in, fmt.Errorf("array_len %d: want 0..%d", rt.ArrayLen, ir.MaxDeclLen)
	}
	if rt.Depth < 0 || rt.Depth > ir.MaxInputDepth {
		return in, fmt.Errorf("depth %d: want 0..%d", rt.Depth, ir.MaxInputDepth)
	}
	for _, m := range []map[string]any{rt.Args, rt.Globals, rt.Objects} {
		for path, x := range m {
			if str, ok := x.(string); ok && strings.HasPrefix(str, "&") {
				if into, ok, err := parseInto(str); ok || err != nil {
					if err != nil {
						return in, fmt.Errorf("input %s: %w", path, err)
					}
					if in.Into == nil {
						in.Into = map[string]interp.Into{}
					}
					in.Into[path] = into
					continue
				}
				// a function pointer: "&f" a function of the program,
				// "&*cb" the input's own callback (the default)
				if name := str[1:]; !strings.HasPrefix(name, "*") {
					in.Funcs[path] = name
				}
				continue
			}
			v, null, err := jsonVal(x)
			if err != nil {
				return in, fmt.Errorf("input %s: %w", path, err)
			}
			if null {
				in.Null[path] = true
			} else {
				in.Values[path] = v
			}
		}
	}
	return in, nil
}

// parseInto reads a pointer input that points into the object of
// another one (interp.Inputs.Into), "&c[0].pos[3]": the element 3 of
// the object behind c[0].pos. ok is false for the other "&" values
// (function pointers, whose names hold no '[').
func parseInto(s string) (into interp.Into, ok bool, err error) {
	i := strings.LastIndexByte(s, '[')
	if i < 0 || !strings.HasSuffix(s, "]") {
		return into, false, nil
	}
	k, err := strconv.ParseInt(s[i+1:len(s)-1], 10, 64)
	if err != nil || k < 0 || i < 2 {
		return into, false, fmt.Errorf("%q: want &pointer[index]", s)
	}
	return interp.Into{Ptr: s[1:i], Index: k}, true, nil
}

// setStubs reads the answers of the undefined callees in a test of the
// run: the values they return (or the objects returned pointers point
// to), and the values they store through their write argument.
func (t *Test) setStubs(rt *report.Test, ext map[string]*ir.Extern) error {
	for callee, calls := range rt.Stubs {
		for k, c := range calls {
			obj := ""
			if s, ok := c.Return.(string); ok {
				obj = interp.ReturnedPointer(s)
			}
			var v interp.Val
			if obj == "" {
				var null bool
				var err error
				if v, null, err = jsonVal(c.Return); err != nil {
					return fmt.Errorf("return of call %d of %s: %w", k+1, callee, err)
				}
				if null {
					v = interp.Val{}
				}
			}
			t.stubs[callee] = append(t.stubs[callee], v)
			t.objects[callee] = append(t.objects[callee], obj)
			var w interp.Val
			if c.Write != nil {
				e := ext[callee]
				if e == nil || e.WriteArg() < 0 {
					return fmt.Errorf("call %d of %s stores a value, but %s has no write argument", k+1, callee, callee)
				}
				var err error
				if w, _, err = jsonVal(c.Write); err != nil {
					return fmt.Errorf("value stored by call %d of %s: %w", k+1, callee, err)
				}
				w.Typ = e.Params[e.WriteArg()].Elem
			}
			t.writes[callee] = append(t.writes[callee], w)
		}
	}
	return nil
}

// answer answers the interpreter's stub calls with the test's values, and
// records what integer pointer arguments point to at each call.
func (t *Test) answer(ext map[string]*ir.Extern) func(interp.StubCall) interp.StubAnswer {
	return func(call interp.StubCall) interp.StubAnswer {
		var ans interp.StubAnswer
		if l := t.stubs[call.Callee]; call.Index < len(l) {
			ans.Return = l[call.Index]
			ans.Object = t.objects[call.Callee][call.Index]
		}
		if l := t.writes[call.Callee]; call.Index < len(l) && l[call.Index].Typ != nil {
			e := ext[call.Callee]
			ans.Writes = []interp.StubWrite{{Arg: e.WriteArg(), Path: "[0]", Val: l[call.Index]}}
		}
		// What pointer arguments point to, now: where the harness cannot
		// name the object (a local of the function, a string literal),
		// the stub checks the value it points to.
		peek := map[int][]interp.LeafVal{}
		if e := ext[call.Callee]; e != nil {
			for i, a := range call.Args {
				if _, ok := a.PointerTarget(); !ok || i >= len(e.Params) || !e.Params[i].Elem.IsInteger() {
					continue
				}
				if lv, ok := a.Pointee(e.Params[i].Elem); ok && !lv[0].Val.Indeterminate() {
					peek[i] = lv
				}
			}
		}
		t.peeks[call.Callee] = append(t.peeks[call.Callee], peek)
		return ans
	}
}

// agrees compares a replay with what the run recorded.
func agrees(rt *report.Test, res *interp.Result) error {
	if rt.Return != nil || (res.Return.Typ != nil && !res.Return.IsNull()) {
		if got, want := canon(report.JSONValue(res.Return)), canon(rt.Return); got != want {
			return fmt.Errorf("the replay returns %s, the run says %s", got, want)
		}
	}
	calls := map[string]int{}
	for _, c := range res.StubCalls {
		k := calls[c.Callee]
		calls[c.Callee]++
		rec := rt.Stubs[c.Callee]
		if k >= len(rec) {
			return fmt.Errorf("the replay calls %s %d times, the run says %d", c.Callee, k+1, len(rec))
		}
		if len(rec[k].Args) != len(c.Args) {
			return fmt.Errorf("call %d of %s: %d arguments, the run says %d", k+1, c.Callee, len(c.Args), len(rec[k].Args))
		}
		for i, a := range c.Args {
			if got, want := canon(report.JSONValue(a)), canon(rec[k].Args[i]); got != want {
				return fmt.Errorf("call %d of %s: argument %d is %s, the run says %s", k+1, c.Callee, i+1, got, want)
			}
		}
	}
	for callee, rec := range rt.Stubs {
		if calls[callee] != len(rec) {
			return fmt.Errorf("the replay calls %s %d times, the run says %d", callee, calls[callee], len(rec))
		}
	}
	return nil
}

// canon prints a JSON value the same way whether it was decoded (numbers
// as json.Number or float64) or built by package report (int64, uint64).
func canon(x any) string {
	switch v := x.(type) {
	case nil:
		return "null"
	case float64:
		if v == math.Trunc(v) && math.Abs(v) < 1<<63 {
			return strconv.FormatInt(int64(v), 10)
		}
	case json.Number:
		return v.String()
	}
	return fmt.Sprint(x)
}

// jsonVal converts an inka/v1 input value: an integer (JSON number or
// decimal string, read as interp.ParseValue reads it), or null for a NULL
// pointer.
func jsonVal(x any) (v interp.Val, null bool, err error) {
	var s string
	switch x := x.(type) {
	case nil:
		return interp.Val{}, true, nil
	case int:
		return interp.Int(int64(x)), false, nil
	case int64:
		return interp.Int(x), false, nil
	case uint64:
		return interp.Uint(x), false, nil
	case float64:
		if x != math.Trunc(x) || math.Abs(x) > 1<<53 {
			return interp.Val{}, false, fmt.Errorf("%v is not an exact integer", x)
		}
		return interp.Int(int64(x)), false, nil
	case json.Number:
		s = x.String()
	case string:
		s = x
	default:
		return interp.Val{}, false, fmt.Errorf("unexpected value %v (%T)", x, x)
	}
	v, err = interp.ParseValue(s)
	return v, false, err
}

// statics decides which tests can run, given the block-scope statics of
// their programs: C code outside a function cannot set its statics, so a
// test runs only when each static holds the value the test starts from.
// In a run of the whole harness a static holds its initializer, then what
// the last test that ran left in it (the replay's final value); in a run
// of one test alone it holds its initializer.
func (s *Suite) statics() {
	cur := map[string]string{} // static leaf path → value, as the harness process has it
	initial := map[string]string{}
	for _, t := range s.Tests {
		p := s.progs[t.Func]
		var need []string // leaf paths of the statics of p
		want := map[string]string{}
		for _, g := range p.Globals {
			if g.Class != ir.Static || g.ReadOnly {
				continue
			}
			for i, l := range g.Typ.Leaves() {
				path := g.Name + l.Path
				iv := initValue(g, i, l.Type)
				if _, ok := cur[path]; !ok {
					cur[path], initial[path] = iv, iv
				}
				need = append(need, path)
				if s.opts.UseInitializers {
					want[path] = iv
				} else {
					want[path] = entryValue(t.Inputs, path, l.Type)
				}
			}
		}
		for _, path := range need {
			if want[path] != initial[path] && t.SkipAlone == "" {
				t.SkipAlone = fmt.Sprintf("needs block-scope static %s = %s at entry, its initializer is %s", path, want[path], initial[path])
			}
			if want[path] != cur[path] && t.Skip == "" {
				t.Skip = fmt.Sprintf("needs block-scope static %s = %s at entry, it is %s at this point of the harness", path, want[path], cur[path])
			}
		}
		if t.Skip != "" {
			continue
		}
		final := t.Result.FinalMap()
		for _, path := range need {
			if v, ok := final[path]; ok {
				cur[path] = v.String()
			}
		}
	}
}

// initOf returns the initializer of leaf i of a variable (nil: zero).
func initOf(g *ir.Var, leaf int) ir.Value {
	for _, it := range g.Init {
		if it.Leaf == leaf {
			return it.Val
		}
	}
	return nil
}

// initValue is the initial value of leaf i of a static, as Val.String prints it.
func initValue(g *ir.Var, leaf int, t *ir.Type) string {
	switch x := initOf(g, leaf).(type) {
	case *ir.Const:
		return interp.UintVal(t, x.Bits).String()
	case *ir.AddrConst:
		return x.String()
	}
	if t.IsPointer() {
		return "NULL"
	}
	return "0"
}

// entryValue is the value the inputs give to a scalar at path (0 when not
// given), as Val.String prints it; a pointer not NULL points to a fresh
// object, which no static holds.
func entryValue(in interp.Inputs, path string, t *ir.Type) string {
	if t.IsPointer() {
		if in.Null[path] {
			return "NULL"
		}
		return "&" + path + "[0]"
	}
	if v, ok := in.Values[path]; ok {
		return interp.UintVal(t, v.Bits).String()
	}
	return "0"
}

// callbacks returns the function-pointer inputs of function fn (whose
// program is lowered), in the shape of the suite's options: each has its
// callback, a stub of the harness.
func (s *Suite) callbacks(fn string) []*ir.InputObject {
	p := s.progs[fn]
	if p == nil {
		return nil
	}
	roots, _ := ir.EntryInputs(p.Func(fn), p.Globals, s.opts.UseInitializers)
	var out []*ir.InputObject
	for _, o := range ir.ComputeInputShape(roots, s.opts.ArrayLen, s.opts.PtrDepth).Objects {
		if o.Func {
			out = append(out, o)
		}
	}
	return out
}

// Externs returns the callees of the suite's functions that the file
// declares but does not define, by name, in name order: the functions the
// harness stubs. The C library's are not stubbed: the harness calls them,
// and no test depends on what they do (ir/library.go).
// externObjects returns the definitions of the objects the file declares
// and defines nowhere (ir.Var.Extern), which the harness provides: spelled
// as declared (a const one is zero, and the tests that need it set are
// skipped).
func (s *Suite) externObjects() ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, p := range s.unitProgs() {
		for _, g := range p.Globals {
			if !g.Extern || seen[g.Name] {
				continue
			}
			seen[g.Name] = true
			ct, err := s.unit.ObjectType(g.Name)
			if err == nil {
				var d string
				if d, err = ct.Decl(g.Name, frontend.InUnit); err == nil {
					out = append(out, d)
					continue
				}
			}
			return nil, inputErr(g.Pos, "object %s: %v", g.Name, err)
		}
	}
	sort.Strings(out)
	return out, nil
}

func (s *Suite) Externs() []*ir.Extern {
	seen := map[string]*ir.Extern{}
	for _, p := range s.unitProgs() {
		for _, e := range p.Externs {
			if !e.System {
				seen[e.Name] = e
			}
		}
	}
	var out []*ir.Extern
	for _, e := range seen {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
