package frontend

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/inka-tool/inka/ir"
)

// Floating-point constants, as gcc reads them: a decimal or hexadecimal
// floating constant is rounded once, directly from its digits to its type
// (a float for the suffix f or F, a double without suffix), to nearest
// even; `long double` constants (suffix l or L) and the other suffixes
// stay cut. INFINITY, NAN and HUGE_VAL (the builtins <math.h> expands them
// to) are constants too.

// floatLiteral returns the constant a floating constant denotes.
func (u *Unit) floatLiteral(x *cc.PrimaryExpression, pos token.Position) *ir.Const {
	t := u.irType(x.Type(), pos)
	if !t.IsFloat() {
		panic(unsupported(pos, fmt.Sprintf("floating-point constant %s (%s)", x.Token.SrcStr(), t)))
	}
	c, err := parseFloatLiteral(x.Token.SrcStr(), t)
	if err != nil {
		panic(unsupported(pos, fmt.Sprintf("floating-point constant %s: %v", x.Token.SrcStr(), err)))
	}
	return c
}

// parseFloatLiteral converts the C floating constant s to type t, rounded
// once (strconv rounds decimal and hexadecimal digits correctly to the
// size it is given).
func parseFloatLiteral(s string, t *ir.Type) (*ir.Const, error) {
	digits := strings.TrimRight(s, "fFlL")
	if len(s)-len(digits) > 1 {
		return nil, fmt.Errorf("suffix %q", s[len(digits):])
	}
	if strings.ContainsAny(digits, "_nNiI") || digits == "" {
		return nil, errors.New("not a C floating constant")
	}
	size := 64
	if t.Kind == ir.Float {
		size = 32
	}
	f, err := strconv.ParseFloat(digits, size)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		// out of range is ±inf (or 0), as gcc makes it
		return nil, err
	}
	return ir.FloatConst(t, f), nil
}

// floatBuiltin returns the constant of a call of one of the builtins that
// <math.h> defines INFINITY, NAN and HUGE_VAL with (false when name is
// not one, or its argument is not the empty string).
func (b *funcBuilder) floatBuiltin(name string, args []cc.ExpressionNode) (*ir.Const, bool) {
	t := ir.DoubleType
	base := strings.TrimPrefix(name, "__builtin_")
	if base == name {
		return nil, false
	}
	if strings.HasSuffix(base, "f") && base != "inf" {
		t, base = ir.FloatType, strings.TrimSuffix(base, "f")
	}
	switch base {
	case "inf", "huge_val":
		if len(args) == 0 {
			return ir.FloatConst(t, math.Inf(1)), true
		}
	case "nan":
		if len(args) == 1 {
			if s, ok := args[0].Value().(cc.StringValue); ok && strings.TrimRight(string(s), "\x00") == "" {
				return quietNaN(t), true
			}
		}
	}
	return nil, false
}

// floatSign lowers +x and -x for a floating-point x: -x flips the sign (of
// a constant, folded).
func (b *funcBuilder) floatSign(v ir.Value, neg bool) ir.Value {
	if !neg {
		return v
	}
	t := v.Type()
	if c, ok := v.(*ir.Const); ok {
		return &ir.Const{Typ: t, Bits: ir.FloatNeg(t, c.Bits)}
	}
	d := b.newTemp(t)
	b.emit(&ir.Unary{At: b.at(), Dst: d, Op: ir.Neg, X: v})
	return d
}

// quietNaN is the NaN gcc makes of __builtin_nan(""): positive, quiet,
// without payload.
func quietNaN(t *ir.Type) *ir.Const {
	if t.Kind == ir.Float {
		return &ir.Const{Typ: t, Bits: 0x7fc00000}
	}
	return &ir.Const{Typ: t, Bits: 0x7ff8000000000000}
}

// floatConstExpr evaluates the arithmetic constant expression e (a static
// initializer) converted to type t, t or e floating-point: the literals
// as gcc reads them, then each operation rounded to its type, as
// gcc folds them. What it does not know it takes from cc's value (a
// double: exact for double expressions whose operations it folds in
// double, rounded once more for a float).
func (u *Unit) floatConstExpr(e cc.ExpressionNode, t *ir.Type) (*ir.Const, bool) {
	v, ok := u.arithConst(e)
	if !ok {
		return nil, false
	}
	r, ok := ir.FloatConv(v.Typ, t, v.Bits)
	if ir.Identical(v.Typ, t) {
		r, ok = v.Bits, true
	}
	if !ok {
		return nil, false
	}
	return &ir.Const{Typ: t, Bits: r}, true
}

// arithConst is the value of an arithmetic constant expression, of its
// own type.
func (u *Unit) arithConst(e cc.ExpressionNode) (c *ir.Const, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, unsup := asUnsupported(r); !unsup {
				panic(r)
			}
			c, ok = nil, false
		}
	}()
	t := u.irType(e.Type(), e.Position())
	if !t.IsArithmetic() {
		return nil, false
	}
	if t.IsInteger() {
		switch v := e.Value().(type) {
		case cc.Int64Value:
			return ir.NewConst(t, uint64(v)), true
		case cc.UInt64Value:
			return ir.NewConst(t, uint64(v)), true
		}
		return nil, false
	}
	switch x := e.(type) {
	case *cc.PrimaryExpression:
		switch x.Case {
		case cc.PrimaryExpressionFloat:
			c, err := parseFloatLiteral(x.Token.SrcStr(), t)
			return c, err == nil
		case cc.PrimaryExpressionExpr:
			return u.arithConst(x.ExpressionList)
		}
	case *cc.UnaryExpression:
		switch x.Case {
		case cc.UnaryExpressionPlus, cc.UnaryExpressionMinus:
			v, ok := u.arithConst(x.CastExpression)
			if !ok || !ir.Identical(v.Typ, t) {
				break
			}
			if x.Case == cc.UnaryExpressionMinus {
				v = &ir.Const{Typ: t, Bits: ir.FloatNeg(t, v.Bits)}
			}
			return v, true
		}
	case *cc.CastExpression:
		if x.Case == cc.CastExpressionCast {
			return u.floatConstExpr(x.CastExpression, t)
		}
	case *cc.MultiplicativeExpression, *cc.AdditiveExpression:
		if op, l, r, ok := arithOperands(e); ok && op != ir.Rem {
			return u.foldFloat(op, l, r, t)
		}
	}
	if v, ok := e.Value().(cc.Float64Value); ok {
		return ir.FloatConst(t, float64(v)), true
	}
	return nil, false
}

// foldFloat evaluates l op r, of floating-point type t.
func (u *Unit) foldFloat(op ir.Op, l, r cc.ExpressionNode, t *ir.Type) (*ir.Const, bool) {
	a, ok1 := u.floatConstExpr(l, t)
	b, ok2 := u.floatConstExpr(r, t)
	if !ok1 || !ok2 {
		return nil, false
	}
	return &ir.Const{Typ: t, Bits: ir.FloatBinary(op, t, a.Bits, b.Bits)}, true
}

// classifyBuiltin lowers the builtins <math.h> expands its classification
// macros to (isnan, isinf, isfinite, isnormal, fpclassify, signbit and the
// quiet comparisons isgreater...: gcc's __builtin_isnan and the others)
// to comparisons of the argument in its own type (a float is not promoted:
// a subnormal float is a normal double). They are not functions a test
// could stub: compiled, gcc computes them inline. signbit reads the sign
// bit (a NaN's too); its value is gcc's: 1 for a double, INT_MIN (the
// float's sign bit) for a float.
func (b *funcBuilder) classifyBuiltin(name string, args []cc.ExpressionNode, pos token.Position) (ir.Value, bool) {
	base, ok := strings.CutPrefix(name, "__builtin_")
	if !ok {
		return nil, false
	}
	nargs := map[string]int{"isnan": 1, "isinf": 1, "isinf_sign": 1, "isfinite": 1, "isnormal": 1,
		"signbit": 1, "signbitf": 1, "fpclassify": 6, "isgreater": 2, "isgreaterequal": 2,
		"isless": 2, "islessequal": 2, "islessgreater": 2, "isunordered": 2}
	n, ok := nargs[base]
	if !ok {
		return nil, false
	}
	if len(args) != n {
		panic(unsupported(pos, fmt.Sprintf("call of %s with %d arguments for %d", name, len(args), n)))
	}
	var kinds []*ir.Const // fpclassify's results
	for _, a := range args[:n-1] {
		if n != 6 {
			break
		}
		c, ok := b.constOf(a, ir.IntType)
		if !ok {
			panic(unsupported(pos, name+" with a non-constant class value"))
		}
		kinds = append(kinds, c)
	}
	x := b.rvalue(args[n-1])
	t := x.Type()
	if !t.IsFloat() {
		panic(unsupported(pos, fmt.Sprintf("%s of %s", name, t)))
	}
	cmp := func(op ir.Op, l, r ir.Value) *ir.Var {
		d := b.newTemp(ir.IntType)
		b.emit(&ir.Binary{At: b.at(), Dst: d, Op: op, X: l, Y: r})
		return d
	}
	k := func(f float64) *ir.Const { return ir.FloatConst(t, f) }
	smallest := math.SmallestNonzeroFloat64 * (1 << 52) // DBL_MIN
	if t.Kind == ir.Float {
		smallest = float64(math.SmallestNonzeroFloat32) * (1 << 23) // FLT_MIN
	}
	nan := func() *ir.Var { return cmp(ir.Ne, x, x) }
	inf := func() *ir.Var { return cmp(ir.Or, cmp(ir.Eq, x, k(math.Inf(1))), cmp(ir.Eq, x, k(math.Inf(-1)))) }
	normal := func() *ir.Var {
		pos := cmp(ir.And, cmp(ir.Ge, x, k(smallest)), cmp(ir.Lt, x, k(math.Inf(1))))
		neg := cmp(ir.And, cmp(ir.Le, x, k(-smallest)), cmp(ir.Gt, x, k(math.Inf(-1))))
		return cmp(ir.Or, pos, neg)
	}
	if n == 2 {
		y := b.rvalue(args[0])
		if !ir.Identical(y.Type(), t) {
			panic(unsupported(pos, fmt.Sprintf("%s of %s and %s", name, y.Type(), t)))
		}
		switch base {
		case "isgreater":
			return cmp(ir.Gt, y, x), true
		case "isgreaterequal":
			return cmp(ir.Ge, y, x), true
		case "isless":
			return cmp(ir.Lt, y, x), true
		case "islessequal":
			return cmp(ir.Le, y, x), true
		case "islessgreater":
			return cmp(ir.Or, cmp(ir.Lt, y, x), cmp(ir.Gt, y, x)), true
		}
		return cmp(ir.Or, cmp(ir.Ne, y, y), nan()), true // isunordered
	}
	switch base {
	case "isnan":
		return nan(), true
	case "isinf":
		return inf(), true
	case "isinf_sign":
		return cmp(ir.Sub, cmp(ir.Eq, x, k(math.Inf(1))), cmp(ir.Eq, x, k(math.Inf(-1)))), true
	case "isfinite":
		return cmp(ir.And, cmp(ir.Gt, x, k(math.Inf(-1))), cmp(ir.Lt, x, k(math.Inf(1)))), true
	case "isnormal":
		return normal(), true
	case "fpclassify":
		// exactly one class holds: the sum of each class's flag times
		// its value (FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL, FP_ZERO)
		flags := []*ir.Var{nan(), inf(), normal(), nil, cmp(ir.Eq, x, k(0))}
		one := ir.NewConst(ir.IntType, 1)
		flags[3] = cmp(ir.Sub, one, cmp(ir.Add, cmp(ir.Add, flags[0], flags[1]), cmp(ir.Add, flags[2], flags[4])))
		var sum ir.Value = ir.NewConst(ir.IntType, 0)
		for i, f := range flags {
			sum = cmp(ir.Add, sum, cmp(ir.Mul, f, kinds[i]))
		}
		return sum.(*ir.Var), true
	}
	// signbit: the sign bit, read as the last byte of the value (a
	// character type may read any object)
	v := b.pb.newVar(b.localName("signbit"), t, ir.Local, irPos(pos), b.f)
	b.f.Locals = append(b.f.Locals, v)
	b.emit(&ir.Copy{At: b.at(), Dst: v, Src: x})
	p := b.newTemp(b.u.dm.PointerTo(ir.UCharType))
	b.emit(&ir.Conv{At: b.at(), Dst: p, X: b.addrOf(lval{v: v, typ: t})})
	top := b.ptrAdd(p, ir.NewConst(ir.IntType, uint64(t.Size()-1)), false, pos)
	c := b.newTemp(ir.UCharType)
	b.emit(&ir.Load{At: b.at(), Dst: c, Ptr: top})
	neg := cmp(ir.Shr, b.convert(c, ir.IntType), ir.NewConst(ir.IntType, 7))
	if t.Kind == ir.Float {
		return cmp(ir.Mul, neg, ir.NewConst(ir.IntType, 1<<31)), true
	}
	return neg, true
}
