package ssa

import (
	"fmt"
	"sort"

	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
)

// Memory is bytes. Every object is laid out at a byte address, its cells
// at the byte offsets of its scalar leaves (ir.Type.Leaves); pointer
// arithmetic adds bytes. An access through a pointer designates the
// candidate addresses its targets stand for (pointsto.Concrete); at each,
// it is whole when a cell of a compatible type starts there (the paper's
// φu/φd on cells), and a byte access otherwise (an int read through an
// unsigned char *, a union read as another member): its value is made of
// the little-endian bytes of the integer cells that hold [a, a+n) (PhiU
// and PhiD with Bytes). An object some byte access reaches has gapped
// cells: besides its leaves, one unsigned char cell per byte no leaf
// covers (padding, the storage of bit-fields), so that every byte of it
// is some cell's. The bytes of a pointer are never read or written as
// something else, nor a pointer made of other bytes: such an access is a
// cut (the interpreter follows it; the model does not).

// objectAlign is the least alignment of an object's address.
const objectAlign = 16

// layout gives every object its cells and addresses: objects one after
// the other, each at an address aligned to 16 bytes (its type's
// alignment, if more), with a gap of at least one byte after each so that
// the address one past the end of an object is no cell's. The objects in
// gapped also get a cell for each byte no leaf covers.
func (b *builder) layout(gapped map[*pointsto.Object]bool) {
	addr := int64(objectAlign)
	for _, o := range b.f.PT.Objects {
		if o.Typ == nil {
			continue
		}
		al := max(o.Typ.Align(), objectAlign)
		addr = (addr + al - 1) / al * al
		b.f.objBase[o] = addr
		readOnly := func(con bool) bool {
			return o.Kind == pointsto.VarObj && (o.Var.ReadOnly || o.Var.Class == ir.String || con)
		}
		for i, l := range o.Typ.Leaves() {
			c := &Cell{ID: len(b.f.Cells), Obj: o, Leaf: i, Path: l.Path, Off: l.Offset, Typ: l.Type,
				Addr: addr + l.Offset, Name: o.Name + l.Path, ReadOnly: readOnly(l.Const)}
			b.f.Cells = append(b.f.Cells, c)
			b.f.cellsOf[o] = append(b.f.cellsOf[o], c)
		}
		if gapped[o] {
			for _, g := range gaps(o.Typ) {
				path := fmt.Sprintf("#%d", g)
				c := &Cell{ID: len(b.f.Cells), Obj: o, Leaf: -1, Path: path, Off: g, Typ: ir.UCharType,
					Addr: addr + g, Name: o.Name + path, ReadOnly: readOnly(false)}
				b.f.Cells = append(b.f.Cells, c)
				b.f.gapsOf[o] = append(b.f.gapsOf[o], c)
			}
		}
		b.f.byAddr[o] = append(append([]*Cell(nil), b.f.cellsOf[o]...), b.f.gapsOf[o]...)
		sort.Slice(b.f.byAddr[o], func(i, j int) bool { return b.f.byAddr[o][i].Off < b.f.byAddr[o][j].Off })
		addr += max(o.Typ.Size(), 1) + 1
	}
	b.f.MaxAddr = addr
}

// gaps returns the byte offsets of an object of type t that no leaf
// covers, in increasing order.
func gaps(t *ir.Type) []int64 {
	covered := make([]bool, t.Size())
	for _, l := range t.Leaves() {
		for k := int64(0); k < l.Type.Size(); k++ {
			covered[l.Offset+k] = true
		}
	}
	var out []int64
	for off, c := range covered {
		if !c {
			out = append(out, int64(off))
		}
	}
	return out
}

// parts returns the cells of an object as an aggregate copy moves them:
// its leaves in order, then its gap cells in order.
func (f *Func) parts(o *pointsto.Object) []*Cell {
	return append(append([]*Cell(nil), f.cellsOf[o]...), f.gapsOf[o]...)
}

// typeParts returns the scalar parts of type t as parts orders them: its
// leaves, then (gapped) an unsigned char for each byte no leaf covers.
func typeParts(t *ir.Type, gapped bool) []ir.Leaf {
	ls := t.Leaves()
	if gapped {
		for _, g := range gaps(t) {
			ls = append(ls, ir.Leaf{Path: fmt.Sprintf("#%d", g), Type: ir.UCharType, Offset: g})
		}
	}
	return ls
}

// compatible reports whether a cell of type t can be accessed as type u
// whole: two pointers, or two integers of the same width (signed and
// unsigned alike, _Bool only as _Bool), or two floats, or two doubles.
func compatible(t, u *ir.Type) bool {
	if t.IsPointer() && u.IsPointer() {
		return true
	}
	if t.IsFloat() || u.IsFloat() {
		return t.Kind == u.Kind
	}
	return t.IsInteger() && u.IsInteger() && t.Bits() == u.Bits() && (t.Kind == ir.Bool) == (u.Kind == ir.Bool)
}

// part is the access of one scalar part of an aggregate access (or of a
// scalar access): n bytes of type Typ at Off bytes from the pointer.
type part struct {
	Off int64
	Typ *ir.Type
}

// access is what an access through a pointer designates, for one part:
// the candidate addresses of the part (sorted) and the cells that hold
// them (sorted by address). Bytes is set when some candidate is not one
// whole cell of a compatible type.
type access struct {
	Addrs []int64
	Cells []*Cell
	Bytes bool
}

// accessOf returns the accesses of the parts of an access of type t (an
// aggregate's parts, or t itself) through a pointer with targets ts, or
// the reason the model cannot follow it (a target the analysis does not
// know, the bytes of a pointer). exact, when not nil, is the pointer's
// exact values (pointsto.Exact): the candidates are those among them.
func (b *builder) accessOf(ts pointsto.Targets, exact *pointsto.Exact, t *ir.Type, ps []part) ([]access, error) {
	out := make([]access, len(ps))
	for i, p := range ps {
		a, err := b.accessPart(ts, exact, t, p)
		if err != nil {
			return nil, err
		}
		out[i] = a
	}
	return out, nil
}

func (b *builder) accessPart(ts pointsto.Targets, exact *pointsto.Exact, t *ir.Type, p part) (access, error) {
	var a access
	addrs := map[int64]bool{}
	cells := map[*Cell]bool{}
	n := p.Typ.Size()
	for _, l := range ts.Sorted() {
		switch l.Obj.Kind {
		case pointsto.NullObj:
			continue
		case pointsto.UnknownObj:
			return a, errUnknown
		}
		if l.Obj.Typ == nil || l.Obj.Typ.Kind == ir.Function {
			continue
		}
		xs, ok := pointsto.Concrete(l, t.Size(), t.Align())
		if !ok {
			return a, fmt.Errorf("an access anywhere in %s, too large to enumerate", l.Obj)
		}
		base := b.f.objBase[l.Obj]
		all := b.f.byAddr[l.Obj]
		for _, x := range xs {
			if exact != nil && !exact.HasAccess(l.Obj, x, t.Size()) {
				continue // never the pointer's value
			}
			off := x + p.Off
			at := base + off
			if addrs[at] {
				continue
			}
			i := sort.Search(len(all), func(i int) bool { return all[i].Off+all[i].Typ.Size() > off })
			if i < len(all) && all[i].Off == off && compatible(all[i].Typ, p.Typ) {
				addrs[at] = true
				cells[all[i]] = true
				continue
			}
			// a byte access: integer bytes only, every byte some cell's
			if p.Typ.IsPointer() || p.Typ.Kind == ir.Bool {
				return a, fmt.Errorf("%s read or written as %s, which the bytes there do not hold whole", pointsto.Canon(l.Obj, off), p.Typ)
			}
			if !p.Typ.IsCharType() && !l.Obj.Typ.Declares(off, p.Typ) {
				// undefined, and cut by the interpreter the same way
				return a, fmt.Errorf("%s as %s, which its declared type %s does not allow (C11 6.5p7)", pointsto.Canon(l.Obj, off), p.Typ, l.Obj.Typ)
			}
			for k := off; k < off+n; {
				if i >= len(all) || all[i].Off > k {
					return a, fmt.Errorf("the bytes of %s, which the model does not hold", pointsto.Canon(l.Obj, k))
				}
				c := all[i]
				if c.Typ.IsPointer() || c.Typ.Kind == ir.Bool {
					return a, fmt.Errorf("the bytes of the %s %s read or written as %s", c.Typ, c.Name, p.Typ)
				}
				cells[c] = true
				k = c.Off + c.Typ.Size()
				i++
			}
			addrs[at] = true
			a.Bytes = true
		}
	}
	for x := range addrs {
		a.Addrs = append(a.Addrs, x)
	}
	sort.Slice(a.Addrs, func(i, j int) bool { return a.Addrs[i] < a.Addrs[j] })
	for c := range cells {
		a.Cells = append(a.Cells, c)
	}
	sort.Slice(a.Cells, func(i, j int) bool { return a.Cells[i].Addr < a.Cells[j].Addr })
	return a, nil
}

// errUnknown: the pointer may hold a pointer the analysis does not know.
var errUnknown = fmt.Errorf("unknown target")

// gappedObjects returns the objects that need gap cells: those a byte
// access may reach (an access whose candidate is not one whole leaf of a
// compatible type), and, as aggregate copies move gap cells along, the
// objects copied to or from them.
func gappedObjects(f *ir.Func, pt *pointsto.Result) map[*pointsto.Object]bool {
	gapped := map[*pointsto.Object]bool{}
	var links [][]*pointsto.Object // objects whose gapped-ness goes together
	mark := func(ts pointsto.Targets, t *ir.Type, with *ir.Var) {
		var group []*pointsto.Object
		if with != nil && t.IsAggregate() {
			group = append(group, pt.ObjectOf(with))
		}
		for l := range ts {
			if l.Obj.Kind != pointsto.VarObj && l.Obj.Kind != pointsto.InputObj || l.Obj.Typ == nil || l.Obj.Typ.Kind == ir.Function {
				continue
			}
			group = append(group, l.Obj)
			if !gapped[l.Obj] && byteAccess(l, t) {
				gapped[l.Obj] = true
			}
		}
		if len(group) > 1 && t.IsAggregate() {
			links = append(links, group)
		}
	}
	ir.Walk(f.Body, func(s ir.Stmt) {
		switch s := s.(type) {
		case *ir.Load:
			mark(pt.TargetsOf(s, s.Ptr), s.Dst.Typ, s.Dst)
		case *ir.Store:
			v, _ := s.Src.(*ir.Var)
			mark(pt.TargetsOf(s, s.Ptr), s.Src.Type(), v)
		case *ir.Copy:
			if v, ok := s.Src.(*ir.Var); ok && s.Dst.Typ.IsAggregate() {
				links = append(links, []*pointsto.Object{pt.ObjectOf(s.Dst), pt.ObjectOf(v)})
			}
		}
	})
	for grew := true; grew; {
		grew = false
		for _, g := range links {
			any := false
			for _, o := range g {
				any = any || gapped[o]
			}
			for _, o := range g {
				if any && !gapped[o] {
					gapped[o] = true
					grew = true
				}
			}
		}
	}
	return gapped
}

// byteAccess reports whether an access of type t at location l may
// designate some scalar part that is not one whole leaf of a compatible
// type.
func byteAccess(l pointsto.Loc, t *ir.Type) bool {
	xs, ok := pointsto.Concrete(l, t.Size(), t.Align())
	if !ok {
		return true
	}
	leaves := t.Leaves()
	for _, x := range xs {
		for _, lf := range leaves {
			d := pointsto.LeafAt(l.Obj.Typ, x+lf.Offset)
			if d == nil || !compatible(d, lf.Type) {
				return true
			}
		}
	}
	return false
}
