package harness

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/inka-tool/inka/frontend"
)

// File names in a harness directory.
const (
	ManifestFile = "inka-harness.json"
	HarnessFile  = "harness.c"
	StubsFile    = "stubs.c"
	HeaderFile   = "inka_harness.h"
	UnitFile     = "inka_unit.h"
)

// Manifest describes a harness directory, for Validate.
type Manifest struct {
	Schema string `json:"schema"`
	// File is the C file under test, relative to the directory; Source
	// is its path as given to inka.
	File   string `json:"file"`
	Source string `json:"source"`
	Split  bool   `json:"split"`
	// Caller and Stubs are the C files to compile (Stubs is empty unless
	// Split: the stubs are then in the caller's file).
	Caller      string   `json:"caller"`
	Stubs       string   `json:"stubs,omitempty"`
	IncludeDirs []string `json:"include_dirs,omitempty"`
	Defines     []string `json:"defines,omitempty"`
	NDEBUG      bool     `json:"ndebug,omitempty"`
	// Conditions: the run identified the conditions of the decisions
	// (condition criteria, frontend.Options.Conditions): the validation
	// lowers the file so too, and probes every condition.
	Conditions bool `json:"conditions,omitempty"`
	// DataModel is the target's, as ir.DataModel spells it ("ILP32"; empty
	// for LP64): the builds pass its flag (gcc -m32) to the compilers.
	DataModel       string         `json:"data_model,omitempty"`
	ArrayLen        int            `json:"array_len"`
	PtrDepth        int            `json:"ptr_depth"`
	UseInitializers bool           `json:"use_initializers,omitempty"`
	Tests           []ManifestTest `json:"tests"`
}

// ManifestTest is one test of a harness, in the harness's order.
type ManifestTest struct {
	ID       int    `json:"id"`
	Function string `json:"function"`
	// Covers are the goals the run claims the test covers; Taken counts,
	// for every decision outcome the replay took, how many times.
	Covers    []string       `json:"covers"`
	Taken     map[string]int `json:"taken"`
	Checks    int            `json:"checks"`
	Skip      string         `json:"skip,omitempty"`
	SkipAlone string         `json:"skip_alone,omitempty"`
}

// ManifestSchema is the version tag of the manifest.
const ManifestSchema = "inka-harness/v1"

// Write writes the harness into dir (created if needed) and returns its
// manifest.
func (s *Suite) Write(dir string) (*Manifest, error) {
	if len(s.Tests) == 0 {
		return nil, fmt.Errorf("no tests to write")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	rel, err := relPath(dir, s.File)
	if err != nil {
		return nil, err
	}
	ext, stubs, err := s.stubInfos()
	if err != nil {
		return nil, err
	}
	m, err := s.manifest(dir, rel)
	if err != nil {
		return nil, err
	}
	g := s.genTests(ext, m)
	files := map[string][]byte{
		UnitFile:   s.unitHeader(rel),
		HeaderFile: header(len(s.Tests), g.nptr),
	}
	h, err := s.harnessText(g, stubs)
	if err != nil {
		return nil, err
	}
	if s.opts.Split {
		files[StubsFile] = s.stubsText(stubs, g.rows)
	} else {
		h.WriteString("\n/* ---- the callee stubs ---- */\n")
		genStubs(h, stubs, g.rows)
	}
	files[HarnessFile] = h.Bytes()
	mj, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return nil, err
	}
	files[ManifestFile] = append(mj, '\n')
	if err := writeFiles(dir, files); err != nil {
		return nil, err
	}
	if !s.opts.Split {
		// A stubs.c left by an earlier --split run would be stale.
		os.Remove(filepath.Join(dir, StubsFile))
	}
	return m, nil
}

// manifest is the manifest of the harness written into dir for the file
// at rel (relative to dir), without its tests.
func (s *Suite) manifest(dir, rel string) (*Manifest, error) {
	var incs []string
	for _, inc := range s.opts.Frontend.IncludeDirs {
		r, err := relPath(dir, inc)
		if err != nil {
			return nil, err
		}
		incs = append(incs, r)
	}
	m := &Manifest{Schema: ManifestSchema, File: rel, Source: s.File, Split: s.opts.Split, Caller: HarnessFile,
		IncludeDirs: incs, Defines: s.opts.Frontend.Defines, NDEBUG: s.opts.Frontend.NDEBUG, Conditions: s.opts.Frontend.Conditions,
		DataModel: s.opts.Frontend.DataModel.NonDefault(),
		ArrayLen:  s.opts.ArrayLen, PtrDepth: s.opts.PtrDepth, UseInitializers: s.opts.UseInitializers}
	if s.opts.Split {
		m.Stubs = StubsFile
	}
	return m, nil
}

// generated is the code of every test of a suite.
type generated struct {
	codes []*testCode
	rows  []map[string][]string // each test's rows of the stubs' tables
	nptr  int                   // the most pointer slots a test needs (at least 1)
	void  bool                  // some written test needs the void* target
}

// genTests generates the code of every test, in order, and adds each to
// the manifest m; a test that cannot be written is marked skipped (the
// stubs then expect no call of it).
func (s *Suite) genTests(ext map[string]*stubInfo, m *Manifest) *generated {
	g := &generated{nptr: 1}
	for _, t := range s.Tests {
		c := s.genTest(t, ext)
		if c.skip != "" {
			// The test is not written: the stubs expect no call of it.
			if t.Skip == "" {
				t.Skip = c.skip
			}
			if t.SkipAlone == "" {
				t.SkipAlone = c.skip
			}
			c.rows = nil
		}
		g.codes = append(g.codes, c)
		g.rows = append(g.rows, c.rows)
		g.nptr = max(g.nptr, len(c.slots))
		g.void = g.void || (c.void && c.skip == "")
		taken := map[string]int{}
		for _, st := range t.Result.Trace {
			taken[st.ID()]++
		}
		covers := t.Covers
		if covers == nil {
			covers = []string{}
		}
		m.Tests = append(m.Tests, ManifestTest{ID: t.ID, Function: t.Func, Covers: covers, Taken: taken,
			Checks: c.checks, Skip: t.Skip, SkipAlone: t.SkipAlone})
	}
	return g
}

// harnessText is the harness's file: how to build it, the includes, the
// tables of the tests, the runtime, one function per test and main (the
// stubs are added by the caller, here or in their own file).
func (s *Suite) harnessText(g *generated, stubs []*stubInfo) (*bytes.Buffer, error) {
	var h bytes.Buffer
	fmt.Fprintf(&h, "/* Generated by inka: self-checking tests of %s.\n", s.File)
	fmt.Fprintf(&h, " *\n * Build and run (any C11 compiler; the file under test is included as is):\n")
	if s.opts.Split {
		fmt.Fprintf(&h, " *   cc -std=c11 -ffp-contract=off -c %s && cc -std=c11 -ffp-contract=off -c %s && cc -o harness harness.o stubs.o -lm && ./harness\n", HarnessFile, StubsFile)
	} else {
		fmt.Fprintf(&h, " *   cc -std=c11 -ffp-contract=off -o harness %s -lm && ./harness\n", HarnessFile)
	}
	if s.capture {
		fmt.Fprintf(&h, " * The output of each call is compared with the run's: POSIX dup2, not plain C11.\n")
	}
	fmt.Fprintf(&h, " * ./harness ID runs test ID alone. The exit status is 1 when a check fails.\n */\n")
	if s.capture {
		// dup and dup2 (POSIX) redirect the standard output and error of
		// each call to compare them with the run's (outputCapture).
		fmt.Fprintf(&h, "#define _POSIX_C_SOURCE 200809L\n#define INKA_CAPTURE 1\n#include <string.h>\n#include <unistd.h>\n")
	}
	// <errno.h>: a test sets errno, an input when the file calls a model
	// that sets it (package libc).
	fmt.Fprintf(&h, "#include <errno.h>\n#include <setjmp.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include \"%s\"\n\n", HeaderFile)
	fmt.Fprintf(&h, "/* validate builds with INKA_UNIT naming an instrumented copy of the file */\n")
	fmt.Fprintf(&h, "#ifdef INKA_UNIT\n#include INKA_UNIT\n#else\n#include \"%s\"\n#endif\n", UnitFile)
	if defs, err := s.externObjects(); err != nil {
		return nil, err
	} else if len(defs) > 0 {
		fmt.Fprintf(&h, "\n/* The objects the file declares and no file defines: the tests set them. */\n")
		for _, d := range defs {
			fmt.Fprintf(&h, "%s;\n", d)
		}
	}
	s.testTables(&h)
	if g.void {
		fmt.Fprintf(&h, "\n/* What a void* input points to: never read, only compared. */\n")
		fmt.Fprintf(&h, "static union { long long ll; long double ld; void *p; } inka_void;\n")
	}
	writePairs(&h, s.pairs)
	h.WriteString(runtime)
	if s.heapWrapped() {
		h.WriteString(heapRuntime)
		if s.heapInputs() {
			h.WriteString(heapInputRuntime)
		}
	}
	if s.capture {
		h.WriteString(outputCapture)
	} else {
		h.WriteString("\nstatic void inka_capture_reset(void) {}\n")
	}
	for _, si := range stubs {
		if si.decl != "" {
			fmt.Fprintf(&h, "\n/* the callback of input %s */\n%s;\n", strings.TrimPrefix(si.ext.Name, "*"), si.decl)
		}
	}
	var fns []string
	for i, t := range s.Tests {
		c := g.codes[i]
		fmt.Fprintf(&h, "\n/* test %d: %s; covers %s */\n", t.ID, t.Func, strings.Join(t.Covers, ", "))
		fn := fmt.Sprintf("inka_t%d", i)
		fns = append(fns, fn)
		fmt.Fprintf(&h, "static void %s(void)\n{\n", fn)
		if c.skip != "" {
			fmt.Fprintf(&h, "\t/* not written: %s */\n", strings.ReplaceAll(c.skip, "*/", "* /"))
		}
		for _, line := range c.body {
			fmt.Fprintf(&h, "\t%s\n", line)
		}
		fmt.Fprintf(&h, "}\n")
	}
	fmt.Fprintf(&h, "\nstatic void (*const inka_fns[INKA_NTESTS])(void) = {%s};\n", strings.Join(fns, ", "))
	h.WriteString(mainFunc)
	return &h, nil
}

// testTables writes the tables of the tests: their ids, functions and
// why they are skipped.
func (s *Suite) testTables(h *bytes.Buffer) {
	var ids, funcs, skips, alones []string
	for _, t := range s.Tests {
		ids = append(ids, fmt.Sprint(t.ID))
		funcs = append(funcs, cString(t.Func))
		skips = append(skips, cOrNull(t.Skip))
		alones = append(alones, cOrNull(t.SkipAlone))
	}
	fmt.Fprintf(h, "\n/* The tests, in order: their ids in inka's run, functions, and why the\n * harness cannot run them after the tests before (or alone). */\n")
	fmt.Fprintf(h, "static const int inka_ids[INKA_NTESTS] = {%s};\n", strings.Join(ids, ", "))
	fmt.Fprintf(h, "static const char *const inka_funcs[INKA_NTESTS] = {%s};\n", strings.Join(funcs, ", "))
	fmt.Fprintf(h, "static const char *const inka_skip[INKA_NTESTS] = {%s};\n", strings.Join(skips, ", "))
	fmt.Fprintf(h, "static const char *const inka_skip_alone[INKA_NTESTS] = {%s};\n", strings.Join(alones, ", "))
}

// stubsText is the file of the callee stubs of a --split harness.
func (s *Suite) stubsText(stubs []*stubInfo, rows []map[string][]string) []byte {
	var sb bytes.Buffer
	fmt.Fprintf(&sb, "/* Generated by inka: the callee stubs of the tests of %s (see %s). */\n", s.File, HarnessFile)
	fmt.Fprintf(&sb, "#include <stddef.h>\n#include \"%s\"\n", HeaderFile)
	tags := map[string]bool{}
	for _, si := range stubs {
		for _, t := range si.tags {
			if !tags[t] {
				tags[t] = true
				fmt.Fprintf(&sb, "%s;\n", t)
			}
		}
	}
	genStubs(&sb, stubs, rows)
	return sb.Bytes()
}

// writeFiles writes the files, by name, into dir, in the order of their
// names.
func writeFiles(dir string, files map[string][]byte) error {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), files[n], 0o644); err != nil {
			return err
		}
	}
	return nil
}

// relPath is the path of file relative to dir, for #include.
func relPath(dir, file string) (string, error) {
	ad, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	af, err := filepath.Abs(file)
	if err != nil {
		return "", err
	}
	r, err := filepath.Rel(ad, af)
	if err != nil {
		return af, nil
	}
	return filepath.ToSlash(r), nil
}

func cOrNull(s string) string {
	if s == "" {
		return "NULL"
	}
	return cString(s)
}

// unitHeader includes the file under test with the macros it was read with.
func (s *Suite) unitHeader(rel string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "/* Generated by inka: the file under test, included as is. As a system\n")
	fmt.Fprintf(&b, " * header, its own warnings are not reported: -Wall -Wextra judge the\n")
	fmt.Fprintf(&b, " * generated code. */\n")
	includeUnit(&b, rel, s.opts.Frontend, definesMain(s.unit), s.heapWrapped())
	return b.Bytes()
}

// mainName is the name the file's main has in the harness, which defines
// its own main.
const mainName = "inka_main_of_the_file"

// definesMain reports whether the file under test defines main.
func definesMain(u *frontend.Unit) bool {
	return slices.Contains(u.Functions(), "main")
}

// includeUnit writes the lines of a header that includes the file under
// test (path, as #include spells it) as a system header, with the macros
// it was read with, and its main, if any, renamed mainName.
func includeUnit(b *bytes.Buffer, path string, fo frontend.Options, hasMain, heap bool) {
	b.WriteString("#pragma GCC system_header\n")
	b.WriteString(fo.Macros())
	if hasMain {
		fmt.Fprintf(b, "#define main %s\n", mainName)
	}
	if heap {
		b.WriteString(heapWrappers)
	}
	b.WriteString(quietInlined)
	fmt.Fprintf(b, "#include \"%s\"\n", path)
	b.WriteString("#pragma GCC diagnostic pop\n")
	if hasMain {
		fmt.Fprintf(b, "#undef main\n")
	}
	if heap {
		b.WriteString("#undef malloc\n#undef calloc\n#undef realloc\n")
	}
}

// quietInlined opens a diagnostic region around the file under test (the
// include closes it) that silences the warnings gcc's middle end gives on
// the file's code once inlined into a test with the test's constants: a
// system header's own warnings are not reported, but those of code
// inlined into the harness are. frame_ok(f, 12) on a 4-byte f that fails
// f[0] != 0xA5 never reads f[11], yet gcc -O2 warns that f[len - 1] is out
// of bounds on the path it cannot rule out; `inka validate` took that for
// broken generated code. The interpreter and the replays check the runs
// themselves. Older compilers that lack one of the options stay quiet too
// (-Wpragmas, -Wunknown-warning-option).
const quietInlined = `#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpragmas"
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunknown-warning-option"
#endif
#pragma GCC diagnostic ignored "-Warray-bounds"
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#pragma GCC diagnostic ignored "-Wstringop-overread"
#pragma GCC diagnostic ignored "-Wstringop-truncation"
#pragma GCC diagnostic ignored "-Wrestrict"
#pragma GCC diagnostic ignored "-Wnonnull"
#pragma GCC diagnostic ignored "-Wfree-nonheap-object"
#pragma GCC diagnostic ignored "-Wuse-after-free"
#pragma GCC diagnostic ignored "-Wdangling-pointer"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Walloc-size-larger-than="
`

// header is inka_harness.h: what the tests and the stubs share.
func header(ntests, nptr int) []byte {
	return []byte(fmt.Sprintf(`/* Generated by inka: the interface between the tests (harness.c) and the
 * callee stubs. */
#ifndef INKA_HARNESS_H
#define INKA_HARNESS_H
#include <setjmp.h>

#define INKA_NTESTS %d
#define INKA_NPTR %d

extern int inka_test;                   /* index of the running test */
extern jmp_buf inka_stop;               /* a stub jumps there to stop the test */
extern const void *inka_ptr[INKA_NPTR]; /* addresses the running test's stubs expect */

/* A test's checks: what is checked, the value got, the value expected. */
void inka_check_int(const char *what, long long got, long long want);
void inka_check_uint(const char *what, unsigned long long got, unsigned long long want);
void inka_check_fp(const char *what, double got, double want);
void inka_check_ptr(const char *what, const void *got, const void *want, const char *wantname);

/* A final value to check: what it is, where, the kind of integer (how to
 * read it: see inka_check_leaves), the value expected (want when signed,
 * uwant otherwise; of a float or double, uwant holds its bits). */
struct inka_leaf {
	const char *what;
	const void *addr;
	int kind;
	long long want;
	unsigned long long uwant;
};
void inka_check_leaves(const struct inka_leaf *l, int n);

/* A stub's checks: arguments (call and arg count from 1; param is " (name)"
 * or ""), pointers by slot in inka_ptr (-1: NULL, -2: not NULL). */
void inka_check_arg_int(const char *callee, int call, int arg, const char *param, long long got, long long want);
void inka_check_arg_uint(const char *callee, int call, int arg, const char *param, unsigned long long got, unsigned long long want);
void inka_check_arg_fp(const char *callee, int call, int arg, const char *param, double got, double want);
void inka_check_arg_ptr(const char *callee, int call, int arg, const char *param, const void *got, int slot, const char *want);
_Noreturn void inka_extra_call(const char *callee, int call, int expected);
void inka_check_calls(const char *callee, int calls, int expected);

/* Defined with the stubs: reset the call counters, check the counts. */
void inka_stubs_begin(void);
void inka_stubs_end(void);
#endif
`, ntests, nptr))
}

// runtime is the part of harness.c that checks and reports.
const runtime = `
int inka_test = -1;
jmp_buf inka_stop;
const void *inka_ptr[INKA_NPTR];
static int inka_failures; /* failed checks of the running test */

/* inka_fail starts the line of a failed check. */
static void inka_fail(void)
{
	inka_failures++;
	printf("test %d %s: FAIL ", inka_ids[inka_test], inka_funcs[inka_test]);
}

void inka_check_int(const char *what, long long got, long long want)
{
	if (got != want) {
		inka_fail();
		printf("%s: expected %lld, got %lld\n", what, want, got);
	}
}

void inka_check_uint(const char *what, unsigned long long got, unsigned long long want)
{
	if (got != want) {
		inka_fail();
		printf("%s: expected %llu, got %llu\n", what, want, got);
	}
}

/* inka_check_fp compares two floating-point values (a float is promoted
 * exactly): bit for bit (+0.0 is not -0.0), except that a NaN expected
 * is any NaN (C does not say which NaN an operation gives, and compilers
 * that fold constants give another one than SSE2). */
void inka_check_fp(const char *what, double got, double want)
{
	union { double d; unsigned long long u; } g, w;
	g.d = got;
	w.d = want;
	if (want != want ? got == got : g.u != w.u) {
		inka_fail();
		printf("%s: expected %a, got %a\n", what, want, got);
	}
}

static void inka_check_fp_bits(const char *what, const void *addr, int isfloat, unsigned long long want)
{
	if (isfloat) {
		union { float f; unsigned int u; } w;
		w.u = (unsigned int)want;
		inka_check_fp(what, *(const float *)addr, w.f);
	} else {
		union { double d; unsigned long long u; } w;
		w.u = want;
		inka_check_fp(what, *(const double *)addr, w.d);
	}
}

void inka_check_ptr(const char *what, const void *got, const void *want, const char *wantname)
{
	if (got != want) {
		inka_fail();
		printf("%s: expected %s, got %s\n", what, wantname, got == NULL ? "NULL" : "another address");
	}
}

void inka_check_leaves(const struct inka_leaf *l, int n)
{
	int i;
	for (i = 0; i < n; i++, l++) {
		switch (l->kind) {
		case 0: inka_check_uint(l->what, *(const _Bool *)l->addr, l->uwant); break;
		case 1: inka_check_int(l->what, *(const char *)l->addr, l->want); break;
		case 2: inka_check_uint(l->what, *(const unsigned char *)l->addr, l->uwant); break;
		case 3: inka_check_int(l->what, *(const short *)l->addr, l->want); break;
		case 4: inka_check_uint(l->what, *(const unsigned short *)l->addr, l->uwant); break;
		case 5: inka_check_int(l->what, *(const int *)l->addr, l->want); break;
		case 6: inka_check_uint(l->what, *(const unsigned int *)l->addr, l->uwant); break;
		case 7: inka_check_int(l->what, *(const long *)l->addr, l->want); break;
		case 8: inka_check_uint(l->what, *(const unsigned long *)l->addr, l->uwant); break;
		case 9: inka_check_int(l->what, *(const long long *)l->addr, l->want); break;
		case 11: inka_check_fp_bits(l->what, l->addr, 1, l->uwant); break;
		case 12: inka_check_fp_bits(l->what, l->addr, 0, l->uwant); break;
		default: inka_check_uint(l->what, *(const unsigned long long *)l->addr, l->uwant); break;
		}
	}
}

void inka_check_arg_int(const char *callee, int call, int arg, const char *param, long long got, long long want)
{
	if (got != want) {
		inka_fail();
		printf("callee %s, call %d, argument %d%s: expected %lld, got %lld\n", callee, call, arg, param, want, got);
	}
}

/* inka_check_arg_fp compares as inka_check_fp does. */
void inka_check_arg_fp(const char *callee, int call, int arg, const char *param, double got, double want)
{
	union { double d; unsigned long long u; } g, w;
	g.d = got;
	w.d = want;
	if (want != want ? got == got : g.u != w.u) {
		inka_fail();
		printf("callee %s, call %d, argument %d%s: expected %a, got %a\n", callee, call, arg, param, want, got);
	}
}

void inka_check_arg_uint(const char *callee, int call, int arg, const char *param, unsigned long long got, unsigned long long want)
{
	if (got != want) {
		inka_fail();
		printf("callee %s, call %d, argument %d%s: expected %llu, got %llu\n", callee, call, arg, param, want, got);
	}
}

void inka_check_arg_ptr(const char *callee, int call, int arg, const char *param, const void *got, int slot, const char *want)
{
	int ok;
	if (slot == -1)
		ok = got == NULL;
	else if (slot == -2)
		ok = got != NULL;
	else
		ok = got == inka_ptr[slot];
	if (!ok) {
		inka_fail();
		printf("callee %s, call %d, argument %d%s: expected %s, got %s\n", callee, call, arg, param, want,
		       got == NULL ? "NULL" : "another address");
	}
}

_Noreturn void inka_extra_call(const char *callee, int call, int expected)
{
	inka_fail();
	printf("callee %s, call %d: not expected (the test expects %d call%s); the test stops here\n", callee, call,
	       expected, expected == 1 ? "" : "s");
	longjmp(inka_stop, 1);
}

void inka_check_calls(const char *callee, int calls, int expected)
{
	if (calls < expected) {
		inka_fail();
		printf("callee %s: %d call%s, expected %d\n", callee, calls, calls == 1 ? "" : "s", expected);
	}
}
`

// outputCapture compares what a call writes to the standard output and
// error with what the run wrote (interp.Result.Stdout, Stderr): both are
// redirected to temporary files for the call (POSIX dup2).
const outputCapture = `
static FILE *inka_cap[2];
static int inka_saved[2] = {-1, -1};

void inka_capture_begin(void)
{
	int k;
	fflush(stdout);
	fflush(stderr);
	for (k = 0; k < 2; k++) {
		inka_cap[k] = tmpfile();
		inka_saved[k] = inka_cap[k] == NULL ? -1 : dup(k + 1);
		if (inka_saved[k] >= 0)
			dup2(fileno(inka_cap[k]), k + 1);
	}
}

/* inka_capture_stop ends the redirection of stream k+1 and returns the
 * length of what was written to it (-1: not redirected). */
static long inka_capture_stop(int k)
{
	long n = -1;
	if (inka_saved[k] < 0)
		return -1;
	fflush(k == 0 ? stdout : stderr);
	dup2(inka_saved[k], k + 1);
	close(inka_saved[k]);
	inka_saved[k] = -1;
	n = ftell(inka_cap[k]);
	rewind(inka_cap[k]);
	return n;
}

/* inka_capture_reset ends the redirections (after a test stopped by a
 * stub, too). */
static void inka_capture_reset(void)
{
	int k;
	for (k = 0; k < 2; k++) {
		inka_capture_stop(k);
		if (inka_cap[k] != NULL)
			fclose(inka_cap[k]);
		inka_cap[k] = NULL;
	}
}

void inka_capture_end(const char *out, long nout, const char *err, long nerr)
{
	static const char *const name[2] = {"standard output", "standard error"};
	const char *want[2];
	long nwant[2];
	int k;
	want[0] = out, want[1] = err, nwant[0] = nout, nwant[1] = nerr;
	for (k = 0; k < 2; k++) {
		char got[4096];
		long n = inka_capture_stop(k);
		size_t r;
		if (n < 0) {
			inka_fail();
			printf("%s: not captured\n", name[k]);
			continue;
		}
		r = n > (long)sizeof got ? sizeof got : (size_t)n;
		if (fread(got, 1, r, inka_cap[k]) != r || n != nwant[k] || memcmp(got, want[k], r) != 0) {
			inka_fail();
			printf("%s: expected \"%s\" (%ld bytes), got %ld bytes: \"%.*s\"\n", name[k], want[k], nwant[k], n,
			       (int)r, got);
		}
	}
	inka_capture_reset();
}
`

// mainFunc runs the tests: all of them in order, or the one whose id is
// the argument.
const mainFunc = `
/* inka_run runs test i and reports it: 1 passed, 0 failed, -1 skipped. */
static int inka_run(int i, const char *skip)
{
	inka_test = i;
	if (skip != NULL) {
		printf("test %d %s: skipped: %s\n", inka_ids[i], inka_funcs[i], skip);
		return -1;
	}
	inka_failures = 0;
	inka_stubs_begin();
	if (setjmp(inka_stop) == 0)
		inka_fns[i]();
	inka_capture_reset();
	inka_stubs_end();
	printf("test %d %s: %s\n", inka_ids[i], inka_funcs[i], inka_failures == 0 ? "ok" : "FAILED");
	fflush(stdout);
	return inka_failures == 0;
}

int main(int argc, char **argv)
{
	int i, passed = 0, failed = 0, skipped = 0;
	int only = -1;
	if (argc > 2) {
		fprintf(stderr, "usage: %s [ID]\n", argv[0]);
		return 2;
	}
	if (argc == 2) {
		char *end;
		long id = strtol(argv[1], &end, 10);
		for (i = 0; i < INKA_NTESTS; i++)
			if (*end == '\0' && inka_ids[i] == id)
				only = i;
		if (only < 0) {
			fprintf(stderr, "%s: no test %s\n", argv[0], argv[1]);
			return 2;
		}
	}
	for (i = 0; i < INKA_NTESTS; i++) {
		int r;
		if (only >= 0 && i != only)
			continue;
		r = inka_run(i, only >= 0 ? inka_skip_alone[i] : inka_skip[i]);
		if (r > 0)
			passed++;
		else if (r == 0)
			failed++;
		else
			skipped++;
	}
	printf("%d passed, %d failed", passed, failed);
	if (skipped > 0)
		printf(", %d skipped", skipped);
	printf("\n");
	return failed > 0;
}
`
