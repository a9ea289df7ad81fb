package model

import (
	"fmt"

	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/ssa"
	"github.com/inka-tool/inka/term"
)

// op returns the term of x = op(args) and the condition under which the
// operation is undefined (false when it never is), with the rules of the
// fd model (ops.go): signed overflow, division by zero, INT_MIN / -1,
// shift counts out of range, left shifts of negative or too large values.
func (t *unroller) op(s *ssa.Op) (x, ub *term.Term) {
	T := t.T
	ty := s.Dst.Cell.Typ
	w := t.width(ty)
	a := t.val(s.Args[0])
	switch s.Kind {
	case ssa.OpCopy:
		return a, T.False()
	case ssa.OpConv:
		from := s.Args[0].Type()
		switch {
		case ty.IsPointer():
			return T.Resize(a, w, false), T.False()
		case ty.Kind == ir.Bool:
			return t.bit(T.Ne(a, T.Const(a.W, 0)), w), T.False()
		}
		return T.Resize(a, w, from.IsSigned()), T.False()
	case ssa.OpUnary:
		if s.Op == ir.LNot {
			return t.bit(T.Eq(a, T.Const(a.W, 0)), w), T.False()
		}
		a = T.Resize(a, w, s.Args[0].Type().IsSigned())
		switch s.Op {
		case ir.Neg:
			ub := T.False()
			if ty.IsSigned() {
				ub = T.Eq(a, t.minSigned(w))
			}
			return T.Neg(a), ub
		case ir.BNot:
			return T.BvNot(a), T.False()
		}
	case ssa.OpBinary:
		return t.binary(s, ty, w, a, t.val(s.Args[1]))
	}
	panic(fmt.Sprintf("model: unexpected op %v", s))
}

// bit is a Boolean as a w-bit 0 or 1.
func (t *unroller) bit(b *term.Term, w int) *term.Term {
	return t.T.Ite(b, t.T.Const(w, 1), t.T.Const(w, 0))
}

func (t *unroller) minSigned(w int) *term.Term { return t.T.Const(w, 1<<uint(w-1)) }

func (t *unroller) binary(s *ssa.Op, ty *ir.Type, w int, a, b *term.Term) (x, ub *term.Term) {
	T := t.T
	at, bt := s.Args[0].Type(), s.Args[1].Type()
	if _, ok := rels[s.Op]; ok {
		ub := T.False()
		if at.IsPointer() && s.Op != ir.Eq && s.Op != ir.Ne {
			// < <= > >= of pointers: both into one object (neither NULL),
			// else undefined (as in the fd model).
			ub = T.Not(t.sameObject(a, b))
		}
		return t.bit(t.compare(s.Op, at, a, b), w), ub
	}
	if at.IsPointer() {
		return t.pointerDiff(s, at, w, a, b)
	}
	signed := ty.IsSigned()
	a = T.Resize(a, w, at.IsSigned())
	switch s.Op {
	case ir.Shl, ir.Shr:
		// The count must be in 0..w-1 of the (promoted) left type; in
		// range, it is the same number at the left's width.
		ub = T.Ule(T.Const(max(b.W, 7), uint64(w)), T.Resize(b, max(b.W, 7), false))
		if bt.IsSigned() {
			ub = T.Or(ub, T.Slt(b, T.Const(b.W, 0)))
		}
		n := T.Resize(b, w, false)
		switch {
		case s.Op == ir.Shr && signed:
			return T.AShr(a, n), ub
		case s.Op == ir.Shr:
			return T.LShr(a, n), ub
		case signed:
			// E1 << E2 on a signed type: E1 ≥ 0 and E1·2^E2 representable.
			x = T.Shl(a, n)
			lost := T.Ne(T.LShr(x, n), a)
			return x, T.Ors(ub, T.Slt(a, T.Const(w, 0)), T.Slt(x, T.Const(w, 0)), lost)
		}
		return T.Shl(a, n), ub
	}
	b = T.Resize(b, w, bt.IsSigned())
	switch s.Op {
	case ir.Div, ir.Rem:
		ub = T.Eq(b, T.Const(w, 0))
		if !signed {
			if s.Op == ir.Div {
				return T.UDiv(a, b), ub
			}
			return T.URem(a, b), ub
		}
		ub = T.Or(ub, T.And(T.Eq(a, t.minSigned(w)), T.Eq(b, T.Const(w, ^uint64(0)))))
		if s.Op == ir.Div {
			return T.SDiv(a, b), ub
		}
		return T.SRem(a, b), ub
	case ir.And:
		return T.BvAnd(a, b), T.False()
	case ir.Or:
		return T.BvOr(a, b), T.False()
	case ir.Xor:
		return T.BvXor(a, b), T.False()
	case ir.Add:
		x = T.Add(a, b)
		if signed {
			// Overflow: the operands have one sign, the sum the other.
			ub = T.And(T.Eq(t.neg(a), t.neg(b)), T.Ne(t.neg(x), t.neg(a)))
		}
	case ir.Sub:
		x = T.Sub(a, b)
		if signed {
			ub = T.And(T.Ne(t.neg(a), t.neg(b)), T.Ne(t.neg(x), t.neg(a)))
		}
	case ir.Mul:
		x = T.Mul(a, b)
		if signed {
			ub = T.SMulO(a, b)
		}
	default:
		panic(fmt.Sprintf("model: unexpected binary operator %v", s.Op))
	}
	if ub == nil {
		ub = T.False()
	}
	return x, ub
}

// neg is "x < 0" as a 1-bit vector (so that two signs compare with =).
func (t *unroller) neg(x *term.Term) *term.Term { return t.T.Extract(x, x.W-1, x.W-1) }

// compare is a relational operator on two operands of type at (pointers
// compare as unsigned addresses, as in the fd model).
func (t *unroller) compare(op ir.Op, at *ir.Type, a, b *term.Term) *term.Term {
	T := t.T
	if a.W != b.W { // a null pointer constant against a pointer
		w := max(a.W, b.W)
		a, b = T.Resize(a, w, false), T.Resize(b, w, false)
	}
	lt, le := T.Ult, T.Ule
	if at.IsSigned() {
		lt, le = T.Slt, T.Sle
	}
	switch op {
	case ir.Eq:
		return T.Eq(a, b)
	case ir.Ne:
		return T.Ne(a, b)
	case ir.Lt:
		return lt(a, b)
	case ir.Le:
		return le(a, b)
	case ir.Gt:
		return lt(b, a)
	}
	return le(b, a)
}

// pointerDiff is a - b on pointers into one object, in elements.
func (t *unroller) pointerDiff(s *ssa.Op, at *ir.Type, w int, a, b *term.Term) (x, ub *term.Term) {
	T := t.T
	if s.Op != ir.Sub {
		panic(fmt.Sprintf("model: pointer operator %v", s.Op))
	}
	scale := T.Const(a.W, uint64(at.Stride()))
	d := T.Sub(a, b)
	// Undefined unless both point into one object; a difference that is
	// not a whole number of elements has no model (as scale·x = a - b in fd).
	ub = T.Or(T.Not(t.sameObject(a, b)), T.Ne(T.SRem(d, scale), T.Const(a.W, 0)))
	return T.Resize(T.SDiv(d, scale), w, true), ub
}

// index is p = q + i*scale: q not NULL, and p in q's object. An index
// whose magnitude exceeds the largest address leaves every object, so the
// product is exact wherever the run goes on.
func (t *unroller) index(s *ssa.Index) {
	T := t.T
	base, i := t.val(s.Base), t.val(s.I)
	w := base.W
	limit := T.Const(w, uint64(t.F.MaxAddr))
	var out *term.Term
	if s.I.Type().IsSigned() {
		i = T.Resize(i, w, true)
		out = T.Or(T.Slt(limit, i), T.Slt(i, T.Neg(limit)))
	} else {
		i = T.Resize(i, w, false)
		out = T.Ult(limit, i)
	}
	x := T.Add(base, T.Mul(i, T.Const(w, uint64(s.Scale))))
	t.kill(T.Ors(out, t.isNull(base), T.Not(t.sameObject(base, x))))
	t.vals[s.Dst] = x
}

func (t *unroller) isNull(p *term.Term) *term.Term { return t.T.Eq(p, t.T.Const(p.W, 0)) }

// sameObject holds when two addresses lie in one object (its cells or one
// past its end).
func (t *unroller) sameObject(a, b *term.Term) *term.Term {
	T := t.T
	in := func(x *term.Term, lo, hi int64) *term.Term {
		return T.And(T.Ule(T.Const(x.W, uint64(lo)), x), T.Ule(x, T.Const(x.W, uint64(hi))))
	}
	out := T.False()
	for _, r := range objectRanges(t.F) {
		out = T.Or(out, T.And(in(a, r.lo, r.hi), in(b, r.lo, r.hi)))
	}
	return out
}

// Byte accesses (ssa.PhiU and ssa.PhiD with Bytes, see bytes.go): a
// cell's bytes are bit ranges of its value, a candidate's value their
// concatenation.

// cellBytes returns bytes [lo, lo+n) of the value v of a cell of type ty.
func (t *unroller) cellBytes(v *term.Term, ty *ir.Type, lo, n int64) *term.Term {
	return t.T.Extract(t.T.ZExt(v, int(8*ty.Size())), int(8*(lo+n))-1, int(8*lo))
}

// termPiece is n bytes placed at byte at of a value being joined.
type termPiece struct {
	v     *term.Term
	at, n int64
}

// joinBytes returns the value of w bits whose bytes are the pieces.
func (t *unroller) joinBytes(ps []termPiece, w int) *term.Term {
	T := t.T
	x := T.Const(w, 0)
	for _, p := range ps {
		x = T.BvOr(x, T.Shl(T.ZExt(p.v, w), T.Const(w, uint64(8*p.at))))
	}
	return x
}

// loadBytes is the value of type ty of the bytes at address a, from the
// cells that hold them.
func (t *unroller) loadBytes(a int64, ty *ir.Type, cells []*ssa.Cell, vals []*term.Term) *term.Term {
	n := ty.Size()
	var ps []termPiece
	for i, c := range cells {
		lo, hi := max(a, c.Addr), min(a+n, c.Addr+c.Typ.Size())
		if lo < hi {
			ps = append(ps, termPiece{t.cellBytes(vals[i], c.Typ, lo-c.Addr, hi-lo), lo - a, hi - lo})
		}
	}
	return t.T.Extract(t.joinBytes(ps, int(8*n)), t.width(ty)-1, 0)
}

// storeBytes is the new value of cell c (old value old) when the bytes of
// v, of type ty, are written at address a (old when they miss c).
func (t *unroller) storeBytes(a int64, v *term.Term, ty *ir.Type, c *ssa.Cell, old *term.Term) *term.Term {
	n, size := ty.Size(), c.Typ.Size()
	lo, hi := max(a, c.Addr), min(a+n, c.Addr+size)
	if lo >= hi {
		return old
	}
	ps := []termPiece{{t.cellBytes(v, ty, lo-a, hi-lo), lo - c.Addr, hi - lo}}
	if lo > c.Addr {
		ps = append(ps, termPiece{t.cellBytes(old, c.Typ, 0, lo-c.Addr), 0, lo - c.Addr})
	}
	if end := c.Addr + size; hi < end {
		ps = append(ps, termPiece{t.cellBytes(old, c.Typ, hi-c.Addr, end-hi), hi - c.Addr, end - hi})
	}
	return t.T.Extract(t.joinBytes(ps, int(8*size)), t.width(c.Typ)-1, 0)
}

func (t *unroller) phiUBytes(s *ssa.PhiU) {
	T := t.T
	p := t.val(s.Ptr)
	cells := make([]*ssa.Cell, len(s.Vals))
	vals := make([]*term.Term, len(s.Vals))
	for i, v := range s.Vals {
		cells[i], vals[i] = v.(*ssa.Version).Cell, t.val(v)
	}
	ty := s.Dst.Cell.Typ
	x := T.Const(t.width(ty), 0)
	hit := T.False()
	for i := len(s.Addrs) - 1; i >= 0; i-- {
		at := T.Eq(p, T.Const(p.W, uint64(s.Addrs[i]-s.Off)))
		x = T.Ite(at, t.loadBytes(s.Addrs[i], ty, cells, vals), x)
		hit = T.Or(hit, at)
	}
	t.kill(T.Not(hit)) // no valid target: an invalid dereference
	t.vals[s.Dst] = x
}

func (t *unroller) phiDBytes(s *ssa.PhiD) {
	T := t.T
	p, v := t.val(s.Ptr), t.val(s.Val)
	ty := s.Val.Type()
	init := false
	if st, ok := s.Source().(*ir.Store); ok {
		init = st.Init
	}
	hit := T.False()
	ats := make([]*term.Term, len(s.Addrs))
	for i, a := range s.Addrs {
		ats[i] = T.Eq(p, T.Const(p.W, uint64(a-s.Off)))
		hit = T.Or(hit, ats[i])
	}
	for j, d := range s.Dsts {
		old := t.val(s.Olds[j])
		x := old
		for i := len(s.Addrs) - 1; i >= 0; i-- {
			w := t.storeBytes(s.Addrs[i], v, ty, d.Cell, old)
			if w != old && d.Cell.ReadOnly && !init {
				t.kill(ats[i]) // a write to a read-only object is undefined
			}
			x = T.Ite(ats[i], w, x)
		}
		t.vals[d] = x
	}
	t.kill(T.Not(hit))
}
