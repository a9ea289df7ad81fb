package arith

import (
	"fmt"

	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

// Op is the operator of a Node. The binary arithmetic, bitwise, shift and
// comparison operators come first, in the order of ir.Op, so that they
// convert to it.
type Op uint8

// The operators of generated expressions.
const (
	Add Op = iota
	Sub
	Mul
	Div
	Rem
	Shl
	Shr
	And
	Or
	Xor
	Eq
	Ne
	Lt
	Le
	Gt
	Ge
	LAnd // &&
	LOr  // ||
	Neg  // unary -
	BNot // ~
	LNot // !
	Plus // unary +
	Cast // (T)X
	Cond // X ? Y : Z
	Ref  // a variable read (leaf)
	Lit  // an integer constant (leaf)
)

var opNames = [...]string{"+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^",
	"==", "!=", "<", "<=", ">", ">=", "&&", "||", "-", "~", "!", "+", "cast", "?:", "var", "const"}

func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("Op(%d)", int(o))
}

// IsBinary reports whether o is a binary operator.
func (o Op) IsBinary() bool { return o <= LOr }

// IsUnary reports whether o is a prefix unary operator.
func (o Op) IsUnary() bool { return o >= Neg && o <= Plus }

// IsComparison reports whether o is ==, !=, <, <=, > or >=.
func (o Op) IsComparison() bool { return o >= Eq && o <= Ge }

// IsLeaf reports whether o is a variable or a constant.
func (o Op) IsLeaf() bool { return o == Ref || o == Lit }

// irOp is the interpreter's operator for o (binary operators below LAnd,
// and Neg, BNot, LNot).
func (o Op) irOp() ir.Op {
	switch o {
	case Neg:
		return ir.Neg
	case BNot:
		return ir.BNot
	case LNot:
		return ir.LNot
	}
	return ir.Op(o)
}

// Node is a node of an expression tree.
type Node struct {
	Op      Op
	X, Y, Z *Node // operands: X for unary operators and casts; X ? Y : Z
	Var     *Var  // Ref: the variable read
	// T is the type of the node's value: for Lit and Cast it is part of
	// the node; for the others it follows from the operands (C11 6.3.1)
	// and is set by typeOf.
	T    *ir.Type
	Bits uint64 // Lit: the value (truncated to T)
	// Val is the value the last evaluation (Eval, Check) computed.
	Val interp.Val
	// Origin says whether the node was generated, or flipped or inserted
	// by the UB elimination.
	Origin Origin
}

// Origin records how the UB elimination touched a node.
type Origin uint8

// Origins of nodes.
const (
	Generated Origin = iota
	Flipped          // the operator was replaced by its flip (Table 1)
	Inserted         // the node was inserted to fix an operand
)

// kids returns the operands of n that are set.
func (n *Node) kids() []*Node {
	switch {
	case n.Z != nil:
		return []*Node{n.X, n.Y, n.Z}
	case n.Y != nil:
		return []*Node{n.X, n.Y}
	case n.X != nil:
		return []*Node{n.X}
	}
	return nil
}

// kid returns a pointer to the i-th operand field, for replacing it.
func (n *Node) kid(i int) **Node {
	return [...]**Node{&n.X, &n.Y, &n.Z}[i]
}

// typeOf computes the type of n's value from its operands' types.
func typeOf(n *Node) *ir.Type {
	switch {
	case n.Op == Ref:
		return n.Var.T
	case n.Op == Lit || n.Op == Cast:
		return n.T
	case n.Op == Cond:
		return ir.UsualArith(n.Y.T, n.Z.T)
	case n.Op.IsComparison(), n.Op == LAnd, n.Op == LOr, n.Op == LNot:
		return ir.IntType
	case n.Op == Shl, n.Op == Shr, n.Op.IsUnary():
		return ir.Promote(n.X.T)
	}
	return ir.UsualArith(n.X.T, n.Y.T)
}

// newNode returns the node op(kids...) with its type.
func newNode(op Op, kids ...*Node) *Node {
	n := &Node{Op: op}
	for i, k := range kids {
		*n.kid(i) = k
	}
	n.T = typeOf(n)
	return n
}

// newLit returns the constant v of type t.
func newLit(t *ir.Type, v uint64) *Node {
	return &Node{Op: Lit, T: t, Bits: ir.Truncate(t, v)}
}

// newVarRef returns a read of v.
func newVarRef(v *Var) *Node { return &Node{Op: Ref, Var: v, T: v.T} }

// Size is the number of operators of the tree (leaves not counted).
func (n *Node) Size() int {
	if n.Op.IsLeaf() {
		return 0
	}
	s := 1
	for _, k := range n.kids() {
		s += k.Size()
	}
	return s
}

// Var is a variable of a generated program: an x-variable, read by the
// expressions, or a t-variable, assigned one expression's value (and read
// by the expressions after it).
type Var struct {
	Name string
	T    *ir.Type
	Init uint64 // initial value, truncated to T
	// Storage and qualifiers.
	Global, Static, Volatile, Const bool
	// Expr is the expression assigned to a t-variable (nil for
	// x-variables).
	Expr *Expr

	cur interp.Val // value during an evaluation
}

// Expr is one expression statement `T = Root;` with its check.
type Expr struct {
	ID   int
	T    *Var
	Root *Node
	// Want is the value T must hold after the assignment: Root's value
	// converted to T's type.
	Want interp.Val
	// Dropped marks an expression the minimizer replaced by its value: T
	// is then an x-variable initialized with Want, neither assigned nor
	// checked.
	Dropped bool
}

// Program is a generated test program.
type Program struct {
	Opts  Options
	Vars  []*Var // x-variables then t-variables then variables inserted by the UB elimination
	Exprs []*Expr
	Stats Stats
}

// Stats counts what the generation did.
type Stats struct {
	Ops      int // operators generated
	Flips    int // operators flipped
	Inserted int // operators inserted
	// ByKind counts the fixes per kind of undefined behaviour
	// (interp.UBKind's String).
	ByKind map[string]int
}

// Size is the number of operators of the program's expressions that are
// not dropped.
func (p *Program) Size() int {
	s := 0
	for _, e := range p.Exprs {
		if !e.Dropped {
			s += e.Root.Size()
		}
	}
	return s
}

// walk calls f on every node of the tree rooted at n, parents first.
func walk(n *Node, f func(*Node)) {
	f(n)
	for _, k := range n.kids() {
		walk(k, f)
	}
}

// Clone returns a deep copy of p (variables, expressions, trees).
func (p *Program) Clone() *Program {
	q := &Program{Opts: p.Opts, Stats: p.Stats}
	q.Stats.ByKind = make(map[string]int, len(p.Stats.ByKind))
	for k, n := range p.Stats.ByKind {
		q.Stats.ByKind[k] = n
	}
	vars := make(map[*Var]*Var, len(p.Vars))
	for _, v := range p.Vars {
		w := *v
		w.Expr = nil
		vars[v] = &w
		q.Vars = append(q.Vars, &w)
	}
	var clone func(n *Node) *Node
	clone = func(n *Node) *Node {
		if n == nil {
			return nil
		}
		m := *n
		if n.Var != nil {
			m.Var = vars[n.Var]
		}
		m.X, m.Y, m.Z = clone(n.X), clone(n.Y), clone(n.Z)
		return &m
	}
	for _, e := range p.Exprs {
		f := *e
		f.T = vars[e.T]
		f.T.Expr = &f
		f.Root = clone(e.Root)
		q.Exprs = append(q.Exprs, &f)
	}
	return q
}
