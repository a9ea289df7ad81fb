package report

import (
	"bytes"
	"encoding/json"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/interp"
	"github.com/inka-tool/inka/ir"
	"github.com/inka-tool/inka/testgen"
)

func coverRun(t *testing.T, file, fn string) *Run {
	t.Helper()
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower(fn)
	require.NoError(t, err)
	g, err := testgen.NewGenerator(p, testgen.Options{})
	require.NoError(t, err)
	cov := g.Cover(testgen.AllDecisions, time.Minute)
	return FromCover(file, fn, testgen.AllDecisions, []*testgen.Coverage{cov})
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// TestJSONSchema holds the field names of the inka/v1 output against the
// schema of design.md: other tools read them, so they never change.
func TestJSONSchema(t *testing.T) {
	run := coverRun(t, "../testdata/paper/trityp.c", "trityp")
	var buf bytes.Buffer
	require.NoError(t, WriteJSON(&buf, run))
	var obj map[string]any
	require.NoError(t, json.Unmarshal(buf.Bytes(), &obj))
	assert.Equal(t, []string{"criterion", "file", "function", "goals", "schema", "stats", "tests"}, keys(obj))
	assert.Equal(t, "inka/v1", obj["schema"])
	assert.Equal(t, "all-decisions", obj["criterion"])

	goals := obj["goals"].([]any)
	require.Len(t, goals, 26)
	statuses := map[string]int{}
	for _, g := range goals {
		g := g.(map[string]any)
		statuses[g["status"].(string)]++
		for _, k := range []string{"id", "kind", "line", "column", "condition", "outcome", "status"} {
			assert.Contains(t, g, k)
		}
		switch g["status"] {
		case "covered":
			assert.Contains(t, g, "test")
		case "unreachable":
			assert.NotContains(t, g, "test")
			assert.Equal(t, float64(40), g["line"])
			assert.Equal(t, true, g["outcome"])
		}
		_, isBool := g["outcome"].(bool)
		assert.True(t, isBool, "two-way outcomes are JSON booleans")
	}
	assert.Equal(t, map[string]int{"covered": 25, "unreachable": 1}, statuses)

	for _, tc := range obj["tests"].([]any) {
		tc := tc.(map[string]any)
		for _, k := range []string{"id", "args", "globals", "objects", "stubs", "return", "covers"} {
			assert.Contains(t, tc, k)
		}
		assert.Equal(t, []string{"i", "j", "k"}, keys(tc["args"].(map[string]any)))
	}
	stats := obj["stats"].(map[string]any)
	for _, k := range []string{"time_ms", "constraints", "prunings", "nodes", "failures"} {
		assert.Contains(t, stats, k)
	}
	assert.Greater(t, stats["constraints"].(float64), float64(0))
}

// TestJSONValue: integers are numbers when a double holds them exactly,
// decimal strings otherwise; NULL is null.
func TestJSONValue(t *testing.T) {
	cases := []struct {
		v    interp.Val
		want string
	}{
		{interp.IntVal(ir.IntType, -5), "-5"},
		{interp.IntVal(ir.LongType, 1<<53), "9007199254740992"},
		{interp.IntVal(ir.LongType, 1<<53+1), `"9007199254740993"`},
		{interp.IntVal(ir.LongType, -1<<63), `"-9223372036854775808"`},
		{interp.UintVal(ir.ULongType, 1<<64-1), `"18446744073709551615"`},
		{interp.IntVal(ir.PointerTo(ir.IntType), 0), "null"},
	}
	for _, c := range cases {
		b, err := json.Marshal(JSONValue(c.v))
		require.NoError(t, err)
		assert.Equal(t, c.want, string(b))
	}
}

// TestSARIF: unreachable and unknown goals are SARIF results with their
// source location; covered goals are not findings.
func TestSARIF(t *testing.T) {
	run := coverRun(t, "../testdata/paper/trityp.c", "trityp")
	var buf bytes.Buffer
	require.NoError(t, WriteSARIF(&buf, run))
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					Physical struct {
						Artifact struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	require.NoError(t, json.Unmarshal(buf.Bytes(), &log), buf.String())
	assert.Equal(t, "2.1.0", log.Version)
	require.Len(t, log.Runs, 1)
	require.Len(t, log.Runs[0].Results, 1)
	r := log.Runs[0].Results[0]
	assert.Equal(t, "inka/unreachable", r.RuleID)
	require.Len(t, r.Locations, 1)
	assert.Equal(t, 40, r.Locations[0].Physical.Region.StartLine)
	assert.Equal(t, "../testdata/paper/trityp.c", r.Locations[0].Physical.Artifact.URI)
}

// TestTextDeterministic: the text output is the same from run to run.
func TestTextDeterministic(t *testing.T) {
	var a, b bytes.Buffer
	ra := coverRun(t, "../testdata/paper/trityp.c", "trityp")
	rb := coverRun(t, "../testdata/paper/trityp.c", "trityp")
	ra.Stats, rb.Stats = Stats{}, Stats{}
	WriteText(&a, ra)
	WriteText(&b, rb)
	assert.Equal(t, a.String(), b.String())
	assert.Contains(t, a.String(), "26 goals: 25 covered, 1 unreachable, 0 unknown")
}

// TestNaturalOrder: the leaves of an input object are listed in index
// order, as a person reads them; other text keeps its order.
func TestNaturalOrder(t *testing.T) {
	m := map[string]any{}
	for _, k := range []string{"line[10]", "line[2]", "line[1]", "line[0]", "line[100]", "b.x", "a[3].v", "a[12].v", "a[3].next"} {
		m[k] = 1
	}
	got := ordered{m: m}.sortedKeys()
	want := []string{"a[3].next", "a[3].v", "a[12].v", "b.x", "line[0]", "line[1]", "line[2]", "line[10]", "line[100]"}
	assert.Equal(t, want, got)
	assert.True(t, naturalLess("x9", "x10"))
	assert.False(t, naturalLess("x10", "x9"))
	assert.True(t, naturalLess("x01", "x001")) // same value, fewer zeros first
	assert.False(t, naturalLess("x1", "x1"))
	assert.True(t, naturalLess("x1", "x1a"))
}
