// Package interp is a concrete interpreter of inka's normalized IR (package
// ir) with exact C semantics on the program's data model (LP64 or ILP32:
// the widths are its types', ir.Program.DataModel). It is the reference semantics of the
// project: it replays and confirms every test the constraint solver
// proposes, records the decision outcomes a test covers, and detects
// undefined behaviour. It is checked against gcc on the programs of
// testdata/ (see diff_test.go and internal/cdriver).
//
// interp owns the execution of IR; it does not parse C (frontend does) and
// knows nothing of constraints.
//
// # Running a function
//
//	res, err := interp.Run(prog, "trityp", interp.Inputs{Values: map[string]interp.Val{
//		"i": interp.Int(3), "j": interp.Int(4), "k": interp.Int(5)}}, interp.Config{})
//
// err is only for the interpreter's own problems: malformed IR, unknown
// input paths, and constructs it does not support (errors.Is(err,
// ErrUnsupported)). Everything the program does is in the Result: its
// Outcome (Returned, UB, AssertFailed, Exited, StepLimit, DepthLimit,
// Unsupported: an ir.Unsupported statement, a construct inka does not
// model, stops the run where it would execute), the
// return value, the Trace of decision outcomes in execution order, the
// calls to extern functions, and the Final values of globals and of the
// objects behind pointer inputs.
//
// # Values
//
// Val holds an integer of any LP64 type exactly, as ir.Const does (the bit
// pattern truncated to the type's width and sign- or zero-extended to 64
// bits), or a pointer: NULL, or an address (object, byte offset) with its
// provenance. Values read from uninitialized objects are indeterminate:
// copying them (Copy, Conv, Load, Store, passing or returning them) keeps
// them indeterminate; using them in an operation, a condition, an address
// or an index is undefined behaviour.
//
// # Inputs and access paths
//
// Inputs are the entry function's parameters, the globals and statics of
// the program (their initial values; with Config.UseInitializers, or for
// string literals and read-only objects, their initializers), and the
// answers of stubs for extern functions. Scalars are named by C access
// paths: "i", "s.f", "g.a[2]". The memory behind pointer inputs has the
// shape of ir.ComputeInputShape (Config.PtrArrayLen, Config.PtrDepth), as
// the points-to analysis, the model and the harness see it: a pointer
// input of type T* is NULL when listed in Inputs.Null, else it points to
// the first element of a fresh array of PtrArrayLen T's whose elements are
// inputs named after the pointer: "p[0]", "p[1].x", "pp[0][0]". Pointer
// leaves of the objects at depth PtrDepth are NULL. Such an object is
// built when the run first touches its bytes (or when the inputs given
// name one of its leaves, or the final values are taken): a run that reads
// one node of a tree-shaped input pays for that node, not for the whole
// shape, and the values are those the object would have had if built up
// front. A void* input (the
// shape's Void objects) is NULL or points to an object of unknown type:
// comparing it works, any access or arithmetic through it is an
// unsupported error. Integer inputs not given are 0. A global whose name
// is already taken by a parameter (or another global) is named "name#ID"
// with its ir.Var ID.
//
// The same paths name the leaves of Result.Final, and pointers print as
// &path ("&p[1]", "&g", "&s.a[2]") or NULL. Locals print by their name.
//
// # Memory
//
// Every variable is an object: parameters, locals, temporaries, flags and
// the result slot get fresh objects for each call activation, which die
// when the call returns (using a pointer to them afterwards is Dangling).
// Globals, statics and string literals live for the whole run. Every
// object is a sequence of bytes (C11 6.2.6) with a concrete address
// (aligned to 16, deterministic: the conversion of a pointer to an
// integer gives it). An object holds one cell per scalar leaf
// (ir.Type.Leaves), the fast path of typed accesses; an access that does
// not hit a cell of its own size and class is served by the bytes:
// integers are little-endian, a byte of a pointer is a fragment that a
// character copy carries (a byte copy of a struct keeps its pointers),
// bytes never written (padding) are indeterminate. So any object may be
// read and written through a character type, a union read as another
// member reinterprets its bytes, and byte copies are exact. An access by
// another type than a character type must find a leaf of its size and
// class (integer/pointer: signed/unsigned and pointer types are alike)
// declared at its offset, in some member of a union (C11 6.5p7): an int
// read as a short stops the run with outcome Unsupported (a cut: C leaves
// it undefined, inka does not follow it). Pointer arithmetic is checked
// against the bounds of the whole object (one past the end allowed), or
// of the array member of a struct the pointer was derived from.
//
// Objects keep their lifetime per call activation, not per block: the IR
// has no statement marking the start of a block-scope local's lifetime, so
// a local declared in a loop body is one object for the whole call.
//
// # Undefined behaviour
//
// Each UB stops the run with Outcome UB and a UBReport (kind, position of
// the statement, function, message with the values involved):
//
//	SignedOverflow  + - * and unary - of signed types out of range
//	DivByZero       x / 0, x % 0 (any type)
//	DivOverflow     MIN / -1, MIN % -1 (any signed width)
//	ShiftCount      shift count negative or >= width of the promoted left operand
//	ShiftNegative   left shift of a negative value
//	ShiftOverflow   signed left shift whose result is not representable (1 << 31 for int)
//	NullDeref       load, store or &p->f through NULL
//	NullArith       NULL + n with n != 0
//	Dangling        use of a pointer to a local of a call that has returned
//	OutOfBounds     access outside the object; pointer arithmetic beyond one past the end
//	                (of the array member of a struct a pointer was derived from, if so)
//	PointerCompare  < <= > >= or - of pointers into different objects (or NULL)
//	Uninitialized   indeterminate value used in an operation, condition, address, index or extern argument
//	ReadOnlyWrite   store into a string literal, a const object, or a const member or element
//	                (ir.Leaf.Const; the const of a pointee is not the pointer's: `T *const *p`
//	                makes *p read-only, not p)
//	MissingReturn   the value of a call that ended without return is used (also the entry function's)
//	Precondition    a precondition of the C library broken (ir.Assert.UB in a model: memcpy
//	BadFree         free or realloc of a pointer no allocation returned, or of a freed object
//	                of overlapping objects, isdigit(300))
//
// Undefined behaviour inside a model of the C library (ir.Func.Library) is
// reported at the call of the model, in the caller, the model named in the
// message ("strlen: out-of-bounds ...").
//
// Not UB but outcomes of their own: AssertFailed (ir.Assert false, or a
// call to __assert_fail), Exited (exit, _Exit, quick_exit, abort),
// StepLimit (Config.MaxSteps, for infinite loops) and DepthLimit
// ("recursion deeper than N", Config.MaxDepth).
//
// # Calls
//
// Defined functions (ir.Func) run on a call stack. Calls to ir.Extern
// functions are answered by Inputs.Stub from (callee, index of the call to
// that callee, arguments): a return value and optional writes through
// pointer arguments. Result.StubCalls records every call with its answer,
// so that a harness can check the arguments later.
//
// # Trace
//
// Each evaluation of an If, While or Assert condition that carries an
// ir.DecRef appends (decision, outcome) to Result.Trace unless that outcome
// is -1 (switch lowering). Result.Covered lists the outcome IDs
// ("file:line:col:outcome").
//
// # Concurrency
//
// Run may be called concurrently, on the same program too: it never
// modifies the IR. It caches a little per-program information (variable
// slots and layouts) keyed by the *ir.Program; a program changed after a
// run (new functions, globals or variables) is analysed again.
//
// # Command line helpers
//
// ParseInputs reads the `inka run --args/--globals` syntax
// ("i=5,j=-3,p[0]=7,q=NULL,c='a',f()=3"), Fprint prints a Result, and
// Command does both around Run: `inka run` is Command on the lowered
// program.
package interp
