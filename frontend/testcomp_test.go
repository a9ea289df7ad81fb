package frontend

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/ir"
)

const testCompSrc = `extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "t.c", 2, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int cond);
int main() {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0 && x < 9);
  if (x == 4)
    reach_error();
  return 0;
}
`

// With TestComp, reach_error() is an assertion that fails at the call, the
// assumption a decision whose false outcome aborts, and every operand of
// && a condition; without it, they are calls and the last operand is none.
func TestTestCompLowering(t *testing.T) {
	kinds := func(testComp bool) (map[ir.DecisionKind]int, *ir.Program) {
		u, err := LoadSource("t.c", []byte(testCompSrc), Options{TestComp: testComp})
		require.NoError(t, err)
		p, err := u.Lower("main")
		require.NoError(t, err)
		out := map[ir.DecisionKind]int{}
		for _, d := range p.Funcs[0].Decisions {
			out[d.Kind]++
		}
		return out, p
	}
	on, p := kinds(true)
	require.Equal(t, map[ir.DecisionKind]int{ir.DecIf: 2, ir.DecAnd: 2, ir.DecAssert: 1}, on)
	var errs []*ir.Decision
	for _, d := range p.Funcs[0].Decisions {
		if ErrorCallDecision(d) {
			errs = append(errs, d)
		}
	}
	require.Len(t, errs, 1)
	require.Equal(t, "reach_error()", errs[0].Text)
	require.Equal(t, 9, errs[0].Pos.Line)
	var abort bool
	for _, e := range p.Externs {
		abort = abort || (e.Name == "abort" && e.System)
		require.NotEqual(t, "__VERIFIER_assume", e.Name, "the assumption is no stub")
	}
	require.True(t, abort)

	off, p := kinds(false)
	require.Equal(t, map[ir.DecisionKind]int{ir.DecIf: 1, ir.DecAnd: 1}, off)
	for _, f := range p.Funcs {
		for _, d := range f.Decisions {
			require.False(t, ErrorCallDecision(d))
		}
	}
}
