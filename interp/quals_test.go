package interp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
)

// TestConstBelowTheTop: writing an object whose type has const only at
// an inner level (a pointer to a const pointer, a struct with a const
// member, an array of const pointers) is no undefined behaviour; the
// values are gcc's (the same functions are in the differential test).
// The writes to the const levels themselves are in testdata/ub/ub.c.
func TestConstBelowTheTop(t *testing.T) {
	u, err := frontend.Load("../testdata/diff/qualifiers.c", frontend.Options{})
	require.NoError(t, err)
	for _, c := range []struct {
		fn, args string
		want     string // gcc -fsanitize=undefined's result
	}{
		{"chain", "x=5", "1"},
		{"chain", "x=2", "0"},
		{"bump", "i=2,by=3", "9"},
		{"hit", "k=6,c=65,e[0].id=2,e[0].hits=3", "205"},
		{"hit", "k=6,c=65,e=NULL", "900"},
		{"local_consts", "x=3", "23"},
		{"handles", "a=1,b=2", "2004"},
	} {
		p, err := u.Lower(c.fn)
		require.NoError(t, err)
		in, err := interp.ParseInputs(c.args)
		require.NoError(t, err)
		res, err := interp.Run(p, c.fn, in, interp.Config{UseInitializers: true})
		require.NoError(t, err)
		require.Equal(t, interp.Returned, res.Outcome, "%s(%s): %v", c.fn, c.args, res.UB)
		assert.Equal(t, c.want, res.Return.String(), "%s(%s)", c.fn, c.args)
	}
}
