package abi

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"
)

// A test is a function of the seed and its index: the same anywhere,
// whatever was generated before it.
func TestRandomTestDeterministic(t *testing.T) {
	cfg := DefaultConfig()
	for i := 0; i < 200; i++ {
		a, b := RandomTest(cfg, 42, i), RandomTest(cfg, 42, i)
		if a.Sig.String() != b.Sig.String() || fmt.Sprint(values(a)) != fmt.Sprint(values(b)) {
			t.Fatalf("test %d differs between two generations:\n%s\n%s", i, a.Sig, b.Sig)
		}
	}
	same := 0
	for i := 0; i < 100; i++ {
		if RandomTest(cfg, 1, i).Sig.String() == RandomTest(cfg, 2, i).Sig.String() {
			same++
		}
	}
	if same > 10 {
		t.Errorf("seeds 1 and 2 give the same signature %d times in 100", same)
	}
}

// values lists the bits of every leaf of a test.
func values(t *Test) []uint64 {
	var vs []uint64
	for i := -1; i < len(t.Args); i++ {
		if i < 0 && t.Ret == nil {
			continue
		}
		for _, l := range t.Leaves(i) {
			vs = append(vs, l.Val.Lo, l.Val.Hi)
		}
	}
	return vs
}

// The default distribution reaches every kind of type, every kind of
// member, variadic callees in about the configured share, and keeps the
// nesting within the recursion budget.
func TestDefaultDistribution(t *testing.T) {
	cfg := DefaultConfig()
	kinds := map[Kind]int{}
	var bitfields, unnamed, packed, aligned, variadic, maxParams, deepest int
	const n = 2000
	for i := 0; i < n; i++ {
		s := RandomTest(cfg, 7, i).Sig
		if s.Variadic() {
			variadic++
		}
		maxParams = max(maxParams, len(s.Params))
		all := s.Args()
		if s.Ret != nil {
			all = append(all, s.Ret)
		}
		for _, a := range all {
			deepest = max(deepest, nesting(a))
			a.walkTypes(func(u *Type) {
				kinds[u.Kind]++
				if u.Pack > 0 {
					packed++
				}
				for _, f := range u.Fields {
					if f.Bits >= 0 {
						bitfields++
					}
					if f.Unnamed {
						unnamed++
					}
					if f.Align > 0 {
						aligned++
					}
				}
			})
		}
	}
	for k := Bool; k <= Array; k++ {
		if kinds[k] == 0 {
			t.Errorf("no %s in %d signatures", k, n)
		}
	}
	if bitfields == 0 || unnamed == 0 || packed == 0 || aligned == 0 {
		t.Errorf("bit-fields %d, unnamed %d, packed %d, aligned %d: want some of each", bitfields, unnamed, packed, aligned)
	}
	if variadic < n/5 || variadic > n/3 {
		t.Errorf("%d variadic callees in %d, want about a quarter", variadic, n)
	}
	if maxParams != cfg.Params[1] {
		t.Errorf("at most %d parameters, want %d", maxParams, cfg.Params[1])
	}
	// Smaller spends the budget on each aggregate level; arrays (member
	// slots) add a level each.
	if deepest > 2*(cfg.Depth+1) {
		t.Errorf("nesting %d exceeds the budget %d", deepest, cfg.Depth)
	}
}

func nesting(t *Type) int {
	d := 0
	switch t.Kind {
	case Array:
		d = nesting(t.Elem)
	case Struct, Union:
		for _, f := range t.Fields {
			d = max(d, nesting(f.Type))
		}
	default:
		return 0
	}
	return d + 1
}

// Weights control the distribution: with struct and union at 0 there
// are no aggregates; with only float, only floating types.
func TestWeights(t *testing.T) {
	cfg := DefaultConfig()
	if err := cfg.SetWeights("struct=0,union=0,packed=0"); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 300; i++ {
		for _, a := range RandomTest(cfg, 3, i).Sig.Args() {
			if a.Kind == Struct || a.Kind == Union {
				t.Fatalf("aggregate %s with weight 0", a)
			}
		}
	}
	cfg = DefaultConfig()
	cfg.Weights = map[string]int{"float": 1}
	for i := 0; i < 100; i++ {
		for _, a := range RandomTest(cfg, 3, i).Sig.Args() {
			if a.Kind != Float && a.Kind != Double {
				t.Fatalf("%s with only float weighted", a)
			}
		}
	}
	if err := cfg.SetWeights("banana=3"); err == nil {
		t.Error("unknown weight accepted")
	}
	cfg.Weights = map[string]int{"struct": 1}
	if err := cfg.Check(); err == nil {
		t.Error("a distribution without scalars accepted")
	}
}

// Every 2-byte window of a call's value bytes is unique, and a value's
// bytes name the leaf they belong to.
func TestWindowsUnique(t *testing.T) {
	cfg := DefaultConfig()
	for i := 0; i < 300; i++ {
		tc := RandomTest(cfg, 11, i)
		if tc.Dups != 0 {
			t.Errorf("%s: %d repeated windows", tc.ID, tc.Dups)
		}
		seen := map[uint16]int{}
		for p := 0; p+1 < len(tc.stream); p++ {
			w := uint16(tc.stream[p])<<8 | uint16(tc.stream[p+1])
			if q, ok := seen[w]; ok {
				t.Fatalf("%s: window %04x at %d and %d", tc.ID, w, q, p)
			}
			seen[w] = p
		}
		for a := range tc.Args {
			for _, l := range tc.Leaves(a) {
				if !validFloat(l.Type.Kind, l.Bytes()) {
					t.Errorf("%s: a%d%s: %x is not a normal %s", tc.ID, a, l.Path, l.Bytes(), l.Type.Kind)
				}
				bs := l.Bytes()
				if l.Bits > 0 && l.Bits%8 != 0 || l.Type.Kind == Bool { // the masked top byte is not in the stream
					bs = bs[:len(bs)-1]
				}
				if len(bs) < 2 {
					continue
				}
				want := fmt.Sprintf("a%d%s", a, l.Path)
				if got := tc.Locate(bs); got != "the bytes of "+want {
					t.Fatalf("%s: Locate(bytes of %s) = %q", tc.ID, want, got)
				}
			}
		}
	}
}

// Locate names a value that arrived shifted by some bytes.
func TestLocateShifted(t *testing.T) {
	tc := NewTest("x", Sig{Params: []*Type{Basic(Long), Basic(Long)}}, 5)
	var b [16]byte
	binary.LittleEndian.PutUint64(b[:], tc.Args[0].Lo)
	binary.LittleEndian.PutUint64(b[8:], tc.Args[1].Lo)
	got := tc.Locate(b[4:12]) // the high half of a0, the low half of a1
	if !strings.Contains(got, "bytes 4.. of a0") {
		t.Errorf("Locate of a value shifted by 4 bytes: %q", got)
	}
}

func TestSigRoundTrip(t *testing.T) {
	cfg := DefaultConfig()
	for i := 0; i < 300; i++ {
		s := RandomTest(cfg, 5, i).Sig
		back, err := ParseSig(s.String())
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		if back.String() != s.String() {
			t.Fatalf("ParseSig(%q) = %q", s, back)
		}
	}
}
