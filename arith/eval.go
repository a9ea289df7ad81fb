package arith

import (
	"fmt"
	"math/rand/v2"

	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

// UBError is undefined behaviour Check found: the expression, the node
// and what the interpreter said.
type UBError struct {
	Expr int
	Node *Node
	Kind interp.UBKind
	Msg  string
}

func (e *UBError) Error() string {
	return fmt.Sprintf("e%d: undefined behaviour at %s: %s", e.Expr, e.Node.Op, e.Msg)
}

// Eliminate computes the expected value of every node and expression of
// p, bottom up with the interpreter's arithmetic, and removes each
// undefined behaviour where it appears (Table 1 of the paper): an
// overflowing + - * becomes - + /, a comparison whose 0 divides becomes
// its complement, a negative or too wide left shift becomes a right
// shift, unary - of the minimum becomes ~; when no flip helps (a zero
// divisor that is not a comparison, MIN / -1, a shift count out of
// range), an operand b becomes (b + K) with K chosen so that the
// operation is defined. The tree keeps its shape: a flip changes one
// operator, an insertion adds one. r draws the constants K and decides
// whether K is a literal or a new variable.
func Eliminate(p *Program, r *rand.Rand) error {
	e := &evaluator{p: p, r: r}
	return e.program()
}

// Check computes the expected values of p like Eliminate but changes
// nothing: the first undefined behaviour is returned as a *UBError. The
// minimizer checks every candidate with it.
func Check(p *Program) error {
	e := &evaluator{p: p}
	return e.program()
}

// evaluator evaluates a program; r is nil for Check.
type evaluator struct {
	p    *Program
	r    *rand.Rand
	expr int // ID of the expression being evaluated
}

func (e *evaluator) fixing() bool { return e.r != nil }

func (e *evaluator) program() error {
	for _, v := range e.p.Vars {
		v.cur = interp.UintVal(v.T, v.Init)
	}
	for _, x := range e.p.Exprs {
		if x.Dropped {
			continue
		}
		e.expr = x.ID
		if err := e.eval(x.Root); err != nil {
			return err
		}
		x.Want = interp.ConvertInt(x.Root.Val, x.T.T)
		x.T.cur = x.Want
	}
	return nil
}

// eval computes n's type and value, its operands first; in fixing mode it
// removes the undefined behaviour of n (its operands' is already gone).
func (e *evaluator) eval(n *Node) error {
	for _, k := range n.kids() {
		if err := e.eval(k); err != nil {
			return err
		}
	}
	for tries := 0; ; tries++ {
		n.T = typeOf(n)
		v, err := apply(n)
		if err == nil {
			n.Val = v
			return nil
		}
		kind, isUB := interp.UBKindOf(err)
		if !isUB {
			return fmt.Errorf("e%d: %s: %w", e.expr, n.Op, err)
		}
		if !e.fixing() {
			return &UBError{Expr: e.expr, Node: n, Kind: kind, Msg: err.Error()}
		}
		if tries == 3 {
			return fmt.Errorf("e%d: %s: undefined behaviour left after 3 fixes: %v", e.expr, n.Op, err)
		}
		if err := e.fix(n, kind); err != nil {
			return err
		}
		e.p.Stats.count(kind)
	}
}

func (s *Stats) count(k interp.UBKind) {
	if s.ByKind == nil {
		s.ByKind = map[string]int{}
	}
	s.ByKind[k.String()]++
}

// apply computes n's value from its operands' values (n.T set).
func apply(n *Node) (interp.Val, error) {
	switch {
	case n.Op == Lit:
		return interp.UintVal(n.T, n.Bits), nil
	case n.Op == Ref:
		return n.Var.cur, nil
	case n.Op == Cast:
		return interp.ConvertInt(n.X.Val, n.T), nil
	case n.Op == Plus:
		return interp.ConvertInt(n.X.Val, n.T), nil
	case n.Op.IsUnary():
		return interp.EvalUnary(n.Op.irOp(), interp.ConvertInt(n.X.Val, ir.Promote(n.X.T)), n.T)
	case n.Op == Cond:
		if n.X.Val.Bits != 0 {
			return interp.ConvertInt(n.Y.Val, n.T), nil
		}
		return interp.ConvertInt(n.Z.Val, n.T), nil
	case n.Op == LAnd:
		return boolInt(n.X.Val.Bits != 0 && n.Y.Val.Bits != 0), nil
	case n.Op == LOr:
		return boolInt(n.X.Val.Bits != 0 || n.Y.Val.Bits != 0), nil
	case n.Op == Shl, n.Op == Shr:
		x := interp.ConvertInt(n.X.Val, ir.Promote(n.X.T))
		y := interp.ConvertInt(n.Y.Val, ir.Promote(n.Y.T))
		return interp.EvalBinary(n.Op.irOp(), x, y, n.T)
	}
	common := ir.UsualArith(n.X.T, n.Y.T)
	x := interp.ConvertInt(n.X.Val, common)
	y := interp.ConvertInt(n.Y.Val, common)
	return interp.EvalBinary(n.Op.irOp(), x, y, n.T)
}

func boolInt(b bool) interp.Val {
	if b {
		return interp.IntVal(ir.IntType, 1)
	}
	return interp.IntVal(ir.IntType, 0)
}

// fix changes n (or inserts above one of its operands) so that the
// undefined behaviour kind goes away or turns into another one that the
// next fix removes: flipping first, insertion when no flip helps.
func (e *evaluator) fix(n *Node, kind interp.UBKind) error {
	switch kind {
	case interp.SignedOverflow:
		switch n.Op {
		case Add:
			return e.flip(n, Sub)
		case Sub:
			return e.flip(n, Add)
		case Mul:
			return e.flip(n, Div) // the divisor is not 0: the product overflowed
		case Neg:
			return e.flip(n, BNot)
		}
	case interp.ShiftNegative, interp.ShiftOverflow:
		return e.flip(n, Shr)
	case interp.DivByZero:
		if e.flipDivisor(n.Y) {
			return nil
		}
		return e.insert(n, 1, e.nonZero(ir.Promote(n.Y.T)))
	case interp.DivOverflow:
		// MIN / -1: the divisor -1 becomes -1 + K with K in [2, 101].
		return e.insert(n, 1, 2+uint64(e.r.IntN(100)))
	case interp.ShiftCount:
		// b becomes b + K with K of b's unsigned type, wrapping b to a
		// count c the width allows: K = c - b modulo 2^width.
		w := ir.Promote(n.X.T).Bits()
		c := uint64(e.r.IntN(w))
		if e.r.IntN(2) == 0 {
			c = uint64(e.r.IntN(8)) // small counts keep most bits of the value
		}
		ut := ir.Unsigned(ir.Promote(n.Y.T))
		return e.insertTyped(n, 1, ut, c-n.Y.Val.Bits)
	}
	return fmt.Errorf("e%d: no fix for %s on %s", e.expr, kind, n.Op)
}

// flip replaces n's operator (the types do not change: + - * / of the
// same operands, << by >>, - by ~); eval applies it again.
func (e *evaluator) flip(n *Node, op Op) error {
	n.Op = op
	n.Origin = Flipped
	e.p.Stats.Flips++
	return nil
}

// divisorFlips are the flips tried on a divisor that is 0: a comparison
// becomes its complement (Table 1: the divisor becomes 1), and, beyond the
// paper, && becomes ||, + and - trade places, & and ^ become |. Only the
// first always helps; the others are kept when the new divisor is
// defined and not 0.
var divisorFlips = map[Op]Op{
	Eq: Ne, Ne: Eq, Lt: Ge, Le: Gt, Gt: Le, Ge: Lt,
	LAnd: LOr, Add: Sub, Sub: Add, And: Or, Xor: Or,
}

// flipDivisor flips the operator of the divisor d (whose value is 0) if
// that makes it defined and not 0.
func (e *evaluator) flipDivisor(d *Node) bool {
	op, ok := divisorFlips[d.Op]
	if !ok {
		return false
	}
	old := d.Op
	d.Op = op
	if v, err := apply(d); err == nil && v.Bits != 0 {
		d.Val, d.Origin = v, Flipped
		e.p.Stats.Flips++
		return true
	}
	d.Op = old
	return false
}

// nonZero draws a value of t that is neither 0 nor -1 (so that it does not
// make MIN / K overflow either).
func (e *evaluator) nonZero(t *ir.Type) uint64 {
	for {
		v := randValue(e.r, t)
		if v != 0 && v != ir.Truncate(t, ^uint64(0)) {
			return v
		}
	}
}

// insert replaces operand i of n, b, by (b + K) with K of b's promoted
// type.
func (e *evaluator) insert(n *Node, i int, k uint64) error {
	b := *n.kid(i)
	return e.insertTyped(n, i, ir.Promote(b.T), k)
}

// insertTyped replaces operand i of n, b, by (b + K) where K of type kt
// is a literal or, half of the time, a new variable initialized to it.
func (e *evaluator) insertTyped(n *Node, i int, kt *ir.Type, k uint64) error {
	slot := n.kid(i)
	b := *slot
	var kn *Node
	if e.r.IntN(2) == 0 {
		kn = newLit(kt, k)
	} else {
		v := newVar(e.r, fmt.Sprintf("k%d", e.p.Stats.Inserted), kt, true)
		v.Init = ir.Truncate(kt, k)
		v.cur = interp.UintVal(kt, v.Init)
		e.p.Vars = append(e.p.Vars, v)
		kn = newVarRef(v)
	}
	kn.Val = interp.UintVal(kt, k)
	add := newNode(Add, b, kn)
	add.Origin = Inserted
	e.p.Stats.Inserted++
	*slot = add
	v, err := apply(add)
	if err != nil {
		return fmt.Errorf("e%d: inserted %s: %w", e.expr, add.Op, err)
	}
	add.Val = v
	return nil
}
