package fp

import (
	"fmt"

	"github.com/inka-tool/inka/fd"
)

// Bits links the two views of a float: bits holds its IEEE bit pattern
// (an unsigned integer of the format's width, as C's memory holds it),
// ord its ordinal. Every NaN pattern (quiet or signalling, either sign)
// maps to the one NaN ordinal, so the bits of a NaN are free: a model
// that moves floats as bit patterns computes on ordinals through this
// channel. On the patterns the map is monotone by pieces (increasing on
// the positive patterns, decreasing on the negative ones), so the generic
// projection applies.
func Bits(f *Format, ord, bits *fd.Var) fd.Constraint {
	return &projC{&un{name: fmt.Sprintf("ord(%s)", f), sh: shapeBits(f), z: ord, x: bits}}
}

// width is the number of bits of the format's pattern.
func (f *Format) width() uint { return 1 + f.exp + f.man }

func shapeBits(f *Format) *unShape {
	sign := fd.Pow2(f.width() - 1)
	m := fd.I64(f.infMag)
	top := fd.Pow2(f.width()).Dec()
	nan := fd.I64(f.NaN())
	xc := []class{
		{fd.I64(0), m, 1},           // +0 … +inf
		{m.Inc(), sign.Dec(), 0},    // positive NaNs
		{sign, sign.Add(m), -1},     // -0 … -inf
		{sign.Add(m).Inc(), top, 0}, // negative NaNs
	}
	return &unShape{xc: xc, nan: nan, dir: func(s int) int { return s },
		eval: func(b fd.Int) fd.Int {
			switch {
			case b.Leq(m):
				return b
			case b.Less(sign):
				return nan
			case b.Leq(sign.Add(m)):
				return b.Sub(sign).Inc().Neg() // -1 - magnitude
			}
			return nan
		}}
}

// OrdOfBits returns the ordinal of a bit pattern of f.
func (f *Format) OrdOfBits(b uint64) int64 { return shapeBits(f).eval(fd.U64(b)).Int64() }

// BitsOfOrd returns the bit pattern of an ordinal of f (NaN: the quiet
// NaN with the sign bit clear).
func (f *Format) BitsOfOrd(o int64) uint64 {
	sign := uint64(1) << (f.width() - 1)
	switch {
	case o == f.NaN():
		return uint64(f.infMag) | 1<<(f.man-1)
	case o < 0:
		return sign | uint64(-1-o)
	}
	return uint64(o)
}

// BitsBranches is Branches for a float held as its bit pattern: the
// decisions on the pattern variable's domain bits, in the order Branches
// gives them on the floats (+0, 1, -1, the bounds, NaN, halves). When
// the patterns left are all NaNs, the default quiet NaN (BitsOfOrd) comes
// first: the value every compiler passes and computes alike (a
// signalling NaN, the lowest positive NaN pattern, is not: gcc's and
// clang's fmin treat it apart). When they are all one other float, or
// NaNs without the quiet NaN, there are none: the caller labels the
// patterns as integers.
func BitsBranches(f *Format, bits fd.Domain) []fd.Domain {
	sh := shapeBits(f)
	_, ords := sh.project(bits, f.Full())
	if nan := fd.I64(f.NaN()); ords.Size().Leq(fd.I64(1)) && ords.Contains(nan) {
		q := fd.U64(f.BitsOfOrd(f.NaN()))
		if bits.Contains(q) && !bits.Size().Leq(fd.I64(1)) {
			return []fd.Domain{fd.Singleton(q), bits.Remove(q)}
		}
		return nil
	}
	var out []fd.Domain
	for _, b := range Branches(f, ords) {
		// Interval by interval: the preimage of an interval of ordinals
		// is exact (the map is one to one but on NaN), that of a domain
		// with holes would be its hull.
		nx := fd.EmptyDomain
		for _, iv := range b.Intervals() {
			px, _ := sh.project(bits, fd.Range(iv.Lo, iv.Hi))
			nx = nx.Union(px)
		}
		if !nx.IsEmpty() {
			out = append(out, nx)
		}
	}
	return out
}
