package interp

import (
	"errors"
	"testing"

	"github.com/inka-tool/inka/ir"
)

// The exported one-operator API computes what a run computes and reports
// undefined behaviour by kind.
func TestEvalAPI(t *testing.T) {
	i := func(v int64) Val { return IntVal(ir.IntType, v) }
	u := func(v uint64) Val { return UintVal(ir.UIntType, v) }
	for _, c := range []struct {
		op   ir.Op
		x, y Val
		t    *ir.Type
		want int64
		ub   UBKind
	}{
		{ir.Add, i(2147483647), i(1), ir.IntType, 0, SignedOverflow},
		{ir.Sub, i(-2147483648), i(1), ir.IntType, 0, SignedOverflow},
		{ir.Mul, i(65535), i(65535), ir.IntType, 0, SignedOverflow},
		{ir.Div, i(-2147483648), i(-1), ir.IntType, 0, DivOverflow},
		{ir.Rem, i(7), i(0), ir.IntType, 0, DivByZero},
		{ir.Shl, i(1), i(32), ir.IntType, 0, ShiftCount},
		{ir.Shl, i(-1), i(1), ir.IntType, 0, ShiftNegative},
		{ir.Shl, i(1), i(31), ir.IntType, 0, ShiftOverflow},
		{ir.Add, u(4294967295), u(1), ir.UIntType, 0, -1},
		{ir.Div, i(-7), i(2), ir.IntType, -3, -1},
		{ir.Rem, i(-7), i(2), ir.IntType, -1, -1},
		{ir.Shr, i(-8), i(1), ir.IntType, -4, -1},
		{ir.Lt, u(1), u(4294967295), ir.IntType, 1, -1},
	} {
		v, err := EvalBinary(c.op, c.x, c.y, c.t)
		k, isUB := UBKindOf(err)
		switch {
		case c.ub >= 0 && (!isUB || k != c.ub):
			t.Errorf("%s %s %s: %v, %v; want %s", c.x, c.op, c.y, v, err, c.ub)
		case c.ub < 0 && (err != nil || v.Int64() != c.want):
			t.Errorf("%s %s %s = %v, %v; want %d", c.x, c.op, c.y, v, err, c.want)
		}
	}
	if _, err := EvalUnary(ir.Neg, i(-2147483648), ir.IntType); err == nil {
		t.Error("-INT_MIN is defined")
	}
	if v, err := EvalUnary(ir.BNot, i(0), ir.IntType); err != nil || v.Int64() != -1 {
		t.Errorf("~0 = %v, %v", v, err)
	}
	if _, err := EvalBinary(ir.Add, i(1), u(1), ir.IntType); err == nil {
		t.Error("operands of different types accepted")
	}
	if _, err := EvalBinary(ir.Add, Null(ir.PointerTo(ir.IntType)), i(1), ir.IntType); !errors.Is(err, ErrNotInteger) {
		t.Errorf("a pointer operand: %v", err)
	}
	if v := ConvertInt(i(-1), ir.UCharType); v.Uint64() != 255 {
		t.Errorf("(unsigned char)-1 = %v", v)
	}
	if v := ConvertInt(i(256), ir.BoolType); v.Uint64() != 1 {
		t.Errorf("(_Bool)256 = %v", v)
	}
}
