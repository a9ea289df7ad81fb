package combinators

import (
	"math/rand/v2"
	"testing"

	"github.com/inka-tool/inka/fd"
	"github.com/stretchr/testify/require"
)

// TestIteDefinition1 is the example under Definition 1 of the paper:
// ite(C, [X0], [X1], [X2], X0 = 1, X1 = 3) gives X2 ∈ {1, 3}; learning
// X2 ≥ 2 then entails ¬C and removes the combinator.
func TestIteDefinition1(t *testing.T) {
	s := fd.NewStore()
	c := s.NewBool()
	x0, x1, x2 := s.NewVarInt64(-10, 10), s.NewVarInt64(-10, 10), s.NewVarInt64(-10, 10)
	ite := &Ite{Cond: c, Opts: &Options{MaxTrial: 1},
		Then: []fd.Constraint{fd.CmpInt64(x0, fd.Eq, 1), fd.Cmp(x2, fd.Eq, x0)},
		Else: []fd.Constraint{fd.CmpInt64(x1, fd.Eq, 3), fd.Cmp(x2, fd.Eq, x1)}}
	require.True(t, s.PostAndPropagate(ite))
	require.Equal(t, "{1, 3}", x2.Dom().String())
	require.False(t, c.IsFixed())
	require.Equal(t, 0, ite.Side())

	require.True(t, s.PostAndPropagate(fd.CmpInt64(x2, fd.Ge, 2)))
	require.True(t, c.IsFixed())
	require.Equal(t, int64(0), c.Val().Int64(), "¬C is entailed")
	require.Equal(t, 2, ite.Side())
	require.Equal(t, int64(3), x2.Val().Int64())
}

// TestIteWithoutTrials: with trials off only the guards by entailment
// work: X2 keeps its domain, but a decided condition commits.
func TestIteWithoutTrials(t *testing.T) {
	s := fd.NewStore()
	c := s.NewBool()
	x2 := s.NewVarInt64(-10, 10)
	ite := &Ite{Cond: c, Opts: &Options{MaxTrial: 0},
		Then: []fd.Constraint{fd.CmpInt64(x2, fd.Eq, 1)},
		Else: []fd.Constraint{fd.CmpInt64(x2, fd.Eq, 3)}}
	require.True(t, s.PostAndPropagate(ite))
	require.Equal(t, "{-10..10}", x2.Dom().String())
	require.True(t, s.PostAndPropagate(fd.CmpInt64(c, fd.Eq, 1)))
	require.Equal(t, int64(1), x2.Val().Int64())
}

// TestIteRefutationByDomains: rule 3 by entailment alone: if v2 = v0 is
// disentailed, the else branch is taken.
func TestIteRefutationByDomains(t *testing.T) {
	s := fd.NewStore()
	c := s.NewVarInt64(-5, 5)
	v0, v1, v2 := s.NewVarInt64(0, 2), s.NewVarInt64(5, 9), s.NewVarInt64(4, 20)
	ite := &Ite{Cond: c, Opts: &Options{},
		Then: []fd.Constraint{fd.Cmp(v2, fd.Eq, v0)},
		Else: []fd.Constraint{fd.Cmp(v2, fd.Eq, v1)}}
	require.True(t, s.PostAndPropagate(ite))
	require.True(t, c.IsFixed())
	require.Equal(t, int64(0), c.Val().Int64())
	require.Equal(t, "{5..9}", v2.Dom().String())
}

// bruteForce enumerates the assignments of xs within their domains and
// calls f on each.
func bruteForce(xs []*fd.Var, f func(val fd.Valuation)) {
	vals := make(map[*fd.Var]fd.Int, len(xs))
	var rec func(i int)
	rec = func(i int) {
		if i == len(xs) {
			f(func(x *fd.Var) fd.Int { return vals[x] })
			return
		}
		xs[i].Dom().ForEach(func(v fd.Int) bool {
			vals[xs[i]] = v
			rec(i + 1)
			return true
		})
	}
	rec(0)
}

func randDomain(r *rand.Rand, lo, hi int64) fd.Domain {
	var vs []int64
	for v := lo; v <= hi; v++ {
		if r.IntN(3) > 0 {
			vs = append(vs, v)
		}
	}
	if len(vs) == 0 {
		vs = append(vs, lo+r.Int64N(hi-lo+1))
	}
	return fd.ValuesInt64(vs...)
}

// checkProp runs the property test of a constraint over xs: propagation
// never removes a value of a solution, fails only without solution, and
// Check agrees with brute force; Entailed is never wrong.
func checkProp(t *testing.T, s *fd.Store, xs []*fd.Var, c fd.Constraint) {
	t.Helper()
	supported := map[*fd.Var]map[fd.Int]bool{}
	for _, x := range xs {
		supported[x] = map[fd.Int]bool{}
	}
	nsol, nall := 0, 0
	bruteForce(xs, func(val fd.Valuation) {
		nall++
		if c.Check(val) {
			nsol++
			for _, x := range xs {
				supported[x][val(x)] = true
			}
		}
	})
	switch c.Entailed(s) {
	case fd.Entailed:
		require.Equal(t, nall, nsol, "entailed but not every assignment is a solution: %s", c)
	case fd.Disentailed:
		require.Equal(t, 0, nsol, "disentailed but a solution exists: %s", c)
	}
	s.Push()
	defer s.Pop()
	ok := s.PostAndPropagate(c)
	if !ok {
		require.Equal(t, 0, nsol, "propagation failed but a solution exists: %s", c)
		return
	}
	for _, x := range xs {
		for v := range supported[x] {
			require.True(t, x.Contains(v), "propagation removed %v from %s, a value of a solution (%s)", v, x.Name(), c)
		}
	}
}

func TestPhiUProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 400; iter++ {
		s := fd.NewStore()
		n := 1 + r.IntN(3)
		c := &PhiU{X: s.NewVarDom(randDomain(r, -2, 3)), P: s.NewVarDom(randDomain(r, 0, 5))}
		xs := []*fd.Var{c.X, c.P}
		for i := 0; i < n; i++ {
			c.Addrs = append(c.Addrs, fd.I64(int64(1+i*2)))
			v := s.NewVarDom(randDomain(r, -2, 3))
			c.Vals = append(c.Vals, v)
			xs = append(xs, v)
		}
		checkProp(t, s, xs, c)
	}
}

func TestPhiDProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := 0; iter < 400; iter++ {
		s := fd.NewStore()
		n := 1 + r.IntN(2)
		c := &PhiD{P: s.NewVarDom(randDomain(r, 0, 4)), DP: s.NewVarDom(randDomain(r, -1, 2))}
		xs := []*fd.Var{c.P, c.DP}
		for i := 0; i < n; i++ {
			c.Addrs = append(c.Addrs, fd.I64(int64(1+i*2)))
			x := s.NewVarDom(randDomain(r, -1, 2))
			v := s.NewVarDom(randDomain(r, -1, 2))
			c.Xs = append(c.Xs, x)
			c.Vals = append(c.Vals, v)
			xs = append(xs, x, v)
		}
		checkProp(t, s, xs, c)
	}
}

func TestIteProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for iter := 0; iter < 300; iter++ {
		s := fd.NewStore()
		c := s.NewVarDom(randDomain(r, -1, 1))
		v0, v1, v2 := s.NewVarDom(randDomain(r, -2, 2)), s.NewVarDom(randDomain(r, -2, 2)), s.NewVarDom(randDomain(r, -2, 2))
		k := s.NewVarDom(randDomain(r, -2, 2))
		ite := &Ite{Cond: c, Opts: &Options{MaxTrial: 1},
			Then: []fd.Constraint{fd.Cmp(v2, fd.Eq, v0), fd.Cmp(k, fd.Lt, v0)},
			Else: []fd.Constraint{fd.Cmp(v2, fd.Eq, v1), fd.Cmp(k, fd.Gt, v1)}}
		checkProp(t, s, []*fd.Var{c, v0, v1, v2, k}, ite)
	}
}

// TestPhiUFailsOnNull: a pointer holding no listed address (NULL) fails.
func TestPhiUFailsOnNull(t *testing.T) {
	s := fd.NewStore()
	p := s.NewVarInt64(0, 0)
	c := &PhiU{X: s.NewVarInt64(0, 9), P: p, Addrs: []fd.Int{fd.I64(21), fd.I64(22)},
		Vals: []*fd.Var{s.NewVarInt64(0, 9), s.NewVarInt64(0, 9)}}
	require.False(t, s.PostAndPropagate(c))
}

// TestPhiDPaperFoo replays the deduction of section 3: J3 ∈ {0, 2},
// J4 > 8 and [J4, K2] = Φd(P3, [21, 22], R2, [J3, K1]) entail P3 = 21
// and J4 = R2.
func TestPhiDPaperFoo(t *testing.T) {
	s := fd.NewStore()
	j3 := s.NewVarDom(fd.ValuesInt64(0, 2))
	k1 := s.NewVarInt64(0, 0)
	j4, k2 := s.NewVarInt64(-100, 100), s.NewVarInt64(-100, 100)
	r2 := s.NewVarInt64(-100, 100)
	p3 := s.NewVarDom(fd.ValuesInt64(21, 22))
	c := &PhiD{Xs: []*fd.Var{j4, k2}, P: p3, Addrs: []fd.Int{fd.I64(21), fd.I64(22)}, DP: r2, Vals: []*fd.Var{j3, k1}}
	require.True(t, s.PostAndPropagate(c, fd.CmpInt64(j4, fd.Gt, 8)))
	require.True(t, p3.IsFixed())
	require.Equal(t, int64(21), p3.Val().Int64())
	require.Equal(t, "{9..100}", r2.Dom().String())
	require.Equal(t, int64(0), k2.Val().Int64())
}

func TestBranchProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for iter := 0; iter < 400; iter++ {
		s := fd.NewStore()
		c := &Branch{Parent: s.NewVarDom(randDomain(r, 0, 1)), Cond: s.NewVarDom(randDomain(r, -1, 2)),
			Then: s.NewVarDom(randDomain(r, 0, 1)), Else: s.NewVarDom(randDomain(r, 0, 1)), Quiet: iter%2 == 1}
		checkProp(t, s, c.Vars(), c)
	}
}

func TestAnyProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for iter := 0; iter < 400; iter++ {
		s := fd.NewStore()
		c := &Any{Z: s.NewVarDom(randDomain(r, 0, 1))}
		for i := r.IntN(4); i > 0; i-- {
			c.Xs = append(c.Xs, s.NewVarDom(randDomain(r, 0, 1)))
		}
		checkProp(t, s, c.Vars(), c)
	}
}

// TestBranchDecides: with the ite running, the condition decides the
// branch, and a branch that runs decides the condition.
func TestBranchDecides(t *testing.T) {
	s := fd.NewStore()
	p, cond, th, el := s.NewBool(), s.NewVarInt64(-5, 5), s.NewBool(), s.NewBool()
	require.True(t, s.PostAndPropagate(&Branch{Parent: p, Cond: cond, Then: th, Else: el}))
	s.Push()
	require.True(t, th.AssignInt64(1) && s.Propagate())
	require.Equal(t, "{1}", p.Dom().String())
	require.Equal(t, "{0}", el.Dom().String())
	require.False(t, cond.Contains(fd.I64(0)))
	s.Pop()
	require.True(t, p.AssignInt64(1) && cond.AssignInt64(0) && s.Propagate())
	require.Equal(t, "{1}", el.Dom().String())
	require.Equal(t, "{0}", th.Dom().String())
}

// TestAnySleepsUntilZ: Z = max(Xs) propagates only once Z is fixed (a
// request, or an enclosing Any that needs the place): before, a fixed X
// leaves Z alone, and from the moment Z is fixed the Xs fixed meanwhile
// count (the last place open must be the one).
func TestAnySleepsUntilZ(t *testing.T) {
	s := fd.NewStore()
	z, x1, x2, x3 := s.NewBool(), s.NewBool(), s.NewBool(), s.NewBool()
	require.True(t, s.PostAndPropagate(&Any{Z: z, Xs: []*fd.Var{x1, x2, x3}}))
	s.Push()
	require.True(t, x1.AssignInt64(1) && s.Propagate())
	require.Equal(t, "{0..1}", z.Dom().String(), "asleep")
	require.False(t, z.AssignInt64(0) && s.Propagate(), "awake: Z = 0 with X1 = 1 fails")
	s.Pop()
	s.Push()
	require.True(t, x1.AssignInt64(0) && x2.AssignInt64(0) && s.Propagate())
	require.Equal(t, "{0..1}", x3.Dom().String())
	require.True(t, z.AssignInt64(1) && s.Propagate())
	require.Equal(t, "{1}", x3.Dom().String(), "the last place open")
	s.Pop()
	require.True(t, z.AssignInt64(0) && s.Propagate())
	for _, x := range []*fd.Var{x1, x2, x3} {
		require.Equal(t, "{0}", x.Dom().String())
	}
}

// TestBranchQuiet: under a parent at 0, a quiet Branch leaves its
// branches' indicators unset (nothing below wakes), and a branch set to
// run there still fails.
func TestBranchQuiet(t *testing.T) {
	s := fd.NewStore()
	p, cond, th, el := s.NewBool(), s.NewVarInt64(-5, 5), s.NewBool(), s.NewBool()
	require.True(t, s.PostAndPropagate(&Branch{Parent: p, Cond: cond, Then: th, Else: el, Quiet: true}))
	require.True(t, p.AssignInt64(0) && s.Propagate())
	require.Equal(t, "{0..1}", th.Dom().String())
	require.Equal(t, "{0..1}", el.Dom().String())
	s.Push()
	require.False(t, el.AssignInt64(1) && s.Propagate())
	s.Pop()
	require.False(t, th.AssignInt64(1) && s.Propagate())
}
