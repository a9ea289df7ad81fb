package interp

import (
	"errors"
	"fmt"
	"sort"

	"github.com/inka-tool/inka/ir"
)

// objKind says where an object comes from.
type objKind uint8

const (
	objLocal  objKind = iota // a parameter, local, temporary, flag or result slot of a call
	objGlobal                // a global or block-scope static
	objString                // a string literal
	objInput                 // a fresh object behind a pointer input
	objVoid                  // what a void* input points to: no object can be built
	objFunc                  // a function: of the program (v, of class ir.FuncObj), or the callback of a function-pointer input (callee)
	objHeap                  // an object malloc, calloc or realloc made (heap.go)
)

// object is a region of memory with a lifetime: a variable of one call
// activation, a global, a string literal, or the fresh object behind a
// pointer input.
//
// Its contents are a list of cells sorted by byte offset, each a scalar
// value of the type it was last written with: at first one per leaf of its
// type (ir.Type.Leaves), the fast path of typed accesses. An access that
// does not hit a cell of its own size and class is served byte by byte
// (C11 6.2.6: every object is a sequence of bytes): an integer cell gives
// its little-endian bytes, a pointer cell gives pointer fragments (see
// fragment), a byte no cell covers (padding, a part never written) is
// indeterminate; a write of part of a cell first splits it into bytes. So
// any object can be read and written through a character type, a union
// read as another member reinterprets its bytes, and byte copies are
// exact.
type object struct {
	name     string // root of the access paths of its parts: "i", "p", "pp[0]", "g"
	typ      *ir.Type
	size     int64
	kind     objKind
	readOnly bool   // every byte: a string literal, a template, a const object
	consts   []span // the read-only leaves of a partly const object (ir.Leaf.Const)
	dead     bool   // its lifetime has ended (a local of a returned call, a freed heap object)
	site     ir.Pos // objHeap: the allocation that made it
	freed    ir.Pos // objHeap: the free that ended its lifetime
	vla      bool   // objHeap: a variable-length array's object (heap.go)
	malloced bool   // objInput: allocated by the caller with malloc (heap.go)
	fn       *ir.Func
	v        *ir.Var    // the variable it is, if any (for Config.OnDeref)
	callee   *ir.Extern // objFunc of an input callback: answered as this extern
	addr     uint64     // its concrete address (see machine.place)
	// lazy, for an object behind a pointer input not touched yet: the
	// inputs its leaves are drawn from when it is (inputMaker.load).
	lazy  *inputMaker
	cells []cell
	one   [1]cell // storage of cells for scalar objects
}

// cell is one scalar part of an object: its value's type is the type it
// was last written with (unsigned char for a single byte).
type cell struct {
	off int64
	v   Val
}

// fragment is what a byte of a pointer holds: the pointer and the byte's
// index in its representation. A character read of the byte gives the
// byte of the pointer's address, carrying the fragment; storing it
// elsewhere stores the fragment, and the eight fragments of one pointer
// in order read back as that pointer (memcpy of a struct with pointers).
// Arithmetic on the character drops the fragment.
type fragment struct {
	p Val
	k int64
}

// newObject returns an object of type t whose leaves are all indeterminate.
func (m *machine) newObject(name string, t *ir.Type, kind objKind) *object {
	o := new(object)
	m.initObject(o, name, t, kind)
	return o
}

// initObject makes o an object of type t whose leaves are all indeterminate.
func (m *machine) initObject(o *object, name string, t *ir.Type, kind objKind) {
	*o = object{name: name, typ: t, size: t.Size(), kind: kind, addr: m.place(t)}
	m.allocCells(o, t)
}

// allocCells gives o the cells of the leaves of its type t, indeterminate.
func (m *machine) allocCells(o *object, t *ir.Type) {
	if t.IsScalar() {
		o.one[0] = cell{0, Val{Typ: t, undef: uninit}}
		o.cells = o.one[:]
		return
	}
	leaves := m.layout(t)
	o.cells = make([]cell, len(leaves))
	for i, l := range leaves {
		o.cells[i] = cell{l.Offset, Val{Typ: l.Type, undef: uninit}}
	}
}

// Concrete addresses: objects are placed one after the other from
// firstAddr, each aligned to 16 bytes (or its type's alignment, if more)
// and followed by a gap, so that no object starts one past the end of
// another. The addresses are deterministic: the same run places its
// objects at the same addresses. Pointers keep their object and offset;
// the address is only seen by conversions to integers and byte reads of
// pointers.
const (
	firstAddr = 0x10000
	minAlign  = 16
)

// place returns the address of a new object of type t.
func (m *machine) place(t *ir.Type) uint64 {
	if m.nextAddr == 0 {
		m.nextAddr = firstAddr
	}
	a := uint64(max(t.Align(), minAlign))
	addr := (m.nextAddr + a - 1) &^ (a - 1)
	m.nextAddr = addr + uint64(max(t.Size(), 0)) + minAlign
	return addr
}

// address returns the concrete address a non-null pointer holds.
func (p Val) address() uint64 {
	if p.obj == nil {
		return p.Bits
	}
	return p.obj.addr + uint64(p.off)
}

// layout returns t.Leaves(), from the program's cache (types of its
// variables, computed once per program) or the run's own.
func (m *machine) layout(t *ir.Type) []ir.Leaf {
	if l, ok := m.info.leaves[t]; ok {
		return l
	}
	if l, ok := m.leaves[t]; ok {
		return l
	}
	l := t.Leaves()
	if m.leaves == nil {
		m.leaves = map[*ir.Type][]ir.Leaf{}
	}
	m.leaves[t] = l
	return l
}

// span is a range of bytes [off, end) of an object.
type span struct{ off, end int64 }

// constSpans returns the byte ranges of the read-only leaves of an object
// of type t (nil when it has none), adjacent leaves merged.
func constSpans(t *ir.Type) []span {
	if !t.HasConst() {
		return nil
	}
	var out []span
	for _, l := range t.Leaves() {
		if !l.Const {
			continue
		}
		end := l.Offset + l.Type.Size()
		if n := len(out); n > 0 && out[n-1].end == l.Offset {
			out[n-1].end = end
			continue
		}
		out = append(out, span{l.Offset, end})
	}
	return out
}

// setReadOnly marks the read-only parts of the object of variable v.
func (o *object) setReadOnly(v *ir.Var, spans []span) {
	o.readOnly = v.ReadOnly || v.Class == ir.String
	if !o.readOnly {
		o.consts = spans
	}
}

// readOnlyAt reports whether writing size bytes at offset off writes a
// read-only part of o.
func (o *object) readOnlyAt(off, size int64) bool {
	if o.readOnly {
		return true
	}
	for _, s := range o.consts {
		if off < s.end && s.off < off+size {
			return true
		}
	}
	return false
}

// zero makes every leaf of o zero (NULL for pointers), as static storage
// starts.
func (o *object) zero() {
	if o.lazy != nil {
		o.lazy.load(o)
	}
	for i := range o.cells {
		o.cells[i].v = Val{Typ: o.cells[i].v.Typ}
	}
}

// zeroGaps gives the bytes of o that no cell covers (padding, the bytes
// of a union past the member it is modelled as) zero cells of type
// unsigned char, as static storage starts: the model's gap cells of a
// global start at zero too.
func (o *object) zeroGaps() {
	next, gaps := int64(0), 0
	for _, c := range o.cells {
		gaps += int(max(c.off-next, 0))
		next = max(next, c.off+c.v.Typ.Size())
	}
	gaps += int(max(o.size-next, 0))
	if gaps == 0 {
		return
	}
	out := make([]cell, 0, len(o.cells)+gaps)
	next = 0
	fill := func(to int64) {
		for ; next < to; next++ {
			out = append(out, cell{next, Val{Typ: ir.UCharType}})
		}
	}
	for _, c := range o.cells {
		fill(c.off)
		out = append(out, c)
		next = max(next, c.off+c.v.Typ.Size())
	}
	fill(o.size)
	o.cells = out
}

// find returns the index of the cell at byte offset off, or -1.
func (o *object) find(off int64) int {
	if o.lazy != nil {
		o.lazy.load(o)
	}
	c := o.cells
	if len(c) == 1 {
		if c[0].off == off {
			return 0
		}
		return -1
	}
	i := sort.Search(len(c), func(i int) bool { return c[i].off >= off })
	if i < len(c) && c[i].off == off {
		return i
	}
	return -1
}

// cover returns the index of the cell that holds byte off, or -1.
func (o *object) cover(off int64) int {
	if o.lazy != nil {
		o.lazy.load(o)
	}
	c := o.cells
	i := sort.Search(len(c), func(i int) bool { return c[i].off > off }) - 1
	if i >= 0 && off < c[i].off+c[i].v.Typ.Size() {
		return i
	}
	return -1
}

// scalarCompatible reports whether a cell written as type w may be read as
// type r: same size, and both integers or both pointers.
func scalarCompatible(w, r *ir.Type) bool {
	return w.Size() == r.Size() && w.IsPointer() == r.IsPointer()
}

// read returns the scalar of type t at byte offset off (already checked to
// be in bounds).
func (o *object) read(off int64, t *ir.Type) (Val, error) {
	if i := o.find(off); i >= 0 && scalarCompatible(o.cells[i].v.Typ, t) {
		v := retype(o.cells[i].v, t)
		if t.Kind == ir.Bool && v.undef == defined && v.Bits > 1 {
			return Val{}, cutf("a _Bool read at %s from a byte that is neither 0 nor 1 (%d)", o.pathAt(off, t), v.Bits)
		}
		return v, nil
	}
	check := o.checkDeclared
	if o.kind == objHeap {
		check = o.checkEffective
	}
	if err := check(off, t); err != nil {
		return Val{}, err
	}
	return o.readBytes(off, t)
}

// peek returns the scalar of type t at off as it is stored, without the
// checks of an access of the program (a stub's view of what a pointer
// argument points to, the final values of a run); ok is false when it is
// no value of type t (the bytes of a pointer read as an integer...).
func (o *object) peek(off int64, t *ir.Type) (Val, bool) {
	if i := o.find(off); i >= 0 && scalarCompatible(o.cells[i].v.Typ, t) {
		return retype(o.cells[i].v, t), true
	}
	if t.IsInteger() {
		for k := int64(0); k < t.Size(); k++ {
			if o.byteAt(off+k).frag != nil {
				return Val{}, false
			}
		}
	}
	v, err := o.readBytes(off, t)
	return v, err == nil
}

// readBytes assembles the scalar of type t at off from the bytes of o.
func (o *object) readBytes(off int64, t *ir.Type) (Val, error) {
	n := t.Size()
	var buf [16]Val
	bs := buf[:0]
	for k := int64(0); k < n; k++ {
		b := o.byteAt(off + k)
		if b.undef != defined {
			return Val{Typ: t, undef: b.undef}, nil
		}
		bs = append(bs, b)
	}
	if t.IsPointer() {
		if f := bs[0].frag; f != nil && f.k == 0 {
			whole := true
			for k, b := range bs {
				if b.frag == nil || b.frag.k != int64(k) || !b.frag.p.Equal(f.p) {
					whole = false
					break
				}
			}
			if whole {
				p := f.p
				p.Typ = t
				return p, nil
			}
		}
		for _, b := range bs {
			if b.Bits != 0 || b.frag != nil {
				return Val{}, cutf("a pointer read at %s from bytes that are not those of one pointer", o.pathAt(off, t))
			}
		}
		return Val{Typ: t}, nil // all bits zero: the null pointer
	}
	if n == 1 && bs[0].frag != nil && t.Kind != ir.Bool {
		v := bs[0]
		v.Typ = t
		v.Bits = ir.Truncate(t, v.Bits)
		return v, nil
	}
	for _, b := range bs {
		if b.frag != nil {
			return Val{}, addressCut(b.frag)
		}
	}
	var x uint64
	for k, b := range bs {
		x |= (b.Bits & 0xff) << (8 * k)
	}
	if t.Kind == ir.Bool && x > 1 {
		return Val{}, cutf("a _Bool read at %s from a byte that is neither 0 nor 1 (%d)", o.pathAt(off, t), x)
	}
	return Val{Typ: t, Bits: ir.Truncate(t, x)}, nil
}

// byteAt returns the byte at offset off, as an unsigned char: a byte of
// an integer, a fragment of a pointer, or indeterminate.
func (o *object) byteAt(off int64) Val {
	i := o.cover(off)
	if i < 0 {
		return Val{Typ: ir.UCharType, undef: uninit}
	}
	return cellByte(o.cells[i].v, off-o.cells[i].off)
}

// cellByte returns byte k of the scalar v (little-endian).
func cellByte(v Val, k int64) Val {
	switch {
	case v.undef != defined:
		return Val{Typ: ir.UCharType, undef: v.undef}
	case v.frag != nil:
		return Val{Typ: ir.UCharType, Bits: v.Bits & 0xff, frag: v.frag}
	case v.Typ.IsPointer() && v.obj != nil:
		return Val{Typ: ir.UCharType, Bits: (v.address() >> (8 * k)) & 0xff, frag: &fragment{p: v, k: k}}
	}
	return Val{Typ: ir.UCharType, Bits: (v.Bits >> (8 * k)) & 0xff}
}

// retype gives a stored scalar the type it is read with (same size):
// integers are reinterpreted (signed/unsigned), pointers keep their target.
func retype(v Val, t *ir.Type) Val {
	if v.Typ == t {
		return v
	}
	if t.IsInteger() && v.undef == defined {
		v.Bits = ir.Truncate(t, v.Bits)
	}
	v.Typ = t
	return v
}

// write stores the scalar v (already of type t) at byte offset off.
func (o *object) write(off int64, t *ir.Type, v Val) error {
	if i := o.find(off); i >= 0 && scalarCompatible(o.cells[i].v.Typ, t) {
		o.cells[i].v = v
		return nil
	}
	if o.kind != objHeap { // a store gives a heap object's bytes their effective type
		if err := o.checkDeclared(off, t); err != nil {
			return err
		}
	}
	o.splitAt(off)
	o.splitAt(off + t.Size())
	o.replace(off, t.Size(), []cell{{off, v}})
	return nil
}

// splitAt splits the cell that holds byte off, if it starts before off,
// into its bytes: no cell then straddles off.
func (o *object) splitAt(off int64) {
	i := o.cover(off)
	if i < 0 || o.cells[i].off == off {
		return
	}
	c := o.cells[i]
	n := c.v.Typ.Size()
	bytes := make([]cell, n)
	for k := int64(0); k < n; k++ {
		bytes[k] = cell{c.off + k, cellByte(c.v, k)}
	}
	out := make([]cell, 0, len(o.cells)+int(n)-1)
	out = append(out, o.cells[:i]...)
	out = append(out, bytes...)
	out = append(out, o.cells[i+1:]...)
	o.cells = out
}

// replace removes the cells overlapping [off, off+n) and inserts cs (sorted,
// inside the range) in their place.
func (o *object) replace(off, n int64, cs []cell) {
	if o.lazy != nil {
		o.lazy.load(o)
	}
	var out []cell
	j := 0
	for j < len(o.cells) && o.cells[j].off+o.cells[j].v.Typ.Size() <= off {
		j++
	}
	out = append(out, o.cells[:j]...)
	out = append(out, cs...)
	for j < len(o.cells) && o.cells[j].off < off+n {
		j++
	}
	out = append(out, o.cells[j:]...)
	o.cells = out
}

// readRange returns copies of the cells in [off, off+n), rebased to 0.
func (o *object) readRange(off, n int64) []cell {
	if o.lazy != nil {
		o.lazy.load(o)
	}
	o.splitAt(off)
	o.splitAt(off + n)
	var out []cell
	for _, c := range o.cells {
		if c.off >= off && c.off < off+n {
			out = append(out, cell{c.off - off, c.v})
		}
	}
	return out
}

// writeRange replaces [off, off+n) by cells (offsets relative to off).
func (o *object) writeRange(off, n int64, cs []cell) {
	if o.lazy != nil {
		o.lazy.load(o)
	}
	if off == 0 && n == o.size {
		o.cells = append(o.cells[:0:0], cs...)
		return
	}
	o.splitAt(off)
	o.splitAt(off + n)
	moved := make([]cell, len(cs))
	for i, c := range cs {
		moved[i] = cell{c.off + off, c.v}
	}
	o.replace(off, n, moved)
}

// checkDeclared enforces C11 6.5p7 on an access of scalar type t at off
// that is not served by a cell of its own size and class: an object with
// a declared type (every object of a run but those of the heap) may be
// accessed by a character type, or by a type of the same size and class
// as a leaf it declares at off (in some member of a union). Any other
// access (an int read as a short, a char array read as a size_t) is
// undefined: the run is cut there (outcome Unsupported), so that neither
// a test nor a proof rests on it.
func (o *object) checkDeclared(off int64, t *ir.Type) error {
	if t.IsCharType() || o.typ.Declares(off, t) {
		return nil
	}
	return cutf("access to %s as %s, which its declared type %s does not allow (C11 6.5p7)", o.pathAt(off, t), t, o.typ)
}

// pathAt names byte off of o for messages.
func (o *object) pathAt(off int64, t *ir.Type) string {
	return o.name + subPath(o.typ, off, t)
}

// ErrUnsupported is matched (errors.Is) by the errors of Run that come
// from a construct the interpreter does not handle (as opposed to
// malformed IR or bad inputs).
var ErrUnsupported = errors.New("unsupported")

// errUnsupported is the error of constructs the interpreter does not handle.
type errUnsupported struct{ msg string }

func (e *errUnsupported) Error() string        { return "unsupported: " + e.msg }
func (e *errUnsupported) Is(target error) bool { return target == ErrUnsupported }

func unsupportedf(format string, args ...any) error {
	return &errUnsupported{fmt.Sprintf(format, args...)}
}

// errCut is a construct a run may meet that inka does not model, found
// while running (a type-punned access): the run stops there with outcome
// Unsupported, as at an ir.Unsupported statement.
type errCut struct{ msg string }

func (e *errCut) Error() string { return "unsupported: " + e.msg }

func cutf(format string, args ...any) error {
	return &errCut{fmt.Sprintf(format, args...)}
}
