// Package harness writes inka's tests as a self-checking C program and
// validates it on real compilers.
//
// A Suite is built from the tests of an inka/v1 run (report.Run, fresh or
// read back from JSON): each test's inputs are replayed by the interpreter
// (package interp, the reference semantics), which gives what the C code
// must do: the return value, the final value of every global and of every
// object behind a pointer input, and the calls to the callees the file
// declares but does not define, with their arguments.
//
// Suite.Write emits, into a directory:
//
//	inka_unit.h     includes the file under test, as is (marked as a system
//	                header so that -Wall -Wextra judge the generated code only)
//	inka_harness.h  the small interface between the tests and the stubs
//	harness.c       one function per test: set the globals, build the
//	                objects behind pointer inputs (static objects with
//	                initializers, so that const pointees work), call the
//	                function, check the return value and every final value;
//	                the runtime (checks, messages) and main()
//	stubs.c         (--split) the callee stubs; otherwise they are at the end
//	                of harness.c
//	inka-harness.json  the manifest: the tests, what each claims to cover and
//	                what the replay took, for Validate
//
// A stub checks each call against the replay, in order: every argument
// (integers by value; pointers by the object and offset they point to, or,
// for a pointer to a local of the function, by the value it points to),
// then returns the value the solver chose. A call more than expected stops
// the test (longjmp back to the harness); fewer calls than expected fail
// it. The generated C is C11 without extensions, relies on no undefined
// behaviour, and compiles without warnings under -Wall -Wextra -std=c11;
// when a test writes to standard output or error (printf, puts, ...), the
// harness compares what each call writes with the run's, and for that
// redirects the two streams with POSIX dup and dup2 around the call.
//
// Validate compiles the harness with each compiler and optimization level,
// runs it, and with gcc confirms the coverage the run claims twice: with
// probes around every decision (internal/cprobe, exact outcomes) and with
// gcov on the unmodified file (lines executed, branch counts).
//
// What the harness cannot reproduce it skips, with the reason printed: a
// block-scope static is an input of the model, but C code outside the
// function can neither set nor read it, so a test runs only when the
// static holds, at that point of the harness, the value the test needs.
package harness
