package abi

import (
	"fmt"
	"slices"
	"strings"
)

// A transition pair is an entering and an exiting transition of one
// state: Bailey and Davidson's unit of coverage. Covering every pair
// (not only every transition) tests each transition in every context it
// can be taken in, which catches an implementation with an extra state
// (their Figure 5) that transition coverage misses.
type pair struct{ in, out int }

// Pairs counts the transition pairs of the automaton.
func (p *PFSA) Pairs() int {
	n := 0
	for q := range p.States {
		n += len(p.In[q]) * len(p.Out[q])
	}
	return n
}

// Coverage counts the transitions and the transition pairs that paths
// take.
func (p *PFSA) Coverage(paths [][]int) (trans, pairs int) {
	ts := map[int]bool{}
	ps := map[pair]bool{}
	for _, path := range paths {
		for i, t := range path {
			ts[t] = true
			if i > 0 {
				ps[pair{path[i-1], t}] = true
			}
		}
	}
	return len(ts), len(ps)
}

// Suite selects paths from the initial state that together take every
// transition pair (Bailey and Davidson's transition-pair selection),
// each path at most maxLen arguments long. Their depth-first algorithm
// (Figure 8 of the TOPLAS paper) yields one path per marked transition;
// here the pairs are chained greedily into fewer, longer paths: from the
// current state, take an exiting transition that makes an uncovered pair
// with the one just taken (preferring one that itself begins the most
// uncovered pairs); when there is none, walk the shortest way to a
// transition that begins an uncovered pair; end the path when no
// uncovered pair is reachable. Every path covers at least one new pair,
// so the selection ends, and it ends only when every pair reachable from
// the initial state is covered.
func (p *PFSA) Suite(maxLen int) [][]int {
	covered := map[pair]bool{}
	// begins[t]: uncovered pairs that begin with transition t.
	begins := make([]int, len(p.Trans))
	for t := range p.Trans {
		begins[t] = len(p.Out[p.Trans[t].To])
	}
	cover := func(a, b int) {
		if !covered[pair{a, b}] {
			covered[pair{a, b}] = true
			begins[a]--
		}
	}
	var paths [][]int
	for {
		before := len(covered)
		var path []int
		q, last := 0, -1
		for len(path) < maxLen+1 { // +1: the return transition
			next := -1
			if last >= 0 {
				best := -1
				for _, t := range p.Out[q] {
					if !covered[pair{last, t}] && begins[t] > best {
						next, best = t, begins[t]
					}
				}
			}
			if next < 0 {
				walk := p.walkTo(q, begins, maxLen+1-len(path))
				if walk == nil {
					break
				}
				next = walk[0]
			}
			if last >= 0 {
				cover(last, next)
			}
			path = append(path, next)
			last, q = next, p.Trans[next].To
		}
		if len(covered) == before { // no new pair: every reachable pair is covered
			break
		}
		paths = append(paths, path)
	}
	return paths
}

// walkTo returns the shortest sequence of transitions from state q whose
// last transition begins an uncovered pair and which leaves room for
// that pair within budget transitions (nil: none).
func (p *PFSA) walkTo(q int, begins []int, budget int) []int {
	type node struct{ state, via, prev int }
	nodes := []node{{q, -1, -1}}
	depth := []int{0}
	seen := map[int]bool{q: true}
	for i := 0; i < len(nodes); i++ {
		if depth[i]+2 > budget {
			continue
		}
		for _, t := range p.Out[nodes[i].state] {
			if begins[t] > 0 {
				walk := []int{t}
				for j := i; nodes[j].via >= 0; j = nodes[j].prev {
					walk = append(walk, nodes[j].via)
				}
				slices.Reverse(walk)
				return walk
			}
			to := p.Trans[t].To
			if !seen[to] {
				seen[to] = true
				nodes = append(nodes, node{to, t, i})
				depth = append(depth, depth[i]+1)
			}
		}
	}
	return nil
}

// Restrict returns the automaton without the realizations that need a
// feature outside have, and without the criteria left with none (for a
// compiler without __float128, no SSE,SSEUP criterion).
func (p *PFSA) Restrict(have map[Feature]bool) *PFSA {
	q := *p
	q.Crits = nil
	for _, c := range p.Crits {
		c2 := c
		c2.Types = nil
		for _, t := range c.Types {
			if t == nil || supports(have, t.Features()) {
				c2.Types = append(c2.Types, t)
			}
		}
		if len(c2.Types) > 0 {
			q.Crits = append(q.Crits, c2)
		}
	}
	q.pool = nil
	if err := q.build(); err != nil {
		panic("abi: restricting a valid automaton: " + err.Error())
	}
	return &q
}

func supports(have map[Feature]bool, need []Feature) bool {
	for _, f := range need {
		if !have[f] {
			return false
		}
	}
	return true
}

// realizationPool fills, per criterion, random types that classify as
// it (drawn once from a fixed seed, so that suites are reproducible):
// the variety Lindig's generators give, within the criterion the
// automaton asks for.
func (p *PFSA) realizationPool(have map[Feature]bool) {
	p.pool = make([][]*Type, len(p.Crits))
	cfg := DefaultConfig()
	cfg.Depth = 1
	r := NewRand(0x70667361, cfg.Depth)
	arg := cfg.Arg()
	for i := 0; i < 4000; i++ {
		t := arg(r)
		if !supports(have, t.Features()) {
			continue
		}
		for _, ci := range []int{p.ArgCriterion(t), p.RetCriterion(t)} {
			if ci >= 0 && len(p.pool[ci]) < 24 {
				p.pool[ci] = append(p.pool[ci], t)
			}
		}
	}
}

// SuiteTests realizes the suite's paths as tests: per path, a signature
// whose return and arguments realize the path's criteria (drawn, from
// seed, among the data's realizations and the random pool), and for
// every path with an argument its variadic version (the first argument
// named, the others passed through "...", as Bailey and Davidson make a
// varargs version of every test). tag tells suites apart in test IDs.
func (p *PFSA) SuiteTests(paths [][]int, seed uint64, have map[Feature]bool, tag string) []*Test {
	if p.pool == nil {
		p.realizationPool(have)
	}
	var tests []*Test
	for i, path := range paths {
		s := TestSeed(seed, 'p', i)
		r := NewRand(s, 0)
		var sig Sig
		for k, t := range path {
			ty := p.realize(r, p.Trans[t].Crit)
			if k == 0 {
				sig.Ret = ty
			} else {
				sig.Params = append(sig.Params, ty)
			}
		}
		id := fmt.Sprintf("p%s%d", tag, i)
		t := NewTest(id, sig, s)
		t.Path = path
		tests = append(tests, t)
		if len(sig.Params) > 0 {
			vsig := Sig{Ret: sig.Ret, Params: sig.Params[:1], Varargs: slices.Clone(sig.Params[1:])}
			if len(vsig.Varargs) == 0 { // one argument: pass it twice, the second through "..."
				vsig.Varargs = []*Type{sig.Params[0]}
			}
			vt := NewTest(id+"v", vsig, s^1)
			vt.Path, _ = p.Path(vsig)
			tests = append(tests, vt)
		}
	}
	return tests
}

// realize draws a type for criterion ci: half of the time one the data
// lists, else one from the random pool (when it has any).
func (p *PFSA) realize(r *Rand, ci int) *Type {
	c := p.Crits[ci]
	if len(p.pool[ci]) > 0 && r.IntN(2) == 0 {
		return p.pool[ci][r.IntN(len(p.pool[ci]))]
	}
	return c.Types[r.IntN(len(c.Types))]
}

// Table writes the automaton: its size, then per state its transitions
// with their outputs.
func (p *PFSA) Table() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d states, %d criteria, %d transitions, %d transition pairs\n", len(p.States), len(p.Crits), len(p.Trans), p.Pairs())
	for q := range p.States {
		fmt.Fprintf(&b, "q%d [%s]\n", q, p.stateName(q))
		for _, t := range p.Out[q] {
			tr := p.Trans[t]
			fmt.Fprintf(&b, "  %-11s -> q%-4d %s\n", p.Crits[tr.Crit].Name, tr.To, tr.Out)
		}
	}
	return b.String()
}
