//go:build heavy

package testgen

// The whole corpus of the checks (check_test.go), with
// `go test -tags heavy ./testgen/`: check_dirs_test.go's part of it and
// the programs of the kind a user points inka at (testdata/user), the
// interpreter's differential programs (testdata/diff) and the code in the
// styles of real projects (testdata/real).
var (
	checkDirs    = []string{"paper", "diff", "user", "cut", "bitlevel", "real", "memory", "heap", "adversarial", "float"}
	checkDirsSAT = []string{"paper", "user", "cut", "bitlevel", "memory"}
)
