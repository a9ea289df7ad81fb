package frontend

import (
	"reflect"

	"modernc.org/cc/v4"

	"github.com/inka-tool/inka/ir"
)

// Function pointers.
//
// A function designator used as a value (`f`, `&f`, `*f`) is the address
// of the function's object, an ir.Var of class FuncObj (funcObj); a call
// through a pointer is an ir.Call with Ptr. A function-pointer input (a
// parameter, a member of an input object, a global) may point, besides
// its own callback (ir.InputObject.Callback) and NULL, to any function of
// the file of its type whose address the file takes somewhere: those are
// all the functions a caller in this file can pass. The program of a
// function that has such inputs therefore includes them (candidates),
// when they can be lowered.

// addrTaken returns the functions defined in the file whose address it
// takes somewhere (in a function body or a file-scope initializer: any
// use of the name other than as the callee of a call), computed once.
func (u *Unit) addrTaken() map[string]bool {
	if u.taken != nil {
		return u.taken
	}
	called := map[*cc.PrimaryExpression]bool{}
	var uses []*cc.PrimaryExpression
	w := &astWalker{fields: map[reflect.Type][]int{}, visit: func(n any) {
		switch x := n.(type) {
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionCall {
				if id, ok := unparen(x.PostfixExpression).(*cc.PrimaryExpression); ok {
					called[id] = true
				}
			}
		case *cc.PrimaryExpression:
			if x.Case == cc.PrimaryExpressionIdent {
				uses = append(uses, x)
			}
		}
	}}
	for _, fd := range u.funcs {
		w.walk(reflect.ValueOf(fd.CompoundStatement))
	}
	for _, init := range u.inits {
		w.walk(reflect.ValueOf(init))
	}
	u.taken = map[string]bool{}
	for _, id := range uses {
		if d, ok := id.ResolvedTo().(*cc.Declarator); ok && !called[id] && d.Type() != nil && d.Type().Kind() == cc.Function {
			if u.defs[d.Name()] != nil {
				u.taken[d.Name()] = true
			}
		}
	}
	return u.taken
}

// addCandidates adds to the program the functions a function-pointer
// input may point to (see above): for every function-pointer type of the
// program, the functions of the file of that type whose address the file
// takes, when they (and their callees) can be lowered; then lowers them
// and their callees, which may bring new types.
func (pb *progBuilder) addCandidates() {
	for {
		types := pb.funcPtrTypes()
		if len(types) == 0 {
			return
		}
		added := false
		for _, fd := range pb.u.funcs {
			name := fd.Declarator.Name()
			if !pb.u.addrTaken()[name] || pb.fobjs[name] != nil || pb.u.cannotLower[name] {
				continue
			}
			ft, ok := fd.Declarator.Type().(*cc.FunctionType)
			if !ok || !matchesAny(pb.u, ft, fd, types) {
				continue
			}
			if _, err := pb.u.lower(name, false); err != nil {
				// not a candidate: a caller cannot pass what inka cannot
				// run; proofs then hold for the callbacks inka models
				pb.u.cannotLower[name] = true
				continue
			}
			pb.funcObj(fd.Declarator, fd.Declarator.Position())
			added = true
		}
		if !added {
			return
		}
		pb.drain()
	}
}

// matchesAny reports whether the function type ft (of definition fd) is the
// pointee of one of the function-pointer types.
func matchesAny(u *Unit, ft *cc.FunctionType, fd *cc.FunctionDefinition, types []*ir.Type) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false // a type inka cannot represent: no input has it
		}
	}()
	t := u.funcType(ft, fd.Declarator.Position())
	for _, p := range types {
		if ir.Identical(t, p.Elem) {
			return true
		}
	}
	return false
}

// funcPtrTypes returns the function-pointer types that the program's
// variables hold, directly or in their members, elements and pointees.
func (pb *progBuilder) funcPtrTypes() []*ir.Type {
	var out []*ir.Type
	seen := map[*ir.Type]bool{}
	var walk func(t *ir.Type)
	walk = func(t *ir.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch t.Kind {
		case ir.Pointer:
			if t.Elem.Kind == ir.Function {
				out = append(out, t)
			}
			walk(t.Elem)
		case ir.Array:
			walk(t.Elem)
		case ir.Struct, ir.Union:
			for _, f := range t.Fields {
				walk(f.Type)
			}
		case ir.Function:
			walk(t.Elem)
			for _, p := range t.Params {
				walk(p)
			}
		}
	}
	for _, f := range pb.p.Funcs {
		for _, v := range f.Params {
			walk(v.Typ)
		}
		for _, v := range f.Locals {
			walk(v.Typ)
		}
	}
	for _, g := range pb.p.Globals {
		walk(g.Typ)
	}
	return out
}
