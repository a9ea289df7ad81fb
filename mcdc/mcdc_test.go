package mcdc

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/internal/cdriver"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/testgen"
)

var (
	drvOpts = cdriver.Options{PtrArrayLen: 4, PtrDepth: 3, StubCalls: 8}
	runCfg  = interp.Config{PtrArrayLen: 4, PtrDepth: 3, MaxSteps: 100_000, MaxDepth: 200}
	genOpts = testgen.Options{Steps: 2_000_000}
)

// TestPrograms runs both forms of MC/DC and condition coverage on the
// guard and mode logic of testdata/mcdc, and checks every answer
// independently of how it was found: each test of a pair is replayed on
// the program as the front end lowers it (not instrumented) and its
// evaluations must be the pair's, of the right form; gcc, running the
// same tests with a probe on every condition, must see the same
// evaluations; and where the inputs are small enough to enumerate, the
// set of every input's evaluations must give exactly the pairs found
// (every pair claimed impossible has none, every other has one).
func TestPrograms(t *testing.T) {
	files, _ := filepath.Glob("../testdata/mcdc/*.c")
	require.NotEmpty(t, files)
	_, gccErr := exec.LookPath("gcc")
	exhaustive := 0
	for _, file := range files {
		u, err := frontend.Load(file, frontend.Options{Conditions: true})
		require.NoError(t, err)
		var drivers []*cdriver.Driver
		for _, fn := range u.Functions() {
			p, err := u.Lower(fn)
			require.NoError(t, err)
			require.NoError(t, ir.SanityCheck(p))
			d, err := cdriver.New(p, fn, drvOpts)
			require.NoError(t, err)
			drivers = append(drivers, d)
		}
		var bin *cdriver.Binary
		if gccErr == nil {
			src, err := os.ReadFile(file)
			require.NoError(t, err)
			bin, err = cdriver.Build(t.TempDir(), src, u.Path(), drivers)
			require.NoError(t, err)
		}
		for _, drv := range drivers {
			fn := drv.Func.Name
			for _, d := range drv.Skipped {
				t.Errorf("%s: condition not probed: %s", fn, d)
			}
			var truth map[Form]*Measured
			if bits(drv) <= 17 {
				truth = enumerate(t, drv)
				exhaustive++
			}
			for _, form := range []Form{Masking, UniqueCause} {
				p, err := u.Lower(fn)
				require.NoError(t, err)
				r, err := Cover(p, Options{Criterion: MCDC, Form: form, Gen: genOpts})
				require.NoError(t, err)
				got := replay(t, drv, r)
				if bin != nil {
					agreeWithGCC(t, bin, drv, r)
				}
				checkPairs(t, fn, form, r, got, truth[form])
			}
			p, err := u.Lower(fn)
			require.NoError(t, err)
			r, err := Cover(p, Options{Criterion: Condition, Gen: genOpts})
			require.NoError(t, err)
			checkConditions(t, drv, r, truth[Masking])
		}
	}
	assert.Positive(t, exhaustive, "no function small enough to enumerate")
}

// replay runs the tests of r on the program as lowered, and returns what
// they show.
func replay(t *testing.T, drv *cdriver.Driver, r *Result) *Measured {
	var traces [][]interp.Step
	for i, tc := range r.Tests {
		res, err := interp.Run(drv.Prog, drv.Func.Name, tc.Inputs, runCfg)
		require.NoError(t, err)
		require.Equal(t, interp.Returned, res.Outcome, "%s test %d", drv.Func.Name, i)
		traces = append(traces, res.Trace)
	}
	return Measure(drv.Prog, r.Form, traces)
}

// checkPairs holds the answers for one form against the replay of the
// suite and, when there is one, the exhaustive truth.
func checkPairs(t *testing.T, fn string, form Form, r *Result, got, truth *Measured) {
	for _, d := range r.Decisions {
		for i, c := range d.Conditions {
			id := CondID(c.Leaf)
			switch c.Status {
			case testgen.Covered:
				assert.True(t, got.Shown[id], "%s %s: c%d %q: the suite's replay shows no pair", fn, form, i+1, c.Leaf.Text)
				for k, v := range c.Vectors {
					assert.True(t, got.Reached[EvalID(d.Dec, v)], "%s %s: c%d: test %d does not take %s", fn, form, i+1, c.Pair[k], v)
				}
				assert.Equal(t, True, rune(c.Vectors[0].Conds[i]))
				assert.Equal(t, False, rune(c.Vectors[1].Conds[i]))
			case testgen.Unreachable:
				assert.NotEmpty(t, c.Reason)
			}
			if truth == nil {
				continue
			}
			if truth.Shown[id] {
				assert.Equal(t, testgen.Covered, c.Status, "%s %s: c%d %q: some input pair shows it: %s", fn, form, i+1, c.Leaf.Text, c.Reason)
			} else {
				assert.Equal(t, testgen.Unreachable, c.Status, "%s %s: c%d %q: no input pair shows it", fn, form, i+1, c.Leaf.Text)
			}
		}
		for _, e := range d.Evals {
			if truth != nil && e.Status == testgen.Unreachable {
				assert.False(t, truth.Reached[EvalID(d.Dec, e.Vector)], "%s: evaluation %s claimed impossible, an input takes it", fn, e.Vector)
			}
		}
		if d.Bound > 0 {
			assert.LessOrEqual(t, d.SuiteTests, 2*(d.Bound-1), "%s: more tests than two per pair", fn)
		}
	}
}

// checkConditions: every condition outcome claimed covered is taken by
// the replay of the test named.
func checkConditions(t *testing.T, drv *cdriver.Driver, r *Result, truth *Measured) {
	for _, d := range r.Decisions {
		for _, c := range d.Conditions {
			for o, g := range c.Outcomes {
				if truth != nil {
					assert.Equal(t, truth.Taken[c.Leaf.ID(o)], g.Status == testgen.Covered, "%s: %s: %s %s", drv.Func.Name, c.Leaf.ID(o), g.Status, g.Reason)
				}
				if g.Status != testgen.Covered {
					assert.NotEqual(t, testgen.Unknown, g.Status, "%s: %s: %s", drv.Func.Name, c.Leaf.ID(o), g.Reason)
					continue
				}
				res, err := interp.Run(drv.Prog, drv.Func.Name, r.Tests[g.Test].Inputs, runCfg)
				require.NoError(t, err)
				found := false
				for _, s := range res.Trace {
					found = found || (s.Dec.ID(s.Outcome) == c.Leaf.ID(o))
				}
				assert.True(t, found, "%s: test %d does not take %s", drv.Func.Name, g.Test, c.Leaf.ID(o))
			}
		}
	}
}

// agreeWithGCC runs the tests of r compiled by gcc, with a probe on every
// condition, and compares the evaluations with the interpreter's.
func agreeWithGCC(t *testing.T, bin *cdriver.Binary, drv *cdriver.Driver, r *Result) {
	var cases []cdriver.Case
	for i, tc := range r.Tests {
		c, why := drv.CaseOf(tc.Inputs, nil, nil)
		require.Empty(t, why, "test %d", i)
		cases = append(cases, c)
	}
	outs, err := bin.Run(drv, cases)
	require.NoError(t, err)
	_, refs := decisions(drv.Prog)
	for i, out := range outs {
		require.Equal(t, "ok", out.Status, out.Raw)
		var tr []interp.Step
		for _, s := range out.Trace {
			tr = append(tr, interp.Step{Dec: s.Dec, Outcome: s.Outcome})
		}
		res, err := interp.Run(drv.Prog, drv.Func.Name, r.Tests[i].Inputs, runCfg)
		require.NoError(t, err)
		want := evaluations(res.Trace, refs)
		gotGCC := evaluations(tr, refs)
		for d, vs := range want {
			assert.Equal(t, vs, gotGCC[d], "%s test %d: decision %s: gcc's evaluations", drv.Func.Name, i, d.d.Text)
		}
		assert.Equal(t, len(want), len(gotGCC))
	}
}

// bits returns the number of input bits of a driver's function.
func bits(drv *cdriver.Driver) int {
	n := 0
	for _, l := range drv.Leaves {
		if l.Type.Kind == ir.Bool {
			n++
		} else {
			n += l.Type.Bits()
		}
	}
	return n
}

// enumerate runs every input of a small function and returns what all of
// them show, for each form.
func enumerate(t *testing.T, drv *cdriver.Driver) map[Form]*Measured {
	var traces [][]interp.Step
	vals := make([]uint64, len(drv.Leaves))
	var rec func(i int)
	rec = func(i int) {
		if i == len(drv.Leaves) {
			in, _, _ := drv.Inputs(cdriver.Case{Leaves: append([]uint64(nil), vals...)})
			res, err := interp.Run(drv.Prog, drv.Func.Name, in, runCfg)
			require.NoError(t, err)
			if res.Outcome == interp.Returned {
				traces = append(traces, res.Trace)
			}
			return
		}
		n := uint64(1) << drv.Leaves[i].Type.Bits()
		if drv.Leaves[i].Type.Kind == ir.Bool {
			n = 2
		}
		for v := uint64(0); v < n; v++ {
			vals[i] = ir.Truncate(drv.Leaves[i].Type, v)
			rec(i + 1)
		}
	}
	rec(0)
	return map[Form]*Measured{
		Masking:     Measure(drv.Prog, Masking, traces),
		UniqueCause: Measure(drv.Prog, UniqueCause, traces),
	}
}
