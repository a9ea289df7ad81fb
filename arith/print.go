package arith

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/inka-tool/inka/ir"
)

// cTypeNames are the C spellings of the integer types (char is signed on
// the target; "signed char" says so whatever the compiler's default).
var cTypeNames = map[ir.Kind]string{
	ir.Bool: "_Bool", ir.Char: "signed char", ir.UChar: "unsigned char",
	ir.Short: "short", ir.UShort: "unsigned short", ir.Int: "int", ir.UInt: "unsigned int",
	ir.Long: "long", ir.ULong: "unsigned long", ir.LongLong: "long long", ir.ULongLong: "unsigned long long",
}

var litSuffix = map[ir.Kind]string{
	ir.Int: "", ir.UInt: "U", ir.Long: "L", ir.ULong: "UL", ir.LongLong: "LL", ir.ULongLong: "ULL",
}

// Literal prints the value bits of type t as a C constant expression of
// type ir.Promote(t): a decimal literal with its suffix, parenthesized
// with a unary minus when negative, and MIN as (-MAX-1) (the literal of
// MIN's magnitude would not fit the type).
func Literal(t *ir.Type, bits uint64) string {
	pt := ir.Promote(t)
	bits = ir.Truncate(t, bits)
	suf := litSuffix[pt.Kind]
	if !pt.IsSigned() || int64(bits) >= 0 {
		return strconv.FormatUint(ir.Truncate(pt, bits), 10) + suf
	}
	v := int64(bits)
	if v == pt.MinInt() {
		return fmt.Sprintf("(-%d%s-1)", pt.MaxUint(), suf)
	}
	return fmt.Sprintf("(-%d%s)", -v, suf)
}

// C prints p as a self-checking C program: the variables (globals at file
// scope, locals in main), the expression statements in order, then one
// check per expression that prints "NG e<ID> <value>" when the value is
// wrong. main returns 1 if any check failed, else 0. header, if not empty,
// is put in a comment at the top.
func (p *Program) C(header string) []byte {
	var b strings.Builder
	if header != "" {
		fmt.Fprintf(&b, "/* %s */\n", strings.ReplaceAll(header, "*/", "* /"))
	}
	b.WriteString("int printf(const char *, ...);\n\n")
	used := p.usedVars()
	for _, v := range p.Vars {
		if v.Global && used[v] {
			b.WriteString(decl(v) + "\n")
		}
	}
	b.WriteString("\nint main(void)\n{\n")
	for _, v := range p.Vars {
		if !v.Global && used[v] {
			b.WriteString("\t" + decl(v) + "\n")
		}
	}
	b.WriteString("\tint ng = 0;\n\n")
	for _, e := range p.Exprs {
		if !e.Dropped {
			fmt.Fprintf(&b, "\t%s = %s;\n", e.T.Name, expr(e.Root))
		}
	}
	b.WriteString("\n")
	for _, e := range p.Exprs {
		if e.Dropped {
			continue
		}
		f, cast := "%lld", "long long"
		if !e.T.T.IsSigned() {
			f, cast = "%llu", "unsigned long long"
		}
		fmt.Fprintf(&b, "\tif (%s != %s) { printf(\"NG e%d %s\\n\", (%s)%s); ng = 1; }\n",
			e.T.Name, Literal(e.T.T, e.Want.Bits), e.ID, f, cast, e.T.Name)
	}
	b.WriteString("\treturn ng;\n}\n")
	return []byte(b.String())
}

// usedVars are the variables the printed program needs: the t-variables
// of the expressions kept and every variable they read.
func (p *Program) usedVars() map[*Var]bool {
	used := map[*Var]bool{}
	for _, e := range p.Exprs {
		if e.Dropped {
			continue
		}
		used[e.T] = true
		walk(e.Root, func(n *Node) {
			if n.Op == Ref {
				used[n.Var] = true
			}
		})
	}
	return used
}

// decl prints the declaration of v with its initial value.
func decl(v *Var) string {
	var b strings.Builder
	if v.Static {
		b.WriteString("static ")
	}
	if v.Const {
		b.WriteString("const ")
	}
	if v.Volatile {
		b.WriteString("volatile ")
	}
	fmt.Fprintf(&b, "%s %s = %s;", cTypeNames[v.T.Kind], v.Name, Literal(v.T, v.Init))
	return b.String()
}

// expr prints an expression fully parenthesized: one level of
// parentheses per operator.
func expr(n *Node) string {
	var b strings.Builder
	writeTree(&b, n, func(n *Node) string {
		if n.Op == Ref {
			return n.Var.Name
		}
		return Literal(n.T, n.Bits)
	})
	return b.String()
}

// writeTree prints the tree at n, its leaves as leaf says.
func writeTree(b *strings.Builder, n *Node, leaf func(*Node) string) {
	switch {
	case n.Op.IsLeaf():
		b.WriteString(leaf(n))
	case n.Op == Cast:
		fmt.Fprintf(b, "((%s)", cTypeNames[n.T.Kind])
		writeTree(b, n.X, leaf)
		b.WriteString(")")
	case n.Op.IsUnary():
		b.WriteString("(" + n.Op.String())
		writeTree(b, n.X, leaf)
		b.WriteString(")")
	case n.Op == Cond:
		b.WriteString("(")
		writeTree(b, n.X, leaf)
		b.WriteString(" ? ")
		writeTree(b, n.Y, leaf)
		b.WriteString(" : ")
		writeTree(b, n.Z, leaf)
		b.WriteString(")")
	default:
		b.WriteString("(")
		writeTree(b, n.X, leaf)
		b.WriteString(" " + n.Op.String() + " ")
		writeTree(b, n.Y, leaf)
		b.WriteString(")")
	}
}

// Pattern is the shape of p's expressions that are not dropped, as the
// paper groups minimized failures: the trees with each variable replaced
// by its type and each constant by K and its type, "t-type = tree" per
// expression. Two failures with the same pattern are most likely the
// same bug.
func (p *Program) Pattern() string {
	var parts []string
	for _, e := range p.Exprs {
		if e.Dropped {
			continue
		}
		var b strings.Builder
		b.WriteString(cTypeNames[e.T.T.Kind] + " = ")
		writeTree(&b, e.Root, func(n *Node) string {
			if n.Op == Ref {
				return cTypeNames[n.Var.T.Kind]
			}
			return "K:" + cTypeNames[n.T.Kind]
		})
		parts = append(parts, b.String())
	}
	return strings.Join(parts, "; ")
}
