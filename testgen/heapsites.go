package testgen

import (
	"fmt"

	"github.com/inka-tool/inka/ir"
)

// Heap objects in the constraint model: per-allocation-site objects.
//
// The interpreter runs malloc exactly (interp/heap.go); the model sees the
// heap through a rewrite of the function it is built from (modelFn), after
// inlining, so that a site is an allocation in one calling context:
//
//   - An allocation `t = malloc(c)` of a constant size whose result is
//     converted to a T* with c a multiple of sizeof(T) (the way real code
//     allocates a node, a table, an array of n elements) gets a site
//     object: a synthetic local holding K instances of c bytes of T
//     (K = 1 for a site outside loops, heapInstances for a site in a
//     loop: a summary object, whose instances the n-th execution takes
//     in turn, so that a list built node by node has distinct nodes and
//     the stores through them are the weak updates of an array indexed by
//     the counter). `calloc(n, size)` is the same with the instance
//     zeroed. The K+1-th execution of a loop site is a cut naming the
//     bound: no answer rests on more allocations than the model holds.
//   - Whether the allocation fails is a value of the model (unless
//     Options.AllocNeverFails): each
//     execution calls the synthetic extern allocFails first (a stub: a
//     fresh value per call), non-zero making the result NULL. The calls
//     of allocFails are in the order of the run's allocations, every
//     allocation calls it, so the k-th call is the run's k-th allocation:
//     the replay makes those that are non-zero fail
//     (interp.Inputs.AllocFail).
//   - Each instance of a site has a liveness flag (a synthetic int
//     local, 0 at the start, 1 once the instance is allocated). `free(p)`
//     compares p with the address of every instance of every site of
//     the function: the instance it equals is freed (its flag must be 1,
//     else the run frees twice: undefined, excluded as the interpreter
//     detects it) and its flag goes to 0; a p that is NULL frees nothing;
//     a p that is none of them (an input object, which a caller may have
//     malloc'd; a pointer into the middle of an object; a site's object
//     the model cut) is a cut naming it. A use after free is excluded too:
//     every load, store and member access through a pointer of a site's
//     type that equals the address of a dead instance is undefined (an
//     ir.Assert with UB), so the search does not chase the runs the
//     interpreter stops at a dangling pointer. An access through a
//     pointer into the middle of a dead instance (a buffer's p + 3) is
//     not excluded: more runs than C, never fewer, so a proof stays
//     sound; such a run's replay stops at the use after free.
//   - `t = realloc(p, n)` in a function with one realloc call
//     (maxReallocs) and a malloc or calloc (else it can only move an
//     input object, which is a cut) is a site like malloc's whose new instance receives
//     the elements of the instance p starts (move), which dies; NULL
//     moves nothing; realloc(p, 0), a p of no site, an instance of another
//     type are cuts.
//   - Any other allocation (a result never converted to a complete type,
//     a calloc of a size the model does not know, a function with more
//     realloc calls) stays a cut (ir.Call.Unmodelled), after its call of
//     allocFails.

// heapInstances is the number of objects of an allocation site in a loop.
const heapInstances = 4

// maxReallocs is the number of realloc calls of a function (after
// inlining) the model follows; with more, every realloc is a cut.
const maxReallocs = 1

// allocFailsName is the name of the synthetic extern of allocation
// failures.
const allocFailsName = "alloc#fails"

// heapRewriter rewrites the allocations of a function for the model.
type heapRewriter struct {
	g     *Generator
	f     *ir.Func
	convs map[*ir.Var]*ir.Type // malloc result → the pointee type it is converted to
	init  []ir.Stmt            // the counters' and flags' initializations
	sites map[*ir.Call]*heapSite
	order []*heapSite // the sites in the order of the body
	frees bool        // the function calls free, or realloc the model follows
	// reallocs counts the calls of realloc: the model follows one
	// (maxReallocs), more (a string builder's putc inlined at every call)
	// stay cuts: each moves every instance of every site it may be given
	reallocs int
}

// heapSite is the model's object of one allocation site.
type heapSite struct {
	obj   *ir.Var   // K instances of the type allocated
	u     *ir.Type  // one instance
	zero  bool      // calloc
	size  ir.Value  // the size asked for, when the model does not know it
	alive []*ir.Var // per instance: 1 while allocated and not freed
}

// base is the type of the first element of an instance: what a pointer
// to the instance's start points to (an array's element).
func (st *heapSite) base() *ir.Type {
	if st.u.Kind == ir.Array {
		return st.u.Elem
	}
	return st.u
}

// heapSites returns f with its allocations rewritten for the model (f
// itself when it makes none).
func (g *Generator) heapSites(f *ir.Func) *ir.Func {
	any := false
	ir.Walk(f.Body, func(s ir.Stmt) {
		if ir.HeapCall(s) != ir.NotHeap {
			any = true
		}
	})
	if !any {
		return f
	}
	nf := *f
	nf.Locals = append([]*ir.Var(nil), f.Locals...)
	rw := &heapRewriter{g: g, f: &nf, convs: map[*ir.Var]*ir.Type{}, sites: map[*ir.Call]*heapSite{}}
	allocs := false // the function calls malloc or calloc
	ir.Walk(f.Body, func(s ir.Stmt) {
		if c, ok := s.(*ir.Conv); ok {
			if x, ok := c.X.(*ir.Var); ok && c.Dst.Typ.IsPointer() && c.Dst.Typ.Elem.Kind != ir.Void && c.Dst.Typ.Elem.Size() > 0 {
				if _, seen := rw.convs[x]; !seen {
					rw.convs[x] = c.Dst.Typ.Elem
				}
			}
		}
		switch ir.HeapCall(s) {
		case ir.Free:
			rw.frees = true
		case ir.Malloc, ir.Calloc:
			allocs = true
		case ir.Realloc:
			rw.reallocs++
		}
	})
	if !allocs {
		// nothing for realloc to move but an input object (a cut) or
		// NULL: the call stays one cut, which costs the search nothing
		rw.reallocs = maxReallocs + 1
	}
	if rw.reallocs > 0 && rw.reallocs <= maxReallocs {
		rw.frees = true // realloc frees its argument
	}
	rw.collect(f.Body, false)
	body := rw.block(f.Body)
	nf.Body = append(rw.init, body...)
	return &nf
}

// allocFailsExtern returns the synthetic extern of allocation failures.
func (g *Generator) allocFailsExtern() *ir.Extern {
	if g.allocFails == nil {
		g.allocFails = &ir.Extern{Name: allocFailsName, Result: ir.IntType}
	}
	return g.allocFails
}

func (rw *heapRewriter) temp(t *ir.Type, name string, class ir.VarClass) *ir.Var {
	p := rw.g.Prog
	v := &ir.Var{ID: p.NumVars, Name: fmt.Sprintf("%s#%d", name, p.NumVars), Typ: t, Class: class, Func: rw.f}
	p.NumVars++
	rw.f.Locals = append(rw.f.Locals, v)
	return v
}

// collect makes the object of every allocation site of ss the model
// gives one (before the rewrite: a free may come before, in the body, the
// allocation it frees, in a loop).
func (rw *heapRewriter) collect(ss []ir.Stmt, inLoop bool) {
	for _, s := range ss {
		switch s := s.(type) {
		case *ir.If:
			rw.collect(s.Then, inLoop)
			rw.collect(s.Else, inLoop)
		case *ir.While:
			rw.collect(s.Pre, true)
			rw.collect(s.Body, true)
		case *ir.Call:
			h := ir.HeapCall(s)
			if h == ir.NotHeap || h == ir.Free {
				continue
			}
			if h == ir.Realloc && rw.reallocs > maxReallocs {
				continue
			}
			u, zero, size := rw.siteType(s, h)
			if u == nil {
				continue
			}
			k := int64(1)
			if inLoop {
				k = heapInstances
			}
			st := &heapSite{u: u, zero: zero, size: size}
			st.obj = rw.temp(ir.ArrayOf(u, k), fmt.Sprintf("%s@%d:%d", s.Extern.Name, s.Pos.Line, s.Pos.Col), ir.Local)
			st.obj.AddrTaken = true
			if rw.frees {
				at := ir.At{Pos: s.Pos}
				for i := int64(0); i < k; i++ {
					a := rw.temp(ir.IntType, "__site_alive", ir.Temp)
					st.alive = append(st.alive, a)
					rw.init = append(rw.init, &ir.Copy{At: at, Dst: a, Src: ir.NewConst(ir.IntType, 0)})
				}
			}
			rw.sites[s] = st
			rw.order = append(rw.order, st)
		}
	}
}

func (rw *heapRewriter) block(ss []ir.Stmt) []ir.Stmt {
	return ir.Expand(ss, func(s ir.Stmt) []ir.Stmt {
		switch s := s.(type) {
		case *ir.Call:
			return rw.call(s)
		case *ir.Load:
			return append(rw.live(s.At, s.Ptr), s)
		case *ir.Store:
			return append(rw.live(s.At, s.Ptr), s)
		case *ir.FieldAddr:
			return append(rw.live(s.At, s.Ptr), s)
		}
		return []ir.Stmt{s}
	})
}

// instance returns the statements that compute the address of instance i
// of st as a value of type t.
func (rw *heapRewriter) instance(at ir.At, st *heapSite, i ir.Value, t *ir.Type) ([]ir.Stmt, *ir.Var) {
	whole := rw.temp(ir.PointerTo(st.obj.Typ), "__site_addr", ir.Temp)
	first := rw.temp(ir.PointerTo(st.u), "__site_first", ir.Temp)
	inst := rw.temp(ir.PointerTo(st.u), "__site_obj", ir.Temp)
	out := []ir.Stmt{
		&ir.AddrOf{At: at, Dst: whole, Var: st.obj},
		&ir.Conv{At: at, Dst: first, X: whole},
		&ir.PtrAdd{At: at, Dst: inst, Ptr: first, Index: i},
	}
	if ir.Identical(t, inst.Typ) {
		return out, inst
	}
	v := rw.temp(t, "__site_as", ir.Temp)
	return append(out, &ir.Conv{At: at, Dst: v, X: inst}), v
}

// live returns the checks that an access through p is no use after free:
// p equal to the start of a dead instance of a site of its pointee type
// is undefined. The checks are arithmetic, not branches (`p != inst |
// alive` must hold), so that the solver propagates them without
// splitting on them.
func (rw *heapRewriter) live(at ir.At, p ir.Value) []ir.Stmt {
	if !rw.frees || !p.Type().IsPointer() {
		return nil
	}
	var out []ir.Stmt
	for _, st := range rw.order {
		if !ir.Identical(st.base(), p.Type().Elem) {
			continue
		}
		for i, alive := range st.alive {
			addr, ne := rw.differs(at, st, i, p)
			ok := rw.temp(ir.IntType, "__site_live", ir.Temp)
			out = append(append(out, addr...),
				&ir.Binary{At: at, Dst: ok, Op: ir.Or, X: ne, Y: alive},
				&ir.Assert{At: at, Cond: ok, UB: "use after free: the object was freed"})
		}
	}
	return out
}

// differs returns the statements that compute whether p differs from
// the start of instance i of st (an int 0 or 1).
func (rw *heapRewriter) differs(at ir.At, st *heapSite, i int, p ir.Value) ([]ir.Stmt, *ir.Var) {
	addr, inst := rw.instance(at, st, ir.NewConst(ir.LongType, uint64(i)), p.Type())
	ne := rw.temp(ir.IntType, "__site_other", ir.Temp)
	return append(addr, &ir.Binary{At: at, Dst: ne, Op: ir.Ne, X: p, Y: inst}), ne
}

// free rewrites free(p): the instance p is the start of dies (freeing it
// twice is undefined); NULL frees nothing; any other p is a cut. As in
// live, the bookkeeping is arithmetic: alive &= p != inst.
func (rw *heapRewriter) free(s *ir.Call) []ir.Stmt {
	at := ir.At{Pos: s.Pos}
	p := s.Args[0]
	other := rw.temp(ir.IntType, "__free_other", ir.Temp) // p is none of the instances, nor NULL
	out := []ir.Stmt{&ir.Binary{At: at, Dst: other, Op: ir.Ne, X: p, Y: ir.NewConst(p.Type(), 0)}}
	for _, st := range rw.order {
		for i, alive := range st.alive {
			addr, ne := rw.differs(at, st, i, p)
			ok := rw.temp(ir.IntType, "__free_ok", ir.Temp)
			out = append(append(out, addr...),
				&ir.Binary{At: at, Dst: ok, Op: ir.Or, X: ne, Y: alive},
				&ir.Assert{At: at, Cond: ok, UB: "invalid free: the object was already freed (double free)"},
				&ir.Binary{At: at, Dst: alive, Op: ir.And, X: alive, Y: ne},
				&ir.Binary{At: at, Dst: other, Op: ir.And, X: other, Y: ne})
		}
	}
	return append(out, &ir.If{At: at, Cond: other, Then: []ir.Stmt{&ir.Unsupported{At: at,
		What: "free of a pointer that is no heap object of the model (an input object, which a caller may have allocated; an allocation the model cuts; the middle of an object)"}}})
}

// move returns the statements of realloc's move from p to the new
// instance inst: NULL moves nothing (realloc(NULL, n) is malloc(n)); the
// start of an instance of a site moves its elements (as many as both
// instances hold: C moves the smaller of the two sizes asked for, the
// elements past it are indeterminate in the new object, which the model
// leaves them, and past the size asked for an access is undefined, which
// the model does not exclude: more runs than C, never fewer) and dies
// (realloc of a freed object is undefined); any other p is a cut.
func (rw *heapRewriter) move(at ir.At, p ir.Value, inst *ir.Var) []ir.Stmt {
	other := rw.temp(ir.IntType, "__realloc_other", ir.Temp)
	out := []ir.Stmt{&ir.Binary{At: at, Dst: other, Op: ir.Ne, X: p, Y: ir.NewConst(p.Type(), 0)}}
	for _, st := range rw.order {
		cp := rw.copyInstance(at, st, inst)
		for i, alive := range st.alive {
			addr, ne := rw.differs(at, st, i, p)
			ok := rw.temp(ir.IntType, "__realloc_ok", ir.Temp)
			out = append(append(out, addr...),
				&ir.Binary{At: at, Dst: ok, Op: ir.Or, X: ne, Y: alive},
				&ir.Assert{At: at, Cond: ok, UB: "realloc of an object already freed"})
			if cp != nil {
				src, from := rw.instance(at, st, ir.NewConst(ir.LongType, uint64(i)), ir.PointerTo(st.u))
				out = append(append(out, src...), &ir.If{At: at, Cond: ne, Else: cp(from)})
			} else {
				// a move between objects of other types: the model stops
				out = append(out, &ir.If{At: at, Cond: ne, Else: []ir.Stmt{&ir.Unsupported{At: at,
					What: "realloc of an object of another type than the new one's: the constraint model moves objects of one type"}}})
			}
			out = append(out,
				&ir.Binary{At: at, Dst: alive, Op: ir.And, X: alive, Y: ne},
				&ir.Binary{At: at, Dst: other, Op: ir.And, X: other, Y: ne})
		}
	}
	return append(out, &ir.If{At: at, Cond: other, Then: []ir.Stmt{&ir.Unsupported{At: at,
		What: "realloc of a pointer that is no heap object of the model (an input object, which a caller may have allocated; an allocation the model cuts; the middle of an object)"}}})
}

// copyInstance returns the function that makes the statements copying an
// instance of st (from) to inst, or nil when their types differ beyond
// the length of an array.
func (rw *heapRewriter) copyInstance(at ir.At, st *heapSite, inst *ir.Var) func(from *ir.Var) []ir.Stmt {
	src, dst := st.u, inst.Typ.Elem
	if ir.Identical(src, dst) && src.Kind != ir.Array {
		return func(from *ir.Var) []ir.Stmt { return rw.copyElem(at, from, inst) }
	}
	if src.Kind != ir.Array || dst.Kind != ir.Array || !ir.Identical(src.Elem, dst.Elem) {
		return nil
	}
	return func(from *ir.Var) []ir.Stmt {
		fe := rw.temp(ir.PointerTo(src.Elem), "__move_from", ir.Temp)
		te := rw.temp(ir.PointerTo(src.Elem), "__move_to", ir.Temp)
		out := []ir.Stmt{&ir.Conv{At: at, Dst: fe, X: from}, &ir.Conv{At: at, Dst: te, X: inst}}
		for k := int64(0); k < min(src.Len, dst.Len); k++ {
			f, d := fe, te
			if k > 0 {
				f = rw.temp(fe.Typ, "__move_from", ir.Temp)
				d = rw.temp(te.Typ, "__move_to", ir.Temp)
				out = append(out,
					&ir.PtrAdd{At: at, Dst: f, Ptr: fe, Index: ir.NewConst(ir.LongType, uint64(k))},
					&ir.PtrAdd{At: at, Dst: d, Ptr: te, Index: ir.NewConst(ir.LongType, uint64(k))})
			}
			out = append(out, rw.copyElem(at, f, d)...)
		}
		return out
	}
}

// copyElem returns the load and store that copy *from to *to (a scalar,
// or a whole struct or union).
func (rw *heapRewriter) copyElem(at ir.At, from, to *ir.Var) []ir.Stmt {
	class := ir.Temp
	if !from.Typ.Elem.IsScalar() {
		class = ir.Local // a whole struct
	}
	v := rw.temp(from.Typ.Elem, "__move_val", class)
	return []ir.Stmt{&ir.Load{At: at, Dst: v, Ptr: from}, &ir.Store{At: at, Ptr: to, Src: v}}
}

// call rewrites a call of an allocation function (any other call is
// kept).
func (rw *heapRewriter) call(s *ir.Call) []ir.Stmt {
	h := ir.HeapCall(s)
	switch h {
	case ir.NotHeap:
		return []ir.Stmt{s}
	case ir.Free:
		return rw.free(s)
	}
	at := ir.At{Pos: s.Pos}
	var out []ir.Stmt
	var fails *ir.Var
	if h != ir.VLA && !rw.g.Opts.AllocNeverFails { // a VLA never fails
		fails = rw.temp(ir.IntType, "__alloc_fails", ir.Temp)
		out = append(out, &ir.Call{At: at, Dst: fails, Extern: rw.g.allocFailsExtern()})
	}
	st := rw.sites[s]
	if st == nil {
		return append(out, s) // a cut (ir.Call.Unmodelled)
	}
	k := st.obj.Typ.Len
	var take []ir.Stmt
	if st.size != nil {
		// a size the model does not know: at most u's
		big := rw.temp(ir.IntType, "__site_big", ir.Temp)
		take = append(take,
			&ir.Binary{At: at, Dst: big, Op: ir.Gt, X: st.size, Y: ir.NewConst(st.size.Type(), uint64(st.u.Size()))},
			&ir.If{At: at, Cond: big, Then: []ir.Stmt{&ir.Unsupported{At: at,
				What: fmt.Sprintf("an allocation of more than %d bytes at this site: the model's object of a site of a size it does not know holds %d", st.u.Size(), st.u.Size())}}})
	}
	// idx: the instance this execution takes
	var idx ir.Value = ir.NewConst(ir.LongType, 0)
	if k > 1 {
		cnt := rw.temp(ir.LongType, "__site_count", ir.Temp)
		rw.init = append(rw.init, &ir.Copy{At: at, Dst: cnt, Src: ir.NewConst(ir.LongType, 0)})
		full := rw.temp(ir.IntType, "__site_full", ir.Temp)
		cur := rw.temp(ir.LongType, "__site_index", ir.Temp)
		take = append(take,
			&ir.Binary{At: at, Dst: full, Op: ir.Ge, X: cnt, Y: ir.NewConst(ir.LongType, uint64(k))},
			&ir.If{At: at, Cond: full, Then: []ir.Stmt{&ir.Unsupported{At: at,
				What: fmt.Sprintf("more than %d allocations at this site in one run: the model holds %d objects of an allocation site in a loop", k, k)}}},
			&ir.Copy{At: at, Dst: cur, Src: cnt},
			&ir.Binary{At: at, Dst: cnt, Op: ir.Add, X: cnt, Y: ir.NewConst(ir.LongType, 1)})
		idx = cur
	}
	for i, alive := range st.alive {
		if k == 1 {
			take = append(take, &ir.Copy{At: at, Dst: alive, Src: ir.NewConst(ir.IntType, 1)})
			continue
		}
		is := rw.temp(ir.IntType, "__site_born", ir.Temp)
		take = append(take,
			&ir.Binary{At: at, Dst: is, Op: ir.Eq, X: idx, Y: ir.NewConst(ir.LongType, uint64(i))},
			&ir.Binary{At: at, Dst: alive, Op: ir.Or, X: alive, Y: is})
	}
	addr, inst := rw.instance(at, st, idx, ir.PointerTo(st.u))
	take = append(take, addr...)
	if st.zero {
		take = append(take, rw.zero(at, inst)...)
	}
	if h == ir.Realloc {
		take = append(take, rw.move(at, s.Args[0], inst)...)
	}
	if s.Dst != nil {
		take = append(take, &ir.Conv{At: at, Dst: s.Dst, X: inst})
	}
	if h == ir.Realloc {
		// realloc(p, 0) frees p and returns NULL (glibc): a cut
		zero := rw.temp(ir.IntType, "__realloc_zero", ir.Temp)
		out = append(out,
			&ir.Binary{At: at, Dst: zero, Op: ir.Eq, X: s.Args[1], Y: ir.NewConst(s.Args[1].Type(), 0)},
			&ir.If{At: at, Cond: zero, Then: []ir.Stmt{&ir.Unsupported{At: at,
				What: "realloc(p, 0), which frees p: the constraint model follows realloc of a size other than 0"}}})
	}
	if fails == nil {
		return append(out, take...)
	}
	var null []ir.Stmt
	if s.Dst != nil {
		null = []ir.Stmt{&ir.Copy{At: at, Dst: s.Dst, Src: ir.NewConst(s.Dst.Typ, 0)}}
	}
	return append(out, &ir.If{At: at, Cond: fails, Then: null, Else: take})
}

// maxSiteBytes is the size of the object of an allocation of a size the
// model does not know (malloc(n * sizeof *a)): an allocation of more is a
// cut naming it.
const maxSiteBytes = 16

// siteType returns the type of one instance of the object of allocation
// s (nil when the model cannot give it one: a result never converted to a
// complete type, a calloc of a size it does not know, realloc), whether
// it starts zeroed (calloc), and the size asked for when the model does
// not know it (nil for a constant): the instance then holds maxSiteBytes,
// the accesses past the size asked for are undefined in C (runs the
// model has and C has not: no proof rests on them being excluded), and a
// larger size is a cut.
func (rw *heapRewriter) siteType(s *ir.Call, h ir.HeapFunc) (*ir.Type, bool, ir.Value) {
	if s.Dst == nil {
		return nil, false, nil
	}
	t := rw.convs[s.Dst]
	if t == nil || t.Size() <= 0 {
		return nil, false, nil
	}
	es := uint64(t.Size())
	var size uint64
	switch h {
	case ir.Malloc, ir.VLA, ir.Realloc:
		arg := s.Args[0]
		if h == ir.Realloc {
			arg = s.Args[1]
		}
		c, ok := arg.(*ir.Const)
		if !ok {
			return ir.ArrayOf(t, int64(max(1, maxSiteBytes/es))), false, arg
		}
		size = c.Bits
	case ir.Calloc:
		n, ok1 := s.Args[0].(*ir.Const)
		m, ok2 := s.Args[1].(*ir.Const)
		if !ok1 || !ok2 || n.Bits > 1<<20 || m.Bits > 1<<20 {
			return nil, false, nil
		}
		size = n.Bits * m.Bits
	default:
		return nil, false, nil
	}
	if size == 0 || size%es != 0 || size > 1<<12 {
		return nil, false, nil
	}
	if size == es {
		return t, h == ir.Calloc, nil
	}
	return ir.ArrayOf(t, int64(size/es)), h == ir.Calloc, nil
}

// zero returns the stores that make every leaf of the instance p points
// to zero (calloc).
func (rw *heapRewriter) zero(at ir.At, p *ir.Var) []ir.Stmt {
	t := p.Typ.Elem
	switch {
	case t.IsScalar():
		return []ir.Stmt{&ir.Store{At: at, Ptr: p, Src: ir.NewConst(t, 0)}}
	case t.Kind == ir.Array:
		first := rw.temp(ir.PointerTo(t.Elem), "__zero_elem", ir.Temp)
		out := []ir.Stmt{&ir.Conv{At: at, Dst: first, X: p}}
		for i := int64(0); i < t.Len; i++ {
			e := first
			if i > 0 {
				e = rw.temp(ir.PointerTo(t.Elem), "__zero_elem", ir.Temp)
				out = append(out, &ir.PtrAdd{At: at, Dst: e, Ptr: first, Index: ir.NewConst(ir.LongType, uint64(i))})
			}
			out = append(out, rw.zero(at, e)...)
		}
		return out
	case t.Kind == ir.Struct:
		var out []ir.Stmt
		for i, f := range t.Fields {
			if !f.Modelled() {
				continue
			}
			e := rw.temp(ir.PointerTo(f.Type), "__zero_field", ir.Temp)
			out = append(out, &ir.FieldAddr{At: at, Dst: e, Ptr: p, Field: i})
			out = append(out, rw.zero(at, e)...)
		}
		return out
	}
	// a union: its first member (the bytes of the others are the same
	// zeros)
	e := rw.temp(ir.PointerTo(t.Fields[0].Type), "__zero_field", ir.Temp)
	return append([]ir.Stmt{&ir.FieldAddr{At: at, Dst: e, Ptr: p, Field: 0}}, rw.zero(at, e)...)
}
