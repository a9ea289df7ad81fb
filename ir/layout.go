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
func NewStruct(tag string, fields []Field) *Type {
	return NewPackedStruct(tag, fields, 0)
}

// NewPackedStruct is NewStruct under `#pragma pack(pack)` (pack 0: none):
// a member other than a bit-field is aligned to at most pack bytes, and so
// is the struct. Under pack(1) a bit-field goes at the next free bit,
// whatever its unit. (Bit-fields under other packs are placed by other
// rules, not modelled: the front end refuses them.)
func NewPackedStruct(tag string, fields []Field, pack int64) *Type {
	t := &Type{Kind: Struct, Tag: tag, align: 1}
	bit := int64(0)     // the next free bit
	leafEnd := int64(0) // the end of the bytes of bit-fields given as leaves
	for i := range fields {
		f := &fields[i]
		a := f.Type.align
		f.byte0, f.nbytes = 0, 0
		if f.BitField {
			// the unit: sizeof(T) bytes from a multiple of T's alignment
			// (its size on x86-64; long long is aligned to 4 on i386)
			unit, step := f.Type.size*8, a*8
			switch {
			case f.Bits == 0:
				bit = roundUp(bit, step)
			case pack == 1:
				// packed: at the next free bit, whatever its unit
			case bit+f.Bits > bit/step*step+unit:
				bit = roundUp(bit, step)
			}
			f.Offset = bit / step * a
			if pack == 1 {
				f.Offset = bit / 8
			}
			f.BitOff = bit - f.Offset*8
			if f.Name != "" && f.Bits > 0 {
				f.byte0 = max(bit/8, leafEnd)
				leafEnd = (bit + f.Bits + 7) / 8
				f.nbytes = leafEnd - f.byte0
			}
			bit += f.Bits
			if a = packed(a, pack); f.Name != "" && a > t.align {
				t.align = a
			}
			continue
		}
		if f.Flexible {
			a = f.Type.Elem.align
		}
		a = packed(a, pack)
		f.Offset = roundUp((bit+7)/8, a)
		bit = (f.Offset + f.Type.size) * 8
		if a > t.align {
			t.align = a
		}
	}
	t.size = roundUp((bit+7)/8, t.align)
	t.Fields = fields
	return t
}

// NewUnion returns a union type: every member at offset 0 (a bit-field in
// the low bits of its unit), the size that of the largest member (a
// bit-field counts its bytes) rounded up to the largest alignment (unnamed
// bit-fields do not count).
func NewUnion(tag string, fields []Field) *Type {
	return NewPackedUnion(tag, fields, 0)
}

// NewPackedUnion is NewUnion under `#pragma pack(pack)` (pack 0: none).
func NewPackedUnion(tag string, fields []Field, pack int64) *Type {
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
		if a := packed(f.Type.align, pack); a > t.align && (!f.BitField || f.Name != "") {
			t.align = a
		}
	}
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
