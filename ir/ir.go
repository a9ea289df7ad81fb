package ir

import "fmt"

// Pos is a source position. Line and Col are 1-based; Col counts bytes.
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	if p.File == "" && p.Line == 0 {
		return "-"
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// VarClass says where a variable comes from.
type VarClass int

const (
	Param  VarClass = iota // a parameter of its function
	Local                  // a local variable of the source (automatic storage)
	Static                 // a block-scope static: behaves as a global
	Global                 // a file-scope variable
	Temp                   // a temporary introduced by normalization
	Flag                   // a control flag introduced by lowering (break, continue, return, switch)
	Result                 // the return value slot of a function (one per function)
	String                 // a string literal: a read-only global char array
	// FuncObj is a function of the program as an object: a function
	// defined in the file (Var.Fn) or an extern (Var.Ext) whose address
	// is taken. Its type is the function's type, it has no leaves, and a
	// pointer to it is a function pointer. It is read-only.
	FuncObj
)

var classNames = [...]string{"param", "local", "static", "global", "temp", "flag", "result", "string", "function"}

func (c VarClass) String() string { return classNames[c] }

// Var is a named memory object: a variable of the source, a temporary, a
// flag, the result slot or a string literal. Scalar variables (integer or
// pointer type) are read and written directly by statements; aggregate
// ones only through Copy (whole object) and through pointers (FieldAddr,
// PtrAdd, then Load/Store).
type Var struct {
	ID    int // unique in its Program
	Name  string
	Typ   *Type
	Class VarClass
	Pos   Pos   // declaration
	Func  *Func // owner; nil for globals, statics and strings
	// AddrTaken reports whether &v appears in the IR.
	AddrTaken bool
	// Init is the static initializer of a global, static or string, leaf
	// by leaf (see Type.Leaves); leaves not listed are zero. Locals get
	// their initializers as ordinary statements.
	Init []InitItem
	// ReadOnly marks string literals, the read-only templates of local
	// initializers, and objects whose every leaf is const (Type.AllConst).
	// An object with only some const leaves (a struct with a const
	// member) is not ReadOnly: its Leaves say which are (Leaf.Const).
	ReadOnly bool
	// DeclLen is N for a parameter declared as an array `T v[N]` (its type
	// is the pointer T*): callers pass at least N elements, so the object
	// behind it as an input has at least N.
	DeclLen int64
	// Pointee is, for a `void *` parameter, the type of the objects the
	// function accesses through it (InferPointees): the element type of
	// the object behind it as an input. nil when the function never
	// converts it to a pointer to an integer type.
	Pointee *Type
	// System marks a global that a system header declares and the file
	// does not define (stderr, optind): the C library's state (see
	// library.go).
	System bool
	// Extern marks a global the file declares (`extern const unsigned
	// char table[256];`, not in a system header) and does not define:
	// another translation unit gives it its value, which is an input of
	// the test, const or not, with or without --use-initializers.
	Extern bool
	// Fn and Ext: the function a variable of class FuncObj stands for.
	Fn  *Func
	Ext *Extern
}

func (v *Var) String() string { return v.Name }

// NeverInput reports whether the initial value of v, a variable of static
// storage, is never an input of a test: a string literal and a const
// object keep their initializers (a const object defined in another file,
// Extern, has none here: it is an input), and the C library's objects
// (System) are the library's, which no test sets.
func (v *Var) NeverInput() bool {
	return (v.ReadOnly && !v.Extern) || v.Class == String || v.System
}

// IsInput reports whether the initial value of v, a variable of static
// storage, is an input of a run: unless NeverInput, always when the
// globals are inputs, and for an object defined in another file (Extern)
// also when the globals start from their initializers.
func (v *Var) IsInput(useInitializers bool) bool {
	return !v.NeverInput() && (!useInitializers || v.Extern)
}

// IsGlobal reports whether v has static storage duration.
func (v *Var) IsGlobal() bool {
	return v.Class == Global || v.Class == Static || v.Class == String || v.Class == FuncObj
}

// InitItem gives the initial value of one leaf of a static object.
//
// A pointer leaf may be given an integer *Const of its size: the bytes of
// the union's first member, a bit-field, where the union is modelled as a
// pointer member (they make no pointer: only the interpreter follows
// them, the points-to analysis cuts a pointer read from a union).
type InitItem struct {
	Leaf int   // index in Var.Type.Leaves()
	Val  Value // a *Const, or an *AddrConst for an address
}

// Value is an operand: a *Var of scalar type (or of aggregate type in
// Copy, Call and Return), a *Const, or an *AddrConst (only in InitItem).
type Value interface {
	Type() *Type
	String() string
}

// Type implements Value.
func (v *Var) Type() *Type { return v.Typ }

// Const is an integer constant (or the null pointer, of pointer type, with
// Bits 0). Bits holds the two's complement bit pattern, truncated to the
// type's width and sign- or zero-extended to 64 bits as the type says, so
// Int64() and Uint64() read it back. A floating-point constant holds its
// IEEE 754 bit pattern (float.go), read back by Float64().
type Const struct {
	Typ  *Type
	Bits uint64
}

// Type implements Value.
func (c *Const) Type() *Type { return c.Typ }

// Int64 returns the value of a signed constant.
func (c *Const) Int64() int64 { return int64(c.Bits) }

// Uint64 returns the value of an unsigned constant.
func (c *Const) Uint64() uint64 { return c.Bits }

func (c *Const) String() string {
	if c.Typ.IsFloat() {
		return floatString(c)
	}
	if c.Typ.IsPointer() {
		if c.Bits == 0 {
			return "NULL"
		}
		return fmt.Sprintf("(%s)%d", c.Typ, c.Bits)
	}
	if c.Typ.IsSigned() {
		return fmt.Sprint(int64(c.Bits))
	}
	s := fmt.Sprint(c.Bits)
	switch c.Typ.Kind {
	case UInt:
		s += "u"
	case ULong:
		s += "ul"
	case ULongLong:
		s += "ull"
	}
	return s
}

// NewConst returns the constant of integer type t whose value is x reduced
// modulo 2^width (as a conversion to t does).
func NewConst(t *Type, x uint64) *Const {
	return &Const{Typ: t, Bits: Truncate(t, x)}
}

// Truncate reduces x to the width of integer type t and extends it back to
// 64 bits (sign extension for signed types). _Bool keeps 0 or 1 (x != 0).
func Truncate(t *Type, x uint64) uint64 {
	if t.Kind == Bool {
		if x != 0 {
			return 1
		}
		return 0
	}
	w := t.Bits()
	if w >= 64 {
		return x
	}
	x &= 1<<w - 1
	if t.IsSigned() && x&(1<<(w-1)) != 0 {
		x |= ^uint64(0) << w
	}
	return x
}

// AddrConst is the address of a leaf of a static object, for initializers
// such as `int *gp = &g;` or `char *s = "abc";`, or of a function object
// (Leaf 0): `handler_t table[] = {f, g};`.
type AddrConst struct {
	Typ  *Type // pointer type
	Var  *Var
	Leaf int // leaf index in Var (0 for the start of the object)
}

// Type implements Value.
func (a *AddrConst) Type() *Type { return a.Typ }

func (a *AddrConst) String() string {
	if a.Leaf == 0 {
		return "&" + a.Var.Name
	}
	return fmt.Sprintf("&%s%s", a.Var.Name, a.Var.Typ.Leaves()[a.Leaf].Path)
}
