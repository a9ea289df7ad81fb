package testgen

import (
	"fmt"
	"strings"
)

// Inputs of any length.
//
// The object behind a pointer input is an array of --array-len elements
// (4): enough for most goals, and every element is a variable of the
// model. A goal that needs a longer buffer or string (the 16-byte block
// loop of adler32, `while (*s) s++` past 4 characters) is then unknown
// for one of two reasons, both named in its answer: every run that
// reaches it first goes out of the bounds of an input object, or the
// search failed and the proof depends on the length of the input objects
// (assume.go). Such a goal is answered again on longer inputs: the
// objects whose elements hold no pointer (strings, buffers, arrays of
// numbers or plain structs) get 4 times as many elements, up to --max-len
// (Options.MaxLen, default 64); the objects of linked structures keep
// --array-len elements (their number would grow as the length to the
// depth). The length is part of the test (interp.Inputs.Len, "array_len"
// in inka/v1), and the model's bounds checks relate a size parameter to
// it where the code implies it (adler32's len ≤ the length of buf).
//
// A proof never rests on the bound: on the longest inputs, a proof that
// depends on their length is still unknown, and says the length it had.

// DefaultMaxLen is the default of Options.MaxLen.
const DefaultMaxLen = 64

// lengthBound reports whether an unknown answer's reason is one that
// longer input objects may change.
func lengthBound(reason string) bool {
	for _, s := range []string{"out-of-bounds", "indexes an input array", "into an input array"} {
		if strings.Contains(reason, s) {
			return true
		}
	}
	return false
}

// grow answers goal on longer inputs when res, its answer on this
// generator's, is unknown because of their length.
func (g *Generator) grow(goal Goal, max int, res *GoalResult) *GoalResult {
	if res.Status != Unknown || !lengthBound(res.Reason) || g.Opts.Total.Exhausted() || g.Opts.deepened > 0 || g.Opts.depth > 0 {
		return res
	}
	l := g.longerInputs()
	if l == nil {
		return res
	}
	r := g.again(l, goal, max, res)
	if r.Status == Unknown && !strings.Contains(r.Reason, "--max-len") {
		// The innermost growth names the longest inputs tried.
		// A reason that no longer names the length (a budget, the
		// unrolling bound) keeps the shorter inputs' one, which does.
		if !lengthBound(r.Reason) {
			r.Reason = fmt.Sprintf("%s; on inputs of %d elements: %s", r.Reason, g.shape.FlatLen, res.Reason)
		}
		r.Reason += fmt.Sprintf(" (inputs of up to %d elements tried, see --max-len)", l.shape.FlatLen)
	}
	return r
}

// again answers goal on o, another generator of the function (longer
// inputs, deeper bounds), after res, its answer on g, left it unknown:
// o's answer, with the figures of res added.
func (g *Generator) again(o *Generator, goal Goal, max int, res *GoalResult) *GoalResult {
	o.done = g.done // a coverage run's outcomes covered so far
	r := o.Reach(goal, max)
	r.Stats.Add(res.Stats)
	r.Spurious += res.Spurious
	return r
}

// growing reports whether the unknown answer res will be tried again on
// longer inputs: the search on these can stop.
func (g *Generator) growing(res *GoalResult) bool {
	return g.Opts.depth == 0 && lengthBound(res.Reason) && min(4*g.shape.FlatLen, g.Opts.MaxLen) > g.shape.FlatLen && g.hasFlatInput()
}

// inputLen is the length of the flat input objects of the tests of g
// (interp.Inputs.Len): 0 when it is --array-len.
func (g *Generator) inputLen() int {
	if g.shape.FlatLen == g.shape.ArrayLen {
		return 0
	}
	return g.shape.FlatLen
}

// longerInputs returns the generator of the function on inputs 4 times
// as long (up to Options.MaxLen), or nil when there is none: no longer
// input is allowed, no input object would be longer, or the generator
// cannot be set up.
func (g *Generator) longerInputs() *Generator {
	if g.longer != nil || g.noLonger {
		return g.longer
	}
	g.longer = g.inputsOf(4 * g.shape.FlatLen)
	g.noLonger = g.longer == nil
	return g.longer
}

// inputsOf returns a new generator of the function on inputs of n
// elements (up to Options.MaxLen), or nil when there is none: no longer
// input is allowed, no input object would be longer, or the generator
// cannot be set up.
func (g *Generator) inputsOf(n int) *Generator {
	n = min(n, g.Opts.MaxLen)
	if n <= g.shape.FlatLen || !g.hasFlatInput() {
		return nil
	}
	opts := g.Opts
	opts.flatLen = n
	l, err := NewGenerator(g.Prog, opts)
	if err != nil || l.setupErr != nil {
		return nil
	}
	return l
}

// hasFlatInput reports whether some input object of g has elements
// without pointers: one that longer inputs make longer.
func (g *Generator) hasFlatInput() bool {
	for _, o := range g.shape.Objects {
		if !o.Void && !o.Func && o.Typ != nil && !o.Typ.Elem.HasPointer() {
			return true
		}
	}
	return false
}
