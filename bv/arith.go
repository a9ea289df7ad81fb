package bv

import "github.com/go-air/gini/z"

// fullAdder returns a + b + cin as a sum bit and a carry.
func (c *Circuit) fullAdder(a, b, cin z.Lit) (sum, cout z.Lit) {
	t := c.c.Xor(a, b)
	sum = c.c.Xor(t, cin)
	cout = c.c.Or(c.c.And(a, b), c.c.And(cin, t))
	return sum, cout
}

// AddC is a + b + cin on equal widths, with the carry out of the top bit.
func (c *Circuit) AddC(a, b Vec, cin z.Lit) (Vec, z.Lit) {
	out := make(Vec, len(a))
	carry := cin
	for i := range a {
		out[i], carry = c.fullAdder(a[i], b[i], carry)
	}
	return out, carry
}

// Add is a + b, wrapping.
func (c *Circuit) Add(a, b Vec) Vec {
	s, _ := c.AddC(a, b, c.c.F)
	return s
}

// Sub is a - b, wrapping.
func (c *Circuit) Sub(a, b Vec) Vec {
	s, _ := c.AddC(a, c.Not(b), c.c.T)
	return s
}

// Neg is -a, wrapping.
func (c *Circuit) Neg(a Vec) Vec { return c.Sub(c.Const(len(a), 0), a) }

// Mul is the low len(a) bits of a * b (equal widths): one row per bit of
// the multiplier that is not the constant 0 (a constant multiplier costs
// its one bits), the rows summed pairwise, neighbours first, as a
// balanced tree of adders rather than one after the other into an
// accumulator. The function is the same; the tree adds values of similar
// magnitude at each level, which the SAT solver refutes with far fewer
// propagations: the 64-bit SWAR popcount (a product by
// 0x0101010101010101 whose top byte sums the bytes) refutes two disjoint
// masks of weights 40 and 30 in a third of the accumulator's
// (TestPopcountCardinality).
func (c *Circuit) Mul(a, b Vec) Vec {
	if c.zeros(a) > c.zeros(b) {
		a, b = b, a // the operand with more constant zeros selects the rows
	}
	w := len(a)
	var rows []Vec
	for i := 0; i < w; i++ {
		if b[i] == c.c.F {
			continue
		}
		// Row i: (a << i) & b[i].
		row := c.Const(w, 0)
		for j := i; j < w; j++ {
			row[j] = c.c.And(a[j-i], b[i])
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return c.Const(w, 0)
	}
	for len(rows) > 1 {
		h := (len(rows) + 1) / 2
		for k := 0; 2*k+1 < len(rows); k++ {
			rows[k] = c.Add(rows[2*k], rows[2*k+1])
		}
		if len(rows)%2 == 1 {
			rows[h-1] = rows[len(rows)-1]
		}
		rows = rows[:h]
	}
	return rows[0]
}

// zeros counts the bits of a that are the constant 0.
func (c *Circuit) zeros(a Vec) int {
	n := 0
	for _, x := range a {
		if x == c.c.F {
			n++
		}
	}
	return n
}

// UDivRem is the unsigned quotient and remainder of a by b (equal
// widths), a restoring divider; for b = 0 the quotient is all ones and the
// remainder a, as SMT-LIB's bvudiv and bvurem say.
func (c *Circuit) UDivRem(a, b Vec) (q, r Vec) {
	w := len(a)
	if k, ok := c.IsConst(b); ok && k != 0 && k&(k-1) == 0 && w <= 64 {
		// A power of two: a shift and a mask.
		n := 0
		for k>>uint(n) != 1 {
			n++
		}
		q = append(append(Vec(nil), a[n:]...), c.Const(n, 0)...)
		r = append(append(Vec(nil), a[:n]...), c.Const(w-n, 0)...)
		return q, r
	}
	q = make(Vec, w)
	r = c.Const(w, 0)
	bb := c.Not(c.ZExt(b, w+1))
	for i := w - 1; i >= 0; i-- {
		// rr = r << 1 | a[i] on w+1 bits; subtract b when rr ≥ b.
		rr := append(Vec{a[i]}, r...)
		diff, ge := c.AddC(rr, bb, c.c.T)
		q[i] = ge
		r = c.IteV(ge, diff[:w], rr[:w])
	}
	return q, r
}

// SDivRem is C's signed quotient (truncated toward zero) and remainder
// (the sign of a), SMT-LIB's bvsdiv and bvsrem: the unsigned division of
// the magnitudes, signs restored.
func (c *Circuit) SDivRem(a, b Vec) (q, r Vec) {
	sa, sb := a.MSB(), b.MSB()
	ua := c.IteV(sa, c.Neg(a), a)
	ub := c.IteV(sb, c.Neg(b), b)
	uq, ur := c.UDivRem(ua, ub)
	q = c.IteV(c.c.Xor(sa, sb), c.Neg(uq), uq)
	r = c.IteV(sa, c.Neg(ur), ur)
	return q, r
}

// ---- shifts ----

// shift shifts a by the amount n (any width) through a barrel of
// log2(width) stages; amounts of width or more give fill in every bit.
func (c *Circuit) shift(a, n Vec, left bool, fill z.Lit) Vec {
	w := len(a)
	out := append(Vec(nil), a...)
	over := c.c.F
	for k, bit := range n {
		if k >= 31 || 1<<uint(k) >= w {
			over = c.c.Or(over, bit)
			continue
		}
		d := 1 << uint(k)
		moved := make(Vec, w)
		for i := range moved {
			src := i + d
			if left {
				src = i - d
			}
			if src >= 0 && src < w {
				moved[i] = out[src]
			} else {
				moved[i] = fill
			}
		}
		out = c.IteV(bit, moved, out)
	}
	// Amounts in w..2^⌈log2 w⌉-1 are not caught by the high bits.
	if w&(w-1) != 0 && fits(w, len(n)) {
		over = c.c.Or(over, c.Ule(c.Const(len(n), uint64(w)), n))
	}
	for i := range out {
		out[i] = c.Ite(over, fill, out[i])
	}
	return out
}

// Shl is a << n; LShr and AShr are logical and arithmetic a >> n. The
// amount n may have any width and is unsigned; amounts of len(a) or more
// give 0 (or the sign bits for AShr), as in SMT-LIB.
func (c *Circuit) Shl(a, n Vec) Vec  { return c.shift(a, n, true, c.c.F) }
func (c *Circuit) LShr(a, n Vec) Vec { return c.shift(a, n, false, c.c.F) }
func (c *Circuit) AShr(a, n Vec) Vec { return c.shift(a, n, false, a.MSB()) }

// ---- undefined behaviour ----

// SAddOverflow is true when a + b overflows as signed integers: the
// operands have one sign and the sum the other.
func (c *Circuit) SAddOverflow(a, b Vec) z.Lit {
	s := c.Add(a, b)
	return c.c.And(c.Iff(a.MSB(), b.MSB()), c.c.Xor(s.MSB(), a.MSB()))
}

// SSubOverflow is true when a - b overflows as signed integers.
func (c *Circuit) SSubOverflow(a, b Vec) z.Lit {
	s := c.Sub(a, b)
	return c.c.And(c.c.Xor(a.MSB(), b.MSB()), c.c.Xor(s.MSB(), a.MSB()))
}

// SNegOverflow is true when -a overflows: a is the most negative value.
func (c *Circuit) SNegOverflow(a Vec) z.Lit { return c.Eq(a, c.minSigned(len(a))) }

// SMulOverflow is true when a * b is not representable as a signed
// integer of their width: the product of the operands extended to twice
// the width does not fit.
func (c *Circuit) SMulOverflow(a, b Vec) z.Lit {
	w := len(a)
	p := c.Mul(c.SExt(a, 2*w), c.SExt(b, 2*w))
	// Representable iff bits w-1 .. 2w-1 are all equal.
	ok := c.c.T
	for i := w; i < 2*w; i++ {
		ok = c.c.And(ok, c.Iff(p[i], p[w-1]))
	}
	return ok.Not()
}

// DivByZero is b == 0.
func (c *Circuit) DivByZero(b Vec) z.Lit { return c.IsZero(b) }

// SDivOverflow is the signed quotient that overflows: INT_MIN / -1.
func (c *Circuit) SDivOverflow(a, b Vec) z.Lit {
	return c.c.And(c.Eq(a, c.minSigned(len(a))), c.Eq(b, c.Const(len(b), ^uint64(0))))
}

// ShiftCountUB is true when a shift of a w-bit value by n is undefined:
// n negative (when n is signed) or n ≥ w.
func (c *Circuit) ShiftCountUB(n Vec, signed bool, w int) z.Lit {
	big := c.c.F // when n cannot reach w
	if fits(w, len(n)) {
		big = c.Ule(c.Const(len(n), uint64(w)), n)
	}
	if signed {
		return c.c.Or(n.MSB(), big)
	}
	return big
}

// SShlUB is true when a << n is undefined for a signed a (n in range): a
// negative, or a·2^n not representable.
func (c *Circuit) SShlUB(a, n Vec) z.Lit {
	s := c.Shl(a, n)
	lost := c.Eq(c.LShr(s, n), a).Not()
	return c.Ors(a.MSB(), s.MSB(), lost)
}

func (c *Circuit) minSigned(w int) Vec {
	v := c.Const(w, 0)
	v[w-1] = c.c.T
	return v
}

// fits reports whether the value v is representable on bits unsigned bits.
func fits(v, bits int) bool { return bits >= 63 || v < 1<<uint(bits) }
