package main

import (
	"bytes"
	"encoding/json"
	"os"
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

// With -goals, a function's runs stop once they have covered every goal
// of the function that the run does not prove unreachable: a run whose
// only open goal is trityp's first outcome stops after a few runs, with
// that goal covered; a goal no run covers keeps them going to -runs.
func TestRandomGoalsStop(t *testing.T) {
	const file = "../../testdata/paper/trityp.c"
	dir := t.TempDir()
	write := func(name string, goals ...string) string {
		var gs []map[string]string
		for i := 0; i+1 < len(goals); i += 2 {
			gs = append(gs, map[string]string{"id": goals[i], "function": "trityp", "status": goals[i+1]})
		}
		data, err := json.Marshal(map[string]any{"goals": gs})
		require.NoError(t, err)
		path := dir + "/" + name
		require.NoError(t, os.WriteFile(path, data, 0o644))
		return path
	}
	var out, errs bytes.Buffer
	require.Equal(t, 0, run([]string{"-time", "0", "-runs", "2000", file}, &out, &errs), errs.String())
	var all result
	require.NoError(t, json.Unmarshal(out.Bytes(), &all))
	require.NotEmpty(t, all.Covered)
	first := all.Covered[0]

	one := write("one.json", first, "covered", "trityp.c:1:1:true", "unreachable")
	out.Reset()
	require.Equal(t, 0, run([]string{"-time", "0", "-runs", "2000", "-goals", one, file}, &out, &errs), errs.String())
	var r result
	require.NoError(t, json.Unmarshal(out.Bytes(), &r))
	assert.Less(t, r.Runs, 2000, "stopped once its one open goal was covered")
	assert.Contains(t, r.Covered, first)

	never := write("never.json", first, "covered", "trityp.c:1:1:true", "unknown")
	out.Reset()
	require.Equal(t, 0, run([]string{"-time", "0", "-runs", "2000", "-goals", never, file}, &out, &errs), errs.String())
	require.NoError(t, json.Unmarshal(out.Bytes(), &r))
	assert.Equal(t, 2000, r.Runs, "an open goal no run covers: every run is made")

	assert.Equal(t, 2, run([]string{"-runs", "1", "-goals", dir + "/missing.json", file}, &out, &errs))
}

// The buffers behind pointer inputs have one of the lengths of -lens per
// run: adler32's 16-byte block loop (checksum.c:34, len >= 16) needs a
// buffer of 16 bytes, which runs on buffers of 4 never have (reading past
// their end is undefined, no test).
func TestRandomLengths(t *testing.T) {
	const file = "../../testdata/memory/checksum.c"
	const block = file + ":34:12:true"
	covers := func(lens string) []string {
		var out, errs bytes.Buffer
		require.Equal(t, 0, run([]string{"-time", "0", "-runs", "3000", "-lens", lens, file}, &out, &errs), errs.String())
		var r result
		require.NoError(t, json.NewDecoder(&out).Decode(&r))
		require.Equal(t, "adler32", r.Function)
		return r.Covered
	}
	assert.Contains(t, covers("4,16,64"), block)
	assert.NotContains(t, covers("4"), block)
	var out, errs bytes.Buffer
	assert.Equal(t, 2, run([]string{"-runs", "1", "-lens", "4,x", file}, &out, &errs))
}

// A failing allocation is an input of a run, as of an inka test: list_build's
// out-of-memory branch (list.c:16, !nd) is covered.
func TestRandomAllocFail(t *testing.T) {
	const file = "../../testdata/heap/list.c"
	var out, errs bytes.Buffer
	require.Equal(t, 0, run([]string{"-time", "0", "-runs", "500", file}, &out, &errs), errs.String())
	var r result
	require.NoError(t, json.NewDecoder(&out).Decode(&r))
	require.Equal(t, "list_build", r.Function)
	assert.Contains(t, r.Covered, file+":16:13:true")
	assert.Contains(t, r.Covered, file+":16:13:false")
}

// Runs count as inka's cover counts them: a run that exits covers nothing
// (guard_exit's x > 1000), one that fails an assertion covers only that
// assertion's false outcome (guard_assert's assert, not the x == y + 1
// that led to it).
func TestRandomStops(t *testing.T) {
	const file = "../../testdata/user/stops.c"
	var out, errs bytes.Buffer
	require.Equal(t, 0, run([]string{"-time", "0", "-runs", "5000", file}, &out, &errs), errs.String())
	dec := json.NewDecoder(&out)
	covered := map[string][]string{}
	for dec.More() {
		var r result
		require.NoError(t, dec.Decode(&r))
		covered[r.Function] = r.Covered
	}
	assert.Contains(t, covered["guard_exit"], file+":10:9:false")
	assert.NotContains(t, covered["guard_exit"], file+":10:9:true", "every run that takes it exits")
	assert.Contains(t, covered["guard_assert"], file+":20:16:false", "the assertion fails")
	assert.NotContains(t, covered["guard_assert"], file+":19:9:true", "taken only by runs whose assertion then fails")
}
