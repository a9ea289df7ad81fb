package fp

import (
	"fmt"
	"math"

	"github.com/inka-tool/inka/fd"
)

// Format is an IEEE 754 binary format: a sign bit, exp exponent bits and
// man stored significand bits, with subnormals, two infinities and NaN.
// Every value of every format here is exactly a float64, so values travel
// as float64 and only the rounding and the ordinals depend on the format.
type Format struct {
	name     string
	exp, man uint
	bias     int
	infMag   int64 // magnitude ordinal of +inf: (2^exp - 1) << man
	kind     fmtKind
	cls      []class // the classes of the projections (proj.go)
}

type fmtKind uint8

const (
	generic fmtKind = iota
	b32
	b64
)

// The formats. Mini8 (4 exponent bits, 3 significand bits, bias 7) has
// 256 bit patterns, so every projection can be checked on it against
// exhaustive enumeration; Binary32 and Binary64 are C's float and double.
var (
	Binary64 = newFormat("binary64", 11, 52, b64)
	Binary32 = newFormat("binary32", 8, 23, b32)
	Mini8    = newFormat("mini8", 4, 3, generic)
)

func newFormat(name string, exp, man uint, k fmtKind) *Format {
	m := int64(1<<exp-1) << man
	return &Format{name: name, exp: exp, man: man, bias: 1<<(exp-1) - 1,
		infMag: m, kind: k, cls: makeClasses(m)}
}

// NewFormat returns a small format for tests and experiments (exp ≤ 6, man ≤ 23:
// its operations are computed in binary64 and rounded once more, which is
// exact for + - · / and √ when binary64 has at least 2p+2 bits).
func NewFormat(exp, man uint) *Format {
	if exp < 2 || exp > 6 || man < 1 || man > 23 {
		panic(fmt.Sprintf("fp.NewFormat(%d, %d): unsupported", exp, man))
	}
	return newFormat(fmt.Sprintf("e%dm%d", exp, man), exp, man, generic)
}

func (f *Format) String() string { return f.name }

// The ordinals: the values of a format in increasing order, numbered so
// that +0 is 0 and -0 is -1: a positive value's ordinal is its bit pattern
// without the sign (its magnitude), a negative one's is -1 - magnitude.
// Distinct floats have distinct ordinals, the order of ordinals is the
// order of the reals with -0 just below +0, and the successor of a float
// is ordinal + 1. NaN (one, whatever its payload) is NaN() = +inf's
// ordinal + 1, so that a float domain is an fd.Domain of ordinals whose
// NaN membership is one value.

// MaxOrd is the ordinal of +inf.
func (f *Format) MaxOrd() int64 { return f.infMag }

// MinOrd is the ordinal of -inf.
func (f *Format) MinOrd() int64 { return -1 - f.infMag }

// NaN is the ordinal of NaN.
func (f *Format) NaN() int64 { return f.infMag + 1 }

// Full is the domain of every value of the format, NaN included.
func (f *Format) Full() fd.Domain { return fd.RangeInt64(f.MinOrd(), f.NaN()) }

// Ord returns the ordinal of v, which must be a value of the format.
func (f *Format) Ord(v float64) int64 {
	if v != v {
		return f.NaN()
	}
	if math.Signbit(v) {
		return -1 - f.mag(-v)
	}
	return f.mag(v)
}

// Val returns the value of an ordinal of the format (NaN() gives NaN).
func (f *Format) Val(o int64) float64 {
	switch {
	case o == f.NaN():
		return math.NaN()
	case o < 0:
		return math.Copysign(f.valMag(-1-o), -1)
	}
	return f.valMag(o)
}

func (f *Format) mag(a float64) int64 {
	switch f.kind {
	case b64:
		return int64(math.Float64bits(a))
	case b32:
		return int64(math.Float32bits(float32(a)))
	}
	if math.IsInf(a, 1) {
		return f.infMag
	}
	if a == 0 {
		return 0
	}
	fr, e := math.Frexp(a) // a = fr·2^e, fr ∈ [0.5, 1)
	E := e - 1
	emin := 1 - f.bias
	if E < emin { // subnormal
		return int64(math.Ldexp(a, f.bias-1+int(f.man)))
	}
	frac := int64(math.Ldexp(fr, int(f.man)+1)) - 1<<f.man
	return int64(E+f.bias)<<f.man | frac
}

func (f *Format) valMag(m int64) float64 {
	switch f.kind {
	case b64:
		return math.Float64frombits(uint64(m))
	case b32:
		return float64(math.Float32frombits(uint32(m)))
	}
	e := int(m >> f.man)
	frac := float64(m & (1<<f.man - 1))
	switch {
	case m == f.infMag:
		return math.Inf(1)
	case e == 0:
		return math.Ldexp(frac, 1-f.bias-int(f.man))
	}
	return math.Ldexp(frac+float64(int64(1)<<f.man), e-f.bias-int(f.man))
}

// Round rounds v to the nearest value of the format, ties to even, with
// overflow to ±inf and gradual underflow, as IEEE 754's default rounding.
func (f *Format) Round(v float64) float64 {
	switch f.kind {
	case b64:
		return v
	case b32:
		return float64(float32(v))
	}
	if v != v || math.IsInf(v, 0) || v == 0 {
		return v
	}
	a := math.Abs(v)
	_, e := math.Frexp(a)
	E := max(e-1, 1-f.bias)
	q := math.Ldexp(1, E-int(f.man)) // the quantum at a's exponent
	r := math.RoundToEven(a/q) * q
	if r >= math.Ldexp(1, f.bias+1) {
		r = math.Inf(1)
	}
	return math.Copysign(r, v)
}

// MaxFinite is the largest finite value of the format.
func (f *Format) MaxFinite() float64 { return f.Val(f.infMag - 1) }

// FromInt converts an exact integer to the nearest value of the format
// (C's integer to floating conversion, rounding to nearest even).
func (f *Format) FromInt(i fd.Int) float64 {
	if i.IsInt64() {
		switch f.kind {
		case b64:
			return float64(i.Int64())
		case b32:
			return float64(float32(i.Int64()))
		}
	} else if i.IsUint64() {
		switch f.kind {
		case b64:
			return float64(i.Uint64())
		case b32:
			return float64(float32(i.Uint64()))
		}
	}
	if f.kind != generic {
		panic("fp.FromInt: integer beyond 64 bits")
	}
	// A small format (at most 6 exponent bits: below 2^33) rounds the
	// exactly converted value; an integer beyond 2^53 overflows it.
	lim := fd.Pow2(53)
	switch {
	case lim.Less(i):
		return math.Inf(1)
	case i.Less(lim.Neg()):
		return math.Inf(-1)
	}
	return f.Round(float64(i.Int64()))
}

// truncInt returns trunc(v) as an exact integer, saturated at ±2^120
// (beyond every C integer type), for v finite or infinite, not NaN.
func truncInt(v float64) fd.Int {
	t := math.Trunc(v)
	lim := math.Ldexp(1, 120)
	switch {
	case t >= lim:
		return fd.Pow2(120)
	case t <= -lim:
		return fd.Pow2(120).Neg()
	case math.Abs(t) < 1<<62:
		return fd.I64(int64(t))
	}
	fr, e := math.Frexp(math.Abs(t)) // |t| = fr·2^e, 62 < e ≤ 120
	m := fd.I64(int64(math.Ldexp(fr, 53))).Lsh(uint(e - 53))
	if t < 0 {
		return m.Neg()
	}
	return m
}
