package ir

import "fmt"

// Inline returns a copy of the entry function of p (p.Funcs[0]) in which
// every call to a function defined in the file is replaced by the callee's
// body, recursively, up to maxDepth nested calls. The points-to analysis,
// Pointer-SSA and the constraint model work on this single function, as the
// paper's unit-level setting asks ("function calls are supposed to be
// stubbed or inlined").
//
// Each inlined activation gets fresh variables (named callee.x#n). Inlined
// statements keep their source positions and DecRefs: a decision of a
// callee is the same *Decision wherever it is inlined, so coverage maps back
// to the source. Calls deeper than maxDepth stay as Call statements; the
// result reports them in Truncated so clients can answer "unknown".
// p is not modified, except that p.NumVars grows.
func Inline(p *Program, maxDepth int) (*Inlined, error) {
	return InlineWith(p, maxDepth, nil)
}

// InlineWith is Inline with the calls through function pointers resolved:
// targets(site) lists the functions (function objects, class FuncObj) that
// the pointer of the call at site may point to. Such a call becomes a
// dispatch over them,
//
//	t1 = &f1; c1 = p == t1; if (c1) f1(args) else { t2 = &f2; ... else (*p)(args) }
//
// each defined target inlined like a direct call (within maxDepth), each
// extern target called. The call left in the last else is listed in
// Inlined.Indirect with its site: it runs only when p points to none of
// the targets. A site names a call through a pointer in its inlining
// context (the chain of calls inlined around it), so that one call
// statement of a function inlined twice, with different callbacks, has
// two sites. targets may be nil: no call is resolved.
func InlineWith(p *Program, maxDepth int, targets func(site string) []*Var) (*Inlined, error) {
	return InlineRec(p, maxDepth, 0, targets)
}

// InlineRec is InlineWith with a bound on recursion too: a call to a
// function that maxRec activations of the call chain inlined around it
// already run is left in place like a call past maxDepth (maxRec ≤ 0:
// no such bound). The calls of a recursion nest until maxDepth without
// it, and a recursion that calls itself more than once (a parser's
// mutual recursion, a tree walk) multiplies the inlined code by that
// factor at each level: maxRec bounds the levels of the recursion alone,
// leaving the non-recursive calls to maxDepth.
func InlineRec(p *Program, maxDepth, maxRec int, targets func(site string) []*Var) (*Inlined, error) {
	if len(p.Funcs) == 0 {
		return nil, fmt.Errorf("inline: empty program")
	}
	entry := p.Funcs[0]
	in := &inliner{p: p, max: maxDepth, maxRec: maxRec, counts: map[*Func]int{}, active: map[*Func]int{entry: 1}, targets: targets}
	f := &Func{
		Name: entry.Name, Pos: entry.Pos, ResultTyp: entry.ResultTyp,
		Params: entry.Params, Result: entry.Result, Decisions: entry.Decisions,
		Variadic: entry.Variadic,
	}
	f.Locals = append([]*Var(nil), entry.Locals...)
	in.f = f
	f.Body = in.block(entry.Body, nil, 0, "")
	return &Inlined{Func: f, Truncated: in.truncated, Indirect: in.indirect}, nil
}

// Inlined is the result of Inline.
type Inlined struct {
	Func *Func
	// Truncated lists the calls left in place because the inlining depth
	// bound was reached (recursion).
	Truncated []*Call
	// Indirect lists the calls through function pointers left in place
	// (see InlineWith).
	Indirect []IndirectCall
}

// IndirectCall is a call through a function pointer left in an inlined
// function, with its site (see InlineWith).
type IndirectCall struct {
	Call *Call
	Site string
}

type inliner struct {
	p      *Program
	f      *Func
	max    int
	maxRec int
	counts map[*Func]int
	// active counts the activations of each function on the chain of
	// calls inlined around the statement being copied (the entry's too).
	active    map[*Func]int
	truncated []*Call
	targets   func(site string) []*Var
	indirect  []IndirectCall
	temps     int
}

// block copies ss, renaming variables with sub (nil: identity), inlining
// calls to defined functions at depth+1; ctx is the inlining context (the
// site prefix of the calls through pointers).
func (in *inliner) block(ss []Stmt, sub map[*Var]*Var, depth int, ctx string) []Stmt {
	var out []Stmt
	for _, s := range ss {
		out = in.stmt(out, s, sub, depth, ctx)
	}
	return out
}

func rv(sub map[*Var]*Var, v *Var) *Var {
	if v == nil || sub == nil {
		return v
	}
	if w, ok := sub[v]; ok {
		return w
	}
	return v
}

func rval(sub map[*Var]*Var, x Value) Value {
	if v, ok := x.(*Var); ok {
		return rv(sub, v)
	}
	return x
}

func (in *inliner) stmt(out []Stmt, s Stmt, sub map[*Var]*Var, depth int, ctx string) []Stmt {
	switch s := s.(type) {
	case *Copy:
		return append(out, &Copy{At: s.At, Dst: rv(sub, s.Dst), Src: rval(sub, s.Src), Volatile: s.Volatile})
	case *Unary:
		return append(out, &Unary{At: s.At, Dst: rv(sub, s.Dst), Op: s.Op, X: rval(sub, s.X)})
	case *Binary:
		return append(out, &Binary{At: s.At, Dst: rv(sub, s.Dst), Op: s.Op, X: rval(sub, s.X), Y: rval(sub, s.Y)})
	case *Conv:
		return append(out, &Conv{At: s.At, Dst: rv(sub, s.Dst), X: rval(sub, s.X)})
	case *AddrOf:
		return append(out, &AddrOf{At: s.At, Dst: rv(sub, s.Dst), Var: rv(sub, s.Var)})
	case *FieldAddr:
		return append(out, &FieldAddr{At: s.At, Dst: rv(sub, s.Dst), Ptr: rval(sub, s.Ptr), Field: s.Field})
	case *PtrAdd:
		return append(out, &PtrAdd{At: s.At, Dst: rv(sub, s.Dst), Ptr: rval(sub, s.Ptr), Index: rval(sub, s.Index)})
	case *Load:
		return append(out, &Load{At: s.At, Dst: rv(sub, s.Dst), Ptr: rval(sub, s.Ptr), Volatile: s.Volatile})
	case *Store:
		return append(out, &Store{At: s.At, Ptr: rval(sub, s.Ptr), Src: rval(sub, s.Src), Init: s.Init})
	case *Assert:
		return append(out, &Assert{At: s.At, Cond: rval(sub, s.Cond), Dec: s.Dec, UB: s.UB})
	case *Return:
		return append(out, &Return{At: s.At, Val: rval(sub, s.Val)})
	case *Unsupported:
		return append(out, &Unsupported{At: s.At, What: s.What, Dst: rv(sub, s.Dst)})
	case *If:
		return append(out, &If{At: s.At, Cond: rval(sub, s.Cond), Dec: s.Dec,
			Then: in.block(s.Then, sub, depth, ctx), Else: in.block(s.Else, sub, depth, ctx)})
	case *While:
		return append(out, &While{At: s.At, Cond: rval(sub, s.Cond), Dec: s.Dec,
			Pre: in.block(s.Pre, sub, depth, ctx), Body: in.block(s.Body, sub, depth, ctx)})
	case *Call:
		args := make([]Value, len(s.Args))
		for i, a := range s.Args {
			args[i] = rval(sub, a)
		}
		c := &Call{At: s.At, Dst: rv(sub, s.Dst), Func: s.Func, Extern: s.Extern, Ptr: rval(sub, s.Ptr), Args: args}
		site := fmt.Sprintf("%s/%p", ctx, s)
		if c.Ptr != nil {
			return in.dispatch(out, c, depth, site)
		}
		return in.direct(out, c, depth, site)
	}
	panic(fmt.Sprintf("ir.Inline: unexpected statement %T", s))
}

// direct expands a call to a defined function at site, or leaves it in
// place (an extern, or past the depth bound).
func (in *inliner) direct(out []Stmt, c *Call, depth int, site string) []Stmt {
	if c.Func == nil {
		return append(out, c)
	}
	if depth >= in.max || (in.maxRec > 0 && in.active[c.Func] >= in.maxRec) {
		in.truncated = append(in.truncated, c)
		return append(out, c)
	}
	return in.call(out, c, depth, site)
}

// dispatch expands c, a call through a function pointer at site, into the
// dispatch over its targets (see InlineWith).
func (in *inliner) dispatch(out []Stmt, c *Call, depth int, site string) []Stmt {
	var ts []*Var
	if in.targets != nil {
		ts = in.targets(site)
	}
	blk := &out
	for _, t := range ts {
		a := in.temp("fp", in.p.DataModel.PointerTo(t.Typ))
		e := in.temp("fp", IntType)
		ifs := &If{At: c.At}
		*blk = append(*blk, &AddrOf{At: c.At, Dst: a, Var: t}, &Binary{At: c.At, Dst: e, Op: Eq, X: c.Ptr, Y: a}, ifs)
		ifs.Cond = e
		call := &Call{At: c.At, Dst: c.Dst, Func: t.Fn, Extern: t.Ext, Args: c.Args}
		ifs.Then = in.direct(nil, call, depth, site+">"+t.Name)
		blk = &ifs.Else
	}
	c.Excluded = ts
	*blk = append(*blk, c)
	in.indirect = append(in.indirect, IndirectCall{Call: c, Site: site})
	return out
}

// temp returns a fresh temporary of the inlined function, named name#n.
func (in *inliner) temp(name string, t *Type) *Var {
	in.temps++
	v := &Var{ID: in.p.NumVars, Name: fmt.Sprintf("%s#%d", name, in.temps), Typ: t, Class: Temp, Func: in.f}
	in.p.NumVars++
	in.f.Locals = append(in.f.Locals, v)
	return v
}

// call expands c (a call to a defined function) in place.
func (in *inliner) call(out []Stmt, c *Call, depth int, site string) []Stmt {
	g := c.Func
	in.counts[g]++
	n := in.counts[g]
	sub := map[*Var]*Var{}
	fresh := func(v *Var) *Var {
		w := &Var{ID: in.p.NumVars, Name: fmt.Sprintf("%s.%s#%d", g.Name, v.Name, n),
			Typ: v.Typ, Class: v.Class, Pos: v.Pos, Func: in.f, AddrTaken: v.AddrTaken}
		if v.Class == Param {
			// An inlined parameter is an ordinary local of the caller: it is
			// no input of the test.
			w.Class = Local
		}
		in.p.NumVars++
		sub[v] = w
		in.f.Locals = append(in.f.Locals, w)
		return w
	}
	for _, v := range g.Params {
		fresh(v)
	}
	for _, v := range g.Locals {
		fresh(v)
	}
	if g.Result != nil {
		fresh(g.Result)
	}
	for i, v := range g.Params {
		if i < len(c.Args) {
			out = append(out, &Copy{At: c.At, Dst: sub[v], Src: c.Args[i]})
		}
	}
	if len(g.Params) == 0 {
		// The inlined code keeps a statement at the call's position (the
		// copies of the arguments are, otherwise): a goal "reach this
		// line" finds `reach_error();` there.
		out = append(out, &Copy{At: c.At, Dst: in.temp("at", IntType), Src: NewConst(IntType, 0)})
	}
	body := g.Body
	if k := len(body); k > 0 {
		if _, ok := body[k-1].(*Return); ok {
			body = body[:k-1]
		}
	}
	in.active[g]++
	out = append(out, in.block(body, sub, depth+1, site)...)
	in.active[g]--
	if c.Dst != nil && g.Result != nil {
		out = append(out, &Copy{At: c.At, Dst: c.Dst, Src: sub[g.Result]})
	}
	return out
}
