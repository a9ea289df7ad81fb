package bv

import (
	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"
)

// Circuit is an and-inverter graph with bit-vector operators on top.
type Circuit struct {
	c *logic.C
}

// Vec is a machine integer: its bits as literals, least significant first.
type Vec []z.Lit

// Width is the number of bits of v.
func (v Vec) Width() int { return len(v) }

// MSB is the most significant bit (the sign of a signed value).
func (v Vec) MSB() z.Lit { return v[len(v)-1] }

// New returns an empty circuit.
func New() *Circuit { return &Circuit{c: logic.NewCCap(1 << 12)} }

// Gates returns the number of nodes of the circuit (inputs and gates).
func (c *Circuit) Gates() int { return c.c.Len() }

// True and False are the constant literals.
func (c *Circuit) True() z.Lit  { return c.c.T }
func (c *Circuit) False() z.Lit { return c.c.F }

// Bool returns the constant literal b.
func (c *Circuit) Bool(b bool) z.Lit {
	if b {
		return c.c.T
	}
	return c.c.F
}

// Input returns a fresh input literal.
func (c *Circuit) Input() z.Lit { return c.c.Lit() }

// Inputs returns a fresh w-bit input vector.
func (c *Circuit) Inputs(w int) Vec {
	v := make(Vec, w)
	for i := range v {
		v[i] = c.c.Lit()
	}
	return v
}

// Const returns the w-bit constant v (bits beyond 64 are 0).
func (c *Circuit) Const(w int, v uint64) Vec {
	out := make(Vec, w)
	for i := range out {
		out[i] = c.Bool(i < 64 && v>>uint(i)&1 == 1)
	}
	return out
}

// IsConst reports whether every bit of v is a constant, and its value (the
// low 64 bits).
func (c *Circuit) IsConst(v Vec) (uint64, bool) {
	var x uint64
	for i, b := range v {
		switch b {
		case c.c.T:
			if i < 64 {
				x |= 1 << uint(i)
			}
		case c.c.F:
		default:
			return 0, false
		}
	}
	return x, true
}

// ---- literals ----

// And, Or, Xor, Implies, Ite and Iff combine literals.
func (c *Circuit) And(a, b z.Lit) z.Lit     { return c.c.And(a, b) }
func (c *Circuit) Or(a, b z.Lit) z.Lit      { return c.c.Or(a, b) }
func (c *Circuit) Xor(a, b z.Lit) z.Lit     { return c.c.Xor(a, b) }
func (c *Circuit) Implies(a, b z.Lit) z.Lit { return c.c.Implies(a, b) }
func (c *Circuit) Iff(a, b z.Lit) z.Lit     { return c.c.Xor(a, b).Not() }

// Ite is "if s then a else b" on literals.
func (c *Circuit) Ite(s, a, b z.Lit) z.Lit {
	switch {
	case a == b:
		return a
	case s == c.c.T:
		return a
	case s == c.c.F:
		return b
	}
	return c.c.Choice(s, a, b)
}

// Ands is the conjunction of ms (true when empty), Ors the disjunction
// (false when empty).
func (c *Circuit) Ands(ms ...z.Lit) z.Lit { return c.c.Ands(ms...) }
func (c *Circuit) Ors(ms ...z.Lit) z.Lit  { return c.c.Ors(ms...) }

// ---- bitwise ----

func (c *Circuit) bitwise(a, b Vec, f func(x, y z.Lit) z.Lit) Vec {
	out := make(Vec, len(a))
	for i := range a {
		out[i] = f(a[i], b[i])
	}
	return out
}

// Not is ~a.
func (c *Circuit) Not(a Vec) Vec {
	out := make(Vec, len(a))
	for i, x := range a {
		out[i] = x.Not()
	}
	return out
}

// AndV, OrV, XorV are a & b, a | b, a ^ b (equal widths).
func (c *Circuit) AndV(a, b Vec) Vec { return c.bitwise(a, b, c.c.And) }
func (c *Circuit) OrV(a, b Vec) Vec  { return c.bitwise(a, b, c.c.Or) }
func (c *Circuit) XorV(a, b Vec) Vec { return c.bitwise(a, b, c.c.Xor) }

// IteV is "if s then a else b" on vectors of equal width.
func (c *Circuit) IteV(s z.Lit, a, b Vec) Vec {
	return c.bitwise(a, b, func(x, y z.Lit) z.Lit { return c.Ite(s, x, y) })
}

// ---- width changes ----

// ZExt extends a to w bits with zeros (w ≥ len(a)).
func (c *Circuit) ZExt(a Vec, w int) Vec {
	out := append(make(Vec, 0, w), a...)
	for len(out) < w {
		out = append(out, c.c.F)
	}
	return out
}

// SExt extends a to w bits with copies of its sign (w ≥ len(a)).
func (c *Circuit) SExt(a Vec, w int) Vec {
	out := append(make(Vec, 0, w), a...)
	for len(out) < w {
		out = append(out, a.MSB())
	}
	return out
}

// Trunc keeps the low w bits of a (w ≤ len(a)).
func (c *Circuit) Trunc(a Vec, w int) Vec { return append(Vec(nil), a[:w]...) }

// Extract is bits lo..hi of a, inclusive (SMT-LIB's extract).
func (c *Circuit) Extract(a Vec, hi, lo int) Vec { return append(Vec(nil), a[lo:hi+1]...) }

// Resize converts a to w bits as C converts between integer types: the low
// bits when narrowing, extended by sign (signed) or zeros when widening.
func (c *Circuit) Resize(a Vec, w int, signed bool) Vec {
	switch {
	case w <= len(a):
		return c.Trunc(a, w)
	case signed:
		return c.SExt(a, w)
	}
	return c.ZExt(a, w)
}

// ---- comparisons ----

// Eq is a == b.
func (c *Circuit) Eq(a, b Vec) z.Lit {
	eq := c.c.T
	for i := range a {
		eq = c.c.And(eq, c.Iff(a[i], b[i]))
	}
	return eq
}

// IsZero is a == 0.
func (c *Circuit) IsZero(a Vec) z.Lit {
	nz := c.c.F
	for _, x := range a {
		nz = c.c.Or(nz, x)
	}
	return nz.Not()
}

// Ult is a < b unsigned: the subtraction a - b borrows.
func (c *Circuit) Ult(a, b Vec) z.Lit {
	_, carry := c.AddC(a, c.Not(b), c.c.T)
	return carry.Not()
}

// Ule is a ≤ b unsigned.
func (c *Circuit) Ule(a, b Vec) z.Lit { return c.Ult(b, a).Not() }

// Slt is a < b signed: unsigned order with the signs flipped.
func (c *Circuit) Slt(a, b Vec) z.Lit { return c.Ult(flipSign(a), flipSign(b)) }

// Sle is a ≤ b signed.
func (c *Circuit) Sle(a, b Vec) z.Lit { return c.Slt(b, a).Not() }

func flipSign(a Vec) Vec {
	out := append(Vec(nil), a...)
	out[len(out)-1] = out[len(out)-1].Not()
	return out
}

// ---- memory ----

// Select reads a small memory: the value of the cell whose address is
// addr, the cells being at addresses addrs (distinct). hit is true when
// addr is one of them; the value is then that cell's, else 0.
func (c *Circuit) Select(addr Vec, addrs []uint64, cells []Vec) (val Vec, hit z.Lit) {
	w := 0
	if len(cells) > 0 {
		w = len(cells[0])
	}
	val = c.Const(w, 0)
	hit = c.c.F
	for k, a := range addrs {
		at := c.Eq(addr, c.Const(len(addr), a))
		hit = c.c.Or(hit, at)
		for i := range val {
			val[i] = c.c.Or(val[i], c.c.And(at, cells[k][i]))
		}
	}
	return val, hit
}

// Update writes v into the cell of a small memory whose address is addr:
// the cells after the write (a cell at another address keeps its value).
func (c *Circuit) Update(addr Vec, addrs []uint64, cells []Vec, v Vec) []Vec {
	out := make([]Vec, len(cells))
	for k, a := range addrs {
		at := c.Eq(addr, c.Const(len(addr), a))
		out[k] = c.IteV(at, v, cells[k])
	}
	return out
}
