package bv

import (
	"math/rand/v2"
	"testing"

	"github.com/inka-tool/inka/term"
)

// randomTerms builds n random terms over a few inputs of mixed widths,
// every operator of package term among them.
func randomTerms(r *rand.Rand, tb *term.Builder, n int) (vars, out []*term.Term) {
	widths := []int{1, 3, 8, 16, 32, 64}
	byWidth := map[int][]*term.Term{}
	var bools []*term.Term
	for _, w := range widths {
		for i := 0; i < 2; i++ {
			v := tb.Var(w, "x")
			vars = append(vars, v)
			byWidth[w] = append(byWidth[w], v, tb.Const(w, r.Uint64()))
		}
	}
	b := tb.Var(0, "b")
	vars = append(vars, b)
	bools = append(bools, b)
	pick := func(w int) *term.Term { l := byWidth[w]; return l[r.IntN(len(l))] }
	bins := []func(x, y *term.Term) *term.Term{tb.BvAnd, tb.BvOr, tb.BvXor, tb.Add, tb.Sub, tb.Mul,
		tb.UDiv, tb.URem, tb.SDiv, tb.SRem, tb.Shl, tb.LShr, tb.AShr}
	cmps := []func(x, y *term.Term) *term.Term{tb.Eq, tb.Ult, tb.Ule, tb.Slt, tb.Sle, tb.SMulO}
	for len(out) < n {
		w := widths[r.IntN(len(widths))]
		var t *term.Term
		switch r.IntN(6) {
		case 0, 1:
			t = bins[r.IntN(len(bins))](pick(w), pick(w))
		case 2:
			t = cmps[r.IntN(len(cmps))](pick(w), pick(w))
			bools = append(bools, t)
			continue
		case 3:
			switch x := pick(w); r.IntN(4) {
			case 0:
				t = tb.BvNot(x)
			case 1:
				t = tb.Neg(x)
			case 2:
				if w < 64 {
					t = tb.SExt(x, w+r.IntN(64-w)+1)
				}
			default:
				lo := r.IntN(w)
				t = tb.Extract(x, lo+r.IntN(w-lo), lo)
			}
		case 4:
			c := bools[r.IntN(len(bools))]
			t = tb.Ite(c, pick(w), pick(w))
		default:
			x, y := bools[r.IntN(len(bools))], bools[r.IntN(len(bools))]
			bools = append(bools, tb.And(x, tb.Not(y)), tb.Or(x, y), tb.Ite(b, x, y))
			continue
		}
		if t != nil {
			byWidth[t.W] = append(byWidth[t.W], t)
			out = append(out, t)
		}
	}
	return vars, append(out, bools...)
}

// TestBlastAgainstApply: the circuit of every random term computes what
// term.Apply (the reference semantics) computes, on random inputs.
func TestBlastAgainstApply(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for round := 0; round < 20; round++ {
		tb := term.NewBuilder()
		vars, ts := randomTerms(r, tb, 60)
		c := New()
		bl := NewBlaster(c)
		for _, x := range ts {
			bl.Vec(x)
		}
		for _, v := range vars {
			bl.Vec(v)
		}
		e := newEval(c)
		vals := make(map[*term.Term][]uint64)
		for _, v := range vars {
			lanes := make([]uint64, 64)
			for l := range lanes {
				lanes[l] = r.Uint64() & term.Mask(max(v.W, 1))
				if r.IntN(4) == 0 {
					lanes[l] = uint64(r.IntN(3)) // small values reach the special cases
				}
			}
			vals[v] = lanes
			e.set(bl.Vec(v), lanes)
		}
		e.run()
		for l := 0; l < 64; l++ {
			memo := map[*term.Term]uint64{}
			for _, x := range ts {
				want := term.Eval(x, func(v *term.Term) uint64 { return vals[v][l] }, memo)
				if got := e.get(bl.Vec(x), l); got != want {
					t.Fatalf("round %d: %v (%v of widths %v) = %#x, want %#x", round, x, x.Kind, widthsOf(x), got, want)
				}
			}
		}
	}
}

func widthsOf(t *term.Term) []int {
	var ws []int
	for _, a := range t.Args {
		ws = append(ws, a.W)
	}
	return ws
}
