package testgen

import "github.com/inka-tool/inka/ir"

// Recursion inlined shallow first.
//
// A recursion is inlined until --max-inline nested calls, and one that
// calls itself at more than one place (a recursive-descent parser whose
// parse_expr calls parse_atom twice, a tree walk) multiplies the inlined
// code at every level: a 20-line parser inlined 8 calls deep is thousands
// of statements, and the points-to analysis, Pointer-SSA and the model of
// that function cost millions of steps before any search, also for the
// goals that runs through two levels cover (parsing "(1)").
//
// So when the inlining bound cut a recursion, a goal is first answered on
// a generator of the function that inlines a function at most shallowRec
// times on a chain of calls (the calls that do not recurse still nest up
// to --max-inline), with a shallowShare-th of the goal's steps. Only the
// goals that leave unknown go on to the generator of the full bounds, with
// their full budget, as before: a goal answered there is answered as
// before (the shallow try only adds its steps), one answered on the
// shallow generator is answered by the same engines on a model that is a
// part of the full one, its tests replayed and its proofs as sound (a
// call left in place is a cut of the runs, ssa.Truncated, as at the full
// bound).

// shallowRec is how many activations of one function the shallow
// generator inlines on a chain of calls: two levels of a recursion.
const shallowRec = 2

// shallowShare: the shallow try gets this fraction of a goal's steps.
const shallowShare = 32

// shallowFirst answers goal on the shallow generator when g has one; ok is
// false when it has none or leaves the goal unknown (then the steps it
// spent are in res's stats, for the answer of g to add).
func (g *Generator) shallowFirst(goal Goal, max int) (res *GoalResult, ok bool) {
	if max > 1 {
		// An enumeration of tests wants them all on the same bounds.
		return nil, false
	}
	s := g.shallower()
	if s == nil {
		return nil, false
	}
	s.done, s.near = g.done, g.near
	r := s.reach(goal, max)
	return r, r.Status != Unknown
}

// shallower returns the shallow generator of the function, or nil when
// its inlining cut no recursion (or it is itself a shallow, deeper or
// longer generator) or when the shallow one would not be smaller.
func (g *Generator) shallower() *Generator {
	if g.shallow != nil || g.noShallow {
		return g.shallow
	}
	g.noShallow = true
	if g.Opts.maxRec > 0 || g.Opts.deepened > 0 || g.Opts.flatLen > 0 || g.Opts.depth > 0 || g.Opts.NoSolver || !g.recursive() {
		return nil
	}
	opts := g.Opts
	opts.maxRec = shallowRec
	opts.goalShare = shallowShare
	s, err := NewGenerator(g.Prog, opts)
	if err != nil || s.setupErr != nil || 2*stmtCount(s.inlined.Func) > stmtCount(g.inlined.Func) {
		return nil
	}
	g.shallow, g.noShallow = s, false
	return s
}

// recursive reports whether the inlining bound left in place a call of a
// function that the chain of calls around it already runs (recursion).
func (g *Generator) recursive() bool {
	for _, c := range g.inlined.Truncated {
		if c.Func != nil && g.callsItself(c.Func) {
			return true
		}
	}
	return false
}

// callsItself reports whether f may call itself, directly or through the
// functions it calls.
func (g *Generator) callsItself(f *ir.Func) bool {
	seen := map[*ir.Func]bool{}
	var walk func(h *ir.Func) bool
	walk = func(h *ir.Func) bool {
		found := false
		ir.Walk(h.Body, func(s ir.Stmt) {
			c, ok := s.(*ir.Call)
			if !ok || c.Func == nil || found {
				return
			}
			if c.Func == f {
				found = true
			} else if !seen[c.Func] {
				seen[c.Func] = true
				found = walk(c.Func)
			}
		})
		return found
	}
	return walk(f)
}

// stmtCount counts the statements of f.
func stmtCount(f *ir.Func) int {
	n := 0
	ir.Walk(f.Body, func(ir.Stmt) { n++ })
	return n
}
