package interp

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// Val is a value of the interpreter: an integer of any LP64 type, a
// pointer, or an indeterminate value.
//
// Integers keep ir.Const's convention: Bits is the two's complement pattern
// truncated to the width of Typ and sign- or zero-extended to 64 bits (see
// ir.Truncate), so Int64 reads a signed value and Uint64 an unsigned one.
//
// A pointer is either NULL (Bits 0, no target) or the address of a byte
// offset inside an object of the run; it keeps its provenance (the object)
// so that out-of-bounds accesses, dangling pointers and comparisons of
// pointers into different objects are detected. Outside a run a pointer is
// only shown by its access path (String, Path).
//
// The zero Val has no type; it stands for "0 of the type where it is
// used" when given as an input.
type Val struct {
	Typ  *ir.Type
	Bits uint64

	obj *object // pointer target; nil for NULL and integers
	off int64   // byte offset of a pointer in obj
	// lo and hi bound the array member of a struct or union a pointer was
	// derived from (by &s.a, the decay of s.a): arithmetic stays in
	// [lo, hi] and accesses in [lo, hi), as C11 6.5.6p8 says; an access
	// beyond, into the next member, is out of bounds although inside the
	// object. hi == 0: the whole object bounds the pointer.
	lo, hi int64
	undef  undefKind
	// frag is set on a character read from a byte of a pointer (see
	// fragment): Bits is that byte of the pointer's address.
	frag *fragment
}

// undefKind says why a value is indeterminate.
type undefKind uint8

const (
	defined     undefKind = iota
	uninit                // read of an uninitialized object
	noReturnVal           // value of a call whose callee returned no value
)

// IntVal returns the integer x of type t, reduced modulo 2^width as a C
// conversion does.
func IntVal(t *ir.Type, x int64) Val { return Val{Typ: t, Bits: ir.Truncate(t, uint64(x))} }

// UintVal returns the integer x of type t, reduced modulo 2^width.
func UintVal(t *ir.Type, x uint64) Val { return Val{Typ: t, Bits: ir.Truncate(t, x)} }

// Int returns the mathematical integer x, typed long long. As an input it
// is checked to be representable in the type of the part it initializes.
func Int(x int64) Val { return Val{Typ: ir.LongLongType, Bits: uint64(x)} }

// Uint returns the mathematical integer x, typed unsigned long long.
func Uint(x uint64) Val { return Val{Typ: ir.ULongLongType, Bits: x} }

// FuncPtr returns a pointer of function-pointer type t to the function
// named name: a function of the program ("add") or the callback of a
// function-pointer input ("*cb"). It prints as "&name"; it names a
// function in reports (Inputs.Funcs gives a run its function pointers).
func FuncPtr(t *ir.Type, name string) Val {
	return Val{Typ: t, obj: &object{name: name, typ: t.Elem, kind: objFunc}}
}

// Null returns the null pointer of pointer type t.
func Null(t *ir.Type) Val { return Val{Typ: t} }

// Int64 returns the value of a signed integer (the bit pattern otherwise).
func (v Val) Int64() int64 { return int64(v.Bits) }

// Uint64 returns the value of an unsigned integer (the bit pattern otherwise).
func (v Val) Uint64() uint64 { return v.Bits }

// IsPointer reports whether v has pointer type.
func (v Val) IsPointer() bool { return v.Typ != nil && v.Typ.IsPointer() }

// IsNull reports whether v is a null pointer.
func (v Val) IsNull() bool { return v.IsPointer() && v.obj == nil && v.Bits == 0 }

// Indeterminate reports whether v is an indeterminate value (read from an
// uninitialized object, or returned by a function that reached its end
// without a return statement).
func (v Val) Indeterminate() bool { return v.undef != defined }

// Path returns the C access path of the target of a non-null pointer
// without the leading '&', e.g. "i", "p[2]", "s.a[1]" ("" for NULL and
// integers). A pointer one past the end of an array names the element one
// past its last one, e.g. "p[4]".
func (v Val) Path() string {
	if v.obj == nil {
		return ""
	}
	var pointee *ir.Type
	if v.Typ != nil && v.Typ.IsPointer() {
		pointee = v.Typ.Elem
	}
	if v.hi > v.lo && v.off == v.hi && pointee != nil && pointee.Size() > 0 {
		// one past the end of an array member: the next member's
		// address, named after the member (&b.data[8], not &b.fill)
		last := subPath(v.obj.typ, v.off-pointee.Size(), pointee)
		if i := strings.LastIndexByte(last, '['); i >= 0 && strings.HasSuffix(last, "]") {
			if k, err := strconv.ParseInt(last[i+1:len(last)-1], 10, 64); err == nil {
				return v.obj.name + last[:i] + "[" + strconv.FormatInt(k+1, 10) + "]"
			}
		}
	}
	return v.obj.name + subPath(v.obj.typ, v.off, pointee)
}

// Equal reports whether v and w are the same value: same integer bits (the
// types are not compared), or pointers to the same place, or both
// indeterminate.
func (v Val) Equal(w Val) bool {
	if v.undef != defined || w.undef != defined {
		return v.undef != defined && w.undef != defined
	}
	return v.Bits == w.Bits && v.obj == w.obj && v.off == w.off
}

// String prints an integer in decimal (signed or unsigned as its type
// says), a floating-point value as the shortest decimal that reads back
// as it (ir.FormatFloat: "0.1", "-0", "inf", "nan"), a pointer as NULL or
// &path, and an indeterminate value as "indeterminate".
func (v Val) String() string {
	switch {
	case v.undef != defined:
		return "indeterminate"
	case v.Typ == nil:
		return strconv.FormatInt(int64(v.Bits), 10)
	case v.Typ.IsPointer():
		if v.obj == nil {
			if v.Bits == 0 {
				return "NULL"
			}
			return fmt.Sprintf("(%s)%#x", v.Typ, v.Bits)
		}
		return "&" + v.Path()
	case v.Typ.IsSigned():
		return strconv.FormatInt(int64(v.Bits), 10)
	case v.Typ.IsFloat():
		return ir.FormatFloat(v.Typ, v.Bits)
	}
	return strconv.FormatUint(v.Bits, 10)
}

// signed reports whether the integer v is to be read as signed.
func (v Val) signed() bool { return v.Typ == nil || v.Typ.IsSigned() }

// fits reports whether the integer v (read as its type says) is a value of
// integer type t.
func (v Val) fits(t *ir.Type) bool {
	if t.Kind == ir.Bool {
		return v.Bits == 0 || v.Bits == 1
	}
	if v.signed() && int64(v.Bits) < 0 {
		return t.IsSigned() && int64(v.Bits) >= t.MinInt()
	}
	return v.Bits <= t.MaxUint()
}

// truthy reports whether a scalar is non-zero (non-null).
func (v Val) truthy() bool { return v.Bits != 0 || v.obj != nil }

// subPath returns the access path, relative to an object of type t, of the
// byte offset off, as seen through a pointer to pointee (nil: unknown): the
// outermost sub-object at off whose type is pointee, else the innermost
// one; "+N" for an offset that no sub-object starts at.
func subPath(t *ir.Type, off int64, pointee *ir.Type) string {
	if off == 0 && (pointee == nil || sameShape(t, pointee)) {
		return ""
	}
	switch t.Kind {
	case ir.Array:
		es := t.Elem.Size()
		if es == 0 {
			break
		}
		i := off / es
		if off < 0 || i > t.Len || (i == t.Len && off%es != 0) {
			break
		}
		if i == t.Len { // one past the end
			return "[" + strconv.FormatInt(i, 10) + "]"
		}
		return "[" + strconv.FormatInt(i, 10) + "]" + subPath(t.Elem, off-i*es, pointee)
	case ir.Struct, ir.Union:
		if f := t.FieldAt(off); f != nil {
			return f.Selector() + subPath(f.Type, off-f.Offset, pointee)
		}
		if t.IsBitByte(off) {
			return fmt.Sprintf("{byte %d}", off) // as ir.Leaf names it
		}
	}
	if off == 0 {
		return ""
	}
	return fmt.Sprintf("+%d", off)
}

// sameShape is ir.Identical up to signedness of integers and pointee types
// of pointers, for naming the target of a pointer.
func sameShape(t, u *ir.Type) bool {
	if t.Kind == ir.Pointer && u.Kind == ir.Pointer {
		return true
	}
	if t.Kind == ir.Void || u.Kind == ir.Void {
		return false
	}
	return ir.Identical(t, u)
}

// Target returns the object a non-null pointer points into, by the root of
// its access paths ("p", "pp[0]", "g", a local's name), and the byte
// offset in it; ok is false for NULL and integers.
func (v Val) Target() (root string, off int64, ok bool) {
	if v.obj == nil {
		return "", 0, false
	}
	return v.obj.name, v.off, true
}

// AccessPath returns the access path of byte offset off in an object of
// type t whose path is root, as seen through a pointer to pointee (nil for
// the innermost scalar): the naming of Val.Path and of Result.Final.
func AccessPath(root string, t *ir.Type, off int64, pointee *ir.Type) string {
	return root + subPath(t, off, pointee)
}
