package interp

import "github.com/inka-tool/inka/ir"

// TargetKind says what kind of object a pointer points into.
type TargetKind int

const (
	TargetLocal  TargetKind = iota // a parameter, local or temporary of a call
	TargetGlobal                   // a global or a block-scope static (Var says which)
	TargetString                   // a string literal
	TargetInput                    // the fresh object behind a pointer input
	TargetVoid                     // what a void* input points to (no object)
	TargetFunc                     // a function: Var (of class ir.FuncObj), or the callback of a function-pointer input (Root "*cb")
	TargetHeap                     // an object malloc, calloc or realloc made (Root "malloc#0")
)

// PointerTarget describes the object a non-null pointer points into, for
// tools that rebuild a run's memory outside the interpreter (the C test
// harness names the same object in C).
type PointerTarget struct {
	Kind TargetKind
	// Root is the root of the object's access paths: a pointer input's
	// path for fresh objects ("p", "s.next"), the variable's name otherwise
	// (as Val.Target gives it).
	Root string
	Var  *ir.Var // the variable (globals, statics, strings, locals), nil for fresh objects
	Type *ir.Type
	Off  int64 // byte offset in the object
	Dead bool  // a local whose call has returned
}

// PointerTarget returns what a non-null pointer points into; ok is false
// for NULL and integers.
func (v Val) PointerTarget() (t PointerTarget, ok bool) {
	o := v.obj
	if o == nil {
		return PointerTarget{}, false
	}
	t = PointerTarget{Root: o.name, Var: o.v, Type: o.typ, Off: v.off, Dead: o.dead}
	switch o.kind {
	case objLocal:
		t.Kind = TargetLocal
	case objGlobal:
		t.Kind = TargetGlobal
	case objString:
		t.Kind = TargetString
	case objInput:
		t.Kind = TargetInput
	case objVoid:
		t.Kind = TargetVoid
	case objFunc:
		t.Kind = TargetFunc
	case objHeap:
		t.Kind = TargetHeap
	}
	return t, true
}

// Pointee returns the values of the leaves of the object of type t that a
// non-null pointer points to, as they are now (paths relative to it: ""
// for a scalar, ".x", "[1]"); ok is false when the pointer is NULL, dangling
// or out of bounds for t, or a leaf is not stored with a compatible type.
// A stub reads what a pointer argument points to at the time of the call.
func (v Val) Pointee(t *ir.Type) (leaves []LeafVal, ok bool) {
	o := v.obj
	if o == nil || o.dead || o.kind == objVoid || o.kind == objFunc || v.off < 0 || v.off+t.Size() > o.size {
		return nil, false
	}
	for _, l := range t.Leaves() {
		x, ok := o.peek(v.off+l.Offset, l.Type)
		if !ok {
			return nil, false
		}
		leaves = append(leaves, LeafVal{Path: l.Path, Val: x})
	}
	return leaves, true
}
