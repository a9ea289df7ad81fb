package ir

import (
	"fmt"
	"strings"
)

// DataModel is the C data model of the target a program is compiled
// for: the sizes of long and of pointers, and the alignment of long long
// in structs. It is a value of the program (Program.DataModel), set by
// the front end from its options and read by everything that needs a
// size the types do not carry (the width of a pointer converted to an
// integer, the flags of the C compiler that replays a test). The zero
// value is LP64.
//
//	             int  long  long long        pointer  size_t, ptrdiff_t
//	LP64  (x86-64)  4     8     8 (align 8)        8  unsigned long, long
//	ILP32 (i386)    4     4     8 (align 4)        4  unsigned int, int
//
// On i386, gcc aligns long long (and double) to 4 bytes in structs and
// arrays (_Alignof gives 4; only a lone variable is placed at a multiple
// of 8, which no C program can observe but through its address): the
// types of ILP32 carry alignment 4.
type DataModel uint8

const (
	LP64  DataModel = iota // x86-64 Linux (gcc -m64), the default
	ILP32                  // i386 Linux (gcc -m32)
)

// ParseDataModel reads "lp64" or "ilp32", in any case.
func ParseDataModel(s string) (DataModel, error) {
	switch strings.ToLower(s) {
	case "lp64":
		return LP64, nil
	case "ilp32":
		return ILP32, nil
	}
	return LP64, fmt.Errorf("unknown data model %q (want ilp32 or lp64)", s)
}

func (d DataModel) String() string {
	if d == ILP32 {
		return "ILP32"
	}
	return "LP64"
}

// NonDefault is d's name, or "" for LP64 (the default): what the JSON
// outputs and manifests record, empty fields omitted.
func (d DataModel) NonDefault() string {
	if d == LP64 {
		return ""
	}
	return d.String()
}

// PointerSize is the size of a pointer in bytes (and of size_t).
func (d DataModel) PointerSize() int64 {
	if d == ILP32 {
		return 4
	}
	return 8
}

// CFlag is the flag that makes gcc (or clang) compile for d on x86.
func (d DataModel) CFlag() string {
	if d == ILP32 {
		return "-m32"
	}
	return "-m64"
}

// The integer types of ILP32 whose layout differs from LP64's.
var (
	long32Type      = &Type{Kind: Long, size: 4, align: 4}
	ulong32Type     = &Type{Kind: ULong, size: 4, align: 4}
	longLong32Type  = &Type{Kind: LongLong, size: 8, align: 4}
	ulongLong32Type = &Type{Kind: ULongLong, size: 8, align: 4}
	double32Type    = &Type{Kind: Double, size: 8, align: 4}
)

// Double is the type double of d: in ILP32 (i386) aligned to 4 bytes
// in structs, as long long is.
func (d DataModel) Double() *Type {
	if d == ILP32 {
		return double32Type
	}
	return DoubleType
}

// IntType returns the predeclared integer (or _Bool) type of kind k in d.
func (d DataModel) IntType(k Kind) *Type {
	if d == ILP32 {
		switch k {
		case Long:
			return long32Type
		case ULong:
			return ulong32Type
		case LongLong:
			return longLong32Type
		case ULongLong:
			return ulongLong32Type
		}
	}
	return IntTypeOf(k)
}

// Long is the type long of d.
func (d DataModel) Long() *Type { return d.IntType(Long) }

// PtrDiff is ptrdiff_t, the type of a difference of pointers: long on
// LP64, int on ILP32.
func (d DataModel) PtrDiff() *Type {
	if d == ILP32 {
		return IntType
	}
	return LongType
}

// Index is the type of the index of a PtrAdd: long on LP64, long long on
// ILP32 — wider than a pointer, so that an index is never wrapped to a
// smaller one before the bounds are checked (p + 4294967295u is out of
// bounds, not p - 1).
func (d DataModel) Index() *Type {
	if d == ILP32 {
		return longLong32Type
	}
	return LongType
}

// PointerTo returns the type "pointer to elem" of d.
func (d DataModel) PointerTo(elem *Type) *Type {
	n := d.PointerSize()
	return &Type{Kind: Pointer, Elem: elem, size: n, align: n}
}

// modelOf returns the data model an integer type of kind long or long
// long belongs to (LP64 for every other type, whose layout is the same in
// both): ILP32's long has 4 bytes, its long long alignment 4.
func modelOf(t *Type) DataModel {
	switch t.Kind {
	case Long, ULong:
		if t.size == 4 {
			return ILP32
		}
	case LongLong, ULongLong:
		if t.align == 4 {
			return ILP32
		}
	}
	return LP64
}
