package ir

import (
	"fmt"
	"io"
	"strings"
)

// Fprint writes the readable form of every function of p: declarations,
// then the body, one elementary statement a line, each with the source
// line it comes from, then the table of decisions. The form is stable: the
// tests use it as a golden oracle.
func Fprint(w io.Writer, p *Program) {
	for _, g := range p.Globals {
		ro := ""
		if g.Extern {
			ro = "extern "
		}
		if g.ReadOnly && g.Class != String {
			ro += "readonly "
		}
		fmt.Fprintf(w, "%s %s%s", g.Class, ro, declString(g.Typ, g.Name))
		if s := initString(g); s != "" {
			fmt.Fprintf(w, " %s", s)
		}
		fmt.Fprintln(w)
	}
	for _, e := range p.Externs {
		ps := make([]string, len(e.Params))
		for i, t := range e.Params {
			ps[i] = t.String()
		}
		if e.Variadic {
			ps = append(ps, "...")
		}
		fmt.Fprintf(w, "extern %s %s(%s)\n", e.Result, e.Name, strings.Join(ps, ", "))
	}
	for i, f := range p.Funcs {
		if i > 0 || len(p.Globals)+len(p.Externs) > 0 {
			fmt.Fprintln(w)
		}
		FprintFunc(w, f)
	}
}

// FprintFunc writes one function (see Fprint).
func FprintFunc(w io.Writer, f *Func) {
	ps := make([]string, len(f.Params))
	for i, v := range f.Params {
		ps[i] = declString(v.Typ, v.Name)
	}
	if f.Variadic {
		ps = append(ps, "...")
	}
	fmt.Fprintf(w, "func %s(%s) %s  // %s\n", f.Name, strings.Join(ps, ", "), f.ResultTyp, f.Pos)
	for _, v := range f.Locals {
		fmt.Fprintf(w, "  %s %s\n", v.Class, declString(v.Typ, v.Name))
	}
	if f.Result != nil {
		fmt.Fprintf(w, "  result %s\n", declString(f.Result.Typ, f.Result.Name))
	}
	pr := printer{w: w}
	pr.block(f.Body, 1)
	if len(f.Decisions) > 0 {
		fmt.Fprintf(w, "decisions of %s:\n", f.Name)
		for _, d := range f.Decisions {
			ids := make([]string, len(d.Outcomes))
			for i := range d.Outcomes {
				ids[i] = d.ID(i)
			}
			fmt.Fprintf(w, "  d%d %-6s %s-%d:%d  %q\n      %s\n", d.Index, d.Kind, d.Pos, d.End.Line, d.End.Col, d.Text, strings.Join(ids, " | "))
		}
	}
}

func declString(t *Type, name string) string {
	return t.QualString() + " " + name
}

func initString(g *Var) string {
	if len(g.Init) == 0 {
		return ""
	}
	if g.Class == String && g.Typ.Kind == Array {
		// a string literal: its bytes up to the terminating NUL
		buf := make([]byte, g.Typ.Len)
		for _, it := range g.Init {
			if c, ok := it.Val.(*Const); ok && it.Leaf < len(buf) {
				buf[it.Leaf] = byte(c.Bits)
			}
		}
		if n := len(buf); n > 0 && buf[n-1] == 0 {
			buf = buf[:n-1]
		}
		return fmt.Sprintf("= %q", buf)
	}
	if g.Typ.IsScalar() && len(g.Init) == 1 && g.Init[0].Leaf == 0 {
		return "= " + g.Init[0].Val.String()
	}
	leaves := g.Typ.Leaves()
	parts := make([]string, len(g.Init))
	for i, it := range g.Init {
		parts[i] = fmt.Sprintf("%s=%s", leafName(leaves, it.Leaf), it.Val)
	}
	return "= {" + strings.Join(parts, ", ") + "}"
}

func leafName(leaves []Leaf, i int) string {
	if i < len(leaves) && leaves[i].Path != "" {
		return leaves[i].Path
	}
	return fmt.Sprintf("#%d", i)
}

type printer struct {
	w io.Writer
}

func (p *printer) line(depth int, pos Pos, format string, args ...any) {
	s := strings.Repeat("  ", depth) + fmt.Sprintf(format, args...)
	if pos.Line > 0 {
		fmt.Fprintf(p.w, "%-48s // line %d\n", s, pos.Line)
	} else {
		fmt.Fprintln(p.w, s)
	}
}

func (p *printer) block(ss []Stmt, depth int) {
	for _, s := range ss {
		p.stmt(s, depth)
	}
}

// StmtString returns the one-line form of an elementary statement (the
// header line for If and While).
func StmtString(s Stmt) string {
	switch s := s.(type) {
	case *Copy:
		if s.Volatile {
			return fmt.Sprintf("%s = volatile %s", s.Dst, s.Src)
		}
		return fmt.Sprintf("%s = %s", s.Dst, s.Src)
	case *Unary:
		return fmt.Sprintf("%s = %s%s", s.Dst, s.Op, s.X)
	case *Binary:
		return fmt.Sprintf("%s = %s %s %s", s.Dst, s.X, s.Op, s.Y)
	case *Conv:
		return fmt.Sprintf("%s = (%s)%s", s.Dst, s.Dst.Typ, s.X)
	case *AddrOf:
		return fmt.Sprintf("%s = &%s", s.Dst, s.Var)
	case *FieldAddr:
		return fmt.Sprintf("%s = &%s->%s", s.Dst, s.Ptr, s.Ptr.Type().Elem.Fields[s.Field].Name)
	case *PtrAdd:
		return fmt.Sprintf("%s = %s + %s", s.Dst, s.Ptr, s.Index)
	case *Load:
		if s.Volatile {
			return fmt.Sprintf("%s = volatile *%s", s.Dst, s.Ptr)
		}
		return fmt.Sprintf("%s = *%s", s.Dst, s.Ptr)
	case *Store:
		if s.Init {
			return fmt.Sprintf("*%s = %s [init]", s.Ptr, s.Src)
		}
		return fmt.Sprintf("*%s = %s", s.Ptr, s.Src)
	case *Call:
		args := make([]string, len(s.Args))
		for i, a := range s.Args {
			args[i] = a.String()
		}
		name := ""
		switch {
		case s.Func != nil:
			name = s.Func.Name
		case s.Extern != nil:
			name = s.Extern.Name
		default:
			name = "(*" + s.Ptr.String() + ")"
		}
		call := fmt.Sprintf("%s(%s)", name, strings.Join(args, ", "))
		if s.Dst != nil {
			return s.Dst.Name + " = " + call
		}
		return call
	case *Return:
		if s.Val == nil {
			return "return"
		}
		return "return " + s.Val.String()
	case *Assert:
		if s.UB != "" {
			return fmt.Sprintf("require(%s, %q)", s.Cond, s.UB)
		}
		return fmt.Sprintf("assert(%s)%s", s.Cond, decString(s.Dec))
	case *Unsupported:
		if s.Dst != nil {
			return fmt.Sprintf("%s = unsupported(%q)", s.Dst, s.What)
		}
		return fmt.Sprintf("unsupported(%q)", s.What)
	case *If:
		return fmt.Sprintf("if %s%s", s.Cond, decString(s.Dec))
	case *While:
		return fmt.Sprintf("while %s%s", s.Cond, decString(s.Dec))
	}
	return fmt.Sprintf("?%T", s)
}

func decString(r *DecRef) string {
	if r == nil {
		return ""
	}
	out := func(i int) string {
		if i < 0 {
			return "-"
		}
		if r.D == nil || i >= len(r.D.Outcomes) {
			return "?"
		}
		return r.D.Outcomes[i]
	}
	if r.D == nil {
		return fmt.Sprintf("  [d? %s/%s]", out(r.True), out(r.False))
	}
	return fmt.Sprintf("  [d%d %s/%s]", r.D.Index, out(r.True), out(r.False))
}

func (p *printer) stmt(s Stmt, depth int) {
	switch s := s.(type) {
	case *If:
		p.line(depth, s.Pos, "%s {", StmtString(s))
		p.block(s.Then, depth+1)
		if len(s.Else) > 0 {
			p.line(depth, Pos{}, "} else {")
			p.block(s.Else, depth+1)
		}
		p.line(depth, Pos{}, "}")
	case *While:
		p.line(depth, s.Pos, "loop {")
		p.block(s.Pre, depth+1)
		p.line(depth+1, s.Pos, "%s else break", StmtString(s))
		p.block(s.Body, depth+1)
		p.line(depth, Pos{}, "}")
	default:
		p.line(depth, s.Position(), "%s", StmtString(s))
	}
}
