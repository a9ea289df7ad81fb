package fd

import (
	"math/big"
	"strings"
)

// Rel is a comparison relation.
type Rel uint8

const (
	Eq Rel = iota // =
	Ne            // ≠
	Lt            // <
	Le            // ≤
	Gt            // >
	Ge            // ≥
)

var relNames = [...]string{"=", "≠", "<", "≤", ">", "≥"}

func (r Rel) String() string { return relNames[r] }

// Negate returns the complementary relation (¬(a r b) ⇔ a r.Negate() b).
func (r Rel) Negate() Rel {
	return [...]Rel{Ne, Eq, Ge, Gt, Le, Lt}[r]
}

// Flip returns the relation with its sides swapped (a r b ⇔ b r.Flip() a).
func (r Rel) Flip() Rel {
	return [...]Rel{Eq, Ne, Gt, Ge, Lt, Le}[r]
}

// Holds reports whether cmp (the sign of a-b) satisfies a r b.
func (r Rel) Holds(cmp int) bool {
	switch r {
	case Eq:
		return cmp == 0
	case Ne:
		return cmp != 0
	case Lt:
		return cmp < 0
	case Le:
		return cmp <= 0
	case Gt:
		return cmp > 0
	}
	return cmp >= 0
}

// Linear is the constraint Σ a[i]·x[i] rel c. Variables that occur twice
// are merged and zero coefficients dropped, so the propagator chosen at Post
// fits the real shape: a unary constraint prunes at once, x - y rel c gets a
// domain-consistent (=) or value (≠) propagator, the rest bounds
// consistency.
func Linear(a []Int, x []*Var, rel Rel, c Int) Constraint {
	if len(a) != len(x) {
		panic("fd.Linear: len(a) != len(x)")
	}
	l := &linear{rel: rel, c: c}
	idx := map[*Var]int{}
	for i, xi := range x {
		if j, ok := idx[xi]; ok {
			l.a[j] = l.a[j].Add(a[i])
			continue
		}
		idx[xi] = len(l.x)
		l.a = append(l.a, a[i])
		l.x = append(l.x, xi)
	}
	k := 0
	for i := range l.a {
		if !l.a[i].IsZero() {
			l.a[k], l.x[k] = l.a[i], l.x[i]
			k++
		}
	}
	l.a, l.x = l.a[:k], l.x[:k]
	return l
}

// LinearInt64 is Linear with int64 coefficients and constant.
func LinearInt64(a []int64, x []*Var, rel Rel, c int64) Constraint {
	ai := make([]Int, len(a))
	for i, v := range a {
		ai[i] = I64(v)
	}
	return Linear(ai, x, rel, I64(c))
}

// Sum is Σ x[i] rel c.
func Sum(x []*Var, rel Rel, c Int) Constraint {
	a := make([]Int, len(x))
	for i := range a {
		a[i] = one
	}
	return Linear(a, x, rel, c)
}

// SumEq is Σ x[i] = z.
func SumEq(x []*Var, z *Var) Constraint {
	a := make([]Int, len(x)+1)
	for i := range x {
		a[i] = one
	}
	a[len(x)] = I64(-1)
	return Linear(a, append(append([]*Var{}, x...), z), Eq, zero)
}

// Cmp is x rel y.
func Cmp(x *Var, rel Rel, y *Var) Constraint { return CmpOff(x, rel, y, zero) }

// CmpOff is x rel y + c.
func CmpOff(x *Var, rel Rel, y *Var, c Int) Constraint {
	return Linear([]Int{one, I64(-1)}, []*Var{x, y}, rel, c)
}

// CmpC is x rel c.
func CmpC(x *Var, rel Rel, c Int) Constraint { return Linear([]Int{one}, []*Var{x}, rel, c) }

// CmpInt64 is x rel c.
func CmpInt64(x *Var, rel Rel, c int64) Constraint { return CmpC(x, rel, I64(c)) }

// Plus is z = x + y; Minus is z = x - y.
func Plus(z, x, y *Var) Constraint {
	return Linear([]Int{one, one, I64(-1)}, []*Var{x, y, z}, Eq, zero)
}

func Minus(z, x, y *Var) Constraint {
	return Linear([]Int{one, I64(-1), I64(-1)}, []*Var{x, y, z}, Eq, zero)
}

type linear struct {
	a   []Int
	x   []*Var
	rel Rel
	c   Int
}

func (l *linear) Vars() []*Var { return l.x }

func (l *linear) Negate() Constraint {
	return &linear{a: l.a, x: l.x, rel: l.rel.Negate(), c: l.c}
}

func (l *linear) String() string {
	var sb strings.Builder
	for i := range l.a {
		if i > 0 {
			sb.WriteString(" + ")
		}
		if l.a[i] != one {
			sb.WriteString(l.a[i].String())
			sb.WriteString("·")
		}
		sb.WriteString(l.x[i].Name())
	}
	if len(l.a) == 0 {
		sb.WriteString("0")
	}
	sb.WriteString(" " + l.rel.String() + " " + l.c.String())
	return sb.String()
}

func (l *linear) Check(val Valuation) bool {
	s, ok := zero, true
	for i := range l.a {
		t, ov := l.a[i].MulOv(val(l.x[i]))
		if ov {
			ok = false
			break
		}
		s, ov = s.AddOv(t)
		if ov {
			ok = false
			break
		}
	}
	if ok {
		return l.rel.Holds(s.Cmp(l.c))
	}
	b := new(big.Int)
	for i := range l.a {
		b.Add(b, new(big.Int).Mul(l.a[i].Big(), val(l.x[i]).Big()))
	}
	return l.rel.Holds(b.Cmp(l.c.Big()))
}

// bounds returns the minimum and maximum of Σ a·x over the current
// domains, exactly, as big.Ints when the 128-bit computation overflows.
func (l *linear) bounds() (lo, hi Int, blo, bhi *big.Int) {
	ov := false
	for i, a := range l.a {
		x := l.x[i]
		var tlo, thi Int
		var o1, o2 bool
		if a.Sign() > 0 {
			tlo, o1 = a.MulOv(x.dom.min)
			thi, o2 = a.MulOv(x.dom.max)
		} else {
			tlo, o1 = a.MulOv(x.dom.max)
			thi, o2 = a.MulOv(x.dom.min)
		}
		var o3, o4 bool
		lo, o3 = lo.AddOv(tlo)
		hi, o4 = hi.AddOv(thi)
		// Leaving [MinValue, MaxValue] is treated as overflow too: it keeps
		// every later c - (lo - tmin) of the propagator inside 128 bits.
		if o1 || o2 || o3 || o4 || !inU(tlo) || !inU(thi) || !inU(lo) || !inU(hi) {
			ov = true
			break
		}
	}
	if !ov {
		return lo, hi, nil, nil
	}
	blo, bhi = new(big.Int), new(big.Int)
	for i, a := range l.a {
		x := l.x[i]
		ab := a.Big()
		t1 := new(big.Int).Mul(ab, x.dom.min.Big())
		t2 := new(big.Int).Mul(ab, x.dom.max.Big())
		if a.Sign() < 0 {
			t1, t2 = t2, t1
		}
		blo.Add(blo, t1)
		bhi.Add(bhi, t2)
	}
	return lo, hi, blo, bhi
}

func (l *linear) Entailed(s *Store) Truth {
	// Unary and unit binary cases are decided on domains, not just bounds:
	// x ≠ y is entailed as soon as dom(x) ∩ dom(y) = ∅ (the ite example of
	// the paper relies on this).
	if (l.rel == Eq || l.rel == Ne) && len(l.a) <= 2 {
		if t, ok := l.entailedDom(); ok {
			if l.rel == Ne {
				return t.Not()
			}
			return t
		}
	}
	lo, hi, blo, bhi := l.bounds()
	var cl, ch int // sign of lo - c, hi - c
	if blo == nil {
		cl, ch = lo.Cmp(l.c), hi.Cmp(l.c)
	} else {
		cb := l.c.Big()
		cl, ch = blo.Cmp(cb), bhi.Cmp(cb)
	}
	switch l.rel {
	case Eq, Ne:
		t := Unknown
		if cl > 0 || ch < 0 {
			t = Disentailed
		} else if cl == 0 && ch == 0 {
			t = Entailed
		}
		if l.rel == Ne {
			t = t.Not()
		}
		return t
	case Lt:
		return truthOf(ch < 0, cl >= 0)
	case Le:
		return truthOf(ch <= 0, cl > 0)
	case Gt:
		return truthOf(cl > 0, ch <= 0)
	}
	return truthOf(cl >= 0, ch < 0)
}

func truthOf(yes, no bool) Truth {
	if yes {
		return Entailed
	}
	if no {
		return Disentailed
	}
	return Unknown
}

// folded returns l with its fixed variables folded into the constant (l
// itself when none is, or when a product would overflow).
func (l *linear) folded() *linear {
	n := 0
	c := l.c
	for i, x := range l.x {
		if x.IsFixed() {
			t, ov := l.a[i].MulOv(x.Val())
			if ov {
				return l
			}
			if c, ov = c.SubOv(t); ov {
				return l
			}
			n++
		}
	}
	if n == 0 {
		return l
	}
	f := &linear{c: c, rel: l.rel}
	for i, x := range l.x {
		if !x.IsFixed() {
			f.a = append(f.a, l.a[i])
			f.x = append(f.x, x)
		}
	}
	return f
}

// entailedDom decides Σ a·x = c by domains for one variable or for
// x - y = c.
func (l *linear) entailedDom() (Truth, bool) {
	switch len(l.a) {
	case 0:
		return truthOf(l.c.IsZero(), !l.c.IsZero()), true
	case 1:
		q, r := l.c.QuoRem(l.a[0])
		x := l.x[0]
		if !r.IsZero() || !x.dom.contains(q) {
			return Disentailed, true
		}
		return truthOf(x.IsFixed(), false), true
	case 2:
		a, b := l.a[0], l.a[1]
		if a.Add(b).IsZero() && (a == one || b == one) {
			x, y := l.x[0], l.x[1]
			c := l.c
			if b == one { // -x + y = c  ⇔  y - x = c
				x, y = y, x
			}
			// x - y = c
			if x.dom.Disjoint(y.dom.Shift(c)) {
				return Disentailed, true
			}
			if x.IsFixed() && y.IsFixed() {
				return Entailed, true
			}
			return Unknown, true
		}
	}
	return Unknown, false
}

// Post picks the propagator by shape, the variables fixed by then
// folded into the constant: x ≠ y with y fixed is a value removed, not a
// disequality for the difference graph (the constraint lives no longer
// than the choice point it is posted in, where y stays fixed).
func (l *linear) Post(s *Store) bool {
	l = l.folded()
	// Normalize the relation to =, ≠ or ≤.
	a, c, rel := l.a, l.c, l.rel
	switch rel {
	case Lt:
		c, rel = c.Dec(), Le
	case Gt: // Σ a x > c ⇔ Σ -a x ≤ -c - 1
		a, c, rel = negAll(a), c.Neg().Dec(), Le
	case Ge:
		a, c, rel = negAll(a), c.Neg(), Le
	}
	switch len(a) {
	case 0:
		return rel.Holds(zero.Cmp(c))
	case 1:
		return postUnary(a[0], l.x[0], rel, c)
	case 2:
		if a[0].Add(a[1]).IsZero() && (a[0] == one || a[1] == one) {
			x, y := l.x[0], l.x[1]
			if a[1] == one { // -x + y rel c  ⇔  y - x rel c
				x, y = y, x
			}
			return postBinary(s, x, y, rel, c)
		}
	}
	return postLinGeneral(s, a, l.x, rel, c)
}

func negAll(a []Int) []Int {
	r := make([]Int, len(a))
	for i := range a {
		r[i] = a[i].Neg()
	}
	return r
}

// postUnary prunes a·x rel c directly: nothing needs to stay installed.
func postUnary(a Int, x *Var, rel Rel, c Int) bool {
	switch rel {
	case Eq:
		q, r := c.QuoRem(a)
		if !r.IsZero() {
			return x.s.Fail()
		}
		return x.Assign(q)
	case Ne:
		q, r := c.QuoRem(a)
		if !r.IsZero() {
			return true
		}
		return x.Remove(q)
	}
	// a·x ≤ c
	if a.Sign() > 0 {
		return x.SetMax(FloorDiv(c, a))
	}
	return x.SetMin(CeilDiv(c, a))
}

func postBinary(s *Store, x, y *Var, rel Rel, c Int) bool {
	switch rel {
	case Eq:
		if !s.addDiff(x, y, c) || !s.addDiff(y, x, c.Neg()) {
			return false
		}
		// Domain consistent, but woken by bounds only: a value removed
		// inside a domain does not travel along a chain of equalities
		// (the φ of a switch's cases: k equalities, and a value removed
		// at each case would cost k² runs); the next change of bounds
		// takes every hole along.
		p := &eqOffProp{x: x, y: y, c: c}
		pr := s.AddPropagator(p, CostBinary)
		s.Watch(pr, x, EvBnd)
		s.Watch(pr, y, EvBnd)
	case Ne:
		if !s.addNe(x, y, c) {
			return false
		}
		p := &neOffProp{x: x, y: y, c: c}
		pr := s.AddPropagator(p, CostBinary)
		s.Watch(pr, x, EvFix)
		s.Watch(pr, y, EvFix)
	default: // Le
		if !s.addDiff(x, y, c) {
			return false
		}
		p := &leOffProp{x: x, y: y, c: c}
		pr := s.AddPropagator(p, CostBinary)
		s.Watch(pr, x, EvBnd)
		s.Watch(pr, y, EvBnd)
	}
	return true
}

// eqOffProp: x = y + c, domain consistent.
type eqOffProp struct {
	x, y *Var
	c    Int
}

func (p *eqOffProp) Propagate(s *Store) Status {
	x, y, c := p.x, p.y, p.c
	if x.dom.IsRange() && y.dom.IsRange() {
		// Bounds are enough and need no allocation.
		for {
			if !x.SetBounds(y.dom.min.Add(c), y.dom.max.Add(c)) {
				return Failed
			}
			if !y.SetBounds(x.dom.min.Sub(c), x.dom.max.Sub(c)) {
				return Failed
			}
			if x.dom.min == y.dom.min.Add(c) && x.dom.max == y.dom.max.Add(c) {
				break
			}
		}
	} else {
		if !x.Intersect(y.dom.Shift(c)) || !y.Intersect(x.dom.Shift(c.Neg())) {
			return Failed
		}
	}
	if x.IsFixed() {
		return Subsumed
	}
	return AtFixpoint
}

// neOffProp: x ≠ y + c.
type neOffProp struct {
	x, y *Var
	c    Int
}

func (p *neOffProp) Propagate(s *Store) Status {
	if p.x.IsFixed() {
		if !p.y.Remove(p.x.dom.min.Sub(p.c)) {
			return Failed
		}
		return Subsumed
	}
	if p.y.IsFixed() {
		if !p.x.Remove(p.y.dom.min.Add(p.c)) {
			return Failed
		}
		return Subsumed
	}
	return AtFixpoint
}

// leOffProp: x ≤ y + c.
type leOffProp struct {
	x, y *Var
	c    Int
}

func (p *leOffProp) Propagate(s *Store) Status {
	if !p.x.SetMax(p.y.dom.max.Add(p.c)) || !p.y.SetMin(p.x.dom.min.Sub(p.c)) {
		return Failed
	}
	if p.x.dom.max.Leq(p.y.dom.min.Add(p.c)) {
		return Subsumed
	}
	return AtFixpoint
}

func postLinGeneral(s *Store, a []Int, x []*Var, rel Rel, c Int) bool {
	switch rel {
	case Ne:
		p := &linNeProp{a: a, x: x, c: c}
		pr := s.AddPropagator(p, CostLinear)
		s.WatchAll(pr, EvFix, x...)
	default:
		p := &linProp{a: a, x: x, c: c, eq: rel == Eq}
		p.unit = p.unitTernary()
		p.epoch = -1
		cost := CostLinear
		if len(x) <= 3 {
			cost = CostTernary
		}
		pr := s.AddPropagator(p, cost)
		s.WatchAll(pr, EvBnd, x...)
	}
	return true
}

// linProp: Σ a·x = c (eq) or Σ a·x ≤ c, bounds consistency.
type linProp struct {
	a  []Int
	x  []*Var
	c  Int
	eq bool
	// diffed is set (trailed) once the constraint, reduced to x - y by
	// fixed variables, was given to the difference graph.
	diffed bool
	// unit marks three variables with coefficients ±1 (lindiff.go);
	// given and epoch are its trailed state: the facts given to the
	// graph, and the graph's size at the last reading of its bounds.
	unit         bool
	given, epoch int
}

// toDiff gives the constraint to the difference graph when all its
// variables but two are fixed and those two have coefficients ±1 (x + y -
// z ≤ c with x fixed is z - y ≥ x - c; a + b = 3): the graph then refutes
// cycles that bounds reasoning would only creep along.
func (p *linProp) toDiff(s *Store) bool {
	var two [2]int
	n := 0
	c := p.c
	for i, x := range p.x {
		if x.IsFixed() {
			t, ov := p.a[i].MulOv(x.Val())
			if ov {
				return true
			}
			c = c.Sub(t)
			continue
		}
		if n == 2 || (p.a[i] != one && p.a[i] != I64(-1)) {
			return true
		}
		two[n] = i
		n++
	}
	if n < 2 {
		return true
	}
	s.SetBool(&p.diffed, true)
	sign := func(i int) int { return p.a[i].Sign() }
	i, j := two[0], two[1]
	x, y := p.x[i], p.x[j]
	if !s.addUTVPI(sign(i), x, sign(j), y, c) {
		return false
	}
	return !p.eq || s.addUTVPI(-sign(i), x, -sign(j), y, c.Neg())
}

func (p *linProp) Propagate(s *Store) Status {
	if !p.diffed && !p.toDiff(s) {
		return Failed
	}
	if p.unit && !p.ternaryDiffs(s) {
		return Failed
	}
	for iter := 0; ; iter++ {
		lo, hi, blo, _ := (&linear{a: p.a, x: p.x}).bounds()
		if blo != nil || !inU(p.c) {
			return p.propagateBig(s)
		}
		changed := false
		// Σ a·x ≤ c: each term is at most c - (lo - its own minimum).
		if hi.Leq(p.c) && !p.eq {
			return Subsumed
		}
		if p.c.Less(lo) {
			return Failed
		}
		for i, a := range p.a {
			x := p.x[i]
			if a.Sign() > 0 {
				tmin := a.MulSat(x.dom.min)
				bound := FloorDiv(p.c.Sub(lo.Sub(tmin)), a)
				if bound.Less(x.dom.max) {
					if !x.SetMax(bound) {
						return Failed
					}
					changed = true
				}
			} else {
				tmin := a.MulSat(x.dom.max)
				bound := CeilDiv(p.c.Sub(lo.Sub(tmin)), a)
				if x.dom.min.Less(bound) {
					if !x.SetMin(bound) {
						return Failed
					}
					changed = true
				}
			}
		}
		if p.eq {
			// Σ a·x ≥ c: each term is at least c - (hi - its own maximum).
			if hi.Less(p.c) {
				return Failed
			}
			if changed {
				// lo changed; recompute hi consistently below
				_, hi, blo, _ = (&linear{a: p.a, x: p.x}).bounds()
				if blo != nil {
					return p.propagateBig(s)
				}
			}
			for i, a := range p.a {
				x := p.x[i]
				if a.Sign() > 0 {
					tmax := a.MulSat(x.dom.max)
					bound := CeilDiv(p.c.Sub(hi.Sub(tmax)), a)
					if x.dom.min.Less(bound) {
						if !x.SetMin(bound) {
							return Failed
						}
						changed = true
					}
				} else {
					tmax := a.MulSat(x.dom.min)
					bound := FloorDiv(p.c.Sub(hi.Sub(tmax)), a)
					if bound.Less(x.dom.max) {
						if !x.SetMax(bound) {
							return Failed
						}
						changed = true
					}
				}
			}
		}
		if !changed || !p.eq {
			break
		}
	}
	if p.eq && allFixed(p.x) {
		return Subsumed
	}
	return AtFixpoint
}

// propagateBig is the same bounds reasoning in math/big, for the rare
// constraint whose sums leave 128 bits. It does a single pass and asks to
// be run again if it pruned.
func (p *linProp) propagateBig(s *Store) Status {
	l := &linear{a: p.a, x: p.x}
	_, _, blo, bhi := l.bounds()
	cb := p.c.Big()
	if blo.Cmp(cb) > 0 || (p.eq && bhi.Cmp(cb) < 0) {
		return Failed
	}
	for i, a := range p.a {
		x := p.x[i]
		ab := a.Big()
		tmin := new(big.Int).Mul(ab, x.dom.min.Big())
		tmax := new(big.Int).Mul(ab, x.dom.max.Big())
		if a.Sign() < 0 {
			tmin, tmax = tmax, tmin
		}
		// term ≤ c - (blo - tmin)
		up := new(big.Int).Sub(cb, new(big.Int).Sub(blo, tmin))
		var down *big.Int
		if p.eq {
			down = new(big.Int).Sub(cb, new(big.Int).Sub(bhi, tmax))
		}
		var lo, hi *big.Int
		if a.Sign() > 0 {
			hi = bigFloorDiv(up, ab)
			if down != nil {
				lo = bigCeilDiv(down, ab)
			}
		} else {
			lo = bigCeilDiv(up, ab)
			if down != nil {
				hi = bigFloorDiv(down, ab)
			}
		}
		if hi != nil {
			v, _ := FromBig(hi)
			if !x.SetMax(clampU(v)) {
				return Failed
			}
		}
		if lo != nil {
			v, _ := FromBig(lo)
			if !x.SetMin(clampU(v)) {
				return Failed
			}
		}
	}
	return NotFixpoint
}

func bigFloorDiv(a, b *big.Int) *big.Int {
	q, m := new(big.Int).DivMod(a, b, new(big.Int)) // Euclidean: m >= 0
	if b.Sign() < 0 && m.Sign() != 0 {
		// Euclidean q for negative b is the ceiling; floor is one less.
		q.Sub(q, big.NewInt(1))
	}
	return q
}

func bigCeilDiv(a, b *big.Int) *big.Int {
	return new(big.Int).Neg(bigFloorDiv(new(big.Int).Neg(a), b))
}

// linNeProp: Σ a·x ≠ c; acts when at most one variable is left unfixed.
type linNeProp struct {
	a []Int
	x []*Var
	c Int
}

func (p *linNeProp) Propagate(s *Store) Status {
	free := -1
	for i, x := range p.x {
		if !x.IsFixed() {
			if free >= 0 {
				return AtFixpoint
			}
			free = i
		}
	}
	l := &linear{a: p.a, x: p.x, rel: Eq, c: p.c}
	if free < 0 {
		if l.Check(CurrentValues) {
			return Failed
		}
		return Subsumed
	}
	// a_f·x_f ≠ c - Σ_{i≠f} a_i·v_i
	rest := new(big.Int).Set(p.c.Big())
	for i, x := range p.x {
		if i != free {
			rest.Sub(rest, new(big.Int).Mul(p.a[i].Big(), x.dom.min.Big()))
		}
	}
	q, m := new(big.Int).QuoRem(rest, p.a[free].Big(), new(big.Int))
	if m.Sign() == 0 {
		if v, ok := FromBig(q); ok {
			if !p.x[free].Remove(v) {
				return Failed
			}
		}
	}
	return Subsumed
}
