package testgen

// The checks a user makes of inka's answers, built into the test suite:
//
//   - every test that Cover emits is replayed by gcc (internal/cdriver: the
//     function compiled with probes around its decisions, the inputs laid
//     out exactly as the interpreter lays them out), plain and with UBSan:
//     gcc must take the decision outcomes the test claims to cover, take
//     the same decisions as the interpreter's replay, return the same
//     value, make the same stub calls, and run without undefined
//     behaviour;
//   - every goal Cover reports unreachable is held against many runs of the
//     interpreter (boundary values, the function's own constants, random
//     values, and every input when the input space is small): none may
//     reach it.
//
// The programs are those of testdata/paper, testdata/diff,
// testdata/user (programs of the kind a user points inka at, written for
// these checks), testdata/cut (constructs inka does not model, on some
// paths only: a function whose every run needs one is refused, and that
// is all the refusals allowed), testdata/memory (bytes, pointer walks)
// and testdata/real (the corpus of
// bench/refuse: code in the styles of real projects). Budgets are short: an answer may be unknown here and
// covered with the command's defaults; what is checked is that no answer
// is wrong.

import (
	"errors"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/internal/cdriver"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

// checkOpts are the budgets of the checked coverage runs.
var checkOpts = Options{Steps: 250_000, ArrayLen: 4, PtrDepth: 2, Check: true}

// checkTotal bounds one function's coverage run.
const checkTotal = time.Minute

// stubCalls is the number of calls per extern the gcc driver answers.
const stubCalls = 16

// crossRuns is the number of random runs held against the unreachable
// goals of one function (on top of boundary values and, for a small input
// space, every input).
const crossRuns = 3000

// exhaustiveLimit is the largest input space run exhaustively; past it,
// nearZeroRuns inputs run every integer input through a range around 0.
const (
	exhaustiveLimit = 1 << 17
	nearZeroRuns    = 20000
)

// checkFigures collects the figures the test logs.
type checkFigures struct {
	sync.Mutex
	files, funcs, goals, covered, unreachable, unknown int
	tests, replayed, skipped                           int
	crossGoals, crossRuns, exhaustive                  int
	advGoals, advRuns                                  int
}

func checkFiles(t *testing.T, dirs ...string) []string {
	var files []string
	for _, dir := range dirs {
		fs, _ := filepath.Glob(filepath.Join("..", "testdata", dir, "*.c"))
		files = append(files, fs...)
	}
	if len(files) == 0 {
		t.Fatal("no test programs")
	}
	return files
}

// TestCoverChecked runs the checks over the directories of checkDirs
// (check_dirs_test.go: a fast part of the corpus by default, all of it
// with -tags heavy).
func TestCoverChecked(t *testing.T) {
	coverChecked(t, checkOpts, checkFiles(t, checkDirs...))
}

// TestCoverCheckedSAT: the same checks with every goal left to the
// bit-level engine alone (no pre-pass either: it would take the goals
// first).
func TestCoverCheckedSAT(t *testing.T) {
	opts := checkOpts
	opts.Engine = EngineSAT
	opts.PrepassSteps = -1
	coverChecked(t, opts, checkFiles(t, checkDirsSAT...))
}

func coverChecked(t *testing.T, opts Options, files []string) {
	if testing.Short() {
		t.Skip("coverage runs on every test program")
	}
	gcc := true
	if _, err := exec.LookPath("gcc"); err != nil {
		gcc = false
		t.Log("gcc not found: the tests are not replayed by gcc")
	}
	fig := &checkFigures{}
	t.Run("files", func(t *testing.T) {
		for _, file := range files {
			file := file
			t.Run(filepath.Base(filepath.Dir(file))+"/"+filepath.Base(file), func(t *testing.T) {
				t.Parallel()
				checkFile(t, file, opts, gcc, fig)
			})
		}
	})
	t.Logf("%d files, %d functions, %d goals: %d covered, %d unreachable, %d unknown", fig.files, fig.funcs,
		fig.goals, fig.covered, fig.unreachable, fig.unknown)
	t.Logf("%d tests, %d replayed by gcc (plain and UBSan), %d not replayable (static inputs)", fig.tests, fig.replayed, fig.skipped)
	t.Logf("%d unreachable goals cross-checked with %d interpreter runs (%d functions run exhaustively)",
		fig.crossGoals, fig.crossRuns, fig.exhaustive)
	t.Logf("%d unreachable goals attacked by %d adversarial gcc runs", fig.advGoals, fig.advRuns)
}

// checked is one function's coverage run.
type checked struct {
	g   *Generator
	cov *Coverage
	drv *cdriver.Driver
}

func checkFile(t *testing.T, file string, opts Options, gcc bool, fig *checkFigures) {
	u, err := frontend.Load(file, frontend.Options{})
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var runs []*checked
	for _, fn := range u.Functions() {
		prog, err := u.Lower(fn)
		if err != nil {
			var fe *frontend.Error
			if dir := filepath.Base(filepath.Dir(file)); (dir == "cut" || dir == "real") && errors.As(err, &fe) && strings.Contains(fe.Msg, "unsupported") {
				t.Logf("%s refused: %v", fn, err)
				continue
			}
			t.Errorf("lowering %s: %v", fn, err)
			continue
		}
		g, err := NewGenerator(prog, opts)
		if err != nil {
			t.Errorf("%s: %v", fn, err)
			continue
		}
		c := &checked{g: g, cov: g.Cover(AllDecisions, checkTotal)}
		if f := g.SanityFailures(); len(f) > 0 {
			t.Errorf("%s: the sanity checkers:\n%s", fn, strings.Join(f, "\n"))
		}
		// The driver's buffers are as long as the longest test's: a
		// shorter test leaves the rest 0, and its run never reads it.
		// Likewise as deep as the deepest test's linked inputs.
		flat, depth := 0, 0
		for _, tc := range c.cov.Tests {
			flat, depth = max(flat, tc.Inputs.Len), max(depth, tc.Inputs.Depth)
		}
		c.drv, err = cdriver.New(prog, fn, cdriver.Options{PtrArrayLen: opts.ArrayLen, FlatLen: flat,
			PtrDepth: opts.PtrDepth, Depth: depth, StubCalls: stubCalls})
		if err != nil {
			t.Logf("%s: no gcc driver: %v", fn, err)
		}
		runs = append(runs, c)
		cv, un, uk := c.cov.Counts()
		fig.Lock()
		fig.funcs++
		fig.goals += len(c.cov.Goals)
		fig.covered, fig.unreachable, fig.unknown = fig.covered+cv, fig.unreachable+un, fig.unknown+uk
		fig.tests += len(c.cov.Tests)
		fig.Unlock()
	}
	fig.Lock()
	fig.files++
	fig.Unlock()
	for _, c := range runs {
		for _, gs := range c.cov.Goals {
			if gs.Status == Covered && gs.Test < 0 {
				t.Errorf("%s: %s covered without a test", c.g.Fn.Name, gs.Goal.ID())
			}
			if gs.Status == Unknown && gs.Reason == "" {
				t.Errorf("%s: %s unknown without a reason", c.g.Fn.Name, gs.Goal.ID())
			}
		}
	}
	if gcc {
		replayFile(t, u, file, runs, fig)
	}
	for _, c := range runs {
		c := c
		t.Run(c.g.Fn.Name+"/unreachable", func(t *testing.T) { crossCheck(t, c, fig) })
	}
	if gcc {
		adversaryFile(t, u, file, runs, fig)
	}
}

// ---- gcc replay ----

func replayFile(t *testing.T, u *frontend.Unit, file string, runs []*checked, fig *checkFigures) {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var drivers []*cdriver.Driver
	for _, c := range runs {
		if c.drv != nil && len(c.cov.Tests) > 0 {
			drivers = append(drivers, c.drv)
		}
	}
	if len(drivers) == 0 {
		return
	}
	dir := t.TempDir()
	bin, err := cdriver.Build(dir, src, u.Path(), drivers)
	if err != nil {
		t.Fatalf("building the gcc driver: %v", err)
	}
	san, err := cdriver.Build(dir, src, u.Path(), drivers, "-fsanitize=undefined", "-fno-sanitize-recover=all")
	if err != nil {
		t.Logf("no UBSan build: %v", err)
		san = nil
	}
	for _, c := range runs {
		if c.drv == nil || len(c.cov.Tests) == 0 {
			continue
		}
		c := c
		t.Run(c.g.Fn.Name+"/gcc", func(t *testing.T) { replayFunc(t, c, bin, san, fig) })
	}
}

func replayFunc(t *testing.T, c *checked, bin, san *cdriver.Binary, fig *checkFigures) {
	drv := c.drv
	for _, s := range drv.Skipped {
		if !strings.Contains(s, ": not in ") { // a header's decisions are not probed
			t.Errorf("decision not instrumented: %s", s)
		}
	}
	var cases []cdriver.Case
	var idx []int
	for i, tc := range c.cov.Tests {
		cs, why := toCase(drv, tc)
		if why != "" {
			t.Logf("test %d not replayed by gcc: %s", i, why)
			fig.Lock()
			fig.skipped++
			fig.Unlock()
			continue
		}
		cases = append(cases, cs)
		idx = append(idx, i)
	}
	outs, err := bin.Run(drv, cases)
	if err != nil {
		t.Fatal(err)
	}
	var souts []cdriver.Output
	if san != nil {
		if souts, err = san.Run(drv, cases); err != nil {
			t.Fatal(err)
		}
	}
	names := map[string]bool{}
	for _, o := range drv.Objects {
		names[o.Name] = true
	}
	for k, out := range outs {
		i := idx[k]
		tc := c.cov.Tests[i]
		var msgs []string
		if out.Status != "ok" {
			msgs = append(msgs, "gcc status "+out.Status)
		}
		if souts != nil && souts[k].Status != "ok" {
			msgs = append(msgs, "gcc -fsanitize=undefined status "+souts[k].Status+"\n"+souts[k].Raw)
		}
		taken := map[string]bool{}
		for _, s := range out.Trace {
			taken[s.Dec.ID(s.Outcome)] = true
		}
		for _, id := range c.cov.Covers[i] {
			if !taken[id] && drv.IsProbed(id) {
				msgs = append(msgs, "gcc does not take "+id+", which the test covers")
			}
		}
		msgs = append(msgs, cdriver.Compare(drv, nil, names, tc.Result, out)...)
		if len(msgs) > 0 {
			var sb strings.Builder
			interp.Fprint(&sb, tc.Result)
			t.Errorf("%s test %d (%s):\n%s\ninterp:\n%s\ngcc:\n%s", c.g.Fn.Name, i, tc.key(),
				strings.Join(msgs, "\n"), sb.String(), out.Raw)
		}
	}
	fig.Lock()
	fig.replayed += len(cases)
	fig.Unlock()
}

// toCase lays out a test's inputs for the gcc driver; why says why it
// cannot (gcc's driver cannot set statics: a test that needs a static to
// start from another value than its initializer is not replayable).
func toCase(drv *cdriver.Driver, tc *Test) (cdriver.Case, string) {
	if len(tc.AllocFail) > 0 {
		// the harness replays these (harness/heap.go), the driver does not
		return cdriver.Case{}, "an allocation fails"
	}
	if tc.Result != nil && tc.Result.ObjectsFromMalloc {
		// the harness mallocs these (harness.heapInputs: TestPrograms
		// replays list.c and hashtab.c with gcc, the heavy run every
		// heap program), the driver's objects are static
		return cdriver.Case{}, "its input objects come from malloc"
	}
	rets, writes := tc.StubAnswers()
	return drv.CaseOf(tc.Inputs, rets, writes)
}

// ---- unreachable goals against the interpreter ----

// inputLeaf is one scalar input of a run, laid out as the generator's
// input shape (parameters, then input globals, statics included, then the
// fresh objects behind pointer inputs).
type inputLeaf struct {
	path   string
	typ    *ir.Type
	parent int // the pointer leaf whose object holds it; -1 at the top
	fixed  bool
}

func inputLeaves(g *Generator) []inputLeaf {
	var out []inputLeaf
	var add func(root string, t *ir.Type, parent int)
	add = func(root string, t *ir.Type, parent int) {
		for _, l := range t.Leaves() {
			path := root + l.Path
			out = append(out, inputLeaf{path: path, typ: l.Type, parent: parent})
			if !l.Type.IsPointer() {
				continue
			}
			i := len(out) - 1
			so := g.shape.Lookup(path)
			if so == nil || so.Void {
				out[i].fixed = true // NULL, or (void) nothing the tests pass but NULL
				continue
			}
			add(path, so.Typ, i)
		}
	}
	for _, v := range g.Fn.Params {
		add(v.Name, v.Typ, -1)
	}
	names := map[string]bool{}
	for _, v := range g.Fn.Params {
		names[v.Name] = true
	}
	for _, v := range g.Prog.Globals {
		root := v.Name
		if names[root] {
			root = fmt.Sprintf("%s#%d", v.Name, v.ID)
		}
		names[root] = true
		if g.inputs[v] {
			add(root, v.Typ, -1)
		}
	}
	return out
}

// candidates are the values tried for an integer leaf of type t: the
// type's bounds and their neighbours, small values, and the constants of
// the function (with their neighbours), which is where branches turn.
func candidates(t *ir.Type, consts []int64) []uint64 {
	if t.Kind == ir.Bool {
		return []uint64{0, 1}
	}
	seen := map[uint64]bool{}
	var out []uint64
	add := func(v int64) {
		if !fitsType(t, v) {
			return
		}
		tb := ir.Truncate(t, uint64(v))
		if !seen[tb] {
			seen[tb] = true
			out = append(out, tb)
		}
	}
	min, max := t.MinInt(), int64(t.MaxUint())
	if !t.IsSigned() && t.Bits() == 64 {
		max = -1 // all ones, added below as bits
	}
	for _, v := range []int64{0, 1, -1, 2, -2, 3, 7, 8, 16, 100, min, min + 1, max, max - 1} {
		add(v)
	}
	if !t.IsSigned() {
		for _, b := range []uint64{t.MaxUint(), t.MaxUint() - 1, t.MaxUint() / 2, t.MaxUint()/2 + 1} {
			if !seen[b] {
				seen[b] = true
				out = append(out, b)
			}
		}
	}
	for _, c := range consts {
		for _, d := range []int64{-1, 0, 1} {
			add(c + d)
		}
	}
	return out
}

// fitsType reports whether v is a value of integer type t.
func fitsType(t *ir.Type, v int64) bool {
	if t.IsSigned() {
		return v >= t.MinInt() && (t.Bits() == 64 || v <= int64(t.MaxUint()))
	}
	if v < 0 {
		return false
	}
	return t.Bits() == 64 || uint64(v) <= t.MaxUint()
}

// constants lists the integer constants of the function and its callees.
func constants(p *ir.Program) []int64 {
	seen := map[int64]bool{}
	var out []int64
	add := func(v ir.Value) {
		if c, ok := v.(*ir.Const); ok && !seen[c.Int64()] {
			seen[c.Int64()] = true
			out = append(out, c.Int64())
		}
	}
	var walk func(ss []ir.Stmt)
	walk = func(ss []ir.Stmt) {
		for _, s := range ss {
			switch s := s.(type) {
			case *ir.Binary:
				add(s.X)
				add(s.Y)
			case *ir.Copy:
				add(s.Src)
			case *ir.If:
				walk(s.Then)
				walk(s.Else)
			case *ir.While:
				walk(s.Pre)
				walk(s.Body)
			}
		}
	}
	for _, f := range p.Funcs {
		walk(f.Body)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// crossCheck runs the function on many inputs and fails if a run reaches
// a goal reported unreachable.
func crossCheck(t *testing.T, c *checked, fig *checkFigures) {
	var goals []Goal
	for _, gs := range c.cov.Goals {
		if gs.Status == Unreachable {
			goals = append(goals, gs.Goal)
		}
	}
	if len(goals) == 0 {
		return
	}
	g := c.g
	leaves := inputLeaves(g)
	consts := constants(g.Prog)
	cands := make([][]uint64, len(leaves))
	space := 1.0
	for i, l := range leaves {
		switch {
		case l.fixed:
			cands[i] = []uint64{0}
		case l.typ.IsPointer():
			cands[i] = []uint64{1}
			if g.nullOK[l.path] {
				cands[i] = []uint64{0, 1}
			}
			for k := range funcsOf(g, l.typ) {
				cands[i] = append(cands[i], uint64(2+k)) // a function of the program
			}
			space *= float64(len(cands[i]))
		default:
			cands[i] = candidates(l.typ, consts)
			space *= float64(l.typ.MaxUint()) + 1
		}
	}
	callbacks := map[string]*ir.Extern{}
	for _, o := range g.shape.Objects {
		if o.Func {
			callbacks[o.Name()] = o.Callback.Ext
		}
	}
	externs := len(g.Prog.Externs)+len(callbacks) > 0
	cfg := interp.Config{PtrArrayLen: g.Opts.ArrayLen, PtrDepth: g.Opts.PtrDepth, MaxSteps: 200_000, MaxDepth: 200}
	rng := rand.New(rand.NewSource(int64(len(g.Fn.Name))*7919 + int64(g.Fn.Name[0])))
	runs := 0
	run := func(vals []uint64, stub interp.StubFunc) {
		in := interp.Inputs{Values: map[string]interp.Val{}, Null: map[string]bool{}, Stub: stub}
		live := make([]bool, len(leaves))
		for i, l := range leaves {
			live[i] = l.parent < 0 || (live[l.parent] && vals[l.parent] != 0)
			if !live[i] {
				continue
			}
			if l.typ.IsPointer() {
				if vals[i] == 0 && !l.fixed {
					in.Null[l.path] = true
				}
				if fs := funcsOf(g, l.typ); vals[i] >= 2 && vals[i]-2 < uint64(len(fs)) {
					if in.Funcs == nil {
						in.Funcs = map[string]string{}
					}
					in.Funcs[l.path] = fs[vals[i]-2]
				}
				continue
			}
			in.Values[l.path] = interp.UintVal(l.typ, vals[i])
		}
		runs++
		r, err := interp.Run(g.Prog, g.Fn.Name, in, cfg)
		if err != nil {
			t.Fatalf("interp: %v", err)
		}
		for _, gl := range goals {
			if r.Covers(gl.Dec, gl.Outcome) {
				var sb strings.Builder
				interp.Fprint(&sb, r)
				t.Errorf("%s: %s is reported unreachable, but the interpreter reaches it:\n%s", g.Fn.Name, gl.ID(), sb.String())
				goals = nil
				return
			}
		}
	}
	randStub := func() interp.StubFunc {
		if !externs {
			return nil
		}
		return func(call interp.StubCall) interp.StubAnswer {
			var ans interp.StubAnswer
			e := externOf(g.Prog, call.Callee)
			if e == nil {
				e = callbacks[call.Callee]
			}
			if e == nil {
				return ans
			}
			if e.Result.IsInteger() {
				ans.Return = interp.UintVal(e.Result, pick(rng, candidates(e.Result, consts), e.Result))
			}
			if k := e.WriteArg(); k >= 0 {
				et := e.Params[k].Elem
				ans.Writes = []interp.StubWrite{{Arg: k, Path: "[0]", Val: interp.UintVal(et, pick(rng, candidates(et, consts), et))}}
			}
			return ans
		}
	}
	vals := make([]uint64, len(leaves))
	if !externs && space <= exhaustiveLimit {
		// Every input.
		var rec func(i int)
		rec = func(i int) {
			if goals == nil {
				return
			}
			if i == len(leaves) {
				run(vals, nil)
				return
			}
			l := leaves[i]
			if l.typ.IsPointer() || l.fixed {
				for _, v := range cands[i] {
					vals[i] = v
					rec(i + 1)
				}
				return
			}
			for v := uint64(0); v <= l.typ.MaxUint(); v++ {
				vals[i] = v
				rec(i + 1)
			}
		}
		rec(0)
		fig.Lock()
		fig.exhaustive++
		fig.Unlock()
	} else {
		// Every input near zero: the integer leaves (when they are few)
		// each run through a small range around 0, together.
		var ints []int
		for i, l := range leaves {
			if !l.fixed && !l.typ.IsPointer() {
				ints = append(ints, i)
			}
		}
		if k := len(ints); k > 0 && k <= 4 {
			r := int64(math.Floor((math.Pow(nearZeroRuns, 1/float64(k)) - 1) / 2))
			for i := range vals {
				vals[i] = cands[i][0]
				if leaves[i].typ.IsPointer() && !leaves[i].fixed {
					vals[i] = 1
				}
			}
			var rec func(j int)
			rec = func(j int) {
				if goals == nil {
					return
				}
				if j == len(ints) {
					run(vals, randStub())
					return
				}
				l := leaves[ints[j]]
				for v := -r; v <= r; v++ {
					if !fitsType(l.typ, v) {
						continue
					}
					vals[ints[j]] = ir.Truncate(l.typ, uint64(v))
					rec(j + 1)
				}
			}
			rec(0)
		}
		// Boundary values: each leaf through its candidates, the others
		// at a random candidate; then the cross product when it is small.
		prod := 1
		for _, cs := range cands {
			prod *= len(cs)
			if prod > crossRuns {
				break
			}
		}
		if prod <= crossRuns {
			var rec func(i int)
			rec = func(i int) {
				if goals == nil {
					return
				}
				if i == len(leaves) {
					run(vals, randStub())
					return
				}
				for _, v := range cands[i] {
					vals[i] = v
					rec(i + 1)
				}
			}
			rec(0)
		}
		for n := 0; n < crossRuns && goals != nil; n++ {
			for i, l := range leaves {
				switch {
				case len(cands[i]) == 1 || l.typ.IsPointer():
					vals[i] = cands[i][rng.Intn(len(cands[i]))]
				default:
					vals[i] = pick(rng, cands[i], l.typ)
				}
			}
			run(vals, randStub())
		}
	}
	fig.Lock()
	fig.crossGoals += len(goals)
	fig.crossRuns += runs
	fig.Unlock()
}

// pick draws a value of type t: a candidate most of the time, else a
// random value of the type.
func pick(rng *rand.Rand, cands []uint64, t *ir.Type) uint64 {
	if rng.Intn(3) > 0 {
		return cands[rng.Intn(len(cands))]
	}
	if t.Kind == ir.Bool {
		return uint64(rng.Intn(2))
	}
	switch rng.Intn(3) {
	case 0:
		return ir.Truncate(t, uint64(rng.Intn(201)-100))
	case 1:
		return ir.Truncate(t, rng.Uint64()>>uint(rng.Intn(64)))
	}
	return ir.Truncate(t, rng.Uint64())
}

// funcsOf lists the functions of the program a function-pointer input of
// type t may point to besides its callback (none for other pointers).
func funcsOf(g *Generator, t *ir.Type) []string {
	var out []string
	if !t.IsFuncPointer() {
		return nil
	}
	for _, v := range g.Prog.Globals {
		if v.Class == ir.FuncObj && v.Fn != nil && ir.Identical(v.Typ, t.Elem) {
			out = append(out, v.Name)
		}
	}
	return out
}

func externOf(p *ir.Program, name string) *ir.Extern {
	for _, e := range p.Externs {
		if e.Name == name {
			return e
		}
	}
	return nil
}
