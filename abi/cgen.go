package abi

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Config controls the distribution of the random signatures (Lindig's
// "ANSI" generator, with its knobs exposed): the weights pick among the
// type constructors, the ranges bound counts and lengths.
type Config struct {
	// Weights of the type constructors: "int" (an integer type, _Bool
	// included), "float" (float, double), "longdouble", "int128",
	// "float128", "pointer", "enum", "struct", "union", "packed"
	// (a struct under #pragma pack), and for struct members "array",
	// "bitfield", "alignas". For return types "void".
	Weights   map[string]int
	Depth     int    // recursion budget of aggregates (Smaller)
	Params    [2]int // number of named parameters, min and max
	Variadic  int    // percent of callees that are variadic
	Varargs   [2]int // number of extra arguments of a variadic callee
	Members   [2]int // members of a struct or union
	ArrayLen  [2]int // length of an array member
	Bitfields [2]int // runs of bit-fields in a struct member slot
}

// DefaultConfig is the distribution of `inka abi --random`: every
// integer and floating type, pointers, enums, structs and unions nested
// two deep with arrays, bit-fields, packing and alignment, 0 to 16
// parameters, a quarter of the callees variadic.
func DefaultConfig() Config {
	return Config{
		Weights: map[string]int{
			"int": 10, "float": 6, "longdouble": 2, "int128": 1, "float128": 1,
			"pointer": 3, "enum": 2, "struct": 8, "union": 3, "packed": 1,
			"array": 3, "bitfield": 3, "alignas": 1, "void": 2,
		},
		Depth: 2, Params: [2]int{0, 16}, Variadic: 25, Varargs: [2]int{1, 5},
		Members: [2]int{1, 4}, ArrayLen: [2]int{1, 4}, Bitfields: [2]int{1, 3},
	}
}

// SetWeights parses "name=w,name=w" into c's weights.
func (c *Config) SetWeights(spec string) error {
	for _, kv := range strings.Split(spec, ",") {
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		w, err := strconv.Atoi(v)
		if !ok || err != nil || w < 0 {
			return fmt.Errorf("weight %q: want name=N with N >= 0", kv)
		}
		if _, known := DefaultConfig().Weights[k]; !known {
			return fmt.Errorf("weight %q: unknown name (known: %s)", k, strings.Join(weightNames(), ", "))
		}
		c.Weights[k] = w
	}
	return nil
}

func weightNames() []string {
	var ns []string
	for n := range DefaultConfig().Weights {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}

func (c Config) w(name string) int { return c.Weights[name] }

// Check reports a configuration the generators cannot run: no scalar
// with a positive weight, or an empty range.
func (c Config) Check() error {
	scalars := 0
	for _, n := range []string{"int", "int128", "float", "longdouble", "float128", "enum", "pointer"} {
		scalars += c.w(n)
	}
	if scalars == 0 {
		return fmt.Errorf("weights: no scalar type has a positive weight")
	}
	for _, r := range []struct {
		name string
		r    [2]int
	}{{"params", c.Params}, {"varargs", c.Varargs}, {"members", c.Members}, {"array length", c.ArrayLen}, {"bit-fields", c.Bitfields}} {
		if r.r[0] < 0 || r.r[1] < r.r[0] {
			return fmt.Errorf("%s: bad range %d..%d", r.name, r.r[0], r.r[1])
		}
	}
	if c.Members[0] < 1 || c.ArrayLen[0] < 1 || c.Varargs[0] < 1 {
		return fmt.Errorf("members, array lengths and varargs start at 1")
	}
	return nil
}

// integers are the integer scalar kinds (enum apart).
var integers = []Kind{Bool, Char, SChar, UChar, Short, UShort, Int, UInt, Long, ULong, LongLong, ULongLong}

// Scalar generates a scalar type.
func (c Config) Scalar() Gen[*Type] {
	return Frequency(
		Weighted[*Type]{c.w("int"), Map(Elements(integers...), Basic)},
		Weighted[*Type]{c.w("int128"), Map(Elements(Int128, UInt128), Basic)},
		Weighted[*Type]{c.w("float"), Map(Elements(Float, Double), Basic)},
		Weighted[*Type]{c.w("longdouble"), Unit(Basic(LongDouble))},
		Weighted[*Type]{c.w("float128"), Unit(Basic(Float128))},
		Weighted[*Type]{c.w("enum"), Map(Elements(false, true), func(s bool) *Type { return &Type{Kind: Enum, Signed: s} })},
		Weighted[*Type]{c.w("pointer"), c.pointer()},
	)
}

// pointer generates a pointer type; its target only names the type
// (the value passed is an address that is never dereferenced).
func (c Config) pointer() Gen[*Type] {
	return Map(Elements[*Type](nil, Basic(Char), Basic(Int), Basic(Double), MustParseType("struct{int,double}")),
		func(t *Type) *Type { return &Type{Kind: Pointer, Elem: t} })
}

// Arg generates the type of an argument or of a member: a scalar when
// the recursion budget is spent, else (Smaller) a scalar or an aggregate
// whose members are Args themselves.
func (c Config) Arg() Gen[*Type] {
	return Bind(IsZero, func(zero bool) Gen[*Type] {
		if zero {
			return c.Scalar()
		}
		return SmallerFrequency(
			Weighted[*Type]{c.w("int") + c.w("int128") + c.w("float") + c.w("longdouble") + c.w("float128") + c.w("enum") + c.w("pointer"), c.Scalar()},
			Weighted[*Type]{c.w("struct"), c.structGen(0)},
			Weighted[*Type]{c.w("packed"), Bind(Elements(1, 2, 4), c.structGen)},
			Weighted[*Type]{c.w("union"), c.unionGen()},
		)
	})
}

// structGen generates a struct, packed to pack bytes when pack > 0.
// Packed structs get no bit-fields and no _Alignas: gcc, clang and tcc
// lay out the combinations differently enough that a layout rule, not
// the calling convention, would be tested.
func (c Config) structGen(pack int) Gen[*Type] {
	member := c.member(pack == 0)
	return func(r *Rand) *Type {
		n := Choose(c.Members[0], c.Members[1])(r)
		t := &Type{Kind: Struct, Pack: pack}
		for len(t.Fields) < n {
			t.Fields = append(t.Fields, member(r)...)
		}
		if !hasNamed(t) {
			t.Fields = append(t.Fields, Field{Type: Basic(Int), Bits: -1})
		}
		return t
	}
}

func hasNamed(t *Type) bool {
	for _, f := range t.Fields {
		if !f.Unnamed {
			return true
		}
	}
	return false
}

// member generates one struct member slot: an Arg, an array of Args,
// a run of bit-fields, or an _Alignas member.
func (c Config) member(plain bool) Gen[[]Field] {
	one := func(g Gen[*Type]) Gen[[]Field] {
		return Map(g, func(t *Type) []Field { return []Field{{Type: t, Bits: -1}} })
	}
	ws := []Weighted[[]Field]{
		{10, one(c.Arg())},
		{c.w("array"), one(c.array())},
	}
	if plain {
		ws = append(ws,
			Weighted[[]Field]{c.w("bitfield"), List(Choose(c.Bitfields[0], c.Bitfields[1]), bitfield)},
			Weighted[[]Field]{c.w("alignas"), Map(c.Arg(), func(t *Type) []Field {
				a := 16 // over-aligned: pads the struct to a 16-byte multiple
				if t.Align() >= a {
					a = 0
				}
				return []Field{{Type: t, Bits: -1, Align: a}}
			})},
		)
	}
	return Frequency(ws...)
}

// array generates an array type of Args.
func (c Config) array() Gen[*Type] {
	return func(r *Rand) *Type {
		n := Choose(c.ArrayLen[0], c.ArrayLen[1])(r)
		return &Type{Kind: Array, Elem: c.Arg()(r), Len: n}
	}
}

// bitfield generates one bit-field: a named one of a width that fits its
// type, an unnamed padding one, or (rarely) a zero-width one.
func bitfield(r *Rand) Field {
	k := Elements(Bool, Char, UChar, Short, UShort, Int, UInt, Long, ULong, LongLong, ULongLong)(r)
	bits := 8 * scalarSize(k)
	if k == Bool {
		bits = 1
	}
	switch r.IntN(10) {
	case 0:
		return Field{Type: Basic(k), Bits: 0, Unnamed: true}
	case 1:
		return Field{Type: Basic(k), Bits: 1 + r.IntN(bits), Unnamed: true}
	}
	return Field{Type: Basic(k), Bits: 1 + r.IntN(bits)}
}

// unionGen generates a union of Args (no bit-fields).
func (c Config) unionGen() Gen[*Type] {
	return func(r *Rand) *Type {
		n := Choose(c.Members[0], c.Members[1])(r)
		t := &Type{Kind: Union}
		for i := 0; i < n; i++ {
			g := c.Arg()
			if r.IntN(10) < c.w("array") {
				g = c.array()
			}
			t.Fields = append(t.Fields, Field{Type: g(r), Bits: -1})
		}
		return t
	}
}

// Ret generates a return type: void, or an Arg.
func (c Config) Ret() Gen[*Type] {
	return Frequency(
		Weighted[*Type]{c.w("void"), Unit[*Type](nil)},
		Weighted[*Type]{10, c.Arg()},
	)
}

// Signature generates a signature: a return type, named parameters and,
// for Variadic percent of them, extra arguments.
func (c Config) Signature() Gen[Sig] {
	return func(r *Rand) Sig {
		s := Sig{Ret: c.Ret()(r), Params: List(Choose(c.Params[0], c.Params[1]), c.Arg())(r)}
		if len(s.Params) > 0 && r.IntN(100) < c.Variadic {
			s.Varargs = List(Choose(c.Varargs[0], c.Varargs[1]), c.Arg())(r)
		}
		return s
	}
}
