package testgen

import (
	"strconv"
	"strings"
	"time"

	"github.com/inka-tool/inka/ir"
)

// The engines, chosen per goal.
//
//   - fd: the finite-domain solver with the INKA combinators (reach.go). It
//     narrows domains by propagation and searches paths lazily, so a loop
//     is unfolded only as far as a goal needs, and it is quick on the
//     arithmetic of comparisons, linear relations and small domains.
//   - sat: the function's runs bit-blasted to gini (sat.go), loops unrolled
//     to --max-unroll. Bounds propagation cannot see through a bit mix: x *
//     0x9E3779B1 >> 16, xor-shifts, CRC steps, masks, wrapping products;
//     SAT answers those in milliseconds and proves them unreachable.
//   - auto (the default): a goal goes to fd with a quarter of its steps,
//     then to sat if fd leaves it unknown; a goal decided by mostly bitwise
//     arithmetic (goalLevel) gets only a quick try of fd before sat, and fd
//     has what sat leaves; a goal decided by floating-point computation,
//     which the bit-level formula cuts, goes to fd alone.
const (
	EngineAuto = "auto"
	EngineFD   = "fd"
	EngineSAT  = "sat"
)

// In auto mode, fd gets a quarter of a goal's steps before sat (fdShare),
// and on a bit-level goal only a quick try (fdQuick steps, what the easy
// goals take: 5,000 left goals of testdata/real/cjson.c that fd answers in
// 4,718–6,373 steps to gini, 800 K steps and 1.9 s).
const (
	fdShare = 4
	fdQuick = 10_000
)

// Reach answers a goal with up to max tests (max ≤ 0: one): first with
// its recursion inlined shallow when that is cheaper (shallow.go), then,
// in a function that walks its input arrays, by probes with a small part
// of its budget on these inputs and on longer ones (probe.go), then
// on longer input objects when their length is what leaves it unknown
// (grow.go), on deeper linked inputs when their depth does (linked.go),
// by running every input left when there are few
// (exhaust.go), with deeper unrolling and inlining bounds when they leave
// it unknown (deepen.go).
func (g *Generator) Reach(goal Goal, max int) *GoalResult {
	sr, ok := g.shallowFirst(goal, max)
	if ok {
		return sr
	}
	probed, found := g.probe(goal, max)
	if sr != nil {
		probed.Stats.Add(sr.Stats)
		probed.Spurious += sr.Spurious
	}
	if found {
		return probed
	}
	r := g.deepen(goal, max, g.exhaust(goal, max, g.linkDeeper(goal, max, g.grow(goal, max, g.reach(goal, max)))))
	r.Stats.Add(probed.Stats)
	r.Spurious += probed.Spurious
	return r
}

// reach answers a goal on the generator's input shape.
func (g *Generator) reach(goal Goal, max int) (res *GoalResult) {
	if max <= 0 {
		max = 1
	}
	start := time.Now()
	defer func() { res.Stats.Time = time.Since(start) }()
	if v, ok := constantOutcome(g.inlined.Func, goal); ok && goal.Dec.Outcomes[goal.Outcome] == strconv.FormatBool(!v) {
		return &GoalResult{Goal: goal, Status: Unreachable, Reason: constantReason(goal, v), Engine: "constant"}
	}
	if g.setupErr != nil {
		return &GoalResult{Goal: goal, Status: Unknown, Reason: g.setupErr.Error()}
	}
	if g.Opts.DumpSMT2 != "" {
		if err := g.dumpSMT2(goal); err != nil {
			return &GoalResult{Goal: goal, Status: Unknown, Reason: "--dump-smt2: " + err.Error()}
		}
	}
	// The goal's budget: its steps, its time guard, within the run's.
	// Both engines spend from it (gini by ticks of propagations).
	steps := g.Opts.Steps
	if g.Opts.goalShare > 0 {
		steps = (steps + g.Opts.goalShare - 1) / g.Opts.goalShare // at least 1: 0 is no limit
	}
	gb := g.Opts.guarded("goal", steps)
	defer func() { res.Stats.Steps += gb.Used() }()
	switch {
	case g.Opts.Engine == EngineFD:
		return g.reachFD(goal, max, gb, steps)
	case g.Opts.Engine == EngineSAT:
		return g.reachSAT(goal, max, gb)
	case g.goalLevel(goal) == levelFloat:
		return g.reachFD(goal, max, gb, steps)
	case g.goalLevel(goal) == levelBits:
		// fd answers the easy goals of such a function at once (a quick
		// try), gini the bit mixes, fd again with what is left.
		res = g.reachFD(goal, max, gb.Child("fd", fdQuick, time.Time{}), fdQuick)
		if res.Status == Unknown && !res.NoTest && !gb.Exhausted() && !g.growing(res) {
			res = combine(res, g.reachSAT(goal, max, gb))
		}
		if res.Status == Unknown && !res.NoTest && !gb.Exhausted() && !g.growing(res) {
			res = combine(res, g.reachFD(goal, max, gb, steps-gb.Used()))
		}
		return res
	}
	if g.quick {
		// The quick round of a coverage run (cover.go) is fd's: gini's
		// model of the function costs up to millions of steps to build,
		// which a goal fd answers with its whole budget never pays.
		return g.reachFD(goal, max, gb, steps)
	}
	share := steps / fdShare
	res = g.reachFD(goal, max, gb.Child("fd", share, time.Time{}), share)
	if res.Status == Unknown && !res.NoTest && !gb.Exhausted() && !g.growing(res) {
		// (fd's complete search under the input model's caveat leaves
		// gini the same caveat: NoTest.)
		res = combine(res, g.reachSAT(goal, max, gb))
	}
	return res
}

// combine returns the answer of a second engine after a first one left
// the goal unknown. Two unknowns keep the first engine's reason unless it
// is only a budget that ran out: a bound, a construct, or a run that goes
// wrong says more.
func combine(first, second *GoalResult) *GoalResult {
	if second.Status != Unknown {
		second.Stats.Add(first.Stats)
		second.Spurious += first.Spurious
		if second.Domains == nil {
			second.Domains = first.Domains
		}
		return second
	}
	second.Stats.Add(first.Stats)
	second.Spurious += first.Spurious
	if second.Domains == nil {
		second.Domains = first.Domains
	}
	if !isBudgetReason(first.Reason) {
		second.Reason, second.Engine = first.Reason, first.Engine
	}
	return second
}

// isBudgetReason reports whether an unknown answer's reason is only that a
// budget ran out (package budget's reasons).
func isBudgetReason(why string) bool {
	return why == "" || strings.Contains(why, "budget exhausted") || strings.Contains(why, "time guard exhausted") ||
		strings.Contains(why, "budget stopped")
}

// level is the kind of computation that decides a goal, for the engine
// choice of auto mode.
type level uint8

const (
	levelMixed level = iota // fd first, then sat
	levelBits               // mostly bitwise: sat after a quick try of fd
	levelFloat              // floating point: fd alone (sat cuts it)
)

// goalLevel says what decides the goal: floating-point computation
// (ir.FloatStmt) among the operations its decision's condition depends on
// (through the definitions of the variables and the tests around them,
// memory left out); else mostly bitwise operations: at least half of them
// are &, |, ^, ~, shifts or multiplications that wrap (unsigned). For a
// statement goal, the operations of the whole function count.
func (g *Generator) goalLevel(goal Goal) level {
	var slice []ir.Stmt
	ix := g.defIndex()
	if goal.Kind != DecisionGoal {
		ir.Walk(g.inlined.Func.Body, func(s ir.Stmt) { slice = append(slice, s) })
	} else {
		if b, ok := g.bitDecs[goal.Dec]; ok {
			return b // the same decision, the same slice
		}
		work := append([]*ir.Var(nil), ix.uses[goal.Dec]...)
		seen := map[*ir.Var]bool{}
		seenCtl := map[*ctlTest]bool{}
		for len(work) > 0 {
			v := work[len(work)-1]
			work = work[:len(work)-1]
			if seen[v] {
				continue
			}
			seen[v] = true
			for _, d := range ix.defs[v] {
				slice = append(slice, d.s)
				work = append(work, ir.StmtUses(d.s)...)
				// The tests around, innermost first, up to one an earlier
				// definition brought in (and all around it with it).
				for c := d.ctl; c != nil && !seenCtl[c]; c = c.up {
					seenCtl[c] = true
					work = append(work, c.uses...)
				}
			}
		}
	}
	b := levelMixed
	if bitwiseMost(slice, ix.truth) {
		b = levelBits
	}
	for _, s := range slice {
		if ir.FloatStmt(s) != "" {
			b = levelFloat
			break
		}
	}
	if goal.Kind == DecisionGoal {
		if g.bitDecs == nil {
			g.bitDecs = map[*ir.Decision]level{}
		}
		g.bitDecs[goal.Dec] = b
	}
	return b
}

// ctlTest is an if or a loop around a definition: the variables its
// condition uses, and the test around it (nil at the top level). A chain
// is shared by every definition inside, so that a slice follows each test
// once however deep the nesting.
type ctlTest struct {
	uses []*ir.Var
	up   *ctlTest
}

// defIndex is the definitions of a function's variables, each with the
// tests around it, the variables each decision's condition uses, and the
// variables that only hold truth values (truthVars).
type defIndex struct {
	defs  map[*ir.Var][]ctlDef
	uses  map[*ir.Decision][]*ir.Var
	truth map[*ir.Var]bool
}

type ctlDef struct {
	s   ir.Stmt
	ctl *ctlTest
}

// defIndex builds the index of the inlined function once.
func (g *Generator) defIndex() *defIndex {
	if g.defs != nil {
		return g.defs
	}
	ix := &defIndex{defs: map[*ir.Var][]ctlDef{}, uses: map[*ir.Decision][]*ir.Var{}}
	var walk func(ss []ir.Stmt, ctl *ctlTest)
	walk = func(ss []ir.Stmt, ctl *ctlTest) {
		for _, s := range ss {
			if d := ir.StmtDef(s); d != nil {
				ix.defs[d] = append(ix.defs[d], ctlDef{s, ctl})
			}
			if r := decRef(s); r != nil {
				ix.uses[r.D] = append(ix.uses[r.D], ir.StmtUses(s)...)
			}
			switch s := s.(type) {
			case *ir.If:
				inner := &ctlTest{uses: ir.StmtUses(s), up: ctl}
				walk(s.Then, inner)
				walk(s.Else, inner)
			case *ir.While:
				inner := &ctlTest{uses: ir.StmtUses(s), up: ctl}
				walk(s.Pre, inner)
				walk(s.Body, inner)
			}
		}
	}
	walk(g.inlined.Func.Body, nil)
	ix.truth = truthVars(ix.defs)
	g.defs = ix
	return ix
}

// truthVars are the variables every definition of which gives 0 or 1: a
// comparison, a !, a constant 0 or 1, a conversion to _Bool, or &, |, ^
// of truth values. The
// lowering's control flags are such (`t = to_exit | to_found` decides
// whether a loop goes on after a goto), and so are the && and || a
// programmer writes with & and |: logic, not the bit mixes that
// bitwiseMost looks for.
func truthVars(defs map[*ir.Var][]ctlDef) map[*ir.Var]bool {
	truth := map[*ir.Var]bool{}
	for v := range defs {
		if v.Typ.IsInteger() {
			truth[v] = true
		}
	}
	isTruth := func(x ir.Value) bool {
		switch x := x.(type) {
		case *ir.Var:
			return truth[x]
		case *ir.Const:
			return x.Bits <= 1
		}
		return false
	}
	// The greatest fixed point: a variable stays while all its definitions
	// give truth values, assuming so of the variables still in.
	for changed := true; changed; {
		changed = false
		for v := range truth {
			for _, d := range defs[v] {
				if !givesTruth(d.s, isTruth) {
					delete(truth, v)
					changed = true
					break
				}
			}
		}
	}
	return truth
}

// givesTruth reports whether s gives 0 or 1 when its truth operands
// (isTruth) are 0 or 1.
func givesTruth(s ir.Stmt, isTruth func(ir.Value) bool) bool {
	switch s := s.(type) {
	case *ir.Copy:
		return isTruth(s.Src)
	case *ir.Unary:
		return s.Op == ir.LNot
	case *ir.Conv:
		return s.Dst.Typ.Kind == ir.Bool || isTruth(s.X)
	case *ir.Binary:
		switch s.Op {
		case ir.And, ir.Or, ir.Xor:
			return isTruth(s.X) && isTruth(s.Y)
		}
		return s.Op.IsComparison()
	}
	return false
}

// bitwiseMost reports whether at least half of the arithmetic operations
// of slice, and at least one, are bitwise. Logic on truth values (truth)
// is neither.
func bitwiseMost(slice []ir.Stmt, truth map[*ir.Var]bool) bool {
	bitwise, arith := 0, 0
	for _, s := range slice {
		switch s := s.(type) {
		case *ir.Binary:
			if s.Op.IsComparison() || truth[s.Dst] {
				continue
			}
			arith++
			switch s.Op {
			case ir.And, ir.Or, ir.Xor, ir.Shl, ir.Shr:
				bitwise++
			case ir.Mul:
				if !s.Dst.Typ.IsSigned() {
					bitwise++
				}
			}
		case *ir.Unary:
			if truth[s.Dst] {
				continue
			}
			arith++
			if s.Op == ir.BNot {
				bitwise++
			}
		}
	}
	return bitwise > 0 && 2*bitwise >= arith
}

// decRef is the decision a statement tests, or nil.
func decRef(s ir.Stmt) *ir.DecRef {
	switch s := s.(type) {
	case *ir.If:
		return s.Dec
	case *ir.While:
		return s.Dec
	case *ir.Assert:
		return s.Dec
	}
	return nil
}
