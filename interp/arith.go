package interp

import (
	"errors"
	"fmt"

	"github.com/inka-tool/inka/ir"
)

// One C operator at a time, outside any program: the arithmetic the
// interpreter runs, exported for clients that evaluate expressions of
// their own (package arith computes the expected value of each generated
// expression with it and finds the undefined behaviour to eliminate).
// The operands are integer values already converted as the IR has them:
// both operands of an arithmetic, bitwise or comparison operator of the
// same (promoted) type, shifts with each operand promoted on its own.

// ErrNotInteger is returned by EvalBinary and EvalUnary for operands that
// are not defined integer values.
var ErrNotInteger = errors.New("operands must be defined integers")

// EvalBinary evaluates x op y with result type t (int for comparisons),
// as a Binary statement does. Undefined behaviour is an error for which
// UBKindOf reports the kind.
func EvalBinary(op ir.Op, x, y Val, t *ir.Type) (Val, error) {
	if !isInt(x) || !isInt(y) || !t.IsInteger() {
		return Val{}, fmt.Errorf("%s %s %s: %w", x, op, y, ErrNotInteger)
	}
	if op > ir.Ge {
		return Val{}, fmt.Errorf("%v is not a binary operator", op)
	}
	if op != ir.Shl && op != ir.Shr && !ir.Identical(x.Typ, y.Typ) {
		return Val{}, fmt.Errorf("%s %s %s: operands of different types %s and %s", x, op, y, x.Typ, y.Typ)
	}
	return binary(op, x, y, t)
}

// EvalUnary evaluates op x (Neg, BNot or LNot) with result type t, as a
// Unary statement does.
func EvalUnary(op ir.Op, x Val, t *ir.Type) (Val, error) {
	if !isInt(x) || !t.IsInteger() {
		return Val{}, fmt.Errorf("%s %s: %w", op, x, ErrNotInteger)
	}
	if op < ir.Neg {
		return Val{}, fmt.Errorf("%v is not a unary operator", op)
	}
	return unary(op, x, t)
}

// ConvertInt converts the integer value v to integer type t as a C
// conversion does (modulo 2^width for narrower types, != 0 for _Bool).
func ConvertInt(v Val, t *ir.Type) Val {
	return Val{Typ: t, Bits: ir.Truncate(t, v.Bits), undef: v.undef}
}

// UBKindOf reports whether err is undefined behaviour found by EvalBinary
// or EvalUnary, and its kind.
func UBKindOf(err error) (UBKind, bool) {
	var u *ubError
	if errors.As(err, &u) {
		return u.kind, true
	}
	return 0, false
}

func isInt(v Val) bool { return v.Typ != nil && v.Typ.IsInteger() && v.undef == defined }
