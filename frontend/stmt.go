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
	// vlaSizes: the size in bytes of each variable-length array, computed
	// at its declaration (vla.go)
	vlaSizes map[*cc.Declarator]*ir.Var
	// vlaTypes: the number of elements of each variable-length array
	// type a typedef names, evaluated at the typedef (C11 6.7.8p3)
	vlaTypes map[*cc.ArrayType]*ir.Var
	// blockVLAs: the variable-length arrays declared in each enclosing
	// block being lowered, innermost last (their lifetime ends with it)
	blockVLAs [][]*ir.Var

	cur     *[]ir.Stmt // where statements are emitted
	pos     ir.Pos     // position of the statements emitted
	targets []*target  // enclosing loops and switches, innermost last
	retFlag *ir.Var
	bools   map[*ir.Var]bool // temps known to hold 0 or 1
	remap   map[int]srcSpan  // token seq -> source span, inside an assert argument
	argSpan srcSpan          // the argument of the assert being lowered
	endPos  ir.Pos           // the closing brace of the function
	ncl     int              // compound literals

	jumps     *jumpInfo                        // labels and gotos (see jumps.go)
	lflags    map[*cc.LabeledStatement]*ir.Var // the flags of labels
	flagLabel map[*ir.Var]*cc.LabeledStatement
	gotoFlags []*ir.Var // initialized to 0 at the function's start
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
	v := b.pb.newVar("", ir.Unqualified(t), ir.Temp, b.pos, b.f) // a value: C drops its qualifiers
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

// body lowers the body of the function.
func (b *funcBuilder) body(cs *cc.CompoundStatement) {
	b.f.Body = nil
	b.pos = b.f.Pos
	b.cur = &b.f.Body
	b.jumps = scanJumps(cs)
	b.lflags = map[*cc.LabeledStatement]*ir.Var{}
	b.flagLabel = map[*ir.Var]*cc.LabeledStatement{}
	cont, ex := b.compound(cs, &b.f.Body, normalEntry)
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

// stmtOf lowers s at the end of out, entered as en says, and returns the
// block where the code that follows s goes (valid when ex.normal). See stmt.
func (b *funcBuilder) stmtOf(s *cc.Statement, out *[]ir.Stmt, en entry) (*[]ir.Stmt, exits) {
	b.cur = out
	switch s.Case {
	case cc.StatementCompound:
		return b.compound(s.CompoundStatement, out, en)
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
			return b.switchStmt(ss, out, en)
		}
		return b.ifStmt(ss, out, en)
	case cc.StatementIteration:
		return b.loop(s.IterationStatement, out, en)
	case cc.StatementJump:
		return b.jump(s.JumpStatement, out)
	case cc.StatementLabeled:
		ls := s.LabeledStatement
		if ls.Case == cc.LabeledStatementRange {
			panic(unsupported(ls.Position(), "case range"))
		}
		return b.label(ls, out, en)
	case cc.StatementAsm:
		panic(unsupported(s.Position(), "inline assembly"))
	}
	panic(unsupported(s.Position(), fmt.Sprintf("statement %v", s.Case)))
}

func (b *funcBuilder) compound(cs *cc.CompoundStatement, out *[]ir.Stmt, en entry) (*[]ir.Stmt, exits) {
	var items []*cc.BlockItem
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		items = append(items, l.BlockItem)
	}
	b.blockVLAs = append(b.blockVLAs, nil)
	next, ex := b.items(cs, items, 0, len(items), out, en, nil)
	vlas := b.blockVLAs[len(b.blockVLAs)-1]
	b.blockVLAs = b.blockVLAs[:len(b.blockVLAs)-1]
	if ex.normal && len(vlas) > 0 {
		b.cur = next
		b.vlaEnd(vlas, irPos(cs.Token2.Position()))
	}
	return next, ex
}

func (b *funcBuilder) itemOf(it *cc.BlockItem, out *[]ir.Stmt, en entry) (*[]ir.Stmt, exits) {
	b.cur = out
	switch it.Case {
	case cc.BlockItemDecl:
		b.declaration(it.Declaration)
		return b.cur, exits{normal: true}
	case cc.BlockItemStmt:
		return b.stmt(it.Statement, out, en)
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

func (b *funcBuilder) ifStmt(ss *cc.SelectionStatement, out *[]ir.Stmt, en entry) (*[]ir.Stmt, exits) {
	b.cur = out
	old := b.setPos(ss.ExpressionList.Position())
	d := b.decision(ir.DecIf, ss.ExpressionList, "true", "false")
	thenIn := entry{normal: en.normal, flags: b.flagsUnder(en.flags, posKey(ss.Statement))}
	elseIn := entry{normal: en.normal, flags: b.flagsUnder(en.flags, posKey(ss.Statement2))}
	var ifs *ir.If
	switch {
	case len(en.flags) == 0:
		c := b.decisionValue(d, ss.ExpressionList)
		b.setPos(ss.Token.Position())
		ifs = &ir.If{At: b.at(), Cond: c, Dec: &ir.DecRef{D: d, True: 0, False: 1}}
		b.emit(ifs)
	case thenIn.live() && elseIn.live():
		ifs = b.enteredIf(ss, d, en, thenIn.flags, elseIn.flags)
	default:
		// entered only by a goto, into one branch: the other is dead
		var dead []ir.Stmt
		b.cur = &dead
		b.decisionValue(d, ss.ExpressionList)
		b.cur = out
		ifs = &ir.If{}
	}
	b.pos = old
	ct, et := b.stmtPos(ss.Statement, &ifs.Then, thenIn)
	ce, ee := &ifs.Else, exits{normal: elseIn.live()}
	if ss.Case == cc.SelectionStatementIfElse {
		ce, ee = b.stmtPos(ss.Statement2, &ifs.Else, elseIn)
	}
	if ifs.Cond == nil {
		// one branch only: it goes in out
		blk, c, e := ifs.Then, ct, et
		if !thenIn.live() {
			blk, c, e = ifs.Else, ce, ee
		}
		if c == &ifs.Then || c == &ifs.Else {
			c = out
		}
		*out = append(*out, blk...)
		b.cur = c
		return c, e
	}
	old = b.setPos(ss.Token.Position())
	defer func() { b.pos = old }()
	return b.merge(out, ct, et, ce, ee)
}

// decideInto emits `if (c) [decision d] flag = 1; else flag = 0`.
func (b *funcBuilder) decideInto(flag *ir.Var, c ir.Value, d *ir.Decision) {
	t := &ir.If{At: b.at(), Cond: c, Dec: &ir.DecRef{D: d, True: 0, False: 1}}
	b.emit(t)
	b.cur = &t.Then
	b.setFlag(flag, 1)
	b.cur = &t.Else
	b.setFlag(flag, 0)
}

// enteredIf emits the test of an if entered by a goto into one of its
// branches (thenFlags, elseFlags: the flags of the labels in each) as well
// as normally: `if (a flag is set) into = which branch; else { cond;
// if (c) [decision] into = 1; else into = 0 }; if (into) ...`. The
// condition is evaluated, and the decision taken, only when the source
// evaluates it.
func (b *funcBuilder) enteredIf(ss *cc.SelectionStatement, d *ir.Decision, en entry, thenFlags, elseFlags []*ir.Var) *ir.If {
	save := b.cur
	defer func() { b.cur = save }()
	if !en.normal {
		// entered only by a goto: the condition is dead
		var dead []ir.Stmt
		b.cur = &dead
		b.decisionValue(d, ss.ExpressionList)
		b.cur = save
		b.setPos(ss.Token.Position())
		ifs := &ir.If{At: b.at(), Cond: b.anyFlag(thenFlags)}
		b.emit(ifs)
		return ifs
	}
	into := b.newFlag("into")
	b.setPos(ss.Token.Position())
	h := &ir.If{At: b.at(), Cond: b.anyFlag(en.flags)}
	b.emit(h)
	b.cur = &h.Then
	switch {
	case len(elseFlags) == 0:
		b.setFlag(into, 1)
	case len(thenFlags) == 0:
		b.setFlag(into, 0)
	default:
		b.emit(&ir.Copy{At: b.at(), Dst: into, Src: b.anyFlag(thenFlags)})
	}
	b.cur = &h.Else
	b.setPos(ss.ExpressionList.Position())
	c := b.decisionValue(d, ss.ExpressionList)
	b.setPos(ss.Token.Position())
	b.decideInto(into, c, d)
	b.cur = save
	ifs := &ir.If{At: b.at(), Cond: into}
	b.emit(ifs)
	return ifs
}

func (b *funcBuilder) jump(js *cc.JumpStatement, out *[]ir.Stmt) (*[]ir.Stmt, exits) {
	b.cur = out
	old := b.setPos(js.Position())
	defer func() { b.pos = old }()
	switch js.Case {
	case cc.JumpStatementGoto:
		ls, ok := js.Label().(*cc.LabeledStatement)
		if !ok {
			panic(unsupported(js.Position(), "goto to a local label (__label__)"))
		}
		f := b.labelFlag(ls)
		b.setFlag(f, 1)
		return out, exits{jumps: []*ir.Var{f}}
	case cc.JumpStatementGotoExpr:
		panic(unsupported(js.Position(), "computed goto"))
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
func (b *funcBuilder) loop(is *cc.IterationStatement, out *[]ir.Stmt, en entry) (*[]ir.Stmt, exits) {
	b.cur = out
	old := b.setPos(is.Position())
	defer func() { b.pos = old }()
	// into: the flags of the labels in the body, by which a goto enters
	// the loop without testing its condition (nor initializing a for)
	lp := &loopLowering{is: is, into: b.flagsUnder(en.flags, posKey(is.Statement))}
	var dead []ir.Stmt
	switch {
	case !en.normal:
		b.cur = &dead
	case len(lp.into) > 0:
		b.cur = b.guard(out, lp.into)
	}
	var kind ir.DecisionKind
	lp.cond, lp.step, kind = b.loopParts(is)
	if len(lp.into) == 0 && en.normal {
		out = b.cur
	}
	b.cur = out
	if lp.cond != nil {
		lp.d = b.decision(kind, lp.cond, "true", "false")
	}
	lp.t = &target{loop: true}
	b.targets = append(b.targets, lp.t)
	lp.cb, lp.eb = b.stmtPos(is.Statement, &lp.body, entry{normal: true, flags: lp.into})
	b.targets = b.targets[:len(b.targets)-1]
	b.cur = out

	t := lp.t
	lp.exitFlags = without(lp.eb.jumps, t.cont)
	if t.cont != nil && hasFlag(lp.eb.jumps, t.cont) {
		b.setFlag(t.cont, 0) // before the loop
		lp.body = append(lp.body, &ir.Copy{At: b.at(), Dst: t.cont, Src: ir.NewConst(ir.IntType, 0)})
	}
	if t.brk != nil && hasFlag(lp.eb.jumps, t.brk) {
		b.setFlag(t.brk, 0)
	}
	lp.pos = b.at()
	if len(lp.exitFlags) == 0 && (len(lp.into) == 0 || is.Case == cc.IterationStatementDo) {
		b.emit(b.plainLoop(lp))
		return out, exits{normal: true}
	}
	w := b.flaggedLoop(lp)
	b.cur = out
	b.emit(w)
	escaping := without(lp.exitFlags, t.brk)
	if len(escaping) == 0 {
		return out, exits{normal: true}
	}
	g := b.guard(out, escaping)
	b.cur = g
	return g, exits{normal: true, jumps: escaping}
}

// loopLowering is a loop being lowered: its source parts and what the
// lowering of its body found.
type loopLowering struct {
	is         *cc.IterationStatement
	cond, step cc.ExpressionNode // nil when absent
	d          *ir.Decision      // the decision on cond
	into       []*ir.Var         // the flags of the labels in the body a goto enters by
	exitFlags  []*ir.Var         // the jumps out of the body (continue excepted)
	t          *target
	body       []ir.Stmt
	cb         *[]ir.Stmt // where the body goes on when it completes normally
	eb         exits      // the body's exits
	pos        ir.At      // the loop's
}

// loopParts returns a loop's condition, step and kind of decision,
// lowering a for's initialization (expression or declaration).
func (b *funcBuilder) loopParts(is *cc.IterationStatement) (cond, step cc.ExpressionNode, kind ir.DecisionKind) {
	switch is.Case {
	case cc.IterationStatementWhile:
		return is.ExpressionList, nil, ir.DecWhile
	case cc.IterationStatementDo:
		return is.ExpressionList, nil, ir.DecDo
	case cc.IterationStatementFor:
		if is.ExpressionList != nil {
			b.setPos(is.ExpressionList.Position())
			b.discard(is.ExpressionList)
			b.setPos(is.Position())
		}
		return is.ExpressionList2, is.ExpressionList3, ir.DecFor
	case cc.IterationStatementForDecl:
		b.declaration(is.Declaration)
		return is.ExpressionList, is.ExpressionList2, ir.DecFor
	}
	panic(unsupported(is.Position(), fmt.Sprintf("loop %v", is.Case)))
}

// loopCond emits the evaluation of the loop's source condition into blk
// and returns the value to test.
func (b *funcBuilder) loopCond(lp *loopLowering, blk *[]ir.Stmt) ir.Value {
	save := b.cur
	defer func() { b.cur = save }()
	b.cur = blk
	p := b.setPos(lp.cond.Position())
	defer func() { b.pos = p }()
	return b.decisionValue(lp.d, lp.cond)
}

// loopStep emits the step of a for loop into blk.
func (b *funcBuilder) loopStep(lp *loopLowering, blk *[]ir.Stmt) {
	if lp.step == nil {
		return
	}
	save := b.cur
	defer func() { b.cur = save }()
	b.cur = blk
	p := b.setPos(lp.step.Position())
	defer func() { b.pos = p }()
	b.discard(lp.step)
}

// plainLoop is the While of a loop that no jump leaves and none enters
// (but a do's body): Pre computes the source condition, with the loop's
// decision on it.
func (b *funcBuilder) plainLoop(lp *loopLowering) *ir.While {
	w := &ir.While{At: lp.pos}
	if lp.is.Case == cc.IterationStatementDo {
		w.Pre = lp.body
		w.Cond = b.loopCond(lp, &w.Pre)
	} else {
		b.loopStep(lp, &lp.body)
		w.Body = lp.body
		if lp.cond != nil {
			w.Cond = b.loopCond(lp, &w.Pre)
		} else {
			w.Cond = ir.NewConst(ir.IntType, 1)
		}
	}
	if lp.d != nil {
		w.Dec = &ir.DecRef{D: lp.d, True: 0, False: 1}
	}
	return w
}

// flaggedLoop is the While of a loop that a jump leaves or enters: its
// condition is the flag go, computed in Pre by `if (exit flags) go = 0;
// else if (into flags) go = 1; else { cond; go = c }` (loopHead).
func (b *funcBuilder) flaggedLoop(lp *loopLowering) *ir.While {
	w := &ir.While{At: lp.pos}
	goFlag := b.newFlag("go")
	if lp.is.Case == cc.IterationStatementDo {
		w.Pre = lp.body
		b.loopHead(lp, goFlag, &w.Pre)
	} else {
		if lp.step != nil {
			if lp.t.cont != nil && hasFlag(lp.eb.jumps, lp.t.cont) {
				save := b.cur
				g := b.guard(&lp.body, lp.exitFlags)
				b.cur = save
				b.loopStep(lp, g)
			} else if lp.eb.normal {
				b.loopStep(lp, lp.cb)
			}
		}
		w.Body = lp.body
		b.loopHead(lp, goFlag, &w.Pre)
	}
	w.Cond = goFlag
	return w
}

// loopHead emits into blk the test of the exit flags and of the
// condition, setting goFlag; the decision is recorded only when the source
// evaluates the condition.
func (b *funcBuilder) loopHead(lp *loopLowering, goFlag *ir.Var, blk *[]ir.Stmt) {
	enter := lp.into // tested by the head of a while or for, the body of a do comes first
	if lp.is.Case == cc.IterationStatementDo {
		enter = nil
	}
	save := b.cur
	defer func() { b.cur = save }()
	b.cur = blk
	b.pos = lp.pos.Pos
	if lp.cond == nil && len(enter) == 0 {
		b.emit(&ir.Unary{At: b.at(), Dst: goFlag, Op: ir.LNot, X: b.anyFlag(lp.exitFlags)})
		return
	}
	// if (exit flags) go = 0; else if (into flags) go = 1; else cond
	level := func(flags []*ir.Var, val uint64) {
		if len(flags) == 0 {
			return
		}
		h := &ir.If{At: b.at(), Cond: b.anyFlag(flags)}
		b.emit(h)
		b.cur = &h.Then
		b.setFlag(goFlag, val)
		b.cur = &h.Else
	}
	level(lp.exitFlags, 0)
	level(enter, 1)
	if lp.cond == nil {
		b.setFlag(goFlag, 1)
		return
	}
	c := b.loopCond(lp, b.cur)
	b.pos = lp.pos.Pos
	b.decideInto(goFlag, c, lp.d)
}

// switchType returns the promoted type of a switch's controlling expression.
func (b *funcBuilder) switchType(e cc.ExpressionNode) *ir.Type {
	et := promote(b.exprType(e))
	if !et.IsInteger() {
		panic(unsupported(e.Position(), "switch on a non-integer"))
	}
	return et
}

// switchDec is a switch's decision: one outcome per case label (cases, in
// source order), then "default" or "no case" (outcome def).
type switchDec struct {
	d     *ir.Decision
	cases []*cc.LabeledStatement
	def   int
}

// switchDecision registers the decision of a switch on e whose case and
// default labels are labels, in source order.
func (b *funcBuilder) switchDecision(e cc.ExpressionNode, labels []*cc.LabeledStatement) switchDec {
	var sd switchDec
	var outcomes []string
	hasDefault := false
	for _, l := range labels {
		if l.Case == cc.LabeledStatementDefault {
			hasDefault = true
			continue
		}
		_, _, text := b.span(l.ConstantExpression)
		outcomes = append(outcomes, "case "+text)
		sd.cases = append(sd.cases, l)
	}
	sd.def = len(outcomes)
	if hasDefault {
		outcomes = append(outcomes, "default")
	} else {
		outcomes = append(outcomes, "no case")
	}
	sd.d = b.decision(ir.DecSwitch, e, outcomes...)
	return sd
}

// caseChain emits, at b.cur, the tests of a switch's value val (of type et)
// against its case labels, in source order; then(i) fills the branch of
// case i, last the final else (default or no case).
func (b *funcBuilder) caseChain(sd switchDec, val ir.Value, et *ir.Type, then func(i int, blk *[]ir.Stmt), last func(blk *[]ir.Stmt)) {
	blk := b.cur
	if len(sd.cases) == 0 {
		// no case label: a test whose false outcome is the default
		ifs := &ir.If{At: b.at(), Cond: ir.NewConst(ir.IntType, 0), Dec: &ir.DecRef{D: sd.d, True: -1, False: sd.def}}
		*blk = append(*blk, ifs)
		last(&ifs.Else)
		return
	}
	for i, l := range sd.cases {
		b.cur = blk
		c, ok := b.constOf(l.ConstantExpression, et)
		if !ok {
			panic(unsupported(l.ConstantExpression.Position(), "non-constant case label"))
		}
		tv := b.newTemp(ir.IntType)
		b.bools[tv] = true
		b.emit(&ir.Binary{At: b.at(), Dst: tv, Op: ir.Eq, X: val, Y: c})
		f := -1
		if i == len(sd.cases)-1 {
			f = sd.def
		}
		ifs := &ir.If{At: b.at(), Cond: tv, Dec: &ir.DecRef{D: sd.d, True: i, False: f}}
		b.emit(ifs)
		then(i, &ifs.Then)
		blk = &ifs.Else
	}
	last(blk)
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
//
// A switch whose body has a case label nested in one of its statements, a
// goto from one of its statements to another, or a label that a goto from
// outside enters, is lowered by switchJumps instead.
func (b *funcBuilder) switchStmt(ss *cc.SelectionStatement, out *[]ir.Stmt, en entry) (*[]ir.Stmt, exits) {
	if len(en.flags) > 0 || b.jumps.nested[ss] || b.jumps.inBody[posKey(ss.Statement)] {
		return b.switchJumps(ss, out, en)
	}
	b.cur = out
	old := b.setPos(ss.ExpressionList.Position())
	defer func() { b.pos = old }()
	e := ss.ExpressionList
	sw := &switchLowering{et: b.switchType(e)}
	sw.val = b.convert(b.rvalue(e), sw.et)
	segs, dead := switchSegments(ss)
	sw.segs = segs
	var labels []*cc.LabeledStatement
	sw.caseSeg = map[*cc.LabeledStatement]int{}
	sw.defSeg = -1
	for i, s := range segs {
		for _, l := range s.labels {
			labels = append(labels, l)
			sw.caseSeg[l] = i
			if l.Case == cc.LabeledStatementDefault {
				sw.defSeg = i
			}
		}
	}
	sw.sd = b.switchDecision(e, labels)
	sw.t = b.lowerSegments(segs, dead)
	b.cur = out
	if sw.t.brk != nil {
		b.setFlag(sw.t.brk, 0)
	}

	var jumps []*ir.Var
	direct := true
	for i, s := range segs {
		jumps = union(jumps, s.ex.jumps)
		if len(s.labels) != 1 || (s.ex.normal && i < len(segs)-1) {
			direct = false
		}
	}
	jumps = without(jumps, sw.t.brk)
	b.pos = irPos(ss.Token.Position())

	if direct {
		if cont, ex, done := b.switchDirect(sw, out, jumps); done {
			return cont, ex
		}
	} else {
		b.switchIndexed(sw, out)
	}
	b.cur = out
	if len(jumps) == 0 {
		return out, exits{normal: true}
	}
	g := b.guard(out, jumps)
	b.cur = g
	return g, exits{normal: true, jumps: jumps}
}

// switchLowering is a switch (without jumps into it) being lowered: its
// value, its segments, the segment each case label starts and the
// decision's chain of tests.
type switchLowering struct {
	sd      switchDec
	val     ir.Value
	et      *ir.Type
	segs    []*segment
	caseSeg map[*cc.LabeledStatement]int
	defSeg  int // the default's segment, -1 without one
	t       *target
}

// switchSegments cuts the switch's body into segments, each from a group
// of case labels to the next group; the items before the first label
// (dead: no case leads to them) are returned apart.
func switchSegments(ss *cc.SelectionStatement) (segs []*segment, dead []*cc.BlockItem) {
	for _, it := range switchItems(ss) {
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
	return segs, dead
}

// lowerSegments lowers each segment into its own block (and the dead items
// into one thrown away), with the switch as the target of their breaks,
// which it returns.
func (b *funcBuilder) lowerSegments(segs []*segment, dead []*cc.BlockItem) *target {
	t := &target{}
	b.targets = append(b.targets, t)
	if len(dead) > 0 {
		var blk []ir.Stmt
		save := b.cur
		b.cur = &blk
		b.items(nil, dead, 0, len(dead), &blk, normalEntry, nil)
		b.cur = save
	}
	for _, s := range segs {
		its := append([]*cc.BlockItem{{Case: cc.BlockItemStmt, Statement: s.first}}, s.items...)
		save := b.cur
		s.cont, s.ex = b.items(nil, its, 0, len(its), &s.blk, normalEntry, nil)
		b.cur = save
	}
	b.targets = b.targets[:len(b.targets)-1]
	return t
}

// switchDirect puts each segment in the branch of its test. When the
// switch completes normally in one place (or none) and no break is taken,
// the code that follows goes there, unguarded: it returns that place with
// done set.
func (b *funcBuilder) switchDirect(sw *switchLowering, out *[]ir.Stmt, jumps []*ir.Var) (cont *[]ir.Stmt, ex exits, done bool) {
	// The places where the switch completes normally without a break.
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
		if sw.t.brk != nil && hasFlag(s.ex.jumps, sw.t.brk) {
			brkUsed = true
		}
	}
	b.caseChain(sw.sd, sw.val, sw.et, func(i int, blk *[]ir.Stmt) {
		place(sw.segs[sw.caseSeg[sw.sd.cases[i]]], blk)
	}, func(blk *[]ir.Stmt) {
		if sw.defSeg >= 0 {
			place(sw.segs[sw.defSeg], blk)
		} else {
			points = append(points, blk)
		}
	})
	if brkUsed || len(points) > 1 {
		return nil, exits{}, false
	}
	if len(points) == 0 {
		b.cur = out
		return out, exits{normal: false, jumps: jumps}, true
	}
	b.cur = points[0]
	return points[0], exits{normal: true, jumps: jumps}, true
}

// switchIndexed sets the index k of the segment where execution starts by
// the chain of tests, then runs the segments in order, segment i when
// k == i or the previous segment completed normally (fall-through flag).
func (b *funcBuilder) switchIndexed(sw *switchLowering, out *[]ir.Stmt) {
	segs := sw.segs
	k := b.newFlag("sw")
	b.caseChain(sw.sd, sw.val, sw.et, func(i int, blk *[]ir.Stmt) {
		*blk = append(*blk, &ir.Copy{At: b.at(), Dst: k, Src: ir.NewConst(ir.IntType, uint64(sw.caseSeg[sw.sd.cases[i]]))})
	}, func(blk *[]ir.Stmt) {
		*blk = append(*blk, &ir.Copy{At: b.at(), Dst: k, Src: ir.NewConst(ir.IntType, uint64(int64(sw.defSeg)))})
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
