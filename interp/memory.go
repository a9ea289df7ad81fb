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
)

// object is a region of memory with a lifetime: a variable of one call
// activation, a global, a string literal, or the fresh object behind a
// pointer input.
//
// Its contents are a list of cells sorted by byte offset: one scalar value
// per leaf of its type (ir.Type.Leaves). A union holds the cells of the
// member last written: writing a member whose layout differs replaces the
// cells it overlaps, and reading a member whose cells are not there is
// reported as unsupported type punning.
type object struct {
	name     string // root of the access paths of its parts: "i", "p", "pp[0]", "g"
	typ      *ir.Type
	size     int64
	kind     objKind
	readOnly bool   // every byte: a string literal, a template, a const object
	consts   []span // the read-only leaves of a partly const object (ir.Leaf.Const)
	dead     bool   // its lifetime has ended (a local of a returned call)
	fn       *ir.Func
	v        *ir.Var    // the variable it is, if any (for Config.OnDeref)
	callee   *ir.Extern // objFunc of an input callback: answered as this extern
	cells    []cell
	one      [1]cell // storage of cells for scalar objects
}

// cell is one scalar leaf of an object: its value's type is the type it
// was last written with.
type cell struct {
	off int64
	v   Val
}

// newObject returns an object of type t whose leaves are all indeterminate.
func (m *machine) newObject(name string, t *ir.Type, kind objKind) *object {
	o := new(object)
	m.initObject(o, name, t, kind)
	return o
}

// initObject makes o an object of type t whose leaves are all indeterminate.
func (m *machine) initObject(o *object, name string, t *ir.Type, kind objKind) {
	*o = object{name: name, typ: t, size: t.Size(), kind: kind}
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
	for i := range o.cells {
		o.cells[i].v = Val{Typ: o.cells[i].v.Typ}
	}
}

// find returns the index of the cell at byte offset off, or -1.
func (o *object) find(off int64) int {
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

// scalarCompatible reports whether a cell written as type w may be read as
// type r: same size, and both integers or both pointers.
func scalarCompatible(w, r *ir.Type) bool {
	return w.Size() == r.Size() && w.IsPointer() == r.IsPointer()
}

// read returns the scalar of type t at byte offset off (already checked to
// be in bounds).
func (o *object) read(off int64, t *ir.Type) (Val, error) {
	i := o.find(off)
	if i < 0 || !scalarCompatible(o.cells[i].v.Typ, t) {
		return Val{}, o.punning(off, t)
	}
	return retype(o.cells[i].v, t), nil
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
	i := o.find(off)
	if i >= 0 && o.cells[i].v.Typ.Size() == t.Size() {
		o.cells[i].v = v
		return nil
	}
	if !inUnion(o.typ, off, t.Size()) {
		return o.punning(off, t)
	}
	o.replace(off, t.Size(), []cell{{off, v}})
	return nil
}

// replace removes the cells overlapping [off, off+n) and inserts cs (sorted,
// inside the range) in their place.
func (o *object) replace(off, n int64, cs []cell) {
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
	if off == 0 && n == o.size {
		o.cells = append(o.cells[:0:0], cs...)
		return
	}
	moved := make([]cell, len(cs))
	for i, c := range cs {
		moved[i] = cell{c.off + off, c.v}
	}
	o.replace(off, n, moved)
}

func (o *object) punning(off int64, t *ir.Type) error {
	what := "type-punned access"
	if inUnion(o.typ, off, t.Size()) {
		what = "union type punning"
	}
	return unsupportedf("%s: %s at %s (%s)", what, t, o.name+subPath(o.typ, off, nil), o.typ)
}

// inUnion reports whether [off, off+n) lies inside a union sub-object of t.
func inUnion(t *ir.Type, off, n int64) bool {
	switch t.Kind {
	case ir.Union:
		return off >= 0 && off+n <= t.Size()
	case ir.Array:
		es := t.Elem.Size()
		if es == 0 || off < 0 {
			return false
		}
		i := off / es
		return i < t.Len && inUnion(t.Elem, off-i*es, n)
	case ir.Struct:
		if f := t.FieldAt(off); f != nil {
			return inUnion(f.Type, off-f.Offset, n)
		}
	}
	return false
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
