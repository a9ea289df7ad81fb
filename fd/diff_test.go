package fd

import (
	"math/rand"
	"testing"
)

// bfDist is Bellman-Ford on an edge list: dist[src][v], or ok false on a
// negative cycle.
type bfEdge struct {
	from, to int
	w        int64
}

func bfDistances(n int, edges []bfEdge) (dist [][]int64, reach [][]bool, ok bool) {
	dist = make([][]int64, n)
	reach = make([][]bool, n)
	for s := 0; s < n; s++ {
		dist[s] = make([]int64, n)
		reach[s] = make([]bool, n)
		reach[s][s] = true
		for i := 0; i < n; i++ {
			for _, e := range edges {
				if reach[s][e.from] && (!reach[s][e.to] || dist[s][e.from]+e.w < dist[s][e.to]) {
					reach[s][e.to] = true
					dist[s][e.to] = dist[s][e.from] + e.w
				}
			}
		}
		for _, e := range edges {
			if reach[s][e.from] && dist[s][e.from]+e.w < dist[s][e.to] {
				return nil, nil, false
			}
		}
	}
	return dist, reach, true
}

// checkPotentials asserts that π satisfies every edge.
func checkPotentials(t *testing.T, s *Store) {
	t.Helper()
	g := s.diff
	if g == nil {
		return
	}
	for y, es := range g.out {
		for _, e := range es {
			if g.pi[y].Add(e.w).Less(g.pi[e.to]) {
				t.Fatalf("potential violates edge %d → %d (%v): π = %v, %v", y, e.to, e.w, g.pi[y], g.pi[e.to])
			}
		}
	}
}

// TestDiffGraphAgainstBellmanFord adds random difference constraints and
// disequalities, some inside choice points, and checks after each one
// that the store fails exactly when the constraints posted so far have a
// negative cycle or force a disequality's difference, that the distances
// the graph reports are the shortest ones, and that Pop gives the graph
// back.
func TestDiffGraphAgainstBellmanFord(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for iter := 0; iter < 5000; iter++ {
		n := 2 + r.Intn(4)
		s := NewStore()
		xs := make([]*Var, n)
		for i := range xs {
			xs[i] = s.NewVarInt64(-1e12, 1e12)
		}
		type ne struct {
			x, y int
			c    int64
		}
		var edges []bfEdge
		var nes []ne
		levels := []int{} // len(edges), len(nes) at each Push
		for step := 0; step < 12; step++ {
			if r.Intn(5) == 0 {
				s.Push()
				levels = append(levels, len(edges), len(nes))
				continue
			}
			if len(levels) > 0 && r.Intn(6) == 0 {
				s.Pop()
				nes = nes[:levels[len(levels)-1]]
				edges = edges[:levels[len(levels)-2]]
				levels = levels[:len(levels)-2]
				checkPotentials(t, s)
				continue
			}
			x, y := r.Intn(n), r.Intn(n)
			c := int64(r.Intn(5) - 2)
			var ok bool
			if r.Intn(4) == 0 {
				nes = append(nes, ne{x, y, c})
				ok = s.addNe(xs[x], xs[y], c2i(c))
			} else {
				edges = append(edges, bfEdge{y, x, c})
				ok = s.addDiff(xs[x], xs[y], c2i(c))
			}
			dist, reach, consistent := bfDistances(n, edges)
			want := consistent
			if consistent {
				for _, d := range nes {
					if (d.x == d.y && d.c == 0) || (reach[d.y][d.x] && reach[d.x][d.y] && dist[d.y][d.x] <= d.c && dist[d.x][d.y] <= -d.c) {
						want = false
					}
				}
			}
			if ok != want {
				t.Fatalf("iter %d step %d: store ok=%v, want %v (edges %v, nes %v)", iter, step, ok, want, edges, nes)
			}
			if !ok {
				break
			}
			checkPotentials(t, s)
			for a := 0; a < n; a++ {
				for b := 0; b < n; b++ {
					if a == b {
						continue
					}
					d, found := s.graph().distance(pos(xs[a]), pos(xs[b]))
					if found != reach[a][b] || (found && d != c2i(dist[a][b])) {
						t.Fatalf("iter %d: distance %d ⇝ %d = %v %v, want %d %v", iter, a, b, d, found, dist[a][b], reach[a][b])
					}
				}
			}
		}
	}
}

func c2i(c int64) Int { return I64(c) }

// TestDiffGraphLongChain: a chain of n ≤ edges closed by one more edge is
// refuted at once, and the potentials survive many choice points.
func TestDiffGraphLongChain(t *testing.T) {
	s := NewStore()
	const n = 2000
	xs := make([]*Var, n)
	for i := range xs {
		xs[i] = s.NewVarInt64(-1e15, 1e15)
	}
	for i := 0; i+1 < n; i++ {
		if !s.addDiff(xs[i+1], xs[i], I64(-1)) { // x[i+1] < x[i]
			t.Fatal("chain refuted")
		}
	}
	for k := 0; k < 100; k++ {
		s.Push()
		if s.addDiff(xs[0], xs[n-1], I64(int64(n-2))) { // x0 - x[n-1] ≤ n-2 < n-1
			t.Fatal("negative cycle missed")
		}
		s.Pop()
		s.Push()
		if !s.addDiff(xs[0], xs[n-1], I64(int64(n-1))) {
			t.Fatal("zero cycle refuted")
		}
		if s.addNe(xs[0], xs[n-1], I64(int64(n-1))) {
			t.Fatal("forced difference missed")
		}
		s.Pop()
	}
	checkPotentials(t, s)
}

// TestDiffGraphSums: unit two-variable inequalities ±x ± y ≤ c. A failure
// of the graph must be a real contradiction (no assignment of the
// variables' domains satisfies what was posted), and sums that contradict
// each other fail at once.
func TestDiffGraphSums(t *testing.T) {
	type utvpi struct {
		a, x, b, y int
		c          int64
	}
	r := rand.New(rand.NewSource(11))
	fails := 0
	for iter := 0; iter < 3000; iter++ {
		n := 2 + r.Intn(3)
		s := NewStore()
		xs := make([]*Var, n)
		for i := range xs {
			xs[i] = s.NewVarInt64(-6, 6)
		}
		var cs []utvpi
		for step := 0; step < 6; step++ {
			sgn := func() int { return 1 - 2*r.Intn(2) }
			u := utvpi{sgn(), r.Intn(n), sgn(), r.Intn(n), int64(r.Intn(13) - 6)}
			cs = append(cs, u)
			if s.addUTVPI(u.a, xs[u.x], u.b, xs[u.y], I64(u.c)) && !s.Failed() {
				checkPotentials(t, s)
				continue
			}
			fails++
			// Brute force over the domains: no solution may exist.
			vals := make([]int64, n)
			var rec func(i int) bool
			rec = func(i int) bool {
				if i == n {
					for _, u := range cs {
						if int64(u.a)*vals[u.x]+int64(u.b)*vals[u.y] > u.c {
							return false
						}
					}
					return true
				}
				for v := int64(-6); v <= 6; v++ {
					vals[i] = v
					if rec(i + 1) {
						return true
					}
				}
				return false
			}
			if rec(0) {
				t.Fatalf("iter %d: the graph failed on satisfiable %v", iter, cs)
			}
			break
		}
	}
	if fails < 100 {
		t.Fatalf("only %d failures: the test exercises little", fails)
	}
	s := NewStore()
	a, b := s.NewVarInt64(-1e9, 1e9), s.NewVarInt64(-1e9, 1e9)
	if !s.Post(Linear([]Int{I64(1), I64(1)}, []*Var{a, b}, Eq, I64(3))) {
		t.Fatal("a + b = 3 failed")
	}
	if s.Post(Linear([]Int{I64(1), I64(1)}, []*Var{a, b}, Eq, I64(5))) && s.Propagate() {
		t.Fatal("a + b = 3 ∧ a + b = 5 not refuted")
	}
	if s.Stats.Propagations > 10 {
		t.Fatalf("a + b = 3 ∧ a + b = 5 refuted after %d propagations, not by the graph", s.Stats.Propagations)
	}
}
