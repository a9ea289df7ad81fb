package interp

import (
	"fmt"

	"github.com/inka-tool/inka/ir"
)

// builder makes small IR programs by hand for the tests.
type builder struct {
	p *ir.Program
	f *ir.Func
}

func newBuilder(name string, result *ir.Type) *builder {
	b := &builder{p: &ir.Program{File: "t.c"}}
	b.fn(name, result)
	return b
}

// fn starts a new function (the first one is the entry).
func (b *builder) fn(name string, result *ir.Type) *ir.Func {
	f := &ir.Func{Name: name, Pos: at(1), ResultTyp: result}
	if result.Kind != ir.Void {
		f.Result = b.newVar("ret", result, ir.Result, f)
	}
	b.p.Funcs = append(b.p.Funcs, f)
	b.f = f
	return f
}

func (b *builder) newVar(name string, t *ir.Type, c ir.VarClass, f *ir.Func) *ir.Var {
	v := &ir.Var{ID: b.p.NumVars, Name: name, Typ: t, Class: c, Func: f}
	b.p.NumVars++
	return v
}

func (b *builder) param(name string, t *ir.Type) *ir.Var {
	v := b.newVar(name, t, ir.Param, b.f)
	b.f.Params = append(b.f.Params, v)
	return v
}

func (b *builder) local(name string, t *ir.Type) *ir.Var {
	v := b.newVar(name, t, ir.Local, b.f)
	b.f.Locals = append(b.f.Locals, v)
	return v
}

func (b *builder) temp(t *ir.Type) *ir.Var {
	v := b.newVar(fmt.Sprintf("t%d", b.p.NumVars), t, ir.Temp, b.f)
	b.f.Locals = append(b.f.Locals, v)
	return v
}

func (b *builder) global(name string, t *ir.Type, init ...ir.InitItem) *ir.Var {
	v := b.newVar(name, t, ir.Global, nil)
	v.Init = init
	b.p.Globals = append(b.p.Globals, v)
	return v
}

func (b *builder) decision(kind ir.DecisionKind, line int, text string, outcomes ...string) *ir.Decision {
	if len(outcomes) == 0 {
		outcomes = []string{"true", "false"}
	}
	d := &ir.Decision{Index: len(b.f.Decisions), Kind: kind, Pos: at(line), Text: text, Outcomes: outcomes, Func: b.f}
	b.f.Decisions = append(b.f.Decisions, d)
	return d
}

func (b *builder) body(ss ...ir.Stmt) { b.f.Body = ss }

func at(line int) ir.Pos { return ir.Pos{File: "t.c", Line: line, Col: 5} }

func ci(t *ir.Type, x int64) *ir.Const { return ir.NewConst(t, uint64(x)) }

func cInt(x int64) *ir.Const { return ci(ir.IntType, x) }

func ret(line int, v ir.Value) ir.Stmt { return &ir.Return{At: ir.At{Pos: at(line)}, Val: v} }

func bin(line int, dst *ir.Var, op ir.Op, x, y ir.Value) ir.Stmt {
	return &ir.Binary{At: ir.At{Pos: at(line)}, Dst: dst, Op: op, X: x, Y: y}
}

func cp(line int, dst *ir.Var, src ir.Value) ir.Stmt {
	return &ir.Copy{At: ir.At{Pos: at(line)}, Dst: dst, Src: src}
}

func conv(line int, dst *ir.Var, x ir.Value) ir.Stmt {
	return &ir.Conv{At: ir.At{Pos: at(line)}, Dst: dst, X: x}
}

func addr(line int, dst, v *ir.Var) ir.Stmt {
	return &ir.AddrOf{At: ir.At{Pos: at(line)}, Dst: dst, Var: v}
}

func load(line int, dst *ir.Var, p ir.Value) ir.Stmt {
	return &ir.Load{At: ir.At{Pos: at(line)}, Dst: dst, Ptr: p}
}

func store(line int, p, v ir.Value) ir.Stmt {
	return &ir.Store{At: ir.At{Pos: at(line)}, Ptr: p, Src: v}
}

func ptradd(line int, dst *ir.Var, p, i ir.Value) ir.Stmt {
	return &ir.PtrAdd{At: ir.At{Pos: at(line)}, Dst: dst, Ptr: p, Index: i}
}

func ifs(line int, c ir.Value, d *ir.Decision, then, els []ir.Stmt) ir.Stmt {
	s := &ir.If{At: ir.At{Pos: at(line)}, Cond: c, Then: then, Else: els}
	if d != nil {
		s.Dec = &ir.DecRef{D: d, True: 0, False: 1}
	}
	return s
}
