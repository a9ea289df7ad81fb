package term

import "fmt"

// Builder creates terms, shares equal ones and folds what it can decide.
type Builder struct {
	terms []*Term
	index map[key]*Term
	names map[string]int
	tru   *Term
	fls   *Term
}

type key struct {
	k       Kind
	w       int
	kv      uint64
	a, b, c int
}

// NewBuilder returns an empty builder.
func NewBuilder() *Builder {
	b := &Builder{index: map[key]*Term{}, names: map[string]int{}}
	b.fls = b.add(&Term{Kind: Const, K: 0})
	b.tru = b.add(&Term{Kind: Const, K: 1})
	return b
}

// Len is the number of terms built.
func (b *Builder) Len() int { return len(b.terms) }

// Terms lists the terms in creation order: every term after its arguments.
func (b *Builder) Terms() []*Term { return b.terms }

func (b *Builder) add(t *Term) *Term {
	t.ID = len(b.terms)
	b.terms = append(b.terms, t)
	return t
}

// True, False and Bool are the Boolean constants.
func (b *Builder) True() *Term  { return b.tru }
func (b *Builder) False() *Term { return b.fls }
func (b *Builder) Bool(v bool) *Term {
	if v {
		return b.tru
	}
	return b.fls
}

// Const is the w-bit constant v (reduced to w bits).
func (b *Builder) Const(w int, v uint64) *Term {
	if w == 0 {
		return b.Bool(v&1 == 1)
	}
	return b.intern(&Term{Kind: Const, W: w, K: v & Mask(w)})
}

// Var is a fresh input of width w (0: Boolean). Its name is name, made
// unique with a suffix if another input has it.
func (b *Builder) Var(w int, name string) *Term {
	n := b.names[name]
	b.names[name] = n + 1
	if n > 0 {
		name = fmt.Sprintf("%s~%d", name, n)
	}
	return b.add(&Term{Kind: Var, W: w, Name: name})
}

func (b *Builder) intern(t *Term) *Term {
	k := key{k: t.Kind, w: t.W, kv: t.K, a: -1, b: -1, c: -1}
	ids := []*int{&k.a, &k.b, &k.c}
	for i, a := range t.Args {
		*ids[i] = a.ID
	}
	if old, ok := b.index[k]; ok {
		return old
	}
	b.add(t)
	b.index[k] = t
	return t
}

// make builds k(args) of width w, folded when every argument is constant.
func (b *Builder) make(k Kind, w int, lo uint64, args ...*Term) *Term {
	constant := true
	for _, a := range args {
		constant = constant && a.Kind == Const
	}
	if constant {
		vals := make([]uint64, len(args))
		widths := make([]int, len(args))
		for i, a := range args {
			vals[i], widths[i] = a.K, a.W
		}
		return b.Const(w, Apply(k, w, lo, vals, widths))
	}
	if commutative(k) && args[0].ID > args[1].ID {
		args[0], args[1] = args[1], args[0]
	}
	return b.intern(&Term{Kind: k, W: w, K: lo, Args: args})
}

func commutative(k Kind) bool {
	switch k {
	case And, Or, Eq, BvAnd, BvOr, BvXor, Add, Mul:
		return true
	}
	return false
}

func (b *Builder) sameWidth(op string, x, y *Term) {
	if x.W != y.W {
		panic(fmt.Sprintf("term: %s of widths %d and %d", op, x.W, y.W))
	}
}

// ---- Boolean ----

// Not is ¬x.
func (b *Builder) Not(x *Term) *Term {
	if x.Kind == Not {
		return x.Args[0]
	}
	return b.make(Not, 0, 0, x)
}

func isNegation(x, y *Term) bool {
	return (x.Kind == Not && x.Args[0] == y) || (y.Kind == Not && y.Args[0] == x)
}

// And is x ∧ y.
func (b *Builder) And(x, y *Term) *Term {
	switch {
	case x.IsFalse() || y.IsFalse() || isNegation(x, y):
		return b.fls
	case x.IsTrue() || x == y:
		return y
	case y.IsTrue():
		return x
	}
	return b.make(And, 0, 0, x, y)
}

// Or is x ∨ y.
func (b *Builder) Or(x, y *Term) *Term {
	switch {
	case x.IsTrue() || y.IsTrue() || isNegation(x, y):
		return b.tru
	case x.IsFalse() || x == y:
		return y
	case y.IsFalse():
		return x
	}
	return b.make(Or, 0, 0, x, y)
}

// Ands is the conjunction of xs (true if none), Ors the disjunction (false
// if none).
func (b *Builder) Ands(xs ...*Term) *Term {
	r := b.tru
	for _, x := range xs {
		r = b.And(r, x)
	}
	return r
}

func (b *Builder) Ors(xs ...*Term) *Term {
	r := b.fls
	for _, x := range xs {
		r = b.Or(r, x)
	}
	return r
}

// Implies is x → y.
func (b *Builder) Implies(x, y *Term) *Term { return b.Or(b.Not(x), y) }

// Ite is "if c then x else y" (x and y of one width, Boolean or not).
func (b *Builder) Ite(c, x, y *Term) *Term {
	b.sameWidth("ite", x, y)
	switch {
	case c.IsTrue() || x == y:
		return x
	case c.IsFalse():
		return y
	case c.Kind == Not:
		return b.Ite(c.Args[0], y, x)
	}
	if x.IsBool() {
		switch {
		case x.IsTrue():
			return b.Or(c, y)
		case x.IsFalse():
			return b.And(b.Not(c), y)
		case y.IsTrue():
			return b.Or(b.Not(c), x)
		case y.IsFalse():
			return b.And(c, x)
		}
	}
	return b.make(Ite, x.W, 0, c, x, y)
}

// ---- comparisons ----

// Eq is x = y on vectors.
func (b *Builder) Eq(x, y *Term) *Term {
	b.sameWidth("=", x, y)
	if x == y {
		return b.tru
	}
	return b.make(Eq, 0, 0, x, y)
}

// Ne is x ≠ y.
func (b *Builder) Ne(x, y *Term) *Term { return b.Not(b.Eq(x, y)) }

func (b *Builder) cmp(k Kind, x, y *Term) *Term {
	b.sameWidth(k.String(), x, y)
	if x == y {
		return b.Bool(k == Ule || k == Sle)
	}
	return b.make(k, 0, 0, x, y)
}

// Ult, Ule, Slt, Sle are the unsigned and signed orders.
func (b *Builder) Ult(x, y *Term) *Term { return b.cmp(Ult, x, y) }
func (b *Builder) Ule(x, y *Term) *Term { return b.cmp(Ule, x, y) }
func (b *Builder) Slt(x, y *Term) *Term { return b.cmp(Slt, x, y) }
func (b *Builder) Sle(x, y *Term) *Term { return b.cmp(Sle, x, y) }

// ---- vectors ----

func (b *Builder) bin(k Kind, x, y *Term) *Term {
	b.sameWidth(k.String(), x, y)
	return b.make(k, x.W, 0, x, y)
}

func (b *Builder) isConst(x *Term, v uint64) bool { return x.Kind == Const && x.K == v&Mask(x.W) }

// BvNot is ~x.
func (b *Builder) BvNot(x *Term) *Term {
	if x.Kind == BvNot {
		return x.Args[0]
	}
	return b.make(BvNot, x.W, 0, x)
}

// BvAnd, BvOr, BvXor are x & y, x | y, x ^ y.
func (b *Builder) BvAnd(x, y *Term) *Term {
	switch {
	case b.isConst(x, 0) || b.isConst(y, ^uint64(0)):
		return x
	case b.isConst(y, 0) || b.isConst(x, ^uint64(0)):
		return y
	}
	return b.bin(BvAnd, x, y)
}

func (b *Builder) BvOr(x, y *Term) *Term {
	switch {
	case b.isConst(x, 0):
		return y
	case b.isConst(y, 0):
		return x
	}
	return b.bin(BvOr, x, y)
}

func (b *Builder) BvXor(x, y *Term) *Term {
	switch {
	case b.isConst(x, 0):
		return y
	case b.isConst(y, 0):
		return x
	}
	return b.bin(BvXor, x, y)
}

// Add, Sub, Mul are the wrapping x + y, x - y, x * y; Neg is -x.
func (b *Builder) Add(x, y *Term) *Term {
	switch {
	case b.isConst(x, 0):
		return y
	case b.isConst(y, 0):
		return x
	}
	return b.bin(Add, x, y)
}

func (b *Builder) Sub(x, y *Term) *Term {
	if b.isConst(y, 0) {
		return x
	}
	return b.bin(Sub, x, y)
}

func (b *Builder) Neg(x *Term) *Term { return b.make(Neg, x.W, 0, x) }

func (b *Builder) Mul(x, y *Term) *Term {
	switch {
	case b.isConst(x, 1):
		return y
	case b.isConst(y, 1):
		return x
	}
	return b.bin(Mul, x, y)
}

// UDiv, URem, SDiv, SRem divide (x / 0 as SMT-LIB defines it).
func (b *Builder) UDiv(x, y *Term) *Term { return b.bin(UDiv, x, y) }
func (b *Builder) URem(x, y *Term) *Term { return b.bin(URem, x, y) }
func (b *Builder) SDiv(x, y *Term) *Term { return b.bin(SDiv, x, y) }
func (b *Builder) SRem(x, y *Term) *Term { return b.bin(SRem, x, y) }

// Shl, LShr, AShr shift x by y (one width; y ≥ width: 0, or the sign).
func (b *Builder) Shl(x, y *Term) *Term  { return b.shift(Shl, x, y) }
func (b *Builder) LShr(x, y *Term) *Term { return b.shift(LShr, x, y) }
func (b *Builder) AShr(x, y *Term) *Term { return b.shift(AShr, x, y) }

func (b *Builder) shift(k Kind, x, y *Term) *Term {
	if b.isConst(y, 0) {
		return x
	}
	return b.bin(k, x, y)
}

// SMulO is true when x * y overflows as signed integers.
func (b *Builder) SMulO(x, y *Term) *Term {
	b.sameWidth("smulo", x, y)
	return b.make(SMulO, 0, 0, x, y)
}

// ZExt and SExt widen x to w bits; Extract is bits lo..hi of x.
func (b *Builder) ZExt(x *Term, w int) *Term {
	if w == x.W {
		return x
	}
	return b.make(ZExt, w, 0, x)
}

func (b *Builder) SExt(x *Term, w int) *Term {
	if w == x.W {
		return x
	}
	return b.make(SExt, w, 0, x)
}

func (b *Builder) Extract(x *Term, hi, lo int) *Term {
	if lo == 0 && hi == x.W-1 {
		return x
	}
	return b.make(Extract, hi-lo+1, uint64(lo), x)
}

// Resize converts x to w bits as C converts integers: the low bits, or
// an extension by sign (signed) or zeros.
func (b *Builder) Resize(x *Term, w int, signed bool) *Term {
	switch {
	case w <= x.W:
		return b.Extract(x, w-1, 0)
	case signed:
		return b.SExt(x, w)
	}
	return b.ZExt(x, w)
}

// ---- evaluation ----

// Eval computes t for the values vars gives to its inputs, through Apply;
// memo (may be nil) keeps the values of the terms computed.
func Eval(t *Term, vars func(*Term) uint64, memo map[*Term]uint64) uint64 {
	if memo == nil {
		memo = map[*Term]uint64{}
	}
	var ev func(t *Term) uint64
	ev = func(t *Term) uint64 {
		if v, ok := memo[t]; ok {
			return v
		}
		var v uint64
		switch t.Kind {
		case Const:
			v = t.K
		case Var:
			v = vars(t) & Mask(max(t.W, 1))
		default:
			vals := make([]uint64, len(t.Args))
			widths := make([]int, len(t.Args))
			for i, a := range t.Args {
				vals[i], widths[i] = ev(a), a.W
			}
			v = Apply(t.Kind, t.W, t.K, vals, widths)
		}
		memo[t] = v
		return v
	}
	return ev(t)
}
