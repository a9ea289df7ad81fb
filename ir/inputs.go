package ir

import (
	"fmt"
	"strconv"
	"strings"
)

// InputShape describes the memory a test builds before calling a function:
// every pointer input (a pointer parameter, a pointer leaf of a struct or
// array parameter, a pointer leaf of a global taken as input) points to a
// fresh object of its own: an array of ArrayLen elements of the pointee
// type, or is NULL. Pointer leaves of those objects point to fresh objects
// in turn, up to MaxDepth levels; deeper pointers are NULL.
//
// The interpreter builds this memory, the points-to analysis and the
// constraint model name its objects, the harness writes C that builds it:
// all of them take the shape from here, so they agree.
//
// FlatLen, when set, is the number of elements of the objects whose
// elements hold no pointer (strings, byte buffers, arrays of numbers or of
// plain structs) in place of ArrayLen: the length of those inputs can grow
// (testgen tries longer ones for goals that need them, up to --max-len)
// without multiplying the objects of linked structures, whose length
// stays ArrayLen.
//
// WideDepth, when set (below MaxDepth), is the number of levels whose
// objects with pointer elements have ArrayLen elements; deeper ones have
// one. A linked input grown deeper than --max-depth for a goal that needs
// a longer chain (testgen) then costs one object per level and pointer,
// not ArrayLen times as many per level.
type InputShape struct {
	ArrayLen  int
	FlatLen   int
	MaxDepth  int
	WideDepth int
	Objects   []*InputObject
}

// InputObject is a fresh object behind a pointer input.
type InputObject struct {
	// Pointer is the access path of the pointer input that points to the
	// object ("p", "s.next", "pp[2]", "g"). Elements of the object are
	// named Pointer[k]... ("p[0]", "pp[2][1]").
	Pointer string
	Typ     *Type // ArrayOf(pointee, ArrayLen)
	Depth   int   // 1 for the objects behind the top-level inputs
	// Void is set when the pointee type is void: no object can be built
	// (the pointer is NULL or the input is unsupported).
	Void bool
	// Func is set behind a function-pointer input: Typ is the function
	// type, and the object is the input's own callback, a function that
	// the test defines as it defines the stubs of undefined callees (its
	// calls answered by the test, named Name()). The input may also be
	// NULL, or point to one of the program's functions of that type (its
	// function objects, ir.FuncObj).
	Func bool
	// Callback is the callback of a function-pointer input (Func): a
	// function object (class FuncObj) named Name() standing for an
	// extern of that name, so that the calls through the input that reach
	// it are answered as calls to an undefined function.
	Callback *Var
	// Into lists the arrays this input may point into instead of its
	// own object: the objects of other pointer inputs (their Pointer
	// paths) or array members of their elements ("b[0].data"), at an
	// element or one past the end (InputShape.Relate, IntoArray). The end of a
	// cursor (`struct cursor { const char *pos, *end; }`), the end of a
	// buffer given as `parse(p, end)`: code that compares or subtracts
	// two pointers has a path only when they point into one object.
	Into []string
}

// Name is the name of the object in listings: "*" + Pointer. For a
// callback (Func), it is the callee name of its calls too: "*cb",
// "*ops[1].handler".
func (o *InputObject) Name() string { return "*" + o.Pointer }

// constPointees says which of params point to const-qualified data.
func constPointees(params []*Type) []bool {
	out := make([]bool, len(params))
	for i, p := range params {
		out[i] = p.IsPointer() && p.Elem.Const
	}
	return out
}

// DefaultArrayLen and DefaultMaxDepth are the shape used when the user does
// not choose one.
const (
	DefaultArrayLen = 4
	DefaultMaxDepth = 3
	// MaxInputDepth bounds the levels of input objects: with 4 elements
	// behind each pointer, 4^depth objects.
	MaxInputDepth = 8
	// MaxDeclLen bounds the length taken from a parameter's declaration
	// (`int a[N]`, InputRoot.MinLen).
	MaxDeclLen = 1024
)

// InputRoot is a variable whose initial value is an input of the test: a
// parameter of the entry function, or a global read as input.
type InputRoot struct {
	Path string // the variable's name
	Typ  *Type
	// MinLen is the least number of elements of the object behind a root
	// that is itself a pointer (a parameter declared `T a[N]`: N).
	MinLen int64
	// Pointee is the element type of the object behind a root that is a
	// void * (Var.Pointee), or nil.
	Pointee *Type
}

// EntryInputs returns the input roots of a run of f, as the interpreter
// makes them: its parameters, then the globals whose initial values are
// inputs (not string literals nor const globals, and none when
// useInitializers), named by GlobalRoots; and the set of those globals.
func EntryInputs(f *Func, globals []*Var, useInitializers bool) ([]InputRoot, map[*Var]bool) {
	var roots []InputRoot
	for _, v := range f.Params {
		roots = append(roots, ParamRoot(v))
	}
	inputs := map[*Var]bool{}
	names := GlobalRoots(f, globals)
	for _, g := range globals {
		if !g.IsInput(useInitializers) {
			continue
		}
		inputs[g] = true
		roots = append(roots, InputRoot{Path: names[g], Typ: g.Typ})
	}
	return roots, inputs
}

// ParamRoot is the input root of parameter v.
func ParamRoot(v *Var) InputRoot {
	return InputRoot{Path: v.Name, Typ: v.Typ, MinLen: v.DeclLen, Pointee: v.Pointee}
}

// InferPointees sets the Pointee of the `void *` parameters of f: the
// pointee type of the first conversion of the parameter to a pointer to
// an integer type or to a struct or union in f's body (`const unsigned
// char *s = src;` in a memcpy, `const struct rec *x = pa;` in a qsort
// comparator). A void * parameter takes the type of the accesses made
// through it: the object behind it as an input is an array of that type
// (any type would do for the semantics, C lets a void * point to any
// object; this one lets the test's bytes be what the function reads).
func InferPointees(f *Func) {
	Walk(f.Body, func(s Stmt) {
		c, ok := s.(*Conv)
		if !ok || !c.Dst.Typ.IsPointer() || !objectPointee(c.Dst.Typ.Elem) {
			return
		}
		v, ok := c.X.(*Var)
		if !ok || v.Class != Param || !v.Typ.IsPointer() || v.Typ.Elem.Kind != Void || v.Pointee != nil {
			return
		}
		v.Pointee = c.Dst.Typ.Elem
	})
}

// InferPointeesThroughCalls gives a `void *` parameter that InferPointees
// left without a pointee the pointee of the parameter it is passed to,
// unchanged, in a call of a function of funcs (`memcmp(a, b, n)` passes a
// and b to the C library's model, which reads them as unsigned char;
// a wrapper passes its context on to the callback that converts it), to
// a fixed point, so that chains of wrappers are followed too. A call
// through a function pointer looks at the functions of funcs of the
// called type, the targets a function-pointer input may take (an
// inih-style parser hands `user` to its handler, and only the handlers
// know it is a `struct counts *`); the first with a pointee decides (any
// type would do for the semantics, as for InferPointees). It runs once
// every function of the program is lowered (InferPointees needs only the
// function's own body), and again once the candidates of the
// function-pointer inputs are.
func InferPointeesThroughCalls(funcs []*Func) {
	for changed := true; changed; {
		changed = false
		for _, f := range funcs {
			Walk(f.Body, func(s Stmt) {
				c, ok := s.(*Call)
				if !ok {
					return
				}
				for i, a := range c.Args {
					v, ok := a.(*Var)
					if !ok || v.Class != Param || v.Func != f || !v.Typ.IsPointer() || v.Typ.Elem.Kind != Void || v.Pointee != nil {
						continue
					}
					if t := calleePointee(c, i, funcs); t != nil {
						v.Pointee, changed = t, true
					}
				}
			})
		}
	}
}

// calleePointee is the Pointee of the i-th parameter of a function of
// funcs that call c may call, or nil.
func calleePointee(c *Call, i int, funcs []*Func) *Type {
	pointee := func(g *Func) *Type {
		if i < len(g.Params) {
			return g.Params[i].Pointee
		}
		return nil
	}
	if c.Func != nil {
		return pointee(c.Func)
	}
	if c.Ptr == nil {
		return nil
	}
	ft := c.FuncType()
	for _, g := range funcs {
		if Identical(g.Type(), ft) {
			if t := pointee(g); t != nil {
				return t
			}
		}
	}
	return nil
}

// objectPointee reports whether a void * parameter converted to a pointer
// to t takes t as its pointee: an integer type (the bytes of memcpy), or a
// complete struct or union (the records of a qsort comparator:
// `const struct rec *x = pa;`).
func objectPointee(t *Type) bool {
	return t.IsInteger() || ((t.Kind == Struct || t.Kind == Union) && t.Size() > 0)
}

// ComputeInputShape returns the input objects for the given roots.
func ComputeInputShape(roots []InputRoot, arrayLen, maxDepth int) *InputShape {
	return ComputeInputShapeLen(roots, arrayLen, 0, maxDepth)
}

// ComputeInputShapeLen returns the input objects for the given roots, the
// objects without pointers flatLen elements long (InputShape.FlatLen; 0:
// arrayLen).
func ComputeInputShapeLen(roots []InputRoot, arrayLen, flatLen, maxDepth int) *InputShape {
	return ComputeInputShapeDeep(roots, arrayLen, flatLen, maxDepth, 0)
}

// ComputeInputShapeDeep is ComputeInputShapeLen with the linked objects
// grown to deep levels when deep > maxDepth: the levels below maxDepth
// down to deep have objects of one element where their elements hold
// pointers (InputShape.WideDepth is maxDepth).
func ComputeInputShapeDeep(roots []InputRoot, arrayLen, flatLen, maxDepth, deep int) *InputShape {
	if arrayLen <= 0 {
		arrayLen = DefaultArrayLen
	}
	if flatLen <= 0 {
		flatLen = arrayLen
	}
	if maxDepth < 0 {
		maxDepth = DefaultMaxDepth
	}
	s := &InputShape{ArrayLen: arrayLen, FlatLen: flatLen, MaxDepth: maxDepth}
	if deep > maxDepth {
		s.MaxDepth, s.WideDepth = deep, maxDepth
	}
	for _, r := range roots {
		s.addRoot(r)
	}
	return s
}

// addRoot adds the objects of root r.
func (s *InputShape) addRoot(r InputRoot) {
	if r.Pointee != nil && r.Typ.IsPointer() && r.Typ.Elem.Kind == Void && s.MaxDepth >= 1 {
		o := &InputObject{Pointer: r.Path, Depth: 1, Typ: ArrayOf(r.Pointee, int64(s.lenOf(r.Pointee, 1)))}
		s.Objects = append(s.Objects, o)
		s.add(r.Path, o.Typ, 2, 0) // the pointers of a struct pointee
		return
	}
	s.add(r.Path, r.Typ, 1, r.MinLen)
}

// Add adds the objects of more roots to s (those known later, as the
// objects of ir.StubReturns once the function is inlined), keeping the
// objects it has.
func (s *InputShape) Add(roots ...InputRoot) {
	for _, r := range roots {
		s.addRoot(r)
	}
}

// add walks the pointer leaves of an object of type t named path. minLen
// is the least length of the object behind path itself when t is a
// pointer.
func (s *InputShape) add(path string, t *Type, depth int, minLen int64) {
	if depth > s.MaxDepth {
		return
	}
	for _, l := range t.Leaves() {
		if !l.Type.IsPointer() {
			continue
		}
		p := path + l.Path
		elem := l.Type.Elem
		o := &InputObject{Pointer: p, Depth: depth}
		if elem.Kind == Function {
			o.Typ, o.Func = elem, true
			ext := &Extern{Name: o.Name(), Result: elem.Elem, Params: elem.Params,
				ConstPointee: constPointees(elem.Params), Variadic: elem.Variadic}
			o.Callback = &Var{Name: o.Name(), Typ: elem, Class: FuncObj, ReadOnly: true, Ext: ext}
			s.Objects = append(s.Objects, o)
			continue
		}
		if elem.Kind == Void || elem.Size() == 0 {
			o.Void = true
			s.Objects = append(s.Objects, o)
			continue
		}
		n := int64(s.lenOf(elem, depth))
		if l.Path == "" && minLen > n {
			// Every element is a variable of the model: a declared length
			// beyond MaxDeclLen is not honoured (accesses past the object
			// then make proofs depend on the input model, and say so).
			n = min(minLen, max(MaxDeclLen, n))
		}
		o.Typ = ArrayOf(elem, n)
		s.Objects = append(s.Objects, o)
		s.add(p, o.Typ, depth+1, 0)
	}
}

// lenOf is the number of elements of an input object of elements of type
// elem at the given depth: FlatLen when they hold no pointer, else
// ArrayLen, or 1 below WideDepth.
func (s *InputShape) lenOf(elem *Type, depth int) int {
	if s.FlatLen > 0 && !elem.HasPointer() {
		return s.FlatLen
	}
	if s.WideDepth > 0 && depth > s.WideDepth && elem.HasPointer() {
		return 1
	}
	return s.ArrayLen
}

// Lookup returns the object behind the pointer input at path, or nil.
func (s *InputShape) Lookup(pointer string) *InputObject {
	for _, o := range s.Objects {
		if o.Pointer == pointer {
			return o
		}
	}
	return nil
}

// GlobalRoots returns the root of the access paths of each global of a
// program whose entry function is f (its input root, when the global is an
// input): the global's name, or name#ID when a parameter of f or an
// earlier global already has that name (a parameter that shadows a global
// an inlined callee reads). The interpreter names the globals so; the
// shape of the inputs and the points-to analysis must agree with it.
func GlobalRoots(f *Func, globals []*Var) map[*Var]string {
	taken := map[string]bool{}
	for _, v := range f.Params {
		taken[v.Name] = true
	}
	roots := make(map[*Var]string, len(globals))
	for _, g := range globals {
		root := g.Name
		if taken[root] {
			root = fmt.Sprintf("%s#%d", g.Name, g.ID)
		}
		taken[root] = true
		roots[g] = root
	}
	return roots
}

// StubReturn is a call of an undefined function whose result is a pointer
// the code uses: the object it points to is an input, as the one behind a
// pointer parameter is — NULL, or a fresh array of --array-len elements of
// the pointee type, built to the same depth. Root names the object in the
// input shape of a function: the call's extern and its rank among that
// extern's such calls in the function after inlining ("lookup@0",
// "lookup@1"). A run names it after the call that returns it first
// ("lookup()#3": see interp.StubAnswer.Object). Every execution of one
// call returns NULL or that same object.
type StubReturn struct {
	Call *Call
	Root string
}

// StubReturns lists the calls of f (after ir.Inline) that return pointers
// to input objects, in the order of the statements. The C library's
// functions (Extern.System) are not stubs.
func StubReturns(f *Func) []StubReturn {
	var out []StubReturn
	n := map[string]int{}
	Walk(f.Body, func(s Stmt) {
		c, ok := s.(*Call)
		if !ok || c.Extern == nil || c.Extern.System || c.Dst == nil || !c.Dst.Typ.IsPointer() {
			return
		}
		name := c.Extern.Name
		out = append(out, StubReturn{Call: c, Root: fmt.Sprintf("%s@%d", name, n[name])})
		n[name]++
	})
	return out
}

// StubReturnRoots returns the input roots of the objects the calls of f
// return (StubReturns): pointers, to be shaped as pointer inputs are.
func StubReturnRoots(f *Func) []InputRoot {
	var out []InputRoot
	for _, r := range StubReturns(f) {
		out = append(out, InputRoot{Path: r.Root, Typ: r.Call.Dst.Typ})
	}
	return out
}

// MaxInto bounds the inputs whose objects one pointer input may point
// into (InputObject.Into).
const MaxInto = 4

// Relate lets pointer inputs point into other objects than their own
// (InputObject.Into), as the code's uses of pointers (u) need:
//   - those whose pointee type the code relates (< <= > >= or -) may point
//     into the object of an earlier sibling input with the same pointee
//     type: two parameters (`parse(p, end)`), two members of one element
//     of an input object (`c->pos`, `c->end`);
//   - those whose pointee type the code relates or compares (== !=) may
//     point into an array member of the element of an input object that
//     holds them (`b->fill` into `b->data`), up to one past its end.
func (s *InputShape) Relate(u PointerUses) {
	for i, o := range s.Objects {
		if o.Void || o.Func || o.Typ == nil {
			continue
		}
		elem := o.Typ.Elem
		h := s.holder(o.Pointer)
		if hasType(u.Related, elem) || hasType(u.Compared, elem) {
			o.Into = append(o.Into, s.memberArrays(h, elem)...)
		}
		if !hasType(u.Related, elem) {
			continue
		}
		for _, q := range s.Objects[:i] {
			if len(o.Into) >= MaxInto {
				break
			}
			if !q.Void && !q.Func && q.Typ != nil && s.holder(q.Pointer) == h &&
				Identical(Unqualified(q.Typ.Elem), Unqualified(elem)) {
				o.Into = append(o.Into, q.Pointer)
			}
		}
	}
}

// memberArrays returns the array members of elements of type elem of the
// element h of an input object ("b[0]"), as Into names them ("b[0].data").
func (s *InputShape) memberArrays(h string, elem *Type) []string {
	i := strings.LastIndexByte(h, '[')
	if i < 0 {
		return nil
	}
	o := s.Lookup(h[:i])
	if o == nil || o.Typ == nil || o.Typ.Kind != Array || o.Typ.Elem.Kind != Struct {
		return nil
	}
	var out []string
	for _, f := range o.Typ.Elem.Fields {
		if f.Name != "" && !f.BitField && f.Type.Kind == Array && f.Type.Len > 0 && Identical(Unqualified(f.Type.Elem), Unqualified(elem)) {
			out = append(out, h+"."+f.Name)
		}
	}
	return out
}

// IntoArray resolves an entry of InputObject.Into: the pointer input ptr
// whose object holds the array, the array's byte offset off in that
// object and its type arr. The whole object of ptr (into == ptr, end
// false), or an array member of one of its elements ("b[0].data", end
// true: a pointer into it stops short of its end, which is the address of
// the next member, an object the analyses would take it for).
func (s *InputShape) IntoArray(into string) (ptr string, off int64, arr *Type, member bool) {
	if o := s.Lookup(into); o != nil {
		if o.Typ == nil || o.Typ.Kind != Array {
			return "", 0, nil, false
		}
		return into, 0, o.Typ, false
	}
	i := strings.LastIndexByte(into, '.')
	j := strings.LastIndexByte(into[:max(i, 0)], '[')
	if i < 0 || j < 0 {
		return "", 0, nil, false
	}
	o := s.Lookup(into[:j])
	k, err := strconv.ParseInt(into[j+1:i-1], 10, 64)
	if o == nil || o.Typ == nil || o.Typ.Kind != Array || err != nil || k < 0 || k >= o.Typ.Len || into[i-1] != ']' {
		return "", 0, nil, false
	}
	for _, f := range o.Typ.Elem.Fields {
		if f.Name == into[i+1:] && f.Type.Kind == Array {
			return into[:j], k*o.Typ.Elem.Size() + f.Offset, f.Type, true
		}
	}
	return "", 0, nil, false
}

// hasType reports whether ts holds t, qualifiers aside.
func hasType(ts []*Type, t *Type) bool {
	for _, e := range ts {
		if Identical(Unqualified(e), Unqualified(t)) {
			return true
		}
	}
	return false
}

// holder names where the pointer input at path is stored: "" for a root
// (a parameter, a global, or a member of one), else the element of an
// input object that holds it ("c[0]" for "c[0].pos" and "c[0].end").
func (s *InputShape) holder(path string) string {
	best := ""
	for _, o := range s.Objects {
		if len(o.Pointer) > len(best) && len(path) > len(o.Pointer) && path[:len(o.Pointer)] == o.Pointer && path[len(o.Pointer)] == '[' {
			best = o.Pointer
		}
	}
	if best == "" {
		return ""
	}
	rest := path[len(best):]
	for i := 0; i < len(rest); i++ {
		if rest[i] == ']' {
			return best + rest[:i+1]
		}
	}
	return path
}

// PointerUses are the pointee types of the pointers a function and the
// functions it calls relate (compare with < <= > >= or subtract) and
// compare with == or != (neither a null pointer constant): the pointer
// inputs of those types may point into one object (InputShape.Relate).
type PointerUses struct {
	Related, Compared []*Type
}

// UsesOfPointers returns the PointerUses of f.
func UsesOfPointers(f *Func) PointerUses {
	var u PointerUses
	walkCalled(f, func(st Stmt) {
		b, ok := st.(*Binary)
		if !ok || !b.X.Type().IsPointer() || !b.Y.Type().IsPointer() {
			return
		}
		switch b.Op {
		case Lt, Le, Gt, Ge, Sub:
			u.Related = addType(u.Related, b.X.Type().Elem)
		case Eq, Ne:
			if !isNull(b.X) && !isNull(b.Y) {
				u.Compared = addType(u.Compared, b.X.Type().Elem)
			}
		}
	})
	return u
}

// isNull reports whether v is the constant 0 (a null pointer).
func isNull(v Value) bool {
	c, ok := v.(*Const)
	return ok && c.Bits == 0
}

// walkCalled calls fn on every statement of f and of the functions it
// calls directly, each function once.
func walkCalled(f *Func, fn func(Stmt)) {
	seen := map[*Func]bool{}
	var walk func(f *Func)
	walk = func(f *Func) {
		if f == nil || seen[f] {
			return
		}
		seen[f] = true
		Walk(f.Body, func(st Stmt) {
			if c, ok := st.(*Call); ok {
				walk(c.Func)
			}
			fn(st)
		})
	}
	walk(f)
}

// addType adds t to ts unless an identical type (qualifiers aside) is
// there, or t is void or incomplete.
func addType(ts []*Type, t *Type) []*Type {
	if t.Kind == Void || t.Size() <= 0 {
		return ts
	}
	for _, e := range ts {
		if Identical(Unqualified(e), Unqualified(t)) {
			return ts
		}
	}
	return append(ts, t)
}
