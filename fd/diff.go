package fd

// Difference constraints x - y ≤ c (from x < y, x ≤ y, x = y, x = y + c
// ... once posted) are also kept in a graph, edge y → x of weight c, and a
// negative cycle is a failure. Bounds propagation alone refutes a cycle
// such as x ≤ y ∧ y < x only by shrinking the domains one value per round
// (2^32 rounds on C ints), and a test generator meets such cycles all the
// time: a path that compares the same sides of a triangle both ways. The
// check costs a bounded Bellman-Ford (SPFA) from the new edge's head.

type diffEdge struct {
	to *Var
	w  Int
}

type diffNe struct {
	x, y *Var
	c    Int
}

type diffGraph struct {
	out map[*Var][]diffEdge
	// ne lists the disequalities x - y ≠ c posted: one is violated when
	// the graph implies x - y = c.
	ne []diffNe
	// scratch for the search
	dist map[*Var]Int
}

// diffBudget bounds the relaxations of one cycle check: past it the check
// gives up (sound: only a cycle is a failure, no answer is no pruning).
const diffBudget = 20000

// addDiff records x - y ≤ c and reports false if it closes a negative
// cycle (the store is then failed).
func (s *Store) addDiff(x, y *Var, c Int) bool {
	if x == y {
		if c.Sign() < 0 {
			return s.Fail()
		}
		return true
	}
	g := s.graph()
	// A path x ⇝ y of weight w with w + c < 0 closes a negative cycle
	// through the new edge y → x.
	if g.shortest(x, y, c) {
		return s.Fail()
	}
	s.diffEpoch++
	g.out[y] = append(g.out[y], diffEdge{to: x, w: c})
	s.OnUndo(func() {
		l := g.out[y]
		g.out[y] = l[:len(l)-1]
	})
	for _, d := range g.ne {
		if g.forcesEqual(d) {
			return s.Fail()
		}
	}
	return true
}

// addNe records x - y ≠ c and reports false if the graph already forces
// x - y = c.
func (s *Store) addNe(x, y *Var, c Int) bool {
	g := s.graph()
	d := diffNe{x, y, c}
	if g.forcesEqual(d) {
		return s.Fail()
	}
	g.ne = append(g.ne, d)
	s.OnUndo(func() { g.ne = g.ne[:len(g.ne)-1] })
	return true
}

func (s *Store) graph() *diffGraph {
	if s.diff == nil {
		s.diff = &diffGraph{out: map[*Var][]diffEdge{}, dist: map[*Var]Int{}}
	}
	return s.diff
}

// forcesEqual reports whether the graph implies x - y ≤ c and y - x ≤ -c.
func (g *diffGraph) forcesEqual(d diffNe) bool {
	// x - y ≤ c holds when some path y ⇝ x weighs at most c.
	return g.pathAtMost(d.y, d.x, d.c) && g.pathAtMost(d.x, d.y, d.c.Neg())
}

// pathAtMost reports whether some path src ⇝ dst weighs at most w.
func (g *diffGraph) pathAtMost(src, dst *Var, w Int) bool {
	if src == dst {
		return w.Sign() >= 0
	}
	return g.shortest(src, dst, w.Neg().Dec())
}

// shortest reports whether the shortest path from src to dst is below -c.
func (g *diffGraph) shortest(src, dst *Var, c Int) bool {
	limit := c.Neg() // a path to dst shorter than -c is a negative cycle
	found := false
	g.relax(src, diffBudget, func(to *Var, d Int) bool {
		found = to == dst && d.Less(limit)
		// A negative cycle already through src cannot happen, as every
		// edge was checked when added; stop rather than loop.
		return found || (to == src && d.Sign() < 0)
	})
	return found
}

// distBudget bounds the relaxations of a distance query (distance): the
// facts it serves are usually one or two edges away.
const distBudget = 256

// distance returns the weight of a shortest path src ⇝ dst (so that the
// graph implies dst - src ≤ the weight), if the bounded search finds one.
// Past the budget the path found so far is still a real path (a shorter
// one would only tighten the bound), so the answer stays sound.
func (g *diffGraph) distance(src, dst *Var) (Int, bool) {
	if src == dst {
		return Int{}, true
	}
	g.relax(src, distBudget, func(to *Var, d Int) bool { return false })
	d, ok := g.dist[dst]
	return d, ok
}

// relax computes shortest distances from src into g.dist by queue-based
// Bellman-Ford, with at most budget edge relaxations, cycles back to src
// skipped. stop sees each improved distance before it is recorded and
// ends the search by returning true.
func (g *diffGraph) relax(src *Var, budget int, stop func(to *Var, d Int) bool) {
	clear(g.dist)
	if len(g.out[src]) == 0 {
		return
	}
	g.dist[src] = Int{}
	queue := []*Var{src}
	inq := map[*Var]bool{src: true}
	work := 0
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		inq[u] = false
		du := g.dist[u]
		for _, e := range g.out[u] {
			if work++; work > budget {
				return
			}
			nd := du.AddSat(e.w)
			if old, ok := g.dist[e.to]; ok && !nd.Less(old) {
				continue
			}
			if stop(e.to, nd) {
				return
			}
			if e.to == src {
				continue // a cycle back to the source is never negative
			}
			g.dist[e.to] = nd
			if !inq[e.to] {
				inq[e.to] = true
				queue = append(queue, e.to)
			}
		}
	}
}

// diffBounds returns bounds on x - y that the graph implies: x - y ≤ hi
// (a path y ⇝ x) and x - y ≥ lo (a path x ⇝ y).
func (s *Store) diffBounds(x, y *Var) (lo Int, hasLo bool, hi Int, hasHi bool) {
	if s.diff == nil {
		return
	}
	g := s.diff
	hi, hasHi = g.distance(y, x)
	w, ok := g.distance(x, y)
	return w.Neg(), ok, hi, hasHi
}
