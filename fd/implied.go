package fd

// Implied constraints of the non-linear operations.
//
// Bounds reasoning on a cycle of constraints that goes through a
// non-linear operation creeps: with r = x % y and r ≥ y (a path on which
// a remainder is compared with its divisor), the bounds of r and y shrink
// by one value a round, 2^31 rounds on C ints, where the difference graph
// (diff.go) would see the cycle r - y ≤ -1, y - r ≤ 0 at once. Two things
// give the graph (and the linear propagators) what the operations know:
//
//   - implied difference constraints: once the signs of the operands are
//     known, r = x % y with y > 0 implies r - y ≤ -1, q = x / y with x ≥
//     0 and y > 0 implies q - x ≤ 0, and so on; each is added to the
//     graph once per branch (the conditions only get stronger as domains
//     narrow, and the record is trailed);
//   - exact forms: an operation that can no longer wrap (unsigned
//     arithmetic whose operands' ranges keep it inside the type, a
//     conversion of a value inside one window) is the exact operation,
//     and an operation with an identity operand (x ^ 0, x & 0xff on a
//     value of 0..255) is a copy: the propagator posts the simpler
//     equivalent constraint, which the graph sees, and retires.

// impliedOp is implemented by operations z = op(x, y) that imply
// difference constraints once their operands' signs are known. implied
// calls add(id, a, b, c) for each fact a - b ≤ c that holds in the current
// domains, id (0..31) naming the fact so that it is given once; add
// reports false when the fact closes a negative cycle.
type impliedOp interface {
	implied(z, x, y *Var, add func(id int, a, b *Var, c Int) bool) bool
}

// simplifyOp is implemented by operations that have a simpler equivalent
// in some domains: simpler returns a constraint equivalent to z = op(x, y)
// for every assignment left in the current domains (which only narrow on
// the branch), or nil.
type simplifyOp interface {
	simpler(z, x, y *Var) Constraint
}

// nonNeg and pos read signs off domains.
func nonNeg(x *Var) bool   { return x.dom.min.Sign() >= 0 }
func nonPos(x *Var) bool   { return x.dom.max.Sign() <= 0 }
func positive(x *Var) bool { return x.dom.min.Sign() > 0 }
func negative(x *Var) bool { return x.dom.max.Sign() < 0 }

// ---- facts ----

// z = x % y: |z| < |y|, z has the sign of x and |z| ≤ |x|.
func (remOp) implied(z, x, y *Var, add func(int, *Var, *Var, Int) bool) bool {
	minus1 := I64(-1)
	return (!positive(y) || add(0, z, y, minus1)) && // z ≤ y - 1
		(!negative(y) || add(1, y, z, minus1)) && // z ≥ y + 1
		(!nonNeg(x) || add(2, z, x, zero)) && // 0 ≤ z ≤ x
		(!nonPos(x) || add(3, x, z, zero)) // x ≤ z ≤ 0
}

// z = x / y: with y ≥ 1, |z| ≤ |x| and z has the sign of x.
func (divOp) implied(z, x, y *Var, add func(int, *Var, *Var, Int) bool) bool {
	if !positive(y) {
		return true
	}
	return (!nonNeg(x) || add(0, z, x, zero)) && (!nonPos(x) || add(1, x, z, zero))
}

// z = x·y: a factor ≥ 1 moves the other away from zero.
func (mulOp) implied(z, x, y *Var, add func(int, *Var, *Var, Int) bool) bool {
	return (!(positive(y) && nonNeg(x)) || add(0, x, z, zero)) && // z ≥ x ≥ 0
		(!(positive(y) && nonPos(x)) || add(1, z, x, zero)) && // z ≤ x ≤ 0
		(!(positive(x) && nonNeg(y)) || add(2, y, z, zero)) &&
		(!(positive(x) && nonPos(y)) || add(3, z, y, zero))
}

// z = x >> y (floor division by 2^y) moves x towards zero, z = x << y
// away from it.
func (o shiftOp) implied(z, x, y *Var, add func(int, *Var, *Var, Int) bool) bool {
	if !nonNeg(y) {
		return true
	}
	if o.left {
		return (!nonNeg(x) || add(0, x, z, zero)) && (!nonPos(x) || add(1, z, x, zero))
	}
	return (!nonNeg(x) || add(0, z, x, zero)) && (!nonPos(x) || add(1, x, z, zero))
}

// On non-negative operands, x & y is at most each, x | y at least each.
func (o bitOp) implied(z, x, y *Var, add func(int, *Var, *Var, Int) bool) bool {
	if !nonNeg(x) || !nonNeg(y) {
		return true
	}
	switch o.op {
	case '&':
		return add(0, z, x, zero) && add(1, z, y, zero)
	case '|':
		return add(0, x, z, zero) && add(1, y, z, zero)
	}
	return true
}

// ---- simpler forms ----

// lowMask reports whether v is 2^k - 1 for some k ≥ 0.
func lowMask(v Int) bool { return v.Sign() >= 0 && v.And(v.Inc()).IsZero() }

func (o bitOp) simpler(z, x, y *Var) Constraint {
	for _, p := range [2][2]*Var{{x, y}, {y, x}} {
		a, k := p[0], p[1]
		if !k.IsFixed() {
			continue
		}
		v := k.dom.min
		switch {
		case v.IsZero() && o.op == '&':
			return CmpC(z, Eq, zero)
		case v.IsZero(): // x | 0, x ^ 0
			return Cmp(z, Eq, a)
		case v == I64(-1) && o.op == '&':
			return Cmp(z, Eq, a)
		case v == I64(-1) && o.op == '^': // ~a
			return Linear([]Int{one, one}, []*Var{z, a}, Eq, I64(-1))
		case lowMask(v) && nonNeg(a) && a.dom.max.Leq(v):
			// a fits in the mask's bits.
			switch o.op {
			case '&':
				return Cmp(z, Eq, a)
			case '|':
				return CmpC(z, Eq, v)
			case '^':
				return Linear([]Int{one, one}, []*Var{z, a}, Eq, v)
			}
		}
	}
	return nil
}

// simpler: an operation that cannot wrap is the exact one; a ring
// operation that can (+, -, and · by a constant) is the exact operation
// into a fresh variable t followed by the conversion z = wrap(t), whose
// propagation is domain consistent over the few windows t spans (the
// image of x ∈ [0, 2^32) under 3·x mod 2^32 is three runs, which the
// bounds of the wrapped operation cannot say, and x - y = 0 mod 2^32
// pins t = x - y to 0 when |x - y| < 2^32).
func (o wrapOp) simpler(z, x, y *Var) Constraint {
	lo, hi, ok := o.exactBounds(&x.dom, &y.dom)
	if !ok && o.ring() {
		return o.split(z, x, y)
	}
	if !ok || hi.Less(lo) {
		return nil
	}
	tlo, thi := TypeRange(o.w, o.signed)
	if lo.Less(tlo) || thi.Less(hi) {
		return o.split(z, x, y)
	}
	if !o.ring() {
		// Division, remainder and right shift see their operands
		// converted to the type: exact only when they are inside it
		// (exactBounds checked that).
		return &fun2{op: o.inner, z: z, x: x, y: y}
	}
	switch o.op {
	case OpAdd:
		return Linear([]Int{one, I64(-1), I64(-1)}, []*Var{z, x, y}, Eq, zero)
	case OpSub:
		return Linear([]Int{one, I64(-1), one}, []*Var{z, x, y}, Eq, zero)
	}
	return &fun2{op: o.inner, z: z, x: x, y: y}
}

// split returns t = x op y ∧ z = wrap(t) for a fresh t, or nil when the
// decomposition does not apply.
func (o wrapOp) split(z, x, y *Var) Constraint {
	switch o.op {
	case OpAdd, OpSub:
	case OpMul:
		if !x.IsFixed() && !y.IsFixed() {
			return nil // x·y of two variables: as weak either way
		}
	default:
		return nil
	}
	lo, hi := o.inner.bounds(&x.dom, &y.dom)
	if hi.Less(lo) || lo.Less(MinValue) || MaxValue.Less(hi) {
		return nil // saturated: the exact result does not fit a domain
	}
	t := x.s.NewVar(lo, hi)
	var exact Constraint
	switch o.op {
	case OpAdd:
		exact = Linear([]Int{one, I64(-1), I64(-1)}, []*Var{t, x, y}, Eq, zero)
	case OpSub:
		exact = Linear([]Int{one, I64(-1), one}, []*Var{t, x, y}, Eq, zero)
	default:
		exact = Times(t, x, y)
	}
	return And(exact, Wrap(z, t, o.w, o.signed))
}

// implied of a wrapping operation: none until it is replaced by its exact
// form (simpler).
var _ simplifyOp = wrapOp{}
