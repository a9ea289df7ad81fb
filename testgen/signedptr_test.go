package testgen

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSignedPointees: comparisons of pointers to differently signed
// integers (int* and unsigned int*, char* and unsigned char*) compare the
// addresses in the model as in the interpreter: a comparison that holds on
// some run is covered, one that holds on none is proved unreachable.
func TestSignedPointees(t *testing.T) {
	for _, c := range []struct {
		fn      string
		line    int
		outcome string
		want    Status
	}{
		{"next_cell", 12, "true", Unreachable},
		{"next_cell", 12, "false", Covered},
		{"next_cell", 14, "true", Covered},
		{"next_cell", 14, "false", Covered},
		{"scan", 23, "true", Covered},
		{"scan", 23, "false", Covered},
		{"scan", 25, "true", Covered},
		{"scan", 25, "false", Covered},
	} {
		g := genNodes(t, "testdata/signedptr.c", c.fn, 20000)
		r := g.Reach(decisionGoal(t, g, c.line, c.outcome), 1)
		require.Equal(t, c.want, r.Status, "%s:%d:%s: %s", c.fn, c.line, c.outcome, r.Reason)
	}
}
