// Package abi tests the calling conventions of C compilers against each
// other: does a value passed from a caller compiled by one compiler
// reach a callee compiled by another unaltered, and back? It is `inka
// abi`, and it joins two lines of work.
//
// Lindig's Quest ("Random Testing of C Calling Conventions") generates
// self-checking tests from random signatures: the caller passes known
// values, the callee checks every one it receives (and every va_arg),
// the caller checks the value returned; caller and callee live in two
// files, so that two compilers can build them. The signatures come from
// composable random generators with controlled distributions (gen.go:
// Choose, Elements, OneOf, Frequency, List, Smaller, Bind — QuickCheck's
// combinators, with the recursion budget that Smaller spends passed
// behind the scenes); cgen.go composes them into generators of C types
// (every integer type, _Bool, float, double, long double, __int128 and
// __float128 where both compilers have them, pointers, enums, structs and
// unions nested with arrays, bit-fields, #pragma pack and _Alignas — the
// spellings gcc, clang and tcc agree on) and of signatures with many
// parameters and variadic callees.
//
// Bailey and Davidson ("Target-sensitive construction of diagnostic
// programs", "Automatic detection and diagnosis of faults in generated
// code for procedure calls") derive tests from a specification: a
// placement automaton (PFSA) whose states are what the convention has
// allocated — registers taken, and the stack's alignment as the
// distinguishing state of the unbounded stack — and whose transitions
// place one parameter, read as a selection criterion. sysv_amd64.pfsa
// writes the System V AMD64 convention as data: the classes of the
// psABI's classification (INTEGER, SSE, SSEUP, X87, X87UP, MEMORY,
// computed by classify.go over the eightbytes of aggregates up to 16
// bytes), six integer and eight vector registers, stack slots of 8
// bytes with 16-byte alignment, return registers and the hidden pointer
// of MEMORY returns. pfsa.go builds the automaton from it; suite.go
// selects paths that take every transition pair (each entering
// transition of a state followed by each exiting one), return values
// included, and realizes each path as a signature, plus its variadic
// version.
//
// Both kinds of test are run the same way. Values (values.go) are drawn
// so that every 2-byte window of a call's bytes is unique: a value that
// arrives shifted or swapped names the argument its bytes came from.
// emit.go writes the batch: abi.h (types, helpers), caller.c, callee.c,
// and harness.c, compiled by the host compiler, with main (each test in
// a forked child), the check tables, a layout check (sizeof, offsetof,
// bit-field positions as each compiler computes them, against the psABI
// rules of ctype.go) and a trampoline between caller and callee that
// checks the callee-saved state (rbx, rbp, r12-r15, rsp, direction flag,
// MXCSR and x87 control words, x87 stack) and that a MEMORY return
// comes back with its address in rax. For compilers A and B at an
// optimization level, run.go builds the four pairings A/A, A/B, B/A, B/B
// (caller/callee), caching objects by content; diagnose.go reads the
// four results with Bailey and Davidson's 16-configuration table (which
// side is faulty: the reference's caller or callee, the other's, or a
// conflict between two conventions). minimize.go shrinks a failing test
// while its outcome stays the same and writes a reproducer with its
// exact build commands; report.go writes the text and JSON (inka-abi/v1)
// reports.
package abi
