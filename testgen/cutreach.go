package testgen

import "github.com/inka-tool/inka/ir"

// Constructs inka does not model (ir.Unsupported) in the model of the runs
// cut at a goal. A run that reaches one stops in inka's view, but goes on
// in C, with values inka cannot tell: if the goal can come after the
// construct, such a run may reach it. The model cut at the goal therefore
// makes each Unsupported statement from which the goal can be reached (in
// the control flow: later in a block around both, or in a loop around
// both) a cut point (see instrument): a solution through it is a run that
// makes the answer unknown, naming the construct. The other Unsupported
// statements end runs that can never reach the goal: an exact end, no
// approximation (model.Options.ExactCuts).

// treeStep is one step of the path of a statement in a function body: the
// block it lies in (the child'th block of parent, nil for the body) and
// its index there.
type treeStep struct {
	parent ir.Stmt
	child  int // 0 If.Then, 1 If.Else, 2 While.Pre, 3 While.Body
	index  int
}

type treePath []treeStep

// precedeGoal returns the statements of body for which point holds and
// from which one of the goal's statements can be reached.
func precedeGoal(body []ir.Stmt, goal Goal, point func(ir.Stmt) bool) map[ir.Stmt]bool {
	var goals, cuts []treePath
	var cutStmts []ir.Stmt
	var walk func(ss []ir.Stmt, path treePath, parent ir.Stmt, child int)
	walk = func(ss []ir.Stmt, path treePath, parent ir.Stmt, child int) {
		for i, s := range ss {
			p := append(path[:len(path):len(path)], treeStep{parent, child, i})
			if goal.decidedBy(s) {
				goals = append(goals, p)
			}
			if point(s) {
				cuts = append(cuts, p)
				cutStmts = append(cutStmts, s)
			}
			switch s := s.(type) {
			case *ir.If:
				walk(s.Then, p, s, 0)
				walk(s.Else, p, s, 1)
			case *ir.While:
				walk(s.Pre, p, s, 2)
				walk(s.Body, p, s, 3)
			}
		}
	}
	walk(body, nil, nil, 0)
	out := map[ir.Stmt]bool{}
	for i, c := range cuts {
		for _, g := range goals {
			if canFollow(c, g) {
				out[cutStmts[i]] = true
				break
			}
		}
	}
	return out
}

// canFollow reports whether the statement at path g can run after the one
// at path c, on some path of the control flow.
func canFollow(c, g treePath) bool {
	inLoop := false
	for d := 0; d < len(c) && d < len(g); d++ {
		cs, gs := c[d], g[d]
		if cs.parent != gs.parent {
			return inLoop // cannot happen below a common step
		}
		if cs.child != gs.child {
			if _, isLoop := cs.parent.(*ir.While); isLoop {
				return true // Pre and Body of one loop: each iteration runs both
			}
			return inLoop // the two branches of an if
		}
		switch {
		case cs.index < gs.index:
			return true
		case cs.index > gs.index:
			return inLoop
		}
		// the same statement at this depth: an ancestor of both
		if d+1 < len(c) && d+1 < len(g) {
			if _, isLoop := c[d+1].parent.(*ir.While); isLoop {
				inLoop = true
			}
		} else if d+1 < len(c) {
			// g is an ancestor of c: a loop reruns its test after c
			_, isLoop := c[d+1].parent.(*ir.While)
			return inLoop || isLoop
		}
	}
	return inLoop
}
