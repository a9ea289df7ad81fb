package interp_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
)

// TestUBPrograms runs each function of testdata/ub/ub.c on the inputs of
// its comment and checks the outcome and its line: the line marked
// "UB: ...", "ASSERT", "DEPTH" or "STEPS" in the function.
func TestUBPrograms(t *testing.T) {
	const file = "../testdata/ub/ub.c"
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	lines := strings.Split(string(src), "\n")
	kinds := map[string]interp.UBKind{
		"overflow": interp.SignedOverflow, "divide": interp.DivOverflow, "modulo": interp.DivByZero,
		"shift_count": interp.ShiftCount, "shift_negative": interp.ShiftNegative, "shift_overflow": interp.ShiftOverflow,
		"null_deref": interp.NullDeref, "dangling": interp.Dangling, "out_of_bounds": interp.OutOfBounds,
		"bad_arith": interp.OutOfBounds, "compare_objects": interp.PointerCompare, "uninitialized": interp.Uninitialized,
		"write_literal": interp.ReadOnlyWrite, "missing_return": interp.MissingReturn,
		"write_const": interp.ReadOnlyWrite, "write_const_member": interp.ReadOnlyWrite, "write_const_local": interp.ReadOnlyWrite,
	}
	others := map[string]interp.Outcome{"failing_assert": interp.AssertFailed, "deep": interp.DepthLimit, "spin": interp.StepLimit}
	seen := 0
	for _, fn := range u.Functions() {
		// the signature line "int fn(...)  /* args */" and the marked line
		sig, mark := -1, -1
		for i, l := range lines {
			if sig < 0 && strings.Contains(l, " "+fn+"(") && strings.Contains(l, "/*") && !strings.HasSuffix(strings.TrimSpace(l), ";") {
				sig = i
			}
			if sig >= 0 && i > sig && (strings.Contains(l, "/* UB") || strings.Contains(l, "/* ASSERT") ||
				strings.Contains(l, "/* DEPTH") || strings.Contains(l, "/* STEPS")) {
				mark = i
				break
			}
		}
		if sig < 0 {
			continue // a helper
		}
		seen++
		args := strings.TrimSpace(lines[sig][strings.Index(lines[sig], "/*")+2 : strings.Index(lines[sig], "*/")])
		t.Run(fn, func(t *testing.T) {
			require.Greater(t, mark, sig, "no marked line")
			p, err := u.Lower(fn)
			require.NoError(t, err)
			in, err := interp.ParseInputs(args)
			require.NoError(t, err)
			res, err := interp.Run(p, fn, in, interp.Config{MaxDepth: 500, MaxSteps: 100000})
			require.NoError(t, err)
			if want, ok := others[fn]; ok {
				assert.Equal(t, want, res.Outcome)
				assert.Equal(t, mark+1, res.Pos.Line)
				return
			}
			require.Equal(t, interp.UB, res.Outcome, "result %+v", res)
			assert.Equal(t, kinds[fn], res.UB.Kind)
			assert.Equal(t, mark+1, res.UB.Pos.Line, res.UB.String())
			assert.Equal(t, fn, res.UB.Func)
		})
	}
	assert.Equal(t, len(kinds)+len(others), seen)
}
