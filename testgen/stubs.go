package testgen

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/inka-tool/inka/budget"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
)

// The stub contract. An undefined (extern) callee is answered by a stub:
// each call returns a fresh input value and, when the callee's write
// argument (ir.Extern.WriteArg: its first pointer-to-integer parameter)
// receives a pointer to writable memory, stores a fresh input value in the
// integer it points to (a NULL argument is left alone). This is what the
// gcc drivers of internal/cdriver do, and what an `int read_into(int
// *out)` does: a model that kept *out unchanged across the call would
// prove reachable goals unreachable.
//
// The write is made explicit in the function the model is built from: a
// call `r = f(…, p, …)` is followed by
//
//	if (p != NULL) { w = f#write(); *p = w; }
//
// where f#write is a synthetic extern whose value is the stored input.
// The replay gives it back to the interpreter as the call's StubWrite.

// StubWrite is the value one stub call stores through its write argument.
type StubWrite struct {
	Arg int  // the argument written through
	Set bool // false: the call stored nothing (its argument was NULL)
	Val interp.Val
}

// StubAnswers returns what the test's stubs answer, call by call and by
// extern, as bit patterns: the values returned (for the object "f()#j" a
// call returns, j+1) and the values stored through the write argument (0
// when the call stores nothing). It is the layout gcc's driver
// (internal/cdriver) takes.
func (t *Test) StubAnswers() (rets, writes map[string][]uint64) {
	rets, writes = map[string][]uint64{}, map[string][]uint64{}
	for name, vs := range t.Stubs {
		for k, v := range vs {
			r := v.Bits
			if objs := t.StubObjects[name]; k < len(objs) && objs[k] != "" {
				// the object "f()#j": j+1 (cdriver.Driver.ReturnedObjects)
				j, _ := strconv.Atoi(objs[k][strings.LastIndex(objs[k], "#")+1:])
				r = uint64(j + 1)
			}
			rets[name] = append(rets[name], r)
			var w uint64
			if ws := t.StubWrites[name]; k < len(ws) {
				w = ws[k].Val.Bits
			}
			writes[name] = append(writes[name], w)
		}
	}
	return rets, writes
}

// stubWrites rewrites f (the inlined function) so that every call of an
// extern with a write argument stores its fresh value, and returns the
// synthetic externs it made, by the extern they write for. Calls whose
// argument may point to read-only memory (a string literal, a const
// global) are left alone: no stub can write there. The points-to analysis
// it runs on f, under bud, is also where a function the analysis refuses
// (a *pointsto.UnsupportedError) is found, before any goal.
func (g *Generator) stubWrites(f *ir.Func, bud *budget.B) (*ir.Func, error) {
	pt, err := pointsto.Analyze(f, g.Prog.Globals, g.ptConfig(func(p string) bool { return g.nullOK[p] }, bud))
	if err != nil {
		return nil, err
	}
	any := false
	for _, e := range g.Prog.Externs {
		if e.WriteArg() >= 0 && !e.System {
			any = true
		}
	}
	if !any {
		return f, nil
	}
	nf := *f
	nf.Locals = append([]*ir.Var(nil), f.Locals...)
	rw := &stubRewriter{g: g, pt: pt, f: &nf}
	nf.Body = rw.block(f.Body)
	return &nf, nil
}

type stubRewriter struct {
	g  *Generator
	pt *pointsto.Result
	f  *ir.Func
}

func (rw *stubRewriter) temp(t *ir.Type, name string) *ir.Var {
	p := rw.g.Prog
	v := &ir.Var{ID: p.NumVars, Name: fmt.Sprintf("%s#%d", name, p.NumVars), Typ: t, Class: ir.Temp, Func: rw.f}
	p.NumVars++
	rw.f.Locals = append(rw.f.Locals, v)
	return v
}

func (rw *stubRewriter) block(ss []ir.Stmt) []ir.Stmt {
	return ir.Expand(ss, func(s ir.Stmt) []ir.Stmt {
		if c, ok := s.(*ir.Call); ok {
			return append([]ir.Stmt{c}, rw.write(c)...)
		}
		return []ir.Stmt{s}
	})
}

// write returns the statements of the store a stub call makes.
func (rw *stubRewriter) write(s *ir.Call) []ir.Stmt {
	e := s.Extern
	if e == nil || e.System {
		return nil // the C library is no stub (ir/library.go)
	}
	k := e.WriteArg()
	if k < 0 || k >= len(s.Args) {
		return nil
	}
	p, ok := s.Args[k].(*ir.Var)
	if !ok {
		return nil // a constant: NULL
	}
	for l := range rw.pt.TargetsOf(s, p) {
		if l.ReadOnly() {
			return nil
		}
	}
	w := rw.g.writeExtern(e)
	at := ir.At{Pos: s.Pos}
	nz := rw.temp(ir.IntType, "__nonnull")
	val := rw.temp(e.Params[k].Elem, "__"+e.Name+"#write")
	return []ir.Stmt{
		&ir.Binary{At: at, Dst: nz, Op: ir.Ne, X: p, Y: &ir.Const{Typ: p.Typ, Bits: 0}},
		&ir.If{At: at, Cond: nz, Then: []ir.Stmt{
			&ir.Call{At: at, Dst: val, Extern: w},
			&ir.Store{At: at, Ptr: p, Src: val},
		}},
	}
}

// writeExtern returns the synthetic extern whose calls give the values e
// stores through its write argument.
func (g *Generator) writeExtern(e *ir.Extern) *ir.Extern {
	for w, of := range g.writeOf {
		if of == e {
			return w
		}
	}
	w := &ir.Extern{Name: e.Name + "#write", Result: e.Params[e.WriteArg()].Elem, Pos: e.Pos}
	g.writeOf[w] = e
	return w
}
