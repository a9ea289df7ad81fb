// Package cdriver runs a C function compiled by gcc on many inputs and
// reports, for each, what the program did: the decision outcomes taken
// (from probes inserted around every decision's condition), the return
// value, the calls to extern functions, and the final values of the
// globals and of the objects behind pointer inputs. It is the gcc side of
// the interpreter's differential test (interp/diff_test.go).
//
// The source is instrumented textually with the positions of ir.Decision
// (Pos, End): a two-way condition c becomes __inka_p(ID, !!(c)), the
// controlling expression e of a switch becomes a statement expression that
// logs e's (promoted) value. A generated main() — in a second translation
// unit with the stubs of the extern functions — reads the cases from
// stdin and runs each in a forked child (so that an abort, a crash or a
// timeout only ends that case).
//
// The inputs are laid out exactly as package interp makes them: the same
// access paths, one fresh array of Options.PtrArrayLen elements behind
// each non-null pointer input, Options.PtrDepth levels deep
// (ir.ComputeInputShape).
//
// With Options.Adversary the driver leaves that model on purpose, to
// attack inka's proofs of unreachability: pointer inputs that alias,
// longer arrays, callees that write everywhere and call back into the file,
// volatile objects that change at every read (adversary.go).
//
// A case that crashes, traps (UBSan built with
// -fsanitize-undefined-trap-on-error) or times out ends there and the
// next one runs in the same process; one that aborts ends the process,
// and the next runs in a new one.
package cdriver

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/inka-tool/inka/internal/cprobe"
	"github.com/inka-tool/inka/ir"
)

// Options mirror the interp.Config fields that shape the inputs.
type Options struct {
	PtrArrayLen int // default 4
	// FlatLen is the length of the objects whose elements hold no pointer
	// (interp.Inputs.Len, ir.InputShape.FlatLen; 0: PtrArrayLen). The
	// leaves of a case that a shorter input leaves out are 0.
	FlatLen  int
	PtrDepth int // default 2 (ir.DefaultMaxDepth)
	// Depth, when > PtrDepth, is the depth of the deepest test's linked
	// inputs (interp.Inputs.Depth, ir.ComputeInputShapeDeep): a case of a
	// shallower test has the pointers below its own depth NULL (CaseOf).
	Depth     int
	StubCalls int // calls answered per extern callee (later ones return 0); default 8
	// UseInitializers: the globals start from their initializers (the
	// program's own), not from the case (interp.Config.UseInitializers).
	UseInitializers bool
	// StubObjects is the number of fresh objects a stub returning a
	// pointer can return ("f()#0", "f()#1", …: interp.StubAnswer.Object);
	// default 2.
	StubObjects int
	// Adversary, when set, makes a driver that tries to refute inka's
	// proofs (adversary.go).
	Adversary *Adversary
}

// Leaf is one scalar input of the C driver.
type Leaf struct {
	Path   string
	Type   *ir.Type
	Parent int // index of the pointer leaf whose fresh object holds this leaf; -1 for parameters and globals
	// Void marks a pointer to void (or an incomplete type): the driver
	// makes it NULL, and interp must be told so (Inputs.Null).
	Void bool
	// Callback is set on a function-pointer leaf: the stub (in Driver.Stubs)
	// of the input's own callback. Its value in a Case chooses what it
	// points to: 0 NULL, 1 the callback, 2+i the function Funcs[i].
	Callback *Stub
	Funcs    []*ir.Var // the program's functions of the pointee type (ir.FuncObj)
	object   string
	mask     uint8 // of a final bit-field byte: ir.Leaf.Mask
}

// FuncChoice says what function-pointer leaf i points to for value v of a
// Case: NULL, the callback (fn ""), or the function named fn.
func (d *Driver) FuncChoice(i int, v uint64) (null bool, fn string) {
	l := d.Leaves[i]
	switch {
	case v == 0:
		return true, ""
	case v >= 2 && v-2 < uint64(len(l.Funcs)):
		return false, l.Funcs[v-2].Name
	}
	return false, ""
}

// Object is a memory object the driver knows by name: a global or a fresh
// object behind a pointer input. Pointers into other objects print as
// "other".
type Object struct {
	Name   string
	Type   *ir.Type
	Leaf   int    // the pointer leaf that points to it (fresh objects), -1 for globals and functions
	cname  string // C expression of its address
	stub   *Stub  // the callback of a function-pointer input (its C name is set by Build)
	input  bool   // global whose leaves are inputs
	output bool   // its final values are reported
}

// Stub is the C stub of an extern function, or of the callback of a
// function-pointer input (Ext is then ir.InputObject.Callback): the k-th
// call returns Ret[k] of the case and, when WriteArg >= 0, stores Wr[k]
// through that (pointer to integer) argument if it is not NULL.
type Stub struct {
	Ext      *ir.Extern
	WriteArg int
	callback bool
	key      string // the stub's key in its Binary: the extern's name, or driver:name for a callback
	cname    string // its C name
}

// Driver is a compiled driver for one function.
type Driver struct {
	Prog    *ir.Program
	Func    *ir.Func
	Leaves  []Leaf
	Objects []Object
	Stubs   []Stub
	// Set has the decisions instrumented (Probed) and those that were
	// not (Skipped, with the reason), set by Build.
	*cprobe.Set
	opts  Options
	index int // function index in the Binary
	roots map[*ir.Var]string
	shape *ir.InputShape
	// returned lists, per extern returning a pointer, the roots of the
	// objects its stub can return ("f()#k").
	returned map[string][]string
	// aliases are, by pointer leaf, the places an adversarial case may
	// make it point to (Adversary).
	aliases [][]alias
	starts  []int // AliasStarts
}

// ReturnedObjects returns the roots of the objects the stub of extern f
// can return, "f()#k" for k from 0: a Case's StubRet for a call of f is
// k+1 to return the k-th, 0 for NULL.
func (d *Driver) ReturnedObjects(f string) []string { return d.returned[f] }

// Case is one input of the driver: a value per Leaf (bit patterns as
// ir.Const keeps them; for pointer leaves 0 is NULL, else a fresh object),
// and per stub the return values and written values of its calls (for a
// pointer result, 0 for NULL or k+1 for its k-th object: ReturnedObjects).
type Case struct {
	Leaves  []uint64
	StubRet [][]uint64
	StubWr  [][]uint64
	// Seed seeds the random choices of an adversarial driver (Adversary).
	Seed uint64
}

// Value is a scalar the C program printed.
type Value struct {
	Type  *ir.Type
	Bits  uint64 // integers: as ir.Truncate makes them
	Null  bool   // pointers
	Obj   int    // pointers into a known object: index in Driver.Objects; -1 for other objects
	Off   int64
	Valid bool // false when the program did not print it
	// Object is the name of the object holding a final value.
	Object string
	// Mask: of a final bit-field byte, the bits of bit-fields (ir.Leaf.Mask);
	// Bits holds those only, the padding being unspecified.
	Mask uint8
}

// Step is one decision outcome.
type Step struct {
	Dec     *ir.Decision
	Outcome int
}

// StubCall is one call to an extern stub.
type StubCall struct {
	Callee string
	Index  int
	Args   []Value
}

// Output is what the program did on one Case.
type Output struct {
	Status    string // "ok", "exit N", "signal N" (6: abort or assert; 14: timeout)
	Trace     []Step
	Return    []Value // the leaves of the return value (none for void)
	Final     map[string]Value
	StubCalls []StubCall
	Raw       string // the lines the case printed, for messages
}

// New lays out the inputs of function fn of prog for a driver.
func New(prog *ir.Program, fn string, opts Options) (*Driver, error) {
	if opts.PtrArrayLen <= 0 {
		opts.PtrArrayLen = 4
	}
	if opts.PtrDepth <= 0 {
		opts.PtrDepth = ir.DefaultMaxDepth
	}
	if opts.StubCalls <= 0 {
		opts.StubCalls = 8
	}
	if opts.StubObjects <= 0 {
		opts.StubObjects = 2
	}
	f := prog.Func(fn)
	if f == nil {
		return nil, fmt.Errorf("no function %s", fn)
	}
	d := &Driver{Prog: prog, Func: f, opts: opts, Set: cprobe.NewSet(prog), roots: map[*ir.Var]string{}, returned: map[string][]string{}}
	for _, e := range prog.Externs {
		if e.System || e.NoReturn() || e.Name == "__inka_assert" {
			continue // the C library links as itself (ir/library.go)
		}
		if e.Variadic {
			return nil, fmt.Errorf("variadic extern %s", e.Name)
		}
		st := Stub{Ext: e, WriteArg: e.WriteArg()}
		d.Stubs = append(d.Stubs, st)
	}
	if err := d.layout(); err != nil {
		return nil, err
	}
	for i := range d.Leaves {
		if l := &d.Leaves[i]; l.Callback != nil {
			l.Callback = &d.Stubs[l.Callback.key2index(d)]
		}
	}
	for i := range d.Objects {
		if o := &d.Objects[i]; o.stub != nil {
			o.stub = &d.Stubs[o.stub.key2index(d)]
		}
	}
	if opts.Adversary != nil {
		d.planAliases()
	}
	return d, nil
}

// key2index returns the index in d.Stubs of the callback stub st stands
// for (the Leaves and Objects point into d.Stubs, which grows during
// layout).
func (st *Stub) key2index(d *Driver) int {
	for i := range d.Stubs {
		if d.Stubs[i].Ext == st.Ext {
			return i
		}
	}
	panic("cdriver: callback stub not in the driver")
}

// Binary is a compiled driver for some functions of one C file.
type Binary struct {
	path    string
	drivers []*Driver
	stubs   []string // extern names, in the order of the stub tables
	k       int
}

// Build instruments src, the text of file, with the decisions of every
// driver's program, and compiles one program running any of the drivers'
// functions into dir with gcc -O0 -std=c11 and the extra flags (e.g.
// -fsanitize=undefined). The same drivers may be built into several
// binaries (in the same order).
func Build(dir string, src []byte, file string, drivers []*Driver, flags ...string) (*Binary, error) {
	if len(drivers) == 0 {
		return nil, fmt.Errorf("no functions")
	}
	b := &Binary{drivers: drivers, k: drivers[0].opts.StubCalls}
	seen := map[string]bool{}
	for i, d := range drivers {
		d.index = i
		if d.opts.StubCalls != b.k {
			return nil, fmt.Errorf("drivers with different StubCalls")
		}
		for j := range d.Stubs {
			st := &d.Stubs[j]
			// an extern's stub is shared; a callback is its driver's own
			st.key, st.cname = st.Ext.Name, st.Ext.Name
			if st.callback {
				st.key = fmt.Sprintf("%d:%s", i, st.Ext.Name)
			}
			if !seen[st.key] {
				seen[st.key] = true
				b.stubs = append(b.stubs, st.key)
			}
			if st.callback {
				st.cname = fmt.Sprintf("__inka_cb%d", len(b.stubs)-1)
			}
		}
		for j := range d.Objects {
			if o := &d.Objects[j]; o.stub != nil {
				o.cname = o.stub.cname
			}
		}
	}
	sets := make([]*cprobe.Set, len(drivers))
	for i, d := range drivers {
		sets[i] = d.Set
	}
	isrc, err := cprobe.Instrument(src, file, sets)
	if err != nil {
		return nil, err
	}
	var tu1 bytes.Buffer
	tu1.Write(isrc)
	for _, d := range drivers {
		code, err := d.genDriver()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.Func.Name, err)
		}
		tu1.Write(code)
	}
	tu1.Write(b.genDispatch())
	tu2, err := b.genMain()
	if err != nil {
		return nil, err
	}
	base := filepath.Join(dir, strings.TrimSuffix(filepath.Base(file), ".c"))
	if len(flags) > 0 {
		// builds with other flags (a sanitizer, -m32) in the same
		// directory get other files
		h := fnv.New32a()
		h.Write([]byte(strings.Join(flags, "\x00")))
		base += fmt.Sprintf("_flags%08x", h.Sum32())
	}
	if err := os.WriteFile(base+"_probed.c", tu1.Bytes(), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(base+"_main.c", tu2, 0o644); err != nil {
		return nil, err
	}
	b.path = base + ".bin"
	// -I the source's directory so that its #include "..." still work.
	args := append([]string{"-O0", "-std=c11", "-fno-builtin", "-w", "-I", filepath.Dir(file)}, flags...)
	args = append(args, "-o", b.path, base+"_probed.c", base+"_main.c", "-lm") // libm: the file's own uses (Csmith's helpers call fabs)
	if out, err := Compile([]string{"gcc"}, "", 0, args...); err != nil {
		return nil, fmt.Errorf("%v\n%s", err, out)
	}
	return b, nil
}

// layout lists the input leaves and the named objects. Roots are named as
// interp names them: globals whose name a parameter or an earlier global
// took get "#ID".
func (d *Driver) layout() error {
	names := map[string]bool{}
	for _, v := range d.Func.Params {
		names[v.Name] = true
		d.roots[v] = v.Name
	}
	for _, g := range d.Prog.Globals {
		root := g.Name
		if names[root] {
			root = fmt.Sprintf("%s#%d", g.Name, g.ID)
		}
		names[root] = true
		d.roots[g] = root
	}
	// Globals: those of file scope are named in C; statics and strings are
	// not. Functions are named too (a pointer to one prints as such).
	for _, g := range d.Prog.Globals {
		if g.Class == ir.FuncObj {
			d.Objects = append(d.Objects, Object{Name: g.Name, Type: g.Typ, Leaf: -1, cname: g.Name})
			continue
		}
		if g.Class != ir.Global {
			continue
		}
		o := Object{Name: d.roots[g], Type: g.Typ, Leaf: -1, cname: "&" + g.Name,
			input: !g.NeverInput() && !d.opts.UseInitializers, output: !g.NeverInput()}
		d.Objects = append(d.Objects, o)
	}
	// Leaves: parameters, then globals, depth-first into the fresh
	// objects of ir.ComputeInputShape, as interp makes them.
	var roots []ir.InputRoot
	for _, v := range d.Func.Params {
		roots = append(roots, ir.ParamRoot(v))
	}
	for _, o := range d.Objects {
		if o.input {
			roots = append(roots, ir.InputRoot{Path: o.Name, Typ: o.Type})
		}
	}
	// The objects the stubs return: pointer inputs without a location.
	for _, e := range d.Prog.Externs {
		if e.System || !e.Result.IsPointer() || e.Result.Elem.Kind == ir.Void || e.Result.Elem.Size() == 0 {
			continue
		}
		for k := 0; k < d.opts.StubObjects; k++ {
			root := fmt.Sprintf("%s()#%d", e.Name, k)
			d.returned[e.Name] = append(d.returned[e.Name], root)
			roots = append(roots, ir.InputRoot{Path: root, Typ: e.Result})
		}
	}
	d.shape = ir.ComputeInputShapeDeep(roots, d.opts.PtrArrayLen, d.opts.FlatLen, d.opts.PtrDepth, d.opts.Depth)
	d.shape.Relate(ir.UsesOfPointers(d.Func)) // as testgen's (Inputs.Into)
	for _, r := range roots {
		d.addLeaves(r.Path, r.Typ, -1)
	}
	return nil
}

func (d *Driver) addLeaves(root string, t *ir.Type, parent int) {
	for _, l := range t.Leaves() {
		path := root + l.Path
		d.Leaves = append(d.Leaves, Leaf{Path: path, Type: l.Type, Parent: parent})
		if !l.Type.IsPointer() {
			continue
		}
		idx := len(d.Leaves) - 1
		so := d.shape.Lookup(path)
		if so != nil && so.Func {
			st := Stub{Ext: so.Callback.Ext, WriteArg: so.Callback.Ext.WriteArg(), callback: true}
			d.Stubs = append(d.Stubs, st)
			d.Leaves[idx].Callback = &st
			for _, g := range d.Prog.Globals {
				if g.Class == ir.FuncObj && g.Fn != nil && ir.Identical(g.Typ, so.Typ) {
					d.Leaves[idx].Funcs = append(d.Leaves[idx].Funcs, g)
				}
			}
			d.Objects = append(d.Objects, Object{Name: so.Name(), Type: so.Typ, Leaf: -1, stub: &st})
			continue
		}
		if so == nil || so.Void {
			// NULL in every case (Void: interp needs it listed as NULL)
			d.Leaves[idx].Void = so != nil
			continue
		}
		d.Objects = append(d.Objects, Object{Name: path, Type: so.Typ, Leaf: idx, output: true})
		d.addLeaves(path, so.Typ, idx)
	}
}

// IsProbed reports whether the decision of the outcome id
// ("file:line:col:outcome") has a probe in the build.
func (d *Driver) IsProbed(id string) bool {
	for dec := range d.Probed {
		for o := range dec.Outcomes {
			if dec.ID(o) == id {
				return true
			}
		}
	}
	return false
}

// IsFixedNull reports whether pointer leaf i is NULL whatever the case
// (nested deeper than PtrDepth).
func (d *Driver) IsFixedNull(i int) bool {
	for _, o := range d.Objects {
		if o.Leaf == i {
			return false
		}
	}
	return d.Leaves[i].Type.IsPointer()
}

// Run runs the cases of driver d (one of b's), in one process: the cases
// run one after the other in a child process, restarted after a case
// that aborts, exits or crashes. The program's globals and statics are
// restored before each case.
func (b *Binary) Run(d *Driver, cases []Case) ([]Output, error) {
	if d.index >= len(b.drivers) || b.drivers[d.index] != d {
		return nil, fmt.Errorf("driver of %s is not in this binary", d.Func.Name)
	}
	var in bytes.Buffer
	for _, c := range cases {
		if len(c.Leaves) != len(d.Leaves) {
			return nil, fmt.Errorf("case with %d leaves, want %d", len(c.Leaves), len(d.Leaves))
		}
		fmt.Fprintf(&in, "%d ", d.index)
		for _, v := range c.Leaves {
			fmt.Fprintf(&in, "%d ", v)
		}
		for _, key := range b.stubs {
			s := -1
			for i, st := range d.Stubs {
				if st.key == key {
					s = i
				}
			}
			for k := 0; k < b.k; k++ {
				fmt.Fprintf(&in, "%d %d ", at(c.StubRet, s, k), at(c.StubWr, s, k))
			}
		}
		fmt.Fprintf(&in, "%d\n", c.Seed)
	}
	cmd := exec.Command(b.path)
	cmd.Stdin = &in
	// An adversarial driver handles its own faults (volatile objects);
	// AddressSanitizer, if built in, must let it.
	cmd.Env = append(os.Environ(), "ASAN_OPTIONS=allow_user_segv_handler=1:detect_leaks=0:handle_segv=0")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("%s: %v\n%s", b.path, err, errb.String())
	}
	return d.parse(out.String(), len(cases))
}

func at(t [][]uint64, s, k int) uint64 {
	if s >= 0 && s < len(t) && k < len(t[s]) {
		return t[s][k]
	}
	return 0
}

// parse reads the driver's output: for each case, lines
//
//	D id value      a probe
//	S name k args…  a stub call
//	R values…       the return value's leaves
//	F index value   a final leaf (index in finalLeaves)
//	X status        end of the case
func (d *Driver) parse(out string, n int) ([]Output, error) {
	finals := d.finalLeaves()
	var res []Output
	cur := Output{Final: map[string]Value{}}
	var raw strings.Builder
	for _, line := range strings.Split(out, "\n") {
		if line == "" {
			continue
		}
		raw.WriteString(line + "\n")
		f := strings.Fields(line)
		switch f[0] {
		case "D":
			id, _ := strconv.Atoi(f[1])
			v, _ := strconv.ParseUint(f[2], 10, 64)
			dec := d.Probes[id]
			if dec == nil {
				return nil, fmt.Errorf("probe %d is not a decision of %s", id, d.Func.Name)
			}
			o, err := d.Outcome(dec, v)
			if err != nil {
				return nil, err
			}
			if o >= 0 {
				cur.Trace = append(cur.Trace, Step{dec, o})
			}
		case "S":
			k, _ := strconv.Atoi(f[2])
			var st *Stub
			for i := range d.Stubs {
				if d.Stubs[i].Ext.Name == f[1] {
					st = &d.Stubs[i]
				}
			}
			if st == nil {
				return nil, fmt.Errorf("bad stub line %q", line)
			}
			c := StubCall{Callee: f[1], Index: k}
			vals, err := d.values(f[3:], st.Ext.Params)
			if err != nil {
				return nil, err
			}
			c.Args = vals
			cur.StubCalls = append(cur.StubCalls, c)
		case "R":
			var ts []*ir.Type
			for _, l := range d.Func.ResultTyp.Leaves() {
				ts = append(ts, l.Type)
			}
			vals, err := d.values(f[1:], ts)
			if err != nil {
				return nil, err
			}
			for i, m := range d.ResultMasks() {
				if m != 0 && i < len(vals) {
					vals[i].Bits &= uint64(m)
					vals[i].Mask = m
				}
			}
			cur.Return = vals
		case "F":
			i, _ := strconv.Atoi(f[1])
			if i < 0 || i >= len(finals) {
				return nil, fmt.Errorf("bad final line %q", line)
			}
			vals, err := d.values(f[2:], []*ir.Type{finals[i].Type})
			if err != nil {
				return nil, err
			}
			vals[0].Object = finals[i].object
			if m := finals[i].mask; m != 0 {
				vals[0].Bits &= uint64(m)
				vals[0].Mask = m
			}
			cur.Final[finals[i].Path] = vals[0]
		case "X":
			cur.Status = strings.Join(f[1:], " ")
			cur.Raw = raw.String()
			res = append(res, cur)
			cur = Output{Final: map[string]Value{}}
			raw.Reset()
		default:
			return nil, fmt.Errorf("bad output line %q", line)
		}
	}
	if len(res) != n {
		return nil, fmt.Errorf("driver printed %d cases, want %d", len(res), n)
	}
	return res, nil
}

// values parses printed scalars of types ts: integers in decimal, pointers
// as N (NULL), O (other object) or P obj off.
func (d *Driver) values(f []string, ts []*ir.Type) ([]Value, error) {
	var out []Value
	for _, t := range ts {
		if len(f) == 0 {
			return nil, fmt.Errorf("missing value")
		}
		v := Value{Type: t, Valid: true, Obj: -1}
		switch f[0] {
		case "N":
			v.Null = true
			f = f[1:]
		case "O":
			f = f[1:]
		case "P":
			if len(f) < 3 {
				return nil, fmt.Errorf("bad pointer value")
			}
			v.Obj, _ = strconv.Atoi(f[1])
			v.Off, _ = strconv.ParseInt(f[2], 10, 64)
			f = f[3:]
		default:
			u, err := strconv.ParseUint(f[0], 10, 64)
			if err != nil {
				return nil, fmt.Errorf("bad value %q", f[0])
			}
			v.Bits = ir.Truncate(t, u)
			f = f[1:]
		}
		out = append(out, v)
	}
	return out, nil
}

// finalLeaves are the leaves reported after each case, in order.
// ResultMasks returns, for each leaf of the function's result, the bits
// compared with gcc's run: ir.Leaf.Mask for a bit-field byte, else 0 (all).
func (d *Driver) ResultMasks() []uint8 {
	var out []uint8
	if d.Func.ResultTyp != nil {
		for _, l := range d.Func.ResultTyp.Leaves() {
			out = append(out, l.Mask)
		}
	}
	return out
}

func (d *Driver) finalLeaves() []Leaf {
	var out []Leaf
	for _, o := range d.Objects {
		if !o.output {
			continue
		}
		for _, l := range o.Type.Leaves() {
			out = append(out, Leaf{Path: o.Name + l.Path, Type: l.Type, object: o.Name, mask: l.Mask})
		}
	}
	return out
}
