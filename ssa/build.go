package ssa

import (
	"errors"
	"fmt"
	"sort"

	"github.com/inka-tool/inka/budget"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
)

// Build returns the PSSA form of f (a function after ir.Inline) from its
// points-to analysis pt. The variables in observe are read at the end of
// the function (besides its result): their final versions stay exact (a
// goal flag, for instance), where other variables may lose the φ that
// nothing reads.
func Build(f *ir.Func, pt *pointsto.Result, observe ...*ir.Var) (out *Func, err error) {
	return BuildWithin(f, pt, nil, observe...)
}

// BuildWithin is Build under a budget: a step per statement and one per
// cell whose version it tracks there. When the budget is exhausted it
// fails with the budget's *budget.Error.
func BuildWithin(f *ir.Func, pt *pointsto.Result, bud *budget.B, observe ...*ir.Var) (out *Func, err error) {
	b := &builder{budget: bud, accesses: map[ir.Stmt]accessResult{}, f: &Func{IR: f, PT: pt,
		cellsOf: map[*pointsto.Object][]*Cell{}, gapsOf: map[*pointsto.Object][]*Cell{},
		byAddr: map[*pointsto.Object][]*Cell{}, objBase: map[*pointsto.Object]int64{},
		versions: map[*Cell]int{}, entryUsed: map[*Cell]*Version{}}}
	b.layout(gappedObjects(f, pt))
	defer func() {
		if e := recover(); e != nil {
			switch e := e.(type) {
			case buildError:
				out, err = nil, e
			case *pointsto.UnsupportedError:
				out, err = nil, e
			case *budget.Error:
				out, err = nil, e
			default:
				panic(e)
			}
		}
	}()
	exit := cellSet{}
	for _, v := range observe {
		for _, c := range b.cellsOfVar(v) {
			exit[c] = true
		}
	}
	b.live = b.liveness(f.Body, exit)
	cur := state{}
	b.f.Body = b.block(f.Body, cur)
	b.f.final = cur
	for _, v := range f.Params {
		b.f.Params = append(b.f.Params, b.cellsOfVar(v))
	}
	if f.Result != nil {
		b.f.Result = b.cellsOfVar(f.Result)
	}
	for _, v := range b.f.entryUsed {
		b.f.Entry = append(b.f.Entry, v)
	}
	sort.Slice(b.f.Entry, func(i, j int) bool { return b.f.Entry[i].Cell.ID < b.f.Entry[j].Cell.ID })
	return b.f, nil
}

type buildError struct {
	pos ir.Pos
	msg string
}

func (e buildError) Error() string { return fmt.Sprintf("%s: %s", e.pos, e.msg) }

func unknownDeref(s ir.Stmt, ptr ir.Value) *pointsto.UnsupportedError {
	return &pointsto.UnsupportedError{Pos: s.Position(), Msg: fmt.Sprintf(
		"dereference of %s, which may hold a pointer returned or stored by an undefined function (or by a call not inlined)", ptr)}
}

// accessResult is what an access statement designates (memory.go): for
// each scalar part, the candidate addresses and the cells that hold them;
// or why the model cannot follow it, a cut.
type accessResult struct {
	parts []part
	acc   []access
	why   error
}

// access returns what a Load or Store designates (computed once per
// statement).
func (b *builder) access(s ir.Stmt) accessResult {
	if r, ok := b.accesses[s]; ok {
		return r
	}
	var ptr ir.Value
	var t *ir.Type
	var v *ir.Var
	switch s := s.(type) {
	case *ir.Load:
		ptr, t, v = s.Ptr, s.Dst.Typ, s.Dst
	case *ir.Store:
		ptr, t = s.Ptr, s.Src.Type()
		v, _ = s.Src.(*ir.Var)
	}
	var r accessResult
	gapped := v != nil && t.IsAggregate() && len(b.f.gapsOf[b.f.PT.ObjectOf(v)]) > 0
	for _, l := range typeParts(t, gapped) {
		r.parts = append(r.parts, part{Off: l.Offset, Typ: l.Type})
	}
	if why := b.f.PT.Cuts[s]; why != "" {
		r.why = errors.New(why)
	} else {
		var exact *pointsto.Exact
		if pv, ok := ptr.(*ir.Var); ok {
			exact = b.f.PT.ExactOf(pv)
		}
		acc, err := b.accessOf(b.f.PT.TargetsOf(s, ptr), exact, t, r.parts)
		switch {
		case err == errUnknown:
			r.why = unknownDeref(s, ptr)
		case err != nil:
			r.why = &pointsto.UnsupportedError{Pos: s.Position(), Msg: fmt.Sprintf("%s reaches %s", ptr, err)}
		}
		r.acc = acc
	}
	b.accesses[s] = r
	return r
}

type builder struct {
	f        *Func
	sites    int
	live     *liveness
	budget   *budget.B
	accesses map[ir.Stmt]accessResult
}

// state maps each cell to its current version (absent: version 0).
type state map[*Cell]*Version

func (s state) clone() state {
	c := make(state, len(s))
	for k, v := range s {
		c[k] = v
	}
	return c
}

func (b *builder) cellsOfVar(v *ir.Var) []*Cell {
	return b.f.cellsOf[b.f.PT.ObjectOf(v)]
}

func (b *builder) scalarCell(v *ir.Var) *Cell {
	cs := b.cellsOfVar(v)
	if len(cs) != 1 || !v.Typ.IsScalar() {
		panic(buildError{v.Pos, fmt.Sprintf("ssa: %s is not a scalar variable", v.Name)})
	}
	return cs[0]
}

// Final returns the version of a cell at the end of the function (at its
// Return).
func (f *Func) Final(c *Cell) *Version {
	if v, ok := f.final[c]; ok {
		return v
	}
	v, ok := f.entryUsed[c]
	if !ok {
		v = &Version{Cell: c}
		f.entryUsed[c] = v
	}
	return v
}

// read returns the current version of a cell.
func (b *builder) read(cur state, c *Cell) *Version {
	if v, ok := cur[c]; ok {
		return v
	}
	v, ok := b.f.entryUsed[c]
	if !ok {
		v = &Version{Cell: c}
		b.f.entryUsed[c] = v
	}
	return v
}

// def creates the next version of a cell and makes it current.
func (b *builder) def(cur state, c *Cell, s Stmt) *Version {
	b.f.versions[c]++
	v := &Version{Cell: c, N: b.f.versions[c], Def: s}
	cur[c] = v
	return v
}

func (b *builder) value(cur state, x ir.Value) Value {
	switch x := x.(type) {
	case *ir.Var:
		return b.read(cur, b.scalarCell(x))
	case *ir.Const:
		return Const{x}
	}
	panic(buildError{msg: fmt.Sprintf("ssa: unexpected operand %T", x)})
}

func (b *builder) block(ss []ir.Stmt, cur state) []Stmt {
	var out []Stmt
	for _, s := range ss {
		// A statement costs a step; an if or a loop copies the state.
		cost := int64(1)
		switch s.(type) {
		case *ir.If, *ir.While:
			cost += int64(len(cur))
		}
		if !b.budget.Spend(cost) {
			panic(b.budget.Err())
		}
		out = b.stmt(out, s, cur)
	}
	return out
}

func (b *builder) stmt(out []Stmt, s ir.Stmt, cur state) []Stmt {
	if why := ir.FloatCut(s); why != "" {
		// A math call on arguments of another type (no prototype):
		// the path stops here, naming it. Floating-point values are
		// bit patterns; the fd model computes with them (package fp).
		c := &Cut{src: src{s}, What: s.Position().String() + ": unsupported: " + why}
		if d := ir.StmtDef(s); d != nil {
			for _, cell := range b.cellsOfVar(d) {
				c.Dsts = append(c.Dsts, b.def(cur, cell, c))
			}
		}
		return append(out, c)
	}
	switch s := s.(type) {
	case *ir.Copy:
		return b.copy(out, s, cur)
	case *ir.Unary:
		op := &Op{src: src{s}, Kind: OpUnary, Op: s.Op, Args: []Value{b.value(cur, s.X)}}
		op.Dst = b.def(cur, b.scalarCell(s.Dst), op)
		return append(out, op)
	case *ir.Binary:
		op := &Op{src: src{s}, Kind: OpBinary, Op: s.Op, Args: []Value{b.value(cur, s.X), b.value(cur, s.Y)}}
		op.Dst = b.def(cur, b.scalarCell(s.Dst), op)
		return append(out, op)
	case *ir.Conv:
		if s.X.Type().IsPointer() && s.Dst.Typ.IsInteger() && s.Dst.Typ.Kind != ir.Bool {
			// the pointer's concrete address: not modelled yet
			c := &Cut{src: src{s}, What: fmt.Sprintf("%s: the address of a pointer as an integer (%s)", s.Pos, s.Dst.Typ)}
			c.Dsts = []*Version{b.def(cur, b.scalarCell(s.Dst), c)}
			return append(out, c)
		}
		op := &Op{src: src{s}, Kind: OpConv, Args: []Value{b.value(cur, s.X)}}
		op.Dst = b.def(cur, b.scalarCell(s.Dst), op)
		return append(out, op)
	case *ir.AddrOf:
		o := b.f.PT.ObjectOf(s.Var)
		a := &Addr{src: src{s}, Addr: b.f.objBase[o]}
		if cs := b.f.cellsOf[o]; len(cs) > 0 {
			a.Of = cs[0]
		}
		a.Dst = b.def(cur, b.scalarCell(s.Dst), a)
		return append(out, a)
	case *ir.FieldAddr:
		st := s.Ptr.Type().Elem
		o := &Offset{src: src{s}, Base: b.value(cur, s.Ptr), K: st.Fields[s.Field].Offset}
		o.Dst = b.def(cur, b.scalarCell(s.Dst), o)
		return append(out, o)
	case *ir.PtrAdd:
		scale := s.Ptr.Type().Stride()
		if c, ok := s.Index.(*ir.Const); ok {
			o := &Offset{src: src{s}, Base: b.value(cur, s.Ptr), K: c.Int64() * scale}
			o.Dst = b.def(cur, b.scalarCell(s.Dst), o)
			return append(out, o)
		}
		x := &Index{src: src{s}, Base: b.value(cur, s.Ptr), I: b.value(cur, s.Index), Scale: scale}
		x.Dst = b.def(cur, b.scalarCell(s.Dst), x)
		return append(out, x)
	case *ir.Load:
		return b.load(out, s, cur)
	case *ir.Store:
		return b.store(out, s, cur)
	case *ir.Call:
		if f, _, ok := ir.MathCall(s); ok {
			return b.math(out, s, f, cur)
		}
		return b.call(out, s, cur)
	case *ir.Unsupported:
		c := &Cut{src: src{s}, What: s.Pos.String() + ": " + s.What}
		if s.Dst != nil {
			for _, cell := range b.cellsOfVar(s.Dst) {
				c.Dsts = append(c.Dsts, b.def(cur, cell, c))
			}
		}
		return append(out, c)
	case *ir.Assert:
		return append(out, &Check{src: src{s}, Cond: b.value(cur, s.Cond), Dec: s.Dec})
	case *ir.Return:
		r := &Return{src: src{s}}
		if s.Val != nil {
			if s.Val.Type().IsScalar() {
				r.Val = []Value{b.value(cur, s.Val)}
			} else if v, ok := s.Val.(*ir.Var); ok {
				for _, c := range b.cellsOfVar(v) {
					r.Val = append(r.Val, b.read(cur, c))
				}
			}
		}
		return append(out, r)
	case *ir.If:
		return b.ifStmt(out, s, cur)
	case *ir.While:
		return b.while(out, s, cur)
	}
	panic(buildError{s.Position(), fmt.Sprintf("ssa: unexpected statement %T", s)})
}

// copy translates a copy: one Op per cell of the destination.
func (b *builder) copy(out []Stmt, s *ir.Copy, cur state) []Stmt {
	if s.Dst.Typ.IsScalar() {
		op := &Op{src: src{s}, Kind: OpCopy, Args: []Value{b.value(cur, s.Src)}}
		op.Dst = b.def(cur, b.scalarCell(s.Dst), op)
		return append(out, op)
	}
	sv, ok := s.Src.(*ir.Var)
	if !ok {
		panic(buildError{s.Pos, "ssa: aggregate copy from a non-variable"})
	}
	dc, sc := b.f.parts(b.f.PT.ObjectOf(s.Dst)), b.f.parts(b.f.PT.ObjectOf(sv))
	for i := range dc {
		op := &Op{src: src{s}, Kind: OpCopy, Args: []Value{b.read(cur, sc[i])}}
		op.Dst = b.def(cur, dc[i], op)
		out = append(out, op)
	}
	return out
}

// load translates x = *p: a φu per scalar part of x, or a cut.
func (b *builder) load(out []Stmt, s *ir.Load, cur state) []Stmt {
	r := b.access(s)
	dcells := b.f.parts(b.f.PT.ObjectOf(s.Dst))
	if r.why != nil {
		c := &Cut{src: src{s}, What: r.why.Error()}
		for _, cell := range dcells {
			c.Dsts = append(c.Dsts, b.def(cur, cell, c))
		}
		return append(out, c)
	}
	ptr := b.value(cur, s.Ptr)
	for i, p := range r.parts {
		a := r.acc[i]
		u := &PhiU{src: src{s}, Ptr: ptr, Off: p.Off, Addrs: a.Addrs, Bytes: a.Bytes}
		for _, c := range a.Cells {
			u.Vals = append(u.Vals, b.read(cur, c))
		}
		u.Dst = b.def(cur, dcells[i], u)
		out = append(out, u)
	}
	return out
}

// store translates *p = v: a φd per scalar part of v, or a cut.
func (b *builder) store(out []Stmt, s *ir.Store, cur state) []Stmt {
	r := b.access(s)
	ptr := b.value(cur, s.Ptr)
	var vals []Value
	if s.Src.Type().IsScalar() {
		vals = []Value{b.value(cur, s.Src)}
	} else {
		sv, ok := s.Src.(*ir.Var)
		if !ok {
			panic(buildError{s.Pos, "ssa: aggregate store from a non-variable"})
		}
		for _, c := range b.f.parts(b.f.PT.ObjectOf(sv)) {
			vals = append(vals, b.read(cur, c))
		}
	}
	if r.why != nil {
		return append(out, &Cut{src: src{s}, What: r.why.Error()})
	}
	for i, p := range r.parts {
		a := r.acc[i]
		d := &PhiD{src: src{s}, Ptr: ptr, Off: p.Off, Val: vals[i], Addrs: a.Addrs, Bytes: a.Bytes}
		for _, c := range a.Cells {
			d.Olds = append(d.Olds, b.read(cur, c))
		}
		for _, c := range a.Cells {
			d.Dsts = append(d.Dsts, b.def(cur, c, d))
		}
		out = append(out, d)
	}
	return out
}

// call translates a call left after inlining: through a function pointer
// (residualCall), truncated at the inlining bound, or to an undefined
// function (a Stub, numbered by site).
func (b *builder) call(out []Stmt, s *ir.Call, cur state) []Stmt {
	args := make([]Value, 0, len(s.Args))
	for _, a := range s.Args {
		if a.Type().IsScalar() {
			args = append(args, b.value(cur, a))
		} else if v, ok := a.(*ir.Var); ok {
			for _, c := range b.cellsOfVar(v) {
				args = append(args, b.read(cur, c))
			}
		}
	}
	if s.Ptr != nil {
		return b.residualCall(out, s, cur)
	}
	if s.Func != nil {
		t := &Truncated{src: src{s}, Call: s}
		if s.Dst != nil {
			for _, c := range b.cellsOfVar(s.Dst) {
				t.Dsts = append(t.Dsts, b.def(cur, c, t))
			}
		}
		return append(out, t)
	}
	st := &Stub{src: src{s}, Extern: s.Extern, Args: args, Site: b.sites}
	b.sites++
	if s.Dst != nil {
		for _, c := range b.cellsOfVar(s.Dst) {
			st.Dsts = append(st.Dsts, b.def(cur, c, st))
		}
	}
	b.f.Stubs = append(b.f.Stubs, st)
	return append(out, st)
}

// ifStmt translates both branches from copies of the state and joins
// them with a φ for each cell changed in a branch and live after it.
func (b *builder) ifStmt(out []Stmt, s *ir.If, cur state) []Stmt {
	n := &If{src: src{s}, Cond: b.value(cur, s.Cond), Dec: s.Dec}
	tc, ec := cur.clone(), cur.clone()
	n.Then = b.block(s.Then, tc)
	n.Else = b.block(s.Else, ec)
	live := b.live.afterIf[s]
	for _, c := range changed(cur, tc, ec) {
		if !live[c] {
			// Dead after the join: no φ; any later read would be a
			// bug of the liveness, so keep a version that exists.
			cur[c] = b.read(tc, c)
			continue
		}
		p := &Phi{Args: [2]Value{b.read(tc, c), b.read(ec, c)}}
		p.Dst = b.def(cur, c, nil)
		n.Phis = append(n.Phis, p)
	}
	return append(out, n)
}

// while translates a loop: a φ at the head for each cell defined in the
// loop and live there, its second argument the version at the end of the
// body.
func (b *builder) while(out []Stmt, s *ir.While, cur state) []Stmt {
	n := &While{src: src{s}, Dec: s.Dec}
	defs := map[*Cell]bool{}
	b.defs(s.Pre, defs)
	b.defs(s.Body, defs)
	cells := make([]*Cell, 0, len(defs))
	head := b.live.whileHead[s]
	for c := range defs {
		if head[c] {
			cells = append(cells, c)
		}
	}
	sort.Slice(cells, func(i, j int) bool { return cells[i].ID < cells[j].ID })
	for _, c := range cells {
		p := &Phi{Args: [2]Value{b.read(cur, c), nil}}
		p.Dst = b.def(cur, c, nil)
		n.Phis = append(n.Phis, p)
	}
	n.Pre = b.block(s.Pre, cur)
	n.Cond = b.value(cur, s.Cond)
	body := cur.clone()
	n.Body = b.block(s.Body, body)
	for _, p := range n.Phis {
		p.Args[1] = b.read(body, p.Dst.Cell)
	}
	return append(out, n)
}

// residualCall translates the call through a function pointer left in the
// last else of a dispatch (pointsto.Inline): every function the pointer
// may point to was dispatched before it, so that only a pointer to no
// function reaches it, a call that is undefined (a NULL function
// pointer): the path is infeasible, a check of 0. A pointer the analysis
// does not know may point to any function: the call cannot be modelled.
//
// A pointer the analysis does not know may point to any function: the call
// is a Cut (the paths that run it are not modelled).
func (b *builder) residualCall(out []Stmt, s *ir.Call, cur state) []Stmt {
	for _, l := range b.f.PT.Residual(s).Sorted() { // the reason: the first in a fixed order
		msg := fmt.Sprintf("call through %s, which may point to %s, a function not resolved", s.Ptr, l)
		if l.Obj.Kind == pointsto.UnknownObj {
			msg = fmt.Sprintf("call through %s, which may hold a function pointer returned or stored by an undefined function (or by a call not inlined)", s.Ptr)
		}
		c := &Cut{src: src{s}, What: (&pointsto.UnsupportedError{Pos: s.Position(), Msg: msg}).Error()}
		if s.Dst != nil {
			for _, cell := range b.cellsOfVar(s.Dst) {
				c.Dsts = append(c.Dsts, b.def(cur, cell, c))
			}
		}
		return append(out, c)
	}
	out = append(out, &Check{src: src{s}, Cond: Const{&ir.Const{Typ: ir.IntType}}})
	if s.Dst != nil {
		// the result of the infeasible call, for the code after it
		for _, c := range b.cellsOfVar(s.Dst) {
			op := &Op{src: src{s}, Kind: OpCopy, Args: []Value{Const{&ir.Const{Typ: c.Typ}}}}
			op.Dst = b.def(cur, c, op)
			out = append(out, op)
		}
	}
	return out
}

// changed lists, in cell order, the cells whose version differs between
// the branches of an if (or from before it).
func changed(before, a, c state) []*Cell {
	set := map[*Cell]bool{}
	for k, v := range a {
		if before[k] != v {
			set[k] = true
		}
	}
	for k, v := range c {
		if before[k] != v {
			set[k] = true
		}
	}
	out := make([]*Cell, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// defs collects the cells a list of IR statements may define, using the
// points-to sets for stores.
func (b *builder) defs(ss []ir.Stmt, set map[*Cell]bool) {
	for _, s := range ss {
		switch s := s.(type) {
		case *ir.Copy:
			b.addVar(set, s.Dst)
		case *ir.Unary:
			b.addVar(set, s.Dst)
		case *ir.Binary:
			b.addVar(set, s.Dst)
		case *ir.Conv:
			b.addVar(set, s.Dst)
		case *ir.AddrOf:
			b.addVar(set, s.Dst)
		case *ir.FieldAddr:
			b.addVar(set, s.Dst)
		case *ir.PtrAdd:
			b.addVar(set, s.Dst)
		case *ir.Load:
			b.addVar(set, s.Dst)
		case *ir.Call:
			if s.Dst != nil {
				b.addVar(set, s.Dst)
			}
		case *ir.Unsupported:
			if s.Dst != nil {
				b.addVar(set, s.Dst)
			}
		case *ir.Store:
			for _, a := range b.access(s).acc {
				for _, c := range a.Cells {
					set[c] = true
				}
			}
		case *ir.If:
			b.defs(s.Then, set)
			b.defs(s.Else, set)
		case *ir.While:
			b.defs(s.Pre, set)
			b.defs(s.Body, set)
		}
	}
}

func (b *builder) addVar(set map[*Cell]bool, v *ir.Var) {
	for _, c := range b.f.parts(b.f.PT.ObjectOf(v)) {
		set[c] = true
	}
}

// math translates a call of an exact math function (ir.MathCall): an
// operation of its arguments, with no effect on memory (errno is set by
// neither the interpreter nor the models). A call whose result is ignored
// does nothing.
func (b *builder) math(out []Stmt, s *ir.Call, f string, cur state) []Stmt {
	if s.Dst == nil {
		return out
	}
	op := &Op{src: src{s}, Kind: OpMath, Func: f}
	for _, a := range s.Args {
		op.Args = append(op.Args, b.value(cur, a))
	}
	op.Dst = b.def(cur, b.scalarCell(s.Dst), op)
	return append(out, op)
}
