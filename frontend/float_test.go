package frontend

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/ir"
)

// TestFloatLiterals: a floating constant is rounded once, from its digits
// to its type, as gcc does. 1.0000000596046447755f is just above the
// halfway point between 1 and the next float: rounded through a double
// first (to the halfway point itself, then to even) it would be 1.0.
func TestFloatLiterals(t *testing.T) {
	cases := []struct {
		src  string
		t    *ir.Type
		bits uint64
	}{
		{"1.0000000596046447755f", ir.FloatType, 0x3f800001},
		{"0.1f", ir.FloatType, 0x3dcccccd},
		{"0.1F", ir.FloatType, 0x3dcccccd},
		{"0.1", ir.DoubleType, math.Float64bits(0.1)},
		{"0x1.8p+1", ir.DoubleType, math.Float64bits(3)},
		{"0X1P-1074", ir.DoubleType, 1},
		{"0x1p-150f", ir.FloatType, 0},               // half the least subnormal: a tie, to even
		{"0x1.8p-149f", ir.FloatType, 2},             // 1.5 subnormal steps: to even (2)
		{"1e400", ir.DoubleType, 0x7ff0000000000000}, // out of range: inf, as gcc
		{"1.", ir.DoubleType, math.Float64bits(1)},
		{".5e1", ir.DoubleType, math.Float64bits(5)},
	}
	for _, c := range cases {
		k, err := parseFloatLiteral(c.src, c.t)
		require.NoError(t, err, c.src)
		assert.Equal(t, c.bits, k.Bits, "%s: got %#x", c.src, k.Bits)
	}
}

// TestFloatLowering: the usual arithmetic conversions with floats,
// conditions on floats as comparisons with 0, ! as == 0, the math.h
// constants, static initializers folded as gcc folds them, long double
// still cut.
func TestFloatLowering(t *testing.T) {
	src := `#include <math.h>
static const float third = 1.0f / 3;
double scale = -(double)(1 << 20) * 0.5;
int f(double x, float y, int i, long double ld) {
    if (x)
        i += 0.5;
    if (!y)
        return (int)(y * i);
    if (x == INFINITY || x != NAN)
        return 2;
    if (i > 3)
        return ld > 0;
    return y < third + scale;
}`
	p := lower(t, "c.c", src, "f")
	var text []string
	ir.Walk(p.Funcs[0].Body, func(s ir.Stmt) {
		text = append(text, ir.StmtString(s))
	})
	all := strings.Join(text, "\n")
	for _, want := range []string{
		"x != 0.0", "(double)i", "+ 0.5", "(int)t", // i += 0.5 in double, back to int
		"y != 0.0f", "(float)i", "y * t", // y * i in float
		"x == __builtin_inf()", `x != __builtin_nan("")`,
		`unsupported("floating-point value ld (long double)")`,
	} {
		assert.Contains(t, all, want)
	}
	for _, g := range p.Globals {
		switch g.Name {
		case "third":
			require.Len(t, g.Init, 1)
			assert.Equal(t, uint64(0x3eaaaaab), g.Init[0].Val.(*ir.Const).Bits)
		case "scale":
			require.Len(t, g.Init, 1)
			assert.Equal(t, math.Float64bits(-524288), g.Init[0].Val.(*ir.Const).Bits)
		}
	}
}
