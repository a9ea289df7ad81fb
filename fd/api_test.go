package fd_test

// These tests use only the public API, from outside the package, as the
// combinators package will: custom propagators, posting from inside
// propagation, sub-store trials, entailment.

import (
	"testing"

	"github.com/inka-tool/inka/fd"
)

func eq(x *fd.Var, v int64) fd.Constraint { return fd.CmpInt64(x, fd.Eq, v) }

func wantDom(t *testing.T, x *fd.Var, vals ...int64) {
	t.Helper()
	if !x.Dom().Equal(fd.ValuesInt64(vals...)) {
		t.Fatalf("%v, want %v", x, fd.ValuesInt64(vals...))
	}
}

// TestPaperIte is the example under Definition 1 of the paper: with
// C ≡ (B = 1), the constructive disjunction of (C ∧ X2 = X0 ∧ X0 = 1) and
// (¬C ∧ X2 = X1 ∧ X1 = 3) gives X2 ∈ {1, 3}; learning X2 ≥ 2 leaves only
// the second alternative, which is committed: ¬C is entailed.
func TestPaperIte(t *testing.T) {
	s := fd.NewStore()
	b := s.NewBool().Named("B")
	x0 := s.NewVarInt64(-100, 100).Named("X0")
	x1 := s.NewVarInt64(-100, 100).Named("X1")
	x2 := s.NewVarInt64(-100, 100).Named("X2")
	c := eq(b, 1)
	ite := fd.Or(
		fd.And(c, fd.Cmp(x2, fd.Eq, x0), eq(x0, 1)),
		fd.And(fd.Not(c), fd.Cmp(x2, fd.Eq, x1), eq(x1, 3)))
	if !s.PostAndPropagate(ite) {
		t.Fatal("failed")
	}
	wantDom(t, x2, 1, 3)
	wantDom(t, b, 0, 1)
	if c.Entailed(s) != fd.Unknown || ite.Entailed(s) != fd.Unknown {
		t.Fatal("nothing is decided yet")
	}
	s.Push()
	if !s.PostAndPropagate(fd.CmpInt64(x2, fd.Ge, 2)) {
		t.Fatal("X2 ≥ 2 failed")
	}
	wantDom(t, x2, 3)
	wantDom(t, b, 0)
	wantDom(t, x1, 3)
	if c.Entailed(s) != fd.Disentailed || fd.Not(c).Entailed(s) != fd.Entailed {
		t.Fatal("¬C should be entailed")
	}
	s.Pop()
	// Backtracking gives the disjunction back: the other side now.
	wantDom(t, x2, 1, 3)
	s.Push()
	if !s.PostAndPropagate(fd.CmpInt64(x2, fd.Le, 2)) {
		t.Fatal("X2 ≤ 2 failed")
	}
	wantDom(t, b, 1)
	wantDom(t, x0, 1)
	s.Pop()
	wantDom(t, b, 0, 1)
}

// TestPaperIteGuards writes the same ite with the guarded constraints of
// Definition 1 (X0 already known): X2 ≥ 2 makes X2 = X0 disentailed, so
// ¬(C ∧ X2 = X0) → ¬C ∧ X2 = X1 fires.
func TestPaperIteGuards(t *testing.T) {
	s := fd.NewStore()
	b := s.NewBool()
	x0, x1, x2 := s.ConstInt64(1), s.ConstInt64(3), s.NewVarInt64(-100, 100)
	c := eq(b, 1)
	then := fd.And(c, fd.Cmp(x2, fd.Eq, x0))
	els := fd.And(fd.Not(c), fd.Cmp(x2, fd.Eq, x1))
	s.Post(fd.Implies(c, then), fd.Implies(fd.Not(c), els),
		fd.Implies(fd.Not(then), els), fd.Implies(fd.Not(els), then))
	if !s.Propagate() {
		t.Fatal("failed")
	}
	wantDom(t, b, 0, 1)
	if !s.PostAndPropagate(fd.CmpInt64(x2, fd.Ge, 2)) {
		t.Fatal("failed")
	}
	wantDom(t, b, 0)
	wantDom(t, x2, 3)
}

// unfold is a custom propagator in the style of the paper's w/5: when n
// is fixed it creates n fresh variables and posts a chain
// v0 = start, v[i+1] = v[i] + 2, end = v[n], from inside propagation.
type unfold struct {
	n, start, end *fd.Var
	made          *int
}

func (u *unfold) Propagate(s *fd.Store) fd.Status {
	if !u.n.IsFixed() {
		return fd.AtFixpoint
	}
	prev := u.start
	for i := int64(0); i < u.n.Val().Int64(); i++ {
		v := s.NewVarInt64(-1000, 1000) // fresh, gone on backtrack
		*u.made++
		if !s.Post(fd.CmpOff(v, fd.Eq, prev, fd.I64(2))) {
			return fd.Failed
		}
		prev = v
	}
	if !s.Post(fd.Cmp(u.end, fd.Eq, prev)) {
		return fd.Failed
	}
	return fd.Subsumed
}

func TestPostFromPropagation(t *testing.T) {
	s := fd.NewStore()
	n := s.NewVarInt64(0, 5)
	start := s.NewVarInt64(0, 0)
	end := s.NewVarInt64(-1000, 1000)
	made := 0
	p := s.AddPropagator(&unfold{n: n, start: start, end: end, made: &made}, fd.CostLinear)
	s.Watch(p, n, fd.EvFix)
	if !s.Propagate() {
		t.Fatal("failed")
	}
	nv, nc := s.NumVars(), s.Stats.Constraints
	for k := int64(0); k <= 5; k++ {
		s.Push()
		if !n.Assign(fd.I64(k)) || !s.Propagate() {
			t.Fatal("failed")
		}
		wantDom(t, end, 2*k)
		if s.NumVars() != nv+int(k) || s.Stats.Constraints != nc+k+1 {
			t.Fatalf("k=%d: %d vars, %d constraints", k, s.NumVars(), s.Stats.Constraints)
		}
		s.Pop()
		nc = s.Stats.Constraints
		if s.NumVars() != nv {
			t.Fatalf("fresh variables survived Pop: %d", s.NumVars())
		}
		wantDom(t, n, 0, 1, 2, 3, 4, 5)
		if end.Min() != fd.I64(-1000) || end.Max() != fd.I64(1000) {
			t.Fatalf("end not restored: %v", end)
		}
	}
	if made != 15 {
		t.Fatalf("the unfolding propagator ran %d times, want 15", made)
	}
	// The constraints posted in the popped branches are gone: end = 7
	// (odd, impossible for any unfolding) is fine while n is free.
	if !s.PostAndPropagate(eq(end, 7)) {
		t.Fatal("a popped constraint is still active")
	}
}

// shave is a custom propagator that removes from x every value whose
// trial in a sub-store fails (singleton consistency): it exercises
// Push/Post/Propagate/Pop from inside propagation. Several shaving
// propagators nest each other's trials.
type shave struct{ x *fd.Var }

func (p *shave) Propagate(s *fd.Store) fd.Status {
	var bad []fd.Int
	p.x.Dom().ForEach(func(v fd.Int) bool {
		s.Push()
		ok := s.Post(fd.CmpC(p.x, fd.Eq, v)) && s.Propagate()
		s.Pop()
		if !ok {
			bad = append(bad, v)
		}
		return true
	})
	for _, v := range bad {
		if !p.x.Remove(v) {
			return fd.Failed
		}
	}
	return fd.AtFixpoint
}

func TestNestedTrials(t *testing.T) {
	// x + y = 10, x ≠ y, x·y = 24 on small domains; shaving every
	// variable leaves exactly the supports: {4, 6}.
	s := fd.NewStore()
	s.MaxTrialDepth = 3
	x, y, z := s.NewVarInt64(0, 10), s.NewVarInt64(0, 10), s.NewVarInt64(0, 100)
	s.EnumLimit = -1 // bounds only, so shaving has work to do
	s.Post(fd.Plus(s.ConstInt64(10), x, y), fd.Cmp(x, fd.Ne, y), fd.Times(z, x, y), eq(z, 24))
	for _, v := range []*fd.Var{x, y} {
		pr := s.AddPropagator(&shave{x: v}, fd.CostExpensive)
		s.WatchAll(pr, fd.EvDom, x, y, z)
	}
	if !s.Propagate() {
		t.Fatal("failed")
	}
	wantDom(t, x, 4, 6)
	wantDom(t, y, 4, 6)
	if s.Level() != 0 || s.TrialDepth() != 0 {
		t.Fatal("unbalanced choice points")
	}
}

// queueKeeper checks that the outer queue survives a trial: it narrows y
// (which wakes the y ≤ z - 1 propagator, queued in the outer queue) and
// then runs a failing trial before returning.
type queueKeeper struct{ x, y *fd.Var }

func (p *queueKeeper) Propagate(s *fd.Store) fd.Status {
	if !p.x.IsFixed() {
		return fd.AtFixpoint
	}
	if !p.y.SetMin(fd.I64(50)) {
		return fd.Failed
	}
	s.Push()
	ok := s.Post(fd.FalseC) && s.Propagate()
	s.Pop()
	if ok {
		return fd.Failed
	}
	return fd.Subsumed
}

func TestOuterQueueSurvivesTrial(t *testing.T) {
	s := fd.NewStore()
	x, y, z := s.NewVarInt64(0, 1), s.NewVarInt64(0, 100), s.NewVarInt64(0, 100)
	s.Post(fd.CmpOff(y, fd.Le, z, fd.I64(-1)))
	pr := s.AddPropagator(&queueKeeper{x: x, y: y}, fd.CostUnary)
	s.Watch(pr, x, fd.EvFix)
	if !s.Propagate() || z.Min() != fd.I64(1) {
		t.Fatalf("initial: %v", z)
	}
	if !x.Assign(fd.I64(1)) || !s.Propagate() {
		t.Fatal("failed")
	}
	if z.Min() != fd.I64(51) {
		t.Fatalf("the pending propagator was lost: z = %v", z)
	}
}

// trailedCounter keeps propagator-owned trailed state.
type trailedCounter struct {
	x     *fd.Var
	fired int
}

func (p *trailedCounter) Propagate(s *fd.Store) fd.Status {
	s.SetInt(&p.fired, p.fired+1)
	return fd.AtFixpoint
}

func TestBacktrackingRestoresEverything(t *testing.T) {
	s := fd.NewStore()
	x, y := s.NewVarInt64(0, 9), s.NewVarInt64(0, 9)
	g := fd.Implies(eq(x, 1), eq(y, 5))
	tc := &trailedCounter{x: x}
	s.Post(g)
	pr := s.AddPropagator(tc, fd.CostUnary)
	s.Watch(pr, x, fd.EvDom)
	s.Propagate()
	firedRoot := tc.fired
	for round := 0; round < 2; round++ {
		s.Push()
		x.Assign(fd.I64(1))
		if !s.Propagate() {
			t.Fatal("failed")
		}
		wantDom(t, y, 5)
		if tc.fired != firedRoot+1 {
			t.Fatalf("fired = %d", tc.fired)
		}
		// A constraint posted in the branch must disappear with it.
		s.Post(fd.Cmp(x, fd.Ne, y))
		s.Pop()
		wantDom(t, y, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
		wantDom(t, x, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9)
		if tc.fired != firedRoot {
			t.Fatalf("trailed state not restored: %d", tc.fired)
		}
		if s.Failed() {
			t.Fatal("failure survived Pop")
		}
	}
	// Failure inside a branch is undone too.
	s.Push()
	x.Assign(fd.I64(1))
	y.Remove(fd.I64(5))
	if s.Propagate() {
		t.Fatal("should fail")
	}
	s.Pop()
	if s.Failed() || !s.Propagate() {
		t.Fatal("failure not undone")
	}
	// The ≠ posted in popped branches is gone: x = y = 1 is not allowed
	// only because the guard wants y = 5.
	s.Push()
	if !s.PostAndPropagate(eq(x, 2), eq(y, 2)) {
		t.Fatal("a popped x ≠ y is still active")
	}
	s.Pop()
}

func TestEntailmentAPI(t *testing.T) {
	s := fd.NewStore()
	x := s.NewVarDom(fd.ValuesInt64(1, 2, 3))
	y := s.NewVarDom(fd.ValuesInt64(5, 6))
	z := s.NewVarInt64(0, 100)
	cases := []struct {
		c    fd.Constraint
		want fd.Truth
	}{
		{fd.Cmp(x, fd.Lt, y), fd.Entailed},
		{fd.Cmp(x, fd.Eq, y), fd.Disentailed},
		{fd.Cmp(x, fd.Ne, y), fd.Entailed},
		{fd.Cmp(x, fd.Le, z), fd.Unknown},
		{fd.CmpInt64(x, fd.Ne, 7), fd.Entailed},
		{fd.Times(s.ConstInt64(7), x, y), fd.Disentailed},
		{fd.Times(s.ConstInt64(10), x, y), fd.Unknown},
		{fd.Times(s.ConstInt64(12), x, y), fd.Unknown},
		{fd.Element(s.ConstInt64(1), []*fd.Var{x, y}, s.ConstInt64(5)), fd.Unknown},
		{fd.Not(fd.And(fd.Cmp(x, fd.Lt, y), fd.Cmp(x, fd.Eq, y))), fd.Entailed},
		{fd.Or(fd.Cmp(x, fd.Eq, y), fd.CmpInt64(z, fd.Ge, 0)), fd.Entailed},
	}
	for _, c := range cases {
		if got := c.c.Entailed(s); got != c.want {
			t.Errorf("%v: %v, want %v", c.c, got, c.want)
		}
	}
}
