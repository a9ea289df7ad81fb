package pointsto

import (
	"errors"
	"fmt"
	"slices"
	"sort"

	"github.com/inka-tool/inka/budget"
	"github.com/inka-tool/inka/ir"
)

// Config says what the function's inputs are.
type Config struct {
	// Shape gives the fresh objects behind pointer inputs (ir.InputShape).
	Shape *ir.InputShape
	// Inputs are the globals whose initial values are inputs of the test;
	// the other globals start from their initializers.
	Inputs map[*ir.Var]bool
	// MayBeNull says whether the pointer input at an access path ("p",
	// "s.next", "p[0].next") may be NULL. nil: never.
	MayBeNull func(pointer string) bool
	// Budget bounds the analysis: a step per statement visited, and one
	// per entry of the graph it copies there (nil: unbounded). When it is
	// exhausted the analysis fails with the budget's *budget.Error.
	Budget *budget.B
	// Returns gives the calls of undefined functions whose pointer result
	// is an input (ir.StubReturns): the input root of the object each
	// returns, a pointer input of the Shape. The result of another call
	// of an undefined function is Unknown.
	Returns map[*ir.Call]string
}

// Result is the outcome of the analysis of one function.
type Result struct {
	Func    *ir.Func
	Objects []*Object
	Null    *Object
	Unknown *Object
	// Entry is the graph at the function's entry, Exit at its Return.
	Entry, Exit Graph

	before  map[ir.Stmt]Graph
	joins   map[ir.Stmt][3]Graph // per If: the graphs at the end of Then and Else, and their join; per While: entry, end of the body, head (SanityCheck)
	budget  *budget.B            // during the analysis
	objOf   map[*ir.Var]*Object
	inputOf map[string]*Object // by InputObject.Pointer
	// Stubbed lists the calls whose pointer results are Unknown.
	Stubbed []*ir.Call
	// Cuts are the statements the analysis does not follow, with why (a
	// pointer read out of a union): the Pointer-SSA cuts the paths there.
	Cuts map[ir.Stmt]string
	cfg  Config
	// exact: the pointer variables whose values are plain (exact.go).
	exact map[*ir.Var]*Exact
}

// ObjectOf returns the object of a variable.
func (r *Result) ObjectOf(v *ir.Var) *Object { return r.objOf[v] }

// EntryTargets returns the targets of the pointer at byte offset off of
// object o at the function's entry.
func (r *Result) EntryTargets(o *Object, off int64) Targets {
	return r.Entry[Canon(o, off)]
}

// InputObject returns the object behind the pointer input at path, or nil.
func (r *Result) InputObject(pointer string) *Object { return r.inputOf[pointer] }

// IntoArray resolves an entry of ir.InputObject.Into: the object that
// holds the array, the array's byte offset in it and its type; member
// when it is an array member (ir.InputShape.IntoArray). o is nil when
// there is no such array.
func (r *Result) IntoArray(into string) (o *Object, off int64, arr *ir.Type, member bool) {
	if r.cfg.Shape == nil {
		return nil, 0, nil, false
	}
	ptr, off, arr, member := r.cfg.Shape.IntoArray(into)
	o = r.inputOf[ptr]
	if arr == nil || o == nil || o.Kind != InputObj || o.Typ == nil {
		return nil, 0, nil, false
	}
	return o, off, arr, member
}

// Before returns the points-to graph just before statement s (for a While,
// at the loop head, before its Pre statements). Do not modify it.
func (r *Result) Before(s ir.Stmt) Graph { return r.before[s] }

// TargetsOf returns the targets of the pointer value v just before s: the
// relations of the variable v, or NULL for a null constant.
func (r *Result) TargetsOf(s ir.Stmt, v ir.Value) Targets {
	return r.targets(r.before[s], v)
}

func (r *Result) targets(g Graph, v ir.Value) Targets {
	switch v := v.(type) {
	case *ir.Var:
		return g[Loc{r.objOf[v], 0}]
	case *ir.Const:
		return Targets{Loc{r.Null, 0}: Definite}
	}
	return nil
}

// Analyze runs the analysis on f (a function after ir.Inline), whose
// program has the given globals.
func Analyze(f *ir.Func, globals []*ir.Var, cfg Config) (r *Result, err error) {
	r = &Result{Func: f, before: map[ir.Stmt]Graph{}, joins: map[ir.Stmt][3]Graph{}, objOf: map[*ir.Var]*Object{}, inputOf: map[string]*Object{}, cfg: cfg}
	r.Null = r.newObject(&Object{Name: "NULL", Kind: NullObj})
	r.Unknown = r.newObject(&Object{Name: "?", Kind: UnknownObj})
	// A global shadowed by a parameter is listed as name#ID, its input
	// root, so that listings tell the two apart.
	roots := ir.GlobalRoots(f, globals)
	for _, g := range globals {
		r.varObject(g).Name = roots[g]
	}
	for _, v := range f.Params {
		r.varObject(v)
	}
	for _, v := range f.Locals {
		r.varObject(v)
	}
	if f.Result != nil {
		r.varObject(f.Result)
	}
	if cfg.Shape != nil {
		for _, o := range cfg.Shape.Objects {
			if o.Func {
				// the input's callback: a function object of its own
				r.inputOf[o.Pointer] = r.varObject(o.Callback)
				continue
			}
			obj := &Object{Name: o.Name(), Kind: InputObj, Input: o, Typ: o.Typ}
			if o.Void {
				// Nothing can be built behind a void* input: it can only be
				// NULL or unknown; treat it as unknown.
				obj = r.Unknown
			} else {
				r.newObject(obj)
			}
			r.inputOf[o.Pointer] = obj
		}
	}
	defer func() {
		if e := recover(); e != nil {
			switch e := e.(type) {
			case analysisError:
				r, err = nil, e
			case *budget.Error:
				r, err = nil, e
			default:
				panic(e)
			}
		}
	}()
	r.budget = cfg.Budget
	g := r.entryGraph(f, globals, cfg)
	r.Entry = g.clone()
	r.exact = exactAddrs(f, r)
	r.Exit = r.block(f.Body, g)
	return r, nil
}

type analysisError struct {
	pos ir.Pos
	msg string
}

func (e analysisError) Error() string { return fmt.Sprintf("%s: %s", e.pos, e.msg) }

// UnsupportedError reports a use of pointers the model cannot follow (the
// bytes of a pointer, a pointer the analysis does not know): the reason of
// a cut of the Pointer-SSA, on the paths that run it.
type UnsupportedError struct {
	Pos ir.Pos
	Msg string
}

func (e *UnsupportedError) Error() string { return fmt.Sprintf("%s: unsupported: %s", e.Pos, e.Msg) }

// inUnion reports whether location l lies in a union, or is an object
// that holds a union with a pointer.
func inUnion(l Loc) bool {
	t := l.Obj.Typ
	if l.Off == AnyOff {
		return hasUnion(t)
	}
	return inUnionAt(t, l.Off) || (l.Off == 0 && unionWithPointer(t))
}

// cut records that the analysis cannot follow statement s (Cuts).
func (r *Result) cut(s ir.Stmt, format string, args ...any) {
	if r.Cuts == nil {
		r.Cuts = map[ir.Stmt]string{}
	}
	r.Cuts[s] = fmt.Sprintf("%s: unsupported: %s", s.Position(), fmt.Sprintf(format, args...))
}

// unionWithPointer reports whether t has a union member that holds a
// pointer, in any member of the union.
func unionWithPointer(t *ir.Type) bool {
	switch t.Kind {
	case ir.Array:
		return unionWithPointer(t.Elem)
	case ir.Struct:
		for _, f := range t.Fields {
			if unionWithPointer(f.Type) {
				return true
			}
		}
	case ir.Union:
		return t.HasPointer()
	}
	return false
}

func (r *Result) newObject(o *Object) *Object {
	o.ID = len(r.Objects)
	r.Objects = append(r.Objects, o)
	return o
}

func (r *Result) varObject(v *ir.Var) *Object {
	if o, ok := r.objOf[v]; ok {
		return o
	}
	o := r.newObject(&Object{Name: v.Name, Kind: VarObj, Var: v, Typ: v.Typ})
	r.objOf[v] = o
	return o
}

// pointerLeaves returns the canonical offsets (distinct) of the pointer
// leaves of type t.
func pointerLeaves(t *ir.Type) []int64 { return pointerOffsets(t) }

// entryGraph gives pointer inputs their fresh objects (and NULL when they
// may be null), and initialized globals their initial targets.
func (r *Result) entryGraph(f *ir.Func, globals []*ir.Var, cfg Config) Graph {
	b := &entryBuilder{r: r, g: Graph{}, globals: globals, cfg: cfg}
	for _, v := range f.Params {
		b.inputPointers(r.objOf[v], v.Name)
	}
	// The objects undefined callees return: their pointers are inputs too.
	for _, root := range cfg.Returns {
		if o := r.inputOf[root]; o != nil && o.Kind == InputObj {
			b.inputPointers(o, root)
		}
	}
	// A global shadowed by a parameter is named name#ID in the shape.
	roots := ir.GlobalRoots(f, globals)
	for _, v := range globals {
		if cfg.Inputs[v] {
			b.inputPointers(r.objOf[v], roots[v])
			continue
		}
		b.staticInit(v)
	}
	// A summary location may hold definite relations from the adds above
	// only if every element agrees; be conservative.
	for from, ts := range b.g {
		if from.Summary() {
			for t := range ts {
				ts[t] = Possible
			}
		}
	}
	return b.g
}

// entryBuilder builds the points-to graph at a function's entry.
type entryBuilder struct {
	r       *Result
	g       Graph
	globals []*ir.Var
	cfg     Config
}

// add records that from points to to, keeping the stronger relation.
func (b *entryBuilder) add(from, to Loc, rel Rel) {
	ts := b.g[from]
	if ts == nil {
		ts = Targets{}
		b.g[from] = ts
	}
	if old, ok := ts[to]; !ok || old < rel {
		ts[to] = rel
	}
}

// relAt is the relation a single pointer at from has with its target:
// definite, unless from stands for several locations (a summary).
func relAt(from Loc) Rel {
	if from.Summary() {
		return Possible
	}
	return Definite
}

// inputPointers binds every pointer leaf of an input object o (whose leaves
// are named base+leafpath) to the object behind it.
func (b *entryBuilder) inputPointers(o *Object, base string) {
	r := b.r
	for _, l := range o.Typ.Leaves() {
		if !l.Type.IsPointer() {
			continue
		}
		from := Canon(o, l.Offset)
		ptr := base + l.Path
		rel := relAt(from)
		target := r.inputOf[ptr]
		nullable := b.cfg.MayBeNull != nil && b.cfg.MayBeNull(ptr)
		if target == nil {
			// Beyond the input depth: the pointer is NULL.
			b.add(from, Loc{r.Null, 0}, rel)
			continue
		}
		funcs := r.candidates(l.Type, b.globals)
		into := b.into(target)
		if nullable || len(funcs) > 0 || len(into) > 0 {
			if nullable {
				b.add(from, Loc{r.Null, 0}, Possible)
			}
			b.add(from, Loc{target, 0}, Possible)
			for _, f := range funcs {
				b.add(from, Loc{f, 0}, Possible)
			}
			for _, t := range into {
				b.add(from, t, Possible)
			}
		} else {
			b.add(from, Loc{target, 0}, rel)
		}
		if target.Kind == InputObj {
			b.inputPointers(target, ptr)
		}
	}
}

// into returns the locations of the arrays of other inputs the pointer
// input whose own object is target may point into (ir.InputObject.Into):
// any element of such an array (its summary location), and the address
// one past the end of a whole object. One past the end of an array
// member is the next member's address, which no access through the
// pointer may reach (C11 6.5.6p8): it is no target, so the model, which
// lets the pointer hold that address (model.intoAddrs), finds no cell
// there and excludes the access. Two input objects among an entry
// pointer's targets make its values inexact (exact.go, entryValues).
func (b *entryBuilder) into(target *Object) []Loc {
	if target.Kind != InputObj || target.Input == nil {
		return nil
	}
	var out []Loc
	for _, q := range target.Input.Into {
		o, off, arr, member := b.r.IntoArray(q)
		if o == nil {
			continue
		}
		out = append(out, Canon(o, off))
		if !member {
			out = append(out, Canon(o, off+arr.Size()))
		}
	}
	return out
}

// staticInit gives the pointer leaves of a global that is not an input
// their static initialization: listed leaves their value, the others zero
// (NULL).
func (b *entryBuilder) staticInit(v *ir.Var) {
	r := b.r
	o := r.objOf[v]
	leaves := v.Typ.Leaves()
	set := map[int]bool{}
	for _, it := range v.Init {
		set[it.Leaf] = true
		l := leaves[it.Leaf]
		if !l.Type.IsPointer() {
			continue
		}
		from := Canon(o, l.Offset)
		switch x := it.Val.(type) {
		case *ir.AddrConst:
			b.add(from, Canon(r.varObject(x.Var), AddrOffset(x)), relAt(from))
		default:
			b.add(from, Loc{r.Null, 0}, relAt(from))
		}
	}
	for i, l := range leaves {
		if set[i] || !l.Type.IsPointer() {
			continue
		}
		from := Canon(o, l.Offset)
		b.add(from, Loc{r.Null, 0}, relAt(from))
	}
}

// candidates returns the functions a function-pointer input of type t may
// point to besides its own callback: the functions defined in the program
// (function objects) of its pointee type. nil for other pointers.
func (r *Result) candidates(t *ir.Type, globals []*ir.Var) []*Object {
	if !t.IsFuncPointer() {
		return nil
	}
	var out []*Object
	for _, g := range globals {
		if g.Class == ir.FuncObj && g.Fn != nil && ir.Identical(g.Typ, t.Elem) {
			out = append(out, r.varObject(g))
		}
	}
	return out
}

// AddrOffset returns the byte offset of the address constant a (an
// initializer &v, &v.f, &v[k], "abc") in its variable.
func AddrOffset(a *ir.AddrConst) int64 {
	if a.Var.Class == ir.FuncObj {
		return 0
	}
	leaves := a.Var.Typ.Leaves()
	if a.Leaf <= 0 || a.Leaf >= len(leaves) {
		return 0
	}
	return leaves[a.Leaf].Offset
}

func (r *Result) block(ss []ir.Stmt, g Graph) Graph {
	for _, s := range ss {
		g = r.stmt(s, g)
	}
	return g
}

// stmt records the graph before s and returns the graph after it. g may be
// modified in place.
func (r *Result) stmt(s ir.Stmt, g Graph) Graph {
	if !r.budget.Spend(int64(1 + len(g))) {
		panic(r.budget.Err())
	}
	r.before[s] = g.clone()
	switch s := s.(type) {
	case *ir.AddrOf:
		r.assign(g, Loc{r.objOf[s.Dst], 0}, Targets{Loc{r.varObject(s.Var), 0}: Definite})
	case *ir.Copy:
		r.copyValue(g, s.Dst, s.Src)
	case *ir.Conv:
		if s.Dst.Typ.IsPointer() {
			if s.X.Type().IsPointer() {
				// Locations are type-agnostic: a converted pointer points
				// where it pointed; each access judges the type it uses.
				r.assign(g, Loc{r.objOf[s.Dst], 0}, r.refine(s.Dst, r.targets(g, s.X)))
			} else {
				// The front end lets only null pointer constants through.
				r.assign(g, Loc{r.objOf[s.Dst], 0}, Targets{Loc{r.Null, 0}: Definite})
			}
		}
	case *ir.FieldAddr:
		f := s.Ptr.Type().Elem.Fields[s.Field]
		r.assign(g, Loc{r.objOf[s.Dst], 0}, r.refine(s.Dst, r.shifted(r.targets(g, s.Ptr), f.Offset, 0, true)))
	case *ir.PtrAdd:
		// NULL + i is undefined for i != 0 and drops out, but NULL + 0 is
		// NULL (the interpreter's semantics, and C++'s): `&p[i]` with p
		// NULL and i = 0 is a null pointer, so NULL stays unless the
		// index is a non-zero constant.
		es := s.Ptr.Type().Stride()
		var out Targets
		if c, ok := s.Index.(*ir.Const); ok {
			out = r.shifted(r.targets(g, s.Ptr), c.Int64()*es, 0, c.Bits != 0)
		} else {
			out = r.shifted(r.targets(g, s.Ptr), 0, es, false)
		}
		r.assign(g, Loc{r.objOf[s.Dst], 0}, r.refine(s.Dst, out))
	case *ir.Load:
		r.load(g, s)
	case *ir.Store:
		r.store(g, s)
	case *ir.Call:
		r.call(g, s)
	case *ir.If:
		t := r.block(s.Then, g.clone())
		e := r.block(s.Else, g)
		j := merge(t, e)
		r.joins[s] = [3]Graph{t, e, j.clone()} // j is changed in place by what follows
		return j
	case *ir.While:
		entry := g
		in := g.clone()
		for {
			h := r.block(s.Pre, in.clone())
			out := r.block(s.Body, h.clone())
			next := merge(entry, out)
			if next.equal(in) {
				r.before[s] = in.clone()
				r.joins[s] = [3]Graph{entry, out, in}
				return h
			}
			in = next
		}
	case *ir.Unsupported:
		// The run stops here (a cut): what its placeholder points to
		// matters on no modelled path.
		if s.Dst != nil {
			for _, p := range pointerLeaves(s.Dst.Typ) {
				r.assign(g, Loc{r.objOf[s.Dst], p}, nil)
			}
		}
	case *ir.Unary, *ir.Binary, *ir.Assert, *ir.Return:
	default:
		panic(analysisError{s.Position(), fmt.Sprintf("pointsto: unexpected statement %T", s)})
	}
	return g
}

// shifted returns the targets of p + delta (+ any multiple of stride when
// stride > 0) for the targets ts of p: each location shifted inside its
// object (see shift). NULL stays (NULL + 0) unless nonZero says the
// offset is not 0 (or the operation is a member access, &NULL->f being
// undefined even at offset 0); an unknown pointer stays unknown; a
// pointer to a function does not move.
func (r *Result) shifted(ts Targets, delta, stride int64, nonZero bool) Targets {
	out := Targets{}
	for t, rel := range ts {
		switch t.Obj.Kind {
		case NullObj:
			if !nonZero {
				out[t] = rel
			}
			continue
		case UnknownObj:
			out[t] = rel
			continue
		}
		if t.Obj.Typ == nil || t.Obj.Typ.Kind == ir.Function {
			out[t] = rel
			continue
		}
		ls := shift(t, delta, stride)
		if len(ls) > 1 || stride > 0 {
			rel = Possible
		}
		for _, l := range ls {
			if old, ok := out[l]; !ok || old < rel {
				out[l] = rel
			}
		}
	}
	return out
}

// assign is a strong update of a non-summary location (kill all, gen ts),
// or a weak update of a summary (gen ts as possible, keep the rest).
func (r *Result) assign(g Graph, l Loc, ts Targets) {
	if l.Summary() {
		r.weak(g, l, ts)
		return
	}
	c := make(Targets, len(ts))
	for t, rel := range ts {
		c[t] = rel
	}
	if len(c) == 0 {
		delete(g, l)
		return
	}
	g[l] = c
}

// weak adds ts to l's targets as possible, and turns l's definite
// relations into possible ones: after the update l may or may not have
// kept its old value.
func (r *Result) weak(g Graph, l Loc, ts Targets) {
	c := Targets{}
	for t := range g[l] {
		c[t] = Possible
	}
	for t := range ts {
		c[t] = Possible
	}
	if len(c) > 0 {
		g[l] = c
	}
}

// copyValue handles dst = src for scalars and aggregates: every pointer
// leaf of dst takes the targets of the same leaf of src.
func (r *Result) copyValue(g Graph, dst *ir.Var, src ir.Value) {
	do := r.objOf[dst]
	if c, ok := src.(*ir.Const); ok {
		if dst.Typ.IsPointer() && c.Bits == 0 {
			r.assign(g, Loc{do, 0}, Targets{Loc{r.Null, 0}: Definite})
		}
		return
	}
	sv, ok := src.(*ir.Var)
	if !ok {
		return
	}
	so := r.objOf[sv]
	for _, p := range pointerLeaves(dst.Typ) {
		r.assign(g, Loc{do, p}, r.refine(dst, g[Loc{so, p}]))
	}
}

// pointerBytes says why an access of type acc through a pointer with
// targets ts would read or write part of a pointer as something else (an
// integer over a pointer's bytes, a pointer over bytes that hold no
// pointer), or "": the analysis follows pointers only whole.
func pointerBytes(ts Targets, acc *ir.Type) string {
	leaves := acc.Leaves()
	if acc.IsScalar() {
		leaves = []ir.Leaf{{Type: acc}}
	}
	for _, l := range ts.Sorted() {
		if l.Obj.Kind != VarObj && l.Obj.Kind != InputObj || l.Obj.Typ == nil {
			continue
		}
		spans := pointerSpans(l.Obj.Typ)
		if len(spans) == 0 && !acc.HasPointer() {
			continue
		}
		xs, ok := concrete(l, acc.Size(), acc.Align())
		if !ok {
			return fmt.Sprintf("may access %s anywhere, pointers among its bytes", l)
		}
		for _, x := range xs {
			for _, lf := range leaves {
				a, n := x+lf.Offset, lf.Type.Size()
				if lf.Type.IsPointer() {
					if !isSpan(spans, a, n) {
						return fmt.Sprintf("may read or write a pointer at %s, whose bytes hold no pointer", Canon(l.Obj, a))
					}
					continue
				}
				if overlaps(spans, a, n) {
					return fmt.Sprintf("may read or write the bytes of the pointer at %s as %s", Canon(l.Obj, a), lf.Type)
				}
			}
		}
	}
	return ""
}

// holders returns the locations of the pointers a pointer into l reaches
// at byte offset p of what it points to (an aggregate's pointer leaf): l
// shifted by p, an AnyOff target standing for every pointer of its
// object; only the pointer leaves of the object (an access of a pointer
// one past the end is undefined, of other bytes a cut: pointerBytes).
func holders(l Loc, p int64) []Loc {
	if l.Off == AnyOff {
		var out []Loc
		for _, q := range pointerLeaves(l.Obj.Typ) {
			out = append(out, Loc{l.Obj, q})
		}
		return out
	}
	ls := []Loc{l}
	if p != 0 {
		ls = shift(l, p, 0)
	}
	out := ls[:0]
	for _, h := range ls {
		if t := h.Type(); t != nil && t.IsPointer() {
			out = append(out, h)
		}
	}
	return out
}

func (r *Result) load(g Graph, s *ir.Load) {
	src := r.accessed(s.Ptr, r.targets(g, s.Ptr), s.Dst.Typ.Size())
	if why := pointerBytes(src, s.Dst.Typ); why != "" {
		// The analysis does not follow pointers through their bytes.
		r.cut(s, "%s %s", s.Ptr, why)
		for _, p := range pointerLeaves(s.Dst.Typ) {
			r.assign(g, Loc{r.objOf[s.Dst], p}, nil)
		}
		return
	}
	if s.Dst.Typ.HasPointer() {
		for _, l := range src.Sorted() {
			if (l.Obj.Kind == VarObj || l.Obj.Kind == InputObj) && inUnion(l) {
				// The pointer may have been written as another member:
				// the analysis does not follow it; the path is cut there.
				r.cut(s, "%s reads a pointer in the union %s: the points-to analysis does not follow pointers through unions", s.Ptr, l)
				for _, p := range pointerLeaves(s.Dst.Typ) {
					r.assign(g, Loc{r.objOf[s.Dst], p}, nil)
				}
				return
			}
		}
	}
	for _, p := range pointerLeaves(s.Dst.Typ) {
		out := Targets{}
		for l, r1 := range src {
			switch l.Obj.Kind {
			case NullObj:
				continue
			case UnknownObj:
				out[Loc{r.Unknown, 0}] = Possible
				continue
			}
			for _, from := range holders(l, p) {
				for t, r2 := range g[from] {
					rel := Possible
					if r1 == Definite && r2 == Definite && !from.Summary() {
						rel = Definite
					}
					if old, ok := out[t]; !ok || old < rel {
						out[t] = rel
					}
				}
			}
		}
		if p == 0 && s.Dst.Typ.IsPointer() {
			out = r.refine(s.Dst, out)
		}
		r.assign(g, Loc{r.objOf[s.Dst], p}, out)
	}
}

func (r *Result) store(g Graph, s *ir.Store) {
	dst := r.accessed(s.Ptr, r.targets(g, s.Ptr), s.Src.Type().Size())
	if why := pointerBytes(dst, s.Src.Type()); why != "" {
		r.cut(s, "%s %s", s.Ptr, why)
		return
	}
	for _, p := range pointerLeaves(s.Src.Type()) {
		var val Targets
		switch x := s.Src.(type) {
		case *ir.Var:
			val = g[Loc{r.objOf[x], p}]
		case *ir.Const:
			val = Targets{Loc{r.Null, 0}: Definite}
		}
		for l, r1 := range dst {
			switch l.Obj.Kind {
			case NullObj:
				continue
			case UnknownObj:
				// A store through a pointer the analysis does not know
				// may write any location an unknown pointer reaches.
				r.escape(g, val)
				continue
			}
			tos := holders(l, p)
			for _, to := range tos {
				if r1 == Definite && len(tos) == 1 && !to.Summary() {
					// Emami's kill: p definitely points to x, so x is overwritten.
					r.assign(g, to, val)
					continue
				}
				// Weak update: relations of x are kept but become possible;
				// the new ones are possible.
				r.weak(g, to, val)
			}
		}
	}
}

// call handles a call to an extern function (answered by a stub) or to a
// defined function the inlining bound left in place (recursion). The
// callee is not analysed: every pointer it is given escapes, and with
// them everything reachable from them, which it may rewire. A stub only
// touches what it is given (its answer is a return value and stores
// through its pointer arguments); a defined function may also reach every
// global. A pointer the callee returns is unknown.
func (r *Result) call(g Graph, s *ir.Call) {
	if s.Ptr != nil && len(r.Residual(s)) == 0 {
		// the call left after a dispatch, reached only through NULL (a
		// call that is undefined): it changes nothing
		return
	}
	if s.Func != nil && s.Ptr == nil {
		// A call of the program's function left in place, nested deeper
		// than the inlining bound: Pointer-SSA stops the run there (a
		// cut, ssa.Truncated), so what the call would change matters on
		// no modelled path — as for ir.Unsupported. Escaping its
		// arguments and every global instead made every pointer read
		// after the join unknown, and the paths that never recurse that
		// deep unsupported too (a recursive-descent parser: "42").
		if s.Dst != nil {
			for _, p := range pointerLeaves(s.Dst.Typ) {
				r.assign(g, Loc{r.objOf[s.Dst], p}, nil)
			}
		}
		return
	}
	roots := Targets{}
	for _, a := range s.Args {
		for _, p := range pointerLeaves(a.Type()) {
			switch a := a.(type) {
			case *ir.Var:
				for t := range g[Loc{r.objOf[a], p}] {
					roots[t] = Possible
				}
			}
		}
	}
	if s.Func != nil || s.Ptr != nil {
		// a function of the program left in place may reach any global
		for _, o := range r.Objects {
			if o.Kind == VarObj && o.Var.IsGlobal() {
				roots[Loc{o, 0}] = Possible
			}
		}
	}
	r.escape(g, roots)
	if s.Dst != nil {
		if root, ok := r.cfg.Returns[s]; ok && s.Extern != nil {
			// NULL or the fresh object of the call (ir.StubReturns).
			target := r.inputOf[root]
			if target == nil {
				target = r.Null // beyond the shape: NULL
			}
			ts := Targets{Loc{target, 0}: Definite}
			if target != r.Null && r.cfg.MayBeNull != nil && r.cfg.MayBeNull(root) {
				ts = Targets{Loc{target, 0}: Possible, Loc{r.Null, 0}: Possible}
			}
			r.assign(g, Loc{r.objOf[s.Dst], 0}, ts)
			return
		}
		leaves := pointerLeaves(s.Dst.Typ)
		for _, p := range leaves {
			r.assign(g, Loc{r.objOf[s.Dst], p}, Targets{Loc{r.Unknown, 0}: Possible})
		}
		if len(leaves) > 0 {
			r.Stubbed = append(r.Stubbed, s)
		}
	}
}

// ReturnedObject returns the input object a call of an undefined function
// returns (Config.Returns) and its root, or nil: an InputObj, or Unknown
// for a pointer to void.
func (r *Result) ReturnedObject(c *ir.Call) (*Object, string) {
	root, ok := r.cfg.Returns[c]
	if !ok {
		return nil, ""
	}
	return r.inputOf[root], root
}

// escape records that the locations ts (and everything reachable from
// them) are now reachable by code the analysis does not see: a stub, a
// call left in place, or a store through an unknown pointer. The escaped
// objects are the targets of the pseudo-location Loc{Unknown, 0}: a
// pointer to Unknown stands for NULL or any location reachable from them.
// Every pointer stored in a reachable object may since have been changed
// to such a pointer: it gains Unknown, as a weak update.
func (r *Result) escape(g Graph, ts Targets) {
	key := Loc{r.Unknown, 0}
	// Graphs share their Targets (Graph.clone): build a new set.
	esc := make(Targets, len(g[key])+len(ts))
	for t, rel := range g[key] {
		esc[t] = rel
	}
	for t := range ts {
		if t.Obj.Kind == VarObj || t.Obj.Kind == InputObj {
			esc[Loc{t.Obj, 0}] = Possible
		}
	}
	if len(esc) == 0 {
		return
	}
	g[key] = esc
	unknown := Targets{key: Possible}
	seen := map[*Object]bool{}
	var work []*Object
	for t := range esc {
		seen[t.Obj] = true
		work = append(work, t.Obj)
	}
	for len(work) > 0 {
		o := work[len(work)-1]
		work = work[:len(work)-1]
		for _, p := range pointerLeaves(o.Typ) {
			l := Loc{o, p}
			for t := range g[l] {
				if (t.Obj.Kind == VarObj || t.Obj.Kind == InputObj) && !seen[t.Obj] {
					seen[t.Obj] = true
					work = append(work, t.Obj)
				}
			}
			r.weak(g, l, unknown)
		}
	}
}

// Residual returns the targets of the pointer of a call through a function
// pointer that its dispatch (ir.Call.Excluded) leaves: what it may call,
// NULL aside.
func (r *Result) Residual(s *ir.Call) Targets {
	out := Targets{}
	for l, rel := range r.TargetsOf(s, s.Ptr) {
		if l.Obj.Kind == NullObj || l.Obj.Var != nil && slices.Contains(s.Excluded, l.Obj.Var) {
			continue
		}
		out[l] = rel
	}
	return out
}

// Inline inlines the entry function of p (maxInline nested calls and
// maxRec activations of a function on a chain of calls, as ir.InlineRec)
// and resolves its calls through function pointers with the
// analysis (cfg): each becomes a dispatch over the functions the pointer
// may point to (ir.InlineWith): the program's functions (inlined), the
// externs whose address it takes and the callbacks of function-pointer
// inputs (calls answered by stubs). Dispatching inlines new code, whose
// analysis may find new targets: the targets of every site grow until
// the analysis of the inlined function finds none but those dispatched.
// The call left in the last else of a dispatch is then reached only with
// a pointer to no function (NULL, undefined behaviour) or one the
// analysis does not know (Unknown). When the analysis fails (its budget),
// the calls left unresolved are returned as they are: the analysis of the
// goals' models fails in turn.
func Inline(p *ir.Program, maxInline, maxRec int, cfg Config) (*ir.Inlined, error) {
	targets := map[string][]*ir.Var{}
	for {
		in, err := ir.InlineRec(p, maxInline, maxRec, func(site string) []*ir.Var { return targets[site] })
		if err != nil || len(in.Indirect) == 0 {
			return in, err
		}
		r, err := Analyze(in.Func, p.Globals, cfg)
		var be *budget.Error
		if errors.As(err, &be) {
			return in, err // the calls not resolved yet stay indirect
		}
		if err != nil {
			return in, nil // refused when the function is analysed
		}
		grew := false
		for _, c := range in.Indirect {
			for l := range r.Residual(c.Call) {
				v := l.Obj.Var
				if l.Obj.Kind != VarObj || v == nil || v.Class != ir.FuncObj || slices.Contains(targets[c.Site], v) {
					continue
				}
				targets[c.Site] = append(targets[c.Site], v)
				grew = true
			}
		}
		if !grew {
			return in, nil
		}
		for _, ts := range targets {
			// a dispatch in a stable order, whatever the order of the maps
			sort.Slice(ts, func(i, j int) bool { return ts[i].Name < ts[j].Name })
		}
	}
}

// Entry is the analysis of a program's entry function as a run starts it.
type Entry struct {
	Inlined *ir.Inlined
	Inputs  map[*ir.Var]bool // the globals that are inputs
	Shape   *ir.InputShape
	Result  *Result
}

// StubReturnMap maps each call of ir.StubReturns(f) to its root, for
// Config.Returns.
func StubReturnMap(f *ir.Func) map[*ir.Call]string {
	m := map[*ir.Call]string{}
	for _, r := range ir.StubReturns(f) {
		m[r.Call] = r.Root
	}
	return m
}

// AnalyzeEntry inlines the entry function of p (maxInline nested calls)
// and analyses it with the inputs of a run (ir.EntryInputs, the default
// input shape, globals as inputs). With allNull every pointer input may
// be NULL, as a caller may pass it; without, none may.
func AnalyzeEntry(p *ir.Program, maxInline int, allNull bool) (*Entry, error) {
	roots, inputs := ir.EntryInputs(p.Funcs[0], p.Globals, false)
	e := &Entry{Inputs: inputs, Shape: ir.ComputeInputShape(roots, ir.DefaultArrayLen, ir.DefaultMaxDepth)}
	cfg := Config{Shape: e.Shape, Inputs: inputs, MayBeNull: func(string) bool { return allNull }}
	var err error
	if e.Inlined, err = Inline(p, maxInline, 0, cfg); err != nil {
		return nil, err
	}
	// The objects the calls of undefined functions return (known once
	// inlined) are pointer inputs too.
	e.Shape.Add(ir.StubReturnRoots(e.Inlined.Func)...)
	cfg.Returns = StubReturnMap(e.Inlined.Func)
	e.Result, err = Analyze(e.Inlined.Func, p.Globals, cfg)
	return e, err
}
