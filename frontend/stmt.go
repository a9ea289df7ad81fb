package frontend

import (
	"fmt"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/inka-tool/inka/ir"
)

// funcBuilder lowers one function body.
//
// Control flow. Every statement is lowered into a block and reports how it
// may complete (exits): normally, and/or abruptly with one of a set of
// pending jump flags set (break, continue, return). The lowering of a
// statement returns the block where the code that follows it must go: a
// block reached only when the statement completed normally. When the normal
// completions of a statement meet again with pending jumps, the code that
// follows is guarded by `if (flags) {} else {...}`; when only one branch of
// an if completes normally, the code that follows simply goes in that
// branch. Flags are created on demand, and flags that no test ends up
// reading are removed at the end (finish), so a switch whose cases end with
// break, or an early return in an if, costs no flag at all.
type funcBuilder struct {
	pb    *progBuilder
	u     *Unit
	f     *ir.Func
	vars  map[*cc.Declarator]*ir.Var
	decls map[*ir.Var]*cc.Declarator
	names map[string]int // names of the source variables of the function

	cur     *[]ir.Stmt // where statements are emitted
	pos     ir.Pos     // position of the statements emitted
	targets []*target  // enclosing loops and switches, innermost last
	retFlag *ir.Var
	bools   map[*ir.Var]bool // temps known to hold 0 or 1
	remap   map[int]srcSpan  // token seq -> source span, inside an assert argument
	argSpan srcSpan          // the argument of the assert being lowered
	endPos  ir.Pos           // the closing brace of the function
	ncl     int              // compound literals
}

// target is a loop or a switch: what break (and continue) refer to.
type target struct {
	loop      bool
	brk, cont *ir.Var // flags, created on demand
}

// exits describes how a lowered statement may complete.
type exits struct {
	normal bool
	jumps  []*ir.Var // flags that may be pending after an abrupt completion
}

func union(a, b []*ir.Var) []*ir.Var {
	r := append([]*ir.Var(nil), a...)
	for _, v := range b {
		if !hasFlag(r, v) {
			r = append(r, v)
		}
	}
	return r
}

func hasFlag(s []*ir.Var, v *ir.Var) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func without(s []*ir.Var, v *ir.Var) []*ir.Var {
	var r []*ir.Var
	for _, x := range s {
		if x != v {
			r = append(r, x)
		}
	}
	return r
}

func (b *funcBuilder) emit(s ir.Stmt) { *b.cur = append(*b.cur, s) }

func (b *funcBuilder) at() ir.At { return ir.At{Pos: b.pos} }

// setPos sets the position of the statements emitted and returns the old one.
func (b *funcBuilder) setPos(p token.Position) ir.Pos {
	old := b.pos
	if p.Line > 0 {
		b.pos = irPos(p)
	}
	return old
}

func (b *funcBuilder) newTemp(t *ir.Type) *ir.Var {
	v := b.pb.newVar("", t, ir.Temp, b.pos, b.f)
	b.f.Locals = append(b.f.Locals, v)
	return v
}

func (b *funcBuilder) newFlag(kind string) *ir.Var {
	v := b.pb.newVar(kind, ir.IntType, ir.Flag, b.pos, b.f)
	b.f.Locals = append(b.f.Locals, v)
	return v
}

func (b *funcBuilder) setFlag(v *ir.Var, x uint64) {
	b.emit(&ir.Copy{At: b.at(), Dst: v, Src: ir.NewConst(ir.IntType, x)})
}

// block lowers a statement into a fresh block (into: *dst).
func (b *funcBuilder) stmtInto(s *cc.Statement, dst *[]ir.Stmt) (*[]ir.Stmt, exits) {
	save := b.cur
	defer func() { b.cur = save }()
	return b.stmt(s, dst)
}

// body lowers the body of the function.
func (b *funcBuilder) body(cs *cc.CompoundStatement) {
	b.f.Body = nil
	b.pos = b.f.Pos
	b.cur = &b.f.Body
	cont, ex := b.compound(cs, &b.f.Body)
	if ex.normal && b.f.Name == "main" && b.f.Result != nil && b.f.ResultTyp.Kind == ir.Int {
		// reaching the } that terminates main returns 0 (C11 5.1.2.2.3)
		b.cur = cont
		b.pos = b.endPos
		b.emit(&ir.Copy{At: b.at(), Dst: b.f.Result, Src: ir.NewConst(ir.IntType, 0)})
	}
}

// guard emits, in out, `if (any of flags) {} else {...}` and returns the
// else block.
func (b *funcBuilder) guard(out *[]ir.Stmt, flags []*ir.Var) *[]ir.Stmt {
	b.cur = out
	c := b.anyFlag(flags)
	g := &ir.If{At: b.at(), Cond: c}
	b.emit(g)
	return &g.Else
}

// anyFlag returns a value that is non-zero when one of flags is set (at
// most one jump is pending at a time, so an | of the flags will do).
func (b *funcBuilder) anyFlag(flags []*ir.Var) ir.Value {
	var c ir.Value = flags[0]
	for _, f := range flags[1:] {
		t := b.newTemp(ir.IntType)
		b.emit(&ir.Binary{At: b.at(), Dst: t, Op: ir.Or, X: c, Y: f})
		c = t
	}
	return c
}

// stmt lowers s at the end of out and returns the block where the code that
// follows s goes (valid when ex.normal).
func (b *funcBuilder) stmt(s *cc.Statement, out *[]ir.Stmt) (*[]ir.Stmt, exits) {
	b.cur = out
	switch s.Case {
	case cc.StatementCompound:
		return b.compound(s.CompoundStatement, out)
	case cc.StatementExpr:
		if e := s.ExpressionStatement.ExpressionList; e != nil {
			old := b.setPos(e.Position())
			b.discard(e)
			b.pos = old
		}
		return b.cur, exits{normal: true}
	case cc.StatementSelection:
		ss := s.SelectionStatement
		if ss.Case == cc.SelectionStatementSwitch {
			return b.switchStmt(ss, out)
		}
		return b.ifStmt(ss, out)
	case cc.StatementIteration:
		return b.loop(s.IterationStatement, out)
	case cc.StatementJump:
		return b.jump(s.JumpStatement, out)
	case cc.StatementLabeled:
		ls := s.LabeledStatement
		switch ls.Case {
		case cc.LabeledStatementLabel:
			panic(unsupported(ls.Position(), "labels and goto"))
		case cc.LabeledStatementRange:
			panic(unsupported(ls.Position(), "case range"))
		}
		panic(unsupported(ls.Position(), "case label not directly in the body of its switch"))
	case cc.StatementAsm:
		panic(unsupported(s.Position(), "inline assembly"))
	}
	panic(unsupported(s.Position(), fmt.Sprintf("statement %v", s.Case)))
}

func (b *funcBuilder) compound(cs *cc.CompoundStatement, out *[]ir.Stmt) (*[]ir.Stmt, exits) {
	var items []*cc.BlockItem
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		items = append(items, l.BlockItem)
	}
	return b.items(items, out)
}

// items lowers a sequence of block items.
func (b *funcBuilder) items(items []*cc.BlockItem, out *[]ir.Stmt) (*[]ir.Stmt, exits) {
	cur := out
	ex := exits{normal: true}
	for i, it := range items {
		if !ex.normal {
			// Unreachable code: lowered (for its decisions and errors)
			// and dropped.
			var dead []ir.Stmt
			b.items(items[i:], &dead)
			break
		}
		c, e := b.item(it, cur)
		ex.jumps = union(ex.jumps, e.jumps)
		ex.normal = e.normal
		cur = c
	}
	b.cur = cur
	return cur, ex
}

func (b *funcBuilder) item(it *cc.BlockItem, out *[]ir.Stmt) (*[]ir.Stmt, exits) {
	b.cur = out
	switch it.Case {
	case cc.BlockItemDecl:
		b.declaration(it.Declaration)
		return b.cur, exits{normal: true}
	case cc.BlockItemStmt:
		return b.stmt(it.Statement, out)
	case cc.BlockItemLabel:
		panic(unsupported(it.Position(), "local label declaration"))
	case cc.BlockItemFuncDef:
		panic(unsupported(it.Position(), "nested function"))
	}
	panic(unsupported(it.Position(), fmt.Sprintf("block item %v", it.Case)))
}

// merge computes the completion of a two-way construct whose branches end
// in blocks ct and ce, and where the code that follows goes.
func (b *funcBuilder) merge(out, ct *[]ir.Stmt, et exits, ce *[]ir.Stmt, ee exits) (*[]ir.Stmt, exits) {
	jumps := union(et.jumps, ee.jumps)
	switch {
	case !et.normal && !ee.normal:
		b.cur = out
		return out, exits{normal: false, jumps: jumps}
	case et.normal && !ee.normal:
		b.cur = ct
		return ct, exits{normal: true, jumps: jumps}
	case !et.normal && ee.normal:
		b.cur = ce
		return ce, exits{normal: true, jumps: jumps}
	}
	if len(jumps) == 0 {
		b.cur = out
		return out, exits{normal: true}
	}
	g := b.guard(out, jumps)
	b.cur = g
	return g, exits{normal: true, jumps: jumps}
}

func (b *funcBuilder) ifStmt(ss *cc.SelectionStatement, out *[]ir.Stmt) (*[]ir.Stmt, exits) {
	b.cur = out
	old := b.setPos(ss.ExpressionList.Position())
	d := b.decision(ir.DecIf, ss.ExpressionList, "true", "false")
	c := b.condValue(ss.ExpressionList)
	b.setPos(ss.Token.Position())
	ifs := &ir.If{At: b.at(), Cond: c, Dec: &ir.DecRef{D: d, True: 0, False: 1}}
	b.emit(ifs)
	b.pos = old
	ct, et := b.stmtInto(ss.Statement, &ifs.Then)
	ce, ee := &ifs.Else, exits{normal: true}
	if ss.Case == cc.SelectionStatementIfElse {
		ce, ee = b.stmtInto(ss.Statement2, &ifs.Else)
	}
	old = b.setPos(ss.Token.Position())
	defer func() { b.pos = old }()
	return b.merge(out, ct, et, ce, ee)
}

func (b *funcBuilder) jump(js *cc.JumpStatement, out *[]ir.Stmt) (*[]ir.Stmt, exits) {
	b.cur = out
	old := b.setPos(js.Position())
	defer func() { b.pos = old }()
	switch js.Case {
	case cc.JumpStatementGoto, cc.JumpStatementGotoExpr:
		panic(unsupported(js.Position(), "goto"))
	case cc.JumpStatementBreak:
		t := b.targets[len(b.targets)-1]
		if t.brk == nil {
			t.brk = b.newFlag("brk")
		}
		b.setFlag(t.brk, 1)
		return out, exits{jumps: []*ir.Var{t.brk}}
	case cc.JumpStatementContinue:
		var t *target
		for i := len(b.targets) - 1; i >= 0; i-- {
			if b.targets[i].loop {
				t = b.targets[i]
				break
			}
		}
		if t.cont == nil {
			t.cont = b.newFlag("cont")
		}
		b.setFlag(t.cont, 1)
		return out, exits{jumps: []*ir.Var{t.cont}}
	case cc.JumpStatementReturn:
		if e := js.ExpressionList; e != nil {
			b.setPos(e.Position())
			if b.f.Result == nil {
				// return of a void expression in a void function
				b.discard(e)
			} else {
				v := b.convertAssign(b.rvalue(e), b.f.ResultTyp, e, "return")
				b.assign(b.f.Result, v)
			}
		}
		b.setPos(js.Position())
		if b.retFlag == nil {
			b.retFlag = b.newFlag("ret")
		}
		b.setFlag(b.retFlag, 1)
		return b.cur, exits{jumps: []*ir.Var{b.retFlag}}
	}
	panic(unsupported(js.Position(), fmt.Sprintf("jump %v", js.Case)))
}

// loop lowers while, do and for statements.
//
// A loop without break or return inside (continue is fine) is a plain
// While whose Pre computes the source condition, with the loop's decision
// on it. Otherwise the loop condition is a flag `go`, computed in Pre by
// `if (exit flags) go = 0; else { cond; if (c) go = 1; else go = 0; }`, so
// that the decision is recorded only when the source evaluates the
// condition. A do-while puts its body in Pre (Pre runs before each test).
func (b *funcBuilder) loop(is *cc.IterationStatement, out *[]ir.Stmt) (*[]ir.Stmt, exits) {
	b.cur = out
	old := b.setPos(is.Position())
	defer func() { b.pos = old }()
	var cond, step cc.ExpressionNode
	var kind ir.DecisionKind
	switch is.Case {
	case cc.IterationStatementWhile:
		cond, kind = is.ExpressionList, ir.DecWhile
	case cc.IterationStatementDo:
		cond, kind = is.ExpressionList, ir.DecDo
	case cc.IterationStatementFor:
		if is.ExpressionList != nil {
			b.setPos(is.ExpressionList.Position())
			b.discard(is.ExpressionList)
			b.setPos(is.Position())
		}
		cond, step, kind = is.ExpressionList2, is.ExpressionList3, ir.DecFor
	case cc.IterationStatementForDecl:
		b.declaration(is.Declaration)
		cond, step, kind = is.ExpressionList, is.ExpressionList2, ir.DecFor
	default:
		panic(unsupported(is.Position(), fmt.Sprintf("loop %v", is.Case)))
	}
	out = b.cur
	var d *ir.Decision
	if cond != nil {
		d = b.decision(kind, cond, "true", "false")
	}
	t := &target{loop: true}
	b.targets = append(b.targets, t)
	var body []ir.Stmt
	cb, eb := b.stmtInto(is.Statement, &body)
	b.targets = b.targets[:len(b.targets)-1]
	b.cur = out

	exitFlags := without(eb.jumps, t.cont)
	if t.cont != nil && hasFlag(eb.jumps, t.cont) {
		b.setFlag(t.cont, 0) // before the loop
		body = append(body, &ir.Copy{At: b.at(), Dst: t.cont, Src: ir.NewConst(ir.IntType, 0)})
	}
	if t.brk != nil && hasFlag(eb.jumps, t.brk) {
		b.setFlag(t.brk, 0)
	}
	loopPos := b.at()

	// lowerCond emits the evaluation of the source condition into blk and
	// returns the value to test.
	lowerCond := func(blk *[]ir.Stmt) ir.Value {
		save := b.cur
		defer func() { b.cur = save }()
		b.cur = blk
		p := b.setPos(cond.Position())
		defer func() { b.pos = p }()
		return b.condValue(cond)
	}
	// lowerStep emits the step of a for loop into blk.
	lowerStep := func(blk *[]ir.Stmt) {
		if step == nil {
			return
		}
		save := b.cur
		defer func() { b.cur = save }()
		b.cur = blk
		p := b.setPos(step.Position())
		defer func() { b.pos = p }()
		b.discard(step)
	}
	w := &ir.While{At: loopPos}
	if len(exitFlags) == 0 {
		if is.Case == cc.IterationStatementDo {
			w.Pre = body
			w.Cond = lowerCond(&w.Pre)
		} else {
			lowerStep(&body)
			w.Body = body
			if cond != nil {
				w.Cond = lowerCond(&w.Pre)
			} else {
				w.Cond = ir.NewConst(ir.IntType, 1)
			}
		}
		if d != nil {
			w.Dec = &ir.DecRef{D: d, True: 0, False: 1}
		}
		b.emit(w)
		return out, exits{normal: true}
	}

	goFlag := b.newFlag("go")
	// head emits the test of the exit flags and of the condition into blk.
	head := func(blk *[]ir.Stmt) {
		save := b.cur
		defer func() { b.cur = save }()
		b.cur = blk
		b.pos = loopPos.Pos
		x := b.anyFlag(exitFlags)
		if cond == nil {
			b.emit(&ir.Unary{At: b.at(), Dst: goFlag, Op: ir.LNot, X: x})
			return
		}
		h := &ir.If{At: b.at(), Cond: x}
		b.emit(h)
		b.cur = &h.Then
		b.setFlag(goFlag, 0)
		c := lowerCond(&h.Else)
		b.cur = &h.Else
		b.pos = loopPos.Pos
		t := &ir.If{At: b.at(), Cond: c, Dec: &ir.DecRef{D: d, True: 0, False: 1}}
		b.emit(t)
		b.cur = &t.Then
		b.setFlag(goFlag, 1)
		b.cur = &t.Else
		b.setFlag(goFlag, 0)
	}
	if is.Case == cc.IterationStatementDo {
		w.Pre = body
		head(&w.Pre)
	} else {
		if step != nil {
			if t.cont != nil && hasFlag(eb.jumps, t.cont) {
				save := b.cur
				g := b.guard(&body, exitFlags)
				b.cur = save
				lowerStep(g)
			} else if eb.normal {
				lowerStep(cb)
			}
		}
		w.Body = body
		head(&w.Pre)
	}
	w.Cond = goFlag
	b.cur = out
	b.emit(w)
	escaping := without(exitFlags, t.brk)
	if len(escaping) == 0 {
		return out, exits{normal: true}
	}
	g := b.guard(out, escaping)
	b.cur = g
	return g, exits{normal: true, jumps: escaping}
}

// A switch segment: the statements from a group of labels to the next.
type segment struct {
	labels []*cc.LabeledStatement
	items  []*cc.BlockItem
	first  *cc.Statement // the statement under the labels
	blk    []ir.Stmt
	cont   *[]ir.Stmt
	ex     exits
}

// switchStmt lowers a switch to a chain of tests, one per case label, in
// source order; the last test's else is the default (or no case).
//
// When no segment falls through into the next one and each segment has
// one label, each segment goes directly in the branch of its test.
// Otherwise the chain sets the index k of the segment where execution
// starts and the segments follow in order, segment i running when
// k == i or the previous segment completed normally (fall-through flag).
func (b *funcBuilder) switchStmt(ss *cc.SelectionStatement, out *[]ir.Stmt) (*[]ir.Stmt, exits) {
	b.cur = out
	old := b.setPos(ss.ExpressionList.Position())
	defer func() { b.pos = old }()
	e := ss.ExpressionList
	et := promote(b.exprType(e))
	if !et.IsInteger() {
		panic(unsupported(e.Position(), "switch on a non-integer"))
	}
	val := b.convert(b.rvalue(e), et)

	// Segments.
	var segs []*segment
	var dead []*cc.BlockItem
	var items []*cc.BlockItem
	switch body := ss.Statement; body.Case {
	case cc.StatementCompound:
		for l := body.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
			items = append(items, l.BlockItem)
		}
	default:
		items = []*cc.BlockItem{{Case: cc.BlockItemStmt, Statement: body}}
	}
	for _, it := range items {
		if it.Case == cc.BlockItemStmt && it.Statement.Case == cc.StatementLabeled {
			ls := it.Statement.LabeledStatement
			if ls.Case == cc.LabeledStatementCaseLabel || ls.Case == cc.LabeledStatementDefault || ls.Case == cc.LabeledStatementRange {
				seg := &segment{}
				s := it.Statement
				for s.Case == cc.StatementLabeled {
					ls := s.LabeledStatement
					if ls.Case == cc.LabeledStatementRange {
						panic(unsupported(ls.Position(), "case range"))
					}
					if ls.Case != cc.LabeledStatementCaseLabel && ls.Case != cc.LabeledStatementDefault {
						break
					}
					seg.labels = append(seg.labels, ls)
					s = ls.Statement
				}
				seg.first = s
				segs = append(segs, seg)
				continue
			}
		}
		if len(segs) == 0 {
			dead = append(dead, it)
			continue
		}
		segs[len(segs)-1].items = append(segs[len(segs)-1].items, it)
	}

	// The decision: one outcome per case label, then default or no case.
	var outcomes []string
	var cases []*cc.LabeledStatement
	caseSeg := map[*cc.LabeledStatement]int{}
	defSeg := -1
	for i, s := range segs {
		for _, l := range s.labels {
			if l.Case == cc.LabeledStatementDefault {
				defSeg = i
				continue
			}
			_, _, text := b.span(l.ConstantExpression)
			outcomes = append(outcomes, "case "+text)
			cases = append(cases, l)
			caseSeg[l] = i
		}
	}
	defOutcome := len(outcomes)
	if defSeg >= 0 {
		outcomes = append(outcomes, "default")
	} else {
		outcomes = append(outcomes, "no case")
	}
	d := b.decision(ir.DecSwitch, e, outcomes...)

	// Lower the segments.
	t := &target{}
	b.targets = append(b.targets, t)
	if len(dead) > 0 {
		var blk []ir.Stmt
		save := b.cur
		b.cur = &blk
		b.items(dead, &blk)
		b.cur = save
	}
	for _, s := range segs {
		its := append([]*cc.BlockItem{{Case: cc.BlockItemStmt, Statement: s.first}}, s.items...)
		save := b.cur
		s.cont, s.ex = b.items(its, &s.blk)
		b.cur = save
	}
	b.targets = b.targets[:len(b.targets)-1]
	b.cur = out
	if t.brk != nil {
		b.setFlag(t.brk, 0)
	}

	var jumps []*ir.Var
	direct := true
	for i, s := range segs {
		jumps = union(jumps, s.ex.jumps)
		if len(s.labels) != 1 || (s.ex.normal && i < len(segs)-1) {
			direct = false
		}
	}
	jumps = without(jumps, t.brk)
	b.pos = irPos(ss.Token.Position())

	caseConst := func(l *cc.LabeledStatement) ir.Value {
		c, ok := b.constOf(l.ConstantExpression, et)
		if !ok {
			panic(unsupported(l.ConstantExpression.Position(), "non-constant case label"))
		}
		return c
	}
	// chain emits the tests; then(i) fills the branch of case i; last fills
	// the final else.
	chain := func(then func(i int, blk *[]ir.Stmt), last func(blk *[]ir.Stmt)) {
		blk := b.cur
		if len(cases) == 0 {
			// no case label: a test whose false outcome is the default
			ifs := &ir.If{At: b.at(), Cond: ir.NewConst(ir.IntType, 0), Dec: &ir.DecRef{D: d, True: -1, False: defOutcome}}
			*blk = append(*blk, ifs)
			last(&ifs.Else)
			return
		}
		for i, l := range cases {
			b.cur = blk
			tv := b.newTemp(ir.IntType)
			b.bools[tv] = true
			b.emit(&ir.Binary{At: b.at(), Dst: tv, Op: ir.Eq, X: val, Y: caseConst(l)})
			f := -1
			if i == len(cases)-1 {
				f = defOutcome
			}
			ifs := &ir.If{At: b.at(), Cond: tv, Dec: &ir.DecRef{D: d, True: i, False: f}}
			b.emit(ifs)
			then(i, &ifs.Then)
			blk = &ifs.Else
		}
		last(blk)
	}

	if direct {
		// The places where the switch completes normally without a
		// break: when there is one (or none) and no break is taken, the
		// code that follows goes there, unguarded.
		var points []*[]ir.Stmt
		brkUsed := false
		place := func(s *segment, blk *[]ir.Stmt) {
			*blk = append(*blk, s.blk...)
			c := s.cont
			if c == &s.blk {
				c = blk
			}
			if s.ex.normal {
				points = append(points, c)
			}
			if t.brk != nil && hasFlag(s.ex.jumps, t.brk) {
				brkUsed = true
			}
		}
		chain(func(i int, blk *[]ir.Stmt) {
			place(segs[caseSeg[cases[i]]], blk)
		}, func(blk *[]ir.Stmt) {
			if defSeg >= 0 {
				place(segs[defSeg], blk)
			} else {
				points = append(points, blk)
			}
		})
		if !brkUsed && len(points) <= 1 {
			if len(points) == 0 {
				b.cur = out
				return out, exits{normal: false, jumps: jumps}
			}
			b.cur = points[0]
			return points[0], exits{normal: true, jumps: jumps}
		}
	} else {
		k := b.newFlag("sw")
		chain(func(i int, blk *[]ir.Stmt) {
			*blk = append(*blk, &ir.Copy{At: b.at(), Dst: k, Src: ir.NewConst(ir.IntType, uint64(caseSeg[cases[i]]))})
		}, func(blk *[]ir.Stmt) {
			*blk = append(*blk, &ir.Copy{At: b.at(), Dst: k, Src: ir.NewConst(ir.IntType, uint64(int64(defSeg)))})
		})
		b.cur = out
		var ft *ir.Var
		for i, s := range segs {
			if s.ex.normal && i < len(segs)-1 && ft == nil {
				ft = b.newFlag("fall")
				b.setFlag(ft, 0)
			}
		}
		for i, s := range segs {
			tv := b.newTemp(ir.IntType)
			b.emit(&ir.Binary{At: b.at(), Dst: tv, Op: ir.Eq, X: k, Y: ir.NewConst(ir.IntType, uint64(i))})
			var c ir.Value = tv
			falls := i > 0 && segs[i-1].ex.normal
			if falls {
				t2 := b.newTemp(ir.IntType)
				b.emit(&ir.Binary{At: b.at(), Dst: t2, Op: ir.Or, X: tv, Y: ft})
				c = t2
			}
			ifs := &ir.If{At: b.at(), Cond: c}
			b.emit(ifs)
			if falls {
				ifs.Then = append(ifs.Then, &ir.Copy{At: b.at(), Dst: ft, Src: ir.NewConst(ir.IntType, 0)})
			}
			ifs.Then = append(ifs.Then, s.blk...)
			if s.cont == &s.blk {
				s.cont = &ifs.Then
			}
			if s.ex.normal && i < len(segs)-1 {
				*s.cont = append(*s.cont, &ir.Copy{At: b.at(), Dst: ft, Src: ir.NewConst(ir.IntType, 1)})
			}
		}
	}
	b.cur = out
	if len(jumps) == 0 {
		return out, exits{normal: true}
	}
	g := b.guard(out, jumps)
	b.cur = g
	return g, exits{normal: true, jumps: jumps}
}
