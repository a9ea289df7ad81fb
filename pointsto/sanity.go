package pointsto

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// SanityCheck verifies the invariants of an analysis result that the
// Pointer-SSA and the constraint model rely on, and returns an error
// listing the violations, each naming the function, the statement and the
// broken rule:
//
//   - objects: every location of every graph, as holder or as target, is
//     in an object of the result (Objects), at a canonical byte offset of
//     it (arrays collapsed: offsets.go) between 0 and one past its end, or
//     anywhere in it (AnyOff); NULL and the unknown object only at offset
//     0; a holder is a pointer leaf;
//   - definite: a definite relation is its holder's only one (Emami: the
//     pointer points there on every path);
//   - joins: the graphs are monotone where paths meet: the graphs at the
//     end of both branches of an if are in the graph after it, and one of
//     its relations is definite only if it is in both; the graph before a
//     loop and the one at the end of its body are in the graph at its head;
//   - branches: each branch of an if starts from the graph before the if
//     (a condition assigns no pointer).
//
// The tests run it on every function of testdata (sanity_test.go), and
// testgen after every analysis when its Options.Check is set.
func SanityCheck(r *Result) error {
	c := &ptChecker{r: r, objs: map[*Object]bool{}}
	for _, o := range r.Objects {
		c.objs[o] = true
	}
	c.at = "entry"
	c.graph(r.Entry)
	c.block(r.Func.Body)
	c.at = "exit"
	c.graph(r.Exit)
	if len(c.errs) == 0 {
		return nil
	}
	sort.Strings(c.errs)
	if len(c.errs) > 20 {
		c.errs = append(c.errs[:20], fmt.Sprintf("... and %d more", len(c.errs)-20))
	}
	return errors.New(strings.Join(c.errs, "\n"))
}

type ptChecker struct {
	r    *Result
	objs map[*Object]bool
	at   string // where the graph being checked is: "entry", "before s (pos)"
	errs []string
}

func (c *ptChecker) errorf(rule, format string, args ...any) {
	c.errs = append(c.errs, fmt.Sprintf("%s: %s: %s: %s", c.r.Func.Name, c.at, rule, fmt.Sprintf(format, args...)))
}

func (c *ptChecker) block(ss []ir.Stmt) {
	for _, s := range ss {
		c.stmt(s)
	}
}

func (c *ptChecker) stmt(s ir.Stmt) {
	c.at = fmt.Sprintf("before %q (%s)", ir.StmtString(s), s.Position())
	g, ok := c.r.before[s]
	if !ok {
		// a statement the analysis never reached (after a cut, in dead
		// code after a return): nothing to check
		return
	}
	c.graph(g)
	switch s := s.(type) {
	case *ir.If:
		for k, branch := range [][]ir.Stmt{s.Then, s.Else} {
			if len(branch) == 0 {
				continue
			}
			b, ok := c.r.before[branch[0]]
			if j, loop := c.r.joins[branch[0]]; loop {
				if _, isWhile := branch[0].(*ir.While); isWhile {
					b = j[0] // a loop's Before is its head's graph: it enters from j[0]
				}
			}
			if ok && !b.equal(g) {
				c.errorf("branches", "branch %d does not start from the graph before the if", k)
			}
		}
		if j, ok := c.r.joins[s]; ok {
			c.included("joins", j[0], j[2], "the end of the then branch", "the join")
			c.included("joins", j[1], j[2], "the end of the else branch", "the join")
			c.definiteInBoth(j[0], j[1], j[2])
		}
		c.block(s.Then)
		c.block(s.Else)
	case *ir.While:
		if j, ok := c.r.joins[s]; ok {
			c.included("joins", j[0], j[2], "the graph before the loop", "the loop head")
			c.included("joins", j[1], j[2], "the end of the body", "the loop head")
		}
		c.block(s.Pre)
		c.block(s.Body)
	}
}

// graph checks the objects and definite rules on one graph.
func (c *ptChecker) graph(g Graph) {
	for h, ts := range g {
		c.loc(h, "holder")
		if t := h.Type(); h.Obj.Kind != UnknownObj && h.Obj.Typ != nil && (t == nil || !t.IsPointer()) {
			c.errorf("objects", "holder %s is a %v, not a pointer", h.Holder(), t)
		}
		definite := 0
		for t, rel := range ts {
			c.loc(t, "target of "+h.String())
			if rel == Definite {
				definite++
			}
		}
		if definite > 0 && len(ts) > 1 {
			c.errorf("definite", "%s has a definite target among %d", h, len(ts))
		}
	}
}

// loc checks that l is a location of an object of the result.
func (c *ptChecker) loc(l Loc, what string) {
	switch {
	case l.Obj == nil:
		c.errorf("objects", "%s: no object", what)
	case !c.objs[l.Obj]:
		c.errorf("objects", "%s %s: an object outside the analysis", what, l)
	case l.Obj.Typ == nil || l.Obj.Typ.Kind == ir.Function:
		if l.Off != 0 {
			c.errorf("objects", "%s %s: offset %d in %s", what, l, l.Off, l.Obj)
		}
	case l.Off == AnyOff:
	case l.Off < 0 || l.Off > l.Obj.Typ.Size() || canon(l.Obj.Typ, l.Off) != l.Off:
		c.errorf("objects", "%s %s: offset %d is no canonical offset of %s", what, l, l.Off, l.Obj.Typ)
	}
}

// included checks that every relation of a is in b.
func (c *ptChecker) included(rule string, a, b Graph, aName, bName string) {
	for h, ts := range a {
		for t := range ts {
			if _, ok := b[h][t]; !ok {
				c.errorf(rule, "%s -> %s at %s is not at %s", h, t, aName, bName)
			}
		}
	}
}

// definiteInBoth checks that a definite relation of the join of then and
// els is definite in both.
func (c *ptChecker) definiteInBoth(then, els, join Graph) {
	for h, ts := range join {
		for t, rel := range ts {
			if rel == Definite && (then[h][t] != Definite || els[h][t] != Definite) {
				c.errorf("joins", "%s -> %s is definite after the if but not at the end of both branches", h, t)
			}
		}
	}
}
