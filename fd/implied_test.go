package fd

import (
	"math/rand/v2"
	"testing"
)

// The implied difference facts (implied.go) must hold for every solution
// of the operation in the domains they are drawn from: checked by brute
// force on small random domains.
func TestImpliedFactsHold(t *testing.T) {
	ops := []struct {
		name string
		op   funOp
		ref  func(x, y int64) (int64, bool)
		ydom func(r *rand.Rand) Domain
	}{
		{"rem", remOp{}, func(x, y int64) (int64, bool) {
			if y == 0 {
				return 0, false
			}
			return x % y, true
		}, nil},
		{"div", divOp{}, func(x, y int64) (int64, bool) {
			if y == 0 {
				return 0, false
			}
			return x / y, true
		}, nil},
		{"mul", mulOp{}, func(x, y int64) (int64, bool) { return x * y, true }, nil},
		{"and", bitOp{'&'}, func(x, y int64) (int64, bool) { return x & y, true }, nil},
		{"or", bitOp{'|'}, func(x, y int64) (int64, bool) { return x | y, true }, nil},
		{"shl", shiftOp{left: true}, func(x, y int64) (int64, bool) {
			if y < 0 || y >= 60 {
				return 0, false
			}
			return x << uint(y), true
		},
			func(r *rand.Rand) Domain { return smallDom(r, int64(r.IntN(3)), 1+r.IntN(4)) }},
		{"shr", shiftOp{}, func(x, y int64) (int64, bool) {
			if y < 0 || y >= 60 {
				return 0, false
			}
			return x >> uint(y), true
		},
			func(r *rand.Rand) Domain { return smallDom(r, int64(r.IntN(3)), 1+r.IntN(4)) }},
	}
	r := rand.New(rand.NewPCG(7, 11))
	for _, o := range ops {
		facts := 0
		for n := 0; n < 3000; n++ {
			s := NewStore()
			xd, yd := dom(r), dom(r)
			if r.IntN(2) == 0 {
				xd = smallDom(r, int64(r.IntN(10)), 1+r.IntN(10)) // often one sign
			}
			if o.ydom != nil {
				yd = o.ydom(r)
			}
			x, y := s.NewVarDom(xd), s.NewVarDom(yd)
			z := s.NewVarDom(smallDom(r, int64(r.IntN(60)-30), 5+r.IntN(50)))
			vars := map[*Var]int{z: 0, x: 1, y: 2}
			io := o.op.(impliedOp)
			io.implied(z, x, y, func(id int, a, b *Var, c Int) bool {
				facts++
				xd.ForEach(func(xv Int) bool {
					yd.ForEach(func(yv Int) bool {
						zv, ok := o.ref(xv.Int64(), yv.Int64())
						if !ok || !z.Contains(I64(zv)) {
							return true
						}
						v := [3]int64{zv, xv.Int64(), yv.Int64()}
						if v[vars[a]]-v[vars[b]] > c.Int64() {
							t.Fatalf("%s: fact %d: v%d - v%d ≤ %v fails on z=%d x=%d y=%d (x ∈ %v, y ∈ %v)",
								o.name, id, vars[a], vars[b], c, zv, v[1], v[2], xd, yd)
						}
						return true
					})
					return true
				})
				return true
			})
		}
		if facts == 0 {
			t.Errorf("%s: no fact was ever given", o.name)
		}
	}
}

// Constraints that feed the difference graph, in pairs, so that a wrong
// fact or a wrong reading of the graph shows as a lost solution: the
// property harness of prop_test.go on conjunctions.
func TestPropagatorsWithGraph(t *testing.T) {
	unit := func(r *rand.Rand) []int64 {
		a := []int64{1, -1, 1}
		for i := range a {
			if r.IntN(2) == 0 {
				a[i] = -a[i]
			}
		}
		return a
	}
	cases := []propCase{
		{"lin3+diff", func(r *rand.Rand) instance {
			a, c := unit(r), int64(r.IntN(9)-4)
			rel := []Rel{Eq, Le, Ge}[r.IntN(3)]
			i, j, k := r.IntN(3), r.IntN(3), int64(r.IntN(5)-2)
			if i == j {
				j = (i + 1) % 3
			}
			return instance{[]Domain{dom(r), dom(r), dom(r)},
				func(v []*Var) Constraint {
					return And(LinearInt64(a, v, rel, c), CmpOff(v[i], Le, v[j], I64(k)))
				},
				func(v []Int) bool {
					sum := a[0]*i64(v[0]) + a[1]*i64(v[1]) + a[2]*i64(v[2])
					return relHolds(rel, sum, c) && i64(v[i]) <= i64(v[j])+k
				}}
		}},
		{"rem+cmp", func(r *rand.Rand) instance {
			rel, k := randRel(r), int64(r.IntN(5)-2)
			return instance{[]Domain{dom(r), dom(r), dom(r)},
				func(v []*Var) Constraint { return And(Rem(v[0], v[1], v[2]), CmpOff(v[0], rel, v[2], I64(k))) },
				func(v []Int) bool {
					y := i64(v[2])
					return y != 0 && i64(v[0]) == i64(v[1])%y && relHolds(rel, i64(v[0]), y+k)
				}}
		}},
		{"mul+cmp", func(r *rand.Rand) instance {
			rel, k := randRel(r), int64(r.IntN(5)-2)
			return instance{[]Domain{smallDom(r, -10, 40), dom(r), dom(r)},
				func(v []*Var) Constraint { return And(Times(v[0], v[1], v[2]), CmpOff(v[0], rel, v[1], I64(k))) },
				func(v []Int) bool {
					return i64(v[0]) == i64(v[1])*i64(v[2]) && relHolds(rel, i64(v[0]), i64(v[1])+k)
				}}
		}},
		{"wrapsub+cmp", func(r *rand.Rand) instance {
			w, rel := uint(3), randRel(r)
			return instance{[]Domain{dom(r), smallDom(r, 0, 8), smallDom(r, 0, 8)},
				func(v []*Var) Constraint {
					return And(WrapOp(v[0], v[1], OpSub, v[2], w, false), CmpOff(v[1], rel, v[2], Int{}))
				},
				func(v []Int) bool {
					return i64(v[0]) == wrapRef(i64(v[1])-i64(v[2]), w, false) && relHolds(rel, i64(v[1]), i64(v[2]))
				}}
		}},
		{"bitconst", func(r *rand.Rand) instance {
			op := []byte{'&', '|', '^'}[r.IntN(3)]
			m := []int64{0, -1, 1, 3, 7, 15}[r.IntN(6)]
			return instance{[]Domain{dom(r), smallDom(r, int64(r.IntN(20)-4), 2+r.IntN(12)), ValuesInt64(m)},
				func(v []*Var) Constraint { return &fun2{op: bitOp{op}, z: v[0], x: v[1], y: v[2]} },
				func(v []Int) bool {
					x, y := i64(v[1]), i64(v[2])
					res := map[byte]int64{'&': x & y, '|': x | y, '^': x ^ y}[op]
					return i64(v[0]) == res
				}}
		}},
	}
	runCases(t, cases)
}
