package cdriver

import (
	"fmt"
	"math"
	"math/rand"
	"strings"

	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

// RandomCase draws one input: small values, boundary values and random wide
// values for integers; pointers are NULL one time in eight.
func (drv *Driver) RandomCase(rng *rand.Rand) Case {
	var c Case
	for i, l := range drv.Leaves {
		if l.Type.IsPointer() {
			v := uint64(1)
			if l.Callback != nil {
				// the callback, or one of the functions of its type
				v = uint64(1 + rng.Intn(len(l.Funcs)+1))
			}
			if drv.IsFixedNull(i) || rng.Intn(8) == 0 {
				v = 0
			}
			c.Leaves = append(c.Leaves, v)
			continue
		}
		c.Leaves = append(c.Leaves, randInt(rng, l.Type))
	}
	for _, st := range drv.Stubs {
		var ret, wr []uint64
		for k := 0; k < drv.opts.StubCalls; k++ {
			r := uint64(0)
			if st.Ext.Result.IsInteger() || st.Ext.Result.IsFloat() {
				r = randInt(rng, st.Ext.Result)
			}
			if objs := drv.returned[st.Ext.Name]; st.Ext.Result.IsPointer() {
				r = uint64(rng.Intn(len(objs) + 1)) // NULL or one of its objects
			}
			w := uint64(0)
			if st.WriteArg >= 0 {
				w = randInt(rng, st.Ext.Params[st.WriteArg].Elem)
			}
			ret, wr = append(ret, r), append(wr, w)
		}
		c.StubRet = append(c.StubRet, ret)
		c.StubWr = append(c.StubWr, wr)
	}
	return c
}

func randInt(rng *rand.Rand, t *ir.Type) uint64 {
	if t.Kind == ir.Bool {
		return uint64(rng.Intn(2))
	}
	if t.IsFloat() {
		return RandFloat(rng, t)
	}
	switch r := rng.Intn(10); {
	case r < 4: // small
		return ir.Truncate(t, uint64(rng.Intn(25)-12))
	case r < 7: // boundaries
		min := uint64(t.MinInt())
		max := t.MaxUint()
		b := []uint64{0, 1, ^uint64(0), min, max, min + 1, max - 1, 2, 3, 5, 6, 7, 10, 100, 1000}
		return ir.Truncate(t, b[rng.Intn(len(b))])
	default: // random wide
		return ir.Truncate(t, rng.Uint64()>>uint(rng.Intn(64)))
	}
}

// Inputs turns a case into the interpreter's inputs; it also returns
// the case described (non-zero leaves) and which objects are live (the
// globals, and the fresh objects behind non-NULL pointers).
func (drv *Driver) Inputs(c Case) (interp.Inputs, string, map[string]bool) {
	prog := drv.Prog
	in := interp.Inputs{Values: map[string]interp.Val{}, Null: map[string]bool{}, Funcs: map[string]string{}}
	var desc []string
	live := make([]bool, len(drv.Leaves))
	for i, l := range drv.Leaves {
		live[i] = l.Parent < 0 || (live[l.Parent] && c.Leaves[l.Parent] != 0)
		if !live[i] {
			continue
		}
		if l.Callback != nil {
			switch null, fn := drv.FuncChoice(i, c.Leaves[i]); {
			case null:
				in.Null[l.Path] = true
				desc = append(desc, l.Path+"=NULL")
			case fn != "":
				in.Funcs[l.Path] = fn
				desc = append(desc, l.Path+"=&"+fn)
			}
			continue
		}
		if l.Type.IsPointer() {
			if (c.Leaves[i] == 0 && !drv.IsFixedNull(i)) || l.Void {
				in.Null[l.Path] = true
				desc = append(desc, l.Path+"=NULL")
			}
			continue
		}
		v := interp.UintVal(l.Type, c.Leaves[i])
		in.Values[l.Path] = v
		if v.Bits != 0 {
			desc = append(desc, l.Path+"="+v.String())
		}
	}
	// Statics start from their initializers (gcc's driver cannot set them).
	for _, g := range prog.Globals {
		if g.Class != ir.Static || g.ReadOnly {
			continue
		}
		ls := g.Typ.Leaves()
		for _, it := range g.Init {
			if k, ok := it.Val.(*ir.Const); ok {
				in.Values[g.Name+ls[it.Leaf].Path] = interp.UintVal(ls[it.Leaf].Type, k.Bits)
			}
		}
	}
	stubs := drv.Stubs
	in.Stub = func(call interp.StubCall) interp.StubAnswer {
		var ans interp.StubAnswer
		for s, st := range stubs {
			if st.Ext.Name != call.Callee || call.Index >= drv.opts.StubCalls {
				continue
			}
			if st.Ext.Result.IsInteger() || st.Ext.Result.IsFloat() {
				ans.Return = interp.UintVal(st.Ext.Result, c.StubRet[s][call.Index])
			}
			if st.WriteArg >= 0 {
				ans.Writes = []interp.StubWrite{{Arg: st.WriteArg, Path: "[0]",
					Val: interp.UintVal(st.Ext.Params[st.WriteArg].Elem, c.StubWr[s][call.Index])}}
			}
		}
		return ans
	}
	for s, st := range stubs {
		for k := 0; k < 2; k++ {
			desc = append(desc, fmt.Sprintf("%s()#%d=%s", st.Ext.Name, k, interp.UintVal(st.Ext.Result, c.StubRet[s][k])))
		}
	}
	liveObjs := map[string]bool{}
	for _, o := range drv.Objects {
		liveObjs[o.Name] = o.Leaf < 0 || (live[o.Leaf] && c.Leaves[o.Leaf] != 0)
	}
	return in, strings.Join(desc, ","), liveObjs
}

// CaseOf lays out the inputs of an interpreter run (a test's) for the
// driver: the leaves in, the stubs' answers call by call (returned values
// and values written, by extern). why says why it cannot: the driver
// cannot set a static to another value than its initializer, nor answer
// more than Options.StubCalls calls of an extern.
func (drv *Driver) CaseOf(in interp.Inputs, rets, writes map[string][]uint64) (c Case, why string) {
	used := map[string]bool{}
	for i, l := range drv.Leaves {
		if l.Callback != nil {
			// 0 NULL, 1 the callback, 2+k the k-th function of its type
			v := uint64(1)
			if in.Null[l.Path] {
				v = 0
			}
			for k, f := range l.Funcs {
				if in.Funcs[l.Path] == f.Name {
					v = uint64(2 + k)
				}
			}
			used[l.Path] = true
			c.Leaves = append(c.Leaves, v)
			continue
		}
		if l.Type.IsPointer() {
			v := uint64(1)
			if in.Null[l.Path] || drv.IsFixedNull(i) || l.Void || drv.belowDepth(l.Path, in) {
				v = 0
			} else if into, ok := in.Into[l.Path]; ok {
				if v, why = drv.intoCase(l.Path, into); why != "" {
					return c, why
				}
			}
			used[l.Path] = true
			c.Leaves = append(c.Leaves, v)
			continue
		}
		v, ok := in.Values[l.Path]
		used[l.Path] = ok
		c.Leaves = append(c.Leaves, v.Bits)
	}
	inits := staticInits(drv.Prog)
	for p, v := range in.Values {
		if !used[p] && v.Bits != inits[p] {
			return c, fmt.Sprintf("%s = %s (a static)", p, v)
		}
	}
	for _, st := range drv.Stubs {
		ret, wr := rets[st.Ext.Name], writes[st.Ext.Name]
		if len(ret) > drv.opts.StubCalls {
			return c, fmt.Sprintf("%d calls to %s", len(ret), st.Ext.Name)
		}
		if objs := drv.returned[st.Ext.Name]; st.Ext.Result.IsPointer() {
			for _, r := range ret {
				if r > uint64(len(objs)) {
					return c, fmt.Sprintf("%s returns its object %d, beyond the driver's %d", st.Ext.Name, r-1, len(objs))
				}
			}
		}
		w := make([]uint64, len(ret))
		copy(w, wr)
		c.StubRet, c.StubWr = append(c.StubRet, ret), append(c.StubWr, w)
	}
	return c, ""
}

// staticInits gives the initial value of each leaf of the statics.
func staticInits(prog *ir.Program) map[string]uint64 {
	out := map[string]uint64{}
	for _, g := range prog.Globals {
		if g.Class != ir.Static {
			continue
		}
		ls := g.Typ.Leaves()
		for _, it := range g.Init {
			if k, ok := it.Val.(*ir.Const); ok && it.Leaf < len(ls) {
				out[g.Name+ls[it.Leaf].Path] = ir.Truncate(ls[it.Leaf].Type, k.Bits)
			}
		}
	}
	return out
}

// RandFloat returns the bit pattern of a random value of floating-point
// type t: one of every class of special values (±0, ±inf, quiet and
// signalling NaNs, the least and greatest subnormals, the least normal,
// the greatest finite, ±1, halfway cases), small integers and fractions,
// or random bits.
func RandFloat(rng *rand.Rand, t *ir.Type) uint64 {
	w := t.Bits()
	sign := uint64(1) << (w - 1)
	special := ir.SpecialFloats(t)
	switch r := rng.Intn(10); {
	case r < 4:
		return special[rng.Intn(len(special))]
	case r < 6: // small integers and halves
		return ir.FloatBits(t, float64(rng.Intn(41)-20)/float64(1+rng.Intn(2)))
	case r < 8: // a random sign, exponent near 1
		x := math.Ldexp(rng.Float64()+0.5, rng.Intn(21)-10)
		if rng.Intn(2) == 0 {
			x = -x
		}
		return ir.FloatBits(t, x)
	default:
		b := rng.Uint64()
		if w == 32 {
			b &= 0xffffffff
		}
		return b | sign*uint64(rng.Intn(2))
	}
}

// belowDepth reports whether the object behind the pointer leaf at path
// lies deeper than the linked inputs of a test with inputs in: the
// interpreter made that pointer NULL.
func (drv *Driver) belowDepth(path string, in interp.Inputs) bool {
	so := drv.shape.Lookup(path)
	return so != nil && so.Depth > max(in.Depth, drv.opts.PtrDepth)
}

// intoCase encodes a pointer input into the object of another one
// (interp.Inputs.Into) as pointerTarget reads it: 2^32 (k+1) + the byte
// offset in the array, k the rank of into.Ptr among the arrays it may
// point into.
func (drv *Driver) intoCase(path string, into interp.Into) (uint64, string) {
	so := drv.shape.Lookup(path)
	if so != nil && drv.opts.Adversary == nil {
		for k, q := range so.Into {
			if _, _, arr, _ := drv.shape.IntoArray(q); q == into.Ptr && arr != nil {
				return uint64(k+1)<<32 | uint64(into.Index*arr.Elem.Size()), ""
			}
		}
	}
	return 0, fmt.Sprintf("%s points into the object of %s, which the driver does not build", path, into.Ptr)
}
