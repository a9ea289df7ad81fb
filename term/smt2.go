package term

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strings"
)

// WriteSMT2 writes the QF_BV problem "every assertion holds" in SMT-LIB 2:
// the comments, one declare-fun per input, one define-fun per operator
// term the assertions reach (so that shared subterms are written once),
// the assertions and (check-sat). z3, cvc5, bitwuzla and boolector read it.
func WriteSMT2(w io.Writer, comments []string, asserts ...*Term) error {
	bw := bufio.NewWriter(w)
	for _, c := range comments {
		for _, l := range strings.Split(c, "\n") {
			fmt.Fprintf(bw, "; %s\n", l)
		}
	}
	fmt.Fprintln(bw, "(set-logic QF_BV)")
	reach := map[*Term]bool{}
	var walk func(t *Term)
	walk = func(t *Term) {
		if reach[t] {
			return
		}
		reach[t] = true
		for _, a := range t.Args {
			walk(a)
		}
	}
	for _, a := range asserts {
		walk(a)
	}
	ts := make([]*Term, 0, len(reach))
	for t := range reach {
		ts = append(ts, t)
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].ID < ts[j].ID })
	for _, t := range ts {
		switch t.Kind {
		case Const:
		case Var:
			fmt.Fprintf(bw, "(declare-fun %s () %s)\n", symbol(t), sort2(t.W))
		default:
			fmt.Fprintf(bw, "(define-fun t%d () %s %s)\n", t.ID, sort2(t.W), expr(t))
		}
	}
	for _, a := range asserts {
		fmt.Fprintf(bw, "(assert %s)\n", ref(a))
	}
	fmt.Fprintln(bw, "(check-sat)")
	return bw.Flush()
}

func sort2(w int) string {
	if w == 0 {
		return "Bool"
	}
	return fmt.Sprintf("(_ BitVec %d)", w)
}

// symbol quotes an input's name as an SMT-LIB symbol.
func symbol(t *Term) string {
	return "|" + strings.NewReplacer("|", "!", `\`, "!").Replace(t.Name) + "|"
}

// ref is how a term is written where it is used.
func ref(t *Term) string {
	switch t.Kind {
	case Const:
		if t.W == 0 {
			return fmt.Sprint(t.K == 1)
		}
		return fmt.Sprintf("(_ bv%d %d)", t.K, t.W)
	case Var:
		return symbol(t)
	}
	return fmt.Sprintf("t%d", t.ID)
}

// expr is the definition of an operator term.
func expr(t *Term) string {
	args := make([]string, len(t.Args))
	for i, a := range t.Args {
		args[i] = ref(a)
	}
	switch t.Kind {
	case ZExt, SExt:
		return fmt.Sprintf("((_ %s %d) %s)", t.Kind, t.W-t.Args[0].W, args[0])
	case Extract:
		return fmt.Sprintf("((_ extract %d %d) %s)", int(t.K)+t.W-1, t.K, args[0])
	case SMulO:
		// The product of the operands widened to twice their width is
		// not the widened wrapped product.
		w := t.Args[0].W
		wide := func(s string) string { return fmt.Sprintf("((_ sign_extend %d) %s)", w, s) }
		return fmt.Sprintf("(not (= (bvmul %s %s) %s))", wide(args[0]), wide(args[1]), wide("(bvmul "+args[0]+" "+args[1]+")"))
	}
	return "(" + t.Kind.String() + " " + strings.Join(args, " ") + ")"
}
