package ir

import (
	"errors"
	"fmt"
	"strings"
)

// SanityCheck verifies the invariants of a lowered program that the rest of
// the project relies on, and returns an error listing the violations:
//
//   - every variable a statement names is declared: a global of the program
//     (Globals), or a parameter, local or the result of the same function;
//     variable IDs are unique and below NumVars;
//   - operand types agree as the statements' documentation says (both
//     operands of arithmetic and comparisons of the same type, pointer
//     statements on pointers, Copy, Load and Store between identical types,
//     call arguments matching the parameters, ...);
//   - scalar variables in scalar positions, aggregates only in Copy, Load,
//     Store, Call and Return;
//   - each function body ends with its only Return, which returns Result;
//   - DecRefs point to decisions of the same function, with outcomes in
//     range; decisions are numbered in order of position;
//   - the initializers of globals are constants or addresses of globals;
//   - no value of an Opaque type is computed, copied, loaded, stored or
//     passed, and no bit-field or flexible array member is addressed: the
//     front end lowers those to Unsupported statements;
//   - floating-point operands only in + - * /, comparisons, unary - and
//     conversions (float.go), floating-point constants are float or
//     double bit patterns, and no If, While or Assert tests a
//     floating-point condition.
//
// The front end's tests run it after every lowering.
func SanityCheck(p *Program) error {
	c := &checker{p: p, ids: map[int]*Var{}, globals: map[*Var]bool{}}
	for _, g := range p.Globals {
		c.declare(g, "global")
		c.globals[g] = true
		if !g.IsGlobal() {
			c.errorf("global %s has class %s", g.Name, g.Class)
		}
	}
	for _, g := range p.Globals {
		c.checkInit(g)
		c.checkFuncObj(g)
	}
	for _, f := range p.Funcs {
		c.checkFunc(f)
	}
	return c.err()
}

// err returns the violations found, nil if none.
func (c *checker) err() error {
	if len(c.errs) == 0 {
		return nil
	}
	if len(c.errs) > 20 {
		c.errs = append(c.errs[:20], fmt.Sprintf("... and %d more", len(c.errs)-20))
	}
	return errors.New(strings.Join(c.errs, "\n"))
}

type checker struct {
	p       *Program
	ids     map[int]*Var
	globals map[*Var]bool
	f       *Func
	local   map[*Var]bool
	errs    []string
	// entry is set when f is the inlined copy of p's entry function
	// (SanityCheckInlined): its parameters and result are entry's, and
	// its statements keep their functions' decisions.
	entry *Func
	cut   bool // InlinedContext.Cut
}

// InlinedContext is what an inlined function may name besides its
// program's functions, globals and externs (SanityCheckInlined).
type InlinedContext struct {
	// Shape gives the callbacks of the function-pointer inputs.
	Shape *InputShape
	// Externs are synthetic externs its rewritings call (testgen's stubs'
	// stores and volatile reads).
	Externs []*Extern
	// Cut: the function is cut at a goal (testgen's models for proofs):
	// what follows the goal runs under a guard that is never true, its
	// Return included.
	Cut bool
}

// SanityCheckInlined verifies f, the entry function of p with its callees
// inlined (Inlined.Func, and what testgen makes of it: the stores of the
// stubs made explicit, the goal instrumented), with the rules of
// SanityCheck: f is checked as a function of p, its parameters and result
// those of p's entry, its other variables its own or copies of the
// callees' (of any class), the calls left in it (recursion, function
// pointers) calls of p's functions or of the externs given, and the
// statements of an inlined callee referring to its callee's decisions.
// The calls through function pointers are resolved into dispatches that
// take the address of each function they compare with, and that call the
// callbacks of the function-pointer inputs (InlinedContext.Shape), which
// are declared with the globals.
func SanityCheckInlined(p *Program, f *Func, ctx InlinedContext) error {
	q := *p
	q.Globals = append([]*Var(nil), p.Globals...)
	q.Externs = append(append([]*Extern(nil), p.Externs...), ctx.Externs...)
	if shape := ctx.Shape; shape != nil {
		for _, o := range shape.Objects {
			if o.Callback != nil {
				q.Globals = append(q.Globals, o.Callback)
				if o.Callback.Ext != nil {
					q.Externs = append(q.Externs, o.Callback.Ext)
				}
			}
		}
	}
	c := &checker{p: &q, ids: map[int]*Var{}, globals: map[*Var]bool{}, entry: p.Funcs[0], cut: ctx.Cut}
	for i, g := range q.Globals {
		if i < len(p.Globals) {
			c.declare(g, "global") // not the callbacks: they have no IDs
		}
		c.globals[g] = true
	}
	c.checkFunc(f)
	return c.err()
}

func (c *checker) errorf(format string, args ...any) {
	prefix := ""
	if c.f != nil {
		prefix = c.f.Name + ": "
	}
	c.errs = append(c.errs, prefix+fmt.Sprintf(format, args...))
}

func (c *checker) declare(v *Var, what string) {
	if v == nil {
		c.errorf("nil %s", what)
		return
	}
	if o, dup := c.ids[v.ID]; dup && o != v {
		c.errorf("variables %s and %s share ID %d", o.Name, v.Name, v.ID)
	}
	c.ids[v.ID] = v
	if v.ID < 0 || v.ID >= c.p.NumVars {
		c.errorf("%s %s: ID %d out of range [0,%d)", what, v.Name, v.ID, c.p.NumVars)
	}
	if v.Typ == nil {
		c.errorf("%s %s has no type", what, v.Name)
	}
}

// checkFuncObj checks a function object: of function type, standing for
// exactly one function of the program.
func (c *checker) checkFuncObj(g *Var) {
	if g.Class != FuncObj {
		if g.Fn != nil || g.Ext != nil {
			c.errorf("%s: Fn or Ext set on a %s", g.Name, g.Class)
		}
		return
	}
	switch {
	case (g.Fn == nil) == (g.Ext == nil):
		c.errorf("function object %s: exactly one of Fn and Ext must be set", g.Name)
	case g.Typ.Kind != Function:
		c.errorf("function object %s of type %s", g.Name, g.Typ)
	case g.Fn != nil && !Identical(g.Typ, g.Fn.Type()):
		c.errorf("function object %s of type %s for %s of type %s", g.Name, g.Typ, g.Fn.Name, g.Fn.Type())
	case g.Ext != nil && !Identical(g.Typ, g.Ext.Type()):
		c.errorf("function object %s of type %s for %s of type %s", g.Name, g.Typ, g.Ext.Name, g.Ext.Type())
	}
	if g.Fn != nil {
		found := false
		for _, f := range c.p.Funcs {
			found = found || f == g.Fn
		}
		if !found {
			c.errorf("function object %s: %s not in the program", g.Name, g.Fn.Name)
		}
	}
}

func (c *checker) checkInit(g *Var) {
	if len(g.Init) == 0 {
		return
	}
	leaves := g.Typ.Leaves()
	last := -1
	for _, it := range g.Init {
		if it.Leaf <= last || it.Leaf >= len(leaves) {
			c.errorf("global %s: initializer leaf %d out of order or range", g.Name, it.Leaf)
			continue
		}
		last = it.Leaf
		lt := leaves[it.Leaf].Type
		switch v := it.Val.(type) {
		case *Const:
			if lt.IsPointer() && v.Typ.IsInteger() && v.Typ.Size() == lt.Size() {
				break // the bytes of a union's first member over a pointer one (InitItem)
			}
			if !Identical(v.Typ, lt) {
				c.errorf("global %s%s: constant of type %s for a leaf of type %s", g.Name, leaves[it.Leaf].Path, v.Typ, lt)
			}
		case *AddrConst:
			if !Identical(v.Typ, lt) {
				c.errorf("global %s%s: address of type %s for a leaf of type %s", g.Name, leaves[it.Leaf].Path, v.Typ, lt)
			}
			if !c.globals[v.Var] {
				c.errorf("global %s: address of %s, not a global of the program", g.Name, v.Var.Name)
			} else if v.Var.Class == FuncObj && v.Leaf != 0 || v.Var.Class != FuncObj && (v.Leaf < 0 || v.Leaf >= len(v.Var.Typ.Leaves())) {
				c.errorf("global %s: address of leaf %d of %s out of range", g.Name, v.Leaf, v.Var.Name)
			}
		default:
			c.errorf("global %s: initializer %T", g.Name, it.Val)
		}
	}
}

func (c *checker) checkFunc(f *Func) {
	c.f = f
	defer func() { c.f = nil }()
	c.local = map[*Var]bool{}
	owner := f // the function its variables say they belong to
	if c.entry != nil {
		owner = c.entry
	}
	for _, v := range f.Params {
		c.declare(v, "param")
		c.local[v] = true
		if v.Class != Param || v.Func != owner {
			c.errorf("param %s: class %s, func %v", v.Name, v.Class, v.Func != nil)
		}
	}
	for _, v := range f.Locals {
		c.declare(v, "local")
		c.local[v] = true
		// a copy of an inlined callee's variable (of any class), made for
		// f or for another copy of the entry (testgen copies f to rewrite it)
		callee := c.entry != nil && v.Func != nil && v.Func.Name == f.Name
		if (!callee && (v.Class == Param || v.Class == Result)) || v.IsGlobal() || (v.Func != f && v.Func != owner && !callee) {
			c.errorf("local %s: class %s", v.Name, v.Class)
		}
	}
	if f.Result != nil {
		c.declare(f.Result, "result")
		c.local[f.Result] = true
		if f.Result.Class != Result || !Identical(f.Result.Typ, f.ResultTyp) {
			c.errorf("result %s: class %s, type %s for %s", f.Result.Name, f.Result.Class, f.Result.Typ, f.ResultTyp)
		}
	} else if f.ResultTyp == nil || f.ResultTyp.Kind != Void {
		c.errorf("no result variable for result type %v", f.ResultTyp)
	}
	for i, d := range f.Decisions {
		if d.Index != i || d.Func != owner {
			c.errorf("decision %d: index %d, func %v", i, d.Index, d.Func == f)
		}
		if i > 0 && posBefore(d.Pos, f.Decisions[i-1].Pos) {
			c.errorf("decision %d at %s before decision %d at %s", i, d.Pos, i-1, f.Decisions[i-1].Pos)
		}
		if len(d.Outcomes) < 2 && d.Kind != DecSwitch {
			c.errorf("decision %d has %d outcomes", i, len(d.Outcomes))
		}
	}
	n := len(f.Body)
	if n == 0 {
		c.errorf("empty body")
		return
	}
	ret, ok := f.Body[n-1].(*Return)
	if c.cut && !ok {
		c.block(f.Body)
		return
	}
	switch {
	case !ok:
		c.errorf("body does not end with a Return")
	case f.Result == nil && ret.Val != nil:
		c.errorf("void function returns %s", ret.Val)
	case f.Result != nil && ret.Val != Value(f.Result):
		c.errorf("Return returns %v, not the result variable", ret.Val)
	}
	c.block(f.Body[:n-1])
}

func posBefore(a, b Pos) bool {
	if a.File != b.File {
		return false
	}
	return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
}

func (c *checker) block(ss []Stmt) {
	for _, s := range ss {
		c.stmt(s)
	}
}

// varOK checks that v is declared in the function or the program.
func (c *checker) varOK(s Stmt, v *Var) {
	if v == nil {
		c.errorf("%s: nil variable", StmtString(s))
		return
	}
	if !c.local[v] && !c.globals[v] {
		c.errorf("%s: variable %s (%s, ID %d) not declared", StmtString(s), v.Name, v.Class, v.ID)
	}
}

// value checks an operand; scalar says whether it must be a scalar.
func (c *checker) value(s Stmt, v Value, scalar bool) {
	switch x := v.(type) {
	case *Var:
		c.varOK(s, x)
		if scalar && x.Typ != nil && !x.Typ.IsScalar() {
			c.errorf("%s: %s of type %s used as a scalar", StmtString(s), x.Name, x.Typ)
		}
	case *Const:
		if x.Typ == nil || !x.Typ.IsScalar() {
			c.errorf("%s: constant of type %v", StmtString(s), x.Typ)
		} else if x.Typ.IsPointer() && x.Bits != 0 {
			c.errorf("%s: non-null pointer constant", StmtString(s))
		} else if x.Typ.IsInteger() && Truncate(x.Typ, x.Bits) != x.Bits {
			c.errorf("%s: constant bits %#x not normalized for %s", StmtString(s), x.Bits, x.Typ)
		} else if x.Typ.Kind == Float && x.Bits>>32 != 0 {
			c.errorf("%s: float constant bits %#x wider than 32 bits", StmtString(s), x.Bits)
		}
	case nil:
		c.errorf("%s: nil operand", statementName(s))
	default:
		c.errorf("%s: operand %T", StmtString(s), v)
	}
}

func statementName(s Stmt) string { return fmt.Sprintf("%T", s) }

func (c *checker) sameType(s Stmt, what string, a, b *Type) {
	if !Identical(a, b) {
		c.errorf("%s: %s: %s and %s differ", StmtString(s), what, a, b)
	}
}

func (c *checker) decRef(s Stmt, r *DecRef) {
	if r == nil {
		return
	}
	df := c.f
	if c.entry != nil && r.D != nil && r.D.Func != nil && c.p.Func(r.D.Func.Name) == r.D.Func {
		df = r.D.Func // an inlined callee's decision
	}
	if r.D == nil || r.D.Func != df || r.D.Index < 0 || r.D.Index >= len(df.Decisions) || df.Decisions[r.D.Index] != r.D {
		c.errorf("%s: decision reference to another function's or an unregistered decision", StmtString(s))
		return
	}
	n := len(r.D.Outcomes)
	if r.True < -1 || r.True >= n || r.False < -1 || r.False >= n {
		c.errorf("%s: outcomes %d/%d out of range", StmtString(s), r.True, r.False)
	}
}

func (c *checker) stmt(s Stmt) {
	defer func() {
		if r := recover(); r != nil {
			c.errorf("%T: malformed statement: %v", s, r)
		}
	}()
	switch s := s.(type) {
	case *Copy:
		c.varOK(s, s.Dst)
		c.value(s, s.Src, false)
		c.sameType(s, "copy", s.Dst.Typ, s.Src.Type())
		if s.Dst.Typ.Kind == Void || s.Dst.Typ.Kind == Opaque {
			c.errorf("%s: copy of %s", StmtString(s), s.Dst.Typ)
		}
	case *Unary:
		c.unary(s)
	case *Binary:
		c.binary(s)
	case *Conv:
		c.conv(s)
	case *AddrOf:
		c.varOK(s, s.Dst)
		c.varOK(s, s.Var)
		if !s.Dst.Typ.IsPointer() || !Identical(s.Dst.Typ.Elem, s.Var.Typ) {
			c.errorf("%s: %s is not a pointer to %s", StmtString(s), s.Dst.Typ, s.Var.Typ)
		}
		if !s.Var.AddrTaken && (c.entry == nil || s.Var.Class != FuncObj) { // a dispatch compares with any function
			c.errorf("%s: %s not marked AddrTaken", StmtString(s), s.Var.Name)
		}
	case *FieldAddr:
		c.fieldAddr(s)
	case *PtrAdd:
		c.ptrAdd(s)
	case *Load:
		c.load(s)
	case *Store:
		c.store(s)
	case *Call:
		c.call(s)
	case *Unsupported:
		if s.What == "" {
			c.errorf("unsupported statement without a construct")
		}
		if s.Dst != nil {
			c.varOK(s, s.Dst)
		}
	case *Assert:
		c.assert(s)
	case *If:
		c.value(s, s.Cond, true)
		c.condition(s, s.Cond)
		c.decRef(s, s.Dec)
		c.block(s.Then)
		c.block(s.Else)
	case *While:
		c.block(s.Pre)
		c.value(s, s.Cond, true)
		c.condition(s, s.Cond)
		c.decRef(s, s.Dec)
		c.block(s.Body)
	case *Return:
		if !c.cut { // a cut function runs its Return under a guard (InlinedContext.Cut)
			c.errorf("Return before the end of the body")
		}
	default:
		c.errorf("unknown statement %T", s)
	}
}

// conv: between arithmetic types (integers, float and double), pointers to
// pointers, and a data pointer to an integer (its address).
func (c *checker) conv(s *Conv) {
	c.varOK(s, s.Dst)
	c.value(s, s.X, true)
	dt, xt := s.Dst.Typ, s.X.Type()
	switch {
	case dt.IsArithmetic() && xt.IsArithmetic():
	case dt.IsPointer() && xt.IsPointer():
	case dt.IsInteger() && xt.IsPointer() && !xt.IsFuncPointer(): // the address (uintptr_t)p
	default:
		c.errorf("%s: conversion from %s to %s", StmtString(s), xt, dt)
	}
}

// ptrAdd: a pointer to a complete type plus an index of the data model's
// index type, giving the pointer's type.
func (c *checker) ptrAdd(s *PtrAdd) {
	c.varOK(s, s.Dst)
	c.value(s, s.Ptr, true)
	c.value(s, s.Index, true)
	if !s.Ptr.Type().IsPointer() || s.Ptr.Type().Elem.Kind == Void {
		c.errorf("%s: pointer arithmetic on %s", StmtString(s), s.Ptr.Type())
	}
	c.sameType(s, "index", s.Index.Type(), c.p.DataModel.Index())
	c.sameType(s, "result", s.Dst.Typ, s.Ptr.Type())
}

// load: through a pointer, of its pointee's type, a scalar or a record.
func (c *checker) load(s *Load) {
	c.varOK(s, s.Dst)
	c.value(s, s.Ptr, true)
	if !s.Ptr.Type().IsPointer() {
		c.errorf("%s: load through %s", StmtString(s), s.Ptr.Type())
		return
	}
	c.sameType(s, "load", s.Dst.Typ, s.Ptr.Type().Elem)
	if s.Dst.Typ.Kind == Array || s.Dst.Typ.Kind == Void || s.Dst.Typ.Kind == Opaque {
		c.errorf("%s: load of %s", StmtString(s), s.Dst.Typ)
	}
}

// store: through a pointer, of its pointee's type, a scalar or a record.
func (c *checker) store(s *Store) {
	c.value(s, s.Ptr, true)
	c.value(s, s.Src, false)
	if !s.Ptr.Type().IsPointer() {
		c.errorf("%s: store through %s", StmtString(s), s.Ptr.Type())
		return
	}
	c.sameType(s, "store", s.Src.Type(), s.Ptr.Type().Elem)
	if k := s.Src.Type().Kind; k == Array || k == Void || k == Opaque {
		c.errorf("%s: store of %s", StmtString(s), s.Src.Type())
	}
}

// assert: a precondition (UB set) has no decision; an assertion has an
// assert decision.
func (c *checker) assert(s *Assert) {
	c.value(s, s.Cond, true)
	c.condition(s, s.Cond)
	c.decRef(s, s.Dec)
	switch {
	case s.UB != "" && s.Dec != nil:
		c.errorf("%s: a precondition with a decision", StmtString(s))
	case s.UB == "" && (s.Dec == nil || s.Dec.D.Kind != DecAssert):
		c.errorf("%s: assert without an assert decision", StmtString(s))
	}
}

// condition: the condition of an If, While or Assert is an integer or a
// pointer (a floating-point one is lowered to a comparison with 0).
func (c *checker) condition(s Stmt, x Value) {
	if x != nil && x.Type() != nil && x.Type().IsFloat() {
		c.errorf("%s: floating-point condition %s", StmtString(s), x)
	}
}

// unary: -, ~ on a promoted integer, of its type; - on a float or double;
// ! gives an int (of an integer or a pointer).
func (c *checker) unary(s *Unary) {
	c.varOK(s, s.Dst)
	c.value(s, s.X, true)
	if s.X.Type().IsFloat() {
		if s.Op != Neg {
			c.errorf("%s: operator %s on %s", StmtString(s), s.Op, s.X.Type())
		}
		c.sameType(s, "unary", s.Dst.Typ, s.X.Type())
		return
	}
	switch s.Op {
	case Neg, BNot:
		if !s.X.Type().IsInteger() || s.X.Type().Rank() < IntType.Rank() {
			c.errorf("%s: operand of type %s (not a promoted integer)", StmtString(s), s.X.Type())
		}
		c.sameType(s, "unary", s.Dst.Typ, s.X.Type())
	case LNot:
		c.sameType(s, "!", s.Dst.Typ, IntType)
	default:
		c.errorf("%s: operator %s is not unary", StmtString(s), s.Op)
	}
}

// binary: shifts and arithmetic on promoted integers, + - * / on two
// floats or two doubles, comparisons of operands of one type giving an
// int, the difference of two pointers a long.
func (c *checker) binary(s *Binary) {
	c.varOK(s, s.Dst)
	c.value(s, s.X, true)
	c.value(s, s.Y, true)
	xt, yt := s.X.Type(), s.Y.Type()
	switch {
	case xt.IsFloat() || yt.IsFloat():
		c.sameType(s, "operands", xt, yt)
		switch {
		case s.Op.IsComparison():
			c.sameType(s, "comparison result", s.Dst.Typ, IntType)
		case s.Op == Add || s.Op == Sub || s.Op == Mul || s.Op == Div:
			c.sameType(s, "result", s.Dst.Typ, xt)
		default:
			c.errorf("%s: operator %s on %s", StmtString(s), s.Op, xt)
		}
	case s.Op == Shl || s.Op == Shr:
		if !xt.IsInteger() || !yt.IsInteger() || xt.Rank() < IntType.Rank() || yt.Rank() < IntType.Rank() {
			c.errorf("%s: shift of %s by %s (not promoted integers)", StmtString(s), xt, yt)
		}
		c.sameType(s, "shift result", s.Dst.Typ, xt)
	case s.Op.IsComparison():
		c.sameType(s, "comparison operands", xt, yt)
		c.sameType(s, "comparison result", s.Dst.Typ, IntType)
	case s.Op == Sub && xt.IsPointer():
		c.sameType(s, "pointer difference", xt, yt)
		c.sameType(s, "pointer difference result", s.Dst.Typ, c.p.DataModel.PtrDiff())
	case s.Op >= Add && s.Op <= Xor:
		if !xt.IsInteger() || xt.Rank() < IntType.Rank() {
			c.errorf("%s: arithmetic on %s (not a promoted integer)", StmtString(s), xt)
		}
		c.sameType(s, "operands", xt, yt)
		c.sameType(s, "result", s.Dst.Typ, xt)
	default:
		c.errorf("%s: operator %s is not binary", StmtString(s), s.Op)
	}
}

// fieldAddr: the address of a modelled member of the struct or union the
// pointer points to.
func (c *checker) fieldAddr(s *FieldAddr) {
	c.varOK(s, s.Dst)
	c.value(s, s.Ptr, true)
	pt := s.Ptr.Type()
	if !pt.IsPointer() || (pt.Elem.Kind != Struct && pt.Elem.Kind != Union) || s.Field < 0 || s.Field >= len(pt.Elem.Fields) {
		c.errorf("FieldAddr: field %d of %s", s.Field, pt)
		return
	}
	if !s.Dst.Typ.IsPointer() || !Identical(s.Dst.Typ.Elem, pt.Elem.Fields[s.Field].Type) {
		c.errorf("%s: %s is not a pointer to the field's type %s", StmtString(s), s.Dst.Typ, pt.Elem.Fields[s.Field].Type)
	}
	if !pt.Elem.Fields[s.Field].Modelled() {
		c.errorf("%s: address of a bit-field or flexible array member", StmtString(s))
	}
}

// call: exactly one callee (a function of the program, an extern of the
// program or a function pointer), arguments of the parameters' types
// (promoted when variadic), a result of the callee's.
func (c *checker) call(s *Call) {
	n := 0
	for _, set := range []bool{s.Func != nil, s.Extern != nil, s.Ptr != nil} {
		if set {
			n++
		}
	}
	if n != 1 {
		c.errorf("call: exactly one of Func, Extern and Ptr must be set")
		return
	}
	switch {
	case s.Func != nil:
		found := false
		for _, f := range c.p.Funcs {
			found = found || f == s.Func
		}
		if !found {
			c.errorf("%s: callee not in the program", StmtString(s))
		}
	case s.Extern != nil:
		found := false
		for _, e := range c.p.Externs {
			found = found || e == s.Extern
		}
		if !found {
			c.errorf("%s: extern not in the program", StmtString(s))
		}
	default:
		c.value(s, s.Ptr, true)
		if !s.Ptr.Type().IsFuncPointer() {
			c.errorf("%s: call through %s", StmtString(s), s.Ptr.Type())
			return
		}
	}
	ft := s.FuncType()
	params, res, variadic := ft.Params, ft.Elem, ft.Variadic
	if len(s.Args) < len(params) || len(s.Args) > len(params) && !variadic {
		c.errorf("%s: %d arguments for %d parameters", StmtString(s), len(s.Args), len(params))
	}
	for i, a := range s.Args {
		c.value(s, a, false)
		if a.Type().Kind == Opaque {
			c.errorf("%s: argument %d of type %s", StmtString(s), i+1, a.Type())
		}
		if i < len(params) {
			c.sameType(s, fmt.Sprintf("argument %d", i+1), a.Type(), params[i])
		} else if t := a.Type(); t.IsInteger() && t.Rank() < IntType.Rank() || t.Kind == Float {
			c.errorf("%s: variadic argument %d of type %s not promoted", StmtString(s), i+1, t)
		}
	}
	if s.Dst != nil {
		c.varOK(s, s.Dst)
		c.sameType(s, "call result", s.Dst.Typ, res)
		if s.Dst.Typ.Kind == Opaque {
			c.errorf("%s: result of type %s", StmtString(s), s.Dst.Typ)
		}
	}
}
