package testcomp

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/internal/ccheck"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/testgen"
)

// program is a task program of testdata/testcomp.
type program struct {
	reachable bool         // its first line says "// Reachable" (by hand)
	dm        ir.DataModel // its task file's (NAME.yml), LP64 without one
}

// validator returns a Validator of the program for its data model.
func (p program) validator(t *testing.T, file string) *Validator {
	v := &Validator{Program: file, Dir: t.TempDir()}
	if p.dm != ir.LP64 {
		v.Flags = []string{p.dm.CFlag()}
	}
	return v
}

// programs returns the task programs of testdata/testcomp with what their
// first line says by hand and their data model. An ILP32 task is left out,
// with a subtest that says why, where gcc -m32 cannot build programs.
func programs(t *testing.T) map[string]program {
	t.Helper()
	for _, tool := range []string{"gcc", "gcov"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: the validator needs it", tool)
		}
	}
	files, err := filepath.Glob("../testdata/testcomp/*.c")
	require.NoError(t, err)
	out := map[string]program{}
	for _, f := range files {
		if slowPrograms[filepath.Base(f)] {
			continue
		}
		var p program
		if task, err := LoadTask(strings.TrimSuffix(f, ".c") + ".yml"); err == nil {
			p.dm = task.DataModel
		} else if !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("%s: %v", f, err)
		}
		if err := ccheck.Links("gcc", p.dm); err != nil {
			t.Run(filepath.Base(f), func(t *testing.T) { t.Skip(err) })
			continue
		}
		fh, err := os.Open(f)
		require.NoError(t, err)
		sc := bufio.NewScanner(fh)
		sc.Scan()
		fh.Close()
		switch {
		case strings.HasPrefix(sc.Text(), "// Reachable"):
			p.reachable = true
		case strings.HasPrefix(sc.Text(), "// Unreachable"):
		default:
			t.Fatalf("%s: the first line says neither Reachable nor Unreachable", f)
		}
		out[f] = p
	}
	require.NotEmpty(t, out)
	return out
}

func generate(t *testing.T, file string, prop Property, dm ir.DataModel) *Result {
	t.Helper()
	u, err := frontend.Load(file, frontend.Options{TestComp: true, DataModel: dm})
	require.NoError(t, err)
	res, err := Generate(u, prop, testgen.Options{Check: true})
	require.NoError(t, err)
	return res
}

// coverage-error: a reachable error is reached by a test that gcc's build
// confirms (the program's own reach_error runs); an unreachable one is
// proved so, and 300 random runs do not contradict it. The test of an
// ILP32 task (built with gcc -m32) does not reach the error when built
// for LP64: those tasks' errors need 32-bit longs and pointers.
func TestProgramsError(t *testing.T) {
	for file, p := range programs(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			res := generate(t, file, CoverageError, p.dm)
			v := p.validator(t, file)
			if !p.reachable {
				require.Equal(t, testgen.Unreachable, res.Error.Status, res.Error.Reason)
				require.Empty(t, res.Tests)
				m, err := v.Random(time.Hour, 1, 300)
				require.NoError(t, err)
				require.Zero(t, m.ErrorCalls)
				return
			}
			require.Equal(t, testgen.Covered, res.Error.Status, res.Error.Reason)
			require.Len(t, res.Tests, 1)
			require.True(t, res.Tests[0].CoversError)
			m, err := v.Validate(&Suite{Tests: res.Tests})
			require.NoError(t, err)
			require.Equal(t, int64(1), m.ErrorCalls, "gcc's build of the test does not call reach_error")
			if p.dm == ir.ILP32 {
				v64 := &Validator{Program: file, Dir: t.TempDir()}
				m, err := v64.Validate(&Suite{Tests: res.Tests})
				require.NoError(t, err)
				require.Zero(t, m.ErrorCalls, "the ILP32 test reaches the error on LP64 too")
			}
		})
	}
}

// coverage-branches: inka's suite takes at least the branches (gcov's
// count) that 300 random runs take, and every test ends.
func TestProgramsBranches(t *testing.T) {
	for file, p := range programs(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			res := generate(t, file, CoverageBranches, p.dm)
			v := p.validator(t, file)
			mine, err := v.Validate(&Suite{Tests: res.Tests})
			require.NoError(t, err)
			require.Zero(t, mine.Timeouts)
			require.Equal(t, len(res.Tests), mine.Tests)
			random, err := v.Random(time.Hour, 1, 300)
			require.NoError(t, err)
			require.Equal(t, mine.Branches, random.Branches)
			require.GreaterOrEqual(t, mine.Taken, random.Taken, "inka %d/%d, random %d/%d", mine.Taken, mine.Branches, random.Taken, random.Branches)
			// A test that reaches the error says so, and only such a test.
			errs := 0
			for _, tc := range res.Tests {
				if tc.CoversError {
					errs++
				}
			}
			require.Equal(t, int64(errs), mine.ErrorCalls)
		})
	}
}

// TestAllocNeverFails: in Test-Comp, malloc never fails (the
// competition's rule, and the exchange format cannot say that an
// allocation fails): no test makes one fail, and the out-of-memory exit of
// list_sum.c is unreachable under the rule.
func TestAllocNeverFails(t *testing.T) {
	res := generate(t, "../testdata/testcomp/list_sum.c", CoverageBranches, ir.LP64)
	for _, tc := range res.Coverage.Tests {
		require.Empty(t, tc.AllocFail)
	}
	found := false
	for _, gs := range res.Coverage.Goals {
		if strings.HasSuffix(gs.Goal.ID(), "list_sum.c:23:9:true") {
			found = true
			require.Equal(t, testgen.Unreachable, gs.Status, gs.Reason)
		}
	}
	require.True(t, found, "the out-of-memory exit is a goal")
}
