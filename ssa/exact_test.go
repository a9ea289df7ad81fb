package ssa_test

import (
	"path/filepath"
	"testing"

	"github.com/inka-tool/inka/ssa"
	"github.com/stretchr/testify/assert"
)

// TestExactAddresses: an access through a pointer whose value the model
// computes exactly (a parameter, a member address, a copy, a constant
// offset) is not cut when the analysis's summary location lists other
// candidates a member of another type lies at (testdata/exact.c).
func TestExactAddresses(t *testing.T) {
	for _, fn := range []string{"get", "nested", "walk", "second"} {
		f, _ := build(t, filepath.Join("testdata", "exact.c"), fn)
		for _, c := range find[*ssa.Cut](f.Body) {
			assert.Fail(t, "cut", "%s: %s", fn, c.What)
		}
	}
}
