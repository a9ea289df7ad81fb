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
// conversion of such a pointer, a member address, a constant offset from
// one, or a variable index into one (every in-bounds step of the
// element size, while they are few).
//
// A pointer loaded from memory has exact values too, when every value
// the memory there can hold is known (load): what the input model put
// there at entry (the base of an input object, or NULL), and what every
// store of a pointer the function makes there writes. That holds when
// every store of a pointer goes through a pointer with exact values
// (the stores that may write a location are then known: a store
// through a summary would be a weak update of every location it
// stands for), no call may store through a pointer it is given, and no
// aggregate holding a pointer is copied. A store of other bytes over a
// pointer is a cut of the analysis (pointerBytes): the runs that make it
// are not modelled past it, so it need not be accounted for. So list
// walks that relink (`*pp = p->next`), arrays of pointers swapped in a
// loop, cursors whose pointers live in a struct keep exact values. The
// sets are flow-insensitive (every value a location holds at some
// point): the model still selects, among them, the one the pointer
// holds; what they buy is that the candidates they exclude (the bytes of
// an array member collapsed with the start of its struct, a member read
// as another type) are never offered.
//
// Anything else (a pointer returned by a call, a global's value, a
// pointer loaded where some store is not exact) has no exact set and
// keeps every candidate.
//
// exactLoc is a concrete byte offset in an object.
type exactLoc struct {
	obj *Object
	off int64
	// lo and hi bound the array member of a struct the pointer was
	// derived from (hi == 0: its object), as the interpreter's pointers
	// carry it: arithmetic beyond is undefined.
	lo, hi int64
}

// Exact is the values a pointer variable may hold, on every path: the
// addresses of concrete bytes of objects, and NULL when null is set.
type Exact struct {
	locs []exactLoc // sorted by object id then offset, no duplicates
	null bool
	idx  map[exactLoc]bool // the locations, while the set is built
}

type exactSet = Exact

// ExactOf returns the exact values of pointer variable v, or nil when the
// analysis does not know them.
func (r *Result) ExactOf(v *ir.Var) *Exact { return r.exact[v] }

// maxExact bounds an exact set: a pointer stepped in a loop has one
// value per iteration; past the bound it has no exact set.
const maxExact = 1024

// widenAfter is the number of rounds of the fixpoint after which a
// constant step (p + 1 in a loop, through memory or not) is taken as
// every step of its size in the object: the set then grows at once
// instead of one value a round.
const widenAfter = 4

// Has reports whether the pointer may hold the address of byte off of o.
func (s *Exact) Has(o *Object, off int64) bool { return s.has(o, off) }

func (s *exactSet) has(o *Object, off int64) bool {
	i := s.search(o, off)
	return i < len(s.locs) && s.locs[i].obj == o && s.locs[i].off == off
}

// HasAccess reports whether an access of n bytes at byte off of o may be
// made through the pointer: one of its values is there, and the access
// stays inside the array member that value was derived from (beyond, it
// is undefined: the interpreter stops there).
func (s *Exact) HasAccess(o *Object, off, n int64) bool {
	for i := s.search(o, off); i < len(s.locs) && s.locs[i].obj == o && s.locs[i].off == off; i++ {
		if l := s.locs[i]; l.hi == 0 || off+n <= l.hi {
			return true
		}
	}
	return false
}

// search returns the index of the first value at or after byte off of o.
func (s *exactSet) search(o *Object, off int64) int {
	if s.idx != nil {
		sortExact(s) // while it is built
	}
	return sort.Search(len(s.locs), func(i int) bool {
		l := s.locs[i]
		return l.obj.ID > o.ID || l.obj.ID == o.ID && l.off >= off
	})
}

// exactAddrs returns the exact sets of f's pointer variables that have
// one (see above).
func exactAddrs(f *ir.Func, pt *Result) map[*ir.Var]*exactSet {
	e := &exacter{pt: pt, defs: map[*ir.Var][]ir.Stmt{}, taken: map[*ir.Var]bool{}, out: map[*ir.Var]*exactSet{}, params: map[*ir.Var]bool{}, aggDef: map[*Object]bool{}}
	ir.Walk(f.Body, func(s ir.Stmt) {
		if a, ok := s.(*ir.AddrOf); ok {
			e.taken[a.Var] = true
		}
		if d := ir.StmtDef(s); d != nil {
			e.defs[d] = append(e.defs[d], s)
			if !d.Typ.IsPointer() && hasPointer(d.Typ) {
				// an aggregate holding pointers written whole
				e.aggDef[pt.ObjectOf(d)] = true
			}
		}
		e.memoryStmt(s)
	})
	for _, p := range f.Params {
		e.params[p] = true
	}
	// Iterate to a fixpoint: a set only grows, and a variable whose set
	// overflows (or that has none) is dropped for good.
	vars := make([]*ir.Var, 0, len(e.defs)+len(f.Params))
	for v := range e.defs {
		vars = append(vars, v)
	}
	for _, p := range f.Params {
		if _, ok := e.defs[p]; !ok {
			vars = append(vars, p)
		}
	}
	for v := range e.taken {
		// a pointer written only through its address
		if _, ok := e.defs[v]; !ok && !e.params[v] {
			vars = append(vars, v)
		}
	}
	e.vars = map[*ir.Var]bool{}
	for _, v := range vars {
		e.vars[v] = true
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i].ID < vars[j].ID })
	// Only the function's own scalar object pointers are followed: a
	// global's value at entry is an input, and may change in code the
	// function does not see.
	for _, v := range vars {
		if v.Func == nil || !v.Typ.IsPointer() || v.Typ.IsFuncPointer() {
			e.drop(v)
		}
	}
	for changed := true; changed; e.round++ {
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
	vars   map[*ir.Var]bool // the variables evaluated
	round  int              // of the fixpoint (widenAfter)
	// stores are the stores of a pointer, whose values are those of the
	// locations their pointers' exact values designate.
	stores []*ir.Store
	// clobber: some statement may write a pointer in memory whose
	// location no exact set tells (a call, a cut, an aggregate store).
	clobber bool
	// aggDef: the objects of variables written whole as aggregates
	// holding pointers (a copy, a load of a struct).
	aggDef map[*Object]bool
}

// memoryStmt records what statement s writes in memory.
func (e *exacter) memoryStmt(s ir.Stmt) {
	switch s := s.(type) {
	case *ir.Store:
		switch t := s.Src.Type(); {
		case t.IsPointer():
			e.stores = append(e.stores, s)
		case hasPointer(t):
			e.clobber = true
		}
	case *ir.Call, *ir.Unsupported:
		e.clobber = true
	}
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
// when some definition has no exact value. A variable whose address is
// taken also holds what the stores through that address write.
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
	if v.AddrTaken || e.taken[v] {
		o := e.pt.ObjectOf(v)
		if o == nil || e.clobber || !e.stored(exactLoc{obj: o}, acc) {
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
	return entryValues(e.pt.EntryTargets(e.pt.ObjectOf(p), 0), acc)
}

// entryValues adds the values ts stand for at the function's entry, as
// the input model builds them: NULL, the base of an input object. A
// pointer input that may point into the object of another input, or of
// its own past its start (ir.InputObject.Into), has no exact value: any
// element of those arrays, or one past their end. (Several input objects
// without Into are exact: the bases of the objects behind the elements of
// a summarized array of pointers, n[0].next .. n[3].next.)
func entryValues(ts Targets, acc *exactSet) bool {
	for l := range ts {
		if l.Obj.Kind == InputObj && l.Obj.Input != nil && len(l.Obj.Input.Into) > 0 {
			return false
		}
	}
	for l := range ts {
		switch {
		case l.Obj.Kind == NullObj:
			acc.null = true
		case l.Obj.Kind == InputObj && l.Off == 0:
			acc.add(exactLoc{obj: l.Obj})
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
		acc.add(exactLoc{obj: o})
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
		f := st.Fields[s.Field]
		return e.moved(s.Ptr, acc, true, func(l exactLoc) {
			y := l.off + f.Offset
			if y < 0 || y > l.obj.Typ.Size() {
				return
			}
			l.off = y
			if f.Type.Kind == ir.Array {
				// the pointer may only move inside the member array
				l.lo, l.hi = y, y+f.Type.Size()
			}
			acc.add(l)
		})
	case *ir.PtrAdd:
		c, ok := s.Index.(*ir.Const)
		if !ok {
			return e.stepped(s.Ptr, acc, s.Ptr.Type().Stride(), false)
		}
		d := c.Int64() * s.Ptr.Type().Stride()
		if d != 0 && e.round > widenAfter {
			if d < 0 {
				d = -d
			}
			return e.stepped(s.Ptr, acc, d, true)
		}
		return e.operand(s.Ptr, acc, d, c.Bits != 0)
	case *ir.Load:
		return e.load(s, acc)
	}
	return false
}

// load adds the values of a pointer read from memory: those of every
// location the pointer read through may designate (holder).
func (e *exacter) load(s *ir.Load, acc *exactSet) bool {
	if e.clobber {
		return false
	}
	from := &exactSet{}
	if !e.operand(s.Ptr, from, 0, false) {
		return false
	}
	for _, l := range from.locs {
		if !e.holder(l, acc) {
			return false
		}
	}
	return true
}

// holder adds the values the pointer at location l may hold: for a
// pointer variable whose address is taken, its own values (its stores
// included); else the values put there at entry (an input object's, a
// parameter's, nothing for a local: its bytes are indeterminate) and
// those stored there.
func (e *exacter) holder(l exactLoc, acc *exactSet) bool {
	o := l.obj
	if o.Typ == nil {
		return false
	}
	if end := o.Typ.Size(); l.off >= end || l.hi > 0 && l.off >= l.hi {
		return true // an access one past the end is undefined
	}
	if e.aggDef[o] || !pointerLeafAt(o.Typ, l.off) {
		return false
	}
	switch o.Kind {
	case InputObj:
	case VarObj:
		v := o.Var
		if v.Func == nil {
			return false // a global: its value may change outside
		}
		if v.Typ.IsPointer() {
			return e.operand(v, acc, 0, false)
		}
	default:
		return false
	}
	if !entryValues(e.pt.Entry[Canon(o, l.off)], acc) {
		return false
	}
	return e.stored(l, acc)
}

// stored adds the values of the stores that may write the pointer at
// location l, or false when a store of a pointer has no exact address.
func (e *exacter) stored(l exactLoc, acc *exactSet) bool {
	for _, st := range e.stores {
		to := &exactSet{}
		if !e.operand(st.Ptr, to, 0, false) {
			return false
		}
		if to.has(l.obj, l.off) && !e.operand(st.Src, acc, 0, false) {
			return false
		}
	}
	return true
}

// stepped adds the values of x + i*stride for every i that keeps the
// pointer inside its object (one past its end included), as the
// analysis's shift does; NULL + 0 is NULL (dropped when nonZero says the
// step is not 0). False when they are too many.
func (e *exacter) stepped(x ir.Value, acc *exactSet, stride int64, nonZero bool) bool {
	if stride <= 0 {
		return false
	}
	over := false
	ok := e.moved(x, acc, nonZero, func(l exactLoc) {
		lo, hi := int64(0), l.obj.Typ.Size()
		if l.hi > 0 {
			lo, hi = l.lo, l.hi
		}
		first := lo + ((l.off-lo)%stride+stride)%stride
		for y := first; y <= hi && !over; y += stride {
			l.off = y
			acc.add(l)
			over = len(acc.locs) > maxExact
		}
	})
	return ok && !over
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
	return e.moved(x, acc, nonZero, func(l exactLoc) {
		if y := l.off + delta; l.within(y) {
			l.off = y
			acc.add(l)
		}
	})
}

// moved calls f with each value of x that is an address (NULL stays in
// acc unless nonZero), or returns false when x has no exact values.
func (e *exacter) moved(x ir.Value, acc *exactSet, nonZero bool, f func(exactLoc)) bool {
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
			if !e.vars[x] {
				return false // a global, a variable of no statement here
			}
			return true // not evaluated yet: the fixpoint comes back
		}
		if src.null && !nonZero {
			acc.null = true
		}
		for _, l := range src.locs {
			if l.obj.Typ != nil {
				f(l)
			}
		}
		return true
	}
	return false
}

// within reports whether a pointer derived from l may be moved to offset
// y: inside the array member it was derived from, or inside its object
// (one past the end included), as the interpreter checks it (C11
// 6.5.6p8); beyond is undefined, and dropped.
func (l exactLoc) within(y int64) bool {
	if l.hi > 0 {
		return y >= l.lo && y <= l.hi
	}
	return y >= 0 && y <= l.obj.Typ.Size()
}

func (s *exactSet) add(l exactLoc) {
	if s.idx == nil {
		s.idx = map[exactLoc]bool{}
		for _, x := range s.locs {
			s.idx[x] = true
		}
	}
	if !s.idx[l] {
		s.idx[l] = true
		s.locs = append(s.locs, l)
	}
}

func sortExact(s *exactSet) {
	s.idx = nil
	sort.Slice(s.locs, func(i, j int) bool {
		a, b := s.locs[i], s.locs[j]
		if a.obj.ID != b.obj.ID {
			return a.obj.ID < b.obj.ID
		}
		if a.off != b.off {
			return a.off < b.off
		}
		if a.lo != b.lo {
			return a.lo < b.lo
		}
		return a.hi < b.hi
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

// accessed keeps, of the targets ts of pointer p at an access of n bytes,
// those the access may reach as p's exact values say (HasAccess): an
// access past the array member p was derived from is undefined, and is
// not a reason to cut it.
func (r *Result) accessed(p ir.Value, ts Targets, n int64) Targets {
	v, ok := p.(*ir.Var)
	if !ok || r.exact[v] == nil {
		return ts
	}
	ex := r.exact[v]
	out := Targets{}
	for l, rel := range ts {
		if l.Obj.Kind != VarObj && l.Obj.Kind != InputObj || l.Obj.Typ == nil || l.Obj.Typ.Kind == ir.Function || l.Off == AnyOff {
			out[l] = rel
			continue
		}
		for _, x := range ex.locs {
			if x.obj == l.Obj && canon(l.Obj.Typ, x.off) == l.Off && ex.HasAccess(x.obj, x.off, n) {
				out[l] = rel
				break
			}
		}
	}
	return out
}
