package testgen

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBitFields: bit-fields are read and written as their bytes (leaves of
// type unsigned char) with shifts and masks, so the model finds the exact
// field values a goal needs (kind 5 and len 42 packed in one byte and the
// next, a 13-bit crc after a :0, a signed 4-bit level) and proves what the
// width forbids (a 3-bit field above 7, a signed 4-bit one above 7); the
// bit-fields of a union are the bits of the byte its other member holds
// (ready and mode both start at bit 0 of raw).
func TestBitFields(t *testing.T) {
	for _, c := range []struct {
		fn      string
		line    int
		outcome string
		want    Status
	}{
		{"decode", 14, "true", Covered},
		{"decode", 16, "true", Covered},
		{"decode", 18, "true", Unreachable},
		{"decode", 20, "true", Covered},
		{"stamp", 30, "true", Covered},
		{"stamp", 32, "true", Unreachable},
		{"stamp", 32, "false", Covered},
		{"poll", 47, "true", Covered},
		{"poll", 50, "true", Covered},
		{"poll", 52, "true", Unreachable},
		{"poll", 54, "true", Unreachable},
		{"poll", 54, "false", Covered},
	} {
		g := genNodes(t, "testdata/bitfields.c", c.fn, 20000)
		r := g.Reach(decisionGoal(t, g, c.line, c.outcome), 1)
		require.Equal(t, c.want, r.Status, "%s:%d:%s: %s", c.fn, c.line, c.outcome, r.Reason)
	}
}
