package bv

import (
	"testing"

	"github.com/go-air/gini/z"
)

// loose is a question with many answers, the one gini gives depending
// on where its search stands: the high 12 bits of hard's mix.
func loose(c *Circuit, x Vec) z.Lit {
	h := c.XorV(c.Mul(x, c.Const(32, 0x9E3779B1)), c.Mul(c.LShr(x, c.Const(32, 7)), c.Const(32, 0x85EBCA6B)))
	return c.Eq(c.Extract(h, 31, 20), c.Const(12, 0xabc))
}

// hard is a question gini needs tens of ticks for: a 32-bit x with
// x * 0x9E3779B1 ^ (x >> 7) * 0x85EBCA6B equal to a constant.
func hard(c *Circuit) (Vec, z.Lit) {
	x := c.Inputs(32)
	h := c.XorV(c.Mul(x, c.Const(32, 0x9E3779B1)), c.Mul(c.LShr(x, c.Const(32, 7)), c.Const(32, 0x85EBCA6B)))
	return x, c.Eq(h, c.Const(32, 0x12345678))
}

// TestBudgetEdge checks that a budget stops gini where its count of
// propagations says, whatever the timing: the question needs T ticks, so
// a budget of T ticks (or a caller's budget of T) answers unknown and
// one more answers sat, every time.
func TestBudgetEdge(t *testing.T) {
	c := New()
	x, q := hard(c)
	s := NewSolver(c)
	if r := s.Solve(Budget{}, q); r != Sat {
		t.Fatalf("unbudgeted: %v", r)
	}
	T, want := s.Ticks, s.Value(x)
	if T < 2 {
		t.Fatalf("only %d ticks: gini's count of propagations is not read", T)
	}
	for i := 0; i < 3; i++ {
		for _, b := range []struct {
			name string
			b    Budget
			want Result
		}{
			{"ticks T", Budget{Ticks: T}, Unknown},
			{"ticks T+1", Budget{Ticks: T + 1}, Sat},
			{"caller's T-1", Budget{Tick: countdown(T - 1)}, Unknown},
			{"caller's T", Budget{Tick: countdown(T)}, Sat},
		} {
			s := NewSolver(c)
			if r := s.Solve(b.b, q); r != b.want {
				t.Fatalf("%s (T = %d): %v, want %v", b.name, T, r, b.want)
			}
			if b.want == Sat && s.Value(x) != want {
				t.Fatalf("%s: x = %#x, unbudgeted %#x", b.name, s.Value(x), want)
			}
		}
	}
}

// countdown is a caller's budget that allows n ticks.
func countdown(n int64) func() bool {
	return func() bool { n--; return n >= 0 }
}

// TestFreshAfterUnknown checks that a search stopped by its budget leaves
// nothing behind: the next question gets the answer a new solver gives.
func TestFreshAfterUnknown(t *testing.T) {
	c := New()
	x, q := hard(c)
	big := c.Ult(c.Const(32, 1<<20), x) // a fact: x > 2^20
	s := NewSolver(c)
	s.Assert(big)
	if r := s.Solve(Budget{Ticks: 3}, q); r != Unknown {
		t.Fatalf("3 ticks: %v", r)
	}
	l := loose(c, x)
	if r := s.Solve(Budget{}, l); r != Sat {
		t.Fatalf("after unknown: %v", r)
	}
	ref := NewSolver(c)
	ref.Assert(big)
	if r := ref.Solve(Budget{}, l); r != Sat {
		t.Fatalf("new solver: %v", r)
	}
	if s.Value(x) != ref.Value(x) || s.Value(x) <= 1<<20 {
		t.Fatalf("after unknown x = %#x, a new solver %#x (the fact wants > 2^20)", s.Value(x), ref.Value(x))
	}
}
