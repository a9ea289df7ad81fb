package harness

import (
	"bytes"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/libc"
)

// testCode is the C of one test: the body of its function, the pointers
// its stubs expect, and its rows in the stubs' tables.
type testCode struct {
	body   []string
	slots  []string            // address expressions, in slot order
	rows   map[string][]string // callee → initializers of its calls' rows
	checks int
	void   bool // uses inka_void
	skip   string
}

// fresh is a fresh object behind a pointer input of one test.
type fresh struct {
	ptr  string   // access path of the pointer input ("p", "s.next")
	typ  *ir.Type // ir.ArrayOf(pointee, ArrayLen)
	elem frontend.CType
	// scalar spells the element type instead of elem behind a void *
	// input, whose object has the integer, struct or union type of the
	// accesses made through it (ir.InferPointees).
	scalar string
	cname  string
	// heap names the object's copy in malloc'd memory when the test's
	// function frees or reallocs (ir.FreesInputs: its caller allocated
	// its input objects with malloc): the pointer inputs point to it, the
	// static cname is only its image (heapInputs).
	heap string
}

// ref spells the object where the run's pointers point to it.
func (o *fresh) ref() string {
	if o.heap != "" {
		return o.heap
	}
	return o.cname
}

// decl declares the object as name.
func (o *fresh) decl(name string) (string, error) {
	if o.scalar != "" {
		return o.scalar + " " + name, nil
	}
	return o.elem.Unqualified().Decl(name, frontend.InUnit)
}

// tgen generates the code of one test.
type tgen struct {
	s     *Suite
	t     *Test
	p     *ir.Program
	f     *ir.Func
	ft    frontend.CType
	shape *ir.InputShape
	objs  []*fresh
	byPtr map[string]*fresh
	// globals maps the access-path roots of the file-scope globals the
	// harness sets and reads to their C names ("g#12" → "g").
	globals map[string]string
	code    *testCode
	slotOf  map[string]int
	ext     map[string]*stubInfo // the stubs, by key
	// leaves are the rows of the test's table of integer final values.
	leaves []string
	// image: the initializers being spelled are those of static images
	// (objectDecls, aggregate arguments), whose pointers to the heap
	// copies (fresh.heap) are patched when the test runs
	image bool
}

// skipf records why the test cannot be written (the first reason wins).
func (g *tgen) skipf(format string, args ...any) {
	if g.code.skip == "" {
		g.code.skip = fmt.Sprintf(format, args...)
	}
}

func (g *tgen) emit(format string, args ...any) {
	g.code.body = append(g.code.body, fmt.Sprintf(format, args...))
}

// genTest writes the code of test t.
func (s *Suite) genTest(t *Test, ext map[string]*stubInfo) *testCode {
	p := s.progs[t.Func]
	g := &tgen{s: s, t: t, p: p, f: p.Func(t.Func), byPtr: map[string]*fresh{}, globals: map[string]string{},
		code: &testCode{rows: map[string][]string{}}, slotOf: map[string]int{}, ext: ext}
	ft, err := s.unit.FuncType(t.Func)
	if err != nil {
		g.skipf("%v", err)
		return g.code
	}
	g.ft = ft
	g.layout()
	if g.code.skip != "" {
		return g.code
	}
	g.image = true
	decls, ok := g.objectDecls()
	g.image = false
	if !ok {
		return g.code
	}
	argDecls, args, ok := g.arguments()
	if !ok {
		return g.code
	}
	decls = append(decls, argDecls...)
	sets, ok := g.globalSets()
	if !ok {
		return g.code
	}
	// What the stubs expect.
	stubRows := g.stubRows(ext)
	resDecl, call, ok := g.call(args)
	if !ok {
		return g.code
	}
	decls = append(decls, resDecl...)
	if g.code.skip != "" {
		return g.code
	}
	for _, d := range decls {
		g.emit("%s", d)
	}
	if !g.heapInputs() {
		return g.code
	}
	for _, st := range sets {
		g.emit("%s", st)
	}
	for i, a := range g.code.slots {
		g.emit("inka_ptr[%d] = %s;", i, a)
	}
	if g.s.heapWrapped() {
		g.allocFails()
	}
	if g.s.capture && t.Result != nil && !t.Result.OutputLost {
		// The output of the call alone: the checks print.
		g.emit("inka_capture_begin();")
		g.emit("%s", call)
		g.emit("inka_capture_end(%s, %d, %s, %d);", cString(t.Result.Stdout), len(t.Result.Stdout),
			cString(t.Result.Stderr), len(t.Result.Stderr))
		g.code.checks++
	} else {
		g.emit("%s", call)
	}
	g.checks()
	g.code.rows = stubRows
	return g.code
}

// objectDecls declares the objects behind pointer inputs: statics with
// initializers, the objects they point to first (a pointer's object is
// made after it, so the reverse order of creation works). It reports
// false when the test cannot be written (g.code.skip says why).
func (g *tgen) objectDecls() ([]string, bool) {
	var decls []string
	for i := len(g.objs) - 1; i >= 0; i-- {
		o := g.objs[i]
		name := o.cname
		if hasFlexible(o.typ) {
			// Room after the objects, in a union, for the flexible array
			// members the code may index (compilers warn otherwise).
			name = strings.TrimSuffix(o.cname, ".o")
		}
		d, err := o.decl(fmt.Sprintf("%s[%d]", name, o.typ.Len))
		if err != nil {
			g.skipf("object behind %s: %v", o.ptr, err)
			return nil, false
		}
		if name != o.cname {
			decls = append(decls, fmt.Sprintf("static union { %s; unsigned char room[%d]; } %s = {%s}; /* *%s */",
				strings.Replace(d, name, "o", 1), o.typ.Size()+256, name, g.initializer(o.typ, o.ptr), o.ptr))
			continue
		}
		decls = append(decls, fmt.Sprintf("static %s = %s; /* *%s */", d, g.initializer(o.typ, o.ptr), o.ptr))
		decls = append(decls, g.bitByteSets(o.cname, o.typ, o.ptr)...)
	}
	return decls, true
}

// bitByteSets sets the bit-field bytes of object cname, of type t, at
// path: the bits of its bytes that no bit-field holds are inputs too,
// which an initializer cannot set.
func (g *tgen) bitByteSets(cname string, t *ir.Type, path string) []string {
	var sets []string
	for _, l := range t.Leaves() {
		if l.BitBytes {
			v := g.t.Inputs.Values[path+l.Path].Bits & 0xff
			sets = append(sets, fmt.Sprintf("((unsigned char *)&%s)[%d] = %d;", cname, l.Offset, v))
		}
	}
	return sets
}

// arguments returns the call's arguments: scalars as expressions,
// aggregates as statics it declares. It reports false when the test
// cannot be written.
func (g *tgen) arguments() (decls, args []string, ok bool) {
	ptypes := g.ft.Params()
	for i, v := range g.f.Params {
		switch {
		case v.Typ.IsAggregate():
			if i >= len(ptypes) {
				g.skipf("parameter %s: no declared type", v.Name)
				return nil, nil, false
			}
			name := fmt.Sprintf("inka_a%d", i)
			d, err := ptypes[i].Unqualified().Decl(name, frontend.InUnit)
			if err != nil {
				g.skipf("parameter %s: %v", v.Name, err)
				return nil, nil, false
			}
			g.image = true
			init := g.initializer(v.Typ, v.Name)
			g.image = false
			decls = append(decls, fmt.Sprintf("static %s = %s; /* %s */", d, init, v.Name))
			decls = append(decls, g.bitByteSets(name, v.Typ, v.Name)...)
			args = append(args, name)
		default:
			args = append(args, g.leafExpr(v.Name, v.Typ))
		}
	}
	return decls, args, true
}

// globalSets sets every leaf of the globals, in each test (the tests
// before may have changed them), but the const ones. It reports false
// when the test cannot be written.
func (g *tgen) globalSets() ([]string, bool) {
	s := g.s
	var sets []string
	for _, gv := range g.p.Globals {
		root, ok := g.rootOf(gv)
		if !ok {
			continue
		}
		ct, err := s.unit.ObjectType(gv.Name)
		switch {
		case err != nil:
			g.skipf("global %s: %v", gv.Name, err)
			return nil, false
		case ct.HasConst() && !s.opts.UseInitializers:
			g.skipf("global %s has const parts: the harness cannot set it", gv.Name)
			return nil, false
		}
		for i, l := range gv.Typ.Leaves() {
			if l.Const {
				continue // at its initializer: no run without undefined behaviour writes it
			}
			var val string
			if s.opts.UseInitializers {
				val = g.initExpr(gv, i, l.Type)
			} else {
				val = g.leafExpr(root+l.Path, l.Type)
			}
			sets = append(sets, fmt.Sprintf("%s = %s;", l.CLvalue(gv.Name), val))
		}
	}
	return sets, true
}

// call returns the call of the function under test, storing its result in
// inka_r (declared in decls). It reports false when the test cannot be
// written.
func (g *tgen) call(args []string) (decls []string, call string, ok bool) {
	callee := g.t.Func
	if callee == "main" {
		callee = mainName // see includeUnit
	}
	callExpr := fmt.Sprintf("%s(%s)", callee, strings.Join(args, ", "))
	if g.f.ResultTyp.Kind == ir.Void {
		return nil, callExpr + ";", true
	}
	d, err := g.ft.Result().Unqualified().Decl("inka_r", frontend.InUnit)
	if err != nil {
		g.skipf("result: %v", err)
		return nil, "", false
	}
	return []string{d + ";"}, "inka_r = " + callExpr + ";", true
}

// checks emits the checks of the test after the call: the return value,
// then every final value.
func (g *tgen) checks() {
	t, res := g.t, g.f.ResultTyp
	if res.Kind != ir.Void {
		g.emit("(void)inka_r; /* in case no check reads it */")
		if res.IsAggregate() {
			for _, lv := range t.Result.ReturnLeaves {
				g.check("return value"+lv.Path, "inka_r"+lv.Path, lv.Val)
			}
		} else {
			g.check("return value", "inka_r", t.Result.Return)
		}
	}
	for _, lv := range t.Result.Final {
		lval, ok := g.lvalue(lv.Path)
		if !ok {
			g.emit("/* %s: not checked (a block-scope static, out of the harness's reach) */", lv.Path)
			continue
		}
		g.check(lv.Path, lval, lv.Val)
	}
	if len(g.leaves) > 0 {
		// The integer final values are checked from a table: data, where
		// as many calls would make the optimizers crawl (an object graph
		// three levels deep has thousands of leaves).
		g.emit("{")
		storage := "static " // data, not code
		if len(g.objs) > 0 && g.objs[0].heap != "" {
			storage = "" // the addresses of the heap copies are known when the test runs
		}
		g.emit("\t%sconst struct inka_leaf inka_leaves[] = {", storage)
		for _, r := range g.leaves {
			g.emit("\t\t%s,", r)
		}
		g.emit("\t};")
		g.emit("\tinka_check_leaves(inka_leaves, (int)(sizeof inka_leaves / sizeof inka_leaves[0]));")
		g.emit("}")
	}
}

// layout lists the objects of the test: the roots (parameters, then the
// globals that are inputs, named as the interpreter names them) and the
// fresh objects behind their non-null pointer leaves.
func (g *tgen) layout() {
	names := map[string]bool{}
	for _, v := range g.f.Params {
		names[v.Name] = true
	}
	var roots []ir.InputRoot
	for _, v := range g.f.Params {
		roots = append(roots, ir.ParamRoot(v))
	}
	type groot struct {
		v    *ir.Var
		root string
	}
	var grs []groot
	for _, gv := range g.p.Globals {
		root := gv.Name
		if names[root] {
			root = fmt.Sprintf("%s#%d", gv.Name, gv.ID)
		}
		names[root] = true
		if gv.Class == ir.Global && !gv.NeverInput() {
			g.globals[root] = gv.Name
		}
		if !g.s.opts.UseInitializers && !gv.NeverInput() {
			roots = append(roots, ir.InputRoot{Path: root, Typ: gv.Typ})
			grs = append(grs, groot{gv, root})
		}
	}
	// The objects the stubs return (interp.StubAnswer.Object): pointer
	// inputs of their own, declared with the callee's result type.
	type rroot struct {
		root string
		typ  *ir.Type
		ct   frontend.CType
	}
	var rrs []rroot
	seen := map[string]bool{}
	for k, objs := range g.t.objects {
		for _, o := range objs {
			if o == "" || seen[o] {
				continue
			}
			seen[o] = true
			e := g.externOf(k)
			ft, err := g.s.unit.FuncType(k)
			if e == nil || err != nil {
				g.skipf("callee %s: no declared type", k)
				return
			}
			rrs = append(rrs, rroot{o, e.Result, ft.Result()})
			roots = append(roots, ir.InputRoot{Path: o, Typ: e.Result})
		}
	}
	sort.Slice(rrs, func(i, j int) bool { return rrs[i].root < rrs[j].root })
	g.shape = ir.ComputeInputShapeDeep(roots, g.s.opts.ArrayLen, g.t.Inputs.Len, g.s.opts.PtrDepth, g.t.Inputs.Depth)
	ptypes := g.ft.Params()
	for i, v := range g.f.Params {
		if i >= len(ptypes) {
			g.skipf("parameter %s: no declared type", v.Name)
			return
		}
		g.addFresh(v.Name, v.Typ, ptypes[i], "")
	}
	for _, r := range grs {
		if r.v.Class != ir.Global {
			continue // statics: see Suite.statics
		}
		ct, err := g.s.unit.ObjectType(r.v.Name)
		if err != nil {
			g.skipf("global %s: %v", r.v.Name, err)
			return
		}
		g.addFresh(r.root, r.v.Typ, ct, "")
	}
	for _, r := range rrs {
		g.addFresh(r.root, r.typ, r.ct, "")
	}
}

// externOf returns the extern of the program named name, or nil.
func (g *tgen) externOf(name string) *ir.Extern {
	for _, e := range g.p.Externs {
		if e.Name == name {
			return e
		}
	}
	return nil
}

// addFresh creates the fresh objects behind the pointer leaves of an
// object of type t named root, whose declared type is ct at access path
// rel from ct's own root.
func (g *tgen) addFresh(root string, t *ir.Type, ct frontend.CType, rel string) {
	for _, l := range t.Leaves() {
		path := root + l.Path
		if in, ok := g.t.Inputs.Into[path]; !l.Type.IsPointer() || g.t.Inputs.Null[path] || ok && in.Ptr != path {
			continue
		}
		so := g.shape.Lookup(path)
		if so == nil || so.Void || so.Func {
			continue
		}
		o := &fresh{ptr: path, typ: so.Typ, cname: fmt.Sprintf("inka_o%d", len(g.objs))}
		if ir.FreesInputs(g.p, g.f) {
			o.heap = fmt.Sprintf("inka_m%d", len(g.objs))
		}
		if e := ir.Unqualified(so.Typ.Elem); l.Type.Elem.Kind == ir.Void {
			// The type the function converts the void * to: an integer
			// type, or a struct or union spelled by its tag.
			if (e.Kind == ir.Struct || e.Kind == ir.Union) && e.Tag == "" {
				g.skipf("object behind %s: a %s without a tag", path, e.Kind)
				return
			}
			o.scalar = e.String()
		} else {
			elem, err := ct.Walk(rel + l.Path + "[0]")
			if err != nil {
				g.skipf("object behind %s: %v", path, err)
				return
			}
			o.elem = elem
		}
		if hasFlexible(so.Typ) {
			o.cname += "u.o" // see gen: the objects in a union with room after them
		}
		g.objs = append(g.objs, o)
		g.byPtr[path] = o
		g.addFresh(path, so.Typ, ct, rel+l.Path)
	}
}

// rootOf returns the access-path root of a global the harness sets.
func (g *tgen) rootOf(gv *ir.Var) (string, bool) {
	for root, name := range g.globals {
		if name == gv.Name {
			return root, true
		}
	}
	return "", false
}

// initializer spells the initial value of an object of type t at path,
// every leaf given, fully braced.
func (g *tgen) initializer(t *ir.Type, path string) string {
	var parts []string
	switch t.Kind {
	case ir.Array:
		for i := int64(0); i < t.Len; i++ {
			parts = append(parts, g.initializer(t.Elem, fmt.Sprintf("%s[%d]", path, i)))
		}
	case ir.Struct, ir.Union:
		parts = g.memberInits(t, path)
		if len(parts) == 0 {
			return "{0}"
		}
	default:
		return g.leafExpr(path, t)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// memberInits spells the designated initializers of the members of struct
// or union t at path: unnamed bit-fields take none, flexible array members
// none, a union the member it is modelled as; the members of an anonymous
// struct or union member are designated by their own names (`.op = 43`,
// as gcc accepts).
func (g *tgen) memberInits(t *ir.Type, path string) []string {
	var parts []string
	for i, f := range t.Fields {
		if (f.Name == "" && !f.Anonymous()) || f.Flexible || (t.Kind == ir.Union && i != t.UnionMember()) {
			continue
		}
		switch {
		case f.Anonymous():
			parts = append(parts, g.memberInits(f.Type, path)...)
		case f.BitField:
			// its value, from the inputs of its bytes (ir.Leaf.BitBytes)
			v := ir.BitFieldValue(&t.Fields[i], func(k int64) uint64 {
				return g.t.Inputs.Values[fmt.Sprintf("%s{byte %d}", path, k)].Bits
			})
			parts = append(parts, "."+f.Name+" = "+literal(f.Type, v))
		default:
			parts = append(parts, "."+f.Name+" = "+g.initializer(f.Type, path+"."+f.Name))
		}
	}
	return parts
}

// hasFlexible reports whether an object of type t ends with a flexible
// array member.
func hasFlexible(t *ir.Type) bool {
	for t.Kind == ir.Array {
		t = t.Elem
	}
	return t.Kind == ir.Struct && len(t.Fields) > 0 && t.Fields[len(t.Fields)-1].Flexible
}

// leafExpr spells the input value of the scalar at path.
func (g *tgen) leafExpr(path string, t *ir.Type) string {
	if t.IsPointer() {
		if g.t.Inputs.Null[path] {
			return "NULL"
		}
		if in, ok := g.t.Inputs.Into[path]; ok {
			// into the object of another pointer input (its element, or
			// one past its end)
			ptr, _, arr, _ := g.shape.IntoArray(in.Ptr)
			o := g.byPtr[ptr]
			if o == nil || arr == nil {
				g.skipf("input %s: points into %s, which the harness does not build", path, in.Ptr)
				return "NULL"
			}
			return fmt.Sprintf("%s%s + %d", o.cname, in.Ptr[len(ptr):], in.Index) // inka_o1 + 2, inka_o0[0].data + 2
		}
		so := g.shape.Lookup(path)
		switch {
		case so == nil:
			return "NULL" // deeper than the shape: the interpreter makes it NULL too
		case so.Void:
			g.code.void = true
			return "(void *)&inka_void"
		case so.Func:
			if fn, ok := g.t.Inputs.Funcs[path]; ok {
				return fn // a function of the file
			}
			if si := g.stub(so.Name()); si != nil {
				return si.cname // the input's callback
			}
			g.skipf("input %s: no callback", path)
			return "NULL"
		}
		if o := g.byPtr[path]; !g.image {
			return o.ref()
		}
		return g.byPtr[path].cname
	}
	var bits uint64
	if v, ok := g.t.Inputs.Values[path]; ok {
		bits = ir.Truncate(t, v.Bits)
		if t.IsFloat() { // a double read back from the JSON for a float, an integer: its value
			fv, err := interp.FloatInput(path, v, t)
			if err != nil {
				g.skipf("%v", err)
			}
			bits = fv.Bits
		}
	}
	return literal(t, bits)
}

// initExpr spells the initializer of leaf i of global gv (for
// --use-initializers, where the harness resets the globals to them).
func (g *tgen) initExpr(gv *ir.Var, leaf int, t *ir.Type) string {
	switch x := initOf(gv, leaf).(type) {
	case *ir.Const:
		return literal(t, ir.Truncate(t, x.Bits))
	case *ir.AddrConst:
		if x.Var.Class != ir.Global {
			g.skipf("global %s is initialized with the address of %s, which the harness cannot name", gv.Name, x.Var.Name)
			return "NULL"
		}
		// The leaf is the first one at the address; the pointer names the
		// object of its own pointee type there (&gitems[1], not
		// &gitems[1].key).
		off := x.Var.Typ.Leaves()[x.Leaf].Offset
		path := interp.AccessPath(x.Var.Name, x.Var.Typ, off, t.Elem)
		if strings.Contains(path, "+") {
			g.skipf("global %s is initialized with an address inside %s that the harness cannot spell", gv.Name, x.Var.Name)
			return "NULL"
		}
		return "&" + path
	}
	if t.IsPointer() {
		return "NULL"
	}
	return "0"
}

// literal spells an integer constant of type t (bits as ir.Truncate makes
// them), valid C whatever the value: INT_MIN is (-2147483647 - 1); a
// floating-point one exactly (floatLiteral).
func literal(t *ir.Type, bits uint64) string {
	if t.IsPointer() {
		return "NULL"
	}
	if t.IsFloat() {
		return floatLiteral(t, bits)
	}
	if t.Kind == ir.Bool {
		if bits != 0 {
			return "1"
		}
		return "0"
	}
	if t.IsSigned() {
		x := int64(bits)
		if x < 0 && x == t.MinInt() {
			return fmt.Sprintf("(%d - 1)", x+1)
		}
		return strconv.FormatInt(x, 10)
	}
	s := strconv.FormatUint(bits, 10)
	switch {
	case bits > math.MaxInt64:
		return s + "ULL"
	case bits > math.MaxInt32:
		return s + "U"
	}
	return s
}

// lvalue returns the C lvalue of a final value's access path: in a fresh
// object of the test or in a global the harness sets. The leaves of a
// fresh object (an array) are below its root ("p" → "p[1]"): a path equal
// to one names the pointer leaf of the object above.
func (g *tgen) lvalue(path string) (string, bool) {
	best, cname := "", ""
	try := func(root, c string, self bool) {
		if len(root) > len(best) && strings.HasPrefix(path, root) &&
			((self && len(path) == len(root)) || (len(path) > len(root) && (path[len(root)] == '[' || path[len(root)] == '.'))) {
			best, cname = root, c
		}
	}
	for _, o := range g.objs {
		try(o.ptr, o.ref(), false)
	}
	for root, name := range g.globals {
		try(root, name, true)
	}
	if best == "" || strings.Contains(path[len(best):], "+") {
		return "", false
	}
	return ir.CPath(cname + path[len(best):]), true
}

// addr spells the address a pointer value holds, or says why the harness
// cannot name it.
func (g *tgen) addr(v interp.Val) (expr, why string) {
	pt, ok := v.PointerTarget()
	if !ok {
		return "NULL", ""
	}
	var base string
	switch pt.Kind {
	case interp.TargetInput:
		o := g.byPtr[pt.Root]
		if o == nil {
			return "", "it points into an object the harness does not build"
		}
		base = o.ref()
	case interp.TargetGlobal:
		if pt.Var == nil || pt.Var.Class != ir.Global {
			return "", "it points into a block-scope static"
		}
		base = "&" + pt.Var.Name
	case interp.TargetVoid:
		g.code.void = true
		base = "&inka_void"
	case interp.TargetFunc:
		if strings.HasPrefix(pt.Root, "*") {
			si := g.stub(pt.Root)
			if si == nil {
				return "", "it points to a callback the harness does not define"
			}
			return "(const void *)" + si.cname, ""
		}
		return "(const void *)" + pt.Root, ""
	case interp.TargetString:
		return "", "it points into a string literal"
	default:
		return "", "it points to a local of the function"
	}
	if pt.Off == 0 {
		return "(const void *)" + base, ""
	}
	return fmt.Sprintf("(const void *)((const unsigned char *)%s + %d)", base, pt.Off), ""
}

// check emits the check of the value of expr against the replay's v.
func (g *tgen) check(what, expr string, v interp.Val) {
	switch {
	case v.Indeterminate() || v.Typ == nil:
		g.emit("/* %s: not checked (indeterminate) */", what)
		return
	case v.IsPointer():
		if pt, ok := v.PointerTarget(); ok && pt.Kind == interp.TargetHeap {
			// a heap object (interp/heap.go): the harness's malloc put
			// it elsewhere, only its existence is checked
			g.emit("inka_check_int(%s, %s != NULL, 1);", cString(what+" is not NULL"), expr)
			return
		}
		a, why := g.addr(v)
		if why != "" {
			g.emit("/* %s: not checked (%s: %s) */", what, v, why)
			return
		}
		g.emit("inka_check_ptr(%s, (const void *)%s, %s, %s);", cString(what), expr, a, cString(v.String()))
	case expr != "inka_r" && !strings.HasPrefix(expr, "inka_r.") && !isLibraryObject(expr):
		// A final value: a row of the table (its type says how to read it;
		// the address of errno is no constant, it is checked by a call).
		want, uwant := literal(v.Typ, v.Bits), "0"
		switch {
		case v.Typ.IsFloat():
			want, uwant = "0", fmt.Sprintf("%#xULL", v.Bits) // compared as bits (a NaN as any NaN)
		case !v.Typ.IsSigned():
			want, uwant = "0", want
		}
		g.leaves = append(g.leaves, fmt.Sprintf("{%s, &%s, %d, %s, %s}", cString(what), expr, leafKinds[v.Typ.Kind], want, uwant))
	case v.Typ.IsFloat():
		g.emit("inka_check_fp(%s, %s, %s);", cString(what), expr, literal(v.Typ, v.Bits))
	case v.Typ.IsSigned():
		g.emit("inka_check_int(%s, %s, %s);", cString(what), expr, literal(v.Typ, v.Bits))
	default:
		g.emit("inka_check_uint(%s, %s, %s);", cString(what), expr, literal(v.Typ, v.Bits))
	}
	g.code.checks++
}

// isLibraryObject reports whether expr names an object of the C library
// inka models (errno).
func isLibraryObject(expr string) bool {
	m, ok := libc.Library{Bytes: true}.Model(expr)
	return ok && m.Object
}

// leafKinds number the integer types of struct inka_leaf (the runtime's
// inka_check_leaves reads a leaf with the type of its kind).
var leafKinds = map[ir.Kind]int{
	ir.Bool: 0, ir.Char: 1, ir.UChar: 2, ir.Short: 3, ir.UShort: 4, ir.Int: 5, ir.UInt: 6,
	ir.Long: 7, ir.ULong: 8, ir.LongLong: 9, ir.ULongLong: 10, ir.Float: 11, ir.Double: 12,
}

// floatLiteral spells the floating-point value of bit pattern bits of type
// t exactly: a hexadecimal floating constant ("0x1.8p+1", "-0x0p+0",
// "0x1.99999ap-4f"), an infinity (__builtin_inf()), a NaN with its sign
// and payload (__builtin_nan("0x1"), __builtin_nans for a signalling one):
// constant expressions, valid in static initializers too.
func floatLiteral(t *ir.Type, bits uint64) string {
	suffix := ""
	if t.Kind == ir.Float {
		suffix = "f"
	}
	x := ir.FloatOf(t, bits)
	sign := ""
	if bits>>(t.Bits()-1)&1 == 1 {
		sign = "-"
	}
	switch {
	case math.IsInf(x, 0):
		return sign + "__builtin_inf" + suffix + "()"
	case math.IsNaN(x):
		mant := t.Bits() - 9 // float: 23 bits of fraction, double 52
		if t.Kind == ir.Double {
			mant = 52
		}
		frac := bits & (1<<mant - 1)
		quietBit := uint64(1) << (mant - 1)
		name := "__builtin_nans"
		if frac&quietBit != 0 {
			name = "__builtin_nan"
		}
		return fmt.Sprintf("%s%s%s(\"%#x\")", sign, name, suffix, frac&^quietBit)
	}
	return ir.HexFloat(t, bits) + suffix
}

// slot returns the index in inka_ptr of an address the stubs expect.
func (g *tgen) slot(expr string) int {
	if i, ok := g.slotOf[expr]; ok {
		return i
	}
	g.slotOf[expr] = len(g.code.slots)
	g.code.slots = append(g.code.slots, expr)
	return len(g.code.slots) - 1
}

// stub returns the stub of a callee of the test: an extern, or the
// callback ("*cb") of one of its function's inputs.
func (g *tgen) stub(callee string) *stubInfo {
	if strings.HasPrefix(callee, "*") {
		return g.ext[g.t.Func+":"+callee]
	}
	return g.ext[callee]
}

// stubRows returns, per stub key, the rows of the calls the test makes.
func (g *tgen) stubRows(ext map[string]*stubInfo) map[string][]string {
	rows := map[string][]string{}
	calls := map[string]int{}
	for _, c := range g.t.Result.StubCalls {
		si := g.stub(c.Callee)
		if si == nil {
			continue
		}
		k := calls[c.Callee]
		calls[c.Callee]++
		fields := []string{strconv.Itoa(k + 1)}
		for i, pt := range si.ext.Params {
			if i >= len(c.Args) {
				break
			}
			a := c.Args[i]
			if !pt.IsPointer() {
				fields = append(fields, literal(pt, a.Bits))
				g.code.checks++
				continue
			}
			slot, peek, val := -1, 0, "0"
			if !a.IsNull() {
				expr, why := g.addr(a)
				if why == "" {
					slot = g.slot(expr)
				} else {
					slot = -2 // not NULL, the address is out of the harness's reach
					if pk := g.t.peeks[c.Callee]; k < len(pk) {
						if lv, ok := pk[k][i]; ok {
							peek, val = 1, literal(lv[0].Val.Typ, lv[0].Val.Bits)
							g.code.checks++
						}
					}
				}
			}
			fields = append(fields, strconv.Itoa(slot), cString(a.String()), strconv.Itoa(peek), val)
			g.code.checks++
		}
		if si.write >= 0 {
			var w interp.Val
			if ws := g.t.writes[c.Callee]; k < len(ws) {
				w = ws[k]
			}
			if w.Typ != nil {
				fields = append(fields, "1", literal(w.Typ, w.Bits))
			} else {
				fields = append(fields, "0", "0")
			}
		}
		switch {
		case si.ext.Result.IsPointer():
			// the slot of the object the call returns, or -1 for NULL
			slot := -1
			if objs := g.t.objects[c.Callee]; k < len(objs) && objs[k] != "" {
				o := g.byPtr[objs[k]]
				if o == nil {
					g.skipf("callee %s returns %s, which the harness cannot build", c.Callee, objs[k])
				} else {
					slot = g.slot(o.ref())
				}
			} else if !c.Return.IsNull() {
				g.skipf("callee %s returns a non-null pointer, which the stub cannot make", c.Callee)
			}
			fields = append(fields, strconv.Itoa(slot))
		case si.ret != "":
			fields = append(fields, literal(si.ext.Result, c.Return.Bits))
		}
		rows[si.key] = append(rows[si.key], fmt.Sprintf("{%s}, /* test %d */", strings.Join(fields, ", "), g.t.ID))
	}
	return rows
}

// cString spells s as a C string literal.
func cString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < ' ' || c > '~':
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// inputErr is an error in the input at pos: what the harness cannot take.
func inputErr(pos ir.Pos, format string, args ...any) error {
	return &frontend.Error{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// stubInfo is the stub of one callee: an extern, or the callback of a
// function-pointer input of one of the suite's functions.
type stubInfo struct {
	ext *ir.Extern
	// key names the stub in the tests' rows: the extern's name, or
	// function:*path for a callback (each function's own).
	key string
	// cname is the base of its C names: the extern's name, or inka_cbN.
	cname  string
	decl   string   // for a callback, its declaration before the tests
	proto  string   // the stub's definition line
	names  []string // parameter names for messages
	fields []string // members of its row struct
	ret    string   // C type of the ret member ("" for void and pointer results)
	tags   []string // struct tags to declare first (split)
	// write is the parameter the stub stores through (ir.Extern.WriteArg),
	// wtype the type it stores (the pointee, unqualified: a const char *
	// parameter is written as char * when the model says so).
	write int
	wtype string
}

// stubInfos prepares the stubs of the suite's callees.
func (s *Suite) stubInfos() (map[string]*stubInfo, []*stubInfo, error) {
	m := map[string]*stubInfo{}
	var list []*stubInfo
	sp := frontend.InUnit
	if s.opts.Split {
		sp = frontend.Portable
	}
	for _, e := range s.Externs() {
		// A variadic callee (a logging function) is stubbed with its
		// prototype, "..." included: the stub checks and answers on its
		// declared parameters, the arguments past them are not looked at
		// (the stub contract never writes through them).
		ct, err := s.unit.FuncType(e.Name)
		if err != nil {
			return nil, nil, inputErr(e.Pos, "%v", err)
		}
		si, err := s.newStub(e, ct, e.Name, e.Name, sp)
		if err != nil {
			return nil, nil, err
		}
		m[si.key] = si
		list = append(list, si)
	}
	// The callbacks of the function-pointer inputs, function by function.
	var fns []string
	for fn := range s.progs {
		fns = append(fns, fn)
	}
	sort.Strings(fns)
	for _, fn := range fns {
		for _, o := range s.callbacks(fn) {
			e := o.Callback.Ext
			pos := s.progs[fn].Func(fn).Pos
			if e.Variadic {
				return nil, nil, inputErr(pos, "input %s of %s points to a variadic function: the harness cannot define a callback", o.Pointer, fn)
			}
			ct, err := s.inputType(fn, o.Pointer+"[0]")
			if err != nil {
				return nil, nil, inputErr(pos, "callback of input %s of %s: %v", o.Pointer, fn, err)
			}
			si, err := s.newStub(e, ct, fn+":"+e.Name, fmt.Sprintf("inka_cb%d", len(list)), sp)
			if err != nil {
				return nil, nil, err
			}
			if si.decl, err = ct.Prototype(si.cname, "inka_a", frontend.InUnit); err != nil {
				return nil, nil, inputErr(pos, "callback of input %s of %s: %v", o.Pointer, fn, err)
			}
			m[si.key] = si
			list = append(list, si)
		}
	}
	return m, list, nil
}

// inputType returns the declared type of the input of function fn at
// access path path (a parameter's or a global's, then through members,
// elements and pointers: "ops[0].handler[0]").
func (s *Suite) inputType(fn, path string) (frontend.CType, error) {
	root, rest := path, ""
	if i := strings.IndexAny(path, ".["); i >= 0 {
		root, rest = path[:i], path[i:]
	}
	ft, err := s.unit.FuncType(fn)
	if err != nil {
		return frontend.CType{}, err
	}
	f := s.progs[fn].Func(fn)
	for i, v := range f.Params {
		if v.Name == root && i < len(ft.Params()) {
			return ft.Params()[i].Walk(rest)
		}
	}
	ct, err := s.unit.ObjectType(strings.SplitN(root, "#", 2)[0])
	if err != nil {
		return frontend.CType{}, err
	}
	return ct.Walk(rest)
}

// newStub prepares the stub of e, of declared type ct, keyed key in the
// tests' rows and named cname in C.
func (s *Suite) newStub(e *ir.Extern, ct frontend.CType, key, cname string, sp frontend.Spelling) (*stubInfo, error) {
	proto, err := ct.Prototype(cname, "inka_a", sp)
	if err != nil {
		return nil, inputErr(e.Pos, "stub of %s: %v", e.Name, err)
	}
	si := &stubInfo{ext: e, key: key, cname: cname, proto: proto, names: ct.ParamNames(), fields: []string{"int call;"}, write: e.WriteArg()}
	if s.opts.Split {
		si.tags = ct.Tags()
	}
	for i, pt := range e.Params {
		switch {
		case pt.IsPointer():
			vt := "long long"
			if pt.Elem.IsInteger() && !pt.Elem.IsSigned() {
				vt = "unsigned long long"
			}
			si.fields = append(si.fields, fmt.Sprintf("int a%d; const char *a%d_name; int a%d_peek; %s a%d_val;", i, i, i, vt, i))
		case pt.IsSigned():
			si.fields = append(si.fields, fmt.Sprintf("long long a%d;", i))
		case pt.IsInteger():
			si.fields = append(si.fields, fmt.Sprintf("unsigned long long a%d;", i))
		case pt.IsFloat():
			si.fields = append(si.fields, fmt.Sprintf("double a%d;", i)) // a float's value exactly
		default:
			return nil, inputErr(e.Pos, "callee %s: parameter %d of type %s: the harness cannot check it", e.Name, i+1, pt)
		}
	}
	switch r := e.Result; {
	case r.Kind == ir.Void || r.IsPointer():
	case r.IsSigned():
		si.ret = "long long"
	case r.IsInteger():
		si.ret = "unsigned long long"
	case r.IsFloat():
		si.ret = "double"
	default:
		return nil, inputErr(e.Pos, "callee %s returns %s: the harness cannot stub it", e.Name, r)
	}
	if si.write >= 0 {
		pts := ct.Params()
		if si.write >= len(pts) {
			return nil, inputErr(e.Pos, "callee %s: no declared type for parameter %d", e.Name, si.write+1)
		}
		elem, err := pts[si.write].Walk("[0]")
		if err == nil {
			si.wtype, err = elem.Unqualified().Decl("*", sp)
		}
		if err != nil {
			return nil, inputErr(e.Pos, "callee %s: parameter %d: %v", e.Name, si.write+1, err)
		}
		vt := "long long"
		if !e.Params[si.write].Elem.IsSigned() {
			vt = "unsigned long long"
		}
		si.fields = append(si.fields, fmt.Sprintf("int wr; %s wrv;", vt))
	}
	if si.ret != "" {
		si.fields = append(si.fields, si.ret+" ret;")
	}
	if e.Result.IsPointer() {
		si.fields = append(si.fields, "int ret_slot;")
	}
	return si, nil
}

// genStubs writes the stubs: per callee its table of expected calls (rows
// by test), its counter and its function.
func genStubs(w *bytes.Buffer, stubs []*stubInfo, rows []map[string][]string) {
	for _, si := range stubs {
		genStub(w, si, rows)
	}
	fmt.Fprintf(w, "\nvoid inka_stubs_begin(void)\n{\n")
	for _, si := range stubs {
		fmt.Fprintf(w, "\tinka_n_%s = 0;\n", si.cname)
	}
	fmt.Fprintf(w, "}\n\nvoid inka_stubs_end(void)\n{\n")
	for _, si := range stubs {
		name := si.cname
		has := false
		for _, r := range rows {
			has = has || len(r[si.key]) > 0
		}
		if has {
			fmt.Fprintf(w, "\tinka_check_calls(%s, inka_n_%s, inka_first_%s[inka_test + 1] - inka_first_%s[inka_test]);\n", cString(si.ext.Name), name, name, name)
		}
	}
	fmt.Fprintf(w, "}\n")
}

// genStub writes the stub of one callee: its table of expected calls
// (rows by test), its counter and its function, which checks each call's
// arguments, stores through its write argument and returns the row's
// value.
func genStub(w *bytes.Buffer, si *stubInfo, rows []map[string][]string) {
	n := len(rows)
	// name: in C identifiers; callee: in messages
	name, callee := si.cname, si.ext.Name
	var all []string
	first := []string{"0"}
	for _, r := range rows {
		all = append(all, r[si.key]...)
		first = append(first, strconv.Itoa(len(all)))
	}
	fmt.Fprintf(w, "\n/* %s: the calls each test expects, in order */\n", strings.ReplaceAll(callee, "*/", "* /"))
	// A call without arguments or result only counts: no table.
	useE := si.ret != "" || si.ext.Result.IsPointer() || len(si.ext.Params) > 0
	if len(all) > 0 && useE {
		fmt.Fprintf(w, "struct inka_call_%s { %s };\n", name, strings.Join(si.fields, " "))
		fmt.Fprintf(w, "static const struct inka_call_%s inka_calls_%s[] = {\n", name, name)
		for _, r := range all {
			fmt.Fprintf(w, "\t%s\n", r)
		}
		fmt.Fprintf(w, "};\n")
	}
	if len(all) > 0 {
		fmt.Fprintf(w, "static const int inka_first_%s[%d] = {%s};\n", name, n+1, strings.Join(first, ", "))
	}
	fmt.Fprintf(w, "static int inka_n_%s;\n\n", name)
	fmt.Fprintf(w, "%s\n{\n", si.proto)
	if len(all) == 0 {
		// No test calls it: any call is one too many.
		for i := range si.ext.Params {
			fmt.Fprintf(w, "\t(void)inka_a%d;\n", i)
		}
		fmt.Fprintf(w, "\tinka_extra_call(%s, ++inka_n_%s, 0);\n}\n", cString(callee), name)
		return
	}
	if useE {
		fmt.Fprintf(w, "\tconst struct inka_call_%s *inka_e;\n", name)
	}
	fmt.Fprintf(w, "\tint inka_k = inka_n_%s++;\n", name)
	fmt.Fprintf(w, "\tint inka_n = inka_first_%s[inka_test + 1] - inka_first_%s[inka_test];\n", name, name)
	fmt.Fprintf(w, "\tif (inka_k >= inka_n)\n\t\tinka_extra_call(%s, inka_k + 1, inka_n);\n", cString(callee))
	if useE {
		fmt.Fprintf(w, "\tinka_e = &inka_calls_%s[inka_first_%s[inka_test] + inka_k];\n", name, name)
	}
	stubArgChecks(w, si)
	if si.write >= 0 {
		fmt.Fprintf(w, "\tif (inka_e->wr && inka_a%d != NULL)\n\t\t*(%s)inka_a%d = inka_e->wrv;\n", si.write, si.wtype, si.write)
	}
	switch {
	case si.ext.Result.Kind == ir.Void:
	case si.ext.Result.IsPointer():
		// NULL, or the object of the test the row's slot names
		fmt.Fprintf(w, "\treturn inka_e->ret_slot < 0 ? NULL : (void *)inka_ptr[inka_e->ret_slot];\n")
	default:
		fmt.Fprintf(w, "\treturn inka_e->ret;\n")
	}
	fmt.Fprintf(w, "}\n")
}

// stubArgChecks writes the checks of a stub call's arguments against the
// row's: integers by value, pointers by the object they point to (and,
// for a pointer to an integer the harness cannot name, the value it
// points to).
func stubArgChecks(w *bytes.Buffer, si *stubInfo) {
	callee := si.ext.Name
	for i, pt := range si.ext.Params {
		pn := ""
		if i < len(si.names) && si.names[i] != "" {
			pn = si.names[i]
		}
		label := ""
		if pn != "" {
			label = " (" + pn + ")"
		}
		switch {
		case pt.IsPointer():
			fmt.Fprintf(w, "\tinka_check_arg_ptr(%s, inka_e->call, %d, %s, (const void *)inka_a%d, inka_e->a%d, inka_e->a%d_name);\n",
				cString(callee), i+1, cString(label), i, i, i)
			if pt.Elem.IsInteger() {
				fn := "inka_check_arg_int"
				cast := "long long"
				if !pt.Elem.IsSigned() {
					fn, cast = "inka_check_arg_uint", "unsigned long long"
				}
				plabel := " (*" + pn + ")"
				if pn == "" {
					plabel = " (what it points to)"
				}
				fmt.Fprintf(w, "\tif (inka_e->a%d_peek && inka_a%d != NULL)\n\t\t%s(%s, inka_e->call, %d, %s, (%s)*inka_a%d, inka_e->a%d_val);\n",
					i, i, fn, cString(callee), i+1, cString(plabel), cast, i, i)
			}
		case pt.IsFloat():
			fmt.Fprintf(w, "\tinka_check_arg_fp(%s, inka_e->call, %d, %s, inka_a%d, inka_e->a%d);\n", cString(callee), i+1, cString(label), i, i)
		case pt.IsSigned():
			fmt.Fprintf(w, "\tinka_check_arg_int(%s, inka_e->call, %d, %s, inka_a%d, inka_e->a%d);\n", cString(callee), i+1, cString(label), i, i)
		default:
			fmt.Fprintf(w, "\tinka_check_arg_uint(%s, inka_e->call, %d, %s, inka_a%d, inka_e->a%d);\n", cString(callee), i+1, cString(label), i, i)
		}
	}
}
