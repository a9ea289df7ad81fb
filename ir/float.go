package ir

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Floating-point values in the IR.
//
// float and double are IEEE 754 binary32 and binary64, as gcc -O0 computes
// them on x86-64 (SSE2, FLT_EVAL_METHOD 0, no contraction of a*b+c):
// every operation rounds its exact result to its type, to nearest, ties
// to even; signed zeros, subnormals, infinities and NaNs are values.
// `long double`, _Float128 and the complex types stay Opaque.
//
// A value of a floating-point type is its bit pattern, in Const.Bits as in
// memory (a float's 32 bits zero-extended): the constant 1.5f has Bits
// 0x3fc00000, -0.0 has Bits 0x8000000000000000. Statements over them:
//
//	Binary  x = y op z   op one of + - * / (IEEE, rounded to the type;
//	                     x / 0 is ±inf or NaN, never undefined) and
//	                     == != < <= > >= (an int 0 or 1; with a NaN
//	                     operand only != is true), y and z of the same
//	                     floating-point type
//	Unary   x = -y       flips the sign bit (NaN and zeros included)
//	Conv    x = (T) y    between float and double (widening exact,
//	                     narrowing rounded), from any integer type to
//	                     either (rounded), from either to an integer
//	                     type (truncated toward zero; undefined when the
//	                     truncated value does not fit T), to _Bool
//	                     (y != 0: NaN converts to 1)
//
// No other operator applies to floating-point operands: the front end
// lowers !x to x == 0, a condition on x to x != 0, x++ to x + 1, and the
// conditions of If, While and Assert are never floating-point.

// FracBits is the number of fraction bits of floating-point type t: 23
// for a float, 52 for a double.
func FracBits(t *Type) int {
	if t.Kind == Float {
		return 23
	}
	return 52
}

// IsFloat reports whether t is float or double.
func (t *Type) IsFloat() bool { return t.Kind == Float || t.Kind == Double }

// FloatConst returns the constant of floating-point type t whose value is
// x rounded to t (to nearest even: float32(x) for a float).
func FloatConst(t *Type, x float64) *Const {
	return &Const{Typ: t, Bits: FloatBits(t, x)}
}

// FloatBits returns the bit pattern of x rounded to floating-point type t.
func FloatBits(t *Type, x float64) uint64 {
	if t.Kind == Float {
		return uint64(math.Float32bits(float32(x)))
	}
	return math.Float64bits(x)
}

// FloatOf returns the value of the bit pattern bits of floating-point
// type t as a float64 (exact: every float is a double).
func FloatOf(t *Type, bits uint64) float64 {
	if t.Kind == Float {
		return float64(math.Float32frombits(uint32(bits)))
	}
	return math.Float64frombits(bits)
}

// Float64 returns the value of a floating-point constant.
func (c *Const) Float64() float64 { return FloatOf(c.Typ, c.Bits) }

// FormatFloat prints the value of bit pattern bits of floating-point type
// t as C reads it back exactly: the shortest decimal that rounds to it
// (strtod for a double, strtof for a float), "inf", "-inf", "nan" or
// "-nan" (the quiet NaN without payload, of either sign), and a NaN with
// another fraction as "nan(0x...)" with its fraction bits (quiet bit
// included: "nan(0x4000000000000)" is a signalling double NaN).
func FormatFloat(t *Type, bits uint64) string {
	x := FloatOf(t, bits)
	switch {
	case math.IsNaN(x):
		s := "nan"
		if frac := bits & (1<<FracBits(t) - 1); frac != 1<<(FracBits(t)-1) {
			s = fmt.Sprintf("nan(%#x)", frac)
		}
		if bits>>(t.Bits()-1)&1 == 1 {
			return "-" + s
		}
		return s
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	size := 64
	if t.Kind == Float {
		size = 32
	}
	return strconv.FormatFloat(x, 'g', -1, size)
}

// HexFloat prints the value of bit pattern bits of floating-point type t
// as a C hexadecimal floating constant, exactly: "0x1.8p+1", "-0x0p+0",
// "0x1p-1074", or "inf", "-inf", "nan", "-nan" (what printf's %a prints
// for a double; a float is printed as the double it converts to).
func HexFloat(t *Type, bits uint64) string {
	x := FloatOf(t, bits)
	switch {
	case math.IsNaN(x) || math.IsInf(x, 0):
		return FormatFloat(t, bits)
	case x == 0:
		if math.Signbit(x) {
			return "-0x0p+0"
		}
		return "0x0p+0"
	}
	// Go's %x of a float64 is normalized: 0x1.8p+01; C writes p+1.
	s := strconv.FormatFloat(x, 'x', -1, 64)
	mant, exp, _ := cutExp(s)
	e, _ := strconv.Atoi(exp)
	return fmt.Sprintf("%sp%+d", mant, e)
}

func cutExp(s string) (mant, exp string, ok bool) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == 'p' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "0", false
}

// floatString is Const.String for a floating-point constant: C source
// that denotes it ("1.5", "0.1f", "-0.0", "__builtin_inff()").
func floatString(c *Const) string {
	s := FormatFloat(c.Typ, c.Bits)
	suffix := ""
	if c.Typ.Kind == Float {
		suffix = "f"
	}
	switch {
	case s == "inf" || s == "-inf":
		return strings.TrimSuffix(s, "inf") + "__builtin_inf" + suffix + "()"
	case strings.Contains(s, "nan"):
		payload := ""
		if i := strings.Index(s, "("); i >= 0 {
			payload = s[i+1 : len(s)-1]
		}
		sign := s[:strings.Index(s, "nan")]
		return sign + "__builtin_nan" + suffix + "(\"" + payload + "\")"
	}
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s + suffix
}

// FloatCut returns why the constraint models do not follow s: s calls a
// math function of the C library (MathFunc) on arguments of another type
// than its own (a call without a prototype); "" otherwise. The fd model
// computes floating-point arithmetic, comparisons, conversions and the
// math calls of MathCall (package fp); the bit-level formula cuts every
// FloatStmt itself.
func FloatCut(s Stmt) string {
	if c, ok := s.(*Call); ok {
		if _, _, ok := MathCall(c); !ok {
			return FloatStmt(s)
		}
	}
	return ""
}

// MathCall returns the function of a call of a math function (MathFunc)
// without its f suffix ("sqrt" for sqrtf too) and its floating-point type
// (double, or float for the f versions), with ok true when every argument
// has that type and the result is assigned to a variable of that type or
// ignored: the models compute such a call as one operation.
func MathCall(c *Call) (base string, t *Type, ok bool) {
	if c.Extern == nil || !MathFunc(c.Extern.Name) {
		return "", nil, false
	}
	name := c.Extern.Name
	base, t = name, DoubleType
	if b, cut := strings.CutSuffix(name, "f"); cut && MathFunc(b) {
		base, t = b, FloatType
	}
	want := 1
	switch base {
	case "fmin", "fmax", "fmod":
		want = 2
	}
	if len(c.Args) != want || c.Dst != nil && c.Dst.Typ.Kind != t.Kind {
		return "", nil, false
	}
	for _, a := range c.Args {
		if a.Type().Kind != t.Kind {
			return "", nil, false
		}
	}
	return base, t, true
}

// FloatStmt returns why the bit-level formula does not follow s: s
// computes with a floating-point value (arithmetic, a comparison, a
// conversion to, from or between floating-point types), or calls a math
// function of the C library that the interpreter computes (MathFunc);
// "" otherwise. Copies, loads, stores and returns of floating-point
// values only move bit patterns: the model follows them.
func FloatStmt(s Stmt) string {
	switch s := s.(type) {
	case *Binary:
		if t := s.X.Type(); t.IsFloat() {
			return fmt.Sprintf("floating-point operation %s %s %s (%s)", s.X, s.Op, s.Y, t)
		}
	case *Unary:
		if t := s.X.Type(); t.IsFloat() {
			return fmt.Sprintf("floating-point operation %s%s (%s)", s.Op, s.X, t)
		}
	case *Conv:
		if t, u := s.X.Type(), s.Dst.Typ; t.IsFloat() || u.IsFloat() {
			return fmt.Sprintf("floating-point conversion (%s)%s from %s", u, s.X, t)
		}
	case *Call:
		if s.Extern != nil && MathFunc(s.Extern.Name) {
			return fmt.Sprintf("call of %s (floating-point)", s.Extern.Name)
		}
	}
	return ""
}

// mathFuncs are the functions of <math.h> whose results IEEE 754 defines
// exactly (correctly rounded, or exact): the interpreter computes them as
// glibc does.
var mathFuncs = map[string]bool{
	"sqrt": true, "sqrtf": true, "fabs": true, "fabsf": true,
	"floor": true, "floorf": true, "ceil": true, "ceilf": true,
	"trunc": true, "truncf": true, "round": true, "roundf": true,
	"fmin": true, "fminf": true, "fmax": true, "fmaxf": true,
	"fmod": true, "fmodf": true,
}

// MathFunc reports whether name is a function of <math.h> that inka
// computes exactly (sqrt, fabs, floor, ceil, trunc, round, fmin, fmax,
// fmod and their float versions sqrtf, ...).
func MathFunc(name string) bool { return mathFuncs[name] }

// The arithmetic of floating-point values, on bit patterns, as x86-64
// computes it (SSE2: one rounding per operation, to nearest even; the
// default NaN of an invalid operation is the negative quiet NaN, and a NaN
// operand's payload propagates, as the host's SSE2 instructions do). Each
// operation is one Go operation whose result is converted explicitly to
// its type, so that Go never fuses a product into an addition.

// FloatBinary returns x op y for x and y of floating-point type t: the
// bits of the result of + - * /, or 0 or 1 for a comparison.
func FloatBinary(op Op, t *Type, x, y uint64) uint64 {
	if op.IsComparison() {
		return compareFloats(op, FloatOf(t, x), FloatOf(t, y))
	}
	if t.Kind == Float {
		r := arith(op, math.Float32frombits(uint32(x)), math.Float32frombits(uint32(y)))
		return uint64(math.Float32bits(r))
	}
	return math.Float64bits(arith(op, math.Float64frombits(x), math.Float64frombits(y)))
}

// arith is a op b in F, rounded once to F (the conversion forbids Go to
// fuse it with anything).
func arith[F float32 | float64](op Op, a, b F) F {
	switch op {
	case Add:
		return F(a + b)
	case Sub:
		return F(a - b)
	case Mul:
		return F(a * b)
	case Div:
		return F(a / b)
	}
	panic(fmt.Sprintf("ir.FloatBinary: operator %s", op))
}

// compareFloats is C's comparison: with a NaN operand, == < <= > >= are
// false and != is true.
func compareFloats(op Op, a, b float64) uint64 {
	var r bool
	switch op {
	case Eq:
		r = a == b
	case Ne:
		r = a != b
	case Lt:
		r = a < b
	case Le:
		r = a <= b
	case Gt:
		r = a > b
	case Ge:
		r = a >= b
	default:
		panic(fmt.Sprintf("ir.FloatBinary: operator %s", op))
	}
	if r {
		return 1
	}
	return 0
}

// FloatNeg returns -x for x of floating-point type t: its sign bit
// flipped (of a NaN and of zeros too, as gcc's xorps does).
func FloatNeg(t *Type, x uint64) uint64 { return x ^ 1<<(t.Bits()-1) }

// FloatConv converts x, a value of type from, to type to, one of the two
// at least floating-point and both arithmetic: x is a bit pattern for a
// floating-point type and an integer as Const.Bits holds it otherwise. ok
// is false when the conversion is undefined: a floating-point value whose
// truncation toward zero does not fit the integer type to (NaN and
// infinities included). A conversion to _Bool is x != 0 (NaN gives 1).
func FloatConv(from, to *Type, x uint64) (r uint64, ok bool) {
	switch {
	case from.Kind == to.Kind:
		return x, true // no conversion: a signalling NaN stays one
	case from.IsFloat() && to.IsFloat():
		return FloatBits(to, FloatOf(from, x)), true
	case to.IsFloat():
		if from.IsSigned() {
			if to.Kind == Float {
				return uint64(math.Float32bits(float32(int64(x)))), true
			}
			return math.Float64bits(float64(int64(x))), true
		}
		if to.Kind == Float {
			return uint64(math.Float32bits(float32(x))), true
		}
		return math.Float64bits(float64(x)), true
	}
	f := FloatOf(from, x)
	if to.Kind == Bool {
		if f != 0 {
			return 1, true
		}
		return 0, true
	}
	v := math.Trunc(f) // NaN stays NaN, and fails every comparison below
	w := to.Bits()
	if to.IsSigned() {
		lim := math.Ldexp(1, w-1)
		if !(v >= -lim && v < lim) {
			return 0, false
		}
		return Truncate(to, uint64(int64(v))), true
	}
	if !(v > -1 && v < math.Ldexp(1, w)) {
		return 0, false
	}
	return uint64(v), true
}

// SpecialFloats returns the bit patterns of the special values of
// floating-point type t, each class with both signs: zeros, infinities,
// the quiet NaN and a signalling one, the least and greatest subnormals,
// the least normal, the greatest finite value, 1, and the neighbours of 1.
func SpecialFloats(t *Type) []uint64 {
	var pos []uint64
	if t.Kind == Float {
		pos = []uint64{0, 0x7f800000, 0x7fc00000, 0x7fa00000, 1, 0x007fffff, 0x00800000, 0x7f7fffff,
			0x3f800000, 0x3f800001, 0x3f7fffff}
	} else {
		pos = []uint64{0, 0x7ff0000000000000, 0x7ff8000000000000, 0x7ff4000000000000, 1, 0x000fffffffffffff,
			0x0010000000000000, 0x7fefffffffffffff, 0x3ff0000000000000, 0x3ff0000000000001, 0x3fefffffffffffff}
	}
	sign := uint64(1) << (t.Bits() - 1)
	out := append([]uint64(nil), pos...)
	for _, b := range pos {
		out = append(out, b|sign)
	}
	return out
}
