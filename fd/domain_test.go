package fd

import (
	"math/rand/v2"
	"sort"
	"testing"
)

// set is the reference model of a small domain.
type set map[int64]bool

func (s set) sorted() []int64 {
	var r []int64
	for v := range s {
		r = append(r, v)
	}
	sort.Slice(r, func(i, j int) bool { return r[i] < r[j] })
	return r
}

func randSet(r *rand.Rand, base int64) set {
	s := set{}
	lo := base + r.Int64N(20) - 10
	n := r.IntN(12)
	for i := 0; i < n; i++ {
		if r.IntN(3) > 0 {
			s[lo+int64(i)] = true
		}
	}
	return s
}

func domOf(s set) Domain {
	var vs []Int
	for _, v := range s.sorted() {
		vs = append(vs, I64(v))
	}
	return Values(vs...)
}

// sameDom checks d against the reference set, including its invariants.
func sameDom(t *testing.T, what string, d Domain, s set) {
	t.Helper()
	vals := s.sorted()
	if d.Size() != I64(int64(len(vals))) {
		t.Fatalf("%s: size %v want %d (%v vs %v)", what, d.Size(), len(vals), d, vals)
	}
	if len(vals) == 0 {
		if !d.IsEmpty() {
			t.Fatalf("%s: want empty, got %v", what, d)
		}
		return
	}
	if d.Min() != I64(vals[0]) || d.Max() != I64(vals[len(vals)-1]) {
		t.Fatalf("%s: bounds of %v, want %v", what, d, vals)
	}
	var got []int64
	d.ForEach(func(v Int) bool { got = append(got, v.Int64()); return true })
	if len(got) != len(vals) {
		t.Fatalf("%s: %v want %v", what, got, vals)
	}
	for i := range got {
		if got[i] != vals[i] {
			t.Fatalf("%s: %v want %v", what, got, vals)
		}
	}
	// Maximal intervals: no two touch.
	for i := 1; i < d.NumIntervals(); i++ {
		_, hi := d.Interval(i - 1)
		lo, _ := d.Interval(i)
		if !hi.Inc().Less(lo) {
			t.Fatalf("%s: intervals touch in %v", what, d)
		}
	}
	if d.IsRange() != (d.NumIntervals() == 1) {
		t.Fatalf("%s: IsRange", what)
	}
}

func TestDomainOps(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := 5000
	if testing.Short() {
		n = 500
	}
	for i := 0; i < n; i++ {
		a, b := randSet(r, 0), randSet(r, 0)
		da, db := domOf(a), domOf(b)
		sameDom(t, "build", da, a)
		// Narrow with bounds first so the clipped representation is
		// exercised by every other operation.
		if len(a) > 0 && r.IntN(2) == 0 {
			lo, hi := r.Int64N(24)-12, r.Int64N(24)-12
			na := set{}
			for v := range a {
				if v >= lo && v <= hi {
					na[v] = true
				}
			}
			da, a = da.Bound(I64(lo), I64(hi)), na
			sameDom(t, "bound", da, a)
		}
		inter, union, minus := set{}, set{}, set{}
		for v := range a {
			union[v] = true
			if b[v] {
				inter[v] = true
			} else {
				minus[v] = true
			}
		}
		for v := range b {
			union[v] = true
		}
		sameDom(t, "intersect", da.Intersect(db), inter)
		sameDom(t, "union", da.Union(db), union)
		sameDom(t, "minus", da.Minus(db), minus)
		if da.Disjoint(db) != (len(inter) == 0) {
			t.Fatalf("disjoint %v %v", da, db)
		}
		if da.SubsetOf(db) != (len(minus) == 0) {
			t.Fatalf("subset %v %v", da, db)
		}
		v := r.Int64N(24) - 12
		rem := set{}
		for w := range a {
			if w != v {
				rem[w] = true
			}
		}
		sameDom(t, "remove", da.Remove(I64(v)), rem)
		if da.Contains(I64(v)) != a[v] {
			t.Fatalf("contains %v %d", da, v)
		}
		lo, hi := v, v+r.Int64N(5)
		rr := set{}
		for w := range a {
			if w < lo || w > hi {
				rr[w] = true
			}
		}
		sameDom(t, "removerange", da.RemoveRange(I64(lo), I64(hi)), rr)
		sh, neg := set{}, set{}
		for w := range a {
			sh[w+7] = true
			neg[-w] = true
		}
		sameDom(t, "shift", da.Shift(I64(7)), sh)
		sameDom(t, "negate", da.Negate(), neg)
		// Next / Prev
		nx, okn := da.Next(I64(v))
		pv, okp := da.Prev(I64(v))
		wn, wp := int64(1<<40), int64(-1<<40)
		for w := range a {
			if w >= v && w < wn {
				wn = w
			}
			if w <= v && w > wp {
				wp = w
			}
		}
		if okn != (wn != 1<<40) || okn && nx != I64(wn) {
			t.Fatalf("next(%v, %d) = %v %v", da, v, nx, okn)
		}
		if okp != (wp != -1<<40) || okp && pv != I64(wp) {
			t.Fatalf("prev(%v, %d) = %v %v", da, v, pv, okp)
		}
		if !da.Equal(FromIntervals(da.Intervals())) {
			t.Fatalf("intervals round trip %v", da)
		}
	}
}

func TestDomainWide(t *testing.T) {
	umax := U64(^uint64(0))
	d := Range(I64(-1<<63), umax)
	if d.Size().String() != "27670116110564327424" { // 2^64 + 2^63
		t.Fatalf("size %v", d.Size())
	}
	d = d.Remove(I64(0))
	if d.NumIntervals() != 2 || d.Contains(I64(0)) || !d.Contains(umax) {
		t.Fatalf("remove: %v", d)
	}
	if Range(MinInt128, MaxInt128).Min() != MinValue {
		t.Fatalf("range not clamped to the universe")
	}
}
