package testgen

import (
	"math"
	"slices"

	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

// The pre-pass's floating-point values: the special values of every class
// (±0, ±inf, NaN, the least subnormal, the least normal, the greatest
// finite value, ±1), the function's floating-point and integer constants
// with their floating-point neighbours (the next float up and down: where
// a comparison with a constant flips), small integers and halves, random
// magnitudes, random bit patterns. NaNs are the quiet NaN without payload
// only (the JSON and the harness spell it; see ir.FormatFloat).

// floatConsts collects the floating-point constants of the function, and
// its integer constants as numbers, for floatValue.
func floatConsts(body []ir.Stmt) []float64 {
	var out []float64
	ir.Walk(body, func(s ir.Stmt) {
		for _, v := range ir.StmtOperands(s) {
			c, ok := v.(*ir.Const)
			switch {
			case !ok:
			case c.Typ.IsFloat():
				out = append(out, c.Float64())
			case c.Typ.IsSigned():
				out = append(out, float64(c.Int64()))
			case c.Typ.IsInteger():
				out = append(out, float64(c.Uint64()))
			}
		}
	})
	slices.Sort(out)
	return slices.Compact(out)
}

// floatValue draws a value of floating-point type t.
func (p *prepass) floatValue(t *ir.Type) interp.Val {
	r := p.rng
	if p.plain { // as random testing: in -100..100, or any bit pattern
		if r.IntN(2) == 0 {
			return interp.FloatBitsVal(t, ir.FloatBits(t, r.Float64()*200-100))
		}
		return interp.FloatBitsVal(t, r.Uint64())
	}
	var x float64
	switch k := r.IntN(16); {
	case k < 5 && len(p.fconsts) > 0:
		x = p.fconsts[r.IntN(len(p.fconsts))]
		b := ir.FloatBits(t, x)
		switch r.IntN(3) {
		case 0:
			return interp.FloatBitsVal(t, nextFloat(t, b, true))
		case 1:
			return interp.FloatBitsVal(t, nextFloat(t, b, false))
		}
		return interp.FloatBitsVal(t, b)
	case k < 6:
		s := specialValues(t)
		return interp.FloatBitsVal(t, s[r.IntN(len(s))])
	case k < 8: // the classes a test of a float checks first
		x = []float64{0, math.Inf(1), math.Inf(-1), math.NaN(), 1, -1}[r.IntN(6)]
		if math.IsNaN(x) {
			return interp.FloatBitsVal(t, quietNaN(t))
		}
	case k < 11:
		x = float64(r.IntN(65)-32) / 2
	case k < 14:
		x = math.Ldexp(r.Float64(), r.IntN(80)-40)
		if r.IntN(2) == 0 {
			x = -x
		}
	default:
		b := r.Uint64()
		if math.IsNaN(ir.FloatOf(t, b)) {
			b = 0
		}
		return interp.FloatBitsVal(t, b)
	}
	return interp.FloatBitsVal(t, ir.FloatBits(t, x))
}

// specialValues are ir.SpecialFloats without the NaNs other than the
// quiet one without payload.
func specialValues(t *ir.Type) []uint64 {
	var out []uint64
	for _, b := range ir.SpecialFloats(t) {
		if !math.IsNaN(ir.FloatOf(t, b)) || ir.FormatFloat(t, b) == "nan" || ir.FormatFloat(t, b) == "-nan" {
			out = append(out, b)
		}
	}
	return out
}

// nextFloat returns the neighbour of the value of bits b of type t: the
// next greater value (up) or the next smaller one (inf, NaN unchanged).
func nextFloat(t *ir.Type, b uint64, up bool) uint64 {
	x := ir.FloatOf(t, b)
	dir := math.Inf(-1)
	if up {
		dir = math.Inf(1)
	}
	if t.Kind == ir.Float {
		return uint64(math.Float32bits(math.Nextafter32(float32(x), float32(dir))))
	}
	return math.Float64bits(math.Nextafter(x, dir))
}

// quietNaN is the quiet NaN without payload of type t (positive).
func quietNaN(t *ir.Type) uint64 {
	if t.Kind == ir.Float {
		return 0x7fc00000
	}
	return 0x7ff8000000000000
}

// sameAsOther returns, one time in four, the value of another input of
// type t drawn for the run already (floating-point code compares its
// inputs with each other: a == b && b == c), else v.
func (p *prepass) sameAsOther(run *prepassRun, t *ir.Type, v interp.Val) interp.Val {
	if p.plain || p.rng.IntN(4) != 0 {
		return v
	}
	var same []string
	for k, w := range run.values {
		if w.Typ != nil && w.Typ.Kind == t.Kind {
			same = append(same, k)
		}
	}
	if len(same) == 0 {
		return v
	}
	slices.Sort(same) // a fixed order: the same seed, the same runs
	return run.values[same[p.rng.IntN(len(same))]]
}
