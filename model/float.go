package model

import (
	"fmt"
	"math"

	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/fp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/ssa"
)

// Floating-point values are bit patterns in the model, as in memory (a
// float cell is an unsigned variable of its width), so that copies, loads,
// stores and byte accesses move them unchanged. An operation computes on
// their ordinal views (package fp): each operand's pattern is linked to a
// fresh ordinal variable by fp.Bits, the operation is posted on the
// ordinals, and the result's ordinal is linked back to its pattern. A NaN
// result leaves its pattern free among the NaNs: the model allows more
// than the machine does there (the interpreter replays every test), and
// never less, so that a refutation stays a proof.

// FloatFormat is the fp format of a floating-point type.
func FloatFormat(t *ir.Type) *fp.Format { return format(t) }

func format(t *ir.Type) *fp.Format {
	if t.Kind == ir.Float {
		return fp.Binary32
	}
	return fp.Binary64
}

// ordinal returns the ordinal view of the pattern variable bits of type t,
// with the constraint that links them.
func (m *Model) ordinal(bits *fd.Var, t *ir.Type) (*fd.Var, fd.Constraint) {
	f := format(t)
	o := fp.NewVar(m.S, f)
	return o, fp.Bits(f, o, bits)
}

// floatOp translates x = op(args) where a floating-point value is the
// result or an operand.
func (m *Model) floatOp(s *ssa.Op, x *fd.Var, args []*fd.Var) []fd.Constraint {
	t, at := s.Dst.Cell.Typ, s.Args[0].Type()
	var out []fd.Constraint
	ords := make([]*fd.Var, len(args))
	if at.IsFloat() {
		for i, a := range args {
			o, c := m.ordinal(a, at)
			ords[i] = o
			out = append(out, c)
		}
	}
	// result links a floating-point result's ordinal to x's pattern.
	result := func(c func(ox *fd.Var) fd.Constraint) []fd.Constraint {
		ox, link := m.ordinal(x, t)
		return append(out, link, c(ox))
	}
	switch s.Kind {
	case ssa.OpConv:
		switch {
		case at.IsFloat() && t.IsFloat():
			return result(func(ox *fd.Var) fd.Constraint { return fp.Convert(format(t), format(at), ox, ords[0]) })
		case t.IsFloat(): // from an integer
			return result(func(ox *fd.Var) fd.Constraint { return fp.FromInt(format(t), ox, args[0]) })
		case t.Kind == ir.Bool: // x != 0.0: NaN is true, -0.0 false
			zero := fp.Const(m.S, format(at), 0)
			return append(out, fd.Reify(x, fp.Compare(format(at), fd.Ne, ords[0], zero)))
		case t.IsInteger(): // truncation; a value that does not fit is UB
			lo, hi := fd.TypeRange(uint(t.Bits()), t.IsSigned())
			return append(out, fp.ToInt(format(at), x, ords[0], lo, hi))
		}
	case ssa.OpUnary:
		if s.Op == ir.Neg {
			return result(func(ox *fd.Var) fd.Constraint { return fp.Unary(fp.Neg, format(t), ox, ords[0]) })
		}
	case ssa.OpBinary:
		if r, ok := rels[s.Op]; ok {
			return append(out, fd.Reify(x, fp.Compare(format(at), r, ords[0], ords[1])))
		}
		if op, ok := floatOps[s.Op]; ok {
			return result(func(ox *fd.Var) fd.Constraint { return fp.Binary(op, format(t), ox, ords[0], ords[1]) })
		}
	case ssa.OpMath:
		f := format(t)
		switch s.Func {
		case "fmod":
			return result(func(ox *fd.Var) fd.Constraint { return fp.Fmod(f, ox, ords[0], ords[1]) })
		case "fmin", "fmax":
			return result(func(ox *fd.Var) fd.Constraint { return m.minMax(s.Func, t, ox, ords, args) })
		}
		if op, ok := mathOps[s.Func]; ok {
			return result(func(ox *fd.Var) fd.Constraint { return fp.Unary(op, f, ox, ords[0]) })
		}
	}
	panic(fmt.Sprintf("model: unexpected floating-point operation %v", s))
}

var mathOps = map[string]fp.Op1{
	"fabs": fp.Fabs, "sqrt": fp.Sqrt, "floor": fp.Floor, "ceil": fp.Ceil, "trunc": fp.Trunc, "round": fp.Round,
}

// minMax is z = fmin(x, y) or fmax(x, y) on the ordinals ords of the
// patterns bits. fp has one NaN, a quiet one, and its fmin gives the
// other operand of a NaN; glibc's fmin of a signalling NaN is a quiet NaN
// (x + y). So z is fp's result unless a pattern is a signalling NaN, and
// NaN then: z = [fp's z, NaN][either operand is a signalling NaN].
func (m *Model) minMax(fn string, t *ir.Type, z *fd.Var, ords, bits []*fd.Var) fd.Constraint {
	f := format(t)
	op := fp.Fmin
	if fn == "fmax" {
		op = fp.Fmax
	}
	r := fp.NewVar(m.S, f)
	signalling := m.S.NewVarDom(fd.RangeInt64(0, 1))
	nan := fp.Const(m.S, f, math.NaN())
	return fd.And(
		fp.Binary(op, f, r, ords[0], ords[1]),
		fd.Reify(signalling, fd.Or(isSignalling(t, bits[0]), isSignalling(t, bits[1]))),
		fd.Element(signalling, []*fd.Var{r, nan}, z))
}

// isSignalling is the constraint that the pattern bits of type t is a
// signalling NaN (exponent all ones, quiet bit clear, a non-zero
// fraction), of either sign.
func isSignalling(t *ir.Type, bits *fd.Var) fd.Constraint {
	frac := ir.FracBits(t)
	sign := uint64(1) << (t.Bits() - 1)
	lo := (sign-1)&^(uint64(1)<<frac-1) | 1 // +inf's pattern + 1
	hi := lo - 1 + uint64(1)<<(frac-1) - 1  // the quiet bit clear
	in := func(lo, hi uint64) fd.Constraint {
		return fd.And(fd.CmpC(bits, fd.Ge, fd.U64(lo)), fd.CmpC(bits, fd.Le, fd.U64(hi)))
	}
	return fd.Or(in(lo, hi), in(sign|lo, sign|hi))
}

var floatOps = map[ir.Op]fp.Op2{ir.Add: fp.Add, ir.Sub: fp.Sub, ir.Mul: fp.Mul, ir.Div: fp.Div}
