package testgen

import (
	"fmt"
	"strings"

	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/model"
	"github.com/inka-tool/inka/pointsto"
)

// inputModelDependence says why a proof of unreachability on the model of
// f may hold only for inka's input model, or "" when it holds for every
// input a caller could pass.
//
// The model gives each pointer input its own fresh object of
// --array-len elements, with the objects behind pointers stored in them
// built ir.DefaultMaxDepth levels deep (deeper pointers are NULL). A caller can
// also pass pointers that alias each other or a global, larger arrays, and
// deeper structures. NULL is not an issue: the proof model lets every
// pointer input be NULL. A failed search is a proof for all inputs only if
// no execution can tell the difference, which is checked here
// conservatively, statement by statement:
//
//   - aliasing: a store through a pointer into an input object while other
//     memory that an input could alias is reachable (another input object,
//     a global), or a load through an input pointer in a function that
//     writes globals, or a comparison of two pointers of which one may
//     point into an input object and the other elsewhere;
//   - array length: an input object indexed by a variable, inside a loop,
//     by a constant past --array-len, or through a pointer already moved;
//   - depth: a pointer loaded from an object at the deepest level, which
//     the model makes NULL;
//   - undefined callees: the stub contract lets a call store one value in
//     the integer its write argument points to. A real callee may write
//     more: through a pointer to an array, a struct or a pointer it
//     receives (a pointer to const too: the callee may cast the const
//     away, unless the object itself is const), and into any global; and
//     it may call back into the file's functions, which write the globals
//     and the block-scope statics they write (changed). A proof holds for
//     every callee only if no pointer to such memory is passed and no such
//     global or static is read in a function that calls one.
func inputModelDependence(f *ir.Func, pt *pointsto.Result, shape *ir.InputShape, changed map[*ir.Var]bool) string {
	d := &dependence{pt: pt, shape: shape, moved: map[*ir.Var]bool{}, changed: changed}
	for _, o := range shape.Objects {
		if !o.Void {
			d.inputObjects++
		}
	}
	d.block(f.Body, false)
	(&clobbers{d: d, clobbered: map[*pointsto.Object]string{}}).block(f.Body)
	if d.storeInput && d.inputObjects > 1 {
		d.inputWhy = append(d.inputWhy, "it writes through a pointer input, which a caller could make alias another input")
	} else if d.storeInput && d.globals {
		d.inputWhy = append(d.inputWhy, "it writes through a pointer input, which a caller could make alias a global")
	}
	if d.loadInput && d.writesGlobal {
		d.inputWhy = append(d.inputWhy, "it writes a global and reads through a pointer input, which a caller could point at that global")
	}
	if d.kept != "" && d.later != "" {
		d.calleeWhy = append(d.calleeWhy, fmt.Sprintf("it passes %s, which could keep it, and calls %s after it, which could write through it", d.kept, d.later))
	}
	if d.callee != "" && d.readsGlobal {
		d.calleeWhy = append(d.calleeWhy, fmt.Sprintf("it calls %s, which could change a global or static it reads (itself, or by calling back into the file's functions)", d.callee))
	}
	var parts []string
	if len(d.inputWhy) > 0 {
		parts = append(parts, fmt.Sprintf("unreachable for inka's input model only (each pointer input has its own object of %s, %d levels deep), not for every caller: %s",
			shapeLens(shape), shape.MaxDepth, strings.Join(dedup(d.inputWhy), "; ")))
	}
	if len(d.calleeWhy) > 0 {
		parts = append(parts, "unreachable under inka's stub contract only (an undefined callee stores at most one value, through its first pointer-to-integer argument, and calls no function of the file), not for every callee: "+
			strings.Join(dedup(d.calleeWhy), "; "))
	}
	if len(d.layoutWhy) > 0 {
		parts = append(parts, "unreachable for inka's layout of memory only (a gap after every object), not for every compiler: "+
			strings.Join(dedup(d.layoutWhy), "; "))
	}
	return strings.Join(parts, "; and ")
}

// distinctObjects returns two distinct objects (no function) that x and y
// may point into at s.
func (d *dependence) distinctObjects(s ir.Stmt, x, y ir.Value) (a, b *pointsto.Object, ok bool) {
	data := func(o *pointsto.Object) bool {
		return o.Kind == pointsto.InputObj || o.Kind == pointsto.VarObj && o.Var.Class != ir.FuncObj
	}
	for _, lx := range d.pt.TargetsOf(s, x).Sorted() {
		for _, ly := range d.pt.TargetsOf(s, y).Sorted() {
			if lx.Obj != ly.Obj && data(lx.Obj) && data(ly.Obj) {
				if lx.Obj.ID > ly.Obj.ID {
					return ly.Obj, lx.Obj, true
				}
				return lx.Obj, ly.Obj, true
			}
		}
	}
	return nil, nil, false
}

// shapeLens says how long the input objects of shape are.
func shapeLens(shape *ir.InputShape) string {
	deep := ""
	if shape.WideDepth > 0 {
		deep = fmt.Sprintf(", 1 holding pointers below level %d", shape.WideDepth)
	}
	if shape.FlatLen > shape.ArrayLen {
		return fmt.Sprintf("%d elements, %d when they hold pointers%s", shape.FlatLen, shape.ArrayLen, deep)
	}
	return fmt.Sprintf("%d elements%s", shape.ArrayLen, deep)
}

type dependence struct {
	pt           *pointsto.Result
	shape        *ir.InputShape
	inputObjects int
	moved        map[*ir.Var]bool // pointers computed by PtrAdd
	changed      map[*ir.Var]bool // statics the file's functions write (see callbackWrites)

	// storeInput, loadInput: a store or load through a pointer that may
	// point into an input object; globals: the function reads or writes
	// a global; writesGlobal: it writes one.
	storeInput, loadInput, globals, writesGlobal bool
	// callee is an undefined callee the function calls; readsGlobal is
	// set when it reads a global an undefined callee could write.
	callee      string
	readsGlobal bool
	// kept names the first pointer to writable memory passed to an
	// undefined callee, which may keep it; later is an undefined callee
	// called after it (or the same one again, in a loop), which could
	// write through the kept pointer.
	kept, later string
	// The reasons found, for the input model, for the stub contract and
	// for the layout of memory.
	inputWhy, calleeWhy, layoutWhy []string
}

func dedup(ss []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range ss {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// targets classifies what ptr may point to at s: into an input object
// (and the deepest such object's depth), into a variable of static
// storage (a global, a static, a string), which a caller's pointer could
// also designate.
func (d *dependence) targets(s ir.Stmt, ptr ir.Value) (input bool, depth int, global bool) {
	for l := range d.pt.TargetsOf(s, ptr) {
		switch l.Obj.Kind {
		case pointsto.InputObj:
			input = true
			if l.Obj.Input != nil && l.Obj.Input.Depth > depth {
				depth = l.Obj.Input.Depth
			}
		case pointsto.VarObj:
			global = global || l.Obj.Var.IsGlobal()
		}
	}
	return
}

// minLen is the least number of elements of the input objects ptr may
// point into at s.
func (d *dependence) minLen(s ir.Stmt, ptr ir.Value) int64 {
	n := int64(-1)
	for l := range d.pt.TargetsOf(s, ptr) {
		if l.Obj.Kind == pointsto.InputObj && l.Obj.Input != nil && l.Obj.Input.Typ != nil && (n < 0 || l.Obj.Input.Typ.Len < n) {
			n = l.Obj.Input.Typ.Len
		}
	}
	if n < 0 {
		n = int64(d.shape.ArrayLen)
	}
	return n
}

func (d *dependence) block(ss []ir.Stmt, inLoop bool) {
	for _, s := range ss {
		d.stmt(s, inLoop)
	}
}

func (d *dependence) stmt(s ir.Stmt, inLoop bool) {
	for _, v := range ir.StmtUses(s) {
		if v.Class == ir.Global || v.Class == ir.Static {
			d.globals = true
		}
		if d.calleeWritable(v) {
			d.readsGlobal = true
		}
	}
	if v := ir.StmtDef(s); v != nil && (v.Class == ir.Global || v.Class == ir.Static) {
		d.globals, d.writesGlobal = true, true
	}
	switch s := s.(type) {
	case *ir.If:
		d.block(s.Then, inLoop)
		d.block(s.Else, inLoop)
	case *ir.While:
		d.block(s.Pre, true)
		d.block(s.Body, true)
	case *ir.Store:
		in, _, global := d.targets(s, s.Ptr)
		d.storeInput = d.storeInput || in
		if global {
			d.globals, d.writesGlobal = true, true
		}
	case *ir.Call:
		d.call(s, inLoop)
	case *ir.Load:
		for l := range d.pt.TargetsOf(s, s.Ptr) {
			if l.Obj.Kind == pointsto.VarObj && d.calleeWritable(l.Obj.Var) {
				d.readsGlobal = true
			}
		}
		in, depth, _ := d.targets(s, s.Ptr)
		d.loadInput = d.loadInput || in
		if in && depth >= d.shape.MaxDepth && s.Dst.Typ.HasPointer() {
			d.inputWhy = append(d.inputWhy, fmt.Sprintf("it reads pointers %d levels deep in its inputs (see --max-depth)", depth))
		}
	case *ir.PtrAdd:
		in, _, _ := d.targets(s, s.Ptr)
		d.moved[s.Dst] = true
		if !in {
			return
		}
		c, isConst := s.Index.(*ir.Const)
		base, _ := s.Ptr.(*ir.Var)
		switch {
		case !isConst:
			d.inputWhy = append(d.inputWhy, "it indexes an input array by a variable")
		case inLoop:
			d.inputWhy = append(d.inputWhy, "it moves a pointer into an input array in a loop")
		case c.Int64() < 0 || c.Int64() >= d.minLen(s, s.Ptr):
			d.inputWhy = append(d.inputWhy, fmt.Sprintf("it indexes an input array at %d (see --array-len)", c.Int64()))
		case base != nil && d.moved[base]:
			d.inputWhy = append(d.inputWhy, "it moves a pointer into an input array more than once")
		}
	case *ir.Binary:
		if !s.Op.IsComparison() || !s.X.Type().IsPointer() || !s.Y.Type().IsPointer() {
			return
		}
		if isNullConst(s.X) || isNullConst(s.Y) {
			return
		}
		// A caller's pointer may equal another input or a global (never
		// a local of the function under test, which it cannot know).
		xi, _, xg := d.targets(s, s.X)
		yi, _, yg := d.targets(s, s.Y)
		if (xi && (yi || yg)) || (yi && xg) {
			d.inputWhy = append(d.inputWhy, "it compares a pointer input with another pointer")
		} else if (s.Op == ir.Eq || s.Op == ir.Ne) && !strings.HasPrefix(s.Dst.Name, "__site_") {
			// (not the heap rewriter's own bookkeeping: whether free's
			// pointer is the start of an instance, heapRewriter.differs)
			if a, b, ok := d.distinctObjects(s, s.X, s.Y); ok {
				d.layoutWhy = append(d.layoutWhy, fmt.Sprintf("it compares pointers into %s and %s, which a compiler may make equal (one past the end of the one, when it places the other right after it, C11 6.5.9p6; the same tail of two string literals, which it may merge)", a, b))
			}
		}
	}
}

// call notes an undefined callee, and a pointer passed to it through
// which it could write more than the stub contract's one integer.
func (d *dependence) call(s *ir.Call, inLoop bool) {
	e := s.Extern
	if e == nil || e.System || strings.Contains(e.Name, "#") { // f#write: testgen's own
		// A call of the C library left in the model changes nothing the
		// program reads and calls nothing back (ir/library.go).
		return
	}
	if d.callee == "" {
		d.callee = e.Name
	}
	if d.kept != "" && d.later == "" {
		d.later = e.Name
	}
	for i, a := range s.Args {
		if !a.Type().IsPointer() {
			continue
		}
		for _, l := range d.pt.TargetsOf(s, a).Sorted() { // the reasons in a fixed order
			if l.Obj.Kind == pointsto.NullObj || readOnly(l.Obj) {
				continue
			}
			t := l.Type()
			exact := i == e.WriteArg() && !l.Summary() && t != nil && t.IsInteger()
			if d.kept == "" {
				// The contract's store happens in this call; a callee
				// that keeps the pointer (a registration, an async
				// read) writes through it in a later one: another
				// callee, or this one again in a loop when the pointer
				// is not the same each time.
				d.kept = fmt.Sprintf("a pointer to %s to %s", l, e.Name)
				if inLoop && !exact {
					d.later = e.Name
				}
			}
			if exact {
				continue // exactly the stub contract's store
			}
			d.calleeWhy = append(d.calleeWhy, fmt.Sprintf("it passes a pointer to %s to %s, which could write there", l, e.Name))
		}
	}
}

// clobbers finds the reads of memory that an undefined callee called
// before them could have written without being given a pointer to it:
// an input object (the caller may have given the callee's library a
// pointer to it before the call: a buffer shared with a handler), and
// an object whose address is stored, when the callee runs, in a global
// or an input object or in memory reachable from them (`saved = &x;
// notify();`, a node pushed on a global list), where the callee (or a
// function of the file it calls back) finds it. The globals themselves
// are readsGlobal's, and the pointers passed as arguments call's.
type clobbers struct {
	d *dependence
	// clobbered maps each object some undefined callee could have
	// written so far to the first such callee.
	clobbered map[*pointsto.Object]string
}

func (c *clobbers) block(ss []ir.Stmt) {
	for _, s := range ss {
		c.stmt(s)
	}
}

func (c *clobbers) stmt(s ir.Stmt) {
	pt := c.d.pt
	for _, v := range ir.StmtUses(s) {
		if o := pt.ObjectOf(v); o != nil {
			c.read(o)
		}
	}
	switch s := s.(type) {
	case *ir.If:
		c.block(s.Then)
		c.block(s.Else)
	case *ir.While:
		// twice: a call late in the body precedes the reads of the
		// next iteration
		for range 2 {
			c.block(s.Pre)
			c.block(s.Body)
		}
	case *ir.Load:
		for _, l := range pt.TargetsOf(s, s.Ptr).Sorted() { // the reasons in a fixed order
			c.read(l.Obj)
		}
	case *ir.Call:
		e := s.Extern
		if e == nil || e.System || strings.Contains(e.Name, "#") {
			return
		}
		for o := range c.reachable(pt.Before(s)) {
			if _, ok := c.clobbered[o]; !ok {
				c.clobbered[o] = e.Name
			}
		}
	}
}

// read notes a read of o after a callee that could have written it.
func (c *clobbers) read(o *pointsto.Object) {
	callee, ok := c.clobbered[o]
	if !ok || o.Kind == pointsto.VarObj && o.Var.IsGlobal() {
		return
	}
	c.d.calleeWhy = append(c.d.calleeWhy, fmt.Sprintf("it reads %s after calling %s, which could write there (through a pointer a caller gave it, or one it finds in a global)", o, callee))
}

// reachable returns the writable objects an undefined callee called with
// points-to graph g may reach: the globals, the input objects, and what
// the pointers stored in them point to, transitively.
func (c *clobbers) reachable(g pointsto.Graph) map[*pointsto.Object]bool {
	seen := map[*pointsto.Object]bool{}
	var work []*pointsto.Object
	add := func(o *pointsto.Object) {
		if !seen[o] && (o.Kind == pointsto.InputObj || o.Kind == pointsto.VarObj && !readOnly(o)) {
			seen[o] = true
			work = append(work, o)
		}
	}
	for _, o := range c.d.pt.Objects {
		if o.Kind == pointsto.InputObj || o.Kind == pointsto.VarObj && o.Var.IsGlobal() {
			add(o)
		}
	}
	held := map[*pointsto.Object][]pointsto.Targets{}
	for l, ts := range g {
		held[l.Obj] = append(held[l.Obj], ts)
	}
	for len(work) > 0 {
		o := work[len(work)-1]
		work = work[:len(work)-1]
		for _, ts := range held[o] {
			for t := range ts {
				add(t.Obj)
			}
		}
	}
	return seen
}

// calleeWritable reports whether an undefined callee could change v: a
// global, not read-only; a block-scope static whose address is taken, or
// that a function of the file writes (the callee may call it back).
func (d *dependence) calleeWritable(v *ir.Var) bool {
	if v == nil || v.ReadOnly || v.Class == ir.String {
		return false
	}
	return v.Class == ir.Global || (v.Class == ir.Static && (v.AddrTaken || d.changed[v]))
}

// readOnly reports whether no code may write o: a string literal or a
// const object (writing one through a pointer whose const was cast away
// is undefined behaviour).
func readOnly(o *pointsto.Object) bool {
	return o.Kind == pointsto.VarObj && (o.Var.ReadOnly || o.Var.Class == ir.String)
}

// callbackWrites returns the block-scope statics that some function of p
// writes: an undefined callee may call that function back (directly, or
// through the function under test itself), and so change the static
// across the call. A static no function writes keeps its value.
func callbackWrites(p *ir.Program) map[*ir.Var]bool {
	out := map[*ir.Var]bool{}
	for _, f := range p.Funcs {
		ir.Walk(f.Body, func(s ir.Stmt) {
			if v := ir.StmtDef(s); v != nil && v.Class == ir.Static {
				out[v] = true
			}
		})
	}
	return out
}

func isNullConst(v ir.Value) bool {
	c, ok := v.(*ir.Const)
	return ok && c.Bits == 0
}

// approximations says why a failed search on m proves nothing, or "".
func approximations(m *model.Model) string {
	var why []string
	if m.BoundHit {
		why = append(why, "loop unrolling bound hit")
	}
	seen := map[string]bool{}
	for _, u := range m.Unsupported {
		if !seen[u] {
			seen[u] = true
			why = append(why, "unsupported: "+u)
		}
	}
	return strings.Join(why, "; ")
}
