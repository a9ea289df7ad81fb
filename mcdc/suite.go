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
	type item struct {
		d *Decision
		k int // path index; -1-o for outcome o of condition i
		i int
	}
	want := map[item]bool{}
	var order []item
	need := func(it item) {
		if !want[it] {
			want[it] = true
			order = append(order, it)
		}
	}
	// what each test covers
	covers := make([]map[item]bool, len(c.tests))
	for t, refs := range c.covers {
		covers[t] = map[item]bool{}
		for _, r := range refs {
			covers[t][item{r.d, r.k, 0}] = true
			v := r.d.Evals[r.k].Vector
			for i := range r.d.Conditions {
				switch v.Conds[i] {
				case True:
					covers[t][item{r.d, -1, i}] = true
				case False:
					covers[t][item{r.d, -2, i}] = true
				}
			}
			o := -3
			if !v.Outcome {
				o = -4
			}
			covers[t][item{r.d, o, 0}] = true
		}
	}
	for _, dr := range c.decs {
		switch c.opts.Criterion {
		case MCDC:
			chosen := map[int]bool{}
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
				cond.Pair = best // path indexes for now
				for _, k := range best {
					chosen[k] = true
					need(item{dr, k, 0})
				}
			}
		default:
			for i, cond := range dr.Conditions {
				for o, g := range cond.Outcomes {
					if g.Status == testgen.Covered {
						need(item{dr, -1 - o, i})
					}
				}
			}
			if c.opts.Criterion == DecisionCondition {
				for o, g := range dr.Outcomes {
					if g.Status == testgen.Covered {
						need(item{dr, -3 - o, 0})
					}
				}
			}
		}
	}
	// greedy set cover
	left := len(order)
	done := map[item]bool{}
	var picked []int
	inSuite := make([]bool, len(c.tests))
	for left > 0 {
		best, bestN := -1, 0
		for t := range c.tests {
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
		picked = append(picked, best)
		for _, it := range order {
			if !done[it] && covers[best][it] {
				done[it] = true
				left--
			}
		}
	}
	// the suite in the order the tests were found
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
	// a covered goal names the first suite test that covers it
	testOf := func(it item) int {
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
				e.Test = testOf(item{dr, k, 0})
			}
		}
		for i, cond := range dr.Conditions {
			for o, g := range cond.Outcomes {
				if g.Status == testgen.Covered {
					g.Test = testOf(item{dr, -1 - o, i})
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
				g.Test = testOf(item{dr, -3 - o, 0})
			}
		}
		// the tests this decision's pairs use, against N+1
		used := map[int]bool{}
		n := 0
		for _, cond := range dr.Conditions {
			if cond.Status == testgen.Covered && c.opts.Criterion == MCDC {
				n++
				used[cond.Pair[0]] = true
				used[cond.Pair[1]] = true
			}
		}
		dr.SuiteTests = len(used)
		if n > 0 {
			dr.Bound = n + 1
		}
	}
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
