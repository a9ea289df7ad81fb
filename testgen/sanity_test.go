package testgen

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
)

// TestSanityOfGoalModelsOnTestdata runs the sanity checkers on the forms
// every goal of every function of the test programs (every C file under
// testdata/) is modelled on: the function with its callees inlined and
// the stubs' stores (NewGenerator), then, for each decision, assertion
// and statement goal, the function instrumented for the goal (plain and
// cut at the goal), its points-to result and its Pointer-SSA
// (Generator.build, which makes the constraint model last). ssa's
// TestSanityOnTestdata checks the forms of the function itself; these are
// the ones testgen makes of it.
func TestSanityOfGoalModelsOnTestdata(t *testing.T) {
	if testing.Short() {
		t.Skip("every goal of testdata: not in -short")
	}
	var files []string
	err := filepath.WalkDir(filepath.Join("..", "testdata"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".c") {
			files = append(files, path)
		}
		return err
	})
	require.NoError(t, err)
	funcs, goals := 0, 0
	for _, file := range files {
		opts := Options{Check: true}
		if file == filepath.Join("..", "testdata", "adversarial", "recursion.c") {
			// Recursion inlined 8 deep is thousands of statements; the
			// rules are checked as well at depth 3.
			opts.MaxInline = 3
		}
		u, err := frontend.Load(file, frontend.Options{})
		if err != nil {
			continue // a program of the refusal tests
		}
		for _, fn := range u.Functions() {
			p, err := u.Lower(fn)
			if err != nil {
				continue
			}
			g, err := NewGenerator(p, opts)
			if err != nil || g.setupErr != nil {
				continue // unsupported by the analysis, or over its budget
			}
			funcs++
			all := append(append(g.Decisions(), g.Assertions()...), g.Statements()...)
			for _, goal := range all {
				for _, cut := range []bool{false, true} {
					in, found := instrument(g.Prog, g.modelFn, goal, cut)
					if !assert.True(t, found, "%s: %s: goal %s not found by the instrumentation", file, fn, goal.ID()) {
						continue
					}
					require.NoError(t, g.checkInstrumented(goal, in, cut), "%s: %s", file, fn)
				}
				goals++
			}
			require.Empty(t, g.SanityFailures(), "%s: %s", file, fn)
		}
	}
	assert.Greater(t, funcs, 200)
	t.Logf("%d functions, %d goals instrumented plain and cut", funcs, goals)
}
