package mcdc

import (
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/testgen"
)

// suite chooses a small set of the tests found that covers every goal
// covered (every pair found, for MC/DC), keeps only those in the result,
// and renumbers the tests the answers name.
//
// For MC/DC it first chooses one pair per condition, preferring pairs
// whose paths are already chosen (greedy: conditions in order, the pair
// adding the fewest new paths); then a set of tests covering the chosen
// paths (greedy set cover: the test covering the most paths not yet
// covered first). Every pair needs two paths, and a decision of N
// independent conditions at least N+1 evaluations; Decision.Bound and
// SuiteTests say how far the choice lands from that bound.
func (c *coverer) suite() {
	covers := c.testCovers()
	order := c.wanted()
	inSuite := greedyCover(order, covers)
	c.keep(inSuite, covers)
}

// suiteItem is what a suite must cover: path k of decision d (k >= 0),
// outcome o of condition i (k = -1-o), or outcome o of the decision
// (k = -3-o, i = 0).
type suiteItem struct {
	d *Decision
	k int
	i int
}

// testCovers gives, for each test, the items it covers.
func (c *coverer) testCovers() []map[suiteItem]bool {
	covers := make([]map[suiteItem]bool, len(c.tests))
	for t, refs := range c.covers {
		covers[t] = map[suiteItem]bool{}
		for _, r := range refs {
			covers[t][suiteItem{r.d, r.k, 0}] = true
			v := r.d.Evals[r.k].Vector
			for i := range r.d.Conditions {
				switch v.Conds[i] {
				case True:
					covers[t][suiteItem{r.d, -1, i}] = true
				case False:
					covers[t][suiteItem{r.d, -2, i}] = true
				}
			}
			o := -3
			if !v.Outcome {
				o = -4
			}
			covers[t][suiteItem{r.d, o, 0}] = true
		}
	}
	return covers
}

// wanted lists, in a deterministic order, the items the suite must cover
// under the criterion; for MC/DC it chooses each condition's pair first.
func (c *coverer) wanted() []suiteItem {
	want := map[suiteItem]bool{}
	var order []suiteItem
	need := func(it suiteItem) {
		if !want[it] {
			want[it] = true
			order = append(order, it)
		}
	}
	for _, dr := range c.decs {
		switch c.opts.Criterion {
		case MCDC:
			for _, k := range choosePairs(dr) {
				need(suiteItem{dr, k, 0})
			}
		default:
			for i, cond := range dr.Conditions {
				for o, g := range cond.Outcomes {
					if g.Status == testgen.Covered {
						need(suiteItem{dr, -1 - o, i})
					}
				}
			}
			if c.opts.Criterion == DecisionCondition {
				for o, g := range dr.Outcomes {
					if g.Status == testgen.Covered {
						need(suiteItem{dr, -3 - o, 0})
					}
				}
			}
		}
	}
	return order
}

// choosePairs chooses one pair of paths per condition of dr (Pair holds
// path indexes until keep renumbers it), preferring pairs whose paths are
// already chosen, and returns the chosen paths in the order chosen.
func choosePairs(dr *Decision) []int {
	chosen := map[int]bool{}
	var paths []int
	for _, cond := range dr.Conditions {
		if len(cond.options) == 0 {
			continue
		}
		best, bestNew := cond.options[0], 3
		for _, o := range cond.options {
			n := 0
			for _, k := range o {
				if !chosen[k] {
					n++
				}
			}
			if n < bestNew {
				best, bestNew = o, n
			}
		}
		cond.Pair = best
		for _, k := range best {
			chosen[k] = true
			paths = append(paths, k)
		}
	}
	return paths
}

// greedyCover picks tests until every item of order is covered: the test
// covering the most items not yet covered first (ties: the first found).
func greedyCover(order []suiteItem, covers []map[suiteItem]bool) []bool {
	left := len(order)
	done := map[suiteItem]bool{}
	inSuite := make([]bool, len(covers))
	for left > 0 {
		best, bestN := -1, 0
		for t := range covers {
			if inSuite[t] {
				continue
			}
			n := 0
			for _, it := range order {
				if !done[it] && covers[t][it] {
					n++
				}
			}
			if n > bestN {
				best, bestN = t, n
			}
		}
		if best < 0 {
			break // cannot happen: every wanted item is covered by some test
		}
		inSuite[best] = true
		for _, it := range order {
			if !done[it] && covers[best][it] {
				done[it] = true
				left--
			}
		}
	}
	return inSuite
}

// keep puts the tests in the suite into the result, in the order they were
// found, and makes every covered goal name the first suite test covering it.
func (c *coverer) keep(inSuite []bool, covers []map[suiteItem]bool) {
	renum := make([]int, len(c.tests))
	for t := range renum {
		renum[t] = -1
	}
	for t := range c.tests {
		if inSuite[t] {
			renum[t] = len(c.res.Tests)
			c.res.Tests = append(c.res.Tests, c.tests[t])
			c.res.Covers = append(c.res.Covers, c.coverIDs(t))
		}
	}
	c.res.Found = len(c.tests)
	testOf := func(it suiteItem) int {
		for t := range c.tests {
			if inSuite[t] && covers[t][it] {
				return renum[t]
			}
		}
		return -1
	}
	for _, dr := range c.decs {
		for k, e := range dr.Evals {
			if e.Status == testgen.Covered {
				e.Test = testOf(suiteItem{dr, k, 0})
			}
		}
		for i, cond := range dr.Conditions {
			for o, g := range cond.Outcomes {
				if g.Status == testgen.Covered {
					g.Test = testOf(suiteItem{dr, -1 - o, i})
				}
			}
			if cond.Status == testgen.Covered && c.opts.Criterion == MCDC {
				a, b := cond.Pair[0], cond.Pair[1]
				cond.Vectors = [2]Vector{dr.Evals[a].Vector, dr.Evals[b].Vector}
				cond.Pair = [2]int{dr.Evals[a].Test, dr.Evals[b].Test}
			}
		}
		for o, g := range dr.Outcomes {
			if g.Status == testgen.Covered {
				g.Test = testOf(suiteItem{dr, -3 - o, 0})
			}
		}
		dr.SuiteTests, dr.Bound = pairTests(dr, c.opts.Criterion)
	}
}

// pairTests counts the tests dr's MC/DC pairs use, and the bound N+1 of a
// decision with N covered conditions (0 when none).
func pairTests(dr *Decision, crit Criterion) (used, bound int) {
	tests := map[int]bool{}
	n := 0
	for _, cond := range dr.Conditions {
		if cond.Status == testgen.Covered && crit == MCDC {
			n++
			tests[cond.Pair[0]] = true
			tests[cond.Pair[1]] = true
		}
	}
	if n > 0 {
		bound = n + 1
	}
	return len(tests), bound
}

// coverIDs lists what test t covers (Result.Covers).
func (c *coverer) coverIDs(t int) []string {
	synthetic := map[*ir.Decision]bool{}
	for _, dr := range c.decs {
		for _, g := range dr.d.goals {
			synthetic[g] = true
		}
	}
	var out []string
	seen := map[string]bool{}
	add := func(id string) {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	for _, s := range c.tests[t].Result.Trace {
		if !synthetic[s.Dec] {
			add(s.ID())
		}
	}
	return out
}
