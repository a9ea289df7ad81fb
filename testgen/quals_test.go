package testgen

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConstLevels: the model agrees with the interpreter on what is
// read-only. A write into an object whose type is const only below its
// top level (Csmith's `T *const ***g`) is an ordinary write, so the goals
// behind it are covered (they were unknown, the interpreter calling the
// write undefined); a write into a const object or member is undefined
// behaviour, which the model excludes as it does a null dereference, so a
// goal that only such runs reach is unreachable.
func TestConstLevels(t *testing.T) {
	for _, c := range []struct {
		file, fn string
		line     int
		outcome  string
		want     Status
	}{
		{"../testdata/diff/qualifiers.c", "chain", 16, "true", Covered},
		{"../testdata/diff/qualifiers.c", "chain", 16, "false", Covered},
		{"../testdata/diff/qualifiers.c", "hit", 57, "true", Covered},
		{"testdata/qualifiers.c", "record", 17, "true", Covered},
		{"testdata/qualifiers.c", "tamper", 26, "true", Unreachable},
		{"testdata/qualifiers.c", "tamper", 26, "false", Unreachable},
		{"testdata/qualifiers.c", "tamper_member", 36, "true", Unreachable},
		{"testdata/qualifiers.c", "tamper_member", 36, "false", Covered},
	} {
		g := genNodes(t, c.file, c.fn, 20000)
		r := g.Reach(decisionGoal(t, g, c.line, c.outcome), 1)
		require.Equal(t, c.want, r.Status, "%s:%d:%s: %s", c.fn, c.line, c.outcome, r.Reason)
		if c.want == Covered {
			assert.Len(t, r.Tests, 1)
		}
	}
}
