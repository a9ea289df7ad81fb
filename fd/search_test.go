package fd

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

var allVarSels = []VarSelect{InputOrder, FirstFail, MostConstrained}
var allValSels = []ValSelect{ValMin, ValMax, ValMid, ValRandom, Split, SplitHigh}

// randomProblem builds a small random CSP and returns its variables and
// constraints (posted on s).
func randomProblem(r *rand.Rand, s *Store) ([]*Var, []Constraint) {
	n := 2 + r.IntN(3)
	xs := make([]*Var, n)
	for i := range xs {
		xs[i] = s.NewVarDom(smallDom(r, int64(r.IntN(7)-3), 2+r.IntN(5)))
	}
	pick := func() *Var { return xs[r.IntN(n)] }
	var cs []Constraint
	for k := 0; k < 1+r.IntN(4); k++ {
		switch r.IntN(6) {
		case 0:
			cs = append(cs, Cmp(pick(), randRel(r), pick()))
		case 1:
			cs = append(cs, LinearInt64([]int64{int64(r.IntN(5) - 2), int64(r.IntN(5) - 2)}, []*Var{pick(), pick()}, randRel(r), int64(r.IntN(7)-3)))
		case 2:
			cs = append(cs, Times(pick(), pick(), pick()))
		case 3:
			cs = append(cs, AllDifferent(xs))
		case 4:
			cs = append(cs, Or(CmpInt64(pick(), Eq, int64(r.IntN(5)-2)), Cmp(pick(), Lt, pick())))
		case 5:
			cs = append(cs, Reify(s.NewBool(), Cmp(pick(), Le, pick())))
		}
	}
	return xs, cs
}

func bruteCount(xs []*Var, cs []Constraint) (int64, map[string]bool) {
	doms := make([]Domain, len(xs))
	for i, x := range xs {
		doms[i] = x.Dom()
	}
	sols := map[string]bool{}
	for _, tp := range tuples(doms) {
		val := func(x *Var) Int { return tp[x.ID()] }
		ok := true
		for _, c := range cs {
			if rc, isReif := c.(*reifC); isReif {
				// the reified constraint's b is not labeled: b exists
				ok = ok && (rc.c.Check(val) || !rc.c.Check(val))
				continue
			}
			ok = ok && c.Check(val)
		}
		if ok {
			sols[fmt.Sprint(tp)] = true
		}
	}
	return int64(len(sols)), sols
}

func TestSearchCountsAgainstBruteForce(t *testing.T) {
	iters := 150
	if testing.Short() {
		iters = 40
	}
	for seed := 0; seed < iters; seed++ {
		r := rand.New(rand.NewPCG(uint64(seed), 99))
		s := NewStore()
		xs, cs := randomProblem(r, s)
		want, wantSols := bruteCount(xs, cs)
		s.Post(cs...)
		for _, vs := range allVarSels {
			for _, val := range allValSels {
				got := map[string]bool{}
				res := s.Search(SearchOptions{Vars: xs, VarSel: vs, ValSel: val, Seed: uint64(seed)}, func() bool {
					tp := make([]Int, len(xs))
					for i, x := range xs {
						if !x.IsFixed() {
							t.Fatalf("solution with unfixed %v", x)
						}
						tp[i] = x.Val()
					}
					k := fmt.Sprint(tp)
					if got[k] {
						t.Fatalf("solution %s found twice", k)
					}
					if !wantSols[k] {
						t.Fatalf("%v is not a solution of %v", k, cs)
					}
					got[k] = true
					return true
				})
				if res.Solutions != want || !res.Complete || res.Limit {
					t.Fatalf("seed %d %v/%v: %+v, brute force %d (%v)", seed, vs, val, res, want, cs)
				}
			}
		}
		if s.Level() != 0 {
			t.Fatal("search left choice points open")
		}
	}
}

func TestSearchStrategiesQueens(t *testing.T) {
	for _, vs := range allVarSels {
		for _, val := range allValSels {
			s, q := queens(8, false)
			r := s.Search(SearchOptions{Vars: q, VarSel: vs, ValSel: val, Seed: 3}, nil)
			if r.Solutions != 92 || !r.Complete {
				t.Errorf("%v/%v: %+v", vs, val, r)
			}
			n := 12
			if vs == FirstFail {
				n = 30
			}
			s, q = queens(n, false)
			vals, r := s.Solve(SearchOptions{Vars: q, VarSel: vs, ValSel: val, Seed: 3, NodeLimit: 200000})
			if vals == nil {
				t.Errorf("%d queens %v/%v: no solution (%+v)", n, vs, val, r)
				continue
			}
			checkQueens(t, vals)
		}
	}
}

func checkQueens(t *testing.T, vals []Int) {
	t.Helper()
	for i := range vals {
		for j := i + 1; j < len(vals); j++ {
			a, b := vals[i].Int64(), vals[j].Int64()
			if a == b || a-b == int64(j-i) || b-a == int64(j-i) {
				t.Fatalf("not a queens solution: %v", vals)
			}
		}
	}
}

func TestSearchLimits(t *testing.T) {
	s, q := queens(12, true)
	r := s.Search(SearchOptions{Vars: q, NodeLimit: 50}, nil)
	if !r.Limit || r.Complete || s.Stats.Nodes > 2*50 { // two alternatives a node
		t.Fatalf("node limit: %+v %v", r, s.Stats)
	}
	s, q = queens(12, true)
	r = s.Search(SearchOptions{Vars: q, FailLimit: 20}, nil)
	if !r.Limit || s.Stats.Failures > 20 {
		t.Fatalf("fail limit: %+v %v", r, s.Stats)
	}
	s, q = queens(40, true)
	r = s.Search(SearchOptions{Vars: q, TimeLimit: 1}, nil) // 1ns: stops at the first clock check
	if !r.Limit || r.Complete {
		t.Fatalf("time limit: %+v", r)
	}
	s, q = queens(8, false)
	r = s.Search(SearchOptions{Vars: q, MaxSolutions: 5}, nil)
	if r.Solutions != 5 || r.Complete {
		t.Fatalf("max solutions: %+v", r)
	}
	stop := 0
	r = s.Search(SearchOptions{Vars: q}, func() bool { stop++; return stop < 3 })
	if r.Solutions != 3 || r.Complete {
		t.Fatalf("callback stop: %+v", r)
	}
	// Unsatisfiable: 3 queens.
	s, q = queens(3, false)
	r = s.Search(SearchOptions{Vars: q}, nil)
	if r.Solutions != 0 || !r.Complete {
		t.Fatalf("3 queens: %+v", r)
	}
}

func TestSearchDeterminism(t *testing.T) {
	run := func(seed uint64, restarts bool) ([]Int, Stats) {
		s, q := queens(24, false)
		vals, _ := s.Solve(SearchOptions{Vars: q, VarSel: FirstFail, ValSel: ValRandom, Seed: seed, Restarts: restarts, RestartScale: 5})
		st := s.Stats
		st.Time = 0
		return vals, st
	}
	for _, restarts := range []bool{false, true} {
		a, sa := run(42, restarts)
		b, sb := run(42, restarts)
		if fmt.Sprint(a) != fmt.Sprint(b) || sa != sb {
			t.Fatalf("restarts=%v: same seed, different search: %v %v / %v %v", restarts, a, sa, b, sb)
		}
		checkQueens(t, a)
	}
	differ := false
	a, _ := run(1, false)
	for seed := uint64(2); seed < 6 && !differ; seed++ {
		b, _ := run(seed, false)
		differ = fmt.Sprint(a) != fmt.Sprint(b)
	}
	if !differ {
		t.Fatal("the seed has no effect on ValRandom")
	}
}

func TestSearchRestarts(t *testing.T) {
	s, q := queens(40, true)
	vals, r := s.Solve(SearchOptions{Vars: q, VarSel: FirstFail, ValSel: ValRandom, Restarts: true, RestartScale: 10, Seed: 7})
	if vals == nil {
		t.Fatalf("no solution: %+v", r)
	}
	checkQueens(t, vals)
	// With restarts an unsatisfiable problem is still proved so.
	s, q = queens(3, true)
	_, r = s.Solve(SearchOptions{Vars: q, Restarts: true, RestartScale: 1})
	if r.Solutions != 0 || !r.Complete {
		t.Fatalf("3 queens with restarts: %+v", r)
	}
}

func TestSearchSplitWide(t *testing.T) {
	// x·y = 1009·1013 over 32-bit ints: only bisection can get there.
	s := NewStore()
	x := s.NewVar(I64(2), I64(1<<31-1))
	y := s.NewVar(I64(2), I64(1<<31-1))
	s.Post(Times(s.ConstInt64(1009*1013), x, y), Cmp(x, Le, y))
	vals, r := s.Solve(SearchOptions{Vars: []*Var{x, y}, ValSel: Split})
	if vals == nil || vals[0] != I64(1009) || vals[1] != I64(1013) {
		t.Fatalf("got %v %+v", vals, r)
	}
	n := s.Search(SearchOptions{Vars: []*Var{x, y}, ValSel: Split}, nil)
	if n.Solutions != 1 || !n.Complete {
		t.Fatalf("count %+v", n)
	}
	// Unsigned 64-bit: x + y wraps to 5 with x, y ≥ 2^63.
	s = NewStore()
	x = s.NewVar(U64(1<<63), U64(1<<64-1))
	y = s.NewVar(U64(1<<63), U64(1<<64-1))
	z := s.NewVar(TypeRange(64, false))
	s.Post(WrapOp(z, x, OpAdd, y, 64, false), CmpInt64(z, Eq, 5), Cmp(x, Le, y))
	vals, r = s.Solve(SearchOptions{Vars: []*Var{x, y}, ValSel: Split})
	if vals == nil || vals[0].Add(vals[1]) != Pow2(64).Add(I64(5)) {
		t.Fatalf("wrap: %v %+v", vals, r)
	}
}

func TestStats(t *testing.T) {
	s, xs := sendMore()
	if s.Stats.Constraints != 4 {
		t.Fatalf("constraints %d", s.Stats.Constraints)
	}
	s.Solve(SearchOptions{Vars: xs})
	st := s.Stats
	if st.Prunings == 0 || st.Propagations == 0 || st.Nodes == 0 || st.Failures == 0 || st.Time == 0 {
		t.Fatalf("stats: %v", st)
	}
}
