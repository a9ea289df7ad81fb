package frontend

import (
	"fmt"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/inka-tool/inka/ir"
)

// Bit-fields. A struct's bit-fields are stored in bytes that are leaves of
// type unsigned char (ir.Leaf.BitBytes), so the interpreter, the
// points-to analysis, the Pointer-SSA and the model see only byte loads
// and stores, which C allows on any object (C11 6.5p7): a read of a
// bit-field loads the bytes that hold its bits, joins them little-endian
// into an unsigned long long, shifts and masks, and sign-extends a signed
// bit-field; a write loads the bytes it shares with other bit-fields,
// replaces its bits, and stores them back (a byte holding only its bits
// is stored directly). The value read has the promoted type (C11 6.3.1.1:
// int when the width is below int's, as gcc does), the value stored the
// bit-field's width (gcc keeps the low bits).

// A bit-field wider than int (unsigned long long x : 40) is read and
// written the same way. gcc gives its value a type of its own width
// ("unsigned long long:40"): an operation whose other operand is
// narrower (an int) is computed in 40 bits, where clang, and the
// declared type inka gives the value, compute in 64. Where that
// changes the result (+, -, * and <<, which may leave the 40 bits; -
// and ~; a narrower operand that may be negative, converted to the 40
// bits of an unsigned bit-field) the operation is cut (wideBitOp);
// comparisons with non-negative values, shifts right, casts,
// assignments, and the compound assignments of an unsigned one (the
// result stored back keeps its low 40 bits either way) are exact; a
// signed one overflows in its width, which is undefined.

// bitRef designates a bit-field: bits pos .. pos+bits-1 counted from the
// least significant bit of the byte base points to.
type bitRef struct {
	base ir.Value // unsigned char *
	pos  int64
	bits int64
	typ  *ir.Type // the declared type (its signedness; _Bool)
	init bool     // a store initializes the object (ir.Store.Init: it may be const)
}

// bitField returns the lvalue of bit-field f of the struct p points to.
func (b *funcBuilder) bitField(p ir.Value, f *ir.Field, pos token.Position) lval {
	if r := (f.Offset*8 + f.BitOff) % 8; r+f.Bits > 64 {
		// only in a packed struct: its bytes would not fit the unsigned
		// long long the bytes are joined in
		panic(unsupported(pos, fmt.Sprintf("bit-field %s of %d bits spread over 9 bytes", f.Name, f.Bits)))
	}
	return lval{typ: f.Type, bf: &bitRef{base: b.bytePtr(p), pos: f.Offset*8 + f.BitOff, bits: f.Bits, typ: f.Type}}
}

// bytePtr converts pointer p to unsigned char *.
func (b *funcBuilder) bytePtr(p ir.Value) ir.Value {
	d := b.newTemp(b.u.dm.PointerTo(ir.UCharType))
	b.emit(&ir.Conv{At: b.at(), Dst: d, X: p})
	return d
}

// bitType is the type of the value of a bit-field of the given width and
// declared type: int when int holds every value (C11 6.3.1.1p2), else the
// declared type (unsigned int:32).
func bitType(bits int64, t *ir.Type) *ir.Type {
	if t.Kind == ir.Bool || bits < 32 || (bits == 32 && t.IsSigned()) {
		return ir.IntType
	}
	return t
}

// byteAt returns a pointer to byte k of a bit-field's base.
func (b *funcBuilder) byteAt(r *bitRef, k int64) ir.Value {
	if k == 0 {
		return r.base
	}
	d := b.newTemp(r.base.Type())
	b.emit(&ir.PtrAdd{At: b.at(), Dst: d, Ptr: r.base, Index: ir.NewConst(b.u.dm.Index(), uint64(k))})
	return d
}

// bin emits d = x op y of type t.
func (b *funcBuilder) bin(op ir.Op, x, y ir.Value, t *ir.Type) ir.Value {
	d := b.newTemp(t)
	b.emit(&ir.Binary{At: b.at(), Dst: d, Op: op, X: x, Y: y})
	return d
}

var u64 = ir.ULongLongType

// loadBits reads a bit-field.
func (b *funcBuilder) loadBits(r *bitRef) ir.Value {
	first, last := r.pos/8, (r.pos+r.bits-1)/8
	var acc ir.Value
	for k := first; k <= last; k++ {
		by := b.newTemp(ir.UCharType)
		b.emit(&ir.Load{At: b.at(), Dst: by, Ptr: b.byteAt(r, k)})
		w := b.convert(by, u64)
		if k > first {
			w = b.bin(ir.Shl, w, ir.NewConst(u64, uint64(8*(k-first))), u64)
		}
		if acc == nil {
			acc = w
		} else {
			acc = b.bin(ir.Or, acc, w, u64)
		}
	}
	if sh := r.pos % 8; sh > 0 {
		acc = b.bin(ir.Shr, acc, ir.NewConst(u64, uint64(sh)), u64)
	}
	return b.bitValue(r, b.bin(ir.And, acc, ir.NewConst(u64, mask(r.bits)), u64))
}

// bitValue converts the bits of a bit-field (an unsigned long long below
// 2^bits) to its value: sign-extended for a signed bit-field, in the
// promoted type.
func (b *funcBuilder) bitValue(r *bitRef, v ir.Value) ir.Value {
	if r.typ.IsSigned() {
		sign := ir.NewConst(u64, 1<<(r.bits-1))
		v = b.bin(ir.Sub, b.bin(ir.Xor, v, sign, u64), sign, u64)
	}
	return b.convert(v, bitType(r.bits, r.typ))
}

func mask(bits int64) uint64 { return 1<<bits - 1 }

// storeBits writes v (of the declared type) into a bit-field and returns
// the value the bit-field then holds.
func (b *funcBuilder) storeBits(r *bitRef, v ir.Value) ir.Value {
	bitsv := b.bin(ir.And, b.convert(v, u64), ir.NewConst(u64, mask(r.bits)), u64)
	sh := r.pos % 8
	shifted := bitsv
	if sh > 0 {
		shifted = b.bin(ir.Shl, bitsv, ir.NewConst(u64, uint64(sh)), u64)
	}
	first, last := r.pos/8, (r.pos+r.bits-1)/8
	m := mask(r.bits) << sh
	for k := first; k <= last; k++ {
		part := shifted
		if k > first {
			part = b.bin(ir.Shr, shifted, ir.NewConst(u64, uint64(8*(k-first))), u64)
		}
		by := b.convert(part, ir.UCharType)
		bm := (m >> (8 * (k - first))) & 0xff
		p := b.byteAt(r, k)
		if bm != 0xff {
			old := b.newTemp(ir.UCharType)
			b.emit(&ir.Load{At: b.at(), Dst: old, Ptr: p, Shared: true})
			kept := b.bin(ir.And, b.convert(old, ir.IntType), ir.NewConst(ir.IntType, ^bm&0xff), ir.IntType)
			by = b.convert(b.bin(ir.Or, kept, b.convert(by, ir.IntType), ir.IntType), ir.UCharType)
		}
		b.emit(&ir.Store{At: b.at(), Ptr: p, Src: by, Init: r.init})
	}
	return b.bitValue(r, bitsv)
}

// zeroBitBytes zeroes the bit-field bytes of local v, declared without an
// initializer: a write of a bit-field reads the bytes it shares with
// others, which would otherwise be indeterminate (gcc's are whatever the
// stack held; a read of a bit-field never written gives 0, not an
// indeterminate value).
func (b *funcBuilder) zeroBitBytes(v *ir.Var) {
	for _, l := range v.Typ.Leaves() {
		if l.BitBytes {
			b.emit(&ir.Store{At: b.at(), Ptr: b.leafLval(v, l).ptr, Src: ir.NewConst(ir.UCharType, 0), Init: true})
		}
	}
}

// hasBitBytes reports whether an object of type t has bit-field bytes.
func hasBitBytes(t *ir.Type) bool {
	switch t.Kind {
	case ir.Array:
		return hasBitBytes(t.Elem)
	case ir.Struct:
		for i := range t.Fields {
			f := &t.Fields[i]
			if _, n := f.BitBytes(); n > 0 || (f.Modelled() && hasBitBytes(f.Type)) {
				return true
			}
		}
	case ir.Union:
		if i := t.UnionMember(); i >= 0 {
			return hasBitBytes(t.Fields[i].Type)
		}
		return t.NumLeaves() > 0 // bit-fields only
	}
	return false
}

// wideBitField returns the width and signedness of the bit-field that e
// designates when it is wider than int and narrower than 64 bits (the
// bit-fields whose values gcc computes in their own width), or 0.
func wideBitField(e cc.ExpressionNode) (int64, bool) {
	x, ok := bare(unparen(e)).(*cc.PostfixExpression)
	if !ok || x.Case != cc.PostfixExpressionSelect && x.Case != cc.PostfixExpressionPSelect {
		return 0, false
	}
	f := x.Field()
	if f == nil || !f.IsBitfield() || f.ValueBits() <= 32 || f.ValueBits() >= 64 {
		return 0, false
	}
	return f.ValueBits(), cc.IsSignedInteger(f.Type())
}

// wideBitOp panics with the cut of an operation op on operands l and r
// when one of them is a bit-field wider than int that gcc computes the
// operation in (see above) and the result may differ from the 64-bit
// one: compound says the result is stored back in l (a compound
// assignment), which then keeps only its low bits.
func wideBitOp(op ir.Op, l, r cc.ExpressionNode, compound bool, pos token.Position) {
	lbits, lsigned := wideBitField(l)
	rbits, rsigned := wideBitField(r)
	if lbits == 0 && rbits == 0 {
		return
	}
	w, wsigned, other := lbits, lsigned, r
	if w == 0 {
		w, wsigned, other = rbits, rsigned, l
	}
	cut := false
	switch {
	case op == ir.Shr || (op == ir.Shl && lbits == 0):
		return // the result has the left operand's type
	case op == ir.Shl:
		cut = !compound
	case lbits != 0 && rbits != 0:
		cut = true
	case other.Type() == nil || other.Type().Size()*8 > w:
		return // computed in the other operand's type: the bit-field converts exactly
	case op == ir.Add || op == ir.Sub || op == ir.Mul:
		// stored back, in the bit-field or in a narrower object, only
		// the low bits are kept, the same either way; but a signed
		// result overflows in the field's width (UBSan says so)
		cut = !compound || wsigned
	case !wsigned && mayBeNegative(other, w):
		// converted to the bit-field's type, a negative operand is
		// 2^w - x, not 2^64 - x: what / and % and comparisons see, and
		// what & | ^ keep beyond the low bits unless stored back
		cut = !compound || op == ir.Div || op == ir.Rem
	}
	if cut {
		panic(unsupported(pos, fmt.Sprintf("%s with the %d-bit bit-field %s: gcc computes it in %d bits", op, w, cc.NodeSource(bare(unparen(wideOperand(l, r)))), w)))
	}
}

// wideOperand returns the operand of l and r that is a wide bit-field.
func wideOperand(l, r cc.ExpressionNode) cc.ExpressionNode {
	if bits, _ := wideBitField(l); bits != 0 {
		return l
	}
	return r
}

// mayBeNegative reports whether e, converted to the type of an unsigned
// bit-field of w bits, may change value otherwise than converted to 64
// bits: a value of a signed type, unless e is a constant in [0, 2^w).
func mayBeNegative(e cc.ExpressionNode, w int64) bool {
	switch v := e.Value().(type) {
	case cc.Int64Value:
		return v < 0 || int64(v) >= 1<<w
	case cc.UInt64Value:
		return uint64(v) >= 1<<w
	}
	return e.Type() == nil || cc.IsSignedInteger(e.Type())
}
