package ir_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/ir"
)

// lower lowers fn of src (a file named name) and checks it sane.
func lower(t *testing.T, name, src, fn string) *ir.Program {
	t.Helper()
	u, err := frontend.LoadSource(name, []byte(src), frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower(fn)
	require.NoError(t, err)
	require.NoError(t, ir.SanityCheck(p))
	return p
}

// calls lists the names of the functions f still calls.
func calls(f *ir.Func) []string {
	var out []string
	ir.Walk(f.Body, func(s ir.Stmt) {
		if c, ok := s.(*ir.Call); ok && c.Func != nil {
			out = append(out, c.Func.Name)
		}
	})
	return out
}

const inlineSrc = `
static int sq(int x) { return x * x; }
static int sum_sq(int a, int b) { return sq(a) + sq(b); }
static int fact(int n) { if (n <= 1) return 1; return n * fact(n - 1); }
int score(int a, int b)
{
    if (a > b)
        return sum_sq(a, b);
    return fact(b);
}
`

// TestInline: the calls of the file's functions are replaced by their
// bodies with fresh variables, the decisions of a callee stay its own, a
// recursion stops at the depth bound and is listed, and the program is not
// changed (but for NumVars).
func TestInline(t *testing.T) {
	p := lower(t, "inline.c", inlineSrc, "score")
	before := calls(p.Funcs[0])
	n := p.NumVars
	in, err := ir.Inline(p, 3)
	require.NoError(t, err)
	require.NoError(t, ir.SanityCheckInlined(p, in.Func, ir.InlinedContext{}))
	assert.Equal(t, before, calls(p.Funcs[0]), "the program's own function is unchanged")
	assert.Greater(t, p.NumVars, n, "the inlined copies have fresh IDs")
	// fact calls itself: three levels inlined, the fourth call left
	assert.Equal(t, []string{"fact"}, calls(in.Func))
	require.Len(t, in.Truncated, 1)
	assert.Equal(t, "fact", in.Truncated[0].Func.Name)
	var names []string
	for _, v := range in.Func.Locals {
		names = append(names, v.Name)
	}
	joined := strings.Join(names, " ")
	assert.Contains(t, joined, "sq.x#1")
	assert.Contains(t, joined, "sq.x#2", "each inlined call has its own copy")
	// the decisions inlined from fact are fact's
	fact := p.Func("fact")
	var fromFact int
	ir.Walk(in.Func.Body, func(s ir.Stmt) {
		if x, ok := s.(*ir.If); ok && x.Dec != nil && x.Dec.D.Func == fact {
			fromFact++
		}
	})
	assert.Equal(t, 3, fromFact)

	// Depth 1: sum_sq is inlined, the calls of sq it makes are not.
	in, err = ir.Inline(p, 1)
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"sq", "sq", "fact"}, calls(in.Func))
	assert.Len(t, in.Truncated, 3)
}

const dispatchSrc = `
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
int apply(int x)
{
    int (*op)(int, int) = x > 0 ? add : sub;
    return op(x, 1) + add(x, 2);
}
`

// TestInlineWith: a call through a function pointer becomes a dispatch
// over the targets given, each inlined; the call left for the other
// targets is listed with its site.
func TestInlineWith(t *testing.T) {
	p := lower(t, "dispatch.c", dispatchSrc, "apply")
	var add, sub *ir.Var
	for _, g := range p.Globals {
		switch g.Name {
		case "add":
			add = g
		case "sub":
			sub = g
		}
	}
	require.NotNil(t, add)
	require.NotNil(t, sub)
	var sites []string
	in, err := ir.InlineWith(p, 8, func(site string) []*ir.Var {
		sites = append(sites, site)
		return []*ir.Var{add, sub}
	})
	require.NoError(t, err)
	require.NoError(t, ir.SanityCheckInlined(p, in.Func, ir.InlinedContext{}))
	require.Len(t, in.Indirect, 1, "the call for the targets not listed")
	assert.Equal(t, []string{in.Indirect[0].Site}, sites)
	assert.Empty(t, calls(in.Func), "add and sub inlined in the dispatch and at the direct call")
	var tests int
	ir.Walk(in.Func.Body, func(s ir.Stmt) {
		if b, ok := s.(*ir.Binary); ok && b.Op == ir.Eq && b.X.Type().IsFuncPointer() {
			tests++
		}
	})
	assert.Equal(t, 2, tests, "op == &add, op == &sub")

	in, err = ir.InlineWith(p, 8, nil)
	require.NoError(t, err)
	require.Len(t, in.Indirect, 1, "no target: the call stays")
}

const shapeSrc = `
struct node { int v; struct node *next; };
struct node *head;
int count;
static int total(void) { return count + head->v; }
int walk(struct node *n, int *p, void *opaque, int a[5], int count)
{
    return n->v + *p + a[4] + count + total() + (opaque != 0);
}
`

// TestInputShape: the inputs of a run: the parameters, then the globals
// (one a parameter shadows named g#ID), and a fresh array behind every
// pointer, ArrayLen elements (at least the declared length of an array
// parameter), MaxDepth levels deep; nothing behind a void pointer.
func TestInputShape(t *testing.T) {
	p := lower(t, "shape.c", shapeSrc, "walk")
	f := p.Funcs[0]
	roots, inputs := ir.EntryInputs(f, p.Globals, false)
	var names []string
	for _, r := range roots {
		names = append(names, r.Path)
	}
	var global *ir.Var
	for g := range inputs {
		if g.Name == "count" {
			global = g
		}
	}
	require.NotNil(t, global, "the global count, read by total()")
	shadowed := "count#" + fmt.Sprint(global.ID)
	assert.ElementsMatch(t, []string{"n", "p", "opaque", "a", "count", "head", shadowed}, names)
	assert.Equal(t, map[*ir.Var]string{global: shadowed}, onlyShadowed(ir.GlobalRoots(f, p.Globals)))
	none, inputs := ir.EntryInputs(f, p.Globals, true)
	assert.Len(t, none, 5, "with the initializers, only the parameters")
	assert.Empty(t, inputs)

	s := ir.ComputeInputShape(roots, 3, 2)
	n := s.Lookup("n")
	require.NotNil(t, n)
	assert.Equal(t, int64(3), n.Typ.Len)
	assert.Equal(t, "*n", n.Name())
	assert.Equal(t, 1, n.Depth)
	next := s.Lookup("n[2].next")
	require.NotNil(t, next, "each element's pointer has its object")
	assert.Equal(t, 2, next.Depth)
	assert.Nil(t, s.Lookup("n[2].next[0].next"), "deeper than MaxDepth: NULL")
	assert.Equal(t, int64(5), s.Lookup("a").Typ.Len, "the declared length")
	assert.True(t, s.Lookup("opaque").Void)
	assert.NotNil(t, s.Lookup("head"))
	assert.Nil(t, s.Lookup("q"))

	s.Add(ir.InputRoot{Path: "extra", Typ: ir.PointerTo(ir.IntType)})
	assert.NotNil(t, s.Lookup("extra"))
}

const pointeeSrc = `
#include <stddef.h>
int cmp(const void *a, const void *b, void *unused, void *twice, size_t n)
{
    const unsigned char *p = a;
    const int *q = (const int *)b;
    const short *s = twice;
    const unsigned char *u = twice;
    return n ? (*p - *q) + *s + *u + (unused != 0) : 0;
}
struct node { int key; struct node *next; };
struct opaque;
int visit(void *ctx, void *handle)
{
    struct node *n = ctx;
    struct opaque *o = handle;
    return n->next != NULL && o != NULL;
}
static int first_byte(const void *p) { const unsigned char *b = p; return *b; }
static int pass_on(const void *p, int k) { return k ? first_byte(p) : 0; }
int wrapper(const void *data, const void *key, void *out, int k)
{
    (void)out;
    return pass_on(data, k) + visit((void *)key, out);
}
`

// TestInferPointees: a void * parameter takes the type of the accesses
// made through it (its first conversion to a pointer to an integer type):
// the object behind it as an input is an array of that type; one the
// function never converts stays void (NULL only).
func TestInferPointees(t *testing.T) {
	p := lower(t, "pointee.c", pointeeSrc, "cmp")
	roots, _ := ir.EntryInputs(p.Funcs[0], p.Globals, false)
	s := ir.ComputeInputShape(roots, 4, 2)
	a := s.Lookup("a")
	require.NotNil(t, a)
	assert.False(t, a.Void)
	assert.Equal(t, "unsigned char[4]", a.Typ.String())
	assert.True(t, a.Typ.Elem.Const, "read through a pointer to const")
	assert.Equal(t, "int[4]", s.Lookup("b").Typ.String())
	assert.Equal(t, "short[4]", s.Lookup("twice").Typ.String(), "the first conversion")
	assert.True(t, s.Lookup("unused").Void)

	// A struct pointee (a qsort comparator's records, a callback's
	// context): an array of the struct, the objects behind its pointers
	// built in turn; an incomplete struct stays void.
	p = lower(t, "pointee.c", pointeeSrc, "visit")
	roots, _ = ir.EntryInputs(p.Funcs[0], p.Globals, false)
	s = ir.ComputeInputShape(roots, 4, 2)
	require.NotNil(t, s.Lookup("ctx"))
	assert.Equal(t, "struct node[4]", s.Lookup("ctx").Typ.String())
	require.NotNil(t, s.Lookup("ctx[0].next"), "the pointers of the records")
	assert.Equal(t, 2, s.Lookup("ctx[0].next").Depth)
	assert.True(t, s.Lookup("handle").Void)

	// A void * passed on unchanged to a function of the file (or of the C
	// library's models: memcmp(a, b, n)) takes the pointee of the
	// parameter it is passed to, through a chain of wrappers (data) and a
	// cast that only drops a qualifier ((void *)key); one passed to a
	// parameter that stays void (out) stays void.
	p = lower(t, "pointee.c", pointeeSrc, "wrapper")
	roots, _ = ir.EntryInputs(p.Funcs[0], p.Globals, false)
	s = ir.ComputeInputShape(roots, 4, 2)
	require.NotNil(t, s.Lookup("data"))
	assert.Equal(t, "unsigned char[4]", s.Lookup("data").Typ.String())
	assert.True(t, s.Lookup("data").Typ.Elem.Const, "read through a pointer to const")
	require.NotNil(t, s.Lookup("key"))
	assert.Equal(t, "struct node[4]", s.Lookup("key").Typ.String())
	assert.True(t, s.Lookup("out").Void)
}

func onlyShadowed(m map[*ir.Var]string) map[*ir.Var]string {
	out := map[*ir.Var]string{}
	for v, n := range m {
		if n != v.Name {
			out[v] = n
		}
	}
	return out
}

const printSrc = `
#include <stdio.h>
struct point { int x, y; };
static const int limits[3] = { 1, 2 };
struct point origin = { 3, -4 };
const char *greeting = "hi\n";
int *cursor = &origin.y;
int show(int k)
{
    static int calls;
    calls++;
    if (k > 100)
        printf(greeting);
    return limits[k & 1] + *cursor + calls;
}
`

// TestPrint: the printed program, checked by hand against the source:
// globals with their qualifiers and initializers leaf by leaf (addresses
// and string literals included), block statics, externs, then the body.
func TestPrint(t *testing.T) {
	p := lower(t, "print.c", printSrc, "show")
	var b bytes.Buffer
	ir.Fprint(&b, p)
	out := b.String()
	for _, want := range []string{
		"global readonly const int[3] limits = {[0]=1, [1]=2}",
		"global struct point origin = {.x=3, .y=-4}",
		`global const char* greeting = &.str1`,
		`string char[4] .str1 = "hi\n"`,
		"global int* cursor = &origin.y",
		"static int show.calls",
		"extern int printf(char*, ...)",
		"func show(int k) int  // print.c:8:5",
		"decisions of show:",
		`d0 if     print.c:12:9-12:16  "k > 100"`,
		"  result int result",
		"decisions of show:",
	} {
		assert.Contains(t, out, want)
	}
	var fb bytes.Buffer
	ir.FprintFunc(&fb, p.Funcs[0])
	assert.True(t, strings.HasPrefix(fb.String(), "func show(int k) int"))
	assert.Contains(t, out, fb.String(), "Fprint prints each function as FprintFunc does")
}

// TestTypes: sizes, alignments and leaves of the LP64 layout, qualifiers,
// integer ranges.
func TestTypes(t *testing.T) {
	cint := *ir.IntType
	cint.Const = true
	s := ir.NewStruct("rec", []ir.Field{
		{Name: "c", Type: ir.CharType},
		{Name: "n", Type: &cint},
		{Name: "p", Type: ir.PointerTo(ir.CharType)},
		{Name: "a", Type: ir.ArrayOf(ir.ShortType, 3)},
	})
	assert.Equal(t, int64(24), s.Size())
	assert.Equal(t, int64(8), s.Align())
	assert.Equal(t, int64(4), s.Fields[1].Offset)
	assert.Equal(t, int64(16), s.Fields[3].Offset)
	var paths []string
	for _, l := range s.Leaves() {
		paths = append(paths, l.Path)
	}
	assert.Equal(t, []string{".c", ".n", ".p", ".a[0]", ".a[1]", ".a[2]"}, paths)
	assert.Equal(t, int64(len(paths)), s.NumLeaves())
	assert.Equal(t, int64(3), s.LeavesBefore(3))
	assert.Equal(t, "n", s.FieldAt(4).Name)
	assert.Equal(t, "a", s.FieldAt(18).Name)
	assert.True(t, s.HasPointer())
	assert.False(t, ir.ArrayOf(ir.IntType, 2).HasPointer())
	assert.True(t, s.HasConst())
	assert.False(t, s.AllConst())
	assert.True(t, s.Leaves()[1].Const)
	assert.Equal(t, "struct rec", s.String())

	packed := ir.NewPackedStruct("wire", []ir.Field{{Name: "c", Type: ir.CharType}, {Name: "n", Type: ir.IntType}}, 1)
	assert.Equal(t, int64(5), packed.Size())
	assert.Equal(t, int64(1), packed.Align())
	u := ir.NewUnion("u", []ir.Field{{Name: "c", Type: ir.CharType}, {Name: "l", Type: ir.LongType}})
	assert.Equal(t, int64(8), u.Size())
	assert.Equal(t, int64(0), u.Fields[1].Offset)
	assert.Len(t, u.Leaves(), 1, "a union's first member")
	pu := ir.NewPackedUnion("pu", []ir.Field{{Name: "c", Type: ir.CharType}, {Name: "l", Type: ir.LongType}}, 2)
	assert.Equal(t, int64(2), pu.Align())

	// qualifiers
	cp := ir.PointerTo(ir.CharType)
	cp.Const = true
	ptr := ir.PointerTo(cp) // char *const *
	assert.Equal(t, "char* const*", ptr.QualString())
	assert.Equal(t, "char**", ptr.String(), "String ignores qualifiers")
	assert.True(t, ir.Identical(ptr, ir.PointerTo(ir.PointerTo(ir.CharType))))
	assert.False(t, ptr.HasConst(), "the const is the pointee's")
	assert.True(t, cp.AllConst())
	assert.False(t, ir.Unqualified(cp).Const)
	assert.Same(t, ir.IntType, ir.Unqualified(ir.IntType))
	carr := ir.ArrayOf(&cint, 2)
	assert.True(t, carr.AllConst())
	assert.Equal(t, "const int[2]", carr.QualString())

	// integer ranges
	for k, want := range map[ir.Kind][2]string{
		ir.Char: {"-128", "127"}, ir.UChar: {"0", "255"}, ir.Short: {"-32768", "32767"},
		ir.UInt: {"0", "4294967295"}, ir.Long: {"-9223372036854775808", "9223372036854775807"},
		ir.ULongLong: {"0", "18446744073709551615"}, ir.Bool: {"0", "1"},
	} {
		it := ir.IntTypeOf(k)
		assert.Equal(t, k, it.Kind)
		lo, hi := fmt.Sprint(it.MinInt()), fmt.Sprint(it.MaxUint())
		if !it.IsSigned() {
			lo = "0"
		}
		assert.Equal(t, want, [2]string{lo, hi}, k.String())
	}
	assert.Equal(t, uint64(0xff), ir.Truncate(ir.UCharType, 0x1ff))
	assert.Equal(t, int64(-1), ir.NewConst(ir.CharType, 0xff).Int64())
	assert.Equal(t, uint64(0xff), ir.NewConst(ir.UCharType, 0xff).Uint64())
	assert.Panics(t, func() { ir.IntTypeOf(ir.Pointer) })
	op := ir.OpaqueOf("double", 8, 8)
	assert.Equal(t, int64(8), op.Size())
	assert.False(t, op.IsScalar())
}

// TestLibrary: which calls of the C library a run can go past.
func TestLibrary(t *testing.T) {
	src := `
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
int lib(char *buf, const char *name, int n)
{
    FILE *out = stderr;
    printf("%s %d\n", name, n);
    fputs(name, out);
    fgets(buf, n, stdin);
    if (n < 0)
        exit(1);
    return getenv(name) != NULL;
}
`
	p := lower(t, "lib.c", src, "lib")
	why := map[string]string{}
	var stderrRead string
	ir.Walk(p.Funcs[0].Body, func(s ir.Stmt) {
		if c, ok := s.(*ir.Call); ok && c.Extern != nil {
			why[c.Extern.Name] = ir.UnmodelledStmt(s)
		} else if w := ir.UnmodelledStmt(s); w != "" {
			stderrRead = w
		}
	})
	assert.Equal(t, "", why["printf"], "output only")
	assert.Equal(t, "", why["fputs"], "output only, to a stream")
	assert.Contains(t, stderrRead, "depends on stderr, an object of the C library inka does not model")
	assert.Contains(t, why["fgets"], "may write through its argument 1")
	assert.Contains(t, why["getenv"], "the run uses its result")
	assert.Equal(t, "", why["exit"], "modelled: it ends the run")
	for name, idx := range map[string]int{"printf": 0, "fprintf": 1, "snprintf": 2, "puts": -1} {
		assert.Equal(t, idx, ir.PrintfFormat(name), name)
	}
	for _, e := range p.Externs {
		assert.Equal(t, e.Name == "exit", e.HasModel(), e.Name)
		assert.Equal(t, e.Name == "exit", e.NoReturn(), e.Name)
	}
}

// TestSanityInlined: the rules of SanityCheckInlined fire on broken
// inlined functions, and accept what the transformations make.
func TestSanityInlined(t *testing.T) {
	p := lower(t, "inline.c", inlineSrc, "score")
	in, err := ir.Inline(p, 3)
	require.NoError(t, err)
	f := in.Func
	require.NoError(t, ir.SanityCheckInlined(p, f, ir.InlinedContext{}))

	// a call of an extern neither the program's nor the context's
	ext := &ir.Extern{Name: "probe", Result: ir.VoidType}
	g := *f
	g.Body = append([]ir.Stmt{&ir.Call{Extern: ext}}, f.Body...)
	err = ir.SanityCheckInlined(p, &g, ir.InlinedContext{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "extern not in the program")
	assert.NoError(t, ir.SanityCheckInlined(p, &g, ir.InlinedContext{Externs: []*ir.Extern{ext}}))

	// a decision of no function of the program
	stray := &ir.Decision{Func: &ir.Func{Name: "elsewhere"}, Outcomes: []string{"true", "false"}}
	g = *f
	g.Body = append([]ir.Stmt{&ir.If{Cond: ir.NewConst(ir.IntType, 1), Dec: &ir.DecRef{D: stray}}}, f.Body...)
	err = ir.SanityCheckInlined(p, &g, ir.InlinedContext{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "decision reference to another function's or an unregistered decision")

	// cut at a goal: the Return runs under a guard
	g = *f
	last := f.Body[len(f.Body)-1]
	g.Body = append(append([]ir.Stmt(nil), f.Body[:len(f.Body)-1]...),
		&ir.If{Cond: ir.NewConst(ir.IntType, 0), Then: []ir.Stmt{last}})
	err = ir.SanityCheckInlined(p, &g, ir.InlinedContext{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "body does not end with a Return")
	assert.NoError(t, ir.SanityCheckInlined(p, &g, ir.InlinedContext{Cut: true}))
}
