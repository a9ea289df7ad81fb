package fd

import (
	"testing"
)

// sendMore builds SEND+MORE=MONEY; it returns the store and the letters
// S E N D M O R Y.
func sendMore() (*Store, []*Var) {
	s := NewStore()
	xs := make([]*Var, 8)
	for i := range xs {
		xs[i] = s.NewVarInt64(0, 9)
	}
	S, E, N, D, M, O, R, Y := xs[0], xs[1], xs[2], xs[3], xs[4], xs[5], xs[6], xs[7]
	s.Post(AllDifferent(xs))
	s.Post(CmpInt64(S, Ne, 0), CmpInt64(M, Ne, 0))
	s.Post(LinearInt64(
		[]int64{1000, 100, 10, 1, 1000, 100, 10, 1, -10000, -1000, -100, -10, -1},
		[]*Var{S, E, N, D, M, O, R, E, M, O, N, E, Y}, Eq, 0))
	return s, xs
}

// queens builds N-queens with three AllDifferentOffset (or pairwise ≠ when
// pairwise is set).
func queens(n int, pairwise bool) (*Store, []*Var) {
	s := NewStore()
	q := make([]*Var, n)
	for i := range q {
		q[i] = s.NewVarInt64(0, int64(n-1))
	}
	if pairwise {
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				s.Post(Cmp(q[i], Ne, q[j]))
				s.Post(CmpOff(q[i], Ne, q[j], I64(int64(j-i))))
				s.Post(CmpOff(q[i], Ne, q[j], I64(int64(i-j))))
			}
		}
		return s, q
	}
	up := make([]Int, n)
	down := make([]Int, n)
	for i := range q {
		up[i], down[i] = I64(int64(i)), I64(int64(-i))
	}
	s.Post(AllDifferent(q), AllDifferentOffset(q, up), AllDifferentOffset(q, down))
	return s, q
}

func TestSendMore(t *testing.T) {
	s, xs := sendMore()
	vals, r := s.Solve(SearchOptions{Vars: xs, VarSel: FirstFail})
	if vals == nil || r.Solutions != 1 {
		t.Fatalf("no solution: %+v", r)
	}
	want := []int64{9, 5, 6, 7, 1, 0, 8, 2}
	for i, v := range vals {
		if v != I64(want[i]) {
			t.Fatalf("got %v want %v", vals, want)
		}
	}
	n := s.Search(SearchOptions{Vars: xs}, nil)
	if n.Solutions != 1 || !n.Complete {
		t.Fatalf("count: %+v", n)
	}
}

func TestQueensCount(t *testing.T) {
	want := map[int]int64{4: 2, 5: 10, 6: 4, 7: 40, 8: 92}
	for n, w := range want {
		for _, pw := range []bool{false, true} {
			s, q := queens(n, pw)
			r := s.Search(SearchOptions{Vars: q, VarSel: FirstFail}, nil)
			if r.Solutions != w || !r.Complete {
				t.Errorf("queens %d pairwise=%v: %+v want %d", n, pw, r, w)
			}
		}
	}
}
