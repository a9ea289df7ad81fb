package frontend

import (
	"fmt"
	"runtime/debug"
	"strings"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/libc"
)

// Lower lowers function fn and, transitively, the functions of the file it
// calls, with the globals they use and the external functions they call.
// Program.Funcs[0] is fn. Errors in the input are *Error values
// ("unsupported: ..." for constructs outside the supported subset).
func (u *Unit) Lower(fn string) (p *ir.Program, err error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.lower(fn, true)
}

// lower is Lower, with the candidates of the function-pointer inputs when
// candidates is set (see funcptr.go). u.mu is held.
func (u *Unit) lower(fn string, candidates bool) (p *ir.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*Error); ok {
				p, err = nil, e
				return
			}
			p, err = nil, fmt.Errorf("internal error lowering %s: %v\n%s", fn, r, debug.Stack())
		}
	}()
	fd := u.defs[fn]
	if fd == nil {
		return nil, &Error{Pos: ir.Pos{File: u.path}, Msg: fmt.Sprintf("no function named %s", fn)}
	}
	pb := &progBuilder{
		u:       u,
		p:       &ir.Program{File: u.path, DataModel: u.dm},
		funcs:   map[string]*ir.Func{},
		fdefs:   map[*ir.Func]*cc.FunctionDefinition{},
		globals: map[*cc.Declarator]*ir.Var{},
		externs: map[string]*ir.Extern{},
		strs:    map[string]*ir.Var{},
		inits:   map[*cc.Declarator]*cc.Initializer{},
		pdecls:  map[*ir.Func][]*cc.Declarator{},
		fobjs:   map[string]*ir.Var{},
	}
	entry := pb.funcRef(fd)
	if entry.ResultTyp.Kind == ir.Opaque {
		return nil, unsupported(fd.Declarator.Position(), fmt.Sprintf("%s result (%s)", opaqueWhat(entry.ResultTyp), entry.ResultTyp))
	}
	pb.drain()
	ir.InferPointeesThroughCalls(pb.p.Funcs)
	if candidates {
		if u.cannotLower == nil {
			u.cannotLower = map[string]bool{}
		}
		pb.addCandidates()
		ir.InferPointeesThroughCalls(pb.p.Funcs) // through the calls to the candidates
	}
	pb.nameVars()
	pb.p.NumVars = pb.nextID
	// Constructs inka does not model are cut on the paths that run them;
	// a function whose every run needs one is refused.
	if u := ir.EntryUnsupported(entry); u != nil {
		return nil, &Error{Pos: u.Pos, Msg: "unsupported: " + u.What}
	}
	return pb.p, nil
}

// drain lowers the bodies of the functions queued.
func (pb *progBuilder) drain() {
	for len(pb.work) > 0 {
		f := pb.work[0]
		pb.work = pb.work[1:]
		pb.lowerFunc(f, pb.fdefs[f])
	}
}

// progBuilder builds one Program.
type progBuilder struct {
	u       *Unit
	p       *ir.Program
	funcs   map[string]*ir.Func
	fdefs   map[*ir.Func]*cc.FunctionDefinition
	work    []*ir.Func
	globals map[*cc.Declarator]*ir.Var
	externs map[string]*ir.Extern
	strs    map[string]*ir.Var
	inits   map[*cc.Declarator]*cc.Initializer // block-scope statics
	gnames  map[string]bool                    // names of the statics and templates
	pdecls  map[*ir.Func][]*cc.Declarator      // declarators of the parameters
	fobjs   map[string]*ir.Var                 // the function objects, by function name
	nextID  int
}

func (pb *progBuilder) newVar(name string, t *ir.Type, class ir.VarClass, pos ir.Pos, f *ir.Func) *ir.Var {
	v := &ir.Var{ID: pb.nextID, Name: name, Typ: t, Class: class, Pos: pos, Func: f}
	pb.nextID++
	return v
}

// funcRef returns the IR function of a definition of the file, creating its
// shell (signature) and queueing its body the first time.
func (pb *progBuilder) funcRef(fd *cc.FunctionDefinition) *ir.Func {
	d := fd.Declarator
	pos := d.Position()
	name := pb.u.irName(d.Name(), pos.Filename)
	if f, ok := pb.funcs[name]; ok {
		return f
	}
	ft, ok := d.Type().(*cc.FunctionType)
	if !ok {
		panic(unsupported(pos, "function definition of type "+d.Type().String()))
	}
	// A variadic function gets its named parameters; the arguments of its
	// calls beyond them are evaluated but not passed (reading them, va_arg,
	// is a cut).
	f := &ir.Func{Name: name, Pos: irPos(pos), Variadic: ft.IsVariadic(), Library: libc.IsModelFile(pos.Filename)}
	f.ResultTyp = pb.u.irType(ft.Result(), pos)
	if f.ResultTyp.Kind == ir.Array {
		panic(unsupported(pos, "function returning an array"))
	}
	// the parameters, so that calls can be lowered before the body
	var decls []*cc.Declarator
	qf := pb.u.quals.typeOf(d)
	for i, p := range ft.Parameters() {
		if p.Type().Kind() == cc.Void {
			continue
		}
		d := p.Declarator
		ppos := p.Position()
		pname := p.Name()
		if d != nil {
			ppos = d.Position()
			pname = d.Name()
		}
		if pname == "" {
			pname = fmt.Sprintf("arg%d", len(f.Params)+1)
		}
		t := pb.u.declType(p.Type().Decay(), qf.param(i), ppos)
		v := pb.newVar(pname, t, ir.Param, irPos(ppos), f)
		v.ReadOnly = t.AllConst()
		v.DeclLen = pb.u.declaredLen(d)
		f.Params = append(f.Params, v)
		decls = append(decls, d)
	}
	pb.pdecls[f] = decls
	pb.funcs[name] = f
	pb.fdefs[f] = fd
	pb.p.Funcs = append(pb.p.Funcs, f)
	pb.work = append(pb.work, f)
	return f
}

// global returns the variable of a file-scope object (or of a block-scope
// static, with fnName the name of its function and init its initializer),
// adding it to the program with its initializer the first time.
func (pb *progBuilder) global(d *cc.Declarator, fnName string, init *cc.Initializer) *ir.Var {
	if v, ok := pb.globals[d]; ok {
		return v
	}
	name := d.Name()
	class := ir.Global
	if fnName != "" {
		class = ir.Static
		name = pb.globalName(fnName + "." + name)
	} else {
		if def := pb.u.objs[name]; def != nil && def != d {
			// another declaration of the same object: use the defining one
			v := pb.global(def, "", nil)
			pb.globals[d] = v
			return v
		}
		init = pb.u.inits[d]
	}
	pos := d.Position()
	name = pb.u.irName(name, pos.Filename)
	t := pb.u.declType(d.Type(), pb.u.quals.typeOf(d), pos)
	if t.Kind == ir.Void {
		panic(unsupported(pos, "object of type void"))
	}
	if d.IsThreadLocal() {
		panic(unsupported(pos, "thread-local variable"))
	}
	v := pb.newVar(name, t, class, irPos(pos), nil)
	v.ReadOnly = t.AllConst()
	// The defining declaration of an object the file does not define is
	// one of its declarations: in a system header, a C library object.
	v.System = class == ir.Global && pb.u.systemFile(pos.Filename)
	// objs prefers a definition: an extern one left means none in the file
	v.Extern = class == ir.Global && !v.System && d.IsExtern() && !d.HasInitializer()
	pb.globals[d] = v
	pb.p.Globals = append(pb.p.Globals, v)
	if init != nil {
		v.Init = pb.staticInit(v, init, fnName)
	}
	return v
}

// stringVar returns the read-only global array of a string literal
// (identical literals share one object).
func (pb *progBuilder) stringVar(s string, pos token.Position) *ir.Var {
	if v, ok := pb.strs[s]; ok {
		return v
	}
	if len(s) >= maxLeaves {
		panic(unsupported(pos, fmt.Sprintf("string literal too long (%d characters)", len(s))))
	}
	t := ir.ArrayOf(ir.CharType, int64(len(s))+1)
	if pb.u.strNames == nil {
		pb.u.strNames = map[string]string{}
	}
	name, ok := pb.u.strNames[s]
	if !ok {
		// numbered per unit, so that a literal keeps its name in the
		// programs of all the functions lowered
		name = fmt.Sprintf(".str%d", len(pb.u.strNames)+1)
		pb.u.strNames[s] = name
	}
	v := pb.newVar(name, t, ir.String, irPos(pos), nil)
	v.ReadOnly = true
	for i := 0; i < len(s); i++ {
		if s[i] != 0 {
			v.Init = append(v.Init, ir.InitItem{Leaf: i, Val: ir.NewConst(ir.CharType, uint64(s[i]))})
		}
	}
	pb.strs[s] = v
	pb.p.Globals = append(pb.p.Globals, v)
	return v
}

// globalName returns name, or name.N if a static of the program already
// has it (two block-scope statics of the same name in one function).
func (pb *progBuilder) globalName(name string) string {
	if pb.gnames == nil {
		pb.gnames = map[string]bool{}
	}
	n := name
	for k := 2; pb.gnames[n]; k++ {
		n = fmt.Sprintf("%s.%d", name, k)
	}
	pb.gnames[n] = true
	return n
}

// Functions that cannot be stubbed: dynamic allocation, non-local jumps,
// variadic argument access. A call of one is a cut.
var rejectedCallees = map[string]string{
	"alloca": "dynamic allocation (alloca)", "__builtin_alloca": "dynamic allocation (alloca)",
	"aligned_alloc": "dynamic allocation (aligned_alloc)", "reallocarray": "dynamic allocation (reallocarray)",
	"posix_memalign": "dynamic allocation (posix_memalign)", "strdup": "dynamic allocation (strdup)",
	"strndup": "dynamic allocation (strndup)", "valloc": "dynamic allocation (valloc)",
	"memalign": "dynamic allocation (memalign)", "pvalloc": "dynamic allocation (pvalloc)",
	"setjmp": "setjmp/longjmp", "longjmp": "setjmp/longjmp", "_setjmp": "setjmp/longjmp",
	"_longjmp": "setjmp/longjmp", "sigsetjmp": "setjmp/longjmp", "siglongjmp": "setjmp/longjmp",
	"__sigsetjmp": "setjmp/longjmp", "__builtin_setjmp": "setjmp/longjmp", "__builtin_longjmp": "setjmp/longjmp",
	"signal": "signal handlers (function pointers)", "qsort": "qsort (function pointer argument)",
	"bsearch": "bsearch (function pointer argument)", "atexit": "atexit (function pointer argument)",
	"__builtin_va_start": "variadic argument access (va_start)", "__builtin_va_arg": "variadic argument access (va_arg)",
	"__builtin_va_arg_impl": "variadic argument access (va_arg)", "__builtin_va_end": "variadic argument access (va_end)",
}

// funcObj returns the function object (a Var of class FuncObj) of the
// function d declares, defined in the file or not: what a function
// designator used as a value, `f` or `&f`, points to.
func (pb *progBuilder) funcObj(d *cc.Declarator, pos token.Position) *ir.Var {
	name := d.Name()
	if v, ok := pb.fobjs[name]; ok {
		return v
	}
	v := pb.newVar(name, nil, ir.FuncObj, irPos(d.Position()), nil)
	v.ReadOnly = true
	fd := pb.u.defs[name]
	if fd == nil {
		fd = pb.u.model(name, nil)
	}
	if fd != nil {
		v.Fn = pb.funcRef(fd)
		v.Typ = v.Fn.Type()
	} else {
		v.Ext = pb.extern(d, pos)
		v.Typ = v.Ext.Type()
	}
	pb.fobjs[name] = v
	pb.p.Globals = append(pb.p.Globals, v)
	return v
}

// extern returns the Extern of a function declared but not defined in the
// file.
// compilerBuiltin reports whether name is one of gcc's builtins
// (__builtin_ffs, __sync_fetch_and_add, __atomic_load_n), which cc knows
// without a declaration.
func compilerBuiltin(name string) bool {
	for _, p := range []string{"__builtin_", "__sync_", "__atomic_"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

func (pb *progBuilder) extern(d *cc.Declarator, pos token.Position) *ir.Extern {
	name := d.Name()
	if e, ok := pb.externs[name]; ok {
		return e
	}
	if what, ok := rejectedCallees[name]; ok {
		panic(unsupported(pos, what))
	}
	ft, ok := d.Type().(*cc.FunctionType)
	if !ok {
		panic(unsupported(pos, "call of "+name+" of type "+d.Type().String()))
	}
	// The output intrinsics of the models and __inka_disjoint
	// (libc/src/inka.h) are the C library's: no stubs.
	// A compiler builtin (__builtin_popcount) is compiled inline, never
	// linked to a function a test could stub: the C library's too.
	system := pb.u.declaredBySystem(name) || compilerBuiltin(name) ||
		(libc.IsModelFile(d.Position().Filename) && (strings.HasPrefix(name, "__inka_output") || name == "__inka_disjoint"))
	if ir.HeapFuncNamed(name) != ir.NotHeap && !system {
		// the program's own declaration of malloc: no header says it is
		// the C library's (ir/heap.go), and a stub cannot allocate
		panic(unsupported(pos, "dynamic allocation ("+name+") not declared by <stdlib.h>"))
	}
	e := &ir.Extern{Name: name, Variadic: ft.IsVariadic(), Pos: irPos(d.Position()), System: system}
	e.Result = pb.u.irType(ft.Result(), pos)
	qf := pb.u.quals.typeOf(d)
	for i, p := range ft.Parameters() {
		pt := p.Type()
		if pt.Kind() == cc.Void {
			continue
		}
		t := pb.u.declType(pt.Decay(), qf.param(i), pos)
		e.Params = append(e.Params, t)
		e.ConstPointee = append(e.ConstPointee, t.IsPointer() && t.Elem.Const)
	}
	for _, t := range append([]*ir.Type{e.Result}, e.Params...) {
		if t.Kind == ir.Opaque {
			// a stub cannot answer with, or be given, what inka does not model
			panic(unsupported(pos, fmt.Sprintf("call of %s, whose type has %s (%s)", name, opaqueWhat(t), t)))
		}
	}
	pb.externs[name] = e
	pb.p.Externs = append(pb.p.Externs, e)
	return e
}

// lowerFunc lowers the body of f.
func (pb *progBuilder) lowerFunc(f *ir.Func, fd *cc.FunctionDefinition) {
	b := &funcBuilder{
		pb:    pb,
		u:     pb.u,
		f:     f,
		vars:  map[*cc.Declarator]*ir.Var{},
		decls: map[*ir.Var]*cc.Declarator{},
		names: map[string]int{},
		bools: map[*ir.Var]bool{},
	}
	for i, v := range f.Params {
		b.names[v.Name]++
		if d := pb.pdecls[f][i]; d != nil {
			b.vars[d] = v
			b.decls[v] = d
		}
	}
	if f.ResultTyp.Kind != ir.Void {
		f.Result = pb.newVar("result", f.ResultTyp, ir.Result, f.Pos, f)
	}
	b.endPos = irPos(fd.CompoundStatement.Token2.Position())
	b.body(fd.CompoundStatement)
	b.finish()
	if f.Library {
		forgetDecisions(f)
	}
	ir.InferPointees(f)
}

func sortDecisions(ds []*ir.Decision) { ir.SortDecisions(ds) }

// declaredLen returns N for a parameter declared `T v[N]` with a constant
// N > 0 (cc gives the adjusted type T*, so the length is read from the
// declarator; with gcc's layout where N depends on one cc computes
// otherwise), else 0.
func (u *Unit) declaredLen(d *cc.Declarator) int64 {
	if d == nil || d.DirectDeclarator == nil {
		return 0
	}
	dd := d.DirectDeclarator
	if dd.Case != cc.DirectDeclaratorArr || dd.DirectDeclarator == nil ||
		dd.DirectDeclarator.Case != cc.DirectDeclaratorIdent || dd.AssignmentExpression == nil {
		return 0
	}
	if x, ok := u.layoutConst(dd.AssignmentExpression); ok && int64(x) > 0 && x < 1<<31 {
		return int64(x)
	}
	return 0
}
