package fd

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// interesting returns values near the limits that matter for C and for
// the 128-bit representation.
func interesting() []*big.Int {
	var r []*big.Int
	add := func(b *big.Int) {
		for d := int64(-2); d <= 2; d++ {
			r = append(r, new(big.Int).Add(b, big.NewInt(d)))
		}
	}
	add(big.NewInt(0))
	for _, k := range []uint{7, 8, 15, 16, 31, 32, 63, 64, 65, 100, 125, 126} {
		p := new(big.Int).Lsh(big.NewInt(1), k)
		add(p)
		add(new(big.Int).Neg(p))
	}
	add(bigMaxInt128)
	add(bigMinInt128)
	return r
}

func inRange128(b *big.Int) bool { return b.Cmp(bigMinInt128) >= 0 && b.Cmp(bigMaxInt128) <= 0 }

func randBig(r *rand.Rand, pool []*big.Int) *big.Int {
	switch r.IntN(4) {
	case 0:
		return pool[r.IntN(len(pool))]
	case 1:
		return big.NewInt(r.Int64N(2001) - 1000)
	case 2:
		return big.NewInt(int64(r.Uint64()))
	}
	b := new(big.Int).Lsh(new(big.Int).SetUint64(r.Uint64()), uint(r.IntN(64)))
	b.Add(b, new(big.Int).SetUint64(r.Uint64()))
	if r.IntN(2) == 0 {
		b.Neg(b)
	}
	if !inRange128(b) {
		return big.NewInt(7)
	}
	return b
}

func mustInt(t *testing.T, b *big.Int) Int {
	v, ok := FromBig(b)
	if !ok {
		t.Fatalf("FromBig(%v) clamped", b)
	}
	return v
}

// TestIntArith checks the 128-bit arithmetic against math/big.
func TestIntArith(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pool := interesting()
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for i := 0; i < n; i++ {
		A, B := randBig(r, pool), randBig(r, pool)
		if !inRange128(A) || !inRange128(B) {
			continue
		}
		a, b := mustInt(t, A), mustInt(t, B)
		if a.Big().Cmp(A) != 0 || a.String() != A.String() {
			t.Fatalf("round trip %v -> %v", A, a)
		}
		if p, ok := ParseInt(A.String()); !ok || p != a {
			t.Fatalf("ParseInt(%v)", A)
		}
		if a.Cmp(b) != A.Cmp(B) || a.Less(b) != (A.Cmp(B) < 0) {
			t.Fatalf("cmp %v %v", A, B)
		}
		check := func(name string, got Int, ov bool, want *big.Int) {
			t.Helper()
			if inRange128(want) {
				if ov || got.Big().Cmp(want) != 0 {
					t.Fatalf("%s(%v, %v) = %v ov=%v, want %v", name, A, B, got, ov, want)
				}
			} else if !ov {
				t.Fatalf("%s(%v, %v) missed overflow (got %v)", name, A, B, got)
			}
		}
		s, ov := a.AddOv(b)
		check("add", s, ov, new(big.Int).Add(A, B))
		d, ov := a.SubOv(b)
		check("sub", d, ov, new(big.Int).Sub(A, B))
		m, ov := a.MulOv(b)
		want := new(big.Int).Mul(A, B)
		check("mul", m, ov, want)
		// Saturation keeps the order.
		sat := a.MulSat(b)
		if !inRange128(want) && (want.Sign() > 0) != (sat == MaxInt128) {
			t.Fatalf("mulsat %v %v = %v", A, B, sat)
		}
		if B.Sign() != 0 && !(A.Cmp(bigMinInt128) == 0 && B.Cmp(big.NewInt(-1)) == 0) {
			q, rm := a.QuoRem(b)
			Q, R := new(big.Int).QuoRem(A, B, new(big.Int))
			if q.Big().Cmp(Q) != 0 || rm.Big().Cmp(R) != 0 {
				t.Fatalf("quorem(%v, %v) = %v, %v want %v, %v", A, B, q, rm, Q, R)
			}
			fl := FloorDiv(a, b)
			if fl.Big().Cmp(bigFloorDiv(A, B)) != 0 {
				t.Fatalf("floordiv(%v, %v) = %v", A, B, fl)
			}
			ce := CeilDiv(a, b)
			if ce.Big().Cmp(bigCeilDiv(A, B)) != 0 {
				t.Fatalf("ceildiv(%v, %v) = %v", A, B, ce)
			}
		}
		if a.And(b).Big().Cmp(new(big.Int).And(A, B)) != 0 ||
			a.Or(b).Big().Cmp(new(big.Int).Or(A, B)) != 0 ||
			a.Xor(b).Big().Cmp(new(big.Int).Xor(A, B)) != 0 ||
			a.Not().Big().Cmp(new(big.Int).Not(A)) != 0 {
			t.Fatalf("bitwise %v %v", A, B)
		}
		k := uint(r.IntN(130))
		sh, ov := a.LshOv(k)
		check("lsh", sh, ov, new(big.Int).Lsh(A, k))
		if a.Rsh(k).Big().Cmp(new(big.Int).Rsh(A, k)) != 0 {
			t.Fatalf("rsh %v %d", A, k)
		}
	}
}

func TestIntConversions(t *testing.T) {
	for _, v := range []int64{0, 1, -1, math.MinInt64, math.MaxInt64} {
		x := I64(v)
		if !x.IsInt64() || x.Int64() != v || x.String() != big.NewInt(v).String() {
			t.Errorf("I64(%d)", v)
		}
	}
	u := U64(math.MaxUint64)
	if u.IsInt64() || !u.IsUint64() || u.Uint64() != math.MaxUint64 || u.String() != "18446744073709551615" {
		t.Errorf("U64 max: %v", u)
	}
	if MaxValue.Big().Cmp(new(big.Int).Lsh(big.NewInt(1), 125)) != 0 || MinValue != MaxValue.Neg() {
		t.Errorf("universe %v %v", MinValue, MaxValue)
	}
}
