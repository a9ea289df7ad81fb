package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// MC/DC end to end: the criteria through the command, its JSON, text and
// SARIF. cruise_resume's second check is implied by its first (speed > 5
// whenever speed > 10): no pair exists for it nor for the override it
// guards, which the proofs say; the first condition has a pair.
func TestCoverMCDC(t *testing.T) {
	t.Chdir("../..")
	file := "testdata/mcdc/modes.c"
	for _, form := range []string{"masking", "unique-cause"} {
		r := runJSON(t, "cover", file, "--func", "cruise_resume", "--criterion", "mcdc", "--mcdc", form)
		assert.Equal(t, "mcdc", r.Criterion)
		assert.Equal(t, form, r.MCDCForm)
		require.Len(t, r.Decisions, 1)
		d := r.Decisions[0]
		assert.Equal(t, "c1 && (c2 || c3)", d.Expr)
		assert.Equal(t, "speed > 10 && (speed > 5 || override)", d.Text)
		require.Len(t, d.Conditions, 3)
		require.Len(t, r.Goals, 3)
		g := r.Goals[0]
		assert.Equal(t, "mcdc", g.Kind)
		assert.Equal(t, d.Conditions[0].ID+":mcdc", g.ID)
		assert.Equal(t, "covered", g.Status)
		require.Len(t, g.Pair, 2)
		assert.Equal(t, []string{"TT-->T", "F--->F"}, g.Vectors)
		for _, id := range g.Pair {
			assert.Less(t, id, len(r.Tests))
		}
		for _, g := range r.Goals[1:] {
			assert.Equal(t, "unreachable", g.Status, g.ID)
			assert.Contains(t, g.Reason, "(proved)")
		}
		assert.Equal(t, 2, d.SuiteTests)
		assert.Equal(t, 2, d.Bound)
	}

	// the condition criterion: every condition outcome a goal
	r := runJSON(t, "cover", file, "--func", "shift_unlock", "--criterion", "condition")
	require.Len(t, r.Goals, 8)
	// rpm > 60 is never true: it is tested only when rpm <= 40
	for _, g := range r.Goals {
		assert.Equal(t, "condition", g.Kind)
		if g.Condition == "rpm > 60" && g.Outcome == true {
			assert.Equal(t, "unreachable", g.Status)
		} else {
			assert.Equal(t, "covered", g.Status, g.ID)
		}
	}

	// the same run twice gives the same answers and tests
	a, _, _ := runCmd(t, "cover", file, "--criterion", "mcdc", "--format", "json")
	b, _, _ := runCmd(t, "cover", file, "--criterion", "mcdc", "--format", "json")
	times := regexp.MustCompile(`"time_ms": \d+`)
	assert.Equal(t, times.ReplaceAllString(a, ""), times.ReplaceAllString(b, ""))

	// text: the goals, then each decision with its pairs
	out, _, status2 := runCmd(t, "cover", file, "--func", "cruise_resume", "--criterion", "mcdc")
	require.Equal(t, 0, status2)
	assert.Contains(t, out, `decision testdata/mcdc/modes.c:24:6  "speed > 10 && (speed > 5 || override)"`)
	assert.Contains(t, out, `c1  "speed > 10"  covered: tests 0 and 1 (TT-->T, F--->F)`)

	// SARIF: the impossible pairs are warnings
	out, _, _ = runCmd(t, "cover", file, "--func", "cruise_resume", "--criterion", "mcdc", "--format", "sarif")
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID  string                `json:"ruleId"`
				Message struct{ Text string } `json:"message"`
			} `json:"results"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &log))
	require.Len(t, log.Runs[0].Results, 2)
	assert.Equal(t, "inka/unreachable", log.Runs[0].Results[0].RuleID)
	assert.Contains(t, log.Runs[0].Results[0].Message.Text, `MC/DC pair of condition "speed > 5"`)

	_, errs, st := runCmd(t, "cover", file, "--criterion", "mcdc", "--mcdc", "both")
	assert.Equal(t, 2, st)
	assert.Contains(t, errs, "unknown form of MC/DC")
}

// The harness of an MC/DC run: gcc, with a probe on every condition,
// takes every condition outcome the replay takes, as many times; the
// pairs are in a comment; a harness made again from the saved run is the
// same.
func TestHarnessMCDC(t *testing.T) {
	t.Chdir("../..")
	file := "testdata/mcdc/guard.c"
	tmp := t.TempDir()
	dir := filepath.Join(tmp, "h")
	js, errs, status := runCmd(t, "cover", file, "--criterion", "mcdc", "--format", "json", "--emit-harness", dir)
	require.Equal(t, exitOK, status, errs)
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "run.json"), []byte(js), 0o644))
	h, err := os.ReadFile(filepath.Join(dir, "harness.c"))
	require.NoError(t, err)
	assert.Contains(t, string(h), "MC/DC (masking): the pairs of tests that show each condition independent")
	assert.Contains(t, string(h), `c2 "dev > 100": unreachable`)
	d2 := filepath.Join(tmp, "from")
	_, errs, status = runCmd(t, "harness", file, "--from", filepath.Join(tmp, "run.json"), "-o", d2)
	require.Equal(t, exitOK, status, errs)
	h2, err := os.ReadFile(filepath.Join(d2, "harness.c"))
	require.NoError(t, err)
	assert.Equal(t, string(h), string(h2))

	out, errs, status := runCmd(t, "validate", dir, "--cc", "gcc", "--opt", "O0")
	require.Equal(t, exitOK, status, "%s%s", out, errs)
	assert.Contains(t, out, "no disagreement")
	var p1, p2, pna int
	i := strings.Index(out, "coverage: ")
	require.GreaterOrEqual(t, i, 0, out)
	_, err = fmt.Sscanf(out[i:], "coverage: probes confirm %d of %d claimed decision outcomes (%d not checkable", &p1, &p2, &pna)
	require.NoError(t, err, out)
	// every condition outcome of every test is claimed and confirmed
	assert.True(t, p1 == p2 && p1 > 40, out)
}
