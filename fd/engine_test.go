package fd

import "testing"

// bounded is a brancher that puts a node bound on its first choice (the
// whole tree below it).
type bounded struct {
	Brancher
	bound int64
}

func (b bounded) Choose() Choice {
	c := b.Brancher.Choose()
	c.Bound = b.bound
	return c
}

func bools(n int) (*Store, []*Var) {
	s := NewStore()
	xs := make([]*Var, n)
	for i := range xs {
		xs[i] = s.NewBool()
	}
	return s, xs
}

// A run past its node bound ends Bounded; a bounded subtree past its bound
// is abandoned and makes the run partial; the meta-engine goes on until a
// run explores the whole tree, whose solutions are then all seen.
func TestEngineBounds(t *testing.T) {
	s, xs := bools(4) // 16 leaves, 31 nodes
	var sols int
	e := &Engine{S: s, B: s.Labeling(SearchOptions{Vars: xs}), Solution: func() bool { sols++; return false }}
	if o, partial := e.Run(Bound{Nodes: 10}); o != Bounded || partial || sols >= 16 {
		t.Fatalf("node bound: %v %v, %d solutions", o, partial, sols)
	}
	sols = 0
	e.B = bounded{e.B, 10}
	if o, partial := e.Run(Bound{}); o != Exhausted || !partial || sols >= 16 {
		t.Fatalf("subtree bound: %v %v, %d solutions", o, partial, sols)
	}
	if s.Level() != 0 {
		t.Fatalf("the store is not given back: level %d", s.Level())
	}
	var runs int
	e.B = s.Labeling(SearchOptions{Vars: xs})
	o, complete := e.Rounds(func(i int) Bound {
		runs++
		sols = 0
		return Bound{Nodes: 4 << i}
	})
	if o != Exhausted || !complete || sols != 16 || runs != 4 {
		t.Fatalf("rounds: %v %v, %d solutions in the last of %d runs", o, complete, sols, runs)
	}
	// A limit of the whole search ends the rounds.
	e = &Engine{S: s, B: s.Labeling(SearchOptions{Vars: xs}), MaxNodes: 20}
	if o, complete := e.Rounds(func(int) Bound { return Bound{Nodes: 8} }); o != Limited || complete || e.Nodes != 21 {
		t.Fatalf("limit: %v %v after %d nodes", o, complete, e.Nodes)
	}
}

// NearZero labels the value closest to zero first, then bisects: on a
// wide domain the first solution is the smallest in magnitude, found in a
// few nodes, never by enumeration.
func TestSearchNearZero(t *testing.T) {
	s := NewStore()
	x := s.NewVarInt64(-1<<40, 1<<40)
	y := s.NewVarInt64(-1<<40, 1<<40)
	if !s.PostAndPropagate(LinearInt64([]int64{1, 1}, []*Var{x, y}, Ge, 1000)) {
		t.Fatal("x + y ≥ 1000 failed")
	}
	vals, r := s.Solve(SearchOptions{Vars: []*Var{x, y}, ValSel: NearZero})
	if vals == nil || vals[0].Int64() != 0 || vals[1].Int64() != 1000 || s.Stats.Nodes > 100 {
		t.Fatalf("x + y ≥ 1000: %v %+v, %d nodes", vals, r, s.Stats.Nodes)
	}
	// Every value once: 0, then the positive half, then the negative.
	s = NewStore()
	x = s.NewVarInt64(-5, 5)
	var got []int64
	r = s.Search(SearchOptions{Vars: []*Var{x}, ValSel: NearZero}, func() bool {
		got = append(got, x.Val().Int64())
		return true
	})
	want := []int64{0, 1, 2, 3, 4, 5, -1, -2, -3, -4, -5}
	if !r.Complete || len(got) != len(want) {
		t.Fatalf("got %v (%+v), want %v", got, r, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}
