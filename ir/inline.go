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
	if len(p.Funcs) == 0 {
		return nil, fmt.Errorf("inline: empty program")
	}
	entry := p.Funcs[0]
	in := &inliner{p: p, max: maxDepth, counts: map[*Func]int{}}
	f := &Func{
		Name: entry.Name, Pos: entry.Pos, ResultTyp: entry.ResultTyp,
		Params: entry.Params, Result: entry.Result, Decisions: entry.Decisions,
		Variadic: entry.Variadic,
	}
	f.Locals = append([]*Var(nil), entry.Locals...)
	in.f = f
	f.Body = in.block(entry.Body, nil, 0)
	return &Inlined{Func: f, Truncated: in.truncated}, nil
}

// Inlined is the result of Inline.
type Inlined struct {
	Func *Func
	// Truncated lists the calls left in place because the inlining depth
	// bound was reached (recursion).
	Truncated []*Call
}

type inliner struct {
	p         *Program
	f         *Func
	max       int
	counts    map[*Func]int
	truncated []*Call
}

// block copies ss, renaming variables with sub (nil: identity), inlining
// calls to defined functions at depth+1.
func (in *inliner) block(ss []Stmt, sub map[*Var]*Var, depth int) []Stmt {
	var out []Stmt
	for _, s := range ss {
		out = in.stmt(out, s, sub, depth)
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

func (in *inliner) stmt(out []Stmt, s Stmt, sub map[*Var]*Var, depth int) []Stmt {
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
		return append(out, &Assert{At: s.At, Cond: rval(sub, s.Cond), Dec: s.Dec})
	case *Return:
		return append(out, &Return{At: s.At, Val: rval(sub, s.Val)})
	case *Unsupported:
		return append(out, &Unsupported{At: s.At, What: s.What, Dst: rv(sub, s.Dst)})
	case *If:
		return append(out, &If{At: s.At, Cond: rval(sub, s.Cond), Dec: s.Dec,
			Then: in.block(s.Then, sub, depth), Else: in.block(s.Else, sub, depth)})
	case *While:
		return append(out, &While{At: s.At, Cond: rval(sub, s.Cond), Dec: s.Dec,
			Pre: in.block(s.Pre, sub, depth), Body: in.block(s.Body, sub, depth)})
	case *Call:
		args := make([]Value, len(s.Args))
		for i, a := range s.Args {
			args[i] = rval(sub, a)
		}
		c := &Call{At: s.At, Dst: rv(sub, s.Dst), Func: s.Func, Extern: s.Extern, Args: args}
		if c.Func == nil {
			return append(out, c)
		}
		if depth >= in.max {
			in.truncated = append(in.truncated, c)
			return append(out, c)
		}
		return in.call(out, c, depth)
	}
	panic(fmt.Sprintf("ir.Inline: unexpected statement %T", s))
}

// call expands c (a call to a defined function) in place.
func (in *inliner) call(out []Stmt, c *Call, depth int) []Stmt {
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
	body := g.Body
	if k := len(body); k > 0 {
		if _, ok := body[k-1].(*Return); ok {
			body = body[:k-1]
		}
	}
	out = append(out, in.block(body, sub, depth+1)...)
	if c.Dst != nil && g.Result != nil {
		out = append(out, &Copy{At: c.At, Dst: c.Dst, Src: sub[g.Result]})
	}
	return out
}
