package interp

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/inka-tool/inka/ir"
)

// UBKind classifies undefined behaviour.
type UBKind int

// The kinds of undefined behaviour the interpreter detects.
const (
	SignedOverflow UBKind = iota // + - * unary - of signed integers out of range
	DivByZero                    // x / 0, x % 0
	DivOverflow                  // MIN / -1, MIN % -1 of a signed type
	ShiftCount                   // shift count negative or >= the width of the left operand
	ShiftNegative                // left shift of a negative value
	ShiftOverflow                // signed left shift whose result is not representable
	NullDeref                    // access through a null pointer (also &p->f with p NULL)
	NullArith                    // non-zero offset added to a null pointer
	Dangling                     // use of a pointer to an object whose lifetime has ended
	OutOfBounds                  // access or pointer arithmetic beyond the object (one past the end is a valid pointer, not a valid access)
	PointerCompare               // relational comparison or subtraction of pointers into different objects (or null)
	Uninitialized                // indeterminate value used in an operation, a branch, an address or an index
	ReadOnlyWrite                // write to a string literal or const object
	MissingReturn                // value of a function that ended without return used by its caller
	Precondition                 // a precondition of the C library broken (ir.Assert.UB: memcpy of overlapping objects, isdigit(300))
	BadFree                      // free or realloc of a pointer no allocation returned, or of a freed object (double free)
	FloatConvRange               // a floating-point value whose truncation does not fit the integer type it is converted to (NaN, infinities)
)

var ubNames = [...]string{
	SignedOverflow: "signed overflow",
	DivByZero:      "division by zero",
	DivOverflow:    "division overflow",
	ShiftCount:     "shift count out of range",
	ShiftNegative:  "left shift of negative value",
	ShiftOverflow:  "signed left shift overflow",
	NullDeref:      "null pointer dereference",
	NullArith:      "arithmetic on null pointer",
	Dangling:       "dangling pointer",
	OutOfBounds:    "out-of-bounds access",
	PointerCompare: "pointers into different objects",
	Uninitialized:  "use of uninitialized value",
	ReadOnlyWrite:  "write to read-only object",
	MissingReturn:  "missing return value",
	Precondition:   "C library precondition",
	BadFree:        "invalid free",
	FloatConvRange: "floating-point conversion out of range",
}

func (k UBKind) String() string {
	if k >= 0 && int(k) < len(ubNames) {
		return ubNames[k]
	}
	return fmt.Sprintf("UBKind(%d)", int(k))
}

// ubError is undefined behaviour found while evaluating one statement; the
// executor adds the position.
type ubError struct {
	kind UBKind
	msg  string
}

func (e *ubError) Error() string { return e.kind.String() + ": " + e.msg }

func ub(k UBKind, format string, args ...any) error {
	return &ubError{k, fmt.Sprintf(format, args...)}
}

// checkDefined reports the use of an indeterminate value.
func checkDefined(v Val, what string) error {
	switch v.undef {
	case uninit:
		return ub(Uninitialized, "%s is indeterminate (uninitialized)", what)
	case noReturnVal:
		return ub(MissingReturn, "%s is the value of a function that returned without a value", what)
	}
	return nil
}

// convert converts v to type t as a C conversion (or a pointer conversion
// that keeps the address) does. Indeterminate values stay indeterminate.
func convert(v Val, t *ir.Type) (Val, error) {
	if v.undef != defined {
		return Val{Typ: t, undef: v.undef}, nil
	}
	from := v.Typ
	if v.frag != nil && !(t.IsInteger() && t.Kind != ir.Bool && t.Size() == 1) {
		return Val{}, addressCut(v.frag)
	}
	if t.IsFloat() || (from != nil && from.IsFloat()) {
		return convertFloat(v, t)
	}
	switch {
	case t.Kind == ir.Bool:
		return boolVal(t, v.truthy()), nil
	case t.IsInteger() && (from == nil || from.IsInteger()):
		if v.frag != nil && t.Size() == 1 {
			// a byte of a pointer keeps its fragment between character types
			return Val{Typ: t, Bits: ir.Truncate(t, v.Bits), frag: v.frag}, nil
		}
		return Val{Typ: t, Bits: ir.Truncate(t, v.Bits)}, nil
	case t.IsInteger() && from.IsPointer():
		if v.obj != nil && v.obj.dead {
			return Val{}, ub(Dangling, "conversion of %s to %s: %s's lifetime has ended", v, t, v.obj.name)
		}
		if v.obj != nil {
			// the run's address (machine.place) is not where a
			// compiler puts the object: a test resting on it (an
			// alignment check, a hash of the pointer) would not
			// replay; the model cuts it too
			return Val{}, cutf("the address of %s as an integer (%s): where the object lies is the compiler's", v, t)
		}
		return Val{Typ: t, Bits: ir.Truncate(t, v.address())}, nil
	case t.IsPointer() && from.IsPointer():
		v.Typ = t
		return v, nil
	case t.IsPointer() && (from == nil || from.IsInteger()):
		if v.Bits == 0 {
			return Val{Typ: t}, nil
		}
		return Val{}, unsupportedf("conversion of integer %s to pointer type %s", v, t)
	}
	return Val{}, unsupportedf("conversion from %s to %s", from, t)
}

func boolVal(t *ir.Type, b bool) Val {
	if b {
		return Val{Typ: t, Bits: 1}
	}
	return Val{Typ: t}
}

// addressCut is the cut of a computation with a byte of a pointer (see
// fragment): its value is a byte of the run's address, not of the one a
// compiler gives the object.
func addressCut(f *fragment) error {
	return cutf("byte %d of the pointer %s as a number: where the object lies is the compiler's", f.k, f.p)
}

// unary evaluates op x, with result type t.
func unary(op ir.Op, x Val, t *ir.Type) (Val, error) {
	if x.undef != defined {
		return Val{}, checkDefined(x, "operand of "+op.String())
	}
	if x.frag != nil {
		return Val{}, addressCut(x.frag)
	}
	if op == ir.LNot {
		return boolVal(t, !x.truthy()), nil
	}
	xt := x.Typ
	if xt.IsFloat() && op == ir.Neg {
		return Val{Typ: t, Bits: ir.FloatNeg(xt, x.Bits)}, nil
	}
	if !xt.IsInteger() {
		return Val{}, unsupportedf("operator %s on %s", op, xt)
	}
	switch op {
	case ir.Neg:
		if xt.IsSigned() && int64(x.Bits) == xt.MinInt() {
			return Val{}, ub(SignedOverflow, "-(%s) overflows %s", x, xt)
		}
		return Val{Typ: t, Bits: ir.Truncate(t, -x.Bits)}, nil
	case ir.BNot:
		return Val{Typ: t, Bits: ir.Truncate(t, ^x.Bits)}, nil
	}
	return Val{}, unsupportedf("unary operator %v", op)
}

// binary evaluates x op y, with result type t (int for comparisons).
func binary(op ir.Op, x, y Val, t *ir.Type) (Val, error) {
	if x.undef != defined {
		return Val{}, checkDefined(x, "left operand of "+op.String())
	}
	if y.undef != defined {
		return Val{}, checkDefined(y, "right operand of "+op.String())
	}
	for _, v := range []Val{x, y} {
		if v.frag != nil {
			return Val{}, addressCut(v.frag)
		}
	}
	if x.Typ.IsPointer() || y.Typ.IsPointer() {
		return pointerBinary(op, x, y, t)
	}
	xt := x.Typ
	if xt.IsFloat() {
		return floatBinary(op, x, y, t)
	}
	if op.IsComparison() {
		var r bool
		if xt.IsSigned() {
			a, b := int64(x.Bits), int64(y.Bits)
			r = cmp(op, a < b, a == b)
		} else {
			r = cmp(op, x.Bits < y.Bits, x.Bits == y.Bits)
		}
		return boolVal(t, r), nil
	}
	if op == ir.Shl || op == ir.Shr {
		return shift(op, x, y, t)
	}
	if xt.IsSigned() {
		r, err := signedArith(op, int64(x.Bits), int64(y.Bits), xt)
		if err != nil {
			return Val{}, err
		}
		return Val{Typ: t, Bits: ir.Truncate(t, uint64(r))}, nil
	}
	a, b := x.Bits, y.Bits
	r, ok := ring(op, a, b)
	switch {
	case ok:
	case op == ir.Div || op == ir.Rem:
		if b == 0 {
			return Val{}, ub(DivByZero, "%s %s 0", x, op)
		}
		if op == ir.Div {
			r = a / b
		} else {
			r = a % b
		}
	case op == ir.And:
		r = a & b
	case op == ir.Or:
		r = a | b
	case op == ir.Xor:
		r = a ^ b
	default:
		return Val{}, unsupportedf("binary operator %v on %s", op, xt)
	}
	return Val{Typ: t, Bits: ir.Truncate(t, r)}, nil
}

// ring computes a op b for +, - and * modulo 2^64 (ok false for other
// operators): unsigned arithmetic, and the wrapped signed arithmetic of
// Config.WrapArith, truncated to their type by the caller.
func ring(op ir.Op, a, b uint64) (uint64, bool) {
	switch op {
	case ir.Add:
		return a + b, true
	case ir.Sub:
		return a - b, true
	case ir.Mul:
		return a * b, true
	}
	return 0, false
}

func cmp(op ir.Op, lt, eq bool) bool {
	switch op {
	case ir.Eq:
		return eq
	case ir.Ne:
		return !eq
	case ir.Lt:
		return lt
	case ir.Le:
		return lt || eq
	case ir.Gt:
		return !lt && !eq
	}
	return !lt // Ge
}

// signedArith computes a op b exactly for a signed type st and reports
// results out of its range.
func signedArith(op ir.Op, a, b int64, st *ir.Type) (int64, error) {
	lo, hi := st.MinInt(), int64(st.MaxUint())
	var r int64
	ovf := false
	switch op {
	case ir.Add:
		r = a + b
		ovf = (b > 0 && a > math.MaxInt64-b) || (b < 0 && a < math.MinInt64-b)
	case ir.Sub:
		r = a - b
		ovf = (b < 0 && a > math.MaxInt64+b) || (b > 0 && a < math.MinInt64+b)
	case ir.Mul:
		hiw, low := bits.Mul64(absU(a), absU(b))
		neg := (a < 0) != (b < 0)
		switch {
		case hiw != 0:
			ovf = true
		case neg:
			ovf = low > 1<<63
			r = int64(-low)
		default:
			ovf = low > math.MaxInt64
			r = int64(low)
		}
	case ir.Div, ir.Rem:
		if b == 0 {
			return 0, ub(DivByZero, "%d %s 0", a, op)
		}
		if a == lo && b == -1 {
			return 0, ub(DivOverflow, "%d %s -1 overflows %s", a, op, st)
		}
		if op == ir.Div {
			return a / b, nil
		}
		return a % b, nil
	case ir.And:
		return a & b, nil
	case ir.Or:
		return a | b, nil
	case ir.Xor:
		return a ^ b, nil
	default:
		return 0, unsupportedf("binary operator %v on %s", op, st)
	}
	if ovf || r < lo || r > hi {
		return 0, ub(SignedOverflow, "%d %s %d overflows %s", a, op, b, st)
	}
	return r, nil
}

func absU(a int64) uint64 {
	if a < 0 {
		return -uint64(a)
	}
	return uint64(a)
}

// shift evaluates x << y or x >> y; the width is that of x's (promoted) type.
func shift(op ir.Op, x, y Val, t *ir.Type) (Val, error) {
	xt := x.Typ
	w := uint64(xt.Bits())
	if (y.signed() && int64(y.Bits) < 0) || y.Bits >= w {
		return Val{}, ub(ShiftCount, "shift count %s out of range for %s (width %d)", y, xt, w)
	}
	c := y.Bits
	if op == ir.Shr {
		if xt.IsSigned() {
			return Val{Typ: t, Bits: ir.Truncate(t, uint64(int64(x.Bits)>>c))}, nil
		}
		return Val{Typ: t, Bits: ir.Truncate(t, x.Bits>>c)}, nil
	}
	if xt.IsSigned() {
		a := int64(x.Bits)
		if a < 0 {
			return Val{}, ub(ShiftNegative, "%d << %d: left operand is negative", a, c)
		}
		if a > int64(xt.MaxUint())>>c {
			return Val{}, ub(ShiftOverflow, "%d << %d is not representable in %s", a, c, xt)
		}
	}
	return Val{Typ: t, Bits: ir.Truncate(t, x.Bits<<c)}, nil
}

// pastEndMeets reports whether x points one past the end of its object
// and y to the start of another: C leaves their equality to the layout.
func pastEndMeets(x, y Val) bool {
	return x.obj != nil && y.obj != nil && x.obj != y.obj && x.off == x.obj.size && y.off == 0 &&
		x.obj.kind != objFunc && y.obj.kind != objFunc
}

// sameTail reports whether x and y point into two string literals whose
// bytes from there to the end are the same.
func sameTail(x, y Val) bool {
	if x.obj == nil || y.obj == nil || x.obj == y.obj || x.obj.kind != objString || y.obj.kind != objString ||
		x.obj.size-x.off != y.obj.size-y.off || x.off < 0 || y.off < 0 {
		return false
	}
	for i := int64(0); x.off+i < x.obj.size; i++ {
		if a, b := x.obj.byteAt(x.off+i), y.obj.byteAt(y.off+i); a.undef != defined || a.Bits != b.Bits || b.undef != defined {
			return false
		}
	}
	return true
}

// pointerBinary evaluates comparisons and differences of pointers.
func pointerBinary(op ir.Op, x, y Val, t *ir.Type) (Val, error) {
	if !x.Typ.IsPointer() || !y.Typ.IsPointer() {
		if op.IsComparison() && (op == ir.Eq || op == ir.Ne) {
			// comparison with a null pointer constant of integer type
			return boolVal(t, cmp(op, false, x.Bits == y.Bits && x.obj == y.obj)), nil
		}
		return Val{}, unsupportedf("operator %s on %s and %s (pointer arithmetic must be a PtrAdd)", op, x.Typ, y.Typ)
	}
	for _, p := range []Val{x, y} {
		if p.obj != nil && p.obj.dead {
			return Val{}, ub(Dangling, "%s points to %s, whose lifetime has ended", op, p)
		}
	}
	if op == ir.Eq || op == ir.Ne {
		if pastEndMeets(x, y) || pastEndMeets(y, x) {
			// C11 6.5.9p6: equal if the compiler places them so (gcc
			// does, for two globals), which the run's layout does not
			// say
			return Val{}, cutf("comparison of %s, one past the end of its object, with %s: equal when a compiler places the one right after the other", x, y)
		}
		if sameTail(x, y) {
			// a compiler may store the one in the other's tail (gcc -O2
			// merges "guest" into "xguest")
			return Val{}, cutf("comparison of %s and %s, the same characters to the end of two string literals: equal when a compiler merges them", x, y)
		}
		eq := x.obj == y.obj && x.off == y.off && x.Bits == y.Bits
		return boolVal(t, cmp(op, false, eq)), nil
	}
	if x.obj == nil || y.obj == nil || x.obj != y.obj {
		what := "relational comparison"
		if op == ir.Sub {
			what = "subtraction"
		}
		return Val{}, ub(PointerCompare, "%s of %s and %s", what, x, y)
	}
	if op.IsComparison() {
		return boolVal(t, cmp(op, x.off < y.off, x.off == y.off)), nil
	}
	if op == ir.Sub {
		es := x.Typ.Elem.Size()
		if x.Typ.Elem.Kind == ir.Void || es == 0 {
			es = 1
		}
		d := x.off - y.off
		if d%es != 0 {
			return Val{}, unsupportedf("difference of misaligned pointers %s and %s", x, y)
		}
		return Val{Typ: t, Bits: ir.Truncate(t, uint64(d/es))}, nil
	}
	return Val{}, unsupportedf("operator %s on pointers", op)
}
