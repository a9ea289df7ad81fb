package fd

import (
	"fmt"
	"testing"
)

// Benchmarks; bench/fd/*.mzn holds the same models for Gecode and
// bench/fd/run.sh compares the two. Each iteration builds the model and
// searches for the first solution (Gecode's solveTime excludes flattening
// but includes posting, so this is close to like for like).

func BenchmarkSendMore(b *testing.B) {
	for i := 0; i < b.N; i++ {
		s, xs := sendMore()
		if vals, _ := s.Solve(SearchOptions{Vars: xs, VarSel: FirstFail}); vals == nil {
			b.Fatal("no solution")
		}
		report(b, s)
	}
}

// report adds the search effort to the benchmark line, to compare with
// Gecode's nodes and failures.
func report(b *testing.B, s *Store) {
	b.ReportMetric(float64(s.Stats.Nodes), "nodes")
	b.ReportMetric(float64(s.Stats.Failures), "fails")
}

func BenchmarkQueens(b *testing.B) {
	for _, n := range []int{8, 16, 32, 64} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s, q := queens(n, false)
				if vals, _ := s.Solve(SearchOptions{Vars: q, VarSel: FirstFail}); vals == nil {
					b.Fatal("no solution")
				}
				report(b, s)
			}
		})
	}
}

// BenchmarkQueensPairwise is the decomposition into n²·3/2 binary ≠.
func BenchmarkQueensPairwise(b *testing.B) {
	for _, n := range []int{8, 16, 32, 64} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s, q := queens(n, true)
				if vals, _ := s.Solve(SearchOptions{Vars: q, VarSel: FirstFail}); vals == nil {
					b.Fatal("no solution")
				}
				report(b, s)
			}
		})
	}
}

// magic builds the magic sequence of length n: s[i] = #{j | s[j] = i},
// with the redundant Σ s = n and Σ i·s[i] = n.
func magic(n int) (*Store, []*Var) {
	s := NewStore()
	xs := make([]*Var, n)
	for i := range xs {
		xs[i] = s.NewVarInt64(0, int64(n))
	}
	a := make([]int64, n)
	for i := range xs {
		s.Post(Count(xs, I64(int64(i)), xs[i]))
		a[i] = int64(i)
	}
	s.Post(Sum(xs, Eq, I64(int64(n))))
	s.Post(LinearInt64(a, xs, Eq, int64(n)))
	return s, xs
}

func BenchmarkMagic(b *testing.B) {
	for _, n := range []int{20, 50} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s, xs := magic(n)
				if vals, _ := s.Solve(SearchOptions{Vars: xs}); vals == nil {
					b.Fatal("no solution")
				}
				report(b, s)
			}
		})
	}
}

// factor: x·y = p·q over 32-bit ints, x ≤ y, bisection.
func factor(p, q int64) (*Store, []*Var) {
	s := NewStore()
	x := s.NewVar(I64(2), I64(1<<31-2))
	y := s.NewVar(I64(2), I64(1<<31-2))
	s.Post(Times(s.Const(I64(p).MulSat(I64(q))), x, y), Cmp(x, Le, y))
	return s, []*Var{x, y}
}

func BenchmarkFactor(b *testing.B) {
	for _, pq := range [][2]int64{{46337, 46327}, {1000003, 999983}} {
		b.Run(fmt.Sprint(pq[0], "x", pq[1]), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s, xs := factor(pq[0], pq[1])
				vals, _ := s.Solve(SearchOptions{Vars: xs, ValSel: Split})
				if vals == nil || vals[0] != I64(pq[1]) {
					b.Fatal("no solution", vals)
				}
				report(b, s)
			}
		})
	}
}

// nonlinear: x·y + z = -4857, y·z - x = -30633, x·z + y = 83349 over
// 32-bit ints, products in 32 bits; the solution is (123, -45, 678).
func nonlinear() (*Store, []*Var) {
	s := NewStore()
	lo, hi := I64(-(1<<31 - 2)), I64(1<<31-2)
	x, y, z := s.NewVar(lo, hi), s.NewVar(lo, hi), s.NewVar(lo, hi)
	xy, yz, xz := s.NewVar(lo, hi), s.NewVar(lo, hi), s.NewVar(lo, hi)
	s.Post(Times(xy, x, y), Times(yz, y, z), Times(xz, x, z))
	s.Post(LinearInt64([]int64{1, 1}, []*Var{xy, z}, Eq, -4857))
	s.Post(LinearInt64([]int64{1, -1}, []*Var{yz, x}, Eq, -30633))
	s.Post(LinearInt64([]int64{1, 1}, []*Var{xz, y}, Eq, 83349))
	return s, []*Var{x, y, z}
}

func BenchmarkNonlinear(b *testing.B) {
	for i := 0; i < b.N; i++ {
		s, xs := nonlinear()
		vals, _ := s.Solve(SearchOptions{Vars: xs, ValSel: Split})
		if vals == nil || vals[0] != I64(123) {
			b.Fatal("no solution", vals)
		}
		report(b, s)
	}
}

// TestBenchModels runs each benchmark model once, so they stay correct.
func TestBenchModels(t *testing.T) {
	s, xs := magic(20)
	vals, _ := s.Solve(SearchOptions{Vars: xs})
	if vals == nil || vals[0] != I64(16) || vals[16] != one {
		t.Fatalf("magic 20: %v", vals)
	}
	s, xs = nonlinear()
	vals, r := s.Solve(SearchOptions{Vars: xs, ValSel: Split, NodeLimit: 100000})
	if vals == nil || vals[0] != I64(123) || vals[1] != I64(-45) || vals[2] != I64(678) {
		t.Fatalf("nonlinear: %v %+v", vals, r)
	}
	s, xs = factor(46337, 46327)
	vals, r = s.Solve(SearchOptions{Vars: xs, ValSel: Split, NodeLimit: 1000000})
	if vals == nil || vals[0] != I64(46327) {
		t.Fatalf("factor: %v %+v", vals, r)
	}
	s, q := queens(64, false)
	vals, _ = s.Solve(SearchOptions{Vars: q, VarSel: FirstFail})
	checkQueens(t, vals)
}
