package bv

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestHashInversion finds x with (x * 0x9E3779B1) >> 16 == 0x1234 on 32
// bits, and proves that no x has x * 0x9E3779B1 == k other than the one
// the multiplicative inverse gives (an odd multiplier is a bijection).
func TestHashInversion(t *testing.T) {
	c := New()
	s := NewSolver(c)
	x := c.Inputs(32)
	h := c.Mul(x, c.Const(32, 0x9E3779B1))
	goal := c.Eq(c.LShr(h, c.Const(32, 16)), c.Const(32, 0x1234))
	if r := s.Solve(Budget{}, goal); r != Sat {
		t.Fatalf("inversion: %v", r)
	}
	v := uint32(s.Value(x))
	if v*0x9E3779B1>>16 != 0x1234 {
		t.Fatalf("x = %#x does not invert the hash", v)
	}
	// The inverse of 0x9E3779B1 mod 2^32, by Newton's iteration.
	inv := uint32(0x9E3779B1)
	for i := 0; i < 5; i++ {
		inv *= 2 - 0x9E3779B1*inv
	}
	k := uint32(0xdeadbeef)
	other := c.And(c.Eq(h, c.Const(32, uint64(k))), c.Eq(x, c.Const(32, uint64(k*inv))).Not())
	if r := s.Solve(Budget{}, other); r != Unsat {
		t.Fatalf("second preimage: %v (x = %#x)", r, s.Value(x))
	}
	// The first question still has its answer: nothing was asserted.
	if r := s.Solve(Budget{}, goal); r != Sat {
		t.Fatalf("inversion again: %v", r)
	}
}

// TestSolveAgainstEval checks the Tseitin encoding against the circuit's
// own evaluation: for random operands, the solver asked for the inputs
// that give each operator's value on them finds inputs on which the
// reference gives that value.
func TestSolveAgainstEval(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for _, op := range binops {
		c := New()
		s := NewSolver(c)
		a, b := c.Inputs(8), c.Inputs(8)
		out := op.build(c, a, b)
		for i := 0; i < 8; i++ {
			x, y := r.Uint64()&0xff, r.Uint64()&0xff
			want := op.ref(x, y, 8)
			// Fix a; ask for some b that gives the same result.
			q := c.And(c.Eq(a, c.Const(8, x)), c.Eq(out, c.Const(len(out), want)))
			if res := s.Solve(Budget{}, q); res != Sat {
				t.Fatalf("%s: no b with %#x op b = %#x: %v", op.name, x, want, res)
			}
			if got := op.ref(s.Value(a), s.Value(b), 8); s.Value(a) != x || got != want {
				t.Fatalf("%s: the model a=%#x b=%#x gives %#x, want a=%#x and %#x", op.name, s.Value(a), s.Value(b), got, x, want)
			}
		}
	}
}

// TestAssertAndAssumptions: asserted facts hold in every later question,
// assumptions only in theirs.
func TestAssertAndAssumptions(t *testing.T) {
	c := New()
	s := NewSolver(c)
	x := c.Inputs(16)
	s.Assert(c.Ult(x, c.Const(16, 100)))
	big := c.Ult(c.Const(16, 200), x)
	if r := s.Solve(Budget{}, big); r != Unsat {
		t.Fatalf("x < 100 and x > 200: %v", r)
	}
	odd := x[0]
	if r := s.Solve(Budget{}, odd, c.Ult(c.Const(16, 97), x)); r != Sat || s.Value(x) != 99 {
		t.Fatalf("odd x in 98..99: %v, x = %d", r, s.Value(x))
	}
	if r := s.Solve(Budget{}, odd.Not(), c.Eq(x, c.Const(16, 99))); r != Unsat {
		t.Fatalf("even x = 99: %v", r)
	}
}

// TestBudget: a question too hard for its budget is unknown, and the
// solver still answers the next one.
func TestBudget(t *testing.T) {
	c := New()
	s := NewSolver(c)
	// Factor a product of two 32-bit primes: hard for a SAT solver.
	p, q := uint64(3000000019), uint64(3001000027)
	x, y := c.Inputs(64), c.Inputs(64)
	half := c.Const(64, 1<<32)
	hard := c.Ands(c.Eq(c.Mul(x, y), c.Const(64, p*q)), c.Ult(x, half), c.Ult(y, half),
		c.Ult(c.Const(64, 1), x), c.Ult(c.Const(64, 1), y))
	if r := s.Solve(Budget{Ticks: 2}, hard); r != Unknown {
		t.Fatalf("factoring within 2 ticks: %v", r)
	}
	if s.Ticks < 2 {
		t.Errorf("ticks counted: %d", s.Ticks)
	}
	easy := c.Eq(c.Add(x, y), c.Const(64, 10))
	if r := s.Solve(Budget{Ticks: 100}, easy); r != Sat || s.Value(x)+s.Value(y) != 10 {
		t.Fatalf("after a stopped solve: %v", r)
	}
}

// TestPopcountCardinality refutes two disjoint 64-bit masks of weights 40
// and 30 (70 bits in 64) through the SWAR population count, whose last
// step is a wrapping product by 0x0101010101010101: a cardinality argument
// the solver has to find through the adders. With the product's rows
// summed one after the other into an accumulator it took 959 ticks; the
// balanced tree of Mul takes a third of that. The bound is on ticks
// (gini's own count of propagations), not on time: it does not depend on
// the machine.
func TestPopcountCardinality(t *testing.T) {
	c := New()
	k := func(v uint64) Vec { return c.Const(64, v) }
	popcount := func(x Vec) Vec {
		x = c.Sub(x, c.AndV(c.LShr(x, k(1)), k(0x5555555555555555)))
		x = c.Add(c.AndV(x, k(0x3333333333333333)), c.AndV(c.LShr(x, k(2)), k(0x3333333333333333)))
		x = c.AndV(c.Add(x, c.LShr(x, k(4))), k(0x0F0F0F0F0F0F0F0F))
		return c.LShr(c.Mul(x, k(0x0101010101010101)), k(56))
	}
	a, b := c.Inputs(64), c.Inputs(64)
	disjoint := c.IsZero(c.AndV(a, b))
	s := NewSolver(c)
	// Weights 40 and 20 fit: the count is right on the masks found.
	if r := s.Solve(Budget{}, c.Ands(c.Eq(popcount(a), k(40)), c.Eq(popcount(b), k(20)), disjoint)); r != Sat {
		t.Fatalf("weights 40 and 20: %v", r)
	}
	if va, vb := s.Value(a), s.Value(b); bits.OnesCount64(va) != 40 || bits.OnesCount64(vb) != 20 || va&vb != 0 {
		t.Fatalf("weights 40 and 20: a = %#x, b = %#x", va, vb)
	}
	s = NewSolver(c)
	if r := s.Solve(Budget{Ticks: 600}, c.Ands(c.Eq(popcount(a), k(40)), c.Eq(popcount(b), k(30)), disjoint)); r != Unsat {
		t.Fatalf("weights 40 and 30: %v after %d ticks (want unsat within 600)", r, s.Ticks)
	}
}
