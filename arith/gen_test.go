package arith

import (
	"bytes"
	"strings"
	"testing"

	"github.com/inka-tool/inka/ir"
)

func generate(t *testing.T, o Options) *Program {
	t.Helper()
	p, err := Generate(o)
	if err != nil {
		t.Fatalf("Generate(%+v): %v", o, err)
	}
	return p
}

// The seed and the options decide the program: the same ones give the
// same text, another seed another program.
func TestDeterminism(t *testing.T) {
	o := Options{Seed: 7, Exprs: 5, Size: 300}
	a := generate(t, o).C("")
	b := generate(t, o).C("")
	if !bytes.Equal(a, b) {
		t.Fatal("two generations with the same seed differ")
	}
	o.Seed = 8
	if bytes.Equal(a, generate(t, o).C("")) {
		t.Fatal("seeds 7 and 8 give the same program")
	}
}

// Every expression has exactly Size generated operators, within the depth
// bound; the elimination adds only its insertions.
func TestSizeAndDepth(t *testing.T) {
	for _, o := range []Options{
		{Seed: 1, Exprs: 3, Size: 2000, Depth: 12},
		{Seed: 2, Exprs: 20, Size: 7},
		{Seed: 3, Exprs: 2, Size: 0},
		{Seed: 4, Exprs: 1, Size: 5000},
	} {
		p := generate(t, o)
		o = o.WithDefaults()
		if p.Stats.Ops != o.Exprs*o.Size {
			t.Errorf("%+v: %d operators generated, want %d", o, p.Stats.Ops, o.Exprs*o.Size)
		}
		if got := p.Size(); got != p.Stats.Ops+p.Stats.Inserted {
			t.Errorf("%+v: %d operators after elimination, want %d generated + %d inserted", o, got, p.Stats.Ops, p.Stats.Inserted)
		}
		for _, e := range p.Exprs {
			if d := depthGenerated(e.Root); d > o.Depth {
				t.Errorf("%+v: e%d has depth %d without the insertions, above %d", o, e.ID, d, o.Depth)
			}
		}
	}
}

// depthGenerated does not count inserted nodes.
func depthGenerated(n *Node) int {
	d := 0
	for _, k := range n.kids() {
		d = max(d, depthGenerated(k))
	}
	if n.Op.IsLeaf() || n.Origin == Inserted {
		return d
	}
	return d + 1
}

// A few programs use every operator, every integer type for variables and
// casts, every storage and qualifier, constants at the boundaries, and
// binary operators whose operands differ in signedness.
func TestCoverage(t *testing.T) {
	ops := map[Op]bool{}
	types := map[ir.Kind]bool{}
	casts := map[ir.Kind]bool{}
	quals := map[string]bool{}
	mixed := 0
	boundary := map[string]bool{}
	for s := uint64(0); s < 4; s++ {
		p := generate(t, Options{Seed: s, Exprs: 10, Size: 200})
		for _, v := range p.Vars {
			types[v.T.Kind] = true
			quals["global"] = quals["global"] || v.Global
			quals["local"] = quals["local"] || !v.Global
			quals["static"] = quals["static"] || v.Static
			quals["volatile"] = quals["volatile"] || v.Volatile
			quals["const"] = quals["const"] || v.Const
		}
		for _, e := range p.Exprs {
			walk(e.Root, func(n *Node) {
				ops[n.Op] = true
				if n.Op == Cast {
					casts[n.T.Kind] = true
				}
				if n.Op.IsBinary() && n.Op != Shl && n.Op != Shr && n.X.T.IsSigned() != n.Y.T.IsSigned() {
					mixed++
				}
				if n.Op == Lit {
					switch n.Bits {
					case n.T.MaxUint():
						boundary["max"] = true
					case uint64(n.T.MinInt()):
						boundary["min"] = true
					}
				}
			})
		}
	}
	for op := Add; op <= Lit; op++ {
		if !ops[op] {
			t.Errorf("operator %s never generated", op)
		}
	}
	for _, ty := range intTypes {
		if !types[ty.Kind] || !casts[ty.Kind] {
			t.Errorf("type %s: variables %v, casts %v", ty, types[ty.Kind], casts[ty.Kind])
		}
	}
	for _, q := range []string{"global", "local", "static", "volatile", "const"} {
		if !quals[q] {
			t.Errorf("no %s variable", q)
		}
	}
	if !boundary["max"] || !boundary["min"] {
		t.Errorf("constants at the boundaries: %v", boundary)
	}
	if mixed < 100 {
		t.Errorf("only %d operators with operands of different signedness in 8000", mixed)
	}
}

func TestOptionsCheck(t *testing.T) {
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{Exprs: -1}, "--exprs"},
		{Options{Size: -3}, "--size"},
		{Options{Size: 100, Depth: 5}, "at most 31"},
		{Options{Vars: 3}, "--vars"},
		{Options{Depth: 1000}, "--depth"},
	} {
		_, err := Generate(c.o)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Generate(%+v) = %v, want an error about %s", c.o, err, c.want)
		}
	}
}

// Literal prints every value of every type as a constant of the promoted
// type that C reads back as the same value.
func TestLiteral(t *testing.T) {
	for _, c := range []struct {
		t    *ir.Type
		v    int64
		want string
	}{
		{ir.IntType, -2147483648, "(-2147483647-1)"},
		{ir.IntType, -5, "(-5)"},
		{ir.UIntType, -1, "4294967295U"},
		{ir.LongType, -9223372036854775808, "(-9223372036854775807L-1)"},
		{ir.ULongLongType, -1, "18446744073709551615ULL"},
		{ir.CharType, -128, "(-128)"},
		{ir.UShortType, 65535, "65535"},
		{ir.BoolType, 1, "1"},
		{ir.LongLongType, 42, "42LL"},
	} {
		if got := Literal(c.t, uint64(c.v)); got != c.want {
			t.Errorf("Literal(%s, %d) = %s, want %s", c.t, c.v, got, c.want)
		}
	}
}

// --mix splits the same number of operators into expressions of several
// shapes, decided by the seed.
func TestMixShape(t *testing.T) {
	shapes := map[int]bool{}
	for seed := uint64(0); seed < 50; seed++ {
		e, s := mixShape(seed, 1000)
		if e*s != 1000 {
			t.Fatalf("seed %d: %d x %d", seed, e, s)
		}
		if e2, s2 := mixShape(seed, 1000); e2 != e || s2 != s {
			t.Fatalf("seed %d: two shapes", seed)
		}
		shapes[e] = true
	}
	if len(shapes) < 6 {
		t.Errorf("only %d shapes in 50 seeds", len(shapes))
	}
	if e, s := mixShape(3, 7); e > 7 || e*s > 7 || s < 1 {
		t.Errorf("7 operators split as %d x %d", e, s)
	}
}

// The pattern of a program names types, not variables or values: the
// tcc bug found by the campaign (notes/issue-18.md) prints as
// "int = ((unsigned short)signed char)".
func TestPattern(t *testing.T) {
	c := xvar("t112", ir.CharType, -1)
	p := oneExpr(newNode(Cast, ref(c)).withType(ir.UShortType), c)
	p.Exprs[0].T.T = ir.IntType
	q := oneExpr(newNode(Add, ref(c), newLit(ir.UIntType, 7)), c)
	if got := p.Pattern(); got != "int = ((unsigned short)signed char)" {
		t.Errorf("Pattern = %s", got)
	}
	if got := q.Pattern(); got != "long long = (signed char + K:unsigned int)" {
		t.Errorf("Pattern = %s", got)
	}
}
