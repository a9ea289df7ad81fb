package model

import (
	"fmt"
	"sort"

	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/ssa"
	"github.com/inka-tool/inka/term"
)

// Formula is the model of a PSSA function for a bit-level engine: the
// function's runs written once as terms over machine integers (package
// term), with every loop unrolled up to MaxUnroll iterations. Where the fd
// model excludes undefined behaviour with domains and constraints, the
// formula follows each run with a Boolean term, alive, true while the run
// has met no undefined behaviour, exit, abort or failed assertion: an
// operation that runs with an operand that makes it undefined ends the run
// there. So one formula answers every goal of the function:
//
//   - the runs that reach a decision outcome: alive at the decision and its
//     condition (Decision), or alive at a statement (Statement);
//   - the runs that return normally: alive at the end (Returns);
//   - the runs the formula stops following (Cuts): past the unrolling
//     bound, at a construct it cannot model, or when it grows too large.
//     A run cut before a goal might reach it later: a goal's proof of
//     unreachability holds only if no cut that may come before it is
//     reachable, which the engine asks as one more question.
type Formula struct {
	T    *term.Builder
	F    *ssa.Func
	Opts Options
	// Facts holds for every input the test can give: the values a
	// pointer input may take (its object, or NULL), 0 or 1 for a _Bool.
	Facts *term.Term
	// Returns holds for the runs that return normally.
	Returns *term.Term
	Inputs  []*Input // Term set, Var nil
	Stubs   []*StubInstance
	Cuts    []*Cut

	// MaxTerms bounds the formula's size: past it, the iterations not yet
	// unrolled are cut ("the bit-level model is too large").
	MaxTerms int

	feasible  func(*term.Term) bool
	places    map[ssa.Stmt]*place
	byPre     []ssa.Stmt
	firstOf   map[ir.Stmt]ssa.Stmt
	loopRange map[*ssa.While][2]int
}

// StubInstance is one execution of an extern call in the unrolled
// function: it runs when Guard holds, and returns Dsts.
type StubInstance struct {
	Stub  *ssa.Stub
	Guard *term.Term
	Dsts  []*term.Term
	// order sorts the instances of one run in execution order.
	order []int
}

// Cut is a point where the formula stops following a run.
type Cut struct {
	Guard  *term.Term // the run reaches the cut
	Reason string     // "loop unrolling bound hit", "unsupported: ...", ...
	pre    int        // the place of the cut
	// anywhere marks a cut past which the run may reach any goal, wherever
	// it lies: a call left un-inlined (its callee may contain the goal), a
	// call of the C library (it may call back, or change what decides the
	// goal), what the formula cannot represent about memory.
	anywhere bool
}

// place is a statement of the PSSA function (not of the unrolled one):
// its rank in a preorder walk of the function, and what the runs that meet
// it have, per instance: alive on arrival; for a decision, alive at its
// test (a loop tests once per iteration) and its condition.
type place struct {
	pre    int
	arrive []*term.Term
	test   []*term.Term
	cond   []*term.Term
}

// DefaultMaxTerms bounds a formula's size (terms) by default.
const DefaultMaxTerms = 100_000

// NewFormula writes the runs of f as terms. feasible, when not nil, is
// asked before further iterations of a loop whether some run gets
// there (the facts hold in its question): a loop whose exit the terms do
// not fold to a constant — a break flag, a counter updated on one branch —
// stops unrolling where the runs stop, exactly, instead of at the bound.
// It may answer true when it does not know.
func NewFormula(f *ssa.Func, opts Options, feasible func(*term.Term) bool) *Formula {
	if opts.MaxUnroll <= 0 {
		opts.MaxUnroll = 64
	}
	fm := &Formula{T: term.NewBuilder(), F: f, Opts: opts, MaxTerms: DefaultMaxTerms, feasible: feasible,
		places: map[ssa.Stmt]*place{}, firstOf: map[ir.Stmt]ssa.Stmt{}, loopRange: map[*ssa.While][2]int{}}
	n := 0
	fm.number(f.Body, &n)
	t := &unroller{Formula: fm, vals: map[*ssa.Version]*term.Term{}, alive: fm.T.True()}
	fm.Facts = t.entry()
	t.block(f.Body)
	fm.Returns = t.alive
	return fm
}

// number ranks the statements of ss in preorder, notes the first PSSA
// statement of every IR statement and the range of every loop.
func (fm *Formula) number(ss []ssa.Stmt, n *int) {
	for _, s := range ss {
		fm.places[s] = &place{pre: *n}
		fm.byPre = append(fm.byPre, s)
		if src := s.Source(); src != nil {
			if _, ok := fm.firstOf[src]; !ok {
				fm.firstOf[src] = s
			}
		}
		*n++
		switch s := s.(type) {
		case *ssa.If:
			fm.number(s.Then, n)
			fm.number(s.Else, n)
		case *ssa.While:
			start := *n - 1
			fm.number(s.Pre, n)
			fm.number(s.Body, n)
			fm.loopRange[s] = [2]int{start, *n - 1}
		}
	}
}

// mayPrecede reports whether a run cut at place c could go on to place p
// in the function without a bound: c comes before p, or both are in one
// loop (a later iteration comes back to p).
func (fm *Formula) mayPrecede(c, p int) bool {
	if c < p {
		return true
	}
	for _, r := range fm.loopRange {
		if r[0] <= c && c <= r[1] && r[0] <= p && p <= r[1] {
			return true
		}
	}
	return false
}

// cutsBefore lists the cuts that may come before one of the places (all
// of them when there is none).
func (fm *Formula) cutsBefore(pres []int) []*Cut {
	var out []*Cut
	for _, c := range fm.Cuts {
		keep := len(pres) == 0 || c.anywhere
		for _, p := range pres {
			keep = keep || fm.mayPrecede(c.pre, p)
		}
		if keep {
			out = append(out, c)
		}
	}
	return out
}

// Decision returns the condition on the inputs for a run to take outcome
// of decision d (at any of its places, in any iteration), and the cuts
// that may come before it; ok is false when d is not in the function.
func (fm *Formula) Decision(d *ir.Decision, outcome int) (reach *term.Term, cuts []*Cut, ok bool) {
	reach = fm.T.False()
	var pres []int
	for s, p := range fm.places {
		r := decisionOf(s)
		if r == nil || r.D != d || (r.True != outcome && r.False != outcome) {
			continue
		}
		pres = append(pres, p.pre)
	}
	if len(pres) == 0 {
		return nil, nil, false
	}
	sort.Ints(pres) // the Or below in a fixed order: same formula, same answers
	for _, pre := range pres {
		s := fm.byPre[pre]
		r, p := decisionOf(s), fm.places[s]
		for i, a := range p.test {
			if r.True == outcome {
				reach = fm.T.Or(reach, fm.T.And(a, p.cond[i]))
			}
			if r.False == outcome {
				reach = fm.T.Or(reach, fm.T.And(a, fm.T.Not(p.cond[i])))
			}
		}
	}
	return reach, fm.cutsBefore(pres), true
}

// Statement returns the condition for a run to reach IR statement s (the
// first PSSA statement made from it), and the cuts that may come before;
// ok is false when s made no PSSA statement.
func (fm *Formula) Statement(s ir.Stmt) (reach *term.Term, cuts []*Cut, ok bool) {
	ps, ok := fm.firstOf[s]
	if !ok {
		return nil, nil, false
	}
	p := fm.places[ps]
	return fm.T.Ors(p.arrive...), fm.cutsBefore([]int{p.pre}), true
}

func decisionOf(s ssa.Stmt) *ir.DecRef {
	switch s := s.(type) {
	case *ssa.If:
		return s.Dec
	case *ssa.While:
		return s.Dec
	case *ssa.Check:
		return s.Dec
	}
	return nil
}

// Executed returns the stub instances that run for the values v gives
// to the terms (a solution's), in execution order.
func (fm *Formula) Executed(v func(*term.Term) bool) []*StubInstance {
	var out []*StubInstance
	for _, c := range fm.Stubs {
		if v(c.Guard) {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return lessOrder(out[i].order, out[j].order) })
	return out
}

// ---- unrolling ----

// unroller walks the PSSA function once per instance of each statement,
// carrying the terms of the versions and alive.
type unroller struct {
	*Formula
	vals  map[*ssa.Version]*term.Term
	alive *term.Term
	// order is the execution-order key of the current statement (as the
	// fd model's env.order).
	order []int
	cur   int // place of the current statement
}

func (t *unroller) width(typ *ir.Type) int { return typ.Bits() }

// entry makes the terms of the entry values and returns the facts about
// the inputs.
func (t *unroller) entry() *term.Term {
	facts := t.T.True()
	in, fixed := entryCells(t.F, t.Opts.Inputs)
	for _, c := range in {
		path := cellPath(c)
		x := t.T.Var(t.width(c.Typ), path)
		if v := entryVersion(t.F, c); v != nil {
			t.vals[v] = x
		}
		input := &Input{Term: x, Cell: c, Path: path}
		switch {
		case c.Typ.IsPointer():
			input.Pointer = true
			addrs, why := pointerInput(t.F, c, path, t.Opts.MayBeNull)
			if why != "" {
				t.Cuts = append(t.Cuts, &Cut{Guard: t.T.True(), Reason: "unsupported: " + why, anywhere: true})
			}
			one := t.T.False()
			for _, a := range addrs {
				one = t.T.Or(one, t.T.Eq(x, t.T.Const(x.W, uint64(a))))
			}
			facts = t.T.And(facts, one)
		}
		t.Inputs = append(t.Inputs, input)
	}
	for _, o := range fixed {
		cells := t.F.CellsOf(o)
		_, uvals := globalInit(t.F, o, cells)
		for i, c := range cells {
			if v := entryVersion(t.F, c); v != nil {
				t.vals[v] = t.T.Const(t.width(c.Typ), uvals[i])
			}
		}
		for _, c := range t.F.GapsOf(o) { // padding: static storage starts at zero
			if v := entryVersion(t.F, c); v != nil {
				t.vals[v] = t.T.Const(t.width(c.Typ), 0)
			}
		}
	}
	return facts
}

// val is the term of an operand.
func (t *unroller) val(v ssa.Value) *term.Term {
	switch v := v.(type) {
	case *ssa.Version:
		if x, ok := t.vals[v]; ok {
			return x
		}
		if v.N != 0 {
			panic(fmt.Sprintf("model: version %s used before its definition", v))
		}
		// A local read before any write: not an input of the test (the
		// interpreter reports the read), but a free value.
		x := t.T.Var(t.width(v.Cell.Typ), cellPath(v.Cell))
		t.vals[v] = x
		t.Inputs = append(t.Inputs, &Input{Term: x, Cell: v.Cell, Path: cellPath(v.Cell), Undefined: true})
		return x
	case ssa.Const:
		return t.T.Const(t.width(v.Typ), v.Uint64())
	}
	panic(fmt.Sprintf("model: unexpected value %T", v))
}

// kill ends the runs on which ub holds.
func (t *unroller) kill(ub *term.Term) { t.alive = t.T.And(t.alive, t.T.Not(ub)) }

// cut stops following the runs that get here, for a reason; a run cut
// there may go on to the goals that can come after it in the function
// (anywhere: to any goal).
func (t *unroller) cut(reason string, anywhere bool) {
	if !t.alive.IsFalse() {
		t.Cuts = append(t.Cuts, &Cut{Guard: t.alive, Reason: reason, pre: t.cur, anywhere: anywhere})
	}
	t.alive = t.T.False()
}

func (t *unroller) block(ss []ssa.Stmt) {
	for i, s := range ss {
		if t.alive.IsFalse() {
			t.skip(ss[i:])
			return
		}
		p := t.places[s]
		t.cur = p.pre
		p.arrive = append(p.arrive, t.alive)
		t.order = append(t.order, i)
		t.stmt(s)
		if src := s.Source(); src != nil {
			if why := ir.UnmodelledStmt(src); why != "" {
				// The C library: the run stops here (ir/library.go).
				t.cut(fmt.Sprintf("%s: it %s", src.Position(), why), true)
			}
		}
		t.order = t.order[:len(t.order)-1]
	}
}

// skip gives the versions defined by statements no run reaches a value,
// so that later uses (on dead paths too) find one.
func (t *unroller) skip(ss []ssa.Stmt) {
	for _, v := range definedAtTop(ss) {
		if _, ok := t.vals[v]; !ok {
			t.vals[v] = t.T.Const(t.width(v.Cell.Typ), 0)
		}
	}
}

func (t *unroller) stmt(s ssa.Stmt) {
	T := t.T
	switch s := s.(type) {
	case *ssa.Op:
		if why := ir.FloatStmt(s.Source()); why != "" {
			// Floating-point computation: the fd model follows it
			// (package fp), the bit-level formula does not.
			t.vals[s.Dst] = T.Var(t.width(s.Dst.Cell.Typ), s.Dst.String())
			t.cut(fmt.Sprintf("%s: unsupported by the bit-level engine: %s", s.Source().Position(), why), true)
			break
		}
		x, ub := t.op(s)
		t.kill(ub)
		t.vals[s.Dst] = x
	case *ssa.Addr:
		t.vals[s.Dst] = T.Const(t.width(s.Dst.Cell.Typ), uint64(s.Addr))
	case *ssa.Offset:
		base := t.val(s.Base)
		x := T.Add(base, T.Const(base.W, uint64(s.K)))
		t.kill(T.Or(t.isNull(base), T.Not(t.sameObject(base, x))))
		t.vals[s.Dst] = x
	case *ssa.Index:
		t.index(s)
	case *ssa.PhiU:
		if s.Bytes {
			t.phiUBytes(s)
			break
		}
		p := t.val(s.Ptr)
		var x *term.Term
		hit := T.False()
		for i := len(s.Addrs) - 1; i >= 0; i-- {
			at := T.Eq(p, T.Const(p.W, uint64(s.Addrs[i]-s.Off)))
			v := t.val(s.Vals[i])
			if x == nil {
				x = v
			} else {
				x = T.Ite(at, v, x)
			}
			hit = T.Or(hit, at)
		}
		if x == nil {
			x = T.Const(t.width(s.Dst.Cell.Typ), 0)
		}
		t.kill(T.Not(hit)) // no valid target: an invalid dereference
		t.vals[s.Dst] = x
	case *ssa.PhiD:
		if s.Bytes {
			t.phiDBytes(s)
			break
		}
		p, v := t.val(s.Ptr), t.val(s.Val)
		hit := T.False()
		for i, a := range s.Addrs {
			at := T.Eq(p, T.Const(p.W, uint64(a-s.Off)))
			t.vals[s.Dsts[i]] = T.Ite(at, v, t.val(s.Olds[i]))
			hit = T.Or(hit, at)
		}
		t.kill(T.Not(hit))
	case *ssa.Stub:
		t.stub(s)
	case *ssa.Truncated:
		for _, d := range s.Dsts {
			t.vals[d] = T.Var(t.width(d.Cell.Typ), d.String())
		}
		t.cut(fmt.Sprintf("a run may reach it through the call of %s at %s, nested deeper than the inlining bound (--max-inline)",
			s.Call.Func.Name, s.Call.Pos), true)
	case *ssa.Cut:
		// A construct inka does not model, or an access the PSSA cannot
		// name: the formula does not follow the run past it.
		for _, d := range s.Dsts {
			t.vals[d] = T.Var(t.width(d.Cell.Typ), d.String())
		}
		if u, ok := s.Source().(*ir.Unsupported); ok {
			// The run goes on in C past the construct.
			t.cut(fmt.Sprintf("a run may reach it after %s: unsupported: %s", u.Pos, u.What), false)
		} else {
			t.cut("unsupported: "+s.What, true)
		}
	case *ssa.Check:
		c := T.Ne(t.val(s.Cond), T.Const(t.val(s.Cond).W, 0))
		t.test(s, c)
		t.alive = T.And(t.alive, c)
	case *ssa.Return:
	case *ssa.If:
		t.ite(s)
	case *ssa.While:
		t.loop(s)
	default:
		panic(fmt.Sprintf("model: unexpected statement %T", s))
	}
}

// reachable reports whether some run may satisfy alive (true when the
// formula has no oracle, or alive is not a constant it can fold).
func (t *unroller) reachable(alive *term.Term) bool {
	if alive.IsTrue() || t.feasible == nil {
		return !alive.IsFalse()
	}
	return t.feasible(t.T.And(t.Facts, alive))
}

// test records that the runs alive now test decision s's condition c.
func (t *unroller) test(s ssa.Stmt, c *term.Term) {
	p := t.places[s]
	p.test = append(p.test, t.alive)
	p.cond = append(p.cond, c)
}

func (t *unroller) stub(s *ssa.Stub) {
	if s.Extern.NoReturn() {
		t.alive = t.T.False() // exit(), abort(): no run that returns goes on
		return
	}
	inst := &StubInstance{Stub: s, Guard: t.alive, order: append([]int(nil), t.order...)}
	for _, d := range s.Dsts {
		x := t.T.Var(t.width(d.Cell.Typ), fmt.Sprintf("%s()#%d", s.Extern.Name, s.Site))
		t.vals[d] = x
		inst.Dsts = append(inst.Dsts, x)
	}
	t.Stubs = append(t.Stubs, inst)
	for _, d := range s.Dsts {
		if d.Cell.Typ.IsPointer() {
			t.cut(fmt.Sprintf("unsupported: %s returns a pointer", s.Extern.Name), true)
			return
		}
	}
}

func (t *unroller) ite(s *ssa.If) {
	T := t.T
	cond := t.val(s.Cond)
	c := T.Ne(cond, T.Const(cond.W, 0))
	t.test(s, c)
	a0 := t.alive
	t.alive = T.And(a0, c)
	t.order = append(t.order, 1)
	t.block(s.Then)
	then := t.alive
	t.order[len(t.order)-1] = 2
	t.alive = T.And(a0, T.Not(c))
	t.block(s.Else)
	t.order = t.order[:len(t.order)-1]
	els := t.alive
	for _, ph := range s.Phis {
		t.vals[ph.Dst] = T.Ite(c, t.val(ph.Args[0]), t.val(ph.Args[1]))
	}
	t.alive = T.Or(then, els)
}

// loop unrolls a while loop: iteration k starts from the head values of
// the entry (k = 0) or of the end of iteration k-1's body. After the loop,
// the head and Pre versions are those of the iteration whose test failed.
func (t *unroller) loop(s *ssa.While) {
	T := t.T
	here := t.cur
	exits := append(phiDsts(s.Phis), definedAtTop(s.Pre)...)
	type exit struct {
		stay *term.Term // the loop goes on after this test
		vals []*term.Term
	}
	var outs []exit
	done := T.False() // the runs that left the loop
	for k := 0; ; k++ {
		// Whether a run gets to iteration k is asked at k = 1, 2, 4, 8…
		// (a few dead iterations cost less than a question each) and at
		// the bound, where the answer decides between a cut and no cut.
		ask := k >= t.Opts.MaxUnroll || (k > 0 && k&(k-1) == 0)
		if t.alive.IsFalse() || (ask && !t.reachable(t.alive)) {
			break
		}
		if k >= t.Opts.MaxUnroll {
			t.cur = here
			t.cut("loop unrolling bound hit", false)
			break
		}
		if t.MaxTerms > 0 && T.Len() > t.MaxTerms {
			t.cur = here
			t.cut(fmt.Sprintf("the bit-level model is too large (more than %d terms)", t.MaxTerms), false)
			break
		}
		heads := make([]*term.Term, len(s.Phis))
		for i, ph := range s.Phis {
			if k == 0 {
				heads[i] = t.val(ph.Args[0])
			} else {
				heads[i] = t.val(ph.Args[1])
			}
		}
		for i, ph := range s.Phis {
			t.vals[ph.Dst] = heads[i]
		}
		t.order = append(t.order, k)
		t.block(s.Pre)
		cond := t.val(s.Cond)
		c := T.Ne(cond, T.Const(cond.W, 0))
		if !t.alive.IsFalse() {
			t.test(s, c)
		}
		e := exit{stay: c}
		for _, v := range exits {
			e.vals = append(e.vals, t.vals[v])
		}
		outs = append(outs, e)
		done = T.Or(done, T.And(t.alive, T.Not(c)))
		t.alive = T.And(t.alive, c)
		t.order = append(t.order, 1)
		t.block(s.Body)
		t.order = t.order[:len(t.order)-2]
	}
	// The values after the loop: those of the first iteration whose test
	// failed (a run that leaves the loop failed exactly one).
	for i, v := range exits {
		var x *term.Term
		for k := len(outs) - 1; k >= 0; k-- {
			vk := outs[k].vals[i]
			if vk == nil {
				continue
			}
			if x == nil {
				x = vk
			} else {
				x = T.Ite(outs[k].stay, x, vk)
			}
		}
		if x == nil {
			x = T.Const(t.width(v.Cell.Typ), 0)
		}
		t.vals[v] = x
	}
	t.alive = done
}

func phiDsts(ps []*ssa.Phi) []*ssa.Version {
	out := make([]*ssa.Version, len(ps))
	for i, p := range ps {
		out[i] = p.Dst
	}
	return out
}
