// Package term is inka's engine-neutral constraint language: terms over
// machine integers (fixed-width bit-vectors, wrapping) and Booleans, as a
// shared DAG, with exactly the operators of SMT-LIB's QF_BV. Package model
// writes the runs of a function in it (Formula: loops unrolled, every
// undefined behaviour a condition that ends the run); package bv blasts it
// into a circuit for gini; WriteSMT2 prints it for any SMT solver. The
// finite-domain engine keeps its own posting (package model's Model, with
// the lazy INKA combinators): the two engines read the same PSSA and the
// same machine rules, and a portfolio picks one per goal.
//
// # Terms
//
// A Term has a width: 0 for a Boolean, 1..64 for a bit-vector. Terms are
// built by a Builder, which shares equal terms (a term is built once, so
// pointer equality is term equality) and folds what it can decide: an
// operator on constants is a constant, `x ∧ false` is false, `ite(true, a,
// b)` is a. Folding is what makes a loop with a constant trip count unroll
// to exactly its iterations.
//
//	Kind            meaning                                 SMT-LIB
//	Const Var       constant, input                          (_ bvK W), declare-fun
//	Not And Or      Boolean connectives                     not and or
//	Ite             if-then-else (Boolean or vector)        ite
//	Eq Ult Ule Slt Sle  comparisons                         = bvult bvule bvslt bvsle
//	BvNot BvAnd BvOr BvXor                                  bvnot bvand bvor bvxor
//	Add Sub Neg Mul     wrapping arithmetic                 bvadd bvsub bvneg bvmul
//	UDiv URem SDiv SRem division (x/0 as SMT-LIB says)      bvudiv bvurem bvsdiv bvsrem
//	Shl LShr AShr       shifts by a same-width amount       bvshl bvlshr bvashr
//	ZExt SExt Extract   width changes                       (_ zero_extend) (_ sign_extend) (_ extract)
//	SMulO               signed product overflows            (expanded)
//
// Signed addition and subtraction overflow, C's other undefined cases, are
// written with these operators by the caller (the sign rules).
package term

import (
	"fmt"
	"math/bits"
)

// Kind is the operator of a term.
type Kind uint8

const (
	Const Kind = iota
	Var
	Not
	And
	Or
	Ite
	Eq
	Ult
	Ule
	Slt
	Sle
	BvNot
	BvAnd
	BvOr
	BvXor
	Add
	Sub
	Neg
	Mul
	UDiv
	URem
	SDiv
	SRem
	Shl
	LShr
	AShr
	ZExt
	SExt
	Extract
	SMulO
)

var kindNames = [...]string{"const", "var", "not", "and", "or", "ite", "=", "bvult", "bvule", "bvslt", "bvsle",
	"bvnot", "bvand", "bvor", "bvxor", "bvadd", "bvsub", "bvneg", "bvmul", "bvudiv", "bvurem", "bvsdiv", "bvsrem",
	"bvshl", "bvlshr", "bvashr", "zero_extend", "sign_extend", "extract", "smulo"}

func (k Kind) String() string { return kindNames[k] }

// Term is a node of the DAG. Build terms with a Builder only.
type Term struct {
	Kind Kind
	W    int // width: 0 for a Boolean
	Args []*Term
	// K is a constant's value (a Boolean: 0 or 1) or Extract's low bit.
	K uint64
	// Name names a Var.
	Name string
	// ID numbers the terms of a builder in creation order: an argument's
	// ID is smaller than its term's.
	ID int
}

// IsBool reports whether t is a Boolean term.
func (t *Term) IsBool() bool { return t.W == 0 }

// IsConst reports whether t is a constant.
func (t *Term) IsConst() bool { return t.Kind == Const }

// IsTrue and IsFalse recognise the Boolean constants.
func (t *Term) IsTrue() bool  { return t.Kind == Const && t.W == 0 && t.K == 1 }
func (t *Term) IsFalse() bool { return t.Kind == Const && t.W == 0 && t.K == 0 }

func (t *Term) String() string {
	switch t.Kind {
	case Const:
		if t.W == 0 {
			return fmt.Sprint(t.K == 1)
		}
		return fmt.Sprintf("%d:%d", t.K, t.W)
	case Var:
		return t.Name
	}
	return fmt.Sprintf("t%d", t.ID)
}

// Mask is the largest value of w bits.
func Mask(w int) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(w) - 1
}

// Signed reads the w-bit value v as a two's complement integer.
func Signed(v uint64, w int) int64 {
	if w == 0 {
		return int64(v)
	}
	return int64(v<<uint(64-w)) >> uint(64-w)
}

// Apply computes the operator k on argument values (each reduced to its
// width), for a result of width w; lo is Extract's low bit. It is the
// reference semantics of every operator: the builder folds constants with
// it, Eval runs it, and package bv's circuits are tested against it.
func Apply(k Kind, w int, lo uint64, args []uint64, widths []int) uint64 {
	a, b := uint64(0), uint64(0)
	if len(args) > 0 {
		a = args[0]
	}
	if len(args) > 1 {
		b = args[1]
	}
	aw := 0
	if len(widths) > 0 {
		aw = widths[0]
	}
	m := Mask(w)
	switch k {
	case Not:
		return a ^ 1
	case And:
		return a & b
	case Or:
		return a | b
	case Ite:
		if a == 1 {
			return b
		}
		return args[2]
	case Eq:
		return b2u(a == b)
	case Ult:
		return b2u(a < b)
	case Ule:
		return b2u(a <= b)
	case Slt:
		return b2u(Signed(a, aw) < Signed(b, aw))
	case Sle:
		return b2u(Signed(a, aw) <= Signed(b, aw))
	case BvNot:
		return ^a & m
	case BvAnd:
		return a & b
	case BvOr:
		return a | b
	case BvXor:
		return a ^ b
	case Add:
		return (a + b) & m
	case Sub:
		return (a - b) & m
	case Neg:
		return -a & m
	case Mul:
		return a * b & m
	case UDiv:
		if b == 0 {
			return m
		}
		return a / b
	case URem:
		if b == 0 {
			return a
		}
		return a % b
	case SDiv, SRem:
		return sdivrem(k, a, b, w)
	case Shl:
		if b >= uint64(w) {
			return 0
		}
		return a << b & m
	case LShr:
		if b >= uint64(w) {
			return 0
		}
		return a >> b
	case AShr:
		if b >= uint64(w) {
			b = uint64(w - 1)
		}
		return uint64(Signed(a, w)>>b) & m
	case ZExt:
		return a
	case SExt:
		return uint64(Signed(a, aw)) & m
	case Extract:
		return a >> lo & m
	case SMulO:
		return b2u(smulOverflows(Signed(a, aw), Signed(b, aw), aw))
	}
	panic(fmt.Sprintf("term: Apply of %v", k))
}

func sdivrem(k Kind, a, b uint64, w int) uint64 {
	x, y := Signed(a, w), Signed(b, w)
	m := Mask(w)
	if y == 0 {
		if k == SRem {
			return a
		}
		if x < 0 {
			return 1
		}
		return m
	}
	if y == -1 {
		// Go's x / -1 wraps like SMT-LIB's bvsdiv on INT_MIN.
		if k == SRem {
			return 0
		}
		return uint64(-x) & m
	}
	if k == SDiv {
		return uint64(x/y) & m
	}
	return uint64(x%y) & m
}

// smulOverflows reports whether x * y leaves the w-bit signed range.
func smulOverflows(x, y int64, w int) bool {
	neg := (x < 0) != (y < 0)
	ux, uy := uint64(x), uint64(y)
	if x < 0 {
		ux = -ux
	}
	if y < 0 {
		uy = -uy
	}
	hi, lo := bits.Mul64(ux, uy)
	if hi != 0 {
		return true
	}
	limit := uint64(1) << uint(w-1) // |min| of w bits
	if neg {
		return lo > limit
	}
	return lo >= limit
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
