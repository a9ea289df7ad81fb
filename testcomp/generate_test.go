package testcomp

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/testgen"
)

// slowPrograms are left to bench/testcomp: count_down.c's proof unrolls
// 30 iterations of two choices (half a minute).
var slowPrograms = map[string]bool{"count_down.c": true}

// programs returns the task programs of testdata/testcomp with what their
// first line says by hand: true for "// Reachable".
func programs(t *testing.T) map[string]bool {
	t.Helper()
	for _, tool := range []string{"gcc", "gcov"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not found: the validator needs it", tool)
		}
	}
	files, err := filepath.Glob("../testdata/testcomp/*.c")
	require.NoError(t, err)
	out := map[string]bool{}
	for _, f := range files {
		if slowPrograms[filepath.Base(f)] {
			continue
		}
		fh, err := os.Open(f)
		require.NoError(t, err)
		sc := bufio.NewScanner(fh)
		sc.Scan()
		fh.Close()
		switch {
		case strings.HasPrefix(sc.Text(), "// Reachable"):
			out[f] = true
		case strings.HasPrefix(sc.Text(), "// Unreachable"):
			out[f] = false
		default:
			t.Fatalf("%s: the first line says neither Reachable nor Unreachable", f)
		}
	}
	require.NotEmpty(t, out)
	return out
}

func generate(t *testing.T, file string, prop Property) *Result {
	t.Helper()
	u, err := frontend.Load(file, frontend.Options{TestComp: true})
	require.NoError(t, err)
	res, err := Generate(u, prop, testgen.Options{Check: true})
	require.NoError(t, err)
	return res
}

// coverage-error: a reachable error is reached by a test that gcc's build
// confirms (the program's own reach_error runs); an unreachable one is
// proved so, and 300 random runs do not contradict it.
func TestProgramsError(t *testing.T) {
	for file, reachable := range programs(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			res := generate(t, file, CoverageError)
			v := &Validator{Program: file, Dir: t.TempDir()}
			if !reachable {
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
		})
	}
}

// coverage-branches: inka's suite takes at least the branches (gcov's
// count) that 300 random runs take, and every test ends.
func TestProgramsBranches(t *testing.T) {
	for file := range programs(t) {
		t.Run(filepath.Base(file), func(t *testing.T) {
			res := generate(t, file, CoverageBranches)
			v := &Validator{Program: file, Dir: t.TempDir()}
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
