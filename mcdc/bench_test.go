//go:build mcdcbench

package mcdc

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/internal/cdriver"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/testgen"
)

// TestBenchMCDC measures MC/DC on a corpus (bench/mcdc/run.sh): per
// function and form, the conditions, the pairs found, proved impossible
// and unknown, the suite against the N+1 bound, the time, and the MC/DC
// that as many random inputs as MCDC_RANDOM (default 1000) achieve.
func TestBenchMCDC(t *testing.T) {
	files := strings.Fields(os.Getenv("MCDC_FILES"))
	if len(files) == 0 {
		files, _ = filepath.Glob("../testdata/mcdc/*.c")
		files = append(files, "../testdata/paper/trityp.c")
		real, _ := filepath.Glob("../testdata/real/*.c")
		files = append(files, real...)
	}
	nrand := 1000
	fmt.Sscan(os.Getenv("MCDC_RANDOM"), &nrand)
	opts := testgen.Options{Steps: 1_000_000, Timeout: 5 * time.Second}
	type tot struct{ conds, pairs, imp, unk, rand, randOK, tests, used, bound, multi, atBound int }
	totals := map[Form]*tot{Masking: {}, UniqueCause: {}}
	var times = map[Form]time.Duration{}
	fmt.Printf("%-20s %-22s %-5s %5s %5s %5s %5s %6s %5s %9s %5s %8s\n", "file", "function", "form", "conds", "pairs", "impos", "unkn", "random", "suite", "used/N+1", "multi", "time")
	for _, file := range files {
		u, err := frontend.Load(file, frontend.Options{Conditions: true})
		if err != nil {
			fmt.Printf("%s: %v\n", file, err)
			continue
		}
		for _, fn := range u.Functions() {
			for _, form := range []Form{Masking, UniqueCause} {
				p, err := u.Lower(fn)
				if err != nil {
					continue
				}
				start := time.Now()
				r, err := Cover(p, Options{Criterion: MCDC, Form: form, Gen: opts})
				el := time.Since(start)
				if err != nil {
					fmt.Printf("%s %s: %v\n", file, fn, err)
					continue
				}
				var c tot
				for _, d := range r.Decisions {
					if len(d.Conditions) > 1 {
						c.multi++
					}
					for _, cd := range d.Conditions {
						c.conds++
						switch cd.Status {
						case testgen.Covered:
							c.pairs++
						case testgen.Unreachable:
							c.imp++
						default:
							c.unk++
						}
					}
					if d.Bound > 0 {
						c.used += d.SuiteTests
						c.bound += d.Bound
						if d.SuiteTests <= d.Bound {
							c.atBound++
						}
					}
				}
				c.tests = len(r.Tests)
				if c.conds == 0 {
					continue
				}
				// random inputs on the program as lowered
				rnd := "n/a"
				fresh, _ := u.Lower(fn)
				if drv, err := cdriver.New(fresh, fn, cdriver.Options{PtrArrayLen: 4, PtrDepth: 3, StubCalls: 8}); err == nil {
					rng := rand.New(rand.NewSource(int64(len(fn))*7919 + 1))
					var traces [][]interp.Step
					for i := 0; i < nrand; i++ {
						in, _, _ := drv.Inputs(drv.RandomCase(rng))
						res, err := interp.Run(fresh, fn, in, interp.Config{PtrArrayLen: 4, PtrDepth: 3, MaxSteps: 100_000, MaxDepth: 200})
						if err == nil && res.Outcome == interp.Returned {
							traces = append(traces, res.Trace)
						}
					}
					m := Measure(fresh, form, traces)
					shown, _ := m.Count()
					for _, d := range r.Decisions {
						for _, cd := range d.Conditions {
							if m.Shown[CondID(cd.Leaf)] && cd.Status != testgen.Covered {
								// a pair random inputs show: never
								// "impossible"; unknown is a miss
								fmt.Printf("  random inputs show a pair for %s %q, inka: %s %s\n", CondID(cd.Leaf), cd.Leaf.Text, cd.Status, cd.Reason)
								if cd.Status == testgen.Unreachable {
									t.Errorf("%s: claimed impossible, random inputs show a pair", CondID(cd.Leaf))
								}
							}
						}
					}
					c.rand, c.randOK = shown, 1
					rnd = fmt.Sprint(shown)
				}
				fmt.Printf("%-20s %-22s %-5s %5d %5d %5d %5d %6s %5d %4d/%-4d %5d %8s\n", filepath.Base(file), fn, form[:4], c.conds, c.pairs, c.imp, c.unk, rnd, c.tests, c.used, c.bound, c.multi, el.Round(time.Millisecond))
				T := totals[form]
				T.conds += c.conds
				T.pairs += c.pairs
				T.imp += c.imp
				T.unk += c.unk
				T.tests += c.tests
				T.bound += c.bound
				T.used += c.used
				T.atBound += c.atBound
				T.multi += c.multi
				if c.randOK > 0 {
					T.rand += c.rand
					T.randOK += c.conds
				}
				times[form] += el
			}
		}
	}
	forms := []Form{Masking, UniqueCause}
	sort.Slice(forms, func(i, j int) bool { return forms[i] < forms[j] })
	for _, f := range forms {
		T := totals[f]
		fmt.Printf("TOTAL %-12s conditions %d: pairs %d, impossible (proved) %d, unknown %d; random inputs: pairs for %d of the %d conditions they could run; suites %d tests; the decisions' pairs use %d tests against a sum of N+1 bounds of %d (%d decisions at or under their bound); decisions of 2+ conditions %d; time %s\n",
			f, T.conds, T.pairs, T.imp, T.unk, T.rand, T.randOK, T.tests, T.used, T.bound, T.atBound, T.multi, times[f].Round(time.Millisecond))
	}
}
