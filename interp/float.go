package interp

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// Floating-point values: a Val of type float or double holds its IEEE 754
// bit pattern in Bits (a float's 32 bits zero-extended), as memory holds
// it. The arithmetic is ir's (ir.FloatBinary, ir.FloatConv): gcc -O0 on
// x86-64, one rounding per operation to nearest even, no contraction.
// Division by zero gives an infinity or a NaN (Annex F), never undefined
// behaviour; a conversion to an integer type of a value whose truncation
// does not fit it is undefined (FloatConvRange).

// Float returns the double x (an input, or a value to compare with).
func Float(x float64) Val { return Val{Typ: ir.DoubleType, Bits: ir.FloatBits(ir.DoubleType, x)} }

// Float32 returns the float x.
func Float32(x float32) Val {
	return Val{Typ: ir.FloatType, Bits: ir.FloatBits(ir.FloatType, float64(x))}
}

// FloatBitsVal returns the value of floating-point type t whose bit
// pattern is bits.
func FloatBitsVal(t *ir.Type, bits uint64) Val { return Val{Typ: t, Bits: ir.Truncate(t, bits)} }

// IsFloat reports whether v has a floating-point type.
func (v Val) IsFloat() bool { return v.Typ != nil && v.Typ.IsFloat() }

// Float64 returns the value of a floating-point v (exact, for a float too).
func (v Val) Float64() float64 { return ir.FloatOf(v.Typ, v.Bits) }

// floatBinary evaluates x op y on two values of the same floating-point
// type.
func floatBinary(op ir.Op, x, y Val, t *ir.Type) (Val, error) {
	xt := x.Typ
	if !y.IsFloat() || y.Typ.Kind != xt.Kind {
		return Val{}, fmt.Errorf("%s %s %s: operands of different types %s and %s", x, op, y, xt, y.Typ)
	}
	switch op {
	case ir.Add, ir.Sub, ir.Mul, ir.Div:
		return Val{Typ: t, Bits: ir.FloatBinary(op, xt, x.Bits, y.Bits)}, nil
	}
	if op.IsComparison() {
		return boolVal(t, ir.FloatBinary(op, xt, x.Bits, y.Bits) == 1), nil
	}
	return Val{}, unsupportedf("operator %s on %s", op, xt)
}

// convertFloat converts v to t, one of them floating-point.
func convertFloat(v Val, t *ir.Type) (Val, error) {
	from := v.Typ
	if from == nil {
		from = ir.LongLongType // an untyped input: a mathematical integer
	}
	if !from.IsArithmetic() || !t.IsArithmetic() {
		return Val{}, unsupportedf("conversion from %s to %s", from, t)
	}
	r, ok := ir.FloatConv(from, t, v.Bits)
	if !ok {
		return Val{}, ub(FloatConvRange, "(%s)%s: the value does not fit %s", t, v, t)
	}
	return Val{Typ: t, Bits: r}, nil
}

// FloatInput returns the input value v given for the floating-point leaf
// path of type t: a value of t as it is (its bits), or a number that t
// represents exactly (an integer, a double input of a float leaf, as the
// JSON's hexadecimal constants read back give).
func FloatInput(path string, v Val, t *ir.Type) (Val, error) {
	switch {
	case v.undef != defined:
		return Val{Typ: t, undef: v.undef}, nil
	case v.Typ != nil && v.Typ.Kind == t.Kind:
		return Val{Typ: t, Bits: v.Bits}, nil
	case v.Typ != nil && v.Typ.IsPointer():
		return Val{}, fmt.Errorf("interp: input %s of type %s given a pointer value", path, t)
	}
	w, err := convertFloat(v, t)
	if err == nil {
		back, err2 := convertFloat(w, v.typeOrLong())
		if err2 == nil && back.Bits == v.Bits || w.isNaN() {
			return w, nil
		}
	}
	if t.Kind == ir.Float && v.IsFloat() {
		return Val{}, fmt.Errorf("interp: input %s = %s is not a value of type float: write a float constant (%sf) or its exact value", path, v, v)
	}
	return Val{}, fmt.Errorf("interp: input %s = %s is not a value of type %s", path, v, t)
}

// typeOrLong is v's type, long long for an untyped integer.
func (v Val) typeOrLong() *ir.Type {
	if v.Typ == nil {
		return ir.LongLongType
	}
	return v.Typ
}

func (v Val) isNaN() bool { return v.IsFloat() && v.Float64() != v.Float64() }

// parseFloat parses a floating-point input value: a C floating constant
// (decimal or hexadecimal, "1.5", "1e-3", "0x1.8p+1", a float with the
// suffix f: "0.1f"), or inf, -inf, nan, -nan (what ir.FormatFloat and
// ir.HexFloat print). ok is false when s is no floating constant (an
// integer, a character).
func parseFloat(s string) (v Val, ok bool, err error) {
	body := strings.TrimLeft(s, "+-")
	neg := strings.HasPrefix(s, "-")
	t := ir.DoubleType
	switch lower := strings.ToLower(body); {
	case lower == "inf" || lower == "infinity":
		if neg {
			return Float(math.Inf(-1)), true, nil
		}
		return Float(math.Inf(1)), true, nil
	case lower == "nan" || strings.HasPrefix(lower, "nan(") && strings.HasSuffix(lower, ")"):
		frac := uint64(1) << 51 // the quiet NaN
		if lower != "nan" {
			f, err := strconv.ParseUint(lower[4:len(lower)-1], 0, 64)
			if err != nil || f == 0 || f >= 1<<52 {
				return Val{}, true, fmt.Errorf("bad NaN %q: nan(0x...) takes the fraction bits of a double NaN", s)
			}
			frac = f
		}
		bits := 0x7ff0000000000000 | frac
		if neg {
			bits |= 1 << 63
		}
		return Val{Typ: t, Bits: bits}, true, nil
	}
	hex := strings.HasPrefix(body, "0x") || strings.HasPrefix(body, "0X")
	if hex && !strings.ContainsAny(body, "pP") || !hex && !strings.ContainsAny(body, ".eE") {
		return Val{}, false, nil
	}
	digits := body
	if !hex || strings.ContainsAny(body, "pP") {
		if d := strings.TrimSuffix(strings.TrimSuffix(body, "f"), "F"); d != body {
			t, digits = ir.FloatType, d
		}
	}
	size := 64
	if t.Kind == ir.Float {
		size = 32
	}
	f, err := strconv.ParseFloat(digits, size)
	if err != nil && !errors.Is(err, strconv.ErrRange) || strings.ContainsAny(digits, "_iInN") {
		return Val{}, true, fmt.Errorf("bad floating-point constant %q", s)
	}
	if neg {
		f = -f
	}
	return Val{Typ: t, Bits: ir.FloatBits(t, f)}, true, nil
}
