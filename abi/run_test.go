package abi

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func needCC(t *testing.T, cc ...string) {
	t.Helper()
	for _, c := range cc {
		if _, err := exec.LookPath(c); err != nil {
			t.Skipf("%s not found", c)
		}
	}
}

func mustCompiler(t *testing.T, spec string) *Compiler {
	t.Helper()
	c, err := ParseCompiler(spec)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// runTests runs tests on the pair (a, b) at -O0 and returns the records.
func runTests(t *testing.T, a, b *Compiler, tests []*Test) []*Record {
	t.Helper()
	c := &campaign{o: Options{Compilers: []*Compiler{a, b}, Opts: []string{"O0"}, Dir: t.TempDir(), Jobs: 2}, p: SysV(),
		stats: map[string]*PairingStats{}, layouts: map[string]LayoutDiffReport{}}
	c.b = newBuilder(c.o.Dir, 2, 0)
	for _, comp := range c.o.Compilers {
		if err := comp.Probe(c.o.Dir); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.runBatch(pairKey{0, 1, "O0"}, tests); err != nil {
		t.Fatal(err)
	}
	sortRecords(c.records)
	return c.records
}

func sigTests(t *testing.T, sigs ...string) []*Test {
	t.Helper()
	var tests []*Test
	for i, s := range sigs {
		sig, err := ParseSig(s)
		if err != nil {
			t.Fatal(err)
		}
		tests = append(tests, NewTest("t"+string(rune('a'+i)), sig, uint64(i)))
	}
	return tests
}

func TestParseCompiler(t *testing.T) {
	c := mustCompiler(t, "pcc=gcc -m64 callee:-fpcc-struct-return caller:-O1")
	if c.Name != "pcc" || !slices.Equal(c.Cmd, []string{"gcc", "-m64"}) ||
		!slices.Equal(c.CalleeFlags, []string{"-fpcc-struct-return"}) || !slices.Equal(c.CallerFlags, []string{"-O1"}) {
		t.Errorf("ParseCompiler: %+v", c)
	}
	if c := mustCompiler(t, "clang"); c.Name != "clang" || !slices.Equal(c.Cmd, []string{"clang"}) {
		t.Errorf("ParseCompiler(clang): %+v", c)
	}
}

// Planted faults, diagnosed by the table: a callee compiled with
// -fpcc-struct-return (small structs returned in memory) is the callee
// side; the same flag on the caller side only is the caller side; on
// both sides, a second convention.
func TestPlantedStructReturn(t *testing.T) {
	needCC(t, "gcc")
	sigs := []string{"struct{int,int}(long)", "struct{double}(int, double)", "long(long, double)"}
	for _, c := range []struct {
		spec, code string
		faulty     []string
	}{
		{"pcc=gcc callee:-fpcc-struct-return", "1010", []string{"pcc callee"}},
		{"pcc=gcc caller:-fpcc-struct-return", "1100", []string{"pcc caller"}},
		{"pcc=gcc -fpcc-struct-return", "1001", []string{"pcc caller", "pcc callee"}},
	} {
		recs := runTests(t, mustCompiler(t, "gcc"), mustCompiler(t, c.spec), sigTests(t, sigs...))
		if len(recs) != 3 {
			t.Fatalf("%s: %d records", c.spec, len(recs))
		}
		for i, r := range recs[:2] {
			if r.Diag.Code != c.code || !slices.Equal(r.Diag.Faulty, c.faulty) {
				t.Errorf("%s, %s: outcome %s %v, want %s %v", c.spec, sigs[i], r.Diag.Code, r.Diag.Faulty, c.code, c.faulty)
			}
		}
		if recs[2].Diag.Code != "1111" {
			t.Errorf("%s, %s (no struct): outcome %s", c.spec, sigs[2], recs[2].Diag.Code)
		}
	}
}

// A hand-written callee that reads its sixth integer argument from the
// stack instead of r9, and one that does not preserve rbx: both are the
// callee side, and the report says what went wrong.
func TestPlantedHandWrittenCallee(t *testing.T) {
	needCC(t, "gcc")
	hand := func(from, to string) *Compiler {
		c := mustCompiler(t, "hand=gcc")
		c.Rewrite = func(side string, src []byte) []byte {
			if side != "callee.c" {
				return src
			}
			// The hand-written callee's prototype is not abi.h's.
			s := strings.Replace(string(src), "#include \"abi.h\"", "#define abi_callee_0 abi_callee_0_in_abi_h\n#include \"abi.h\"\n#undef abi_callee_0", 1)
			return []byte(strings.Replace(s, from, to, 1))
		}
		return c
	}
	var recs []*Record
	for _, c := range []struct{ sig, from, to string }{
		{"void(long, long, long, long, long, long)", "long a4, long a5)", "long a4, long r9, long a5)"},
		{"int(int)", "int abi_callee_0(int a0)\n{\n", "int abi_callee_0(int a0)\n{\n\t__asm__ volatile (\"movq $0, %rbx\");\n"},
	} {
		tests := sigTests(t, c.sig)
		for i := range tests[0].Lit { // no copy of the arguments in the caller's frame for a stray read to find
			tests[0].Lit[i] = true
		}
		r := runTests(t, mustCompiler(t, "gcc"), hand(c.from, c.to), tests)[0]
		if r.Diag.Code != "1010" || !slices.Equal(r.Diag.Faulty, []string{"hand callee"}) {
			t.Errorf("%s: outcome %s %v, want 1010 [hand callee]", r.Test.Sig, r.Diag.Code, r.Diag.Faulty)
		}
		recs = append(recs, r)
	}
	bad := hand("", "")
	c := &campaign{o: Options{Compilers: []*Compiler{mustCompiler(t, "gcc"), bad}}, p: SysV()}
	d0 := strings.Join(c.details(recs[0]), "\n")
	if !strings.Contains(d0, "callee got a5 =") {
		t.Errorf("details of the stack reader: %s", d0)
	}
	d1 := strings.Join(c.details(recs[1]), "\n")
	if !strings.Contains(d1, "callee-saved state: rbx") || strings.Contains(d1, "r12") {
		t.Errorf("details of the rbx clobberer: %s", d1)
	}
}

// Every check is wired: a callee that stores a wrong value for one
// check fails on exactly that check. Copy n of the test corrupts check n.
func TestCheckWiring(t *testing.T) {
	needCC(t, "gcc")
	sig := "void(struct{char,double,int:5}, float, ...: float, struct{long double})"
	n := len(sigTests(t, sig)[0].Checks(0))
	var sigs []string
	for k := 0; k < n; k++ {
		sigs = append(sigs, sig)
	}
	tests := sigTests(t, sigs...)
	bad := mustCompiler(t, "bad=gcc")
	bad.Rewrite = func(side string, src []byte) []byte {
		if side != "callee.c" {
			return src
		}
		s := string(src)
		for k := 0; k < n; k++ {
			fn := strings.Index(s, "abi_callee_"+strconv.Itoa(k)+"(")
			target := "\tg[" + strconv.Itoa(k) + "] = "
			at := fn + strings.Index(s[fn:], target) + len(target)
			s = s[:at] + "0x5a5a ^ " + s[at:]
		}
		return []byte(s)
	}
	recs := runTests(t, mustCompiler(t, "gcc"), bad, tests)
	for _, r := range recs {
		k := int(r.Test.ID[1] - 'a') // test "ta" is copy 0, "tb" copy 1, ...
		items := r.Test.Checks(0)
		ms := r.Results[1].Mismatches
		if r.Diag.Code != "1010" || len(ms) != 1 || ms[0].Index != k || ms[0].Got != items[k].Want^0x5a5a {
			t.Errorf("check %d (a%d%s): outcome %s, mismatches %+v", k, items[k].Arg, items[k].Path, r.Diag.Code, ms)
		}
	}
}

// The reference compiler agrees with itself on random tests, and the
// layouts it computes are the psABI's as Type.Layout computes them: a
// test generator bug would show here first.
func TestRandomSelfConsistent(t *testing.T) {
	needCC(t, "gcc")
	var tests []*Test
	cfg := DefaultConfig()
	cfg.Params[1] = 8
	for i := 0; i < 40; i++ {
		tests = append(tests, RandomTest(cfg, 99, i))
	}
	gcc := mustCompiler(t, "gcc")
	recs := runTests(t, gcc, mustCompiler(t, "gcc2=gcc"), tests)
	for _, r := range recs {
		if !r.Built || r.Diag.Code != "1111" {
			t.Errorf("%s %s: outcome %s %v", r.Test.ID, r.Test.Sig, r.Diag.Code, r.Results)
		}
	}
}

// The minimizer shrinks a planted failure to its cause and writes a
// reproducer that shows it.
func TestMinimizePlanted(t *testing.T) {
	needCC(t, "gcc")
	sig := "struct{int,float}(double, struct{long,char[3]}, ...: struct{int,int})"
	tests := sigTests(t, sig)
	a, b := mustCompiler(t, "gcc"), mustCompiler(t, "pcc=gcc callee:-fpcc-struct-return")
	c := &campaign{o: Options{Compilers: []*Compiler{a, b}, Opts: []string{"O0"}, Dir: t.TempDir(), Jobs: 2, Minimize: 1}, p: SysV(),
		stats: map[string]*PairingStats{}, layouts: map[string]LayoutDiffReport{}}
	c.b = newBuilder(c.o.Dir, 2, 0)
	for _, comp := range c.o.Compilers {
		if err := comp.Probe(c.o.Dir); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.runBatch(pairKey{0, 1, "O0"}, tests); err != nil {
		t.Fatal(err)
	}
	rep := c.report(0)
	if err := c.minimizeFailures(rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Groups) != 1 || rep.Groups[0].Minimized == nil {
		t.Fatalf("groups: %+v", rep.Groups)
	}
	m := rep.Groups[0].Minimized
	min, err := ParseSig(m.Signature)
	if err != nil {
		t.Fatal(err)
	}
	if len(min.Args()) != 0 || min.Ret == nil || min.Ret.Kind != Struct || sigWeight(min) >= sigWeight(tests[0].Sig) {
		t.Errorf("minimized to %s, want a struct return and no arguments", m.Signature)
	}
	if m.Outcome != "1010" || !strings.Contains(m.Output, "FAIL") && !strings.Contains(m.Output, "CRASH") {
		t.Errorf("reproducer: direct %v, outcome %s, output %q", m.Direct, m.Outcome, m.Output)
	}
	script, err := os.ReadFile(filepath.Join(m.Dir, "build.sh"))
	if err != nil || !strings.Contains(string(script), "-fpcc-struct-return") {
		t.Errorf("build.sh: %v\n%s", err, script)
	}
}
