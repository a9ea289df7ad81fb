package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/testgen"
)

// Random testing of trityp: the outcomes it covers are inka's goals
// (the ids a script compares), never one inka proves unreachable; the
// same seed covers the same; a file that does not parse gives status 2.
func TestRandomTrityp(t *testing.T) {
	const file = "../../testdata/paper/trityp.c"
	args := []string{"-time", "0", "-runs", "2000", "-seed", "7", file}
	var out, errs bytes.Buffer
	require.Equal(t, 0, run(args, &out, &errs), errs.String())
	var r result
	require.NoError(t, json.Unmarshal(out.Bytes(), &r))
	assert.Equal(t, "trityp", r.Function)
	assert.Equal(t, 2000, r.Runs)
	assert.Empty(t, r.Error)
	require.NotEmpty(t, r.Covered)

	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower("trityp")
	require.NoError(t, err)
	g, err := testgen.NewGenerator(p, testgen.Options{})
	require.NoError(t, err)
	status := map[string]testgen.Status{}
	for _, gs := range g.Cover(testgen.AllDecisions, 0).Goals {
		status[gs.Goal.ID()] = gs.Status
	}
	// The decisions' outcomes are goals of all-decisions; the outcomes of
	// the conditions of && and || (ids naming the operator) are recorded
	// too, for the condition criteria.
	decisions := 0
	for _, id := range r.Covered {
		s, ok := status[id]
		if !ok {
			assert.True(t, strings.Contains(id, ":&&:") || strings.Contains(id, ":||:"), "%s is neither a goal nor a condition", id)
			continue
		}
		decisions++
		assert.NotEqual(t, testgen.Unreachable, s, "%s is proved unreachable", id)
	}
	assert.Greater(t, decisions, len(status)/2, "random testing covers most of trityp's outcomes")

	var again bytes.Buffer
	require.Equal(t, 0, run(args, &again, &errs))
	assert.Equal(t, out.String(), again.String(), "the same seed, the same runs")

	errs.Reset()
	assert.Equal(t, 2, run([]string{"-runs", "1", "no-such-file.c"}, &out, &errs))
	assert.Contains(t, errs.String(), "no-such-file.c")
	assert.Equal(t, 2, run([]string{"-time", "0", file}, &out, &errs), "-time 0 and no -runs: no run at all")
	assert.Equal(t, 2, run([]string{"-runs", "1"}, &out, &errs), "no file")
	assert.Equal(t, 2, run([]string{"-runs", "x", file}, &out, &errs))
}
