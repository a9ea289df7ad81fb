package harness_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/harness"
)

// TestConstMembers: with --use-initializers a global with const members
// is reset member by member before each test, its const members left
// alone (they keep their initializers: only undefined behaviour writes
// them, and C forbids assigning them); no test is skipped for it.
func TestConstMembers(t *testing.T) {
	compilers(t)
	opts := genOpts
	opts.UseInitializers = true
	u, run := cover(t, "../testgen/testdata/qualifiers.c", "", opts)
	require.NotEmpty(t, run.Tests)
	dir, m := emit(t, u, run, harness.Options{UseInitializers: true})
	for _, tc := range m.Tests {
		assert.Empty(t, tc.Skip, "test %d", tc.ID)
	}
	r, err := harness.Validate(dir, harness.ValidateOptions{CCs: []string{"gcc"}, Opts: []string{"O0"}, Werror: true})
	require.NoError(t, err)
	assert.True(t, r.OK(), "%s", reportText(r))
}
