package ir

import "fmt"

// The heap. malloc, calloc, realloc and free, as <stdlib.h> declares them
// (Extern.System), are the C library's allocation functions: a call of
// malloc makes a fresh object of the size it is given, with no declared
// type (C11 7.22.3, 6.5p6: it takes the effective type of what is stored
// in it), that lives until free. The interpreter implements them exactly
// (interp/heap.go): a fresh object per call, calloc's zeroes, realloc's
// copy, use after free, double free and the free of a pointer malloc did
// not return as undefined behaviour, the objects never freed listed as
// leaks. Whether an allocation fails is part of the test: the k-th
// allocation of a run returns NULL when the test says so
// (interp.Inputs.AllocFail), and the harness replays it by wrapping
// malloc. The constraint model gives an object to each allocation site
// after inlining (testgen/heapsites.go rewrites those calls in the
// function the model is built from), with a liveness flag per object that
// free clears (a use after free and a double free are excluded as the
// interpreter detects them), and realloc in a function that calls it
// once; a call it does not rewrite (any other realloc, a result never
// converted to a complete type) is a cut (Call.Unmodelled names it),
// so that no proof rests on what it does; the
// runs through it are found by the interpreter (testgen's pre-pass and
// the replays of the cut model's solutions).

// HeapFunc says which allocation function an extern is.
type HeapFunc uint8

const (
	NotHeap HeapFunc = iota
	Malloc           // void *malloc(size_t size)
	Calloc           // void *calloc(size_t n, size_t size)
	Realloc          // void *realloc(void *p, size_t size)
	Free             // void free(void *p)
	// VLA is the object of a variable-length array (`int a[n]`): the
	// front end lowers the declaration to `p = __inka_vla(bytes)` (a
	// System extern no header declares), after checking 0 < n and a size
	// the interpreter holds; the array's name is the pointer p. It never
	// fails and counts among no allocations of the run (gcc makes it on
	// the stack); its lifetime ends at the end of its block (VLAEnd) or
	// when the function returns.
	VLA
	// VLAEnd ends the lifetime of a variable-length array's object
	// (`__inka_vla_end(p)`, emitted where its block ends normally; a
	// jump out of the block leaves it alive until the function returns:
	// more runs than C, never fewer). The constraint model ignores it.
	VLAEnd
)

// MaxVLA is the largest variable-length array inka makes, in bytes (the
// interpreter's heap objects'): a larger one is a cut.
const MaxVLA = 1 << 16

// VLAExternName is the name of the extern of a variable-length array's
// object (VLA).
const VLAExternName = "__inka_vla"

// VLAEndExternName is the name of the extern that ends a variable-length
// array's lifetime (VLAEnd).
const VLAEndExternName = "__inka_vla_end"

// HeapFuncNamed returns the allocation function C names name, or NotHeap.
func HeapFuncNamed(name string) HeapFunc {
	switch name {
	case "malloc":
		return Malloc
	case "calloc":
		return Calloc
	case "realloc":
		return Realloc
	case "free":
		return Free
	case VLAExternName:
		return VLA
	case VLAEndExternName:
		return VLAEnd
	}
	return NotHeap
}

// Heap returns the allocation function e is: one of the C library's
// (declared by a system header), NotHeap for any other.
func (e *Extern) Heap() HeapFunc {
	if !e.System {
		return NotHeap
	}
	return HeapFuncNamed(e.Name)
}

// HeapCall returns the allocation function s calls (NotHeap when s is
// no call of one).
func HeapCall(s Stmt) HeapFunc {
	if c, ok := s.(*Call); ok && c.Extern != nil {
		return c.Extern.Heap()
	}
	return NotHeap
}

// heapCut is why the constraint model stops at a call of an allocation
// function (one testgen/heapsites.go does not rewrite).
func heapCut(e *Extern) string {
	switch e.Heap() {
	case Free:
		return "calls free: the constraint model does not follow which heap objects are freed"
	case Realloc:
		return "calls realloc: the constraint model does not follow realloc"
	case VLA:
		return "declares a variable-length array whose object the constraint model does not hold (an element type of more than 64 bytes, or an array never indexed)"
	}
	return fmt.Sprintf("calls %s: the constraint model follows the allocations of a constant size whose result is converted to a pointer to a complete type, not this one", e.Name)
}

// FreesInputs reports whether function f, or a function it calls
// (through a pointer: any function of p), calls free or realloc. The
// objects behind its pointer inputs are then taken as allocated by its
// caller with malloc (a destructor list_free(head), a vec_push(v) that
// grows v->data, an sds_grow(h) that reallocs h): the interpreter makes
// them heap objects (their free and realloc valid, their use after free
// undefined, never a leak: the caller holds them), the harness mallocs
// them. A function that frees nothing keeps static input objects.
func FreesInputs(p *Program, f *Func) bool {
	seen := map[*Func]bool{}
	var frees func(f *Func) bool
	frees = func(f *Func) bool {
		if f == nil || seen[f] {
			return false
		}
		seen[f] = true
		found := false
		Walk(f.Body, func(s Stmt) {
			c, ok := s.(*Call)
			switch {
			case found || !ok:
			case c.Extern != nil:
				h := c.Extern.Heap()
				found = h == Free || h == Realloc
			case c.Ptr != nil:
				for _, g := range p.Funcs {
					found = found || frees(g)
				}
			default:
				found = frees(c.Func)
			}
		})
		return found
	}
	return frees(f)
}
