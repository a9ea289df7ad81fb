package fd

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
)

// The property harness: every constraint is checked against brute force
// on small random domains with holes. For an instance (domains, a way to
// build the constraint, and a reference predicate written independently
// of the package) it checks that
//
//   - Check agrees with the reference on every assignment;
//   - Entailed is never wrong, on the initial domains and on random
//     sub-boxes, without the constraint being posted (as guards use it);
//   - posting and propagating never removes a value that takes part in a
//     solution, and fails only when there is none — also after random
//     narrowing inside a choice point, and Pop restores the domains;
//   - with every variable fixed, propagation succeeds exactly on the
//     solutions (whether the values are fixed before or after posting).
//
// Each instance runs twice: with enumeration (exact small-domain
// propagation) and with Store.EnumLimit < 0 (bounds reasoning only).

type instance struct {
	doms []Domain
	mk   func(v []*Var) Constraint
	ref  func(v []Int) bool
}

type propCase struct {
	name string
	gen  func(r *rand.Rand) instance
}

// smallDom draws a non-empty domain within [lo, lo+span) with holes.
func smallDom(r *rand.Rand, lo int64, span int) Domain {
	var vs []Int
	density := 1 + r.IntN(4)
	for i := 0; i < span; i++ {
		if r.IntN(density+1) != 0 {
			vs = append(vs, I64(lo+int64(i)))
		}
	}
	if len(vs) == 0 {
		vs = append(vs, I64(lo+int64(r.IntN(span))))
	}
	return Values(vs...)
}

// dom draws a small domain around 0.
func dom(r *rand.Rand) Domain {
	return smallDom(r, int64(r.IntN(13)-8), 2+r.IntN(8))
}

func boolDom(r *rand.Rand) Domain {
	switch r.IntN(5) {
	case 0:
		return ValuesInt64(0)
	case 1:
		return ValuesInt64(1)
	case 2:
		return ValuesInt64(-1, 0, 1, 2)
	}
	return ValuesInt64(0, 1)
}

func tuples(doms []Domain) [][]Int {
	res := [][]Int{{}}
	for _, d := range doms {
		var next [][]Int
		for _, t := range res {
			d.ForEach(func(v Int) bool {
				nt := append(append([]Int{}, t...), v)
				next = append(next, nt)
				return true
			})
		}
		res = next
	}
	return res
}

func within(t []Int, xs []*Var) bool {
	for i, v := range t {
		if !xs[i].Contains(v) {
			return false
		}
	}
	return true
}

func newInstance(inst instance, enumLimit int) (*Store, []*Var, Constraint) {
	s := NewStore()
	s.EnumLimit = enumLimit
	xs := make([]*Var, len(inst.doms))
	for i, d := range inst.doms {
		xs[i] = s.NewVarDom(d).Named(fmt.Sprintf("v%d", i))
	}
	return s, xs, inst.mk(xs)
}

func checkEntailed(t *testing.T, what string, c Constraint, s *Store, xs []*Var, all [][]Int, ref func([]Int) bool) {
	t.Helper()
	e := c.Entailed(s)
	if e == Unknown {
		return
	}
	for _, tp := range all {
		if within(tp, xs) && ref(tp) != (e == Entailed) {
			t.Fatalf("%s: %v said %v on %v but %v has ref=%v", what, c, e, xs, tp, ref(tp))
		}
	}
}

func checkNoLoss(t *testing.T, what string, c Constraint, ok bool, xs []*Var, sols [][]Int, before []Domain) {
	t.Helper()
	n := 0
	for _, sol := range sols {
		inside := true
		for i, v := range sol {
			if !before[i].Contains(v) {
				inside = false
			}
		}
		if !inside {
			continue
		}
		n++
		if !ok {
			t.Fatalf("%s: %v failed on %v but %v is a solution", what, c, before, sol)
		}
		if !within(sol, xs) {
			t.Fatalf("%s: %v pruned solution %v: %v -> %v", what, c, sol, before, xs)
		}
	}
}

func doms(xs []*Var) []Domain {
	r := make([]Domain, len(xs))
	for i, x := range xs {
		r[i] = x.Dom()
	}
	return r
}

// randomSub narrows each domain of xs to a random non-empty subset
// (as a list of domains, without touching the variables).
func randomSub(r *rand.Rand, ds []Domain) []Domain {
	out := make([]Domain, len(ds))
	for i, d := range ds {
		out[i] = d
		if r.IntN(2) == 0 {
			continue
		}
		var keep []Int
		d.ForEach(func(v Int) bool {
			if r.IntN(3) != 0 {
				keep = append(keep, v)
			}
			return true
		})
		if len(keep) == 0 {
			keep = append(keep, d.Min())
		}
		out[i] = Values(keep...)
	}
	return out
}

func runInstance(t *testing.T, r *rand.Rand, inst instance, enumLimit int) {
	t.Helper()
	all := tuples(inst.doms)
	s, xs, c := newInstance(inst, enumLimit)
	var sols [][]Int
	for _, tp := range all {
		want := inst.ref(tp)
		got := c.Check(func(x *Var) Int { return tp[x.ID()] })
		if got != want {
			t.Fatalf("%v: Check(%v) = %v, reference %v", c, tp, got, want)
		}
		if want {
			sols = append(sols, tp)
		}
	}
	// Entailment, unposted, on the initial domains and random sub-boxes.
	checkEntailed(t, "initial", c, s, xs, all, inst.ref)
	for k := 0; k < 4; k++ {
		s.Push()
		for i, d := range randomSub(r, doms(xs)) {
			xs[i].Intersect(d)
		}
		checkEntailed(t, "sub-box", c, s, xs, all, inst.ref)
		s.Pop()
	}
	// Post and propagate.
	init := doms(xs)
	ok := s.PostAndPropagate(c)
	if ok != !s.Failed() {
		t.Fatalf("%v: PostAndPropagate result disagrees with Failed()", c)
	}
	checkNoLoss(t, "post", c, ok, xs, sols, init)
	if !ok {
		return
	}
	checkEntailed(t, "after propagation", c, s, xs, all, inst.ref)
	// Random narrowing inside choice points, two levels deep.
	for k := 0; k < 3; k++ {
		base := doms(xs)
		s.Push()
		sub := randomSub(r, base)
		for i := range xs {
			xs[i].Intersect(sub[i])
		}
		ok := s.Propagate()
		checkNoLoss(t, "narrowed", c, ok, xs, sols, sub)
		if ok {
			checkEntailed(t, "narrowed", c, s, xs, all, inst.ref)
			mid := doms(xs)
			s.Push()
			sub2 := randomSub(r, mid)
			for i := range xs {
				xs[i].Intersect(sub2[i])
			}
			ok2 := s.Propagate()
			checkNoLoss(t, "narrowed twice", c, ok2, xs, sols, sub2)
			s.Pop()
			for i, x := range xs {
				if !x.Dom().Equal(mid[i]) {
					t.Fatalf("%v: inner Pop did not restore %v: %v", c, mid, xs)
				}
			}
		}
		s.Pop()
		for i, x := range xs {
			if !x.Dom().Equal(base[i]) || s.Failed() {
				t.Fatalf("%v: Pop did not restore %v: %v", c, base, xs)
			}
		}
	}
	// Fixed assignments are decided exactly, fixed after posting ...
	sample := all
	if len(sample) > 200 {
		sample = make([][]Int, 200)
		for i := range sample {
			sample[i] = all[r.IntN(len(all))]
		}
	}
	for _, tp := range sample {
		want := inst.ref(tp)
		s.Push()
		ok := true
		for i, x := range xs {
			ok = ok && x.Assign(tp[i])
		}
		if ok || !want {
			// Assign can only fail on values propagation removed, which
			// is fine for non-solutions (checked above for solutions).
			ok = ok && s.Propagate()
			if ok != want {
				t.Fatalf("%v: fixed at %v after post: propagation says %v, reference %v", c, tp, ok, want)
			}
		}
		s.Pop()
	}
	// ... and before posting.
	for _, tp := range sample[:min(len(sample), 40)] {
		s2 := NewStore()
		s2.EnumLimit = enumLimit
		ys := make([]*Var, len(tp))
		for i, v := range tp {
			ys[i] = s2.Const(v)
		}
		c2 := inst.mk(ys)
		if e := c2.Entailed(s2); e == Unknown {
			t.Fatalf("%v: undecided on fixed values %v", c2, tp)
		} else if (e == Entailed) != inst.ref(tp) {
			t.Fatalf("%v: Entailed on fixed %v = %v, reference %v", c2, tp, e, inst.ref(tp))
		}
		if ok := s2.PostAndPropagate(c2); ok != inst.ref(tp) {
			t.Fatalf("%v: fixed at %v before post: propagation says %v, reference %v", c2, tp, ok, inst.ref(tp))
		}
	}
}

func iterations() int {
	if testing.Short() {
		return 60
	}
	if n, err := strconv.Atoi(os.Getenv("INKA_PROP_ITERATIONS")); err == nil && n > 0 {
		return n // a deeper search, by hand
	}
	return 300
}

func runCases(t *testing.T, cases []propCase) {
	for _, pc := range cases {
		t.Run(pc.name, func(t *testing.T) {
			for seed := 0; seed < iterations(); seed++ {
				r := rand.New(rand.NewPCG(uint64(seed), 77))
				inst := pc.gen(r)
				for _, lim := range []int{0, -1} {
					runInstance(t, r, inst, lim)
				}
			}
		})
	}
}

// ---- reference helpers (independent of the package's arithmetic) ----

func i64(v Int) int64 { return v.Int64() }

func relHolds(rel Rel, a, b int64) bool {
	switch rel {
	case Eq:
		return a == b
	case Ne:
		return a != b
	case Lt:
		return a < b
	case Le:
		return a <= b
	case Gt:
		return a > b
	}
	return a >= b
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func randRel(r *rand.Rand) Rel { return Rel(r.IntN(6)) }

// ---- the cases ----

func linearCase(n int, dup bool) propCase {
	return propCase{fmt.Sprintf("linear%d dup=%v", n, dup), func(r *rand.Rand) instance {
		a := make([]int64, n)
		ds := make([]Domain, n)
		for i := range a {
			a[i] = int64(r.IntN(9) - 4)
			ds[i] = dom(r)
		}
		rel, c := randRel(r), int64(r.IntN(21)-10)
		return instance{ds,
			func(v []*Var) Constraint {
				vs := append([]*Var{}, v...)
				if dup && n > 1 {
					vs[n-1] = vs[0]
				}
				return LinearInt64(a, vs, rel, c)
			},
			func(v []Int) bool {
				s := int64(0)
				for i := range a {
					x := v[i]
					if dup && n > 1 && i == n-1 {
						x = v[0]
					}
					s += a[i] * i64(x)
				}
				return relHolds(rel, s, c)
			}}
	}}
}

func binCase(name string, op func(z, x, y *Var) Constraint, ref func(x, y int64) (int64, bool), ydom func(r *rand.Rand) Domain) propCase {
	return propCase{name, func(r *rand.Rand) instance {
		yd := dom(r)
		if ydom != nil {
			yd = ydom(r)
		}
		zd := smallDom(r, int64(r.IntN(30)-15), 4+r.IntN(20))
		return instance{[]Domain{zd, dom(r), yd},
			func(v []*Var) Constraint { return op(v[0], v[1], v[2]) },
			func(v []Int) bool {
				z, ok := ref(i64(v[1]), i64(v[2]))
				return ok && z == i64(v[0])
			}}
	}}
}

func TestPropagatorsArith(t *testing.T) {
	shiftDom := func(r *rand.Rand) Domain { return smallDom(r, int64(r.IntN(4)-1), 1+r.IntN(5)) }
	cases := []propCase{
		linearCase(1, false), linearCase(2, false), linearCase(3, false), linearCase(4, false), linearCase(3, true),
		{"cmp", func(r *rand.Rand) instance {
			rel, c := randRel(r), int64(r.IntN(7)-3)
			return instance{[]Domain{dom(r), dom(r)},
				func(v []*Var) Constraint { return CmpOff(v[0], rel, v[1], I64(c)) },
				func(v []Int) bool { return relHolds(rel, i64(v[0]), i64(v[1])+c) }}
		}},
		{"cmp-reversed", func(r *rand.Rand) instance {
			rel, c := randRel(r), int64(r.IntN(7)-3)
			return instance{[]Domain{dom(r), dom(r)},
				func(v []*Var) Constraint { return LinearInt64([]int64{-1, 1}, v, rel, c) },
				func(v []Int) bool { return relHolds(rel, i64(v[1])-i64(v[0]), c) }}
		}},
		binCase("times", Times, func(x, y int64) (int64, bool) { return x * y, true }, nil),
		{"square", func(r *rand.Rand) instance {
			return instance{[]Domain{smallDom(r, -5, 30), dom(r)},
				func(v []*Var) Constraint { return Times(v[0], v[1], v[1]) },
				func(v []Int) bool { return i64(v[0]) == i64(v[1])*i64(v[1]) }}
		}},
		binCase("div", Div, func(x, y int64) (int64, bool) {
			if y == 0 {
				return 0, false
			}
			return x / y, true
		}, nil),
		binCase("rem", Rem, func(x, y int64) (int64, bool) {
			if y == 0 {
				return 0, false
			}
			return x % y, true
		}, nil),
		{"rem-const", func(r *rand.Rand) instance {
			// x % c on a wide x: the constant-divisor rule, with jumps over
			// runs of excluded remainders.
			c := int64(r.IntN(9) - 4)
			if c == 0 {
				c = 3
			}
			return instance{[]Domain{dom(r), smallDom(r, int64(r.IntN(40)-20), 10+r.IntN(30)), ValuesInt64(c)},
				func(v []*Var) Constraint { return Rem(v[0], v[1], v[2]) },
				func(v []Int) bool { return i64(v[0]) == i64(v[1])%i64(v[2]) }}
		}},
		{"div-const", func(r *rand.Rand) instance {
			c := int64(r.IntN(9) - 4)
			if c == 0 {
				c = -2
			}
			return instance{[]Domain{dom(r), smallDom(r, int64(r.IntN(40)-20), 10+r.IntN(30)), ValuesInt64(c)},
				func(v []*Var) Constraint { return Div(v[0], v[1], v[2]) },
				func(v []Int) bool { return i64(v[0]) == i64(v[1])/i64(v[2]) }}
		}},
		binCase("min", MinOf, func(x, y int64) (int64, bool) { return min(x, y), true }, nil),
		binCase("max", MaxOf, func(x, y int64) (int64, bool) { return max(x, y), true }, nil),
		binCase("and", BitAnd, func(x, y int64) (int64, bool) { return x & y, true }, nil),
		binCase("or", BitOr, func(x, y int64) (int64, bool) { return x | y, true }, nil),
		binCase("xor", BitXor, func(x, y int64) (int64, bool) { return x ^ y, true }, nil),
		binCase("shl", Shl, func(x, y int64) (int64, bool) {
			if y < 0 || y > 127 {
				return 0, false
			}
			return x << uint(y), true
		}, shiftDom),
		binCase("shr", Shr, func(x, y int64) (int64, bool) {
			if y < 0 || y > 127 {
				return 0, false
			}
			return x >> uint(y), true
		}, shiftDom),
		{"abs", func(r *rand.Rand) instance {
			return instance{[]Domain{dom(r), dom(r)},
				func(v []*Var) Constraint { return Abs(v[0], v[1]) },
				func(v []Int) bool { return i64(v[0]) == max(i64(v[1]), -i64(v[1])) }}
		}},
		{"not", func(r *rand.Rand) instance {
			return instance{[]Domain{dom(r), dom(r)},
				func(v []*Var) Constraint { return BitNot(v[0], v[1]) },
				func(v []Int) bool { return i64(v[0]) == ^i64(v[1]) }}
		}},
	}
	runCases(t, cases)
}

// wrapRef is the reference for w-bit wrapping on small widths.
func wrapRef(v int64, w uint, signed bool) int64 {
	m := int64(1) << w
	r := ((v % m) + m) % m
	if signed && r >= m/2 {
		r -= m
	}
	return r
}

func TestPropagatorsMachine(t *testing.T) {
	cases := []propCase{
		{"wrap", func(r *rand.Rand) instance {
			w, signed := uint(2+r.IntN(3)), r.IntN(2) == 0
			xd := smallDom(r, int64(r.IntN(60)-30), 3+r.IntN(30))
			return instance{[]Domain{dom(r), xd},
				func(v []*Var) Constraint { return Wrap(v[0], v[1], w, signed) },
				func(v []Int) bool { return i64(v[0]) == wrapRef(i64(v[1]), w, signed) }}
		}},
	}
	for op := OpAdd; op <= OpShr; op++ {
		cases = append(cases, propCase{"wrapop" + op.String(), func(r *rand.Rand) instance {
			w, signed := uint(3+r.IntN(2)), r.IntN(2) == 0
			yd := dom(r)
			if op == OpShl || op == OpShr {
				yd = smallDom(r, int64(r.IntN(4)-1), 1+r.IntN(7))
			}
			return instance{[]Domain{dom(r), smallDom(r, int64(r.IntN(30)-15), 2+r.IntN(8)), yd},
				func(v []*Var) Constraint { return WrapOp(v[0], v[1], op, v[2], w, signed) },
				func(v []Int) bool {
					x, y := i64(v[1]), i64(v[2])
					var res int64
					switch op {
					case OpAdd:
						res = x + y
					case OpSub:
						res = x - y
					case OpMul:
						res = x * y
					case OpAnd:
						res = x & y
					case OpOr:
						res = x | y
					case OpXor:
						res = x ^ y
					case OpShl:
						if y < 0 || y > 127 {
							return false
						}
						if y >= 63 {
							res = 0
						} else {
							res = x << uint(y)
						}
					case OpDiv, OpRem:
						x, y = wrapRef(x, w, signed), wrapRef(y, w, signed)
						if y == 0 {
							return false
						}
						if op == OpDiv {
							res = x / y
						} else {
							res = x % y
						}
					case OpShr:
						if y < 0 || y > 127 {
							return false
						}
						res = wrapRef(x, w, signed) >> min(uint(y), 63)
					}
					return i64(v[0]) == wrapRef(res, w, signed)
				}}
		}})
	}
	runCases(t, cases)
}

func TestPropagatorsGlobal(t *testing.T) {
	cases := []propCase{
		{"element", func(r *rand.Rand) instance {
			n := 1 + r.IntN(4)
			ds := []Domain{smallDom(r, -1, n+2), dom(r)}
			for i := 0; i < n; i++ {
				ds = append(ds, dom(r))
			}
			return instance{ds,
				func(v []*Var) Constraint { return Element(v[0], v[2:], v[1]) },
				func(v []Int) bool {
					i := i64(v[0])
					return i >= 0 && i < int64(n) && v[2+i] == v[1]
				}}
		}},
		{"element-const", func(r *rand.Rand) instance {
			n := 1 + r.IntN(6)
			list := make([]Int, n)
			for i := range list {
				list[i] = I64(int64(r.IntN(9) - 4))
			}
			return instance{[]Domain{smallDom(r, -1, n+2), dom(r)},
				func(v []*Var) Constraint { return ElementConst(v[0], list, v[1]) },
				func(v []Int) bool {
					i := i64(v[0])
					return i >= 0 && i < int64(n) && list[i] == v[1]
				}}
		}},
		{"alldifferent", func(r *rand.Rand) instance {
			n := 2 + r.IntN(3)
			ds := make([]Domain, n)
			off := make([]Int, n)
			for i := range ds {
				ds[i] = smallDom(r, int64(r.IntN(3)), 2+r.IntN(3))
				off[i] = I64(int64(r.IntN(3) - 1))
			}
			return instance{ds,
				func(v []*Var) Constraint { return AllDifferentOffset(v, off) },
				func(v []Int) bool {
					for i := range v {
						for j := i + 1; j < len(v); j++ {
							if i64(v[i])+i64(off[i]) == i64(v[j])+i64(off[j]) {
								return false
							}
						}
					}
					return true
				}}
		}},
		{"count", func(r *rand.Rand) instance {
			n := 1 + r.IntN(4)
			val := int64(r.IntN(3))
			ds := []Domain{smallDom(r, int64(r.IntN(3)-1), 2+r.IntN(4))}
			for i := 0; i < n; i++ {
				ds = append(ds, smallDom(r, int64(r.IntN(3)-1), 1+r.IntN(3)))
			}
			return instance{ds,
				func(v []*Var) Constraint { return Count(v[1:], I64(val), v[0]) },
				func(v []Int) bool {
					k := int64(0)
					for _, x := range v[1:] {
						if i64(x) == val {
							k++
						}
					}
					return i64(v[0]) == k
				}}
		}},
		{"reify-linear", func(r *rand.Rand) instance {
			rel, c := randRel(r), int64(r.IntN(9)-4)
			a := []int64{int64(r.IntN(5) - 2), int64(r.IntN(5) - 2)}
			return instance{[]Domain{boolDom(r), dom(r), dom(r)},
				func(v []*Var) Constraint { return ReifyLinear(v[0], []Int{I64(a[0]), I64(a[1])}, v[1:], rel, I64(c)) },
				func(v []Int) bool {
					b := i64(v[0])
					return (b == 0 || b == 1) && (b == 1) == relHolds(rel, a[0]*i64(v[1])+a[1]*i64(v[2]), c)
				}}
		}},
		{"reify-cmp", func(r *rand.Rand) instance {
			rel := randRel(r)
			return instance{[]Domain{boolDom(r), dom(r), dom(r)},
				func(v []*Var) Constraint { return ReifyCmp(v[0], v[1], rel, v[2]) },
				func(v []Int) bool {
					b := i64(v[0])
					return (b == 0 || b == 1) && (b == 1) == relHolds(rel, i64(v[1]), i64(v[2]))
				}}
		}},
		{"reify-times", func(r *rand.Rand) instance {
			return instance{[]Domain{boolDom(r), dom(r), dom(r), dom(r)},
				func(v []*Var) Constraint { return Reify(v[0], Times(v[1], v[2], v[3])) },
				func(v []Int) bool {
					b := i64(v[0])
					return (b == 0 || b == 1) && (b == 1) == (i64(v[1]) == i64(v[2])*i64(v[3]))
				}}
		}},
		{"implies", func(r *rand.Rand) instance {
			r1, r2 := randRel(r), randRel(r)
			c := int64(r.IntN(7) - 3)
			return instance{[]Domain{dom(r), dom(r), dom(r)},
				func(v []*Var) Constraint { return Implies(Cmp(v[0], r1, v[1]), CmpInt64(v[2], r2, c)) },
				func(v []Int) bool {
					return !relHolds(r1, i64(v[0]), i64(v[1])) || relHolds(r2, i64(v[2]), c)
				}}
		}},
		{"or", func(r *rand.Rand) instance {
			r1, r2, r3 := randRel(r), randRel(r), randRel(r)
			c1, c2 := int64(r.IntN(7)-3), int64(r.IntN(7)-3)
			return instance{[]Domain{dom(r), dom(r), dom(r)},
				func(v []*Var) Constraint {
					return Or(
						And(Cmp(v[0], r1, v[1]), CmpInt64(v[2], r2, c1)),
						And(CmpInt64(v[0], r3, c2), Plus(v[2], v[0], v[1])),
						CmpInt64(v[1], Eq, c1+c2))
				},
				func(v []Int) bool {
					x, y, z := i64(v[0]), i64(v[1]), i64(v[2])
					return relHolds(r1, x, y) && relHolds(r2, z, c1) ||
						relHolds(r3, x, c2) && z == x+y ||
						y == c1+c2
				}}
		}},
		{"not-and", func(r *rand.Rand) instance {
			r1 := randRel(r)
			c := int64(r.IntN(7) - 3)
			return instance{[]Domain{dom(r), dom(r), dom(r)},
				func(v []*Var) Constraint {
					return Not(And(Cmp(v[0], r1, v[1]), Times(v[2], v[0], v[1]), CmpInt64(v[2], Ne, c)))
				},
				func(v []Int) bool {
					x, y, z := i64(v[0]), i64(v[1]), i64(v[2])
					return !(relHolds(r1, x, y) && z == x*y && z != c)
				}}
		}},
	}
	runCases(t, cases)
}
