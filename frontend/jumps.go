package frontend

import (
	"sort"

	"modernc.org/cc/v4"

	"github.com/inka-tool/inka/ir"
)

// Labels and goto.
//
// The IR stays structured (If and While only): a goto is eliminated into
// flags, as break, continue and return already are, following Erosa and
// Hendren's goto elimination. Each label that a goto names has a flag; the
// goto sets it and completes abruptly, like a break, so that its flag
// propagates outward (out of ifs, loops and switches, which test it as an
// exit flag) up to the innermost statement list that contains both the
// goto and its label (their lowest common list). There:
//
//   - a forward goto (the label's item after the goto's) skips the items
//     in between, which are guarded by the pending flags, and enters the
//     item that holds the label;
//   - a backward goto (the label's item at or before the goto's) makes the
//     items from the label's to the goto's the body of a loop
//     `do { ... } while (flag)`: the goto's flag, pending at the end of the
//     body, takes the loop again, and enters the item that holds the label.
//     Overlapping ranges of backward gotos make one loop.
//
// Entering a statement with a flag pending routes the flow to the label
// inside it (the paper's normalization extended, Erosa and Hendren's
// "inward movement"): the items of a block before the one that holds the
// label are skipped, an if takes the branch that holds it without
// evaluating its condition, a loop enters its body without testing its
// condition (and a for skips its initialization), a switch enters its body
// without evaluating its controlling expression. The label clears its flag.
// At most one flag is pending at a time, so a test "is any of these flags
// set" separates the flows. Jumps into the middle of loops (irreducible
// flow in a control-flow graph) are structured in the same way.
//
// A switch whose body needs it (a case label nested in a statement of the
// body, as in Duff's device, a goto between the statements of its body, or
// a goto into it from outside) is lowered as what C says it is: a dispatch
// that jumps to one of its case labels, each with its flag, followed by
// the body (see switchJumps).
//
// Decisions keep their identity: the if that guards a goto is the source's
// if; the tests of flags are not decisions.

// place is the position of a statement in a list of block items: a
// compound statement's items (list: the *cc.CompoundStatement), or the one
// statement of a branch or loop body that is not a compound (list: that
// *cc.Statement, idx 0).
type place struct {
	list any
	idx  int
}

// jumpLoop is the loop made for the backward gotos of a list: its items
// first..last, and the labels the gotos name.
type jumpLoop struct {
	first, last int
	labels      []*cc.LabeledStatement
}

// jumpInfo is what the lowering of a function needs to know of its labels
// and gotos before it starts.
type jumpInfo struct {
	paths    map[*cc.LabeledStatement][]place // where each label (goto or case label) is, outermost list first
	targeted map[*cc.LabeledStatement]bool    // labels named by a goto
	loops    map[any][]*jumpLoop              // by list: the loops of backward gotos, in order
	cases    map[*cc.SelectionStatement][]*cc.LabeledStatement
	nested   map[*cc.SelectionStatement]bool // switches with a case label not directly in their body
	inBody   map[any]bool                    // lists that hold both a goto and its label in different items (or places of an item)
}

// scanJumps finds the labels, gotos and case labels of a function body.
func scanJumps(body *cc.CompoundStatement) *jumpInfo {
	sc := &jumpScanner{
		j: &jumpInfo{
			paths:    map[*cc.LabeledStatement][]place{},
			targeted: map[*cc.LabeledStatement]bool{},
			loops:    map[any][]*jumpLoop{},
			cases:    map[*cc.SelectionStatement][]*cc.LabeledStatement{},
			nested:   map[*cc.SelectionStatement]bool{},
			inBody:   map[any]bool{},
		},
		top: map[*cc.LabeledStatement]bool{},
	}
	sc.items(body, nil)
	sc.backward()
	return sc.j
}

// jumpScanner walks a function body for scanJumps, each statement with
// its path (the places that hold it, outermost first).
type jumpScanner struct {
	j     *jumpInfo
	gotos []gotoAt
	top   map[*cc.LabeledStatement]bool // case labels directly in their switch's body
}

// gotoAt is a goto and where it is.
type gotoAt struct {
	label *cc.LabeledStatement
	path  []place
}

// clonePath copies a path, which the walk extends for each statement.
func clonePath(p []place) []place { return append([]place(nil), p...) }

// items walks the statements of a compound statement, each at its index.
func (sc *jumpScanner) items(cs *cc.CompoundStatement, path []place) {
	i := 0
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		if it := l.BlockItem; it.Case == cc.BlockItemStmt {
			sc.walk(it.Statement, append(clonePath(path), place{cs, i}))
		}
		i++
	}
}

// body walks the body of a branch or loop: a compound's items, or the one
// statement at its own place.
func (sc *jumpScanner) body(s *cc.Statement, path []place) {
	if s == nil {
		return
	}
	if s.Case == cc.StatementCompound {
		sc.walk(s, path)
		return
	}
	sc.walk(s, append(clonePath(path), place{s, 0}))
}

// walk records the labels, case labels and gotos of a statement.
func (sc *jumpScanner) walk(s *cc.Statement, path []place) {
	j := sc.j
	switch s.Case {
	case cc.StatementCompound:
		sc.items(s.CompoundStatement, path)
	case cc.StatementLabeled:
		ls := s.LabeledStatement
		j.paths[ls] = clonePath(path)
		if sw := ls.Switch(); sw != nil && ls.Case != cc.LabeledStatementLabel {
			j.cases[sw] = append(j.cases[sw], ls)
			if !sc.top[ls] {
				j.nested[sw] = true
			}
		}
		sc.walk(ls.Statement, path)
	case cc.StatementSelection:
		ss := s.SelectionStatement
		if ss.Case == cc.SelectionStatementSwitch {
			for _, it := range switchItems(ss) {
				if it.Case != cc.BlockItemStmt {
					continue
				}
				for t := it.Statement; t.Case == cc.StatementLabeled && t.LabeledStatement.Case != cc.LabeledStatementLabel; t = t.LabeledStatement.Statement {
					sc.top[t.LabeledStatement] = true
				}
			}
		}
		sc.body(ss.Statement, path)
		sc.body(ss.Statement2, path)
	case cc.StatementIteration:
		sc.body(s.IterationStatement.Statement, path)
	case cc.StatementJump:
		js := s.JumpStatement
		if js.Case == cc.JumpStatementGoto {
			if ls, ok := js.Label().(*cc.LabeledStatement); ok {
				sc.gotos = append(sc.gotos, gotoAt{ls, clonePath(path)})
			}
		}
	}
}

// backward marks the labels gotos name and the lists that hold both ends
// of a goto, and makes the loops of the backward gotos: in the innermost
// list holding both, the items from the label's to the goto's.
func (sc *jumpScanner) backward() {
	j := sc.j
	ranges := map[any][]*jumpLoop{}
	for _, g := range sc.gotos {
		lp := j.paths[g.label]
		j.targeted[g.label] = true
		m := -1
		for i := 0; i < len(lp) && i < len(g.path) && lp[i].list == g.path[i].list; i++ {
			m = i
		}
		if m < 0 {
			continue // not in the same function body: cc reports it
		}
		key := lp[m].list
		j.inBody[key] = true
		if first, last := lp[m].idx, g.path[m].idx; first <= last {
			ranges[key] = append(ranges[key], &jumpLoop{first: first, last: last, labels: []*cc.LabeledStatement{g.label}})
		}
	}
	for key, rs := range ranges {
		j.loops[key] = mergeLoops(rs)
	}
}

// mergeLoops merges overlapping ranges of items into one loop each, in
// order.
func mergeLoops(rs []*jumpLoop) []*jumpLoop {
	sort.SliceStable(rs, func(a, b int) bool { return rs[a].first < rs[b].first })
	var out []*jumpLoop
	for _, r := range rs {
		if n := len(out); n > 0 && r.first <= out[n-1].last {
			l := out[n-1]
			if r.last > l.last {
				l.last = r.last
			}
			for _, ls := range r.labels {
				if !hasLabel(l.labels, ls) {
					l.labels = append(l.labels, ls)
				}
			}
			continue
		}
		out = append(out, &jumpLoop{first: r.first, last: r.last, labels: append([]*cc.LabeledStatement(nil), r.labels...)})
	}
	return out
}

func hasLabel(s []*cc.LabeledStatement, l *cc.LabeledStatement) bool {
	for _, x := range s {
		if x == l {
			return true
		}
	}
	return false
}

// switchItems returns the block items of a switch's body (one synthetic item
// when the body is not a compound statement).
func switchItems(ss *cc.SelectionStatement) []*cc.BlockItem {
	body := ss.Statement
	if body.Case != cc.StatementCompound {
		return []*cc.BlockItem{{Case: cc.BlockItemStmt, Statement: body}}
	}
	var items []*cc.BlockItem
	for l := body.CompoundStatement.BlockItemList; l != nil; l = l.BlockItemList {
		items = append(items, l.BlockItem)
	}
	return items
}

// posKey is the list a statement in the position of a branch, a loop body or
// a switch body stands for (see place).
func posKey(s *cc.Statement) any {
	if s == nil {
		return nil
	}
	if s.Case == cc.StatementCompound {
		return s.CompoundStatement
	}
	return s
}

// entry says how control may reach a statement: normally (falling in from
// what precedes it) and/or with one of flags pending, each the flag of a
// label inside the statement (or, for the body of a switch, its break
// flag, which passes through).
type entry struct {
	normal bool
	flags  []*ir.Var
}

var normalEntry = entry{normal: true}

// live reports whether the statement can be reached at all.
func (e entry) live() bool { return e.normal || len(e.flags) > 0 }

// labelFlag returns the flag of a label (a goto's label, or a case label of
// a switch lowered by switchJumps), creating it the first time.
func (b *funcBuilder) labelFlag(ls *cc.LabeledStatement) *ir.Var {
	if f, ok := b.lflags[ls]; ok {
		return f
	}
	kind := "case"
	if ls.Case == cc.LabeledStatementLabel {
		kind = "to_" + ls.Token.SrcStr()
	}
	f := b.newFlag(kind)
	b.lflags[ls] = f
	b.flagLabel[f] = ls
	if ls.Case == cc.LabeledStatementLabel {
		b.gotoFlags = append(b.gotoFlags, f)
	}
	return f
}

// under reports whether the label of flag f lies in list key, in one of
// its items first..last (any item when last < 0).
func (b *funcBuilder) under(f *ir.Var, key any, first, last int) bool {
	ls := b.flagLabel[f]
	if ls == nil || key == nil {
		return false
	}
	for _, p := range b.jumps.paths[ls] {
		if p.list == key && (last < 0 || p.idx >= first && p.idx <= last) {
			return true
		}
	}
	return false
}

// flagsUnder returns the flags of fs whose labels lie in list key.
func (b *funcBuilder) flagsUnder(fs []*ir.Var, key any) []*ir.Var {
	var r []*ir.Var
	for _, f := range fs {
		if b.under(f, key, 0, -1) {
			r = append(r, f)
		}
	}
	return r
}

func minus(a, b []*ir.Var) []*ir.Var {
	var r []*ir.Var
	for _, x := range a {
		if !hasFlag(b, x) {
			r = append(r, x)
		}
	}
	return r
}

func intersect(a, b []*ir.Var) []*ir.Var {
	var r []*ir.Var
	for _, x := range a {
		if hasFlag(b, x) {
			r = append(r, x)
		}
	}
	return r
}

// stmtPos lowers the statement in the position of a branch, a loop body or
// a switch body into dst (see place): a compound's items, or the one
// statement as a list of one item.
func (b *funcBuilder) stmtPos(s *cc.Statement, dst *[]ir.Stmt, en entry) (*[]ir.Stmt, exits) {
	save := b.cur
	defer func() { b.cur = save }()
	if s.Case == cc.StatementCompound {
		return b.stmt(s, dst, en)
	}
	return b.items(s, []*cc.BlockItem{{Case: cc.BlockItemStmt, Statement: s}}, 0, 1, dst, en, nil)
}

// items lowers the block items list[first:end] of list key into out,
// entered as en says (see entry); self is the loop of backward gotos being
// lowered, whose items these are.
//
// cur is the block where the code reached only by normal completion goes;
// pending lists the flags that may be set at that point. An item that holds
// the label of a pending flag is reached both normally and by that flag: it
// goes at the end of out (every flow of the list so far ends there),
// guarded against the other pending flags. An item reached neither way is
// dead: lowered (for its decisions and errors) and dropped.
func (b *funcBuilder) items(key any, list []*cc.BlockItem, first, end int, out *[]ir.Stmt, en entry, self *jumpLoop) (*[]ir.Stmt, exits) {
	cur := out
	normal, pending := en.normal, en.flags
	// shared: cur (out) is also where the entry flags pass, until an item
	// that holds one of their labels is placed
	shared := len(pending) > 0
	for i := first; i < end; {
		last := i
		var loop *jumpLoop
		for _, l := range b.jumps.loops[key] {
			if l.first == i && l != self {
				loop, last = l, l.last
			}
		}
		var in []*ir.Var
		for _, f := range pending {
			if b.under(f, key, i, last) {
				in = append(in, f)
			}
		}
		if !normal && len(in) == 0 {
			for ; i <= last; i++ {
				var dead []ir.Stmt
				b.item(list[i], &dead, normalEntry)
			}
			continue
		}
		at := cur
		if len(in) > 0 {
			at = out
			if rest := minus(pending, in); len(rest) > 0 {
				at = b.guardAt(out, rest, list[i])
			}
		} else if shared {
			at = b.guardAt(out, pending, list[i])
		}
		shared = false
		var c *[]ir.Stmt
		var ex exits
		if loop != nil {
			c, ex = b.jumpLoop(key, list, loop, at, entry{normal: normal, flags: in})
		} else {
			c, ex = b.item(list[i], at, entry{normal: normal, flags: in})
		}
		pending = union(minus(pending, in), ex.jumps)
		normal = ex.normal
		cur = c
		i = last + 1
	}
	b.cur = cur
	return cur, exits{normal: normal, jumps: pending}
}

// guardAt emits, at the end of out, `if (any of flags) {} else {...}` at
// the position of item it, and returns the else block.
func (b *funcBuilder) guardAt(out *[]ir.Stmt, flags []*ir.Var, it *cc.BlockItem) *[]ir.Stmt {
	old := b.setPos(it.Position())
	defer func() { b.pos = old }()
	return b.guard(out, flags)
}

// jumpLoop lowers the items of a loop of backward gotos into out: `do {
// items } while (one of the gotos' flags is set)`.
func (b *funcBuilder) jumpLoop(key any, list []*cc.BlockItem, l *jumpLoop, out *[]ir.Stmt, en entry) (*[]ir.Stmt, exits) {
	var back []*ir.Var
	for _, ls := range l.labels {
		back = append(back, b.labelFlag(ls))
	}
	old := b.pos
	defer func() { b.pos = old }()
	b.setPos(l.labels[0].Position())
	w := &ir.While{At: b.at()}
	var body []ir.Stmt
	c, ex := b.items(key, list, l.first, l.last+1, &body, entry{normal: en.normal, flags: union(en.flags, back)}, l)
	taken := intersect(back, ex.jumps)
	escaping := minus(ex.jumps, back)
	if len(taken) == 0 {
		// no goto back can be taken: no loop
		*out = append(*out, body...)
		if c == &body {
			c = out
		}
		b.cur = c
		return c, ex
	}
	w.Pre = body
	b.cur = &w.Pre
	w.Cond = b.anyFlag(taken)
	b.cur = out
	b.emit(w)
	if len(escaping) == 0 {
		return out, exits{normal: ex.normal}
	}
	g := b.guard(out, escaping)
	b.cur = g
	return g, exits{normal: ex.normal, jumps: escaping}
}

// label lowers a labeled statement (a goto's label, or a case label of a
// switch lowered by switchJumps): the label clears its flag, and the flow
// that the flag routed here continues normally.
func (b *funcBuilder) label(ls *cc.LabeledStatement, out *[]ir.Stmt, en entry) (*[]ir.Stmt, exits) {
	b.cur = out
	var f *ir.Var
	if ls.Case == cc.LabeledStatementLabel {
		if b.jumps.targeted[ls] {
			f = b.labelFlag(ls)
		}
	} else if f = b.lflags[ls]; f == nil {
		panic(unsupported(ls.Position(), "case label not directly in the body of its switch"))
	}
	if f != nil {
		old := b.setPos(ls.Position())
		b.setFlag(f, 0)
		b.pos = old
		if hasFlag(en.flags, f) {
			en = entry{normal: true, flags: without(en.flags, f)}
		}
	}
	return b.stmt(ls.Statement, b.cur, en)
}

// switchJumps lowers a switch as what C says it is: a dispatch that jumps to
// one of the case labels of its body, then the body.
//
//	case1 = 0; ...; brk = 0
//	[if (into flags) {} else] { v = e; if (v == c1) case1 = 1 else if ... else default = 1 (or brk = 1) }
//	body, entered by the case flags (and "no case" as a pending break)
//
// The body is entered as a list entered only by jumps: its case labels
// clear their flags, as goto labels do, wherever they are in it (Duff's
// device included). A goto from outside into the body skips the dispatch.
func (b *funcBuilder) switchJumps(ss *cc.SelectionStatement, out *[]ir.Stmt, en entry) (*[]ir.Stmt, exits) {
	b.cur = out
	old := b.setPos(ss.ExpressionList.Position())
	defer func() { b.pos = old }()
	e := ss.ExpressionList
	labels := b.jumps.cases[ss]
	for _, l := range labels {
		if l.Case == cc.LabeledStatementRange {
			panic(unsupported(l.Position(), "case range"))
		}
	}
	sd := b.switchDecision(e, labels)
	t := &target{brk: b.newFlag("brk")}
	b.pos = irPos(ss.Token.Position())
	b.setFlag(t.brk, 0)
	var defFlag *ir.Var
	for _, l := range labels {
		f := b.labelFlag(l)
		b.setFlag(f, 0)
		if l.Case == cc.LabeledStatementDefault {
			defFlag = f
		}
	}

	// the dispatch, when the switch is entered normally
	var dead []ir.Stmt
	switch {
	case !en.normal:
		b.cur = &dead
	case len(en.flags) > 0:
		b.cur = b.guard(out, en.flags)
	}
	b.setPos(e.Position())
	val := b.convert(b.rvalue(e), b.switchType(e))
	b.pos = irPos(ss.Token.Position())
	b.caseChain(sd, val, b.switchType(e), func(i int, blk *[]ir.Stmt) {
		*blk = append(*blk, &ir.Copy{At: b.at(), Dst: b.labelFlag(sd.cases[i]), Src: ir.NewConst(ir.IntType, 1)})
	}, func(blk *[]ir.Stmt) {
		f := defFlag
		if f == nil {
			f = t.brk
		}
		*blk = append(*blk, &ir.Copy{At: b.at(), Dst: f, Src: ir.NewConst(ir.IntType, 1)})
	})
	b.cur = out

	body := entry{flags: en.flags}
	if en.normal {
		for _, l := range labels {
			body.flags = append(body.flags, b.labelFlag(l))
		}
		if defFlag == nil {
			body.flags = append(body.flags, t.brk)
		}
	}
	b.targets = append(b.targets, t)
	_, ex := b.stmtPos(ss.Statement, out, body)
	b.targets = b.targets[:len(b.targets)-1]
	b.cur = out
	normal := ex.normal || hasFlag(ex.jumps, t.brk)
	jumps := without(ex.jumps, t.brk)
	if len(jumps) == 0 {
		return out, exits{normal: normal}
	}
	g := b.guard(out, jumps)
	b.cur = g
	return g, exits{normal: normal, jumps: jumps}
}
