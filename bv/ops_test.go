package bv

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/go-air/gini/z"
)

// eval computes every node of c for one assignment of the input literals
// (bit-parallel: 64 assignments at once, one per bit of a uint64).
type eval struct {
	c    *Circuit
	vals []uint64
}

func newEval(c *Circuit) *eval { return &eval{c: c, vals: make([]uint64, c.Gates()+1)} }

// set gives input vector v the values xs (up to 64 of them, one per lane).
func (e *eval) set(v Vec, xs []uint64) {
	for i, m := range v {
		var lanes uint64
		for l, x := range xs {
			if i < 64 && x>>uint(i)&1 == 1 {
				lanes |= 1 << uint(l)
			}
		}
		e.vals[m.Var()] = lanes
	}
}

func (e *eval) run() {
	c := e.c.c
	e.vals[1] = ^uint64(0)
	for i := 2; i < c.Len(); i++ {
		a, b := c.Ins(c.At(i))
		if a == z.LitNull {
			continue // an input
		}
		e.vals[i] = e.lit(a) & e.lit(b)
	}
}

func (e *eval) lit(m z.Lit) uint64 {
	v := e.vals[m.Var()]
	if !m.IsPos() {
		return ^v
	}
	return v
}

// get returns the value of v in lane l.
func (e *eval) get(v Vec, l int) uint64 {
	var x uint64
	for i, m := range v {
		if e.lit(m)>>uint(l)&1 == 1 {
			x |= 1 << uint(i)
		}
	}
	return x
}

func (e *eval) bit(m z.Lit, l int) bool { return e.lit(m)>>uint(l)&1 == 1 }

// ---- reference semantics on w-bit values, through math/big ----

func mask(w int) uint64 { return ^uint64(0) >> uint(64-w) }

func sext(x uint64, w int) int64 { return int64(x<<uint(64-w)) >> uint(64-w) }

func signedBig(x uint64, w int) *big.Int { return big.NewInt(sext(x, w)) }

func fitsSigned(v *big.Int, w int) bool {
	lo := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(w-1)))
	hi := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w-1)), big.NewInt(1))
	return v.Cmp(lo) >= 0 && v.Cmp(hi) <= 0
}

func b2u(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// binop is an operator under test: its circuit and its reference.
type binop struct {
	name  string
	build func(c *Circuit, a, b Vec) Vec // a result vector or a one-bit predicate
	ref   func(a, b uint64, w int) uint64
}

func lit1(m z.Lit) Vec { return Vec{m} }

func udiv(a, b uint64, w int) (uint64, uint64) {
	if b == 0 {
		return mask(w), a
	}
	return a / b, a % b
}

func sdiv(a, b uint64, w int) (uint64, uint64) {
	x, y := sext(a, w), sext(b, w)
	if y == 0 {
		if x >= 0 {
			return mask(w), a
		}
		return 1, a
	}
	return uint64(x/y) & mask(w), uint64(x%y) & mask(w)
}

func shiftRef(a, n uint64, w int, kind string) uint64 {
	if n >= uint64(w) {
		if kind == "ashr" && sext(a, w) < 0 {
			return mask(w)
		}
		return 0
	}
	switch kind {
	case "shl":
		return a << n & mask(w)
	case "lshr":
		return a >> n
	}
	return uint64(sext(a, w)>>n) & mask(w)
}

var binops = []binop{
	{"add", (*Circuit).Add, func(a, b uint64, w int) uint64 { return (a + b) & mask(w) }},
	{"sub", (*Circuit).Sub, func(a, b uint64, w int) uint64 { return (a - b) & mask(w) }},
	{"mul", (*Circuit).Mul, func(a, b uint64, w int) uint64 { return (a * b) & mask(w) }},
	{"and", (*Circuit).AndV, func(a, b uint64, w int) uint64 { return a & b }},
	{"or", (*Circuit).OrV, func(a, b uint64, w int) uint64 { return a | b }},
	{"xor", (*Circuit).XorV, func(a, b uint64, w int) uint64 { return a ^ b }},
	{"udiv", func(c *Circuit, a, b Vec) Vec { q, _ := c.UDivRem(a, b); return q },
		func(a, b uint64, w int) uint64 { q, _ := udiv(a, b, w); return q }},
	{"urem", func(c *Circuit, a, b Vec) Vec { _, r := c.UDivRem(a, b); return r },
		func(a, b uint64, w int) uint64 { _, r := udiv(a, b, w); return r }},
	{"sdiv", func(c *Circuit, a, b Vec) Vec { q, _ := c.SDivRem(a, b); return q },
		func(a, b uint64, w int) uint64 { q, _ := sdiv(a, b, w); return q }},
	{"srem", func(c *Circuit, a, b Vec) Vec { _, r := c.SDivRem(a, b); return r },
		func(a, b uint64, w int) uint64 { _, r := sdiv(a, b, w); return r }},
	{"shl", (*Circuit).Shl, func(a, b uint64, w int) uint64 { return shiftRef(a, b, w, "shl") }},
	{"lshr", (*Circuit).LShr, func(a, b uint64, w int) uint64 { return shiftRef(a, b, w, "lshr") }},
	{"ashr", (*Circuit).AShr, func(a, b uint64, w int) uint64 { return shiftRef(a, b, w, "ashr") }},
	{"eq", func(c *Circuit, a, b Vec) Vec { return lit1(c.Eq(a, b)) }, func(a, b uint64, w int) uint64 { return b2u(a == b) }},
	{"ult", func(c *Circuit, a, b Vec) Vec { return lit1(c.Ult(a, b)) }, func(a, b uint64, w int) uint64 { return b2u(a < b) }},
	{"ule", func(c *Circuit, a, b Vec) Vec { return lit1(c.Ule(a, b)) }, func(a, b uint64, w int) uint64 { return b2u(a <= b) }},
	{"slt", func(c *Circuit, a, b Vec) Vec { return lit1(c.Slt(a, b)) },
		func(a, b uint64, w int) uint64 { return b2u(sext(a, w) < sext(b, w)) }},
	{"sle", func(c *Circuit, a, b Vec) Vec { return lit1(c.Sle(a, b)) },
		func(a, b uint64, w int) uint64 { return b2u(sext(a, w) <= sext(b, w)) }},
	{"saddo", func(c *Circuit, a, b Vec) Vec { return lit1(c.SAddOverflow(a, b)) },
		func(a, b uint64, w int) uint64 {
			return b2u(!fitsSigned(new(big.Int).Add(signedBig(a, w), signedBig(b, w)), w))
		}},
	{"ssubo", func(c *Circuit, a, b Vec) Vec { return lit1(c.SSubOverflow(a, b)) },
		func(a, b uint64, w int) uint64 {
			return b2u(!fitsSigned(new(big.Int).Sub(signedBig(a, w), signedBig(b, w)), w))
		}},
	{"smulo", func(c *Circuit, a, b Vec) Vec { return lit1(c.SMulOverflow(a, b)) },
		func(a, b uint64, w int) uint64 {
			return b2u(!fitsSigned(new(big.Int).Mul(signedBig(a, w), signedBig(b, w)), w))
		}},
	{"sdivo", func(c *Circuit, a, b Vec) Vec { return lit1(c.SDivOverflow(a, b)) },
		func(a, b uint64, w int) uint64 { return b2u(a == 1<<uint(w-1) && b == mask(w)) }},
	{"divzero", func(c *Circuit, a, b Vec) Vec { return lit1(c.DivByZero(b)) }, func(a, b uint64, w int) uint64 { return b2u(b == 0) }},
	{"shiftub-signed", func(c *Circuit, a, b Vec) Vec { return lit1(c.ShiftCountUB(b, true, len(a))) },
		func(a, b uint64, w int) uint64 { return b2u(sext(b, w) < 0 || sext(b, w) >= int64(w)) }},
	{"shiftub-unsigned", func(c *Circuit, a, b Vec) Vec { return lit1(c.ShiftCountUB(b, false, len(a))) },
		func(a, b uint64, w int) uint64 { return b2u(b >= uint64(w)) }},
	{"sshlub", func(c *Circuit, a, b Vec) Vec {
		// Only meaningful for counts in range: outside, the answer is
		// the count's UB; the reference below says the same.
		return lit1(c.Or(c.SShlUB(a, b), c.ShiftCountUB(b, false, len(a))))
	}, func(a, b uint64, w int) uint64 {
		if b >= uint64(w) {
			return 1
		}
		x := sext(a, w)
		return b2u(x < 0 || !fitsSigned(new(big.Int).Lsh(big.NewInt(x), uint(b)), w))
	}},
}

// checkBinop compares op's circuit with its reference on the pairs (as, bs).
func checkBinop(t *testing.T, op binop, w int, as, bs []uint64) {
	t.Helper()
	c := New()
	a, b := c.Inputs(w), c.Inputs(w)
	out := op.build(c, a, b)
	e := newEval(c)
	for i := 0; i < len(as); i += 64 {
		j := min(i+64, len(as))
		e.set(a, as[i:j])
		e.set(b, bs[i:j])
		e.run()
		for l := 0; l < j-i; l++ {
			x, y := as[i+l], bs[i+l]
			if got, want := e.get(out, l), op.ref(x, y, w); got != want {
				t.Fatalf("%s/%d(%#x, %#x) = %#x, want %#x", op.name, w, x, y, got, want)
			}
		}
	}
}

// TestBinopsExhaustive checks every operator on every pair of 4- and 8-bit
// values against Go arithmetic.
func TestBinopsExhaustive(t *testing.T) {
	for _, w := range []int{4, 8} {
		var as, bs []uint64
		for x := uint64(0); x <= mask(w); x++ {
			for y := uint64(0); y <= mask(w); y++ {
				as, bs = append(as, x), append(bs, y)
			}
		}
		for _, op := range binops {
			t.Run(fmt.Sprintf("%s/%d", op.name, w), func(t *testing.T) { checkBinop(t, op, w, as, bs) })
		}
	}
}

// edgy returns n values of w bits: random ones mixed with the edges
// (0, ±1, the extremes, powers of two and their neighbours).
func edgy(r *rand.Rand, w, n int) []uint64 {
	edges := []uint64{0, 1, 2, mask(w), mask(w) - 1, 1 << uint(w-1), 1<<uint(w-1) - 1, 1<<uint(w-1) + 1}
	for k := 0; k < w; k++ {
		edges = append(edges, 1<<uint(k), (1<<uint(k)+1)&mask(w), (1<<uint(k)-1)&mask(w))
	}
	out := make([]uint64, n)
	for i := range out {
		switch r.IntN(4) {
		case 0:
			out[i] = edges[r.IntN(len(edges))]
		case 1:
			out[i] = r.Uint64() & mask(w) >> uint(r.IntN(w)) // small magnitudes
		case 2:
			out[i] = uint64(r.IntN(2*w+2)) & mask(w) // shift counts around w
		default:
			out[i] = r.Uint64() & mask(w)
		}
	}
	return out
}

// TestBinopsRandom checks every operator at 32 and 64 bits on random
// operands biased toward the edges.
func TestBinopsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, w := range []int{32, 64} {
		as, bs := edgy(r, w, 64*40), edgy(r, w, 64*40)
		for _, op := range binops {
			t.Run(fmt.Sprintf("%s/%d", op.name, w), func(t *testing.T) { checkBinop(t, op, w, as, bs) })
		}
	}
}

// TestUnaryAndWidths checks Neg, Not, SNegOverflow and the width changes
// exhaustively at 8 bits.
func TestUnaryAndWidths(t *testing.T) {
	c := New()
	a := c.Inputs(8)
	neg, not, nego := c.Neg(a), c.Not(a), c.SNegOverflow(a)
	z16, s16, t4 := c.ZExt(a, 16), c.SExt(a, 16), c.Trunc(a, 4)
	ext := c.Extract(a, 6, 2)
	r8s, r4 := c.Resize(a, 16, true), c.Resize(a, 4, false)
	e := newEval(c)
	for x := uint64(0); x < 256; x += 64 {
		var xs []uint64
		for l := uint64(0); l < 64; l++ {
			xs = append(xs, x+l)
		}
		e.set(a, xs)
		e.run()
		for l, v := range xs {
			checks := []struct {
				name      string
				got, want uint64
			}{
				{"neg", e.get(neg, l), -v & 0xff},
				{"not", e.get(not, l), ^v & 0xff},
				{"nego", b2u(e.bit(nego, l)), b2u(v == 0x80)},
				{"zext", e.get(z16, l), v},
				{"sext", e.get(s16, l), uint64(sext(v, 8)) & 0xffff},
				{"trunc", e.get(t4, l), v & 0xf},
				{"extract", e.get(ext, l), v >> 2 & 0x1f},
				{"resize-signed", e.get(r8s, l), uint64(sext(v, 8)) & 0xffff},
				{"resize-narrow", e.get(r4, l), v & 0xf},
			}
			for _, ch := range checks {
				if ch.got != ch.want {
					t.Fatalf("%s(%#x) = %#x, want %#x", ch.name, v, ch.got, ch.want)
				}
			}
		}
	}
}

// TestShiftAmountWidths checks shifts whose amount is narrower or wider
// than the shifted value, and counts of every width against 32-bit values.
func TestShiftAmountWidths(t *testing.T) {
	for _, nw := range []int{3, 5, 6, 7, 16, 64} {
		c := New()
		a, n := c.Inputs(32), c.Inputs(nw)
		shl, lshr, ashr := c.Shl(a, n), c.LShr(a, n), c.AShr(a, n)
		ub := c.ShiftCountUB(n, false, 32)
		r := rand.New(rand.NewPCG(uint64(nw), 3))
		as, ns := edgy(r, 32, 64), edgy(r, nw, 64)
		e := newEval(c)
		e.set(a, as)
		e.set(n, ns)
		e.run()
		for l := range as {
			for _, k := range []struct {
				name string
				v    Vec
			}{{"shl", shl}, {"lshr", lshr}, {"ashr", ashr}} {
				if got, want := e.get(k.v, l), shiftRef(as[l], ns[l], 32, k.name); got != want {
					t.Fatalf("%s(%#x, %d) with a %d-bit amount = %#x, want %#x", k.name, as[l], ns[l], nw, got, want)
				}
			}
			if got := e.bit(ub, l); got != (ns[l] >= 32) {
				t.Fatalf("ShiftCountUB(%d) with a %d-bit amount = %v", ns[l], nw, got)
			}
		}
	}
}

// TestSelectUpdate checks reads and writes of a small memory at
// addresses that are not contiguous, with misses.
func TestSelectUpdate(t *testing.T) {
	c := New()
	addrs := []uint64{3, 4, 9}
	cells := []Vec{c.Inputs(8), c.Inputs(8), c.Inputs(8)}
	p, v := c.Inputs(6), c.Inputs(8)
	val, hit := c.Select(p, addrs, cells)
	upd := c.Update(p, addrs, cells, v)
	e := newEval(c)
	init := []uint64{0x11, 0x22, 0x33}
	for i, cell := range cells {
		e.set(cell, []uint64{init[i]})
	}
	for ptr := uint64(0); ptr < 64; ptr++ {
		e.set(p, []uint64{ptr})
		e.set(v, []uint64{0xee})
		e.run()
		k := -1
		for i, a := range addrs {
			if a == ptr {
				k = i
			}
		}
		if e.bit(hit, 0) != (k >= 0) {
			t.Fatalf("Select(%d): hit = %v", ptr, e.bit(hit, 0))
		}
		want := uint64(0)
		if k >= 0 {
			want = init[k]
		}
		if got := e.get(val, 0); got != want {
			t.Fatalf("Select(%d) = %#x, want %#x", ptr, got, want)
		}
		for i := range cells {
			want := init[i]
			if i == k {
				want = 0xee
			}
			if got := e.get(upd[i], 0); got != want {
				t.Fatalf("Update(%d): cell %d = %#x, want %#x", ptr, addrs[i], got, want)
			}
		}
	}
}

// TestConstantFolding: a product with a constant costs only the adders of
// the constant's one bits, and constants fold to constants.
func TestConstantFolding(t *testing.T) {
	c := New()
	x := c.Inputs(32)
	before := c.Gates()
	c.Mul(x, c.Const(32, 1<<7))
	if c.Gates() != before {
		t.Errorf("x * 128 built %d gates, want none (a shift)", c.Gates()-before)
	}
	k, ok := c.IsConst(c.Mul(c.Const(32, 12345), c.Const(32, 678)))
	if !ok || k != 12345*678 {
		t.Errorf("12345 * 678 = %d (constant %v)", k, ok)
	}
	q, r := c.UDivRem(c.Const(16, 1000), c.Const(16, 7))
	if qv, _ := c.IsConst(q); qv != 142 {
		t.Errorf("1000 / 7 = %d", qv)
	}
	if rv, _ := c.IsConst(r); rv != 6 {
		t.Errorf("1000 %% 7 = %d", rv)
	}
}
