package interp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
)

// TestMemberBounds: a pointer derived from an array member of a struct
// stays in that member. The points-to analysis names such a pointer's
// target by the member (field-sensitive, indices collapsed); an access
// that stepped into the next member would reach a location it does not
// list (found by pointsto's soundness test).
func TestMemberBounds(t *testing.T) {
	u, err := frontend.Load("../testdata/ub/member_bounds.c", frontend.Options{})
	require.NoError(t, err)
	cases := []struct {
		fn, args string
		ub       bool
		msg      string
	}{
		{"member_write", "i=1", false, ""},
		{"member_write", "i=2", true, "4 bytes at offset 8 of v, outside the array member v.a"},
		{"member_write", "i=-1", true, "is outside v"},
		{"member_arith", "i=2", false, ""}, // one past the end: a valid pointer
		{"member_arith", "i=3", true, "is outside the array member v.a"},
		{"nested_member", "k=1,i=1", false, ""},
		{"nested_member", "k=0,i=2", true, "outside the array member o[0].in[0].a"},
		{"nested_member", "k=1,i=-1", true, "outside the array member o[0].in[1].a"},
	}
	for _, c := range cases {
		res := runArgs(t, u, c.fn, c.args)
		if !c.ub {
			assert.Equal(t, interp.Returned, res.Outcome, "%s(%s): %+v", c.fn, c.args, res.UB)
			continue
		}
		require.Equal(t, interp.UB, res.Outcome, "%s(%s)", c.fn, c.args)
		assert.Equal(t, interp.OutOfBounds, res.UB.Kind, "%s(%s)", c.fn, c.args)
		assert.Contains(t, res.UB.Msg, c.msg, "%s(%s)", c.fn, c.args)
	}
}

// runArgs runs function fn of u on the inputs args (inka run's syntax).
func runArgs(t *testing.T, u *frontend.Unit, fn, args string) *interp.Result {
	t.Helper()
	p, err := u.Lower(fn)
	require.NoError(t, err)
	in, err := interp.ParseInputs(args)
	require.NoError(t, err)
	res, err := interp.Run(p, fn, in, interp.Config{})
	require.NoError(t, err, "%s(%s)", fn, args)
	return res
}
