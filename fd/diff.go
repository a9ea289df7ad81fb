package fd

// Difference constraints x - y ≤ c (from x < y, x ≤ y, x = y, x = y + c
// ... once posted) are also kept in a graph, edge y → x of weight c, and a
// negative cycle is a failure. Bounds propagation alone refutes a cycle
// such as x ≤ y ∧ y < x only by shrinking the domains one value per round
// (2^32 rounds on C ints), and a test generator meets such cycles all the
// time: a path that compares the same sides of a triangle both ways.
//
// The check is incremental (Cotton and Maler, "Fast and flexible
// difference constraint propagation for DPLL(T)", SAT 2006): the graph
// keeps a potential π, a solution of every edge (π(x) ≤ π(y) + c for the
// edge y → x of weight c). A new edge that π already satisfies costs
// O(1); one that it violates lowers the potentials of the nodes it
// affects, in the order of Dijkstra's algorithm on the reduced costs
// π(u) + w - π(v) ≥ 0, and closes a negative cycle exactly when that
// would lower the new edge's own tail. Removing edges (Pop) keeps π a
// solution, so the potentials are never trailed; a node without edges
// takes any potential.
//
// Sums are there too (unit two-variable inequalities, UTVPI): each
// variable x has two nodes, the literals +x and -x, and ±x ± y ≤ c is the
// difference of two literals, kept as two edges, one the mirror of the
// other (x + y ≤ c is +x - (-y) ≤ c and +y - (-x) ≤ c). A negative cycle
// is still a contradiction (over the rationals, hence over the integers):
// a + b = 3 ∧ a + b = 5 fails at once, where bounds reasoning would move
// a and b by 2 a round.
//
// The disequalities x - y ≠ c are violated when the graph forces x - y =
// c: a cycle of weight 0 through x and y. Every edge of such a cycle is
// tight (reduced cost 0) for every solution π, so the graph forces x - y
// = c exactly when x and y are tightly connected both ways and π(x) -
// π(y) = c. A new edge can only close a zero cycle through itself, when
// it is tight: the disequalities checked are those between the nodes on
// tight paths from its head back to its tail.

type diffEdge struct {
	to int32 // the other end: the head for out, the tail for in
	w  Int
}

// diffNe is x - y ≠ c (by variable ids).
type diffNe struct {
	x, y int32
	c    Int
}

// Nodes: the literal +x of variable x is node 2·id, -x is 2·id+1.
func pos(x *Var) int32 { return int32(2 * x.id) }
func neg(x *Var) int32 { return int32(2*x.id + 1) }

// lit is the node of s·x (s = ±1).
func lit(s int, x *Var) int32 {
	if s < 0 {
		return neg(x)
	}
	return pos(x)
}

type diffGraph struct {
	out, in [][]diffEdge // by node
	pi      []Int        // the potentials, by node
	ne      []diffNe     // the disequalities posted (positive literals)
	neOf    [][]int32    // by node: indexes in ne

	// Scratch of the searches, by node: a node's entries are valid when
	// its mark is the current generation.
	mark  []uint32
	gen   uint32
	key   []Int // tentative key of a search
	done  []bool
	heap  diffHeap
	saved []piSave // potentials changed by a repair, to restore on failure
	stack []int32
	cycle []int32
}

type piSave struct {
	id int32
	pi Int
}

// Budgets: past them a search gives up, soundly (an edge not added or a
// disequality not checked only prunes less).
const (
	// diffBudget bounds the edge relaxations of one repair of the
	// potentials and of one search for tight paths.
	diffBudget = 20000
	// distBudget bounds a distance query (distance): the facts it serves
	// are usually one or two edges away.
	distBudget = 64
)

// maxDiffWeight bounds the weights the graph takes, and maxPotential the
// potentials: a potential is the weight of a path, so that the arithmetic
// on them never leaves the 128-bit range.
var (
	maxDiffWeight = Pow2(100)
	maxPotential  = Pow2(118)
)

func (s *Store) graph() *diffGraph {
	if s.diff == nil {
		s.diff = &diffGraph{}
	}
	g := s.diff
	if n := 2 * len(s.vars); len(g.out) < n {
		grow := n - len(g.out)
		g.out = append(g.out, make([][]diffEdge, grow)...)
		g.in = append(g.in, make([][]diffEdge, grow)...)
		g.pi = append(g.pi, make([]Int, grow)...)
		g.neOf = append(g.neOf, make([][]int32, grow)...)
		g.mark = append(g.mark, make([]uint32, grow)...)
		g.key = append(g.key, make([]Int, grow)...)
		g.done = append(g.done, make([]bool, grow)...)
	}
	return g
}

func (g *diffGraph) isolated(v int32) bool { return len(g.out[v]) == 0 && len(g.in[v]) == 0 }

// newGen starts a search: every node's scratch is stale.
func (g *diffGraph) newGen() {
	g.gen++
	if g.gen == 0 { // wrapped: clear the marks once
		clear(g.mark)
		g.gen = 1
	}
}

// addDiff records x - y ≤ c and reports false if it closes a negative
// cycle (the store is then failed).
func (s *Store) addDiff(x, y *Var, c Int) bool { return s.addUTVPI(1, x, -1, y, c) }

// addUTVPI records a·x + b·y ≤ c (a, b = ±1) and reports false if it
// closes a negative cycle.
func (s *Store) addUTVPI(a int, x *Var, b int, y *Var, c Int) bool {
	s.mustBeLive(x)
	s.mustBeLive(y)
	if x == y {
		switch {
		case a != b: // 0 ≤ c
			if c.Sign() < 0 {
				return s.Fail()
			}
			return true
		case a > 0: // 2x ≤ c
			return x.SetMax(FloorDiv(c, I64(2)))
		default: // -2x ≤ c
			return x.SetMin(CeilDiv(c.Neg(), I64(2)))
		}
	}
	if maxDiffWeight.Less(c.Abs()) {
		return true
	}
	g := s.graph()
	// a·x - (-b·y) ≤ c, and its mirror b·y - (-a·x) ≤ c.
	return g.addEdge(s, lit(a, x), lit(-b, y), c) && g.addEdge(s, lit(b, y), lit(-a, x), c)
}

// addEdge adds the edge y → x of weight c (literal x - literal y ≤ c).
func (g *diffGraph) addEdge(s *Store, xi, yi int32, c Int) bool {
	switch {
	case g.isolated(xi) && g.isolated(yi):
		g.pi[yi], g.pi[xi] = Int{}, c
	case g.isolated(xi):
		g.pi[xi] = g.pi[yi].Add(c)
	case g.isolated(yi):
		g.pi[yi] = g.pi[xi].Sub(c)
	default:
		switch g.repair(xi, yi, c) {
		case repairCycle:
			return s.Fail()
		case repairGaveUp:
			return true
		}
	}
	s.diffEpoch++
	g.out[yi] = append(g.out[yi], diffEdge{to: xi, w: c})
	g.in[xi] = append(g.in[xi], diffEdge{to: yi, w: c})
	s.trailDiff(undoDiffEdge, xi, yi)
	if len(g.ne) > 0 && g.pi[xi] == g.pi[yi].Add(c) && g.zeroCycleNe(xi, yi) {
		return s.Fail()
	}
	return true
}

// addNe records x - y ≠ c and reports false if the graph already forces
// x - y = c.
func (s *Store) addNe(x, y *Var, c Int) bool {
	s.mustBeLive(x)
	s.mustBeLive(y)
	g := s.graph()
	d := diffNe{pos(x), pos(y), c}
	if g.forcesEqual(d) {
		return s.Fail()
	}
	g.ne = append(g.ne, d)
	n := int32(len(g.ne) - 1)
	g.neOf[d.x] = append(g.neOf[d.x], n)
	g.neOf[d.y] = append(g.neOf[d.y], n)
	s.trailDiff(undoDiffNe, d.x, d.y)
	return true
}

// trailDiff records an edge y → x or a disequality (by nodes) to take
// back at Pop.
func (s *Store) trailDiff(kind undoKind, x, y int32) {
	if s.stamp != 0 {
		s.undo = append(s.undo, undoEntry{kind: kind, iv: int(x), jv: int(y)})
	}
}

// undo takes back the last edge y → x, or the last disequality.
func (g *diffGraph) undo(kind undoKind, x, y int) {
	if kind == undoDiffEdge {
		g.out[y] = g.out[y][:len(g.out[y])-1]
		g.in[x] = g.in[x][:len(g.in[x])-1]
		return
	}
	g.neOf[x] = g.neOf[x][:len(g.neOf[x])-1]
	g.neOf[y] = g.neOf[y][:len(g.neOf[y])-1]
	g.ne = g.ne[:len(g.ne)-1]
}

type repairResult uint8

const (
	repaired repairResult = iota
	repairCycle
	repairGaveUp
)

// repair makes the potentials satisfy the new edge y → x of weight c
// (x - y ≤ c), lowering those of x and the nodes after it as little as
// needed; the edge closes a negative cycle when y itself would have to be
// lowered. On a cycle or past the budget the potentials are restored.
func (g *diffGraph) repair(x, y int32, c Int) repairResult {
	delta := g.pi[y].Add(c).Sub(g.pi[x]) // < 0: how much x must go down
	if delta.Sign() >= 0 {
		return repaired
	}
	g.newGen()
	g.saved = g.saved[:0]
	g.heap.reset()
	g.touch(x, delta)
	g.heap.push(x, delta)
	work := 0
	result := repaired
	for g.heap.len() > 0 {
		v, d := g.heap.pop()
		if g.done[v] || d != g.key[v] {
			continue // a stale entry
		}
		if v == y {
			result = repairCycle
			break
		}
		g.done[v] = true
		g.saved = append(g.saved, piSave{v, g.pi[v]})
		g.pi[v] = g.pi[v].Add(d)
		if !g.pi[v].Abs().Less(maxPotential) {
			result = repairGaveUp
			break
		}
		for _, e := range g.out[v] {
			if work++; work > diffBudget {
				result = repairGaveUp
				break
			}
			t := e.to
			if g.mark[t] == g.gen && g.done[t] {
				continue
			}
			nd := g.pi[v].Add(e.w).Sub(g.pi[t])
			if nd.Sign() >= 0 {
				continue
			}
			if g.mark[t] != g.gen || nd.Less(g.key[t]) {
				g.touch(t, nd)
				g.heap.push(t, nd)
			}
		}
		if result != repaired {
			break
		}
	}
	if result != repaired {
		for i := len(g.saved) - 1; i >= 0; i-- {
			g.pi[g.saved[i].id] = g.saved[i].pi
		}
	}
	return result
}

// touch sets a node's key in the current search.
func (g *diffGraph) touch(v int32, k Int) {
	if g.mark[v] != g.gen {
		g.mark[v] = g.gen
		g.done[v] = false
	}
	g.key[v] = k
}

func (g *diffGraph) tight(from int32, e diffEdge) bool {
	return g.pi[e.to] == g.pi[from].Add(e.w)
}

// zeroCycleNe reports whether the tight edge y → x just added closes a
// zero cycle through the two sides of a disequality it then violates.
// The nodes of the zero cycles through the edge are those tightly
// reachable from x that tightly reach y.
func (g *diffGraph) zeroCycleNe(x, y int32) bool {
	if !g.tightPath(x, y) {
		return false // no zero cycle through the edge: the common case
	}
	// Backward from y along tight edges: mark gen.
	g.newGen()
	back := g.gen
	if !g.tightSearch(y, back, g.in, true) {
		return false
	}
	if g.mark[x] != back {
		return false // no tight path x ⇝ y: no zero cycle
	}
	// Forward from x, among the nodes marked backward: mark gen+1.
	g.newGen()
	fwd := g.gen
	if g.gen != back+1 {
		return false // the marks wrapped: give up, soundly
	}
	g.stack = append(g.stack[:0], x)
	g.mark[x] = fwd
	work := 0
	cycle := g.cycle[:0]
	defer func() { g.cycle = cycle }()
	for len(g.stack) > 0 {
		v := g.stack[len(g.stack)-1]
		g.stack = g.stack[:len(g.stack)-1]
		cycle = append(cycle, v)
		for _, e := range g.out[v] {
			if work++; work > diffBudget {
				return false
			}
			if g.mark[e.to] == back && g.tight(v, e) {
				g.mark[e.to] = fwd
				g.stack = append(g.stack, e.to)
			}
		}
	}
	for _, v := range cycle {
		for _, i := range g.neOf[v] {
			d := g.ne[i]
			if g.mark[d.x] == fwd && g.mark[d.y] == fwd && g.pi[d.x].Sub(g.pi[d.y]) == d.c {
				return true
			}
		}
	}
	return false
}

// tightPath reports whether some tight path leads from src to dst. It
// searches forward from src and backward from dst in turns, one node at
// a time, so that it stops as soon as the smaller side is exhausted: a
// node just attached to a long chain of equalities costs a step, not the
// chain. Past the budget it answers true (the caller then searches for
// itself, bounded too).
func (g *diffGraph) tightPath(src, dst int32) bool {
	if src == dst {
		return true
	}
	g.newGen()
	fwdMark := g.gen
	g.newGen()
	bwdMark := g.gen
	if bwdMark != fwdMark+1 {
		return true // the marks wrapped
	}
	fwd := append(g.stack[:0], src)
	bwd := append(g.cycle[:0], dst)
	g.mark[src], g.mark[dst] = fwdMark, bwdMark
	defer func() { g.stack, g.cycle = fwd[:0], bwd[:0] }()
	work := 0
	for len(fwd) > 0 && len(bwd) > 0 {
		if work > diffBudget {
			return true
		}
		v := fwd[len(fwd)-1]
		fwd = fwd[:len(fwd)-1]
		for _, e := range g.out[v] {
			work++
			if !g.tight(v, e) || g.mark[e.to] == fwdMark {
				continue
			}
			if g.mark[e.to] == bwdMark {
				return true
			}
			g.mark[e.to] = fwdMark
			fwd = append(fwd, e.to)
		}
		v = bwd[len(bwd)-1]
		bwd = bwd[:len(bwd)-1]
		for _, e := range g.in[v] {
			work++
			t := e.to
			if g.pi[v] != g.pi[t].Add(e.w) || g.mark[t] == bwdMark {
				continue
			}
			if g.mark[t] == fwdMark {
				return true
			}
			g.mark[t] = bwdMark
			bwd = append(bwd, t)
		}
	}
	return false
}

// tightSearch marks with mark every node reached from src along tight
// edges of adj (in: backward, out: forward). It reports false past the
// budget.
func (g *diffGraph) tightSearch(src int32, mark uint32, adj [][]diffEdge, backward bool) bool {
	g.stack = append(g.stack[:0], src)
	g.mark[src] = mark
	work := 0
	for len(g.stack) > 0 {
		v := g.stack[len(g.stack)-1]
		g.stack = g.stack[:len(g.stack)-1]
		for _, e := range adj[v] {
			if work++; work > diffBudget {
				return false
			}
			t := e.to
			if g.mark[t] == mark {
				continue
			}
			ok := g.tight(v, e)
			if backward {
				ok = g.tight(t, diffEdge{to: v, w: e.w})
			}
			if ok {
				g.mark[t] = mark
				g.stack = append(g.stack, t)
			}
		}
	}
	return true
}

// forcesEqual reports whether the graph implies x - y = c: x and y on a
// zero cycle, with π(x) - π(y) = c.
func (g *diffGraph) forcesEqual(d diffNe) bool {
	if d.x == d.y {
		return d.c.IsZero()
	}
	if g.isolated(d.x) || g.isolated(d.y) || g.pi[d.x].Sub(g.pi[d.y]) != d.c {
		return false
	}
	g.newGen()
	if !g.tightSearch(d.y, g.gen, g.out, false) || g.mark[d.x] != g.gen {
		return false
	}
	g.newGen()
	return g.tightSearch(d.x, g.gen, g.out, false) && g.mark[d.y] == g.gen
}

// distance returns the weight of a shortest path src ⇝ dst (so that the
// graph implies dst - src ≤ the weight), if the bounded search finds one:
// Dijkstra's algorithm on the reduced costs. Past the budget the path
// found so far is still a real path (a shorter one would only tighten the
// bound), so the answer stays sound.
func (g *diffGraph) distance(src, dst int32) (Int, bool) {
	if src == dst {
		return Int{}, true
	}
	if len(g.out[src]) == 0 || len(g.in[dst]) == 0 {
		return Int{}, false
	}
	g.newGen()
	g.heap.reset()
	g.touch(src, Int{})
	g.heap.push(src, Int{})
	work := 0
	for g.heap.len() > 0 && work <= distBudget {
		v, d := g.heap.pop()
		if g.done[v] || d != g.key[v] {
			continue
		}
		if v == dst {
			break
		}
		g.done[v] = true
		for _, e := range g.out[v] {
			if work++; work > distBudget {
				break
			}
			t := e.to
			nd := d.Add(e.w).Add(g.pi[v]).Sub(g.pi[t]) // reduced: ≥ d
			if g.mark[t] != g.gen || (!g.done[t] && nd.Less(g.key[t])) {
				g.touch(t, nd)
				g.heap.push(t, nd)
			}
		}
	}
	if g.mark[dst] != g.gen {
		return Int{}, false
	}
	// The reduced distance back to a real one.
	return g.key[dst].Sub(g.pi[src]).Add(g.pi[dst]), true
}

// diffBounds returns bounds on x - y that the graph implies: x - y ≤ hi
// (a path y ⇝ x) and x - y ≥ lo (a path x ⇝ y).
func (s *Store) diffBounds(x, y *Var) (lo Int, hasLo bool, hi Int, hasHi bool) {
	if s.diff == nil {
		return
	}
	g := s.graph()
	xi, yi := pos(x), pos(y)
	hi, hasHi = g.distance(yi, xi)
	w, ok := g.distance(xi, yi)
	return w.Neg(), ok, hi, hasHi
}

// diffHeap is a binary min-heap of (node, key), stale entries skipped by
// the reader.
type diffHeap struct {
	ids  []int32
	keys []Int
}

func (h *diffHeap) reset()   { h.ids, h.keys = h.ids[:0], h.keys[:0] }
func (h *diffHeap) len() int { return len(h.ids) }

func (h *diffHeap) push(v int32, k Int) {
	h.ids = append(h.ids, v)
	h.keys = append(h.keys, k)
	i := len(h.ids) - 1
	for i > 0 {
		p := (i - 1) / 2
		if !h.keys[i].Less(h.keys[p]) {
			break
		}
		h.swap(i, p)
		i = p
	}
}

func (h *diffHeap) pop() (int32, Int) {
	v, k := h.ids[0], h.keys[0]
	n := len(h.ids) - 1
	h.swap(0, n)
	h.ids, h.keys = h.ids[:n], h.keys[:n]
	i := 0
	for {
		l, r, m := 2*i+1, 2*i+2, i
		if l < n && h.keys[l].Less(h.keys[m]) {
			m = l
		}
		if r < n && h.keys[r].Less(h.keys[m]) {
			m = r
		}
		if m == i {
			break
		}
		h.swap(i, m)
		i = m
	}
	return v, k
}

func (h *diffHeap) swap(i, j int) {
	h.ids[i], h.ids[j] = h.ids[j], h.ids[i]
	h.keys[i], h.keys[j] = h.keys[j], h.keys[i]
}
