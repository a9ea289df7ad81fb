package frontend

import (
	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/inka-tool/inka/ir"
)

// Constants computed with gcc's layout. cc folds sizeof, _Alignof and
// offsetof with its own layout, which differs from gcc's for structs with
// bit-fields or under #pragma pack (Unit.mislaid). A sizeof or _Alignof
// of its own is gcc's (gccLayoutConst); an integer constant expression
// that uses one inside a larger one (`sizeof(struct p) * 2`,
// `offsetof(struct p, error) + 1`, `(int)sizeof(struct p) - 4`) is
// evaluated here again, with gcc's layout (ir's types), its operators
// as C computes them in the types cc gives the nodes (which do not depend
// on the layout). offsetof is cc's macro, `(size_t)&((T *)0)->m`: the
// member designator is walked on ir's type. What it does not know (a
// division by zero, a construct of another kind) stays cut.

// layoutConst returns the value of the integer constant expression e of
// type t, with gcc's layout where cc's differs, or false when e depends
// on a layout inka cannot recompute it with (the caller then cuts it:
// checkLayoutConst).
func (u *Unit) layoutConst(e cc.ExpressionNode) (uint64, bool) {
	if u.ccLayoutOK(e) {
		switch v := e.Value().(type) {
		case cc.Int64Value:
			return uint64(v), true
		case cc.UInt64Value:
			return uint64(v), true
		}
		return 0, false
	}
	if c, ok := u.gccLayoutConst(e); ok {
		return c, true
	}
	t := u.intTypeOf(e)
	if t == nil {
		return 0, false
	}
	x := bare(unparen(e))
	switch x := x.(type) {
	case *cc.CastExpression:
		if x.Case != cc.CastExpressionCast {
			return 0, false
		}
		if c, ok := u.offsetofConst(x); ok {
			return c.Bits, true
		}
		v, ok := u.layoutConst(x.CastExpression)
		if !ok {
			return 0, false
		}
		return ir.Truncate(t, v), true
	case *cc.UnaryExpression:
		from := u.intTypeOf(x.CastExpression)
		v, ok := u.layoutConst(x.CastExpression)
		if !ok || from == nil {
			return 0, false
		}
		switch x.Case {
		case cc.UnaryExpressionPlus:
			return ir.Truncate(t, v), true
		case cc.UnaryExpressionMinus:
			return ir.Truncate(t, -v), true
		case cc.UnaryExpressionCpl:
			return ir.Truncate(t, ^v), true
		case cc.UnaryExpressionNot:
			return boolConst(v == 0), true
		}
	case *cc.ExpressionList:
		// a comma: the value of the last operand (cc folded the whole:
		// the others have no effect; `(g.f5, -7L)` in Csmith's programs)
		last := x
		for last.ExpressionList != nil {
			last = last.ExpressionList
		}
		v, ok := u.layoutConst(last.AssignmentExpression)
		return ir.Truncate(t, v), ok
	case *cc.LogicalAndExpression:
		return u.layoutLogical(x.LogicalAndExpression, x.InclusiveOrExpression, false)
	case *cc.LogicalOrExpression:
		return u.layoutLogical(x.LogicalOrExpression, x.LogicalAndExpression, true)
	case *cc.ConditionalExpression:
		c, ok := u.layoutConst(x.LogicalOrExpression)
		if !ok {
			return 0, false
		}
		branch := x.ConditionalExpression
		if c != 0 {
			branch = x.ExpressionList
		}
		v, ok := u.layoutConst(branch)
		return ir.Truncate(t, v), ok
	}
	if op, l, r, ok := binaryOperands(x); ok {
		return u.layoutBinary(op, l, r, t)
	}
	return 0, false
}

// layoutLogical evaluates l && r (l || r when or), short-circuited.
func (u *Unit) layoutLogical(l, r cc.ExpressionNode, or bool) (uint64, bool) {
	a, ok := u.layoutConst(l)
	if !ok {
		return 0, false
	}
	if (a != 0) == or {
		return boolConst(or), true
	}
	b, ok := u.layoutConst(r)
	return boolConst(b != 0), ok
}

// layoutBinary evaluates l op r, of type t.
func (u *Unit) layoutBinary(op ir.Op, l, r cc.ExpressionNode, t *ir.Type) (uint64, bool) {
	lt, rt := u.intTypeOf(l), u.intTypeOf(r)
	a, ok1 := u.layoutConst(l)
	if !ok1 || lt == nil || rt == nil {
		return 0, false
	}
	b, ok2 := u.layoutConst(r)
	if !ok2 {
		return 0, false
	}
	ct := t // the operands' common type: the result's, but for
	switch {
	case op.IsComparison():
		ct = usual(promote(lt), promote(rt))
	case op == ir.Shl || op == ir.Shr:
		ct = promote(lt)
		b = ir.Truncate(promote(rt), b)
		if int64(b) < 0 || b >= uint64(ct.Bits()) {
			return 0, false // undefined
		}
	}
	a = ir.Truncate(ct, a)
	if op != ir.Shl && op != ir.Shr {
		b = ir.Truncate(ct, b)
	}
	signed := ct.IsSigned()
	switch op {
	case ir.Add:
		return ir.Truncate(t, a+b), true
	case ir.Sub:
		return ir.Truncate(t, a-b), true
	case ir.Mul:
		return ir.Truncate(t, a*b), true
	case ir.Div, ir.Rem:
		if b == 0 || signed && int64(b) == -1 {
			return 0, false // undefined, or an overflow this does not follow
		}
		if signed {
			if op == ir.Div {
				return ir.Truncate(t, uint64(int64(a)/int64(b))), true
			}
			return ir.Truncate(t, uint64(int64(a)%int64(b))), true
		}
		if op == ir.Div {
			return ir.Truncate(t, a/b), true
		}
		return ir.Truncate(t, a%b), true
	case ir.And:
		return ir.Truncate(t, a&b), true
	case ir.Or:
		return ir.Truncate(t, a|b), true
	case ir.Xor:
		return ir.Truncate(t, a^b), true
	case ir.Shl:
		return ir.Truncate(t, a<<b), true
	case ir.Shr:
		if signed {
			return ir.Truncate(t, uint64(int64(a)>>b)), true
		}
		return ir.Truncate(t, a>>b), true
	case ir.Eq:
		return boolConst(a == b), true
	case ir.Ne:
		return boolConst(a != b), true
	case ir.Lt, ir.Le, ir.Gt, ir.Ge:
		c := compareConst(a, b, signed)
		return boolConst(op == ir.Lt && c < 0 || op == ir.Le && c <= 0 || op == ir.Gt && c > 0 || op == ir.Ge && c >= 0), true
	}
	return 0, false
}

func compareConst(a, b uint64, signed bool) int {
	switch {
	case a == b:
		return 0
	case signed && int64(a) < int64(b), !signed && a < b:
		return -1
	}
	return 1
}

func boolConst(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// binaryOperands returns the operator and operands of a binary
// operation node.
func binaryOperands(e cc.ExpressionNode) (ir.Op, cc.ExpressionNode, cc.ExpressionNode, bool) {
	if op, l, r, ok := arithOperands(e); ok {
		return op, l, r, true
	}
	switch x := e.(type) {
	case *cc.ShiftExpression:
		switch x.Case {
		case cc.ShiftExpressionLsh:
			return ir.Shl, x.ShiftExpression, x.AdditiveExpression, true
		case cc.ShiftExpressionRsh:
			return ir.Shr, x.ShiftExpression, x.AdditiveExpression, true
		}
	case *cc.RelationalExpression:
		ops := map[cc.RelationalExpressionCase]ir.Op{cc.RelationalExpressionLt: ir.Lt, cc.RelationalExpressionGt: ir.Gt, cc.RelationalExpressionLeq: ir.Le, cc.RelationalExpressionGeq: ir.Ge}
		if op, ok := ops[x.Case]; ok {
			return op, x.RelationalExpression, x.ShiftExpression, true
		}
	case *cc.EqualityExpression:
		switch x.Case {
		case cc.EqualityExpressionEq:
			return ir.Eq, x.EqualityExpression, x.RelationalExpression, true
		case cc.EqualityExpressionNeq:
			return ir.Ne, x.EqualityExpression, x.RelationalExpression, true
		}
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionAnd {
			return ir.And, x.AndExpression, x.EqualityExpression, true
		}
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionXor {
			return ir.Xor, x.ExclusiveOrExpression, x.AndExpression, true
		}
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionOr {
			return ir.Or, x.InclusiveOrExpression, x.ExclusiveOrExpression, true
		}
	}
	return 0, nil, nil, false
}

// nullOffset returns the offset of the member designated by e from a
// null pointer ((T *)0)->m.n[2], and the member's type.
func (u *Unit) nullOffset(e cc.ExpressionNode) (int64, *ir.Type, bool) {
	x, ok := bare(unparen(e)).(*cc.PostfixExpression)
	if !ok {
		return 0, nil, false
	}
	var base int64
	var st *ir.Type
	switch x.Case {
	case cc.PostfixExpressionPSelect:
		c, ok := bare(unparen(x.PostfixExpression)).(*cc.CastExpression)
		if !ok || c.Case != cc.CastExpressionCast || !isZeroConst(c.CastExpression) {
			return 0, nil, false
		}
		pt := u.irTypeOK(c.TypeName.Type(), c.Position())
		if pt == nil || !pt.IsPointer() {
			return 0, nil, false
		}
		st = pt.Elem
	case cc.PostfixExpressionSelect:
		base, st, ok = u.nullOffset(x.PostfixExpression)
	case cc.PostfixExpressionIndex:
		base, at, ok := u.nullOffset(x.PostfixExpression)
		if !ok || at.Kind != ir.Array {
			return 0, nil, false
		}
		i, ok := u.layoutConst(x.ExpressionList)
		if !ok {
			return 0, nil, false
		}
		return base + int64(i)*at.Elem.Size(), at.Elem, true
	default:
		return 0, nil, false
	}
	if !ok || st == nil || st.Kind != ir.Struct && st.Kind != ir.Union {
		return 0, nil, false
	}
	name := x.Token2.SrcStr()
	for _, f := range st.Fields {
		if f.Name == name && !f.BitField {
			return base + f.Offset, f.Type, true
		}
	}
	return 0, nil, false
}

func isZeroConst(e cc.ExpressionNode) bool {
	switch v := e.Value().(type) {
	case cc.Int64Value:
		return v == 0
	case cc.UInt64Value:
		return v == 0
	}
	return false
}

// intTypeOf returns the ir type of integer expression e, or nil.
func (u *Unit) intTypeOf(e cc.ExpressionNode) *ir.Type {
	if e.Type() == nil || !isIntegerKind(e.Type().Kind()) {
		return nil
	}
	t := u.irTypeOK(e.Type(), e.Position())
	if t == nil || !t.IsInteger() {
		return nil
	}
	return t
}

// irTypeOK is irType, nil where inka does not represent t.
func (u *Unit) irTypeOK(t cc.Type, pos token.Position) (it *ir.Type) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := asUnsupported(r); !ok {
				panic(r)
			}
			it = nil
		}
	}()
	return u.irType(t, pos)
}

// ccLayoutOK reports whether cc's value of e does not depend on a layout
// cc computes otherwise than gcc (checkLayoutConst).
func (u *Unit) ccLayoutOK(e cc.ExpressionNode) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, isU := asUnsupported(r); !isU {
				panic(r)
			}
			ok = false
		}
	}()
	u.checkLayoutConst(e)
	return true
}

// offsetofConst returns the value of offsetof when cc did not fold it
// (`offsetof(struct q, in[1].error)`: an index in the designator), from
// gcc's layout: `(size_t)&((T *)0)->in[1].error` is not a null pointer
// dereference.
func (u *Unit) offsetofConst(x *cc.CastExpression) (*ir.Const, bool) {
	t := u.intTypeOf(x)
	if t == nil {
		return nil, false
	}
	a, ok := unparen(bare(unparen(x.CastExpression))).(*cc.UnaryExpression)
	if !ok || a.Case != cc.UnaryExpressionAddrof {
		return nil, false
	}
	off, _, ok := u.nullOffset(a.CastExpression)
	if !ok {
		return nil, false
	}
	return ir.NewConst(t, ir.Truncate(t, uint64(off))), true
}
