package testgen

import (
	"fmt"
	"sort"
	"strings"

	"github.com/inka-tool/inka/fd"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/model"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/ssa"
)

// Tests: a solution's values filed as a test's arguments, globals and
// objects, in the interpreter's values.

// Test is a test that reaches its goal: the inputs and what the
// interpreter saw when it replayed them.
type Test struct {
	Inputs interp.Inputs
	// Args, Globals, Objects list the input values by access path, for
	// reports ("i" → 5); Null the pointer inputs that are NULL. ArgOrder
	// lists the access paths of the parameters' leaves in parameter order
	// (the order in which reports list Args).
	Args, Globals, Objects map[string]interp.Val
	Null                   []string
	ArgOrder               []string
	// Stubs gives the values returned by each extern, call by call, and
	// StubWrites the values they store through their write argument
	// (ir.Extern.WriteArg), call by call (see stubs.go).
	Stubs      map[string][]interp.Val
	StubWrites map[string][]StubWrite
	// StubObjects names, per callee and call, the fresh object a call
	// returns ("lookup()#0": interp.StubAnswer.Object; its leaves are in
	// Objects), or "" (stubptr.go).
	StubObjects map[string][]string
	// AllocFail lists the allocations of the run (malloc, calloc and
	// realloc in the order the run makes them, from 0) that fail: the
	// test's Inputs.AllocFail, in order (ir/heap.go).
	AllocFail []int
	Result    *interp.Result
	// lines are the source lines (File and Line of ir.Pos) on which a
	// statement ran during the replay.
	lines map[ir.Pos]bool
}

// funcInput sets the function-pointer input x (at path) from its value v in the
// model (the address of a function object, or 0): NULL, the input's own
// callback (the interpreter's default), or a function of the program.
func (g *Generator) funcInput(f *ssa.Func, x *model.Input, path string, v fd.Int, in *interp.Inputs, t *Test) {
	if v.IsZero() {
		in.Null[path] = true
		t.Null = append(t.Null, path)
		t.put(x, path, interp.IntVal(x.Cell.Typ, 0))
		return
	}
	for _, o := range f.PT.Objects {
		if o.Kind != pointsto.VarObj || o.Var.Class != ir.FuncObj || f.Base(o) != v.Int64() {
			continue
		}
		if o.Var.Fn != nil {
			if in.Funcs == nil {
				in.Funcs = map[string]string{}
			}
			in.Funcs[path] = o.Var.Name
		}
		t.put(x, path, interp.FuncPtr(x.Cell.Typ, o.Var.Name))
	}
}

// put files an input value, at path, under Args, Globals or Objects.
func (t *Test) put(x *model.Input, path string, val interp.Val) {
	switch {
	case x.Cell.Obj.Kind == pointsto.InputObj:
		t.Objects[path] = val
	case x.Cell.Obj.Var != nil && x.Cell.Obj.Var.Class == ir.Param:
		t.Args[path] = val
	default:
		t.Globals[path] = val
	}
}

func toVal(t *ir.Type, v fd.Int) interp.Val {
	if t.IsSigned() || t.IsPointer() {
		return interp.IntVal(t, v.Int64())
	}
	return interp.UintVal(t, v.Uint64())
}

// key identifies a test by its inputs (for --all: distinct tests), and
// names them in messages.
func (t *Test) key() string {
	var parts []string
	for k, v := range t.Inputs.Values {
		parts = append(parts, k+"="+v.String())
	}
	for k := range t.Inputs.Null {
		parts = append(parts, k+"=NULL")
	}
	for k, in := range t.Inputs.Into {
		parts = append(parts, fmt.Sprintf("%s=&%s[%d]", k, in.Ptr, in.Index))
	}
	for k, l := range t.Stubs {
		for i, v := range l {
			parts = append(parts, fmt.Sprintf("%s#%d=%s", k, i, v))
		}
	}
	for k, l := range t.StubWrites {
		for i, w := range l {
			if w.Set {
				parts = append(parts, fmt.Sprintf("%s#%d>%s", k, i, w.Val))
			}
		}
	}
	for _, k := range t.AllocFail {
		parts = append(parts, fmt.Sprintf("alloc#%d=NULL", k))
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}
