package fd

import (
	"slices"
)

// This file holds the non-linear arithmetic constraints. All the binary
// ones z = f(x, y) share one propagator (fun2Prop):
//
//   - when |dom x|·|dom y| is at most Store.EnumLimit, it enumerates the
//     pairs and keeps exactly the supported values (domain consistency,
//     so small cases and fixed operands are decided exactly);
//   - otherwise it narrows z to the operation's sound bounds over the
//     operand domains, and x, y by the operation's backward rule if it has
//     one (e.g. x ∈ z ÷ y for multiplication).
//
// A bound computed with saturated 128-bit arithmetic is still sound: the
// saturated value lies between the true bound and every representable
// domain value.

const defaultEnumLimit = 4096

func (s *Store) enumLimit() int64 {
	switch {
	case s.EnumLimit == 0:
		return defaultEnumLimit
	case s.EnumLimit < 0:
		return 0
	}
	return int64(s.EnumLimit)
}

// enumCombos is the number of value combinations an enumerating
// propagator tries for one budget step beyond the step of its run: an
// enumeration of EnumLimit (4096) combinations costs as much as dozens of
// plain propagator runs, and the budget counts work, not calls.
const enumCombos = 64

// spendEnum charges the budget for n combinations enumerated.
func (s *Store) spendEnum(n int) {
	s.Budget.Spend(int64(n / enumCombos))
}

// smallProduct reports whether the product of the domain sizes is at most
// limit.
func smallProduct(limit int64, xs ...*Var) bool {
	p := int64(1)
	for _, x := range xs {
		if !x.dom.size.IsInt64() || x.dom.size.Int64() > limit {
			return false
		}
		p *= x.dom.size.Int64()
		if p > limit {
			return false
		}
	}
	return true
}

// enumEntailed decides c by enumerating all assignments of its variables
// when there are at most limit of them; Unknown otherwise.
func enumEntailed(s *Store, c Constraint) Truth {
	xs := c.Vars()
	if allFixed(xs) {
		if c.Check(CurrentValues) {
			return Entailed
		}
		return Disentailed
	}
	if !smallProduct(s.enumLimit(), xs...) {
		return Unknown
	}
	vals := make(map[*Var]Int, len(xs))
	val := func(x *Var) Int { return vals[x] }
	nsat, nall := 0, 0
	var rec func(i int)
	rec = func(i int) {
		if i == len(xs) {
			nall++
			if c.Check(val) {
				nsat++
			}
			return
		}
		xs[i].dom.ForEach(func(v Int) bool {
			vals[xs[i]] = v
			rec(i + 1)
			return true
		})
	}
	rec(0)
	s.spendEnum(nall)
	switch nsat {
	case 0:
		return Disentailed
	case nall:
		return Entailed
	}
	return Unknown
}

// funOp describes z = f(x, y).
type funOp interface {
	// eval returns f(a, b), and false where f is undefined (division by
	// zero, shift out of range, result beyond 128 bits).
	eval(a, b Int) (Int, bool)
	// bounds returns a sound hull of f over dom(x) × dom(y) (non-empty).
	bounds(x, y *Domain) (lo, hi Int)
	name() string
}

// backwardOp is implemented by operations that can narrow the operands
// from the result's bounds.
type backwardOp interface {
	backward(z, x, y *Var) bool
}

// preOp is implemented by operations with a domain precondition on the
// operands, applied at post (e.g. y ≠ 0 for division).
type preOp interface {
	pre(x, y *Var) bool
}

type fun2 struct {
	op      funOp
	z, x, y *Var
}

func (c *fun2) Vars() []*Var { return uniqueVars([]*Var{c.z, c.x, c.y}) }
func (c *fun2) String() string {
	return c.z.Name() + " = " + c.op.name() + "(" + c.x.Name() + ", " + c.y.Name() + ")"
}

func (c *fun2) Check(val Valuation) bool {
	v, ok := c.op.eval(val(c.x), val(c.y))
	return ok && v == val(c.z)
}

func (c *fun2) Post(s *Store) bool {
	if p, ok := c.op.(preOp); ok && !p.pre(c.x, c.y) {
		return false
	}
	p := &fun2Prop{c: c}
	cost := CostTernary
	pr := s.AddPropagator(p, cost)
	s.WatchAll(pr, EvDom, c.Vars()...)
	return true
}

func (c *fun2) Entailed(s *Store) Truth {
	if t := enumEntailed(s, c); t != Unknown || smallProduct(s.enumLimit(), c.Vars()...) {
		return t
	}
	lo, hi := c.op.bounds(&c.x.dom, &c.y.dom)
	if c.z.dom.Disjoint(Range(lo, hi)) {
		return Disentailed
	}
	return Unknown
}

type fun2Prop struct {
	c *fun2
	// given records (trailed) the implied difference constraints already
	// given to the store's graph, one bit per fact (implied.go).
	given int
}

func (p *fun2Prop) Propagate(s *Store) Status {
	c := p.c
	x, y, z := c.x, c.y, c.z
	if x.IsFixed() && y.IsFixed() {
		v, ok := c.op.eval(x.dom.min, y.dom.min)
		if !ok || !z.Assign(v) {
			return Failed
		}
		return Subsumed
	}
	if so, ok := c.op.(simplifyOp); ok {
		if k := so.simpler(z, x, y); k != nil {
			if !s.Post(k) {
				return Failed
			}
			return Subsumed
		}
	}
	if io, ok := c.op.(impliedOp); ok {
		add := func(id int, a, b *Var, k Int) bool {
			if p.given&(1<<id) != 0 {
				return true
			}
			s.SetInt(&p.given, p.given|1<<id)
			return s.addDiff(a, b, k)
		}
		if !io.implied(z, x, y, add) {
			return Failed
		}
	}
	if x.IsFixed() && commutes(c.op) {
		x, y = y, x // the constant second, for the rules below
	}
	if y.IsFixed() {
		// x op constant (x % 3, x / 10, 4 * x: the common case in C) has
		// rules as exact as enumeration and far cheaper, on a domain of
		// thousands of values that a loop unrolled by propagation
		// narrows again and again.
		switch op := c.op.(type) {
		case remOp:
			// x's new bounds may fall on holes whose neighbours have
			// other remainders: repeat to this rule's fixpoint.
			for iter := 0; iter < 16; iter++ {
				lo, hi := x.dom.min, x.dom.max
				if !remConst(z, x, y.dom.min) {
					return Failed
				}
				if x.dom.min == lo && x.dom.max == hi {
					break
				}
			}
			if x.IsFixed() {
				return NotFixpoint // the fixed case above decides it exactly
			}
			return AtFixpoint
		case divOp, mulOp:
			return p.boundsLoop(s, op.(backwardOp))
		case bitOp:
			// x ^ c is a bijection: z fixed fixes x (x ^ 0xdeadbeef == 0
			// is x == 0xdeadbeef, which bounds alone never find).
			if op.op == '^' && z.IsFixed() {
				if !x.Assign(z.dom.min.Xor(y.dom.min)) {
					return Failed
				}
				return NotFixpoint
			}
		}
	}
	x, y = c.x, c.y
	if smallProduct(s.enumLimit(), x, y) {
		if !enumSupport2(c.op, z, x, y) {
			return Failed
		}
		return AtFixpoint
	}
	b, hasBack := c.op.(backwardOp)
	if !hasBack {
		lo, hi := c.op.bounds(&x.dom, &y.dom)
		if !z.SetBounds(lo, hi) {
			return Failed
		}
		return AtFixpoint
	}
	return p.boundsLoop(s, b)
}

// commutes reports whether op(x, y) = op(y, x).
func commutes(op funOp) bool {
	switch o := op.(type) {
	case mulOp, addOp, minOp, maxOp, bitOp:
		return true
	case wrapOp:
		return o.op == OpAdd || o.op == OpMul || o.op == OpAnd || o.op == OpOr || o.op == OpXor
	}
	return false
}

// boundsLoop runs the forward (bounds) and backward rules to this
// propagator's fixpoint. They feed each other (x·y = N with N odd moves
// both bounds of x and y by one divisor test per round), and a round trip
// through the queue would cost more than the round itself.
func (p *fun2Prop) boundsLoop(s *Store, b backwardOp) Status {
	c := p.c
	x, y, z := c.x, c.y, c.z
	changed := s.changed
	for iter := 0; ; iter++ {
		s.changed = false
		lo, hi := c.op.bounds(&x.dom, &y.dom)
		if !z.SetBounds(lo, hi) || !b.backward(z, x, y) {
			return Failed
		}
		if !s.changed {
			break
		}
		changed = true
		if iter == 1<<16 {
			s.changed = true
			return NotFixpoint // let other propagators have a go
		}
	}
	s.changed = changed
	if x.IsFixed() && y.IsFixed() {
		return NotFixpoint // the fixed case above decides it exactly
	}
	return AtFixpoint
}

// enumSupport2 keeps in x, y and z exactly the values that take part in a
// triple z = f(x, y).
func enumSupport2(op funOp, z, x, y *Var) bool {
	xs, ys := domValues(x.dom), domValues(y.dom)
	x.s.spendEnum(len(xs) * len(ys))
	sx := make([]bool, len(xs))
	sy := make([]bool, len(ys))
	zs := make([]Int, 0, len(xs)*len(ys))
	for i, a := range xs {
		for j, b := range ys {
			v, ok := op.eval(a, b)
			if ok && z.dom.contains(v) {
				sx[i], sy[j] = true, true
				zs = append(zs, v)
			}
		}
	}
	if len(zs) == 0 {
		return x.s.Fail()
	}
	slices.SortFunc(zs, func(a, b Int) int { return a.Cmp(b) })
	zs = slices.Compact(zs)
	return z.Intersect(coarse(Values(zs...))) && x.Intersect(coarse(pick(xs, sx))) && y.Intersect(coarse(pick(ys, sy)))
}

// maxEnumIntervals bounds the intervals of a domain pruned by enumeration.
// Exact support can shred a domain (x % 3 ≠ 0 on 0..4095 leaves 1365
// intervals), and every later propagator on that variable then pays for
// each interval: past the bound, only the hull of the support is kept,
// which is sound and keeps fixed cases exact.
const maxEnumIntervals = 32

// coarse returns d, or its hull when d has too many intervals.
func coarse(d Domain) Domain {
	if d.NumIntervals() > maxEnumIntervals {
		return Range(d.Min(), d.Max())
	}
	return d
}

func domValues(d Domain) []Int {
	r := make([]Int, 0, d.size.Int64())
	d.ForEach(func(v Int) bool { r = append(r, v); return true })
	return r
}

func pick(vs []Int, keep []bool) Domain {
	var b domBuilder
	for i, v := range vs {
		if keep[i] {
			b.add(v, v)
		}
	}
	return b.done()
}

// hull accumulates the smallest interval holding some intervals.
type hull struct {
	lo, hi Int
	ok     bool
}

func (h *hull) add(lo, hi Int) {
	if hi.Less(lo) {
		return
	}
	if !h.ok {
		h.lo, h.hi, h.ok = lo, hi, true
		return
	}
	h.lo, h.hi = Min2(h.lo, lo), Max2(h.hi, hi)
}

// signParts splits a domain's hull into its negative and non-negative
// parts (each possibly empty: lo > hi).
func signParts(d *Domain) (nlo, nhi, plo, phi Int) {
	nlo, nhi = d.min, Min2(d.max, I64(-1))
	plo, phi = Max2(d.min, zero), d.max
	return
}

// nonzeroParts returns the bounds of d's negative and positive parts.
func nonzeroParts(d *Domain) [2][2]Int {
	return [2][2]Int{{d.min, Min2(d.max, I64(-1))}, {Max2(d.min, one), d.max}}
}

// ---- multiplication ----

// Times is z = x·y (exact, no wrapping).
func Times(z, x, y *Var) Constraint { return &fun2{op: mulOp{}, z: z, x: x, y: y} }

type mulOp struct{}

func (mulOp) name() string { return "mul" }
func (mulOp) eval(a, b Int) (Int, bool) {
	r, ov := a.MulOv(b)
	return r, !ov
}
func (mulOp) bounds(x, y *Domain) (Int, Int) {
	return mulHull(x.min, x.max, y.min, y.max)
}

func mulHull(a, b, c, d Int) (Int, Int) {
	p1, p2, p3, p4 := a.MulSat(c), a.MulSat(d), b.MulSat(c), b.MulSat(d)
	return Min2(Min2(p1, p2), Min2(p3, p4)), Max2(Max2(p1, p2), Max2(p3, p4))
}

// divHull bounds the integers q with q·y = z for z ∈ [zlo, zhi] and y in
// [ylo, yhi] of one sign (0 excluded). The real quotient z/y is monotone
// in z (increasing for y > 0, decreasing for y < 0), and for a fixed z its
// extreme is at the y of smallest or largest magnitude depending on signs:
// two divisions per bound instead of the eight corners.
func divHull(zlo, zhi, ylo, yhi Int) (Int, Int) {
	if ylo.Sign() > 0 {
		dl, dh := ylo, yhi
		if zlo.Sign() >= 0 {
			dl = yhi
		}
		if zhi.Sign() >= 0 {
			dh = ylo
		} else {
			dh = yhi
		}
		return CeilDiv(zlo, dl), FloorDiv(zhi, dh)
	}
	// y < 0: the minimum is at zhi, the maximum at zlo.
	dl, dh := ylo, yhi
	if zhi.Sign() >= 0 {
		dl = yhi
	}
	if zlo.Sign() >= 0 {
		dh = ylo
	}
	return CeilDiv(zhi, dl), FloorDiv(zlo, dh)
}

func (mulOp) backward(z, x, y *Var) bool {
	if !z.dom.contains(zero) {
		if !x.Remove(zero) || !y.Remove(zero) {
			return false
		}
	}
	return mulBack(z, x, y) && mulBack(z, y, x)
}

// mulBack narrows x from z = x·y.
func mulBack(z, x, y *Var) bool {
	zlo, zhi := z.dom.min, z.dom.max
	ylo, yhi := y.dom.min, y.dom.max
	if ylo.Sign() > 0 || yhi.Sign() < 0 { // the common case: y has a sign
		lo, hi := divHull(zlo, zhi, ylo, yhi)
		return x.SetBounds(lo, hi)
	}
	if z.dom.contains(zero) && y.dom.contains(zero) {
		return true // y = 0 supports every x
	}
	var h hull
	if ylo.Sign() < 0 {
		h.add(divHull(zlo, zhi, ylo, I64(-1)))
	}
	if yhi.Sign() > 0 {
		h.add(divHull(zlo, zhi, one, yhi))
	}
	if !h.ok {
		return x.s.Fail()
	}
	return x.SetBounds(h.lo, h.hi)
}

// ---- C division and remainder ----

// Div is z = x / y truncated toward zero, as C's /; it implies y ≠ 0.
func Div(z, x, y *Var) Constraint { return &fun2{op: divOp{}, z: z, x: x, y: y} }

// Rem is z = x % y with the sign of x, as C's %; it implies y ≠ 0.
func Rem(z, x, y *Var) Constraint { return &fun2{op: remOp{}, z: z, x: x, y: y} }

type divOp struct{}

func (divOp) name() string { return "div" }
func (divOp) eval(a, b Int) (Int, bool) {
	if b.IsZero() {
		return Int{}, false
	}
	return a.Quo(b), true
}
func (divOp) pre(x, y *Var) bool { return y.Remove(zero) }

func (divOp) bounds(x, y *Domain) (Int, Int) {
	// Truncated division is monotone in each argument on each sign part
	// of y, so the corners give the extremes.
	var h hull
	for _, part := range nonzeroParts(y) {
		if part[1].Less(part[0]) {
			continue
		}
		for _, a := range [2]Int{x.min, x.max} {
			for _, b := range part {
				q := a.Quo(b)
				h.add(q, q)
			}
		}
	}
	if !h.ok {
		return one, zero // y has no nonzero value: empty
	}
	return h.lo, h.hi
}

func (divOp) backward(z, x, y *Var) bool {
	// x = z·y + r with |r| < |y|: x lies within max|y|-1 of some z·y.
	m := Max2(y.dom.min.Abs(), y.dom.max.Abs()).Dec()
	lo, hi := mulHull(z.dom.min, z.dom.max, y.dom.min, y.dom.max)
	return x.SetBounds(lo.SubSat(m), hi.AddSat(m))
}

type remOp struct{}

func (remOp) name() string { return "rem" }
func (remOp) eval(a, b Int) (Int, bool) {
	if b.IsZero() {
		return Int{}, false
	}
	return a.Rem(b), true
}
func (remOp) pre(x, y *Var) bool { return y.Remove(zero) }

func (remOp) bounds(x, y *Domain) (Int, Int) {
	m := Max2(y.min.Abs(), y.max.Abs()).Dec() // |z| ≤ max|y| - 1
	var h hull
	nlo, nhi, plo, phi := signParts(x)
	if plo.Leq(phi) { // x ≥ 0 gives 0 ≤ z ≤ min(x, m)
		h.add(zero, Min2(phi, m))
	}
	if nlo.Leq(nhi) { // x < 0 gives max(x, -m) ≤ z ≤ 0
		h.add(Max2(nlo, m.Neg()), zero)
	}
	return h.lo, h.hi
}

// remConst propagates z = x % c for a constant c ≠ 0: z keeps the
// remainders x's range attains (exact: the remainder runs through
// consecutive values as x does), and x's bounds move to the nearest values
// whose remainder z allows (bounds consistent).
func remConst(z, x *Var, c Int) bool {
	if c.IsZero() {
		return x.s.Fail()
	}
	m := c.Abs()
	nlo, nhi, plo, phi := signParts(&x.dom)
	sup := EmptyDomain
	if plo.Leq(phi) {
		sup = sup.Union(residues(plo, phi, m))
	}
	if nlo.Leq(nhi) {
		// x % m for x < 0 is -((-x) % m).
		sup = sup.Union(residues(nhi.Neg(), nlo.Neg(), m).negate())
	}
	if !z.Intersect(sup) {
		return false
	}
	lo, ok := remBound(x.dom.min, x.dom.max, m, z.dom, 1)
	if !ok {
		return x.s.Fail()
	}
	hi, ok := remBound(x.dom.max, lo, m, z.dom, -1)
	if !ok {
		return x.s.Fail()
	}
	return x.SetBounds(lo, hi)
}

// residues returns {v % m | lo ≤ v ≤ hi} for 0 ≤ lo ≤ hi.
func residues(lo, hi, m Int) Domain {
	if !hi.Sub(lo).Less(m.Dec()) {
		return Range(zero, m.Dec())
	}
	r1, r2 := lo.Rem(m), hi.Rem(m)
	if r1.Leq(r2) {
		return Range(r1, r2)
	}
	return Range(zero, r2).Union(Range(r1, m.Dec()))
}

// negate returns {-v | v ∈ d}.
func (d Domain) negate() Domain {
	var ivs []Interval
	for i := d.NumIntervals() - 1; i >= 0; i-- {
		lo, hi := d.Interval(i)
		ivs = append(ivs, Interval{hi.Neg(), lo.Neg()})
	}
	return FromIntervals(ivs)
}

// remBound returns the first v from start towards end (dir 1: upwards,
// -1: downwards) with v % m in zd, jumping over runs of remainders zd
// excludes; ok is false when there is none up to end. After a few jumps
// it gives up and returns the value reached, a sound bound.
func remBound(start, end, m Int, zd Domain, dir int) (Int, bool) {
	v := start
	for jump := 0; jump < 8; jump++ {
		if (dir > 0 && end.Less(v)) || (dir < 0 && v.Less(end)) {
			return v, false
		}
		r := v.Rem(m)
		if zd.Contains(r) {
			return v, true
		}
		// Moving v by one moves r by one in the same direction, until r
		// wraps (at a multiple of m, or when v crosses 0). Jump to the
		// next allowed remainder of this run, or past the run's end.
		var next Int
		if dir > 0 {
			runEnd := m.Dec() // r increases up to m-1 (v ≥ 0) or 0 (v < 0)
			if v.Sign() < 0 {
				runEnd = zero
			}
			if n, ok := zd.Next(r.Inc()); ok && n.Leq(runEnd) {
				next = v.Add(n.Sub(r))
			} else {
				next = v.Add(runEnd.Sub(r)).Inc()
			}
		} else {
			runEnd := m.Dec().Neg() // r decreases down to -(m-1) (v ≤ 0) or 0 (v > 0)
			if v.Sign() > 0 {
				runEnd = zero
			}
			if n, ok := zd.Prev(r.Dec()); ok && runEnd.Leq(n) {
				next = v.Sub(r.Sub(n))
			} else {
				next = v.Sub(r.Sub(runEnd)).Dec()
			}
		}
		v = next
	}
	if (dir > 0 && end.Less(v)) || (dir < 0 && v.Less(end)) {
		return v, false
	}
	return v, true
}

func (remOp) backward(z, x, y *Var) bool {
	// z has the sign of x and |x| ≥ |z|; |y| > |z|.
	if z.dom.min.Sign() > 0 {
		if !x.SetMin(z.dom.min) {
			return false
		}
	} else if z.dom.max.Sign() < 0 {
		if !x.SetMax(z.dom.max) {
			return false
		}
	}
	var m Int // min |z|
	switch {
	case z.dom.min.Sign() > 0:
		m = z.dom.min
	case z.dom.max.Sign() < 0:
		m = z.dom.max.Neg()
	default:
		return true
	}
	return y.RemoveRange(m.Neg(), m)
}

// ---- min, max ----

// MinOf is z = min(x, y); MaxOf is z = max(x, y).
func MinOf(z, x, y *Var) Constraint { return &fun2{op: minOp{}, z: z, x: x, y: y} }
func MaxOf(z, x, y *Var) Constraint { return &fun2{op: maxOp{}, z: z, x: x, y: y} }

type minOp struct{}

func (minOp) name() string                   { return "min" }
func (minOp) eval(a, b Int) (Int, bool)      { return Min2(a, b), true }
func (minOp) bounds(x, y *Domain) (Int, Int) { return Min2(x.min, y.min), Min2(x.max, y.max) }
func (minOp) backward(z, x, y *Var) bool {
	if !x.SetMin(z.dom.min) || !y.SetMin(z.dom.min) {
		return false
	}
	// If one operand is surely above z, the other one is z.
	if z.dom.max.Less(x.dom.min) {
		return y.SetBounds(z.dom.min, z.dom.max)
	}
	if z.dom.max.Less(y.dom.min) {
		return x.SetBounds(z.dom.min, z.dom.max)
	}
	return true
}

type maxOp struct{}

func (maxOp) name() string                   { return "max" }
func (maxOp) eval(a, b Int) (Int, bool)      { return Max2(a, b), true }
func (maxOp) bounds(x, y *Domain) (Int, Int) { return Max2(x.min, y.min), Max2(x.max, y.max) }
func (maxOp) backward(z, x, y *Var) bool {
	if !x.SetMax(z.dom.max) || !y.SetMax(z.dom.max) {
		return false
	}
	if x.dom.max.Less(z.dom.min) {
		return y.SetBounds(z.dom.min, z.dom.max)
	}
	if y.dom.max.Less(z.dom.min) {
		return x.SetBounds(z.dom.min, z.dom.max)
	}
	return true
}

// ---- absolute value ----

// Abs is z = |x|, domain consistent.
func Abs(z, x *Var) Constraint { return &absC{z: z, x: x} }

type absC struct{ z, x *Var }

func (c *absC) Vars() []*Var             { return uniqueVars([]*Var{c.z, c.x}) }
func (c *absC) String() string           { return c.z.Name() + " = |" + c.x.Name() + "|" }
func (c *absC) Check(val Valuation) bool { return val(c.x).Abs() == val(c.z) }
func (c *absC) Entailed(s *Store) Truth {
	if t := enumEntailed(s, c); t != Unknown {
		return t
	}
	if c.z.dom.Disjoint(absImage(c.x.dom)) {
		return Disentailed
	}
	return Unknown
}
func (c *absC) Post(s *Store) bool {
	pr := s.AddPropagator(c, CostBinary)
	s.Watch(pr, c.z, EvDom)
	s.Watch(pr, c.x, EvDom)
	return true
}

func absImage(d Domain) Domain {
	neg := d.Bound(MinValue, I64(-1))
	return d.Bound(zero, MaxValue).Union(neg.Negate())
}

func (c *absC) Propagate(s *Store) Status {
	if !c.z.Intersect(absImage(c.x.dom)) {
		return Failed
	}
	if !c.x.Intersect(c.z.dom.Union(c.z.dom.Negate())) {
		return Failed
	}
	if c.x.IsFixed() {
		return Subsumed
	}
	return AtFixpoint
}

// ---- bitwise operations ----

// BitAnd, BitOr and BitXor are z = x & y, x | y, x ^ y on two's
// complement values (the C result when x and y have the same type).
func BitAnd(z, x, y *Var) Constraint { return &fun2{op: bitOp{'&'}, z: z, x: x, y: y} }
func BitOr(z, x, y *Var) Constraint  { return &fun2{op: bitOp{'|'}, z: z, x: x, y: y} }
func BitXor(z, x, y *Var) Constraint { return &fun2{op: bitOp{'^'}, z: z, x: x, y: y} }

// BitNot is z = ^x = -x - 1.
func BitNot(z, x *Var) Constraint {
	return Linear([]Int{one, one}, []*Var{z, x}, Eq, I64(-1))
}

type bitOp struct{ op byte }

func (o bitOp) name() string { return map[byte]string{'&': "and", '|': "or", '^': "xor"}[o.op] }
func (o bitOp) eval(a, b Int) (Int, bool) {
	switch o.op {
	case '&':
		return a.And(b), true
	case '|':
		return a.Or(b), true
	}
	return a.Xor(b), true
}

// ones returns 2^BitLen(v) - 1 for v ≥ 0: the largest value with no more
// bits than v.
func ones(v Int) Int { return Pow2(uint(v.BitLen())).Dec() }

// bounds works on the sign parts: for a negative part, ~x = -x-1 is
// non-negative, and De Morgan turns every case into one on non-negative
// operands, where x&y ≤ min(x, y), x|y ≥ max(x, y), and neither | nor ^
// has more bits than the wider operand.
func (o bitOp) bounds(x, y *Domain) (Int, Int) {
	xnlo, xnhi, xplo, xphi := signParts(x)
	ynlo, ynhi, yplo, yphi := signParts(y)
	type part struct {
		lo, hi Int
		neg    bool
	}
	var xs, ys []part
	if xplo.Leq(xphi) {
		xs = append(xs, part{xplo, xphi, false})
	}
	if xnlo.Leq(xnhi) {
		xs = append(xs, part{xnhi.Not(), xnlo.Not(), true}) // ~x range
	}
	if yplo.Leq(yphi) {
		ys = append(ys, part{yplo, yphi, false})
	}
	if ynlo.Leq(ynhi) {
		ys = append(ys, part{ynhi.Not(), ynlo.Not(), true})
	}
	var h hull
	for _, a := range xs {
		for _, b := range ys {
			m := ones(Max2(a.hi, b.hi))
			switch {
			case !a.neg && !b.neg:
				switch o.op {
				case '&':
					h.add(zero, Min2(a.hi, b.hi))
				case '|':
					h.add(Max2(a.lo, b.lo), m)
				default:
					h.add(zero, m)
				}
			case a.neg && b.neg: // x = ~a, y = ~b
				switch o.op {
				case '&': // ~(a|b)
					h.add(m.Not(), Max2(a.lo, b.lo).Not())
				case '|': // ~(a&b)
					h.add(Min2(a.hi, b.hi).Not(), I64(-1))
				default: // a^b
					h.add(zero, m)
				}
			default: // one negative (n = ~x ≥ 0) and one non-negative p
				n, p := a, b
				if b.neg {
					n, p = b, a
				}
				switch o.op {
				case '&': // p &^ n
					h.add(zero, p.hi)
				case '|': // ~(n &^ p)
					h.add(n.hi.Not(), I64(-1))
				default: // ~(n ^ p)
					h.add(m.Not(), I64(-1))
				}
			}
		}
	}
	return h.lo, h.hi
}

// ---- shifts ----

// Shl is z = x << y = x·2^y (exact; y ∈ [0, 127] is implied).
// Shr is z = x >> y = ⌊x / 2^y⌋ (arithmetic; y ∈ [0, 127] is implied).
// For C's wrapping shift of an unsigned value use WrapOp(OpShl, ...).
func Shl(z, x, y *Var) Constraint { return &fun2{op: shiftOp{left: true}, z: z, x: x, y: y} }
func Shr(z, x, y *Var) Constraint { return &fun2{op: shiftOp{}, z: z, x: x, y: y} }

type shiftOp struct{ left bool }

func (o shiftOp) name() string {
	if o.left {
		return "shl"
	}
	return "shr"
}

func (o shiftOp) pre(x, y *Var) bool { return y.SetBounds(zero, I64(127)) }

func (o shiftOp) eval(a, b Int) (Int, bool) {
	if b.Sign() < 0 || I64(127).Less(b) {
		return Int{}, false
	}
	n := uint(b.Int64())
	if o.left {
		r, ov := a.LshOv(n)
		return r, !ov
	}
	return a.Rsh(n), true
}

func (o shiftOp) bounds(x, y *Domain) (Int, Int) {
	ylo, yhi := Max2(y.min, zero), Min2(y.max, I64(127))
	if yhi.Less(ylo) {
		return one, zero
	}
	a, b := uint(ylo.Int64()), uint(yhi.Int64())
	var h hull
	nlo, nhi, plo, phi := signParts(x)
	if o.left {
		sh := func(v Int, n uint) Int { r, _ := v.LshOv(n); return r }
		if plo.Leq(phi) {
			h.add(sh(plo, a), sh(phi, b))
		}
		if nlo.Leq(nhi) {
			h.add(sh(nlo, b), sh(nhi, a))
		}
	} else {
		if plo.Leq(phi) {
			h.add(plo.Rsh(b), phi.Rsh(a))
		}
		if nlo.Leq(nhi) {
			h.add(nlo.Rsh(a), nhi.Rsh(b))
		}
	}
	return h.lo, h.hi
}
