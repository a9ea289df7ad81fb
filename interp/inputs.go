package interp

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// inputMaker builds the objects of a run from its Inputs, in the shape
// of ir.ComputeInputShape.
//
// The objects behind pointer inputs are built lazily: a pointer input's
// object gets its address when the pointer is made, its leaves (and the
// objects behind its own pointer leaves) when the run first touches its
// bytes (load), or when it is named by the inputs given or the final
// values are taken. The values are the same as if every object were built
// up front; a run that touches one item of a tree of inputs pays for that
// item, not for the PtrArrayLen^PtrDepth objects of the shape, and the
// Inputs.Leaf hook is asked only for the leaves a run reads or writes.
type inputMaker struct {
	m     *machine
	in    Inputs
	used  map[string]bool
	shape map[string]*ir.InputObject // by pointer path
	sh    *ir.InputShape             // the entry's (Inputs.Into's arrays)
	// pending are the lazy objects, in creation order (those built since
	// have lazy nil); err is the first error building one (a value given that
	// does not fit its leaf), reported by Run.
	pending []*object
	err     error
	// early are the objects behind pointer inputs built before their
	// pointer, as the target of another input's Inputs.Into: the pointer
	// takes them.
	early map[string]*object
}

// load builds the lazy object o: its cells, from the inputs.
func (mk *inputMaker) load(o *object) {
	o.lazy = nil
	mk.m.allocCells(o, o.typ)
	mk.m.inputs = append(mk.m.inputs, o)
	if err := mk.fill(o, o.name); err != nil && mk.err == nil {
		mk.err = err
	}
}

// resolve builds the pending objects on the access path of the input
// named k, outermost first, until k names a leaf built; false if none
// does.
func (mk *inputMaker) resolve(k string) bool {
	for !mk.used[k] {
		var best *object
		for _, o := range mk.pending {
			if o.lazy != nil && len(o.name) < len(k) && strings.HasPrefix(k, o.name) && k[len(o.name)] == '[' &&
				(best == nil || len(o.name) > len(best.name)) {
				best = o
			}
		}
		if best == nil {
			return false
		}
		mk.load(best)
	}
	return true
}

// loadAll builds every pending object (and those their leaves point to).
func (mk *inputMaker) loadAll() {
	for i := 0; i < len(mk.pending); i++ {
		if o := mk.pending[i]; o.lazy != nil {
			mk.load(o)
		}
	}
}

// setup creates the globals and the entry function's arguments.
func (m *machine) setup(f *ir.Func, in Inputs) error {
	mk := &inputMaker{m: m, in: in, used: map[string]bool{}, early: map[string]*object{}}
	m.mk = mk
	names := map[string]bool{}
	for _, v := range f.Params {
		names[v.Name] = true
	}
	// Globals: create all first, so that initializers can take addresses.
	roots := make([]string, len(m.prog.Globals))
	for i, g := range m.prog.Globals {
		kind := objGlobal
		switch g.Class {
		case ir.String:
			kind = objString
		case ir.FuncObj:
			kind = objFunc
		}
		root := g.Name
		if names[root] {
			root = fmt.Sprintf("%s#%d", g.Name, g.ID)
		}
		names[root] = true
		roots[i] = root
		o := m.newObject(root, g.Typ, kind)
		o.setReadOnly(g, m.info.consts[g.Typ])
		o.v = g
		m.globals[g] = o
	}
	var iroots []ir.InputRoot
	for _, v := range f.Params {
		iroots = append(iroots, ir.ParamRoot(v))
	}
	for i, g := range m.prog.Globals {
		if g.IsInput(m.cfg.UseInitializers) {
			iroots = append(iroots, ir.InputRoot{Path: roots[i], Typ: g.Typ})
		}
	}
	mk.shape = map[string]*ir.InputObject{}
	mk.sh = ir.ComputeInputShapeDeep(iroots, m.cfg.PtrArrayLen, in.Len, m.cfg.PtrDepth, in.Depth)
	for _, o := range mk.sh.Objects {
		mk.shape[o.Pointer] = o
	}
	for i, g := range m.prog.Globals {
		o := m.globals[g]
		if !g.IsInput(m.cfg.UseInitializers) {
			if err := m.initialize(g, o); err != nil {
				return err
			}
			continue
		}
		if err := mk.fill(o, roots[i]); err != nil {
			return err
		}
	}
	for _, v := range f.Params {
		if byObject(v.Typ) {
			o := m.newObject(v.Name, v.Typ, objLocal)
			if err := mk.fill(o, v.Name); err != nil {
				return err
			}
			m.entryArgs = append(m.entryArgs, argVal{obj: o})
			continue
		}
		val, err := mk.leaf(v.Name, v.Typ)
		if err != nil {
			return err
		}
		m.entryArgs = append(m.entryArgs, argVal{v: val})
	}
	// The objects stubs return that the inputs name: built now, so that
	// their inputs are known.
	if err := m.returnedInputs(); err != nil {
		return err
	}
	// The inputs given for leaves of objects not built yet build them
	// (in the order of their names: deterministic).
	var given []string
	for k := range in.Values {
		if !mk.used[k] {
			given = append(given, k)
		}
	}
	for k := range in.Null {
		if in.Null[k] && !mk.used[k] {
			given = append(given, k)
		}
	}
	for k := range in.Funcs {
		if !mk.used[k] {
			given = append(given, k)
		}
	}
	sort.Strings(given)
	var unknown []string
	for _, k := range given {
		if !mk.resolve(k) && !mk.used[k] {
			unknown = append(unknown, k)
		}
	}
	if mk.err != nil {
		return mk.err
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return fmt.Errorf("interp: no input named %s in %s", strings.Join(unknown, ", "), f.Name)
	}
	return nil
}

// initialize sets a static object from its initializer (zero elsewhere,
// its padding too: C11 6.7.9p10).
func (m *machine) initialize(g *ir.Var, o *object) error {
	o.zero()
	o.zeroGaps()
	ls := m.layout(g.Typ)
	if g.Typ.IsScalar() {
		ls = []ir.Leaf{{Type: g.Typ}}
	}
	for _, it := range g.Init {
		if it.Leaf < 0 || it.Leaf >= len(ls) {
			return fmt.Errorf("interp: initializer of %s: leaf %d out of range", g.Name, it.Leaf)
		}
		l := ls[it.Leaf]
		var v Val
		var err error
		switch x := it.Val.(type) {
		case *ir.Const:
			if l.Type.IsPointer() && x.Typ.IsInteger() {
				// the bytes of a bit-field over a pointer member (ir.InitItem)
				for k := int64(0); k < x.Typ.Size(); k++ {
					if err := o.write(l.Offset+k, ir.UCharType, Val{Typ: ir.UCharType, Bits: x.Bits >> (8 * k) & 0xff}); err != nil {
						return err
					}
				}
				continue
			}
			v, err = convert(Val{Typ: x.Typ, Bits: x.Bits}, l.Type)
		case *ir.AddrConst:
			v, err = m.addrConst(x)
			v.Typ = l.Type
		default:
			err = fmt.Errorf("interp: initializer of %s: %T", g.Name, x)
		}
		if err != nil {
			return err
		}
		if err := o.write(l.Offset, l.Type, v); err != nil {
			return err
		}
	}
	return nil
}

// fill sets every leaf of o, whose access path is root, from the inputs.
func (mk *inputMaker) fill(o *object, root string) error {
	for i := range o.cells {
		c := &o.cells[i]
		path := root + subPath(o.typ, c.off, c.v.Typ)
		v, err := mk.leaf(path, c.v.Typ)
		if err != nil {
			return err
		}
		c.v = v
	}
	return nil
}

// leaf returns the input value of the scalar at path.
func (mk *inputMaker) leaf(path string, t *ir.Type) (Val, error) {
	if t.IsPointer() {
		if _, ok := mk.in.Values[path]; ok {
			return Val{}, fmt.Errorf("interp: input %s is a pointer: give it as NULL or leave it out (a fresh object)", path)
		}
		if mk.in.Null[path] {
			mk.used[path] = true
			return Val{Typ: t}, nil
		}
		if mk.in.Leaf != nil && mk.shape[path] != nil {
			if v, ok := mk.in.Leaf(path, t); ok && v.IsNull() {
				mk.used[path] = true
				return Val{Typ: t}, nil
			}
		}
		so := mk.shape[path]
		if so == nil { // deeper than the shape's MaxDepth
			return Val{Typ: t}, nil
		}
		if into, ok := mk.in.Into[path]; ok {
			mk.used[path] = true
			return mk.into(path, t, into)
		}
		if o := mk.early[path]; o != nil {
			delete(mk.early, path)
			return Val{Typ: t, obj: o}, nil
		}
		if so.Func {
			return mk.callback(path, t, so)
		}
		if so.Void {
			// No object can be built behind a void* (or incomplete type)
			// input: any access through it is unsupported.
			o := &object{name: path, typ: ir.VoidType, kind: objVoid}
			return Val{Typ: t, obj: o}, nil
		}
		o := &object{name: path, typ: so.Typ, size: so.Typ.Size(), kind: objInput, addr: mk.m.place(so.Typ), lazy: mk,
			malloced: mk.m.heapIn}
		mk.pending = append(mk.pending, o)
		return Val{Typ: t, obj: o}, nil
	}
	v, ok := mk.in.Values[path]
	if t.IsFloat() {
		if !ok && mk.in.Leaf != nil {
			v, ok = mk.in.Leaf(path, t)
		}
		if !ok {
			return Val{Typ: t}, nil
		}
		mk.used[path] = true
		return FloatInput(path, v, t)
	}
	if !ok && mk.in.Leaf != nil {
		if v, ok = mk.in.Leaf(path, t); ok && !v.fits(t) {
			return Val{}, fmt.Errorf("interp: input %s = %s is not a value of type %s", path, v, t)
		}
	}
	if ok {
		mk.used[path] = true // the hook's caller may record it in Values
	}
	if !ok {
		return Val{Typ: t}, nil
	}
	if v.Typ != nil && v.Typ.IsPointer() {
		return Val{}, fmt.Errorf("interp: input %s of type %s given a pointer value", path, t)
	}
	if v.undef != defined {
		return Val{Typ: t, undef: v.undef}, nil
	}
	if !v.fits(t) {
		return Val{}, fmt.Errorf("interp: input %s = %s is not a value of type %s", path, v, t)
	}
	return Val{Typ: t, Bits: ir.Truncate(t, v.Bits)}, nil
}

// into returns the value of the pointer input at path of type t that
// points into the object of another input (Inputs.Into), building that
// object now when its own pointer is not built yet.
func (mk *inputMaker) into(path string, t *ir.Type, in Into) (Val, error) {
	ptr, off, arr, member := mk.sh.IntoArray(in.Ptr)
	so := mk.shape[ptr]
	if arr == nil || so == nil || so.Void || so.Func || mk.in.Null[ptr] {
		return Val{}, fmt.Errorf("interp: input %s points into %s, no array of an input object", path, in.Ptr)
	}
	if !ir.Identical(ir.Unqualified(arr.Elem), ir.Unqualified(t.Elem)) {
		return Val{}, fmt.Errorf("interp: input %s of type %s points into %s, of elements of type %s", path, t, in.Ptr, arr.Elem)
	}
	if in.Index < 0 || in.Index > arr.Len {
		return Val{}, fmt.Errorf("interp: input %s points to element %d of %s, of %d elements", path, in.Index, in.Ptr, arr.Len)
	}
	var o *object
	for _, p := range mk.pending { // built already (its pointer came first)
		if p.kind == objInput && p.name == ptr {
			o = p
		}
	}
	if o == nil {
		o = &object{name: ptr, typ: so.Typ, size: so.Typ.Size(), kind: objInput, addr: mk.m.place(so.Typ), lazy: mk,
			malloced: mk.m.heapIn}
		mk.pending = append(mk.pending, o)
		mk.early[ptr] = o
	}
	v := Val{Typ: t, obj: o, off: off + in.Index*arr.Elem.Size()}
	if member {
		v.lo, v.hi = off, off+arr.Size() // C11 6.5.6p8: within the member
	}
	return v, nil
}

// callback returns the value of the function-pointer input at path: the
// function Inputs.Funcs names, or else the input's own callback (an object
// whose calls the stubs answer, as calls to so.Callback).
func (mk *inputMaker) callback(path string, t *ir.Type, so *ir.InputObject) (Val, error) {
	if name, ok := mk.in.Funcs[path]; ok {
		mk.used[path] = true
		for _, g := range mk.m.prog.Globals {
			if g.Class == ir.FuncObj && g.Name == name {
				if !ir.Identical(g.Typ, t.Elem) {
					return Val{}, fmt.Errorf("interp: input %s of type %s given %s of type %s", path, t, name, g.Typ)
				}
				return Val{Typ: t, obj: mk.m.globals[g]}, nil
			}
		}
		return Val{}, fmt.Errorf("interp: input %s: no function %s whose address the program takes", path, name)
	}
	for _, g := range mk.m.prog.Globals {
		if g.Class == ir.FuncObj && g.Name == so.Name() {
			// the program names the callback (a program whose calls
			// through pointers were resolved by the points-to analysis)
			return Val{Typ: t, obj: mk.m.globals[g]}, nil
		}
	}
	o := mk.m.newObject(so.Name(), so.Typ, objFunc)
	o.callee = so.Callback.Ext
	o.readOnly = true
	return Val{Typ: t, obj: o}, nil
}

// intPointer returns the pointer of type t whose bytes at off are those
// of an integer (a union's bit-field over its pointer member): a pointer
// to no object, of that address (what gcc's run shows as a pointer to an
// object it cannot name).
func (o *object) intPointer(off int64, t *ir.Type) (Val, bool) {
	if !t.IsPointer() {
		return Val{}, false
	}
	var x uint64
	for k := int64(0); k < t.Size(); k++ {
		b := o.byteAt(off + k)
		if b.undef != defined || b.frag != nil {
			return Val{}, false
		}
		x |= (b.Bits & 0xff) << (8 * k)
	}
	return Val{Typ: t, Bits: x}, true
}

// leafVals appends to out the value of every leaf of o, with its declared
// type, at its path after root. A leaf whose bytes hold no value of that
// type (a union holding another member) is shown as the cells that hold
// it, each with its own type. (Cells past every leaf, the padding a
// static object's copy brought along, are not shown: no run prints them.)
func (m *machine) leafVals(o *object, root string, out []LeafVal) []LeafVal {
	ls := m.layout(o.typ)
	if o.typ.IsScalar() {
		ls = []ir.Leaf{{Type: o.typ}}
	}
	for _, l := range ls {
		if v, ok := o.peek(l.Offset, l.Type); ok {
			out = append(out, LeafVal{root + l.Path, v})
			continue
		}
		if v, ok := o.intPointer(l.Offset, l.Type); ok {
			out = append(out, LeafVal{root + l.Path, v})
			continue
		}
		for _, c := range o.cells {
			if c.off >= l.Offset && c.off < l.Offset+l.Type.Size() && c.v.frag == nil {
				out = append(out, LeafVal{root + subPath(o.typ, c.off, c.v.Typ), c.v})
			}
		}
	}
	return out
}

// final fills Result.Final: the value of every leaf of the globals and
// of the objects behind pointer inputs, with its declared type. A leaf
// whose bytes hold no value of that type (a union holding another
// member) is shown as the cells that hold it, each with its own type.
func (m *machine) final() {
	if m.mk != nil {
		m.mk.loadAll()
	}
	add := func(o *object) { m.res.Final = m.leafVals(o, o.name, m.res.Final) }
	for _, g := range m.prog.Globals {
		if o := m.globals[g]; o != nil && !o.readOnly {
			add(o)
		}
	}
	for _, o := range m.inputs {
		if !o.dead { // an input object the run freed (heap.go) has no final value
			add(o)
		}
	}
}

// execCall executes a call to a defined or an extern function, or through
// a function pointer.
func (m *machine) execCall(s *ir.Call) error {
	f, e := s.Func, s.Extern
	if s.Ptr != nil {
		var err error
		if f, e, err = m.callee(s, s.Ptr); err != nil {
			return err
		}
	}
	if f != nil {
		return m.callDefined(s, f)
	}
	if e == nil {
		return fmt.Errorf("interp: call without a callee")
	}
	return m.callExtern(s, e)
}

// callDefined calls f, a function of the program, and assigns its result.
func (m *machine) callDefined(s *ir.Call, f *ir.Func) error {
	args := make([]argVal, len(s.Args))
	for i, a := range s.Args {
		v, err := m.evalArg(a)
		if err != nil {
			return err
		}
		args[i] = v
	}
	ret, err := m.call(f, args, s.Pos, m.depth+1)
	if err != nil {
		return err
	}
	if s.Dst == nil {
		return nil
	}
	return m.assign(s.Dst, ret)
}

// callExtern calls e, an extern function: exit() and abort() stop the run,
// the C library's output functions do nothing the program sees, and any
// other is a stub (callStub).
func (m *machine) callExtern(s *ir.Call, e *ir.Extern) error {
	args := make([]Val, len(s.Args))
	for i, a := range s.Args {
		if v, ok := a.(*ir.Var); ok && v.Typ.IsAggregate() {
			return unsupportedf("aggregate argument %s to extern function %s", v.Name, e.Name)
		}
		v, err := m.eval(a)
		if err != nil {
			return err
		}
		if err := checkDefined(v, fmt.Sprintf("argument %d of %s", i+1, e.Name)); err != nil {
			return err
		}
		args[i] = v
	}
	switch e.Name {
	case "abort":
		return &stop{outcome: Exited, pos: s.Pos, msg: "abort()"}
	case "exit", "_Exit", "quick_exit":
		msg := e.Name + "()"
		if len(args) > 0 {
			msg = fmt.Sprintf("%s(%s)", e.Name, args[0])
		}
		return &stop{outcome: Exited, pos: s.Pos, msg: msg}
	case "__assert_fail", "__assert", "__assert_rtn":
		return &stop{outcome: AssertFailed, pos: s.Pos, msg: "assertion failed"}
	}
	if e.System && ir.MathFunc(e.Name) {
		r, err := mathCall(e.Name, args)
		if err != nil || s.Dst == nil {
			return err
		}
		return m.setVar(s.Dst, r)
	}
	if h := e.Heap(); h != ir.NotHeap {
		return m.callHeap(s, e, h, args)
	}
	if e.System {
		if m.output(e, args) {
			return nil
		}
		if e.Name == "__inka_disjoint" {
			if overlap(args[0], args[1].Bits, args[2], args[3].Bits) {
				return m.fail(s, ub(Precondition, "the objects overlap"))
			}
			return nil
		}
		// The C library is no stub. A call whose effect the program may
		// see stopped the run (exec); this one only writes output, which
		// changes nothing the program reads (ir/library.go).
		return nil
	}
	return m.callStub(s, e, args)
}

// callStub calls the stub of e: the answer (StubAnswer) gives its return
// value (or the object a returned pointer points to) and its stores
// through pointer arguments; the call is recorded in the result.
func (m *machine) callStub(s *ir.Call, e *ir.Extern, args []Val) error {
	call := StubCall{Callee: e.Name, Index: m.calls[e.Name], Args: args, Pos: s.Pos}
	m.calls[e.Name]++
	var ans StubAnswer
	if m.stub != nil {
		ans = m.stub(call)
	}
	for _, w := range ans.Writes {
		if err := m.stubWrite(e, args, w); err != nil {
			return err
		}
	}
	var ret Val
	if ans.Object != "" {
		if !e.Result.IsPointer() {
			return fmt.Errorf("interp: stub %s returns an object, but its result is %s", e.Name, e.Result)
		}
		v, err := m.returnedObject(ans.Object, e.Result)
		if err != nil {
			return err
		}
		ans.Return = v
	}
	if e.Result.Kind != ir.Void {
		r := ans.Return
		if r.Typ == nil {
			r.Typ = ir.LongLongType
		}
		var err error
		if ret, err = convert(r, e.Result); err != nil {
			return fmt.Errorf("interp: stub %s: %w", e.Name, err)
		}
	}
	call.Return = ret
	m.res.StubCalls = append(m.res.StubCalls, call)
	if s.Dst == nil {
		return nil
	}
	if e.Result.Kind == ir.Void {
		return fmt.Errorf("interp: value of void function %s used", e.Name)
	}
	v, err := convert(ret, s.Dst.Typ)
	if err != nil {
		return err
	}
	return m.setVar(s.Dst, v)
}

// callee returns the function a call through pointer x calls: a function
// of the program, or an extern (an undefined function whose address the
// program takes, or the callback of a function-pointer input).
func (m *machine) callee(s *ir.Call, x ir.Value) (*ir.Func, *ir.Extern, error) {
	p, err := m.eval(x)
	if err != nil {
		return nil, nil, err
	}
	if err := checkDefined(p, "called function pointer "+x.String()); err != nil {
		return nil, nil, err
	}
	m.observeDeref(s, p)
	o := p.obj
	switch {
	case o == nil:
		return nil, nil, ub(NullDeref, "call through %s, a null pointer", x)
	case o.kind != objFunc || p.off != 0:
		return nil, nil, ub(OutOfBounds, "call through %s, which points to %s, not a function", x, p)
	case o.callee != nil:
		return nil, o.callee, nil
	case o.v != nil && o.v.Fn != nil:
		return o.v.Fn, nil, nil
	case o.v != nil && o.v.Ext != nil:
		return nil, o.v.Ext, nil
	}
	return nil, nil, fmt.Errorf("interp: call through %s: function object without a function", x)
}

// returnedInputs builds the objects stubs return whose leaves the inputs
// name ("f()#k[0].x", f an extern of the program returning a pointer).
func (m *machine) returnedInputs() error {
	roots := map[string]bool{}
	for k := range m.mk.in.Values {
		roots[ReturnedRoot(k)] = true
	}
	for k := range m.mk.in.Null {
		roots[ReturnedRoot(k)] = true
	}
	var names []string
	for r := range roots {
		if r != "" {
			names = append(names, r)
		}
	}
	sort.Strings(names)
	for _, r := range names {
		f := r[:strings.Index(r, "()#")]
		for _, e := range m.prog.Externs {
			if e.Name == f && e.Result.IsPointer() {
				if _, err := m.returnedObject(r, e.Result); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// ReturnedRoot returns the root of an access path when it names an object
// a stub returns ("f()#2" for "f()#2[0].x"), or "".
func ReturnedRoot(path string) string {
	i := strings.Index(path, "()#")
	if i <= 0 {
		return ""
	}
	j := i + 3
	for j < len(path) && path[j] >= '0' && path[j] <= '9' {
		j++
	}
	if j == i+3 {
		return ""
	}
	return path[:j]
}

// ReturnedPointer returns the object a stub returns that the pointer
// spelled s (as Val.String spells it: "&f()#2[0]") points to the start
// of, or "".
func ReturnedPointer(s string) string {
	obj := strings.TrimSuffix(strings.TrimPrefix(s, "&"), "[0]")
	if strings.HasPrefix(s, "&") && ReturnedRoot(obj) == obj {
		return obj
	}
	return ""
}

// returnedObject returns the pointer (of type t) to the object a stub
// returns, named root, built on first use.
func (m *machine) returnedObject(root string, t *ir.Type) (Val, error) {
	if v, ok := m.returned[root]; ok {
		return v, nil
	}
	sh := ir.ComputeInputShapeDeep([]ir.InputRoot{{Path: root, Typ: t}}, m.cfg.PtrArrayLen, m.mk.in.Len, m.cfg.PtrDepth, m.mk.in.Depth)
	for _, o := range sh.Objects {
		m.mk.shape[o.Pointer] = o
	}
	v, err := m.mk.leaf(root, t)
	if err != nil {
		return Val{}, err
	}
	if m.returned == nil {
		m.returned = map[string]Val{}
	}
	m.returned[root] = v
	return v, nil
}

// stubWrite performs one write of a stub through a pointer argument.
func (m *machine) stubWrite(e *ir.Extern, args []Val, w StubWrite) error {
	if w.Arg < 0 || w.Arg >= len(args) || !args[w.Arg].IsPointer() {
		return fmt.Errorf("interp: stub %s writes through argument %d, not a pointer", e.Name, w.Arg)
	}
	p := args[w.Arg]
	if p.obj == nil {
		return nil
	}
	k, rest, err := splitIndex(w.Path)
	if err != nil {
		return fmt.Errorf("interp: stub %s: %w", e.Name, err)
	}
	elem := p.Typ.Elem
	var lt *ir.Type
	var loff int64
	if elem.IsScalar() && rest == "" {
		lt = elem
	} else {
		for _, l := range m.layout(elem) {
			if l.Path == rest {
				lt, loff = l.Type, l.Offset
			}
		}
	}
	if lt == nil {
		return fmt.Errorf("interp: stub %s: no leaf %q in %s", e.Name, w.Path, elem)
	}
	q := p
	q.off += k*elem.Size() + loff
	if err := m.checkPtr(q, fmt.Sprintf("stub %s writing arg%d%s", e.Name, w.Arg, w.Path), nil, "", lt.Size()); err != nil {
		return err
	}
	if q.obj.readOnlyAt(q.off, lt.Size()) {
		return fmt.Errorf("interp: stub %s writes to read-only %s", e.Name, q.obj.name)
	}
	v, err := convert(w.Val, lt)
	if err != nil {
		return err
	}
	return q.obj.write(q.off, lt, v)
}

// splitIndex splits "[k]rest" into k and rest.
func splitIndex(path string) (int64, string, error) {
	if !strings.HasPrefix(path, "[") {
		return 0, "", fmt.Errorf("path %q does not start with [index]", path)
	}
	j := strings.IndexByte(path, ']')
	if j < 0 {
		return 0, "", fmt.Errorf("bad path %q", path)
	}
	k, err := strconv.ParseInt(path[1:j], 10, 64)
	if err != nil {
		return 0, "", fmt.Errorf("bad index in %q", path)
	}
	return k, path[j+1:], nil
}

// overlap reports whether the n bytes at a and the m bytes at b overlap
// (the precondition __inka_disjoint of the C library's copies).
func overlap(a Val, n uint64, b Val, m uint64) bool {
	if a.obj == nil || a.obj != b.obj || n == 0 || m == 0 {
		return false
	}
	return a.off < b.off+int64(m) && b.off < a.off+int64(n)
}
