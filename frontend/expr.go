package frontend

import (
	"fmt"
	"reflect"
	"strings"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/libc"
)

// lval is a lowered lvalue: a variable accessed by name (scalar, or a
// whole aggregate), or an object in memory at address ptr.
type lval struct {
	v   *ir.Var
	ptr ir.Value
	typ *ir.Type // the object's type
	// volatile: the object is volatile-qualified (each read is marked,
	// ir.Load.Volatile).
	volatile bool
	bf       *bitRef // a bit-field (bitfield.go): typ is its declared type
}

// isVolatile reports whether an lvalue of cc type t designates a volatile
// object.
func isVolatile(t cc.Type) bool { return t != nil && t.Attributes().IsVolatile() }

// exprType is the IR type of an expression (after array decay for arrays
// in value position, as cc types them).
func (b *funcBuilder) exprType(e cc.ExpressionNode) *ir.Type {
	return b.u.irType(e.Type(), e.Position())
}

// objType is the IR type of the object an lvalue designates (arrays not
// decayed).
func (b *funcBuilder) objType(e cc.ExpressionNode) *ir.Type {
	return b.u.irType(e.Type().Undecay(), e.Position())
}

func isIntegerKind(k cc.Kind) bool {
	switch k {
	case cc.Bool, cc.Char, cc.SChar, cc.UChar, cc.Short, cc.UShort, cc.Int, cc.UInt,
		cc.Long, cc.ULong, cc.LongLong, cc.ULongLong, cc.Enum:
		return true
	}
	return false
}

// constOf returns the value of an integer constant expression, converted
// to t.
func (b *funcBuilder) constOf(e cc.ExpressionNode, t *ir.Type) (*ir.Const, bool) {
	if e == nil {
		return nil, false
	}
	switch e.Value().(type) {
	case cc.Int64Value, cc.UInt64Value:
		// cc's value, or gcc's where cc's layout differs (layoutconst.go)
		c, ok := b.u.layoutConst(e)
		if !ok {
			b.u.checkLayoutConst(e) // cut
		}
		return ir.NewConst(t, c), true
	}
	return nil, false
}

// isNullPointerConstant reports whether e is an integer constant expression
// with value 0, possibly cast to void*.
func isNullPointerConstant(e cc.ExpressionNode) bool {
	for {
		switch x := e.(type) {
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionExpr {
				e = x.ExpressionList
				continue
			}
		case *cc.CastExpression:
			if x.Case == cc.CastExpressionCast {
				t := x.Type()
				if t.Kind() == cc.Ptr && t.(*cc.PointerType).Elem().Kind() == cc.Void || isIntegerKind(t.Kind()) {
					e = x.CastExpression
					continue
				}
				return false
			}
		}
		break
	}
	return isIntegerKind(e.Type().Kind()) && zeroBytes(e)
}

func unparen(e cc.ExpressionNode) cc.ExpressionNode {
	for {
		p, ok := e.(*cc.PrimaryExpression)
		if !ok || p.Case != cc.PrimaryExpressionExpr {
			return e
		}
		e = p.ExpressionList
	}
}

// bare strips from e the grammar's levels of one child (a postfix
// expression that is a primary one, a unary expression that is a postfix
// one, a cast expression that is a unary one) and the parentheses around
// them: what is left is e's operator or operand, still in its own
// parentheses (unparen them).
func bare(e cc.ExpressionNode) cc.ExpressionNode {
	for {
		switch x := unparen(e).(type) {
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionPrimary {
				e = x.PrimaryExpression
				continue
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionPostfix {
				e = x.PostfixExpression
				continue
			}
		case *cc.CastExpression:
			if x.Case == cc.CastExpressionUnary {
				e = x.UnaryExpression
				continue
			}
		}
		return e
	}
}

// isFreshTemp reports whether v is a temp defined by the last statement
// emitted (and so read nowhere yet).
func (b *funcBuilder) lastDefines(v *ir.Var) bool {
	if v.Class != ir.Temp || len(*b.cur) == 0 {
		return false
	}
	switch s := (*b.cur)[len(*b.cur)-1].(type) {
	case *ir.Copy:
		return s.Dst == v
	case *ir.Unary:
		return s.Dst == v
	case *ir.Binary:
		return s.Dst == v
	case *ir.Conv:
		return s.Dst == v
	case *ir.AddrOf:
		return s.Dst == v
	case *ir.FieldAddr:
		return s.Dst == v
	case *ir.PtrAdd:
		return s.Dst == v
	case *ir.Load:
		return s.Dst == v
	case *ir.Call:
		return s.Dst == v
	}
	return false
}

func setDst(s ir.Stmt, v *ir.Var) {
	switch s := s.(type) {
	case *ir.Copy:
		s.Dst = v
	case *ir.Unary:
		s.Dst = v
	case *ir.Binary:
		s.Dst = v
	case *ir.Conv:
		s.Dst = v
	case *ir.AddrOf:
		s.Dst = v
	case *ir.FieldAddr:
		s.Dst = v
	case *ir.PtrAdd:
		s.Dst = v
	case *ir.Load:
		s.Dst = v
	case *ir.Call:
		s.Dst = v
	}
}

// assign emits dst = v (v of dst's type) and returns the value assigned.
// When v is a temp just computed, the statement that computed it writes
// dst directly.
func (b *funcBuilder) assign(dst *ir.Var, v ir.Value) ir.Value {
	if dst.Typ.Kind == ir.Opaque {
		panic(b.unsupportedHere(fmt.Sprintf("%s assignment to %s (%s)", opaqueWhat(dst.Typ), dst.Name, dst.Typ)))
	}
	if t, ok := v.(*ir.Var); ok && b.lastDefines(t) && ir.Identical(t.Typ, dst.Typ) {
		setDst((*b.cur)[len(*b.cur)-1], dst)
		b.dropTemp(t)
		return dst
	}
	if v == ir.Value(dst) {
		return dst
	}
	b.emit(&ir.Copy{At: b.at(), Dst: dst, Src: v})
	return v
}

// dropTemp removes an unused temp from the function's locals.
func (b *funcBuilder) dropTemp(t *ir.Var) {
	ls := b.f.Locals
	for i := len(ls) - 1; i >= 0; i-- {
		if ls[i] == t {
			b.f.Locals = append(ls[:i], ls[i+1:]...)
			return
		}
	}
}

// protect copies v into a temp when it is a variable that the evaluation of
// a later operand with side effects could modify (C evaluates the operands
// left to right here).
func (b *funcBuilder) protect(v ir.Value, later ...cc.ExpressionNode) ir.Value {
	x, ok := v.(*ir.Var)
	if !ok || x.Class == ir.Temp {
		return v
	}
	for _, e := range later {
		if e != nil && !e.Pure() && b.mayModify(e, x) {
			t := b.newTemp(x.Typ)
			b.emit(&ir.Copy{At: b.at(), Dst: t, Src: x})
			if b.bools[x] {
				b.bools[t] = true
			}
			return t
		}
	}
	return v
}

// convert converts a scalar value to type t (no checks: see convertAssign
// and cast for the conversions C allows).
func (b *funcBuilder) convert(v ir.Value, t *ir.Type) ir.Value {
	vt := v.Type()
	if t.Kind == ir.Opaque || vt.Kind == ir.Opaque {
		panic(b.unsupportedHere(fmt.Sprintf("conversion from %s to %s", vt, t)))
	}
	if ir.Identical(vt, t) {
		return v
	}
	if c, ok := v.(*ir.Const); ok {
		switch {
		case t.IsInteger() && vt.IsInteger():
			return ir.NewConst(t, c.Bits)
		case t.IsPointer() && c.Bits == 0:
			return &ir.Const{Typ: t, Bits: 0}
		case t.IsArithmetic() && vt.IsArithmetic():
			if r, ok := ir.FloatConv(vt, t, c.Bits); ok {
				return &ir.Const{Typ: t, Bits: r}
			}
			// undefined (a value out of the integer type's range): the
			// run has undefined behaviour where it converts
		}
	}
	if t.Kind == ir.Bool && vt.IsPointer() {
		ne := b.newTemp(ir.IntType)
		b.emit(&ir.Binary{At: b.at(), Dst: ne, Op: ir.Ne, X: v, Y: &ir.Const{Typ: vt}})
		v = ne
	}
	d := b.newTemp(t)
	b.emit(&ir.Conv{At: b.at(), Dst: d, X: v})
	return d
}

// checkPtrConv checks a conversion between two pointer types: any two
// pointers to object types (C11 6.3.2.3p7: the access through the result
// decides whether the program is defined, and the interpreter and the
// points-to analysis judge each access), but not between a function
// pointer and another pointer type.
func checkPtrConv(from, to *ir.Type, pos token.Position, what string) {
	if ir.Identical(from, to) {
		return
	}
	if from.IsFuncPointer() || to.IsFuncPointer() {
		// calling a function through a pointer of another type is
		// undefined; inka keeps function pointers to their own type
		panic(unsupported(pos, fmt.Sprintf("%s between a function pointer and another pointer type (%s to %s)", what, from, to)))
	}
}

// convertAssign converts v, the value of expression e, to type t as by
// assignment (also arguments and return values).
func (b *funcBuilder) convertAssign(v ir.Value, t *ir.Type, e cc.ExpressionNode, what string) ir.Value {
	vt := v.Type()
	pos := e.Position()
	if t.Kind == ir.Opaque || vt.Kind == ir.Opaque {
		panic(unsupported(pos, fmt.Sprintf("conversion from %s to %s (%s)", vt, t, what)))
	}
	switch {
	case ir.Identical(vt, t):
		return v
	case t.IsPointer() && vt.IsPointer():
		checkPtrConv(vt, t, pos, "conversion")
	case t.IsPointer() && vt.IsInteger():
		if !isNullPointerConstant(e) {
			panic(unsupported(pos, "integer to pointer conversion"))
		}
		return &ir.Const{Typ: t}
	case t.IsInteger() && vt.IsPointer():
		if t.Kind != ir.Bool {
			panic(unsupported(pos, "pointer to integer conversion"))
		}
	case t.IsAggregate() || vt.IsAggregate():
		if !ir.Identical(t, vt) {
			panic(unsupported(pos, fmt.Sprintf("%s of %s to %s", what, vt, t)))
		}
		return v
	}
	return b.convert(v, t)
}

// rvalueExpr lowers e and returns its value: a scalar (integer or pointer)
// Var or Const, or an aggregate Var for a struct or union value (see
// rvalue, which cuts what inka does not model).
func (b *funcBuilder) rvalueExpr(e cc.ExpressionNode) ir.Value {
	old := b.setPos(e.Position())
	defer func() { b.pos = old }()
	et := e.Type()
	pos := e.Position()
	if et == nil {
		panic(unsupported(pos, "untyped expression"))
	}
	// Array and function designators.
	if ut := et.Undecay(); ut != et && isDesignator(e) {
		switch ut.Kind() {
		case cc.Array:
			l := b.lvalue(e)
			if l.typ.Kind != ir.Array { // a parameter declared as an array
				return b.load(l)
			}
			return b.decay(l, pos)
		case cc.Function:
			return b.funcPointer(e)
		}
	}
	switch et.Kind() {
	case cc.Function:
		return b.funcPointer(e)
	case cc.Array:
		return b.decay(b.lvalue(e), pos)
	}
	if isIntegerKind(et.Kind()) && e.Pure() {
		if c, ok := b.constOf(e, b.exprType(e)); ok {
			return c
		}
	} else if et.Kind() == cc.Ptr && isNullPointerConstant(e) {
		return &ir.Const{Typ: b.exprType(e)}
	}
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		return b.primaryRvalue(x, pos)
	case *cc.PostfixExpression:
		return b.postfixRvalue(x, pos)
	case *cc.UnaryExpression:
		return b.unary(x)
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return b.rvalue(x.UnaryExpression)
		}
		if c, ok := b.u.offsetofConst(x); ok {
			return c
		}
		return b.cast(x)
	case *cc.MultiplicativeExpression, *cc.AdditiveExpression, *cc.ShiftExpression, *cc.RelationalExpression,
		*cc.EqualityExpression, *cc.AndExpression, *cc.ExclusiveOrExpression, *cc.InclusiveOrExpression:
		return b.binaryRvalue(e)
	case *cc.LogicalAndExpression, *cc.LogicalOrExpression:
		return b.logical(e)
	case *cc.ConditionalExpression:
		return b.conditional(x, true)
	case *cc.AssignmentExpression:
		return b.assignment(x, true)
	case *cc.ExpressionList:
		for l := x; l != nil; l = l.ExpressionList {
			if l.ExpressionList == nil {
				return b.rvalue(l.AssignmentExpression)
			}
			b.discard(l.AssignmentExpression)
		}
	case *cc.ConstantExpression:
		return b.rvalue(x.ConditionalExpression)
	}
	panic(unsupported(pos, fmt.Sprintf("expression %s", cc.NodeSource(e))))
}

// primaryRvalue lowers an identifier, a parenthesized expression, a
// _Generic selection or a string literal (rvalueExpr).
func (b *funcBuilder) primaryRvalue(x *cc.PrimaryExpression, pos token.Position) ir.Value {
	switch x.Case {
	case cc.PrimaryExpressionIdent:
		if isVolatile(x.Type()) {
			return b.load(b.lvalue(x))
		}
		return b.identVar(x)
	case cc.PrimaryExpressionExpr:
		return b.rvalue(x.ExpressionList)
	case cc.PrimaryExpressionGeneric:
		a := x.GenericSelection.Associated()
		if a == nil {
			panic(unsupported(pos, "_Generic"))
		}
		return b.rvalue(a.AssignmentExpression)
	case cc.PrimaryExpressionFloat:
		return b.u.floatLiteral(x, pos)
	case cc.PrimaryExpressionStmt:
		panic(unsupported(pos, "statement expression"))
	case cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
		return b.decay(b.lvalue(x), pos)
	}
	panic(unsupported(pos, fmt.Sprintf("expression %s", cc.NodeSource(x))))
}

// postfixRvalue lowers an index, a member access, a call, a postfix
// increment or decrement, or a compound literal (rvalueExpr).
func (b *funcBuilder) postfixRvalue(x *cc.PostfixExpression, pos token.Position) ir.Value {
	switch x.Case {
	case cc.PostfixExpressionPrimary:
		return b.rvalue(x.PrimaryExpression)
	case cc.PostfixExpressionIndex, cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
		return b.load(b.lvalue(x))
	case cc.PostfixExpressionCall:
		return b.call(x, true)
	case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
		op := ir.Add
		if x.Case == cc.PostfixExpressionDec {
			op = ir.Sub
		}
		return b.incDec(x.PostfixExpression, op, true, true)
	case cc.PostfixExpressionComplit:
		return b.load(b.compoundLiteral(x))
	}
	panic(unsupported(pos, fmt.Sprintf("expression %s", cc.NodeSource(x))))
}

// binaryRvalue lowers a binary operator other than && and || (rvalueExpr):
// arithmetic, shifts and comparisons.
func (b *funcBuilder) binaryRvalue(e cc.ExpressionNode) ir.Value {
	if op, l, r, ok := arithOperands(e); ok {
		return b.arith(op, l, r, e)
	}
	switch x := e.(type) {
	case *cc.MultiplicativeExpression:
		return b.rvalue(x.CastExpression)
	case *cc.AdditiveExpression:
		return b.rvalue(x.MultiplicativeExpression)
	case *cc.ShiftExpression:
		switch x.Case {
		case cc.ShiftExpressionLsh:
			return b.shift(ir.Shl, x.ShiftExpression, x.AdditiveExpression)
		case cc.ShiftExpressionRsh:
			return b.shift(ir.Shr, x.ShiftExpression, x.AdditiveExpression)
		}
		return b.rvalue(x.AdditiveExpression)
	case *cc.RelationalExpression:
		switch x.Case {
		case cc.RelationalExpressionLt:
			return b.compare(ir.Lt, x.RelationalExpression, x.ShiftExpression)
		case cc.RelationalExpressionGt:
			return b.compare(ir.Gt, x.RelationalExpression, x.ShiftExpression)
		case cc.RelationalExpressionLeq:
			return b.compare(ir.Le, x.RelationalExpression, x.ShiftExpression)
		case cc.RelationalExpressionGeq:
			return b.compare(ir.Ge, x.RelationalExpression, x.ShiftExpression)
		}
		return b.rvalue(x.ShiftExpression)
	case *cc.EqualityExpression:
		switch x.Case {
		case cc.EqualityExpressionEq:
			return b.compare(ir.Eq, x.EqualityExpression, x.RelationalExpression)
		case cc.EqualityExpressionNeq:
			return b.compare(ir.Ne, x.EqualityExpression, x.RelationalExpression)
		}
		return b.rvalue(x.RelationalExpression)
	case *cc.AndExpression:
		if x.Case == cc.AndExpressionAnd {
			return b.arith(ir.And, x.AndExpression, x.EqualityExpression, e)
		}
		return b.rvalue(x.EqualityExpression)
	case *cc.ExclusiveOrExpression:
		if x.Case == cc.ExclusiveOrExpressionXor {
			return b.arith(ir.Xor, x.ExclusiveOrExpression, x.AndExpression, e)
		}
		return b.rvalue(x.AndExpression)
	case *cc.InclusiveOrExpression:
		if x.Case == cc.InclusiveOrExpressionOr {
			return b.arith(ir.Or, x.InclusiveOrExpression, x.ExclusiveOrExpression, e)
		}
		return b.rvalue(x.ExclusiveOrExpression)
	}
	panic(unsupported(e.Position(), fmt.Sprintf("expression %s", cc.NodeSource(e))))
}

// arithOperands returns the operator and operands of e when it is a
// multiplicative or additive operation (* / % + -).
func arithOperands(e cc.ExpressionNode) (op ir.Op, l, r cc.ExpressionNode, ok bool) {
	switch x := e.(type) {
	case *cc.MultiplicativeExpression:
		l, r = x.MultiplicativeExpression, x.CastExpression
		switch x.Case {
		case cc.MultiplicativeExpressionMul:
			return ir.Mul, l, r, true
		case cc.MultiplicativeExpressionDiv:
			return ir.Div, l, r, true
		case cc.MultiplicativeExpressionMod:
			return ir.Rem, l, r, true
		}
	case *cc.AdditiveExpression:
		l, r = x.AdditiveExpression, x.MultiplicativeExpression
		switch x.Case {
		case cc.AdditiveExpressionAdd:
			return ir.Add, l, r, true
		case cc.AdditiveExpressionSub:
			return ir.Sub, l, r, true
		}
	}
	return 0, nil, nil, false
}

// discardExpr lowers e for its side effects (see discard).
func (b *funcBuilder) discardExpr(e cc.ExpressionNode) {
	old := b.setPos(e.Position())
	defer func() { b.pos = old }()
	if e.Type() != nil && (isIntegerKind(e.Type().Kind())) && e.Pure() {
		if _, ok := b.constOf(e, ir.IntType); ok {
			return
		}
	}
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		if x.Case == cc.PrimaryExpressionExpr {
			b.discard(x.ExpressionList)
			return
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionCall:
			b.call(x, false)
			return
		case cc.PostfixExpressionInc:
			b.incDec(x.PostfixExpression, ir.Add, false, false)
			return
		case cc.PostfixExpressionDec:
			b.incDec(x.PostfixExpression, ir.Sub, false, false)
			return
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast && x.Type().Kind() == cc.Void {
			b.discard(x.CastExpression)
			return
		}
	case *cc.AssignmentExpression:
		b.assignment(x, false)
		return
	case *cc.ConditionalExpression:
		b.conditional(x, false)
		return
	case *cc.ExpressionList:
		for l := x; l != nil; l = l.ExpressionList {
			b.discard(l.AssignmentExpression)
		}
		return
	}
	if e.Type().Kind() == cc.Void {
		panic(unsupported(e.Position(), "void expression "+cc.NodeSource(e)))
	}
	b.rvalue(e)
}

// identVar returns the variable an identifier denotes.
func (b *funcBuilder) identVar(x *cc.PrimaryExpression) *ir.Var {
	pos := x.Position()
	switch r := x.ResolvedTo().(type) {
	case *cc.Declarator:
		if v, ok := b.vars[r]; ok {
			return v
		}
		if r.IsParam() {
			// a parameter declared by another declaration of the function
			for _, v := range b.f.Params {
				if v.Name == r.Name() {
					b.vars[r] = v
					return v
				}
			}
		}
		if r.Type().Kind() == cc.Function {
			panic(unsupported(pos, "function "+r.Name()+" used as an object"))
		}
		if r.IsStatic() && r.LexicalScope().Parent != nil {
			v := b.pb.global(r, b.f.Name, b.pb.inits[r])
			b.vars[r] = v
			return v
		}
		if r.IsExtern() || r.LexicalScope().Parent == nil {
			v := b.pb.global(r, "", nil)
			b.vars[r] = v
			return v
		}
		// A local whose declaration was cut (an array of VLAs):
		// the declaration is on every path to this use, which is dead.
		panic(unsupported(pos, fmt.Sprintf("use of %s, whose declaration is not supported", r.Name())))
	case *cc.Parameter:
		panic(unsupported(pos, "parameter without a name"))
	}
	panic(unsupported(pos, "identifier "+x.Token.SrcStr()))
}

// lvalueExpr lowers an lvalue expression (see lvalue, which cuts what inka
// does not model).
func (b *funcBuilder) lvalueExpr(e cc.ExpressionNode) lval {
	l := b.lvalue1(e)
	l.volatile = l.volatile || isVolatile(e.Type())
	return l
}

func (b *funcBuilder) lvalue1(e cc.ExpressionNode) lval {
	old := b.setPos(e.Position())
	defer func() { b.pos = old }()
	pos := e.Position()
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		return b.primaryLvalue(x, pos)
	case *cc.PostfixExpression:
		return b.postfixLvalue(x, pos)
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref {
			p := b.rvalue(x.CastExpression)
			pt := p.Type()
			if !pt.IsPointer() {
				panic(unsupported(pos, "dereference of "+pt.String()))
			}
			if pt.Elem.Kind == ir.Void {
				panic(unsupported(pos, "dereference of void*"))
			}
			return lval{ptr: p, typ: pt.Elem}
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return b.lvalue(x.UnaryExpression)
		}
	case *cc.ConditionalExpression, *cc.AssignmentExpression, *cc.ExpressionList:
		// struct-valued rvalues whose member is selected
		v := b.rvalue(e)
		if tv, ok := v.(*ir.Var); ok && tv.Typ.IsAggregate() {
			return lval{v: tv, typ: tv.Typ}
		}
	}
	panic(unsupported(pos, "lvalue "+cc.NodeSource(e)))
}

// primaryLvalue is the object a primary expression designates: a
// variable, a string literal's array, or what a parenthesized or
// _Generic expression designates.
func (b *funcBuilder) primaryLvalue(x *cc.PrimaryExpression, pos token.Position) lval {
	switch x.Case {
	case cc.PrimaryExpressionIdent:
		v := b.identVar(x)
		return lval{v: v, typ: v.Typ}
	case cc.PrimaryExpressionExpr:
		return b.lvalue(x.ExpressionList)
	case cc.PrimaryExpressionString:
		s, ok := x.Value().(cc.StringValue)
		if !ok {
			panic(unsupported(pos, "string literal "+x.Token.SrcStr()))
		}
		str := string(s)
		if len(str) > 0 && str[len(str)-1] == 0 {
			str = str[:len(str)-1]
		}
		v := b.pb.stringVar(str, pos)
		return lval{v: v, typ: v.Typ}
	case cc.PrimaryExpressionLString:
		panic(unsupported(pos, "wide string literal"))
	case cc.PrimaryExpressionGeneric:
		a := x.GenericSelection.Associated()
		if a == nil {
			panic(unsupported(pos, "_Generic"))
		}
		return b.lvalue(a.AssignmentExpression)
	}
	panic(unsupported(pos, "lvalue "+cc.NodeSource(x)))
}

// postfixLvalue is the object a postfix expression designates: an array
// element, a member (through . or ->, volatile if its struct is), a
// member of a call's struct result, or a compound literal.
func (b *funcBuilder) postfixLvalue(x *cc.PostfixExpression, pos token.Position) lval {
	switch x.Case {
	case cc.PostfixExpressionPrimary:
		return b.lvalue(x.PrimaryExpression)
	case cc.PostfixExpressionIndex:
		l, r := x.PostfixExpression, x.ExpressionList
		var base, idx ir.Value
		if l.Type().Kind() == cc.Ptr {
			base = b.protect(b.rvalue(l), r)
			idx = b.rvalue(r)
		} else {
			idx = b.protect(b.rvalue(l), r)
			base = b.rvalue(r)
		}
		if !base.Type().IsPointer() || !idx.Type().IsInteger() {
			panic(unsupported(pos, "subscript of "+base.Type().String()))
		}
		p := b.ptrAdd(base, idx, false, pos)
		return lval{ptr: p, typ: p.Type().Elem}
	case cc.PostfixExpressionSelect:
		// A member of a volatile struct is volatile.
		s := b.lvalue(x.PostfixExpression)
		l := b.field(b.addrOf(s), x, pos)
		l.volatile = s.volatile
		return l
	case cc.PostfixExpressionPSelect:
		p := b.rvalue(x.PostfixExpression)
		l := b.field(p, x, pos)
		if pt, ok := x.PostfixExpression.Type().(*cc.PointerType); ok {
			l.volatile = isVolatile(pt.Elem())
		}
		return l
	case cc.PostfixExpressionCall:
		// an rvalue of struct type whose member is selected
		v := b.call(x, true)
		tv, ok := v.(*ir.Var)
		if !ok {
			panic(unsupported(pos, "member of a void call"))
		}
		return lval{v: tv, typ: tv.Typ}
	case cc.PostfixExpressionComplit:
		return b.compoundLiteral(x)
	}
	panic(unsupported(pos, "lvalue "+cc.NodeSource(x)))
}

// field selects a member of the struct or union p points to.
func (b *funcBuilder) field(p ir.Value, x *cc.PostfixExpression, pos token.Position) lval {
	pt := p.Type()
	if !pt.IsPointer() || (pt.Elem.Kind != ir.Struct && pt.Elem.Kind != ir.Union) {
		panic(unsupported(pos, "member access in "+pt.String()))
	}
	name := x.Token2.SrcStr()
	st := pt.Elem
	if len(st.Fields) == 0 {
		if why := b.u.opaqueWhy[st]; why != "" {
			panic(unsupported(pos, why))
		}
		panic(unsupported(pos, "access to "+st.String()+" (incomplete)"))
	}
	path := st.MemberPath(name)
	if path == nil {
		panic(unsupported(pos, "member "+name+" of "+st.String()))
	}
	// through anonymous members: the chain of their addresses
	for _, i := range path[:len(path)-1] {
		d := b.newTemp(b.u.dm.PointerTo(st.Fields[i].Type))
		b.emit(&ir.FieldAddr{At: b.at(), Dst: d, Ptr: p, Field: i})
		p, st = d, st.Fields[i].Type
	}
	i := path[len(path)-1]
	f := &st.Fields[i]
	switch {
	case f.BitField && st.Kind == ir.Union && st.NumLeaves() == 0:
		// no member has leaves: the bytes are not modelled
		panic(unsupported(pos, fmt.Sprintf("access to bit-field %s of %s", name, st)))
	case f.BitField:
		return b.bitField(p, f, pos)
	case f.Flexible:
		panic(unsupported(pos, fmt.Sprintf("access to flexible array member %s of %s", name, st)))
	}
	d := b.newTemp(b.u.dm.PointerTo(f.Type))
	b.emit(&ir.FieldAddr{At: b.at(), Dst: d, Ptr: p, Field: i})
	return lval{ptr: d, typ: f.Type}
}

// addrOf returns the address of an lvalue.
func (b *funcBuilder) addrOf(l lval) ir.Value {
	if l.bf != nil {
		panic(b.unsupportedHere("address of a bit-field"))
	}
	if l.v == nil {
		return l.ptr
	}
	l.v.AddrTaken = true
	d := b.newTemp(b.u.dm.PointerTo(l.v.Typ))
	b.emit(&ir.AddrOf{At: b.at(), Dst: d, Var: l.v})
	return d
}

// decay returns a pointer to the first element of an array lvalue.
func (b *funcBuilder) decay(l lval, pos token.Position) ir.Value {
	if l.typ.Kind != ir.Array {
		panic(unsupported(pos, "decay of "+l.typ.String()))
	}
	a := b.addrOf(l)
	d := b.newTemp(b.u.dm.PointerTo(l.typ.Elem))
	b.emit(&ir.Conv{At: b.at(), Dst: d, X: a})
	return d
}

// load reads an lvalue. A volatile object is read by a statement of its
// own, marked, for every read.
func (b *funcBuilder) load(l lval) ir.Value {
	if l.v != nil {
		if !l.volatile {
			return l.v
		}
		d := b.newTemp(l.typ)
		b.emit(&ir.Copy{At: b.at(), Dst: d, Src: l.v, Volatile: true})
		return d
	}
	if l.typ.Kind == ir.Opaque {
		panic(b.unsupportedHere(fmt.Sprintf("%s value (%s)", opaqueWhat(l.typ), l.typ)))
	}
	if l.typ.Kind == ir.Array {
		panic("load of an array")
	}
	if l.bf != nil {
		return b.loadBits(l.bf)
	}
	d := b.newTemp(l.typ)
	b.emit(&ir.Load{At: b.at(), Dst: d, Ptr: l.ptr, Volatile: l.volatile})
	return d
}

// store writes v (of the lvalue's type) and returns the value stored.
func (b *funcBuilder) store(l lval, v ir.Value) ir.Value {
	if l.v != nil {
		return b.assign(l.v, v)
	}
	if l.typ.Kind == ir.Opaque {
		panic(b.unsupportedHere(fmt.Sprintf("%s store (%s)", opaqueWhat(l.typ), l.typ)))
	}
	if l.bf != nil {
		return b.storeBits(l.bf, v)
	}
	b.emit(&ir.Store{At: b.at(), Ptr: l.ptr, Src: v})
	return v
}

// ptrAdd emits p + i (p - i when neg) in units of the pointee type.
func (b *funcBuilder) ptrAdd(p, i ir.Value, neg bool, pos token.Position) ir.Value {
	if p.Type().Elem.Kind == ir.Void {
		panic(unsupported(pos, "arithmetic on void*"))
	}
	it := b.u.dm.Index()
	i = b.convert(i, it)
	if c, ok := i.(*ir.Const); ok && c.Bits == 0 {
		return p
	}
	if neg {
		if c, ok := i.(*ir.Const); ok {
			i = ir.NewConst(it, -c.Bits)
		} else {
			n := b.newTemp(it)
			b.emit(&ir.Unary{At: b.at(), Dst: n, Op: ir.Neg, X: i})
			i = n
		}
	}
	d := b.newTemp(p.Type())
	b.emit(&ir.PtrAdd{At: b.at(), Dst: d, Ptr: p, Index: i})
	return d
}

// arith lowers a binary arithmetic or bitwise operator (and pointer
// arithmetic for + and -).
func (b *funcBuilder) arith(op ir.Op, l, r, e cc.ExpressionNode) ir.Value {
	pos := e.Position()
	wideBitOp(op, l, r, false, pos)
	lv, rv := b.operands(l, r, op == ir.Add || op == ir.Mul || op == ir.And || op == ir.Or || op == ir.Xor)
	lt, rt := lv.Type(), rv.Type()
	switch {
	case lt.IsPointer() && rt.IsInteger() && (op == ir.Add || op == ir.Sub):
		return b.ptrAdd(lv, rv, op == ir.Sub, pos)
	case lt.IsInteger() && rt.IsPointer() && op == ir.Add:
		return b.ptrAdd(rv, lv, false, pos)
	case lt.IsPointer() && rt.IsPointer() && op == ir.Sub:
		if !ir.Identical(lt, rt) {
			panic(unsupported(pos, "difference of pointers of different types"))
		}
		if lt.Elem.Kind == ir.Void {
			panic(unsupported(pos, "arithmetic on void*"))
		}
		d := b.newTemp(b.u.dm.PtrDiff())
		b.emit(&ir.Binary{At: b.at(), Dst: d, Op: ir.Sub, X: lv, Y: rv})
		return d
	case lt.IsArithmetic() && rt.IsArithmetic():
		ct := usual(lt, rt)
		lv = b.convert(lv, ct)
		rv = b.convert(rv, ct)
		d := b.newTemp(ct)
		b.emit(&ir.Binary{At: b.at(), Dst: d, Op: op, X: lv, Y: rv})
		return d
	}
	panic(unsupported(pos, fmt.Sprintf("operator %s on %s and %s", op, lt, rt)))
}

// operands evaluates the operands of a binary operator, from left to
// right, except as gcc does for an operator it may swap (commutative, or
// a comparison, whose mirror it takes: commutative), whose left operand is
// a variable and right one has side effects: gcc's folding puts the
// variable last (tree_swap_operands_p), so that `s + next()` reads s
// after next() changed it.
func (b *funcBuilder) operands(l, r cc.ExpressionNode, commutative bool) (lv, rv ir.Value) {
	if commutative && !r.Pure() && isVariable(l) && !isVariable(r) {
		rv = b.rvalue(r)
		return b.rvalue(l), rv
	}
	lv = b.protect(b.rvalue(l), r)
	return lv, b.rvalue(r)
}

// isVariable reports whether e names a variable (a declaration: gcc's
// DECL_P), in parentheses or not.
func isVariable(e cc.ExpressionNode) bool {
	p, ok := unparen(e).(*cc.PrimaryExpression)
	if !ok || p.Case != cc.PrimaryExpressionIdent {
		return false
	}
	d, ok := p.ResolvedTo().(*cc.Declarator)
	return ok && d.Type() != nil && d.Type().Kind() != cc.Function
}

// shift lowers << and >>: the operands are promoted separately and the
// result has the promoted left type.
func (b *funcBuilder) shift(op ir.Op, l, r cc.ExpressionNode) ir.Value {
	wideBitOp(op, l, r, false, l.Position())
	lv := b.protect(b.rvalue(l), r)
	rv := b.rvalue(r)
	if !lv.Type().IsInteger() || !rv.Type().IsInteger() {
		panic(unsupported(l.Position(), "shift of non-integers"))
	}
	lt := promote(lv.Type())
	lv = b.convert(lv, lt)
	rv = b.convert(rv, promote(rv.Type()))
	d := b.newTemp(lt)
	b.emit(&ir.Binary{At: b.at(), Dst: d, Op: op, X: lv, Y: rv})
	return d
}

// compare lowers a comparison: int 0 or 1.
func (b *funcBuilder) compare(op ir.Op, l, r cc.ExpressionNode) ir.Value {
	pos := l.Position()
	wideBitOp(op, l, r, false, pos)
	lv, rv := b.operands(l, r, true)
	lv, rv = b.comparable(lv, rv, l, r, pos)
	d := b.newTemp(ir.IntType)
	b.bools[d] = true
	b.emit(&ir.Binary{At: b.at(), Dst: d, Op: op, X: lv, Y: rv})
	return d
}

// comparable converts the operands of a comparison to a common type.
func (b *funcBuilder) comparable(lv, rv ir.Value, l, r cc.ExpressionNode, pos token.Position) (ir.Value, ir.Value) {
	lt, rt := lv.Type(), rv.Type()
	switch {
	case lt.IsArithmetic() && rt.IsArithmetic():
		ct := usual(lt, rt)
		return b.convert(lv, ct), b.convert(rv, ct)
	case lt.IsPointer() && rt.IsPointer():
		switch {
		case ir.Identical(lt, rt):
		case isNullConst(rv):
			rv = &ir.Const{Typ: lt}
		case isNullConst(lv):
			lv = &ir.Const{Typ: rt}
		case lt.Elem.Kind == ir.Void:
			rv = b.convert(rv, lt)
		case rt.Elem.Kind == ir.Void:
			lv = b.convert(lv, rt)
		case ir.Identical(lt.Elem, rt.Elem):
			rv = b.convert(rv, lt)
		case lt.IsFuncPointer() || rt.IsFuncPointer():
			panic(unsupported(pos, fmt.Sprintf("comparison of %s and %s", lt, rt)))
		default:
			// distinct object pointer types (int* and unsigned int*,
			// char* and unsigned char*: Csmith's favourite): a
			// constraint violation gcc accepts with a warning,
			// comparing the addresses as after a cast of one to the
			// other's type
			rv = b.convert(rv, lt)
		}
		return lv, rv
	case lt.IsPointer() && rt.IsInteger() && r != nil && isNullPointerConstant(r):
		return lv, &ir.Const{Typ: lt}
	case lt.IsInteger() && rt.IsPointer() && l != nil && isNullPointerConstant(l):
		return &ir.Const{Typ: rt}, rv
	}
	panic(unsupported(pos, fmt.Sprintf("comparison of %s and %s", lt, rt)))
}

func isNullConst(v ir.Value) bool {
	c, ok := v.(*ir.Const)
	return ok && c.Bits == 0 && c.Typ.IsPointer()
}

// unary lowers the unary operators.
func (b *funcBuilder) unary(x *cc.UnaryExpression) ir.Value {
	pos := x.Position()
	switch x.Case {
	case cc.UnaryExpressionPostfix:
		return b.rvalue(x.PostfixExpression)
	case cc.UnaryExpressionInc:
		return b.incDec(x.UnaryExpression, ir.Add, false, true)
	case cc.UnaryExpressionDec:
		return b.incDec(x.UnaryExpression, ir.Sub, false, true)
	case cc.UnaryExpressionAddrof:
		o := unparen(x.CastExpression)
		if u, ok := o.(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionDeref {
			return b.rvalue(u.CastExpression) // &*p is p
		}
		if isFunction(o) {
			return b.funcPointer(o) // &f is f
		}
		return b.addrOf(b.lvalue(o))
	case cc.UnaryExpressionDeref:
		return b.load(b.lvalue(x))
	case cc.UnaryExpressionPlus, cc.UnaryExpressionMinus, cc.UnaryExpressionCpl:
		if bits, _ := wideBitField(x.CastExpression); bits != 0 && x.Case != cc.UnaryExpressionPlus {
			panic(unsupported(pos, fmt.Sprintf("unary %s with the %d-bit bit-field %s: gcc computes it in %d bits", x.Token.SrcStr(), bits, cc.NodeSource(bare(unparen(x.CastExpression))), bits)))
		}
		v := b.rvalue(x.CastExpression)
		if v.Type().IsFloat() && x.Case != cc.UnaryExpressionCpl {
			return b.floatSign(v, x.Case == cc.UnaryExpressionMinus)
		}
		if !v.Type().IsInteger() {
			panic(unsupported(pos, "arithmetic on "+v.Type().String()))
		}
		t := promote(v.Type())
		v = b.convert(v, t)
		switch x.Case {
		case cc.UnaryExpressionPlus:
			return v
		case cc.UnaryExpressionMinus:
			d := b.newTemp(t)
			b.emit(&ir.Unary{At: b.at(), Dst: d, Op: ir.Neg, X: v})
			return d
		}
		d := b.newTemp(t)
		b.emit(&ir.Unary{At: b.at(), Dst: d, Op: ir.BNot, X: v})
		return d
	case cc.UnaryExpressionNot:
		v := b.rvalue(x.CastExpression)
		if !v.Type().IsScalar() {
			panic(unsupported(pos, "! on "+v.Type().String()))
		}
		if v.Type().IsFloat() {
			// !x is x == 0 (a NaN is not 0)
			v = b.nonZero(v)
		}
		d := b.newTemp(ir.IntType)
		b.bools[d] = true
		b.emit(&ir.Unary{At: b.at(), Dst: d, Op: ir.LNot, X: v})
		return d
	case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
		if c, ok := b.constOf(x, b.exprType(x)); ok {
			return c
		}
		if x.Case == cc.UnaryExpressionSizeofExpr {
			if n := b.vlaSizeof(x.UnaryExpression); n != nil {
				return b.convert(n, b.exprType(x))
			}
		}
		if x.Case == cc.UnaryExpressionSizeofType {
			if n := b.vlaTypeSize(x.TypeName.Type(), pos); n != nil {
				return b.convert(n, b.exprType(x))
			}
		}
		panic(unsupported(pos, "sizeof of a variable-length array"))
	case cc.UnaryExpressionLabelAddr:
		panic(unsupported(pos, "address of a label (computed goto)"))
	case cc.UnaryExpressionImag, cc.UnaryExpressionReal:
		panic(unsupported(pos, "complex numbers"))
	}
	panic(unsupported(pos, fmt.Sprintf("unary %v", x.Case)))
}

// cast lowers an explicit conversion.
func (b *funcBuilder) cast(x *cc.CastExpression) ir.Value {
	pos := x.Position()
	tt := x.Type()
	if tt.Kind() == cc.Void {
		b.discard(x.CastExpression)
		return nil
	}
	t := b.u.irType(tt, pos)
	e := x.CastExpression
	v := b.rvalue(e)
	vt := v.Type()
	switch {
	case ir.Identical(vt, t):
		return v
	case t.IsArithmetic() && vt.IsArithmetic():
		return b.convert(v, t)
	case t.IsPointer() && vt.IsPointer():
		checkPtrConv(vt, t, pos, "cast")
		return b.convert(v, t)
	case t.IsPointer() && vt.IsInteger():
		if isNullPointerConstant(e) {
			return &ir.Const{Typ: t}
		}
		panic(unsupported(pos, "cast from integer to pointer"))
	case t.Kind == ir.Bool && vt.IsPointer():
		return b.convert(v, t)
	case t.IsInteger() && vt.IsPointer():
		if vt.IsFuncPointer() {
			panic(unsupported(pos, "cast from function pointer to integer"))
		}
		// the pointer's address: alignment tests, comparisons
		return b.convert(v, t)
	}
	panic(unsupported(pos, fmt.Sprintf("cast from %s to %s", vt, t)))
}

// incDec lowers ++ and -- (post when post), as x = x op 1 computed in the
// promoted type. It returns the old value for post, the new one otherwise,
// nil when !want.
func (b *funcBuilder) incDec(e cc.ExpressionNode, op ir.Op, post, want bool) ir.Value {
	pos := e.Position()
	l := b.lvalue(e)
	old := b.load(l)
	if post && want && l.v != nil {
		t := b.newTemp(l.typ)
		b.emit(&ir.Copy{At: b.at(), Dst: t, Src: old})
		old = t
	}
	var nv ir.Value
	switch {
	case l.typ.IsPointer():
		nv = b.ptrAdd(old, ir.NewConst(b.u.dm.Index(), 1), op == ir.Sub, pos)
	case l.typ.IsInteger():
		if bits, signed := wideBitField(e); bits != 0 && signed {
			panic(unsupported(pos, fmt.Sprintf("%s with the %d-bit bit-field %s: gcc computes it in %d bits", op, bits, cc.NodeSource(bare(unparen(e))), bits)))
		}
		ct := promote(old.Type()) // a bit-field's value type (bitType)
		a := b.convert(old, ct)
		d := b.newTemp(ct)
		b.emit(&ir.Binary{At: b.at(), Dst: d, Op: op, X: a, Y: ir.NewConst(ct, 1)})
		nv = b.convert(d, l.typ)
	case l.typ.IsFloat():
		d := b.newTemp(l.typ)
		b.emit(&ir.Binary{At: b.at(), Dst: d, Op: op, X: old, Y: ir.FloatConst(l.typ, 1)})
		nv = d
	default:
		panic(unsupported(pos, "++/-- on "+l.typ.String()))
	}
	nv = b.store(l, nv)
	if !want {
		return nil
	}
	if post {
		return old
	}
	return nv
}

var compoundOps = map[cc.AssignmentExpressionCase]ir.Op{
	cc.AssignmentExpressionMul: ir.Mul, cc.AssignmentExpressionDiv: ir.Div,
	cc.AssignmentExpressionMod: ir.Rem, cc.AssignmentExpressionAdd: ir.Add,
	cc.AssignmentExpressionSub: ir.Sub, cc.AssignmentExpressionLsh: ir.Shl,
	cc.AssignmentExpressionRsh: ir.Shr, cc.AssignmentExpressionAnd: ir.And,
	cc.AssignmentExpressionXor: ir.Xor, cc.AssignmentExpressionOr: ir.Or,
}

// assignment lowers = and the compound assignments.
func (b *funcBuilder) assignment(x *cc.AssignmentExpression, want bool) ir.Value {
	pos := x.Position()
	switch x.Case {
	case cc.AssignmentExpressionCond:
		return b.rvalue(x.ConditionalExpression)
	case cc.AssignmentExpressionAssign:
		if rhsFirst(x, false) {
			v := b.protect(b.rvalue(x.AssignmentExpression), x.UnaryExpression)
			l := b.lvalue(x.UnaryExpression)
			if l.typ.Kind == ir.Array {
				panic(unsupported(pos, "array assignment"))
			}
			return b.store(l, b.convertAssign(v, l.typ, x.AssignmentExpression, "assignment"))
		}
		l := b.lvalue(x.UnaryExpression)
		if l.typ.Kind == ir.Array {
			panic(unsupported(pos, "array assignment"))
		}
		v := b.rvalue(x.AssignmentExpression)
		v = b.convertAssign(v, l.typ, x.AssignmentExpression, "assignment")
		return b.store(l, v)
	}
	op, ok := compoundOps[x.Case]
	if !ok {
		panic(unsupported(pos, fmt.Sprintf("assignment %v", x.Case)))
	}
	wideBitOp(op, x.UnaryExpression, x.AssignmentExpression, true, pos)
	var rv ir.Value
	if rhsFirst(x, true) {
		rv = b.protect(b.rvalue(x.AssignmentExpression), x.UnaryExpression)
	}
	l := b.lvalue(x.UnaryExpression)
	old := b.load(l)
	if rv == nil {
		if l.v != nil {
			old = b.protect(old, x.AssignmentExpression)
		}
		rv = b.rvalue(x.AssignmentExpression)
	}
	var nv ir.Value
	switch {
	case l.typ.IsPointer() && rv.Type().IsInteger() && (op == ir.Add || op == ir.Sub):
		nv = b.ptrAdd(old, rv, op == ir.Sub, pos)
	case l.typ.IsArithmetic() && rv.Type().IsArithmetic():
		var ct *ir.Type
		var a, c ir.Value
		// old has the type of the lvalue's value: a bit-field's (int
		// for one narrower than int, whatever its declared type, as gcc
		// promotes it: bitType)
		if op == ir.Shl || op == ir.Shr {
			ct = promote(old.Type())
			a, c = b.convert(old, ct), b.convert(rv, promote(rv.Type()))
		} else {
			ct = usual(old.Type(), rv.Type())
			a, c = b.convert(old, ct), b.convert(rv, ct)
		}
		d := b.newTemp(ct)
		b.emit(&ir.Binary{At: b.at(), Dst: d, Op: op, X: a, Y: c})
		nv = b.convert(d, l.typ)
	default:
		panic(unsupported(pos, fmt.Sprintf("compound assignment %s= on %s and %s", op, l.typ, rv.Type())))
	}
	return b.store(l, nv)
}

// rhsFirst reports whether the right operand of assignment x is
// evaluated before its left one, in the order C leaves unspecified, as
// gcc does (its gimplifier): a right operand with side effects first
// (`arr[s] = next() * 10` stores into arr[1] when next makes s 1; `s +=
// next()` reads s after next), unless
// it is a bare call of a simple assignment, which gcc makes last
// (`*slot() = next()`: slot's side effects first). A right operand
// without side effects is independent of the order.
func rhsFirst(x *cc.AssignmentExpression, compound bool) bool {
	r := x.AssignmentExpression
	if r.Pure() || isVariable(x.UnaryExpression) && !compound {
		return false // no order to choose: a variable's store comes last
	}
	if p, ok := unparen(r).(*cc.PostfixExpression); ok && p.Case == cc.PostfixExpressionCall && !compound {
		return false
	}
	return true
}

// call lowers a function call. want says whether the value is used.
func (b *funcBuilder) call(x *cc.PostfixExpression, want bool) ir.Value {
	pos := x.Position()
	callee := unparen(x.PostfixExpression)
	var args []cc.ExpressionNode
	for l := x.ArgumentExpressionList; l != nil; l = l.ArgumentExpressionList {
		args = append(args, l.AssignmentExpression)
	}
	id, ok := callee.(*cc.PrimaryExpression)
	var d *cc.Declarator
	if ok && id.Case == cc.PrimaryExpressionIdent {
		d, _ = id.ResolvedTo().(*cc.Declarator)
	}
	if d == nil || d.Type() == nil || d.Type().Kind() != cc.Function {
		return b.indirectCall(x, callee, args, want)
	}
	name := d.Name()
	switch name {
	case "__inka_assert":
		b.assertion(args[0], id)
		return nil
	case "__inka_require":
		if libc.IsModelFile(d.Position().Filename) {
			b.require(args, pos)
			return nil
		}
	case "__builtin_expect":
		v := b.rvalue(args[0])
		b.discard(args[1])
		return v
	}
	if c, ok := b.floatBuiltin(name, args); ok {
		return c
	}
	if v, ok := b.classifyBuiltin(name, args, pos); ok {
		return v
	}
	if v, ok := b.bitBuiltin(name, args, pos); ok {
		return v
	}
	if b.u.testComp {
		switch name {
		case "reach_error", "__VERIFIER_error":
			b.errorCall(x, name, args)
			return nil
		case "__VERIFIER_assume":
			if len(args) != 1 {
				panic(unsupported(pos, fmt.Sprintf("call of %s with %d arguments for 1 parameter", name, len(args))))
			}
			b.assume(args[0], pos)
			return nil
		}
	}
	if v, ok := b.output(name, args, pos, want); ok {
		return v
	}
	call := &ir.Call{}
	var params []*ir.Type
	var resT *ir.Type
	fd := b.u.defs[name]
	if fd == nil {
		fd = b.u.model(name, args)
	}
	if fd != nil {
		call.Func = b.pb.funcRef(fd)
		for _, p := range call.Func.Params {
			params = append(params, p.Typ)
		}
		resT = call.Func.ResultTyp
		if len(args) < len(params) {
			panic(unsupported(pos, fmt.Sprintf("call of %s with %d arguments for %d parameters", name, len(args), len(params))))
		}
	} else {
		call.Extern = b.pb.extern(d, pos)
		params = call.Extern.Params
		resT = call.Extern.Result
		if !call.Extern.Variadic && len(args) != len(params) && len(params) > 0 {
			panic(unsupported(pos, fmt.Sprintf("call of %s with %d arguments for %d parameters", name, len(args), len(params))))
		}
	}
	b.callArgs(call, args, params)
	if call.Extern != nil && call.Extern.System {
		checkFormat(call, args, pos)
	}
	if call.Extern != nil && len(params) == 0 && !call.Extern.Variadic && len(args) > 0 {
		// an unprototyped declaration: the arguments give the parameters
		for _, a := range call.Args {
			call.Extern.Params = append(call.Extern.Params, a.Type())
		}
	}
	return b.emitCall(call, pos, resT, want)
}

// callArgs lowers the arguments of a call, converted to the parameters'
// types (promoted past them, for a variadic callee).
//
// gcc evaluates them from the last to the first (x86's
// PUSH_ARGS_REVERSED, in its gimplifier, at every -O), an order C leaves
// unspecified: `pair(next(), next())` is pair(2, 1) compiled by gcc.
func (b *funcBuilder) callArgs(call *ir.Call, args []cc.ExpressionNode, params []*ir.Type) {
	vals := make([]ir.Value, len(args))
	for i := len(args) - 1; i >= 0; i-- {
		a := args[i]
		if call.Func != nil && i >= len(params) {
			// an argument of a function defined without a prototype
			// that has no parameter for it: evaluated, not passed
			b.discard(a)
			continue
		}
		v := b.rvalue(a)
		if i < len(params) {
			v = b.convertAssign(v, params[i], a, "argument")
		} else if !v.Type().IsScalar() && !v.Type().IsAggregate() {
			panic(unsupported(a.Position(), fmt.Sprintf("argument of type %s", v.Type())))
		} else if v.Type().IsInteger() {
			v = b.convert(v, promote(v.Type()))
		} else if v.Type().Kind == ir.Float {
			v = b.convert(v, ir.DoubleType) // the default argument promotions
		}
		if i > 0 {
			v = b.protect(v, args[:i]...)
		}
		vals[i] = v
	}
	for _, v := range vals {
		if v != nil {
			call.Args = append(call.Args, v)
		}
	}
}

// emitCall emits call at pos with a destination of type resT when its value
// is used (or is an aggregate), and returns that destination.
func (b *funcBuilder) emitCall(call *ir.Call, pos token.Position, resT *ir.Type, want bool) ir.Value {
	b.setPos(pos)
	call.At = b.at()
	if resT.Kind != ir.Void && (want || resT.IsAggregate()) {
		call.Dst = b.newTemp(resT)
	}
	b.emit(call)
	if call.Dst == nil {
		return nil
	}
	return call.Dst
}

// checkFormat refuses a call of the printf family that may write through
// a pointer argument (ir.PrintfFormat): a %n conversion, or a format that
// is not a string literal with pointers among the arguments.
func checkFormat(call *ir.Call, args []cc.ExpressionNode, pos token.Position) {
	k := ir.PrintfFormat(call.Extern.Name)
	if k < 0 || k >= len(args) {
		return
	}
	pointers := false
	for _, a := range call.Args[k+1:] {
		pointers = pointers || a.Type().IsPointer()
	}
	lit, ok := unparen(args[k]).(*cc.PrimaryExpression)
	if !ok || lit.Case != cc.PrimaryExpressionString {
		if pointers {
			panic(unsupported(pos, call.Extern.Name+" with a format that is not a string literal and pointer arguments (a %n would write)"))
		}
		return
	}
	f, _ := lit.Value().(cc.StringValue)
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		i++
		for i < len(f) && strings.IndexByte("-+ #0123456789.*hljztL'", f[i]) >= 0 {
			i++
		}
		if i < len(f) && f[i] == 'n' {
			panic(unsupported(pos, call.Extern.Name+" with a %n conversion (it writes through its argument)"))
		}
	}
}

// indirectCall lowers a call through a function pointer: `fp(a)`,
// `(*fp)(a)`, `ops->handler(a)`, `table[i](a)`. The callee is evaluated
// first, then the arguments, left to right.
func (b *funcBuilder) indirectCall(x *cc.PostfixExpression, callee cc.ExpressionNode, args []cc.ExpressionNode, want bool) ir.Value {
	pos := x.Position()
	var fp ir.Value
	if isFunction(callee) {
		fp = b.funcPointer(callee)
	} else {
		fp = b.rvalue(callee)
	}
	if !fp.Type().IsFuncPointer() {
		panic(unsupported(pos, "call of "+fp.Type().String()))
	}
	ft := fp.Type().Elem
	if len(ft.Params) == 0 && !ft.Variadic && len(args) > 0 {
		panic(unsupported(pos, "call through a pointer to a function without a prototype"))
	}
	if len(args) < len(ft.Params) || len(args) > len(ft.Params) && !ft.Variadic {
		panic(unsupported(pos, fmt.Sprintf("call with %d arguments for %d parameters", len(args), len(ft.Params))))
	}
	if len(args) > 0 {
		fp = b.protect(fp, args...)
	}
	call := &ir.Call{Ptr: fp}
	b.callArgs(call, args, ft.Params)
	return b.emitCall(call, pos, ft.Elem, want)
}

// isFunction reports whether e has a function type: a function
// designator (a function's name, `*fp`), before its decay to a pointer.
func isFunction(e cc.ExpressionNode) bool {
	t := e.Type()
	if t == nil {
		return false
	}
	return t.Kind() == cc.Function || t.Undecay().Kind() == cc.Function && isDesignator(e)
}

// funcPointer lowers a function designator to the function pointer it
// decays to: the address of the function object of a function's name, the
// pointer fp for `*fp`.
func (b *funcBuilder) funcPointer(e cc.ExpressionNode) ir.Value {
	e = bare(e)
	switch x := unparen(e).(type) {
	case *cc.PrimaryExpression:
		if d, ok := x.ResolvedTo().(*cc.Declarator); ok && x.Case == cc.PrimaryExpressionIdent && d.Type().Kind() == cc.Function {
			fv := b.pb.funcObj(d, x.Position())
			fv.AddrTaken = true
			t := b.newTemp(b.u.dm.PointerTo(fv.Typ))
			b.emit(&ir.AddrOf{At: b.at(), Dst: t, Var: fv})
			return t
		}
	case *cc.UnaryExpression:
		if x.Case == cc.UnaryExpressionDeref {
			return b.rvalue(x.CastExpression) // *fp designates the function fp points to
		}
	}
	panic(unsupported(e.Position(), "function designator "+cc.NodeSource(e)))
}

// assertion lowers assert(e): an Assert with a decision located at the
// macro argument.
func (b *funcBuilder) assertion(e cc.ExpressionNode, id *cc.PrimaryExpression) {
	start, end, text, ok := b.assertArg(id)
	if ok {
		b.remapTokens(e, start)
		defer func() { b.remap = nil }()
	}
	var d *ir.Decision
	if ok {
		d = &ir.Decision{Kind: ir.DecAssert, Pos: start, End: end, Text: text, Outcomes: []string{"true", "false"}, Func: b.f}
		b.f.Decisions = append(b.f.Decisions, d)
	} else {
		d = b.decision(ir.DecAssert, e, "true", "false")
	}
	c := b.decisionValue(d, e)
	b.emit(&ir.Assert{At: b.at(), Cond: c, Dec: &ir.DecRef{D: d, True: 0, False: 1}})
}

// exposed reports whether a variable may be modified other than by its
// name: a global, a static, or a local whose address is taken.
func (b *funcBuilder) exposed(v *ir.Var) bool {
	if v.IsGlobal() || v.AddrTaken {
		return true
	}
	d := b.decls[v]
	return d == nil || d.AddressTaken()
}

// mayModify reports whether evaluating e may modify v.
func (b *funcBuilder) mayModify(e cc.ExpressionNode, v *ir.Var) bool {
	found := false
	var walk func(n cc.ExpressionNode)
	target := func(n cc.ExpressionNode) {
		if id, ok := unparen(n).(*cc.PrimaryExpression); ok && id.Case == cc.PrimaryExpressionIdent {
			if d, ok := id.ResolvedTo().(*cc.Declarator); ok && b.vars[d] == v {
				found = true
			}
			return
		}
		if b.exposed(v) {
			found = true // a store through memory
		}
	}
	walk = func(n cc.ExpressionNode) {
		if n == nil || found {
			return
		}
		switch x := n.(type) {
		case *cc.AssignmentExpression:
			if x.Case != cc.AssignmentExpressionCond {
				target(x.UnaryExpression)
			}
		case *cc.PostfixExpression:
			switch x.Case {
			case cc.PostfixExpressionInc, cc.PostfixExpressionDec:
				target(x.PostfixExpression)
			case cc.PostfixExpressionCall:
				if b.exposed(v) {
					found = true
				}
			case cc.PostfixExpressionComplit:
				found = true
			}
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionInc || x.Case == cc.UnaryExpressionDec {
				target(x.UnaryExpression)
			}
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionStmt {
				found = true
			}
		}
		for _, c := range subExpressions(n) {
			walk(c)
		}
	}
	walk(e)
	return found
}

var exprNodeType = reflect.TypeOf((*cc.ExpressionNode)(nil)).Elem()

// subExpressions returns the operands of an expression node.
func subExpressions(n cc.ExpressionNode) []cc.ExpressionNode {
	var r []cc.ExpressionNode
	v := reflect.ValueOf(n)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return nil
	}
	v = v.Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		if !v.Type().Field(i).IsExported() {
			continue
		}
		switch {
		case f.Type() == exprNodeType:
			if !f.IsNil() {
				r = append(r, f.Interface().(cc.ExpressionNode))
			}
		case f.Type() == reflect.TypeOf((*cc.ArgumentExpressionList)(nil)):
			for l := f.Interface().(*cc.ArgumentExpressionList); l != nil; l = l.ArgumentExpressionList {
				r = append(r, l.AssignmentExpression)
			}
		case f.Type() == reflect.TypeOf((*cc.ExpressionList)(nil)):
			if l := f.Interface().(*cc.ExpressionList); l != nil {
				r = append(r, l)
			}
		}
	}
	return r
}

// isDesignator reports whether e designates an object or a function (an
// lvalue whose array or function type decays in value position).
func isDesignator(e cc.ExpressionNode) bool {
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionIdent, cc.PrimaryExpressionString, cc.PrimaryExpressionLString:
			return true
		case cc.PrimaryExpressionExpr:
			return isDesignator(x.ExpressionList)
		case cc.PrimaryExpressionGeneric:
			if a := x.GenericSelection.Associated(); a != nil {
				return isDesignator(a.AssignmentExpression)
			}
		}
	case *cc.PostfixExpression:
		switch x.Case {
		case cc.PostfixExpressionIndex, cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect, cc.PostfixExpressionComplit:
			return true
		case cc.PostfixExpressionPrimary:
			return isDesignator(x.PrimaryExpression)
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionDeref:
			return true
		case cc.UnaryExpressionPostfix:
			return isDesignator(x.PostfixExpression)
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionUnary {
			return isDesignator(x.UnaryExpression)
		}
	}
	return false
}

// compoundLiteral lowers (T){...} to an unnamed local initialized where
// the literal appears (C11 6.5.2.5: automatic storage in a function).
func (b *funcBuilder) compoundLiteral(x *cc.PostfixExpression) lval {
	pos := x.Position()
	t := b.u.irType(x.Type().Undecay(), pos)
	b.ncl++
	v := b.pb.newVar(b.localName(fmt.Sprintf(".lit%d", b.ncl)), t, ir.Local, irPos(pos), b.f)
	b.f.Locals = append(b.f.Locals, v)
	init := &cc.Initializer{Case: cc.InitializerInitList, InitializerList: x.InitializerList}
	b.localInit(v, init)
	return lval{v: v, typ: t}
}
