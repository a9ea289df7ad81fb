package testgen

// Regression tests for the wrong answers and failures the checks of
// check_test.go found. Budgets are search nodes, not time, so that the
// outcomes do not depend on the machine.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// genNodes is gen with a node budget per search instead of a time one.
func genNodes(t *testing.T, file, fn string, nodes int64) *Generator {
	g := gen(t, file, fn)
	g.Opts.Timeout = time.Minute
	g.Opts.MaxNodes = nodes
	return g
}

// TestStubWritesThroughPointer: `int ok = read_into(&x); if (ok && x > 5)`
// was "unreachable": the model kept x = 0 across the call. A stub stores a
// fresh value through its pointer-to-integer argument (stubs.go); the test
// says which.
func TestStubWritesThroughPointer(t *testing.T) {
	g := genNodes(t, "../testdata/diff/extern.c", "use_read", 10000)
	r := g.Reach(decisionGoal(t, g, 24, "true"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	w := r.Tests[0].StubWrites["read_into"]
	require.Len(t, w, 1)
	assert.True(t, w[0].Set)
	assert.Greater(t, w[0].Val.Int64(), int64(5))
	assert.Equal(t, 0, w[0].Arg)

	g = genNodes(t, "../testdata/user/externs.c", "configured", 10000)
	r = g.Reach(decisionGoal(t, g, 26, "true"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	assert.Equal(t, int64(42), r.Tests[0].StubWrites["get_config"][0].Val.Int64())
}

// TestCutAfterGoal: a decision outcome whose branch then fails an
// assertion, divides by zero or calls exit() is reached; it was
// "unreachable" because the cut model still constrained the rest of the
// branch. Such a goal is unknown, with the run that reaches it.
func TestCutAfterGoal(t *testing.T) {
	for _, c := range []struct {
		fn     string
		line   int
		reason string
	}{
		{"guard_exit", 10, "exit(3)"},
		{"guard_exit", 12, "abort()"},
		{"guard_assert", 19, "assertion failed"},
		{"ub_after", 29, "division by zero"},
		{"loop_then_stop", 43, "abort()"},
	} {
		g := genNodes(t, "../testdata/user/stops.c", c.fn, 20000)
		r := g.Reach(decisionGoal(t, g, c.line, "true"), 1)
		assert.Equal(t, Unknown, r.Status, "%s:%d", c.fn, c.line)
		assert.True(t, strings.Contains(r.Reason, "reached only by runs that then stop") &&
			strings.Contains(r.Reason, c.reason), "%s:%d: %s", c.fn, c.line, r.Reason)
	}
}

// TestExitEndsTheRun: exit() and abort() do not return. A model that let
// runs go on after them proposed tests the interpreter saw exit: the
// false outcomes of the guards were unknown.
func TestExitEndsTheRun(t *testing.T) {
	g := genNodes(t, "../testdata/user/stops.c", "guard_exit", 1000)
	cov := g.Cover(AllDecisions, 0)
	for _, gs := range cov.Goals {
		if gs.Goal.Dec.Outcomes[gs.Goal.Outcome] == "false" {
			assert.Equal(t, Covered, gs.Status, "%s: %s", gs.Goal.ID(), gs.Reason)
		}
	}
}

// TestHardSearches: goals that once crashed the search (an ite decision
// that changed nothing after a propagation cut short: unbounded
// recursion), or that it missed within any budget (a hopeless path
// labeled forever, a loop unrolled inside every trial, domains shredded
// by enumeration, bounds creeping on x % 3 cycles), are covered within a
// node budget; the unsatisfiable one of divs is proved by the difference
// graph (r = a % b with b > 0 gives r < b).
func TestHardSearches(t *testing.T) {
	for _, c := range []struct {
		file, fn string
		line     int
		outcome  string
		want     Status
	}{
		{"../testdata/user/arith.c", "divs", 86, "false", Covered},
		{"../testdata/user/arith.c", "divs", 88, "true", Unreachable},
		{"../testdata/user/arith.c", "wrap_sub", 27, "true", Unreachable},
		{"../testdata/user/arith.c", "wrap_sub", 33, "true", Unreachable},
		{"../testdata/user/structs.c", "rect_check", 24, "true", Unreachable},
		{"../testdata/user/loops.c", "count_down", 49, "true", Covered},
		{"../testdata/user/loops.c", "count_down", 54, "true", Covered},
		{"../testdata/diff/loops.c", "collatz", 48, "false", Covered},
		{"../testdata/diff/loops.c", "collatz", 49, "true", Covered},
		{"../testdata/diff/arith.c", "mix_signed_unsigned", 8, "true", Covered},
		{"../testdata/diff/arith.c", "ull_ops", 36, "false", Covered},
		{"../testdata/diff/calls.c", "return_from_switch_in_loop", 37, "false", Covered},
		{"../testdata/diff/shortcircuit.c", "sc_loop", 38, "true", Covered},
	} {
		g := genNodes(t, c.file, c.fn, 20000)
		r := g.Reach(decisionGoal(t, g, c.line, c.outcome), 1)
		assert.Equal(t, c.want, r.Status, "%s %s:%d:%s: %s", c.file, c.fn, c.line, c.outcome, r.Reason)
	}
}

// TestNoWrongProof: the wrong answers of issue 10, each a counterexample
// under gcc (testdata/adversarial): recursion deeper than the inlining
// bound, callees that call back into the file, volatile reads, callees
// that cast a const away, and C library functions taken as free stubs
// (those inka models are code: abs(3) is 3).
// Each goal is unknown with the reason, never unreachable or covered; the
// proofs next to them, which nothing undermines, stand.
func TestNoWrongProof(t *testing.T) {
	const dir = "../testdata/adversarial/"
	for _, c := range []struct {
		file, fn string
		line     int
		outcome  string
		want     Status
		reason   string
	}{
		// The interpreter runs the recursion in full: r(11, 0) found
		// among entry's 21 inputs (proof by exhaustion's enumeration).
		{"recursion.c", "entry", 9, "true", Covered, ""},
		// Ten levels deep: the inlining bound grows to 16 (deepen.go).
		{"recursion.c", "lucky", 59, "true", Covered, ""},
		{"reentrant.c", "broadcast", 18, "true", Unknown, "calls notify, which could change a global or static"},
		{"reentrant.c", "pump", 33, "true", Unknown, "calling back into the file's functions"},
		{"reentrant.c", "generation", 44, "false", Covered, ""},
		{"volatile.c", "torn", 10, "true", Unknown, "ready at"},
		{"volatile.c", "poll_twice", 31, "true", Unknown, "volatile object changes between reads"},
		{"volatile.c", "stable", 41, "true", Unreachable, ""},
		{"volatile.c", "sample_pair", 55, "true", Unknown, "volatile object changes between reads"},
		{"recursion.c", "checked_sum", 68, "true", Unreachable, ""},
		{"libc.c", "bounded_env", 59, "true", Unreachable, ""},
		{"constcast.c", "after_report", 17, "true", Unknown, "passes a pointer to c to report"},
		{"constcast.c", "after_log", 26, "true", Unknown, "passes a pointer to v to log_value"},
		{"constcast.c", "within_limit", 38, "true", Unreachable, ""},
		{"libc.c", "magnitude", 14, "true", Unreachable, ""},
		{"libc.c", "lower_a", 21, "true", Covered, ""},
		// 101 bytes: longer than --max-len; the reason names the lengths tried.
		{"libc.c", "long_name", 28, "true", Unknown, "inputs of up to 64 elements tried, see --max-len"},
		{"libc.c", "checked", 40, "true", Covered, ""},
		{"libc.c", "checked", 42, "true", Unknown, "depends on getenv, which inka does not model: the run uses its result"},
		{"libc.c", "checked", 36, "true", Covered, ""},
		{"libc.c", "lucky", 51, "true", Unknown, "depends on rand, which inka does not model"},
		{"libc.c", "lucky", 51, "false", Unknown, "depends on rand, which inka does not model"},
	} {
		g := genNodes(t, dir+c.file, c.fn, 20000)
		r := g.Reach(decisionGoal(t, g, c.line, c.outcome), 1)
		assert.Equal(t, c.want, r.Status, "%s %s:%d:%s: %s", c.file, c.fn, c.line, c.outcome, r.Reason)
		assert.Contains(t, r.Reason, c.reason, "%s %s:%d:%s", c.file, c.fn, c.line, c.outcome)
	}
}

// TestHeaderFunctionsAreCode: a static function defined in an included
// header is lowered and inlined like the file's own, never stubbed: its
// decisions are goals and the tests follow its code.
func TestHeaderFunctionsAreCode(t *testing.T) {
	g := genNodes(t, "../testdata/adversarial/header.c", "level", 20000)
	assert.Empty(t, g.Prog.Externs)
	require.NotNil(t, g.Prog.Func("clamp"))
	cov := g.Cover(AllDecisions, 0)
	for _, gs := range cov.Goals {
		assert.Equal(t, Covered, gs.Status, "%s: %s", gs.Goal.ID(), gs.Reason)
	}
	r := g.Reach(decisionGoal(t, g, 7, "true"), 1)
	require.Equal(t, Covered, r.Status, r.Reason)
	assert.GreaterOrEqual(t, r.Tests[0].Args["x"].Int64(), int64(10), "clamp(x, 0, 10) == 10")
}

// TestExternObjectsAreInputs: `extern const unsigned char table[256];`
// declared and defined in no file inka sees was read as zeros, and `if
// (table[c] & 4)` proved unreachable. An object the file declares and
// another file defines is an input, const or not, with or without
// --use-initializers.
func TestExternObjectsAreInputs(t *testing.T) {
	for _, useInit := range []bool{false, true} {
		g := genNodes(t, "../testdata/user/tables.c", "classify", 20000)
		g.Opts.UseInitializers = useInit
		r := g.Reach(decisionGoal(t, g, 14, "true"), 1)
		require.Equal(t, Covered, r.Status, r.Reason)
		c := r.Tests[0].Args["c"].Int64()
		assert.NotZero(t, r.Tests[0].Globals[fmt.Sprintf("ctype_table[%d]", c)].Uint64()&4)
	}
}

// TestPointerRelationsNeedOneObject: `p < q` with p NULL, or p and q in
// different objects, is undefined behaviour: the model excludes it as the
// interpreter detects it, so that no goal is left with "the model proposed
// inputs the interpreter does not confirm"; within one array the
// comparisons are answered.
func TestPointerRelationsNeedOneObject(t *testing.T) {
	for _, fn := range []string{"in_range", "before", "scan"} {
		g := genNodes(t, "testdata/ptrcmp.c", fn, 20000)
		cov := g.Cover(AllDecisions, time.Minute)
		for _, gs := range cov.Goals {
			assert.NotContains(t, gs.Reason, "does not confirm", "%s: %s", fn, gs.Goal.ID())
			if fn == "scan" {
				assert.Equal(t, Covered, gs.Status, "%s: %s", gs.Goal.ID(), gs.Reason)
			}
		}
	}
}
