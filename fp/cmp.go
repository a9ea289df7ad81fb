package fp

import (
	"fmt"

	"github.com/inka-tool/inka/fd"
)

// Comparisons follow C: x < y, x <= y, x > y, x >= y and x == y are false
// when x or y is NaN (unordered), x != y is true then; -0 == +0. A
// comparison is a relation on the reals (rel) or'ed with "unordered"
// (unord), which makes the set closed under negation: ¬(x < y) is
// x ≥ y ∨ unordered, the constraint the else branch of `if (x < y)` needs.
//
// On the ordered values a comparison works on ranks, the ordinals with the
// two zeros merged (rank(o) = o + 1 for o < 0), so that -0 < +0 never
// holds while -0 and +0 keep apart in the domains.

func rank(o int64) int64 {
	if o < 0 {
		return o + 1
	}
	return o
}

// lowOrd is the least ordinal of rank at least r; highOrd the greatest of
// rank at most r.
func lowOrd(r int64) fd.Int {
	if r > 0 {
		return fd.I64(r)
	}
	return fd.I64(r - 1)
}

func highOrd(r int64) fd.Int {
	if r >= 0 {
		return fd.I64(r)
	}
	return fd.I64(r - 1)
}

type cmp struct {
	f     *Format
	rel   fd.Rel
	unord bool
	x, y  *fd.Var
}

// Compare returns C's x rel y for x and y of format f (rel one of fd.Eq,
// Ne, Lt, Le, Gt, Ge): false on NaN, but for Ne.
func Compare(f *Format, rel fd.Rel, x, y *fd.Var) fd.Constraint {
	return &cmpC{projC{&cmp{f: f, rel: rel, unord: rel == fd.Ne, x: x, y: y}}}
}

// cmpC is a comparison constraint: negatable, entailed when its negation
// has no support.
type cmpC struct{ projC }

func (c *cmpC) Negate() fd.Constraint {
	p := *c.p.(*cmp)
	p.rel = negRel[p.rel]
	p.unord = !p.unord
	return &cmpC{projC{&p}}
}

var negRel = [...]fd.Rel{fd.Eq: fd.Ne, fd.Ne: fd.Eq, fd.Lt: fd.Ge, fd.Le: fd.Gt, fd.Gt: fd.Le, fd.Ge: fd.Lt}

func (c *cmpC) Entailed(s *fd.Store) fd.Truth {
	if t := c.projC.Entailed(s); t == fd.Disentailed {
		return t
	}
	n := c.Negate().(*cmpC)
	for _, d := range n.p.project(doms(n.p.vars())) {
		if d.IsEmpty() {
			return fd.Entailed
		}
	}
	return fd.Unknown
}

func (c *cmpC) Post(s *fd.Store) bool {
	pr := s.AddPropagator(&cmpProp{c}, fd.CostBinary)
	s.WatchAll(pr, fd.EvDom, c.p.vars()...)
	return true
}

type cmpProp struct{ c *cmpC }

func (cp *cmpProp) Propagate(s *fd.Store) fd.Status {
	p := cp.c.p
	nd := p.project(doms(p.vars()))
	for i, x := range p.vars() {
		if !x.Intersect(nd[i]) {
			return fd.Failed
		}
	}
	if cp.c.Entailed(s) == fd.Entailed {
		return fd.Subsumed
	}
	return fd.AtFixpoint
}

func (c *cmp) vars() []*fd.Var { return []*fd.Var{c.x, c.y} }

func (c *cmp) String() string {
	u := ""
	if c.unord {
		u = " or unordered"
	}
	return fmt.Sprintf("%s %s %s%s (%s)", c.x, c.rel, c.y, u, c.f)
}

func (c *cmp) check(v []fd.Int) bool {
	nan := c.f.NaN()
	a, b := v[0].Int64(), v[1].Int64()
	if a == nan || b == nan {
		return c.unord
	}
	ra, rb := rank(a), rank(b)
	switch c.rel {
	case fd.Eq:
		return ra == rb
	case fd.Ne:
		return ra != rb
	case fd.Lt:
		return ra < rb
	case fd.Le:
		return ra <= rb
	case fd.Gt:
		return ra > rb
	}
	return ra >= rb
}

func (c *cmp) project(d []fd.Domain) []fd.Domain {
	X, Y := d[0], d[1]
	nan := fd.I64(c.f.NaN())
	xo, yo := X.Remove(nan), Y.Remove(nan)
	nx, ny := fd.EmptyDomain, fd.EmptyDomain
	if !xo.IsEmpty() && !yo.IsEmpty() {
		nx, ny = c.ordered(xo, yo)
		if nx.IsEmpty() || ny.IsEmpty() {
			nx, ny = fd.EmptyDomain, fd.EmptyDomain
		}
	}
	if c.unord {
		if X.Contains(nan) {
			nx, ny = nx.Union(fd.Singleton(nan)), Y
		}
		if Y.Contains(nan) {
			nx, ny = X, ny.Union(fd.Singleton(nan))
		}
	}
	return []fd.Domain{nx, ny}
}

// ordered projects rel on the ordered values xo and yo.
func (c *cmp) ordered(xo, yo fd.Domain) (fd.Domain, fd.Domain) {
	lo, hi := fd.MinValue, fd.MaxValue
	rxlo, rxhi := rank(xo.Min().Int64()), rank(xo.Max().Int64())
	rylo, ryhi := rank(yo.Min().Int64()), rank(yo.Max().Int64())
	switch c.rel {
	case fd.Lt:
		return xo.Bound(lo, highOrd(ryhi-1)), yo.Bound(lowOrd(rxlo+1), hi)
	case fd.Le:
		return xo.Bound(lo, highOrd(ryhi)), yo.Bound(lowOrd(rxlo), hi)
	case fd.Gt:
		return xo.Bound(lowOrd(rylo+1), hi), yo.Bound(lo, highOrd(rxhi-1))
	case fd.Ge:
		return xo.Bound(lowOrd(rylo), hi), yo.Bound(lo, highOrd(rxhi))
	case fd.Eq:
		a, b := lowOrd(max(rxlo, rylo)), highOrd(min(rxhi, ryhi))
		return xo.Bound(a, b), yo.Bound(a, b)
	}
	// Ne: a value whose rank is the only rank of the other side goes.
	nx, ny := xo, yo
	if rylo == ryhi {
		nx = xo.RemoveRange(lowOrd(rylo), highOrd(ryhi))
	}
	if rxlo == rxhi {
		ny = yo.RemoveRange(lowOrd(rxlo), highOrd(rxhi))
	}
	return nx, ny
}
