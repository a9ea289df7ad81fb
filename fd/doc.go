// Package fd is a finite-domain constraint solver: exact integer domains,
// propagation to a fixpoint, entailment, guarded constraints, constructive
// disjunction, trail-based backtracking and labeling. It knows nothing
// about C; package combinators builds the paper's ite / w / Φu / Φd on top
// of it, and the C translator posts its constraints through it.
//
// # Vocabulary
//
//   - Int: an exact 128-bit integer, the value type. Every C value of LP64
//     (from -2^63 to 2^64-1) is exact; domains live in [MinValue,
//     MaxValue] = ±2^125, so bounds can be added without overflow checks.
//     Products and sums that may leave the range are computed with
//     overflow detection and saturate (or fall back to math/big) soundly.
//   - Domain: a sorted list of disjoint intervals (holes allowed), an
//     immutable value with O(1) Min, Max, Size.
//   - Store: variables, propagators, the propagation queue, the trail and
//     the statistics. No global state: everything hangs off a Store.
//   - Var: a variable of one store. Its domain changes only through
//     SetMin, SetMax, SetBounds, Assign, Remove, RemoveRange, Intersect,
//     Exclude, which return false when the domain becomes empty.
//   - Event: how a domain changed — EvFix (fixed), EvBnd (bounds), EvDom
//     (any value). A propagator watches variables for the weakest event
//     it needs; a stronger change wakes the weaker watchers too.
//   - Propagator: the pruning code, with a Cost (cheap ones run first, as
//     in Gecode) and a Status result: AtFixpoint, NotFixpoint, Subsumed,
//     Failed. Install with Store.AddPropagator, subscribe with
//     Store.Watch. The kernel never reschedules a propagator for its own
//     changes while it runs; return NotFixpoint to be run again.
//   - Constraint: a first-class value with Post (install propagators),
//     Entailed (Entailed / Disentailed / Unknown from the domains alone),
//     Check (decide a full assignment) and Vars. Guards, reification,
//     negation and disjunction take any Constraint, including user-defined
//     ones from other packages.
//   - Trail and choice points: Push opens a choice point, Pop undoes
//     everything since: domain changes, variables and propagators created,
//     subscriptions, subsumption, failure, and propagator-owned state set
//     with SetInt / SetBool / OnUndo. Nothing is copied: domains are
//     immutable values, saved once per choice point.
//   - Search, in Gecode's way, apart from the model: a Brancher proposes
//     a Choice at each node (alternatives tried in order: a value, a
//     domain split, a path to decide — whatever the strategy branches
//     on); the Engine explores the tree depth first, each alternative in a
//     choice point of the trail, with limits over the whole search, a
//     bound per run, and bounded subtrees (Choice.Bound); the meta-engine
//     Engine.Rounds runs it again and again (restarts, iterative
//     deepening). Store.Search and Store.Solve are the Labeling brancher
//     (a variable selection, a value selection, bisection or ZeroFirst)
//     with a seed and Luby restarts; testgen's strategies (paths first,
//     inputs first) are branchers over the same engine. No propagator
//     knows it is searched.
//   - Stats: Constraints (the paper's #c), Prunings (#pr), Propagations,
//     Nodes, Failures, Time.
//
// # Writing a propagator
//
//	type myProp struct{ x, y *fd.Var }
//
//	func (p *myProp) Propagate(s *fd.Store) fd.Status {
//		if !p.y.SetMin(p.x.Min()) { // y ≥ x
//			return fd.Failed
//		}
//		if p.x.Max().Leq(p.y.Min()) {
//			return fd.Subsumed
//		}
//		return fd.AtFixpoint
//	}
//
//	pr := s.AddPropagator(&myProp{x, y}, fd.CostBinary)
//	s.Watch(pr, x, fd.EvBnd)
//
// Inside Propagate a propagator may create variables (s.NewVar), post
// constraints (s.Post: their propagators join the running propagation)
// and keep trailed state (s.SetInt). All of it is undone when the choice
// point open at that moment is popped.
//
// # Trying constraints in a sub-store
//
// From inside Propagate (or anywhere):
//
//	s.Push()
//	ok := s.Post(alt) && s.Propagate() // fixpoint of the sub-store
//	mod := s.Modified()                 // variables the trial narrowed
//	... read domains ...
//	s.Pop()
//
// Trials nest and are re-entrant: Push saves the propagation queue, Pop
// gives it back, and the running propagator is never re-entered by its own
// trial. Constructive disjunction (Or) is written this way.
//
// # Constraints
//
//	Constraint                              Propagation
//	Linear(a, x, rel, c): Σ aᵢxᵢ rel c      bounds (=, ≤, <, ≥, >), value (≠); unary posts prune at once
//	Cmp, CmpOff, CmpC: x rel y (+ c)        x = y + c domain consistent, x ≠ y + c value, ≤ bounds
//	Plus, Minus, Sum, SumEq                 linear
//	Reify(b, c), ReifyCmp, ReifyLinear      b ⇔ c for any c (b fixed posts c or Not(c))
//	Times: z = x·y                          domain consistent when small, else bounds both ways
//	Div, Rem: C's / and % (y ≠ 0)           domain consistent when small, else bounds; x % c, x / c
//	                                        by a constant: exact remainders, bounds consistent x
//	Abs, MinOf, MaxOf                       domain consistent (Abs), bounds
//	BitAnd, BitOr, BitXor, BitNot           small: exact; wide: sign-split bit-length bounds
//	Shl, Shr: x·2^y, ⌊x/2^y⌋                small: exact; wide: monotone bounds
//	Wrap(z, x, w, signed): C conversion     domain consistent over up to 8 windows of 2^w; one
//	                                        window left: z = x + k, a difference constraint
//	WrapOp(z, x, op, y, w, signed)          (x op y) mod 2^w in the w-bit type, exact on low words;
//	                                        no wrap possible: the exact operation; +, -, ·k: the
//	                                        exact result t and z = Wrap(t)
//	Element, ElementConst: v = list[i]      domain consistent on i, v ⊆ ∪ list[i]
//	AllDifferent, AllDifferentOffset        value propagation
//	Count: n = #{i | xᵢ = v}                counting bounds
//	Implies(c1, c2): c1 → c2                guard: posts c2 when c1 is entailed
//	Or(alts...): constructive disjunction   trials, union of the survivors' domains, commit when one is left
//	And, Not, TrueC, FalseC                 conjunction, negation (Negatable or by entailment)
//
// "Small" means the product of the operand domain sizes is at most
// Store.EnumLimit (default 4096): the propagator then enumerates and keeps
// exactly the supported values (the hull of them when they would shred a
// domain into more than 32 intervals), so every fixed case is decided
// exactly.
//
// # The difference graph
//
// Bounds reasoning refutes a cycle such as x < y ∧ y ≤ x one value a
// round. The store keeps every difference constraint x - y ≤ c in a graph
// and fails on a negative cycle at once (diff.go). Constraints feed it
// what they imply as differences: binary linear constraints directly,
// ternary ones with unit coefficients once a sign is known (t = x - y with
// y ≥ 0 gives t ≤ x) and in return read their bounds from it (t = hi - lo
// with lo ≤ hi gives t ≥ 0), and the non-linear operations once their
// operands' signs are known (r = x % y with y > 0 gives r < y; see
// implied.go and lindiff.go).
//
// # Bounded propagation
//
// Store.StepLimit bounds the propagator runs of a Propagate call, trials
// included. A call cut short sets Incomplete and leaves the rest queued
// (Pending): the next call goes on from there. A search can read
// Incomplete as a sign of creeping, and must finish the propagation
// before it calls an assignment a solution.
package fd
