package interp

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/ir"
)

// binProg is `R f(T x, U y) { r = x op y; return r; }` with the operation
// on line 2.
func binProg(op ir.Op, t, u, r *ir.Type) *ir.Program {
	b := newBuilder("f", r)
	x, y := b.param("x", t), b.param("y", u)
	d := b.temp(r)
	b.body(bin(2, d, op, x, y), cp(3, b.f.Result, d), ret(3, b.f.Result))
	return b.p
}

func runXY(t *testing.T, p *ir.Program, x, y Val) *Result {
	t.Helper()
	res, err := Run(p, "f", Inputs{Values: map[string]Val{"x": x, "y": y}}, Config{})
	require.NoError(t, err)
	return res
}

var (
	i8, u8, i16, u16   = ir.CharType, ir.UCharType, ir.ShortType, ir.UShortType
	i32, u32, i64, u64 = ir.IntType, ir.UIntType, ir.LongType, ir.ULongType
)

func TestBinary(t *testing.T) {
	const ok = UBKind(-1)
	cases := []struct {
		op   ir.Op
		typ  *ir.Type
		x, y Val
		want string // result, when ub is ok
		ub   UBKind
	}{
		{ir.Add, i32, Int(2147483646), Int(1), "2147483647", ok},
		{ir.Add, i32, Int(2147483647), Int(1), "", SignedOverflow},
		{ir.Add, i32, Int(-2147483648), Int(-1), "", SignedOverflow},
		{ir.Sub, i32, Int(-2147483647), Int(1), "-2147483648", ok},
		{ir.Sub, i32, Int(-2147483648), Int(1), "", SignedOverflow},
		{ir.Sub, i32, Int(0), Int(-2147483648), "", SignedOverflow},
		{ir.Mul, i32, Int(65536), Int(32768), "", SignedOverflow},
		{ir.Mul, i32, Int(-65536), Int(32768), "-2147483648", ok},
		{ir.Mul, i32, Int(-1), Int(-2147483648), "", SignedOverflow},
		{ir.Add, i64, Int(math.MaxInt64), Int(1), "", SignedOverflow},
		{ir.Add, i64, Int(math.MaxInt64), Int(-1), "9223372036854775806", ok},
		{ir.Sub, i64, Int(math.MinInt64), Int(1), "", SignedOverflow},
		{ir.Mul, i64, Int(math.MinInt64), Int(1), "-9223372036854775808", ok},
		{ir.Mul, i64, Int(math.MinInt64), Int(-1), "", SignedOverflow},
		{ir.Mul, i64, Int(1 << 32), Int(1 << 31), "", SignedOverflow},
		{ir.Mul, i64, Int(-(1 << 32)), Int(1 << 31), "-9223372036854775808", ok},
		{ir.Mul, i64, Int(3037000500), Int(3037000500), "", SignedOverflow},
		{ir.Add, u32, Uint(4294967295), Int(1), "0", ok},
		{ir.Sub, u32, Int(0), Int(1), "4294967295", ok},
		{ir.Mul, u32, Int(65536), Int(65536), "0", ok},
		{ir.Sub, u64, Int(0), Int(1), "18446744073709551615", ok},
		{ir.Mul, u64, Uint(1 << 63), Int(2), "0", ok},
		{ir.Div, i32, Int(-7), Int(2), "-3", ok},
		{ir.Rem, i32, Int(-7), Int(2), "-1", ok},
		{ir.Rem, i32, Int(7), Int(-2), "1", ok},
		{ir.Div, i32, Int(7), Int(0), "", DivByZero},
		{ir.Rem, u32, Int(7), Int(0), "", DivByZero},
		{ir.Div, i32, Int(-2147483648), Int(-1), "", DivOverflow},
		{ir.Rem, i32, Int(-2147483648), Int(-1), "", DivOverflow},
		{ir.Div, i64, Int(math.MinInt64), Int(-1), "", DivOverflow},
		{ir.Rem, i64, Int(math.MinInt64), Int(-1), "", DivOverflow},
		{ir.Div, i16, Int(-32768), Int(-1), "", DivOverflow},
		{ir.Div, i8, Int(-128), Int(-1), "", DivOverflow},
		{ir.Div, u32, Uint(4294967295), Int(2), "2147483647", ok},
		{ir.Div, u64, Uint(math.MaxUint64), Int(3), "6148914691236517205", ok},
		{ir.Rem, u64, Uint(math.MaxUint64), Int(10), "5", ok},
		{ir.And, i32, Int(-1), Int(0xff), "255", ok},
		{ir.Or, u32, Uint(0xf0000000), Int(0xf), "4026531855", ok},
		{ir.Xor, i32, Int(-1), Int(1), "-2", ok},
		{ir.Lt, i32, Int(-1), Int(0), "1", ok},
		{ir.Lt, u32, Uint(4294967295), Int(0), "0", ok},
		{ir.Ge, u64, Uint(math.MaxUint64), Int(1), "1", ok},
		{ir.Le, i64, Int(math.MinInt64), Int(math.MinInt64), "1", ok},
		{ir.Eq, u8, Int(255), Int(255), "1", ok},
		{ir.Ne, i8, Int(-1), Int(-1), "0", ok},
		{ir.Gt, i16, Int(-32768), Int(32767), "0", ok},
	}
	for _, c := range cases {
		rt := c.typ
		if c.op.IsComparison() {
			rt = ir.IntType
		}
		res := runXY(t, binProg(c.op, c.typ, c.typ, rt), c.x, c.y)
		name := c.typ.String() + " " + c.x.String() + " " + c.op.String() + " " + c.y.String()
		if c.ub == ok {
			if assert.Equal(t, Returned, res.Outcome, name) {
				assert.Equal(t, c.want, res.Return.String(), name)
			}
			continue
		}
		if assert.Equal(t, UB, res.Outcome, name) {
			assert.Equal(t, c.ub, res.UB.Kind, name)
			assert.Equal(t, 2, res.UB.Pos.Line, name)
			assert.Equal(t, "f", res.UB.Func, name)
		}
	}
}

func TestShifts(t *testing.T) {
	const ok = UBKind(-1)
	cases := []struct {
		op     ir.Op
		xt, yt *ir.Type
		x, y   Val
		want   string
		ub     UBKind
	}{
		{ir.Shl, i32, i32, Int(1), Int(30), "1073741824", ok},
		{ir.Shl, i32, i32, Int(1), Int(31), "", ShiftOverflow},
		{ir.Shl, i32, i32, Int(3), Int(30), "", ShiftOverflow},
		{ir.Shl, i32, i32, Int(0), Int(31), "0", ok},
		{ir.Shl, i32, i32, Int(-1), Int(1), "", ShiftNegative},
		{ir.Shl, i32, i32, Int(1), Int(32), "", ShiftCount},
		{ir.Shl, i32, i32, Int(1), Int(-1), "", ShiftCount},
		{ir.Shl, i32, i64, Int(1), Int(1 << 40), "", ShiftCount},
		{ir.Shl, i32, u32, Int(1), Uint(4294967295), "", ShiftCount},
		{ir.Shl, u32, i32, Uint(4294967295), Int(31), "2147483648", ok},
		{ir.Shl, u32, i32, Int(1), Int(32), "", ShiftCount},
		{ir.Shl, i64, i32, Int(1), Int(62), "4611686018427387904", ok},
		{ir.Shl, i64, i32, Int(1), Int(63), "", ShiftOverflow},
		{ir.Shl, i64, i32, Int(1), Int(64), "", ShiftCount},
		{ir.Shl, u64, i32, Int(3), Int(63), "9223372036854775808", ok},
		{ir.Shr, i32, i32, Int(-8), Int(1), "-4", ok},
		{ir.Shr, i32, i32, Int(-1), Int(31), "-1", ok},
		{ir.Shr, u32, i32, Uint(0x80000000), Int(31), "1", ok},
		{ir.Shr, i64, u64, Int(math.MinInt64), Int(63), "-1", ok},
		{ir.Shr, u64, u8, Uint(1 << 63), Int(63), "1", ok},
		{ir.Shr, i32, i32, Int(8), Int(32), "", ShiftCount},
		{ir.Shr, i32, i32, Int(8), Int(-3), "", ShiftCount},
	}
	for _, c := range cases {
		res := runXY(t, binProg(c.op, c.xt, c.yt, c.xt), c.x, c.y)
		name := c.xt.String() + " " + c.x.String() + " " + c.op.String() + " " + c.y.String()
		if c.ub == ok {
			if assert.Equal(t, Returned, res.Outcome, name) {
				assert.Equal(t, c.want, res.Return.String(), name)
			}
			continue
		}
		if assert.Equal(t, UB, res.Outcome, name) {
			assert.Equal(t, c.ub, res.UB.Kind, name)
			assert.Equal(t, 2, res.UB.Pos.Line, name)
		}
	}
}

func TestUnary(t *testing.T) {
	cases := []struct {
		op       ir.Op
		typ, res *ir.Type
		x        Val
		want     string // "UB" for signed overflow
	}{
		{ir.Neg, i32, i32, Int(5), "-5"},
		{ir.Neg, i32, i32, Int(-2147483648), "UB"},
		{ir.Neg, i64, i64, Int(math.MinInt64), "UB"},
		{ir.Neg, u32, u32, Int(1), "4294967295"},
		{ir.Neg, u64, u64, Int(0), "0"},
		{ir.BNot, i32, i32, Int(0), "-1"},
		{ir.BNot, u32, u32, Int(0), "4294967295"},
		{ir.BNot, u64, u64, Int(1), "18446744073709551614"},
		{ir.LNot, i32, i32, Int(0), "1"},
		{ir.LNot, u64, i32, Uint(1 << 63), "0"},
	}
	for _, c := range cases {
		b := newBuilder("f", c.res)
		x := b.param("x", c.typ)
		b.body(&ir.Unary{At: ir.At{Pos: at(2)}, Dst: b.f.Result, Op: c.op, X: x}, ret(3, b.f.Result))
		res, err := Run(b.p, "f", Inputs{Values: map[string]Val{"x": c.x}}, Config{})
		require.NoError(t, err)
		name := c.op.String() + c.x.String()
		if c.want == "UB" {
			if assert.Equal(t, UB, res.Outcome, name) {
				assert.Equal(t, SignedOverflow, res.UB.Kind, name)
			}
			continue
		}
		assert.Equal(t, c.want, res.Return.String(), name)
	}
}

func TestConversions(t *testing.T) {
	b := ir.BoolType
	cases := []struct {
		from, to *ir.Type
		x        Val
		want     string
	}{
		{i32, i8, Int(200), "-56"},
		{i32, i8, Int(-129), "127"},
		{i32, u8, Int(-1), "255"},
		{i32, u16, Int(-2), "65534"},
		{i32, i16, Int(40000), "-25536"},
		{i8, i32, Int(-1), "-1"},
		{i8, u32, Int(-1), "4294967295"},
		{u8, i32, Int(255), "255"},
		{i32, u64, Int(-1), "18446744073709551615"},
		{u32, i64, Uint(4294967295), "4294967295"},
		{u32, i32, Uint(4294967295), "-1"},
		{u64, i32, Uint(0x1_8000_0001), "-2147483647"},
		{i64, u32, Int(-4294967297), "4294967295"},
		{u64, i64, Uint(math.MaxUint64), "-1"},
		{i32, b, Int(2), "1"},
		{i32, b, Int(0), "0"},
		{u64, b, Uint(1 << 63), "1"},
		{i64, b, Int(-1), "1"},
		{b, i32, Int(1), "1"},
		{i16, u8, Int(-32768), "0"},
	}
	for _, c := range cases {
		bd := newBuilder("f", c.to)
		x := bd.param("x", c.from)
		bd.body(conv(2, bd.f.Result, x), ret(3, bd.f.Result))
		res, err := Run(bd.p, "f", Inputs{Values: map[string]Val{"x": c.x}}, Config{})
		require.NoError(t, err)
		assert.Equal(t, c.want, res.Return.String(), "(%s)(%s)%s", c.to, c.from, c.x)
	}
}

func TestInputRange(t *testing.T) {
	p := binProg(ir.Add, u8, u8, u8)
	_, err := Run(p, "f", Inputs{Values: map[string]Val{"x": Int(256)}}, Config{})
	assert.ErrorContains(t, err, "not a value of type unsigned char")
	_, err = Run(p, "f", Inputs{Values: map[string]Val{"x": Int(-1)}}, Config{})
	assert.Error(t, err)
	_, err = Run(p, "f", Inputs{Values: map[string]Val{"z": Int(1)}}, Config{})
	assert.ErrorContains(t, err, "no input named z")
	// typed values are checked the same way; untyped zero Val is 0
	res, err := Run(p, "f", Inputs{Values: map[string]Val{"x": UintVal(u8, 255), "y": {}}}, Config{})
	require.NoError(t, err)
	assert.Equal(t, "255", res.Return.String())
}

// ptrProg is `int f(int *p, long i) { int *q = p + i; return *q; }`.
func ptrProg() *ir.Program {
	b := newBuilder("f", i32)
	pt := ir.PointerTo(i32)
	p, i := b.param("p", pt), b.param("i", i64)
	q := b.local("q", pt)
	b.body(ptradd(2, q, p, i), load(3, b.f.Result, q), ret(4, b.f.Result))
	return b.p
}

func TestPointerInputs(t *testing.T) {
	p := ptrProg()
	in := Inputs{Values: map[string]Val{"p[0]": Int(10), "p[3]": Int(13), "i": Int(3)}}
	res, err := Run(p, "f", in, Config{})
	require.NoError(t, err)
	assert.Equal(t, Returned, res.Outcome)
	assert.Equal(t, "13", res.Return.String())
	require.Len(t, res.Final, 4)
	assert.Equal(t, LeafVal{"p[3]", IntVal(i32, 13)}, res.Final[3])

	// one past the end is a valid pointer but not a valid access
	in.Values["i"] = Int(4)
	res, err = Run(p, "f", in, Config{})
	require.NoError(t, err)
	require.Equal(t, UB, res.Outcome)
	assert.Equal(t, OutOfBounds, res.UB.Kind)
	assert.Equal(t, 3, res.UB.Pos.Line)

	in.Values["i"] = Int(5)
	res, _ = Run(p, "f", in, Config{})
	assert.Equal(t, OutOfBounds, res.UB.Kind)
	assert.Equal(t, 2, res.UB.Pos.Line)

	in.Values["i"] = Int(-1)
	res, _ = Run(p, "f", in, Config{})
	assert.Equal(t, OutOfBounds, res.UB.Kind)
	assert.Equal(t, 2, res.UB.Pos.Line)

	in.Values["i"] = Int(2)
	delete(in.Values, "p[3]")
	res, _ = Run(p, "f", in, Config{PtrArrayLen: 2})
	assert.Equal(t, OutOfBounds, res.UB.Kind)
	assert.Equal(t, 3, res.UB.Pos.Line)

	// NULL: arithmetic with 0 is allowed, the load is not
	in = Inputs{Null: map[string]bool{"p": true}}
	res, _ = Run(p, "f", in, Config{})
	require.Equal(t, UB, res.Outcome)
	assert.Equal(t, NullDeref, res.UB.Kind)
	assert.Equal(t, 3, res.UB.Pos.Line)
	in.Values = map[string]Val{"i": Int(1)}
	res, _ = Run(p, "f", in, Config{})
	assert.Equal(t, NullArith, res.UB.Kind)
	assert.Equal(t, 2, res.UB.Pos.Line)

	// a pointer input cannot be given an integer value
	_, err = Run(p, "f", Inputs{Values: map[string]Val{"p": Int(0)}}, Config{})
	assert.Error(t, err)
}

// TestNestedPointers: int f(int **pp) { *pp[1] = 7; return **pp; }
func TestNestedPointers(t *testing.T) {
	b := newBuilder("f", i32)
	ppt := ir.PointerTo(ir.PointerTo(i32))
	pp := b.param("pp", ppt)
	t1, t2, t3 := b.temp(ppt), b.temp(ir.PointerTo(i32)), b.temp(ir.PointerTo(i32))
	b.body(
		ptradd(2, t1, pp, ci(i64, 1)), load(2, t2, t1), store(2, t2, cInt(7)),
		load(3, t3, pp), load(3, b.f.Result, t3), ret(3, b.f.Result))
	in := Inputs{Values: map[string]Val{"pp[0][0]": Int(5)}, Null: map[string]bool{"pp[3]": true}}
	res, err := Run(b.p, "f", in, Config{})
	require.NoError(t, err)
	assert.Equal(t, "5", res.Return.String())
	v, ok := res.FinalValue("pp[1][0]")
	assert.True(t, ok)
	assert.Equal(t, "7", v.String())
	v, _ = res.FinalValue("pp[0]")
	assert.Equal(t, "&pp[0][0]", v.String())
	v, _ = res.FinalValue("pp[3]")
	assert.Equal(t, "NULL", v.String())
	_, ok = res.FinalValue("pp[3][0]")
	assert.False(t, ok)

	// depth bound: pointers nested deeper than PtrDepth are NULL
	res, err = Run(b.p, "f", Inputs{}, Config{PtrDepth: 1})
	require.NoError(t, err)
	assert.Equal(t, NullDeref, res.UB.Kind)
}

// TestDangling: int *g(void) { int x = 1; return &x; } int f(void) { return *g(); }
func TestDangling(t *testing.T) {
	pt := ir.PointerTo(i32)
	b := newBuilder("f", i32)
	f := b.f
	tp := b.temp(pt)
	g := b.fn("g", pt)
	x := b.local("x", i32)
	b.body(cp(10, x, cInt(1)), addr(11, g.Result, x), ret(11, g.Result))
	b.f = f
	b.body(&ir.Call{At: ir.At{Pos: at(2)}, Dst: tp, Func: g}, load(3, f.Result, tp), ret(3, f.Result))
	res, err := Run(b.p, "f", Inputs{}, Config{})
	require.NoError(t, err)
	require.Equal(t, UB, res.Outcome)
	assert.Equal(t, Dangling, res.UB.Kind)
	assert.Equal(t, 3, res.UB.Pos.Line)
}

// TestPointerCompare: relational comparison and subtraction need one object.
func TestPointerCompare(t *testing.T) {
	pt := ir.PointerTo(i32)
	for _, op := range []ir.Op{ir.Lt, ir.Sub, ir.Eq} {
		b := newBuilder("f", i32)
		x, y := b.local("x", i32), b.local("y", i32)
		p, q := b.local("p", pt), b.local("q", pt)
		rt := ir.IntType
		if op == ir.Sub {
			rt = ir.LongType
		}
		d := b.temp(rt)
		b.body(addr(2, p, x), addr(2, q, y), bin(3, d, op, p, q), conv(4, b.f.Result, d), ret(4, b.f.Result))
		res, err := Run(b.p, "f", Inputs{}, Config{})
		require.NoError(t, err)
		if op == ir.Eq {
			assert.Equal(t, "0", res.Return.String())
			continue
		}
		require.Equal(t, UB, res.Outcome, op.String())
		assert.Equal(t, PointerCompare, res.UB.Kind)
		assert.Equal(t, 3, res.UB.Pos.Line)
	}
	// same object: int a[5]; &a[4] - &a[1] == 3, &a[1] < &a[4]
	b := newBuilder("f", i64)
	a := b.local("a", ir.ArrayOf(i32, 5))
	pa, p1, p4 := b.temp(ir.PointerTo(ir.ArrayOf(i32, 5))), b.temp(pt), b.temp(pt)
	base := b.temp(pt)
	lt := b.temp(i32)
	b.body(addr(2, pa, a), conv(2, base, pa), ptradd(2, p1, base, ci(i64, 1)), ptradd(2, p4, base, ci(i64, 5)),
		ptradd(2, p4, p4, ci(i64, -1)),
		bin(3, b.f.Result, ir.Sub, p4, p1), bin(3, lt, ir.Lt, p1, p4),
		ifs(4, lt, nil, nil, []ir.Stmt{cp(4, b.f.Result, ci(i64, -100))}), ret(5, b.f.Result))
	res, err := Run(b.p, "f", Inputs{}, Config{})
	require.NoError(t, err)
	assert.Equal(t, "3", res.Return.String())
}

// TestPastEndEquality: &x + 1 == &y is equal when a compiler places y
// right after x (C11 6.5.9p6), which the run's layout (a gap after every
// object) does not say: the run stops there, a cut; &x + 1 == &x + 1 and
// &x == &y are answered.
func TestPastEndEquality(t *testing.T) {
	pt := ir.PointerTo(i32)
	for _, c := range []struct {
		dx, dy int64
		want   string // the return value, or "" for the cut
	}{{1, 0, ""}, {0, 1, ""}, {0, 0, "0"}, {1, 1, "0"}} {
		b := newBuilder("f", i32)
		x, y := b.local("x", i32), b.local("y", i32)
		p, q := b.local("p", pt), b.local("q", pt)
		b.body(addr(2, p, x), addr(2, q, y), ptradd(2, p, p, ci(i64, c.dx)), ptradd(2, q, q, ci(i64, c.dy)),
			bin(3, b.f.Result, ir.Eq, p, q), ret(4, b.f.Result))
		res, err := Run(b.p, "f", Inputs{}, Config{})
		require.NoError(t, err)
		if c.want == "" {
			require.Equal(t, Unsupported, res.Outcome, "%+v", c)
			assert.Contains(t, res.Msg, "one past the end")
			continue
		}
		require.Equal(t, Returned, res.Outcome, "%+v: %s", c, res.Msg)
		assert.Equal(t, c.want, res.Return.String())
	}
}

// TestUninitialized: int f(int c) { int x; int y = x; if (c) return y; return y + 1; }
func TestUninitialized(t *testing.T) {
	b := newBuilder("f", i32)
	c := b.param("c", i32)
	x, y, t1 := b.local("x", i32), b.local("y", i32), b.temp(i32)
	b.body(cp(2, y, x),
		ifs(3, c, nil, []ir.Stmt{cp(3, b.f.Result, y)}, []ir.Stmt{bin(4, t1, ir.Add, y, cInt(1)), cp(4, b.f.Result, t1)}),
		ret(5, b.f.Result))
	res, err := Run(b.p, "f", Inputs{}, Config{})
	require.NoError(t, err)
	require.Equal(t, UB, res.Outcome)
	assert.Equal(t, Uninitialized, res.UB.Kind)
	assert.Equal(t, 4, res.UB.Pos.Line)
	// returning it to the harness is a use too
	res, err = Run(b.p, "f", Inputs{Values: map[string]Val{"c": Int(1)}}, Config{})
	require.NoError(t, err)
	require.Equal(t, UB, res.Outcome)
	assert.Equal(t, Uninitialized, res.UB.Kind)

	// a branch on an indeterminate value
	b = newBuilder("f", i32)
	x = b.local("x", i32)
	b.body(ifs(7, x, nil, nil, nil), cp(8, b.f.Result, cInt(0)), ret(8, b.f.Result))
	res, _ = Run(b.p, "f", Inputs{}, Config{})
	assert.Equal(t, Uninitialized, res.UB.Kind)
	assert.Equal(t, 7, res.UB.Pos.Line)
}

// TestMissingReturn: int g(int c) { if (c) return 1; } int f(int c) { int r = g(c); return r; }
func TestMissingReturn(t *testing.T) {
	b := newBuilder("f", i32)
	f := b.f
	fc := b.param("c", i32)
	r := b.local("r", i32)
	g := b.fn("g", i32)
	gc := b.param("c", i32)
	// lowered without a final Return on the false path: the result slot stays unset
	b.body(ifs(10, gc, nil, []ir.Stmt{cp(10, g.Result, cInt(1))}, nil), ret(11, g.Result))
	b.f = f
	b.body(&ir.Call{At: ir.At{Pos: at(2)}, Dst: r, Func: g, Args: []ir.Value{fc}}, cp(3, f.Result, r), ret(3, f.Result))
	res, err := Run(b.p, "f", Inputs{Values: map[string]Val{"c": Int(1)}}, Config{})
	require.NoError(t, err)
	assert.Equal(t, "1", res.Return.String())
	res, err = Run(b.p, "f", Inputs{}, Config{})
	require.NoError(t, err)
	require.Equal(t, UB, res.Outcome)
	assert.Equal(t, MissingReturn, res.UB.Kind)

	// the value unused by the caller is fine
	b.f = f
	b.body(&ir.Call{At: ir.At{Pos: at(2)}, Func: g, Args: []ir.Value{fc}}, cp(3, f.Result, cInt(5)), ret(3, f.Result))
	res, err = Run(b.p, "f", Inputs{}, Config{})
	require.NoError(t, err)
	assert.Equal(t, "5", res.Return.String())
}

func TestReadOnly(t *testing.T) {
	b := newBuilder("f", i32)
	s := b.global("str0", ir.ArrayOf(i8, 3), ir.InitItem{Leaf: 0, Val: ci(i8, 'h')}, ir.InitItem{Leaf: 1, Val: ci(i8, 'i')})
	s.Class, s.ReadOnly = ir.String, true
	p := b.local("p", ir.PointerTo(i8))
	c := b.temp(i8)
	b.body(&ir.Copy{At: ir.At{Pos: at(2)}, Dst: p, Src: &ir.AddrConst{Typ: ir.PointerTo(i8), Var: s}},
		ptradd(3, p, p, ci(i64, 1)), load(3, c, p), conv(3, b.f.Result, c),
		store(4, p, ci(i8, 'o')), ret(5, b.f.Result))
	res, err := Run(b.p, "f", Inputs{}, Config{})
	require.NoError(t, err)
	require.Equal(t, UB, res.Outcome)
	assert.Equal(t, ReadOnlyWrite, res.UB.Kind)
	assert.Equal(t, 4, res.UB.Pos.Line)
	assert.Empty(t, res.Final, "string literals are not in Final")
}

func TestGlobalsAndInitializers(t *testing.T) {
	b := newBuilder("f", i32)
	st := ir.NewStruct("S", []ir.Field{{Name: "a", Type: i32}, {Name: "p", Type: ir.PointerTo(i32)}})
	g := b.global("g", i32, ir.InitItem{Leaf: 0, Val: cInt(42)})
	s := b.global("s", st, ir.InitItem{Leaf: 1, Val: &ir.AddrConst{Typ: ir.PointerTo(i32), Var: g}})
	ps := b.temp(ir.PointerTo(st))
	pp := b.temp(ir.PointerTo(ir.PointerTo(i32)))
	q := b.temp(ir.PointerTo(i32))
	b.body(addr(2, ps, s), &ir.FieldAddr{At: ir.At{Pos: at(2)}, Dst: pp, Ptr: ps, Field: 1},
		load(3, q, pp), load(3, b.f.Result, q), store(4, q, cInt(1)), ret(5, b.f.Result))

	res, err := Run(b.p, "f", Inputs{}, Config{UseInitializers: true})
	require.NoError(t, err)
	assert.Equal(t, "42", res.Return.String())
	assert.Equal(t, []LeafVal{{"g", IntVal(i32, 1)}, {"s.a", IntVal(i32, 0)}, {"s.p", res.Final[2].Val}}, res.Final)
	assert.Equal(t, "&g", res.Final[2].Val.String())

	// as inputs: s.p points to a fresh array named s.p
	res, err = Run(b.p, "f", Inputs{Values: map[string]Val{"s.p[0]": Int(9), "g": Int(3)}}, Config{})
	require.NoError(t, err)
	assert.Equal(t, "9", res.Return.String())
	v, _ := res.FinalValue("s.p[0]")
	assert.Equal(t, "1", v.String())
	v, _ = res.FinalValue("g")
	assert.Equal(t, "3", v.String())
	res, err = Run(b.p, "f", Inputs{Null: map[string]bool{"s.p": true}}, Config{})
	require.NoError(t, err)
	assert.Equal(t, NullDeref, res.UB.Kind)
}

// TestStructCopyAndUnion: struct copy is by value; a union read as
// another member than the one last written reinterprets its bytes.
func TestStructCopyAndUnion(t *testing.T) {
	st := ir.NewStruct("S", []ir.Field{{Name: "x", Type: i32}, {Name: "y", Type: i64}})
	b := newBuilder("f", st)
	s := b.param("s", st)
	u := b.local("u", st)
	ps := b.temp(ir.PointerTo(st))
	py := b.temp(ir.PointerTo(i64))
	b.body(cp(2, u, s), addr(3, ps, s), &ir.FieldAddr{At: ir.At{Pos: at(3)}, Dst: py, Ptr: ps, Field: 1},
		store(3, py, ci(i64, 100)), cp(4, b.f.Result, u), ret(4, b.f.Result))
	res, err := Run(b.p, "f", Inputs{Values: map[string]Val{"s.x": Int(1), "s.y": Int(2)}}, Config{})
	require.NoError(t, err)
	assert.Equal(t, []LeafVal{{".x", IntVal(i32, 1)}, {".y", IntVal(i64, 2)}}, res.ReturnLeaves)

	ut := ir.NewUnion("U", []ir.Field{{Name: "i", Type: i32}, {Name: "l", Type: i64}, {Name: "u", Type: u32}})
	for _, read := range []int{0, 1, 2} {
		b := newBuilder("f", i64)
		v := b.local("v", ut)
		pu := b.temp(ir.PointerTo(ut))
		pl := b.temp(ir.PointerTo(i64))
		pr := b.temp(ir.PointerTo(ut.Fields[read].Type))
		r := b.temp(ut.Fields[read].Type)
		b.body(addr(2, pu, v), &ir.FieldAddr{At: ir.At{Pos: at(2)}, Dst: pl, Ptr: pu, Field: 1}, store(2, pl, ci(i64, -1)),
			&ir.FieldAddr{At: ir.At{Pos: at(3)}, Dst: pr, Ptr: pu, Field: read}, load(3, r, pr),
			conv(4, b.f.Result, r), ret(4, b.f.Result))
		res, err := Run(b.p, "f", Inputs{}, Config{})
		require.NoError(t, err)
		// -1 as long: its low four bytes are -1 as int, 2^32-1 as unsigned
		want := map[int]string{0: "-1", 1: "-1", 2: "4294967295"}[read]
		assert.Equal(t, want, res.Return.String(), "member %d", read)
	}
}

func TestAssertAndTrace(t *testing.T) {
	// int f(int x) { switch (x) { case 1: ... case 2: ... default: } assert(x != 3); }
	b := newBuilder("f", i32)
	x := b.param("x", i32)
	sw := b.decision(ir.DecSwitch, 2, "x", "case 1", "case 2", "default")
	ad := b.decision(ir.DecAssert, 6, "x != 3")
	c1, c2, c3 := b.temp(i32), b.temp(i32), b.temp(i32)
	b.body(
		bin(2, c1, ir.Eq, x, cInt(1)),
		&ir.If{At: ir.At{Pos: at(3)}, Cond: c1, Dec: &ir.DecRef{D: sw, True: 0, False: -1}, Else: []ir.Stmt{
			bin(2, c2, ir.Eq, x, cInt(2)),
			&ir.If{At: ir.At{Pos: at(4)}, Cond: c2, Dec: &ir.DecRef{D: sw, True: 1, False: 2}},
		}},
		bin(6, c3, ir.Ne, x, cInt(3)),
		&ir.Assert{At: ir.At{Pos: at(6)}, Cond: c3, Dec: &ir.DecRef{D: ad, True: 0, False: 1}},
		cp(7, b.f.Result, x), ret(7, b.f.Result))
	for x, want := range map[int64][]string{1: {"t.c:2:5:case 1", "t.c:6:5:true"}, 2: {"t.c:2:5:case 2", "t.c:6:5:true"}, 5: {"t.c:2:5:default", "t.c:6:5:true"}} {
		res, err := Run(b.p, "f", Inputs{Values: map[string]Val{"x": Int(x)}}, Config{})
		require.NoError(t, err)
		assert.Equal(t, want, res.Covered())
	}
	res, err := Run(b.p, "f", Inputs{Values: map[string]Val{"x": Int(3)}}, Config{})
	require.NoError(t, err)
	assert.Equal(t, AssertFailed, res.Outcome)
	assert.Equal(t, 6, res.Pos.Line)
	assert.Equal(t, []string{"t.c:2:5:default", "t.c:6:5:false"}, res.Covered())
	assert.True(t, res.Covers(ad, 1))
}

func TestLimits(t *testing.T) {
	// while (x > 0) { x = x + 1 } with a decision on the loop test
	b := newBuilder("f", i32)
	x := b.param("x", i32)
	d := b.decision(ir.DecWhile, 2, "x != 0")
	c := b.temp(i32)
	b.body(&ir.While{At: ir.At{Pos: at(2)}, Pre: []ir.Stmt{bin(2, c, ir.Ne, x, cInt(0))}, Cond: c,
		Dec: &ir.DecRef{D: d, True: 0, False: 1}, Body: []ir.Stmt{cp(3, x, x)}},
		cp(4, b.f.Result, x), ret(4, b.f.Result))
	res, err := Run(b.p, "f", Inputs{Values: map[string]Val{"x": Int(1)}}, Config{MaxSteps: 1000})
	require.NoError(t, err)
	assert.Equal(t, StepLimit, res.Outcome)
	assert.Equal(t, []string{"t.c:2:5:true"}, res.Covered())
	res, _ = Run(b.p, "f", Inputs{}, Config{MaxSteps: 1000})
	assert.Equal(t, Returned, res.Outcome)

	// int f(int n) { return f(n); }
	b = newBuilder("f", i32)
	n := b.param("n", i32)
	b.body(&ir.Call{At: ir.At{Pos: at(9)}, Dst: b.f.Result, Func: b.f, Args: []ir.Value{n}}, ret(9, b.f.Result))
	res, err = Run(b.p, "f", Inputs{}, Config{MaxDepth: 50})
	require.NoError(t, err)
	assert.Equal(t, DepthLimit, res.Outcome)
	assert.Equal(t, "recursion deeper than 50", res.Msg)
}

// TestStubs: int f(int *p) { int r = get(p, 3); return r + *p; }
func TestStubs(t *testing.T) {
	pt := ir.PointerTo(i32)
	get := &ir.Extern{Name: "get", Result: i32, Params: []*ir.Type{pt, i32}}
	b := newBuilder("f", i32)
	b.p.Externs = []*ir.Extern{get}
	p := b.param("p", pt)
	r, v := b.local("r", i32), b.temp(i32)
	call := func(line int) ir.Stmt {
		return &ir.Call{At: ir.At{Pos: at(line)}, Dst: r, Extern: get, Args: []ir.Value{p, cInt(3)}}
	}
	b.body(call(2), call(3), load(4, v, p), bin(4, b.f.Result, ir.Add, r, v), ret(4, b.f.Result))
	stub := func(c StubCall) StubAnswer {
		return StubAnswer{Return: Int(int64(10 * (c.Index + 1))), Writes: []StubWrite{{Arg: 0, Path: "[0]", Val: Int(int64(c.Index + 5))}}}
	}
	res, err := Run(b.p, "f", Inputs{Stub: stub}, Config{})
	require.NoError(t, err)
	assert.Equal(t, "26", res.Return.String())
	require.Len(t, res.StubCalls, 2)
	assert.Equal(t, "get", res.StubCalls[1].Callee)
	assert.Equal(t, 1, res.StubCalls[1].Index)
	assert.Equal(t, "&p[0]", res.StubCalls[1].Args[0].String())
	assert.Equal(t, "3", res.StubCalls[1].Args[1].String())
	assert.Equal(t, "20", res.StubCalls[1].Return.String())
	assert.Equal(t, 3, res.StubCalls[1].Pos.Line)

	// no stub: 0
	res, err = Run(b.p, "f", Inputs{Values: map[string]Val{"p[0]": Int(4)}}, Config{})
	require.NoError(t, err)
	assert.Equal(t, "4", res.Return.String())

	// the table form from the command line
	in, err := ParseInputs("p[0]=1,get()=7,get()=8")
	require.NoError(t, err)
	res, err = Run(b.p, "f", in, Config{})
	require.NoError(t, err)
	assert.Equal(t, "9", res.Return.String())
}

func TestParseInputs(t *testing.T) {
	in, err := ParseInputs("i=5, j=-3,p[0]=7,q=NULL,c='a',d=',',e='\\n',f='\\x41',u=18446744073709551615,h=0x10,o=010,m=-9223372036854775808,b=true,x=5u", "g.f=2")
	require.NoError(t, err)
	want := map[string]string{"i": "5", "j": "-3", "p[0]": "7", "c": "97", "d": "44", "e": "10", "f": "65",
		"u": "18446744073709551615", "h": "16", "o": "8", "m": "-9223372036854775808", "b": "1", "x": "5", "g.f": "2"}
	got := map[string]string{}
	for k, v := range in.Values {
		got[k] = v.String()
	}
	assert.Equal(t, want, got)
	assert.Equal(t, map[string]bool{"q": true}, in.Null)
	for _, bad := range []string{"i", "i=", "i=abc", "i=18446744073709551616", "i=-9223372036854775809", "c='ab'", "i=1,i=2", "c='"} {
		_, err := ParseInputs(bad)
		assert.Error(t, err, bad)
	}
	v, err := ParseValue("'\\377'")
	require.NoError(t, err)
	assert.Equal(t, "-1", v.String())
}

func TestFprint(t *testing.T) {
	b := newBuilder("f", i32)
	x := b.param("x", i32)
	d := b.decision(ir.DecIf, 2, "x > 0")
	c := b.temp(i32)
	b.body(bin(2, c, ir.Gt, x, cInt(0)), ifs(2, c, d, []ir.Stmt{bin(3, b.f.Result, ir.Mul, x, x)}, []ir.Stmt{cp(4, b.f.Result, x)}), ret(5, b.f.Result))
	res, err := Run(b.p, "f", Inputs{Values: map[string]Val{"x": Int(70000)}}, Config{})
	require.NoError(t, err)
	var sb strings.Builder
	Fprint(&sb, res)
	assert.Equal(t, "t.c:3:5: undefined behaviour in f: signed overflow: 70000 * 70000 overflows int\ndecisions:\n  t.c:2:5:true  x > 0\n", sb.String())
	res, _ = Run(b.p, "f", Inputs{Values: map[string]Val{"x": Int(-3)}}, Config{})
	sb.Reset()
	Fprint(&sb, res)
	assert.Equal(t, "returned -3\ndecisions:\n  t.c:2:5:false  x > 0\n", sb.String())
}

func TestErrors(t *testing.T) {
	_, err := Run(binProg(ir.Add, i32, i32, i32), "nope", Inputs{}, Config{})
	assert.Error(t, err)
	// integer to pointer conversion is unsupported
	b := newBuilder("f", ir.PointerTo(i32))
	b.body(conv(2, b.f.Result, ci(i64, 16)), ret(2, b.f.Result))
	_, err = Run(b.p, "f", Inputs{}, Config{})
	assert.True(t, errors.Is(err, ErrUnsupported))
	assert.ErrorContains(t, err, "t.c:2:5: unsupported: conversion of integer 16")
}

// TestConcurrentRuns: Run may be called from several goroutines on one program.
func TestConcurrentRuns(t *testing.T) {
	p := ptrProg()
	done := make(chan error)
	for g := 0; g < 4; g++ {
		go func(g int) {
			var err error
			for i := 0; i < 200 && err == nil; i++ {
				var res *Result
				res, err = Run(p, "f", Inputs{Values: map[string]Val{"p[1]": Int(int64(g)), "i": Int(1)}}, Config{})
				if err == nil && res.Return.Int64() != int64(g) {
					err = errors.New("wrong result " + res.Return.String())
				}
			}
			done <- err
		}(g)
	}
	for g := 0; g < 4; g++ {
		require.NoError(t, <-done)
	}
}

// TestVoidInput: a void* input is NULL or points to an object of unknown
// type: comparisons work, accesses are unsupported.
func TestVoidInput(t *testing.T) {
	vp := ir.PointerTo(ir.VoidType)
	b := newBuilder("f", i32)
	p := b.param("p", vp)
	c, q := b.temp(i32), b.temp(ir.PointerTo(i8))
	v := b.temp(i8)
	b.body(bin(2, c, ir.Eq, p, ir.NewConst(vp, 0)),
		ifs(3, c, nil, []ir.Stmt{cp(3, b.f.Result, cInt(0))},
			[]ir.Stmt{conv(4, q, p), load(4, v, q), conv(4, b.f.Result, v)}),
		ret(5, b.f.Result))
	res, err := Run(b.p, "f", Inputs{Null: map[string]bool{"p": true}}, Config{})
	require.NoError(t, err)
	assert.Equal(t, "0", res.Return.String())
	_, err = Run(b.p, "f", Inputs{}, Config{})
	assert.ErrorIs(t, err, ErrUnsupported)
	assert.ErrorContains(t, err, "t.c:4:5: unsupported: *t")
}

// TestExitAndAssertCalls: exit, abort and __assert_fail end the run.
func TestExitAndAssertCalls(t *testing.T) {
	for _, c := range []struct {
		name string
		want Outcome
		msg  string
	}{{"exit", Exited, "exit(3)"}, {"abort", Exited, "abort()"}, {"__assert_fail", AssertFailed, "assertion failed"}} {
		e := &ir.Extern{Name: c.name, Result: ir.VoidType, Params: []*ir.Type{i32}}
		b := newBuilder("f", i32)
		b.p.Externs = []*ir.Extern{e}
		b.body(&ir.Call{At: ir.At{Pos: at(2)}, Extern: e, Args: []ir.Value{cInt(3)}}, cp(3, b.f.Result, cInt(1)), ret(3, b.f.Result))
		res, err := Run(b.p, "f", Inputs{}, Config{})
		require.NoError(t, err)
		assert.Equal(t, c.want, res.Outcome, c.name)
		assert.Equal(t, c.msg, res.Msg, c.name)
		assert.Equal(t, 2, res.Pos.Line, c.name)
	}
}

// TestConstGlobal: a const global keeps its initializer even as an input
// program, and writing it is undefined.
func TestConstGlobal(t *testing.T) {
	b := newBuilder("f", i32)
	g := b.global("limit", i32, ir.InitItem{Leaf: 0, Val: cInt(10)})
	g.ReadOnly = true
	p := b.local("p", ir.PointerTo(i32))
	b.body(cp(2, b.f.Result, g), addr(3, p, g), store(3, p, cInt(1)), ret(4, b.f.Result))
	res, err := Run(b.p, "f", Inputs{}, Config{})
	require.NoError(t, err)
	require.Equal(t, UB, res.Outcome)
	assert.Equal(t, ReadOnlyWrite, res.UB.Kind)
	assert.Equal(t, 3, res.UB.Pos.Line)
	_, err = Run(b.p, "f", Inputs{Values: map[string]Val{"limit": Int(3)}}, Config{})
	assert.ErrorContains(t, err, "no input named limit")
}

// TestIndeterminatePropagation: copies, loads, stores and calls carry an
// indeterminate value; an extern argument or an index uses it.
func TestIndeterminatePropagation(t *testing.T) {
	pt := ir.PointerTo(i32)
	use := &ir.Extern{Name: "use", Result: ir.VoidType, Params: []*ir.Type{i32}}
	b := newBuilder("f", i32)
	f := b.f
	b.p.Externs = []*ir.Extern{use}
	c := b.param("c", i32)
	x, y, z := b.local("x", i32), b.local("y", i32), b.local("z", i32)
	p := b.local("p", pt)
	a := b.local("a", ir.ArrayOf(i32, 2))
	id := b.fn("id", i32)
	v := b.param("v", i32)
	b.body(cp(20, id.Result, v), ret(20, id.Result))
	b.f = f
	pa, q := b.temp(ir.PointerTo(ir.ArrayOf(i32, 2))), b.temp(pt)
	b.body(cp(2, y, x), addr(3, p, z), store(3, p, y), load(4, y, p),
		&ir.Call{At: ir.At{Pos: at(5)}, Dst: y, Func: id, Args: []ir.Value{y}},
		ifs(6, c, nil,
			[]ir.Stmt{&ir.Call{At: ir.At{Pos: at(7)}, Extern: use, Args: []ir.Value{y}}},
			[]ir.Stmt{addr(8, pa, a), conv(8, q, pa), ptradd(8, q, q, y)}),
		cp(9, f.Result, cInt(0)), ret(9, f.Result))
	for cval, line := range map[int64]int{1: 7, 0: 8} {
		res, err := Run(b.p, "f", Inputs{Values: map[string]Val{"c": Int(cval)}}, Config{})
		require.NoError(t, err)
		require.Equal(t, UB, res.Outcome)
		assert.Equal(t, Uninitialized, res.UB.Kind)
		assert.Equal(t, line, res.UB.Pos.Line)
	}
}

// TestUnionSameLayout: a union member read with another member's layout
// of the same size and class is a reinterpretation.
func TestUnionSameLayout(t *testing.T) {
	ut := ir.NewUnion("W", []ir.Field{{Name: "i", Type: i32}, {Name: "u", Type: u32}})
	b := newBuilder("f", u32)
	x := b.param("x", i32)
	w := b.local("w", ut)
	pw, pi, pu := b.temp(ir.PointerTo(ut)), b.temp(ir.PointerTo(i32)), b.temp(ir.PointerTo(u32))
	b.body(addr(2, pw, w), &ir.FieldAddr{At: ir.At{Pos: at(2)}, Dst: pi, Ptr: pw, Field: 0}, store(2, pi, x),
		&ir.FieldAddr{At: ir.At{Pos: at(3)}, Dst: pu, Ptr: pw, Field: 1}, load(3, b.f.Result, pu), ret(3, b.f.Result))
	res, err := Run(b.p, "f", Inputs{Values: map[string]Val{"x": Int(-1)}}, Config{})
	require.NoError(t, err)
	assert.Equal(t, "4294967295", res.Return.String())
}
