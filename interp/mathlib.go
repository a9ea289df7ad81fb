package interp

import (
	"fmt"
	"math"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// The functions of <math.h> whose results IEEE 754 defines exactly
// (ir.MathFunc): sqrt (correctly rounded), fabs, floor, ceil, trunc, round
// (halfway cases away from zero), fmin and fmax (a NaN operand gives the
// other operand), fmod (exact), each with its float version (sqrtf, ...).
// They are computed as glibc computes them on x86-64, NaN operands
// included: a NaN operand comes back quieted, an invalid operation
// (sqrt(-1), fmod(x, 0), fmod(inf, y)) gives the default NaN of SSE2 (the
// negative quiet NaN). The other functions of <math.h> (exp, log, pow,
// sin, ...) are not correctly rounded in glibc: the run stops at them
// (ir.Call.Unmodelled).

// defaultNaN is the NaN an invalid operation gives on x86-64 (SSE2).
func defaultNaN(t *ir.Type) uint64 {
	if t.Kind == ir.Float {
		return 0xffc00000
	}
	return 0xfff8000000000000
}

// quiet returns the NaN bits b with the quiet bit set.
func quiet(t *ir.Type, b uint64) uint64 {
	if t.Kind == ir.Float {
		return b | 0x00400000
	}
	return b | 0x0008000000000000
}

// isSignalling reports whether bits of type t are a signalling NaN.
func isSignalling(t *ir.Type, bits uint64) bool {
	return math.IsNaN(ir.FloatOf(t, bits)) && bits&(1<<(ir.FracBits(t)-1)) == 0
}

// mathCall computes the call of the math function name on args, of
// floating-point type t (double, or float for the f versions).
func mathCall(name string, args []Val) (Val, error) {
	base := strings.TrimSuffix(name, "f")
	t := ir.DoubleType
	if base != name && base != "" {
		t = ir.FloatType
	}
	want := 1
	switch base {
	case "fmin", "fmax", "fmod":
		want = 2
	}
	if len(args) != want {
		return Val{}, fmt.Errorf("interp: %s called with %d arguments", name, len(args))
	}
	xs := make([]uint64, len(args))
	for i, a := range args {
		v, err := convert(a, t)
		if err != nil {
			return Val{}, err
		}
		xs[i] = v.Bits
	}
	return Val{Typ: t, Bits: mathBits(base, t, xs)}, nil
}

func mathBits(base string, t *ir.Type, xs []uint64) uint64 {
	x := ir.FloatOf(t, xs[0])
	var y float64
	if len(xs) > 1 {
		y = ir.FloatOf(t, xs[1])
	}
	sign := uint64(1) << (t.Bits() - 1)
	switch base {
	case "fabs":
		return xs[0] &^ sign
	case "fmin", "fmax":
		switch {
		case isSignalling(t, xs[0]) || isSignalling(t, xs[1]):
			return ir.FloatBinary(ir.Add, t, xs[0], xs[1]) // glibc: x + y, a quiet NaN
		case math.IsNaN(x) && math.IsNaN(y):
			return quiet(t, xs[0])
		case math.IsNaN(x):
			return xs[1]
		case math.IsNaN(y):
			return xs[0]
		}
		// minsd / maxsd: the second operand unless the first is
		// strictly less (greater): fmin(-0.0, +0.0) is +0.0
		if base == "fmin" && x < y || base == "fmax" && x > y {
			return xs[0]
		}
		return xs[1]
	}
	if math.IsNaN(x) {
		return quiet(t, xs[0])
	}
	if len(xs) > 1 && math.IsNaN(y) {
		return quiet(t, xs[1])
	}
	var r float64
	switch base {
	case "sqrt":
		if x < 0 {
			return defaultNaN(t)
		}
		r = math.Sqrt(x) // of a float: correctly rounded in double, then exactly once more (53 >= 2*24+2)
	case "floor":
		r = math.Floor(x)
	case "ceil":
		r = math.Ceil(x)
	case "trunc":
		r = math.Trunc(x)
	case "round":
		r = math.Round(x)
	case "fmod":
		if math.IsInf(x, 0) || y == 0 {
			return defaultNaN(t)
		}
		r = math.Mod(x, y) // exact
	default:
		panic("interp: math function " + base)
	}
	return ir.FloatBits(t, r)
}
