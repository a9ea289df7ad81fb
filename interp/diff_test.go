package interp_test

// The differential test of the interpreter against gcc: every function of
// testdata/diff, testdata/paper, testdata/memory and testdata/float is
// lowered by the front end, run by the
// interpreter on a few hundred random inputs, and the inputs without
// undefined behaviour are run again in a gcc -O0 build of the source with a
// probe around every decision (internal/cdriver). Return values, final
// values of globals and of the objects behind pointer inputs, stub calls
// and the sequence of decision outcomes must agree.

import (
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/internal/ccheck"
	"github.com/inka-tool/inka/internal/cdriver"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

// diffCases is the number of random inputs per function; INKA_DIFF_CASES
// overrides it for a deeper search.
var diffCases = 300

func init() {
	if n, err := strconv.Atoi(os.Getenv("INKA_DIFF_CASES")); err == nil && n > 0 {
		diffCases = n
	}
}

var diffOpts = cdriver.Options{PtrArrayLen: 4, PtrDepth: 2, StubCalls: 8}

var diffCfg = interp.Config{PtrArrayLen: 4, PtrDepth: 2, MaxSteps: 50_000, MaxDepth: 200}

// diffStats collects figures for the log.
var diffStats struct {
	sync.Mutex
	funcs, cases, compared, ub int
	outcomes, covered          int // outcomes of the probed decisions, and those the compared inputs took
	byKind                     map[interp.UBKind]int
}

func TestDiffGCC(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not found")
	}
	files, _ := filepath.Glob("../testdata/diff/*.c")
	paper, _ := filepath.Glob("../testdata/paper/*.c")
	memory, _ := filepath.Glob("../testdata/memory/*.c")
	floats, _ := filepath.Glob("../testdata/float/*.c")
	files = append(append(append(files, paper...), memory...), floats...)
	if len(files) == 0 {
		t.Fatal("no test programs")
	}
	diffStats.byKind = map[interp.UBKind]int{}
	t.Run("all", func(t *testing.T) {
		for _, file := range files {
			t.Run(filepath.Base(file), func(t *testing.T) {
				t.Parallel()
				diffFile(t, file, ir.LP64)
			})
		}
	})
	t.Logf("%d functions, %d inputs, %d compared with gcc, %d with undefined behaviour (excluded): %v; %d of %d decision outcomes taken",
		diffStats.funcs, diffStats.cases, diffStats.compared, diffStats.ub, diffStats.byKind, diffStats.covered, diffStats.outcomes)
}

// TestDiffGCCILP32 is TestDiffGCC for ILP32, against gcc -m32: the
// programs of testdata/diff and testdata/datamodel read, run and
// compiled for i386.
func TestDiffGCCILP32(t *testing.T) {
	if err := ccheck.Links("gcc", ir.ILP32); err != nil {
		t.Skip(err)
	}
	files, _ := filepath.Glob("../testdata/diff/*.c")
	dm, _ := filepath.Glob("../testdata/datamodel/*.c")
	files = append(files, dm...)
	diffStats.Lock()
	if diffStats.byKind == nil {
		diffStats.byKind = map[interp.UBKind]int{}
	}
	diffStats.Unlock()
	for _, file := range files {
		if filepath.Base(file) == "switch.c" {
			continue // case 1L << 40: a 64-bit long's
		}
		if filepath.Base(file) == "float.c" {
			continue // gcc -m32 computes on the x87 (FLT_EVAL_METHOD 2); inka's floats are SSE2's
		}
		t.Run(filepath.Base(file), func(t *testing.T) {
			t.Parallel()
			diffFile(t, file, ir.ILP32)
		})
	}
}

// diffFile compiles one driver for all the functions of file and checks
// each of them.
func diffFile(t *testing.T, file string, dm ir.DataModel) {
	u, err := frontend.Load(file, frontend.Options{DataModel: dm})
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var drivers []*cdriver.Driver
	for _, fn := range u.Functions() {
		prog, err := u.Lower(fn)
		if err != nil {
			t.Errorf("lowering %s: %v", fn, err)
			continue
		}
		if err := ir.SanityCheck(prog); err != nil {
			t.Errorf("lowering %s: IR fails the sanity check: %v", fn, err)
			continue
		}
		d, err := cdriver.New(prog, fn, diffOpts)
		if err != nil {
			t.Errorf("%s: driver: %v", fn, err)
			continue
		}
		drivers = append(drivers, d)
	}
	dir := t.TempDir()
	var target []string
	if dm != ir.LP64 {
		// floats on SSE2, as inka computes them and the harness builds
		// them (not the x87's extended precision, i386's default)
		target = []string{dm.CFlag(), "-msse2", "-mfpmath=sse"}
	}
	var san *cdriver.Binary
	if ubsanWorks(dm) {
		san, err = cdriver.Build(dir, src, u.Path(), drivers, append([]string{"-fsanitize=undefined", "-fno-sanitize-recover=all"}, target...)...)
		if err != nil {
			t.Fatalf("building the gcc driver with UBSan: %v", err)
		}
	}
	bin, err := cdriver.Build(dir, src, u.Path(), drivers, target...)
	if err != nil {
		t.Fatalf("building the gcc driver: %v", err)
	}
	for _, d := range drivers {
		t.Run(d.Func.Name, func(t *testing.T) { diffFunc(t, bin, san, d) })
	}
}

// ubsanKinds are the kinds of undefined behaviour that gcc's UBSan (or the
// machine) always catches: an input on which the interpreter reports one
// of them must fail in the sanitized build.
var ubsanOnce [2]struct {
	sync.Once
	ok bool
}

// ubsanWorks reports whether gcc can build with -fsanitize=undefined here
// for data model dm.
func ubsanWorks(dm ir.DataModel) bool {
	u := &ubsanOnce[dm]
	u.Do(func() {
		dir, err := os.MkdirTemp("", "inka-ubsan")
		if err != nil {
			return
		}
		defer os.RemoveAll(dir)
		src := filepath.Join(dir, "t.c")
		if os.WriteFile(src, []byte("int main(void) { return 0; }\n"), 0o644) != nil {
			return
		}
		u.ok = exec.Command("gcc", dm.CFlag(), "-fsanitize=undefined", "-o", filepath.Join(dir, "t"), src).Run() == nil
	})
	return u.ok
}

// maxUBSanCases bounds the inputs with undefined behaviour run per
// function in the UBSan build (each ends its process).
const maxUBSanCases = 20

var ubsanKinds = map[interp.UBKind]bool{
	interp.SignedOverflow: true, interp.DivByZero: true, interp.DivOverflow: true,
	interp.ShiftCount: true, interp.ShiftNegative: true, interp.ShiftOverflow: true,
	interp.NullDeref: true,
}

func diffFunc(t *testing.T, bin, san *cdriver.Binary, drv *cdriver.Driver) {
	prog, fn := drv.Prog, drv.Func.Name
	for _, s := range drv.Skipped {
		t.Errorf("decision not instrumented: %s", s)
	}
	names := map[string]bool{}
	for _, o := range drv.Objects {
		names[o.Name] = true
	}

	rng := rand.New(rand.NewSource(int64(len(fn))*7919 + int64(fn[0])))
	var cases []cdriver.Case
	var results []*interp.Result
	var inputs []string
	var lives []map[string]bool
	var ubCases []cdriver.Case
	var ubResults []*interp.Result
	var ubInputs []string
	ub := 0
	kinds := map[interp.UBKind]int{}
	for n := 0; n < diffCases; n++ {
		c := drv.RandomCase(rng)
		in, desc, live := drv.Inputs(c)
		res, err := interp.Run(prog, fn, in, diffCfg)
		if err != nil {
			t.Fatalf("interp on %s: %v", desc, err)
		}
		switch res.Outcome {
		case interp.UB:
			ub++
			kinds[res.UB.Kind]++
			if ubsanKinds[res.UB.Kind] && len(ubCases) < maxUBSanCases {
				ubCases = append(ubCases, c)
				ubResults = append(ubResults, res)
				ubInputs = append(ubInputs, desc)
			}
			continue
		case interp.StepLimit, interp.DepthLimit, interp.Unsupported:
			continue // (a cut: aligned_walk's address as a number)
		}
		cases = append(cases, c)
		results = append(results, res)
		inputs = append(inputs, desc)
		lives = append(lives, live)
	}
	outs, err := bin.Run(drv, cases)
	if err != nil {
		t.Fatal(err)
	}
	bad := 0
	for i, out := range outs {
		if msg := strings.Join(cdriver.Compare(drv, lives[i], names, results[i], out), "\n"); msg != "" {
			bad++
			if bad <= 3 {
				var sb strings.Builder
				interp.Fprint(&sb, results[i])
				t.Errorf("%s: inputs %s\n%s\ninterp:\n%s\ngcc:\n%s", fn, inputs[i], msg, sb.String(), out.Raw)
			}
		}
	}
	if bad > 3 {
		t.Errorf("%s: %d mismatches in all", fn, bad)
	}
	// UBSan: no undefined behaviour where the interpreter sees none, and
	// a failure where it sees one UBSan catches.
	if san == nil {
		return
	}
	souts, err := san.Run(drv, append(append([]cdriver.Case(nil), cases...), ubCases...))
	if err != nil {
		t.Fatal(err)
	}
	bad = 0
	for i, out := range souts {
		var msg, desc string
		var r *interp.Result
		if i < len(cases) {
			r, desc = results[i], inputs[i]
			if out.Status != "ok" && r.Outcome == interp.Returned {
				msg = "the UBSan build fails where the interpreter sees no undefined behaviour"
			}
		} else {
			r, desc = ubResults[i-len(cases)], ubInputs[i-len(cases)]
			if out.Status == "ok" {
				msg = "the UBSan build runs fine where the interpreter reports undefined behaviour"
			}
		}
		if msg != "" {
			bad++
			if bad <= 3 {
				var sb strings.Builder
				interp.Fprint(&sb, r)
				t.Errorf("%s: inputs %s\n%s\ninterp:\n%s\ngcc -fsanitize=undefined:\n%s%s", fn, desc, msg, sb.String(), out.Raw, out.Status)
			}
		}
	}
	if bad > 3 {
		t.Errorf("%s: %d UBSan disagreements in all", fn, bad)
	}
	taken := map[interp.Step]bool{}
	for _, r := range results {
		for _, s := range r.Trace {
			taken[s] = true
		}
	}
	outcomes := 0
	for d := range drv.Probed {
		if d.Func == drv.Func {
			outcomes += len(d.Outcomes)
		}
	}
	covered := 0
	for s := range taken {
		if drv.Probed[s.Dec] && s.Dec.Func == drv.Func {
			covered++
		}
	}
	diffStats.Lock()
	diffStats.outcomes += outcomes
	diffStats.covered += covered
	diffStats.funcs++
	diffStats.cases += diffCases
	diffStats.compared += len(cases)
	diffStats.ub += ub
	for k, n := range kinds {
		diffStats.byKind[k] += n
	}
	diffStats.Unlock()
	t.Logf("%d inputs compared, %d with UB %v", len(cases), ub, kinds)
}
