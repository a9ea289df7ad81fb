package abi

import (
	"encoding/binary"
	"fmt"
	"math"
)

// Value is a value of a Type: the bits of a scalar, or the values of an
// aggregate's parts.
type Value struct {
	Lo, Hi uint64   // scalar bits, little-endian (Hi: bytes 8..15)
	Parts  []*Value // Struct: per field (nil for unnamed bit-fields); Array: per element; Union: only Parts[Member] is set
	Member int      // Union: the member the value is written through
}

// Leaf is one scalar of a value and the C access path that reaches it
// from the object (".f1[2].f0"; "" for a scalar object).
type Leaf struct {
	Path string
	Type *Type // the scalar type (a bit-field's declared type)
	Bits int   // bit-field width, -1 for an ordinary scalar
	Val  *Value
}

// FieldName is the C name of member i.
func FieldName(i int) string { return fmt.Sprintf("f%d", i) }

// Leaves lists the scalars of v, a value of t, in memory order of the
// declaration (for a union, the active member only).
func Leaves(t *Type, v *Value) []Leaf {
	var ls []Leaf
	var walk func(t *Type, v *Value, path string, bits int)
	walk = func(t *Type, v *Value, path string, bits int) {
		switch t.Kind {
		case Array:
			for i := 0; i < t.Len; i++ {
				walk(t.Elem, v.Parts[i], fmt.Sprintf("%s[%d]", path, i), -1)
			}
		case Struct:
			for i, f := range t.Fields {
				if !f.Unnamed {
					walk(f.Type, v.Parts[i], path+"."+FieldName(i), f.Bits)
				}
			}
		case Union:
			walk(t.Fields[v.Member].Type, v.Parts[v.Member], path+"."+FieldName(v.Member), -1)
		default:
			ls = append(ls, Leaf{Path: path, Type: t, Bits: bits, Val: v})
		}
	}
	walk(t, v, "", -1)
	return ls
}

// Bytes are the significant bytes of a leaf's value, little-endian: the
// stream in which Bailey and Davidson's 2-byte windows are unique.
func (l Leaf) Bytes() []byte {
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:8], l.Val.Lo)
	binary.LittleEndian.PutUint64(b[8:], l.Val.Hi)
	return b[:leafWidth(l.Type, l.Bits)]
}

// leafWidth is the number of significant bytes of a scalar.
func leafWidth(t *Type, bits int) int {
	switch {
	case bits >= 0:
		return (bits + 7) / 8
	case t.Kind == LongDouble:
		return 10
	}
	return scalarSize(t.Kind)
}

// Check is one comparison a side makes on a leaf: the 64-bit pattern
// the C expression (see emit.go) must produce. Scalars of 16 bytes take
// two checks, the low part and the high part (Part 1).
type Check struct {
	Part int
	Want uint64
}

// Checks are the comparisons of a leaf read as type read (its own type,
// or the promoted type a variadic callee reads).
func (l Leaf) Checks(read *Type) []Check {
	v := l.Val
	switch read.Kind {
	case Int128, UInt128, Float128:
		return []Check{{0, v.Lo}, {1, v.Hi}}
	case LongDouble:
		return []Check{{0, v.Lo}, {1, v.Hi & 0xffff}}
	case Double:
		if l.Type.Kind == Float { // promoted: the double with the float's value
			return []Check{{0, math.Float64bits(float64(math.Float32frombits(uint32(v.Lo))))}}
		}
		return []Check{{0, v.Lo}}
	case Float:
		return []Check{{0, v.Lo}}
	}
	// Integers, enums, pointers: the value converted to unsigned long long.
	width := 8 * scalarSize(l.Type.Kind)
	if l.Bits >= 0 {
		width = l.Bits
	}
	signed := l.Type.IsSigned()
	if l.Type.Kind == Bool {
		return []Check{{0, v.Lo & 1}}
	}
	return []Check{{0, extend(v.Lo, width, signed)}}
}

// extend sign- or zero-extends the low width bits of x.
func extend(x uint64, width int, signed bool) uint64 {
	if width >= 64 {
		return x
	}
	x &= 1<<width - 1
	if signed && x&(1<<(width-1)) != 0 {
		x |= ^uint64(0) << width
	}
	return x
}

// windows hands out leaf values so that every 2-byte window of a call's
// byte stream (the values' bytes but those of _Bool and the top bytes of
// bit-fields) is unique: a value that arrives shifted or swapped then
// names where its bytes came from (Locate).
type windows struct {
	used   map[uint16]bool
	prev   int // the last byte of the stream, -1 at its start
	stream []byte
	owner  []int // leaf index of each stream byte
	dups   int   // windows that could not be made unique
}

func newWindows() *windows { return &windows{used: map[uint16]bool{}, prev: -1} }

// leaf draws the bytes of one scalar: n bytes, the last masked for a
// bit-field, 0 or 1 for a _Bool, floating values normal (no zero,
// subnormal, infinity or NaN, whose bits an honest conversion may
// change); index is the leaf's index for Locate.
func (w *windows) leaf(r *Rand, t *Type, bits, index int) (lo, hi uint64) {
	n := leafWidth(t, bits)
	mask := make([]byte, n)
	for i := range mask {
		mask[i] = 0xff
	}
	if bits >= 0 && bits%8 != 0 {
		mask[n-1] = byte(1<<(bits%8) - 1)
	}
	if t.Kind == Bool {
		mask[n-1] = 1
	}
	var best []byte
	bestDups := -1
	for attempt := 0; attempt < 64; attempt++ {
		bs, dups := w.draw(r, mask)
		if !validFloat(t.Kind, bs) {
			continue
		}
		if bestDups < 0 || dups < bestDups {
			best, bestDups = bs, dups
		}
		if dups == 0 {
			break
		}
	}
	if best == nil { // only when floats keep coming out invalid: a fixed normal value
		best = normalFloat(t.Kind)
		bestDups = 0
	}
	w.dups += bestDups
	for i, b := range best {
		if mask[i] != 0xff {
			continue
		}
		if w.prev >= 0 {
			w.used[uint16(w.prev)<<8|uint16(b)] = true
		}
		w.prev = int(b)
		w.stream = append(w.stream, b)
		w.owner = append(w.owner, index)
	}
	var buf [16]byte
	copy(buf[:], best)
	return binary.LittleEndian.Uint64(buf[:8]), binary.LittleEndian.Uint64(buf[8:])
}

// draw picks bytes under mask, each full byte making a window with the
// full byte before it that is not used yet when it can; it returns how
// many windows it had to repeat. Bytes with a mask (a _Bool, the top
// byte of a bit-field) have too few values to be told apart and are
// left out of the stream.
func (w *windows) draw(r *Rand, mask []byte) ([]byte, int) {
	bs := make([]byte, len(mask))
	local := map[uint16]bool{}
	prev, dups := w.prev, 0
	for i, m := range mask {
		var b byte
		for try := 0; try < 48; try++ {
			b = byte(r.IntN(256)) & m
			win := uint16(prev)<<8 | uint16(b)
			if m != 0xff || prev < 0 || !w.used[win] && !local[win] {
				break
			}
			if try == 47 {
				dups++
			}
		}
		bs[i] = b
		if m != 0xff {
			continue
		}
		if prev >= 0 {
			local[uint16(prev)<<8|uint16(b)] = true
		}
		prev = int(b)
	}
	return bs, dups
}

// validFloat reports whether the bytes of a floating scalar make a
// normal number (and, for long double, one with the explicit integer
// bit set); other kinds are always valid.
func validFloat(k Kind, bs []byte) bool {
	var buf [16]byte
	copy(buf[:], bs)
	lo, hi := binary.LittleEndian.Uint64(buf[:8]), binary.LittleEndian.Uint64(buf[8:])
	var e, emax uint64
	switch k {
	case Float:
		e, emax = lo>>23&0xff, 0xff
	case Double:
		e, emax = lo>>52&0x7ff, 0x7ff
	case LongDouble:
		if lo>>63 == 0 {
			return false
		}
		e, emax = hi&0x7fff, 0x7fff
	case Float128:
		e, emax = hi>>48&0x7fff, 0x7fff
	default:
		return true
	}
	return e != 0 && e != emax
}

// normalFloat is 1.5 in the format of k.
func normalFloat(k Kind) []byte {
	var buf [16]byte
	switch k {
	case Float:
		binary.LittleEndian.PutUint32(buf[:], math.Float32bits(1.5))
	case Double:
		binary.LittleEndian.PutUint64(buf[:], math.Float64bits(1.5))
	case LongDouble:
		binary.LittleEndian.PutUint64(buf[:], 0xc000000000000000)
		binary.LittleEndian.PutUint16(buf[8:], 0x3fff)
	case Float128:
		binary.LittleEndian.PutUint64(buf[8:], 0x3fff800000000000)
	}
	return buf[:leafWidth(Basic(k), -1)]
}

// value draws a value of t, its leaves taking windows in order; leaf
// counts the leaves drawn so far (for Locate).
func (w *windows) value(r *Rand, t *Type, leaf *int) *Value {
	v := &Value{}
	switch t.Kind {
	case Array:
		for i := 0; i < t.Len; i++ {
			v.Parts = append(v.Parts, w.value(r, t.Elem, leaf))
		}
	case Struct:
		for _, f := range t.Fields {
			if f.Unnamed {
				v.Parts = append(v.Parts, nil)
				continue
			}
			if f.Bits >= 0 {
				p := &Value{}
				p.Lo, p.Hi = w.leaf(r, f.Type, f.Bits, *leaf)
				*leaf++
				v.Parts = append(v.Parts, p)
				continue
			}
			v.Parts = append(v.Parts, w.value(r, f.Type, leaf))
		}
	case Union:
		v.Member = r.IntN(len(t.Fields))
		v.Parts = make([]*Value, len(t.Fields))
		v.Parts[v.Member] = w.value(r, t.Fields[v.Member].Type, leaf)
	default:
		v.Lo, v.Hi = w.leaf(r, t, -1, *leaf)
		*leaf++
	}
	return v
}
