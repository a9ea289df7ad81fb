package bv

import (
	"bytes"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"github.com/inka-tool/inka/term"
)

// TestSMT2AgainstZ3: z3 reads the SMT-LIB that term.WriteSMT2 prints for
// random terms and agrees with term.Apply on their values — the same
// reference the circuits are tested against, so that a query inka dumps
// means for z3 what it means for gini.
func TestSMT2AgainstZ3(t *testing.T) {
	z3, err := exec.LookPath("z3")
	if err != nil {
		t.Skip("z3 not installed (apt-get install z3)")
	}
	r := rand.New(rand.NewPCG(5, 6))
	for round := 0; round < 4; round++ {
		tb := term.NewBuilder()
		vars, ts := randomTerms(r, tb, 80)
		vals := map[*term.Term]uint64{}
		var fix []*term.Term
		for _, v := range vars {
			vals[v] = r.Uint64() & term.Mask(max(v.W, 1))
			if r.IntN(4) == 0 {
				vals[v] = uint64(r.IntN(2))
			}
			fix = append(fix, eqConst(tb, v, vals[v]))
		}
		memo := map[*term.Term]uint64{}
		var agree, differ []*term.Term
		for _, x := range ts {
			want := term.Eval(x, func(v *term.Term) uint64 { return vals[v] }, memo)
			agree = append(agree, eqConst(tb, x, want))
			differ = append(differ, tb.Not(eqConst(tb, x, want)))
		}
		check := func(want string, asserts ...*term.Term) {
			var buf bytes.Buffer
			if err := term.WriteSMT2(&buf, []string{"test"}, asserts...); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(z3, "-in", "-smt2")
			cmd.Stdin = &buf
			out, _ := cmd.CombinedOutput()
			if got := strings.TrimSpace(string(out)); got != want {
				t.Fatalf("round %d: z3 says %q, want %s", round, got, want)
			}
		}
		check("sat", tb.Ands(append(fix, agree...)...))
		check("unsat", tb.Ands(fix...), tb.Ors(differ...))
	}
}

func eqConst(tb *term.Builder, x *term.Term, v uint64) *term.Term {
	if x.IsBool() {
		if v == 1 {
			return x
		}
		return tb.Not(x)
	}
	return tb.Eq(x, tb.Const(x.W, v))
}
