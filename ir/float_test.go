package ir

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFloatConvRanges(t *testing.T) {
	d := func(x float64) uint64 { return math.Float64bits(x) }
	cases := []struct {
		to   *Type
		x    float64
		want uint64
		ok   bool
	}{
		{IntType, 2147483647.9, 2147483647, true},
		{IntType, 2147483648.0, 0, false},
		{IntType, -2147483648.9, 0xffffffff80000000, true},
		{IntType, -2147483649.0, 0, false},
		{UIntType, -0.99, 0, true}, // truncates to 0, which fits
		{UIntType, -1.0, 0, false},
		{UCharType, 255.5, 255, true},
		{UCharType, 256.0, 0, false},
		{CharType, -128.7, Truncate(CharType, uint64(0xffffffffffffff80)), true},
		{ULongType, 18446744073709549568.0, 18446744073709549568, true},
		{ULongType, 18446744073709551616.0, 0, false},
		{LongType, -9223372036854775808.0, 1 << 63, true},
		{LongType, 9223372036854775808.0, 0, false},
		{IntType, math.NaN(), 0, false},
		{IntType, math.Inf(-1), 0, false},
		{BoolType, math.NaN(), 1, true},
		{BoolType, math.Copysign(0, -1), 0, true},
		{BoolType, 0.25, 1, true},
	}
	for _, c := range cases {
		got, ok := FloatConv(DoubleType, c.to, d(c.x))
		assert.Equal(t, c.ok, ok, "(%s)%v", c.to, c.x)
		if c.ok {
			assert.Equal(t, c.want, got, "(%s)%v", c.to, c.x)
		}
	}
	// int -> float rounds once, to nearest even: 2^24+1 is a tie
	got, _ := FloatConv(IntType, FloatType, 1<<24+1)
	assert.Equal(t, uint64(0x4b800000), got)
	got, _ = FloatConv(ULongLongType, DoubleType, math.MaxUint64)
	assert.Equal(t, d(18446744073709551616.0), got)
	got, _ = FloatConv(LongLongType, FloatType, uint64(1<<62+1<<38)) // a tie between two floats: to even
	assert.Equal(t, uint64(math.Float32bits(float32(1<<62))), got)
	// double -> float rounds; float -> double is exact
	got, _ = FloatConv(DoubleType, FloatType, d(0.1))
	assert.Equal(t, uint64(0x3dcccccd), got)
	got, _ = FloatConv(FloatType, DoubleType, 0x3dcccccd)
	assert.Equal(t, d(float64(float32(0.1))), got)
}

func TestFloatBinaryIEEE(t *testing.T) {
	d := math.Float64bits
	nan := d(math.NaN())
	assert.Equal(t, uint64(0), FloatBinary(Eq, DoubleType, nan, nan))
	assert.Equal(t, uint64(1), FloatBinary(Ne, DoubleType, nan, nan))
	for _, op := range []Op{Lt, Le, Gt, Ge} {
		assert.Equal(t, uint64(0), FloatBinary(op, DoubleType, nan, d(1)), "%s", op)
	}
	assert.Equal(t, uint64(1), FloatBinary(Eq, DoubleType, d(0), d(math.Copysign(0, -1))))
	// 1/-0 is -inf; 0/0 is the default NaN of x86-64 (negative)
	assert.Equal(t, d(math.Inf(-1)), FloatBinary(Div, DoubleType, d(1), d(math.Copysign(0, -1))))
	assert.Equal(t, uint64(0xfff8000000000000), FloatBinary(Div, DoubleType, d(0), d(0)))
	// 2^53 + 1 rounds to 2^53 (ties to even): x + 1 == x
	big := d(1 << 53)
	assert.Equal(t, big, FloatBinary(Add, DoubleType, big, d(1)))
	// float arithmetic rounds to float: 16777216f + 1f == 16777216f
	f := uint64(math.Float32bits(1 << 24))
	assert.Equal(t, f, FloatBinary(Add, FloatType, f, uint64(math.Float32bits(1))))
	assert.Equal(t, uint64(0x80000000), FloatNeg(FloatType, 0))
	// the smallest subnormal halved: a tie, to even (0)
	assert.Equal(t, uint64(0), FloatBinary(Mul, DoubleType, 1, d(0.5)))
	assert.Equal(t, uint64(2), FloatBinary(Mul, DoubleType, 3, d(0.5)), "1.5 ulp rounds to 2 (even)")
}

func TestFloatPrinting(t *testing.T) {
	cases := []struct {
		t         *Type
		bits      uint64
		dec, hex  string
		constText string
	}{
		{DoubleType, math.Float64bits(3), "3", "0x1.8p+1", "3.0"},
		{DoubleType, math.Float64bits(0.1), "0.1", "0x1.999999999999ap-4", "0.1"},
		{FloatType, 0x3dcccccd, "0.1", "0x1.99999ap-4", "0.1f"},
		{DoubleType, 1 << 63, "-0", "-0x0p+0", "-0.0"},
		{DoubleType, 1, "5e-324", "0x1p-1074", "5e-324"},
		{DoubleType, math.Float64bits(math.Inf(-1)), "-inf", "-inf", "-__builtin_inf()"},
		{FloatType, 0x7fc00000, "nan", "nan", `__builtin_nanf("")`},
		{DoubleType, 0xfff8000000000000, "-nan", "-nan", `-__builtin_nan("")`},
	}
	for _, c := range cases {
		assert.Equal(t, c.dec, FormatFloat(c.t, c.bits))
		assert.Equal(t, c.hex, HexFloat(c.t, c.bits))
		assert.Equal(t, c.constText, (&Const{Typ: c.t, Bits: c.bits}).String())
	}
}
