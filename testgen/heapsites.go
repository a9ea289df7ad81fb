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
//   - Whether the allocation fails is a value of the model: each
//     execution calls the synthetic extern allocFails first (a stub: a
//     fresh value per call), non-zero making the result NULL. The calls
//     of allocFails are in the order of the run's allocations, every
//     allocation calls it, so the k-th call is the run's k-th allocation:
//     the replay makes those that are non-zero fail
//     (interp.Inputs.AllocFail).
//   - `free` stays a cut: the model does not know which objects are
//     dead, and leaving the free out (sound: a use after it is undefined)
//     makes the search chase runs the interpreter stops at a use after
//     free or at the free of an input object, up to the budget. The cut
//     model still answers the goals before it.
//   - Any other allocation (a size the model does not know, realloc, a
//     result never converted to a complete type) stays a cut
//     (ir.Call.Unmodelled), after its call of allocFails.

// heapInstances is the number of objects of an allocation site in a loop.
const heapInstances = 4

// allocFailsName is the name of the synthetic extern of allocation
// failures.
const allocFailsName = "alloc#fails"

// heapRewriter rewrites the allocations of a function for the model.
type heapRewriter struct {
	g     *Generator
	f     *ir.Func
	convs map[*ir.Var]*ir.Type // malloc result → the pointee type it is converted to
	init  []ir.Stmt            // the counters' initializations
	sites int
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
	rw := &heapRewriter{g: g, f: &nf, convs: map[*ir.Var]*ir.Type{}}
	ir.Walk(f.Body, func(s ir.Stmt) {
		if c, ok := s.(*ir.Conv); ok {
			if x, ok := c.X.(*ir.Var); ok && c.Dst.Typ.IsPointer() && c.Dst.Typ.Elem.Kind != ir.Void && c.Dst.Typ.Elem.Size() > 0 {
				if _, seen := rw.convs[x]; !seen {
					rw.convs[x] = c.Dst.Typ.Elem
				}
			}
		}
	})
	body := rw.block(f.Body, false)
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

func (rw *heapRewriter) block(ss []ir.Stmt, inLoop bool) []ir.Stmt {
	var out []ir.Stmt
	for _, s := range ss {
		switch s := s.(type) {
		case *ir.If:
			n := *s
			n.Then, n.Else = rw.block(s.Then, inLoop), rw.block(s.Else, inLoop)
			out = append(out, &n)
		case *ir.While:
			n := *s
			n.Pre, n.Body = rw.block(s.Pre, true), rw.block(s.Body, true)
			out = append(out, &n)
		case *ir.Call:
			out = append(out, rw.call(s, inLoop)...)
		default:
			out = append(out, s)
		}
	}
	return out
}

// call rewrites a call of an allocation function (any other call is
// kept).
func (rw *heapRewriter) call(s *ir.Call, inLoop bool) []ir.Stmt {
	h := ir.HeapCall(s)
	switch h {
	case ir.NotHeap, ir.Free:
		return []ir.Stmt{s}
	}
	at := ir.At{Pos: s.Pos}
	fails := rw.temp(ir.IntType, "__alloc_fails", ir.Temp)
	out := []ir.Stmt{&ir.Call{At: at, Dst: fails, Extern: rw.g.allocFailsExtern()}}
	u, zero, size := rw.siteType(s, h)
	if u == nil {
		return append(out, s) // a cut (ir.Call.Unmodelled)
	}
	k := int64(1)
	if inLoop {
		k = heapInstances
	}
	site := rw.temp(ir.ArrayOf(u, k), fmt.Sprintf("%s@%d:%d", s.Extern.Name, s.Pos.Line, s.Pos.Col), ir.Local)
	site.AddrTaken = true
	rw.sites++
	var take []ir.Stmt
	if size != nil {
		// a size the model does not know: at most u's
		big := rw.temp(ir.IntType, "__site_big", ir.Temp)
		take = append(take,
			&ir.Binary{At: at, Dst: big, Op: ir.Gt, X: size, Y: ir.NewConst(size.Type(), uint64(u.Size()))},
			&ir.If{At: at, Cond: big, Then: []ir.Stmt{&ir.Unsupported{At: at,
				What: fmt.Sprintf("an allocation of more than %d bytes at this site: the model's object of a site of a size it does not know holds %d", u.Size(), u.Size())}}})
	}
	// idx: the instance this execution takes
	var idx ir.Value = ir.NewConst(ir.LongType, 0)
	if inLoop {
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
	whole := rw.temp(ir.PointerTo(site.Typ), "__site_addr", ir.Temp)
	first := rw.temp(ir.PointerTo(u), "__site_first", ir.Temp)
	inst := rw.temp(ir.PointerTo(u), "__site_obj", ir.Temp)
	take = append(take,
		&ir.AddrOf{At: at, Dst: whole, Var: site},
		&ir.Conv{At: at, Dst: first, X: whole},
		&ir.PtrAdd{At: at, Dst: inst, Ptr: first, Index: idx})
	if zero {
		take = append(take, rw.zero(at, inst)...)
	}
	if s.Dst != nil {
		take = append(take, &ir.Conv{At: at, Dst: s.Dst, X: inst})
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
	case ir.Malloc:
		c, ok := s.Args[0].(*ir.Const)
		if !ok {
			return ir.ArrayOf(t, int64(max(1, maxSiteBytes/es))), false, s.Args[0]
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
