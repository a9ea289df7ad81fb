package arith

import (
	"math/rand/v2"

	"github.com/inka-tool/inka/ir"
)

// intTypes are the types of variables and casts: every integer type of
// the LP64 target (char is signed and printed "signed char").
var intTypes = []*ir.Type{
	ir.BoolType, ir.CharType, ir.UCharType, ir.ShortType, ir.UShortType,
	ir.IntType, ir.UIntType, ir.LongType, ir.ULongType, ir.LongLongType, ir.ULongLongType,
}

// litTypes are the types an integer constant can have (those of rank at
// least int: a decimal literal with a suffix).
var litTypes = []*ir.Type{
	ir.IntType, ir.UIntType, ir.LongType, ir.ULongType, ir.LongLongType, ir.ULongLongType,
}

// randValue draws a value of type t, biased toward the values where
// arithmetic goes wrong: the type's boundaries, 0, ±1, powers of two and
// their neighbours, and small numbers (shift counts).
func randValue(r *rand.Rand, t *ir.Type) uint64 {
	w := t.Bits()
	var v uint64
	switch r.IntN(12) {
	case 0:
		v = 0
	case 1:
		v = 1
	case 2:
		v = ^uint64(0) // -1, or the maximum of an unsigned type
	case 3:
		v = t.MaxUint()
	case 4:
		v = uint64(t.MinInt())
		if !t.IsSigned() {
			v = t.MaxUint() - uint64(r.IntN(2)) // MAX-1 or MAX
		}
	case 5:
		v = t.MaxUint() - uint64(r.IntN(3))
	case 6:
		v = uint64(t.MinInt()) + uint64(r.IntN(3))
	case 7:
		v = uint64(r.IntN(70)) // around the shift widths
	case 8:
		v = 1<<uint(r.IntN(w)) + uint64(r.IntN(3)) - 1 // 2^k-1, 2^k, 2^k+1
		if r.IntN(2) == 0 && t.IsSigned() {
			v = -v
		}
	case 9:
		v = uint64(r.IntN(2000)) - 1000
	default:
		v = r.Uint64()
	}
	return ir.Truncate(t, v)
}

// partner returns a type for the other operand of a binary operator whose
// first operand has type t that makes the usual arithmetic conversions do
// something: the opposite signedness, a rank below or above.
func partner(r *rand.Rand, t *ir.Type) *ir.Type {
	var cands []*ir.Type
	for _, u := range intTypes {
		if u.Kind != ir.Bool && u.IsSigned() != t.IsSigned() {
			cands = append(cands, u)
		}
	}
	return cands[r.IntN(len(cands))]
}
