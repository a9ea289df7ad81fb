package fp

import (
	"github.com/inka-tool/inka/fd"
)

// Branches returns the decisions of labeling a float variable of format
// f with domain d: alternatives that partition d, in the order to try
// them. First the values a person reads best and that sit on the edges
// of floating-point behaviour: +0, 1 and -1, then the bounds of d (the
// extreme values are where rounding and overflow happen), then the rest
// of d bisected at its middle ordinal — bisection over the floats, not
// over the reals, so each half holds half of the floats and a domain of
// 2^64 doubles is labeled in 64 levels — the half nearer to zero first;
// NaN comes before the halves. A singleton domain has no branches.
func Branches(f *Format, d fd.Domain) []fd.Domain {
	if d.Size().Leq(fd.I64(1)) {
		return nil
	}
	var out []fd.Domain
	rest := d
	take := func(o fd.Int) {
		if rest.Contains(o) {
			out = append(out, fd.Singleton(o))
			rest = rest.Remove(o)
		}
	}
	nan := fd.I64(f.NaN())
	hasNaN := rest.Contains(nan)
	rest = rest.Remove(nan)
	take(fd.I64(0))
	take(fd.I64(f.Ord(1)))
	take(fd.I64(f.Ord(-1)))
	if !rest.IsEmpty() {
		lo, hi := rest.Min(), rest.Max()
		take(lo)
		take(hi)
	}
	if hasNaN && !rest.IsEmpty() {
		// NaN before the halves: bisection may take long to refute a
		// half that only NaN escapes (g != f with g = (float)(double)f).
		out = append(out, fd.Singleton(nan))
		hasNaN = false
	}
	if !rest.IsEmpty() {
		lo, hi := rest.Min(), rest.Max()
		mid := lo.Add(hi.Sub(lo).Rsh(1))
		a, b := rest.Bound(lo, mid), rest.Bound(mid.Inc(), hi)
		if hi.Sign() <= 0 { // all negative: the half nearer to zero is b
			a, b = b, a
		}
		for _, h := range []fd.Domain{a, b} {
			if !h.IsEmpty() {
				out = append(out, h)
			}
		}
	}
	if hasNaN {
		out = append(out, fd.Singleton(nan))
	}
	return out
}
