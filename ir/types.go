package ir

import (
	"fmt"
	"strings"
)

// Kind classifies a Type.
type Kind int

// The kinds of types of the LP64 target (x86-64 Linux). Char is signed.
const (
	Void Kind = iota
	Bool
	Char
	UChar
	Short
	UShort
	Int
	UInt
	Long
	ULong
	LongLong
	ULongLong
	Pointer
	Array
	Struct
	Union
	// Opaque is a type inka does not model yet (floating-point, complex,
	// 128-bit integers): it has the size and alignment gcc gives it, so
	// that the structs holding it are laid out exactly, but no leaves.
	// Values of an opaque type are never computed: the front end makes
	// every operation on one an Unsupported statement.
	Opaque
	// Function is a function type: Elem is the result type (VoidType for
	// void), Params the types of the parameters (arrays and functions
	// adjusted to pointers), Variadic set for `...`. A function is an
	// object without leaves: a pointer to a function holds the address of
	// a function object (a Var of class FuncObj, or an input's callback).
	Function
	// Float and Double are IEEE 754 binary32 and binary64 (x86-64 SSE2,
	// FLT_EVAL_METHOD 0: every operation rounds to its type, to nearest
	// even). A value of either is its bit pattern (see Const); float.go.
	Float
	Double
)

var kindNames = [...]string{
	Void: "void", Bool: "_Bool", Char: "char", UChar: "unsigned char",
	Short: "short", UShort: "unsigned short", Int: "int", UInt: "unsigned int",
	Long: "long", ULong: "unsigned long", LongLong: "long long",
	ULongLong: "unsigned long long", Pointer: "pointer", Array: "array",
	Struct: "struct", Union: "union", Opaque: "opaque", Function: "function",
	Float: "float", Double: "double",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Type is a C object type of the LP64 target. Types are compared with
// Identical, not with ==: the front end may build equal types twice.
//
// Const and Volatile are the qualifiers of one level of a declared type,
// as the declaration spells them: `int *const *p` is a pointer to a const
// pointer to int, `const int a[3]` an array of const ints (C11 6.7.3p9: a
// qualified array type qualifies its elements). The front end sets them on
// the declared types of variables, parameters, members and what declared
// pointers point to; the types of values (temporaries, loads) are
// unqualified, as C drops the qualifiers of an rvalue. Qualifiers change
// neither the layout nor the values: Identical and String ignore them
// (QualString shows them).
type Type struct {
	Kind     Kind
	Elem     *Type   // Pointer: pointee (Void for void*); Array: element; Function: result
	Len      int64   // Array: number of elements
	Fields   []Field // Struct, Union
	Params   []*Type // Function: parameter types
	Variadic bool    // Function: ends with ...
	// Tag is the tag name of a struct or union (may be empty), the enum
	// name of an integer type, or the C spelling of an Opaque type
	// ("double", "__int128").
	Tag      string
	Const    bool // this level is const-qualified
	Volatile bool // this level is volatile-qualified
	// size and align in bytes, computed by the constructors.
	size, align int64
}

// Field is a member of a struct or union, laid out by NewStruct or
// NewUnion (layout.go) as gcc does on x86-64.
type Field struct {
	// Name is "" for an unnamed bit-field and for an anonymous struct or
	// union member (C11 6.7.2.1p13), whose members are reached as if they
	// were the enclosing one's (MemberPath) and whose leaves' paths skip
	// it (`t.op`, not `t..op`).
	Name string
	Type *Type // the declared type (of a bit-field: its integer type)
	// Offset is the byte offset of the member (0 for every member of a
	// union); for a bit-field, of the storage unit of its declared type
	// that holds it, whose bits BitOff .. BitOff+Bits-1 it occupies
	// (counted from the least significant bit of the unit).
	Offset int64
	// BitField marks a bit-field of Bits bits (0 for an unnamed `T : 0`).
	// A bit-field has no leaf of its own: in a struct, the bytes that hold
	// its bits are leaves of type unsigned char (Leaf.BitBytes), which the
	// front end reads and writes with shifts and masks, as gcc does.
	BitField     bool
	BitOff, Bits int64
	// byte0, nbytes: the bytes of the struct this bit-field adds as
	// leaves (those holding its bits that an earlier bit-field's did not
	// hold), set by NewStruct.
	byte0, nbytes int64
	// Flexible marks a flexible array member (`T data[]`, the last member
	// of a struct): Type is an array of 0 elements, laid out at the end.
	Flexible bool
	// Align is the alignment the member's declaration requests (_Alignas,
	// __attribute__((aligned(N))); 0: none): gcc places it at a multiple
	// of the larger of this and its type's, packed or not (see Layout).
	Align int64
	// Packed marks a member declared __attribute__((packed)): aligned to
	// 1 (a bit-field at the next free bit) unless it requests an Align.
	Packed bool
}

// Anonymous reports whether f is an anonymous struct or union member.
func (f *Field) Anonymous() bool { return f.Name == "" && !f.BitField }

// MemberPath returns the indices of the members to select, from struct or
// union t, to reach its member name: one index for a member of its own,
// more through anonymous struct or union members (`t->op` in
// `struct tok { int kind; union { long num; char op; }; }` is t's member
// 1 then that union's member 1). nil when t has no such member.
func (t *Type) MemberPath(name string) []int {
	for i := range t.Fields {
		f := &t.Fields[i]
		if f.Name == name && name != "" {
			return []int{i}
		}
		if f.Anonymous() && (f.Type.Kind == Struct || f.Type.Kind == Union) {
			if p := f.Type.MemberPath(name); p != nil {
				return append([]int{i}, p...)
			}
		}
	}
	return nil
}

// Selector is the component member f adds to an access path: ".name",
// "" for an anonymous member (its members are named as the enclosing
// one's, `t.op`).
func (f *Field) Selector() string {
	if f.Name == "" {
		return ""
	}
	return "." + f.Name
}

// Modelled reports whether the member's value is part of inka's model of
// memory: not a bit-field or a flexible array member. (A modelled member
// may still contain opaque parts: see Type.Opaque.)
func (f *Field) Modelled() bool { return !f.BitField && !f.Flexible }

// BitBytes returns the byte offsets (from the struct's start) of the
// leaves that bit-field f adds to its struct: the bytes holding its bits
// that no earlier bit-field's bits are in. (None for an unnamed bit-field
// or one of width 0; in a union, only the widest bit-field of a union of
// bit-fields only has bytes.)
func (f *Field) BitBytes() (first, n int64) { return f.byte0, f.nbytes }

// Predeclared scalar types.
var (
	VoidType      = &Type{Kind: Void, size: 1, align: 1}
	BoolType      = &Type{Kind: Bool, size: 1, align: 1}
	CharType      = &Type{Kind: Char, size: 1, align: 1}
	UCharType     = &Type{Kind: UChar, size: 1, align: 1}
	ShortType     = &Type{Kind: Short, size: 2, align: 2}
	UShortType    = &Type{Kind: UShort, size: 2, align: 2}
	IntType       = &Type{Kind: Int, size: 4, align: 4}
	UIntType      = &Type{Kind: UInt, size: 4, align: 4}
	LongType      = &Type{Kind: Long, size: 8, align: 8}
	ULongType     = &Type{Kind: ULong, size: 8, align: 8}
	LongLongType  = &Type{Kind: LongLong, size: 8, align: 8}
	ULongLongType = &Type{Kind: ULongLong, size: 8, align: 8}
	FloatType     = &Type{Kind: Float, size: 4, align: 4}
	DoubleType    = &Type{Kind: Double, size: 8, align: 8}
)

// IntTypeOf returns the predeclared integer (or _Bool) type of kind k of
// LP64 (DataModel.IntType for another data model).
func IntTypeOf(k Kind) *Type {
	switch k {
	case Bool:
		return BoolType
	case Char:
		return CharType
	case UChar:
		return UCharType
	case Short:
		return ShortType
	case UShort:
		return UShortType
	case Int:
		return IntType
	case UInt:
		return UIntType
	case Long:
		return LongType
	case ULong:
		return ULongType
	case LongLong:
		return LongLongType
	case ULongLong:
		return ULongLongType
	}
	panic(fmt.Sprintf("ir.IntTypeOf(%v): not an integer kind", k))
}

// PointerTo returns the type "pointer to elem" of LP64 (DataModel.PointerTo
// for another data model).
func PointerTo(elem *Type) *Type { return LP64.PointerTo(elem) }

// ArrayOf returns the type "array of n elem".
func ArrayOf(elem *Type, n int64) *Type {
	return &Type{Kind: Array, Elem: elem, Len: n, size: elem.size * n, align: elem.align}
}

// FuncType returns the type "function of params returning result" (result
// VoidType for void). Its size and alignment are 1, as gcc says of sizeof
// applied to a function; nothing in the IR has a function's size.
func FuncType(result *Type, params []*Type, variadic bool) *Type {
	return &Type{Kind: Function, Elem: result, Params: params, Variadic: variadic, size: 1, align: 1}
}

// IsFuncPointer reports whether t is a pointer to a function.
func (t *Type) IsFuncPointer() bool { return t.Kind == Pointer && t.Elem.Kind == Function }

// Stride returns the bytes that pointer arithmetic on a pointer of type t
// moves by per element: sizeof(*p), 1 for void* (as gcc counts).
func (t *Type) Stride() int64 {
	if t.Elem == nil || t.Elem.Kind == Void || t.Elem.size <= 0 {
		return 1
	}
	return t.Elem.size
}

// Size is the size in bytes (sizeof).
func (t *Type) Size() int64 { return t.size }

// Align is the alignment in bytes (_Alignof).
func (t *Type) Align() int64 { return t.align }

// IsInteger reports whether t is an integer type (_Bool and enums included).
func (t *Type) IsInteger() bool { return t.Kind >= Bool && t.Kind <= ULongLong }

// IsPointer reports whether t is a pointer type.
func (t *Type) IsPointer() bool { return t.Kind == Pointer }

// IsScalar reports whether t is an integer, a floating-point or a pointer
// type: the values a single IR variable (and a single variable of the
// constraint model) holds.
func (t *Type) IsScalar() bool { return t.IsInteger() || t.IsPointer() || t.IsFloat() }

// IsArithmetic reports whether t is an integer or a floating-point type.
func (t *Type) IsArithmetic() bool { return t.IsInteger() || t.IsFloat() }

// IsAggregate reports whether t is an array, struct or union.
func (t *Type) IsAggregate() bool { return t.Kind == Array || t.Kind == Struct || t.Kind == Union }

// IsSigned reports whether t is a signed integer type.
func (t *Type) IsSigned() bool {
	switch t.Kind {
	case Char, Short, Int, Long, LongLong:
		return true
	}
	return false
}

// Bits is the width in bits of an integer, pointer or floating-point type
// (of its bit pattern): 1 for _Bool (whose object representation is 8
// bits but whose values are 0 and 1).
func (t *Type) Bits() int {
	if t.Kind == Bool {
		return 1
	}
	return int(t.size * 8)
}

// Rank is the integer conversion rank of C11 6.3.1.1 (used by the usual
// arithmetic conversions). long and long long have different ranks but the
// same width in LP64.
func (t *Type) Rank() int {
	switch t.Kind {
	case Bool:
		return 0
	case Char, UChar:
		return 1
	case Short, UShort:
		return 2
	case Int, UInt:
		return 3
	case Long, ULong:
		return 4
	case LongLong, ULongLong:
		return 5
	}
	return -1
}

// Identical reports whether t and u are the same type. (Recursive structs,
// such as a list node pointing to its own type, are compared
// coinductively.)
func Identical(t, u *Type) bool {
	return identical(t, u, nil)
}

func identical(t, u *Type, assumed map[[2]*Type]bool) bool {
	if t == u {
		return true
	}
	if t == nil || u == nil || t.Kind != u.Kind {
		return false
	}
	switch t.Kind {
	case Pointer:
		return identical(t.Elem, u.Elem, assumed)
	case Opaque:
		return t.Tag == u.Tag && t.size == u.size
	case Array:
		return t.Len == u.Len && identical(t.Elem, u.Elem, assumed)
	case Function:
		if t.Variadic != u.Variadic || len(t.Params) != len(u.Params) || !identical(t.Elem, u.Elem, assumed) {
			return false
		}
		for i := range t.Params {
			if !identical(t.Params[i], u.Params[i], assumed) {
				return false
			}
		}
		return true
	case Struct, Union:
		if t.Tag != u.Tag || len(t.Fields) != len(u.Fields) || t.size != u.size {
			return false
		}
		k := [2]*Type{t, u}
		if assumed[k] {
			return true
		}
		if assumed == nil {
			assumed = map[[2]*Type]bool{}
		}
		assumed[k] = true
		for i := range t.Fields {
			f, g := &t.Fields[i], &u.Fields[i]
			if f.Name != g.Name || f.Offset != g.Offset || f.BitField != g.BitField || f.BitOff != g.BitOff ||
				f.Bits != g.Bits || f.Flexible != g.Flexible || !identical(f.Type, g.Type, assumed) {
				return false
			}
		}
		return true
	}
	return true
}

// Leaf is one scalar component of an object of some type, in the flattened
// layout shared by the interpreter, the memory model of the constraint
// translation and the harness.
type Leaf struct {
	Path   string // C access path relative to the object, e.g. ".a[2].b"
	Type   *Type  // integer or pointer type
	Offset int64  // byte offset in the object
	// BitBytes marks a byte of a struct's bit-fields (Type unsigned
	// char): Path is the struct's path and "{byte N}", N its offset in the
	// struct (Base, Byte); CLvalue spells it in C.
	BitBytes bool
	Base     string
	Byte     int64
	// Mask: of a bit-field byte, the bits that bit-fields hold; the
	// others are padding, which C leaves unspecified (gcc keeps what a
	// local held on the stack), so runs are compared on these bits only.
	Mask uint8
	// Const: the leaf is read-only in an object of the type, being
	// const-qualified itself or part of a const-qualified element or
	// member (`const int a[3]`, `struct { const int n; } s`, `int *const
	// p`). The const of a pointee (`const int *p`) is not the pointer's.
	Const bool
}

// Leaves flattens t into its scalar components in increasing offset order:
// arrays element by element, structs member by member. A union contributes
// the leaves of one member only (UnionMember: its first member with
// leaves): the rest of the project does not reinterpret a union's bytes
// as another member (see the README). What inka does not model has no
// leaves: opaque types, bit-fields, flexible array members.
func (t *Type) Leaves() []Leaf {
	var out []Leaf
	t.leaves("", 0, false, &out)
	return out
}

// ConstAt reports whether byte off of an object of type t lies in a
// const-qualified object, member or element; in a union, when every member
// that holds it is const there (a union with a const member and another
// one is written through the other: gcc accepts it, as the interpreter
// does, see Type.Leaves).
func (t *Type) ConstAt(off int64) bool {
	for {
		if t.Const {
			return true
		}
		switch t.Kind {
		case Array:
			es := t.Elem.Size()
			if es <= 0 || off < 0 || off >= t.Size() {
				return false
			}
			t, off = t.Elem, off%es
			continue
		case Struct:
			f := t.FieldAt(off)
			if f == nil {
				return false
			}
			t, off = f.Type, off-f.Offset
			continue
		case Union:
			holders := 0
			for _, f := range t.Fields {
				if f.Modelled() && off < f.Type.Size() {
					if !f.Type.ConstAt(off) {
						return false
					}
					holders++
				}
			}
			return holders > 0
		}
		return false
	}
}

// bitBytes appends the leaves of the bit-field bytes that f adds to
// struct or union t at path (offset off in the object).
func (f *Field) bitBytes(t *Type, path string, off int64, con bool, out *[]Leaf) {
	for k := f.byte0; k < f.byte0+f.nbytes; k++ {
		// a const bit-field is not read-only (ConstAt): a missed
		// undefined behaviour at worst
		*out = append(*out, Leaf{Path: fmt.Sprintf("%s{byte %d}", path, k), Type: UCharType, Offset: off + k,
			Const: con, BitBytes: true, Base: path, Byte: k, Mask: t.bitMask(k)})
	}
}

// bitMask returns the bits of byte k of struct or union t that its named
// bit-fields hold.
func (t *Type) bitMask(k int64) uint8 {
	var m uint8
	for _, g := range t.Fields {
		if !g.BitField || g.Name == "" || g.Bits == 0 {
			continue
		}
		lo, hi := max(g.Offset*8+g.BitOff, 8*k), min(g.Offset*8+g.BitOff+g.Bits, 8*k+8)
		for b := lo; b < hi; b++ {
			m |= 1 << (b - 8*k)
		}
	}
	return m
}

// IsBitByte reports whether byte off of struct or union t is one of its
// bit-field bytes (a leaf with Leaf.BitBytes).
func (t *Type) IsBitByte(off int64) bool {
	if t.Kind != Struct && t.Kind != Union {
		return false
	}
	for i := range t.Fields {
		if f := &t.Fields[i]; off >= f.byte0 && off < f.byte0+f.nbytes {
			return true
		}
	}
	return false
}

// CLvalue returns the C lvalue of leaf l of the object spelled root.
func (l *Leaf) CLvalue(root string) string { return CPath(root + l.Path) }

// CPath spells in C an access path that may end with a bit-field byte
// ("h.hdr{byte 3}": ((unsigned char *)&h.hdr)[3]).
func CPath(path string) string {
	i := strings.LastIndex(path, "{byte ")
	if i < 0 || !strings.HasSuffix(path, "}") {
		return path
	}
	return fmt.Sprintf("((unsigned char *)&%s)[%s]", path[:i], path[i+len("{byte "):len(path)-1])
}

// BitFieldValue returns the value of bit-field f of a struct whose bytes
// are given by byteAt (byte k from the struct's start), as the bits of
// f.Type (sign-extended for a signed bit-field).
func BitFieldValue(f *Field, byteAt func(k int64) uint64) uint64 {
	pos := f.Offset*8 + f.BitOff
	var x uint64
	for k := pos / 8; k <= (pos+f.Bits-1)/8; k++ {
		x |= (byteAt(k) & 0xff) << (8 * (k - pos/8))
	}
	x = x >> (pos % 8) & (1<<f.Bits - 1)
	if f.Type.IsSigned() && x>>(f.Bits-1) == 1 {
		x |= ^uint64(0) << f.Bits
	}
	return Truncate(f.Type, x)
}

// HasConst reports whether some leaf of an object of type t is read-only
// (Leaf.Const).
func (t *Type) HasConst() bool {
	if t.Const {
		return true
	}
	switch t.Kind {
	case Array:
		return t.Elem.HasConst()
	case Struct, Union:
		for _, f := range t.Fields {
			if f.Type.HasConst() {
				return true
			}
		}
	}
	return false
}

// AllConst reports whether every leaf of an object of type t is read-only
// (Leaf.Const): the object can only be initialized, never written.
func (t *Type) AllConst() bool {
	if t.Const {
		return true
	}
	switch t.Kind {
	case Array:
		return t.Elem.AllConst()
	case Struct, Union:
		for _, f := range t.Fields {
			if !f.Type.AllConst() {
				return false
			}
		}
		return len(t.Fields) > 0
	}
	return false
}

// NumLeaves returns len(t.Leaves()) without building them.
func (t *Type) NumLeaves() int64 {
	switch t.Kind {
	case Array:
		return t.Len * t.Elem.NumLeaves()
	case Struct:
		n := int64(0)
		for _, f := range t.Fields {
			if f.Modelled() {
				n += f.Type.NumLeaves()
			}
			n += f.nbytes
		}
		return n
	case Union:
		if i := t.UnionMember(); i >= 0 {
			return t.Fields[i].Type.NumLeaves()
		}
		n := int64(0)
		for _, f := range t.Fields {
			n += f.nbytes // a union of bit-fields only
		}
		return n
	case Void, Opaque, Function:
		return 0
	}
	return 1
}

func (t *Type) leaves(path string, off int64, con bool, out *[]Leaf) {
	con = con || t.Const
	switch t.Kind {
	case Array:
		for i := int64(0); i < t.Len; i++ {
			t.Elem.leaves(fmt.Sprintf("%s[%d]", path, i), off+i*t.Elem.size, con, out)
		}
	case Struct:
		for i := range t.Fields {
			f := &t.Fields[i]
			if f.Modelled() {
				f.Type.leaves(path+f.Selector(), off+f.Offset, con, out)
			}
			f.bitBytes(t, path, off, con, out)
		}
	case Union:
		if i := t.UnionMember(); i >= 0 {
			f := t.Fields[i]
			n := len(*out)
			f.Type.leaves(path+f.Selector(), off, con, out)
			if !con {
				// read-only only where every member is const: a union
				// with a const member and another one is written
				// through the other (gcc accepts it)
				for k := n; k < len(*out); k++ {
					(*out)[k].Const = t.ConstAt((*out)[k].Offset - off)
				}
			}
			return
		}
		for i := range t.Fields { // a union of bit-fields only
			t.Fields[i].bitBytes(t, path, off, con, out)
		}
	case Void, Opaque, Function:
	default:
		*out = append(*out, Leaf{Path: path, Type: t, Offset: off, Const: con})
	}
}

// String returns the C spelling of t (abstract declarator form).
func (t *Type) String() string {
	var b strings.Builder
	writeType(&b, t, false)
	return b.String()
}

// Unqualified returns t without the qualifiers of its own level (the type
// of a value read from an object of type t).
func Unqualified(t *Type) *Type {
	if !t.Const && !t.Volatile {
		return t
	}
	c := *t
	c.Const, c.Volatile = false, false
	return &c
}

// QualString is String with the qualifiers: "unsigned short* const***"
// (a pointer to a pointer to a pointer to a const pointer to unsigned
// short), "const int[3]".
func (t *Type) QualString() string {
	var b strings.Builder
	writeType(&b, t, true)
	return b.String()
}

func writeType(b *strings.Builder, t *Type, quals bool) {
	qual := func(t *Type) string {
		switch {
		case !quals:
			return ""
		case t.Const && t.Volatile:
			return "const volatile"
		case t.Const:
			return "const"
		case t.Volatile:
			return "volatile"
		}
		return ""
	}
	switch t.Kind {
	case Pointer:
		if fn, stars := funcBase(t); fn != nil {
			// int (*)(int), int (**)(int)
			writeType(b, fn.Elem, quals)
			b.WriteString(" (" + stars + ")")
			writeParams(b, fn, quals)
			return
		}
		writeType(b, t.Elem, quals)
		b.WriteString("*")
		if q := qual(t); q != "" {
			b.WriteString(" " + q)
		}
	case Array:
		// C order: int[3][4] is an array of 3 arrays of 4 ints
		e := t
		dims := ""
		for ; e.Kind == Array; e = e.Elem {
			dims += fmt.Sprintf("[%d]", e.Len)
		}
		if fn, stars := funcBase(e); fn != nil {
			// int (*[3])(int)
			writeType(b, fn.Elem, quals)
			b.WriteString(" (" + stars + dims + ")")
			writeParams(b, fn, quals)
			return
		}
		writeType(b, e, quals)
		b.WriteString(dims)
	case Function:
		writeType(b, t.Elem, quals)
		b.WriteString(" ")
		writeParams(b, t, quals)
	default:
		if q := qual(t); q != "" {
			b.WriteString(q + " ")
		}
		if t.Kind == Opaque {
			b.WriteString(t.Tag)
			return
		}
		if t.Kind != Struct && t.Kind != Union {
			b.WriteString(t.Kind.String())
			return
		}
		b.WriteString(t.Kind.String())
		if t.Tag != "" {
			b.WriteString(" " + t.Tag)
			return
		}
		b.WriteString(" {")
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteString("; ")
			}
			writeType(b, f.Type, quals)
			b.WriteString(" " + f.Name)
			if f.BitField {
				fmt.Fprintf(b, ":%d", f.Bits)
			}
		}
		b.WriteString("}")
	}
}

// funcBase returns the function type a chain of pointers t ends in, with
// one star per pointer (qualifiers after them), or nil.
func funcBase(t *Type) (*Type, string) {
	stars := ""
	for ; t.Kind == Pointer; t = t.Elem {
		stars = "*" + stars
	}
	if t.Kind != Function {
		return nil, ""
	}
	return t, stars
}

// writeParams writes the parameter list of a function type: "(int, char*)",
// "(void)", "(int, ...)".
func writeParams(b *strings.Builder, fn *Type, quals bool) {
	b.WriteString("(")
	for i, p := range fn.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		writeType(b, p, quals)
	}
	switch {
	case fn.Variadic && len(fn.Params) > 0:
		b.WriteString(", ...")
	case fn.Variadic:
		b.WriteString("...")
	case len(fn.Params) == 0:
		b.WriteString("void")
	}
	b.WriteString(")")
}

// Min and Max of an integer type, as signed and unsigned 64-bit numbers.

// MinInt returns the least value of a signed integer type (0 for unsigned).
func (t *Type) MinInt() int64 {
	if !t.IsSigned() {
		return 0
	}
	return -1 << (t.Bits() - 1)
}

// MaxUint returns the greatest value of an integer type as a uint64.
func (t *Type) MaxUint() uint64 {
	if t.IsSigned() {
		return 1<<(t.Bits()-1) - 1
	}
	if t.Bits() == 64 {
		return ^uint64(0)
	}
	return 1<<t.Bits() - 1
}

// HasPointer reports whether an object of type t holds a pointer, in any
// member of its unions too. (Types nest by value, so the walk ends.)
func (t *Type) HasPointer() bool {
	switch t.Kind {
	case Pointer:
		return true
	case Array:
		return t.Elem.HasPointer()
	case Struct, Union:
		for _, f := range t.Fields {
			if f.Type.HasPointer() {
				return true
			}
		}
	}
	return false
}

// UnionMember returns the index of the member of union t that gives it
// its leaves: the first one with leaves of its own (a union whose first
// member is a double is modelled as its next member), or -1.
func (t *Type) UnionMember() int {
	for i := range t.Fields {
		if f := &t.Fields[i]; f.Modelled() && f.Type.NumLeaves() > 0 {
			return i
		}
	}
	return -1
}

// FieldAt returns the member of struct or union t that holds byte offset
// off, or nil: in a union, the member it is modelled as (UnionMember)
// when it holds off; else the first one whose bytes contain it among the
// members that have leaves' layout of their own (not a bit-field, whose
// storage unit may overlap its neighbours, nor a flexible array member).
func (t *Type) FieldAt(off int64) *Field {
	if t.Kind == Union {
		// the member the union is modelled as, if it holds off
		if i := t.UnionMember(); i >= 0 && off < t.Fields[i].Type.size {
			return &t.Fields[i]
		}
	}
	for i := range t.Fields {
		f := &t.Fields[i]
		if f.Modelled() && off >= f.Offset && off < f.Offset+f.Type.size {
			return f
		}
	}
	return nil
}

// LeavesBefore returns the number of leaves of struct t before member
// field (0 in a union): the index of the member's first leaf.
func (t *Type) LeavesBefore(field int) int64 {
	if t.Kind == Union {
		return 0
	}
	n := int64(0)
	for i := 0; i < field; i++ {
		if t.Fields[i].Modelled() {
			n += t.Fields[i].Type.NumLeaves()
		}
		n += t.Fields[i].nbytes
	}
	return n
}

// IsCharType reports whether t is a character type: C11 6.5p7 lets any
// object be accessed through one, whatever its declared type.
func (t *Type) IsCharType() bool { return t.Kind == Char || t.Kind == UChar }

// Declares reports whether an object of type t declares, at byte offset
// off, a scalar that an access of scalar type u may read or write (C11
// 6.5p7): one of the same size and class (integers of either signedness,
// any pointer type; _Bool only as _Bool; float as float, double as
// double), in some member of a union. An access that is neither this nor
// by a character type is undefined.
func (t *Type) Declares(off int64, u *Type) bool {
	switch t.Kind {
	case Array:
		es := t.Elem.size
		if es <= 0 || off < 0 || off >= t.size {
			return false
		}
		return t.Elem.Declares(off%es, u)
	case Struct:
		f := t.FieldAt(off)
		return f != nil && f.Type.Declares(off-f.Offset, u)
	case Union:
		for _, f := range t.Fields {
			if f.Modelled() && f.Type.Declares(off, u) {
				return true
			}
		}
		return false
	}
	return off == 0 && t.IsScalar() && t.size == u.size && t.IsPointer() == u.IsPointer() &&
		(t.Kind == Bool) == (u.Kind == Bool) && t.IsFloat() == u.IsFloat()
}
