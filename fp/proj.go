package fp

import (
	"github.com/inka-tool/inka/fd"
)

// The projections. An operation is cut into pieces by the classes of its
// operands (below): on each pair of classes it is either NaN (or, for a
// conversion to an integer, undefined) at every point, or never, and it is
// monotone in each operand in ordinal order with a direction fixed by the
// class of the other operand (x·y grows with x when y ≥ +0, falls when
// y ≤ -0). Then on a box px × py of one pair of classes:
//
//   - direct projection: z lies between the least and the greatest of the
//     four corners' results;
//   - inverse projection: if some y of py gives z = x ⊕ y in [zlo, zhi],
//     then x ⊕ yhigh ≥ zlo and x ⊕ ylow ≤ zhi, where yhigh (ylow) is the
//     corner of py that maximizes (minimizes) x ⊕ y. Each of these is a
//     monotone predicate of x, so the x that satisfy both form an interval
//     of ordinals, found by binary search over the ordinals (at most 64
//     evaluations of the rounded operation per bound).
//
// Nothing here reasons over the reals: every bound is an evaluation of
// the very operation (rounded in the format) at floats, so the projections
// are correct under rounding by construction, and they are as tight as
// bounds over the class pieces can be (the inverse is the exact preimage
// when the other operand is fixed). The result is the union over the
// pairs of classes, so signs and special values are kept apart: x·x = 4
// gives x ∈ {-2, 2}, not [-2, 2].

// class is a range of ordinals on which the operations keep one sign
// (sign -1 for -inf, the negative finite values and -0; +1 for +0, the
// positive finite values and +inf; 0 for NaN).
type class struct {
	lo, hi fd.Int
	sign   int
}

// classes cuts a format's ordinals into -inf, negative finite nonzero,
// -0, +0, positive finite nonzero, +inf, NaN.
func (f *Format) classes() []class { return f.cls }

func makeClasses(m int64) []class {
	r := func(lo, hi int64, s int) class { return class{fd.I64(lo), fd.I64(hi), s} }
	return []class{r(-1-m, -1-m, -1), r(-m, -2, -1), r(-1, -1, -1), r(0, 0, 1),
		r(1, m-1, 1), r(m, m, 1), r(m+1, m+1, 0)}
}

// intClasses cuts an integer range at 0 (for conversions from integers).
func intClasses(lo, hi fd.Int) []class {
	zero := fd.I64(0)
	return []class{{lo, zero.Dec(), -1}, {zero, zero, 1}, {zero.Inc(), hi, 1}}
}

// piece is the hull of the part of a domain in one class.
type piece struct {
	lo, hi fd.Int
	sign   int
}

func pieces(cls []class, d fd.Domain) []piece {
	ps := make([]piece, 0, len(cls))
	for _, c := range cls {
		if sub := d.Bound(c.lo, c.hi); !sub.IsEmpty() {
			ps = append(ps, piece{sub.Min(), sub.Max(), c.sign})
		}
	}
	return ps
}

// firstTrue returns the least o in [lo, hi] for which p holds, p being
// false then true along the range (up-closed).
func firstTrue(lo, hi fd.Int, p func(fd.Int) bool) (fd.Int, bool) {
	if !p(hi) {
		return hi, false
	}
	for lo.Less(hi) {
		mid := lo.Add(hi.Sub(lo).Rsh(1))
		if p(mid) {
			hi = mid
		} else {
			lo = mid.Inc()
		}
	}
	return lo, true
}

// lastTrue returns the greatest o in [lo, hi] for which p holds, p being
// true then false along the range (down-closed).
func lastTrue(lo, hi fd.Int, p func(fd.Int) bool) (fd.Int, bool) {
	if !p(lo) {
		return lo, false
	}
	for lo.Less(hi) {
		mid := hi.Sub(hi.Sub(lo).Rsh(1))
		if p(mid) {
			lo = mid
		} else {
			hi = mid.Dec()
		}
	}
	return lo, true
}

// narrow returns the sub-range of [lo, hi] where g(o) ∈ [zlo, zhi] may
// hold, knowing gHigh(o) ≥ g(o) ≥ gLow(o) and both monotone in o with
// direction dir (≥ 0: nondecreasing).
func narrow(lo, hi fd.Int, dir int, gLow, gHigh func(fd.Int) fd.Int, zlo, zhi fd.Int) (fd.Int, fd.Int, bool) {
	reachLo := func(o fd.Int) bool { return zlo.Leq(gHigh(o)) }
	reachHi := func(o fd.Int) bool { return gLow(o).Leq(zhi) }
	var a, b fd.Int
	var ok1, ok2 bool
	if dir >= 0 {
		a, ok1 = firstTrue(lo, hi, reachLo)
		b, ok2 = lastTrue(lo, hi, reachHi)
	} else {
		a, ok1 = firstTrue(lo, hi, reachHi)
		b, ok2 = lastTrue(lo, hi, reachLo)
	}
	return a, b, ok1 && ok2 && a.Leq(b)
}

func hull(vs ...fd.Int) (fd.Int, fd.Int) {
	lo, hi := vs[0], vs[0]
	for _, v := range vs[1:] {
		lo, hi = fd.Min2(lo, v), fd.Max2(hi, v)
	}
	return lo, hi
}

// within narrows z to the hull of vs and reports whether anything is left.
func within(z fd.Domain, vs ...fd.Int) (fd.Domain, bool) {
	d := z.Bound(hull(vs...))
	return d, !d.IsEmpty()
}

// binShape is what the generic binary projection needs of an operation:
// its classes, its evaluation on ordinals, which result marks the
// NaN-everywhere pairs of classes, and its directions.
type binShape struct {
	xc, yc []class
	eval   func(a, b fd.Int) fd.Int
	nan    fd.Int
	dirX   func(signY int) int
	dirY   func(signX int) int
}

// project returns the supports of x, y and z in the box (X, Y, Z); an
// empty one means no solution.
func (sh *binShape) project(X, Y, Z fd.Domain) (nx, ny, nz fd.Domain) {
	nx, ny, nz = fd.EmptyDomain, fd.EmptyDomain, fd.EmptyDomain
	for _, px := range pieces(sh.xc, X) {
		for _, py := range pieces(sh.yc, Y) {
			if sh.eval(px.lo, py.lo) == sh.nan {
				if Z.Contains(sh.nan) {
					nx = nx.Union(X.Bound(px.lo, px.hi))
					ny = ny.Union(Y.Bound(py.lo, py.hi))
					nz = nz.Union(fd.Singleton(sh.nan))
				}
				continue
			}
			x0, x1, y0, y1, zd, ok := sh.box(px, py, Z)
			if ok {
				nx = nx.Union(X.Bound(x0, x1))
				ny = ny.Union(Y.Bound(y0, y1))
				nz = nz.Union(zd)
			}
		}
	}
	return nx, ny, nz
}

// box projects on one pair of classes.
func (sh *binShape) box(px, py piece, Z fd.Domain) (x0, x1, y0, y1 fd.Int, zd fd.Domain, ok bool) {
	f := sh.eval
	zd, ok = within(Z, f(px.lo, py.lo), f(px.lo, py.hi), f(px.hi, py.lo), f(px.hi, py.hi))
	if !ok {
		return
	}
	zlo, zhi := zd.Min(), zd.Max()
	dx, dy := sh.dirX(py.sign), sh.dirY(px.sign)
	yLow, yHigh := py.lo, py.hi
	if dy < 0 {
		yLow, yHigh = yHigh, yLow
	}
	x0, x1, ok = narrow(px.lo, px.hi, dx,
		func(x fd.Int) fd.Int { return f(x, yLow) }, func(x fd.Int) fd.Int { return f(x, yHigh) }, zlo, zhi)
	if !ok {
		return
	}
	xLow, xHigh := x0, x1
	if dx < 0 {
		xLow, xHigh = xHigh, xLow
	}
	y0, y1, ok = narrow(py.lo, py.hi, dy,
		func(y fd.Int) fd.Int { return f(xLow, y) }, func(y fd.Int) fd.Int { return f(xHigh, y) }, zlo, zhi)
	if !ok {
		return
	}
	zd, ok = within(zd, f(x0, y0), f(x0, y1), f(x1, y0), f(x1, y1))
	return
}

// unShape is the same for one operand.
type unShape struct {
	xc   []class
	eval func(a fd.Int) fd.Int
	nan  fd.Int
	dir  func(signX int) int
}

func (sh *unShape) project(X, Z fd.Domain) (nx, nz fd.Domain) {
	nx, nz = fd.EmptyDomain, fd.EmptyDomain
	for _, px := range pieces(sh.xc, X) {
		if sh.eval(px.lo) == sh.nan {
			if Z.Contains(sh.nan) {
				nx = nx.Union(X.Bound(px.lo, px.hi))
				nz = nz.Union(fd.Singleton(sh.nan))
			}
			continue
		}
		zd, ok := within(Z, sh.eval(px.lo), sh.eval(px.hi))
		if !ok {
			continue
		}
		x0, x1, ok := narrow(px.lo, px.hi, sh.dir(px.sign), sh.eval, sh.eval, zd.Min(), zd.Max())
		if !ok {
			continue
		}
		if zd, ok = within(zd, sh.eval(x0), sh.eval(x1)); ok {
			nx = nx.Union(X.Bound(x0, x1))
			nz = nz.Union(zd)
		}
	}
	return nx, nz
}
