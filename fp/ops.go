package fp

import (
	"fmt"
	"math"

	"github.com/inka-tool/inka/fd"
)

// Op2 is a binary floating-point operation of C.
type Op2 uint8

const (
	Add Op2 = iota
	Sub
	Mul
	Div
	// Fmin and Fmax are C's fmin and fmax as glibc computes them on
	// x86-64: a NaN operand gives the other one; otherwise fmin(x, y) is
	// x < y ? x : y and fmax(x, y) is x > y ? x : y (so fmin(-0, +0) is
	// +0: equal operands give the second).
	Fmin
	Fmax
)

var op2Names = [...]string{"+", "-", "*", "/", "fmin", "fmax"}

func (op Op2) String() string { return op2Names[op] }

// Eval2 computes x op y in format f, rounded to nearest even. Every
// operand is a value of f; so is the result.
func Eval2(op Op2, f *Format, x, y float64) float64 {
	switch op {
	case Add:
		return f.Round(x + y)
	case Sub:
		return f.Round(x - y)
	case Mul:
		// float64(...) forbids fusing with a neighbouring addition.
		return f.Round(float64(x * y))
	case Div:
		return f.Round(x / y)
	case Fmin:
		switch {
		case x != x:
			return y
		case y != y || x < y:
			return x
		}
		return y
	case Fmax:
		switch {
		case x != x:
			return y
		case y != y || x > y:
			return x
		}
		return y
	}
	panic(fmt.Sprintf("fp.Eval2: bad operation %d", op))
}

// Op1 is a unary floating-point operation of C (the result in the
// operand's format).
type Op1 uint8

const (
	Neg Op1 = iota
	Fabs
	Sqrt
	Floor
	Ceil
	Trunc
	Round // half away from zero, as C's round
)

var op1Names = [...]string{"-", "fabs", "sqrt", "floor", "ceil", "trunc", "round"}

func (op Op1) String() string { return op1Names[op] }

// Eval1 computes op x in format f.
func Eval1(op Op1, f *Format, x float64) float64 {
	switch op {
	case Neg:
		return -x
	case Fabs:
		return math.Abs(x)
	case Sqrt:
		return f.Round(math.Sqrt(x))
	case Floor:
		return math.Floor(x)
	case Ceil:
		return math.Ceil(x)
	case Trunc:
		return math.Trunc(x)
	case Round:
		return math.Round(x)
	}
	panic(fmt.Sprintf("fp.Eval1: bad operation %d", op))
}

func inc(int) int { return 1 }

// shape2 gives the projection shape of a binary operation in format f.
func shape2(op Op2, f *Format) *binShape {
	sh := &binShape{xc: f.classes(), yc: f.classes(), nan: fd.I64(f.NaN()), dirX: inc, dirY: inc}
	sh.eval = func(a, b fd.Int) fd.Int {
		return fd.I64(f.Ord(Eval2(op, f, f.Val(a.Int64()), f.Val(b.Int64()))))
	}
	switch op {
	case Sub:
		sh.dirY = func(int) int { return -1 }
	case Mul:
		sh.dirX = func(sy int) int { return sy }
		sh.dirY = func(sx int) int { return sx }
	case Div:
		sh.dirX = func(sy int) int { return sy }
		sh.dirY = func(sx int) int { return -sx }
	}
	return sh
}

// shape1 gives the projection shape of a unary operation in format f.
func shape1(op Op1, f *Format) *unShape {
	sh := &unShape{xc: f.classes(), nan: fd.I64(f.NaN()), dir: inc}
	sh.eval = func(a fd.Int) fd.Int { return fd.I64(f.Ord(Eval1(op, f, f.Val(a.Int64())))) }
	switch op {
	case Neg:
		sh.dir = func(int) int { return -1 }
	case Fabs:
		sh.dir = func(sx int) int { return sx }
	}
	return sh
}

// shapeConv is a conversion between formats (exact from narrower to
// wider, rounded to nearest even from wider to narrower).
func shapeConv(dst, src *Format) *unShape {
	return &unShape{xc: src.classes(), nan: fd.I64(dst.NaN()), dir: inc,
		eval: func(a fd.Int) fd.Int { return fd.I64(dst.Ord(dst.Round(src.Val(a.Int64())))) }}
}

// shapeFromInt is C's conversion of an integer to format dst.
func shapeFromInt(dst *Format) *unShape {
	return &unShape{xc: intClasses(fd.MinValue, fd.MaxValue), nan: fd.I64(dst.NaN()), dir: inc,
		eval: func(i fd.Int) fd.Int { return fd.I64(dst.Ord(dst.FromInt(i))) }}
}

// undefinedInt marks the conversions of NaN and the infinities to an
// integer: no integer domain of C holds it.
var undefinedInt = fd.Pow2(122)

// shapeToInt is C's conversion of format src to an integer: truncation,
// exact integers saturated at ±2^120; the caller keeps the result in the
// integer type, which excludes the undefined conversions.
func shapeToInt(src *Format) *unShape {
	return &unShape{xc: src.classes(), nan: undefinedInt, dir: inc,
		eval: func(a fd.Int) fd.Int {
			v := src.Val(a.Int64())
			if v != v || math.IsInf(v, 0) {
				return undefinedInt
			}
			return truncInt(v)
		}}
}
