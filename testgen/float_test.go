package testgen

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
)

// TestFloatSolved: floating-point computation is solved (package fp): the
// goal decided by a double computed from integers is covered, the integer
// goals around it are answered as before, and the double parameter is an
// input.
func TestFloatSolved(t *testing.T) {
	g := gen(t, "../testdata/float/sensor.c", "reading")
	r := g.Reach(decisionGoal(t, g, 5, "true"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	r = g.Reach(decisionGoal(t, g, 7, "true"), 1)
	require.Equal(t, Unreachable, r.Status, r.Reason)
	r = g.Reach(decisionGoal(t, g, 10, "true"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	r = g.Reach(decisionGoal(t, g, 5, "false"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	require.Len(t, r.Tests, 1)
	assert.True(t, r.Tests[0].Args["offset"].IsFloat(), "the double parameter is an input: %v", r.Tests[0].Args)
}

// TestFloatRounding: goals decided by rounding (testdata/float/proofs.c,
// checked exhaustively in C): y == 2.0 for x < 1 is reached only because
// 1 - 2^-53 + 1 rounds to 2, y > 2.0 is unreachable, and so are both
// goals on (int)(f * 100.0f) for f in [0, 1) — proofs by propagation over
// the floats, with no bound on the way.
func TestFloatRounding(t *testing.T) {
	g := gen(t, "../testdata/float/proofs.c", "below_one")
	r := g.Reach(decisionGoal(t, g, 14, "true"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	r = g.Reach(decisionGoal(t, g, 12, "true"), 1)
	require.Equal(t, Unreachable, r.Status, r.Reason)
	g = gen(t, "../testdata/float/proofs.c", "percent")
	for _, line := range []int{28, 30} {
		r = g.Reach(decisionGoal(t, g, line, "true"), 1)
		require.Equal(t, Unreachable, r.Status, "line %d: %s", line, r.Reason)
	}
	r = g.Reach(decisionGoal(t, g, 30, "false"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
}

// TestFloatAbsorbs: x + 1.0 == x is reached (by rounding: an infinity or
// a double beyond 2^53), which interval reasoning over the reals refutes.
func TestFloatAbsorbs(t *testing.T) {
	g := gen(t, "../testdata/float/rounding.c", "absorbs")
	r := g.Reach(decisionGoal(t, g, 7, "true"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
}

// TestFloatMathCalls: the exact functions of <math.h> are solved, not cut
// (testdata/float/mathcalls.c; its proofs attacked by bench/float/attack.sh):
// round(x * 100) == 150 below 1.495 only through the rounding of the
// product; the proofs go through fmin and fmax, sqrt, floor, ceilf and
// trunc. A NaN gets past fmin only as a signalling NaN, which the model
// gives (glibc's fmin of a signalling NaN is a quiet NaN, of a quiet one
// the other operand: testdata/float/snan/fmin.c).
func TestFloatMathCalls(t *testing.T) {
	g := gen(t, "../testdata/float/snan/fmin.c", "clamp_reading")
	r := g.Reach(decisionGoal(t, g, 10, "true"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	raw := r.Tests[0].Args["raw"]
	assert.True(t, math.IsNaN(raw.Float64()) && raw.Bits&(1<<51) == 0, "a signalling NaN: %#x", raw.Bits)
	r = g.Reach(decisionGoal(t, g, 12, "true"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)

	for _, c := range []struct {
		fn      string
		line    int
		outcome string
		want    Status
	}{
		{"clamp_reading", 12, "true", Unreachable},
		{"clamp_reading", 14, "true", Covered},
		{"on_circle", 23, "true", Unreachable},
		{"on_circle", 25, "true", Covered},
		{"temp_bin", 36, "true", Covered},
		{"temp_bin", 38, "true", Unreachable},
		{"quadrant", 52, "true", Covered},
		{"pages", 67, "true", Unreachable},
		{"pages", 69, "true", Covered},
		{"cents", 78, "true", Covered},
		{"cents", 83, "true", Unreachable},
		{"cents", 83, "false", Covered},
	} {
		g := gen(t, "../testdata/float/mathcalls.c", c.fn)
		r := g.Reach(decisionGoal(t, g, c.line, c.outcome), 1)
		assert.Equal(t, c.want, r.Status, "%s line %d %s: %s", c.fn, c.line, c.outcome, r.Reason)
	}
}

// TestFloatFD: in auto mode a goal decided by floating-point computation
// goes to fd with its whole budget, not a quarter of it before sat, which
// cuts floating point: roundtrip's goal that only rounding makes
// unreachable (interval reasoning cannot relate f and (float)(double)f)
// stays unknown for fd's budget, not for the bit-level engine's cut.
func TestFloatFD(t *testing.T) {
	u, err := frontend.Load("../testdata/float/rounding.c", frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower("roundtrip")
	require.NoError(t, err)
	g, err := NewGenerator(p, Options{Check: true, Steps: 20_000})
	require.NoError(t, err)
	r := g.Reach(decisionGoal(t, g, 20, "true"), 1)
	require.Equal(t, Unknown, r.Status, r.Reason)
	assert.Equal(t, "fd", r.Engine)
	assert.Contains(t, r.Reason, "budget exhausted")
}

// TestFloatClassify: the classification macros of <math.h> (isnan,
// isinf, fpclassify, signbit...: builtins gcc computes inline) are
// computed, of the argument's own type: every goal of
// testdata/float/classify.c is covered or proved unreachable (they were
// undefined callees whose return values the tests chose, and gcc, which
// calls no stub, took other branches).
func TestFloatClassify(t *testing.T) {
	coverStatuses(t, "../testdata/float/classify.c", map[string]map[string]Status{
		"reading_class": {"12:true": Unreachable},
		"gain_class":    {"31:true": Unreachable},
	}, "")
}
