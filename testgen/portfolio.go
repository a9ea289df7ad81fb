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
//     then to sat if fd leaves it unknown; in a function whose arithmetic
//     is mostly bitwise (bitLevel), fd gets only a quick try before sat,
//     and what sat leaves.
const (
	EngineAuto = "auto"
	EngineFD   = "fd"
	EngineSAT  = "sat"
)

// In auto mode, fd gets a quarter of a goal's steps before sat (fdShare),
// and on a bit-level function only a quick try (fdQuick steps: what the
// easy goals of the test programs take, at most a few thousand).
const (
	fdShare = 4
	fdQuick = 10_000
)

// Reach answers a goal with up to max tests (max ≤ 0: one).
func (g *Generator) Reach(goal Goal, max int) (res *GoalResult) {
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
	gb := g.Opts.Total.Child("goal", g.Opts.Steps, start.Add(g.Opts.Timeout))
	defer func() { res.Stats.Steps += gb.Used() }()
	switch {
	case g.Opts.Engine == EngineFD:
		return g.reachFD(goal, max, gb, g.Opts.Steps)
	case g.Opts.Engine == EngineSAT:
		return g.reachSAT(goal, max, gb)
	case g.bitLevel():
		// fd answers the easy goals of such a function at once (a quick
		// try), gini the bit mixes, fd again with what is left.
		res = g.reachFD(goal, max, gb.Child("fd", fdQuick, time.Time{}), fdQuick)
		if res.Status == Unknown && !gb.Exhausted() {
			res = combine(res, g.reachSAT(goal, max, gb))
		}
		if res.Status == Unknown && !gb.Exhausted() {
			res = combine(res, g.reachFD(goal, max, gb, g.Opts.Steps-gb.Used()))
		}
		return res
	}
	share := g.Opts.Steps / fdShare
	res = g.reachFD(goal, max, gb.Child("fd", share, time.Time{}), share)
	if res.Status == Unknown && !gb.Exhausted() {
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
		second.Stats.add(first.Stats)
		second.Spurious += first.Spurious
		if second.Domains == nil {
			second.Domains = first.Domains
		}
		return second
	}
	second.Stats.add(first.Stats)
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

// bitLevel reports whether the function's arithmetic is mostly bitwise:
// at least half of its arithmetic operations are &, |, ^, ~, shifts or
// multiplications that wrap (unsigned).
func (g *Generator) bitLevel() bool {
	bitwise, arith := 0, 0
	ir.Walk(g.inlined.Func.Body, func(s ir.Stmt) {
		switch s := s.(type) {
		case *ir.Binary:
			if s.Op.IsComparison() {
				return
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
			arith++
			if s.Op == ir.BNot {
				bitwise++
			}
		}
	})
	return bitwise > 0 && 2*bitwise >= arith
}
