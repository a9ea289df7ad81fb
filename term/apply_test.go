package term

import (
	"math/big"
	"math/rand"
	"testing"
)

// native computes a binary operator with Go's own arithmetic on the
// machine types of one width (U unsigned, S signed): C's arithmetic, which
// the reference semantics must match where both are defined.
func native[U uint8 | uint16 | uint32 | uint64, S int8 | int16 | int32 | int64](k Kind, a, b uint64) uint64 {
	x, y := U(a), U(b)
	sx, sy := S(x), S(y)
	switch k {
	case Add:
		return uint64(x + y)
	case Sub:
		return uint64(x - y)
	case Mul:
		return uint64(x * y)
	case UDiv:
		return uint64(x / y)
	case URem:
		return uint64(x % y)
	case SDiv:
		return uint64(U(sx / sy))
	case SRem:
		return uint64(U(sx % sy))
	case BvAnd:
		return uint64(x & y)
	case BvOr:
		return uint64(x | y)
	case BvXor:
		return uint64(x ^ y)
	case Shl:
		return uint64(x << y)
	case LShr:
		return uint64(x >> y)
	case AShr:
		return uint64(U(sx >> y))
	case Eq:
		return b2u(x == y)
	case Ult:
		return b2u(x < y)
	case Ule:
		return b2u(x <= y)
	case Slt:
		return b2u(sx < sy)
	case Sle:
		return b2u(sx <= sy)
	}
	panic(k)
}

func nativeAt(k Kind, w int, a, b uint64) uint64 {
	switch w {
	case 8:
		return native[uint8, int8](k, a, b)
	case 16:
		return native[uint16, int16](k, a, b)
	case 32:
		return native[uint32, int32](k, a, b)
	}
	return native[uint64, int64](k, a, b)
}

// samples are the values tried at width w: the edges (0, 1, the signed
// extremes, all ones, small shifts) and random values.
func samples(w int, r *rand.Rand) []uint64 {
	m := Mask(w)
	out := []uint64{0, 1, 2, 3, 7, uint64(w - 1), uint64(w), m, m - 1, m >> 1, (m >> 1) + 1, (m >> 1) + 2}
	for i := 0; i < 12; i++ {
		out = append(out, r.Uint64()&m)
	}
	return out
}

var binaryKinds = []Kind{Add, Sub, Mul, UDiv, URem, SDiv, SRem, BvAnd, BvOr, BvXor, Shl, LShr, AShr, Eq, Ult, Ule, Slt, Sle}

// TestApplyMatchesGo: the reference semantics of every binary operator at
// 8, 16, 32 and 64 bits is Go's machine arithmetic of that width, where Go
// defines it (no division by zero); INT_MIN / -1 wraps in both.
func TestApplyMatchesGo(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for _, w := range []int{8, 16, 32, 64} {
		vals := samples(w, r)
		for _, k := range binaryKinds {
			rw := w
			if k >= Eq && k <= Sle {
				rw = 0
			}
			for _, a := range vals {
				for _, b := range vals {
					if b == 0 && (k == UDiv || k == URem || k == SDiv || k == SRem) {
						continue
					}
					got := Apply(k, rw, 0, []uint64{a, b}, []int{w, w})
					if want := nativeAt(k, w, a, b); got != want {
						t.Fatalf("%v on %d bits of %#x, %#x = %#x, want %#x", k, w, a, b, got, want)
					}
				}
			}
		}
	}
}

// TestDivisionByZero: x/0 and x%0 as SMT-LIB defines them (C leaves them
// undefined; the model excludes them before they matter).
func TestDivisionByZero(t *testing.T) {
	for _, w := range []int{8, 32, 64} {
		m := Mask(w)
		neg := m // -1
		cases := []struct {
			k    Kind
			a    uint64
			want uint64
		}{
			{UDiv, 5, m}, {URem, 5, 5},
			{SDiv, 5, m}, {SDiv, neg, 1}, {SDiv, 0, m},
			{SRem, 5, 5}, {SRem, neg, neg},
		}
		for _, c := range cases {
			if got := Apply(c.k, w, 0, []uint64{c.a, 0}, []int{w, w}); got != c.want {
				t.Errorf("%v on %d bits of %#x by 0 = %#x, want %#x", c.k, w, c.a, got, c.want)
			}
		}
	}
}

// TestUnaryAndWidths: ~x, -x, the extensions and extraction.
func TestUnaryAndWidths(t *testing.T) {
	cases := []struct {
		k       Kind
		w       int
		lo      uint64
		a       uint64
		aw      int
		want    uint64
		comment string
	}{
		{BvNot, 8, 0, 0x0f, 8, 0xf0, "~0x0f"},
		{Neg, 8, 0, 1, 8, 0xff, "-1 on 8 bits"},
		{Neg, 32, 0, 0x80000000, 32, 0x80000000, "-INT_MIN wraps"},
		{ZExt, 32, 0, 0xff, 8, 0xff, "(unsigned)(unsigned char)255"},
		{SExt, 32, 0, 0xff, 8, 0xffffffff, "(int)(signed char)-1"},
		{SExt, 64, 0, 0x7f, 8, 0x7f, "(long)(signed char)127"},
		{Extract, 8, 8, 0x1234, 16, 0x12, "the high byte"},
		{Extract, 1, 63, 1 << 63, 64, 1, "the sign bit"},
		{Not, 0, 0, 1, 0, 0, "¬true"},
	}
	for _, c := range cases {
		if got := Apply(c.k, c.w, c.lo, []uint64{c.a}, []int{c.aw}); got != c.want {
			t.Errorf("%s: %v = %#x, want %#x", c.comment, c.k, got, c.want)
		}
	}
}

// TestSMulO: the signed product overflows exactly when the exact product
// leaves the range of the width.
func TestSMulO(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for _, w := range []int{8, 16, 32, 64} {
		lo := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(w-1)))
		hi := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w-1)), big.NewInt(1))
		vals := samples(w, r)
		for _, a := range vals {
			for _, b := range vals {
				p := new(big.Int).Mul(big.NewInt(Signed(a, w)), big.NewInt(Signed(b, w)))
				want := b2u(p.Cmp(lo) < 0 || p.Cmp(hi) > 0)
				if got := Apply(SMulO, 0, 0, []uint64{a, b}, []int{w, w}); got != want {
					t.Fatalf("smulo on %d bits of %d, %d = %d, want %d", w, Signed(a, w), Signed(b, w), got, want)
				}
			}
		}
	}
}

// TestFoldingAgreesWithEval: an operator built on constants folds to the
// value Eval gives the same operator built on inputs, for every builder
// operation; so the folding and the evaluation share the reference
// semantics.
func TestFoldingAgreesWithEval(t *testing.T) {
	b := NewBuilder()
	ops := map[string]func(x, y *Term) *Term{
		"add": b.Add, "sub": b.Sub, "mul": b.Mul, "udiv": b.UDiv, "urem": b.URem, "sdiv": b.SDiv, "srem": b.SRem,
		"and": b.BvAnd, "or": b.BvOr, "xor": b.BvXor, "shl": b.Shl, "lshr": b.LShr, "ashr": b.AShr,
		"eq": b.Eq, "ne": b.Ne, "ult": b.Ult, "ule": b.Ule, "slt": b.Slt, "sle": b.Sle, "smulo": b.SMulO,
		"neg x":          func(x, _ *Term) *Term { return b.Neg(x) },
		"not x":          func(x, _ *Term) *Term { return b.BvNot(x) },
		"sext x to 64":   func(x, _ *Term) *Term { return b.SExt(x, 64) },
		"zext x to 64":   func(x, _ *Term) *Term { return b.ZExt(x, 64) },
		"low byte of x":  func(x, _ *Term) *Term { return b.Resize(x, 8, false) },
		"x < y ? x : y":  func(x, y *Term) *Term { return b.Ite(b.Slt(x, y), x, y) },
		"x < y -> x = y": func(x, y *Term) *Term { return b.Implies(b.Ult(x, y), b.Eq(x, y)) },
		"all of":         func(x, y *Term) *Term { return b.Ands(b.Ule(x, y), b.Ne(x, y), b.Sle(x, y)) },
		"any of":         func(x, y *Term) *Term { return b.Ors(b.Eq(x, y), b.Slt(y, x)) },
	}
	r := rand.New(rand.NewSource(3))
	const w = 16
	x, y := b.Var(w, "x"), b.Var(w, "y")
	vals := samples(w, r)
	for name, op := range ops {
		sym := op(x, y)
		for _, a := range vals {
			for _, c := range vals {
				folded := op(b.Const(w, a), b.Const(w, c))
				if !folded.IsConst() {
					t.Fatalf("%s of constants %#x, %#x is not folded: %v", name, a, c, folded)
				}
				got := Eval(sym, func(v *Term) uint64 {
					if v == x {
						return a
					}
					return c
				}, nil)
				if got != folded.K {
					t.Fatalf("%s of %#x, %#x: Eval %#x, folded %#x", name, a, c, got, folded.K)
				}
			}
		}
	}
	if b.Len() != len(b.Terms()) || b.Terms()[x.ID] != x {
		t.Error("the builder's terms are not numbered by ID")
	}
}
