package abi

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// The table against its model: give each of the four sides (R's caller,
// R's callee, C's caller, C's callee) one of three conventions, 0 being
// the standard; a pairing passes when its caller's convention is its
// callee's. For every outcome, the table's faulty sides must be a
// smallest set of sides off the standard that produces it, preferring
// (when several are smallest) the one that trusts the reference; the
// outcomes no assignment produces are the impossible ones.
func TestDiagnosisTableModel(t *testing.T) {
	sides := []string{"R caller", "R callee", "C caller", "C callee"}
	best := map[string][][]string{} // outcome -> smallest explanations
	for a := 0; a < 81; a++ {
		conv := [4]int{a % 3, a / 3 % 3, a / 9 % 3, a / 27}
		rc, re, cc, ce := conv[0], conv[1], conv[2], conv[3]
		code := Outcome{rc == re, rc == ce, cc == re, cc == ce}.Code()
		var faulty []string
		for i, c := range conv {
			if c != 0 {
				faulty = append(faulty, sides[i])
			}
		}
		switch old := best[code]; {
		case len(old) == 0 || len(faulty) < len(old[0]):
			best[code] = [][]string{faulty}
		case len(faulty) == len(old[0]):
			best[code] = append(old, faulty)
		}
	}
	if len(diagnosisTable) != 16 {
		t.Fatalf("%d outcomes in the table, want 16", len(diagnosisTable))
	}
	for code, d := range diagnosisTable {
		expl, possible := best[code]
		switch {
		case d.Impossible:
			if possible {
				t.Errorf("%s: marked impossible, but %v produces it", code, expl)
			}
		case !possible:
			t.Errorf("%s: not marked impossible, but no assignment produces it", code)
		case code == "0000" || code == "1111":
			if len(d.Faulty) != 0 {
				t.Errorf("%s: names faulty sides %v", code, d.Faulty)
			}
		case len(d.Faulty) == 0: // ambiguous: explanations that blame the reference alike
			if len(expl) < 2 || !d.Conflict {
				t.Errorf("%s: no faulty side, but the explanation %v is unique", code, expl)
			}
		default:
			if !containsSet(expl, d.Faulty) {
				t.Errorf("%s: faulty %v is not among the smallest explanations %v", code, d.Faulty, expl)
			}
			blame := func(f []string) int {
				n := 0
				for _, s := range f {
					if strings.HasPrefix(s, "R") {
						n++
					}
				}
				return n
			}
			for _, e := range expl {
				if blame(e) < blame(d.Faulty) {
					t.Errorf("%s: blames the reference (%v) where %v would not", code, d.Faulty, e)
				}
			}
		}
	}
	// Bailey and Davidson: six outcomes show the reference faulty (every
	// smallest explanation has a faulty reference side; 0000 aside, which
	// they leave unread), four (one failing pairing) are impossible.
	ref, imp := 0, 0
	for code, d := range diagnosisTable {
		if d.Impossible {
			imp++
		}
		all := len(best[code]) > 0 && code != "0000"
		for _, e := range best[code] {
			all = all && slices.ContainsFunc(e, func(s string) bool { return strings.HasPrefix(s, "R") })
		}
		if all {
			ref++
		}
	}
	if ref != 6 || imp != 4 {
		t.Errorf("%d outcomes blame the reference, %d are impossible; want 6 and 4", ref, imp)
	}
}

func containsSet(sets [][]string, s []string) bool {
	for _, e := range sets {
		if fmt.Sprint(e) == fmt.Sprint(s) {
			return true
		}
	}
	return false
}

func TestDiagnoseNames(t *testing.T) {
	d := Diagnose(Outcome{true, false, true, false}, "gcc", "tcc")
	if d.Code != "1010" || !slices.Equal(d.Faulty, []string{"tcc callee"}) || !strings.Contains(d.Text, "tcc's callee is faulty") {
		t.Errorf("Diagnose(1010, gcc, tcc) = %+v", d)
	}
	if strings.ContainsAny(Diagnose(Outcome{false, true, true, false}, "gcc", "tcc").Text, "{}") {
		t.Error("placeholders left in a diagnosis")
	}
}

// The third compiler's word: the compiler every pair with it fails and
// every pair without it passes is the odd one out.
func TestOddOneOut(t *testing.T) {
	c := &campaign{o: Options{Compilers: []*Compiler{{Name: "gcc"}, {Name: "clang"}, {Name: "tcc"}}}}
	test := &Test{ID: "r1"}
	rec := func(r, cc int, code string) *Record {
		var o Outcome
		for i := range o {
			o[i] = code[i] == '1'
		}
		return &Record{Test: test, Pair: pairKey{r, cc, "O0"}, Outcome: o, Built: true}
	}
	for _, x := range []struct {
		codes [3]string // gcc/clang, gcc/tcc, clang/tcc
		want  string
	}{
		{[3]string{"1111", "1001", "1001"}, "tcc"},
		{[3]string{"1001", "1001", "1111"}, "gcc"},
		{[3]string{"1001", "1001", "1001"}, ""},
		{[3]string{"1111", "1001", "1111"}, ""},
	} {
		rs := []*Record{rec(0, 1, x.codes[0]), rec(0, 2, x.codes[1]), rec(1, 2, x.codes[2])}
		rep := &Report{byID: map[string][]*Record{"r1": rs}}
		if got := c.oddOneOut(rep, rs[1]); got != x.want {
			t.Errorf("%v: odd one out %q, want %q", x.codes, got, x.want)
		}
	}
}
