package fp

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/inka-tool/inka/fd"
)

// bitsDom draws a domain of Mini8 bit patterns (0..255).
func bitsDom(r *rand.Rand) fd.Domain {
	a := int64(r.IntN(256))
	b := a + int64(r.IntN(256-int(a)))
	if r.IntN(3) == 0 {
		b = a + int64(r.IntN(min(8, 256-int(a))))
	}
	return fd.RangeInt64(a, b)
}

func TestBitsSoundMini8(t *testing.T) {
	f := Mini8
	// The reference decodes the pattern by hand: sign, exponent, significand.
	dec := func(b int64) int64 {
		e, m := (b>>3)&15, b&7
		var v float64
		switch {
		case e == 15 && m != 0:
			return f.NaN()
		case e == 15:
			v = math.Inf(1)
		case e == 0:
			v = math.Ldexp(float64(m), -9)
		default:
			v = math.Ldexp(float64(8+m), int(e)-10)
		}
		if b&128 != 0 {
			v = math.Copysign(v, -1)
		}
		return f.Ord(v)
	}
	p := &un{name: "bits", sh: shapeBits(f)}
	fnOn(t, "bits", p, []func(*rand.Rand) fd.Domain{bitsDom, domGen(f)},
		func(v []int64) int64 { return dec(v[0]) }, 3000)
	for b := int64(0); b < 256; b++ {
		if o := f.OrdOfBits(uint64(b)); o != dec(b) {
			t.Fatalf("pattern %#x: ordinal %d, want %d", b, o, dec(b))
		}
		if o := dec(b); f.OrdOfBits(f.BitsOfOrd(o)) != o {
			t.Fatalf("ordinal %d: pattern %#x does not map back", o, f.BitsOfOrd(o))
		}
	}
	for _, v := range []float64{0, math.Copysign(0, -1), 1.5, -3, math.Inf(-1), math.NaN()} {
		if b := Binary64.BitsOfOrd(Binary64.Ord(v)); !(b == math.Float64bits(v) || v != v && math.IsNaN(math.Float64frombits(b))) {
			t.Fatalf("bits of %v: %#x", v, b)
		}
	}
}

func TestBitsBranchesPartition(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for n := 0; n < 2000; n++ {
		d := bitsDom(r)
		u := fd.EmptyDomain
		bs := BitsBranches(Mini8, d)
		for _, b := range bs {
			if b.IsEmpty() || !b.Disjoint(u) || !b.SubsetOf(d) || b.Size() == d.Size() {
				t.Fatalf("%v: branches %v do not partition it", d, bs)
			}
			u = u.Union(b)
		}
		if bs != nil && !u.Equal(d) {
			t.Fatalf("%v: branches %v miss patterns", d, bs)
		}
	}
}
