// Package frontend reads C and lowers it to inka's normalized IR (package
// ir). It owns parsing, preprocessing and type checking (with
// modernc.org/cc/v4, the host's system headers and predefined macros) and
// the lowering; it knows nothing of points-to analysis, SSA or constraints.
//
//	u, err := frontend.Load("foo.c", frontend.Options{})   // parse, type-check
//	names := u.Functions()                                 // defined in foo.c, source order
//	p, err := u.Lower("foo")                               // foo, its callees, globals, externs
//
// Errors in the input are *Error values whose Error() is
// "file:line:col: message": syntax and type errors as cc reports them (the
// first one), "unsupported: <construct>" for C outside the subset below,
// "file: no function named F". Positions use the path as given and byte
// columns.
//
// # Lowering
//
//	C                               IR
//	x = a + b * c                   t1 = b * c; x = a + t1 (one operator a statement)
//	char c; c + 1                   t1 = (int)c; t2 = t1 + 1 (promotions, usual conversions as Conv)
//	c += 300                        t1 = (int)c; t2 = t1 + 300; c = (char)t2
//	x++ (value used)                t1 = x; x = t1 + 1; ... t1
//	p + i, p - i, p++               t1 = (long)i; t2 = p + t1 (PtrAdd; - negates the index)
//	p - q                           t1 = p - q (long, in elements)
//	**p = x                         t1 = *p; *t1 = x (Figure 4)
//	s.f, p->f                       t1 = &s; t2 = &t1->f; *t2 (FieldAddr then Load/Store)
//	a[i] (array a)                  t1 = &a; t2 = (int*)t1; t3 = t2 + i; *t3
//	s1 = s2, *p = s (structs)       Copy, Store of the whole struct
//	f(a, b)                         Call (args converted to the parameter types)
//	f, &f (f a function)            t1 = &f (AddrOf of f's function object)
//	fp(a), (*fp)(a), s->cb(a)       Call with Ptr (resolved by pointsto.Inline)
//	a && b && c, a || b             nested If computing an int 0/1 (a, b are conditions)
//	c ? a : b                       If computing the result (c is a condition)
//	if / else                       If (with the if decision)
//	while, for                      While{Pre: condition code, Cond, Body}
//	do S while (c)                  While{Pre: S; condition code, Cond, Body: empty}
//	switch                          chain of If, one per case label (see below)
//	break, continue, return         flags (see below)
//	goto L, L:                      flags; a backward goto makes a loop (jumps.go)
//	assert(c)                       Assert (decision kind assert at the argument)
//	int a[3] = {1, 2};              a = f.a.init (a read-only template) or one Store a leaf
//	static int n = 1; (in f)        static variable f.n with its initializer
//	"abc"                           read-only global char array .strN (String class)
//	(struct p){a, 1}                unnamed local .litN initialized in place
//
// Operands are evaluated left to right (C leaves most orders unspecified);
// a variable read as an operand is copied to a temp first when a later
// operand may modify it. An integer constant expression without side
// effects is folded to a constant: && || ?: inside it are not decisions
// (gcc emits no branch for them either).
//
// Control flow. Each function has one Return, its last statement, returning
// the Result variable: `return e` assigns Result. A statement that can
// complete abruptly (break, continue, return) sets a flag; the code that
// follows it is guarded by `if (flag) {} else {...}` only where normal and
// abrupt completions meet: when one branch of an if always completes
// abruptly, the rest of the block goes in the other branch. A loop whose
// body has no break or return is a plain While with the loop's decision on
// it; otherwise the While tests a flag `go` computed in Pre by
// `if (exit flags) go = 0 else { cond; if (c) [decision] go = 1 else go = 0 }`,
// so that the decision is recorded only when the source evaluates the
// condition. Flags that no test reads, and writes of flags that no later
// test can read, are removed: a switch whose cases end with break, or an
// early return at the end of a branch, costs no flag.
//
// goto. A goto sets the flag of its label and propagates outward as a
// break does, up to the innermost list of block items that holds both the
// goto and its label. A forward goto skips the items in between; a backward
// goto makes the items from the label's to the goto's a loop that the flag
// takes again. Entering a statement with a flag pending routes the flow to
// the label inside it (the other items of a block skipped, the branch of an
// if that holds it taken without evaluating the condition, a loop's body
// entered without testing the condition, a switch's dispatch skipped).
// Every reducible and irreducible flow of goto is structured so; computed
// goto (`goto *p`, `&&label`) and local labels (`__label__`) are not
// supported. See jumps.go.
//
// switch. The controlling expression is promoted and each case constant
// converted to its type. The chain tests the labels in source order; the
// last test's else is the default (or "no case"). When no case falls
// through into the next one and each case has one label, each case's code
// goes in its test's branch. Otherwise the chain sets a flag `sw` to the
// index of the first case to run, and the cases follow, case i running when
// sw == i or the previous case completed normally (flag `fall`). A switch
// with a case label nested in a statement of its body (Duff's device), or
// whose body a goto enters or holds both ends of, is a dispatch that sets
// the flag of one case label followed by the body entered by those flags,
// as gotos are.
//
// Decisions. Every decision of the source is an ir.Decision of its
// function, numbered in source order: if, while, for, do (outcomes true,
// false), switch (one outcome per case label, "case <text as written>", then
// "default" or "no case"), assert, and the conditions: each operand but
// the last of a chain of && or || (true, false: true for && and false for
// || mean that the next operand is evaluated) and the condition of ?:. Pos
// is the first character of the condition (of the controlling expression
// for a switch), End just after its last character, Text the source text
// with white space collapsed; a condition produced by a macro spans the
// macro invocation. `for (;;)` has no decision. Decisions in unreachable
// code are registered but no statement refers to them.
//
// # Types
//
// Of the data model of Options.DataModel (ir.DataModel: LP64, x86-64, by
// default; ILP32, i386, with cc configured for linux/386 and gcc -m32's
// macros and headers): char (signed), short, int, long, long long and their unsigned
// versions, _Bool, enums (their underlying integer type, unsigned int when
// no constant is negative, as gcc; the tag in Type.Tag), pointers, fixed-size
// arrays, structs and unions, typedefs resolved. The qualifiers of the
// declared types of variables, parameters and members are kept at every
// level (ir.Type.Const, Volatile), read from the declarations' syntax
// (quals.go: cc/v4's own are unreliable below the top level); those of
// values are dropped. Function types are ir.Function types, functions
// objects of class ir.FuncObj (see funcptr.go). Types inka does not model
// (floating-point, complex, 128-bit integers) are ir.Opaque types of gcc's size
// and alignment; structs and unions are laid out by ir.NewStruct /
// ir.NewUnion exactly as gcc lays them out, bit-fields and flexible array
// members included (members with no leaves), under #pragma pack and
// __attribute__((packed)) too (pragma.go). Where cc lays out a struct
// otherwise (bit-fields, packing), a sizeof or _Alignof of the type is
// gcc's (gccLayoutConst), a constant expression that uses one, or
// offsetof, is evaluated again with gcc's layout (layoutconst.go; what
// it cannot evaluate is cut), and initializers are placed by member. The
// length of an array declared with such a constant is cc's.
//
// # Not supported: cuts (cut.go)
//
// A construct inka does not model is lowered to an ir.Unsupported
// statement where a run would execute it: floating-point (complex,
// 128-bit) values and constants; conversions between a function pointer
// and another pointer type, calls through a pointer to a function without
// prototype; accesses
// to flexible array members (bit-fields, of structs and unions, are
// byte loads and stores with shifts and masks: bitfield.go), the
// operations gcc computes in the width of a bit-field wider than int
// (wideBitOp); computed goto (goto *p,
// &&label) and local labels (__label__); arrays of variable-length arrays
// and VLA typedefs (a VLA itself is an object made at run time: vla.go); inline
// assembly; setjmp/longjmp; dynamic allocation other than malloc, calloc,
// realloc and free as <stdlib.h> declares them (alloca, strdup, ...: those
// four are calls of the C library, ir/heap.go) and library functions taking function
// pointers (qsort, bsearch, signal, atexit); va_start and va_arg (a
// variadic function has its named parameters); calls of externs whose
// type has an Opaque type; integer to pointer conversions other than the
// null pointer constant, pointer to integer conversions (except to
// _Bool); compound literals in static initializers
// (inside a function they are unnamed locals .litN); statement
// expressions; case ranges; wide string literals; initializers of a union
// member other than the first and of a struct member by a struct value;
// non-constant static initializers; thread-local variables; __auto_type;
// nested functions.
//
// Lower refuses a function, with the "unsupported: ..." error of the cut,
// when every run of it reaches one (ir.EntryUnsupported), and when its
// result has an Opaque type. Anonymous struct or union members, over-aligned
// layouts (aligned attributes), members declared packed, bit-fields in a
// struct packed otherwise than by pack(1) and objects of more than 2^20 scalar leaves are
// refused where their type is needed; a pointer to a struct that cannot
// be represented is accepted (the struct is opaque) until a member is
// accessed.
//
// Every function with a body in the translation unit is lowered when
// called (a static helper of an included header too); Functions lists only
// the main file's. Functions only declared become ir.Extern: stubs,
// except those a system header declares (Extern.System: the C library,
// see ir/library.go), as the objects a system header declares and the
// file does not define are the library's (Var.System). A read of a
// volatile object is a Copy or Load of its own, marked Volatile.
package frontend
