package fp

import (
	"fmt"
	"math"

	"github.com/inka-tool/inka/fd"
)

// NewVar returns a variable of format f over every value, NaN included.
func NewVar(s *fd.Store, f *Format) *fd.Var { return s.NewVarDom(f.Full()) }

// Const returns a variable fixed to v (a value of f).
func Const(s *fd.Store, f *Format, v float64) *fd.Var { return s.ConstInt64(f.Ord(v)) }

// Value returns the float a fixed variable of format f holds.
func Value(f *Format, x *fd.Var) float64 { return f.Val(x.Val().Int64()) }

// Domain returns the floats [lo, hi] (ordinal order: -0 before +0) as a
// domain of format f.
func Domain(f *Format, lo, hi float64) fd.Domain { return fd.RangeInt64(f.Ord(lo), f.Ord(hi)) }

// projector is a relation given by its projection: the supports of its
// variables in a box (each a subset of the box; an empty one when the box
// has no solution), and its check on values. A projection may remove no
// solution of the box.
type projector interface {
	vars() []*fd.Var
	project(d []fd.Domain) []fd.Domain
	check(v []fd.Int) bool
	String() string
}

// projC is the constraint of a projector: it propagates by projecting
// until nothing changes, and is entailed once its variables are fixed.
type projC struct{ p projector }

func (c *projC) Post(s *fd.Store) bool {
	pr := s.AddPropagator(&projProp{c.p}, fd.CostQuadratic)
	s.WatchAll(pr, fd.EvDom, c.p.vars()...)
	return true
}

func doms(xs []*fd.Var) []fd.Domain {
	ds := make([]fd.Domain, len(xs))
	for i, x := range xs {
		ds[i] = x.Dom()
	}
	return ds
}

func (c *projC) Entailed(*fd.Store) fd.Truth {
	xs := c.p.vars()
	for _, d := range c.p.project(doms(xs)) {
		if d.IsEmpty() {
			return fd.Disentailed
		}
	}
	vs := make([]fd.Int, len(xs))
	for i, x := range xs {
		if !x.IsFixed() {
			return fd.Unknown
		}
		vs[i] = x.Val()
	}
	if c.p.check(vs) {
		return fd.Entailed
	}
	return fd.Disentailed
}

func (c *projC) Check(val fd.Valuation) bool {
	xs := c.p.vars()
	vs := make([]fd.Int, len(xs))
	for i, x := range xs {
		vs[i] = val(x)
	}
	return c.p.check(vs)
}

func (c *projC) Vars() []*fd.Var { return c.p.vars() }
func (c *projC) String() string  { return c.p.String() }

type projProp struct{ p projector }

func (pp *projProp) Propagate(*fd.Store) fd.Status {
	xs := pp.p.vars()
	ds := doms(xs)
	nd := pp.p.project(ds)
	for _, d := range nd {
		if d.IsEmpty() {
			return fd.Failed
		}
	}
	changed, fixed := false, true
	for i, x := range xs {
		if significant(ds[i], nd[i]) {
			if !x.Intersect(nd[i]) {
				return fd.Failed
			}
			changed = changed || x.Dom().Size() != ds[i].Size()
		}
		fixed = fixed && x.IsFixed()
	}
	switch {
	case fixed:
		// Fixed operands with a result in its support: the projection
		// of a single point is exact (it is the operation evaluated).
		return fd.Subsumed
	case changed:
		return fd.NotFixpoint
	}
	return fd.AtFixpoint
}

// significant reports whether narrowing d to nd is worth it. Projections
// over floats converge slowly on cycles: x + 1 = z ∧ z = x moves x's lower
// bound by one unit at a time, 2^53 rounds for a double. A narrowing is
// applied when it removes at least a sixteenth of the values, fixes the
// variable, or removes a special value (NaN, an infinity, a zero);
// otherwise it is left out, which only weakens propagation (labeling goes
// on from there). Failure is always detected, and on fixed operands the
// projection fixes the result, so fixed assignments are decided exactly.
func significant(d, nd fd.Domain) bool {
	if nd.Size() == d.Size() {
		return false
	}
	if nd.IsSingleton() || nd.Size().Add(nd.Size().Rsh(4)).Leq(d.Size()) {
		return true
	}
	// The specials of both formats and of Mini8 sit at the ends and in the
	// middle of the ordinals: a change of the bounds across 0 or of the
	// extreme values is one of them.
	return nd.Min().Sign() != d.Min().Sign() || nd.Max().Sign() != d.Max().Sign() ||
		d.Contains(fd.I64(0)) != nd.Contains(fd.I64(0)) || d.Contains(fd.I64(-1)) != nd.Contains(fd.I64(-1)) ||
		(d.Max() != nd.Max() && d.Max().Sub(nd.Max()).Leq(fd.I64(2))) ||
		(d.Min() != nd.Min() && nd.Min().Sub(d.Min()).Leq(fd.I64(2)))
}

// bin is z = x op y in format f.
type bin struct {
	op      Op2
	f       *Format
	sh      *binShape
	z, x, y *fd.Var
}

// Binary returns the constraint z = x op y, the three in format f.
func Binary(op Op2, f *Format, z, x, y *fd.Var) fd.Constraint {
	return &projC{&bin{op: op, f: f, sh: shape2(op, f), z: z, x: x, y: y}}
}

func (b *bin) vars() []*fd.Var { return []*fd.Var{b.x, b.y, b.z} }
func (b *bin) project(d []fd.Domain) []fd.Domain {
	nx, ny, nz := b.sh.project(d[0], d[1], d[2])
	return []fd.Domain{nx, ny, nz}
}
func (b *bin) check(v []fd.Int) bool { return b.sh.eval(v[0], v[1]) == v[2] }
func (b *bin) String() string {
	return fmt.Sprintf("%s = %s %s %s (%s)", b.z, b.x, b.op, b.y, b.f)
}

// un is z = op(x), for the unary operations and the conversions.
type un struct {
	name string
	sh   *unShape
	z, x *fd.Var
}

// Unary returns the constraint z = op(x), both in format f.
func Unary(op Op1, f *Format, z, x *fd.Var) fd.Constraint {
	return &projC{&un{name: fmt.Sprintf("%s(%s)", op, f), sh: shape1(op, f), z: z, x: x}}
}

// Convert returns z = (dst) x for x of format src: C's conversion between
// float and double.
func Convert(dst, src *Format, z, x *fd.Var) fd.Constraint {
	return &projC{&un{name: fmt.Sprintf("(%s)%s", dst, src), sh: shapeConv(dst, src), z: z, x: x}}
}

// FromInt returns z = (dst) x for an integer variable x: C's conversion
// of an integer to floating point, rounded to nearest even.
func FromInt(dst *Format, z, x *fd.Var) fd.Constraint {
	return &projC{&un{name: fmt.Sprintf("(%s)int", dst), sh: shapeFromInt(dst), z: z, x: x}}
}

// ToInt returns z = (integer) x for x of format src and an integer z of
// a C type with values [lo, hi]: truncation toward zero, with the
// undefined conversions (NaN, infinities, a truncated value outside [lo,
// hi]) excluded.
func ToInt(src *Format, z, x *fd.Var, lo, hi fd.Int) fd.Constraint {
	return fd.And(fd.CmpC(z, fd.Ge, lo), fd.CmpC(z, fd.Le, hi),
		&projC{&un{name: fmt.Sprintf("(int)%s", src), sh: shapeToInt(src), z: z, x: x}})
}

func (u *un) vars() []*fd.Var { return []*fd.Var{u.x, u.z} }
func (u *un) project(d []fd.Domain) []fd.Domain {
	nx, nz := u.sh.project(d[0], d[1])
	return []fd.Domain{nx, nz}
}
func (u *un) check(v []fd.Int) bool { return u.sh.eval(v[0]) == v[1] }
func (u *un) String() string        { return fmt.Sprintf("%s = %s %s", u.z, u.name, u.x) }

// mag is the magnitude of an ordinal (the ordinal of |v|).
func mag(o int64) int64 {
	if o < 0 {
		return -1 - o
	}
	return o
}

// EvalFmod is C's fmod: exact, with the sign of x; NaN when x is NaN or
// infinite or y is NaN or zero; x when y is infinite.
func EvalFmod(x, y float64) float64 { return math.Mod(x, y) }

// fmodC is z = fmod(x, y). Its projection is weaker than the others (fmod
// is not monotone) but sound: the sign of z is the sign of x, |z| ≤ |x|,
// |z| ≤ |y|, and the NaN cases are those of EvalFmod.
type fmodC struct {
	f       *Format
	z, x, y *fd.Var
}

// Fmod returns the constraint z = fmod(x, y) in format f.
func Fmod(f *Format, z, x, y *fd.Var) fd.Constraint { return &projC{&fmodC{f, z, x, y}} }

func (c *fmodC) vars() []*fd.Var { return []*fd.Var{c.x, c.y, c.z} }
func (c *fmodC) String() string  { return fmt.Sprintf("%s = fmod(%s, %s) (%s)", c.z, c.x, c.y, c.f) }
func (c *fmodC) check(v []fd.Int) bool {
	f := c.f
	return f.Ord(EvalFmod(f.Val(v[0].Int64()), f.Val(v[1].Int64()))) == v[2].Int64()
}

func (c *fmodC) project(d []fd.Domain) []fd.Domain {
	f := c.f
	X, Y, Z := d[0], d[1], d[2]
	if X.IsSingleton() && Y.IsSingleton() { // exact on points
		z := fd.I64(f.Ord(EvalFmod(f.Val(X.Min().Int64()), f.Val(Y.Min().Int64()))))
		if !Z.Contains(z) {
			return []fd.Domain{fd.EmptyDomain, fd.EmptyDomain, fd.EmptyDomain}
		}
		return []fd.Domain{X, Y, fd.Singleton(z)}
	}
	nan := fd.I64(f.NaN())
	inf := fd.ValuesInt64(f.MinOrd(), f.MaxOrd())
	zeros := fd.RangeInt64(-1, 0)
	nx, ny, nz := fd.EmptyDomain, fd.EmptyDomain, fd.EmptyDomain
	if Z.Contains(nan) {
		// The NaN results: x NaN or infinite (any y), y NaN or zero (any x).
		if xs := X.Intersect(inf.Union(fd.Singleton(nan))); !xs.IsEmpty() {
			nx, ny, nz = nx.Union(xs), Y, fd.Singleton(nan)
		}
		if ys := Y.Intersect(zeros.Union(fd.Singleton(nan))); !ys.IsEmpty() {
			nx, ny, nz = X, ny.Union(ys), fd.Singleton(nan)
		}
	}
	xf := X.Bound(fd.I64(f.MinOrd()+1), fd.I64(f.MaxOrd()-1))
	yn := Y.Bound(fd.I64(f.MinOrd()), fd.I64(f.MaxOrd())).Minus(zeros)
	if xf.IsEmpty() || yn.IsEmpty() {
		return []fd.Domain{nx, ny, nz}
	}
	m := min(max(mag(xf.Min().Int64()), mag(xf.Max().Int64())),
		max(mag(yn.Min().Int64()), mag(yn.Max().Int64())))
	zs := fd.EmptyDomain
	if xf.Min().Int64() < 0 {
		zs = zs.Union(Z.Bound(fd.I64(-1-m), fd.I64(-1)))
	}
	if xf.Max().Int64() >= 0 {
		zs = zs.Union(Z.Bound(fd.I64(0), fd.I64(m)))
	}
	if zs.IsEmpty() {
		return []fd.Domain{nx, ny, nz}
	}
	// x has the sign of z and at least its magnitude; so has y's magnitude.
	lo, hi := zs.Min().Int64(), zs.Max().Int64()
	least := min(mag(lo), mag(hi))
	if lo < 0 && hi >= 0 {
		least = 0
	}
	big := fd.RangeInt64(f.MinOrd(), -1-least).Union(fd.RangeInt64(least, f.MaxOrd()))
	xs := xf.Intersect(big)
	if hi < 0 {
		xs = xs.Bound(fd.I64(f.MinOrd()), fd.I64(-1))
	} else if lo >= 0 {
		xs = xs.Bound(fd.I64(0), fd.I64(f.MaxOrd()))
	}
	ys := yn.Intersect(big)
	if xs.IsEmpty() || ys.IsEmpty() {
		return []fd.Domain{nx, ny, nz}
	}
	return []fd.Domain{nx.Union(xs), ny.Union(ys), nz.Union(zs)}
}
