package fp

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/inka-tool/inka/fd"
)

// label is the depth-first labeling a client writes with Branches (the
// test generator's searcher does the same): it returns the first solution
// found, or nil when the whole tree has none.
func label(t *testing.T, s *fd.Store, f *Format, xs []*fd.Var, nodes *int) []float64 {
	t.Helper()
	if !s.Propagate() {
		return nil
	}
	for _, x := range xs {
		if x.IsFixed() {
			continue
		}
		for _, b := range Branches(f, x.Dom()) {
			*nodes++
			if *nodes > 100000 {
				t.Fatal("labeling: too many nodes")
			}
			s.Push()
			var sol []float64
			if x.Intersect(b) {
				sol = label(t, s, f, xs, nodes)
			}
			s.Pop()
			if sol != nil {
				return sol
			}
		}
		return nil
	}
	sol := make([]float64, len(xs))
	for i, x := range xs {
		sol[i] = Value(f, x)
	}
	return sol
}

func TestStoreReachableOnlyThroughRounding(t *testing.T) {
	// x + 1.0 == x with x finite: only for |x| ≥ 2^53.
	s := fd.NewStore()
	f := Binary64
	x, t1, ax := NewVar(s, f), NewVar(s, f), NewVar(s, f)
	inf := Const(s, f, math.Inf(1))
	if !s.Post(Binary(Add, f, t1, x, Const(s, f, 1)), Compare(f, fd.Eq, t1, x),
		Unary(Fabs, f, ax, x), Compare(f, fd.Lt, ax, inf)) {
		t.Fatal("post failed")
	}
	n := 0
	sol := label(t, s, f, []*fd.Var{x}, &n)
	if sol == nil {
		t.Fatal("no solution found")
	}
	if v := sol[0]; v+1 != v || math.IsInf(v, 0) || math.IsNaN(v) {
		t.Fatalf("x = %v is not a solution", v)
	}
	t.Logf("x = %v after %d nodes", sol[0], n)
}

func TestStoreUnreachableOnlyThroughRounding(t *testing.T) {
	// x < 1 ∧ x + 1 > 2 has real solutions nowhere either, but x < 1 ∧
	// x + 1 ≥ 2 has none over the reals and one over the doubles
	// (1 - 2^-53 + 1 rounds to 2); x < 1 ∧ x + 1 > 2 has none at all and
	// propagation alone proves it.
	for _, c := range []struct {
		rel  fd.Rel
		want bool
	}{{fd.Gt, false}, {fd.Ge, true}} {
		s := fd.NewStore()
		f := Binary64
		x, z := NewVar(s, f), NewVar(s, f)
		ok := s.PostAndPropagate(Compare(f, fd.Lt, x, Const(s, f, 1)), Binary(Add, f, z, x, Const(s, f, 1)),
			Compare(f, c.rel, z, Const(s, f, 2)))
		if !c.want {
			if ok {
				t.Fatalf("x < 1 ∧ x + 1 %v 2: propagation left x ∈ %v", c.rel, x.Dom())
			}
			continue
		}
		n := 0
		sol := label(t, s, f, []*fd.Var{x}, &n)
		if sol == nil || !(sol[0] < 1 && sol[0]+1 >= 2) {
			t.Fatalf("x < 1 ∧ x + 1 ≥ 2: got %v", sol)
		}
	}
}

func TestStoreQuadratic(t *testing.T) {
	// b² - 4ac ≥ 0 ∧ a ≠ 0 ∧ r = (-b + sqrt(d)) / (2a) ∧ r > 1000.
	s := fd.NewStore()
	f := Binary64
	a, b, c := NewVar(s, f), NewVar(s, f), NewVar(s, f)
	bb, ac, ac4, d, sd, nb, num, a2, r := NewVar(s, f), NewVar(s, f), NewVar(s, f), NewVar(s, f),
		NewVar(s, f), NewVar(s, f), NewVar(s, f), NewVar(s, f), NewVar(s, f)
	ok := s.PostAndPropagate(
		Binary(Mul, f, bb, b, b), Binary(Mul, f, ac, a, c), Binary(Mul, f, ac4, Const(s, f, 4), ac),
		Binary(Sub, f, d, bb, ac4), Compare(f, fd.Ge, d, Const(s, f, 0)),
		Compare(f, fd.Ne, a, Const(s, f, 0)), Compare(f, fd.Eq, a, a), // a ordered
		Unary(Sqrt, f, sd, d), Unary(Neg, f, nb, b), Binary(Add, f, num, nb, sd),
		Binary(Mul, f, a2, Const(s, f, 2), a), Binary(Div, f, r, num, a2),
		Compare(f, fd.Gt, r, Const(s, f, 1000)), Compare(f, fd.Lt, r, Const(s, f, math.Inf(1))))
	if !ok {
		t.Fatal("propagation failed")
	}
	n := 0
	sol := label(t, s, f, []*fd.Var{a, b, c}, &n)
	if sol == nil {
		t.Fatal("no solution")
	}
	A, B, C := sol[0], sol[1], sol[2]
	D := float64(B*B) - float64(4*float64(A*C))
	R := (-B + math.Sqrt(D)) / float64(2*A)
	if !(D >= 0 && A != 0 && R > 1000 && !math.IsInf(R, 0)) {
		t.Fatalf("a, b, c = %v, %v, %v: d = %v, r = %v", A, B, C, D, R)
	}
	t.Logf("a, b, c = %v, %v, %v: r = %v after %d nodes", A, B, C, R, n)
}

func TestStorePopRestores(t *testing.T) {
	s := fd.NewStore()
	f := Binary32
	x, y, z := NewVar(s, f), NewVar(s, f), NewVar(s, f)
	s.Post(Binary(Mul, f, z, x, y))
	before := []fd.Domain{x.Dom(), y.Dom(), z.Dom()}
	s.Push()
	if !s.PostAndPropagate(Compare(f, fd.Eq, z, Const(s, f, 6)), Compare(f, fd.Eq, y, Const(s, f, 2))) {
		t.Fatal("z = x·y = 6 ∧ y = 2 failed")
	}
	if !x.IsFixed() || Value(f, x) != 3 {
		t.Fatalf("x ∈ %v, want 3", x.Dom())
	}
	s.Pop()
	for i, v := range []*fd.Var{x, y, z} {
		if !v.Dom().Equal(before[i]) {
			t.Fatalf("variable %d not restored: %v", i, v.Dom())
		}
	}
}

// randFloat draws a value of f, one time in three a special one.
func randFloat(r *rand.Rand, f *Format) float64 {
	if r.IntN(3) == 0 {
		sp := []float64{0, math.Copysign(0, -1), 1, -1, math.Inf(1), math.Inf(-1), math.NaN(), f.MaxFinite(), f.Val(1), 0.5, 3}
		return sp[r.IntN(len(sp))]
	}
	return f.Val(randOrd(r, f))
}

// around is a random box of ordinals containing v.
func around(r *rand.Rand, f *Format, v float64) fd.Domain {
	o := f.Ord(v)
	spread := func() int64 {
		if r.IntN(3) == 0 {
			return r.Int64N(1 << 20)
		}
		return r.Int64N(1 << uint(r.IntN(62)))
	}
	// The distances to the ends overflow int64 on binary64: clip then.
	dl, dh := spread(), spread()
	if room := o - f.MinOrd(); room >= 0 && dl > room {
		dl = room
	}
	if room := f.NaN() - o; room >= 0 && dh > room {
		dh = room
	}
	lo, hi := o-dl, o+dh
	if o == f.NaN() {
		lo = hi
	}
	return fd.RangeInt64(lo, hi)
}

// TestRealFormatsSampled checks the projections of binary32 and binary64
// where enumeration is out of reach: random solutions (x, y, z = x op y)
// in random boxes around them are never removed.
func TestRealFormatsSampled(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, f := range []*Format{Binary32, Binary64} {
		for op := Add; op <= Fmax; op++ {
			sh := shape2(op, f)
			for n := 0; n < 3000; n++ {
				x, y := randFloat(r, f), randFloat(r, f)
				z := Eval2(op, f, x, y)
				X, Y, Z := around(r, f, x), around(r, f, y), around(r, f, z)
				nx, ny, nz := sh.project(X, Y, Z)
				if !nx.Contains(fd.I64(f.Ord(x))) || !ny.Contains(fd.I64(f.Ord(y))) || !nz.Contains(fd.I64(f.Ord(z))) {
					t.Fatalf("%s: %v %s %v = %v lost in %v × %v → %v: %v, %v, %v", f, x, op, y, z, X, Y, Z, nx, ny, nz)
				}
			}
		}
		for op := Neg; op <= Round; op++ {
			sh := shape1(op, f)
			for n := 0; n < 3000; n++ {
				x := randFloat(r, f)
				z := Eval1(op, f, x)
				nx, nz := sh.project(around(r, f, x), around(r, f, z))
				if !nx.Contains(fd.I64(f.Ord(x))) || !nz.Contains(fd.I64(f.Ord(z))) {
					t.Fatalf("%s: %s(%v) = %v lost", f, op, x, z)
				}
			}
		}
	}
}

func TestFormats(t *testing.T) {
	// Ordinals: every value of Mini8 round-trips, in increasing order.
	f := Mini8
	prev := math.Inf(-1)
	for o := f.MinOrd(); o <= f.MaxOrd(); o++ {
		v := f.Val(o)
		if f.Ord(v) != o || (o > f.MinOrd() && !(v > prev || v == 0 && prev == 0)) {
			t.Fatalf("ordinal %d: value %v (previous %v)", o, v, prev)
		}
		prev = v
	}
	if f.MaxFinite() != 240 || f.Val(1) != math.Ldexp(1, -9) {
		t.Fatalf("mini8: max %v, least subnormal %v", f.MaxFinite(), f.Val(1))
	}
	// Rounding: the generic code agrees with the hardware on binary32.
	g := newFormat("generic32", 8, 23, generic)
	r := rand.New(rand.NewPCG(7, 8))
	for n := 0; n < 100000; n++ {
		v := math.Float64frombits(r.Uint64())
		if n%2 == 0 {
			v = math.Ldexp(r.Float64()-0.5, r.IntN(300)-150)
		}
		if want := float64(float32(v)); g.Round(v) != want && !math.IsNaN(v) {
			t.Fatalf("round(%v) = %v, want %v", v, g.Round(v), want)
		}
		if w := float64(float32(v)); !math.IsNaN(w) && (g.Ord(w) != Binary32.Ord(w) || g.Val(g.Ord(w)) != w) {
			t.Fatalf("ordinal of %v: %d, want %d", w, g.Ord(w), Binary32.Ord(w))
		}
	}
	// Conversions from integers round to nearest even.
	if v := Binary32.FromInt(fd.I64(1<<24 + 1)); v != 1<<24 {
		t.Fatalf("(float)(2^24+1) = %v", v)
	}
	if v := Mini8.FromInt(fd.I64(17)); v != 16 { // a tie between 16 and 18: 16 is even
		t.Fatalf("(mini8)17 = %v", v)
	}
}

func TestBranchesPartition(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for n := 0; n < 2000; n++ {
		d := randDom(r, Mini8)
		bs := Branches(Mini8, d)
		if d.IsSingleton() != (bs == nil) {
			t.Fatalf("%v: branches %v", d, bs)
		}
		u := fd.EmptyDomain
		for _, b := range bs {
			if b.IsEmpty() || !b.Disjoint(u) || !b.SubsetOf(d) || b.Size() == d.Size() {
				t.Fatalf("%v: branches %v do not partition it", d, bs)
			}
			u = u.Union(b)
		}
		if bs != nil && !u.Equal(d) {
			t.Fatalf("%v: branches %v miss values", d, bs)
		}
	}
}

func BenchmarkProjectAdd64(b *testing.B) {
	f := Binary64
	sh := shape2(Add, f)
	X, Y, Z := Domain(f, -1e10, 1e10), Domain(f, 0.5, 3), Domain(f, 1, 2)
	for b.Loop() {
		sh.project(X, Y, Z)
	}
}

func BenchmarkProjectMul64Full(b *testing.B) {
	f := Binary64
	sh := shape2(Mul, f)
	for b.Loop() {
		sh.project(f.Full(), f.Full(), Domain(f, 1, 2))
	}
}

func BenchmarkSolveQuadratic(b *testing.B) {
	t := &testing.T{}
	for b.Loop() {
		TestStoreQuadratic(t)
	}
}
