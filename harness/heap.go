package harness

import (
	"fmt"
	"slices"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// The heap (ir/heap.go). Whether an allocation fails is an input of a
// test (interp.Inputs.AllocFail: the allocations of the run, malloc,
// calloc and realloc counted together from 0). The harness replays it by
// wrapping them: the header that includes the file under test defines
// malloc, calloc and realloc as macros that call inka_malloc,
// inka_calloc and inka_realloc (after <stdlib.h>, which harness.c
// includes first, so that the C library's declarations are untouched),
// which count the allocations of the running test and fail, returning
// NULL, on those the test lists; every other call is the C library's.

// heapWrapped reports whether the harness wraps the allocation functions
// of the file: when the functions of its tests (progs) call them (a file
// defining its own malloc calls no C library's).
func heapWrapped(progs []*ir.Program) bool {
	for _, p := range progs {
		for _, e := range p.Externs {
			if h := e.Heap(); h != ir.NotHeap && h != ir.VLA && h != ir.VLAEnd {
				return true
			}
		}
	}
	return false
}

// heapWrapped reports whether the suite's harness wraps the allocation
// functions.
func (s *Suite) heapWrapped() bool {
	progs := make([]*ir.Program, 0, len(s.order))
	for _, fn := range s.order {
		progs = append(progs, s.progs[fn])
	}
	return heapWrapped(progs)
}

// heapInputs reports whether a function of the suite's tests frees or
// reallocs, so that its input objects are heap copies (tgen.heapInputs).
func (s *Suite) heapInputs() bool {
	for _, fn := range s.order {
		p := s.progs[fn]
		if ir.FreesInputs(p, p.Func(fn)) {
			return true
		}
	}
	return false
}

// heapWrappers is the part of the unit's header that wraps the allocation
// functions (defined in heapRuntime).
const heapWrappers = `void *inka_malloc(size_t n);
void *inka_calloc(size_t n, size_t size);
void *inka_realloc(void *p, size_t n);
#define malloc(n) inka_malloc(n)
#define calloc(n, size) inka_calloc(n, size)
#define realloc(p, n) inka_realloc(p, n)
`

// heapRuntime is the part of harness.c that defines the wrappers.
const heapRuntime = `
/* The allocations of the running test (malloc, calloc and realloc of the
 * file under test, counted together from 0) and the ones that fail (a
 * list ending with -1, set by each test). realloc(p, 0) of a non-null p
 * frees p: no allocation. */
static int inka_allocs;
static const int *inka_alloc_fail;

static int inka_alloc_fails(void)
{
	int k = inka_allocs++;
	for (const int *f = inka_alloc_fail; f && *f >= 0; f++)
		if (*f == k)
			return 1;
	return 0;
}

/* A test may ask for more than any object can hold (a size input of
 * 2^63 and up: the library's allocation fails, as the test expects);
 * gcc -O2, seeing the constant through the inlined wrapper, warns. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Walloc-size-larger-than="
#endif
void *inka_malloc(size_t n) { return inka_alloc_fails() ? NULL : malloc(n); }
void *inka_calloc(size_t n, size_t size) { return inka_alloc_fails() ? NULL : calloc(n, size); }
void *inka_realloc(void *p, size_t n)
{
	if (p && n == 0)
		return realloc(p, 0);
	return inka_alloc_fails() ? NULL : realloc(p, n);
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
`

// allocFails emits the lines that start the count of the test's
// allocations and list those that fail.
func (g *tgen) allocFails() {
	g.emit("inka_allocs = 0;")
	ks := g.t.Inputs.AllocFail
	if len(ks) == 0 {
		g.emit("inka_alloc_fail = NULL;")
		return
	}
	var list []string
	for k := range ks {
		if ks[k] {
			list = append(list, fmt.Sprint(k))
		}
	}
	slices.Sort(list)
	g.emit("static const int inka_fails[] = {%s, -1};", strings.Join(list, ", "))
	g.emit("inka_alloc_fail = inka_fails;")
}

// heapInputs emits the heap copies of the objects behind the pointer
// inputs when the function frees or reallocs (fresh.heap): each a
// malloc'd copy of its static image, then the pointers the images and
// the aggregate arguments hold to other objects patched to point to
// their copies (the arguments, globals and stubs' answers, set when the
// test runs, name the copies directly). It reports false when the test
// cannot be written.
func (g *tgen) heapInputs() bool {
	for _, o := range g.objs {
		if o.heap == "" {
			return true
		}
		img := strings.TrimSuffix(o.cname, ".o") // a union with room after the object, or the array
		d, err := o.decl("(*" + o.heap + ")")
		if err != nil {
			g.skipf("object behind %s: %v", o.ptr, err)
			return false
		}
		g.emit("%s = inka_heap_input(&%s, sizeof %s); /* *%s, from malloc */", d, img, img, o.ptr)
	}
	patch := func(base, root string, t *ir.Type) {
		for _, l := range t.Leaves() {
			if o := g.byPtr[root+l.Path]; o != nil && l.Type.IsPointer() {
				g.emit("inka_heap_patch(%s, %d, %s);", base, l.Offset, o.heap)
			}
		}
	}
	for _, o := range g.objs {
		patch(o.heap, o.ptr, o.typ)
	}
	for i, v := range g.f.Params {
		if v.Typ.IsAggregate() {
			patch(fmt.Sprintf("&inka_a%d", i), v.Name, v.Typ)
		}
	}
	return true
}

// heapInputRuntime is the part of harness.c that makes the heap copies of
// input objects (heapInputs), with the C library's malloc (the
// parentheses: not the wrapper of the file under test), and patches the
// pointers to them byte by byte (as memcpy would).
const heapInputRuntime = `
void *inka_heap_input(const void *image, size_t n);
void inka_heap_patch(void *obj, size_t off, void *to);

void *inka_heap_input(const void *image, size_t n)
{
	unsigned char *p = (malloc)(n);
	if (!p) {
		fprintf(stderr, "harness: out of memory\n");
		exit(2);
	}
	for (size_t i = 0; i < n; i++)
		p[i] = ((const unsigned char *)image)[i];
	return p;
}

void inka_heap_patch(void *obj, size_t off, void *to)
{
	for (size_t i = 0; i < sizeof to; i++)
		((unsigned char *)obj)[off + i] = ((const unsigned char *)&to)[i];
}
`
