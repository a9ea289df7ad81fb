package abi

import (
	"fmt"
	"strconv"
	"strings"
)

// Kind is the kind of a C type.
type Kind int

// The kinds of C types the generators make. The scalar kinds come first,
// in the order of Scalars.
const (
	Bool Kind = iota
	Char
	SChar
	UChar
	Short
	UShort
	Int
	UInt
	Long
	ULong
	LongLong
	ULongLong
	Int128  // __int128: gcc and clang, not tcc (feature "int128")
	UInt128 // unsigned __int128
	Float
	Double
	LongDouble
	Float128 // __float128: gcc and clang, not tcc (feature "float128")
	Pointer
	Enum
	Struct
	Union
	Array
)

var kindNames = [...]string{
	Bool: "_Bool", Char: "char", SChar: "signed char", UChar: "unsigned char",
	Short: "short", UShort: "unsigned short", Int: "int", UInt: "unsigned",
	Long: "long", ULong: "unsigned long", LongLong: "long long", ULongLong: "unsigned long long",
	Int128: "__int128", UInt128: "unsigned __int128",
	Float: "float", Double: "double", LongDouble: "long double", Float128: "__float128",
	Pointer: "pointer", Enum: "enum", Struct: "struct", Union: "union", Array: "array",
}

func (k Kind) String() string { return kindNames[k] }

// IsInteger reports whether k is an integer kind (bit-fields may have it).
func (k Kind) IsInteger() bool { return k <= UInt128 }

// IsFloat reports whether k is a floating kind.
func (k Kind) IsFloat() bool { return k >= Float && k <= Float128 }

// IsScalar reports whether values of k are single leaves.
func (k Kind) IsScalar() bool { return k <= Enum }

// Signed reports whether an integer kind is signed (char is signed on
// x86-64).
func (k Kind) Signed() bool {
	switch k {
	case Char, SChar, Short, Int, Long, LongLong, Int128:
		return true
	}
	return false
}

// IsSigned reports whether values of the integer or enum type t are
// signed.
func (t *Type) IsSigned() bool {
	if t.Kind == Enum {
		return t.Signed
	}
	return t.Kind.Signed()
}

// Feature names a C extension that not every compiler accepts; a test
// that needs one runs only on the pairs whose compilers both accept it.
type Feature string

// The optional features.
const (
	FeatInt128   Feature = "int128"
	FeatFloat128 Feature = "float128"
)

// Type is a C type. Types are values: the generators and the minimizer
// build new ones rather than changing shared ones.
type Type struct {
	Kind   Kind
	Elem   *Type   // Array: element; Pointer: target (nil: void *)
	Len    int     // Array: length (>= 1)
	Fields []Field // Struct, Union
	// Pack is the N of #pragma pack(N) around a struct definition (0:
	// none). It is the packing syntax gcc, clang and tcc agree on (tcc
	// 0.9.27 ignores __attribute__((packed))).
	Pack int
	// Signed tells an Enum's compatible type: int when it has a
	// negative enumerator, unsigned int otherwise (as gcc and clang
	// choose).
	Signed bool
}

// Field is a member of a struct or union.
type Field struct {
	Type *Type
	// Bits is the width of a bit-field, -1 for an ordinary member. An
	// unnamed bit-field (Unnamed) pads; width 0 closes the unit.
	Bits    int
	Unnamed bool
	Align   int // _Alignas(Align) on the member (0: none)
}

// Scalar kinds, by name in the type syntax.
var scalarNames = map[string]Kind{}

func init() {
	for k := Bool; k <= Float128; k++ {
		scalarNames[k.String()] = k
	}
	scalarNames["unsigned int"] = UInt
	scalarNames["signed"] = Int
}

// Basic returns the scalar type of kind k.
func Basic(k Kind) *Type { return &Type{Kind: k, Signed: k == Enum} }

// size and align of the scalar kinds on x86-64.
func scalarSize(k Kind) int {
	switch k {
	case Bool, Char, SChar, UChar:
		return 1
	case Short, UShort:
		return 2
	case Int, UInt, Float, Enum:
		return 4
	case Int128, UInt128, LongDouble, Float128:
		return 16
	}
	return 8
}

// Layout is where a type's parts lie: size and alignment in bytes, and
// per field the offset in bits.
type Layout struct {
	Size, Align int
	Offsets     []int // Struct, Union: bit offset of each field
}

// Layout computes the System V x86-64 layout of t (the psABI §3.1.2, with
// gcc's bit-field rules: a bit-field never straddles a boundary of its
// declared type's alignment unit; unnamed bit-fields do not raise the
// alignment of the struct; a zero-width one moves to the next unit).
func (t *Type) Layout() Layout {
	switch t.Kind {
	case Array:
		e := t.Elem.Layout()
		return Layout{Size: e.Size * t.Len, Align: e.Align}
	case Struct:
		return t.structLayout()
	case Union:
		l := Layout{Align: 1}
		for _, f := range t.Fields {
			fl := f.Type.Layout()
			l.Offsets = append(l.Offsets, 0)
			l.Size = max(l.Size, fl.Size)
			l.Align = max(l.Align, f.memberAlign(fl.Align, t.Pack))
		}
		l.Size = roundUp(l.Size, l.Align)
		return l
	}
	s := scalarSize(t.Kind)
	return Layout{Size: s, Align: s}
}

// memberAlign is the alignment a member gets in its struct.
func (f Field) memberAlign(natural, pack int) int {
	a := natural
	if pack > 0 && pack < a {
		a = pack
	}
	return max(a, f.Align)
}

func (t *Type) structLayout() Layout {
	l := Layout{Align: 1}
	bit := 0
	for _, f := range t.Fields {
		fl := f.Type.Layout()
		if f.Bits < 0 {
			a := f.memberAlign(fl.Align, t.Pack)
			bit = roundUp(bit, 8*a)
			l.Offsets = append(l.Offsets, bit)
			bit += 8 * fl.Size
			l.Align = max(l.Align, a)
			continue
		}
		unit := 8 * fl.Size
		switch {
		case f.Bits == 0:
			bit = roundUp(bit, unit)
		case bit/unit != (bit+f.Bits-1)/unit:
			bit = roundUp(bit, unit)
		}
		l.Offsets = append(l.Offsets, bit)
		bit += f.Bits
		if !f.Unnamed {
			l.Align = max(l.Align, fl.Align)
		}
	}
	l.Size = roundUp((bit+7)/8, l.Align)
	return l
}

func roundUp(n, a int) int { return (n + a - 1) / a * a }

// Size and Align are shorthands for Layout().
func (t *Type) Size() int  { return t.Layout().Size }
func (t *Type) Align() int { return t.Layout().Align }

// Features lists the optional features t needs.
func (t *Type) Features() []Feature {
	var fs []Feature
	seen := map[Feature]bool{}
	t.walkTypes(func(u *Type) {
		var f Feature
		switch u.Kind {
		case Int128, UInt128:
			f = FeatInt128
		case Float128:
			f = FeatFloat128
		default:
			return
		}
		if !seen[f] {
			seen[f] = true
			fs = append(fs, f)
		}
	})
	return fs
}

// walkTypes calls fn on t and every type inside it (pointer targets
// excluded: only their address is passed).
func (t *Type) walkTypes(fn func(*Type)) {
	fn(t)
	switch t.Kind {
	case Array:
		t.Elem.walkTypes(fn)
	case Struct, Union:
		for _, f := range t.Fields {
			f.Type.walkTypes(fn)
		}
	}
}

// String writes t in the type syntax of this package (ParseType reads
// it back): scalar names as in C, "T*" for a pointer ("void*"), "T[n]",
// "enum" / "enum-" (with a negative enumerator),
// "struct{F,F}" / "union{F,F}" with "pack(N)" before the brace, and
// fields "T", "T:bits", "~T:bits" (an unnamed bit-field), "alignas(N) T".
func (t *Type) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t *Type) write(b *strings.Builder) {
	switch t.Kind {
	case Pointer:
		if t.Elem == nil {
			b.WriteString("void")
		} else {
			t.Elem.write(b)
		}
		b.WriteString("*")
	case Array:
		t.Elem.write(b)
		fmt.Fprintf(b, "[%d]", t.Len)
	case Enum:
		b.WriteString("enum")
		if t.Signed {
			b.WriteString("-")
		}
	case Struct, Union:
		b.WriteString(t.Kind.String())
		if t.Pack > 0 {
			fmt.Fprintf(b, " pack(%d)", t.Pack)
		}
		b.WriteString("{")
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteString(",")
			}
			if f.Align > 0 {
				fmt.Fprintf(b, "alignas(%d) ", f.Align)
			}
			if f.Unnamed {
				b.WriteString("~")
			}
			f.Type.write(b)
			if f.Bits >= 0 {
				fmt.Fprintf(b, ":%d", f.Bits)
			}
		}
		b.WriteString("}")
	default:
		b.WriteString(t.Kind.String())
	}
}

// ParseType reads the syntax String writes.
func ParseType(s string) (*Type, error) {
	p := &typeParser{s: s}
	t, err := p.typ()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i != len(p.s) {
		return nil, fmt.Errorf("type %q: junk at %d", s, p.i)
	}
	return t, nil
}

// MustParseType is ParseType for types written in the program.
func MustParseType(s string) *Type {
	t, err := ParseType(s)
	if err != nil {
		panic(err)
	}
	return t
}

type typeParser struct {
	s string
	i int
}

func (p *typeParser) space() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *typeParser) eat(tok string) bool {
	p.space()
	if strings.HasPrefix(p.s[p.i:], tok) {
		p.i += len(tok)
		return true
	}
	return false
}

func (p *typeParser) num() (int, error) {
	p.space()
	j := p.i
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
	}
	n, err := strconv.Atoi(p.s[j:p.i])
	if err != nil {
		return 0, fmt.Errorf("type %q: number expected at %d", p.s, j)
	}
	return n, nil
}

func (p *typeParser) typ() (*Type, error) {
	t, err := p.base()
	if err != nil {
		return nil, err
	}
	for {
		switch {
		case p.eat("*"):
			t = &Type{Kind: Pointer, Elem: t}
		case p.eat("["):
			n, err := p.num()
			if err != nil {
				return nil, err
			}
			if !p.eat("]") {
				return nil, fmt.Errorf("type %q: ] expected at %d", p.s, p.i)
			}
			t = &Type{Kind: Array, Elem: t, Len: n}
		default:
			return t, nil
		}
	}
}

func (p *typeParser) base() (*Type, error) {
	p.space()
	for _, agg := range []Kind{Struct, Union} {
		if p.eat(agg.String()) {
			return p.aggregate(agg)
		}
	}
	if p.eat("enum") {
		return &Type{Kind: Enum, Signed: p.eat("-")}, nil
	}
	// The longest scalar name that matches.
	best := ""
	for name := range scalarNames {
		if len(name) > len(best) && strings.HasPrefix(p.s[p.i:], name) {
			rest := p.s[p.i+len(name):]
			if rest == "" || !isIdent(rest[0]) {
				best = name
			}
		}
	}
	if best == "" {
		if p.eat("void") {
			if !p.eat("*") {
				return nil, fmt.Errorf("type %q: void must be a pointer target", p.s)
			}
			return &Type{Kind: Pointer}, nil
		}
		return nil, fmt.Errorf("type %q: type expected at %d", p.s, p.i)
	}
	p.i += len(best)
	return Basic(scalarNames[best]), nil
}

func isIdent(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func (p *typeParser) aggregate(k Kind) (*Type, error) {
	t := &Type{Kind: k}
	if p.eat("pack(") {
		n, err := p.num()
		if err != nil {
			return nil, err
		}
		t.Pack = n
		if !p.eat(")") {
			return nil, fmt.Errorf("type %q: ) expected at %d", p.s, p.i)
		}
	}
	if !p.eat("{") {
		return nil, fmt.Errorf("type %q: { expected at %d", p.s, p.i)
	}
	for !p.eat("}") {
		if len(t.Fields) > 0 && !p.eat(",") {
			return nil, fmt.Errorf("type %q: , expected at %d", p.s, p.i)
		}
		f := Field{Bits: -1}
		if p.eat("alignas(") {
			n, err := p.num()
			if err != nil {
				return nil, err
			}
			f.Align = n
			if !p.eat(")") {
				return nil, fmt.Errorf("type %q: ) expected at %d", p.s, p.i)
			}
		}
		f.Unnamed = p.eat("~")
		ft, err := p.typ()
		if err != nil {
			return nil, err
		}
		f.Type = ft
		if !p.eat(":") {
			if f.Unnamed {
				return nil, fmt.Errorf("type %q: an unnamed member must be a bit-field (at %d)", p.s, p.i)
			}
			t.Fields = append(t.Fields, f)
			continue
		}
		n, err := p.num()
		if err != nil {
			return nil, err
		}
		f.Bits = n
		t.Fields = append(t.Fields, f)
	}
	if len(t.Fields) == 0 {
		return nil, fmt.Errorf("type %q: empty %s", p.s, k)
	}
	return t, nil
}
