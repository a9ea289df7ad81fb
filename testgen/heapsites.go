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
//     a p that is none of them (an input object, which the interpreter
//     takes as malloc'd by the caller, ir.FreesInputs; a pointer into
//     the middle of an object; a site's object the model cut) is a cut
//     naming it. A use after free is excluded too:
//     every load, store and member access through a pointer of a site's
//     type that equals the address of a dead instance is undefined (an
//     ir.Assert with UB), so the search does not chase the runs the
//     interpreter stops at a dangling pointer. An access through a
//     pointer into the middle of a dead instance (a buffer's p + 3) is
//     not excluded: more runs than C, never fewer, so a proof stays
//     sound; such a run's replay stops at the use after free.
//   - `t = realloc(p, n)` in a function that calls malloc or calloc
//     (else it can only move an input object, which is a cut) is a site
//     like malloc's whose new instance receives the elements of the
//     instance p starts (move), which dies; NULL moves nothing;
//     realloc(p, 0), a p of no site, an instance of another type are
//     cuts. The move copies the elements through p itself (one load per
//     element, which the model resolves among p's targets) rather than
//     from each instance p may be. A function with more realloc calls
//     (maxReallocs) has each one's success cut.
//   - Any other allocation (a result never converted to a complete type,
//     a calloc of a size the model does not know, a realloc in a function
//     that allocates nothing else) stays a cut (ir.Call.Unmodelled) when
//     it succeeds; its failure is exact (NULL, after the call of
//     allocFails), so that the goals behind `if (!p)` are solved.

// heapInstances is the number of objects of an allocation site in a loop.
const heapInstances = 4

// maxReallocs is the number of realloc calls of a function (after
// inlining) the model follows; with more, each realloc's success is a
// cut. Each realloc the model follows costs a store of every element
// into the instance it takes (at an index the model does not know, in a
// loop), and each access through a pointer of the site's type a check
// per instance: with a string builder's putc inlined at each of its
// calls, following them all made strbuf.c's models seven times larger
// for no more answers.
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
	// follow: the model follows realloc (the function calls malloc or
	// calloc: else realloc can only move an input object, a cut; and at
	// most maxReallocs reallocs)
	follow bool
}

// heapSite is the model's object of one allocation site.
type heapSite struct {
	obj   *ir.Var   // K instances of the type allocated
	u     *ir.Type  // one instance
	zero  bool      // calloc
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
	reallocs := 0
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
			rw.follow = true
		case ir.Realloc:
			reallocs++
		}
	})
	rw.follow = rw.follow && reallocs <= maxReallocs
	if rw.follow && reallocs > 0 {
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
			if h == ir.NotHeap || h == ir.Free || h == ir.VLAEnd || (h == ir.Realloc && !rw.follow) {
				continue
			}
			if u, zero, _ := rw.siteType(s, h); u != nil {
				k := int64(1)
				if inLoop {
					k = heapInstances
				}
				rw.newSite(s, u, zero, k)
			}
		}
	}
}

// newSite makes the site of allocation s: k instances of u.
func (rw *heapRewriter) newSite(s *ir.Call, u *ir.Type, zero bool, k int64) {
	st := &heapSite{u: u, zero: zero}
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

// match returns the statements that compare p with the start of every
// instance of every site (as in live, arithmetic, not branches): an
// instance p equals must be alive (else the run is undefined: freed
// names the misuse), and dies when kill (alive &= p != inst); each, when
// not nil, adds statements per instance given whether p differs from it.
// other is 1 when p is neither NULL nor any instance's start.
func (rw *heapRewriter) match(at ir.At, p ir.Value, freed string, kill bool, each func(st *heapSite, ne *ir.Var) []ir.Stmt) (out []ir.Stmt, other *ir.Var) {
	other = rw.temp(ir.IntType, "__heap_other", ir.Temp)
	out = []ir.Stmt{&ir.Binary{At: at, Dst: other, Op: ir.Ne, X: p, Y: ir.NewConst(p.Type(), 0)}}
	for _, st := range rw.order {
		for i := range st.obj.Typ.Len {
			addr, ne := rw.differs(at, st, int(i), p)
			out = append(out, addr...)
			if i < int64(len(st.alive)) {
				alive := st.alive[i]
				ok := rw.temp(ir.IntType, "__heap_ok", ir.Temp)
				out = append(out,
					&ir.Binary{At: at, Dst: ok, Op: ir.Or, X: ne, Y: alive},
					&ir.Assert{At: at, Cond: ok, UB: freed})
				if kill {
					out = append(out, &ir.Binary{At: at, Dst: alive, Op: ir.And, X: alive, Y: ne})
				}
			}
			if each != nil {
				out = append(out, each(st, ne)...)
			}
			out = append(out, &ir.Binary{At: at, Dst: other, Op: ir.And, X: other, Y: ne})
		}
	}
	return out, other
}

// noObject returns the cut of a p that is no heap object of the model.
func noObject(at ir.At, other *ir.Var, callee string) ir.Stmt {
	return &ir.If{At: at, Cond: other, Then: []ir.Stmt{&ir.Unsupported{At: at,
		What: callee + " of a pointer that is no heap object of the model (an input object, whose objects the model does not free; an allocation the model cuts; the middle of an object)"}}}
}

// free rewrites free(p): the instance p is the start of dies (freeing it
// twice is undefined); NULL frees nothing; any other p is a cut.
func (rw *heapRewriter) free(s *ir.Call) []ir.Stmt {
	at := ir.At{Pos: s.Pos}
	out, other := rw.match(at, s.Args[0], "invalid free: the object was already freed (double free)", true, nil)
	return append(out, noObject(at, other, "free"))
}

// reallocFailed returns the statements of a realloc(p, n) that fails: p
// must be NULL or a live object (the interpreter checks it first: the
// realloc of an input object is a cut there, of a freed one undefined),
// which it leaves alone, and the result is NULL.
func (rw *heapRewriter) reallocFailed(at ir.At, s *ir.Call) []ir.Stmt {
	out, other := rw.match(at, s.Args[0], "realloc of an object already freed", false, nil)
	out = append(out, noObject(at, other, "realloc"))
	if s.Dst != nil {
		out = append(out, &ir.Copy{At: at, Dst: s.Dst, Src: ir.NewConst(s.Dst.Typ, 0)})
	}
	return out
}

// moveCheck returns the statements of realloc's checks of p before it
// moves to a new instance of type u: NULL moves nothing (realloc(NULL, n)
// is malloc(n)); the start of an instance of a site dies (realloc of a
// freed object is undefined); an instance of another type than u (beyond
// an array's length) and any other p are cuts. n is the number of
// elements the move copies: the fewest that u and any instance p may be
// hold (C moves the smaller of the two sizes asked for; the elements the
// model leaves uncopied are unconstrained, more runs than C, never
// fewer), 0 when no instance is of u's type.
func (rw *heapRewriter) moveCheck(at ir.At, p ir.Value, u *ir.Type) (out []ir.Stmt, n int64) {
	n = length(u)
	same := false
	out, other := rw.match(at, p, "realloc of an object already freed", true, func(st *heapSite, ne *ir.Var) []ir.Stmt {
		if movable(st.u, u) {
			n, same = min(n, length(st.u)), true
			return nil
		}
		return []ir.Stmt{&ir.If{At: at, Cond: ne, Else: []ir.Stmt{&ir.Unsupported{At: at,
			What: "realloc of an object of another type than the new one's: the constraint model moves objects of one type"}}}}
	})
	if !same {
		n = 0
	}
	return append(out, noObject(at, other, "realloc")), n
}

// length is the number of elements of an instance of type u (1 for a
// struct or a scalar).
func length(u *ir.Type) int64 {
	if u.Kind == ir.Array {
		return u.Len
	}
	return 1
}

// movable says whether realloc moves an instance of type from into one
// of type to element by element: the same type, or arrays of the same
// element type.
func movable(from, to *ir.Type) bool {
	if from.Kind == ir.Array && to.Kind == ir.Array {
		return ir.Identical(from.Elem, to.Elem)
	}
	return ir.Identical(from, to)
}

// moveCopy returns the statements that copy the first n elements of the
// instance p starts (unless p is NULL) to inst, through p itself: one load
// per element, which the model resolves among the objects p may point
// to, instead of a copy from each instance p may be.
func (rw *heapRewriter) moveCopy(at ir.At, p ir.Value, inst *ir.Var, n int64) []ir.Stmt {
	if n == 0 {
		return nil
	}
	elem := inst.Typ.Elem
	if elem.Kind == ir.Array {
		elem = elem.Elem
	}
	fe := rw.temp(ir.PointerTo(elem), "__move_from", ir.Temp)
	te := rw.temp(ir.PointerTo(elem), "__move_to", ir.Temp)
	cp := []ir.Stmt{&ir.Conv{At: at, Dst: fe, X: p}, &ir.Conv{At: at, Dst: te, X: inst}}
	for k := range n {
		f, d := fe, te
		if k > 0 {
			f = rw.temp(fe.Typ, "__move_from", ir.Temp)
			d = rw.temp(te.Typ, "__move_to", ir.Temp)
			cp = append(cp,
				&ir.PtrAdd{At: at, Dst: f, Ptr: fe, Index: ir.NewConst(ir.LongType, uint64(k))},
				&ir.PtrAdd{At: at, Dst: d, Ptr: te, Index: ir.NewConst(ir.LongType, uint64(k))})
		}
		cp = append(cp, rw.copyElem(at, f, d)...)
	}
	nonNull := rw.temp(ir.IntType, "__move_some", ir.Temp)
	return []ir.Stmt{
		&ir.Binary{At: at, Dst: nonNull, Op: ir.Ne, X: p, Y: ir.NewConst(p.Type(), 0)},
		&ir.If{At: at, Cond: nonNull, Then: cp}}
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
	case ir.VLAEnd:
		// the end of a VLA's block: the model keeps its object alive
		// (more runs than C: a use past the block is not excluded)
		return nil
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
		return append(out, rw.unmodelled(at, s, fails)...)
	}
	k := st.obj.Typ.Len
	var take []ir.Stmt
	if _, _, size := rw.siteType(s, h); size != nil {
		// a size the model does not know: at most u's
		big := rw.temp(ir.IntType, "__site_big", ir.Temp)
		take = append(take,
			&ir.Binary{At: at, Dst: big, Op: ir.Gt, X: size, Y: ir.NewConst(size.Type(), uint64(st.u.Size()))},
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
	var moved int64
	if h == ir.Realloc {
		// the checks of p before the new instance is born
		var check []ir.Stmt
		check, moved = rw.moveCheck(at, s.Args[0], st.u)
		take = append(take, check...)
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
		take = append(take, rw.moveCopy(at, s.Args[0], inst, moved)...)
	}
	if s.Dst != nil {
		take = append(take, &ir.Conv{At: at, Dst: s.Dst, X: inst})
	}
	if h == ir.Realloc {
		out = append(out, rw.reallocZero(at, s)...)
	}
	return append(out, rw.failOr(at, s, fails, take)...)
}

// reallocZero returns the cut of realloc(p, 0), which frees p and returns
// NULL (glibc) without allocating: it takes no rank among the run's
// allocations, which the model's calls of allocFails would not follow.
func (rw *heapRewriter) reallocZero(at ir.At, s *ir.Call) []ir.Stmt {
	zero := rw.temp(ir.IntType, "__realloc_zero", ir.Temp)
	return []ir.Stmt{
		&ir.Binary{At: at, Dst: zero, Op: ir.Eq, X: s.Args[1], Y: ir.NewConst(s.Args[1].Type(), 0)},
		&ir.If{At: at, Cond: zero, Then: []ir.Stmt{&ir.Unsupported{At: at,
			What: "realloc(p, 0), which frees p: the constraint model follows realloc of a size other than 0"}}}}
}

// failOr returns the statements of allocation s: the failure (NULL, and
// for realloc reallocFailed's checks) when fails is non-zero (nil: it
// cannot fail), take otherwise.
func (rw *heapRewriter) failOr(at ir.At, s *ir.Call, fails *ir.Var, take []ir.Stmt) []ir.Stmt {
	if fails == nil {
		return take
	}
	var null []ir.Stmt
	switch {
	case ir.HeapCall(s) == ir.Realloc:
		null = rw.reallocFailed(at, s)
	case s.Dst != nil:
		null = []ir.Stmt{&ir.Copy{At: at, Dst: s.Dst, Src: ir.NewConst(s.Dst.Typ, 0)}}
	}
	return []ir.Stmt{&ir.If{At: at, Cond: fails, Then: null, Else: take}}
}

// unmodelled returns the statements of an allocation the model gives no
// object: its failure is exact (NULL; a failed realloc leaves its
// argument alone), so that the goals behind `if (!p)` are solved; its
// success is a cut (ir.Call.Unmodelled) naming it.
func (rw *heapRewriter) unmodelled(at ir.At, s *ir.Call, fails *ir.Var) []ir.Stmt {
	var out []ir.Stmt
	if ir.HeapCall(s) == ir.Realloc && fails != nil {
		out = rw.reallocZero(at, s)
	}
	cut := []ir.Stmt{s}
	if s.Dst != nil && fails != nil {
		// The path stops at s; but the points-to analysis would take
		// the pointer s returns as one from code it does not see, which
		// reaches the accesses after the join with the failure path
		// (unsupported there): NULL after the cut, which no run reaches.
		cut = append(cut, &ir.Copy{At: at, Dst: s.Dst, Src: ir.NewConst(s.Dst.Typ, 0)})
	}
	return append(out, rw.failOr(at, s, fails, cut)...)
}

// maxSiteBytes is the size of the object of an allocation of a size the
// model does not know (malloc(n * sizeof *a)): an allocation of more is a
// cut naming it.
const maxSiteBytes = 16

// maxVLASiteBytes is maxSiteBytes for a variable-length array: a scratch
// table sized by a parameter is rarely tiny, and its object holds no
// pointer the model must follow through a realloc; the model's cost grows
// with its elements (an array of 16 ints).
const maxVLASiteBytes = 64

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
			bytes := uint64(maxSiteBytes)
			if h == ir.VLA {
				bytes = maxVLASiteBytes
			}
			return ir.ArrayOf(t, int64(max(1, bytes/es))), false, arg
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
