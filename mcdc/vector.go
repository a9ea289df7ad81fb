package mcdc

import (
	"strings"

	"github.com/inka-tool/inka/ir"
)

// Values of a condition in an evaluation vector.
const (
	NotEvaluated = '-'
	True         = 'T'
	False        = 'F'
)

// Vector is one evaluation of a decision: the value of each condition, in
// the order of ir.CondExpr.Leaves ('T', 'F', or '-' for a condition that
// short-circuit evaluation skipped), and the decision's outcome.
type Vector struct {
	Conds   string
	Outcome bool
}

func (v Vector) String() string {
	o := "F"
	if v.Outcome {
		o = "T"
	}
	return v.Conds + "->" + o
}

// shape is a decision's boolean structure with its conditions numbered.
type shape struct {
	e     *ir.CondExpr
	index map[*ir.Decision]int
	n     int
	// span[node] is the range of condition indexes under a node.
	lo, hi map[*ir.CondExpr]int
}

func newShape(e *ir.CondExpr) *shape {
	s := &shape{e: e, index: map[*ir.Decision]int{}, lo: map[*ir.CondExpr]int{}, hi: map[*ir.CondExpr]int{}}
	var walk func(e *ir.CondExpr)
	walk = func(e *ir.CondExpr) {
		s.lo[e] = s.n
		switch e.Op {
		case ir.CondLeaf:
			s.index[e.Leaf] = s.n
			s.n++
		case ir.CondNot:
			walk(e.X)
		default:
			walk(e.X)
			walk(e.Y)
		}
		s.hi[e] = s.n
	}
	walk(e)
	return s
}

// paths returns every evaluation vector short-circuit evaluation can
// produce, whatever the inputs: the paths through the decision, true
// before false at each condition.
func (s *shape) paths() []Vector {
	var out []Vector
	var eval func(e *ir.CondExpr, vec []byte, k func(bool, []byte))
	eval = func(e *ir.CondExpr, vec []byte, k func(bool, []byte)) {
		switch e.Op {
		case ir.CondLeaf:
			for _, v := range []byte{True, False} {
				w := append([]byte(nil), vec...)
				w[s.index[e.Leaf]] = v
				k(v == True, w)
			}
		case ir.CondNot:
			eval(e.X, vec, func(b bool, w []byte) { k(!b, w) })
		default:
			and := e.Op == ir.CondAnd
			eval(e.X, vec, func(b bool, w []byte) {
				if b != and { // X decides: false for &&, true for ||
					k(b, w)
					return
				}
				eval(e.Y, w, k)
			})
		}
	}
	eval(s.e, []byte(strings.Repeat(string(rune(NotEvaluated)), s.n)), func(b bool, w []byte) {
		out = append(out, Vector{Conds: string(w), Outcome: b})
	})
	return out
}

// value returns the value of node e in vector vec (ok false when e was
// not evaluated, or not to the end).
func (s *shape) value(e *ir.CondExpr, vec string) (val, ok bool) {
	switch e.Op {
	case ir.CondLeaf:
		c := vec[s.index[e.Leaf]]
		return c == True, c != NotEvaluated
	case ir.CondNot:
		v, ok := s.value(e.X, vec)
		return !v, ok
	}
	x, ok := s.value(e.X, vec)
	if !ok {
		return false, false
	}
	and := e.Op == ir.CondAnd
	if x != and {
		return x, true
	}
	return s.value(e.Y, vec)
}

// done reports whether a partial vector (conditions evaluated so far)
// decides the outcome, and the outcome.
func (s *shape) done(vec string) (outcome, ok bool) { return s.value(s.e, vec) }

// evaluated reports whether node e was evaluated in vec (its first
// condition was).
func (s *shape) evaluated(e *ir.CondExpr, vec string) bool {
	return vec[s.lo[e]] != NotEvaluated
}

// decides reports whether condition i decides the outcome of vector vec
// (masking MC/DC, CAST-6): it was evaluated, and along the way from it to
// the decision no other operand masks it — for X && Y, with the
// condition in X, Y is true or was not evaluated (X false); for X || Y, Y
// is false or was not evaluated. A condition in Y of X && Y is evaluated
// only when X is true, which makes Y decide X && Y. Changing a deciding
// condition alone, the others as they are, changes the outcome.
func (s *shape) decides(i int, vec string) bool {
	if vec[i] == NotEvaluated {
		return false
	}
	e := s.e
	for e.Op != ir.CondLeaf {
		switch e.Op {
		case ir.CondNot:
			e = e.X
			continue
		}
		inX := i < s.hi[e.X]
		if !inX {
			e = e.Y
			continue
		}
		if s.evaluated(e.Y, vec) {
			y, ok := s.value(e.Y, vec)
			if !ok || y != (e.Op == ir.CondAnd) {
				return false
			}
		}
		e = e.X
	}
	return true
}

// uniqueCause reports whether vectors a and b show the independence of
// condition i in the unique-cause form (with short-circuit evaluation,
// as CAST-6 allows it): i is true in one and false in the other, the
// outcomes differ, and every other condition has the same value in both
// or was not evaluated in one of them.
func uniqueCause(i int, a, b Vector) bool {
	if a.Conds[i] == NotEvaluated || b.Conds[i] == NotEvaluated || a.Conds[i] == b.Conds[i] || a.Outcome == b.Outcome {
		return false
	}
	for j := 0; j < len(a.Conds); j++ {
		if j != i && a.Conds[j] != b.Conds[j] && a.Conds[j] != NotEvaluated && b.Conds[j] != NotEvaluated {
			return false
		}
	}
	return true
}

// masking reports whether a and b show the independence of condition i in
// the masking form: i has different values and decides the outcome in
// both (so the outcomes differ too); the other conditions may differ.
func (s *shape) masking(i int, a, b Vector) bool {
	return a.Conds[i] != b.Conds[i] && s.decides(i, a.Conds) && s.decides(i, b.Conds) && a.Outcome != b.Outcome
}
