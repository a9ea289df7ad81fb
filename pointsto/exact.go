package pointsto

import (
	"sort"

	"github.com/inka-tool/inka/ir"
)

// Exact addresses. The analysis collapses array indices, so a location is
// a summary: in `struct buf { char data[16]; size_t len; }`
// the canonical offset 0 stands for the start of the struct and for every
// byte of data alike, and `&b->len` computed from it may be any of len's
// bytes. An access whose candidates include one its type may not make
// (an unsigned long over data's chars, C11 6.5p7) is a cut, although the
// model computes the pointer's value exactly (t1 = b + 16, b the input's
// address or NULL) and that value is never such a candidate.
//
// exactAddrs recovers those values where they are plain: a pointer
// variable all of whose definitions are the address of a variable, a
// pointer input at the function's entry (the base of its fresh object,
// or NULL, as the model builds it: model.pointerInput), a copy or
// conversion of such a pointer, a member address or a constant offset
// from one. The access then keeps only the candidates at those concrete
// offsets. Anything else (a pointer loaded from memory, returned by a
// call, moved by a variable index, a variable whose address is taken)
// has no exact set and keeps every candidate.
//
// The analysis keeps, of the targets it computes for such a variable,
// those its exact values fall in (refine), and the Pointer-SSA keeps, of
// the concrete offsets a location stands for, those values (Exact.Has).

// exactLoc is a concrete byte offset in an object.
type exactLoc struct {
	obj *Object
	off int64
}

// Exact is the values a pointer variable may hold, on every path: the
// addresses of concrete bytes of objects, and NULL when null is set.
type Exact struct {
	locs []exactLoc // sorted by object id then offset, no duplicates
	null bool
}

type exactSet = Exact

// ExactOf returns the exact values of pointer variable v, or nil when the
// analysis does not know them.
func (r *Result) ExactOf(v *ir.Var) *Exact { return r.exact[v] }

// maxExact bounds an exact set: a pointer stepped in a loop has one
// value per iteration; past the bound it has no exact set.
const maxExact = 64

// Has reports whether the pointer may hold the address of byte off of o.
func (s *Exact) Has(o *Object, off int64) bool { return s.has(o, off) }

func (s *exactSet) has(o *Object, off int64) bool {
	for _, l := range s.locs {
		if l.obj == o && l.off == off {
			return true
		}
	}
	return false
}

// exactAddrs returns the exact sets of f's pointer variables that have
// one (see above).
func exactAddrs(f *ir.Func, pt *Result) map[*ir.Var]*exactSet {
	defs := map[*ir.Var][]ir.Stmt{}
	taken := map[*ir.Var]bool{}
	ir.Walk(f.Body, func(s ir.Stmt) {
		if a, ok := s.(*ir.AddrOf); ok {
			taken[a.Var] = true
		}
		if d := ir.StmtDef(s); d != nil {
			defs[d] = append(defs[d], s)
		}
	})
	e := &exacter{pt: pt, defs: defs, taken: taken, out: map[*ir.Var]*exactSet{}, params: map[*ir.Var]bool{}, pure: changesNoPointer(f)}
	for _, p := range f.Params {
		e.params[p] = true
	}
	// Iterate to a fixpoint: a set only grows, and a variable whose set
	// overflows (or that has none) is dropped for good.
	vars := make([]*ir.Var, 0, len(defs)+len(f.Params))
	for v := range defs {
		vars = append(vars, v)
	}
	for _, p := range f.Params {
		if _, ok := defs[p]; !ok {
			vars = append(vars, p)
		}
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i].ID < vars[j].ID })
	// Only the function's own scalar object pointers whose address is not
	// taken are followed: a global's value at entry is an input, a
	// variable whose address is taken may change through memory.
	for _, v := range vars {
		if v.Func == nil || v.AddrTaken || taken[v] || !v.Typ.IsPointer() || v.Typ.IsFuncPointer() {
			e.drop(v)
		}
	}
	for changed := true; changed; {
		changed = false
		for _, v := range vars {
			if e.dead[v] {
				continue
			}
			s, ok := e.eval(v)
			if !ok {
				e.drop(v)
				changed = true
				continue
			}
			if old := e.out[v]; old == nil || !sameExact(old, s) {
				e.out[v] = s
				changed = true
			}
		}
	}
	return e.out
}

type exacter struct {
	pt     *Result
	defs   map[*ir.Var][]ir.Stmt
	taken  map[*ir.Var]bool
	params map[*ir.Var]bool
	out    map[*ir.Var]*exactSet
	dead   map[*ir.Var]bool
	pure   bool // changesNoPointer
}

func (e *exacter) drop(v *ir.Var) {
	if e.dead == nil {
		e.dead = map[*ir.Var]bool{}
	}
	e.dead[v] = true
	delete(e.out, v)
}

// eval is the union of the values of v's definitions as the current sets
// give them (a variable not evaluated yet contributes nothing), or false
// when some definition has no exact value.
func (e *exacter) eval(v *ir.Var) (*exactSet, bool) {
	acc := &exactSet{}
	if e.params[v] {
		if !e.entry(v, acc) {
			return nil, false
		}
	}
	for _, s := range e.defs[v] {
		if !e.def(s, acc) {
			return nil, false
		}
		if len(acc.locs) > maxExact {
			return nil, false
		}
	}
	sortExact(acc)
	return acc, true
}

// entry adds the values of pointer parameter p at the function's entry:
// the base of its input object, NULL.
func (e *exacter) entry(p *ir.Var, acc *exactSet) bool {
	for l := range e.pt.EntryTargets(e.pt.ObjectOf(p), 0) {
		switch {
		case l.Obj.Kind == NullObj:
			acc.null = true
		case l.Obj.Kind == InputObj && l.Off == 0:
			acc.add(exactLoc{l.Obj, 0})
		default:
			return false
		}
	}
	return true
}

// def adds the values statement s gives its destination.
func (e *exacter) def(s ir.Stmt, acc *exactSet) bool {
	switch s := s.(type) {
	case *ir.AddrOf:
		o := e.pt.ObjectOf(s.Var)
		if o == nil {
			return false
		}
		acc.add(exactLoc{o, 0})
		return true
	case *ir.Copy:
		return e.operand(s.Src, acc, 0, false)
	case *ir.Conv:
		if !s.X.Type().IsPointer() {
			return false
		}
		return e.operand(s.X, acc, 0, false)
	case *ir.FieldAddr:
		st := s.Ptr.Type().Elem
		if st == nil || s.Field < 0 || s.Field >= len(st.Fields) {
			return false
		}
		return e.operand(s.Ptr, acc, st.Fields[s.Field].Offset, true)
	case *ir.PtrAdd:
		c, ok := s.Index.(*ir.Const)
		if !ok {
			return false
		}
		d := c.Int64() * s.Ptr.Type().Stride()
		return e.operand(s.Ptr, acc, d, c.Bits != 0)
	case *ir.Load:
		return e.load(s, acc)
	}
	return false
}

// load adds the values of a pointer read from the pointer members of
// input objects in a function that changes no pointer in memory (no
// store of a pointer, no call given one): what the input model put
// there at entry, the base of another input object or NULL.
func (e *exacter) load(s *ir.Load, acc *exactSet) bool {
	if !e.pure {
		return false
	}
	from := &exactSet{}
	if !e.operand(s.Ptr, from, 0, false) {
		return false
	}
	for _, l := range from.locs {
		if l.obj.Kind != InputObj || l.obj.Typ == nil {
			return false
		}
		ts := e.pt.Entry[Canon(l.obj, l.off)]
		if len(ts) == 0 || !pointerLeafAt(l.obj.Typ, l.off) {
			return false
		}
		for t := range ts {
			switch {
			case t.Obj.Kind == NullObj:
				acc.null = true
			case t.Obj.Kind == InputObj && t.Off == 0:
				acc.add(exactLoc{t.Obj, 0})
			default:
				return false
			}
		}
	}
	return true
}

// pointerLeafAt reports whether byte off of an object of type t starts a
// pointer (not in a union: a union's pointer is read out as another
// member's bytes too).
func pointerLeafAt(t *ir.Type, off int64) bool {
	switch {
	case t.IsPointer():
		return off == 0
	case t.Kind == ir.Array:
		es := t.Elem.Size()
		if es <= 0 || off < 0 || off >= t.Size() {
			return false
		}
		return pointerLeafAt(t.Elem, off%es)
	case t.Kind == ir.Struct:
		f := t.FieldAt(off)
		return f != nil && pointerLeafAt(f.Type, off-f.Offset)
	}
	return false
}

// changesNoPointer reports whether f leaves every pointer in memory as it
// is: no store of a value with a pointer in it, no call that is given a
// pointer (an extern may store through it) or that is left in place.
func changesNoPointer(f *ir.Func) bool {
	pure := true
	ir.Walk(f.Body, func(s ir.Stmt) {
		switch s := s.(type) {
		case *ir.Store:
			if hasPointer(s.Src.Type()) {
				pure = false
			}
		case *ir.Call:
			pure = false
		case *ir.Unsupported:
			pure = false
		}
	})
	return pure
}

func hasPointer(t *ir.Type) bool {
	switch {
	case t.IsPointer():
		return true
	case t.Kind == ir.Array:
		return hasPointer(t.Elem)
	case t.Kind == ir.Struct || t.Kind == ir.Union:
		for _, f := range t.Fields {
			if hasPointer(f.Type) {
				return true
			}
		}
	}
	return false
}

// operand adds the values of x shifted by delta bytes. NULL stays when
// the shift is 0 and not a member access (&NULL->f and NULL + i, i != 0,
// are undefined); a result outside its object is undefined and dropped,
// as the analysis drops it (pointsto's shift).
func (e *exacter) operand(x ir.Value, acc *exactSet, delta int64, nonZero bool) bool {
	switch x := x.(type) {
	case *ir.Const:
		if x.Bits != 0 {
			return false
		}
		if !nonZero {
			acc.null = true
		}
		return true
	case *ir.Var:
		if e.dead[x] {
			return false
		}
		src, ok := e.out[x]
		if !ok {
			if _, defined := e.defs[x]; !defined && !e.params[x] {
				return false // a global, a variable of no statement here
			}
			return true // not evaluated yet: the fixpoint comes back
		}
		if src.null && !nonZero {
			acc.null = true
		}
		for _, l := range src.locs {
			y := l.off + delta
			if l.obj.Typ == nil || y < 0 || y > l.obj.Typ.Size() {
				continue
			}
			acc.add(exactLoc{l.obj, y})
		}
		return true
	}
	return false
}

func (s *exactSet) add(l exactLoc) {
	if !s.has(l.obj, l.off) {
		s.locs = append(s.locs, l)
	}
}

func sortExact(s *exactSet) {
	sort.Slice(s.locs, func(i, j int) bool {
		a, b := s.locs[i], s.locs[j]
		if a.obj.ID != b.obj.ID {
			return a.obj.ID < b.obj.ID
		}
		return a.off < b.off
	})
}

func sameExact(a, b *exactSet) bool {
	if a.null != b.null || len(a.locs) != len(b.locs) {
		return false
	}
	for i := range a.locs {
		if a.locs[i] != b.locs[i] {
			return false
		}
	}
	return true
}

// refine keeps, of the targets ts computed for pointer variable v, those
// its exact values fall in (all of them when v has none): a location
// whose canonical offset no exact value has is not a value of v, and an
// AnyOff location stands for the exact values in its object.
func (r *Result) refine(v *ir.Var, ts Targets) Targets {
	ex := r.exact[v]
	if ex == nil {
		return ts
	}
	out := Targets{}
	for l, rel := range ts {
		switch {
		case l.Obj.Kind == NullObj:
			if ex.null {
				out[l] = rel
			}
		case l.Obj.Typ == nil || l.Obj.Typ.Kind == ir.Function:
			out[l] = rel
		default:
			for _, x := range ex.locs {
				if x.obj != l.Obj {
					continue
				}
				c := Loc{l.Obj, canon(l.Obj.Typ, x.off)}
				if l.Off == AnyOff {
					out[c] = Possible
				} else if c == l {
					out[l] = rel
				}
			}
		}
	}
	return out
}
