// Package model translates the Pointer-SSA form of a function (package
// ssa) into a constraint model over package fd, with the combinators of
// package combinators: one fd variable per SSA version, exact machine
// arithmetic (the domain of a signed result excludes overflow, unsigned
// results wrap), the absence of undefined behaviour on every operation that
// runs (division by zero, INT_MIN / -1, shift counts, invalid pointers, a
// store into a read-only cell: ssa.Cell.ReadOnly), an ite per if, and a
// lazily unfolded w per loop.
//
// A call of a function that ends the program (exit, abort: ir.Extern.
// NoReturn) is a dead end: the model describes the runs that return, and
// the runs that reach a goal are the model of a function cut at the goal
// (package testgen), where such a call after the goal is never reached.
//
// A loop is unfolded one iteration at a time, when the model needs it;
// past MaxUnroll iterations the model gives up on that path and records it
// (BoundHit), so that "no solution" then means "unknown", never
// "unreachable". Statements it cannot model (a call left un-inlined by the
// recursion bound, a call of the C library
// that ir.UnmodelledStmt names) cut the path too, with their reason in
// Unsupported, recorded when the statement is translated: a path cut there
// may also be refuted by what follows, which assumed the statement
// changed nothing.
package model

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/inka-tool/inka/combinators"
	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/ssa"
	"github.com/inka-tool/inka/term"
)

// Options configure a model.
type Options struct {
	MaxUnroll int // iterations of a loop before giving up on a path (default 64)
	MaxTrial  int // combinator trial depth (default 1)
	// Inputs are the globals whose initial values are inputs (the others
	// start from their initializers).
	Inputs map[*ir.Var]bool
	// MayBeNull says which pointer inputs may be NULL (by access path).
	MayBeNull func(pointer string) bool
	// ExactCuts: the ir.Unsupported statements end the runs that reach
	// them exactly, with nothing to record: the model's client has turned
	// into its goal those after which what it asks about may happen
	// (testgen's model cut at a goal). Otherwise a cut is an approximation,
	// recorded in Unsupported when the search meets it.
	ExactCuts bool
	// Reach builds a reach indicator for every decision outcome (see
	// Model.Reach), so that the one model serves every goal.
	Reach bool
	// OpenBound: past MaxUnroll iterations a loop leaves its exit values
	// free instead of giving up on the path (BoundHit is still set). The
	// model then over-approximates the runs: every run is a solution,
	// some solutions are no run. Its propagation is a sound narrowing of
	// the inputs (testgen's proof by exhaustion), but no search on it
	// proves or finds anything.
	OpenBound bool
}

// Model is a constraint model of one PSSA function.
type Model struct {
	S    *fd.Store
	F    *ssa.Func
	Opts Options
	Comb *combinators.Options

	// BoundHit is set when some path was cut by the unrolling bound, and
	// Unsupported lists the reasons of paths cut for other causes: with
	// either, a failed search proves nothing.
	BoundHit    bool
	Unsupported []string

	root  *env
	reach map[reachKey]*fd.Var
	// thin says which branch of a test of the variable is taken only when
	// an equality holds (combinators.Ite.Thin).
	thin map[*fd.Var]int
	// orders gives the place (env order) of the branch of a reach
	// indicator.
	orders map[*fd.Var][]int
	// parents gives the indicator of the block a branch indicator's
	// branch lies in (Path).
	parents map[*fd.Var]*fd.Var
	inputs  []*Input
	stubs   []*StubCall
	ranges  []addrRange // object address ranges, for pointer arithmetic
	zero    *fd.Var
	iteSeq  int
	loopSeq int
	// memo gives, for an operator on its operands, the variables that
	// hold its value and the envs they were computed in, oldest first
	// (common subexpressions, ops.go).
	memo map[opKey][]computedIn
}

// Input is a variable of the model that is an input of the test: an fd
// variable in a Model, a term in a Formula.
type Input struct {
	Var  *fd.Var
	Term *term.Term
	Cell *ssa.Cell
	// Path is the access path of the input in the interpreter's vocabulary
	// ("i", "g.f", "p[2]", "p[0].next").
	Path string
	// Pointer is set for a pointer input: its value is the address of the
	// fresh object behind it, or 0 for NULL.
	Pointer bool
	// Undefined marks the initial value of a local read before it is
	// written: not an input of the test (the interpreter reports such a
	// read), but a variable to label.
	Undefined bool
}

// StubCall is one instance of a call to an extern in the model.
type StubCall struct {
	Stub *ssa.Stub
	Dsts []*fd.Var
	Args []*fd.Var
	ctx  *context
	// order sorts the instances of one execution in execution order.
	order []int
}

// context is the chain of ite branches an instance lies in.
type context struct {
	parent *context
	ite    *combinators.Ite
	side   int
}

// Executed reports whether the call instance runs in the execution the
// store describes now (every ite around it committed to its branch).
func (c *StubCall) Executed() bool {
	for x := c.ctx; x != nil; x = x.parent {
		if x.ite.Side() != x.side {
			return false
		}
	}
	return true
}

type env struct {
	parent *env
	vars   map[*ssa.Version]*fd.Var
	ctx    *context
	order  []int
	// reach is the indicator of the block (1 when the execution runs it)
	// and sc the scope its indicators are collected in; both nil unless
	// Options.Reach.
	reach *fd.Var
	sc    *scope
	// depth is the number of envs above this one (ancestor tests of
	// the common subexpressions, ops.go).
	depth int
	// home is the env whose vars map this is: the branches of an ite
	// share their parent's (lookup skips them, or a nest of N tests would
	// look a variable up N times in the same map).
	home *env
}

func (e *env) child(ctx *context, order ...int) *env {
	o := append(append([]int(nil), e.order...), order...)
	c := &env{parent: e, depth: e.depth + 1, vars: map[*ssa.Version]*fd.Var{}, ctx: ctx, order: o, reach: e.reach, sc: e.sc}
	c.home = c
	return c
}

type addrRange struct{ lo, hi int64 } // [lo, hi]: cells and one past the end

// objectRanges returns the address range of every object of f, those
// without cells too (a struct whose members inka does not model, an
// opaque type): a pointer into one is valid.
func objectRanges(f *ssa.Func) []addrRange {
	var out []addrRange
	for _, o := range f.PT.Objects {
		if o.Typ != nil {
			base := f.Base(o)
			out = append(out, addrRange{base, base + f.Size(o)})
		}
	}
	return out
}

// New builds the model of f in a fresh store and posts its top-level
// constraints (without propagating).
func New(f *ssa.Func, opts Options) (*Model, error) {
	if opts.MaxUnroll <= 0 {
		opts.MaxUnroll = 64
	}
	if opts.MaxTrial < 0 {
		opts.MaxTrial = 0
	} else if opts.MaxTrial == 0 {
		opts.MaxTrial = 1
	}
	// A trial of a loop test may unfold two iterations (a body and the
	// next test each): enough to refute a path two iterations ahead
	// (jos97's i = 3, 4), not enough to unroll the loop inside every trial.
	m := &Model{S: fd.NewStore(), F: f, Opts: opts, Comb: &combinators.Options{MaxTrial: opts.MaxTrial, TrialLazies: 4}}
	// Bounds propagation creeps on cycles the solver cannot see through
	// (x % 2 = 1 ∧ 3x + 1 odd moves x by 2 a round on 32-bit domains);
	// stop such a round early rather than run for minutes. On the test
	// programs a propagation that reaches its fixpoint takes at most a
	// few thousand steps.
	m.S.StepLimit = 10000
	// A trial of an ite (rules 3-5) that takes more than a few hundred
	// steps is creeping, not refuting: it stops and narrows nothing.
	m.S.TrialStepLimit = 256
	m.root = &env{vars: map[*ssa.Version]*fd.Var{}}
	m.root.home = m.root
	m.thin = map[*fd.Var]int{}
	m.orders = map[*fd.Var][]int{}
	m.parents = map[*fd.Var]*fd.Var{}
	m.memo = map[opKey][]computedIn{}
	m.zero = m.S.ConstInt64(0)
	m.ranges = objectRanges(f)
	if err := m.entry(); err != nil {
		return nil, err
	}
	m.storeCuts(f.Body)
	if opts.Reach {
		m.root.reach, m.root.sc = m.S.ConstInt64(1), &scope{}
	}
	cs := m.block(f.Body, m.root)
	if opts.Reach {
		cs = append(cs, m.root.sc.posts...)
		m.reach = map[reachKey]*fd.Var{}
		for _, k := range m.root.sc.order {
			hs := m.root.sc.hits[k]
			if len(hs) == 1 {
				m.reach[k] = hs[0]
				continue
			}
			z := m.newBool(fmt.Sprintf("reach(%s)", k.d.ID(k.outcome)))
			m.reach[k] = z
			cs = append(cs, &combinators.Any{Z: z, Xs: hs, Opts: m.Comb})
		}
	}
	if !m.S.Post(cs...) {
		// Failure at posting: the model is inconsistent right away; the
		// search will find no solution.
		return m, nil
	}
	return m, nil
}

// Inputs returns the input variables in labeling order: parameters first,
// then globals, objects behind pointers, undefined locals.
func (m *Model) Inputs() []*Input { return m.inputs }

// Var returns the variable of an SSA version at the top level of the
// function (nil for versions inside loops).
func (m *Model) Var(v *ssa.Version) *fd.Var { return m.root.vars[v] }

// FinalVar returns the variable of the version of cell c at the end of the
// function.
func (m *Model) FinalVar(c *ssa.Cell) *fd.Var { return m.lookup(m.root, m.F.Final(c)) }

// Stubs returns the stub call instances executed in the current state of
// the store, in execution order.
func (m *Model) Stubs() []*StubCall {
	var out []*StubCall
	for _, c := range m.stubs {
		if c.Executed() {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return lessOrder(out[i].order, out[j].order) })
	return out
}

func lessOrder(a, b []int) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// ---- variables ----

func typeDomain(t *ir.Type, maxAddr int64) fd.Domain {
	switch {
	case t.IsPointer():
		return fd.RangeInt64(0, maxAddr)
	case t.Kind == ir.Bool:
		return fd.RangeInt64(0, 1)
	case t.IsInteger():
		lo, hi := fd.TypeRange(uint(t.Bits()), t.IsSigned())
		return fd.Range(lo, hi)
	case t.IsFloat():
		// a floating-point value is its bit pattern: the model only
		// moves it, and computes on it through the ordinal view of
		// package fp (float.go)
		lo, hi := fd.TypeRange(uint(t.Bits()), false)
		return fd.Range(lo, hi)
	}
	return fd.RangeInt64(0, 0)
}

func (m *Model) newVar(v *ssa.Version) *fd.Var {
	x := m.S.NewVarDom(typeDomain(v.Cell.Typ, m.F.MaxAddr))
	x.Named(v.String())
	return x
}

// lookup returns the variable of a version in e (or an enclosing env);
// version 0 is created at the root on first use.
func (m *Model) lookup(e *env, v *ssa.Version) *fd.Var {
	for x := e; x != nil; x = x.home.parent {
		if fv, ok := x.vars[v]; ok {
			return fv
		}
	}
	if v.N == 0 {
		// An entry version never listed by entry(): an undefined local
		// read before any write (or a cell only read at the end).
		x := m.newVar(v)
		m.root.vars[v] = x
		n := len(m.inputs)
		m.inputs = append(m.inputs, &Input{Var: x, Cell: v.Cell, Path: cellPath(v.Cell), Undefined: true})
		// Created inside a choice point (a lazy unfolding, a trial, the
		// search of an earlier goal), x disappears with it: so must
		// the entry, or a later goal would post constraints on a dead
		// variable whose number a new one has taken.
		m.S.OnUndo(func() {
			delete(m.root.vars, v)
			m.inputs = m.inputs[:n]
		})
		return x
	}
	panic(fmt.Sprintf("model: version %s used before its definition", v))
}

// def creates the variable of a version defined in e.
func (m *Model) def(e *env, v *ssa.Version) *fd.Var {
	x := m.newVar(v)
	e.vars[v] = x
	return x
}

func (m *Model) val(e *env, v ssa.Value) *fd.Var {
	switch v := v.(type) {
	case *ssa.Version:
		return m.lookup(e, v)
	case ssa.Const:
		if v.Typ.IsSigned() {
			return m.S.ConstInt64(v.Int64())
		}
		return m.S.Const(fd.U64(v.Uint64()))
	}
	panic(fmt.Sprintf("model: unexpected value %T", v))
}

// cellPath names a cell in the interpreter's vocabulary: a variable's
// leaf path, or for the object behind pointer input "p", "p" + leaf path.
func cellPath(c *ssa.Cell) string {
	if c.Obj.Kind == pointsto.InputObj {
		return c.Obj.Input.Pointer + c.Path
	}
	return c.Name
}

// entryCells sorts the cells read at a function's entry: the cells of the
// inputs in labeling order (parameters, input globals, objects behind
// pointer inputs) and the globals that start from their initializers.
func entryCells(f *ssa.Func, inputs map[*ir.Var]bool) (in []*ssa.Cell, fixed []*pointsto.Object) {
	isInputVar := map[*ir.Var]bool{}
	for _, v := range f.IR.Params {
		isInputVar[v] = true
	}
	for v, ok := range inputs {
		if ok {
			isInputVar[v] = true
		}
	}
	var params, globals, objects []*ssa.Cell
	for _, o := range f.PT.Objects {
		cells := f.CellsOf(o)
		if len(cells) == 0 {
			continue
		}
		switch {
		case o.Kind == pointsto.InputObj:
			objects = append(objects, cells...)
		case o.Kind == pointsto.VarObj && isInputVar[o.Var]:
			if o.Var.Class == ir.Param {
				params = append(params, cells...)
			} else {
				globals = append(globals, cells...)
			}
		case o.Kind == pointsto.VarObj && o.Var.IsGlobal():
			fixed = append(fixed, o)
		}
	}
	return append(append(params, globals...), objects...), fixed
}

// entryVersion is the version 0 of cell c the builder handed out, or nil
// when c is never read before written.
func entryVersion(f *ssa.Func, c *ssa.Cell) *ssa.Version {
	var v *ssa.Version
	for _, e := range f.Entry {
		if e.Cell == c {
			v = e
		}
	}
	return v
}

// pointerInput returns the values a pointer input cell c at path may
// take; why says when the model cannot represent the input. A pointer to
// an object: the address of the fresh object behind it, and 0 (NULL) when
// it may be NULL. A function pointer: NULL, the input's callback or a
// function of the program of its type, as the analysis's entry graph
// lists them.
func pointerInput(f *ssa.Func, c *ssa.Cell, path string, mayBeNull func(string) bool) (addrs []int64, why string) {
	if c.Typ.IsFuncPointer() {
		for _, l := range f.PT.EntryTargets(c.Obj, c.Off).Sorted() { // the formula's disjunction in a fixed order
			switch l.Obj.Kind {
			case pointsto.NullObj:
				addrs = append(addrs, 0)
			case pointsto.VarObj:
				addrs = append(addrs, f.Base(l.Obj))
			}
		}
		return addrs, ""
	}
	target := f.PT.InputObject(path)
	if target != nil && target.Kind == pointsto.InputObj {
		addrs = append(addrs, f.Base(target))
		addrs = append(addrs, intoAddrs(f, target)...)
	} else if target != nil && target.Kind == pointsto.UnknownObj {
		why = fmt.Sprintf("input %s is a void pointer: inka only passes NULL for it", path)
	}
	if target == nil || target.Kind != pointsto.InputObj || (mayBeNull != nil && mayBeNull(path)) {
		addrs = append(addrs, 0)
	}
	return addrs, why
}

// intoAddrs returns the addresses in the arrays of other inputs (or in its
// own object) that the pointer input whose own object is target may hold
// instead (ir.InputObject.Into): each element of such an array, and one
// past the end of a whole object.
func intoAddrs(f *ssa.Func, target *pointsto.Object) []int64 {
	if target.Input == nil {
		return nil
	}
	var addrs []int64
	for _, q := range target.Input.Into {
		o, off, arr, _ := f.PT.IntoArray(q)
		if o == nil {
			continue
		}
		n := arr.Len // one past the end too (of a member: no access there, pointsto's into)
		base, es := f.Base(o)+off, arr.Elem.Size()
		for k := int64(0); k <= n; k++ {
			addrs = append(addrs, base+k*es)
		}
	}
	return addrs
}

// globalInit returns the initial values of the cells of a global that is
// not an input, as signed and as unsigned numbers.
func globalInit(f *ssa.Func, o *pointsto.Object, cells []*ssa.Cell) (vals []int64, uvals []uint64) {
	vals = make([]int64, len(cells))
	uvals = make([]uint64, len(cells))
	for _, it := range o.Var.Init {
		if it.Leaf >= len(cells) {
			continue
		}
		switch x := it.Val.(type) {
		case *ir.Const:
			vals[it.Leaf] = x.Int64()
			uvals[it.Leaf] = x.Uint64()
		case *ir.AddrConst:
			t := f.PT.ObjectOf(x.Var)
			vals[it.Leaf] = f.Base(t) + pointsto.AddrOffset(x)
			uvals[it.Leaf] = uint64(vals[it.Leaf])
		}
	}
	return vals, uvals
}

// entry creates the variables of the values at the function's entry:
// inputs (parameters, input globals, objects behind pointer inputs),
// initial values of the other globals.
func (m *Model) entry() error {
	in, fixed := entryCells(m.F, m.Opts.Inputs)
	var inputs []*Input
	for _, c := range in {
		inputs = append(inputs, m.inputCell(c))
	}
	m.inputs = append(inputs, m.inputs...)
	for _, o := range fixed {
		m.initGlobal(o, m.F.CellsOf(o))
		// its padding: static storage starts at zero
		for _, c := range m.F.GapsOf(o) {
			if v := entryVersion(m.F, c); v != nil {
				m.root.vars[v] = m.S.ConstInt64(0)
			}
		}
	}
	return nil
}

// inputCell creates the entry variable of an input cell.
func (m *Model) inputCell(c *ssa.Cell) *Input {
	v := entryVersion(m.F, c)
	if v == nil {
		v = &ssa.Version{Cell: c}
	}
	x := m.newVar(v)
	m.root.vars[v] = x
	in := &Input{Var: x, Cell: c, Path: cellPath(c)}
	if c.Typ.IsPointer() {
		in.Pointer = true
		addrs, why := pointerInput(m.F, c, in.Path, m.Opts.MayBeNull)
		if why != "" {
			m.Unsupported = append(m.Unsupported, why)
		}
		x.Intersect(fd.ValuesInt64(addrs...))
	}
	return in
}

// initGlobal fixes the entry values of a global that is not an input.
func (m *Model) initGlobal(o *pointsto.Object, cells []*ssa.Cell) {
	vals, uvals := globalInit(m.F, o, cells)
	for i, c := range cells {
		v := entryVersion(m.F, c)
		if v == nil {
			continue // never read
		}
		var x *fd.Var
		if c.Typ.IsInteger() && !c.Typ.IsSigned() {
			x = m.S.Const(fd.U64(uvals[i]))
		} else {
			x = m.S.ConstInt64(vals[i])
		}
		m.root.vars[v] = x
	}
}

// ---- statements ----

// block translates a list of statements into constraints to post in e.
func (m *Model) block(ss []ssa.Stmt, e *env) []fd.Constraint {
	var out []fd.Constraint
	for i, s := range ss {
		if c, ok := s.(*ssa.Cut); ok {
			return append(out, m.cut(c, ss[i+1:], e))
		}
		out = append(out, m.stmt(s, e, i)...)
	}
	return out
}

// unsupported returns the constraint of a statement the model cannot
// represent: it cuts the path. The reason is recorded as soon as the
// statement is translated, not when the cut is posted: constraints after
// the statement on the same path (which assume it changed nothing) may
// refute that path first, and a refutation that rests on them proves
// nothing.
func (m *Model) unsupported(reason string) fd.Constraint {
	m.Unsupported = append(m.Unsupported, reason)
	return fd.FalseC
}

func (m *Model) stmt(s ssa.Stmt, e *env, index int) []fd.Constraint {
	out := m.stmt1(s, e, index)
	if src := s.Source(); src != nil {
		if why := ir.UnmodelledStmt(src); why != "" {
			// The C library: the path stops here (ir/library.go).
			out = append(out, m.unsupported(fmt.Sprintf("%s: it %s", src.Position(), why)))
		}
	}
	return out
}

// stmt1 gives the constraints of one statement; index is its position in
// its block (it orders the calls of stubs).
func (m *Model) stmt1(s ssa.Stmt, e *env, index int) []fd.Constraint {
	switch s := s.(type) {
	case *ssa.Op:
		return m.op(s, e)
	case *ssa.Addr:
		x := m.def(e, s.Dst)
		return []fd.Constraint{fd.CmpInt64(x, fd.Eq, s.Addr)}
	case *ssa.Offset:
		base := m.val(e, s.Base)
		x := m.def(e, s.Dst)
		// x = base + K, base not NULL, x in the same object.
		return []fd.Constraint{
			fd.LinearInt64([]int64{1, -1}, []*fd.Var{x, base}, fd.Eq, s.K),
			fd.CmpInt64(base, fd.Ne, 0),
			&sameObject{a: base, b: x, ranges: m.ranges},
		}
	case *ssa.Index:
		base, i := m.val(e, s.Base), m.val(e, s.I)
		x := m.def(e, s.Dst)
		return []fd.Constraint{
			fd.LinearInt64([]int64{1, -1, -s.Scale}, []*fd.Var{x, base, i}, fd.Eq, 0),
			fd.CmpInt64(base, fd.Ne, 0),
			&sameObject{a: base, b: x, ranges: m.ranges},
		}
	case *ssa.PhiU:
		return m.phiU(s, e)
	case *ssa.PhiD:
		return m.phiD(s, e)
	case *ssa.Stub:
		return m.stub(s, e, index)
	case *ssa.Truncated:
		for _, d := range s.Dsts {
			m.def(e, d)
		}
		return []fd.Constraint{m.unsupported(fmt.Sprintf("%s: call of %s deeper than the inlining bound", s.Call.Pos, s.Call.Func.Name))}
	case *ssa.Check:
		if s.Dec != nil && e.sc != nil && s.Dec.True >= 0 {
			e.sc.hit(reachKey{s.Dec.D, s.Dec.True}, e.reach)
		}
		return []fd.Constraint{fd.CmpInt64(m.val(e, s.Cond), fd.Ne, 0)}
	case *ssa.Return:
		return nil
	case *ssa.If:
		if c := m.ite(s, e, index); c != nil {
			return []fd.Constraint{c}
		}
		return nil
	case *ssa.While:
		li := &loopInst{s: s, e: e, index: index}
		acc := m.loopReach(li)
		return []fd.Constraint{m.loop(li, nil, 0, acc, e.reach)}
	}
	panic(fmt.Sprintf("model: unexpected statement %T", s))
}

// phiU models a load through a pointer with several targets (the paper's
// Φu): the value read is the one of the target the pointer equals.
func (m *Model) phiU(s *ssa.PhiU, e *env) []fd.Constraint {
	if s.Bytes {
		return m.phiUBytes(s, e)
	}
	p := m.val(e, s.Ptr)
	c := &combinators.PhiU{P: p}
	for i, a := range s.Addrs {
		c.Addrs = append(c.Addrs, fd.I64(a-s.Off))
		c.Vals = append(c.Vals, m.val(e, s.Vals[i]))
	}
	c.X = m.def(e, s.Dst)
	return []fd.Constraint{c}
}

// phiD models a store through a pointer with several targets (the paper's
// Φd): the target the pointer equals takes the stored value, the others
// keep their old one; a read-only target is excluded (the write would be
// undefined) unless the store is the object's initialization.
func (m *Model) phiD(s *ssa.PhiD, e *env) []fd.Constraint {
	if s.Bytes {
		return m.phiDBytes(s, e)
	}
	p := m.val(e, s.Ptr)
	c := &combinators.PhiD{P: p, DP: m.val(e, s.Val)}
	out := []fd.Constraint{c}
	init := false
	if st, ok := s.Source().(*ir.Store); ok {
		init = st.Init
	}
	for i, a := range s.Addrs {
		c.Addrs = append(c.Addrs, fd.I64(a-s.Off))
		c.Vals = append(c.Vals, m.val(e, s.Olds[i]))
		if s.Dsts[i].Cell.ReadOnly && !init {
			// a write to a read-only object is undefined: excluded
			out = append(out, fd.CmpC(p, fd.Ne, fd.I64(a-s.Off)))
		}
	}
	for _, d := range s.Dsts {
		c.Xs = append(c.Xs, m.def(e, d))
	}
	return out
}

// stub models a call of a function without a body: its results are fresh
// values recorded as a StubCall (the generated callee check), and a call
// that cannot return cuts the path.
func (m *Model) stub(s *ssa.Stub, e *env, index int) []fd.Constraint {
	if s.Extern.NoReturn() {
		// exit(), abort(): no execution that returns goes through here.
		return []fd.Constraint{fd.FalseC}
	}
	call := &StubCall{Stub: s, ctx: e.ctx, order: append(append([]int(nil), e.order...), index)}
	for _, a := range s.Args {
		call.Args = append(call.Args, m.val(e, a))
	}
	var out []fd.Constraint
	for _, d := range s.Dsts {
		x := m.def(e, d)
		call.Dsts = append(call.Dsts, x)
		if d.Cell.Typ.IsPointer() {
			out = append(out, m.returned(s, x)...)
		}
	}
	m.stubs = append(m.stubs, call)
	// A call instance made inside a trial disappears with it.
	n := len(m.stubs) - 1
	m.S.OnUndo(func() {
		if len(m.stubs) > n {
			m.stubs = m.stubs[:n]
		}
	})
	return out
}

// returned constrains x, the pointer a call of an undefined function
// returns: NULL or the address of the call's fresh object (an input,
// ir.StubReturns), as for a pointer input.
func (m *Model) returned(s *ssa.Stub, x *fd.Var) []fd.Constraint {
	c, _ := s.Source().(*ir.Call)
	obj, root := m.F.PT.ReturnedObject(c)
	switch {
	case obj == nil:
		return []fd.Constraint{m.unsupported(fmt.Sprintf("%s returns a pointer", s.Extern.Name))}
	case obj.Kind != pointsto.InputObj:
		m.Unsupported = append(m.Unsupported, fmt.Sprintf("%s returns a void pointer: inka's stubs only return NULL for it", s.Extern.Name))
		x.Intersect(fd.ValuesInt64(0))
		return nil
	}
	addrs := []int64{m.F.Base(obj)}
	if m.Opts.MayBeNull != nil && m.Opts.MayBeNull(root) {
		addrs = append(addrs, 0)
	}
	// x is new: its domain is its declaration, as for an input.
	if !x.Intersect(fd.ValuesInt64(addrs...)) {
		return []fd.Constraint{fd.FalseC}
	}
	return nil
}

func (m *Model) ite(s *ssa.If, e *env, index int) *combinators.Ite {
	m.iteSeq++
	c := &combinators.Ite{Cond: m.val(e, s.Cond), Opts: m.Comb, Name: fmt.Sprintf("ite%d", m.iteSeq)}
	c.Thin = m.thin[c.Cond]
	// One array for the ite's place and its then branch's (orders are
	// never modified); the else branch's is a copy.
	c.Order = append(make([]int, 0, len(e.order)+2), e.order...)
	c.Order = append(c.Order, index)
	if s.Dec != nil {
		c.Tag = s.Dec
	}
	te := &env{parent: e, depth: e.depth + 1, vars: e.vars, home: e.home, ctx: &context{parent: e.ctx, ite: c, side: 1}, order: append(c.Order, 1)}
	ee := &env{parent: e, depth: e.depth + 1, vars: e.vars, home: e.home, ctx: &context{parent: e.ctx, ite: c, side: 2}, order: append(c.Order[:len(c.Order):len(c.Order)], 2)}
	if e.sc != nil {
		te.reach, te.sc = m.newBool(c.Name+".then"), e.sc
		ee.reach, ee.sc = m.newBool(c.Name+".else"), e.sc
		// Outside loops (the function's own scope) no accumulation over
		// iterations reads the zeros of a branch not taken.
		quiet := e.sc == m.root.sc
		e.sc.posts = append(e.sc.posts, &combinators.Branch{Parent: e.reach, Cond: c.Cond, Then: te.reach, Else: ee.reach, Quiet: quiet})
		e.sc.hitDec(s.Dec, te.reach, ee.reach)
		m.setOrder(te.reach, te.order)
		m.setOrder(ee.reach, ee.order)
		m.setParent(te.reach, e.reach)
		m.setParent(ee.reach, e.reach)
	}
	stubs := len(m.stubs)
	c.Then = m.block(s.Then, te)
	c.Else = m.block(s.Else, ee)
	for _, p := range s.Phis {
		a, b := m.val(te, p.Args[0]), m.val(ee, p.Args[1])
		x := m.def(e, p.Dst)
		c.Then = append(c.Then, fd.Cmp(x, fd.Eq, a))
		c.Else = append(c.Else, fd.Cmp(x, fd.Eq, b))
	}
	if len(c.Then) == 0 && len(c.Else) == 0 && len(m.stubs) == stubs {
		// (c ∧ true) ∨ (¬c ∧ true) holds whatever c: a test whose
		// branches compute nothing the model keeps (ssa.Slice drops
		// what no decision reads) and call no extern (whose instances
		// know they run by the ite's side) is no choice for the search,
		// and its trials would refute nothing. Its reach indicators
		// (Branch) still follow its condition.
		return nil
	}
	return c
}

// loopInst is one instance of a loop statement in the model: the
// statement, its enclosing env, and with Options.Reach the decision
// outcomes inside it and the indicator of its decision's true outcome.
type loopInst struct {
	s     *ssa.While
	e     *env
	index int
	goals []reachKey
	t0    *fd.Var
}

// loopReach registers the indicators of the loop's outcomes in its
// enclosing scope and returns, for each decision outcome inside the loop,
// the indicator "reached from iteration 0 on" (nil without Options.Reach).
// The loop's own decision is true when iteration 0 goes on (the body runs
// at least once) and false when the loop is left, which every run of the
// enclosing block that returns does.
func (m *Model) loopReach(li *loopInst) []*fd.Var {
	e := li.e
	if e.sc == nil {
		return nil
	}
	if d := li.s.Dec; d != nil {
		if d.True >= 0 {
			li.t0 = m.newBool(fmt.Sprintf("w@%d.then", li.index))
			e.sc.hit(reachKey{d.D, d.True}, li.t0)
			// Iteration 0's Branch ties t0 to the block only once the
			// loop is built (when the search gets there): until then a
			// request of the loop's true outcome must still run the
			// block, else a path that leaves it first (an early return)
			// satisfies the request and every labeling of the inputs is
			// a solution the replay refutes.
			e.sc.posts = append(e.sc.posts, fd.Cmp(li.t0, fd.Le, e.reach))
		}
		if d.False >= 0 {
			e.sc.hit(reachKey{d.D, d.False}, e.reach)
		}
	}
	li.goals = goalsIn(li.s.Pre, goalsIn(li.s.Body, nil))
	acc := make([]*fd.Var, len(li.goals))
	for i, g := range li.goals {
		acc[i] = m.newBool(fmt.Sprintf("w@%d:%s", li.index, g.d.ID(g.outcome)))
		e.sc.hit(g, acc[i])
		e.sc.posts = append(e.sc.posts, fd.Cmp(acc[i], fd.Le, e.reach))
	}
	return acc
}

// loop returns the constraint that instantiates iteration k of loop li;
// prev is the env of iteration k-1's body (nil for k = 0). The exit values
// are the variables of the enclosing env for the head φ versions and the
// versions defined at the top of Pre. With Options.Reach, head is the
// indicator of iteration k's head and acc[i] that of li.goals[i] reached
// from iteration k on.
func (m *Model) loop(li *loopInst, prev *env, k int, acc []*fd.Var, head *fd.Var) fd.Constraint {
	s, e, index := li.s, li.e, li.index
	if k == 0 {
		// The exit variables live in e: uses after the loop find them.
		for _, p := range s.Phis {
			m.def(e, p.Dst)
		}
		for _, v := range definedAtTop(s.Pre) {
			m.def(e, v)
		}
	}
	return &combinators.Lazy{Name: fmt.Sprintf("w@%d#%d", index, k), Opts: m.Comb, Build: func(st *fd.Store) bool {
		if k >= m.Opts.MaxUnroll {
			m.BoundHit = true
			return m.Opts.OpenBound
		}
		ie := e.child(e.ctx, index, k)
		if head != nil {
			ie.reach, ie.sc = head, &scope{}
		}
		// Head: iteration 0 starts from the entry values, iteration k from
		// the values at the end of iteration k-1's body.
		for _, p := range s.Phis {
			if k == 0 {
				ie.vars[p.Dst] = m.val(e, p.Args[0])
			} else {
				ie.vars[p.Dst] = m.val(prev, p.Args[1])
			}
		}
		pre := m.block(s.Pre, ie)
		if !st.Post(pre...) {
			return false
		}
		m.iteSeq++
		c := &combinators.Ite{Cond: m.val(ie, s.Cond), Opts: m.Comb, Name: fmt.Sprintf("w%d", m.iteSeq), Loop: true}
		c.Order = ie.order
		if s.Dec != nil {
			c.Tag = s.Dec
		}
		// Exit: the loop's values are this iteration's head and Pre values.
		for _, p := range s.Phis {
			c.Else = append(c.Else, fd.Cmp(e.vars[p.Dst], fd.Eq, ie.vars[p.Dst]))
		}
		for _, v := range definedAtTop(s.Pre) {
			c.Else = append(c.Else, fd.Cmp(e.vars[v], fd.Eq, ie.vars[v]))
		}
		var goOn *fd.Var
		if sc := ie.sc; sc != nil {
			goOn = li.t0
			if k > 0 || goOn == nil {
				goOn = m.newBool(c.Name + ".then")
			}
			sc.posts = append(sc.posts, &combinators.Branch{Parent: head, Cond: c.Cond, Then: goOn, Else: m.newBool(c.Name + ".else")})
			if !st.Post(sc.posts...) {
				return false
			}
			// Leaving the loop here, a goal inside it is reached from
			// this iteration on only if it was in Pre.
			for i, g := range li.goals {
				c.Else = append(c.Else, &combinators.Any{Z: acc[i], Xs: sc.hits[g], Opts: m.Comb})
			}
		}
		// Continue: the body, then the next iteration, built when needed.
		ctx := &context{parent: e.ctx, ite: c, side: 1}
		c.Then = []fd.Constraint{&combinators.Lazy{Name: "body", Opts: m.Comb, Build: func(st *fd.Store) bool {
			be := &env{parent: ie, depth: ie.depth + 1, vars: map[*ssa.Version]*fd.Var{}, ctx: ctx, order: append(append([]int(nil), ie.order...), 1)}
			be.home = be
			if goOn != nil {
				be.reach, be.sc = goOn, &scope{}
			}
			body := m.block(s.Body, be)
			var next []*fd.Var
			if be.sc != nil {
				body = append(body, be.sc.posts...)
				for i, g := range li.goals {
					n := m.newBool(fmt.Sprintf("w@%d#%d:%s", index, k+1, g.d.ID(g.outcome)))
					next = append(next, n)
					hs := append(append(append([]*fd.Var(nil), ie.sc.hits[g]...), be.sc.hits[g]...), n)
					body = append(body, &combinators.Any{Z: acc[i], Xs: hs, Opts: m.Comb})
				}
			}
			return st.Post(body...) && st.Post(m.loop(li, be, k+1, next, goOn))
		}}}
		return st.Post(c)
	}}
}

// definedAtTop lists the versions defined by the top-level statements of
// a block (including the φ of its ifs), in order.
func definedAtTop(ss []ssa.Stmt) []*ssa.Version {
	var out []*ssa.Version
	for _, s := range ss {
		switch s := s.(type) {
		case *ssa.Op:
			out = append(out, s.Dst)
		case *ssa.Addr:
			out = append(out, s.Dst)
		case *ssa.Offset:
			out = append(out, s.Dst)
		case *ssa.Index:
			out = append(out, s.Dst)
		case *ssa.PhiU:
			out = append(out, s.Dst)
		case *ssa.PhiD:
			out = append(out, s.Dsts...)
		case *ssa.Stub:
			out = append(out, s.Dsts...)
		case *ssa.Truncated:
			out = append(out, s.Dsts...)
		case *ssa.Cut:
			out = append(out, s.Dsts...)
		case *ssa.If:
			for _, p := range s.Phis {
				out = append(out, p.Dst)
			}
		case *ssa.While:
			for _, p := range s.Phis {
				out = append(out, p.Dst)
			}
			out = append(out, definedAtTop(s.Pre)...)
		}
	}
	return out
}

// ---- reach indicators ----

// reachKey names a decision outcome.
type reachKey struct {
	d       *ir.Decision
	outcome int
}

// scope collects the reach indicators of the decision outcomes built in
// one unit of construction (the model, a loop iteration's head, a loop
// body) and the constraints that tie them, posted with that unit.
type scope struct {
	hits  map[reachKey][]*fd.Var
	order []reachKey // the keys of hits in the order first met
	posts []fd.Constraint
}

func (sc *scope) hit(k reachKey, x *fd.Var) {
	if sc.hits == nil {
		sc.hits = map[reachKey][]*fd.Var{}
	}
	if _, ok := sc.hits[k]; !ok {
		sc.order = append(sc.order, k)
	}
	sc.hits[k] = append(sc.hits[k], x)
}

// hitDec registers the branches of a test as the outcomes of its decision.
func (sc *scope) hitDec(d *ir.DecRef, then, els *fd.Var) {
	if d == nil {
		return
	}
	if d.True >= 0 {
		sc.hit(reachKey{d.D, d.True}, then)
	}
	if d.False >= 0 {
		sc.hit(reachKey{d.D, d.False}, els)
	}
}

// goalsIn appends to out the decision outcomes of ss (nested statements
// included), each once, in the order met.
func goalsIn(ss []ssa.Stmt, out []reachKey) []reachKey {
	add := func(d *ir.DecRef, assert bool) {
		if d == nil {
			return
		}
		outcomes := []int{d.True, d.False}
		if assert {
			outcomes = outcomes[:1] // a failing assertion is no outcome of a run that returns
		}
		for _, o := range outcomes {
			k := reachKey{d.D, o}
			if o >= 0 && !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	for _, s := range ss {
		switch s := s.(type) {
		case *ssa.If:
			add(s.Dec, false)
			out = goalsIn(s.Then, out)
			out = goalsIn(s.Else, out)
		case *ssa.While:
			add(s.Dec, false)
			out = goalsIn(s.Pre, out)
			out = goalsIn(s.Body, out)
		case *ssa.Check:
			add(s.Dec, true)
		}
	}
	return out
}

func (m *Model) newBool(name string) *fd.Var { return m.S.NewBool().Named(name) }

// Reach returns the indicator of a decision outcome: a 0/1 variable that
// is 1 exactly when the execution takes that outcome (at least once). It
// is nil when the outcome is nowhere in the model, and without
// Options.Reach. Posting it to 1 is the request of a goal; the model
// stays the same for every goal (push, post, search, pop).
func (m *Model) Reach(d *ir.Decision, outcome int) *fd.Var { return m.reach[reachKey{d, outcome}] }

// setOrder records the place of a branch indicator (until the choice
// point open now is popped, with the indicator).
func (m *Model) setOrder(x *fd.Var, order []int) {
	m.orders[x] = order
	m.S.OnUndo(func() { delete(m.orders, x) })
}

// setParent records the indicator of the block a branch lies in (until
// the choice point open now is popped, with the branch's indicator).
func (m *Model) setParent(x, parent *fd.Var) {
	m.parents[x] = parent
	m.S.OnUndo(func() { delete(m.parents, x) })
}

// Path returns the indicators of the branches a decision outcome lies
// in, outermost first: the branches of the enclosing tests that every run
// taking the outcome runs (nil when the outcome has no one place, as for
// ReachOrder). The outcome's indicator at 1 sets each of them to 1
// (combinators.Branch: a branch runs only within its parent).
func (m *Model) Path(d *ir.Decision, outcome int) []*fd.Var {
	x := m.reach[reachKey{d, outcome}]
	if x == nil || m.orders[x] == nil {
		return nil
	}
	var out []*fd.Var
	for p := m.parents[x]; p != nil; p = m.parents[p] {
		if _, branch := m.parents[p]; !branch {
			break // the function's body, or a loop's
		}
		out = append(out, p)
	}
	slices.Reverse(out)
	return out
}

// OrderOf returns the place of the branch a reach indicator stands for,
// nil if it stands for several (an accumulation over loop iterations, or
// over the copies of an inlined function).
func (m *Model) OrderOf(x *fd.Var) []int { return m.orders[x] }

// ReachOrder returns the place of a decision outcome in the execution
// (to compare with combinators.Ite.Order) when it has one place, outside
// every loop; nil otherwise. No ite after that place can change whether
// the outcome is reached.
func (m *Model) ReachOrder(d *ir.Decision, outcome int) []int {
	return m.orders[m.reach[reachKey{d, outcome}]]
}

// After reports whether an ite comes after a place (ReachOrder) in the
// execution: later in the same block or an enclosing one, or nested in
// the branch that starts there.
func After(place []int, it *combinators.Ite) bool {
	return lessOrder(place, it.Order)
}

// String lists the model's variables and their domains (for debugging).
func (m *Model) String() string {
	var b strings.Builder
	for _, in := range m.inputs {
		fmt.Fprintf(&b, "%s ∈ %s\n", in.Path, in.Var.Dom())
	}
	return b.String()
}
