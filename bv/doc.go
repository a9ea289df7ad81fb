// Package bv builds bit-vector circuits over gini, the SAT engine of
// github.com/go-air/gini: machine integers as vectors of literals, C's
// operators as gates, and an incremental solver that answers questions
// about them under assumptions.
//
// # Circuits
//
// A Circuit is an and-inverter graph (gini's logic.C): every gate is a
// conjunction of two literals, negation is free, equal gates are shared
// (structural hashing) and gates with a constant input fold away, so that
// x * 0x9E3779B1 costs only the adders of the constant's one bits. A Vec
// is a machine integer: its literals from the least significant bit up.
// The operators follow SMT-LIB's QF_BV (and C on LP64 where C defines the
// result):
//
//	Vec ops        meaning                                   C / SMT-LIB
//	Add Sub Neg    wrapping arithmetic                        + - -x, bvadd bvsub bvneg
//	Mul            low half of the product (wraps)           *, bvmul
//	UDivRem        unsigned quotient and remainder            / %, bvudiv bvurem
//	SDivRem        signed, truncated toward zero              / %, bvsdiv bvsrem
//	Shl LShr AShr  shift by a vector (≥ width: 0 or sign)     << >>, bvshl bvlshr bvashr
//	And Or Xor Not bitwise                                    & | ^ ~
//	Eq Ult Ule Slt Sle  comparisons (a literal)               == < <=
//	ZExt SExt Trunc     width changes                         conversions
//	Ite            if-then-else on a literal                  ?:
//	Select Update  read / write one cell of a small memory    *p, *p = v
//
// Division by zero gives what SMT-LIB says (all ones, the dividend), so
// that a circuit and its SMT-LIB text agree on every input; C leaves it
// undefined, and so do signed overflow and out-of-range shifts. Those are
// exposed as literals, true exactly on the inputs where C's behaviour is
// undefined: SAddOverflow, SSubOverflow, SNegOverflow, SMulOverflow,
// DivByZero, SDivOverflow (INT_MIN / -1), ShiftCountUB, SShlUB. A
// translator conjoins their negations with the path that runs the
// operation; the circuit itself never assumes them away.
//
// # Solving
//
// A Solver owns a gini instance fed with the Tseitin encoding of the
// circuit's gates, added incrementally: the gates a question needs are
// encoded on the first Solve that reaches them, and every clause gini
// learns stays for the next question. Facts are asserted once (Assert);
// per-question hypotheses, such as the activation literal of one goal,
// are passed as assumptions to Solve, so that one solver answers every
// goal of a function. The work of a Solve is counted in ticks of gini's
// propagations (20,000 each), the deterministic budget; a wall-clock
// limit is only an outer guard.
package bv
