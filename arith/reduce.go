package arith

import (
	"errors"
	"fmt"
	"strings"

	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
)

// Tester builds and runs a program and says what happened: a compiler
// configuration (Runner.Test), or a stand-in in the tests.
type Tester func(p *Program) (Outcome, error)

// ErrNoFailure is Reduce's error for a program that does not fail.
var ErrNoFailure = errors.New("the program does not fail")

// Reduction is the result of Reduce.
type Reduction struct {
	Outcome       Outcome // the failure of the original program, kept by every step
	Track         int     // for Wrong: the expression whose check must keep failing (else -1)
	Before, After int     // operators
	Tests         int     // programs built and run, the original one included
	Accepted      int     // steps kept
	// Builds per phase: expression elimination, top-down (roots), bottom-up
	// (values), top-down (every node of small trees), types and values.
	PhaseTests [5]int
}

// Reduce minimizes p, which fails under test, in place, keeping the same
// failure: the same Kind, for Wrong the same expression's check failing
// (the first one that failed), for a compiler crash the same crash
// report, for a crash of the program the same signal. The steps, each
// re-checked for UB-freedom (Check) before it is built and kept only if
// the failure persists, are those of the paper's Section 5 (Fig. 15):
//
//  1. expression elimination, by halves: an expression is replaced by its
//     value (its t-variable is initialized with it), the others first in
//     halves, then quarters...;
//  2. top-down: an expression's root is replaced by one of its operands;
//  3. bottom-up, by binary descent: a subtree is replaced by a constant
//     holding its value or by a new variable holding it; where that loses
//     the failure, its operands are tried;
//  4. types and values: qualifiers and static dropped, globals made
//     local, variables, constants and t-variables made int, values made
//     smaller.
//
// The phases repeat while one of them changes the program, within
// maxTests builds (0: 5000).
func Reduce(p *Program, test Tester, maxTests int) (*Reduction, error) {
	if maxTests <= 0 {
		maxTests = 5000
	}
	if err := Check(p); err != nil {
		return nil, fmt.Errorf("the program to reduce is not UB-free: %w", err)
	}
	o, err := test(p)
	if err != nil {
		return nil, err
	}
	if !o.Failed() {
		return nil, fmt.Errorf("%w (%s)", ErrNoFailure, o)
	}
	r := &reducer{p: p, test: test, want: o, track: -1, tests: 1, max: maxTests, seen: map[string]bool{}}
	if o.Kind == Wrong {
		r.track = o.Wrong[0]
	}
	red := &Reduction{Outcome: o, Track: r.track, Before: p.Size()}
	for round := 0; round < 20; round++ {
		r.phase = 0
		changed := r.dropExprs()
		r.phase = 1
		for r.hoistRoots() {
			changed = true
		}
		r.phase = 2
		for _, e := range r.live() {
			if r.values(&e.Root, true) {
				changed = true
			}
		}
		r.phase = 3
		for _, e := range r.live() {
			if e.Root.Size() <= 64 && r.hoist(&e.Root) {
				changed = true
			}
		}
		r.phase = 4
		if r.simplify() {
			changed = true
		}
		if !changed || r.err != nil || r.tests >= r.max {
			break
		}
	}
	red.After, red.Tests, red.Accepted, red.PhaseTests = p.Size(), r.tests, r.accepted, r.phaseTests
	return red, r.err
}

type reducer struct {
	p          *Program
	test       Tester
	want       Outcome
	track      int
	tests, max int
	accepted   int
	nvars      int // variables added to hold values
	seen       map[string]bool
	phase      int
	phaseTests [5]int
	err        error
}

// same reports whether o is the failure being reduced.
func (r *reducer) same(o Outcome) bool {
	if o.Kind != r.want.Kind {
		return false
	}
	switch o.Kind {
	case Wrong:
		for _, id := range o.Wrong {
			if id == r.track {
				return true
			}
		}
		return false
	case CCCrash:
		return o.Msg == r.want.Msg
	case RunCrash:
		return signalOf(o.Msg) == signalOf(r.want.Msg)
	}
	return true
}

// signalOf is the "killed by SIGNAL" part of a crash's message.
func signalOf(msg string) string {
	sig, _, _ := strings.Cut(msg, ":")
	return sig
}

// try applies a change, keeps it if the program stays UB-free and fails
// the same way, else undoes it.
func (r *reducer) try(change func() (undo func())) bool {
	if r.err != nil || r.tests >= r.max {
		return false
	}
	undo := change()
	ok := false
	if Check(r.p) == nil {
		ok = r.fails()
	}
	if ok {
		r.accepted++
		return true
	}
	undo()
	if err := Check(r.p); err != nil && r.err == nil {
		r.err = fmt.Errorf("minimizer: undoing a step left undefined behaviour: %w", err)
	}
	return false
}

// fails tests the program, once per program text: the phases come back
// to candidates already built when a later step undid nothing.
func (r *reducer) fails() bool {
	key := string(r.p.C(""))
	if ok, seen := r.seen[key]; seen {
		return ok
	}
	r.tests++
	r.phaseTests[r.phase]++
	o, err := r.test(r.p)
	if err != nil {
		r.err = err
		return false
	}
	r.seen[key] = r.same(o)
	return r.seen[key]
}

// live returns the expressions not dropped.
func (r *reducer) live() []*Expr {
	var out []*Expr
	for _, e := range r.p.Exprs {
		if !e.Dropped {
			out = append(out, e)
		}
	}
	return out
}

// dropExprs is step 1: the expressions other than the tracked one are
// dropped, by halves.
func (r *reducer) dropExprs() bool {
	var cands []*Expr
	for _, e := range r.live() {
		if e.ID != r.track {
			cands = append(cands, e)
		}
	}
	return r.dropSet(cands)
}

func (r *reducer) dropSet(es []*Expr) bool {
	if len(es) == 0 {
		return false
	}
	ok := r.try(func() func() {
		inits := make([]uint64, len(es))
		for i, e := range es {
			inits[i] = e.T.Init
			e.Dropped, e.T.Init = true, e.Want.Bits
		}
		return func() {
			for i, e := range es {
				e.Dropped, e.T.Init = false, inits[i]
			}
		}
	})
	if ok || len(es) == 1 {
		return ok
	}
	h := len(es) / 2
	a := r.dropSet(es[:h])
	b := r.dropSet(es[h:])
	return a || b
}

// replace is the change "*slot becomes n".
func replace(slot **Node, n *Node) func() func() {
	return func() func() {
		old := *slot
		*slot = n
		return func() { *slot = old }
	}
}

// hoistRoots is step 2: each expression's root replaced by an operand.
func (r *reducer) hoistRoots() bool {
	changed := false
	for _, e := range r.live() {
		for _, k := range e.Root.kids() {
			if r.try(replace(&e.Root, k)) {
				changed = true
				break
			}
		}
	}
	return changed
}

// hoist replaces every node of a small tree by one of its operands where
// the failure stays, top down.
func (r *reducer) hoist(slot **Node) bool {
	changed := false
	for again := true; again; {
		again = false
		for _, k := range (*slot).kids() {
			if r.try(replace(slot, k)) {
				changed, again = true, true
				break
			}
		}
	}
	n := *slot
	for i := range n.kids() {
		if r.hoist(n.kid(i)) {
			changed = true
		}
	}
	return changed
}

// values is step 3: the subtree at slot is replaced by a constant of its
// value, or by a new variable holding it; if neither keeps the failure,
// its operands are tried. A variable read is tried as a constant. The
// root of an expression is not replaced (its check would then compare a
// constant with itself).
func (r *reducer) values(slot **Node, root bool) bool {
	n := *slot
	if n.Op == Lit {
		return false
	}
	if !root {
		pt := ir.Promote(n.T)
		if r.try(replace(slot, newLit(pt, n.Val.Bits))) {
			return true
		}
		if n.Op == Ref {
			return false
		}
		if r.try(r.holdIn(slot, n)) {
			return true
		}
	}
	changed := false
	for i := range n.kids() {
		if r.values(n.kid(i), false) {
			changed = true
		}
	}
	return changed
}

// holdIn is the change "*slot becomes a new local variable of n's type
// initialized with n's value".
func (r *reducer) holdIn(slot **Node, n *Node) func() func() {
	return func() func() {
		r.nvars++
		v := &Var{Name: fmt.Sprintf("v%d", r.nvars), T: n.T, Init: n.Val.Bits}
		r.p.Vars = append(r.p.Vars, v)
		*slot = newVarRef(v)
		return func() {
			*slot = n
			r.p.Vars = r.p.Vars[:len(r.p.Vars)-1]
		}
	}
}

// simplify is step 4 on the variables the program still reads and on its
// constants: qualifiers and storage dropped, types made int, values made
// smaller.
func (r *reducer) simplify() bool {
	changed := false
	used := r.p.usedVars()
	for _, v := range r.p.Vars {
		if !used[v] {
			continue
		}
		for _, flag := range []*bool{&v.Volatile, &v.Static, &v.Const, &v.Global} {
			if *flag && r.try(setBool(flag, false)) {
				changed = true
			}
		}
		if v.T.Kind != ir.Int && r.try(r.retypeVar(v)) {
			changed = true
		}
		if (v.Expr == nil || v.Expr.Dropped) && r.shrink(&v.Init, v.T) {
			changed = true
		}
	}
	for _, e := range r.live() {
		var lits []*Node
		walk(e.Root, func(n *Node) {
			if n.Op == Lit {
				lits = append(lits, n)
			}
		})
		for _, n := range lits {
			if n.T.Kind != ir.Int && fits(ir.IntType, n.T, n.Bits) && r.try(setType(&n.T, ir.IntType)) {
				changed = true
			}
			if r.shrink(&n.Bits, n.T) {
				changed = true
			}
		}
	}
	return changed
}

func setBool(p *bool, b bool) func() func() {
	return func() func() {
		old := *p
		*p = b
		return func() { *p = old }
	}
}

func setType(p **ir.Type, t *ir.Type) func() func() {
	return func() func() {
		old := *p
		*p = t
		return func() { *p = old }
	}
}

// retypeVar makes v an int, its initial value converted (the reads of v
// take the new type when Check types the trees again).
func (r *reducer) retypeVar(v *Var) func() func() {
	return func() func() {
		oldT, oldInit := v.T, v.Init
		v.T, v.Init = ir.IntType, ir.Truncate(ir.IntType, v.Init)
		return func() { v.T, v.Init = oldT, oldInit }
	}
}

// shrink makes the value *bits of type t smaller in magnitude: the first
// of 0, 1, and the value shifted right by 48, 32, 16, 8, 4, 2, 1 bits that
// keeps the failure, again from there, a few times.
func (r *reducer) shrink(bits *uint64, t *ir.Type) bool {
	changed := false
	for round := 0; round < 8; round++ {
		found := false
		for _, c := range smaller(*bits, t) {
			if r.try(setBits(bits, c)) {
				changed, found = true, true
				break
			}
		}
		if !found {
			break
		}
	}
	return changed
}

// smaller lists values of type t of smaller magnitude than v, smallest
// first.
func smaller(v uint64, t *ir.Type) []uint64 {
	mag := func(x uint64) uint64 {
		if t.IsSigned() && int64(x) < 0 {
			return -x
		}
		return x
	}
	var out []uint64
	seen := map[uint64]bool{}
	for _, c := range []uint64{0, 1} {
		if mag(c) < mag(v) {
			out, seen[c] = append(out, c), true
		}
	}
	for _, k := range []uint{48, 32, 16, 8, 4, 2, 1} {
		c := v >> k
		if t.IsSigned() {
			c = uint64(int64(v) >> k)
		}
		c = ir.Truncate(t, c)
		if !seen[c] && mag(c) < mag(v) {
			out, seen[c] = append(out, c), true
		}
	}
	return out
}

func setBits(p *uint64, v uint64) func() func() {
	return func() func() {
		old := *p
		*p = v
		return func() { *p = old }
	}
}

// fits reports whether the value bits of type from is a value of type to.
func fits(to, from *ir.Type, bits uint64) bool {
	v := interp.UintVal(from, bits)
	return interp.ConvertInt(v, to).Bits == v.Bits && (to.IsSigned() == from.IsSigned() || int64(v.Bits) >= 0)
}
