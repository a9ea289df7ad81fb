package harness_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/harness"
	"github.com/inka-tool/inka/report"
	"github.com/inka-tool/inka/testgen"
)

// genOpts keeps the cover runs of the tests short: a goal inka cannot
// settle in a few hundred thousand steps is left unknown (it makes no
// test, so nothing to check). Steps, not time: the suites are the same on
// any machine. The unrolling bound keeps the models of loops small.
var genOpts = testgen.Options{Steps: 300_000, MaxUnroll: 12}

// cover runs inka's all-decisions coverage on every function of file (or
// fn) and returns the inka/v1 run.
func cover(t *testing.T, file, fn string, opts testgen.Options) (*frontend.Unit, *report.Run) {
	t.Helper()
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	funcs := u.Functions()
	if fn != "" {
		funcs = []string{fn}
	}
	var covs []*testgen.Coverage
	for _, f := range funcs {
		p, err := u.Lower(f)
		require.NoError(t, err, f)
		g, err := testgen.NewGenerator(p, opts)
		require.NoError(t, err, f)
		covs = append(covs, g.Cover(testgen.AllDecisions, 0))
	}
	return u, report.FromCover(file, fn, testgen.AllDecisions, covs)
}

// emit writes the harness of run into a new directory.
func emit(t *testing.T, u *frontend.Unit, run *report.Run, opts harness.Options) (string, *harness.Manifest) {
	t.Helper()
	s, err := harness.NewSuite(u, run, opts)
	require.NoError(t, err)
	dir := filepath.Join(t.TempDir(), "h")
	m, err := s.Write(dir)
	require.NoError(t, err)
	return dir, m
}

// needGCC skips the test when gcc is not installed.
func needGCC(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found")
	}
}

// compilers returns the compilers found; a missing clang makes a skipped
// subtest say so (CI installs it).
func compilers(t *testing.T) []string {
	t.Helper()
	needGCC(t)
	ccs := []string{"gcc"}
	if _, err := exec.LookPath("clang"); err == nil {
		ccs = append(ccs, "clang")
	} else {
		t.Run("clang", func(t *testing.T) { t.Skip("clang not found: the clang builds are left out (CI installs clang)") })
	}
	return ccs
}

func reportText(r *harness.Report) string {
	var b bytes.Buffer
	r.Write(&b)
	return b.String()
}

// figures of TestPrograms, for its log.
var figures struct {
	sync.Mutex
	programs, tests, skipped, checks, builds         int
	probes, probesOK, gcov, gcovOK, gcovNA, branches int
	build, run                                       time.Duration
}

// TestPrograms emits the harness of every test program (programGlobs)
// with defined functions, compiles it with gcc and clang at -O0 and -O2 with -Wall
// -Wextra -Werror, runs it (every test passes), and confirms with gcc
// (probes and gcov) the coverage each test claims.
func TestPrograms(t *testing.T) {
	ccs := compilers(t)
	var files []string
	for _, pat := range programGlobs {
		fs, _ := filepath.Glob(pat)
		require.NotEmpty(t, fs, pat)
		files = append(files, fs...)
	}
	t.Run("all", func(t *testing.T) {
		for _, file := range files {
			t.Run(strings.TrimSuffix(filepath.Base(file), ".c"), func(t *testing.T) {
				t.Parallel()
				u, run := cover(t, file, "", genOpts)
				if len(run.Tests) == 0 {
					t.Skip("no tests")
				}
				dir, m := emit(t, u, run, harness.Options{})
				r, err := harness.Validate(dir, harness.ValidateOptions{CCs: ccs, Werror: true, Coverage: true})
				require.NoError(t, err)
				if !r.OK() {
					t.Errorf("%s", reportText(r))
				}
				for _, b := range r.Builds {
					assert.Empty(t, b.Err, b.Name)
				}
				require.NotNil(t, r.Coverage)
				// A skipped test passes every build: only the block-scope
				// statics the package doc names may skip one.
				for _, tc := range m.Tests {
					if tc.Skip != "" {
						assert.Contains(t, tc.Skip, "block-scope static", "test %d", tc.ID)
					}
				}
				tally(m, r)
			})
		}
	})
	f := &figures
	t.Logf("%d programs, %d tests (%d skipped: block-scope statics), %d checks; %d builds (%v compiling, %v running); "+
		"probes confirm %d/%d claimed decision outcomes, gcov %d/%d claimed goals (%d not checkable by gcov) and the branch counts of %d lines",
		f.programs, f.tests, f.skipped, f.checks, f.builds, f.build.Round(time.Millisecond), f.run.Round(time.Millisecond),
		f.probesOK, f.probes, f.gcovOK, f.gcov, f.gcovNA, f.branches)
}

func tally(m *harness.Manifest, r *harness.Report) {
	f := &figures
	f.Lock()
	defer f.Unlock()
	f.programs++
	for _, t := range m.Tests {
		f.tests++
		f.checks += t.Checks
		if t.Skip != "" {
			f.skipped++
		}
	}
	for _, b := range r.Builds {
		f.builds++
		f.build += b.Build
		f.run += b.Run
	}
	for _, cf := range r.Coverage.Probes {
		f.probes += cf.Claims
		f.probesOK += cf.Confirmed
	}
	for _, cf := range r.Coverage.Gcov {
		f.gcov += cf.Claims
		f.gcovOK += cf.Confirmed
		f.gcovNA += len(cf.Unchecked)
		f.branches += cf.Branches
	}
}

// TestCalleesInLoop: a function calls two undefined callees in a loop and
// their return values decide the branches. inka finds, call by call, the
// values that cover every decision, and the stubs return them in order.
func TestCalleesInLoop(t *testing.T) {
	ccs := compilers(t)
	const file = "../testdata/harness/callees.c"
	u, run := cover(t, file, "classify", testgen.Options{MaxUnroll: 12})
	for _, g := range run.Goals {
		assert.Equal(t, "covered", g.Status, "%s: %s", g.ID, g.Reason)
	}
	// Some test makes several calls of each callee with different answers.
	varied := map[string]bool{}
	for _, tc := range run.Tests {
		for callee, calls := range tc.Stubs {
			seen := map[string]bool{}
			for _, c := range calls {
				seen[str(c.Return)] = true
			}
			if len(seen) > 1 {
				varied[callee] = true
			}
		}
	}
	assert.True(t, varied["read_level"] && varied["read_limit"], "the callees' answers vary from call to call: %v", varied)

	dir, _ := emit(t, u, run, harness.Options{})
	src, err := os.ReadFile(filepath.Join(dir, harness.HarnessFile))
	require.NoError(t, err)
	// The rows of each stub's table are the run's calls, in order.
	for _, tc := range run.Tests {
		for callee, calls := range tc.Stubs {
			at := bytes.Index(src, []byte("inka_calls_"+callee+"[]"))
			require.GreaterOrEqual(t, at, 0, callee)
			for k, c := range calls {
				row := []byte("{" + strings.Join([]string{itoa(k + 1), str(c.Args[0]), str(c.Return)}, ", ") +
					"}, /* test " + itoa(tc.ID) + " */")
				i := bytes.Index(src[at:], row)
				require.GreaterOrEqual(t, i, 0, "row %s of %s", row, callee)
				at += i + len(row)
			}
		}
	}
	r, err := harness.Validate(dir, harness.ValidateOptions{CCs: ccs, Werror: true, Coverage: true})
	require.NoError(t, err)
	assert.True(t, r.OK(), "%s", reportText(r))
}

// TestSplit compiles the callers with gcc and the stubs with clang (and
// the other way round), links them and runs them.
func TestSplit(t *testing.T) {
	ccs := compilers(t)
	if len(ccs) < 2 {
		t.Skip("clang not found: the split build needs two compilers (CI installs clang)")
	}
	for _, file := range []string{"../testdata/harness/callees.c", "../testdata/harness/records.c"} {
		t.Run(filepath.Base(file), func(t *testing.T) {
			u, run := cover(t, file, "", genOpts)
			dir, m := emit(t, u, run, harness.Options{Split: true})
			assert.Equal(t, harness.StubsFile, m.Stubs)
			r, err := harness.Validate(dir, harness.ValidateOptions{CCs: []string{"gcc", "clang"}, Opts: []string{"O0", "O2"}, Werror: true})
			require.NoError(t, err)
			assert.True(t, r.OK(), "%s", reportText(r))
			var mixed []string
			for _, b := range r.Builds {
				if strings.Contains(b.Name, "+") {
					mixed = append(mixed, b.Name)
					assert.Empty(t, b.Err, b.Name)
					for _, tc := range m.Tests {
						if tc.Skip == "" {
							assert.Equal(t, "ok", b.Status[tc.ID], "%s: test %d", b.Name, tc.ID)
						}
					}
				}
			}
			assert.Contains(t, mixed, "gcc+clang -O0")
			assert.Contains(t, mixed, "clang+gcc -O2")
		})
	}
}

// TestUseInitializers: with --use-initializers the globals start from
// their initializers (addresses included); the harness resets them before
// each test.
func TestUseInitializers(t *testing.T) {
	compilers(t)
	opts := genOpts
	opts.UseInitializers = true
	u, run := cover(t, "../testdata/diff/init.c", "", opts)
	dir, _ := emit(t, u, run, harness.Options{UseInitializers: true})
	r, err := harness.Validate(dir, harness.ValidateOptions{CCs: []string{"gcc"}, Opts: []string{"O0"}, Werror: true})
	require.NoError(t, err)
	assert.True(t, r.OK(), "%s", reportText(r))
}

func itoa(i int) string { return fmt.Sprint(i) }

// str prints a JSON value of package report (a number, or a decimal string).
func str(v any) string { return fmt.Sprint(v) }
