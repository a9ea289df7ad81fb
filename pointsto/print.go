package pointsto

import (
	"fmt"
	"io"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// Fprint lists the statements of the analysed function, each preceded by
// the points-to relations that hold just before it when they differ from
// the last ones listed.
func (r *Result) Fprint(w io.Writer) {
	last := ""
	var walk func(ss []ir.Stmt, depth int)
	walk = func(ss []ir.Stmt, depth int) {
		for _, s := range ss {
			g := r.before[s]
			if cur := g.String(); cur != last {
				fmt.Fprintf(w, "%s{ %s }\n", strings.Repeat("  ", depth), cur)
				last = cur
			}
			line := ""
			if p := s.Position(); p.Line > 0 {
				line = fmt.Sprintf("  // line %d", p.Line)
			}
			switch s := s.(type) {
			case *ir.If:
				fmt.Fprintf(w, "%s%s {%s\n", strings.Repeat("  ", depth), ir.StmtString(s), line)
				walk(s.Then, depth+1)
				if len(s.Else) > 0 {
					fmt.Fprintf(w, "%s} else {\n", strings.Repeat("  ", depth))
					walk(s.Else, depth+1)
				}
				fmt.Fprintf(w, "%s}\n", strings.Repeat("  ", depth))
				last = ""
			case *ir.While:
				fmt.Fprintf(w, "%sloop {%s\n", strings.Repeat("  ", depth), line)
				walk(s.Pre, depth+1)
				fmt.Fprintf(w, "%s%s else break\n", strings.Repeat("  ", depth+1), ir.StmtString(s))
				walk(s.Body, depth+1)
				fmt.Fprintf(w, "%s}\n", strings.Repeat("  ", depth))
				last = ""
			default:
				fmt.Fprintf(w, "%s%s%s\n", strings.Repeat("  ", depth), ir.StmtString(s), line)
			}
		}
	}
	walk(r.Func.Body, 1)
	fmt.Fprintf(w, "at exit: { %s }\n", r.Exit.String())
}

// AtLine returns the graph before the first statement on line (in tree
// order), or the graph at the function's exit when line is 0 or has no
// statement.
func (r *Result) AtLine(line int) (Graph, bool) {
	if line <= 0 {
		return r.Exit, true
	}
	var found Graph
	var walk func(ss []ir.Stmt) bool
	walk = func(ss []ir.Stmt) bool {
		for _, s := range ss {
			if s.Position().Line == line {
				found = r.before[s]
				return true
			}
			switch s := s.(type) {
			case *ir.If:
				if walk(s.Then) || walk(s.Else) {
					return true
				}
			case *ir.While:
				if walk(s.Pre) || walk(s.Body) {
					return true
				}
			}
		}
		return false
	}
	if walk(r.Func.Body) {
		return found, true
	}
	return r.Exit, false
}

// WriteDot writes g as a Graphviz digraph: a solid edge for a definite
// relation, a dashed one for a possible relation. Temporaries are left
// out unless all is set, so that the graph reads like the paper's.
func WriteDot(w io.Writer, name string, g Graph, all bool) {
	fmt.Fprintf(w, "digraph %q {\n  rankdir=LR;\n  node [shape=box, fontname=\"monospace\"];\n", name)
	for _, rel := range g.Relations() {
		if !all && isTemp(rel.From) {
			continue
		}
		style, label := "solid", rel.Rel.String()
		if rel.Rel == Possible {
			style = "dashed"
		}
		if rel.From.Obj.Kind == UnknownObj {
			// "?" stands for the code the analysis does not see: an
			// edge to each object that escaped to it.
			style, label = "dotted", "escaped"
		}
		fmt.Fprintf(w, "  %q -> %q [label=%q, style=%s];\n", rel.From.String(), rel.To.String(), label, style)
	}
	fmt.Fprintln(w, "}")
}

func isTemp(l Loc) bool {
	v := l.Obj.Var
	return v != nil && (v.Class == ir.Temp || v.Class == ir.Flag)
}
