//go:build !heavy

package testgen

// The corpus of the checks (check_test.go) in the default test run: the
// paper's programs, the constructs inka cuts, the bit-level programs and
// the byte-level memory programs, the heap programs, the floating-point
// programs, the adversarial probes (issue 10's wrong answers and the
// programs written to attack proofs) with the default engine choice; the
// paper's and the bit-level programs with the bit-level engine alone —
// about half a minute of CPU. The whole corpus, testdata/{user,diff,real}
// too, and the cut programs with the bit-level engine alone (about two
// more CPU minutes), runs with `go test -tags heavy ./testgen/`
// (check_dirs_heavy_test.go).
var (
	checkDirs    = []string{"paper", "cut", "bitlevel", "memory", "heap", "adversarial", "float"}
	checkDirsSAT = []string{"paper", "bitlevel"}
)
