package ir

// The layout of structs and unions, as gcc lays them out on x86-64 (the
// System V psABI): the one place in inka that computes sizes, alignments,
// member offsets and bit-field positions. The front end checks its results
// against cc's, and frontend/layout_test.go against gcc's own offsetof,
// sizeof and bit patterns.

// OpaqueOf returns an Opaque type: a type inka does not model, named by its
// C spelling, with the size and alignment gcc gives it.
func OpaqueOf(name string, size, align int64) *Type {
	return &Type{Kind: Opaque, Tag: name, size: size, align: align}
}

// NewStruct returns a struct type with the given members laid out as gcc
// does on x86-64:
//   - a member that is not a bit-field goes at the next multiple of its
//     alignment after the previous member's last byte (or bit);
//   - a bit-field of width w and declared type T goes at the next free
//     bit, unless its bits would straddle a boundary of the sizeof(T)-byte
//     units of the struct, in which case it starts the next unit; a
//     zero-width bit-field moves the next member to the next unit of T;
//   - a flexible array member goes at the next multiple of its element's
//     alignment and takes no room;
//   - the struct's alignment is the largest alignment of its members
//     (unnamed bit-fields do not count), and its size is rounded up to it.
//
// Layout says how gcc's extensions (#pragma pack, the packed and aligned
// attributes, _Alignas) change these rules.
func NewStruct(tag string, fields []Field) *Type {
	return NewStructLayout(tag, fields, Layout{})
}

// NewPackedStruct is NewStruct under `#pragma pack(pack)` (pack 0: none).
func NewPackedStruct(tag string, fields []Field, pack int64) *Type {
	return NewStructLayout(tag, fields, Layout{Pack: pack})
}

// Layout is what a struct's or union's declaration asks of its layout
// beyond its members' types, in gcc's extensions (rules measured against
// gcc 14 for x86-64 and i386 by frontend/layout_test.go):
//   - Pack, `#pragma pack(Pack)` in effect (0: none): a member's alignment
//     is at most Pack, an alignment requested by the member included;
//   - Packed, `__attribute__((packed))` on the struct: every member is
//     packed, as by Field.Packed;
//   - Align, `__attribute__((aligned(Align)))` on the struct (0: none):
//     the struct's alignment is at least Align, whatever the pack.
//
// Under a pack of any value, and for a packed bit-field, a bit-field goes
// at the next free bit, whatever its unit (gcc drops the straddling rule
// when a pack is in effect), and counts for the struct's alignment with
// its type's alignment capped by the pack (1 when packed and under no
// pack). A zero-width
// bit-field is never packed: it moves the next member to the next unit of
// its type.
type Layout struct {
	Pack   int64
	Packed bool
	Align  int64
}

// memberAlign is the alignment gcc places member f at under l: its type's,
// raised to the alignment the member requests (Field.Align), lowered to 1
// when packed unless it requests one, capped by the pack.
func (l Layout) memberAlign(f *Field) int64 {
	a := f.Type.align
	if f.Flexible {
		a = f.Type.Elem.align
	}
	if l.Packed || f.Packed {
		a = 1
	}
	a = max(a, f.Align)
	return packed(a, l.Pack)
}

// bitPacked reports whether bit-field f goes at the next free bit.
func (l Layout) bitPacked(f *Field) bool { return l.Pack > 0 || l.Packed || f.Packed }

// NewStructLayout is NewStruct with gcc's extensions l.
func NewStructLayout(tag string, fields []Field, l Layout) *Type {
	t := &Type{Kind: Struct, Tag: tag, align: 1}
	bit := int64(0)     // the next free bit
	leafEnd := int64(0) // the end of the bytes of bit-fields given as leaves
	for i := range fields {
		f := &fields[i]
		f.byte0, f.nbytes = 0, 0
		if !f.BitField {
			a := l.memberAlign(f)
			f.Offset = roundUp((bit+7)/8, a)
			bit = (f.Offset + f.Type.size) * 8
			t.align = max(t.align, a)
			continue
		}
		// the unit: sizeof(T) bytes from a multiple of T's alignment
		// (its size on x86-64; long long is aligned to 4 on i386)
		a := f.Type.align
		unit, step := f.Type.size*8, a*8
		if f.Align > 0 && f.Bits > 0 {
			bit = roundUp(bit, packed(f.Align, l.Pack)*8)
		}
		switch {
		case f.Bits == 0:
			bit = roundUp(bit, step)
		case l.bitPacked(f):
			// at the next free bit, whatever its unit
		case bit+f.Bits > bit/step*step+unit:
			bit = roundUp(bit, step)
		}
		f.Offset = bit / step * a
		if l.bitPacked(f) {
			f.Offset = bit / 8
		}
		f.BitOff = bit - f.Offset*8
		if f.Name != "" && f.Bits > 0 {
			f.byte0 = max(bit/8, leafEnd)
			leafEnd = (bit + f.Bits + 7) / 8
			f.nbytes = leafEnd - f.byte0
		}
		bit += f.Bits
		if f.Name != "" || (f.Align > 0 && f.Bits > 0) {
			t.align = max(t.align, bitAlign(f, l))
		}
	}
	t.align = max(t.align, l.Align)
	t.size = roundUp((bit+7)/8, t.align)
	t.Fields = fields
	return t
}

// bitAlign is the alignment a bit-field of non-zero width gives its
// struct or union.
// Under a #pragma pack, a packed one counts as if it were not.
func bitAlign(f *Field, l Layout) int64 {
	a := f.Type.align
	if (l.Packed || f.Packed) && l.Pack == 0 {
		a = 1
	}
	return packed(max(a, f.Align), l.Pack)
}

// NewUnion returns a union type: every member at offset 0 (a bit-field in
// the low bits of its unit), the size that of the largest member (a
// bit-field counts its bytes) rounded up to the largest alignment (unnamed
// bit-fields do not count).
func NewUnion(tag string, fields []Field) *Type {
	return NewUnionLayout(tag, fields, Layout{})
}

// NewPackedUnion is NewUnion under `#pragma pack(pack)` (pack 0: none).
func NewPackedUnion(tag string, fields []Field, pack int64) *Type {
	return NewUnionLayout(tag, fields, Layout{Pack: pack})
}

// NewUnionLayout is NewUnion with gcc's extensions l (see Layout).
func NewUnionLayout(tag string, fields []Field, l Layout) *Type {
	t := &Type{Kind: Union, Tag: tag, align: 1}
	for i := range fields {
		f := &fields[i]
		f.Offset, f.BitOff = 0, 0
		f.byte0, f.nbytes = 0, 0
		size := f.Type.size
		if f.BitField {
			size = (f.Bits + 7) / 8
		}
		if size > t.size {
			t.size = size
		}
		switch {
		case !f.BitField:
			t.align = max(t.align, l.memberAlign(f))
		case f.Bits > 0 && (f.Name != "" || f.Align > 0):
			t.align = max(t.align, bitAlign(f, l))
		}
	}
	t.align = max(t.align, l.Align)
	t.size = roundUp(t.size, t.align)
	t.Fields = fields
	if t.UnionMember() < 0 {
		// bit-fields only: the bytes of the widest are the union's leaves
		w := -1
		for i := range fields {
			if f := &fields[i]; f.BitField && f.Name != "" && f.Bits > 0 && (w < 0 || f.Bits > fields[w].Bits) {
				w = i
			}
		}
		if w >= 0 {
			fields[w].nbytes = (fields[w].Bits + 7) / 8
		}
	}
	return t
}

// packed is the alignment of a member of alignment a under a pack (0:
// none).
func packed(a, pack int64) int64 {
	if pack > 0 && a > pack {
		return pack
	}
	return a
}

func roundUp(n, a int64) int64 {
	if a <= 1 {
		return n
	}
	return (n + a - 1) / a * a
}
