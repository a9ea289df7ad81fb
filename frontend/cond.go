package frontend

import (
	"sort"
	"strings"

	"modernc.org/cc/v4"

	"github.com/inka-tool/inka/ir"
)

// condValue lowers a controlling expression: a scalar tested against 0.
func (b *funcBuilder) condValue(e cc.ExpressionNode) ir.Value {
	v := b.scalar(b.rvalue(e), e)
	if v == nil || !v.Type().IsScalar() {
		panic(unsupported(e.Position(), "condition of non-scalar type"))
	}
	if v.Type().IsFloat() {
		return b.nonZero(v)
	}
	return v
}

// nonZero returns the int x != 0 of a floating-point x: C tests a
// floating-point condition so (-0.0 is false, a NaN true).
func (b *funcBuilder) nonZero(x ir.Value) ir.Value {
	if c, ok := x.(*ir.Const); ok {
		return ir.NewConst(ir.IntType, ir.FloatBinary(ir.Ne, c.Typ, c.Bits, 0))
	}
	d := b.newTemp(ir.IntType)
	b.bools[d] = true
	b.emit(&ir.Binary{At: b.at(), Dst: d, Op: ir.Ne, X: x, Y: zeroOf(x.Type())})
	return d
}

// boolInto sets r (int) to 1 if v is non-zero, else 0.
func (b *funcBuilder) boolInto(r *ir.Var, v ir.Value) {
	if x, ok := v.(*ir.Var); ok && b.bools[x] {
		b.assign(r, x)
		return
	}
	if c, ok := v.(*ir.Const); ok {
		x := uint64(0)
		if c.Bits != 0 && (!c.Typ.IsFloat() || c.Float64() != 0) {
			x = 1
		}
		b.emit(&ir.Copy{At: b.at(), Dst: r, Src: ir.NewConst(ir.IntType, x)})
		return
	}
	b.emit(&ir.Binary{At: b.at(), Dst: r, Op: ir.Ne, X: v, Y: zeroOf(v.Type())})
}

func zeroOf(t *ir.Type) ir.Value {
	if t.IsPointer() {
		return &ir.Const{Typ: t}
	}
	return ir.NewConst(t, 0)
}

// logicalOperands flattens a chain of the same operator: a && b && c gives
// a, b, c.
func logicalOperands(e cc.ExpressionNode) (ops []cc.ExpressionNode, and bool) {
	switch x := e.(type) {
	case *cc.LogicalAndExpression:
		if x.Case != cc.LogicalAndExpressionLAnd {
			return []cc.ExpressionNode{x.InclusiveOrExpression}, true
		}
		if l, ok := x.LogicalAndExpression.(*cc.LogicalAndExpression); ok && l.Case == cc.LogicalAndExpressionLAnd {
			ops, _ = logicalOperands(l)
		} else {
			ops = []cc.ExpressionNode{x.LogicalAndExpression}
		}
		return append(ops, x.InclusiveOrExpression), true
	case *cc.LogicalOrExpression:
		if x.Case != cc.LogicalOrExpressionLOr {
			return []cc.ExpressionNode{x.LogicalAndExpression}, false
		}
		if l, ok := x.LogicalOrExpression.(*cc.LogicalOrExpression); ok && l.Case == cc.LogicalOrExpressionLOr {
			ops, _ = logicalOperands(l)
		} else {
			ops = []cc.ExpressionNode{x.LogicalOrExpression}
		}
		return append(ops, x.LogicalAndExpression), false
	}
	return []cc.ExpressionNode{e}, true
}

// logical lowers a chain of && (or of ||) to nested ifs computing an int
// 0 or 1. Each operand but the last is a condition (DecAnd, DecOr) whose
// true (false for ||) outcome means the next operand is evaluated; with
// Options.TestComp, the last one is a condition too.
func (b *funcBuilder) logical(e cc.ExpressionNode) ir.Value {
	ops, and := logicalOperands(e)
	if len(ops) == 1 {
		return b.rvalue(ops[0])
	}
	if b.u.conditions {
		return b.exprDecision(e)
	}
	kind := ir.DecOr
	if and {
		kind = ir.DecAnd
	}
	r := b.newTemp(ir.IntType)
	b.bools[r] = true
	orig := b.cur
	cur := b.cur
	for _, o := range ops[:len(ops)-1] {
		d := b.decision(kind, o, "true", "false")
		b.cur = cur
		old := b.setPos(o.Position())
		v := b.condValue(o)
		ifs := &ir.If{At: b.at(), Cond: v, Dec: &ir.DecRef{D: d, True: 0, False: 1}}
		cur = b.shortCircuit(ifs, r, and)
		b.pos = old
	}
	last := ops[len(ops)-1]
	b.cur = cur
	old := b.setPos(last.Position())
	if b.u.testComp {
		// Test-Comp measures the branches gcc makes, one on each
		// operand: the last one is a condition too.
		d := b.decision(kind, last, "true", "false")
		ifs := &ir.If{Cond: b.condValue(last), Dec: &ir.DecRef{D: d, True: 0, False: 1}}
		ifs.At = b.at()
		b.emit(ifs)
		b.cur = &ifs.Then
		b.setFlagTemp(r, 1)
		b.cur = &ifs.Else
		b.setFlagTemp(r, 0)
	} else {
		b.boolInto(r, b.condValue(last))
	}
	b.pos = old
	b.cur = orig
	return r
}

// shortCircuit emits the test ifs of an operand of a chain of && (and) or
// of ||, whose value is r: the branch that decides sets r, the other,
// returned, evaluates the next operand.
func (b *funcBuilder) shortCircuit(ifs *ir.If, r *ir.Var, and bool) (next *[]ir.Stmt) {
	b.emit(ifs)
	if and {
		b.cur = &ifs.Else
		b.setFlagTemp(r, 0)
		return &ifs.Then
	}
	b.cur = &ifs.Then
	b.setFlagTemp(r, 1)
	return &ifs.Else
}

func (b *funcBuilder) setFlagTemp(r *ir.Var, x uint64) {
	b.emit(&ir.Copy{At: b.at(), Dst: r, Src: ir.NewConst(r.Typ, x)})
}

// conditional lowers c ? a : b (and GNU c ?: b).
func (b *funcBuilder) conditional(x *cc.ConditionalExpression, want bool) ir.Value {
	if x.Case != cc.ConditionalExpressionCond {
		return b.rvalue(x.LogicalOrExpression)
	}
	pos := x.Position()
	cond := x.LogicalOrExpression
	d := b.decision(ir.DecCond, cond, "true", "false")
	c := b.decisionValue(d, cond)
	ifs := &ir.If{At: b.at(), Cond: c, Dec: &ir.DecRef{D: d, True: 0, False: 1}}
	b.emit(ifs)
	var r *ir.Var
	var t *ir.Type
	if x.Type().Kind() != cc.Void {
		t = b.u.irType(x.Type(), pos)
		if want || t.IsAggregate() {
			r = b.newTemp(t)
		}
	}
	orig := b.cur
	branch := func(blk *[]ir.Stmt, e cc.ExpressionNode, self ir.Value) {
		b.cur = blk
		switch {
		case e == nil: // c ?: b
			if r != nil {
				b.assign(r, b.convertAssign(self, t, cond, "conditional"))
			}
		case r != nil:
			old := b.setPos(e.Position())
			b.assign(r, b.convertAssign(b.rvalue(e), t, e, "conditional"))
			b.pos = old
		default:
			b.discard(e)
		}
	}
	branch(&ifs.Then, x.ExpressionList, c)
	branch(&ifs.Else, x.ConditionalExpression, nil)
	b.cur = orig
	if r == nil {
		return nil
	}
	return r
}

// Decisions and source spans.

// srcSpan is a byte range in a source file.
type srcSpan struct {
	file       string
	start, end int
}

// tokSpan returns the source span of a token: its own text, or, for a
// token produced by a macro expansion, the whole macro invocation.
func (b *funcBuilder) tokSpan(t cc.Token) srcSpan {
	if s, ok := b.remap[t.Seq()]; ok {
		return s
	}
	p := t.Position()
	src := b.u.fileText(p.Filename)
	off := p.Offset
	txt := t.Src()
	if off >= 0 && off+len(txt) <= len(src) && string(src[off:off+len(txt)]) == string(txt) {
		return srcSpan{p.Filename, off, off + len(txt)}
	}
	return srcSpan{p.Filename, off, macroEnd(src, off)}
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// skipSpace skips white space and comments.
func skipSpace(src []byte, i int) int {
	for i < len(src) {
		switch {
		case src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r' || src[i] == '\f' || src[i] == '\v':
			i++
		case src[i] == '\\' && i+1 < len(src) && src[i+1] == '\n':
			i += 2
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '*':
			j := strings.Index(string(src[i+2:]), "*/")
			if j < 0 {
				return len(src)
			}
			i += j + 4
		case src[i] == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		default:
			return i
		}
	}
	return i
}

// matchParen returns the index of the ')' matching the '(' at i.
func matchParen(src []byte, i int) int {
	depth := 0
	for i < len(src) {
		switch c := src[i]; c {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		case '"', '\'':
			i++
			for i < len(src) && src[i] != c {
				if src[i] == '\\' {
					i++
				}
				i++
			}
		case '/':
			if j := skipSpace(src, i); j > i {
				i = j
				continue
			}
		}
		i++
	}
	return -1
}

// macroEnd returns the end of the macro invocation at off.
func macroEnd(src []byte, off int) int {
	i := off
	for i < len(src) && isIdentByte(src[i]) {
		i++
	}
	if i == off {
		return min(off+1, len(src))
	}
	j := skipSpace(src, i)
	if j < len(src) && src[j] == '(' {
		if k := matchParen(src, j); k >= 0 {
			return k + 1
		}
	}
	return i
}

// offPos converts a byte offset in a file to a position.
func (u *Unit) offPos(file string, off int) ir.Pos {
	src := u.fileText(file)
	if u.lines == nil {
		u.lines = map[string][]int{}
	}
	ls, ok := u.lines[file]
	if !ok {
		ls = []int{0}
		for i, c := range src {
			if c == '\n' {
				ls = append(ls, i+1)
			}
		}
		u.lines[file] = ls
	}
	l := sort.Search(len(ls), func(i int) bool { return ls[i] > off }) - 1
	if l < 0 {
		l = 0
	}
	return ir.Pos{File: file, Line: l + 1, Col: off - ls[l] + 1}
}

// collapse normalises white space (and line continuations) to single spaces.
func collapse(s string) string {
	s = strings.ReplaceAll(s, "\\\n", " ")
	return strings.Join(strings.Fields(s), " ")
}

// span returns the source extent and text of a node.
func (b *funcBuilder) span(n cc.Node) (start, end ir.Pos, text string) {
	toks := cc.NodeTokens(n)
	if len(toks) == 0 {
		p := irPos(n.Position())
		return p, p, cc.NodeSource(n)
	}
	f := b.tokSpan(toks[0])
	l := b.tokSpan(toks[len(toks)-1])
	s, e := f.start, f.end
	if l.file == f.file && l.end > e {
		e = l.end
	}
	src := b.u.fileText(f.file)
	if s < 0 || e > len(src) || s > e {
		p := irPos(n.Position())
		return p, p, cc.NodeSource(n)
	}
	return b.u.offPos(f.file, s), b.u.offPos(f.file, e), collapse(string(src[s:e]))
}

// decision registers a decision of the source located at node n.
func (b *funcBuilder) decision(kind ir.DecisionKind, n cc.Node, outcomes ...string) *ir.Decision {
	start, end, text := b.span(n)
	d := &ir.Decision{Kind: kind, Pos: start, End: end, Text: text, Outcomes: outcomes, Func: b.f}
	b.f.Decisions = append(b.f.Decisions, d)
	return d
}

// assertArg locates the argument of the assert(...) invocation that
// produced the call id.
func (b *funcBuilder) assertArg(id *cc.PrimaryExpression) (start, end ir.Pos, text string, ok bool) {
	p := id.Token.Position()
	src := b.u.fileText(p.Filename)
	i := p.Offset
	if i < 0 || i+6 > len(src) || string(src[i:i+6]) != "assert" {
		return
	}
	j := skipSpace(src, i+6)
	if j >= len(src) || src[j] != '(' {
		return
	}
	k := matchParen(src, j)
	if k < 0 {
		return
	}
	s := skipSpace(src, j+1)
	e := k
	for e > s && (src[e-1] == ' ' || src[e-1] == '\t' || src[e-1] == '\n' || src[e-1] == '\r') {
		e--
	}
	b.argSpan = srcSpan{p.Filename, s, e}
	return b.u.offPos(p.Filename, s), b.u.offPos(p.Filename, e), collapse(string(src[s:e])), true
}

// remapTokens maps the tokens of expression e, the argument of an assert
// expanded from the source text at argStart, to their source positions, by
// lexing the argument text. When the token sequences differ (a macro used
// in the argument), nothing is mapped and the conditions nested in the
// argument are located at the whole assert.
func (b *funcBuilder) remapTokens(e cc.ExpressionNode, _ ir.Pos) {
	toks := cc.NodeTokens(e)
	a := b.argSpan
	src := b.u.fileText(a.file)
	lexed := lexC(src, a.start, a.end)
	if len(lexed) != len(toks) {
		return
	}
	m := map[int]srcSpan{}
	for i, t := range toks {
		l := lexed[i]
		if string(src[l[0]:l[1]]) != t.SrcStr() {
			return
		}
		m[t.Seq()] = srcSpan{a.file, l[0], l[1]}
	}
	b.remap = m
}

var punctuators = []string{
	"...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
	"*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##",
}

// lexC splits src[start:end] into C tokens, returning their byte ranges.
func lexC(src []byte, start, end int) [][2]int {
	var r [][2]int
	i := start
	for {
		i = skipSpace(src, i)
		if i >= end {
			return r
		}
		j := i
		c := src[i]
		switch {
		case c == '"' || c == '\'' || (c == 'L' || c == 'u' || c == 'U') && i+1 < end && (src[i+1] == '"' || src[i+1] == '\''):
			if c != '"' && c != '\'' {
				j++
			}
			q := src[j]
			j++
			for j < end && src[j] != q {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j++
		case c >= '0' && c <= '9' || c == '.' && i+1 < end && src[i+1] >= '0' && src[i+1] <= '9':
			for j < end && (isIdentByte(src[j]) || src[j] == '.' ||
				(src[j] == '+' || src[j] == '-') && (src[j-1] == 'e' || src[j-1] == 'E' || src[j-1] == 'p' || src[j-1] == 'P')) {
				j++
			}
		case isIdentByte(c):
			for j < end && isIdentByte(src[j]) {
				j++
			}
		default:
			j++
			for _, p := range punctuators {
				if i+len(p) <= end && string(src[i:i+len(p)]) == p {
					j = i + len(p)
					break
				}
			}
		}
		r = append(r, [2]int{i, min(j, end)})
		i = j
	}
}
