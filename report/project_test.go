package report

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/mcdc"
)

// A project of two functions of trityp.c (one Run each, appended as the
// project package does) and a file that failed: its summary, its JSON
// read back and written again byte for byte, its text.
func TestProjectAppendSummaryJSON(t *testing.T) {
	file := "../testdata/paper/trityp.c"
	whole := &Run{Schema: Schema, File: file, Goals: []Goal{}, Tests: []Test{}}
	parts := []*Run{coverRun(t, file, "trityp")}
	require.NotEmpty(t, parts[0].Tests)
	first := len(parts[0].Tests)
	// A function's run alone, twice: the second's tests are numbered after
	// the first's, and its goals point at the renumbered tests.
	again := coverRun(t, file, "trityp")
	whole.Append(parts[0])
	whole.Append(again)
	require.Len(t, whole.Tests, 2*first)
	for i, tc := range whole.Tests {
		assert.Equal(t, i, tc.ID, "tests numbered in order, from 0")
	}
	for _, g := range whole.Goals[len(parts[0].Goals):] {
		if g.Test != nil {
			assert.GreaterOrEqual(t, *g.Test, first, "%s points at the second part's tests", g.ID)
		}
	}
	failed := &Run{Schema: Schema, File: "broken.c", Error: "broken.c:3:1: syntax error", Goals: []Goal{}, Tests: []Test{}}
	p := &Project{Schema: Schema, Criterion: "all-decisions", Files: []*Run{whole, failed}, Shard: &Shard{Index: 1, Count: 2},
		Run: &RunInfo{WallMS: 1500, Jobs: 2, PeakRSSKB: 40 << 10, CacheHits: 1, CacheMisses: 1, FilesParsed: 1}}
	p.Finish(2)
	s := p.Summary
	assert.Equal(t, 2, s.Files)
	assert.Equal(t, 1, s.FilesFailed)
	assert.Equal(t, 2, s.Functions)
	assert.Equal(t, len(whole.Goals), s.Goals)
	assert.Equal(t, s.Goals, s.Covered+s.Unreachable+s.Unknown)
	assert.Equal(t, 2*first, s.Tests)
	assert.Equal(t, 2*parts[0].Stats.Steps, p.Stats.Steps, "the files' stats summed")

	var b1 bytes.Buffer
	require.NoError(t, WriteProjectJSON(&b1, p))
	var back Project
	require.NoError(t, json.Unmarshal(b1.Bytes(), &back))
	var b2 bytes.Buffer
	require.NoError(t, WriteProjectJSON(&b2, &back))
	assert.Equal(t, b1.String(), b2.String(), "a project read back writes the same text")

	var text bytes.Buffer
	WriteProjectText(&text, p)
	out := text.String()
	assert.Contains(t, out, "== "+file+"\n")
	assert.Contains(t, out, "== broken.c\nskipped: broken.c:3:1: syntax error\n")
	assert.Contains(t, out, "== project (shard 1/2): 2 files (1 failed), 2 functions (0 skipped);")
	assert.Contains(t, out, "; 1.5s wall, -j 2, peak RSS 40 MiB, cache 1 hits 1 misses, 1 files parsed\n")
}

// A test's args keep their order and their numbers their text through
// JSON (json.Number, not float64).
func TestTestJSONKeepsArgsAndNumbers(t *testing.T) {
	in := `{"id":3,"args":{"z":4294967295,"a":-1,"m":18446744073709551615},"globals":{},"objects":{},"stubs":{}}`
	var tc Test
	require.NoError(t, json.Unmarshal([]byte(in), &tc))
	assert.Equal(t, []string{"z", "a", "m"}, tc.argOrder)
	assert.Equal(t, json.Number("18446744073709551615"), tc.Args["m"])
	out, err := json.Marshal(&tc)
	require.NoError(t, err)
	assert.Contains(t, string(out), `"args":{"z":4294967295,"a":-1,"m":18446744073709551615}`)

	assert.Error(t, json.Unmarshal([]byte(`{"id":1,"args":[1,2]}`), &tc), "args must be an object")
	keys, err := objectKeys([]byte("null"))
	require.NoError(t, err)
	assert.Empty(t, keys)
}

func TestMapTests(t *testing.T) {
	one, two := 1, 2
	d := MCDCDecision{Evaluations: []MCDCEval{{Test: &one}, {Test: nil}, {Test: &two}}}
	m := d.MapTests(func(p *int) *int {
		if p == nil {
			return nil
		}
		v := *p + 10
		return &v
	})
	assert.Equal(t, 11, *m.Evaluations[0].Test)
	assert.Nil(t, m.Evaluations[1].Test)
	assert.Equal(t, 12, *m.Evaluations[2].Test)
	assert.Equal(t, 1, *d.Evaluations[0].Test, "the original is left as it was")
	assert.Nil(t, MCDCDecision{}.MapTests(nil).Evaluations)
}

// JUnit: the counts of the document and of each suite, the failure, error
// and skipped elements, times in seconds, and XML escaping.
func TestWriteJUnit(t *testing.T) {
	suites := []JUnitSuite{
		{Name: "build", Cases: []JUnitCase{
			{Class: "f", Name: "compile", Time: 1500 * time.Millisecond},
			{Class: "f", Name: "test 1", Failure: "returned 2, expected 1", Detail: "a < b && c", Out: "x\n"},
		}},
		{Name: "coverage", Cases: []JUnitCase{
			{Class: "g", Name: "probes", Error: "gcc failed"},
			{Class: "g", Name: "gcov", Skipped: "no gcov"},
		}},
	}
	var b bytes.Buffer
	require.NoError(t, WriteJUnit(&b, "inka validate", suites))
	out := b.String()
	assert.Contains(t, out, "a &lt; b &amp;&amp; c")
	var doc junitDoc
	require.NoError(t, xml.Unmarshal(b.Bytes(), &doc))
	assert.Equal(t, "inka validate", doc.Name)
	assert.Equal(t, []int{4, 1, 1, 1}, []int{doc.Tests, doc.Failures, doc.Errors, doc.Skipped})
	require.Len(t, doc.Suites, 2)
	assert.Equal(t, []int{2, 1, 0, 0}, []int{doc.Suites[0].Tests, doc.Suites[0].Failures, doc.Suites[0].Errors, doc.Suites[0].Skipped})
	assert.Equal(t, []int{2, 0, 1, 1}, []int{doc.Suites[1].Tests, doc.Suites[1].Failures, doc.Suites[1].Errors, doc.Suites[1].Skipped})
	c := doc.Suites[0].Cases
	assert.Equal(t, "1.500", c[0].Time)
	assert.Nil(t, c[0].Failure)
	require.NotNil(t, c[1].Failure)
	assert.Equal(t, "returned 2, expected 1", c[1].Failure.Message)
	assert.Equal(t, "a < b && c", c[1].Failure.Text)
	assert.Equal(t, "x\n", c[1].Out)
	assert.Equal(t, "gcc failed", doc.Suites[1].Cases[0].Error.Message)
	assert.Equal(t, "no gcov", doc.Suites[1].Cases[1].Skipped.Message)
}

func TestOutputBytes(t *testing.T) {
	// A test's output is a string of one character per byte (latin1):
	// Output gives the bytes back, high bytes included.
	b := []byte{'o', 'k', '\n', 0xff, 0x80, 0}
	assert.Equal(t, b, Output(latin1(string(b))))
}

// An MC/DC run's inka/v1: its decisions with their conditions and
// evaluations, pairs' goals, and the text form.
func TestFromMCDC(t *testing.T) {
	file, fn := "../testdata/mcdc/guard.c", "stall_warning"
	u, err := frontend.Load(file, frontend.Options{Conditions: true})
	require.NoError(t, err)
	p, err := u.Lower(fn)
	require.NoError(t, err)
	res, err := mcdc.Cover(p, mcdc.Options{Criterion: mcdc.MCDC, Form: mcdc.Masking})
	require.NoError(t, err)
	run := FromMCDC(file, fn, mcdc.MCDC, mcdc.Masking, []*mcdc.Result{res})
	assert.Equal(t, "mcdc", run.Criterion)
	require.NotEmpty(t, run.Decisions)
	require.NotEmpty(t, run.Goals)
	for _, g := range run.Goals {
		assert.Contains(t, []string{"covered", "unreachable", "unknown"}, g.Status, g.ID)
		if g.Status == "covered" && g.Pair != nil {
			for _, id := range g.Pair {
				assert.True(t, id >= 0 && id < len(run.Tests) && run.Tests[id].ID == id, "%s: pair test %d of %d", g.ID, id, len(run.Tests))
			}
		}
	}
	var text bytes.Buffer
	WriteText(&text, run)
	out := text.String()
	assert.Contains(t, out, `decision ../testdata/mcdc/guard.c:40:13  "!weight_on_wheels && (aoa_deg > 15 || (flaps && aoa_deg > 12))"`)
	assert.Contains(t, out, "c1 && (c2 || (c3 && c4))")
	// A pair of each condition covered, and a test of each of the pair's
	// evaluations: the text names as many tests as the run has.
	assert.Equal(t, len(run.Tests), strings.Count(out, "\ntest "), out)
}
