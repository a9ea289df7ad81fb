package model

import (
	"math/rand/v2"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/ssa"
	"github.com/inka-tool/inka/term"
)

// TestFormulaAgainstInterpreter holds the formula of every function of the
// test programs against the interpreter, the reference semantics: on
// random inputs (and random values returned by the stubs), a run the
// formula follows to its end (no cut) returns normally exactly when the
// formula's Returns holds, and takes exactly the decision outcomes whose
// reach condition holds.
func TestFormulaAgainstInterpreter(t *testing.T) {
	var files []string
	for _, dir := range []string{"paper", "diff", "user", "bitlevel"} {
		fs, _ := filepath.Glob(filepath.Join("..", "testdata", dir, "*.c"))
		files = append(files, fs...)
	}
	funcs, runs, followed := 0, 0, 0
	for _, file := range files {
		u, err := frontend.Load(file, frontend.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, fn := range u.Functions() {
			p, err := u.Lower(fn)
			if err != nil {
				continue // not supported: the front end says why elsewhere
			}
			fc := newFormulaCheck(t, p, fn)
			if fc == nil {
				continue
			}
			funcs++
			r := rand.New(rand.NewPCG(uint64(len(file)), uint64(len(fn))))
			for i := 0; i < 40; i++ {
				runs++
				if fc.run(t, file, r) {
					followed++
				}
			}
		}
	}
	t.Logf("%d functions, %d runs, %d followed by the formula to their end", funcs, runs, followed)
	if followed < runs/2 {
		t.Errorf("only %d of %d runs followed: the check checks little", followed, runs)
	}
}

type formulaCheck struct {
	p     *ir.Program
	fn    string
	fm    *Formula
	decs  []*ir.Decision
	stubs []*StubInstance // in execution order
}

func newFormulaCheck(t *testing.T, p *ir.Program, fn string) *formulaCheck {
	e, err := pointsto.AnalyzeEntry(p, 8, true)
	if err != nil {
		return nil
	}
	sf, err := ssa.Build(e.Inlined.Func, e.Result)
	if err != nil {
		return nil
	}
	fm := NewFormula(sf, Options{MaxUnroll: 20, Inputs: e.Inputs, MayBeNull: func(string) bool { return true }}, nil)
	for _, in := range fm.Inputs {
		if in.Undefined {
			return nil // the interpreter reports the read; the formula takes any value
		}
	}
	fc := &formulaCheck{p: p, fn: fn, fm: fm, stubs: append([]*StubInstance(nil), fm.Stubs...)}
	seen := map[*ir.Decision]bool{}
	for s := range fm.places {
		if r := decisionOf(s); r != nil && !seen[r.D] {
			seen[r.D] = true
			fc.decs = append(fc.decs, r.D)
		}
	}
	sort.SliceStable(fc.stubs, func(i, j int) bool { return lessOrder(fc.stubs[i].order, fc.stubs[j].order) })
	return fc
}

// value draws a value of w bits, often an edge.
func value(r *rand.Rand, w int) uint64 {
	switch r.IntN(4) {
	case 0:
		return []uint64{0, 1, 2, term.Mask(w), 1 << uint(w-1), 1<<uint(w-1) - 1}[r.IntN(6)] & term.Mask(w)
	case 1:
		return uint64(r.IntN(21)-10) & term.Mask(w)
	}
	return r.Uint64() & term.Mask(w)
}

// run draws one input and compares; it reports whether the formula
// follows the run to its end.
func (fc *formulaCheck) run(t *testing.T, file string, r *rand.Rand) bool {
	fm := fc.fm
	vals := map[*term.Term]uint64{}
	in := interp.Inputs{Values: map[string]interp.Val{}, Null: map[string]bool{}}
	var nulls []string
	underNull := func(path string) bool {
		for _, n := range nulls {
			if strings.HasPrefix(path, n) {
				return true
			}
		}
		return false
	}
	for _, x := range fm.Inputs {
		if x.Cell.Typ.IsFuncPointer() {
			// NULL, the input's callback or a function of the program.
			addrs, _ := pointerInput(fm.F, x.Cell, x.Path, nil)
			v := uint64(addrs[r.IntN(len(addrs))])
			vals[x.Term] = v
			switch name := fc.funcAt(v); {
			case underNull(x.Path):
			case v == 0:
				in.Null[x.Path] = true
			case name != "":
				if in.Funcs == nil {
					in.Funcs = map[string]string{}
				}
				in.Funcs[x.Path] = name
			}
			continue
		}
		if x.Pointer {
			// The fresh object or NULL.
			v := uint64(0)
			if r.IntN(8) > 0 {
				v = fc.objectOf(x)
			}
			vals[x.Term] = v
			if v == 0 && !underNull(x.Path) {
				in.Null[x.Path] = true
				nulls = append(nulls, x.Path+"[")
			}
			continue
		}
		v := value(r, max(x.Term.W, 1))
		if x.Cell.Typ.Kind == ir.Bool {
			v &= 1
		}
		vals[x.Term] = v
		if !underNull(x.Path) {
			in.Values[x.Path] = val(x.Cell.Typ, v)
		}
	}
	env := func(v *term.Term) uint64 { return vals[v] }
	memo := map[*term.Term]uint64{}
	if term.Eval(fm.Facts, env, memo) != 1 {
		return false
	}
	// Stubs answer call after call, in execution order, as the formula's
	// instances run.
	answers := map[string][]interp.Val{}
	for _, c := range fc.stubs {
		if term.Eval(c.Guard, env, memo) != 1 {
			continue
		}
		var a interp.Val
		if len(c.Dsts) > 0 {
			v := value(r, max(c.Dsts[0].W, 1))
			vals[c.Dsts[0]] = v
			a = val(c.Stub.Extern.Result, v)
		}
		answers[c.Stub.Extern.Name] = append(answers[c.Stub.Extern.Name], a)
	}
	in.Stub = func(call interp.StubCall) interp.StubAnswer {
		if l := answers[call.Callee]; call.Index < len(l) {
			return interp.StubAnswer{Return: l[call.Index]}
		}
		return interp.StubAnswer{}
	}
	for _, c := range fm.Cuts {
		if term.Eval(c.Guard, env, memo) == 1 {
			return false
		}
	}
	res, err := interp.Run(fc.p, fc.fn, in, interp.Config{})
	if err != nil {
		t.Fatalf("%s %s: %v", file, fc.fn, err)
	}
	returns := term.Eval(fm.Returns, env, memo) == 1
	if returns != (res.Outcome == interp.Returned) {
		t.Errorf("%s %s on %v: the formula says returns=%v, the interpreter %v (%s)", file, fc.fn, in.Values, returns, res.Outcome, res.Msg)
		return true
	}
	for _, d := range fc.decs {
		for o := range d.Outcomes {
			reach, _, _ := fm.Decision(d, o)
			if got := term.Eval(reach, env, memo) == 1; got != res.Covers(d, o) {
				t.Errorf("%s %s on %v: the formula says %s reached=%v, the interpreter %v", file, fc.fn, in.Values, d.ID(o), got, !got)
			}
		}
	}
	return true
}

// funcAt names the function of the program at address v ("" for the
// callback of an input).
func (fc *formulaCheck) funcAt(v uint64) string {
	for _, o := range fc.fm.F.PT.Objects {
		if o.Kind == pointsto.VarObj && o.Var.Class == ir.FuncObj && o.Var.Fn != nil && uint64(fc.fm.F.Base(o)) == v {
			return o.Var.Name
		}
	}
	return ""
}

// objectOf is the address of the fresh object behind a pointer input.
func (fc *formulaCheck) objectOf(x *Input) uint64 {
	addrs, _ := pointerInput(fc.fm.F, x.Cell, x.Path, nil)
	return uint64(addrs[0])
}

func val(t *ir.Type, v uint64) interp.Val {
	if t.IsSigned() {
		return interp.IntVal(t, term.Signed(v, t.Bits()))
	}
	return interp.UintVal(t, v)
}
