package arith

import (
	"math"
	"math/rand/v2"
	"os/exec"
	"regexp"
	"testing"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

func xvar(name string, t *ir.Type, v int64) *Var {
	return &Var{Name: name, T: t, Init: ir.Truncate(t, uint64(v))}
}

func ref(v *Var) *Node { return newVarRef(v) }

// oneExpr is the program `long long t0 = root;` over vars.
func oneExpr(root *Node, vars ...*Var) *Program {
	t := &Var{Name: "t0", T: ir.LongLongType}
	e := &Expr{ID: 0, T: t, Root: root}
	t.Expr = e
	return &Program{Vars: append(vars, t), Exprs: []*Expr{e}}
}

// anyValue marks a value that depends on the constant inserted.
const anyValue = math.MinInt64

// Each row of the paper's Table 1 (and inka's additions): the operation
// that is undefined with these values, the expression after the
// elimination, its value.
func TestEliminateTable(t *testing.T) {
	const intMax, intMin = 2147483647, -2147483648
	a := xvar("a", ir.IntType, intMax)
	one := xvar("one", ir.IntType, 1)
	two := xvar("two", ir.IntType, 2)
	m := xvar("m", ir.IntType, intMin)
	m1 := xvar("m1", ir.IntType, -1)
	z := xvar("z", ir.IntType, 0)
	s40 := xvar("s40", ir.IntType, 40)
	us := xvar("us", ir.UShortType, 65535)
	ui := xvar("ui", ir.UIntType, 4294967295)
	l := xvar("l", ir.LongType, -1)
	three := xvar("three", ir.IntType, 3)
	vars := []*Var{a, one, two, m, m1, z, s40, us, ui, l, three}
	for _, c := range []struct {
		name string
		root *Node
		want string // regexp of the expression after elimination
		val  int64
	}{
		{"+ overflows", newNode(Add, ref(a), ref(one)), `^\(a - one\)$`, intMax - 1},
		{"- overflows", newNode(Sub, ref(m), ref(one)), `^\(m \+ one\)$`, intMin + 1},
		{"* overflows", newNode(Mul, ref(a), ref(two)), `^\(a / two\)$`, intMax / 2},
		{"/ by a false comparison", newNode(Div, ref(a), newNode(Lt, ref(two), ref(one))), `^\(a / \(two >= one\)\)$`, intMax},
		{"% by a false comparison", newNode(Rem, ref(a), newNode(Eq, ref(two), ref(one))), `^\(a % \(two != one\)\)$`, 0},
		{"/ by x - x", newNode(Div, ref(a), newNode(Sub, ref(three), ref(three))), `^\(a / \(three \+ three\)\)$`, intMax / 6},
		{"% by 0", newNode(Rem, ref(a), ref(z)), `^\(a % \(z \+ (k0|\(?-?\d+\)?)\)\)$`, anyValue},
		{"MIN / -1", newNode(Div, ref(m), ref(m1)), `^\(m / \(m1 \+ (k0|\d+)\)\)$`, anyValue},
		{"MIN * -1: flipped to MIN / -1, then an insertion", newNode(Mul, ref(m), ref(m1)), `^\(m / \(m1 \+ (k0|\d+)\)\)$`, anyValue},
		{"shift count too wide", newNode(Shr, ref(a), ref(s40)), `^\(a >> \(s40 \+ (k0|\d+U)\)\)$`, anyValue},
		{"<< of a negative value", newNode(Shl, ref(m1), ref(one)), `^\(m1 >> one\)$`, -1},
		{"<< not representable", newNode(Shl, ref(a), ref(one)), `^\(a >> one\)$`, intMax >> 1},
		{"- MIN", newNode(Neg, ref(m)), `^\(~m\)$`, intMax},
		// The integer promotions: unsigned short * unsigned short is an
		// int multiplication.
		{"unsigned short * unsigned short", newNode(Mul, ref(us), ref(us)), `^\(us / us\)$`, 1},
		// Unsigned arithmetic wraps: nothing to eliminate.
		{"unsigned + wraps", newNode(Add, ref(ui), ref(one)), `^\(ui \+ one\)$`, 0},
		// The usual arithmetic conversions: long and unsigned int compare
		// as long, int and unsigned int as unsigned int.
		{"-1L < 4294967295U", newNode(Lt, ref(l), ref(ui)), `^\(l < ui\)$`, 1},
		{"-1 < 4294967295U", newNode(Lt, ref(m1), ref(ui)), `^\(m1 < ui\)$`, 0},
	} {
		p := oneExpr(c.root, vars...)
		if err := Eliminate(p, rand.New(rand.NewPCG(1, 2))); err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		got := expr(p.Exprs[0].Root)
		if !regexp.MustCompile(c.want).MatchString(got) {
			t.Errorf("%s: eliminated to %s, want %s", c.name, got, c.want)
		}
		if err := Check(p); err != nil {
			t.Errorf("%s: %s still has undefined behaviour: %v", c.name, got, err)
		}
		if v := p.Exprs[0].Want.Int64(); c.val != anyValue && v != c.val {
			t.Errorf("%s: %s = %d, want %d", c.name, got, v, c.val)
		}
	}
}

// Check finds what Eliminate removes, and changes nothing.
func TestCheckReports(t *testing.T) {
	a, one := xvar("a", ir.IntType, 2147483647), xvar("one", ir.IntType, 1)
	p := oneExpr(newNode(Add, ref(a), ref(one)), a, one)
	err := Check(p)
	u, ok := err.(*UBError)
	if !ok || u.Kind != interp.SignedOverflow || u.Expr != 0 {
		t.Fatalf("Check = %v, want a signed overflow in e0", err)
	}
	if got := expr(p.Exprs[0].Root); got != "(a + one)" {
		t.Fatalf("Check changed the expression to %s", got)
	}
}

// Every generated program is UB-free (Check), and the interpreter, running
// the printed C program as inka's front end reads it, finds no undefined
// behaviour and no failing check: the printed text means what the tree
// means.
func TestAgainstInterpreter(t *testing.T) {
	for _, o := range []Options{
		{Seed: 11, Exprs: 20, Size: 50},
		{Seed: 12, Exprs: 3, Size: 2000},
		{Seed: 13, Exprs: 200, Size: 3},
	} {
		p := generate(t, o)
		if err := Check(p); err != nil {
			t.Fatalf("seed %d: %v", o.Seed, err)
		}
		u, err := frontend.LoadSource("arith.c", p.C(""), frontend.Options{})
		if err != nil {
			t.Fatalf("seed %d: %v", o.Seed, err)
		}
		prog, err := u.Lower("main")
		if err != nil {
			t.Fatalf("seed %d: %v", o.Seed, err)
		}
		res, err := interp.Run(prog, "main", interp.Inputs{}, interp.Config{UseInitializers: true})
		if err != nil {
			t.Fatalf("seed %d: %v", o.Seed, err)
		}
		if res.Outcome != interp.Returned || res.Return.Int64() != 0 || len(res.StubCalls) != 0 {
			t.Errorf("seed %d: the interpreter: %v, return %v, UB %v, %d failed checks", o.Seed, res.Outcome, res.Return, res.UB, len(res.StubCalls))
		}
	}
}

// A sample of programs passes every check when built by gcc -O0 (the
// expected values agree with gcc) and runs clean under gcc's and clang's
// -fsanitize=undefined. `inka arith run --ubsan` does this for every
// program of a campaign.
func TestAgainstCompilers(t *testing.T) {
	var configs []Config
	for _, c := range []Config{{CC: "gcc", Opt: "O0"}, {CC: "gcc", Opt: "O0", UBSan: true}, {CC: "clang", Opt: "O0", UBSan: true}} {
		if _, err := exec.LookPath(c.CC); err != nil {
			t.Logf("%s not installed: skipped", c.CC)
			continue
		}
		configs = append(configs, c)
	}
	r := &Runner{Dir: t.TempDir()}
	for seed := uint64(100); seed < 103; seed++ {
		p := generate(t, Options{Seed: seed, Exprs: 8, Size: 60})
		src := p.C("")
		for _, c := range configs {
			o, err := r.Test(src, c)
			if err != nil {
				t.Fatal(err)
			}
			if o.Failed() {
				t.Errorf("seed %d: %s: %s", seed, c, o)
			}
		}
	}
}
