package fd

import (
	"sort"
	"strings"
)

// Interval is the closed range [Lo, Hi].
type Interval struct{ Lo, Hi Int }

// Domain is a finite set of integers kept as a sorted list of disjoint,
// non-adjacent intervals (an interval list "with holes").
//
// Min, Max and Size are O(1). A Domain is an immutable value: operations
// return new domains and never write into an interval slice that another
// domain may share. That is what lets the trail save a domain by copying
// this small struct, and lets SetMin/SetMax on a domain with holes re-slice
// instead of allocating: the first and last stored intervals are read
// clipped to [min, max].
type Domain struct {
	min, max Int
	size     Int        // number of values; 0 means empty
	ivs      []Interval // nil: the single interval [min, max]; else len >= 2
}

// EmptyDomain is the domain with no value.
var EmptyDomain = Domain{min: one, max: zero}

// Range returns the domain [lo, hi], clamped to [MinValue, MaxValue]
// (empty if lo > hi).
func Range(lo, hi Int) Domain {
	lo, hi = clampU(lo), clampU(hi)
	if hi.Less(lo) {
		return EmptyDomain
	}
	return Domain{min: lo, max: hi, size: hi.Sub(lo).Inc()}
}

// RangeInt64 is Range for int64 bounds.
func RangeInt64(lo, hi int64) Domain { return Range(I64(lo), I64(hi)) }

// Singleton returns {v}.
func Singleton(v Int) Domain { return Range(v, v) }

// Values returns the domain holding exactly the given values.
func Values(vs ...Int) Domain {
	ivs := make([]Interval, len(vs))
	for i, v := range vs {
		ivs[i] = Interval{v, v}
	}
	return FromIntervals(ivs)
}

// ValuesInt64 is Values for int64 values.
func ValuesInt64(vs ...int64) Domain {
	ivs := make([]Interval, len(vs))
	for i, v := range vs {
		ivs[i] = Interval{I64(v), I64(v)}
	}
	return FromIntervals(ivs)
}

// FromIntervals builds a domain from intervals in any order, overlapping or
// not (empty intervals are ignored). The slice is reordered in place.
func FromIntervals(ivs []Interval) Domain {
	sorted := true
	for i := 1; i < len(ivs); i++ {
		if ivs[i].Lo.Less(ivs[i-1].Lo) {
			sorted = false
			break
		}
	}
	if !sorted {
		sort.Slice(ivs, func(i, j int) bool { return ivs[i].Lo.Less(ivs[j].Lo) })
	}
	var b domBuilder
	for _, iv := range ivs {
		b.add(iv.Lo, iv.Hi)
	}
	return b.done()
}

// domBuilder accumulates intervals given in increasing order of Lo,
// merging overlapping and adjacent ones.
type domBuilder struct {
	ivs []Interval
}

func (b *domBuilder) add(lo, hi Int) {
	lo, hi = clampU(lo), clampU(hi)
	if hi.Less(lo) {
		return
	}
	if n := len(b.ivs); n > 0 {
		last := &b.ivs[n-1]
		if !last.Hi.Inc().Less(lo) { // overlaps or touches
			if last.Hi.Less(hi) {
				last.Hi = hi
			}
			return
		}
	}
	b.ivs = append(b.ivs, Interval{lo, hi})
}

func (b *domBuilder) done() Domain {
	return mkDomain(b.ivs)
}

// mkDomain wraps a normalized interval list (taking ownership).
func mkDomain(ivs []Interval) Domain {
	switch len(ivs) {
	case 0:
		return EmptyDomain
	case 1:
		return Domain{min: ivs[0].Lo, max: ivs[0].Hi, size: ivs[0].Hi.Sub(ivs[0].Lo).Inc()}
	}
	d := Domain{min: ivs[0].Lo, max: ivs[len(ivs)-1].Hi, ivs: ivs}
	d.size = d.countSize()
	return d
}

func (d *Domain) countSize() Int {
	if d.ivs == nil {
		return d.max.Sub(d.min).Inc()
	}
	n := len(d.ivs)
	s := d.ivs[0].Hi.Sub(d.min).Inc()
	for i := 1; i < n-1; i++ {
		s = s.Add(d.ivs[i].Hi.Sub(d.ivs[i].Lo).Inc())
	}
	return s.Add(d.max.Sub(d.ivs[n-1].Lo).Inc())
}

// Min and Max are the bounds (undefined for the empty domain).
func (d Domain) Min() Int { return d.min }
func (d Domain) Max() Int { return d.max }

// Size is the number of values.
func (d Domain) Size() Int { return d.size }

// IsEmpty reports whether the domain has no value.
func (d Domain) IsEmpty() bool { return d.size.IsZero() }

// IsSingleton reports whether the domain has exactly one value.
func (d Domain) IsSingleton() bool { return d.size == one }

// IsRange reports whether the domain has no hole.
func (d Domain) IsRange() bool { return d.ivs == nil }

// NumIntervals returns the number of maximal intervals.
func (d Domain) NumIntervals() int {
	if d.size.IsZero() {
		return 0
	}
	if d.ivs == nil {
		return 1
	}
	return len(d.ivs)
}

// Interval returns the i-th maximal interval, 0 <= i < NumIntervals().
func (d Domain) Interval(i int) (lo, hi Int) {
	if d.ivs == nil {
		return d.min, d.max
	}
	lo, hi = d.ivs[i].Lo, d.ivs[i].Hi
	if i == 0 {
		lo = d.min
	}
	if i == len(d.ivs)-1 {
		hi = d.max
	}
	return lo, hi
}

// Intervals returns a fresh copy of the interval list.
func (d Domain) Intervals() []Interval {
	n := d.NumIntervals()
	r := make([]Interval, n)
	for i := range r {
		r[i].Lo, r[i].Hi = d.Interval(i)
	}
	return r
}

// find returns the index of the first stored interval whose Hi >= v.
func (d *Domain) find(v Int) int {
	lo, hi := 0, len(d.ivs)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if d.ivs[m].Hi.Less(v) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// Contains reports v ∈ d.
func (d Domain) Contains(v Int) bool { return d.contains(v) }

// contains is Contains without copying the domain (hot in propagators).
func (d *Domain) contains(v Int) bool {
	if v.Less(d.min) || d.max.Less(v) {
		return false
	}
	if d.ivs == nil {
		return true
	}
	i := d.find(v)
	return !v.Less(d.ivs[i].Lo)
}

// Next returns the smallest value of d that is >= v, and false if none.
func (d Domain) Next(v Int) (Int, bool) {
	if d.max.Less(v) || d.size.IsZero() {
		return Int{}, false
	}
	if !d.min.Less(v) {
		return d.min, true
	}
	if d.ivs == nil {
		return v, true
	}
	i := d.find(v)
	return Max2(v, d.ivs[i].Lo), true
}

// Prev returns the largest value of d that is <= v, and false if none.
func (d Domain) Prev(v Int) (Int, bool) {
	if v.Less(d.min) || d.size.IsZero() {
		return Int{}, false
	}
	if !v.Less(d.max) {
		return d.max, true
	}
	if d.ivs == nil {
		return v, true
	}
	i := d.find(v)
	if v.Less(d.ivs[i].Lo) {
		return d.ivs[i-1].Hi, true
	}
	return v, true
}

// Bound returns d ∩ [lo, hi] without allocating.
func (d Domain) Bound(lo, hi Int) Domain {
	if d.size.IsZero() || (lo.Leq(d.min) && d.max.Leq(hi)) {
		return d
	}
	lo, hi = Max2(lo, d.min), Min2(hi, d.max)
	if hi.Less(lo) {
		return EmptyDomain
	}
	if d.ivs == nil {
		return Domain{min: lo, max: hi, size: hi.Sub(lo).Inc()}
	}
	i := d.find(lo)
	j := d.find(hi)
	if j == len(d.ivs) {
		j--
	}
	if hi.Less(d.ivs[j].Lo) {
		j--
	}
	if j < i {
		return EmptyDomain
	}
	lo = Max2(lo, d.ivs[i].Lo)
	hi = Min2(hi, d.ivs[j].Hi)
	if i == j {
		return Domain{min: lo, max: hi, size: hi.Sub(lo).Inc()}
	}
	r := Domain{min: lo, max: hi, ivs: d.ivs[i : j+1]}
	r.size = r.countSize()
	return r
}

// Remove returns d \ {v}.
func (d Domain) Remove(v Int) Domain {
	if !d.Contains(v) {
		return d
	}
	if v == d.min {
		if d.size == one {
			return EmptyDomain
		}
		n, _ := d.Next(v.Inc())
		return d.Bound(n, d.max)
	}
	if v == d.max {
		p, _ := d.Prev(v.Dec())
		return d.Bound(d.min, p)
	}
	// Interior value: split one interval in two (allocates).
	n := d.NumIntervals()
	ivs := make([]Interval, 0, n+1)
	for i := 0; i < n; i++ {
		lo, hi := d.Interval(i)
		if !v.Less(lo) && !hi.Less(v) {
			// v may sit at an end of its interval (not of the domain).
			if lo != v {
				ivs = append(ivs, Interval{lo, v.Dec()})
			}
			if hi != v {
				ivs = append(ivs, Interval{v.Inc(), hi})
			}
		} else {
			ivs = append(ivs, Interval{lo, hi})
		}
	}
	r := Domain{min: d.min, max: d.max, ivs: ivs, size: d.size.Dec()}
	return r
}

// RemoveRange returns d \ [lo, hi].
func (d Domain) RemoveRange(lo, hi Int) Domain {
	if hi.Less(lo) || hi.Less(d.min) || d.max.Less(lo) {
		return d
	}
	if lo.Leq(d.min) {
		return d.Bound(hi.Inc(), d.max)
	}
	if d.max.Leq(hi) {
		return d.Bound(d.min, lo.Dec())
	}
	return d.Minus(Range(lo, hi))
}

// Intersect returns d ∩ o.
func (d Domain) Intersect(o Domain) Domain {
	if d.size.IsZero() || o.size.IsZero() {
		return EmptyDomain
	}
	if o.ivs == nil {
		return d.Bound(o.min, o.max)
	}
	if d.ivs == nil {
		return o.Bound(d.min, d.max)
	}
	var b domBuilder
	i, j := 0, 0
	n, m := d.NumIntervals(), o.NumIntervals()
	for i < n && j < m {
		alo, ahi := d.Interval(i)
		blo, bhi := o.Interval(j)
		lo, hi := Max2(alo, blo), Min2(ahi, bhi)
		if lo.Leq(hi) {
			b.ivs = append(b.ivs, Interval{lo, hi})
		}
		if ahi.Less(bhi) {
			i++
		} else {
			j++
		}
	}
	return b.done()
}

// Union returns d ∪ o.
func (d Domain) Union(o Domain) Domain {
	if d.size.IsZero() {
		return o
	}
	if o.size.IsZero() {
		return d
	}
	var b domBuilder
	i, j := 0, 0
	n, m := d.NumIntervals(), o.NumIntervals()
	for i < n || j < m {
		var lo, hi Int
		if j >= m {
			lo, hi = d.Interval(i)
			i++
		} else if i >= n {
			lo, hi = o.Interval(j)
			j++
		} else {
			alo, ahi := d.Interval(i)
			blo, bhi := o.Interval(j)
			if alo.Less(blo) {
				lo, hi = alo, ahi
				i++
			} else {
				lo, hi = blo, bhi
				j++
			}
		}
		b.add(lo, hi)
	}
	return b.done()
}

// Minus returns d \ o.
func (d Domain) Minus(o Domain) Domain {
	if d.size.IsZero() || o.size.IsZero() || o.max.Less(d.min) || d.max.Less(o.min) {
		return d
	}
	var b domBuilder
	n, m := d.NumIntervals(), o.NumIntervals()
	j := 0
	for i := 0; i < n; i++ {
		lo, hi := d.Interval(i)
		for lo.Leq(hi) {
			// skip o-intervals entirely below lo
			for j < m {
				_, bhi := o.Interval(j)
				if bhi.Less(lo) {
					j++
					continue
				}
				break
			}
			if j >= m {
				b.ivs = append(b.ivs, Interval{lo, hi})
				break
			}
			blo, bhi := o.Interval(j)
			if hi.Less(blo) {
				b.ivs = append(b.ivs, Interval{lo, hi})
				break
			}
			if lo.Less(blo) {
				b.ivs = append(b.ivs, Interval{lo, blo.Dec()})
			}
			if hi.Leq(bhi) {
				break
			}
			lo = bhi.Inc()
		}
	}
	return b.done()
}

// Shift returns {v + k | v ∈ d} (clamped to [MinValue, MaxValue]).
func (d Domain) Shift(k Int) Domain {
	if k.IsZero() || d.size.IsZero() {
		return d
	}
	if d.ivs == nil {
		return Range(d.min.Add(k), d.max.Add(k))
	}
	var b domBuilder
	for i := 0; i < d.NumIntervals(); i++ {
		lo, hi := d.Interval(i)
		b.add(lo.Add(k), hi.Add(k))
	}
	return b.done()
}

// Negate returns {-v | v ∈ d}.
func (d Domain) Negate() Domain {
	n := d.NumIntervals()
	if n <= 1 {
		if n == 0 {
			return d
		}
		return Range(d.max.Neg(), d.min.Neg())
	}
	var b domBuilder
	for i := n - 1; i >= 0; i-- {
		lo, hi := d.Interval(i)
		b.add(hi.Neg(), lo.Neg())
	}
	return b.done()
}

// Equal reports whether two domains hold the same values.
func (d Domain) Equal(o Domain) bool {
	if d.size != o.size || d.min != o.min || d.max != o.max {
		return false
	}
	n := d.NumIntervals()
	if n != o.NumIntervals() {
		return false
	}
	for i := 0; i < n; i++ {
		a, b := d.Interval(i)
		c, e := o.Interval(i)
		if a != c || b != e {
			return false
		}
	}
	return true
}

// SubsetOf reports d ⊆ o.
func (d Domain) SubsetOf(o Domain) bool { return d.Minus(o).IsEmpty() }

// Disjoint reports d ∩ o = ∅.
func (d Domain) Disjoint(o Domain) bool {
	if d.size.IsZero() || o.size.IsZero() || d.max.Less(o.min) || o.max.Less(d.min) {
		return true
	}
	if d.ivs == nil && o.ivs == nil {
		return false
	}
	return d.Intersect(o).IsEmpty()
}

// ForEach calls f on each value in increasing order until f returns false.
// Only sensible for small domains.
func (d Domain) ForEach(f func(Int) bool) {
	for i := 0; i < d.NumIntervals(); i++ {
		lo, hi := d.Interval(i)
		for v := lo; v.Leq(hi); v = v.Inc() {
			if !f(v) {
				return
			}
		}
	}
}

// String prints the domain as e.g. "{1..3, 7}".
func (d Domain) String() string {
	if d.size.IsZero() {
		return "{}"
	}
	var sb strings.Builder
	sb.WriteByte('{')
	for i := 0; i < d.NumIntervals(); i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		lo, hi := d.Interval(i)
		sb.WriteString(lo.String())
		if lo != hi {
			sb.WriteString("..")
			sb.WriteString(hi.String())
		}
	}
	sb.WriteByte('}')
	return sb.String()
}
