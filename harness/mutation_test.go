package harness_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/harness"
)

// TestMutations proves that the checks can fail: the harness of
// testdata/harness/mutate.c is made once, then the function under test is
// changed (a comparison flipped, a callee argument plus one, a value
// written through a pointer changed, the return value changed, a call
// added or removed) and the same harness, compiled again, must fail,
// naming the test and the check.
func TestMutations(t *testing.T) {
	needGCC(t)
	orig, err := os.ReadFile("../testdata/harness/mutate.c")
	require.NoError(t, err)
	root := t.TempDir()
	file := filepath.Join(root, "src", "mutate.c")
	require.NoError(t, os.MkdirAll(filepath.Dir(file), 0o755))
	require.NoError(t, os.WriteFile(file, orig, 0o644))

	// The solver's tests alone: the lines below name their values (the
	// inputs closest to zero), which the pre-pass's draws would not be.
	opts := genOpts
	opts.PrepassSteps = -1
	u, run := cover(t, file, "update", opts)
	dir, m := emit(t, u, run, harness.Options{})
	// The tests of the two outcomes of `v > 10`.
	taken := map[string]int{}
	for _, tc := range m.Tests {
		for _, c := range tc.Covers {
			taken[c[strings.LastIndex(c, ":")+1:]] = tc.ID
		}
	}
	require.Len(t, taken, 2)
	yes, no := itoa(taken["true"]), itoa(taken["false"])

	out, status := buildRun(t, dir)
	require.Equal(t, 0, status, out)
	assert.Contains(t, out, "2 passed, 0 failed")

	mutations := []struct {
		name, from, to string
		want           []string // lines of the harness's output
	}{
		{"flipped comparison", "v > 10", "v <= 10", []string{
			"test " + yes + " update: FAIL return value: expected 1, got 0",
			"test " + yes + " update: FAIL callee record: 0 calls, expected 1",
			// The extra call stops the test: its return value is not checked.
			"test " + no + " update: FAIL callee record, call 1: not expected (the test expects 0 calls); the test stops here",
		}},
		{"callee argument plus one", "lookup(k + 1)", "lookup(k + 1 + 1)", []string{
			"test " + yes + " update: FAIL callee lookup, call 1, argument 1 (key): expected 1, got 2",
			"test " + no + " update: FAIL callee lookup, call 1, argument 1 (key): expected 1, got 2",
		}},
		{"second callee's argument plus one", "record(k, *cell)", "record(k + 1, *cell)", []string{
			"test " + yes + " update: FAIL callee record, call 1, argument 1 (slot): expected 0, got 1",
		}},
		{"value written through a pointer", "*cell = v - 10;", "*cell = v - 9;", []string{
			"test " + yes + " update: FAIL cell[0]: expected 1, got 2",
			"test " + yes + " update: FAIL callee record, call 1, argument 2 (value): expected 1, got 2",
		}},
		{"value written on the other branch", "*cell = 0;", "*cell = -1;", []string{
			"test " + no + " update: FAIL cell[0]: expected 0, got -1",
		}},
		{"return value", "return 1;", "return 2;", []string{
			"test " + yes + " update: FAIL return value: expected 1, got 2",
		}},
		{"a call more", "int v = lookup(k + 1);", "int v = lookup(k + 1); v += lookup(k + 1) * 0;", []string{
			"test " + yes + " update: FAIL callee lookup, call 2: not expected (the test expects 1 call); the test stops here",
		}},
		{"a call less", "record(k, *cell);", ";", []string{
			"test " + yes + " update: FAIL callee record: 0 calls, expected 1",
		}},
	}
	for _, mu := range mutations {
		t.Run(mu.name, func(t *testing.T) {
			require.Contains(t, string(orig), mu.from)
			mutated := strings.Replace(string(orig), mu.from, mu.to, 1)
			require.NoError(t, os.WriteFile(file, []byte(mutated), 0o644))
			out, status := buildRun(t, dir)
			assert.Equal(t, 1, status, "the harness must exit 1:\n%s", out)
			for _, w := range mu.want {
				assert.Contains(t, out, w+"\n")
			}
			assert.Regexp(t, `\n\d passed, [12] failed\n$`, out)
		})
	}

	// A mutant that crashes: validate names the test that ended the
	// process and the tests not run after it.
	t.Run("crash", func(t *testing.T) {
		mutated := strings.Replace(string(orig), "*cell = v - 10;", "{ int *volatile z = 0; *z = v; }", 1)
		require.NoError(t, os.WriteFile(file, []byte(mutated), 0o644))
		r, err := harness.Validate(dir, harness.ValidateOptions{CCs: []string{"gcc"}, Opts: []string{"O0"}})
		require.NoError(t, err)
		require.Len(t, r.Builds, 1)
		b := r.Builds[0]
		assert.Equal(t, "crashed", b.Status[taken["true"]])
		assert.Contains(t, b.Summary, "signal")
		if taken["false"] > taken["true"] {
			assert.Equal(t, "not run", b.Status[taken["false"]])
		}
		assert.False(t, r.OK())
		assert.Contains(t, strings.Join(r.Disagreements, "\n"), "test "+yes+" (update) fails with every build")
	})
	require.NoError(t, os.WriteFile(file, orig, 0o644))
	out, status = buildRun(t, dir)
	require.Equal(t, 0, status, out)
}

// buildRun compiles the harness in dir with gcc and runs it: its output
// and exit status.
func buildRun(t *testing.T, dir string) (string, int) {
	t.Helper()
	bin := filepath.Join(dir, "harness")
	cmd := exec.Command("gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-O1", "-o", bin, filepath.Join(dir, harness.HarnessFile))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	var out bytes.Buffer
	cmd = exec.Command(bin)
	cmd.Stdout = &out
	err := cmd.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return out.String(), ee.ExitCode()
	}
	require.NoError(t, err)
	return out.String(), 0
}

// TestVariadicCallee: a variadic callee (a logging function) is stubbed
// with its prototype, "..." included: the stub checks and answers on its
// declared parameters; the suite builds with -Wall -Werror and its tests
// pass, each expecting the calls its run made (a wrong count would fail:
// logmsg is called once or twice).
func TestVariadicCallee(t *testing.T) {
	needGCC(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "log.c")
	require.NoError(t, os.WriteFile(file, []byte("int logmsg(const char *fmt, ...);\nint f(int x) { if (x > 3) logmsg(\"big %d\", x); if (logmsg(\"x\", x) > 2) return 1; return 0; }\n"), 0o644))
	u, run := cover(t, file, "f", genOpts)
	for _, g := range run.Goals {
		assert.Equal(t, "covered", g.Status, g.ID)
	}
	hd, m := emit(t, u, run, harness.Options{})
	require.NotEmpty(t, m.Tests)
	src, err := os.ReadFile(filepath.Join(hd, "harness.c"))
	require.NoError(t, err)
	assert.Contains(t, string(src), "int logmsg(const char *inka_a0, ...)")
	out, status := buildRun(t, hd)
	assert.Equal(t, 0, status, out)
	assert.Contains(t, out, fmt.Sprintf("%d passed, 0 failed", len(m.Tests)))
}

// TestLibraryCalls: the harness calls the C library, never stubs it. The
// goals reached through a model (strlen) are reached with glibc too; the
// tests inka gives do not depend on what an unmodelled function does
// (output only), and the goals that do are unknown, naming it; so the
// harness builds with -Wall -Werror and passes.
func TestLibraryCalls(t *testing.T) {
	needGCC(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "lib.c")
	require.NoError(t, os.WriteFile(file, []byte(`#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int check(int x, const char *name)
{
	if (x < 0) {
		fprintf(stderr, "%s: negative\n", name);
		return -1;
	}
	if (x > 10 && strlen(name) > 2)
		return 2;
	if (x == 5 && rand() == 7)
		return 3;
	printf("%d\n", x);
	return 0;
}
`), 0o644))
	u, run := cover(t, file, "check", genOpts)
	var unknown int
	for _, g := range run.Goals {
		if g.Status == "unknown" {
			unknown++
			assert.Contains(t, g.Reason, "depends on rand, which inka does not model", g.ID)
		}
	}
	assert.Equal(t, 1, unknown, "x == 5 && rand() == 7 true (false is x != 5)")
	hd, m := emit(t, u, run, harness.Options{})
	require.NotEmpty(t, m.Tests)
	out, status := buildRun(t, hd)
	assert.Equal(t, 0, status, out)
	assert.Contains(t, out, fmt.Sprintf("%d passed, 0 failed", len(m.Tests)))
}

// TestLibraryModels: the tests of goals reached through the models of
// the C library (strcmp, strtol and the errno it sets, isdigit) pass
// against glibc, errno set and checked by the harness whether or not the
// file includes <errno.h>; a model that disagreed with glibc would fail
// them.
func TestLibraryModels(t *testing.T) {
	needGCC(t)
	for _, errnoH := range []string{"#include <errno.h>\n", ""} {
		dir := t.TempDir()
		file := filepath.Join(dir, "cmd.c")
		src := errnoH + `#include <ctype.h>
#include <stdlib.h>
#include <string.h>
long option(const char *name, const char *value)
{
	char *end;
	long v;
	if (strcmp(name, "-n") != 0)
		return -1;
	if (!isdigit((unsigned char)value[0]))
		return -2;
	v = strtol(value, &end, 10);
	if (*end != 0)
		return -3;
	if (v == 77)
		return 0;
	return v;
}
`
		require.NoError(t, os.WriteFile(file, []byte(src), 0o644))
		opts := genOpts
		opts.ArrayLen = 6
		u, run := cover(t, file, "option", opts)
		for _, g := range run.Goals {
			assert.Equal(t, "covered", g.Status, "%s: %s", g.ID, g.Reason)
		}
		hd, m := emit(t, u, run, harness.Options{ArrayLen: opts.ArrayLen})
		require.NotEmpty(t, m.Tests)
		harnessC, err := os.ReadFile(filepath.Join(hd, harness.HarnessFile))
		require.NoError(t, err)
		assert.Contains(t, string(harnessC), `inka_check_int("errno", errno, `)
		out, status := buildRun(t, hd)
		assert.Equal(t, 0, status, out)
		assert.Contains(t, out, fmt.Sprintf("%d passed, 0 failed", len(m.Tests)))
	}
}

// TestLibraryObjects: memset, memcpy, memmove and memcmp on objects that
// are not character arrays (a struct, an array of structs) are the
// models, not cuts: every feasible outcome of testdata/harness/
// libc_objects.c is covered and its tests pass against glibc; the
// outcomes marked unreachable are not covered, and the one after a
// memset (no overlap precondition on the way) is proved so. No answer
// rests on a cut inside a model (memmove chose its direction by comparing
// addresses as integers).
func TestLibraryObjects(t *testing.T) {
	needGCC(t)
	file := "../testdata/harness/libc_objects.c"
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	lines := strings.Split(string(src), "\n")
	opts := genOpts
	opts.MaxUnroll = 32 // memset's loop over the 12 bytes of a struct config
	u, run := cover(t, file, "", opts)
	require.NotEmpty(t, run.Goals)
	for _, g := range run.Goals {
		unreachable := strings.Contains(lines[g.Line-1], "unreachable")
		assert.NotContains(t, g.Reason, "inka:libc/", "%s: a cut inside a model", g.ID)
		switch {
		case !unreachable:
			assert.Equal(t, "covered", g.Status, "%s: %s", g.ID, g.Reason)
		case g.Outcome == true:
			assert.NotEqual(t, "covered", g.Status, g.ID)
			if g.Function == "configure" {
				assert.Equal(t, "unreachable", g.Status, "%s: %s", g.ID, g.Reason)
			}
		}
	}
	hd, m := emit(t, u, run, harness.Options{})
	require.NotEmpty(t, m.Tests)
	out, status := buildRun(t, hd)
	assert.Equal(t, 0, status, out)
	assert.Contains(t, out, fmt.Sprintf("%d passed, 0 failed", len(m.Tests)))
}

// TestOutput: the output of printf, fprintf(stderr), puts and putchar is
// recorded in each test of testdata/harness/output.c and compared by the
// harness with what glibc writes; printf's value (the count) is a return
// value the harness checks too. A wrong expected output fails the test.
func TestOutput(t *testing.T) {
	needGCC(t)
	file := "../testdata/harness/output.c"
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	lines := strings.Split(string(src), "\n")
	u, run := cover(t, file, "", genOpts)
	for _, g := range run.Goals {
		if strings.Contains(lines[g.Line-1], "unreachable") && g.Outcome == true {
			assert.NotEqual(t, "covered", g.Status, g.ID)
		} else {
			assert.Equal(t, "covered", g.Status, "%s: %s", g.ID, g.Reason)
		}
	}
	var out, errs int
	for _, tc := range run.Tests {
		if tc.Stdout != "" {
			out++
		}
		if tc.Stderr != "" {
			errs++
		}
	}
	assert.Positive(t, out, "tests that write to stdout")
	assert.Positive(t, errs, "tests that write to stderr")
	hd, m := emit(t, u, run, harness.Options{})
	res, status := buildRun(t, hd)
	assert.Equal(t, 0, status, res)
	assert.Contains(t, res, fmt.Sprintf("%d passed, 0 failed", len(m.Tests)))

	// One byte of an expected output changed: that test fails.
	hc := filepath.Join(hd, harness.HarnessFile)
	b, err := os.ReadFile(hc)
	require.NoError(t, err)
	i := strings.Index(string(b), "inka_capture_end(\"usage")
	require.Positive(t, i, "a test of usage checks its output")
	b[i+len("inka_capture_end(\"")] = 'U'
	require.NoError(t, os.WriteFile(hc, b, 0o644))
	res, status = buildRun(t, hd)
	assert.Equal(t, 1, status, res)
	assert.Contains(t, res, "FAIL standard output: expected \"Usage")
}

// TestFalseClaims proves that the coverage checks can fail: the claims of
// the two tests of testdata/harness/mutate.c are swapped (each claims the
// outcome the other takes) and an outcome the decision does not have is
// added; validate must name each one.
func TestFalseClaims(t *testing.T) {
	needGCC(t)
	u, run := cover(t, "../testdata/harness/mutate.c", "update", genOpts)
	dir, m := emit(t, u, run, harness.Options{})
	require.Len(t, m.Tests, 2)
	a, b := &m.Tests[0], &m.Tests[1]
	require.Len(t, a.Covers, 1)
	require.Len(t, b.Covers, 1)
	bogus := a.Covers[0][:strings.LastIndexByte(a.Covers[0], ':')+1] + "maybe"
	a.Covers, b.Covers = b.Covers, a.Covers
	a.Covers = append(a.Covers, bogus)
	mj, err := json.Marshal(m)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, harness.ManifestFile), mj, 0o644))

	r, err := harness.Validate(dir, harness.ValidateOptions{CCs: []string{"gcc"}, Opts: []string{"O0"}, Coverage: true})
	require.NoError(t, err)
	assert.False(t, r.OK())
	all := strings.Join(r.Disagreements, "\n")
	// (gcov checks that the claimed outcome's line ran, which both do.)
	for _, tc := range []harness.ManifestTest{*a, *b} {
		assert.Contains(t, all, fmt.Sprintf("test %d (update): probes (gcc -O0): claims %s, gcc -O0 did not take it", tc.ID, tc.Covers[0]))
	}
	assert.Contains(t, all, fmt.Sprintf("test %d (update): gcov (gcc -O0, the test alone): claims %s, which is no goal of %s", a.ID, bogus, m.Source))
}

// TestHarnessOfSomeFunctions: a harness of some of the file's functions
// links the whole file: the callees only the other functions call get
// stubs that expect no call, and a callee without arguments or result is
// counted without a table, so that -Wall -Werror builds pass; --func main
// tests a file's own main (renamed) without a second main.
func TestHarnessOfSomeFunctions(t *testing.T) {
	needGCC(t)
	for _, c := range []struct{ file, fn string }{
		{"../testdata/harness/partial.c", "cache_put"},
		{"../testdata/harness/withmain.c", "main"},
	} {
		u, run := cover(t, c.file, c.fn, genOpts)
		require.NotEmpty(t, run.Tests, c.file)
		dir, m := emit(t, u, run, harness.Options{})
		out, status := buildRun(t, dir)
		assert.Equal(t, 0, status, out)
		assert.Contains(t, out, fmt.Sprintf("%d passed, 0 failed", len(m.Tests)), c.file)
	}
}

// TestHugeAllocation: a test whose size input is past PTRDIFF_MAX expects
// the library's allocation to fail (glibc's malloc does); gcc -O2, seeing
// the constant through the inlined malloc wrapper, warned
// (-Walloc-size-larger-than), which -Werror and `inka validate` take as a
// failure of the generated code. The harness builds with -O2 -Werror and
// its tests pass with gcc.
func TestHugeAllocation(t *testing.T) {
	needGCC(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "buf.c")
	require.NoError(t, os.WriteFile(file, []byte(`#include <stdlib.h>
int make_buf(size_t n)
{
	if (n < ((size_t)1 << 63))
		return 0;
	char *p = malloc(n);
	if (!p)
		return -1;
	p[0] = 1;
	free(p);
	return 1;
}
`), 0o644))
	u, run := cover(t, file, "make_buf", genOpts)
	hd, m := emit(t, u, run, harness.Options{})
	require.NotEmpty(t, m.Tests)
	bin := filepath.Join(hd, "harness")
	out, err := exec.Command("gcc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-O2", "-o", bin, filepath.Join(hd, harness.HarnessFile)).CombinedOutput()
	require.NoError(t, err, "%s", out)
	out, err = exec.Command(bin).CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Contains(t, string(out), fmt.Sprintf("%d passed, 0 failed", len(m.Tests)))
}

// TestInlinedWarnings: the file's code inlined into a test with the test's
// constants gives gcc -O2 paths it warns about though the run never takes
// them: frame_ok(f, 12) on a 4-byte f returns at f[0] != 0xA5, yet gcc saw
// f[len - 1] past the object (-Warray-bounds) and `inka validate` took
// the warning for broken generated code. The harness builds with -O2
// -Wall -Wextra -Werror with gcc and clang, and its tests pass.
func TestInlinedWarnings(t *testing.T) {
	needGCC(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "frame.c")
	require.NoError(t, os.WriteFile(file, []byte(`#include <stdint.h>
#include <string.h>
static uint8_t sum8(const uint8_t *p, unsigned n)
{
	uint8_t s = 0;
	while (n--)
		s += *p++;
	return s;
}
int frame_ok(const uint8_t *f, unsigned len, char *name)
{
	if (len < 3 || len > 12)
		return 0;
	if (f[0] != 0xA5)
		return -1;
	if (f[1] != len - 3)
		return -2;
	memcpy(name, f + 2, len - 3);
	return sum8(f, len - 1) == f[len - 1];
}
`), 0o644))
	u, run := cover(t, file, "frame_ok", genOpts)
	hd, m := emit(t, u, run, harness.Options{})
	require.NotEmpty(t, m.Tests)
	for _, cc := range []string{"gcc", "clang"} {
		if _, err := exec.LookPath(cc); err != nil {
			continue
		}
		bin := filepath.Join(hd, "harness-"+cc)
		out, err := exec.Command(cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-O2", "-o", bin, filepath.Join(hd, harness.HarnessFile)).CombinedOutput()
		require.NoError(t, err, "%s: %s", cc, out)
		out, err = exec.Command(bin).CombinedOutput()
		require.NoError(t, err, "%s: %s", cc, out)
		assert.Contains(t, string(out), fmt.Sprintf("%d passed, 0 failed", len(m.Tests)), cc)
	}
}
