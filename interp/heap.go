package interp

import (
	"fmt"
	"math"

	"github.com/inka-tool/inka/ir"
)

// The heap (ir/heap.go). A call of malloc, calloc or realloc that does not
// fail makes a fresh object (objHeap) of the size it is given, named by
// the callee and the allocation's rank in the run ("malloc#0"), with no
// declared type: its bytes are indeterminate (calloc's are zero) and take
// the effective type of what is stored in them (C11 6.5p6: a read that no
// cell of its own size and class serves may only read bytes written one
// by one, or as characters; see checkEffective). free ends its lifetime:
// any later use of a pointer to it is Dangling, a second free or the free
// of a pointer malloc did not return (a variable, the middle of an
// object) is BadFree. The objects behind pointer inputs are not heap
// objects (a caller may have allocated them, inka does not): their free
// or realloc cuts the run (outcome Unsupported), so that no answer rests
// on it. An access beyond its size is OutOfBounds, as for
// any object.
//
// Whether an allocation fails is an input of the run: the allocations
// are numbered in the order the run makes them (malloc, calloc and realloc
// together, from 0), and those Inputs.AllocFail lists return NULL (a
// failed realloc leaves its object alone). Result.Allocs lists every
// allocation, Result.Leaks the heap objects the run neither freed nor can
// reach any more when it returns (from the returned value, the globals or
// the input objects): a leak is reported, it is no undefined behaviour.

// MaxHeapObject is the largest heap object the interpreter makes, in
// bytes: a larger allocation (that glibc would make) cuts the run
// (outcome Unsupported), so that no answer rests on it.
const MaxHeapObject = 1 << 16

// maxAllocSize is PTRDIFF_MAX: glibc's malloc fails on larger sizes.
const maxAllocSize = math.MaxInt64

// Alloc is one call of an allocation function in a run.
type Alloc struct {
	Callee string // malloc, calloc or realloc
	Index  int    // its rank among the run's allocations, from 0 (Inputs.AllocFail)
	Pos    ir.Pos
	Size   uint64 // bytes asked for (n * size for calloc; 0 when that overflows)
	Failed bool   // it returned NULL: listed in Inputs.AllocFail, or a size glibc refuses
}

// Leak is a heap object a run that returned neither freed nor can reach.
type Leak struct {
	Object string // "malloc#0"
	Pos    ir.Pos // where it was allocated
	Size   int64
}

func (l Leak) String() string {
	return fmt.Sprintf("%s: %d bytes allocated by %s never freed", l.Pos, l.Size, l.Object)
}

// callHeap runs a call of an allocation function with its evaluated
// arguments.
func (m *machine) callHeap(s *ir.Call, e *ir.Extern, h ir.HeapFunc, args []Val) error {
	var ret Val
	switch h {
	case ir.Malloc:
		p, err := m.allocate(s, e.Name, args[0].Bits, false)
		if err != nil {
			return err
		}
		ret = p
	case ir.Calloc:
		n, size := args[0].Bits, args[1].Bits
		total := n * size
		if size != 0 && total/size != n {
			total = math.MaxUint64 // overflows: calloc fails
		}
		p, err := m.allocate(s, e.Name, total, true)
		if err != nil {
			return err
		}
		ret = p
	case ir.Realloc:
		p, err := m.realloc(s, args[0], args[1].Bits)
		if err != nil {
			return err
		}
		ret = p
	case ir.Free:
		return m.free(s, args[0])
	case ir.VLA:
		ret = m.vla(s, args[0].Bits)
	case ir.VLAEnd:
		if o := args[0].obj; o != nil && o.vla && !o.dead {
			m.release(o, s.Pos) // its block ended
		}
		return nil
	}
	if s.Dst == nil {
		return nil
	}
	v, err := convert(ret, s.Dst.Typ)
	if err != nil {
		return err
	}
	return m.setVar(s.Dst, v)
}

// allocate makes the heap object of an allocation of size bytes (zeroed
// for calloc), or returns NULL when the allocation fails.
func (m *machine) allocate(s *ir.Call, callee string, size uint64, zero bool) (Val, error) {
	a := Alloc{Callee: callee, Index: len(m.res.Allocs), Pos: s.Pos, Size: size}
	a.Failed = m.allocFail[a.Index] || size > maxAllocSize
	if size == math.MaxUint64 && callee == "calloc" {
		a.Size = 0
	}
	m.res.Allocs = append(m.res.Allocs, a)
	null := Val{Typ: ir.PointerTo(ir.VoidType)}
	if a.Failed {
		return null, nil
	}
	if size > MaxHeapObject {
		return Val{}, cutf("%s of %d bytes: more than the interpreter's heap objects (%d bytes)", callee, size, MaxHeapObject)
	}
	t := ir.ArrayOf(ir.UCharType, int64(size))
	o := &object{name: fmt.Sprintf("%s#%d", callee, a.Index), typ: t, size: int64(size), kind: objHeap, addr: m.place(t), site: s.Pos}
	if zero {
		o.cells = make([]cell, size)
		for i := range o.cells {
			o.cells[i] = cell{int64(i), Val{Typ: ir.UCharType}}
		}
	}
	m.heap = append(m.heap, o)
	return Val{Typ: null.Typ, obj: o}, nil
}

// vla makes the object of a variable-length array of size bytes (the
// front end checked that 0 < size ≤ MaxHeapObject): untyped bytes as a
// heap object's, but never failing, counted among no allocations and no
// leaks, and dead at the end of its block (ir.VLAEnd) or when the
// function returns (a jump out of its block: C ends its lifetime there,
// a use after it before the return is not reported).
func (m *machine) vla(s *ir.Call, size uint64) Val {
	t := ir.ArrayOf(ir.UCharType, int64(size))
	o := &object{name: fmt.Sprintf("vla#%d", m.vlas), typ: t, size: int64(size), kind: objHeap, vla: true,
		addr: m.place(t), site: s.Pos, fn: m.frame.fn}
	m.vlas++
	m.frame.vlas = append(m.frame.vlas, o)
	return Val{Typ: ir.PointerTo(ir.VoidType), obj: o}
}

// realloc runs realloc(p, size) as glibc does: realloc(NULL, n) is
// malloc(n), realloc(p, 0) frees p and returns NULL, otherwise the
// contents move to a fresh object of the new size (its new bytes
// indeterminate) and p is freed; when the allocation fails p is left
// alone and NULL returned.
func (m *machine) realloc(s *ir.Call, p Val, size uint64) (Val, error) {
	if p.obj == nil && p.Bits == 0 {
		return m.allocate(s, "realloc", size, false)
	}
	if err := m.checkFree(p, "realloc"); err != nil {
		return Val{}, err
	}
	if size == 0 {
		m.release(p.obj, s.Pos)
		return Val{Typ: ir.PointerTo(ir.VoidType)}, nil
	}
	q, err := m.allocate(s, "realloc", size, false)
	if err != nil || q.obj == nil {
		return q, err
	}
	n := min(p.obj.size, q.obj.size)
	q.obj.writeRange(0, n, p.obj.readRange(0, n))
	m.release(p.obj, s.Pos)
	return q, nil
}

// free runs free(p): nothing for NULL.
func (m *machine) free(s *ir.Call, p Val) error {
	if p.obj == nil && p.Bits == 0 {
		return nil
	}
	if err := m.checkFree(p, "free"); err != nil {
		return err
	}
	m.release(p.obj, s.Pos)
	return nil
}

// checkFree checks that p, a non-null argument of free or realloc, is
// what an allocation returned and is not freed yet.
func (m *machine) checkFree(p Val, callee string) error {
	switch {
	case p.obj == nil:
		return ub(BadFree, "%s(%s): a pointer made from an integer", callee, p)
	case (p.obj.kind == objInput && !p.obj.malloced) || p.obj.kind == objVoid:
		// A caller may pass what its own malloc returned: inka's input
		// objects are not heap objects, the run is cut (no answer). The
		// functions that call free or realloc have theirs from malloc
		// (ir.FreesInputs): this one is reached through a pointer.
		return cutf("%s of the input object %s: inka builds input objects outside the heap", callee, p.obj.name)
	case p.obj.kind == objInput && p.obj.dead:
		return ub(BadFree, "%s(%s): %s (an input object, allocated by the caller with malloc) was freed at %s (double free)", callee, p, p.obj.name, p.obj.freed)
	case (p.obj.kind != objHeap && !p.obj.malloced) || p.obj.vla:
		return ub(BadFree, "%s(%s): %s is no heap object", callee, p, p.obj.name)
	case p.obj.dead:
		return ub(BadFree, "%s(%s): %s was freed at %s (double free)", callee, p, p.obj.name, p.obj.freed)
	case p.off != 0:
		return ub(BadFree, "%s(%s): not the start of %s", callee, p, p.obj.name)
	}
	return nil
}

// release ends the lifetime of heap object o.
func (m *machine) release(o *object, pos ir.Pos) {
	o.dead = true
	o.freed = pos
	o.cells = nil
	o.lazy = nil // an input object freed untouched: its leaves are never read
}

// checkEffective enforces C11 6.5p7 on a read of scalar type t at off of
// a heap object that no cell of its size and class serves: the bytes must
// have been stored one by one (as characters, by calloc, by a byte copy)
// or never, not as part of a wider scalar of another type (an int read as
// a short, a pointer read as a long).
func (o *object) checkEffective(off int64, t *ir.Type) error {
	if t.IsCharType() {
		return nil
	}
	for k := off; k < off+t.Size(); k++ {
		if i := o.cover(k); i >= 0 && o.cells[i].v.Typ.Size() > 1 {
			c := o.cells[i]
			return cutf("access to %s as %s, whose effective type is %s (C11 6.5p7)", o.pathAt(off, t), t, c.v.Typ)
		}
	}
	return nil
}

// deadMsg says why an object's lifetime has ended, for messages.
func (o *object) deadMsg() string {
	if o.vla && o.freed.Line != 0 {
		return fmt.Sprintf("%s (the variable-length array declared at %s) went out of scope at %s", o.name, o.site, o.freed)
	}
	if o.vla {
		return fmt.Sprintf("%s (the variable-length array declared at %s) belongs to a call of %s that has returned", o.name, o.site, o.fn.Name)
	}
	if o.kind == objHeap {
		return fmt.Sprintf("%s (allocated at %s) was freed at %s", o.name, o.site, o.freed)
	}
	if o.malloced {
		return fmt.Sprintf("%s (an input object, allocated by the caller with malloc) was freed at %s", o.name, o.freed)
	}
	if o.fn != nil {
		return fmt.Sprintf("%s is a local of %s whose lifetime has ended", o.name, o.fn.Name)
	}
	return o.name + "'s lifetime has ended"
}

// leaks lists the heap objects a run that returned ret neither freed nor
// can reach from ret, the globals or the input objects.
func (m *machine) leaks(ret argVal) {
	if len(m.heap) == 0 {
		return
	}
	seen := map[*object]bool{}
	var work []*object
	reach := func(v Val) {
		if v.frag != nil {
			v = v.frag.p
		}
		if o := v.obj; o != nil && !seen[o] {
			seen[o] = true
			work = append(work, o)
		}
	}
	reach(ret.v)
	if ret.obj != nil {
		reach(Val{obj: ret.obj})
	}
	for _, o := range m.globals {
		reach(Val{obj: o})
	}
	for _, o := range m.inputs {
		reach(Val{obj: o})
	}
	for len(work) > 0 {
		o := work[len(work)-1]
		work = work[:len(work)-1]
		for _, c := range o.cells {
			reach(c.v)
		}
	}
	for _, o := range m.heap {
		if !o.dead && !seen[o] {
			m.res.Leaks = append(m.res.Leaks, Leak{Object: o.name, Pos: o.site, Size: o.size})
		}
	}
}
