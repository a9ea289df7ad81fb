package harness

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/internal/cprobe"
	"github.com/inka-tool/inka/ir"
)

// ValidateOptions say which builds Validate makes.
type ValidateOptions struct {
	CCs  []string // compilers (default gcc and clang); a missing one is reported, not an error
	Opts []string // optimization levels (default O0 and O2)
	// Coverage confirms, with gcc, the coverage each test claims: probes
	// around the decisions, and gcov on the unmodified file.
	Coverage bool
	Werror   bool          // compile the harness with -Werror
	Timeout  time.Duration // per run of a harness binary (default 30 s)
}

// BuildResult is one build of the harness and its run.
type BuildResult struct {
	Name     string // "gcc -O2", or "gcc+clang -O0" (caller with gcc, stubs with clang)
	Err      string // the build failed: the compiler's output
	Warnings string // what the compilers printed on a successful build
	// Status is, by test id: "ok", "FAILED", "skipped", "crashed" or
	// "not run"; Fails the failed checks' lines, by test id.
	Status  map[int]string
	Fails   map[int][]string
	Summary string // the harness's closing line, or how it ended
	Build   time.Duration
	Run     time.Duration
}

// CoverageResult is what the coverage builds confirmed, by test id.
type CoverageResult struct {
	Probes map[int]*Confirmation // probed build (gcc -O0), every test run in order
	Gcov   map[int]*Confirmation // gcov build (gcc -O0 --coverage), each test alone
	Err    string                // the coverage builds failed
}

// Confirmation is the check of one test's claims by one coverage build.
type Confirmation struct {
	Claims    int // goals the test claims to cover
	Confirmed int // of them, confirmed
	Branches  int // lines whose branch counts gcov and the model agree on (gcov only)
	// Unchecked are the claims this build cannot judge, with the reason
	// (gcov: a line without code, constant-folded; a switch, whose
	// dispatch gcc attributes to other lines).
	Unchecked []string
	Issues    []string // disagreements
	Skipped   string   // why the test was not run
}

// Report is the result of Validate.
type Report struct {
	Dir      string
	Manifest *Manifest
	Missing  []string // compilers not found
	Builds   []*BuildResult
	Coverage *CoverageResult
	// Disagreements name, for each, the test and the builds that show it.
	Disagreements []string
}

// OK reports whether every build succeeded, every test passed (or was
// skipped by every build) and every coverage claim was confirmed.
func (r *Report) OK() bool { return len(r.Disagreements) == 0 }

// ReadManifest reads the manifest of a harness directory.
func ReadManifest(dir string) (*Manifest, error) {
	b, err := os.ReadFile(filepath.Join(dir, ManifestFile))
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %w", ManifestFile, err)
	}
	if m.Schema != ManifestSchema {
		return nil, fmt.Errorf("%s: schema %q, want %q", ManifestFile, m.Schema, ManifestSchema)
	}
	if m.DataModel != "" {
		if _, err := ir.ParseDataModel(m.DataModel); err != nil {
			return nil, fmt.Errorf("%s: %w", ManifestFile, err)
		}
	}
	return &m, nil
}

// Validate compiles the harness in dir with each compiler and level, runs
// it, and (with opts.Coverage and gcc) confirms the claimed coverage. The
// builds are made in dir/.build.
func Validate(dir string, opts ValidateOptions) (*Report, error) {
	if len(opts.CCs) == 0 {
		opts.CCs = []string{"gcc", "clang"}
	}
	if len(opts.Opts) == 0 {
		opts.Opts = []string{"O0", "O2"}
	}
	if opts.Timeout <= 0 {
		opts.Timeout = 30 * time.Second
	}
	m, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	v := &validator{dir: dir, m: m, opts: opts}
	r := &Report{Dir: dir, Manifest: m}
	var ccs []string
	for _, cc := range opts.CCs {
		if _, err := exec.LookPath(cc); err != nil {
			r.Missing = append(r.Missing, cc)
			continue
		}
		ccs = append(ccs, cc)
	}
	for _, cc := range ccs {
		for _, o := range opts.Opts {
			r.Builds = append(r.Builds, v.build(cc, cc, o))
		}
	}
	// Split: the caller and the stubs by two different compilers.
	if m.Split && len(ccs) >= 2 {
		for _, o := range opts.Opts {
			r.Builds = append(r.Builds, v.build(ccs[0], ccs[1], o), v.build(ccs[1], ccs[0], o))
		}
	}
	hasGCC := false
	for _, cc := range ccs {
		hasGCC = hasGCC || cc == "gcc"
	}
	if opts.Coverage && hasGCC {
		r.Coverage = v.coverage()
	}
	r.analyze()
	return r, nil
}

type validator struct {
	dir  string
	m    *Manifest
	opts ValidateOptions
}

// flags are the compiler flags every build shares.
func (v *validator) flags(opt string) []string {
	// -ffp-contract=off: no a*b+c fused into one rounding, as inka (and
	// gcc -std=c11) computes; clang contracts by default, and folds the
	// contraction of constants at -O2 even where no FMA instruction runs.
	f := append([]string{"-std=c11", "-Wall", "-Wextra", "-ffp-contract=off", "-" + opt}, v.targetFlags()...)
	if v.opts.Werror {
		f = append(f, "-Werror")
	}
	return append(f, v.includeFlags()...)
}

// includeDirs are the file's include directories (the manifest's are
// relative to the harness directory).
func (v *validator) includeDirs() []string {
	var dirs []string
	for _, inc := range v.m.IncludeDirs {
		if !filepath.IsAbs(inc) {
			inc = filepath.Join(v.dir, inc)
		}
		dirs = append(dirs, inc)
	}
	return dirs
}

// includeFlags are the -I flags of the file's include directories.
func (v *validator) includeFlags() []string {
	var f []string
	for _, inc := range v.includeDirs() {
		f = append(f, "-I", inc)
	}
	return f
}

// frontendOptions are the preprocessor options the file was read with.
func (v *validator) frontendOptions() frontend.Options {
	return frontend.Options{IncludeDirs: v.includeDirs(), Defines: v.m.Defines, NDEBUG: v.m.NDEBUG, Conditions: v.m.Conditions, DataModel: v.dataModel()}
}

// dataModel is the manifest's data model (LP64 when it names none, or
// one Validate does not know: ReadManifest refuses those).
func (v *validator) dataModel() ir.DataModel {
	dm, _ := ir.ParseDataModel(v.m.DataModel)
	return dm
}

// targetFlags are the flags that make the compilers build for the data
// model: none for LP64 (the host's), -m32 for ILP32.
func (v *validator) targetFlags() []string {
	if dm := v.dataModel(); dm != ir.LP64 {
		// floats on SSE2, as inka computes them (not the x87's
		// extended precision, i386's default)
		return []string{dm.CFlag(), "-msse2", "-mfpmath=sse"}
	}
	return nil
}

// compile runs a compiler in the harness directory; it returns what the
// compiler printed.
func (v *validator) compile(cc string, args ...string) (string, error) {
	cmd := exec.Command(cc, args...)
	cmd.Dir = v.dir
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// work returns (and makes) the build directory of a build.
func (v *validator) work(name string) (string, error) {
	w := filepath.Join(v.dir, ".build", strings.NewReplacer(" ", "", "+", "_", "-", "").Replace(name))
	if err := os.MkdirAll(w, 0o755); err != nil {
		return "", err
	}
	return filepath.Abs(w)
}

// link compiles the caller (with extra flags and files) and the stubs and
// links them into work/harness.
func (v *validator) link(work, callerCC, stubsCC string, flags []string, extra ...string) (string, error) {
	var log strings.Builder
	objs := []string{filepath.Join(work, "harness.o")}
	out, err := v.compile(callerCC, append(append([]string{}, flags...), "-c", v.m.Caller, "-o", objs[0])...)
	log.WriteString(out)
	if err != nil {
		return log.String(), err
	}
	if v.m.Stubs != "" {
		o := filepath.Join(work, "stubs.o")
		out, err := v.compile(stubsCC, append(append([]string{}, flags...), "-c", v.m.Stubs, "-o", o)...)
		log.WriteString(out)
		if err != nil {
			return log.String(), err
		}
		objs = append(objs, o)
	}
	for _, f := range extra {
		o := strings.TrimSuffix(f, ".c") + ".o"
		out, err := v.compile(callerCC, append(append([]string{}, flags...), "-c", f, "-o", o)...)
		log.WriteString(out)
		if err != nil {
			return log.String(), err
		}
		objs = append(objs, o)
	}
	var lflags []string
	for _, f := range flags {
		if f == "--coverage" || f == "-m32" || f == "-m64" {
			lflags = append(lflags, f)
		}
	}
	// -lm: the file may call <math.h>'s functions (sqrt, floor, ...)
	out, err = v.compile(callerCC, append(append(append(lflags, "-o", filepath.Join(work, "harness")), objs...), "-lm")...)
	log.WriteString(out)
	return log.String(), err
}

// build makes and runs one build.
func (v *validator) build(callerCC, stubsCC, opt string) *BuildResult {
	name := callerCC + " -" + opt
	if stubsCC != callerCC {
		name = callerCC + "+" + stubsCC + " -" + opt
	}
	b := &BuildResult{Name: name, Status: map[int]string{}, Fails: map[int][]string{}}
	work, err := v.work(name)
	if err != nil {
		b.Err = err.Error()
		return b
	}
	start := time.Now()
	out, err := v.link(work, callerCC, stubsCC, v.flags(opt))
	b.Build = time.Since(start)
	if err != nil {
		b.Err = strings.TrimSpace(out + "\n" + err.Error())
		return b
	}
	b.Warnings = strings.TrimSpace(out)
	start = time.Now()
	stdout, how := v.run(work)
	b.Run = time.Since(start)
	v.parse(b, stdout, how)
	return b
}

// run runs work/harness with arguments; how says how it ended when it
// did not exit with 0 or 1.
func (v *validator) run(work string, args ...string) (stdout, how string) {
	ctx, cancel := context.WithTimeout(context.Background(), v.opts.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, filepath.Join(work, "harness"), args...)
	cmd.Dir = work
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		how = fmt.Sprintf("timed out after %v", v.opts.Timeout)
	case errors.As(err, &ee):
		if ee.ExitCode() != 1 {
			how = ee.String()
		}
	case err != nil:
		how = err.Error()
	}
	return out.String(), how
}

var reTestLine = regexp.MustCompile(`^test (\d+) (\S+): (.*)$`)

// parse reads the output of a run of every test.
func (v *validator) parse(b *BuildResult, out, how string) {
	for _, line := range strings.Split(out, "\n") {
		if mm := reTestLine.FindStringSubmatch(line); mm != nil {
			id, _ := strconv.Atoi(mm[1])
			switch rest := mm[3]; {
			case rest == "ok":
				b.Status[id] = "ok"
			case rest == "FAILED":
				b.Status[id] = "FAILED"
			case strings.HasPrefix(rest, "skipped"):
				b.Status[id] = "skipped"
			case strings.HasPrefix(rest, "FAIL "):
				b.Fails[id] = append(b.Fails[id], strings.TrimPrefix(rest, "FAIL "))
			}
			continue
		}
		if strings.Contains(line, " passed, ") {
			b.Summary = line
		}
	}
	crashed := false
	for _, t := range v.m.Tests {
		if _, ok := b.Status[t.ID]; ok {
			continue
		}
		if !crashed && how != "" {
			// The tests run in order: the first one without a verdict is
			// the one that ended the process.
			b.Status[t.ID] = "crashed"
			b.Fails[t.ID] = append(b.Fails[t.ID], "the harness "+how)
			crashed = true
			continue
		}
		b.Status[t.ID] = "not run"
	}
	if how != "" {
		b.Summary = "the harness " + how
	}
}

// coverage builds the probed and the gcov harnesses with gcc -O0 and
// confirms each test's claims.
func (v *validator) coverage() *CoverageResult {
	c := &CoverageResult{Probes: map[int]*Confirmation{}, Gcov: map[int]*Confirmation{}}
	cv, err := v.loadUnit()
	if err != nil {
		c.Err = err.Error()
		return c
	}
	if err := v.probes(cv, c); err != nil {
		c.Err = err.Error()
	}
	if err := v.gcov(cv, c); err != nil {
		if c.Err != "" {
			c.Err += "; "
		}
		c.Err += err.Error()
	}
	return c
}

// covUnit is the file under test, lowered for each function of the tests.
type covUnit struct {
	path   string // the file, as validate reads it
	source string // the file as the tests' ids name it
	src    []byte
	// hasMain: the file defines main (renamed in the harness, see
	// includeUnit).
	hasMain bool
	heap    bool                   // the file's allocations are wrapped (heapWrapped)
	sets    map[string]*cprobe.Set // by function
	order   []*cprobe.Set
	// outcomes maps the id of every decision outcome (as the tests name
	// it) to its decision; lines maps a line of the file to the decisions
	// on it. A decision of a function that several tested functions call
	// is in each of their programs: it is listed once.
	outcomes map[string]*ir.Decision
	lines    map[int][]*ir.Decision
}

func (v *validator) loadUnit() (*covUnit, error) {
	path := v.m.File
	if !filepath.IsAbs(path) {
		path = filepath.Join(v.dir, path)
	}
	u, err := frontend.Load(path, v.frontendOptions())
	if err != nil {
		return nil, err
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	cu := &covUnit{path: u.Path(), source: v.m.Source, src: src, hasMain: definesMain(u),
		sets: map[string]*cprobe.Set{}, outcomes: map[string]*ir.Decision{}, lines: map[int][]*ir.Decision{}}
	for _, t := range v.m.Tests {
		if cu.sets[t.Function] != nil {
			continue
		}
		p, err := u.Lower(t.Function)
		if err != nil {
			return nil, err
		}
		s := cprobe.NewSet(p)
		cu.heap = cu.heap || heapWrapped([]*ir.Program{p})
		cu.sets[t.Function] = s
		cu.order = append(cu.order, s)
		for _, f := range p.Funcs {
			for _, d := range f.Decisions {
				if cu.outcomes[cu.id(d, 0)] != nil {
					continue
				}
				for o := range d.Outcomes {
					cu.outcomes[cu.id(d, o)] = d
				}
				if d.Pos.File == cu.path {
					cu.lines[d.Pos.Line] = append(cu.lines[d.Pos.Line], d)
				}
			}
		}
	}
	return cu, nil
}

// goalLine returns the line of a goal: a decision outcome's, or a
// statement's ("file:line"); ok is false when goal is neither.
func (cu *covUnit) goalLine(goal string) (line int, ok bool) {
	if d := cu.outcomes[goal]; d != nil {
		return d.Pos.Line, true
	}
	if !cu.inFile(goal) {
		return 0, false
	}
	i := strings.LastIndexByte(goal, ':')
	n, err := strconv.Atoi(goal[i+1:])
	return n, i > 0 && err == nil
}

// inFile reports whether a goal is in the tested file, not in a header
// (a function a header defines is code too, but the coverage builds only
// instrument and measure the file itself). A goal that is neither a
// decision outcome nor a statement ("file:line") counts as in the file:
// the checks report it.
func (cu *covUnit) inFile(goal string) bool {
	if d := cu.outcomes[goal]; d != nil {
		return d.Pos.File == cu.path
	}
	i := strings.LastIndexByte(goal, ':')
	if _, err := strconv.Atoi(goal[i+1:]); i <= 0 || err != nil {
		return true
	}
	return goal[:i] == cu.source
}

// id is a decision outcome's id as the tests name it (the file as given
// to inka, not as validate reads it).
func (cu *covUnit) id(d *ir.Decision, o int) string {
	id := d.ID(o)
	if d.Pos.File == cu.path {
		id = cu.source + strings.TrimPrefix(id, cu.path)
	}
	return id
}

// probes builds the harness on an instrumented copy of the file and
// compares, test by test, the decision outcomes gcc's code takes with the
// replay's.
func (v *validator) probes(cu *covUnit, c *CoverageResult) error {
	work, err := v.work("gcc probes")
	if err != nil {
		return err
	}
	isrc, err := cprobe.Instrument(cu.src, cu.path, cu.order)
	if err != nil {
		return err
	}
	probed := filepath.Join(work, "probed.c")
	unit := filepath.Join(work, "probed_unit.h")
	rt := filepath.Join(work, "probes.c")
	var uh bytes.Buffer
	includeUnit(&uh, probed, v.frontendOptions(), cu.hasMain, cu.heap)
	for name, b := range map[string][]byte{probed: isrc, unit: uh.Bytes(), rt: []byte(probeRuntime)} {
		if err := os.WriteFile(name, b, 0o644); err != nil {
			return err
		}
	}
	flags := append([]string{"-std=c11", "-O0", "-w", "-I", filepath.Dir(cu.path), "-DINKA_UNIT=\"" + unit + "\""}, v.targetFlags()...)
	flags = append(flags, v.includeFlags()...)
	if out, err := v.link(work, "gcc", "gcc", flags, rt); err != nil {
		return fmt.Errorf("probed build: %v\n%s", err, out)
	}
	out, how := v.run(work)
	if how != "" {
		return fmt.Errorf("probed build: the harness %s", how)
	}
	if b, err := os.ReadFile(filepath.Join(work, probesFile)); err == nil {
		out += string(b)
	}
	taken, err := v.probesTaken(cu, out)
	if err != nil {
		return err
	}
	for ti, t := range v.m.Tests {
		c.Probes[t.ID] = v.confirm(cu, t, taken[ti])
	}
	return nil
}

// probesTaken reads the probes' output of the harness: for each test (by
// index), how many times it took each decision outcome (by id).
func (v *validator) probesTaken(cu *covUnit, out string) (map[int]map[string]int, error) {
	taken := map[int]map[string]int{} // test index → outcome id → count
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) != 4 || f[0] != "inka-probe" {
			continue
		}
		ti, _ := strconv.Atoi(f[1])
		pid, _ := strconv.Atoi(f[2])
		val, _ := strconv.ParseUint(f[3], 10, 64)
		if ti < 0 || ti >= len(v.m.Tests) {
			continue
		}
		s := cu.sets[v.m.Tests[ti].Function]
		d := s.Probes[pid]
		if d == nil {
			continue
		}
		o, err := s.Outcome(d, val)
		if err != nil {
			return nil, err
		}
		if taken[ti] == nil {
			taken[ti] = map[string]int{}
		}
		taken[ti][cu.id(d, o)]++
	}
	return taken, nil
}

// confirm compares what test t took in gcc's code (got) with its claims
// and with the outcomes its replay took, as many times.
func (v *validator) confirm(cu *covUnit, t ManifestTest, got map[string]int) *Confirmation {
	cf := &Confirmation{}
	if t.Skip != "" {
		cf.Skipped = t.Skip
		return cf
	}
	s := cu.sets[t.Function]
	probedIDs := map[string]bool{}
	for d := range s.Probed {
		for o := range d.Outcomes {
			probedIDs[cu.id(d, o)] = true
		}
	}
	for _, goal := range t.Covers {
		if cu.outcomes[goal] == nil {
			continue // statements: gcov's
		}
		cf.Claims++
		switch {
		case !cu.inFile(goal):
			cf.Unchecked = append(cf.Unchecked, fmt.Sprintf("%s: in a header, which the probes do not instrument", goal))
		case !probedIDs[goal]:
			cf.Issues = append(cf.Issues, fmt.Sprintf("claims %s, which the probes could not instrument", goal))
		case got[goal] > 0:
			cf.Confirmed++
		default:
			cf.Issues = append(cf.Issues, fmt.Sprintf("claims %s, gcc -O0 did not take it", goal))
		}
	}
	// Every outcome, claimed or not: the compiled code and the
	// replay must take the same ones, as many times.
	ids := map[string]bool{}
	for id := range got {
		ids[id] = true
	}
	for id := range t.Taken {
		if probedIDs[id] {
			ids[id] = true
		}
	}
	for _, id := range sortedKeys(ids) {
		if got[id] != t.Taken[id] {
			cf.Issues = append(cf.Issues, fmt.Sprintf("%s taken %d times by gcc -O0, %d times by the model", id, got[id], t.Taken[id]))
		}
	}
	return cf
}

// probeRuntime defines the probes of the instrumented file: each prints
// the running test, the probe and the value.
const probeRuntime = `#include <stdio.h>
extern int inka_test;
int __inka_p(int id, int c);
void __inka_sw(int id, unsigned long long v);
static FILE *inka_probes;
static FILE *inka_probe_file(void)
{
	if (inka_probes == NULL)
		inka_probes = fopen("` + probesFile + `", "w");
	return inka_probes != NULL ? inka_probes : stdout;
}
int __inka_p(int id, int c)
{
	fprintf(inka_probe_file(), "inka-probe %d %d %d\n", inka_test, id, c);
	return c;
}
void __inka_sw(int id, unsigned long long v)
{
	fprintf(inka_probe_file(), "inka-probe %d %d %llu\n", inka_test, id, v);
}
`

// probesFile is where the probes write, in the harness's directory (not
// the standard output: the harness compares a call's output with the
// run's).
const probesFile = "inka-probes.txt"

// gcov builds the harness with gcc -O0 --coverage and runs each test
// alone: each claimed goal's line must have run, and a line with a single
// two-way decision must show two branches taken as often as the model
// says the decision took its outcomes.
func (v *validator) gcov(cu *covUnit, c *CoverageResult) error {
	if _, err := exec.LookPath("gcov"); err != nil {
		return fmt.Errorf("gcov not found")
	}
	work, err := v.work("gcc gcov")
	if err != nil {
		return err
	}
	flags := append([]string{"--coverage"}, v.flags("O0")...)
	if out, err := v.link(work, "gcc", "gcc", flags); err != nil {
		return fmt.Errorf("gcov build: %v\n%s", err, out)
	}
	gcdas, _ := filepath.Glob(filepath.Join(work, "*.gcda"))
	for _, t := range v.m.Tests {
		cf := &Confirmation{}
		c.Gcov[t.ID] = cf
		if t.SkipAlone != "" {
			cf.Skipped = t.SkipAlone
			continue
		}
		for _, g := range gcdas {
			os.Remove(g)
		}
		if _, how := v.run(work, strconv.Itoa(t.ID)); how != "" {
			cf.Issues = append(cf.Issues, "the harness "+how)
			continue
		}
		lines, err := v.gcovLines(work, cu.path)
		if err != nil {
			return err
		}
		gcdas, _ = filepath.Glob(filepath.Join(work, "*.gcda"))
		for _, goal := range t.Covers {
			cf.Claims++
			line, known := cu.goalLine(goal)
			l, ok := lines[line]
			switch {
			case !cu.inFile(goal):
				cf.Unchecked = append(cf.Unchecked, fmt.Sprintf("%s: in a header, which gcov does not measure here", goal))
			case !known:
				cf.Issues = append(cf.Issues, fmt.Sprintf("claims %s, which is no goal of %s", goal, cu.source))
			case ok && l.Count > 0:
				cf.Confirmed++
			case !ok:
				cf.Unchecked = append(cf.Unchecked, fmt.Sprintf("%s: no code on line %d (folded by gcc)", goal, line))
			case cu.outcomes[goal] != nil && cu.outcomes[goal].Kind == ir.DecSwitch:
				cf.Unchecked = append(cf.Unchecked, fmt.Sprintf("%s: gcc attributes the dispatch of a switch to other lines", goal))
			default:
				cf.Issues = append(cf.Issues, fmt.Sprintf("claims %s, gcov says line %d did not run", goal, line))
			}
		}
		for _, line := range sortedKeys(cu.lines) {
			ds := cu.lines[line]
			d := ds[0]
			if len(ds) != 1 || d.Kind == ir.DecSwitch || !d.Kind.IsDecision() {
				continue
			}
			l := lines[line]
			var br []int64
			for _, b := range l.Branches {
				if !b.Throw {
					br = append(br, b.Count)
				}
			}
			if len(br) != 2 {
				continue // folded, or more jumps than one decision (not compared)
			}
			var n [2]int64
			for o := range d.Outcomes {
				n[o%2] = int64(t.Taken[cu.id(d, o)])
			}
			if (br[0] == n[0] && br[1] == n[1]) || (br[0] == n[1] && br[1] == n[0]) {
				cf.Branches++
				continue
			}
			cf.Issues = append(cf.Issues, fmt.Sprintf("line %d (%q): gcov counts branches taken %d and %d times, the model %s %d and %s %d times",
				line, d.Text, br[0], br[1], d.Outcomes[0], n[0], d.Outcomes[1], n[1]))
		}
	}
	return nil
}

// gcovLine is a line of gcov's JSON output.
type gcovLine struct {
	Line     int   `json:"line_number"`
	Count    int64 `json:"count"`
	Branches []struct {
		Count int64 `json:"count"`
		Throw bool  `json:"throw"`
	} `json:"branches"`
}

// gcovLines runs gcov on work/harness.o and returns the lines of file.
func (v *validator) gcovLines(work, file string) (map[int]gcovLine, error) {
	cmd := exec.Command("gcov", "-j", "-t", "-b", "-c", "-o", work, filepath.Join(work, "harness.o"))
	cmd.Dir = work
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("gcov: %v", err)
	}
	var doc struct {
		Cwd   string `json:"current_working_directory"`
		Files []struct {
			File  string     `json:"file"`
			Lines []gcovLine `json:"lines"`
		} `json:"files"`
	}
	// gcov -t may print one JSON document per object file, one per line.
	dec := json.NewDecoder(bytes.NewReader(out))
	want, err := os.Stat(file)
	if err != nil {
		return nil, err
	}
	lines := map[int]gcovLine{}
	for dec.More() {
		if err := dec.Decode(&doc); err != nil {
			return nil, fmt.Errorf("gcov output: %v", err)
		}
		for _, f := range doc.Files {
			p := f.File
			if !filepath.IsAbs(p) {
				p = filepath.Join(doc.Cwd, p)
			}
			if st, err := os.Stat(p); err != nil || !os.SameFile(st, want) {
				continue
			}
			for _, l := range f.Lines {
				old := lines[l.Line]
				l.Count += old.Count
				l.Branches = append(old.Branches, l.Branches...)
				lines[l.Line] = l
			}
		}
	}
	return lines, nil
}

// sortedKeys returns the keys of m in increasing order.
func sortedKeys[K cmp.Ordered, V any](m map[K]V) []K {
	out := make([]K, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// analyze lists the disagreements: a build that fails, a test that some
// builds pass and others fail (the compilers disagree), a test every
// build fails (the compiled code and inka's model disagree), a coverage
// claim the compiled code does not confirm.
func (r *Report) analyze() {
	add := func(format string, args ...any) {
		r.Disagreements = append(r.Disagreements, fmt.Sprintf(format, args...))
	}
	var ran []*BuildResult
	for _, b := range r.Builds {
		switch {
		case b.Err != "":
			add("build %s failed: %s", b.Name, firstLines(b.Err, 6))
		case b.Warnings != "" && strings.Contains(b.Warnings, "warning"):
			add("build %s: the compiler warns about the generated code: %s", b.Name, firstLines(b.Warnings, 6))
			ran = append(ran, b)
		default:
			ran = append(ran, b)
		}
	}
	for _, t := range r.Manifest.Tests {
		var ok, bad []string
		var why string
		for _, b := range ran {
			switch b.Status[t.ID] {
			case "ok", "skipped":
				ok = append(ok, b.Name)
			default:
				bad = append(bad, b.Name+" ("+b.Status[t.ID]+")")
				if why == "" && len(b.Fails[t.ID]) > 0 {
					why = b.Fails[t.ID][0]
				}
			}
		}
		switch {
		case len(bad) == 0:
		case len(ok) == 0:
			add("test %d (%s) fails with every build: the compiled code and inka's model disagree (a bug in inka, or in every compiler): %s",
				t.ID, t.Function, why)
		default:
			add("test %d (%s): the compilers disagree: passes with %s, fails with %s: %s",
				t.ID, t.Function, strings.Join(ok, ", "), strings.Join(bad, ", "), why)
		}
	}
	if c := r.Coverage; c != nil {
		if c.Err != "" {
			add("coverage: %s", firstLines(c.Err, 6))
		}
		for _, t := range r.Manifest.Tests {
			for _, x := range []struct {
				name string
				cf   *Confirmation
			}{{"probes (gcc -O0)", c.Probes[t.ID]}, {"gcov (gcc -O0, the test alone)", c.Gcov[t.ID]}} {
				if x.cf == nil {
					continue
				}
				for _, is := range x.cf.Issues {
					add("test %d (%s): %s: %s", t.ID, t.Function, x.name, is)
				}
			}
		}
	}
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "...")
	}
	return strings.Join(lines, "\n    ")
}

// Write prints the report: one row per test, one column per build, the
// coverage confirmed, then the disagreements.
func (r *Report) Write(w io.Writer) {
	m := r.Manifest
	fmt.Fprintf(w, "inka validate %s: %d tests of %s\n", r.Dir, len(m.Tests), m.Source)
	for _, cc := range r.Missing {
		fmt.Fprintf(w, "%s: not found, its builds are left out\n", cc)
	}
	head := []string{"test", "function"}
	for _, b := range r.Builds {
		head = append(head, b.Name)
	}
	if r.Coverage != nil {
		head = append(head, "probes", "gcov")
	}
	rows := [][]string{head}
	for _, t := range m.Tests {
		row := []string{strconv.Itoa(t.ID), t.Function}
		for _, b := range r.Builds {
			s := b.Status[t.ID]
			if b.Err != "" {
				s = "no build"
			}
			row = append(row, s)
		}
		if c := r.Coverage; c != nil {
			row = append(row, confirmCell(c.Probes[t.ID]), confirmCell(c.Gcov[t.ID]))
		}
		rows = append(rows, row)
	}
	widths := make([]int, len(head))
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], len(cell))
		}
	}
	for _, row := range rows {
		var parts []string
		for i, cell := range row {
			parts = append(parts, fmt.Sprintf("%-*s", widths[i], cell))
		}
		fmt.Fprintln(w, strings.TrimRight(strings.Join(parts, "  "), " "))
	}
	for _, b := range r.Builds {
		if b.Err != "" {
			fmt.Fprintf(w, "%s: build failed\n", b.Name)
			continue
		}
		fmt.Fprintf(w, "%s: built in %v, ran in %v: %s\n", b.Name, b.Build.Round(time.Millisecond), b.Run.Round(time.Millisecond), b.Summary)
	}
	if c := r.Coverage; c != nil {
		var p, g [4]int // claims, confirmed, unchecked, branch lines
		for _, cf := range c.Probes {
			p[0], p[1], p[2] = p[0]+cf.Claims, p[1]+cf.Confirmed, p[2]+len(cf.Unchecked)
		}
		for _, cf := range c.Gcov {
			g[0], g[1], g[2], g[3] = g[0]+cf.Claims, g[1]+cf.Confirmed, g[2]+len(cf.Unchecked), g[3]+cf.Branches
		}
		fmt.Fprintf(w, "coverage: probes confirm %d of %d claimed decision outcomes (%d not checkable: in headers); gcov confirms %d of %d claimed goals (%d not checkable by gcov), and the branch counts of %d lines\n",
			p[1], p[0], p[2], g[1], g[0], g[2], g[3])
	}
	if len(r.Disagreements) == 0 {
		fmt.Fprintln(w, "no disagreement")
		return
	}
	fmt.Fprintf(w, "%d disagreements:\n", len(r.Disagreements))
	for _, d := range r.Disagreements {
		fmt.Fprintf(w, "  %s\n", d)
	}
}

// confirmCell is a coverage cell: "3/3" claims confirmed, "skipped", "-".
func confirmCell(c *Confirmation) string {
	switch {
	case c == nil:
		return "-"
	case c.Skipped != "":
		return "skipped"
	}
	s := fmt.Sprintf("%d/%d", c.Confirmed, c.Claims)
	if len(c.Unchecked) > 0 {
		s += fmt.Sprintf(" (%d n/a)", len(c.Unchecked))
	}
	if len(c.Issues) > 0 {
		s += " DIFF"
	}
	return s
}
