package ir

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The conversions of C11 6.3.1.8 depend on the widths: on ILP32, long and
// unsigned int have the same width, so their common type is unsigned
// long (32 bits); on LP64 it is long. long long with unsigned long is
// long long on ILP32 (it holds every unsigned long), unsigned long long
// on LP64.
func TestUsualArithByDataModel(t *testing.T) {
	for _, c := range []struct {
		dm         DataModel
		a, b       Kind
		kind       Kind
		size, algn int64
	}{
		{LP64, Long, UInt, Long, 8, 8},
		{ILP32, Long, UInt, ULong, 4, 4},
		{LP64, LongLong, ULong, ULongLong, 8, 8},
		{ILP32, LongLong, ULong, LongLong, 8, 4},
		{ILP32, Long, Int, Long, 4, 4},
		{ILP32, LongLong, ULongLong, ULongLong, 8, 4},
	} {
		got := UsualArith(c.dm.IntType(c.a), c.dm.IntType(c.b))
		require.Equal(t, c.kind, got.Kind, "%s: %s and %s", c.dm, c.a, c.b)
		require.Equal(t, c.size, got.Size(), "%s: %s and %s", c.dm, c.a, c.b)
		require.Equal(t, c.algn, got.Align(), "%s: %s and %s", c.dm, c.a, c.b)
	}
	require.Equal(t, int64(4), ILP32.PointerTo(IntType).Size())
	require.Equal(t, int64(8), LP64.PointerTo(IntType).Size())
	require.Equal(t, int64(8), ILP32.Index().Size(), "an index is wider than an ILP32 pointer")
	require.Equal(t, uint64(1<<32-1), ILP32.IntType(ULong).MaxUint())
	require.Equal(t, int64(-1<<31), ILP32.Long().MinInt())
	enum := *ILP32.Long()
	enum.Tag = "big"
	require.Equal(t, int64(4), Promote(&enum).Size(), "an enum promotes to its own long")
}

// TestBitByteMask: the bytes of Csmith's `struct S0 { uint16_t f0; signed
// f1 : 9; unsigned f2 : 25; }` (seed 284 of its default flags) that hold
// bit-fields are leaves whose Mask is the bits the fields hold: f1 has
// bits 16-24, f2 starts its own unit (bits 32-56); the others are padding,
// which gcc left as the stack held them in a local copied into a global.
func TestBitByteMask(t *testing.T) {
	s := NewStruct("S0", []Field{{Name: "f0", Type: UShortType}, {Name: "f1", Type: IntType, BitField: true, Bits: 9},
		{Name: "f2", Type: UIntType, BitField: true, Bits: 25}})
	masks := map[string]uint8{}
	for _, l := range s.Leaves() {
		if l.BitBytes {
			masks[l.Path] = l.Mask
		}
	}
	want := map[string]uint8{"{byte 2}": 0xff, "{byte 3}": 0x01, "{byte 4}": 0xff, "{byte 5}": 0xff, "{byte 6}": 0xff, "{byte 7}": 0x01}
	require.Equal(t, want, masks)
}
