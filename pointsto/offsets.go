package pointsto

import (
	"fmt"
	"sort"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// Locations are byte offsets in objects, with the arrays collapsed: the
// canonical offset of a byte is its offset with the index of every array
// it lies in (along the nesting of its object's type) set to 0, so that
// a[i].f names one location, the summary of every element's f, as in
// Emami's analysis. A canonical offset stands for the set of concrete
// offsets it collapses (expand); pointer arithmetic is computed on that
// set and canonicalized again (shift). Offsets inside a union are not
// collapsed (its members overlap: an offset may be in an array of one
// member and not of another). The offset one past the end of an object is
// its own location (size), that no access may use.

// AnyOff is the offset of a location that stands for any byte of its
// object (pointer arithmetic whose results the analysis does not
// enumerate).
const AnyOff int64 = -1

// maxExpand bounds the concrete offsets the analysis enumerates for one
// location, and maxShift the distinct locations one pointer arithmetic
// may give: past them, the result is AnyOff.
const (
	maxExpand = 1 << 14
	maxShift  = 64
)

// canon returns the canonical offset of byte off of an object of type t
// (0 <= off <= size).
func canon(t *ir.Type, off int64) int64 {
	if off < 0 || off >= t.Size() {
		return off
	}
	switch t.Kind {
	case ir.Array:
		es := t.Elem.Size()
		if es <= 0 {
			return off
		}
		return canon(t.Elem, off%es)
	case ir.Struct:
		if f := t.FieldAt(off); f != nil {
			return f.Offset + canon(f.Type, off-f.Offset)
		}
	}
	return off
}

// expand returns the concrete offsets whose canonical offset is off (a
// canonical offset of an object of type t), in increasing order; ok is
// false when there are more than maxExpand.
func expand(t *ir.Type, off int64) (out []int64, ok bool) {
	return expandInto(t, off, nil)
}

func expandInto(t *ir.Type, off int64, out []int64) ([]int64, bool) {
	if off < 0 || off >= t.Size() {
		return append(out, off), true
	}
	switch t.Kind {
	case ir.Array:
		es := t.Elem.Size()
		if es <= 0 {
			break
		}
		sub, ok := expandInto(t.Elem, off, nil)
		if !ok || int64(len(sub))*t.Len > maxExpand {
			return nil, false
		}
		for i := int64(0); i < t.Len; i++ {
			for _, s := range sub {
				out = append(out, i*es+s)
			}
		}
		return out, true
	case ir.Struct:
		if f := t.FieldAt(off); f != nil {
			sub, ok := expandInto(f.Type, off-f.Offset, nil)
			if !ok {
				return nil, false
			}
			for _, s := range sub {
				out = append(out, f.Offset+s)
			}
			return out, true
		}
	}
	return append(out, off), true
}

// summary reports whether canonical offset off of an object of type t
// stands for more than one byte (it lies in an array of several
// elements).
func summary(t *ir.Type, off int64) bool {
	if off == AnyOff {
		return true
	}
	return enclosedBy(t, off, func(t *ir.Type) bool { return t.Kind == ir.Array && t.Len > 1 })
}

// shift returns the locations a pointer into l reaches by adding delta
// bytes, and any multiple of stride bytes when stride > 0 (an index the
// analysis does not know), keeping those inside the object (one past its
// end included): outside, the arithmetic is undefined.
func shift(l Loc, delta, stride int64) []Loc {
	t := l.Obj.Typ
	if l.Off == AnyOff || t == nil {
		return []Loc{{l.Obj, AnyOff}}
	}
	xs, ok := expand(t, l.Off)
	if !ok {
		return []Loc{{l.Obj, AnyOff}}
	}
	size := t.Size()
	seen := map[int64]bool{}
	add := func(y int64) bool {
		if y < 0 || y > size {
			return true
		}
		seen[canon(t, y)] = true
		return len(seen) <= maxShift
	}
	for _, x := range xs {
		y := x + delta
		if stride <= 0 {
			if !add(y) {
				return []Loc{{l.Obj, AnyOff}}
			}
			continue
		}
		// every y + k*stride in [0, size]
		first := y % stride
		if first < 0 {
			first += stride
		}
		for z := first; z <= size; z += stride {
			if !add(z) {
				return []Loc{{l.Obj, AnyOff}}
			}
		}
	}
	out := make([]Loc, 0, len(seen))
	for off := range seen {
		out = append(out, Loc{l.Obj, off})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Off < out[j].Off })
	return out
}

// Concrete returns the concrete offsets l stands for where an access of
// size n fits in the object: the expansion of its offset, or for AnyOff
// every offset aligned to align. ok is false when there are too many.
func Concrete(l Loc, n, align int64) ([]int64, bool) { return concrete(l, n, align) }

func concrete(l Loc, n, align int64) ([]int64, bool) {
	t := l.Obj.Typ
	var xs []int64
	if l.Off == AnyOff {
		if align <= 0 {
			align = 1
		}
		if t.Size()/align > maxExpand {
			return nil, false
		}
		for x := int64(0); x+n <= t.Size(); x += align {
			xs = append(xs, x)
		}
		return xs, true
	}
	all, ok := expand(t, l.Off)
	if !ok {
		return nil, false
	}
	for _, x := range all {
		if x >= 0 && x+n <= t.Size() {
			xs = append(xs, x)
		}
	}
	return xs, true
}

// pathOf names byte off of an object of type t: the member path of the
// outermost sub-object that starts there (innermost: of the innermost),
// array indices collapsed; "+k" for a byte no sub-object starts at, "+?"
// for AnyOff, "+end" one past the end.
func pathOf(t *ir.Type, off int64, innermost bool) string {
	switch {
	case off == AnyOff:
		return "+?"
	case t == nil:
		return ""
	case off == t.Size() && off > 0:
		return "+end"
	}
	var b strings.Builder
	for {
		if off == 0 && !innermost {
			return b.String()
		}
		switch t.Kind {
		case ir.Array:
			es := t.Elem.Size()
			if es > 0 && off < t.Size() {
				t, off = t.Elem, off%es
				continue
			}
		case ir.Struct, ir.Union:
			if f := fieldStarting(t, off); f != nil {
				b.WriteString(f.Selector())
				t, off = f.Type, off-f.Offset
				continue
			}
		}
		if off != 0 {
			fmt.Fprintf(&b, "+%d", off)
		}
		return b.String()
	}
}

// fieldStarting returns the member of struct or union t that holds byte
// off (the first member of a union).
func fieldStarting(t *ir.Type, off int64) *ir.Field {
	if t.Kind == ir.Union {
		for i := range t.Fields {
			f := &t.Fields[i]
			if f.Modelled() && off < f.Type.Size() {
				return f
			}
		}
		return nil
	}
	return t.FieldAt(off)
}

// LeafAt returns the scalar type of the leaf at byte off of type t (of the
// first member of a union, as ir.Type.Leaves), or nil when no leaf starts
// there.
func LeafAt(t *ir.Type, off int64) *ir.Type { return leafAt(t, off) }

func leafAt(t *ir.Type, off int64) *ir.Type {
	for {
		switch t.Kind {
		case ir.Array:
			es := t.Elem.Size()
			if es <= 0 || off < 0 || off >= t.Size() {
				return nil
			}
			t, off = t.Elem, off%es
			continue
		case ir.Struct, ir.Union:
			f := fieldStarting(t, off)
			if f == nil {
				return nil
			}
			t, off = f.Type, off-f.Offset
			continue
		}
		if off == 0 && t.IsScalar() {
			return t
		}
		return nil
	}
}

// inUnionAt reports whether byte off of an object of type t (AnyOff: some
// byte) lies in a union.
func inUnionAt(t *ir.Type, off int64) bool {
	if off == AnyOff {
		return hasUnion(t)
	}
	return enclosedBy(t, off, func(t *ir.Type) bool { return t.Kind == ir.Union })
}

// enclosedBy reports whether some type containing byte off of an object
// of type t, from t itself down through array elements and struct
// members, satisfies is. The descent stops at a union or a scalar.
func enclosedBy(t *ir.Type, off int64, is func(*ir.Type) bool) bool {
	for off >= 0 && off < t.Size() {
		if is(t) {
			return true
		}
		switch t.Kind {
		case ir.Array:
			es := t.Elem.Size()
			if es <= 0 {
				return false
			}
			t, off = t.Elem, off%es
		case ir.Struct:
			f := t.FieldAt(off)
			if f == nil {
				return false
			}
			t, off = f.Type, off-f.Offset
		default:
			return false
		}
	}
	return false
}

func hasUnion(t *ir.Type) bool {
	switch t.Kind {
	case ir.Union:
		return true
	case ir.Array:
		return hasUnion(t.Elem)
	case ir.Struct:
		for _, f := range t.Fields {
			if f.Modelled() && hasUnion(f.Type) {
				return true
			}
		}
	}
	return false
}

// pointerOffsets returns the canonical offsets (distinct, increasing) of
// the pointer leaves of type t.
func pointerOffsets(t *ir.Type) []int64 {
	var out []int64
	seen := map[int64]bool{}
	for _, l := range t.Leaves() {
		if !l.Type.IsPointer() {
			continue
		}
		c := canon(t, l.Offset)
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// span is a range of bytes [off, end).
type span struct{ off, end int64 }

// pointerSpans returns the byte ranges of the pointers of an object of
// type t, in every member of its unions, in increasing order.
func pointerSpans(t *ir.Type) []span {
	var out []span
	var walk func(t *ir.Type, off int64)
	walk = func(t *ir.Type, off int64) {
		switch t.Kind {
		case ir.Pointer:
			out = append(out, span{off, off + t.Size()})
		case ir.Array:
			if !t.Elem.HasPointer() {
				return
			}
			for i := int64(0); i < t.Len; i++ {
				walk(t.Elem, off+i*t.Elem.Size())
			}
		case ir.Struct, ir.Union:
			for _, f := range t.Fields {
				if f.Modelled() {
					walk(f.Type, off+f.Offset)
				}
			}
		}
	}
	if t.HasPointer() || hasUnion(t) {
		walk(t, 0)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].off < out[j].off })
	return out
}

// overlaps reports whether [a, a+n) overlaps a span.
func overlaps(spans []span, a, n int64) bool {
	for _, s := range spans {
		if a < s.end && s.off < a+n {
			return true
		}
	}
	return false
}

// isSpan reports whether [a, a+n) is exactly a span.
func isSpan(spans []span, a, n int64) bool {
	for _, s := range spans {
		if s.off == a && s.end == a+n {
			return true
		}
	}
	return false
}
