package testgen

import (
	"time"
)

// Longer inputs tried early.
//
// A goal that needs a longer string than --array-len elements (an
// identifier of eight characters in a lexer, a "key=value" line of five
// bytes) is answered on longer inputs only once the search on the short
// ones gave up for a reason that names their length (grow.go). When the
// goal lies in a function called from a loop (a driver loop over a lexer:
// `while ((t = lex_next(&lx)) != T_EOF)`), that search never gives up so:
// to prove that no 4-byte input reaches the goal, it explores every way
// the driver loop can go through the input, call after call, and runs out
// of its budget (millions of steps) where the goal on 16 bytes takes
// thousands (tok.c in the tests: an identifier past the lexer's buffer,
// 149 K steps on 16 bytes, unknown after 10 M on 4).
//
// So, when the function walks its input arrays (the dependence of a proof
// on their length, assume.go, names an index or a moved pointer), a goal
// is first probed with a small share of its budget (probeShare), fd alone
// (but a goal decided by bit mixes, which auto mode gives the bit-level
// engine)
// (the bit-level engine unrolls every loop to the bound, the lazy fd
// model only as far as the search goes): on the inputs of --array-len,
// then, while the probe is unknown for its budget or for their length, on
// longer ones (the generators grow makes, 4 times as long up to
// --max-len). A test it finds is replayed as any; an unreachable answer is
// one the full search would give as well (the probe's search is the same,
// with less budget). Anything else, and the goal goes the usual way with
// its whole budget: the probe costs a goal left unknown at most
// 3/probeShare of its steps, and changes no other answer.

// probeShare is the part of a goal's steps each probe gets (a 32nd: 312 K
// steps of the default 10 M).
const probeShare = 32

// probe answers goal with the probes when one finds an answer (found),
// else returns what they spent, for the usual way's answer to count.
func (g *Generator) probe(goal Goal, tests int) (res *GoalResult, found bool) {
	res = &GoalResult{Goal: goal, Status: Unknown}
	if tests > 1 || g.Opts.flatLen > 0 || g.Opts.deepened > 0 || g.Opts.depth > 0 || g.Opts.NoSolver ||
		g.Opts.Engine == EngineSAT || g.setupErr != nil || g.Opts.Total.Exhausted() ||
		(g.Opts.Engine == EngineAuto && g.goalLevel(goal) == levelBits) || !g.walksInputs() {
		// (A goal decided by bit mixes goes to the bit-level engine
		// after a quick try of fd: no probe of fd delays it.)
		return res, false
	}
	steps := max(1, g.Opts.Steps/probeShare)
	first := g
	if why, tried := g.quickLeft[goal.ID()]; tried {
		// The quick round searched these inputs with more steps (a
		// quickShare-th, fd's where the probe is fd's): go on from where
		// its answer leads, the longer inputs or none.
		if !(isBudgetReason(why) || lengthBound(why)) {
			return res, false
		}
		first = g.probeNext(g)
	}
	for o := first; o != nil; o = g.probeNext(o) {
		o.done = g.done // a coverage run's outcomes covered so far
		r := o.probeFD(goal, steps)
		r.Stats.Add(res.Stats)
		r.Spurious += res.Spurious
		res = r
		if r.Status != Unknown {
			return r, true
		}
		if !(isBudgetReason(r.Reason) || lengthBound(r.Reason)) || g.Opts.Total.Exhausted() {
			break
		}
	}
	return res, false
}

// probeNext returns the generator the probes try after o: inputs twice
// as long as --array-len first (a length just past it costs least: a
// 5-byte line is 226 K steps on 8 bytes, 2.25 M on 16), then those of
// grow, 4 times as long as --array-len and on.
func (g *Generator) probeNext(o *Generator) *Generator {
	var next *Generator
	switch o {
	case g:
		if g.twice == nil && !g.noTwice {
			g.twice = g.inputsOf(2 * g.shape.FlatLen)
			g.noTwice = g.twice == nil
		}
		next = g.twice
		if next == nil {
			next = g.longerInputs()
		}
	case g.twice:
		next = g.longerInputs()
	default:
		next = o.longerInputs()
	}
	if next != nil && next.shape.FlatLen <= o.shape.FlatLen {
		return nil
	}
	return next
}

// probeFD answers goal on g with fd alone within steps.
func (g *Generator) probeFD(goal Goal, steps int64) (res *GoalResult) {
	start := time.Now()
	gb := g.Opts.guarded("goal", steps)
	res = g.reachFD(goal, 1, gb, steps)
	res.Stats.Steps += gb.Used()
	res.Stats.Time = time.Since(start)
	return res
}

// walksInputs reports whether the function indexes an input array by a
// variable or moves a pointer into one (computed once, on the shared
// model's points-to results): where longer inputs may be what a goal
// needs.
func (g *Generator) walksInputs() bool {
	if g.walks == 0 {
		g.walks = 2
		if g.hasFlatInput() && min(4*g.shape.FlatLen, g.Opts.MaxLen) > g.shape.FlatLen {
			if sh := g.sharedModel(); sh.err == nil && sh.m != nil {
				if lengthBound(inputModelDependence(sh.m.F.IR, sh.m.F.PT, g.shape, g.changed)) {
					g.walks = 1
				}
			}
		}
	}
	return g.walks == 1
}
