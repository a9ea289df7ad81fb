package interp_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
)

// TestBytes: objects read and written as bytes (testdata/memory/bytes.c,
// also run against gcc by the differential test): the values are those of
// the little-endian layout, a byte copy of a struct keeps its pointer, an
// access that C11 6.5p7 does not allow stops the run (a cut, outcome
// Unsupported) where it happens.
func TestBytes(t *testing.T) {
	u, err := frontend.Load("../testdata/memory/bytes.c", frontend.Options{})
	require.NoError(t, err)
	cases := []struct {
		fn, args string
		want     string // the return value, or the outcome's message
		outcome  interp.Outcome
	}{
		{"little_endian", "x=305419896", "1", interp.Returned},
		{"swap32", "x=305419896", "2018915346", interp.Returned}, // 0x12345678 -> 0x78563412
		{"punned", "x=65535,k=3", "2", interp.Returned},          // bytes ff ff 00 ff: u > 2^31
		{"punned", "x=2147483648,k=0", "-1", interp.Returned},    // h[1] = 0x8000 < 0
		{"copy_item", "tag=120,weight=0", "6", interp.Returned},  // *b.count writes n
		{"copy_item", "tag=0,weight=11", "12", interp.Returned},
		{"zeroed", "k=4", "1", interp.Returned},
		{"byte_sum", "n=1,w[0]=258", "3", interp.Returned},
		// the address of a as a number: where a lies is the compiler's (a
		// char buffer's alignment is not the run's), a cut
		{"aligned_walk", "k=8", "the address of &a[0] as an integer (unsigned long): where the object lies is the compiler's", interp.Unsupported},
		{"strict_alias", "x=65539,flag=0", "3", interp.Returned},
		{"strict_alias", "x=65539,flag=1", "access to x as short, which its declared type int does not allow (C11 6.5p7)", interp.Unsupported},
	}
	for _, c := range cases {
		res := runArgs(t, u, c.fn, c.args)
		require.Equal(t, c.outcome, res.Outcome, "%s(%s): %s", c.fn, c.args, res.Msg)
		if c.outcome == interp.Returned {
			assert.Equal(t, c.want, res.Return.String(), "%s(%s)", c.fn, c.args)
		} else {
			assert.Equal(t, c.want, res.Msg, "%s(%s)", c.fn, c.args)
		}
	}
}
