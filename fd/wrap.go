package fd

import "fmt"

// Machine integers. C's unsigned arithmetic and its conversions between
// integer types work modulo 2^w: the value is brought back into the w-bit
// range of the (signed or unsigned) type. These constraints say exactly
// that, so a translator can model `unsigned char c = i + 200;` or
// `(unsigned)x * y` without the solver knowing C.

// TypeRange returns the range of the w-bit integer type (w ≤ 126).
func TypeRange(w uint, signed bool) (lo, hi Int) {
	if signed {
		return Pow2(w - 1).Neg(), Pow2(w - 1).Dec()
	}
	return zero, Pow2(w).Dec()
}

// WrapValue returns the value of the w-bit type congruent to v modulo 2^w.
func WrapValue(v Int, w uint, signed bool) Int {
	m := Pow2(w).Dec()
	r := v.And(m) // v mod 2^w in [0, 2^w)
	if signed && !r.And(Pow2(w-1)).IsZero() {
		r = r.Sub(Pow2(w))
	}
	return r
}

// Wrap is z = x converted to the w-bit type: z ≡ x (mod 2^w) and z in the
// type's range. It is domain consistent when x spans at most a few windows
// of 2^w values, and only fixes z's range otherwise.
func Wrap(z, x *Var, w uint, signed bool) Constraint {
	return &wrapC{z: z, x: x, w: w, signed: signed}
}

type wrapC struct {
	z, x   *Var
	w      uint
	signed bool
}

func (c *wrapC) Vars() []*Var { return uniqueVars([]*Var{c.z, c.x}) }
func (c *wrapC) String() string {
	return fmt.Sprintf("%s = wrap%d%s(%s)", c.z.Name(), c.w, signChar(c.signed), c.x.Name())
}

func signChar(signed bool) string {
	if signed {
		return "s"
	}
	return "u"
}

func (c *wrapC) Check(val Valuation) bool {
	return WrapValue(val(c.x), c.w, c.signed) == val(c.z)
}

func (c *wrapC) Entailed(s *Store) Truth {
	if t := enumEntailed(s, c); t != Unknown {
		return t
	}
	if img, ok := c.image(); ok && img.Disjoint(c.z.dom) {
		return Disentailed
	}
	return Unknown
}

func (c *wrapC) Post(s *Store) bool {
	lo, hi := TypeRange(c.w, c.signed)
	if !c.z.SetBounds(lo, hi) {
		return false
	}
	pr := s.AddPropagator(c, CostBinary)
	s.Watch(pr, c.z, EvDom)
	s.Watch(pr, c.x, EvDom)
	return true
}

const maxWrapWindows = 8

// windows returns the first window index and count of x's domain: window k
// is [base + k·2^w, base + (k+1)·2^w - 1] with base the type's minimum.
func (c *wrapC) windows() (k0 Int, n int64, ok bool) {
	base, _ := TypeRange(c.w, c.signed)
	k0 = FloorDiv(c.x.dom.min.Sub(base), Pow2(c.w))
	k1 := FloorDiv(c.x.dom.max.Sub(base), Pow2(c.w))
	d := k1.Sub(k0)
	if !d.IsInt64() || d.Int64() >= maxWrapWindows {
		return k0, 0, false
	}
	return k0, d.Int64() + 1, true
}

// image returns {wrap(v) | v ∈ dom(x)} when x spans few windows.
func (c *wrapC) image() (Domain, bool) {
	k0, n, ok := c.windows()
	if !ok {
		return Domain{}, false
	}
	base, _ := TypeRange(c.w, c.signed)
	m := Pow2(c.w)
	img := EmptyDomain
	for k := int64(0); k < n; k++ {
		off := k0.Add(I64(k)).MulSat(m)
		lo := base.Add(off)
		part := c.x.dom.Bound(lo, lo.Add(m).Dec())
		img = img.Union(part.Shift(off.Neg()))
	}
	return img, true
}

func (c *wrapC) Propagate(s *Store) Status {
	k0, n, ok := c.windows()
	if !ok {
		return AtFixpoint // x spans too many windows: z may be anything
	}
	if n == 1 && !c.x.IsFixed() {
		// x lies in one window: z = x - k0·2^w exactly, a difference
		// constraint the store's graph sees (implied.go).
		if !s.Post(CmpOff(c.z, Eq, c.x, k0.MulSat(Pow2(c.w)).Neg())) {
			return Failed
		}
		return Subsumed
	}
	img, _ := c.image()
	if !c.z.Intersect(img) {
		return Failed
	}
	// x keeps the values whose image is still in z.
	m := Pow2(c.w)
	pre := EmptyDomain
	for k := int64(0); k < n; k++ {
		off := k0.Add(I64(k)).MulSat(m)
		pre = pre.Union(c.z.dom.Shift(off))
	}
	if !c.x.Intersect(pre) {
		return Failed
	}
	if c.x.IsFixed() {
		return Subsumed
	}
	return AtFixpoint
}

// Op names an operation for WrapOp.
type Op uint8

const (
	OpAdd Op = iota
	OpSub
	OpMul
	OpDiv
	OpRem
	OpAnd
	OpOr
	OpXor
	OpShl
	OpShr
)

var opNames = [...]string{"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>"}

func (o Op) String() string { return opNames[o] }

// exactOp returns the exact (unwrapped) operation.
func (o Op) exactOp() funOp {
	switch o {
	case OpAdd:
		return addOp{}
	case OpSub:
		return subOp{}
	case OpMul:
		return mulOp{}
	case OpDiv:
		return divOp{}
	case OpRem:
		return remOp{}
	case OpAnd:
		return bitOp{'&'}
	case OpOr:
		return bitOp{'|'}
	case OpXor:
		return bitOp{'^'}
	case OpShl:
		return shiftOp{left: true}
	}
	return shiftOp{}
}

// WrapOp is z = (x op y) mod 2^w, brought into the w-bit type's range
// (w ≤ 64): C arithmetic on unsigned operands, or any operation followed
// by a conversion. The exact result is never materialized, so even the
// product of two 64-bit unsigned values (up to 2^128) is handled exactly.
// Ring operations (+, -, *, &, |, ^, <<) give the same result whether or
// not x and y are first converted to the type; division, remainder and
// right shift act, as in C, on x (and y, but not a shift count) converted
// to the type. Division and remainder imply y ≠ 0 (MinInt / -1 wraps, as
// in Go), shifts 0 ≤ y ≤ 127 (a left shift by w or more gives 0, a right
// shift the sign).
func WrapOp(z, x *Var, op Op, y *Var, w uint, signed bool) Constraint {
	if w == 0 || w > 64 {
		panic("fd.WrapOp: width must be in 1..64")
	}
	return &fun2{op: wrapOp{op: op, inner: op.exactOp(), w: w, signed: signed}, z: z, x: x, y: y}
}

type wrapOp struct {
	op     Op
	inner  funOp
	w      uint
	signed bool
}

func (o wrapOp) name() string {
	return fmt.Sprintf("wrap%d%s(%s)", o.w, signChar(o.signed), o.op)
}

func (o wrapOp) pre(x, y *Var) bool {
	if p, ok := o.inner.(preOp); ok {
		return p.pre(x, y)
	}
	return true
}

func (o wrapOp) eval(a, b Int) (Int, bool) {
	var r uint64
	// Ring operations commute with reduction modulo 2^64 ≥ 2^w: compute
	// them on the low words, whatever the operands' magnitude.
	switch o.op {
	case OpAdd:
		r = a.lo + b.lo
	case OpSub:
		r = a.lo - b.lo
	case OpMul:
		r = a.lo * b.lo
	case OpAnd:
		r = a.lo & b.lo
	case OpOr:
		r = a.lo | b.lo
	case OpXor:
		r = a.lo ^ b.lo
	case OpShl:
		if b.Sign() < 0 || I64(127).Less(b) {
			return Int{}, false
		}
		r = a.lo << uint(b.lo) // Go gives 0 for shifts ≥ 64, as the math does
	default:
		// Division, remainder and right shift are not ring operations:
		// as in C, they act on the operands converted to the type (the
		// shift count is not converted).
		a = WrapValue(a, o.w, o.signed)
		if o.op != OpShr {
			b = WrapValue(b, o.w, o.signed)
		}
		v, ok := o.inner.eval(a, b)
		if !ok {
			return Int{}, false
		}
		return WrapValue(v, o.w, o.signed), true
	}
	return WrapValue(U64(r), o.w, o.signed), true
}

func (o wrapOp) ring() bool {
	return o.op != OpDiv && o.op != OpRem && o.op != OpShr
}

// exactBounds bounds the unwrapped result; ok is false when the operands
// are not all inside the type (non-ring operations then see wrapped
// operands, which the exact bounds do not describe).
func (o wrapOp) exactBounds(x, y *Domain) (lo, hi Int, ok bool) {
	if !o.ring() {
		tlo, thi := TypeRange(o.w, o.signed)
		if x.min.Less(tlo) || thi.Less(x.max) {
			return lo, hi, false
		}
		if o.op != OpShr && (y.min.Less(tlo) || thi.Less(y.max)) {
			return lo, hi, false
		}
	}
	lo, hi = o.inner.bounds(x, y)
	if hi.Less(lo) {
		return lo, hi, true
	}
	if lo == MinInt128 || hi == MaxInt128 || !hi.Sub(lo).Less(Pow2(o.w)) {
		return lo, hi, false
	}
	return lo, hi, true
}

func (o wrapOp) bounds(x, y *Domain) (Int, Int) {
	tlo, thi := TypeRange(o.w, o.signed)
	lo, hi, ok := o.exactBounds(x, y)
	if !ok {
		return tlo, thi
	}
	if hi.Less(lo) {
		return lo, hi
	}
	wl, wh := WrapValue(lo, o.w, o.signed), WrapValue(hi, o.w, o.signed)
	if wl.Leq(wh) {
		return wl, wh
	}
	// The exact range crosses one window border: its image is
	// [wl, thi] ∪ [tlo, wh], whose hull is the whole range; backward
	// removes the gap.
	return tlo, thi
}

// backward removes the gap left in z by an exact range that crosses one
// window border.
func (o wrapOp) backward(z, x, y *Var) bool {
	lo, hi, ok := o.exactBounds(&x.dom, &y.dom)
	if !ok || hi.Less(lo) {
		return true
	}
	wl, wh := WrapValue(lo, o.w, o.signed), WrapValue(hi, o.w, o.signed)
	if wh.Less(wl) {
		return z.RemoveRange(wh.Inc(), wl.Dec())
	}
	return true
}

type addOp struct{}

func (addOp) name() string                   { return "add" }
func (addOp) eval(a, b Int) (Int, bool)      { r, ov := a.AddOv(b); return r, !ov }
func (addOp) bounds(x, y *Domain) (Int, Int) { return x.min.Add(y.min), x.max.Add(y.max) }

type subOp struct{}

func (subOp) name() string                   { return "sub" }
func (subOp) eval(a, b Int) (Int, bool)      { r, ov := a.SubOv(b); return r, !ov }
func (subOp) bounds(x, y *Domain) (Int, Int) { return x.min.Sub(y.max), x.max.Sub(y.min) }
