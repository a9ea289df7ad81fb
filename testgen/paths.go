package testgen

import (
	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/model"
)

// Paths shared between goals. A coverage run answers its goals deepest
// first, and goals in a row often lie in the same branches: the cases of
// a switch past the first k (each in the else branches of the tests
// before it), the else branches of a nest of ifs. Posted goal by goal,
// each request would propagate the whole path above it again: a cost
// quadratic in the depth. Instead the shared model keeps, between the
// goals of a run, the branches above the last goal set, each in a choice
// point of its own; the next goal pops those not above it and sets those
// that are, so that a path is propagated once for every goal under it.
// Setting them adds nothing: the goal's request implies them
// (model.Path), so the searches and their answers are those of the
// goal alone.

// pathLevel is one branch set on the shared model, with the model's
// record of cut paths before it (restored when it is popped).
type pathLevel struct {
	x            *fd.Var
	boundHit     bool
	nUnsupported int
}

// enterPath pops the branches set on the shared model that are not on
// path (outermost first) and sets those of path that are not set yet. A
// branch that fails leaves its choice point failed: every goal under it
// then fails at once, as its own request would.
func (g *Generator) enterPath(m *model.Model, path []*fd.Var) {
	n := 0
	for n < len(g.paths) && n < len(path) && g.paths[n].x == path[n] {
		n++
	}
	g.leavePaths(m, n)
	for _, x := range path[n:] {
		g.paths = append(g.paths, pathLevel{x: x, boundHit: m.BoundHit, nUnsupported: len(m.Unsupported)})
		m.S.Push()
		if !m.S.Failed() && x.AssignInt64(1) {
			m.S.Propagate()
		}
	}
}

// leavePaths pops the branches set on the shared model down to the first
// n.
func (g *Generator) leavePaths(m *model.Model, n int) {
	for len(g.paths) > n {
		l := g.paths[len(g.paths)-1]
		g.paths = g.paths[:len(g.paths)-1]
		m.S.Pop()
		m.BoundHit, m.Unsupported = l.boundHit, m.Unsupported[:l.nUnsupported]
	}
}
