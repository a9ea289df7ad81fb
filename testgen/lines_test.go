package testgen

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestLineOfInlinedCall: a statement goal on a line whose only statement
// is the call of a function without parameters (`reach_error();` under an
// ERROR label) is found in the inlined function: proved unreachable where
// no run gets there, and where runs do, they stop in the callee (an
// assertion failure) and the answer says so.
func TestLineOfInlinedCall(t *testing.T) {
	const file = "../testdata/user/verify_goto.c"
	g := gen(t, file, "count_up")
	res := g.Reach(Goal{Kind: StatementGoal, File: file, Line: 22}, 1)
	assert.Equal(t, Unreachable, res.Status, res.Reason)
	g = gen(t, file, "find_pair")
	res = g.Reach(Goal{Kind: StatementGoal, File: file, Line: 57}, 1)
	assert.Equal(t, Unknown, res.Status)
	assert.Contains(t, res.Reason, "assertion failed")
}
