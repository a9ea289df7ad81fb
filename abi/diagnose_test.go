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
