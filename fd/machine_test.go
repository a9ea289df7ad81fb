package fd

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// Machine arithmetic against Go's own fixed-width arithmetic, for every
// width and signedness, with values near the limits.

type mtype struct {
	name   string
	w      uint
	signed bool
}

var mtypes = []mtype{
	{"int8", 8, true}, {"uint8", 8, false},
	{"int16", 16, true}, {"uint16", 16, false},
	{"int32", 32, true}, {"uint32", 32, false},
	{"int64", 64, true}, {"uint64", 64, false},
}

type integer interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

func toInt[T integer](r T) Int {
	if T(0)-1 < 0 { // signed
		return I64(int64(r))
	}
	return U64(uint64(r))
}

// goBinT computes x op y in Go's T arithmetic (which wraps); cnt is the
// shift count.
func goBinT[T integer](op Op, x, y T, cnt uint) (Int, bool) {
	var r T
	switch op {
	case OpAdd:
		r = x + y
	case OpSub:
		r = x - y
	case OpMul:
		r = x * y
	case OpDiv:
		if y == 0 {
			return Int{}, false
		}
		r = x / y // Go: MinInt / -1 wraps to MinInt, as WrapOp says
	case OpRem:
		if y == 0 {
			return Int{}, false
		}
		r = x % y
	case OpAnd:
		r = x & y
	case OpOr:
		r = x | y
	case OpXor:
		r = x ^ y
	case OpShl:
		r = x << cnt
	case OpShr:
		r = x >> cnt
	}
	return toInt(r), true
}

// goBin evaluates op on the type t; a and b are converted to t first, as
// Go's conversions do (keeping the low bits).
func goBin(t mtype, op Op, a, b Int) (Int, bool) {
	cnt := uint(b.lo)
	if op == OpShl || op == OpShr {
		if b.Sign() < 0 || I64(127).Less(b) {
			return Int{}, false
		}
	}
	switch t.name {
	case "int8":
		return goBinT(op, int8(a.lo), int8(b.lo), cnt)
	case "uint8":
		return goBinT(op, uint8(a.lo), uint8(b.lo), cnt)
	case "int16":
		return goBinT(op, int16(a.lo), int16(b.lo), cnt)
	case "uint16":
		return goBinT(op, uint16(a.lo), uint16(b.lo), cnt)
	case "int32":
		return goBinT(op, int32(a.lo), int32(b.lo), cnt)
	case "uint32":
		return goBinT(op, uint32(a.lo), uint32(b.lo), cnt)
	case "int64":
		return goBinT(op, int64(a.lo), int64(b.lo), cnt)
	}
	return goBinT(op, a.lo, b.lo, cnt)
}

// goConv converts v (within 64 bits) to t as Go (and C) do.
func goConv(t mtype, v Int) Int {
	switch t.name {
	case "int8":
		return I64(int64(int8(v.lo)))
	case "uint8":
		return U64(uint64(uint8(v.lo)))
	case "int16":
		return I64(int64(int16(v.lo)))
	case "uint16":
		return U64(uint64(uint16(v.lo)))
	case "int32":
		return I64(int64(int32(v.lo)))
	case "uint32":
		return U64(uint64(uint32(v.lo)))
	case "int64":
		return I64(int64(v.lo))
	}
	return U64(v.lo)
}

// edgeValues returns values of t near its limits, and a few random ones.
func edgeValues(r *rand.Rand, t mtype) []Int {
	lo, hi := TypeRange(t.w, t.signed)
	vs := []Int{lo, lo.Inc(), lo.Inc().Inc(), hi, hi.Dec(), hi.Dec().Dec(), zero, one, I64(2), I64(3)}
	if t.signed {
		vs = append(vs, I64(-1), I64(-2), I64(-3))
	}
	for i := 0; i < 4; i++ {
		vs = append(vs, goConv(t, U64(r.Uint64())))
	}
	return vs
}

func TestMachineWrapOp(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, ty := range mtypes {
		vals := edgeValues(r, ty)
		for op := OpAdd; op <= OpShr; op++ {
			ys := vals
			if op == OpShl || op == OpShr {
				ys = nil
				for c := int64(0); c <= int64(ty.w)+1; c++ {
					ys = append(ys, I64(c))
				}
				ys = append(ys, I64(63), I64(64), I64(100))
			}
			for _, a := range vals {
				for _, b := range ys {
					want, ok := goBin(ty, op, a, b)
					// Fixed operands: z must be fixed to Go's result.
					s := NewStore()
					x, y := s.Const(a), s.Const(b)
					z := s.NewVar(MinValue, MaxValue)
					c := WrapOp(z, x, op, y, ty.w, ty.signed)
					got := s.PostAndPropagate(c)
					if got != ok || ok && (!z.IsFixed() || z.Val() != want) {
						t.Fatalf("%s %v %s %v: got %v (%v), Go says %v (%v)", ty.name, a, op, b, z, got, want, ok)
					}
					if ok && !c.Check(CurrentValues) {
						t.Fatalf("%s %v %s %v: Check rejects Go's result", ty.name, a, op, b)
					}
				}
			}
			// Small domains near the limits: no Go result may be pruned
			// from z, with or without enumeration.
			for k := 0; k < 30; k++ {
				a, b := vals[r.IntN(len(vals))], ys[r.IntN(len(ys))]
				xd := Values(a, goConv(ty, a.Inc()), goConv(ty, a.Add(I64(2))))
				yd := Values(b, goConv(ty, b.Inc()))
				if op == OpShl || op == OpShr {
					yd = Values(b, b.Inc())
				}
				for _, lim := range []int{0, -1} {
					s := NewStore()
					s.EnumLimit = lim
					x, y := s.NewVarDom(xd), s.NewVarDom(yd)
					z := s.NewVar(MinValue, MaxValue)
					ok := s.PostAndPropagate(WrapOp(z, x, op, y, ty.w, ty.signed))
					any := false
					xd.ForEach(func(av Int) bool {
						yd.ForEach(func(bv Int) bool {
							if want, wok := goBin(ty, op, av, bv); wok {
								any = true
								if !ok || !z.Contains(want) || !x.Contains(av) || !y.Contains(bv) {
									t.Fatalf("%s %v %s %v (enum %d): lost %v: z=%v x=%v y=%v", ty.name, av, op, bv, lim, want, z, x, y)
								}
							}
							return true
						})
						return true
					})
					if ok && !any {
						// Nothing is defined: propagation may not decide
						// that on bounds, but fixing must fail.
						continue
					}
				}
			}
		}
	}
}

func TestMachineConversions(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, from := range mtypes {
		for _, to := range mtypes {
			for _, v := range edgeValues(r, from) {
				want := goConv(to, v)
				s := NewStore()
				x := s.Const(v)
				z := s.NewVar(MinValue, MaxValue)
				if !s.PostAndPropagate(Wrap(z, x, to.w, to.signed)) || !z.IsFixed() || z.Val() != want {
					t.Fatalf("(%s)(%s)%v = %v, Go says %v", to.name, from.name, v, z, want)
				}
				if WrapValue(v, to.w, to.signed) != want {
					t.Fatalf("WrapValue")
				}
				// Backwards: z fixed, x in the whole source type: x keeps
				// exactly the preimages when they fit few windows.
				s = NewStore()
				lo, hi := TypeRange(from.w, from.signed)
				x = s.NewVar(lo, hi)
				z = s.Const(want)
				if !s.PostAndPropagate(Wrap(z, x, to.w, to.signed)) || !x.Contains(v) {
					t.Fatalf("(%s)x = %v lost x = %v: %v", to.name, want, v, x)
				}
				if to.w >= from.w && from.signed == to.signed && (!x.IsFixed() || x.Val() != v) {
					t.Fatalf("(%s)(%s)x = %v should fix x = %v: %v", to.name, from.name, want, v, x)
				}
			}
		}
	}
}

// TestMachineExact checks the exact (non-wrapping) operations on 64-bit
// values near the limits against math/big: C division and remainder
// truncate toward zero, shifts are arithmetic, bitwise operations act on
// two's complement.
func TestMachineExact(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var vals []Int
	for _, ty := range mtypes {
		vals = append(vals, edgeValues(r, ty)...)
	}
	type exact struct {
		name string
		mk   func(z, x, y *Var) Constraint
		ref  func(a, b *big.Int) *big.Int
	}
	ops := []exact{
		{"mul", Times, func(a, b *big.Int) *big.Int { return new(big.Int).Mul(a, b) }},
		{"div", Div, func(a, b *big.Int) *big.Int {
			if b.Sign() == 0 {
				return nil
			}
			return new(big.Int).Quo(a, b)
		}},
		{"rem", Rem, func(a, b *big.Int) *big.Int {
			if b.Sign() == 0 {
				return nil
			}
			return new(big.Int).Rem(a, b)
		}},
		{"and", BitAnd, func(a, b *big.Int) *big.Int { return new(big.Int).And(a, b) }},
		{"or", BitOr, func(a, b *big.Int) *big.Int { return new(big.Int).Or(a, b) }},
		{"xor", BitXor, func(a, b *big.Int) *big.Int { return new(big.Int).Xor(a, b) }},
		{"min", MinOf, func(a, b *big.Int) *big.Int {
			if a.Cmp(b) < 0 {
				return a
			}
			return b
		}},
	}
	inU := func(b *big.Int) bool { return b.Cmp(MinValue.Big()) >= 0 && b.Cmp(MaxValue.Big()) <= 0 }
	for _, op := range ops {
		for _, a := range vals {
			for _, b := range vals {
				want := op.ref(a.Big(), b.Big())
				s := NewStore()
				z := s.NewVar(MinValue, MaxValue)
				ok := s.PostAndPropagate(op.mk(z, s.Const(a), s.Const(b)))
				if want == nil || !inU(want) {
					if ok {
						t.Fatalf("%s(%v, %v) should fail, got %v", op.name, a, b, z)
					}
					continue
				}
				if !ok || !z.IsFixed() || z.Val().Big().Cmp(want) != 0 {
					t.Fatalf("%s(%v, %v) = %v, want %v", op.name, a, b, z, want)
				}
			}
		}
	}
	// Shifts of 64-bit values.
	for _, a := range vals {
		for k := int64(0); k <= 70; k++ {
			s := NewStore()
			z1, z2 := s.NewVar(MinValue, MaxValue), s.NewVar(MinValue, MaxValue)
			ok1 := s.PostAndPropagate(Shr(z1, s.Const(a), s.ConstInt64(k)))
			if !ok1 || z1.Val().Big().Cmp(new(big.Int).Rsh(a.Big(), uint(k))) != 0 {
				t.Fatalf("%v >> %d = %v", a, k, z1)
			}
			want := new(big.Int).Lsh(a.Big(), uint(k))
			ok2 := s.PostAndPropagate(Shl(z2, s.Const(a), s.ConstInt64(k)))
			if ok2 != inU(want) || ok2 && z2.Val().Big().Cmp(want) != 0 {
				t.Fatalf("%v << %d = %v (%v)", a, k, z2, ok2)
			}
		}
	}
	// The product of two 64-bit unsigned maxima wraps exactly.
	s := NewStore()
	m := U64(^uint64(0))
	z := s.NewVar(MinValue, MaxValue)
	if !s.PostAndPropagate(WrapOp(z, s.Const(m), OpMul, s.Const(m), 64, false)) || z.Val() != one {
		t.Fatalf("(2^64-1)^2 mod 2^64 = %v", z)
	}
}

// TestWideBounds checks bounds reasoning over full C ranges, where
// nothing can be enumerated.
func TestWideBounds(t *testing.T) {
	s := NewStore()
	x := s.NewVar(TypeRange(32, true))
	y := s.NewVar(TypeRange(32, true))
	z := s.NewVar(TypeRange(64, true))
	s.PostAndPropagate(Times(z, x, y), CmpInt64(x, Ge, 1000), CmpInt64(y, Ge, 1000), CmpInt64(z, Le, 2000000))
	if z.Min() != I64(1000000) || x.Max() != I64(2000) || y.Max() != I64(2000) {
		t.Fatalf("mul bounds: x=%v y=%v z=%v", x, y, z)
	}
	// Unsigned wrap-around: u = (x + 10) mod 2^8 with x ∈ 250..255 is
	// {4..9}.
	u := s.NewVar(MinValue, MaxValue)
	w := s.NewVarInt64(250, 255)
	if !s.PostAndPropagate(WrapOp(u, w, OpAdd, s.ConstInt64(10), 8, false)) || u.Min() != I64(4) || u.Max() != I64(9) {
		t.Fatalf("wrap add: %v", u)
	}
	// Crossing the border once leaves a hole: (x + 3) mod 256 with
	// x ∈ 250..255 is {0..2} ∪ {253..255}.
	u2 := s.NewVar(MinValue, MaxValue)
	if !s.PostAndPropagate(WrapOp(u2, w, OpAdd, s.ConstInt64(3), 8, false)) || u2.Dom().NumIntervals() != 2 || u2.Size() != I64(6) {
		t.Fatalf("wrap add across border: %v", u2)
	}
	// Conversion of a wide 64-bit unsigned range to uint8 that only fits
	// a few windows keeps exactness backwards.
	v := s.NewVar(U64(1<<64-1-600), U64(1<<64-1))
	c := s.NewVarInt64(0, 0)
	if !s.PostAndPropagate(Wrap(c, v, 8, false)) || v.Size() != I64(2) || v.Max() != U64(1<<64-256) {
		t.Fatalf("wrap backwards: %v", v)
	}
}
