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
			d, ok := a.reach(a.covered)
			assert.True(t, ok, name)
			assert.Equal(t, a.last, d, name)
		}
		_, ok := a.reach(a.covered + 1)
		assert.False(t, ok, name)
	}
	assert.GreaterOrEqual(t, r.all.covered, r.prepass.covered, "the full run starts with the pre-pass")
	assert.Greater(t, r.random.covered, 0)

	var s summary
	s.add(r)
	s.add(row{fn: "worse", goals: 2, random: arm{covered: 2, at: []time.Duration{1, 2}, last: 2}, all: arm{covered: 1, at: []time.Duration{5}, last: 5}})
	assert.Equal(t, 2, s.funcs)
	assert.Equal(t, 1, s.below, "the second row is below random")
	var out bytes.Buffer
	s.print(&out)
	assert.Contains(t, out.String(), "inka below random on 1 functions")
}

func TestRun(t *testing.T) {
	var out bytes.Buffer
	require.NoError(t, run([]string{"-random", "50ms", "-match", "^trityp$", "../../testdata/paper/trityp.c", "no-such-file.c"}, &out))
	assert.True(t, strings.Contains(out.String(), "function  goals  random"), out.String())
	assert.Contains(t, out.String(), "trityp")
	assert.Contains(t, out.String(), "no-such-file.c: ")
	assert.Contains(t, out.String(), "1 functions, ")
	assert.Error(t, run([]string{"-match", "("}, &out), "a bad regular expression")
	assert.Equal(t, "a", firstLine("a\nb"))
	assert.Equal(t, "12ms", ms(12*time.Millisecond))
}
