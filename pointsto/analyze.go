package pointsto

import (
	"fmt"
	"regexp"

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
	objOf   map[*ir.Var]*Object
	inputOf map[string]*Object // by InputObject.Pointer
	// Stubbed lists the calls whose pointer results are Unknown.
	Stubbed []*ir.Call
}

// ObjectOf returns the object of a variable.
func (r *Result) ObjectOf(v *ir.Var) *Object { return r.objOf[v] }

// InputObject returns the object behind the pointer input at path, or nil.
func (r *Result) InputObject(pointer string) *Object { return r.inputOf[pointer] }

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
		return g[Loc{r.objOf[v], ""}]
	case *ir.Const:
		return Targets{Loc{r.Null, ""}: Definite}
	}
	return nil
}

// Analyze runs the analysis on f (a function after ir.Inline), whose
// program has the given globals.
func Analyze(f *ir.Func, globals []*ir.Var, cfg Config) (r *Result, err error) {
	r = &Result{Func: f, before: map[ir.Stmt]Graph{}, objOf: map[*ir.Var]*Object{}, inputOf: map[string]*Object{}}
	r.Null = r.newObject(&Object{Name: "NULL", Kind: NullObj})
	r.Unknown = r.newObject(&Object{Name: "?", Kind: UnknownObj})
	for _, g := range globals {
		r.varObject(g)
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
			if ae, ok := e.(analysisError); ok {
				err = ae
				return
			}
			panic(e)
		}
	}()
	g := r.entryGraph(f, globals, cfg)
	r.Entry = g.clone()
	r.Exit = r.block(f.Body, g)
	return r, nil
}

type analysisError struct {
	pos ir.Pos
	msg string
}

func (e analysisError) Error() string { return fmt.Sprintf("%s: %s", e.pos, e.msg) }

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

var indexRE = regexp.MustCompile(`\[[0-9]+\]`)

// collapse turns a leaf path ".a[2].b" into a location path ".a.b".
func collapse(path string) string { return indexRE.ReplaceAllString(path, "") }

// pointerLeaves returns the location paths (collapsed, distinct) of the
// pointer leaves of type t.
func pointerLeaves(t *ir.Type) []string {
	var out []string
	seen := map[string]bool{}
	for _, l := range t.Leaves() {
		if !l.Type.IsPointer() {
			continue
		}
		p := collapse(l.Path)
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// entryGraph gives pointer inputs their fresh objects (and NULL when they
// may be null), and initialized globals their initial targets.
func (r *Result) entryGraph(f *ir.Func, globals []*ir.Var, cfg Config) Graph {
	g := Graph{}
	add := func(from Loc, to Loc, rel Rel) {
		ts := g[from]
		if ts == nil {
			ts = Targets{}
			g[from] = ts
		}
		if old, ok := ts[to]; !ok || old < rel {
			ts[to] = rel
		}
	}
	// inputPointers binds every pointer leaf of an input object o (whose
	// leaves are named base+leafpath) to the object behind it.
	var inputPointers func(o *Object, base string)
	inputPointers = func(o *Object, base string) {
		for _, l := range o.Typ.Leaves() {
			if !l.Type.IsPointer() {
				continue
			}
			from := Loc{o, collapse(l.Path)}
			ptr := base + l.Path
			rel := Definite
			if from.Summary() {
				rel = Possible
			}
			target := r.inputOf[ptr]
			nullable := cfg.MayBeNull != nil && cfg.MayBeNull(ptr)
			if target == nil {
				// Beyond the input depth: the pointer is NULL.
				add(from, Loc{r.Null, ""}, rel)
				continue
			}
			if nullable {
				add(from, Loc{r.Null, ""}, Possible)
				add(from, Loc{target, ""}, Possible)
			} else {
				add(from, Loc{target, ""}, rel)
			}
			if target.Kind == InputObj {
				inputPointers(target, ptr)
			}
		}
	}
	for _, v := range f.Params {
		inputPointers(r.objOf[v], v.Name)
	}
	for _, v := range globals {
		if cfg.Inputs[v] {
			inputPointers(r.objOf[v], v.Name)
			continue
		}
		// Static initialization: listed leaves get their value, the others
		// are zero (NULL for pointers).
		o := r.objOf[v]
		leaves := v.Typ.Leaves()
		set := map[int]bool{}
		for _, it := range v.Init {
			set[it.Leaf] = true
			l := leaves[it.Leaf]
			if !l.Type.IsPointer() {
				continue
			}
			from := Loc{o, collapse(l.Path)}
			rel := Definite
			if from.Summary() {
				rel = Possible
			}
			switch x := it.Val.(type) {
			case *ir.AddrConst:
				tl := x.Var.Typ.Leaves()
				path := ""
				if x.Leaf < len(tl) {
					path = collapse(tl[x.Leaf].Path)
				}
				add(from, Loc{r.varObject(x.Var), path}, rel)
			default:
				add(from, Loc{r.Null, ""}, rel)
			}
		}
		for i, l := range leaves {
			if set[i] || !l.Type.IsPointer() {
				continue
			}
			from := Loc{o, collapse(l.Path)}
			rel := Definite
			if from.Summary() {
				rel = Possible
			}
			add(from, Loc{r.Null, ""}, rel)
		}
	}
	// A summary location may hold definite relations from the adds above
	// only if every element agrees; be conservative.
	for from, ts := range g {
		if from.Summary() {
			for t := range ts {
				ts[t] = Possible
			}
		}
	}
	return g
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
	r.before[s] = g.clone()
	switch s := s.(type) {
	case *ir.AddrOf:
		r.assign(g, Loc{r.objOf[s.Dst], ""}, Targets{Loc{r.varObject(s.Var), ""}: Definite})
	case *ir.Copy:
		r.copyValue(g, s.Dst, s.Src)
	case *ir.Conv:
		if s.Dst.Typ.IsPointer() {
			if s.X.Type().IsPointer() {
				r.copyValue(g, s.Dst, s.X)
			} else {
				// The front end lets only null pointer constants through.
				r.assign(g, Loc{r.objOf[s.Dst], ""}, Targets{Loc{r.Null, ""}: Definite})
			}
		}
	case *ir.FieldAddr:
		name := s.Ptr.Type().Elem.Fields[s.Field].Name
		out := Targets{}
		for t, rel := range r.targets(g, s.Ptr) {
			switch t.Obj.Kind {
			case NullObj:
				// &NULL->f is undefined: that path is infeasible.
			case UnknownObj:
				out[t] = rel
			default:
				out[Loc{t.Obj, t.Path + "." + name}] = rel
			}
		}
		r.assign(g, Loc{r.objOf[s.Dst], ""}, out)
	case *ir.PtrAdd:
		// Arrays are collapsed: p + i points into the same location. NULL
		// + i is undefined and drops out.
		out := Targets{}
		for t, rel := range r.targets(g, s.Ptr) {
			if t.Obj.Kind != NullObj {
				out[t] = rel
			}
		}
		r.assign(g, Loc{r.objOf[s.Dst], ""}, out)
	case *ir.Load:
		r.load(g, s)
	case *ir.Store:
		r.store(g, s)
	case *ir.Call:
		if s.Dst != nil {
			for _, p := range pointerLeaves(s.Dst.Typ) {
				r.assign(g, Loc{r.objOf[s.Dst], p}, Targets{Loc{r.Unknown, ""}: Possible})
			}
			if len(pointerLeaves(s.Dst.Typ)) > 0 {
				r.Stubbed = append(r.Stubbed, s)
			}
		}
	case *ir.If:
		t := r.block(s.Then, g.clone())
		e := r.block(s.Else, g)
		return merge(t, e)
	case *ir.While:
		entry := g
		in := g.clone()
		for {
			h := r.block(s.Pre, in.clone())
			out := r.block(s.Body, h.clone())
			next := merge(entry, out)
			if next.equal(in) {
				r.before[s] = in.clone()
				return h
			}
			in = next
		}
	case *ir.Unary, *ir.Binary, *ir.Assert, *ir.Return:
	default:
		panic(analysisError{s.Position(), fmt.Sprintf("pointsto: unexpected statement %T", s)})
	}
	return g
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
			r.assign(g, Loc{do, ""}, Targets{Loc{r.Null, ""}: Definite})
		}
		return
	}
	sv, ok := src.(*ir.Var)
	if !ok {
		return
	}
	so := r.objOf[sv]
	for _, p := range pointerLeaves(dst.Typ) {
		r.assign(g, Loc{do, p}, g[Loc{so, p}])
	}
}

func (r *Result) load(g Graph, s *ir.Load) {
	leaves := pointerLeaves(s.Dst.Typ)
	if len(leaves) == 0 {
		return
	}
	src := r.targets(g, s.Ptr)
	for _, p := range leaves {
		out := Targets{}
		for l, r1 := range src {
			switch l.Obj.Kind {
			case NullObj:
				continue
			case UnknownObj:
				out[Loc{r.Unknown, ""}] = Possible
				continue
			}
			from := Loc{l.Obj, l.Path + p}
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
		r.assign(g, Loc{r.objOf[s.Dst], p}, out)
	}
}

func (r *Result) store(g Graph, s *ir.Store) {
	leaves := pointerLeaves(s.Src.Type())
	if len(leaves) == 0 {
		return
	}
	dst := r.targets(g, s.Ptr)
	for _, p := range leaves {
		var val Targets
		switch x := s.Src.(type) {
		case *ir.Var:
			val = g[Loc{r.objOf[x], p}]
		case *ir.Const:
			val = Targets{Loc{r.Null, ""}: Definite}
		}
		for l, r1 := range dst {
			if l.Obj.Kind == NullObj || l.Obj.Kind == UnknownObj {
				continue
			}
			to := Loc{l.Obj, l.Path + p}
			if r1 == Definite && !to.Summary() {
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
