//go:build heavy

package testcomp

// slowPrograms: with `go test -tags heavy ./testcomp/`, every program but
// count_down.c, left to bench/testcomp (its proof unrolls 30 iterations of
// two choices: half a minute).
var slowPrograms = map[string]bool{"count_down.c": true}
