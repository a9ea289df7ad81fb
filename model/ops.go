package model

import (
	"fmt"

	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/ssa"
)

// op translates x = op(args) with C's exact semantics. Signed results are
// computed exactly and the domain of x (the type's range) excludes
// overflow, which is undefined behaviour; unsigned results wrap.
func (m *Model) op(s *ssa.Op, e *env) []fd.Constraint {
	if c, ok := s.Args[0].(ssa.Const); ok && s.Kind == ssa.OpCopy {
		// x = constant: x is the constant itself, fixed from the start
		// (it is read only where the copy runs), so that a branch that
		// sets a flag to 0 is refuted by the domains alone when the flag
		// must be 1, without a trial.
		e.vars[s.Dst] = m.val(e, c)
		return nil
	}
	args := make([]*fd.Var, len(s.Args))
	for i, a := range s.Args {
		args[i] = m.val(e, a)
	}
	k, keyed := keyOf(s, args)
	if keyed {
		if x := m.computed(e, k); x != nil {
			// The same operator on the same operands, computed before
			// on every path here: the same value (and the same
			// exclusion of undefined behaviour, already posted).
			e.vars[s.Dst] = x
			return nil
		}
	}
	x := m.def(e, s.Dst)
	if keyed {
		m.remember(e, k, x)
	}
	return m.opOn(s, x, args)
}

// opOn gives the constraints of x = op(args).
func (m *Model) opOn(s *ssa.Op, x *fd.Var, args []*fd.Var) []fd.Constraint {
	t := s.Dst.Cell.Typ
	if (t.IsFloat() || s.Args[0].Type().IsFloat()) && s.Kind != ssa.OpCopy {
		return m.floatOp(s, x, args)
	}
	switch s.Kind {
	case ssa.OpCopy:
		return []fd.Constraint{fd.Cmp(x, fd.Eq, args[0])}
	case ssa.OpConv:
		return m.conv(x, t, args[0], s.Args[0].Type())
	case ssa.OpUnary:
		a := args[0]
		switch s.Op {
		case ir.Neg:
			if t.IsSigned() {
				return []fd.Constraint{fd.LinearInt64([]int64{1, 1}, []*fd.Var{x, a}, fd.Eq, 0)}
			}
			return []fd.Constraint{fd.WrapOp(x, m.zero, fd.OpSub, a, uint(t.Bits()), false)}
		case ir.BNot:
			if t.IsSigned() {
				return []fd.Constraint{fd.LinearInt64([]int64{1, 1}, []*fd.Var{x, a}, fd.Eq, -1)}
			}
			_, hi := fd.TypeRange(uint(t.Bits()), false)
			return []fd.Constraint{fd.Linear([]fd.Int{fd.I64(1), fd.I64(1)}, []*fd.Var{x, a}, fd.Eq, hi)}
		case ir.LNot:
			return []fd.Constraint{fd.Reify(x, fd.CmpInt64(a, fd.Eq, 0))}
		}
	case ssa.OpBinary:
		return m.binary(s, x, t, args[0], args[1])
	}
	panic(fmt.Sprintf("model: unexpected op %v", s))
}

// Common subexpressions. The front end computes each expression of the
// source anew, and a long else-if ladder or a run of checks tests the
// same w - x or a + b again and again: one variable for them all spares
// the store one propagator per copy, each woken by every change of the
// operands (and, for a difference, one query of the difference graph
// per change of the graph).

// opKey identifies the value of an integer operator: its kind, operator,
// result type and operands (a variable, or a constant by value).
type opKey struct {
	kind ssa.OpKind
	op   ir.Op
	typ  ir.Kind
	a, b operand
}

type operand struct {
	x     *fd.Var
	c     uint64
	typ   ir.Kind
	konst bool
}

// keyOf returns the key of an operator on integers (false for the others
// and for copies, which are their operand).
func keyOf(s *ssa.Op, args []*fd.Var) (opKey, bool) {
	t := s.Dst.Cell.Typ
	if s.Kind == ssa.OpCopy || !t.IsInteger() || len(args) > 2 {
		return opKey{}, false
	}
	k := opKey{kind: s.Kind, op: s.Op, typ: t.Kind}
	for i, a := range s.Args {
		if !a.Type().IsInteger() {
			return opKey{}, false
		}
		o := operand{x: args[i], typ: a.Type().Kind}
		if c, ok := a.(ssa.Const); ok {
			o = operand{c: c.Uint64(), typ: a.Type().Kind, konst: true}
		}
		if i == 0 {
			k.a = o
		} else {
			k.b = o
		}
	}
	return k, true
}

// computedIn is a value computed in an env (Model.memo).
type computedIn struct {
	e *env
	x *fd.Var
}

// memoLooks bounds the candidates computed looks at: a value computed in
// many sibling branches (the same increment in every case of a switch)
// is found in the most recent ones only. Missing one costs a variable and
// a propagator, never an answer; looking at them all would cost, in a
// function of N branches, N per operation (N² per function).
const memoLooks = 4

// computed returns the variable of a value computed in e or a block
// around it (before e, on every path to it), or nil. It looks the key up
// once and checks the envs it was computed in for being e or above it,
// rather than looking it up in every env above e (quadratic in the
// nesting: a 640-case switch in a loop spent most of its time there).
func (m *Model) computed(e *env, k opKey) *fd.Var {
	list := m.memo[k]
	for i := len(list) - 1; i >= 0 && i >= len(list)-memoLooks; i-- {
		if list[i].e.encloses(e) {
			return list[i].x
		}
	}
	return nil
}

// encloses reports whether e is a or an env above it.
func (e *env) encloses(a *env) bool {
	for a != nil && a.depth > e.depth {
		a = a.parent
	}
	return a == e
}

// remember records the variable of a value computed in e (until the
// choice point open now is popped).
func (m *Model) remember(e *env, k opKey, x *fd.Var) {
	m.memo[k] = append(m.memo[k], computedIn{e, x})
	m.S.OnUndo(func() {
		// Undone last in, first out: the entry is the list's last.
		list := m.memo[k]
		if len(list) == 1 {
			delete(m.memo, k)
			return
		}
		m.memo[k] = list[:len(list)-1]
	})
}

func (m *Model) conv(x *fd.Var, to *ir.Type, a *fd.Var, from *ir.Type) []fd.Constraint {
	switch {
	case to.IsPointer():
		return []fd.Constraint{fd.Cmp(x, fd.Eq, a)}
	case to.Kind == ir.Bool:
		return []fd.Constraint{fd.Reify(x, fd.CmpInt64(a, fd.Ne, 0))}
	case from.IsInteger() && fits(from, to):
		return []fd.Constraint{fd.Cmp(x, fd.Eq, a)}
	}
	return []fd.Constraint{fd.Wrap(x, a, uint(to.Bits()), to.IsSigned())}
}

// fits reports whether every value of integer type from is a value of to.
func fits(from, to *ir.Type) bool {
	if from.Kind == ir.Bool {
		return true
	}
	if from.IsSigned() == to.IsSigned() {
		return from.Bits() <= to.Bits()
	}
	if !from.IsSigned() && to.IsSigned() {
		return from.Bits() < to.Bits()
	}
	return false
}

var rels = map[ir.Op]fd.Rel{ir.Eq: fd.Eq, ir.Ne: fd.Ne, ir.Lt: fd.Lt, ir.Le: fd.Le, ir.Gt: fd.Gt, ir.Ge: fd.Ge}

var wrapOps = map[ir.Op]fd.Op{ir.Add: fd.OpAdd, ir.Sub: fd.OpSub, ir.Mul: fd.OpMul, ir.Div: fd.OpDiv,
	ir.Rem: fd.OpRem, ir.And: fd.OpAnd, ir.Or: fd.OpOr, ir.Xor: fd.OpXor, ir.Shl: fd.OpShl, ir.Shr: fd.OpShr}

func (m *Model) binary(s *ssa.Op, x *fd.Var, t *ir.Type, a, b *fd.Var) []fd.Constraint {
	at := s.Args[0].Type()
	if r, ok := rels[s.Op]; ok {
		switch r {
		case fd.Eq:
			m.thin[x] = 1
		case fd.Ne:
			m.thin[x] = 2
		}
		if at.IsPointer() && s.Op != ir.Eq && s.Op != ir.Ne {
			// < <= > >= of pointers: both into one object (neither NULL),
			// else undefined (interp's PointerCompare).
			return []fd.Constraint{fd.ReifyCmp(x, a, r, b), &sameObject{a: a, b: b, ranges: m.ranges}}
		}
		return []fd.Constraint{fd.ReifyCmp(x, a, r, b)}
	}
	if at.IsPointer() {
		// Pointer difference: both point into one object (else undefined),
		// counted in elements: scale*x = a - b.
		if s.Op != ir.Sub {
			panic(fmt.Sprintf("model: pointer operator %v", s.Op))
		}
		scale := at.Stride()
		return []fd.Constraint{
			fd.LinearInt64([]int64{scale, -1, 1}, []*fd.Var{x, a, b}, fd.Eq, 0),
			&sameObject{a: a, b: b, ranges: m.ranges},
		}
	}
	w := uint(t.Bits())
	signed := t.IsSigned()
	switch s.Op {
	case ir.Shl, ir.Shr:
		// The count must be in 0..width-1 of the (promoted) left type.
		out := []fd.Constraint{fd.CmpInt64(b, fd.Ge, 0), fd.CmpInt64(b, fd.Lt, int64(w))}
		if s.Op == ir.Shl && signed {
			// E1 << E2 on a signed type: E1 ≥ 0 and E1·2^E2 representable.
			return append(out, fd.CmpInt64(a, fd.Ge, 0), fd.Shl(x, a, b))
		}
		if s.Op == ir.Shr {
			return append(out, fd.Shr(x, a, b))
		}
		return append(out, fd.WrapOp(x, a, fd.OpShl, b, w, false))
	case ir.Div, ir.Rem:
		out := []fd.Constraint{fd.CmpInt64(b, fd.Ne, 0)}
		if signed {
			lo, _ := fd.TypeRange(w, true)
			// INT_MIN / -1 and INT_MIN % -1 are undefined.
			out = append(out, fd.Not(fd.And(fd.CmpC(a, fd.Eq, lo), fd.CmpInt64(b, fd.Eq, -1))))
		}
		if s.Op == ir.Div {
			return append(out, fd.Div(x, a, b))
		}
		return append(out, fd.Rem(x, a, b))
	case ir.And:
		return []fd.Constraint{fd.BitAnd(x, a, b)}
	case ir.Or:
		return []fd.Constraint{fd.BitOr(x, a, b)}
	case ir.Xor:
		return []fd.Constraint{fd.BitXor(x, a, b)}
	}
	if signed && (s.Op == ir.Add || s.Op == ir.Sub) {
		// x = a ± k is a difference constraint: posted as such, the store
		// sees it in its cycle check.
		if k, ok := s.Args[1].(ssa.Const); ok {
			c := k.Int64()
			if s.Op == ir.Sub {
				c = -c
			}
			return []fd.Constraint{fd.LinearInt64([]int64{1, -1}, []*fd.Var{x, a}, fd.Eq, c)}
		}
		if k, ok := s.Args[0].(ssa.Const); ok && s.Op == ir.Add {
			return []fd.Constraint{fd.LinearInt64([]int64{1, -1}, []*fd.Var{x, b}, fd.Eq, k.Int64())}
		}
	}
	if signed {
		switch s.Op {
		case ir.Add:
			return []fd.Constraint{fd.Plus(x, a, b)}
		case ir.Sub:
			return []fd.Constraint{fd.Minus(x, a, b)}
		case ir.Mul:
			return []fd.Constraint{fd.Times(x, a, b)}
		}
	}
	if op, ok := wrapOps[s.Op]; ok {
		return []fd.Constraint{fd.WrapOp(x, a, op, b, w, false)}
	}
	panic(fmt.Sprintf("model: unexpected binary operator %v", s.Op))
}

// sameObject holds when two addresses lie in the same object (its cells
// and the address one past its end; never NULL): pointer arithmetic,
// pointer difference and relational comparisons of pointers must stay
// inside one object, else the behaviour is undefined.
type sameObject struct {
	a, b   *fd.Var
	ranges []addrRange
}

func (c *sameObject) Vars() []*fd.Var { return []*fd.Var{c.a, c.b} }
func (c *sameObject) String() string  { return fmt.Sprintf("sameObject(%s, %s)", c.a, c.b) }

func (c *sameObject) object(v fd.Int) int {
	for i, r := range c.ranges {
		if fd.I64(r.lo).Leq(v) && v.Leq(fd.I64(r.hi)) {
			return i
		}
	}
	return -1
}

func (c *sameObject) Check(val fd.Valuation) bool {
	i := c.object(val(c.a))
	return i >= 0 && i == c.object(val(c.b))
}

func (c *sameObject) Entailed(s *fd.Store) fd.Truth {
	common := false
	for i := range c.ranges {
		if c.overlaps(c.a, i) && c.overlaps(c.b, i) {
			common = true
			if c.inside(c.a, i) && c.inside(c.b, i) {
				return fd.Entailed
			}
		}
	}
	if !common {
		return fd.Disentailed
	}
	return fd.Unknown
}

// inside reports whether x points into object i whatever its value.
func (c *sameObject) inside(x *fd.Var, i int) bool {
	d := x.Dom()
	return d.IsEmpty() || (fd.I64(c.ranges[i].lo).Leq(d.Min()) && d.Max().Leq(fd.I64(c.ranges[i].hi)))
}

// overlaps reports whether x may point into object i. (Entailment and
// propagation ask it of every object at every call: a model of a
// function inlined many times has hundreds, so it compares the bounds
// first and builds no domain or set where they tell.)
func (c *sameObject) overlaps(x *fd.Var, i int) bool {
	d, r := x.Dom(), c.ranges[i]
	if d.IsEmpty() || d.Max().Less(fd.I64(r.lo)) || fd.I64(r.hi).Less(d.Min()) {
		return false
	}
	return d.IsRange() || !d.Disjoint(fd.RangeInt64(r.lo, r.hi))
}

func (c *sameObject) Post(s *fd.Store) bool {
	p := s.AddPropagator(&sameObjectProp{c}, fd.CostLinear)
	s.WatchAll(p, fd.EvDom, c.a, c.b)
	return true
}

type sameObjectProp struct{ c *sameObject }

// Propagate keeps in each address only the objects the other may point
// into (and nothing outside every object).
func (p *sameObjectProp) Propagate(s *fd.Store) fd.Status {
	c := p.c
	keep := fd.EmptyDomain
	for i, r := range c.ranges {
		if c.overlaps(c.a, i) && c.overlaps(c.b, i) {
			keep = keep.Union(fd.RangeInt64(r.lo, r.hi))
		}
	}
	if !c.a.Intersect(keep) || !c.b.Intersect(keep) {
		return fd.Failed
	}
	return fd.AtFixpoint
}
