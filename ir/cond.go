package ir

import (
	"sort"
	"strconv"
	"strings"
)

// CondOp is the operator of a node of a CondExpr.
type CondOp int

const (
	CondLeaf CondOp = iota // a condition
	CondAnd                // X && Y
	CondOr                 // X || Y
	CondNot                // !X, X not a condition (`!(a && b)`)
)

// CondExpr is the boolean structure of a decision over its conditions, as
// DO-178C defines them: a condition is a boolean expression containing no
// boolean operator other than `!` (`alt > 1000`, `!armed`, `p->mode ==
// AUTO`); a decision is a boolean expression made of conditions and zero
// or more of && and ||. A chain a && b && c is ((a && b) && c), as C
// groups it. Each condition is evaluated by a test of its own in the IR
// (an If whose DecRef names Leaf, a decision of kind DecCondition), so that
// the interpreter's trace gives the value of every condition evaluated,
// and short-circuit evaluation leaves the others unevaluated. A decision
// that is a single condition is its own leaf (Leaf is the decision).
type CondExpr struct {
	Op   CondOp
	X, Y *CondExpr // CondAnd, CondOr: X op Y; CondNot: X
	Leaf *Decision // CondLeaf
}

// Leaves returns the conditions of e from left to right: the order in
// which short-circuit evaluation meets them.
func (e *CondExpr) Leaves() []*Decision {
	var out []*Decision
	var walk func(e *CondExpr)
	walk = func(e *CondExpr) {
		if e == nil {
			return
		}
		if e.Op == CondLeaf {
			out = append(out, e.Leaf)
			return
		}
		walk(e.X)
		walk(e.Y)
	}
	walk(e)
	return out
}

// String writes e with its conditions numbered c1, c2, ... in the order of
// Leaves: "(c1 && c2) || !c3".
func (e *CondExpr) String() string {
	n := map[*Decision]int{}
	for i, l := range e.Leaves() {
		n[l] = i + 1
	}
	var b strings.Builder
	var walk func(e *CondExpr, top bool)
	walk = func(e *CondExpr, top bool) {
		switch e.Op {
		case CondLeaf:
			b.WriteString("c")
			b.WriteString(strconv.Itoa(n[e.Leaf]))
		case CondNot:
			b.WriteString("!")
			walk(e.X, false)
		default:
			if !top {
				b.WriteString("(")
			}
			walk(e.X, false)
			if e.Op == CondAnd {
				b.WriteString(" && ")
			} else {
				b.WriteString(" || ")
			}
			walk(e.Y, false)
			if !top {
				b.WriteString(")")
			}
		}
	}
	walk(e, true)
	return b.String()
}

// SortDecisions orders a function's decisions by position (a decision
// before the conditions nested at its start) and numbers them (Index).
func SortDecisions(ds []*Decision) {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i].Pos, ds[j].Pos
		if a == b {
			return ds[i].Kind.IsDecision() && !ds[j].Kind.IsDecision()
		}
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	for i, d := range ds {
		d.Index = i
	}
}
