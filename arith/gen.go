package arith

import (
	"fmt"
	"math/rand/v2"

	"github.com/inka-tool/inka/ir"
)

// Options shape a generated program. Seed alone decides everything else
// that is random: the same options give the same program.
type Options struct {
	Seed  uint64
	Exprs int // expressions per program (default 10)
	Size  int // operators per expression (default 100)
	// Depth bounds the nesting of an expression (default 40; every level
	// is one level of parentheses in the C text, and compilers bound them:
	// clang's -fbracket-depth is 256).
	Depth int
	// Vars is the number of x-variables (default 11 plus one per 20
	// operators, at most 64): at least one of every integer type.
	Vars int
}

// Limits of the options.
const (
	MaxExprs = 100000
	MaxSize  = 100000
	MaxDepth = 200
	MaxVars  = 10000
)

// WithDefaults fills the options left zero.
func (o Options) WithDefaults() Options {
	if o.Exprs == 0 {
		o.Exprs = 10
	}
	if o.Size == 0 {
		o.Size = 100
	}
	if o.Depth == 0 {
		o.Depth = 40
	}
	if o.Vars == 0 {
		o.Vars = len(intTypes) + min(53, o.Exprs*o.Size/20)
	}
	return o
}

// Check reports options out of range (after WithDefaults).
func (o Options) Check() error {
	switch {
	case o.Exprs < 1 || o.Exprs > MaxExprs:
		return fmt.Errorf("--exprs %d: must be in [1, %d]", o.Exprs, MaxExprs)
	case o.Size < 0 || o.Size > MaxSize:
		return fmt.Errorf("--size %d: must be in [0, %d]", o.Size, MaxSize)
	case o.Depth < 1 || o.Depth > MaxDepth:
		return fmt.Errorf("--depth %d: must be in [1, %d]", o.Depth, MaxDepth)
	case o.Size > capacity(o.Depth):
		return fmt.Errorf("--size %d: an expression of depth %d holds at most %d operators", o.Size, o.Depth, capacity(o.Depth))
	case o.Vars < len(intTypes) || o.Vars > MaxVars:
		return fmt.Errorf("--vars %d: must be in [%d, %d]", o.Vars, len(intTypes), MaxVars)
	}
	return nil
}

// capacity is the number of operators a tree of depth d holds at most
// (a complete binary tree).
func capacity(d int) int {
	if d >= 40 {
		return 1 << 40
	}
	return 1<<d - 1
}

// Generate builds the program of o: its variables, its expressions (each
// of exactly o.Size operators), then eliminates their undefined behaviour
// while computing their expected values (Eliminate).
func Generate(o Options) (*Program, error) {
	o = o.WithDefaults()
	if err := o.Check(); err != nil {
		return nil, err
	}
	g := &gen{r: rand.New(rand.NewPCG(o.Seed, 0x61726974)), p: &Program{Opts: o}}
	g.makeVars()
	for i := 0; i < o.Exprs; i++ {
		t := g.newVar(fmt.Sprintf("t%d", i), intTypes[g.r.IntN(len(intTypes))], false)
		e := &Expr{ID: i, T: t, Root: g.expr(o.Size, o.Depth)}
		t.Expr = e
		g.p.Exprs = append(g.p.Exprs, e)
		g.tvars = append(g.tvars, t)
	}
	g.p.Stats.Ops = g.p.Size()
	if err := Eliminate(g.p, rand.New(rand.NewPCG(o.Seed, 0x75626669))); err != nil {
		return nil, fmt.Errorf("seed %d: %w", o.Seed, err)
	}
	return g.p, nil
}

// gen is the state of one generation.
type gen struct {
	r      *rand.Rand
	p      *Program
	xvars  []*Var
	byKind map[ir.Kind][]*Var
	tvars  []*Var // t-variables of the expressions generated so far
}

// makeVars declares the x-variables: one of every type, then random ones.
func (g *gen) makeVars() {
	g.byKind = map[ir.Kind][]*Var{}
	for i := 0; i < g.p.Opts.Vars; i++ {
		t := intTypes[g.r.IntN(len(intTypes))]
		if i < len(intTypes) {
			t = intTypes[i]
		}
		v := g.newVar(fmt.Sprintf("x%d", i), t, true)
		g.xvars = append(g.xvars, v)
		g.byKind[t.Kind] = append(g.byKind[t.Kind], v)
	}
}

// newVar declares a variable of type t with random storage, qualifiers
// (const only if mayConst) and initial value.
func (g *gen) newVar(name string, t *ir.Type, mayConst bool) *Var {
	v := newVar(g.r, name, t, mayConst)
	g.p.Vars = append(g.p.Vars, v)
	return v
}

func newVar(r *rand.Rand, name string, t *ir.Type, mayConst bool) *Var {
	return &Var{
		Name:     name,
		T:        t,
		Init:     randValue(r, t),
		Global:   r.IntN(2) == 0,
		Static:   r.IntN(3) == 0,
		Volatile: r.IntN(4) == 0,
		Const:    mayConst && r.IntN(5) == 0,
	}
}

// Operator weights: arithmetic first, as the paper's targets are the
// arithmetic optimizations.
var binaryOps = weighted{
	Add: 12, Sub: 12, Mul: 10, Div: 4, Rem: 4, Shl: 4, Shr: 4, And: 4, Or: 4, Xor: 6,
	Eq: 1, Ne: 1, Lt: 1, Le: 1, Gt: 1, Ge: 1, LAnd: 1, LOr: 1,
}

var unaryOps = weighted{Neg: 4, BNot: 4, LNot: 1, Plus: 1}

// weighted gives each operator its weight.
type weighted map[Op]int

func (w weighted) pick(r *rand.Rand) Op {
	total := 0
	for op := Op(0); op <= Lit; op++ {
		total += w[op]
	}
	k := r.IntN(total)
	for op := Op(0); op <= Lit; op++ {
		if k < w[op] {
			return op
		}
		k -= w[op]
	}
	panic("unreachable")
}

// expr returns an expression of exactly n operators and depth at most d
// (n <= capacity(d)): the paper's make_expression (Fig. 6) with unary
// operators, casts and ?: besides the binary operators, and the operand
// sizes drawn so that the depth bound never cuts the size short.
func (g *gen) expr(n, d int) *Node {
	if n == 0 {
		return g.leaf(nil)
	}
	c := capacity(d - 1) // operators a subtree may hold
	k := g.r.IntN(100)
	switch {
	case k < 7 && n-1 <= c:
		return newNode(Cast, g.expr(n-1, d-1)).withType(intTypes[g.r.IntN(len(intTypes))])
	case k < 16 && n-1 <= c:
		return newNode(unaryOps.pick(g.r), g.expr(n-1, d-1))
	case k < 21 && n >= 3:
		nc := g.r.IntN(min(c, (n-1)/3) + 1)
		y, z := g.split(n-1-nc, c)
		return newNode(Cond, g.expr(nc, d-1), g.expr(y, d-1), g.expr(z, d-1))
	}
	op := binaryOps.pick(g.r)
	n1, n2 := g.split(n-1, c)
	x := g.expr(n1, d-1)
	var y *Node
	switch {
	case n2 == 0 && (op == Div || op == Rem || op == Shl || op == Shr) && g.r.IntN(2) == 0:
		// Division and shifts by small constants, which compilers
		// rewrite (multiplication by a magic number, masks), and which
		// keep the dividend's or the shifted value's information.
		y = newLit(litTypes[g.r.IntN(len(litTypes))], uint64(1+g.r.IntN(31)))
	case n2 == 0 && g.r.IntN(5) < 2:
		y = g.leaf(partner(g.r, x.T)) // the usual arithmetic conversions on purpose
	default:
		y = g.expr(n2, d-1)
	}
	return newNode(op, x, y)
}

// split draws n1 + n2 = m with both at most c (m <= 2c).
func (g *gen) split(m, c int) (int, int) {
	lo, hi := max(0, m-c), min(m, c)
	n1 := lo + g.r.IntN(hi-lo+1)
	return n1, m - n1
}

// withType sets the target type of a cast.
func (n *Node) withType(t *ir.Type) *Node {
	n.T = t
	return n
}

// leaf returns a constant (one in five) or a variable: an x-variable of
// type want if want is set, else an x-variable or an earlier expression's
// t-variable.
func (g *gen) leaf(want *ir.Type) *Node {
	if g.r.IntN(5) == 0 {
		t := litTypes[g.r.IntN(len(litTypes))]
		if want != nil && want.Rank() >= ir.IntType.Rank() {
			t = want
		}
		return newLit(t, randValue(g.r, t))
	}
	if want != nil {
		vs := g.byKind[want.Kind]
		return newVarRef(vs[g.r.IntN(len(vs))])
	}
	if len(g.tvars) > 0 && g.r.IntN(4) == 0 {
		return newVarRef(g.tvars[g.r.IntN(len(g.tvars))])
	}
	return newVarRef(g.xvars[g.r.IntN(len(g.xvars))])
}
