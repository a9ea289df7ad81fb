package interp

import (
	"errors"

	"github.com/inka-tool/inka/ir"
)

// Wrapping arithmetic (Config.WrapArith): what x86-64 code computes where C
// leaves the result undefined. Signed +, -, * and unary - wrap modulo
// 2^width; a left shift of a negative value or past the type keeps the
// low bits; a shift count out of range is masked to the width (the
// processor's shl/sar/shr on 32- and 64-bit operands, which gcc -O0
// emits). Division by zero and INT_MIN / -1 trap on the processor: no
// value, the run stops as usual.

// wrapped returns the wrapped value (from wrap) for the undefined
// behaviour err of statement s when the run may go on past it (recording
// the first such), or err itself.
func (m *machine) wrapped(s ir.Stmt, err error, wrap func() (Val, bool)) (Val, error) {
	var u *ubError
	if !m.cfg.WrapArith || !errors.As(err, &u) {
		return Val{}, err
	}
	w, ok := wrap()
	if !ok {
		return Val{}, err
	}
	switch u.kind {
	case SignedOverflow, ShiftCount, ShiftNegative, ShiftOverflow:
	default:
		return Val{}, err
	}
	if m.res.Wrapped == nil {
		m.res.Wrapped = &UBReport{Kind: u.kind, Pos: s.Position(), Func: m.frame.fn.Name, Msg: u.msg}
	}
	return w, nil
}

// wrapUnary is -x wrapped (ok false for other operators).
func wrapUnary(op ir.Op, x Val, t *ir.Type) (Val, bool) {
	if op != ir.Neg || !isInt(x) || !t.IsInteger() {
		return Val{}, false
	}
	return Val{Typ: t, Bits: ir.Truncate(t, -x.Bits)}, true
}

// wrapBinary is x op y as x86-64 code computes it (ok false where the
// processor traps or for operators that cannot overflow).
func wrapBinary(op ir.Op, x, y Val, t *ir.Type) (Val, bool) {
	if !isInt(x) || !isInt(y) || !t.IsInteger() {
		return Val{}, false
	}
	a, b := x.Bits, y.Bits
	r, ok := ring(op, a, b)
	switch {
	case ok:
	case op == ir.Shl || op == ir.Shr:
		w := uint64(x.Typ.Bits())
		if w < 32 {
			w = 32
		}
		c := b & (w - 1)
		switch {
		case op == ir.Shl:
			r = a << c
		case x.Typ.IsSigned():
			r = uint64(int64(a) >> c)
		default:
			r = ir.Truncate(x.Typ, a) >> c
		}
	default:
		return Val{}, false
	}
	return Val{Typ: t, Bits: ir.Truncate(t, r)}, true
}
