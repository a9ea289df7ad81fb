package testgen

import (
	"fmt"

	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/pointsto"
	"github.com/inka-tool/inka/ssa"
)

// The sanity checkers of the three forms, run after every transformation
// when Options.Check is set.

// SanityFailures returns the failures of the sanity checkers met so far
// (Options.Check): each names the transformation after which a form broke
// a rule. Empty unless inka has a bug.
func (g *Generator) SanityFailures() []string {
	if g.longer != nil {
		return append(append([]string(nil), g.sanity...), g.longer.SanityFailures()...)
	}
	return g.sanity
}

// sanityFailed records a failure and returns it as the error of the step.
func (g *Generator) sanityFailed(after string, err error) error {
	e := fmt.Errorf("internal error: sanity check after %s: %w", after, err)
	g.sanity = append(g.sanity, e.Error())
	return e
}

// checkIR checks f, the inlined function or a rewriting of it that may
// call testgen's own externs: those of the stubs' stores, and extra; cut
// says it is cut at a goal.
func (g *Generator) checkIR(after string, f *ir.Func, cut bool, extra ...*ir.Extern) error {
	if !g.Opts.Check || f == nil {
		return nil
	}
	for w := range g.writeOf {
		extra = append(extra, w)
	}
	if g.allocFails != nil {
		extra = append(extra, g.allocFails)
	}
	if err := ir.SanityCheckInlined(g.Prog, f, ir.InlinedContext{Shape: g.shape, Externs: extra, Cut: cut}); err != nil {
		return g.sanityFailed(after, err)
	}
	return nil
}

// checkInstrumented checks the function instrumented for a goal (cut at
// the goal with cut): it may call the externs of its volatile reads.
func (g *Generator) checkInstrumented(goal Goal, in *instrumented, cut bool) error {
	var volatiles []*ir.Extern
	for e := range in.volatiles {
		volatiles = append(volatiles, e)
	}
	return g.checkIR("the instrumentation of "+goal.ID(), in.f, cut, volatiles...)
}

func (g *Generator) checkPointsTo(r *pointsto.Result) error {
	if !g.Opts.Check {
		return nil
	}
	if err := pointsto.SanityCheck(r); err != nil {
		return g.sanityFailed("the points-to analysis", err)
	}
	return nil
}

func (g *Generator) checkSSA(f *ssa.Func) error {
	if !g.Opts.Check {
		return nil
	}
	if err := ssa.SanityCheck(f); err != nil {
		return g.sanityFailed("the Pointer-SSA", err)
	}
	return nil
}
