// Package arith tests C compilers' arithmetic with random programs of
// many long integer expressions whose expected values are computed
// exactly, and minimizes the programs a compiler gets wrong. It follows
// Nagai, Hashimoto and Ishiura, "Reinforcing Random Testing of Arithmetic
// Optimization of C Compilers by Scaling up Size and Number of
// Expressions" (IPSJ TSLDM 2014; the paper's sections and tables are
// named below).
//
// # Programs
//
// A program (Generate) declares x-variables of every integer type (_Bool,
// signed and unsigned char, short, int, long, long long), global or local,
// static or not, volatile or not, const or not, each initialized with a
// random value drawn toward the type's boundaries (MIN, MAX, 0, ±1, powers
// of two, small shift counts); then Options.Exprs statements `tN = e;`,
// each assigning an expression of exactly Options.Size operators to a
// t-variable of a random type; then one check per expression:
//
//	if (t3 != 4294967295U) { printf("NG e3 %llu\n", (unsigned long long)t3); ng = 1; }
//
// main returns 1 if a check failed. Expressions are built top down as the
// paper's make_expression (Fig. 6): a node of n operators splits n-1
// between its operands, within a depth bound (Options.Depth, one level of
// parentheses per operator). The operators are all of C's integer ones:
// + - * / % << >> & | ^ == != < <= > >= && || ?: unary - ~ ! + and casts
// to every integer type. Leaves are x-variables, t-variables of earlier
// expressions (Section 3.2), and literals of the types int … unsigned long
// long at their boundaries. The usual arithmetic conversions are
// exercised on purpose: the right leaf of a binary operator is often
// chosen of the signedness opposite to its left operand (int against
// unsigned, long against unsigned int, long long against unsigned long),
// and every integer promotion happens (unsigned short * unsigned short is
// an int multiplication, which overflows).
//
// # Expected values and undefined behaviour
//
// Eliminate evaluates each expression bottom up with inka's interpreter
// (interp.EvalBinary, interp.EvalUnary, interp.ConvertInt; the types of
// ir.Promote and ir.UsualArith): the semantics every test of inka is
// replayed with, checked against gcc. Where an operation is undefined,
// the operation is changed at once, before its parent is evaluated, so
// that the program keeps its size and shape (Section 3.1, Table 1):
//
//	a + b   signed overflow                  a - b      (flip)
//	a - b   signed overflow                  a + b      (flip)
//	a * b   signed overflow                  a / b      (flip)
//	a / (b cmp c), a % (b cmp c)   b cmp c == 0   the complement of cmp (flip)
//	a / b, a % b   b == 0                    b + K      (insertion, K != 0, -1)
//	a / b, a % b   MIN / -1                  b + K      (insertion, K in [2, 101])
//	a << b, a >> b   b < 0 or b >= width     b + K      (insertion: K of b's unsigned type wraps b into [0, width))
//	a << b  a < 0, or a << b not representable   a >> b  (flip)
//	-a      a == MIN                         ~a         (flip)
//
// Flipping comes first; insertion only where no flip helps. Beyond the
// paper, a zero divisor that is an &&, +, -, & or ^ is flipped (to ||,
// -, +, |, |) when that makes it defined and not zero, and a left shift
// that is undefined because of its left operand becomes a right shift
// (the paper inserts there). K is a literal or a new variable. Both
// operands of ?:, && and || are evaluated and made UB-free, executed or
// not, so that every node has a value (the minimizer relies on it). The
// program is UB-free by construction; Check re-evaluates a program
// without changing it and reports the first undefined behaviour, and the
// tests run samples under gcc's and clang's -fsanitize=undefined (inka
// arith run --ubsan runs every program so).
//
// Implementation-defined behaviour is that of gcc, clang and tcc on
// x86-64 (LP64, char signed, conversions to signed types modulo 2^width,
// >> of negative values arithmetic), as the interpreter has it.
//
// # The run
//
// A Campaign builds each program with every Config of the matrix
// (--cc gcc,clang,tcc × --opt O0,O1,O2,O3,Os), runs it, and classifies the
// outcome (Kind): pass, wrong (the checks that failed, by expression ID),
// compiler crash (internal compiler error, signal), compiler error,
// compiler timeout, program crash, program timeout, other exit. Failing
// programs are written with their seed (the options and the seed
// reproduce them) to failures.jsonl. Campaign.Mix varies the programs'
// shape as the paper's mode (4): a wrong value deep in a long expression
// often does not reach its check (comparisons, &&, divisions, shifts and
// masks lose it; BenchmarkSensitivity measures how often it does), many
// short expressions show more of them.
//
// # Minimization
//
// Reduce shrinks a failing program while it fails the same way (Section
// 5, Fig. 15): expressions replaced by their values by halves, expression
// roots replaced by an operand, subtrees replaced by a constant or by a
// variable holding their value (trying the operands of those where the
// failure goes away: a binary descent, not one operator at a time), then
// qualifiers, storage, types and values simplified. Every candidate is
// checked UB-free (Check) before it is built. ReduceTo writes the result
// with the commands that build and run it, and Program.Pattern names its
// shape (types for variables, K for constants) so that a campaign groups
// its failures by bug, as the paper's #pat.
//
// Floating-point expressions (the paper's Section 4) wait for inka's
// floats.
package arith
