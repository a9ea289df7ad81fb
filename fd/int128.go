package fd

import (
	"math"
	"math/big"
	"math/bits"
	"strconv"
)

// Int is an exact 128-bit two's complement integer, the value type of every
// domain. 64 bits are not enough: a C program mixes long long (down to
// -2^63) and unsigned long long (up to 2^64-1), and the exact result of an
// operation on two such values needs a few more bits before it is wrapped
// back. 128 bits hold all of that with room to spare, and additions of
// domain bounds (which lie in [MinValue, MaxValue]) never overflow.
//
// The zero value is 0. Int is a small value type: pass it by value.
type Int struct {
	hi int64
	lo uint64
}

var (
	// MinInt128 and MaxInt128 are the extremes of Int; arithmetic that
	// saturates clamps to them.
	MinInt128 = Int{hi: math.MinInt64}
	MaxInt128 = Int{hi: math.MaxInt64, lo: math.MaxUint64}

	// MinValue and MaxValue bound every domain: ±2^125. Keeping domains well
	// inside the 128-bit range lets propagators add or subtract two bounds
	// (or a bound and a constant of the same magnitude) without overflow
	// checks; only products need care (see MulSat).
	MinValue = Int{hi: -(1 << 61)}
	MaxValue = Int{hi: 1 << 61}

	zero = Int{}
	one  = Int{lo: 1}
)

// I64 converts an int64.
func I64(v int64) Int { return Int{hi: v >> 63, lo: uint64(v)} }

// U64 converts a uint64.
func U64(v uint64) Int { return Int{lo: v} }

// Pow2 returns 2^k for 0 <= k < 127.
func Pow2(k uint) Int { return one.Lsh(k) }

// IsInt64 reports whether v fits in an int64.
func (a Int) IsInt64() bool { return a.hi == int64(a.lo)>>63 }

// IsUint64 reports whether v fits in a uint64.
func (a Int) IsUint64() bool { return a.hi == 0 }

// Int64 returns the low 64 bits as an int64 (exact when IsInt64).
func (a Int) Int64() int64 { return int64(a.lo) }

// Uint64 returns the low 64 bits (exact when IsUint64).
func (a Int) Uint64() uint64 { return a.lo }

// Hi and Lo expose the two words (for bit-level code).
func (a Int) Hi() int64  { return a.hi }
func (a Int) Lo() uint64 { return a.lo }

// Add returns a+b, wrapping modulo 2^128. Bounds of domains never come
// near the wrap point, so propagators use Add on them freely.
func (a Int) Add(b Int) Int {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	return Int{hi: a.hi + b.hi + int64(c), lo: lo}
}

// Sub returns a-b, wrapping modulo 2^128.
func (a Int) Sub(b Int) Int {
	lo, c := bits.Sub64(a.lo, b.lo, 0)
	return Int{hi: a.hi - b.hi - int64(c), lo: lo}
}

// AddOv returns a+b and whether it overflowed.
func (a Int) AddOv(b Int) (Int, bool) {
	r := a.Add(b)
	ov := (a.hi < 0) == (b.hi < 0) && (r.hi < 0) != (a.hi < 0)
	return r, ov
}

// SubOv returns a-b and whether it overflowed.
func (a Int) SubOv(b Int) (Int, bool) {
	r := a.Sub(b)
	ov := (a.hi < 0) != (b.hi < 0) && (r.hi < 0) != (a.hi < 0)
	return r, ov
}

// Inc and Dec add or subtract one.
func (a Int) Inc() Int {
	lo := a.lo + 1
	if lo == 0 {
		return Int{hi: a.hi + 1, lo: 0}
	}
	return Int{hi: a.hi, lo: lo}
}

func (a Int) Dec() Int {
	if a.lo == 0 {
		return Int{hi: a.hi - 1, lo: math.MaxUint64}
	}
	return Int{hi: a.hi, lo: a.lo - 1}
}

// Neg returns -a (wrapping for MinInt128).
func (a Int) Neg() Int { return zero.Sub(a) }

// Sign returns -1, 0 or 1.
func (a Int) Sign() int {
	if a.hi < 0 {
		return -1
	}
	if a.hi == 0 && a.lo == 0 {
		return 0
	}
	return 1
}

// IsZero reports a == 0.
func (a Int) IsZero() bool { return a.hi == 0 && a.lo == 0 }

// Cmp returns -1, 0 or 1.
func (a Int) Cmp(b Int) int {
	if a.hi != b.hi {
		if a.hi < b.hi {
			return -1
		}
		return 1
	}
	if a.lo != b.lo {
		if a.lo < b.lo {
			return -1
		}
		return 1
	}
	return 0
}

// Less reports a < b; Leq reports a <= b.
func (a Int) Less(b Int) bool { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo) }
func (a Int) Leq(b Int) bool  { return a.hi < b.hi || (a.hi == b.hi && a.lo <= b.lo) }

// Min2 and Max2 return the smaller and larger of two values.
func Min2(a, b Int) Int {
	if b.Less(a) {
		return b
	}
	return a
}

func Max2(a, b Int) Int {
	if a.Less(b) {
		return b
	}
	return a
}

// Abs returns |a| (wrapping for MinInt128).
func (a Int) Abs() Int {
	if a.hi < 0 {
		return a.Neg()
	}
	return a
}

// u128 is the unsigned helper used for magnitudes.
type u128 struct{ hi, lo uint64 }

func (a Int) mag() u128 {
	if a.hi < 0 {
		n := a.Neg()
		return u128{uint64(n.hi), n.lo}
	}
	return u128{uint64(a.hi), a.lo}
}

// fromMag builds ±m, reporting overflow.
func fromMag(m u128, neg bool) (Int, bool) {
	if neg {
		if m.hi > 1<<63 || (m.hi == 1<<63 && m.lo != 0) {
			return MinInt128, true
		}
		return Int{hi: int64(m.hi), lo: m.lo}.Neg(), false
	}
	if m.hi >= 1<<63 {
		return MaxInt128, true
	}
	return Int{hi: int64(m.hi), lo: m.lo}, false
}

// MulOv returns a*b and whether the exact product overflows 128 bits.
func (a Int) MulOv(b Int) (Int, bool) {
	// Fast path: both fit in 63 bits of magnitude, product fits in 126.
	if a.IsInt64() && b.IsInt64() {
		x, y := int64(a.lo), int64(b.lo)
		hi, lo := bits.Mul64(uint64(x), uint64(y))
		// Signed 64x64 -> 128 from the unsigned product.
		h := int64(hi)
		if x < 0 {
			h -= y
		}
		if y < 0 {
			h -= x
		}
		return Int{hi: h, lo: lo}, false
	}
	ma, mb := a.mag(), b.mag()
	neg := (a.hi < 0) != (b.hi < 0)
	if ma.hi != 0 && mb.hi != 0 {
		return satSign(neg), true
	}
	if ma.hi != 0 {
		ma, mb = mb, ma
	}
	// ma.hi == 0: product = ma.lo * (mb.hi*2^64 + mb.lo)
	h1, l1 := bits.Mul64(ma.lo, mb.lo)
	h2, l2 := bits.Mul64(ma.lo, mb.hi)
	if h2 != 0 {
		return satSign(neg), true
	}
	hi, c := bits.Add64(h1, l2, 0)
	if c != 0 {
		return satSign(neg), true
	}
	r, ov := fromMag(u128{hi, l1}, neg)
	if ov {
		return satSign(neg), true
	}
	return r, false
}

func satSign(neg bool) Int {
	if neg {
		return MinInt128
	}
	return MaxInt128
}

// MulSat returns a*b clamped to [MinInt128, MaxInt128]. Clamping keeps the
// product's order, so a bound computed as a min or max of saturated products
// is still a sound bound once intersected with a domain.
func (a Int) MulSat(b Int) Int {
	r, _ := a.MulOv(b)
	return r
}

// AddSat returns a+b clamped to the Int range.
func (a Int) AddSat(b Int) Int {
	r, ov := a.AddOv(b)
	if ov {
		return satSign(a.hi < 0)
	}
	return r
}

// SubSat returns a-b clamped to the Int range.
func (a Int) SubSat(b Int) Int {
	r, ov := a.SubOv(b)
	if ov {
		return satSign(a.hi < 0)
	}
	return r
}

func (u u128) less(v u128) bool { return u.hi < v.hi || (u.hi == v.hi && u.lo < v.lo) }

func (u u128) sub(v u128) u128 {
	lo, b := bits.Sub64(u.lo, v.lo, 0)
	return u128{u.hi - v.hi - b, lo}
}

func (u u128) lsh(n uint) u128 {
	if n >= 64 {
		return u128{u.lo << (n - 64), 0}
	}
	if n == 0 {
		return u
	}
	return u128{u.hi<<n | u.lo>>(64-n), u.lo << n}
}

func (u u128) rsh1() u128 { return u128{u.hi >> 1, u.hi<<63 | u.lo>>1} }

func (u u128) mul64(v uint64) u128 {
	hi, lo := bits.Mul64(u.lo, v)
	return u128{hi + u.hi*v, lo}
}

// quoRem divides magnitudes (v != 0).
func (u u128) quoRem(v u128) (q, r u128) {
	if v.hi == 0 {
		var r64 uint64
		if u.hi < v.lo {
			q.lo, r64 = bits.Div64(u.hi, u.lo, v.lo)
		} else {
			q.hi, r64 = bits.Div64(0, u.hi, v.lo)
			q.lo, r64 = bits.Div64(r64, u.lo, v.lo)
		}
		return q, u128{0, r64}
	}
	// Trial quotient within one of the truth (Hacker's Delight, divlu).
	n := uint(bits.LeadingZeros64(v.hi))
	v1 := v.lsh(n)
	u1 := u.rsh1()
	tq, _ := bits.Div64(u1.hi, u1.lo, v1.hi)
	tq >>= 63 - n
	if tq != 0 {
		tq--
	}
	q = u128{0, tq}
	r = u.sub(v.mul64(tq))
	if !r.less(v) {
		q.lo++
		if q.lo == 0 {
			q.hi++
		}
		r = r.sub(v)
	}
	return q, r
}

// QuoRem returns the quotient truncated toward zero and the remainder with
// the sign of the dividend, as C's / and %. b must not be 0; MinInt128/-1
// wraps (it cannot happen for values inside [MinValue, MaxValue]).
func (a Int) QuoRem(b Int) (Int, Int) {
	if a.IsInt64() && b.IsInt64() {
		x, y := int64(a.lo), int64(b.lo)
		if !(x == math.MinInt64 && y == -1) {
			return I64(x / y), I64(x % y)
		}
	}
	q, r := a.mag().quoRem(b.mag())
	qi, _ := fromMag(q, (a.hi < 0) != (b.hi < 0))
	ri, _ := fromMag(r, a.hi < 0)
	return qi, ri
}

// Quo returns a/b truncated toward zero.
func (a Int) Quo(b Int) Int { q, _ := a.QuoRem(b); return q }

// Rem returns a%b with the sign of a.
func (a Int) Rem(b Int) Int { _, r := a.QuoRem(b); return r }

// FloorDiv returns ⌊a/b⌋ and CeilDiv ⌈a/b⌉ (b != 0): the roundings a
// propagator needs to keep bounds sound when dividing.
func FloorDiv(a, b Int) Int {
	q, r := a.QuoRem(b)
	if !r.IsZero() && (r.hi < 0) != (b.hi < 0) {
		return q.Dec()
	}
	return q
}

func CeilDiv(a, b Int) Int {
	q, r := a.QuoRem(b)
	if !r.IsZero() && (r.hi < 0) == (b.hi < 0) {
		return q.Inc()
	}
	return q
}

// Bitwise operations act on the two's complement representation, which for
// values inside the domain range is the infinite sign-extended one: the
// result of a&b for two signed (or two unsigned) C values is the C result.
func (a Int) And(b Int) Int { return Int{a.hi & b.hi, a.lo & b.lo} }
func (a Int) Or(b Int) Int  { return Int{a.hi | b.hi, a.lo | b.lo} }
func (a Int) Xor(b Int) Int { return Int{a.hi ^ b.hi, a.lo ^ b.lo} }
func (a Int) Not() Int      { return Int{^a.hi, ^a.lo} }

// Lsh returns a<<n (wrapping modulo 2^128).
func (a Int) Lsh(n uint) Int {
	switch {
	case n == 0:
		return a
	case n >= 128:
		return zero
	case n >= 64:
		return Int{hi: int64(a.lo << (n - 64)), lo: 0}
	}
	return Int{hi: a.hi<<n | int64(a.lo>>(64-n)), lo: a.lo << n}
}

// LshOv returns a<<n = a*2^n and whether it overflowed.
func (a Int) LshOv(n uint) (Int, bool) {
	if a.IsZero() {
		return a, false
	}
	if n >= 127 {
		return satSign(a.hi < 0), true
	}
	r := a.Lsh(n)
	if r.Rsh(n) != a {
		return satSign(a.hi < 0), true
	}
	return r, false
}

// Rsh returns a>>n, arithmetic (rounds toward -∞).
func (a Int) Rsh(n uint) Int {
	switch {
	case n == 0:
		return a
	case n >= 128:
		return Int{hi: a.hi >> 63, lo: uint64(a.hi >> 63)}
	case n >= 64:
		return Int{hi: a.hi >> 63, lo: uint64(a.hi >> (n - 64))}
	}
	return Int{hi: a.hi >> n, lo: a.lo>>n | uint64(a.hi)<<(64-n)}
}

// BitLen returns the number of bits of |a| for a >= 0 (0 for 0), and of
// ^a for a < 0: the bits needed besides the sign.
func (a Int) BitLen() int {
	if a.hi < 0 {
		a = a.Not()
	}
	if a.hi != 0 {
		return 64 + bits.Len64(uint64(a.hi))
	}
	return bits.Len64(a.lo)
}

// Big converts to a big.Int.
func (a Int) Big() *big.Int {
	if a.IsInt64() {
		return big.NewInt(int64(a.lo))
	}
	m := a.mag()
	b := new(big.Int).SetUint64(m.hi)
	b.Lsh(b, 64)
	b.Or(b, new(big.Int).SetUint64(m.lo))
	if a.hi < 0 {
		b.Neg(b)
	}
	return b
}

var (
	bigMinInt128 = MinInt128.Big()
	bigMaxInt128 = MaxInt128.Big()
	bigMask64    = new(big.Int).SetUint64(math.MaxUint64)
)

// FromBig converts a big.Int, clamping to the Int range; ok is false if it
// had to clamp.
func FromBig(b *big.Int) (Int, bool) {
	if b.IsInt64() {
		return I64(b.Int64()), true
	}
	if b.Cmp(bigMinInt128) < 0 {
		return MinInt128, false
	}
	if b.Cmp(bigMaxInt128) > 0 {
		return MaxInt128, false
	}
	m := new(big.Int).Abs(b)
	lo := new(big.Int).And(m, bigMask64).Uint64()
	hi := new(big.Int).Rsh(m, 64).Uint64()
	r, _ := fromMag(u128{hi, lo}, b.Sign() < 0)
	return r, true
}

// String prints the value in decimal.
func (a Int) String() string {
	if a.IsInt64() {
		return strconv.FormatInt(int64(a.lo), 10)
	}
	if a.hi == 0 {
		return strconv.FormatUint(a.lo, 10)
	}
	return a.Big().String()
}

// ParseInt parses a decimal integer.
func ParseInt(s string) (Int, bool) {
	b, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return Int{}, false
	}
	return FromBig(b)
}

// clampU clamps a value to [MinValue, MaxValue].
func clampU(v Int) Int {
	if v.Less(MinValue) {
		return MinValue
	}
	if MaxValue.Less(v) {
		return MaxValue
	}
	return v
}

// inU reports MinValue <= v <= MaxValue.
func inU(v Int) bool { return MinValue.Leq(v) && v.Leq(MaxValue) }
