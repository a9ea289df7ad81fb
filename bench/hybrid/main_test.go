package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/testgen"
)

// The three arms on trityp: none covers a goal inka proves unreachable,
// the full run covers at least what its pre-pass does, and the times are
// ordered as the arms' tests were found.
func TestMeasureTrityp(t *testing.T) {
	const file = "../../testdata/paper/trityp.c"
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	r, err := measure(u, "trityp", 100*time.Millisecond, 1)
	require.NoError(t, err)

	p, err := u.Lower("trityp")
	require.NoError(t, err)
	g, err := testgen.NewGenerator(p, testgen.Options{})
	require.NoError(t, err)
	cov := g.Cover(testgen.AllDecisions, 0)
	unreachable := 0
	for _, gs := range cov.Goals {
		if gs.Status == testgen.Unreachable {
			unreachable++
		}
	}
	assert.Equal(t, len(cov.Goals), r.goals)
	for name, a := range map[string]arm{"random": r.random, "prepass": r.prepass, "inka": r.all} {
		assert.LessOrEqual(t, a.covered, r.goals-unreachable, "%s covers no unreachable goal", name)
		require.Len(t, a.at, a.covered, name)
		if a.covered > 0 {
			assert.Equal(t, a.at[a.covered-1], a.last, name)
			d, lo, hi, ok := a.reach(a.covered)
			assert.True(t, ok, name)
			assert.Equal(t, a.last, d, name)
			assert.LessOrEqual(t, lo, d, name)
			assert.LessOrEqual(t, d, hi, name)
		}
		_, _, _, ok := a.reach(a.covered + 1)
		assert.False(t, ok, name)
	}
	assert.GreaterOrEqual(t, r.all.covered, r.prepass.covered, "the full run starts with the pre-pass")
	assert.Greater(t, r.random.covered, 0)

	var s summary
	s.add(r)
	s.add(row{fn: "worse", goals: 2, random: mkArm(1, 2), all: mkArm(5)})
	assert.Equal(t, 2, s.funcs)
	assert.Equal(t, 1, s.below, "the second row is below random")
	var out bytes.Buffer
	s.print(&out)
	assert.Contains(t, out.String(), "inka below random on 1 functions")
}

// mkArm is an arm measured once, covering an outcome at each time given.
func mkArm(at ...time.Duration) arm {
	return arm{covered: len(at), at: at, lo: at, hi: at, last: at[len(at)-1], reps: 1}
}

// Sooner, later or a tie: by the ranges of the repetitions, not their
// medians alone.
func TestCompare(t *testing.T) {
	ranged := func(lo, at, hi time.Duration) arm {
		return arm{covered: 1, at: []time.Duration{at}, lo: []time.Duration{lo}, hi: []time.Duration{hi}, last: at}
	}
	random := ranged(100, 120, 150)
	assert.Equal(t, sooner, row{random: random, all: ranged(50, 60, 99)}.compare())
	assert.Equal(t, tie, row{random: random, all: ranged(50, 60, 100)}.compare(), "the ranges meet")
	assert.Equal(t, tie, row{random: random, all: ranged(130, 140, 200)}.compare(), "a median later, within the noise")
	assert.Equal(t, later, row{random: random, all: ranged(151, 160, 170)}.compare())
	assert.Equal(t, never, row{random: random, all: arm{}}.compare())
	assert.Equal(t, tie, row{random: arm{}, all: arm{}}.compare(), "nothing to reach")
	runs := []arm{mkArm(3, 9), mkArm(1, 5), mkArm(2, 7)}
	a := combine(runs)
	assert.Equal(t, []time.Duration{2, 7}, a.at, "the medians")
	assert.Equal(t, []time.Duration{1, 5}, a.lo)
	assert.Equal(t, []time.Duration{3, 9}, a.hi)
	assert.Equal(t, time.Duration(7), a.last)
	assert.Equal(t, 3, a.reps)
	a = combine([]arm{mkArm(3), mkArm(1), mkArm(2), mkArm(50), mkArm(4)})
	assert.Equal(t, []time.Duration{3}, a.at)
	assert.Equal(t, []time.Duration{2}, a.lo, "the fastest of five left out")
	assert.Equal(t, []time.Duration{4}, a.hi, "the slowest of five left out")
}

func TestRun(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run([]string{"-random", "50ms", "-match", "^trityp$", "../../testdata/paper/trityp.c", "no-such-file.c"}, &out))
	assert.True(t, strings.Contains(out.String(), "function goals random"), out.String())
	assert.Contains(t, out.String(), "trityp")
	assert.Contains(t, out.String(), "no-such-file.c: ")
	assert.Contains(t, out.String(), "1 functions, ")
	assert.Error(t, run([]string{"-match", "("}, &out), "a bad regular expression")
	assert.Equal(t, "a", firstLine("a\nb"))
	assert.Equal(t, "12.00ms", ms(12*time.Millisecond))
	assert.Equal(t, "0.41ms", ms(410*time.Microsecond))
}
