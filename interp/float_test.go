package interp

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/ir"
)

// TestParseFloatInputs: the forms the JSON and inka run give floats in,
// read back exactly.
func TestParseFloatInputs(t *testing.T) {
	cases := []struct {
		s    string
		t    *ir.Type
		bits uint64
	}{
		{"0x1.8p+1", ir.DoubleType, math.Float64bits(3)},
		{"-0x0p+0", ir.DoubleType, 1 << 63},
		{"0x1p-1074", ir.DoubleType, 1},
		{"1.5", ir.DoubleType, math.Float64bits(1.5)},
		{"0.1f", ir.FloatType, 0x3dcccccd},
		{"-inf", ir.DoubleType, math.Float64bits(math.Inf(-1))},
		{"nan", ir.DoubleType, 0x7ff8000000000000},
		{"-nan", ir.DoubleType, 0xfff8000000000000},
		{"nan(0x4000000000000)", ir.DoubleType, 0x7ff4000000000000},
	}
	for _, c := range cases {
		v, err := ParseValue(c.s)
		require.NoError(t, err, c.s)
		assert.Equal(t, c.t.Kind, v.Typ.Kind, c.s)
		assert.Equal(t, c.bits, v.Bits, "%s: %#x", c.s, v.Bits)
		if c.t.Kind == ir.Double && c.s != "1.5" {
			assert.Equal(t, c.s, ir.HexFloat(c.t, c.bits)) // and back
		}
	}
	v, err := ParseValue("42")
	require.NoError(t, err)
	f, err := FloatInput("x", v, ir.FloatType)
	require.NoError(t, err)
	assert.Equal(t, uint64(math.Float32bits(42)), f.Bits)
	_, err = FloatInput("x", Float(0.1), ir.FloatType)
	assert.ErrorContains(t, err, "0.1f")
	f, err = FloatInput("x", Float(0.5), ir.FloatType) // exact: accepted
	require.NoError(t, err)
	assert.Equal(t, uint64(0x3f000000), f.Bits)
}

// TestMathFunctions: the cases where C's functions differ from the
// obvious Go ones.
func TestMathFunctions(t *testing.T) {
	d := func(x float64) Val { return Float(x) }
	call := func(name string, args ...Val) Val {
		v, err := mathCall(name, args)
		require.NoError(t, err)
		return v
	}
	negZero := math.Copysign(0, -1)
	assert.Equal(t, 3.0, call("round", d(2.5)).Float64(), "halfway away from zero")
	assert.Equal(t, -3.0, call("round", d(-2.5)).Float64())
	assert.Equal(t, uint64(1<<63), call("round", d(-0.4)).Bits, "-0.0")
	assert.Equal(t, 1.0, call("fmin", d(math.NaN()), d(1)).Float64(), "a NaN operand gives the other")
	assert.Equal(t, 1.0, call("fmax", d(1), d(math.NaN())).Float64())
	assert.Equal(t, uint64(0), call("fmin", d(negZero), d(0)).Bits, "minsd: the second operand of a tie")
	assert.Equal(t, uint64(1<<63), call("fmin", d(0), d(negZero)).Bits)
	assert.Equal(t, uint64(0xfff8000000000000), call("sqrt", d(-1)).Bits, "the default NaN")
	assert.Equal(t, uint64(1<<63), call("sqrt", d(negZero)).Bits, "sqrt(-0) is -0")
	assert.Equal(t, uint64(0xfff8000000000000), call("fmod", d(1), d(0)).Bits)
	assert.Equal(t, -1.0, call("fmod", d(-7), d(3)).Float64(), "the sign of x")
	assert.Equal(t, 5.0, call("fmod", d(5), d(math.Inf(1))).Float64())
	assert.Equal(t, uint64(0x7fffffff), call("fabsf", Val{Typ: ir.FloatType, Bits: 0xffffffff}).Bits, "fabs clears the sign of a NaN")
	r := call("sqrtf", Float32(2))
	assert.Equal(t, ir.FloatType, r.Typ)
	assert.Equal(t, float32(math.Sqrt(2)), float32(r.Float64()))
}
