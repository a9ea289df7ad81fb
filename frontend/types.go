package frontend

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/inka-tool/inka/ir"
)

// intKinds are the IR kinds of the integer types whose layout depends on
// the data model.
var intKinds = map[cc.Kind]ir.Kind{cc.Long: ir.Long, cc.ULong: ir.ULong, cc.LongLong: ir.LongLong, cc.ULongLong: ir.ULongLong}

// irType converts a C type to the IR. Typedefs are resolved, qualifiers
// dropped (declType adds those of a declaration), enums become their
// underlying integer type with the enum tag in Type.Tag. pos locates the
// error for an unsupported type.
func (u *Unit) irType(t cc.Type, pos token.Position) *ir.Type {
	if t == nil {
		panic(unsupported(pos, "untyped expression"))
	}
	switch t.Kind() {
	case cc.Void:
		return ir.VoidType
	case cc.Bool:
		return ir.BoolType
	case cc.Char, cc.SChar:
		return ir.CharType
	case cc.UChar:
		return ir.UCharType
	case cc.Short:
		return ir.ShortType
	case cc.UShort:
		return ir.UShortType
	case cc.Int:
		return ir.IntType
	case cc.UInt:
		return ir.UIntType
	case cc.Long, cc.ULong, cc.LongLong, cc.ULongLong:
		return u.dm.IntType(intKinds[t.Kind()])
	case cc.Enum:
		et := t.(*cc.EnumType)
		ut := u.irType(et.UnderlyingType(), pos)
		tg := et.Tag()
		if tag := tg.SrcStr(); tag != "" {
			c := *ut
			c.Tag = tag
			return &c
		}
		return ut
	case cc.Ptr:
		elem := t.(*cc.PointerType).Elem()
		if ft, ok := elem.(*cc.FunctionType); ok {
			return u.dm.PointerTo(u.funcType(ft, pos))
		}
		return u.dm.PointerTo(u.pointee(elem, pos))
	case cc.Array:
		at := t.(*cc.ArrayType)
		if at.IsVLA() {
			panic(unsupported(pos, "variable-length array"))
		}
		if at.Len() < 0 || at.IsIncomplete() {
			panic(unsupported(pos, "array of unknown size"))
		}
		n, why := u.arrayLen(at)
		a := ir.ArrayOf(u.irType(at.Elem(), pos), n)
		if n := a.NumLeaves(); n > maxLeaves {
			panic(unsupported(pos, fmt.Sprintf("object too large (%d scalar elements, at most %d)", n, maxLeaves)))
		}
		if why != "" {
			u.mislaid[a] = why // cc's sizeof of it is cc's
		}
		return a
	case cc.Struct, cc.Union:
		return u.structType(t, pos)
	case cc.Float, cc.Float32:
		return ir.FloatType
	case cc.Double, cc.Float64:
		return u.dm.Double()
	case cc.LongDouble, cc.Float16, cc.Float32x,
		cc.Float64x, cc.Float128, cc.Float128x, cc.BFloat16,
		cc.Decimal32, cc.Decimal64, cc.Decimal128,
		cc.ComplexChar, cc.ComplexDouble, cc.ComplexFloat, cc.ComplexFloat16,
		cc.ComplexInt, cc.ComplexLong, cc.ComplexLongDouble, cc.ComplexLongLong,
		cc.ComplexShort, cc.ComplexUInt, cc.ComplexUShort,
		cc.Int128, cc.UInt128:
		return u.opaqueType(t)
	case cc.Function:
		panic(unsupported(pos, "function type used as a value"))
	}
	panic(unsupported(pos, "type "+t.String()))
}

// opaqueType returns the Opaque type standing for a C type inka does not
// model (long double, _Float128 and the other floating-point types but
// float and double, complex or 128-bit integer types), with cc's size and
// alignment (gcc's).
func (u *Unit) opaqueType(t cc.Type) *ir.Type {
	return ir.OpaqueOf(spell(t), t.Size(), int64(t.Align()))
}

// opaqueWhat names the kind of construct an Opaque type stands for, in
// the messages of Unsupported statements.
func opaqueWhat(t *ir.Type) string {
	switch {
	case strings.Contains(t.Tag, "_Complex"):
		return "complex"
	case strings.Contains(t.Tag, "__int128"):
		return "128-bit integer"
	}
	return "floating-point"
}

// funcType converts a function type: its result, its parameters (arrays
// and functions adjusted to pointers), variadic or not. A function
// declared without a prototype, `int f()`, has no parameters.
func (u *Unit) funcType(ft *cc.FunctionType, pos token.Position) *ir.Type {
	res := ir.VoidType
	if r := ft.Result(); r.Kind() != cc.Void {
		res = u.irType(r, pos)
		if res.Kind == ir.Array {
			panic(unsupported(pos, "function returning an array"))
		}
	}
	var params []*ir.Type
	for _, p := range ft.Parameters() {
		if p.Type().Kind() == cc.Void {
			continue
		}
		params = append(params, u.irType(p.Type().Decay(), pos))
	}
	return ir.FuncType(res, params, ft.IsVariadic())
}

// maxLeaves bounds the number of scalar leaves of an object: the
// interpreter and the constraint model represent each.
const maxLeaves = 1 << 20

// pointee converts the type a pointer points to. A struct or union that
// cannot be converted (incomplete, or with unsupported members) becomes an
// opaque struct without fields: the pointer can be passed around, and the
// error is reported only if the program accesses the object.
func (u *Unit) pointee(t cc.Type, pos token.Position) (r *ir.Type) {
	switch t.Kind() {
	case cc.Struct, cc.Union:
		defer func() {
			if e := recover(); e != nil {
				if _, ok := e.(*Error); !ok {
					panic(e)
				}
				r = u.opaque(t)
				if u.opaqueWhy == nil {
					u.opaqueWhy = map[*ir.Type]string{}
				}
				u.opaqueWhy[r] = strings.TrimPrefix(e.(*Error).Msg, "unsupported: ")
			}
		}()
		return u.structType(t, pos)
	}
	return u.irType(t, pos)
}

func tagOf(t cc.Type) string {
	var tg cc.Token
	switch x := t.(type) {
	case *cc.StructType:
		tg = x.Tag()
	case *cc.UnionType:
		tg = x.Tag()
	}
	return tg.SrcStr()
}

// structKey identifies a struct or union type across the clones cc makes of
// it (qualified versions, typedefs).
func structKey(t cc.Type) any {
	var f *cc.Field
	var n int
	switch x := t.(type) {
	case *cc.StructType:
		n = x.NumFields()
		if n > 0 {
			f = x.FieldByIndex(0)
		}
	case *cc.UnionType:
		n = x.NumFields()
		if n > 0 {
			f = x.FieldByIndex(0)
		}
	}
	if f != nil && f.Declarator() != nil {
		return f.Declarator()
	}
	return t
}

type opaqueKey struct {
	kind cc.Kind
	tag  string
}

func (u *Unit) opaque(t cc.Type) *ir.Type {
	k := opaqueKey{t.Kind(), tagOf(t)}
	if r, ok := u.types[k]; ok {
		return r
	}
	var r *ir.Type
	if t.Kind() == cc.Union {
		r = ir.NewUnion(k.tag, nil)
	} else {
		r = ir.NewStruct(k.tag, nil)
	}
	u.types[k] = r
	return r
}

func (u *Unit) structType(t cc.Type, pos token.Position) *ir.Type {
	key := structKey(t)
	if r, ok := u.types[key]; ok {
		if r == nil {
			panic(fmt.Sprintf("struct type %v contains itself", t))
		}
		return r
	}
	if t.IsIncomplete() || t.Size() < 0 {
		panic(unsupported(pos, "incomplete type "+typeName(t)))
	}
	var n int
	var field func(int) *cc.Field
	isUnion := t.Kind() == cc.Union
	switch x := t.(type) {
	case *cc.StructType:
		n, field = x.NumFields(), x.FieldByIndex
	case *cc.UnionType:
		n, field = x.NumFields(), x.FieldByIndex
	}
	if n == 0 {
		panic(unsupported(pos, "struct or union without members"))
	}
	// A placeholder breaks the recursion through pointers: the layout of a
	// pointer does not depend on its pointee.
	r := &ir.Type{}
	u.types[key] = r
	ok := false
	defer func() {
		if !ok {
			delete(u.types, key)
		}
	}()
	fields := make([]ir.Field, 0, n)
	for i := 0; i < n; i++ {
		f := field(i)
		irf := ir.Field{Name: f.Name()}
		switch {
		case f.IsBitfield():
			irf.Type = u.irType(f.Type(), pos)
			irf.BitField, irf.Bits = true, f.ValueBits()
		case f.IsFlexibleArrayMember():
			irf.Type = ir.ArrayOf(u.irType(f.Type().(*cc.ArrayType).Elem(), pos), 0)
			irf.Flexible = true
		default:
			irf.Type = u.declType(f.Type(), u.quals.typeOf(f.Declarator()), pos)
		}
		if irf.Anonymous() && holdsBitField(irf.Type) {
			// its bit-field bytes' leaves would be named after the
			// enclosing object's path, whose own ones they may meet
			panic(unsupported(pos, "bit-field in an anonymous struct or union member of "+typeName(t)))
		}
		u.memberAttrs(f, &irf, pos)
		fields = append(fields, irf)
	}
	// gcc's layout under #pragma pack, the packed and aligned attributes
	// (pragma.go, attrs.go)
	l, found := u.layoutOf(t)
	var built *ir.Type
	if isUnion {
		built = ir.NewUnionLayout(tagOf(t), fields, l)
	} else {
		built = ir.NewStructLayout(tagOf(t), fields, l)
	}
	if why := ccLayoutDiffers(built, t, field); why != "" {
		// cc lays out bit-fields otherwise, ignores #pragma pack and the
		// packed attribute, and so lays out otherwise a struct holding
		// such a one; any other difference comes from something
		// ir.NewStructLayout does not model.
		explained := l.Pack > 0 || l.Packed || l.Align > 0
		for _, f := range fields {
			explained = explained || f.BitField || f.Packed || f.Align > 0 || u.mislaidIn(f.Type) != ""
		}
		if !explained || (!found && u.mayBeAttributed(t)) {
			panic(unsupported(pos, fmt.Sprintf("layout of %s (%s: attributes inka does not model)", typeName(t), why)))
		}
		u.mislaid[r] = why
	}
	*r = *built
	ok = true
	return r
}

// ccLayoutDiffers says where cc's layout of t differs from built's (gcc's,
// checked against gcc by layout_test.go), or "". cc folds sizeof and
// offsetof and places initializers with its own layout: inka cannot use
// those of such a type (see Unit.mislaid).
func ccLayoutDiffers(built *ir.Type, t cc.Type, field func(int) *cc.Field) string {
	for i := range built.Fields {
		bf, cf := &built.Fields[i], field(i)
		if bf.BitField && (bf.Bits == 0 || bf.Name == "") {
			continue // no bits to read
		}
		if got, want := bf.Offset*8+bf.BitOff, cf.Offset()*8+int64(cf.OffsetBits()); got != want {
			name := bf.Name
			if bf.Anonymous() {
				name = fmt.Sprintf("%d (anonymous)", i+1)
			}
			return fmt.Sprintf("member %s at bit %d for gcc, %d for cc", name, got, want)
		}
	}
	if built.Size() != t.Size() || built.Align() != int64(t.Align()) {
		return fmt.Sprintf("size %d align %d for gcc, %d %d for cc", built.Size(), built.Align(), t.Size(), t.Align())
	}
	return ""
}

// arrayLen returns the length of array type at as gcc computes it: cc's,
// unless its size expression depends on a layout cc computes otherwise
// (`char buf[sizeof(struct p)]`, `int a[offsetof(struct q, x)]`), where it
// is evaluated again with gcc's (layoutConst), and why cc's differs (""
// when it does not). It panics with an unsupported error at the
// expression where it cannot be.
func (u *Unit) arrayLen(at *cc.ArrayType) (int64, string) {
	n, e := at.Len(), at.SizeExpression()
	if e == nil || u.ccLayoutOK(e) {
		return n, ""
	}
	v, ok := u.layoutConst(e)
	if !ok || int64(v) < 0 || int64(v) > 1<<40 {
		panic(unsupported(e.Position(), "array length computed with cc's layout: "+cc.NodeSource(e)))
	}
	if int64(v) == n {
		return n, ""
	}
	return int64(v), fmt.Sprintf("length %d for gcc, %d for cc", v, n)
}

// mislaidIn returns why cc's layout of a struct or union held by an
// object of type t (in a member or an element, not behind a pointer)
// differs from gcc's, or "".
func (u *Unit) mislaidIn(t *ir.Type) string {
	switch t.Kind {
	case ir.Array:
		if why := u.mislaid[t]; why != "" {
			return fmt.Sprintf("%s (%s)", t, why)
		}
		return u.mislaidIn(t.Elem)
	case ir.Struct, ir.Union:
		if why := u.mislaid[t]; why != "" {
			return fmt.Sprintf("%s (%s)", t, why)
		}
		if (t.Const || t.Volatile) && len(t.Fields) > 0 {
			// a qualified copy (ir.Unqualified's inverse) shares the
			// members of the type it qualifies
			for k, why := range u.mislaid {
				if len(k.Fields) > 0 && &k.Fields[0] == &t.Fields[0] {
					return fmt.Sprintf("%s (%s)", t, why)
				}
			}
		}
		for _, f := range t.Fields {
			if why := u.mislaidIn(f.Type); why != "" {
				return why
			}
		}
	}
	return ""
}

// gccLayoutConst returns the value of e when it is sizeof or _Alignof of
// a type cc lays out otherwise than gcc: gcc's (ir's) size or alignment,
// where cc folded its own.
func (u *Unit) gccLayoutConst(e cc.ExpressionNode) (uint64, bool) {
	x, ok := unparen(e).(*cc.UnaryExpression)
	if !ok {
		return 0, false
	}
	var operand cc.Type
	switch x.Case {
	case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionAlignofExpr:
		if et := x.UnaryExpression.Type(); et != nil {
			operand = et.Undecay()
		}
	case cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofType:
		operand = x.TypeName.Type()
	}
	if operand == nil || operand.Kind() == cc.Function || operand.IsIncomplete() {
		return 0, false
	}
	var it *ir.Type
	func() {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := asUnsupported(r); !ok {
					panic(r)
				}
				it = nil
			}
		}()
		it = u.irType(operand, e.Position())
	}()
	if it == nil || u.mislaidIn(it) == "" {
		return 0, false
	}
	if x.Case == cc.UnaryExpressionAlignofExpr || x.Case == cc.UnaryExpressionAlignofType {
		return uint64(it.Align()), true
	}
	return uint64(it.Size()), true
}

// checkLayoutConst panics with an unsupported error when the constant
// expression e depends on the layout of a type cc lays out otherwise than
// gcc (sizeof, _Alignof, offsetof: cc folds them with its layout).
func (u *Unit) checkLayoutConst(e cc.ExpressionNode) { u.checkLayout(e, false) }

// checkLayout is checkLayoutConst; addr says that e is part of an
// address computation (under &). A member access elsewhere is a read of
// the member's value, which does not depend on where the member is: cc
// folded the whole without it (Csmith's `(g_15.f3 , (void*)0) != (void*)0`),
// unless the member is an array, whose value is its address.
func (u *Unit) checkLayout(e cc.ExpressionNode, addr bool) {
	var operand cc.Type
	switch x := e.(type) {
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionAlignofExpr:
			if et := x.UnaryExpression.Type(); et != nil {
				operand = et.Undecay() // sizeof of an array is not of a pointer
			}
		case cc.UnaryExpressionSizeofType, cc.UnaryExpressionAlignofType:
			operand = x.TypeName.Type()
		}
	case *cc.PostfixExpression:
		read := !addr && (x.Type() == nil || x.Type().Kind() != cc.Array)
		switch {
		case read:
		case x.Case == cc.PostfixExpressionSelect:
			operand = x.PostfixExpression.Type()
		case x.Case == cc.PostfixExpressionPSelect:
			if pt, ok := x.PostfixExpression.Type().(*cc.PointerType); ok {
				operand = pt.Elem()
			}
		}
	}
	if x, ok := e.(*cc.UnaryExpression); ok && x.Case == cc.UnaryExpressionAddrof {
		addr = true
	}
	if operand != nil && operand.Kind() != cc.Function && !operand.IsIncomplete() {
		why := ""
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := asUnsupported(r); !ok {
						panic(r)
					}
				}
			}()
			why = u.mislaidIn(u.irType(operand, e.Position()))
		}()
		if why != "" {
			panic(unsupported(e.Position(), "constant computed with cc's layout of "+why))
		}
	}
	for _, sub := range subExpressions(e) {
		u.checkLayout(sub, addr)
	}
}

// unsupported returns the *Error for an unsupported construct at pos.
func unsupported(pos token.Position, what string) *Error {
	return &Error{Pos: irPos(pos), Msg: "unsupported: " + what}
}

func irPos(p token.Position) ir.Pos {
	return ir.Pos{File: p.Filename, Line: p.Line, Col: p.Column}
}

// Integer conversions of C11 6.3.1.

// promote is the integer promotion (ir.Promote).
func promote(t *ir.Type) *ir.Type { return ir.Promote(t) }

// usual is the usual arithmetic conversion of two integer types (ir.UsualArith).
func usual(a, b *ir.Type) *ir.Type { return ir.UsualArith(a, b) }

// typeName names a C type briefly: "struct tag" for tagged structs and
// unions.
func typeName(t cc.Type) string {
	if tag := tagOf(t); tag != "" {
		if t.Kind() == cc.Union {
			return "union " + tag
		}
		return "struct " + tag
	}
	return t.String()
}

// holdsBitField reports whether struct or union t has a bit-field, itself
// or in an anonymous member.
func holdsBitField(t *ir.Type) bool {
	for i := range t.Fields {
		if f := &t.Fields[i]; f.BitField || (f.Anonymous() && holdsBitField(f.Type)) {
			return true
		}
	}
	return false
}
