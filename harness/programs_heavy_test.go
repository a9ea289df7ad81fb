//go:build heavy

package harness_test

// Every program of the corpora TestPrograms draws from, with
// `go test -tags heavy ./harness/` (programs_test.go has the default run's
// share of them).
var programGlobs = []string{"../testdata/paper/*.c", "../testdata/diff/*.c", "../testdata/harness/*.c", "../testdata/cut/*.c", "../testdata/heap/*.c", "../testdata/float/*.c", "../testdata/user/lookups.c"}
