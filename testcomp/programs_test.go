//go:build !heavy

package testcomp

// slowPrograms are left out of the default test run. count_down.c is left
// to bench/testcomp: its proof unrolls 30 iterations of two choices (half a
// minute). bits.c's proof (a power of two has one bit set: every unsigned
// short through popcount's loop) takes about 15 s of CPU for the two
// properties, half of the package's tests; it runs with
// `go test -tags heavy ./testcomp/` (programs_heavy_test.go), and
// array_max.c and gauss.c keep unreachable errors proved in the default
// run.
var slowPrograms = map[string]bool{"count_down.c": true, "bits.c": true}
