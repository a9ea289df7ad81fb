package fp

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/inka-tool/inka/fd"
)

// The soundness harness: on the 8-bit format Mini8 (243 values with NaN)
// every projection is checked against exhaustive enumeration of random
// boxes: every value that takes part in a solution of the box must stay,
// nothing outside the box may appear, and on a box of single points the
// projection must keep the point exactly when it is a solution (so that
// propagation decides fixed assignments). The reference is a table of
// the operation evaluated at every pair of values, independently of the
// projection code (which only relies on the operation being monotone on
// the pieces between special values).

// values lists every ordinal of f, NaN included.
func values(f *Format) []int64 {
	var vs []int64
	for o := f.MinOrd(); o <= f.NaN(); o++ {
		vs = append(vs, o)
	}
	return vs
}

// randOrd draws an ordinal, one time in two a special one (zeros,
// infinities, the extreme finite values, NaN, the least subnormals).
func randOrd(r *rand.Rand, f *Format) int64 {
	if r.IntN(2) == 0 {
		m := f.MaxOrd()
		sp := []int64{-1, 0, 1, -2, 2, m, m - 1, -1 - m, -m, m + 1, m / 2, -1 - m/2}
		return sp[r.IntN(len(sp))]
	}
	if f.NaN()-f.MinOrd() < 0 { // binary64: the range overflows; reject
		for {
			if o := int64(r.Uint64()); o >= f.MinOrd() && o <= f.NaN() {
				return o
			}
		}
	}
	return f.MinOrd() + r.Int64N(f.NaN()-f.MinOrd()+1)
}

// randDom draws a non-empty domain of f: the whole format, an interval of
// ordinals, or an interval with holes, and NaN or not.
func randDom(r *rand.Rand, f *Format) fd.Domain {
	if r.IntN(10) == 0 {
		return f.Full()
	}
	a, b := randOrd(r, f), randOrd(r, f)
	if b < a {
		a, b = b, a
	}
	if r.IntN(4) == 0 && b-a < 400 { // small boxes, often a point
		b = a + r.Int64N(min(b-a+1, 4))
	}
	d := fd.RangeInt64(a, b)
	if r.IntN(4) == 0 {
		var vs []fd.Int
		for o := a; o <= b; o++ {
			if r.IntN(3) != 0 {
				vs = append(vs, fd.I64(o))
			}
		}
		if len(vs) > 0 {
			d = fd.Values(vs...)
		}
	}
	switch r.IntN(4) {
	case 0:
		d = d.Union(fd.Singleton(fd.I64(f.NaN())))
	case 1:
		if e := d.Remove(fd.I64(f.NaN())); !e.IsEmpty() {
			d = e
		}
	}
	return d
}

func members(d fd.Domain) []int64 {
	var vs []int64
	d.ForEach(func(v fd.Int) bool { vs = append(vs, v.Int64()); return true })
	return vs
}

// checkSupports reports the first solution value a projection lost, or a
// value it added outside the box.
func checkSupports(box, got, want []fd.Domain) error {
	for i := range box {
		if !got[i].SubsetOf(box[i]) {
			return fmt.Errorf("operand %d: %v not within the box %v", i, got[i], box[i])
		}
		if lost := want[i].Minus(got[i]); !lost.IsEmpty() {
			return fmt.Errorf("operand %d: solution values %v lost (kept %v)", i, lost, got[i])
		}
	}
	return nil
}

// bruteSupports enumerates the box: sol(v) says whether the tuple v is a
// solution; the result is the set of values of each operand in some
// solution. When fn is not nil the relation is functional (the last
// operand is fn of the others) and only the inputs are enumerated.
func bruteSupports(box []fd.Domain, sol func(v []int64) bool, fn func(v []int64) int64) []fd.Domain {
	ms := make([][]int64, len(box))
	sets := make([]map[int64]bool, len(box))
	for i, d := range box {
		ms[i] = members(d)
		sets[i] = map[int64]bool{}
	}
	n := len(box)
	if fn != nil {
		n--
	}
	v := make([]int64, len(box))
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			if fn != nil {
				v[n] = fn(v)
				if !box[n].Contains(fd.I64(v[n])) {
					return
				}
			} else if !sol(v) {
				return
			}
			for j, x := range v {
				sets[j][x] = true
			}
			return
		}
		for _, x := range ms[i] {
			v[i] = x
			rec(i + 1)
		}
	}
	rec(0)
	out := make([]fd.Domain, len(box))
	for i, s := range sets {
		var vs []fd.Int
		for x := range s {
			vs = append(vs, fd.I64(x))
		}
		out[i] = fd.EmptyDomain
		if len(vs) > 0 {
			out[i] = fd.Values(vs...)
		}
	}
	return out
}

// soundOn checks a projector on random boxes of format f against a
// reference relation, and on every point of a set of points.
func soundOn(t *testing.T, name string, p projector, gens []func(*rand.Rand) fd.Domain, rel func(v []int64) bool, boxes int) {
	soundFn(t, name, p, gens, rel, nil, boxes)
}

// fnOn checks a functional relation: the last operand is fn of the others.
func fnOn(t *testing.T, name string, p projector, gens []func(*rand.Rand) fd.Domain, fn func(v []int64) int64, boxes int) {
	t.Helper()
	n := len(gens) - 1
	soundFn(t, name, p, gens, func(v []int64) bool { return fn(v) == v[n] }, fn, boxes)
}

// soundFn is soundOn for a functional relation: the last operand is fn
// of the others.
func soundFn(t *testing.T, name string, p projector, gens []func(*rand.Rand) fd.Domain, rel func(v []int64) bool, fn func(v []int64) int64, boxes int) {
	t.Helper()
	r := rand.New(rand.NewPCG(uint64(len(name)), 16))
	for n := 0; n < boxes; n++ {
		box := make([]fd.Domain, len(gens))
		for i, g := range gens {
			box[i] = g(r)
		}
		got := p.project(box)
		want := bruteSupports(box, rel, fn)
		if err := checkSupports(box, got, want); err != nil {
			t.Fatalf("%s: box %v: %v", name, box, err)
		}
		// A point is kept exactly when it is a solution.
		pt := make([]int64, len(box))
		pbox := make([]fd.Domain, len(box))
		for i, d := range box {
			ms := members(d)
			pt[i] = ms[r.IntN(len(ms))]
			pbox[i] = fd.Singleton(fd.I64(pt[i]))
		}
		if n%2 == 0 && len(members(want[len(box)-1])) > 0 {
			// half the time, a point that is a solution if the box has one
			continue
		}
		empty := false
		for _, d := range p.project(pbox) {
			empty = empty || d.IsEmpty()
		}
		if empty == rel(pt) {
			t.Fatalf("%s: point %v: solution %v, projection empty %v", name, pt, rel(pt), empty)
		}
		vs := make([]fd.Int, len(pt))
		for i, x := range pt {
			vs[i] = fd.I64(x)
		}
		if p.check(vs) != rel(pt) {
			t.Fatalf("%s: check %v disagrees with the reference", name, pt)
		}
	}
}

func domGen(f *Format) func(*rand.Rand) fd.Domain {
	return func(r *rand.Rand) fd.Domain { return randDom(r, f) }
}

// table2 evaluates a binary operation on every pair of values of f.
func table2(f *Format, op func(a, b float64) float64) func(a, b int64) int64 {
	n := f.NaN() - f.MinOrd() + 1
	tab := make([]int64, n*n)
	for _, a := range values(f) {
		for _, b := range values(f) {
			tab[(a-f.MinOrd())*n+b-f.MinOrd()] = f.Ord(op(f.Val(a), f.Val(b)))
		}
	}
	return func(a, b int64) int64 { return tab[(a-f.MinOrd())*n+b-f.MinOrd()] }
}

func TestBinarySoundMini8(t *testing.T) {
	f := Mini8
	g := domGen(f)
	for op := Add; op <= Fmax; op++ {
		tab := table2(f, func(a, b float64) float64 { return Eval2(op, f, a, b) })
		p := &bin{op: op, f: f, sh: shape2(op, f)}
		fnOn(t, op.String(), p, []func(*rand.Rand) fd.Domain{g, g, g},
			func(v []int64) int64 { return tab(v[0], v[1]) }, 3000)
	}
}

func TestFmodSoundMini8(t *testing.T) {
	f := Mini8
	g := domGen(f)
	tab := table2(f, EvalFmod)
	fnOn(t, "fmod", &fmodC{f: f}, []func(*rand.Rand) fd.Domain{g, g, g},
		func(v []int64) int64 { return tab(v[0], v[1]) }, 3000)
}

func TestUnarySoundMini8(t *testing.T) {
	f := Mini8
	g := domGen(f)
	for op := Neg; op <= Round; op++ {
		p := &un{name: op.String(), sh: shape1(op, f)}
		fnOn(t, op.String(), p, []func(*rand.Rand) fd.Domain{g, g},
			func(v []int64) int64 { return f.Ord(Eval1(op, f, f.Val(v[0]))) }, 3000)
	}
}

func TestConvertSound(t *testing.T) {
	small := NewFormat(3, 2)
	for _, c := range []struct{ dst, src *Format }{{small, Mini8}, {Mini8, small}, {Mini8, Mini8}} {
		p := &un{name: "conv", sh: shapeConv(c.dst, c.src)}
		fnOn(t, fmt.Sprintf("(%s)%s", c.dst, c.src), p,
			[]func(*rand.Rand) fd.Domain{domGen(c.src), domGen(c.dst)},
			func(v []int64) int64 { return c.dst.Ord(c.dst.Round(c.src.Val(v[0]))) }, 2000)
	}
}

// intDom draws a domain of integers within [-600, 600].
func intDom(r *rand.Rand) fd.Domain {
	a := int64(r.IntN(1201) - 600)
	b := a + int64(r.IntN(40))
	if r.IntN(3) == 0 {
		b = a + int64(r.IntN(600))
	}
	return fd.RangeInt64(a, b)
}

func TestIntConversionsSound(t *testing.T) {
	f := Mini8
	p := &un{name: "fromint", sh: shapeFromInt(f)}
	fnOn(t, "(mini8)int", p, []func(*rand.Rand) fd.Domain{intDom, domGen(f)},
		func(v []int64) int64 { return f.Ord(f.Round(float64(v[0]))) }, 2000)
	// To int: the C type here is [-100, 100]; the box of z stays in it
	// (ToInt adds that bound), so the undefined conversions have no
	// support.
	q := &un{name: "toint", sh: shapeToInt(f)}
	typ := func(r *rand.Rand) fd.Domain {
		return intDom(r).Bound(fd.I64(-100), fd.I64(100)).Union(fd.Singleton(fd.I64(0)))
	}
	fnOn(t, "(int)mini8", q, []func(*rand.Rand) fd.Domain{domGen(f), typ},
		func(v []int64) int64 {
			x := f.Val(v[0])
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return 1 << 40 // undefined: in no C type's domain here
			}
			return int64(math.Trunc(x))
		}, 2000)
}

func TestCompareSoundMini8(t *testing.T) {
	f := Mini8
	g := domGen(f)
	r := rand.New(rand.NewPCG(3, 4))
	for rel := fd.Eq; rel <= fd.Ge; rel++ {
		for _, unord := range []bool{false, true} {
			c := &cmp{f: f, rel: rel, unord: unord}
			ref := func(v []int64) bool {
				x, y := f.Val(v[0]), f.Val(v[1])
				if x != x || y != y {
					return unord
				}
				switch rel {
				case fd.Eq:
					return x == y
				case fd.Ne:
					return x != y
				case fd.Lt:
					return x < y
				case fd.Le:
					return x <= y
				case fd.Gt:
					return x > y
				}
				return x >= y
			}
			name := c.String()
			soundOn(t, name, c, []func(*rand.Rand) fd.Domain{g, g}, ref, 600)
			// Entailment is never wrong.
			s := fd.NewStore()
			x, y := NewVar(s, f), NewVar(s, f)
			cc := &cmpC{projC{&cmp{f: f, rel: rel, unord: unord, x: x, y: y}}}
			for n := 0; n < 300; n++ {
				s.Push()
				X, Y := randDom(r, f), randDom(r, f)
				if !x.Intersect(X) || !y.Intersect(Y) {
					t.Fatal("narrowing a full variable failed")
				}
				sols := 0
				for _, a := range members(X) {
					for _, b := range members(Y) {
						if ref([]int64{a, b}) {
							sols++
						}
					}
				}
				all := len(members(X)) * len(members(Y))
				switch cc.Entailed(s) {
				case fd.Entailed:
					if sols != all {
						t.Fatalf("%s: entailed on %v × %v, %d of %d pairs hold", name, X, Y, sols, all)
					}
				case fd.Disentailed:
					if sols != 0 {
						t.Fatalf("%s: disentailed on %v × %v, %d pairs hold", name, X, Y, sols)
					}
				}
				s.Pop()
			}
		}
	}
}

// TestPointsExact checks every pair of Mini8 values: with the operands
// fixed, each binary projection gives exactly the value of the operation.
func TestPointsExact(t *testing.T) {
	f := Mini8
	for op := Add; op <= Fmax; op++ {
		sh := shape2(op, f)
		for _, a := range values(f) {
			for _, b := range values(f) {
				want := f.Ord(Eval2(op, f, f.Val(a), f.Val(b)))
				_, _, z := sh.project(fd.Singleton(fd.I64(a)), fd.Singleton(fd.I64(b)), f.Full())
				if !z.IsSingleton() || z.Min().Int64() != want {
					t.Fatalf("%v %s %v: projection %v, want %v", f.Val(a), op, f.Val(b), z, f.Val(want))
				}
			}
		}
	}
}
