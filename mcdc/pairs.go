package mcdc

import (
	"fmt"
	"sort"
	"strings"

	"github.com/inka-tool/inka/testgen"
)

// mcdc answers MC/DC: for each condition, a pair of evaluations of the
// chosen form, each reached by a test.
//
// A pair is two runs. They share nothing: the runs are separate
// executions, and what relates them is only the values their
// evaluations give the conditions, which the paths through the
// decision fix. So the model of a pair over two copies of the inputs is
// the conjunction of two independent reachability problems, one per
// path, and it has a solution exactly when some pair of paths of the
// right form has both paths reachable. Each path is a goal answered once
// (and found by any test that takes it); a pair is impossible when every
// candidate pair has a path proved unreachable.
func (c *coverer) mcdc() {
	for _, dr := range c.decs {
		for i, cond := range dr.Conditions {
			cands := c.candidates(dr, i)
			if len(cands) == 0 {
				cond.Status, cond.Reason = testgen.Unreachable, "no two evaluations of the decision show it, whatever the inputs (the decision's structure)"
				continue
			}
			if c.opts.Form == Masking {
				c.maskingPair(dr, i, cond)
			} else {
				c.uniquePair(dr, i, cond, cands)
			}
		}
	}
}

// candidates returns the pairs of paths (true side first) that show the
// independence of condition i in the run's form.
func (c *coverer) candidates(dr *Decision, i int) [][2]int {
	var out [][2]int
	for a, pa := range dr.d.paths {
		for b, pb := range dr.d.paths {
			if pa.Conds[i] != True || pb.Conds[i] != False {
				continue
			}
			ok := uniqueCause(i, pa, pb)
			if c.opts.Form == Masking {
				ok = dr.d.shape.masking(i, pa, pb)
			}
			if ok {
				out = append(out, [2]int{a, b})
			}
		}
	}
	return out
}

// maskingPair: the two sides of a masking pair are independent (any path
// where the condition is true and decides, any where it is false and
// decides), so each side is reached or refuted on its own.
func (c *coverer) maskingPair(dr *Decision, i int, cond *CondResult) {
	var sides [2][]int
	for k, p := range dr.d.paths {
		if dr.d.shape.decides(i, p.Conds) {
			if p.Conds[i] == True {
				sides[0] = append(sides[0], k)
			} else {
				sides[1] = append(sides[1], k)
			}
		}
	}
	var got [2]Goal
	for s := range sides {
		got[s] = c.anyPath(dr, sides[s], "")
	}
	name := [2]string{"true", "false"}
	for s := range got {
		if got[s].Status != testgen.Covered {
			cond.Status = got[s].Status
			cond.Reason = fmt.Sprintf("c%d cannot be %s and decide the outcome: %s", i+1, name[s], got[s].Reason)
			if got[s].Status == testgen.Unreachable {
				return
			}
		}
	}
	if got[0].Status == testgen.Covered && got[1].Status == testgen.Covered {
		cond.Status, cond.Reason = testgen.Covered, ""
		for _, a := range sides[0] {
			for _, b := range sides[1] {
				if dr.Evals[a].Status == testgen.Covered && dr.Evals[b].Status == testgen.Covered {
					cond.options = append(cond.options, [2]int{a, b})
				}
			}
		}
	}
}

// uniquePair tries the candidate pairs, those whose paths are reached
// already first.
func (c *coverer) uniquePair(dr *Decision, i int, cond *CondResult, cands [][2]int) {
	open := func(p [2]int) int {
		n := 0
		for _, k := range p {
			if dr.Evals[k].Status != testgen.Covered {
				n++
			}
		}
		return n
	}
	sort.SliceStable(cands, func(a, b int) bool { return open(cands[a]) < open(cands[b]) })
	for _, p := range cands {
		if c.path(dr, p[0]).Status == testgen.Covered && c.path(dr, p[1]).Status == testgen.Covered {
			cond.options = append(cond.options, p)
		}
	}
	if len(cond.options) > 0 {
		cond.Status, cond.Reason = testgen.Covered, ""
		return
	}
	// no pair: proved when every candidate has a path proved unreachable
	var why string
	proved := true
	for _, p := range cands {
		a, b := dr.Evals[p[0]], dr.Evals[p[1]]
		switch {
		case a.Status == testgen.Unreachable:
		case b.Status == testgen.Unreachable:
		default:
			proved = false
			for _, e := range []*Evaluation{a, b} {
				if e.Status != testgen.Covered && why == "" {
					why = fmt.Sprintf("%s: %s", e.Conds, e.Reason)
				}
			}
		}
	}
	if proved {
		var imp []string
		in := map[int]bool{}
		for _, p := range cands {
			in[p[0]], in[p[1]] = true, true
		}
		for k, e := range dr.Evals {
			if in[k] && e.Status == testgen.Unreachable {
				imp = append(imp, dr.describe(e.Vector))
			}
		}
		cond.Status = testgen.Unreachable
		cond.Reason = fmt.Sprintf("no unique-cause pair for c%d: each of the %d candidate pairs needs an evaluation no input gives: %s (proved)", i+1, len(cands), strings.Join(imp, "; "))
		return
	}
	cond.Status = testgen.Unknown
	cond.Reason = fmt.Sprintf("no unique-cause pair for c%d reached; %s", i+1, why)
}
