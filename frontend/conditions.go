package frontend

import (
	"modernc.org/cc/v4"

	"github.com/inka-tool/inka/ir"
)

// Conditions (Options.Conditions).
//
// Condition coverage and MC/DC need the value of every condition of a
// decision at every evaluation, and which conditions short-circuit
// evaluation skipped. The ordinary lowering of a chain a && b && c tests
// each operand but the last (a DecAnd decision) and folds the last into
// the chain's value: the value of c is not in the trace, and an operand
// may itself be a chain. With Conditions set, every condition (DO-178C: a
// boolean expression with no operator && or ||, `!` included) of a
// two-way decision is tested by an If of its own whose DecRef names a
// decision of kind DecCondition, and the decision records the boolean
// structure over its conditions (ir.CondExpr). A decision that is a single
// condition is its own condition; a chain outside a controlling
// expression (`ok = a && b;`) is a decision of kind DecExpr, whose value
// an If with empty branches tests so that its outcome is in the trace.

// condShape says what e is in a decision's boolean structure: a chain of
// && or || (ops, and), a `!` over a non-condition (not), or a condition
// (neither).
func condShape(e cc.ExpressionNode) (ops []cc.ExpressionNode, and bool, not cc.ExpressionNode) {
	for {
		e = unparen(e)
		ops, and = logicalOperands(e)
		if len(ops) > 1 {
			return ops, and, nil
		}
		if ops[0] == e {
			break
		}
		e = ops[0]
	}
	if u, ok := e.(*cc.UnaryExpression); ok && u.Case == cc.UnaryExpressionNot {
		if inner, _, n := condShape(u.CastExpression); len(inner) > 1 || n != nil {
			return nil, false, u.CastExpression
		}
	}
	return []cc.ExpressionNode{e}, false, nil
}

// decisionValue lowers the controlling expression e of the two-way
// decision d: condValue, and with Conditions its conditions each tested
// on its own (d.Conds).
func (b *funcBuilder) decisionValue(d *ir.Decision, e cc.ExpressionNode) ir.Value {
	if !b.u.conditions || d == nil {
		return b.condValue(e)
	}
	v, tree, leaf := b.condTree(e)
	if leaf {
		// a single condition: the decision's own test evaluates it
		tree.Leaf = d
	}
	d.Conds = tree
	return v
}

// exprDecision lowers a chain of && or || outside a controlling
// expression as a decision of its own (DecExpr), with Conditions.
func (b *funcBuilder) exprDecision(e cc.ExpressionNode) ir.Value {
	d := b.decision(ir.DecExpr, e, "true", "false")
	v, tree, _ := b.condTree(e)
	d.Conds = tree
	// an empty test, for the trace to record the outcome as it does a
	// branch's (and gcc's probe of the decision to be matched)
	b.emit(&ir.If{At: b.at(), Cond: v, Dec: &ir.DecRef{D: d, True: 0, False: 1}})
	return v
}

// condTree lowers e, a decision or a part of one, and returns its value
// and structure. For a condition (leaf set) it only evaluates it: the
// caller tests the value under the condition's decision (tree.Leaf, nil
// when the caller is the decision itself, see decisionValue).
func (b *funcBuilder) condTree(e cc.ExpressionNode) (v ir.Value, tree *ir.CondExpr, leaf bool) {
	ops, and, not := condShape(e)
	switch {
	case not != nil:
		x, t := b.condOperand(not)
		n := b.newTemp(ir.IntType)
		b.bools[n] = true
		b.emit(&ir.Unary{At: b.at(), Dst: n, Op: ir.LNot, X: x})
		return n, &ir.CondExpr{Op: ir.CondNot, X: t}, false
	case len(ops) == 1:
		return b.condValue(ops[0]), &ir.CondExpr{Op: ir.CondLeaf}, true
	}
	op := ir.CondOr
	if and {
		op = ir.CondAnd
	}
	r := b.newTemp(ir.IntType)
	b.bools[r] = true
	orig, cur := b.cur, b.cur
	for _, o := range ops[:len(ops)-1] {
		b.cur = cur
		old := b.setPos(o.Position())
		x, t, isLeaf := b.condTree(o)
		ifs := &ir.If{At: b.at(), Cond: x}
		if isLeaf {
			t.Leaf = b.decision(ir.DecCondition, o, "true", "false")
			ifs.Dec = &ir.DecRef{D: t.Leaf, True: 0, False: 1}
		}
		cur = b.shortCircuit(ifs, r, and)
		b.pos = old
		if tree == nil {
			tree = t
		} else {
			tree = &ir.CondExpr{Op: op, X: tree, Y: t}
		}
	}
	last := ops[len(ops)-1]
	b.cur = cur
	old := b.setPos(last.Position())
	x, t := b.condOperand(last)
	b.boolInto(r, x)
	b.pos = old
	b.cur = orig
	return r, &ir.CondExpr{Op: op, X: tree, Y: t}, false
}

// condOperand lowers an operand of a chain or of `!` to a value 0 or 1: a
// condition by `if (c) [condition] t = 1; else t = 0`.
func (b *funcBuilder) condOperand(e cc.ExpressionNode) (ir.Value, *ir.CondExpr) {
	x, t, isLeaf := b.condTree(e)
	if !isLeaf {
		return x, t
	}
	t.Leaf = b.decision(ir.DecCondition, e, "true", "false")
	r := b.newTemp(ir.IntType)
	b.bools[r] = true
	save := b.cur
	b.decideInto(r, x, t.Leaf)
	b.cur = save
	return r, t
}
