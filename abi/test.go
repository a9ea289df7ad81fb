package abi

import (
	"fmt"
	"strings"
)

// Test is one call to check: a signature, the values the caller passes
// and the callee returns, and how the caller writes each argument.
type Test struct {
	ID   string // "r12" (random test 12), "p7" (PFSA path 7), "p7v" (its variadic version)
	Sig  Sig
	Seed uint64 // the values' seed
	Args []*Value
	Ret  *Value // nil for void
	// Lit tells, per argument, whether a scalar is passed as a literal
	// expression rather than through a local variable (Quest's "pass
	// simple values as literals", so that the compilers' code for both
	// is exercised).
	Lit []bool
	// Path is the PFSA path the signature realizes (transition indices),
	// for PFSA tests; nil for random ones.
	Path []int

	stream []byte    // the call's value bytes, arguments then return
	owner  []leafRef // the leaf each stream byte belongs to
	// Dups counts the 2-byte windows that could not be made unique
	// (zero in practice: see TestWindowsUnique).
	Dups int
}

// leafRef names a leaf: its argument (-1 for the return value) and path.
type leafRef struct {
	Arg  int
	Path string
}

func (l leafRef) String() string {
	if l.Arg < 0 {
		return "return value" + l.Path
	}
	return fmt.Sprintf("a%d%s", l.Arg, l.Path)
}

// splitmix is a 64-bit mixer: per-test seeds independent of how many
// tests come before.
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// TestSeed is the seed of test i of a run seeded with seed.
func TestSeed(seed uint64, kind byte, i int) uint64 {
	return splitmix(splitmix(seed^uint64(kind)<<56) + uint64(i))
}

// RandomTest is random test i of a run seeded with seed: the signature
// from cfg's generators, then the values.
func RandomTest(cfg Config, seed uint64, i int) *Test {
	return RandomTestTag(cfg, seed, "", i)
}

// RandomTestTag is random test i of the suite for compilers without the
// features tag names ("f": __float128, "i": __int128; see featureTag):
// cfg with those types' weights at 0. Its ID is "r"+tag+i.
func RandomTestTag(cfg Config, seed uint64, tag string, i int) *Test {
	s := TestSeed(seed, 'r', i)
	if tag != "" {
		s = TestSeed(s, tag[0], len(tag))
		w := map[string]int{}
		for k, v := range cfg.Weights {
			w[k] = v
		}
		if strings.Contains(tag, "f") {
			w["float128"] = 0
		}
		if strings.Contains(tag, "i") {
			w["int128"] = 0
		}
		cfg.Weights = w
	}
	r := NewRand(s, cfg.Depth)
	sig := cfg.Signature()(r)
	return NewTest(fmt.Sprintf("r%s%d", tag, i), sig, s)
}

// NewTest draws the values of a call of sig from seed, every 2-byte
// window of the call's bytes unique.
func NewTest(id string, sig Sig, seed uint64) *Test {
	t := &Test{ID: id, Sig: sig, Seed: seed}
	r := NewRand(splitmix(seed^0x76616c756573), 0)
	w := newWindows()
	var refs []leafRef
	leaf := 0
	draw := func(ty *Type, arg int) *Value {
		v := w.value(r, ty, &leaf)
		for _, l := range Leaves(ty, v) {
			refs = append(refs, leafRef{arg, l.Path})
		}
		return v
	}
	for i, a := range sig.Args() {
		t.Args = append(t.Args, draw(a, i))
		t.Lit = append(t.Lit, a.Kind.IsScalar() && r.IntN(2) == 0)
	}
	if sig.Ret != nil {
		t.Ret = draw(sig.Ret, -1)
	}
	t.stream, t.Dups = w.stream, w.dups
	for _, o := range w.owner {
		t.owner = append(t.owner, refs[o])
	}
	return t
}

// Locate says where the bytes got, which a side received instead of the
// value it expected, came from in the call: the leaf and byte offset of
// the first 2-byte window of got found in the call's stream ("" when
// none is).
func (t *Test) Locate(got []byte) string {
	for k := 0; k+1 < len(got); k++ {
		for p := 0; p+1 < len(t.stream); p++ {
			if t.stream[p] != got[k] || t.stream[p+1] != got[k+1] {
				continue
			}
			if t.owner[p] != t.owner[p+1] {
				continue // a window across two leaves: not evidence of a moved value
			}
			start := p
			for start > 0 && t.owner[start-1] == t.owner[p] {
				start--
			}
			if k == 0 && p == start {
				return "the bytes of " + t.owner[p].String()
			}
			return fmt.Sprintf("byte %d on: bytes %d.. of %s", k, p-start, t.owner[p])
		}
	}
	return ""
}

// Leaves of argument i (-1: the return value).
func (t *Test) Leaves(i int) []Leaf {
	if i < 0 {
		return Leaves(t.Sig.Ret, t.Ret)
	}
	return Leaves(t.Sig.Args()[i], t.Args[i])
}

// Describe summarizes the convention features the test involves, for
// the report: the return and each argument with its class and where the
// PFSA places it ("a5 struct(12) INTEGER,SSE in rdi..." ).
func (t *Test) Describe(p *PFSA) string {
	var parts []string
	pl, err := p.Place(t.Sig)
	for i, a := range t.Sig.Args() {
		s := fmt.Sprintf("a%d %s", i, short(a))
		if i >= len(t.Sig.Params) {
			s += " (variadic)"
		}
		if err == nil {
			s += " " + pl.Args[i]
		}
		parts = append(parts, s)
	}
	ret := "void"
	if t.Sig.Ret != nil {
		ret = short(t.Sig.Ret)
		if err == nil {
			ret += " " + pl.Ret
		}
	}
	return "returns " + ret + "; " + strings.Join(parts, "; ")
}

// short names a type by kind and size: "struct(12)", "double".
func short(t *Type) string {
	switch t.Kind {
	case Struct, Union:
		s := fmt.Sprintf("%s(%d)", t.Kind, t.Size())
		if t.Pack > 0 {
			s = "packed " + s
		}
		return s
	case Pointer:
		return "pointer"
	case Enum:
		return "enum"
	}
	return t.Kind.String()
}
