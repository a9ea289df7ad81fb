// Package ir defines inka's normalized intermediate representation of C
// functions: the elementary statements of section 4.2 of Gotlieb, Denmat
// and Botella ("Goal-oriented test data generation for pointer programs"),
// structured control flow, and the identity of every source decision.
//
// The front end (package frontend) lowers C to this form; the interpreter
// (interp), the points-to analysis (pointsto), Pointer-SSA (ssa) and the
// constraint model (combinators) all read it. ir knows nothing of C syntax
// and imports nothing of the project.
//
// # Level of abstraction
//
// Every expression of the source has been broken into statements with one
// operator each, over temporaries (Temp variables). Integer promotions and
// the usual arithmetic conversions are explicit Conv statements: both
// operands of an arithmetic or comparison Binary have the same type. Side
// effects happen in source order (C's unsequenced orders are resolved left
// to right, as gcc -O0 does on the programs we accept). Multi-level
// dereferences are split (Figure 4 of the paper): a statement dereferences
// at most one pointer.
//
// Scalar variables (integers and pointers) are read and written by name.
// Aggregates (arrays, structs, unions) are accessed through pointers:
// `s.f = x` is `t1 = &s; t2 = &t1->f; *t2 = x`, `a[i]` is
// `t1 = &a; t2 = (int*)t1; t3 = t2 + i; ... = *t3`. The points-to analysis
// sees through these exactly (definite, single target). Whole aggregates
// move only by Copy between two aggregate variables of the same type
// (struct assignment, and the copy of a read-only template that
// initializes a local array or struct), by Load and Store of a whole
// struct or union (`*p = s`, `s = *p`), and as arguments, results and
// Return values of calls.
//
// Control flow is structured: If and While only. for, do, switch, break,
// continue, early return, goto, &&, ||, ?: are lowered with flag variables
// (Flag), so that each function has one Return, its last statement.
// While.Pre may hold any statements: the evaluation of a condition with &&
// (nested If), and for a do-while loop the whole body, followed by the
// condition (Pre runs before each test).
// Decisions keep their identity: an If, While or Assert that evaluates a
// source decision carries a DecRef to its Decision (position, text, kind,
// outcomes).
//
// # Statements
//
//	statement   form                        paper (Fig. 6/8)
//	Copy        x = y                       p = q (pointers), SSA(S) otherwise
//	Unary       x = op y  (- ~ !)           SSA(S)
//	Binary      x = y op z                  SSA(S)
//	Conv        x = (T) y                   SSA(S) / p = q
//	AddrOf      p = &v                      p = &q
//	FieldAddr   p = &q->f                   p = &q (field-sensitive)
//	PtrAdd      p = q + i                   p = q (array element)
//	Load        x = *p                      p = *q    (φu)
//	Store       *p = y                      *p = q    (φd)
//	Call        x = f(a, b), x = (*p)(a)    inlined or stubbed; through a
//	                                        pointer, a dispatch (InlineWith)
//	Assert      assert(c)                   c must hold
//	Unsupported x = unsupported("what")      a cut: runs stop here (not modelled)
//	Return      return r                    last statement only
//	If          if (c) S1 else S2           ite
//	While       loop { Pre; if !c break; S } w
//
// # Function pointers
//
// A function whose address the program takes is an object: a global Var
// of class FuncObj (Fn or Ext says which function), of a Function type,
// without leaves. `f` and `&f` in value position are AddrOf of it, static
// tables hold AddrConst of it, and a call through a pointer is a Call with
// Ptr. Inlining (InlineWith, with the targets the points-to analysis
// finds) turns such a call into a dispatch over its targets. A
// function-pointer input points to its own callback (InputObject.Callback),
// NULL, or a function of the program of its type.
//
// # Memory layout
//
// Type.Leaves flattens an object into its scalar leaves (arrays element by
// element, structs member by member). The interpreter, the constraint
// model and the harness all name parts of objects by leaf path. Layouts
// are gcc's x86-64 ones, computed in one place (layout.go); what inka does
// not model (Opaque types, bit-fields, flexible array members) takes its
// room in the layout but has no leaves.
//
// # Floating point
//
// float and double are IEEE 754 binary32 and binary64 (Float, Double),
// values are their bit patterns, and the arithmetic is gcc -O0's on
// x86-64: see float.go (FloatBinary, FloatConv, FloatStmt).
package ir
