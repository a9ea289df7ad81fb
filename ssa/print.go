package ssa

import (
	"fmt"
	"io"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// Fprint writes the PSSA form of f, each statement beside the normalized
// IR statement it comes from, in the spirit of the paper's Figures 2, 9
// and 11. It starts with the address table (&x = N).
func Fprint(w io.Writer, f *Func) {
	fmt.Fprintf(w, "pssa %s\n", f.IR.Name)
	var addrs []string
	for _, o := range f.PT.Objects {
		cs := f.cellsOf[o]
		if len(cs) == 0 || !addressed(f, o.Name) {
			continue
		}
		if len(cs) == 1 {
			addrs = append(addrs, fmt.Sprintf("&%s = %d", cs[0].Name, cs[0].Addr))
		} else {
			addrs = append(addrs, fmt.Sprintf("&%s = %d..%d", o.Name, cs[0].Addr, cs[len(cs)-1].Addr))
		}
	}
	if len(addrs) > 0 {
		fmt.Fprintf(w, "addresses: %s\n", strings.Join(addrs, ", "))
	}
	p := &printer{w: w, f: f}
	p.block(f.Body, 1)
}

// addressed reports whether an object's address matters for the listing:
// it appears in some φu/φd or address constant. Computed lazily per call;
// listings are small.
func addressed(f *Func, name string) bool {
	found := false
	var walk func(ss []Stmt)
	walk = func(ss []Stmt) {
		for _, s := range ss {
			switch s := s.(type) {
			case *Addr:
				if s.Of != nil && s.Of.Obj.Name == name {
					found = true
				}
			case *PhiU:
				for _, v := range s.Vals {
					if v.(*Version).Cell.Obj.Name == name {
						found = true
					}
				}
			case *PhiD:
				for _, v := range s.Dsts {
					if v.Cell.Obj.Name == name {
						found = true
					}
				}
			case *If:
				walk(s.Then)
				walk(s.Else)
			case *While:
				walk(s.Pre)
				walk(s.Body)
			}
		}
	}
	walk(f.Body)
	return found
}

type printer struct {
	w io.Writer
	f *Func
}

func (p *printer) line(depth int, irs ir.Stmt, text string) {
	left := strings.Repeat("  ", depth) + text
	if irs == nil {
		fmt.Fprintln(p.w, left)
		return
	}
	fmt.Fprintf(p.w, "%-56s | %s", left, ir.StmtString(irs))
	if pos := irs.Position(); pos.Line > 0 {
		fmt.Fprintf(p.w, "  (line %d)", pos.Line)
	}
	fmt.Fprintln(p.w)
}

func (p *printer) block(ss []Stmt, depth int) {
	for _, s := range ss {
		p.stmt(s, depth)
	}
}

func vec(vs []Value) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = v.String()
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func versions(vs []*Version) string {
	parts := make([]string, len(vs))
	for i, v := range vs {
		parts[i] = v.String()
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func (p *printer) addrVec(addrs []int64) string {
	parts := make([]string, len(addrs))
	for i, a := range addrs {
		parts[i] = "&" + p.cellAt(a)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func (p *printer) cellAt(a int64) string {
	for _, c := range p.f.Cells {
		if c.Addr == a {
			return c.Name
		}
	}
	for _, c := range p.f.Cells {
		if c.Addr < a && a < c.Addr+c.Typ.Size() {
			return fmt.Sprintf("%s+%d", c.Name, a-c.Addr)
		}
	}
	return fmt.Sprint(a)
}

// bytesMark prefixes the cells of a φ that accesses bytes (PhiU.Bytes).
func bytesMark(b bool) string {
	if b {
		return "bytes "
	}
	return ""
}

func ptrString(v Value, off int64) string {
	if off == 0 {
		return v.String()
	}
	return fmt.Sprintf("%s+%d", v, off)
}

// StmtString returns the one-line form of an elementary PSSA statement.
func (p *printer) stmtString(s Stmt) string {
	switch s := s.(type) {
	case *Op:
		switch s.Kind {
		case OpCopy:
			return fmt.Sprintf("%s = %s", s.Dst, s.Args[0])
		case OpUnary:
			return fmt.Sprintf("%s = %s%s", s.Dst, s.Op, s.Args[0])
		case OpBinary:
			return fmt.Sprintf("%s = %s %s %s", s.Dst, s.Args[0], s.Op, s.Args[1])
		case OpConv:
			return fmt.Sprintf("%s = (%s)%s", s.Dst, s.Dst.Cell.Typ, s.Args[0])
		case OpMath:
			args := vec(s.Args)
			return fmt.Sprintf("%s = %s(%s)", s.Dst, s.Func, args[1:len(args)-1])
		}
	case *Addr:
		if s.Of == nil {
			return fmt.Sprintf("%s = %d", s.Dst, s.Addr)
		}
		return fmt.Sprintf("%s = &%s", s.Dst, s.Of.Name)
	case *Offset:
		return fmt.Sprintf("%s = %s + %d", s.Dst, s.Base, s.K)
	case *Index:
		return fmt.Sprintf("%s = %s + %s*%d", s.Dst, s.Base, s.I, s.Scale)
	case *PhiU:
		return fmt.Sprintf("%s = φu(%s, %s, %s%s)", s.Dst, ptrString(s.Ptr, s.Off), p.addrVec(s.Addrs), bytesMark(s.Bytes), vec(s.Vals))
	case *PhiD:
		return fmt.Sprintf("%s = φd(%s, %s, %s, %s%s)", versions(s.Dsts), ptrString(s.Ptr, s.Off), p.addrVec(s.Addrs), s.Val, bytesMark(s.Bytes), vec(s.Olds))
	case *Stub:
		lhs := ""
		if len(s.Dsts) > 0 {
			lhs = versions(s.Dsts) + " = "
		}
		args := vec(s.Args)
		return fmt.Sprintf("%sstub %s#%d(%s)", lhs, s.Extern.Name, s.Site, args[1:len(args)-1])
	case *Truncated:
		return fmt.Sprintf("%s = call %s (not inlined: recursion bound)", versions(s.Dsts), s.Call.Func.Name)
	case *Cut:
		if len(s.Dsts) > 0 {
			return fmt.Sprintf("%s = cut %q", versions(s.Dsts), s.What)
		}
		return fmt.Sprintf("cut %q", s.What)
	case *Check:
		if c, ok := s.Source().(*ir.Call); ok {
			// the call left after a dispatch: only NULL reaches it
			return fmt.Sprintf("assert(%s)  (call through %s: no function left)", s.Cond, c.Ptr)
		}
		return fmt.Sprintf("assert(%s)", s.Cond)
	case *Return:
		if len(s.Val) == 0 {
			return "return"
		}
		if len(s.Val) == 1 {
			return "return " + s.Val[0].String()
		}
		return "return " + vec(s.Val)
	}
	return fmt.Sprintf("?%T", s)
}

func phiVectors(ps []*Phi) (dst, a, b string) {
	d := make([]*Version, len(ps))
	x := make([]Value, len(ps))
	y := make([]Value, len(ps))
	for i, ph := range ps {
		d[i], x[i], y[i] = ph.Dst, ph.Args[0], ph.Args[1]
	}
	return versions(d), vec(x), vec(y)
}

func (p *printer) stmt(s Stmt, depth int) {
	switch s := s.(type) {
	case *If:
		p.line(depth, s.Source(), fmt.Sprintf("if (%s) {", s.Cond))
		p.block(s.Then, depth+1)
		if len(s.Else) > 0 {
			p.line(depth, nil, "} else {")
			p.block(s.Else, depth+1)
		}
		p.line(depth, nil, "}")
		if len(s.Phis) > 0 {
			d, a, b := phiVectors(s.Phis)
			p.line(depth, nil, fmt.Sprintf("%s = φ(%s, %s)", d, a, b))
		}
	case *While:
		if len(s.Phis) > 0 {
			d, a, b := phiVectors(s.Phis)
			p.line(depth, nil, fmt.Sprintf("%s = φ(%s, %s)", d, a, b))
		}
		p.line(depth, s.Source(), "loop {")
		p.block(s.Pre, depth+1)
		p.line(depth+1, nil, fmt.Sprintf("while (%s)", s.Cond))
		p.block(s.Body, depth+1)
		p.line(depth, nil, "}")
	default:
		p.line(depth, s.Source(), p.stmtString(s))
	}
}
