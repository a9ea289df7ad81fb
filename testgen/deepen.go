package testgen

import (
	"fmt"
	"math"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// Bounds that grow.
//
// --max-unroll (64) and --max-inline (8) are where the search starts, not
// where it stops. A goal left unknown because a loop needs more
// iterations or a call is nested deeper than the bound (and that
// exhaustion could not answer, exhaust.go) is answered again on a
// generator with 4 times the unrolling bound and twice the inlining bound,
// then once more (1,024 iterations and 32 calls from the defaults),
// each with a quarter of the shallower one's budget per goal, within the
// run's. The inlining bound grows only where the function inlined stays
// small (maxInlinedStmts). A deeper
// generator's answer replaces an unknown one only; an unknown one keeps
// the reason of the shallower bound when the deeper one only ran out of
// budget. More budget never answers worse: a goal covered or proved at a
// bound stays so, and a deeper bound is tried only on what is left.

// deepenLevels is how many times the bounds grow.
const deepenLevels = 2

// maxInlinedStmts bounds the size of a function inlined with a deeper
// inlining bound: a recursion that calls itself twice (a tree walk)
// doubles its size with every level.
const maxInlinedStmts = 200_000

// boundReason reports whether an unknown answer's reason is one that
// deeper bounds may change.
func boundReason(reason string) bool {
	return strings.Contains(reason, "unrolling bound") || strings.Contains(reason, "inlining bound")
}

// deepen answers goal again with deeper bounds when res, its answer on
// this generator, is unknown because of them.
func (g *Generator) deepen(goal Goal, max int, res *GoalResult) *GoalResult {
	if res.Status != Unknown || !boundReason(res.Reason) || g.Opts.Total.Exhausted() || g.Opts.NoSolver || g.Opts.flatLen > 0 {
		// (The generators of longer inputs do not deepen: a goal
		// deepens on the inputs of --array-len, so that the lengths and
		// the bounds do not multiply.)
		return res
	}
	d := g.deeperBounds()
	if d == nil {
		return res
	}
	r := g.again(d, goal, max, res)
	if r.Status == Unknown {
		if !boundReason(r.Reason) {
			// A budget ran out on the deeper model: the shallower
			// bound's reason says more.
			r.Reason = res.Reason
		}
		if !strings.Contains(r.Reason, "bounds up to") {
			r.Reason += fmt.Sprintf(" (bounds up to --max-unroll %d and --max-inline %d tried)", d.Opts.MaxUnroll, d.Opts.MaxInline)
		}
	}
	return r
}

// deeperBounds returns the generator of the function with 4 times the
// unrolling bound and twice the inlining bound, or nil when the bounds
// have grown deepenLevels times already or it cannot be set up.
func (g *Generator) deeperBounds() *Generator {
	if g.deeper != nil || g.noDeeper {
		return g.deeper
	}
	g.noDeeper = true
	if g.Opts.deepened >= deepenLevels {
		return nil
	}
	opts := g.Opts
	opts.deepened++
	opts.MaxUnroll *= 4
	// A quarter of the goal's budget: a goal hits the bound early when
	// it hits it at all, and the deeper model is searched on that
	// ground; the time of a run with many such goals stays in bounds.
	opts.Steps = max(1, g.Opts.Steps/4)
	if len(g.inlined.Truncated) > 0 && g.inlinedSize(2*opts.MaxInline) <= maxInlinedStmts {
		opts.MaxInline *= 2
	}
	d, err := NewGenerator(g.Prog, opts)
	if err != nil || d.setupErr != nil {
		return nil
	}
	g.deeper, g.noDeeper = d, false
	return d
}

// inlinedSize estimates the statements of the function inlined with
// the bound depth, from its sizes with this generator's bound and half
// of it (the growth over the last levels, repeated), without inlining it.
func (g *Generator) inlinedSize(depth int) int {
	now := stmtCount(g.inlined.Func)
	half, err := ir.Inline(g.Prog, max(1, g.Opts.MaxInline/2))
	if err != nil {
		return math.MaxInt
	}
	// Levels from MaxInline/2 to MaxInline multiplied the size by
	// growth; from MaxInline to depth as many times again per as many
	// levels.
	growth := float64(now) / float64(max(1, stmtCount(half.Func)))
	steps := float64(depth-g.Opts.MaxInline) / float64(max(1, g.Opts.MaxInline-g.Opts.MaxInline/2))
	est := float64(now) * math.Pow(max(growth, 1), steps)
	if est > math.MaxInt32 {
		return math.MaxInt
	}
	return int(est)
}
