package term

import (
	"bytes"
	"strings"
	"testing"
)

// TestSharingAndFolding: equal terms are one term, commutative operands
// are ordered, and what constants decide is decided.
func TestSharingAndFolding(t *testing.T) {
	b := NewBuilder()
	x, y := b.Var(32, "x"), b.Var(32, "y")
	if b.Add(x, y) != b.Add(y, x) {
		t.Error("x + y and y + x are two terms")
	}
	if b.Mul(x, b.Const(32, 3)) != b.Mul(b.Const(32, 3), x) {
		t.Error("3x built twice")
	}
	c := b.Const(32, 0xffffffff)
	if got := b.Add(c, b.Const(32, 2)); !got.IsConst() || got.K != 1 {
		t.Errorf("0xffffffff + 2 = %v, want 1 (wrapping)", got)
	}
	if got := b.SDiv(b.Const(8, 0x80), b.Const(8, 0xff)); got.K != 0x80 {
		t.Errorf("-128 / -1 on 8 bits = %v, want 0x80 as SMT-LIB wraps", got)
	}
	lt := b.Slt(x, y)
	cases := []struct {
		name      string
		got, want *Term
	}{
		{"p ∧ ¬p", b.And(lt, b.Not(lt)), b.False()},
		{"p ∨ ¬p", b.Or(b.Not(lt), lt), b.True()},
		{"¬¬p", b.Not(b.Not(lt)), lt},
		{"ite(true)", b.Ite(b.True(), x, y), x},
		{"ite(p, x, x)", b.Ite(lt, x, x), x},
		{"ite(¬p, x, y)", b.Ite(b.Not(lt), x, y), b.Ite(lt, y, x)},
		{"ite(p, true, q)", b.Ite(lt, b.True(), b.Eq(x, y)), b.Or(lt, b.Eq(x, y))},
		{"x = x", b.Eq(x, x), b.True()},
		{"x <u x", b.Ult(x, x), b.False()},
		{"x <=s x", b.Sle(x, x), b.True()},
		{"4 < 8 (a loop test after 4 iterations)", b.Slt(b.Const(32, 4), b.Const(32, 8)), b.True()},
		{"x & 0", b.BvAnd(x, b.Const(32, 0)), b.Const(32, 0)},
		{"x ^ 0", b.BvXor(x, b.Const(32, 0)), x},
		{"x << 0", b.Shl(x, b.Const(32, 0)), x},
		{"zext to the same width", b.ZExt(x, 32), x},
		{"resize 32 → 8", b.Resize(x, 8, true), b.Extract(x, 7, 0)},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if v := b.Var(32, "x"); v.Name == x.Name || v == x {
		t.Errorf("a second input named x is %q", v.Name)
	}
}

// TestWriteSMT2 shows the shape of the text: declarations, shared
// definitions written once, assertions.
func TestWriteSMT2(t *testing.T) {
	b := NewBuilder()
	x := b.Var(32, "p[0]")
	h := b.Mul(x, b.Const(32, 0x9E3779B1))
	q := b.Eq(b.LShr(h, b.Const(32, 16)), b.Const(32, 0x1234))
	var buf bytes.Buffer
	if err := WriteSMT2(&buf, []string{"goal f.c:3:7:true"}, q, b.Ult(h, b.Const(32, 100))); err != nil {
		t.Fatal(err)
	}
	want := `; goal f.c:3:7:true
(set-logic QF_BV)
(declare-fun |p[0]| () (_ BitVec 32))
(define-fun t4 () (_ BitVec 32) (bvmul |p[0]| (_ bv2654435761 32)))
(define-fun t6 () (_ BitVec 32) (bvlshr t4 (_ bv16 32)))
(define-fun t8 () Bool (= t6 (_ bv4660 32)))
(define-fun t10 () Bool (bvult t4 (_ bv100 32)))
(assert t8)
(assert t10)
(check-sat)
`
	if got := buf.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if strings.Count(buf.String(), "bvmul") != 1 {
		t.Error("the shared product is written more than once")
	}
}
