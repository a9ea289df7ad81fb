package testgen

import (
	"fmt"
	"strings"

	"github.com/inka-tool/inka/budget"

	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/model"
	"github.com/inka-tool/inka/pointsto"
)

// Pointers returned by undefined callees. The pointer a call of an
// undefined function returns is an input, as a pointer parameter is
// (ir.StubReturns): NULL (when the code compares it with NULL, as for a
// parameter; in the model cut at a goal, always) or the address of a fresh
// object of the pointee type, built to the same shape. In the model, the
// object of a call site is one input object ("lookup@0"), which every
// execution of the call returns or not; a test names it after the call
// that returns it first ("lookup()#2": the third call of lookup in the
// run) and the interpreter (interp.StubAnswer.Object) and the harness's
// stubs return it. A proof that uses such a pointer holds under that stub
// contract only: a real callee may return a pointer to the program's own
// objects, or the same object from two calls.

// ptConfig is the points-to configuration of the generator's models.
func (g *Generator) ptConfig(mayBeNull func(string) bool, bud *budget.B) pointsto.Config {
	return pointsto.Config{Shape: g.shape, Inputs: g.inputs, MayBeNull: mayBeNull, Returns: g.returns, Budget: bud}
}

// returnedObjects names, for a solution of m, the object each executed
// call of an undefined function returns: by the root of its site, the name
// of the call that returns it first ("lookup()#k"), and for each call
// instance (in execution order) that name, or "" for NULL.
func returnedObjects(m *model.Model, calls []*model.StubCall) (names map[string]string, answers []string) {
	names = map[string]string{}
	index := map[string]int{}
	answers = make([]string, len(calls))
	for i, c := range calls {
		e := c.Stub.Extern
		k := index[e.Name]
		index[e.Name]++
		ic, _ := c.Stub.Source().(*ir.Call)
		obj, root := m.F.PT.ReturnedObject(ic)
		if obj == nil || obj.Kind != pointsto.InputObj || len(c.Dsts) == 0 || !c.Dsts[0].IsFixed() {
			continue
		}
		if c.Dsts[0].Val().Int64() != m.F.Base(obj) {
			continue // NULL
		}
		if names[root] == "" {
			names[root] = fmt.Sprintf("%s()#%d", e.Name, k)
		}
		answers[i] = names[root]
	}
	return names, answers
}

// renameReturned rewrites an input path under a site's object ("lookup@0[0].n")
// to the run's name of that object ("lookup()#2[0].n"); ok is false for
// the inputs of an object no call returns in the run.
func renameReturned(path string, names map[string]string, returns map[*ir.Call]string) (string, bool) {
	i := strings.IndexAny(path, "[.")
	root := path
	if i >= 0 {
		root = path[:i]
	}
	if !strings.Contains(root, "@") {
		return path, true
	}
	for _, r := range returns {
		if r == root {
			if n := names[root]; n != "" {
				return n + path[len(root):], true
			}
			return "", false
		}
	}
	return path, true
}

// returnDependence says why a proof that no run of f reaches goal holds
// under the stub contract only: a call before the goal returns a pointer
// (stubptr.go); or "".
func returnDependence(f *ir.Func, goal Goal, returns map[*ir.Call]string) string {
	var why []string
	seen := map[string]bool{}
	calls := precedeGoal(f.Body, goal, func(s ir.Stmt) bool { c, ok := s.(*ir.Call); return ok && returns[c] != "" })
	ir.Walk(f.Body, func(s ir.Stmt) {
		if c, ok := s.(*ir.Call); ok && calls[s] && !seen[c.Extern.Name] {
			seen[c.Extern.Name] = true
			why = append(why, fmt.Sprintf("it uses the pointer %s returns, which inka's stubs make NULL or a fresh object (a real %s may return one of the program's objects, or the same object twice)", c.Extern.Name, c.Extern.Name))
		}
	})
	if len(why) == 0 {
		return ""
	}
	return "unreachable under inka's stub contract only, not for every callee: " + strings.Join(why, "; ")
}
