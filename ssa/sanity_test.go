package ssa_test

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/budget"
	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/ssa"
)

// TestSanityOnTestdata runs the three checkers on every function of the
// test programs (every C file under testdata/), after each
// transformation: the IR as lowered, the function with its callees
// inlined, the points-to result, the Pointer-SSA (with every pointer input
// allowed to be NULL, as the proof model has it, and without) and its
// slice.
func TestSanityOnTestdata(t *testing.T) {
	var files []string
	err := filepath.WalkDir(filepath.Join("..", "testdata"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".c") {
			files = append(files, path)
		}
		return err
	})
	require.NoError(t, err)
	require.NotEmpty(t, files)
	funcs, built := 0, 0
	for _, file := range files {
		depth := 8 // inka's default inlining bound
		if file == filepath.Join("..", "testdata", "adversarial", "recursion.c") {
			// Recursion inlined 8 deep is thousands of statements (9 s
			// of the test); the rules are checked as well at depth 3.
			depth = 3
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
			funcs++
			require.NoError(t, ir.SanityCheck(p), "%s: %s as lowered", file, fn)
			for _, allNull := range []bool{false, true} {
				e, err := pointsto.AnalyzeEntry(p, depth, allNull)
				if e != nil && e.Inlined != nil {
					require.NoError(t, ir.SanityCheckInlined(p, e.Inlined.Func, ir.InlinedContext{Shape: e.Shape}), "%s: %s inlined", file, fn)
				}
				if err != nil {
					continue // unsupported by the analysis
				}
				require.NoError(t, pointsto.SanityCheck(e.Result), "%s: %s points-to", file, fn)
				f, err := ssa.Build(e.Inlined.Func, e.Result)
				var be *budget.Error
				if err != nil && !errors.As(err, &be) {
					continue // unsupported by the Pointer-SSA
				}
				require.NoError(t, err)
				built++
				require.NoError(t, ssa.SanityCheck(f), "%s: %s Pointer-SSA", file, fn)
				require.NoError(t, ssa.SanityCheck(f.Slice()), "%s: %s Pointer-SSA sliced", file, fn)
			}
		}
	}
	assert.Greater(t, funcs, 200)
	t.Logf("%d functions, %d Pointer-SSA forms checked", funcs, built)
}
