package interp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
)

const libcNullSrc = `
#include <string.h>
int same(const void *a, const void *b, size_t n) { return memcmp(a, b, n) == 0; }
void *copy(void *d, const void *s, size_t n) { return memcpy(d, s, n); }
int has(const void *s, int c, size_t n) { return memchr(s, c, n) != NULL; }
`

// TestLibcNullArgument: the pointers given to the mem* functions must be
// valid even when the length is 0 (C11 7.24.1p2; glibc declares them
// nonnull and gcc's UBSan stops such a call): memcmp(a, NULL, 0) is
// undefined behaviour of the run, not 0.
func TestLibcNullArgument(t *testing.T) {
	u, err := frontend.LoadSource("libcnull.c", []byte(libcNullSrc), frontend.Options{})
	require.NoError(t, err)
	for _, c := range []struct {
		fn, args string
		ub       bool
	}{
		{"same", "n=0", false},
		{"same", "b=NULL,n=0", true},
		{"copy", "d=NULL,n=0", true},
		{"copy", "n=0", false},
		{"has", "s=NULL,n=0", true},
	} {
		res := runArgs(t, u, c.fn, c.args)
		if !c.ub {
			assert.Equal(t, interp.Returned, res.Outcome, "%s(%s): %s", c.fn, c.args, res.Msg)
			continue
		}
		require.Equal(t, interp.UB, res.Outcome, "%s(%s): %s", c.fn, c.args, res.Msg)
		assert.Equal(t, interp.Precondition, res.UB.Kind, "%s(%s)", c.fn, c.args)
		assert.Contains(t, res.UB.String(), "C11 7.24.1p2", c.fn)
	}
}
