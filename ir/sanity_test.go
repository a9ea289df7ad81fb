package ir

import (
	"strings"
	"testing"
)

// smallProgram builds, by hand, the IR of
//
//	int f(int x) { int *p = &x; if (*p > 0) return 1; return 0; }
func smallProgram() (*Program, map[string]Stmt) {
	p := &Program{File: "f.c"}
	f := &Func{Name: "f", ResultTyp: IntType}
	id := 0
	nv := func(name string, t *Type, c VarClass) *Var {
		v := &Var{ID: id, Name: name, Typ: t, Class: c, Func: f}
		id++
		return v
	}
	x := nv("x", IntType, Param)
	ptr := nv("p", PointerTo(IntType), Local)
	t1 := nv("t1", IntType, Temp)
	t2 := nv("t2", IntType, Temp)
	res := nv("result", IntType, Result)
	f.Params = []*Var{x}
	f.Locals = []*Var{ptr, t1, t2}
	f.Result = res
	x.AddrTaken = true
	d := &Decision{Index: 0, Kind: DecIf, Pos: Pos{"f.c", 1, 30}, Text: "*p > 0", Outcomes: []string{"true", "false"}, Func: f}
	f.Decisions = []*Decision{d}
	s := map[string]Stmt{}
	s["addr"] = &AddrOf{Dst: ptr, Var: x}
	s["load"] = &Load{Dst: t1, Ptr: ptr}
	s["cmp"] = &Binary{Dst: t2, Op: Gt, X: t1, Y: NewConst(IntType, 0)}
	s["if"] = &If{Cond: t2, Dec: &DecRef{D: d, True: 0, False: 1},
		Then: []Stmt{&Copy{Dst: res, Src: NewConst(IntType, 1)}},
		Else: []Stmt{&Copy{Dst: res, Src: NewConst(IntType, 0)}}}
	s["ret"] = &Return{Val: res}
	f.Body = []Stmt{s["addr"], s["load"], s["cmp"], s["if"], s["ret"]}
	p.Funcs = []*Func{f}
	p.NumVars = id
	return p, s
}

func TestSanityOK(t *testing.T) {
	p, _ := smallProgram()
	if err := SanityCheck(p); err != nil {
		t.Fatal(err)
	}
}

func TestSanityViolations(t *testing.T) {
	cases := []struct {
		name   string
		break_ func(p *Program, s map[string]Stmt)
		want   string
	}{
		{"undeclared variable", func(p *Program, s map[string]Stmt) {
			s["load"].(*Load).Dst = &Var{ID: 99, Name: "ghost", Typ: IntType, Class: Temp}
			p.NumVars = 100
		}, "variable ghost (temp, ID 99) not declared"},
		{"operand types", func(p *Program, s map[string]Stmt) {
			s["cmp"].(*Binary).Y = NewConst(LongType, 0)
		}, "comparison operands: int and long differ"},
		{"unpromoted arithmetic", func(p *Program, s map[string]Stmt) {
			c := &Var{ID: 50, Name: "c", Typ: CharType, Class: Temp, Func: p.Funcs[0]}
			p.Funcs[0].Locals = append(p.Funcs[0].Locals, c)
			p.NumVars = 51
			s["cmp"].(*Binary).Op = Add
			s["cmp"].(*Binary).X = c
			s["cmp"].(*Binary).Y = c
			s["cmp"].(*Binary).Dst = c
		}, "arithmetic on char (not a promoted integer)"},
		{"load type", func(p *Program, s map[string]Stmt) {
			s["load"].(*Load).Ptr = &Const{Typ: PointerTo(LongType)}
		}, "load: int and long differ"},
		{"no final return", func(p *Program, s map[string]Stmt) {
			f := p.Funcs[0]
			f.Body = f.Body[:len(f.Body)-1]
		}, "body does not end with a Return"},
		{"two returns", func(p *Program, s map[string]Stmt) {
			i := s["if"].(*If)
			i.Then = append(i.Then, &Return{Val: p.Funcs[0].Result})
		}, "Return before the end of the body"},
		{"return of another value", func(p *Program, s map[string]Stmt) {
			s["ret"].(*Return).Val = NewConst(IntType, 0)
		}, "not the result variable"},
		{"foreign decision", func(p *Program, s map[string]Stmt) {
			other := &Func{Name: "g"}
			d := &Decision{Index: 0, Kind: DecIf, Outcomes: []string{"true", "false"}, Func: other}
			other.Decisions = []*Decision{d}
			s["if"].(*If).Dec = &DecRef{D: d, True: 0, False: 1}
		}, "decision reference to another function's"},
		{"outcome out of range", func(p *Program, s map[string]Stmt) {
			s["if"].(*If).Dec.False = 2
		}, "outcomes 0/2 out of range"},
		{"address not marked", func(p *Program, s map[string]Stmt) {
			p.Funcs[0].Params[0].AddrTaken = false
		}, "not marked AddrTaken"},
		{"duplicate IDs", func(p *Program, s map[string]Stmt) {
			p.Funcs[0].Locals[1].ID = 0
		}, "share ID 0"},
		{"aggregate as scalar", func(p *Program, s map[string]Stmt) {
			a := &Var{ID: 60, Name: "arr", Typ: ArrayOf(IntType, 2), Class: Local, Func: p.Funcs[0]}
			p.Funcs[0].Locals = append(p.Funcs[0].Locals, a)
			p.NumVars = 61
			s["if"].(*If).Cond = a
		}, "arr of type int[2] used as a scalar"},
		{"bad initializer", func(p *Program, s map[string]Stmt) {
			g := &Var{ID: 70, Name: "g", Typ: IntType, Class: Global}
			g.Init = []InitItem{{Leaf: 0, Val: NewConst(LongType, 1)}}
			p.Globals = append(p.Globals, g)
			p.NumVars = 71
		}, "constant of type long for a leaf of type int"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, s := smallProgram()
			c.break_(p, s)
			err := SanityCheck(p)
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %q, want %q", err, c.want)
			}
		})
	}
}

func TestIdenticalRecursive(t *testing.T) {
	mk := func() *Type {
		n := &Type{}
		*n = *NewStruct("node", []Field{{Name: "val", Type: IntType}, {Name: "next", Type: PointerTo(n)}})
		return n
	}
	a, b := mk(), mk()
	if !Identical(a, b) || !Identical(PointerTo(a), PointerTo(b)) {
		t.Fatal("two builds of struct node differ")
	}
	c := NewStruct("node", []Field{{Name: "val", Type: LongType}, {Name: "next", Type: PointerTo(a)}})
	if Identical(a, c) {
		t.Fatal("struct node with a long member is identical to the int one")
	}
}

func TestTypeString(t *testing.T) {
	cases := map[string]*Type{
		"int[3][4]":     ArrayOf(ArrayOf(IntType, 4), 3),
		"int[4]*":       PointerTo(ArrayOf(IntType, 4)),
		"char**":        PointerTo(PointerTo(CharType)),
		"struct s":      NewStruct("s", []Field{{Name: "a", Type: IntType}}),
		"void*[2]":      ArrayOf(PointerTo(VoidType), 2),
		"unsigned long": ULongType,
	}
	for want, typ := range cases {
		if got := typ.String(); got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

func TestDecisionID(t *testing.T) {
	pos := Pos{"a.c", 3, 7}
	d := &Decision{Kind: DecIf, Pos: pos, Outcomes: []string{"true", "false"}}
	if got := d.ID(0); got != "a.c:3:7:true" {
		t.Errorf("if: %s", got)
	}
	d = &Decision{Kind: DecSwitch, Pos: pos, Outcomes: []string{"case 1", "no case"}}
	if got := d.ID(1); got != "a.c:3:7:no case" {
		t.Errorf("switch: %s", got)
	}
	d = &Decision{Kind: DecAnd, Pos: pos, Outcomes: []string{"true", "false"}}
	if got := d.ID(1); got != "a.c:3:7:&&:false" {
		t.Errorf("&&: %s", got)
	}
	d = &Decision{Kind: DecCond, Pos: pos, Outcomes: []string{"true", "false"}}
	if got := d.ID(0); got != "a.c:3:7:?:true" {
		t.Errorf("?: %s", got)
	}
}
