package frontend

import (
	"fmt"
	"strings"

	"modernc.org/cc/v4"
	"modernc.org/token"

	"github.com/inka-tool/inka/ir"
)

// bitBuiltin lowers gcc's bit builtins (__builtin_popcount, parity, ffs,
// clz, ctz and their l and ll versions; __builtin_bswap16/32/64, which
// <byteswap.h> and <endian.h> expand to; ntohl, htonl, ntohs and htons) to straight-line
// unsigned arithmetic: gcc computes them inline, no function a test could
// stub. clz and ctz of 0 are undefined behaviour, as in gcc's manual.
func (b *funcBuilder) bitBuiltin(name string, args []cc.ExpressionNode, pos token.Position) (ir.Value, bool) {
	base, ok := strings.CutPrefix(name, "__builtin_")
	if net, isNet := netOrder[name]; isNet && b.u.defs[name] == nil && b.u.declaredBySystem(name) {
		base, ok = net, true // on x86, the network's byte order is the reverse
	}
	if !ok || len(args) != 1 {
		return nil, false
	}
	var op string
	var t *ir.Type // the argument's type
	dm := b.u.dm
	for _, f := range []string{"popcount", "parity", "ffs", "clz", "ctz"} {
		suffix, ok := strings.CutPrefix(base, f)
		if !ok {
			continue
		}
		kinds := map[string]ir.Kind{"": ir.UInt, "l": ir.ULong, "ll": ir.ULongLong}
		if f == "ffs" {
			kinds = map[string]ir.Kind{"": ir.Int, "l": ir.Long, "ll": ir.LongLong}
		}
		if k, ok := kinds[suffix]; ok {
			op, t = f, dm.IntType(k)
		}
	}
	switch base {
	case "bswap16":
		op, t = "bswap", ir.UShortType
	case "bswap32":
		op, t = "bswap", ir.UIntType
	case "bswap64":
		op, t = "bswap", dm.IntType(ir.ULongLong)
	}
	if op == "" {
		return nil, false
	}
	x := b.convert(b.rvalue(args[0]), t)
	ut := t
	if t.IsSigned() { // ffs: the bits of the int
		ut = dm.IntType(map[ir.Kind]ir.Kind{ir.Int: ir.UInt, ir.Long: ir.ULong, ir.LongLong: ir.ULongLong}[t.Kind])
		x = b.convert(x, ut)
	}
	if op == "bswap" {
		wide := ut
		if wide.Size() < 4 {
			wide = ir.UIntType // computed in int's width, as C does
		}
		e := bitEmitter{b: b, t: wide}
		return b.convert(e.bswap(b.convert(x, wide), int(ut.Size())), ut), true
	}
	e := bitEmitter{b: b, t: ut}
	if op == "clz" || op == "ctz" {
		nz := b.newTemp(ir.IntType)
		b.emit(&ir.Binary{At: b.at(), Dst: nz, Op: ir.Ne, X: x, Y: e.k(0)})
		b.emit(&ir.Assert{At: b.at(), Cond: nz, UB: fmt.Sprintf("%s(0) is undefined", name)})
	}
	var n ir.Value
	switch op {
	case "popcount":
		n = e.popcount(x)
	case "parity":
		n = e.op(ir.And, e.popcount(x), e.k(1))
	case "clz":
		s := x
		for sh := 1; sh < int(ut.Bits()); sh *= 2 {
			s = e.op(ir.Or, s, e.op(ir.Shr, s, e.k(uint64(sh))))
		}
		n = e.popcount(e.op(ir.Xor, s, e.k(ut.MaxUint())))
	case "ctz", "ffs":
		// the bits below the lowest set bit, and that bit for ffs
		low := e.op(ir.And, x, e.op(ir.Sub, e.k(0), x))
		if op == "ctz" {
			n = e.popcount(e.op(ir.Sub, low, e.k(1)))
		} else {
			n = e.popcount(e.op(ir.Xor, x, e.op(ir.Sub, x, e.k(1))))
			nz := b.newTemp(ir.IntType)
			b.emit(&ir.Binary{At: b.at(), Dst: nz, Op: ir.Ne, X: x, Y: e.k(0)})
			n = e.op(ir.Mul, n, b.convert(nz, ut)) // ffs(0) is 0
		}
	}
	return b.convert(n, ir.IntType), true
}

// netOrder maps the byte-order functions of <arpa/inet.h> to the swap
// they are on a little-endian machine.
var netOrder = map[string]string{"ntohl": "bswap32", "htonl": "bswap32", "ntohs": "bswap16", "htons": "bswap16"}

// bitEmitter emits unsigned operations of type t.
type bitEmitter struct {
	b *funcBuilder
	t *ir.Type
}

func (e bitEmitter) k(v uint64) *ir.Const { return ir.NewConst(e.t, v) }

func (e bitEmitter) op(op ir.Op, x, y ir.Value) *ir.Var {
	d := e.b.newTemp(e.t)
	e.b.emit(&ir.Binary{At: e.b.at(), Dst: d, Op: op, X: x, Y: y})
	return d
}

// popcount counts the bits of x (of type t) by the adder tree of
// "Hacker's Delight" 5-1, the count in the top byte of the product.
func (e bitEmitter) popcount(x ir.Value) ir.Value {
	w := e.t.Bits()
	rep := func(b uint64) uint64 { // the byte b in every byte of t
		m := uint64(0)
		for i := 0; i < w/8; i++ {
			m |= b << (8 * i)
		}
		return m
	}
	if w < 32 {
		panic("bitEmitter.popcount: narrow type")
	}
	x = e.op(ir.Sub, x, e.op(ir.And, e.op(ir.Shr, x, e.k(1)), e.k(rep(0x55))))
	x = e.op(ir.Add, e.op(ir.And, x, e.k(rep(0x33))), e.op(ir.And, e.op(ir.Shr, x, e.k(2)), e.k(rep(0x33))))
	x = e.op(ir.And, e.op(ir.Add, x, e.op(ir.Shr, x, e.k(4))), e.k(rep(0x0f)))
	return e.op(ir.Shr, e.op(ir.Mul, x, e.k(rep(0x01))), e.k(uint64(w-8)))
}

// bswap reverses the n low bytes of x.
func (e bitEmitter) bswap(x ir.Value, n int) ir.Value {
	var r ir.Value = e.k(0)
	for i := 0; i < n; i++ {
		byt := e.op(ir.And, e.op(ir.Shr, x, e.k(uint64(8*i))), e.k(0xff))
		r = e.op(ir.Or, r, e.op(ir.Shl, byt, e.k(uint64(8*(n-1-i)))))
	}
	return r
}
