package interp

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/inka-tool/inka/budget"
	"github.com/inka-tool/inka/ir"
)

// Config bounds a run and says how its inputs are made. The zero Config
// is usable: zero fields take their defaults.
type Config struct {
	// PtrArrayLen is the number of elements of the fresh array behind a
	// pointer input of type T* (ir.InputShape's ArrayLen; default
	// ir.DefaultArrayLen, 4).
	PtrArrayLen int
	// PtrDepth bounds the nesting of fresh objects (ir.InputShape's
	// MaxDepth; default ir.DefaultMaxDepth, 2): the objects behind the
	// top-level pointer inputs are at depth 1, and pointer leaves of
	// objects at depth PtrDepth are NULL.
	PtrDepth int
	// MaxDepth is the deepest call stack allowed: the entry function is
	// at depth 1 (default 1000).
	MaxDepth int
	// MaxSteps is the number of statements executed (each loop test
	// counts one) after which the run stops with StepLimit (default 10^7).
	MaxSteps int64
	// Budget, when set, is spent one step per statement executed: the run
	// stops with StepLimit when it is exhausted (the caller's budget,
	// package budget).
	Budget *budget.B
	// UseInitializers makes globals and statics start from their
	// initializers instead of being inputs.
	UseInitializers bool
	// NoFinal leaves Result.Final empty: a caller that only looks at the
	// path a run took (a search over many runs) saves the walk over every
	// object.
	NoFinal bool
	// WrapArith lets a run go on past a signed overflow or an
	// out-of-range or negative shift with the value x86-64 code computes
	// (two's complement, the count masked to the operand's width), the
	// first recorded in Result.Wrapped. It is not inka's semantics: it
	// serves the search for runs that reach a goal only through undefined
	// behaviour (package testgen), which a compiler's code may take.
	WrapArith bool

	// OnStmt, when set, is called before each statement runs (statement
	// goals use it to see which source lines a run reached).
	OnStmt func(s ir.Stmt)
	// OnDeref, when set, is called for each Load and Store whose pointer
	// is valid, with the object it reads or writes (the points-to
	// soundness test uses it).
	OnDeref func(s ir.Stmt, t Target)
}

// Target is the object a dereference reaches, named as the points-to
// analysis names objects: a variable of the program (string literals
// included), or the fresh object behind a pointer input.
type Target struct {
	Var   *ir.Var // the variable, or nil for a fresh input object
	Input string  // the access path of the pointer input behind which the fresh object (or callback) lies ("p", "s.next")
	Off   int64   // byte offset in the object
}

func (m *machine) observeDeref(s ir.Stmt, p Val) {
	if m.cfg.OnDeref == nil || p.obj == nil {
		return
	}
	t := Target{Var: p.obj.v, Off: p.off}
	switch {
	case p.obj.kind == objInput || p.obj.kind == objVoid:
		t.Input = p.obj.name
	case p.obj.callee != nil:
		t.Input = strings.TrimPrefix(p.obj.name, "*") // the callback of input cb is *cb
	}
	m.cfg.OnDeref(s, t)
}

func (c Config) withDefaults() Config {
	if c.PtrArrayLen <= 0 {
		c.PtrArrayLen = ir.DefaultArrayLen
	}
	if c.PtrDepth <= 0 {
		c.PtrDepth = ir.DefaultMaxDepth
	}
	if c.MaxDepth <= 0 {
		c.MaxDepth = 1000
	}
	if c.MaxSteps <= 0 {
		c.MaxSteps = 10_000_000
	}
	return c
}

// Inputs are the values a run starts from.
type Inputs struct {
	// Values gives scalar inputs by access path: parameters ("i"), parts
	// of struct parameters ("s.f"), globals ("g", "g.a[2]") and leaves of
	// the fresh objects behind pointer inputs ("p[0]", "p[1].x",
	// "pp[0][0]", "s.next[0].v"). A value must be representable in the
	// type of its leaf. Integer leaves not given are 0.
	Values map[string]Val
	// Null lists the pointer inputs (same paths) that are NULL. A pointer
	// input not listed points to the first element of a fresh array of
	// Config.PtrArrayLen elements of its pointee type, whose access path is
	// the pointer's own ("p" → "p[0]", "p[1]", …).
	Null map[string]bool
	// Stub answers calls to undefined (extern) functions. nil answers
	// every call with 0 (NULL) and writes nothing.
	Stub StubFunc
	// Leaf, when set, gives the value of a scalar input leaf that Values
	// and Null do not name, as the run builds its inputs (a generator of
	// random inputs need not know the leaves in advance; the leaves of an
	// object behind a pointer input are asked for when the run first
	// touches the object, those of objects it never touches are not); ok false leaves
	// it 0. For a pointer leaf a NULL Val (Null) makes it NULL.
	Leaf func(path string, t *ir.Type) (v Val, ok bool)
	// Funcs gives the function-pointer inputs that point to a function of
	// the program: the name of a function whose address the program
	// takes (an ir.FuncObj global). A function-pointer input neither
	// listed here nor in Null points to its own callback, an undefined
	// function named "*" + path ("*cb", "*ops[0].handler") whose calls
	// Stub answers.
	Funcs map[string]string
	// Len, when > 0, is the number of elements of the fresh objects whose
	// elements hold no pointer (strings, buffers: ir.InputShape.FlatLen)
	// in place of Config.PtrArrayLen. The length of such an input is part
	// of the test: testgen gives longer ones to the goals that need them.
	Len int
	// Depth, when > Config.PtrDepth, is the number of levels of the fresh
	// objects behind pointer inputs in place of Config.PtrDepth: the
	// levels past Config.PtrDepth have objects of one element where their
	// elements hold pointers (ir.ComputeInputShapeDeep). testgen gives
	// deeper linked inputs to the goals that need them.
	Depth int
	// Into gives the pointer inputs (same paths) that point into the
	// object of another pointer input rather than to their own: its
	// element Index, or one past its end (Index = its length), of the
	// same type as the pointee. The end of a cursor, c[0].end = &c[0].pos[3]
	// (ir.InputObject.Into). The object of such a pointer is not built.
	Into map[string]Into
	// AllocFail lists the allocations (malloc, calloc, realloc, counted
	// together in the order the run makes them, from 0) that fail and
	// return NULL (heap.go).
	AllocFail map[int]bool
}

// Into is the target of a pointer input that points into the object of
// another one (Inputs.Into): the element Index of the array Ptr, the
// object behind the pointer input at that path, or an array member of
// one of its elements ("b[0].data": ir.InputShape.IntoArray).
type Into struct {
	Ptr   string
	Index int64
}

// IntoPtr returns the pointer of type t to byte off of the object of type
// objTyp behind the pointer input at path ptr: a value shown as
// &ptr[3] or &ptr[0].data[3] in tests (Inputs.Into gives it to a run).
// lo and hi bound an array member (Val.lo, hi; 0: the whole object).
func IntoPtr(t *ir.Type, ptr string, objTyp *ir.Type, off, lo, hi int64) Val {
	return Val{Typ: t, obj: &object{name: ptr, typ: objTyp, kind: objInput}, off: off, lo: lo, hi: hi}
}

// StubFunc answers a call to an extern function. Call.Index counts the
// calls to the same callee in this run, from 0.
type StubFunc func(call StubCall) StubAnswer

// StubCall is one call to an extern function.
type StubCall struct {
	Callee string
	Index  int // this call's rank among the calls to Callee, from 0
	Args   []Val
	Pos    ir.Pos
	Return Val // the stub's answer (filled in by the run)
}

// StubAnswer is a stub's answer: the return value (converted to the
// callee's result type; zero Val for 0) and values to write through
// pointer arguments.
//
// A stub of a function returning a pointer may instead return a fresh
// object, named by Object: the root of its access paths, "f()#k" by
// convention (the object the k-th call of f returns first; ir.StubReturn).
// It is built as the object behind a pointer input of that path (an array
// of Config.PtrArrayLen elements of the pointee type, "f()#k[0]", …, with
// its pointers to fresh objects in turn), its leaves from Inputs, once:
// every call that names it returns it.
type StubAnswer struct {
	Return Val
	Object string
	Writes []StubWrite
}

// StubWrite writes Val through pointer argument Arg, at the leaf named by
// Path relative to the pointer: "[0]" is *arg, "[1]" is arg[1], "[0].x" is
// arg->x. Writes through a NULL argument are ignored.
type StubWrite struct {
	Arg  int
	Path string
	Val  Val
}

// Outcome is how a run ended.
type Outcome int

const (
	Returned     Outcome = iota // the function returned
	UB                          // undefined behaviour: see Result.UB
	AssertFailed                // an assertion failed (also a call to __assert_fail)
	Exited                      // exit(), _Exit() or abort() was called
	StepLimit                   // more than Config.MaxSteps statements
	DepthLimit                  // recursion deeper than Config.MaxDepth
	Unmodelled                  // a call of the C library whose effect inka does not know (ir.Call.Unmodelled)
	Unsupported                 // an ir.Unsupported statement: a construct inka does not model
)

var outcomeNames = [...]string{"returned", "undefined behaviour", "assertion failed", "exited", "step limit", "recursion limit", "unmodelled library call", "unsupported"}

func (o Outcome) String() string {
	if o >= 0 && int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return fmt.Sprintf("Outcome(%d)", int(o))
}

// UBReport describes undefined behaviour: its kind, the position of the
// statement that has it, and a message with the values involved.
type UBReport struct {
	Kind UBKind
	Pos  ir.Pos
	Func string
	Msg  string
}

func (u *UBReport) String() string {
	return fmt.Sprintf("%s: undefined behaviour: %s: %s", u.Pos, u.Kind, u.Msg)
}

// Step is one evaluation of a decision or condition: the outcome it took
// (an index in Dec.Outcomes).
type Step struct {
	Dec     *ir.Decision
	Outcome int
}

// ID is the outcome's identifier "file:line:col:outcome".
func (s Step) ID() string { return s.Dec.ID(s.Outcome) }

// LeafVal is a value with its access path.
type LeafVal struct {
	Path string
	Val  Val
}

// Result is what a run did.
type Result struct {
	Outcome Outcome
	// Return is the returned scalar (zero Val for void and aggregate
	// results, and when the run did not return).
	Return Val
	// ReturnLeaves are the leaves of a returned struct or union, with
	// paths relative to it (".x", ".a[1]").
	ReturnLeaves []LeafVal
	UB           *UBReport // set when Outcome is UB
	Pos          ir.Pos    // where a run that did not return stopped
	Msg          string    // what stopped it (assertion text, limit, exit status)
	Trace        []Step    // decision outcomes in execution order
	StubCalls    []StubCall
	// Allocs lists the run's calls of malloc, calloc and realloc, Leaks
	// the heap objects a returned run did not free and cannot reach
	// (heap.go): reported, no failure.
	Allocs []Alloc
	Leaks  []Leak
	// ObjectsFromMalloc: the objects behind the pointer inputs are heap
	// objects, allocated by the caller with malloc, because the function
	// frees or reallocs (ir.FreesInputs).
	ObjectsFromMalloc bool
	// Final gives the final value of every leaf of the globals (not
	// string literals or read-only ones) and of the fresh objects behind
	// pointer inputs, in that order (globals in Program order, then
	// fresh objects in creation order), by access path.
	Final []LeafVal
	Steps int64 // statements executed
	// Stdout and Stderr are what the run wrote to standard output and
	// standard error (output.go); OutputLost is set when a call of the C
	// library wrote output inka does not format (they are then partial).
	Stdout, Stderr string
	OutputLost     bool
	// Wrapped is the first undefined behaviour a run with
	// Config.WrapArith went on past.
	Wrapped *UBReport
	// taken holds the outcomes of a long Trace, so that Covers does not
	// scan it for each of a function's many outcomes (built by Run).
	taken map[Step]bool
}

// longTrace is the length from which Run indexes a Trace.
const longTrace = 32

// FinalValue returns the final value at path, if Final has it.
func (r *Result) FinalValue(path string) (Val, bool) {
	for _, lv := range r.Final {
		if lv.Path == path {
			return lv.Val, true
		}
	}
	return Val{}, false
}

// FinalMap returns Final as a map by access path.
func (r *Result) FinalMap() map[string]Val {
	m := make(map[string]Val, len(r.Final))
	for _, lv := range r.Final {
		m[lv.Path] = lv.Val
	}
	return m
}

// Covered returns the identifiers of the decision outcomes the run took,
// each once, in order of first occurrence.
func (r *Result) Covered() []string {
	seen := map[Step]bool{}
	var out []string
	for _, s := range r.Trace {
		if !seen[s] {
			seen[s] = true
			out = append(out, s.ID())
		}
	}
	return out
}

// Covers reports whether the run took outcome of d.
func (r *Result) Covers(d *ir.Decision, outcome int) bool {
	if r.taken != nil {
		return r.taken[Step{d, outcome}]
	}
	for _, s := range r.Trace {
		if s.Dec == d && s.Outcome == outcome {
			return true
		}
	}
	return false
}

// Run executes function fn of p on the inputs. The error is only for
// problems of the interpreter's own (unsupported constructs, malformed IR,
// unknown input paths); undefined behaviour, assertion failures and limits
// are outcomes in the Result.
func Run(p *ir.Program, fn string, in Inputs, cfg Config) (*Result, error) {
	f := p.Func(fn)
	if f == nil {
		return nil, fmt.Errorf("interp: no function %q in the program", fn)
	}
	m := &machine{
		prog:      p,
		info:      infoOf(p),
		cfg:       cfg.withDefaults(),
		stub:      in.Stub,
		allocFail: in.AllocFail,
		globals:   map[*ir.Var]*object{},
		calls:     map[string]int{},
		res:       &Result{},
	}
	m.heapIn = m.info.heapInputs[f]
	if err := m.setup(f, in); err != nil {
		return nil, err
	}
	ret, err := m.call(f, m.entryArgs, ir.Pos{}, 1)
	if m.mk.err != nil {
		return nil, m.mk.err
	}
	res := m.res
	res.Steps = m.steps
	res.ObjectsFromMalloc = m.heapIn
	var st *stop
	if errors.As(err, &st) {
		res.Outcome = st.outcome
		res.UB = st.ub
		res.Pos = st.pos
		res.Msg = st.msg
		if !m.cfg.NoFinal {
			m.final()
		}
		res.index()
		return res, nil
	}
	if err != nil {
		return nil, err
	}
	res.Outcome = Returned
	if f.Result != nil {
		if ret.obj != nil {
			res.ReturnLeaves = m.leafVals(ret.obj, "", nil)
		} else {
			res.Return = ret.v
			if e := checkDefined(ret.v, "the returned value"); e != nil {
				var u *ubError
				errors.As(e, &u)
				res.Outcome = UB
				res.UB = &UBReport{Kind: u.kind, Pos: m.retPos, Func: f.Name, Msg: u.msg + " (used by the caller of " + f.Name + ")"}
				res.Pos = m.retPos
				res.Return = Val{}
			}
		}
	}
	if res.Outcome == Returned {
		m.leaks(ret)
	}
	if !m.cfg.NoFinal {
		m.final()
	}
	res.index()
	return res, nil
}

// index builds the set of the outcomes of a long trace (Covers).
func (r *Result) index() {
	if len(r.Trace) < longTrace {
		return
	}
	r.taken = make(map[Step]bool, len(r.Trace))
	for _, s := range r.Trace {
		r.taken[s] = true
	}
}

// stop ends a run early with an outcome other than Returned.
type stop struct {
	outcome Outcome
	ub      *UBReport
	pos     ir.Pos
	msg     string
}

func (s *stop) Error() string {
	if s.ub != nil {
		return s.ub.String()
	}
	return fmt.Sprintf("%s: %s: %s", s.pos, s.outcome, s.msg)
}

// machine is the state of one run.
type machine struct {
	prog      *ir.Program
	info      *progInfo
	cfg       Config
	stub      StubFunc
	globals   map[*ir.Var]*object
	inputs    []*object // fresh objects behind pointer inputs, in creation order
	entryArgs []argVal
	calls     map[string]int // calls per extern callee
	steps     int64
	res       *Result
	leaves    map[*ir.Type][]ir.Leaf // layouts of types not in info.leaves
	mk        *inputMaker            // the inputs, for the objects stubs return
	returned  map[string]Val         // those objects, by root
	frame     *frame
	depth     int          // call depth of frame (1 for the entry function)
	heapIn    bool         // the input objects come from malloc (ir.FreesInputs)
	retPos    ir.Pos       // position of the last Return executed
	nextAddr  uint64       // where the next object is placed (see place)
	heap      []*object    // the heap objects, in allocation order (heap.go)
	allocFail map[int]bool // Inputs.AllocFail
	vlas      int          // the variable-length arrays made (heap.go)
	field     *field       // the printf field being written (output.go)
}

// frame is one call activation.
type frame struct {
	fn   *ir.Func
	objs []object // its variables, indexed by progInfo.slot
	ret  bool     // the Return statement was executed
	rv   argVal
	vlas []*object // the variable-length arrays it declared (heap.go)
}

// progInfo is what the interpreter precomputes about a program (cached:
// programs are not modified after lowering).
type progInfo struct {
	slot   []int32                // by Var.ID: index in its function's frame, -1 for globals
	vars   map[*ir.Func][]*ir.Var // by function: the variables of its frames, in slot order
	leaves map[*ir.Type][]ir.Leaf // layouts of the variables' aggregate types
	consts map[*ir.Type][]span    // read-only parts of the variables' types, when some are
	maxID  int
	// library: the program calls the C library or uses its objects
	// (ir/library.go): statements are checked for what inka does not model.
	library bool
	// heapInputs: the functions whose input objects their callers
	// allocated with malloc (ir.FreesInputs, heap.go)
	heapInputs map[*ir.Func]bool
	// what the cache entry was computed from, to detect a changed Program
	nfuncs, nglobals, numVars int
}

// progInfos caches progInfo by program. Entries are never removed: a
// process lowers few programs.
var progInfos sync.Map // *ir.Program → *progInfo

func infoOf(p *ir.Program) *progInfo {
	if v, ok := progInfos.Load(p); ok {
		pi := v.(*progInfo)
		if pi.nfuncs == len(p.Funcs) && pi.nglobals == len(p.Globals) && pi.numVars == p.NumVars {
			return pi
		}
	}
	pi := &progInfo{vars: map[*ir.Func][]*ir.Var{}, leaves: map[*ir.Type][]ir.Leaf{},
		consts: map[*ir.Type][]span{}, nfuncs: len(p.Funcs), nglobals: len(p.Globals), numVars: p.NumVars}
	see := func(v *ir.Var) {
		if v.ID > pi.maxID {
			pi.maxID = v.ID
		}
		if v.Typ.IsAggregate() && pi.leaves[v.Typ] == nil {
			pi.leaves[v.Typ] = v.Typ.Leaves()
		}
		if _, ok := pi.consts[v.Typ]; !ok {
			if s := constSpans(v.Typ); s != nil {
				pi.consts[v.Typ] = s
			}
		}
	}
	for _, g := range p.Globals {
		see(g)
		pi.library = pi.library || g.System
	}
	for _, e := range p.Externs {
		pi.library = pi.library || e.System
	}
	for _, f := range p.Funcs {
		var vs []*ir.Var
		vs = append(vs, f.Params...)
		for _, v := range f.Locals {
			if !v.IsGlobal() {
				vs = append(vs, v)
			}
		}
		if f.Result != nil {
			vs = append(vs, f.Result)
		}
		for _, v := range vs {
			see(v)
		}
		pi.vars[f] = vs
		if ir.FreesInputs(p, f) {
			if pi.heapInputs == nil {
				pi.heapInputs = map[*ir.Func]bool{}
			}
			pi.heapInputs[f] = true
		}
	}
	pi.slot = make([]int32, pi.maxID+1)
	for i := range pi.slot {
		pi.slot[i] = -1
	}
	for _, vs := range pi.vars {
		for i, v := range vs {
			if v.ID >= 0 {
				pi.slot[v.ID] = int32(i)
			}
		}
	}
	progInfos.Store(p, pi)
	return pi
}

// argVal is a value passed to or returned by a call: a scalar, or an
// aggregate as the object holding it.
type argVal struct {
	v   Val
	obj *object
}

func (m *machine) obj(v *ir.Var) (*object, error) {
	if v.IsGlobal() {
		if o := m.globals[v]; o != nil {
			return o, nil
		}
		return nil, fmt.Errorf("interp: global %s is not in Program.Globals", v.Name)
	}
	if v.Func == m.frame.fn && v.ID >= 0 && v.ID < len(m.info.slot) {
		if i := m.info.slot[v.ID]; i >= 0 && int(i) < len(m.frame.objs) && m.frame.objs[i].typ != nil {
			return &m.frame.objs[i], nil
		}
	}
	return nil, fmt.Errorf("interp: variable %s (%s) does not belong to function %s", v.Name, v.Class, m.frame.fn.Name)
}

// eval returns the value of a scalar operand.
func (m *machine) eval(x ir.Value) (Val, error) {
	switch x := x.(type) {
	case *ir.Const:
		return Val{Typ: x.Typ, Bits: x.Bits}, nil
	case *ir.Var:
		o, err := m.obj(x)
		if err != nil {
			return Val{}, err
		}
		if !x.Typ.IsScalar() {
			return Val{}, fmt.Errorf("interp: aggregate %s used as a scalar", x.Name)
		}
		if len(o.cells) != 1 || o.cells[0].v.Typ.Size() != x.Typ.Size() {
			return o.read(0, x.Typ)
		}
		return retype(o.cells[0].v, x.Typ), nil
	case *ir.AddrConst:
		return m.addrConst(x)
	case nil:
		return Val{}, fmt.Errorf("interp: missing operand")
	}
	return Val{}, fmt.Errorf("interp: unknown operand %T", x)
}

func (m *machine) addrConst(a *ir.AddrConst) (Val, error) {
	o := m.globals[a.Var]
	if o == nil {
		return Val{}, fmt.Errorf("interp: initializer refers to %s, not in Program.Globals", a.Var.Name)
	}
	var off int64
	if a.Leaf > 0 {
		ls := m.layout(a.Var.Typ)
		if a.Leaf >= len(ls) {
			return Val{}, fmt.Errorf("interp: leaf %d of %s out of range", a.Leaf, a.Var.Name)
		}
		off = ls[a.Leaf].Offset
	}
	return Val{Typ: a.Typ, obj: o, off: off}, nil
}

// setVar assigns a scalar variable.
func (m *machine) setVar(x *ir.Var, v Val) error {
	o, err := m.obj(x)
	if err != nil {
		return err
	}
	v.Typ = x.Typ
	if len(o.cells) == 1 && o.cells[0].off == 0 && o.cells[0].v.Typ.Size() == x.Typ.Size() {
		o.cells[0].v = v
		return nil
	}
	return o.write(0, x.Typ, v)
}

// byObject reports whether values of type t move as objects (a copy of
// their cells) rather than as one scalar: aggregates, and Opaque values,
// which have no cells (the front end cuts every use of one).
func byObject(t *ir.Type) bool { return t.IsAggregate() || t.Kind == ir.Opaque }

// evalArg evaluates an argument or returned value: scalars by value,
// aggregates as a copy of their object.
func (m *machine) evalArg(x ir.Value) (argVal, error) {
	if v, ok := x.(*ir.Var); ok && byObject(v.Typ) {
		o, err := m.obj(v)
		if err != nil {
			return argVal{}, err
		}
		c := m.newObject(o.name, o.typ, objLocal)
		c.cells = append([]cell(nil), o.cells...)
		return argVal{obj: c}, nil
	}
	v, err := m.eval(x)
	return argVal{v: v}, err
}

// assign stores an argVal into variable x (a parameter, the result slot,
// or a call's destination).
func (m *machine) assign(x *ir.Var, a argVal) error {
	if byObject(x.Typ) {
		if a.obj == nil {
			return fmt.Errorf("interp: scalar assigned to aggregate %s", x.Name)
		}
		o, err := m.obj(x)
		if err != nil {
			return err
		}
		o.cells = append([]cell(nil), a.obj.cells...)
		return nil
	}
	if a.obj != nil {
		return fmt.Errorf("interp: aggregate assigned to scalar %s", x.Name)
	}
	v, err := convert(a.v, x.Typ)
	if err != nil {
		return err
	}
	if a.v.undef != defined {
		v.undef = a.v.undef
	}
	return m.setVar(x, v)
}

// call runs f with args at call depth depth.
func (m *machine) call(f *ir.Func, args []argVal, pos ir.Pos, depth int) (argVal, error) {
	if depth > m.cfg.MaxDepth {
		return argVal{}, &stop{outcome: DepthLimit, pos: pos, msg: fmt.Sprintf("recursion deeper than %d", m.cfg.MaxDepth)}
	}
	if len(args) != len(f.Params) {
		if !f.Variadic || len(args) < len(f.Params) {
			return argVal{}, fmt.Errorf("interp: %s: call of %s with %d arguments, want %d", pos, f.Name, len(args), len(f.Params))
		}
		return argVal{}, unsupportedf("call of variadic function %s", f.Name)
	}
	vars := m.info.vars[f]
	if vars == nil && (len(f.Params) > 0 || len(f.Locals) > 0 || f.Result != nil) {
		return argVal{}, fmt.Errorf("interp: function %s is not in Program.Funcs", f.Name)
	}
	fr := &frame{fn: f, objs: make([]object, len(vars))}
	for i, v := range vars {
		o := &fr.objs[i]
		m.initObject(o, v.Name, v.Typ, objLocal)
		o.fn = f
		o.v = v
		o.setReadOnly(v, m.info.consts[v.Typ])
		if v == f.Result {
			for i := range o.cells {
				o.cells[i].v.undef = noReturnVal
			}
		}
	}
	caller, callerDepth := m.frame, m.depth
	m.frame, m.depth = fr, depth
	defer func() {
		m.frame, m.depth = caller, callerDepth
		for i := range fr.objs {
			fr.objs[i].dead = true
		}
		for _, o := range fr.vlas {
			o.dead = true
		}
	}()
	for i, v := range f.Params {
		if err := m.assign(v, args[i]); err != nil {
			return argVal{}, err
		}
	}
	if err := m.block(f.Body); err != nil && err != errReturn {
		return argVal{}, atCall(err, f, caller, pos)
	}
	if !fr.ret && f.Result != nil {
		// No Return statement executed: the value is indeterminate.
		return argVal{v: Val{Typ: f.ResultTyp, undef: noReturnVal}}, nil
	}
	return fr.rv, nil
}

// atCall reports undefined behaviour in a model of the C library (f,
// called at pos by caller) at the call, where the program went wrong:
// "pos: undefined behaviour: out-of-bounds access: strlen: ...".
func atCall(err error, f *ir.Func, caller *frame, pos ir.Pos) error {
	st, ok := err.(*stop)
	if !ok || st.ub == nil || !f.Library || caller == nil || caller.fn.Library {
		return err
	}
	msg := f.Name + ": " + st.msg
	return &stop{outcome: UB, pos: pos, msg: msg, ub: &UBReport{Kind: st.ub.Kind, Pos: pos, Func: caller.fn.Name, Msg: msg}}
}

// errReturn unwinds the statements of a function after its Return.
var errReturn = errors.New("return")

func (m *machine) block(ss []ir.Stmt) error {
	for _, s := range ss {
		if err := m.stmt(s); err != nil {
			return err
		}
	}
	return nil
}

// fail turns an error of one statement into the run's stop (for undefined
// behaviour) or an error with the statement's position.
func (m *machine) fail(s ir.Stmt, err error) error {
	var u *ubError
	if errors.As(err, &u) {
		return &stop{outcome: UB, pos: s.Position(), msg: u.msg,
			ub: &UBReport{Kind: u.kind, Pos: s.Position(), Func: m.frame.fn.Name, Msg: u.msg}}
	}
	var c *errCut
	if errors.As(err, &c) {
		return &stop{outcome: Unsupported, pos: s.Position(), msg: c.msg}
	}
	var st *stop
	var pe *posError
	if errors.As(err, &st) || errors.As(err, &pe) || err == errReturn {
		return err
	}
	return &posError{s.Position(), err}
}

// posError is an error of the interpreter at a statement.
type posError struct {
	pos ir.Pos
	err error
}

func (e *posError) Error() string { return e.pos.String() + ": " + e.err.Error() }
func (e *posError) Unwrap() error { return e.err }

func (m *machine) tick(s ir.Stmt) error {
	m.steps++
	if m.steps > m.cfg.MaxSteps {
		return &stop{outcome: StepLimit, pos: s.Position(), msg: fmt.Sprintf("more than %d steps", m.cfg.MaxSteps)}
	}
	if !m.cfg.Budget.Spend(1) {
		return &stop{outcome: StepLimit, pos: s.Position(), msg: m.cfg.Budget.Reason()}
	}
	return nil
}

func (m *machine) stmt(s ir.Stmt) error {
	if err := m.tick(s); err != nil {
		return err
	}
	if m.cfg.OnStmt != nil {
		m.cfg.OnStmt(s)
	}
	if err := m.exec(s); err != nil {
		if err == errReturn {
			return err
		}
		return m.fail(s, err)
	}
	return nil
}

// record appends a decision outcome to the trace.
func (m *machine) record(d *ir.DecRef, cond bool) {
	if d == nil {
		return
	}
	o := d.False
	if cond {
		o = d.True
	}
	if o >= 0 {
		m.res.Trace = append(m.res.Trace, Step{d.D, o})
	}
}

// cond evaluates the condition of an If, While or Assert.
func (m *machine) cond(x ir.Value) (bool, error) {
	v, err := m.eval(x)
	if err != nil {
		return false, err
	}
	if v.undef != defined {
		return false, checkDefined(v, "condition "+x.String())
	}
	if v.obj != nil && v.obj.dead {
		return false, ub(Dangling, "condition %s is a dangling pointer", x)
	}
	if v.frag != nil {
		return false, addressCut(v.frag)
	}
	return v.truthy(), nil
}

// exec executes one statement. The statements whose execution takes more
// than a few lines each have their method; exec only dispatches.
func (m *machine) exec(s ir.Stmt) error {
	if m.info.library {
		if why := ir.UnmodelledStmt(s); why != "" && ir.HeapCall(s) == ir.NotHeap {
			return &stop{outcome: Unmodelled, pos: s.Position(), msg: why}
		}
	}
	switch s := s.(type) {
	case *ir.Copy:
		return m.execCopy(s)
	case *ir.Unary:
		x, err := m.eval(s.X)
		if err != nil {
			return err
		}
		r, err := unary(s.Op, x, s.Dst.Typ)
		if err != nil {
			if r, err = m.wrapped(s, err, func() (Val, bool) { return wrapUnary(s.Op, x, s.Dst.Typ) }); err != nil {
				return err
			}
		}
		return m.setVar(s.Dst, r)
	case *ir.Binary:
		return m.execBinary(s)
	case *ir.Conv:
		x, err := m.eval(s.X)
		if err != nil {
			return err
		}
		r, err := convert(x, s.Dst.Typ)
		if err != nil {
			return err
		}
		return m.setVar(s.Dst, r)
	case *ir.AddrOf:
		o, err := m.obj(s.Var)
		if err != nil {
			return err
		}
		return m.setVar(s.Dst, Val{Typ: s.Dst.Typ, obj: o})
	case *ir.FieldAddr:
		return m.execFieldAddr(s)
	case *ir.PtrAdd:
		return m.execPtrAdd(s)
	case *ir.Load:
		return m.execLoad(s)
	case *ir.Store:
		return m.execStore(s)
	case *ir.Call:
		return m.execCall(s)
	case *ir.Assert:
		return m.execAssert(s)
	case *ir.Unsupported:
		return &stop{outcome: Unsupported, pos: s.Pos, msg: s.What}
	case *ir.Return:
		return m.execReturn(s)
	case *ir.If:
		c, err := m.cond(s.Cond)
		if err != nil {
			return err
		}
		m.record(s.Dec, c)
		if c {
			return m.block(s.Then)
		}
		return m.block(s.Else)
	case *ir.While:
		return m.execWhile(s)
	}
	return fmt.Errorf("interp: unknown statement %T", s)
}

// execCopy copies a value to a variable; an aggregate is copied as its bytes.
func (m *machine) execCopy(s *ir.Copy) error {
	if s.Dst.Typ.IsAggregate() {
		a, err := m.evalArg(s.Src)
		if err != nil {
			return err
		}
		return m.assign(s.Dst, a)
	}
	v, err := m.eval(s.Src)
	if err != nil {
		return err
	}
	if v.undef == defined && v.Typ != s.Dst.Typ {
		if v, err = convert(v, s.Dst.Typ); err != nil {
			return err
		}
	}
	return m.setVar(s.Dst, v)
}

// execBinary computes a binary operation into its destination.
func (m *machine) execBinary(s *ir.Binary) error {
	x, err := m.eval(s.X)
	if err != nil {
		return err
	}
	y, err := m.eval(s.Y)
	if err != nil {
		return err
	}
	r, err := binary(s.Op, x, y, s.Dst.Typ)
	if err != nil {
		if r, err = m.wrapped(s, err, func() (Val, bool) { return wrapBinary(s.Op, x, y, s.Dst.Typ) }); err != nil {
			return err
		}
	}
	return m.setVar(s.Dst, r)
}

// execFieldAddr computes the address of a member; the pointer keeps the member array's bounds when the member is an array.
func (m *machine) execFieldAddr(s *ir.FieldAddr) error {
	p, err := m.eval(s.Ptr)
	if err != nil {
		return err
	}
	st := s.Ptr.Type().Elem
	if st == nil || (st.Kind != ir.Struct && st.Kind != ir.Union) || s.Field < 0 || s.Field >= len(st.Fields) {
		return fmt.Errorf("interp: field %d of %s", s.Field, s.Ptr.Type())
	}
	f := st.Fields[s.Field]
	if err := m.checkPtr(p, "&", s.Ptr, "->"+f.Name, st.Size()); err != nil {
		return err
	}
	p.off += f.Offset
	p.Typ = s.Dst.Typ
	if f.Type.Kind == ir.Array {
		// The pointer may only move inside the member array.
		p.lo, p.hi = p.off, p.off+f.Type.Size()
	}
	return m.setVar(s.Dst, p)
}

// execPtrAdd moves a pointer by an index, inside its object.
func (m *machine) execPtrAdd(s *ir.PtrAdd) error {
	p, err := m.eval(s.Ptr)
	if err != nil {
		return err
	}
	i, err := m.eval(s.Index)
	if err != nil {
		return err
	}
	r, err := ptrAdd(p, i, s.Dst.Typ)
	if err != nil {
		return err
	}
	return m.setVar(s.Dst, r)
}

// execLoad reads through a pointer, after checking the access is in bounds and alive.
func (m *machine) execLoad(s *ir.Load) error {
	p, err := m.eval(s.Ptr)
	if err != nil {
		return err
	}
	t := s.Dst.Typ
	if err := m.checkPtr(p, "*", s.Ptr, "", t.Size()); err != nil {
		return err
	}
	m.observeDeref(s, p)
	if t.IsAggregate() {
		d, err := m.obj(s.Dst)
		if err != nil {
			return err
		}
		d.writeRange(0, t.Size(), p.obj.readRange(p.off, t.Size()))
		return nil
	}
	v, err := p.obj.read(p.off, t)
	if err != nil {
		return err
	}
	if s.Shared && v.Indeterminate() {
		v = UintVal(t, 0) // see ir.Load.Shared
	}
	return m.setVar(s.Dst, v)
}

// execStore writes through a pointer, after checking the access is in bounds, alive and writable.
func (m *machine) execStore(s *ir.Store) error {
	p, err := m.eval(s.Ptr)
	if err != nil {
		return err
	}
	t := s.Ptr.Type().Elem
	if err := m.checkPtr(p, "*", s.Ptr, "", t.Size()); err != nil {
		return err
	}
	m.observeDeref(s, p)
	if !s.Init && p.obj.readOnlyAt(p.off, t.Size()) {
		return ub(ReadOnlyWrite, "*%s = …: %s is read-only", s.Ptr, p)
	}
	if t.IsAggregate() {
		src, ok := s.Src.(*ir.Var)
		if !ok {
			return fmt.Errorf("interp: aggregate store of %s", s.Src)
		}
		o, err := m.obj(src)
		if err != nil {
			return err
		}
		p.obj.writeRange(p.off, t.Size(), o.readRange(0, t.Size()))
		return nil
	}
	v, err := m.eval(s.Src)
	if err != nil {
		return err
	}
	if v.undef == defined {
		if v, err = convert(v, t); err != nil {
			return err
		}
	} else {
		v.Typ = t
	}
	return p.obj.write(p.off, t, v)
}

// execAssert checks an assertion: a failed precondition is undefined behaviour, a failed assertion stops the run.
func (m *machine) execAssert(s *ir.Assert) error {
	c, err := m.cond(s.Cond)
	if err != nil {
		return err
	}
	m.record(s.Dec, c)
	if !c && s.UB != "" {
		return m.fail(s, ub(Precondition, "%s", s.UB))
	}
	if !c {
		msg := "assertion failed"
		if s.Dec != nil {
			msg += ": " + s.Dec.D.Text
		}
		return &stop{outcome: AssertFailed, pos: s.Pos, msg: msg}
	}
	return nil
}

// execReturn leaves the function with its value converted to the result type.
func (m *machine) execReturn(s *ir.Return) error {
	fr := m.frame
	if s.Val != nil {
		a, err := m.evalArg(s.Val)
		if err != nil {
			return err
		}
		if a.obj == nil && fr.fn.ResultTyp.IsScalar() {
			v, err := convert(a.v, fr.fn.ResultTyp)
			if err != nil {
				return err
			}
			a.v = v
		}
		fr.rv = a
	}
	fr.ret = true
	m.retPos = s.Pos
	return errReturn
}

// execWhile runs a loop; every iteration counts against the step limit.
func (m *machine) execWhile(s *ir.While) error {
	for {
		if err := m.block(s.Pre); err != nil {
			return err
		}
		c, err := m.cond(s.Cond)
		if err != nil {
			return m.fail(s, err)
		}
		m.record(s.Dec, c)
		if !c {
			return nil
		}
		if err := m.block(s.Body); err != nil {
			return err
		}
		if err := m.tick(s); err != nil {
			return err
		}
	}
}

// checkPtr checks that pointer p, the value of x, may be used to access n
// bytes; prefix x suffix is the access, for messages.
func (m *machine) checkPtr(p Val, prefix string, x ir.Value, suffix string, n int64) error {
	if p.obj != nil && !p.obj.dead && p.off >= 0 && p.off+n <= p.obj.size && p.undef == defined && p.inMember(n) {
		return nil
	}
	what := prefix + suffix
	if x != nil {
		what = prefix + x.String() + suffix
	}
	if err := checkDefined(p, "pointer in "+what); err != nil {
		return err
	}
	if p.obj == nil {
		if p.Bits == 0 {
			return ub(NullDeref, "%s: null pointer", what)
		}
		return unsupportedf("%s: pointer %s made from an integer", what, p)
	}
	if p.obj.kind == objVoid {
		return unsupportedf("%s: the void* input %s points to an object of unknown type", what, p.obj.name)
	}
	if p.obj.dead {
		return ub(Dangling, "%s: %s points to %s", what, p, p.obj.deadMsg())
	}
	if p.off < 0 || p.off+n > p.obj.size {
		return ub(OutOfBounds, "%s: %d bytes at offset %d of %s (%d bytes)", what, n, p.off, p.obj.name, p.obj.size)
	}
	if !p.inMember(n) {
		return ub(OutOfBounds, "%s: %d bytes at offset %d of %s, outside the array member %s", what, n, p.off, p.obj.name, p.memberName())
	}
	return nil
}

// inMember reports whether n bytes at p lie in the array member p was
// derived from (if any).
func (p Val) inMember(n int64) bool {
	return p.hi == 0 || (p.off >= p.lo && p.off+n <= p.hi)
}

// memberName names the array member that bounds p, for messages.
func (p Val) memberName() string {
	return p.obj.name + memberPath(p.obj.typ, p.lo, p.hi-p.lo)
}

// memberPath is the access path of the array member of size n at byte
// offset off of an object of type t.
func memberPath(t *ir.Type, off, n int64) string {
	switch t.Kind {
	case ir.Array:
		if es := t.Elem.Size(); es > 0 {
			i := off / es
			return fmt.Sprintf("[%d]", i) + memberPath(t.Elem, off-i*es, n)
		}
	case ir.Struct, ir.Union:
		if f := t.FieldAt(off); f != nil {
			if off == f.Offset && f.Type.Kind == ir.Array && f.Type.Size() == n {
				return f.Selector()
			}
			return f.Selector() + memberPath(f.Type, off-f.Offset, n)
		}
	}
	return ""
}

// ptrAdd computes p + i (in elements of p's pointee) with result type t.
func ptrAdd(p, i Val, t *ir.Type) (Val, error) {
	if p.undef != defined {
		return Val{}, checkDefined(p, "pointer operand of +")
	}
	if i.undef != defined {
		return Val{}, checkDefined(i, "index")
	}
	n := int64(i.Bits)
	if !i.signed() && i.Bits > 1<<62 {
		n = 1 << 62
	}
	if p.obj == nil {
		if n == 0 {
			p.Typ = t
			return p, nil
		}
		return Val{}, ub(NullArith, "NULL + %d", n)
	}
	if p.obj.kind == objVoid {
		return Val{}, unsupportedf("%s + %d: the void* input %s points to an object of unknown type", p, n, p.obj.name)
	}
	if p.obj.dead {
		return Val{}, ub(Dangling, "%s + %d: %s", p, n, p.obj.deadMsg())
	}
	es := p.Typ.Elem.Size()
	if p.Typ.Elem.Kind == ir.Void || es == 0 {
		es = 1
	}
	hi, lo := mulCheck(n, es)
	off := p.off + lo
	if hi || off < 0 || off > p.obj.size {
		return Val{}, ub(OutOfBounds, "%s + %d is outside %s (%d bytes)", p, n, p.obj.name, p.obj.size)
	}
	if p.hi > 0 && (off < p.lo || off > p.hi) {
		return Val{}, ub(OutOfBounds, "%s + %d is outside the array member %s", p, n, p.memberName())
	}
	p.off = off
	p.Typ = t
	return p, nil
}

// mulCheck returns n*es and whether it is far outside any object.
func mulCheck(n, es int64) (bool, int64) {
	const lim = 1 << 40
	if n > lim || n < -lim {
		return true, 0
	}
	return false, n * es
}
