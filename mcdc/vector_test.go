package mcdc

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/inka-tool/inka/ir"
)

func leaf() *ir.CondExpr {
	return &ir.CondExpr{Op: ir.CondLeaf, Leaf: &ir.Decision{Kind: ir.DecCondition}}
}

func op(o ir.CondOp, x, y *ir.CondExpr) *ir.CondExpr { return &ir.CondExpr{Op: o, X: x, Y: y} }

// (c1 && c2) || c3, worked by hand: the five short-circuit paths, which
// pairs show c1 in each form.
func TestShapeByHand(t *testing.T) {
	e := op(ir.CondOr, op(ir.CondAnd, leaf(), leaf()), leaf())
	s := newShape(e)
	var got []string
	for _, p := range s.paths() {
		got = append(got, p.String())
	}
	assert.Equal(t, []string{"TT-->T", "TFT->T", "TFF->F", "F-T->T", "F-F->F"}, got)
	assert.Equal(t, "(c1 && c2) || c3", e.String())
	v := func(c string, o bool) Vector { return Vector{c, o} }
	// c1 decides where c2 is true (or skipped) and c3 false (or skipped)
	assert.True(t, s.decides(0, "TT-"))
	assert.True(t, s.decides(0, "F-F"))
	assert.False(t, s.decides(0, "TFF"), "c2 false masks c1")
	assert.False(t, s.decides(0, "F-T"), "c3 true masks c1")
	assert.True(t, s.masking(0, v("TT-", true), v("F-F", false)))
	assert.False(t, s.masking(0, v("TFT", true), v("F-T", true)))
	// unique-cause: c2 and c3 skipped on one side match anything
	assert.True(t, uniqueCause(0, v("TT-", true), v("F-F", false)))
	assert.False(t, uniqueCause(0, v("TFT", true), v("F-F", false)), "the outcome does not change")
	assert.True(t, uniqueCause(1, v("TT-", true), v("TFF", false)), "c3 skipped on the true side")
	assert.False(t, uniqueCause(2, v("TFT", true), v("F-F", false)), "c1 changes too")
	// !(c1 || c2): a negation does not mask
	n := newShape(&ir.CondExpr{Op: ir.CondNot, X: op(ir.CondOr, leaf(), leaf())})
	assert.True(t, n.decides(1, "FT"))
	o, ok := n.done("FT")
	assert.True(t, ok)
	assert.False(t, o)
}

// randomTree builds a decision of n conditions, with negations.
func randomTree(rng *rand.Rand, n int) *ir.CondExpr {
	if n == 1 {
		return leaf()
	}
	k := 1 + rng.Intn(n-1)
	o := ir.CondAnd
	if rng.Intn(2) == 0 {
		o = ir.CondOr
	}
	e := op(o, randomTree(rng, k), randomTree(rng, n-k))
	if rng.Intn(4) == 0 {
		e = &ir.CondExpr{Op: ir.CondNot, X: e}
	}
	return e
}

// full evaluates e on a total assignment (bit i of a: condition i),
// with short-circuit evaluation, returning the outcome and the vector.
func full(s *shape, e *ir.CondExpr, a int, vec []byte) bool {
	switch e.Op {
	case ir.CondLeaf:
		i := s.index[e.Leaf]
		b := a>>i&1 == 1
		vec[i] = False
		if b {
			vec[i] = True
		}
		return b
	case ir.CondNot:
		return !full(s, e.X, a, vec)
	}
	x := full(s, e.X, a, vec)
	if x != (e.Op == ir.CondAnd) {
		return x
	}
	return full(s, e.Y, a, vec)
}

// The paths are exactly the vectors that the 2^n assignments give under
// short-circuit evaluation; a condition decides a vector exactly when,
// the values evaluated held and those skipped chosen freely, flipping it
// alone changes the outcome (the Boolean-difference definition of
// masking MC/DC).
func TestShapeAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(22))
	for trial := 0; trial < 300; trial++ {
		n := 1 + rng.Intn(6)
		e := randomTree(rng, n)
		s := newShape(e)
		seen := map[Vector]bool{}
		for a := 0; a < 1<<n; a++ {
			vec := []byte(strings.Repeat("-", n))
			o := full(s, e, a, vec)
			seen[Vector{string(vec), o}] = true
		}
		paths := s.paths()
		assert.Len(t, paths, len(seen), e.String())
		for _, p := range paths {
			assert.True(t, seen[p], "%s: path %s", e, p)
			o, ok := s.done(p.Conds)
			assert.True(t, ok && o == p.Outcome, "%s: %s", e, p)
			for i := 0; i < n; i++ {
				want := false
				for a := 0; a < 1<<n; a++ {
					if !agrees(p.Conds, a) {
						continue
					}
					scratch := make([]byte, n)
					if full(s, e, a, scratch) != full(s, e, a^1<<i, scratch) {
						want = p.Conds[i] != NotEvaluated
					}
				}
				assert.Equal(t, want, s.decides(i, p.Conds), "%s: c%d in %s", e, i+1, p)
			}
		}
	}
}

// agrees reports whether assignment a gives the evaluated conditions of
// vec their values.
func agrees(vec string, a int) bool {
	for i, c := range vec {
		if c != NotEvaluated && (c == True) != (a>>i&1 == 1) {
			return false
		}
	}
	return true
}
