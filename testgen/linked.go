package testgen

import (
	"fmt"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// Linked inputs of any depth.
//
// The objects behind pointer inputs are built --max-depth levels deep
// (Options.PtrDepth, 3): a list of three nodes, a tree of three levels;
// the pointers below them are NULL. A goal that needs a longer chain (the
// fifth node of a list walk) is then unknown, and its reason names the
// bound (assume.go: "it reads pointers 3 levels deep in its inputs").
// Such a goal is answered again with one level more, and again, up to
// ir.MaxInputDepth levels, as long as the reason still names the depth.
// The levels added have objects of one element where their elements hold
// pointers (ir.ComputeInputShapeDeep): a chain grows by one object per
// level and pointer, not by --array-len times the objects of the level
// above (4^depth). The depth is part of the test (interp.Inputs.Depth,
// "depth" in inka/v1, "(linked inputs N levels deep)" in text), and a
// proof never rests on it: on the deepest inputs the goal stays unknown
// and says how deep they were.

// depthBound reports whether an unknown answer's reason is one that
// deeper linked inputs may change.
func depthBound(reason string) bool {
	return strings.Contains(reason, "levels deep in its inputs")
}

// linkDeeper answers goal again on deeper linked inputs when res, its
// answer on this generator, is unknown because of their depth. The
// generators of longer inputs and of deeper unrolling bounds do not grow
// the depth (the bounds would multiply): a goal grows its depth on the
// inputs of --array-len.
func (g *Generator) linkDeeper(goal Goal, max int, res *GoalResult) *GoalResult {
	if res.Status != Unknown || !depthBound(res.Reason) || g.Opts.Total.Exhausted() || g.Opts.flatLen > 0 || g.Opts.deepened > 0 {
		return res
	}
	d := g.deeperInputs()
	if d == nil {
		return res
	}
	r := g.again(d, goal, max, res)
	if r.Status == Unknown && !strings.Contains(r.Reason, "levels deep tried") {
		// The innermost growth names the deepest inputs tried; a reason
		// that no longer names the depth (a budget) keeps this one's.
		if !depthBound(r.Reason) {
			r.Reason = fmt.Sprintf("%s; on linked inputs %d levels deep: %s", r.Reason, g.shape.MaxDepth, res.Reason)
		}
		r.Reason += fmt.Sprintf(" (linked inputs up to %d levels deep tried)", d.shape.MaxDepth)
	}
	return r
}

// inputDepth is the depth of the input objects of the tests of g
// (interp.Inputs.Depth): 0 when it is --max-depth.
func (g *Generator) inputDepth() int {
	if g.shape.WideDepth == 0 {
		return 0
	}
	return g.shape.MaxDepth
}

// deeperInputs returns the generator of the function on linked inputs
// one level deeper, or nil when there is none: ir.MaxInputDepth is
// reached, or it cannot be set up.
func (g *Generator) deeperInputs() *Generator {
	if g.linked != nil || g.noLinked {
		return g.linked
	}
	g.noLinked = true
	if g.shape.MaxDepth >= ir.MaxInputDepth {
		return nil
	}
	opts := g.Opts
	opts.depth = g.shape.MaxDepth + 1
	l, err := NewGenerator(g.Prog, opts)
	if err != nil || l.setupErr != nil {
		return nil
	}
	g.linked, g.noLinked = l, false
	return l
}
