package report

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/frontend"
	"github.com/inka-tool/inka/testgen"
)

// fieldsSrc reads a sensor through an undefined driver function (a stub
// that returns a value and stores one), a global threshold, the object
// behind a pointer, and asserts a bound a test can break.
const fieldsSrc = `#include <assert.h>
int read_sensor(int *out);
int threshold;
int check(int *cal, int scale)
{
    int v = 0;
    if (read_sensor(&v) != 0)
        return -1;
    v = v * scale + *cal;
    assert(v < threshold);
    return v;
}
`

// reachGoal answers the goal of check for which pick holds.
func reachGoal(t *testing.T, pick func(testgen.Goal) bool, all int) (string, *testgen.GoalResult) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "sensor.c")
	require.NoError(t, os.WriteFile(file, []byte(fieldsSrc), 0o644))
	u, err := frontend.Load(file, frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower("check")
	require.NoError(t, err)
	g, err := testgen.NewGenerator(p, testgen.Options{})
	require.NoError(t, err)
	for _, gl := range append(g.Decisions(), g.Assertions()...) {
		if pick(gl) {
			return file, g.Reach(gl, all)
		}
	}
	t.Fatal("no such goal")
	return "", nil
}

// TestReachFields: every field of an inka/v1 test, on a test that makes
// the assertion fail: arguments, globals, the object behind a pointer, the
// stub's calls (returned and stored values), where the run stops; the goal
// and the domains of `inka reach`.
func TestReachFields(t *testing.T) {
	file, r := reachGoal(t, func(g testgen.Goal) bool {
		return g.Dec.Kind.String() == "assert" && g.Dec.Outcomes[g.Outcome] == "false"
	}, 1)
	require.Equal(t, testgen.Covered, r.Status, r.Reason)
	run := FromReach(file, "check", r)
	var buf bytes.Buffer
	require.NoError(t, WriteJSON(&buf, run))
	var obj map[string]any
	require.NoError(t, json.Unmarshal(buf.Bytes(), &obj))
	assert.Equal(t, []string{"file", "function", "goals", "schema", "stats", "tests"}, keys(obj))
	assert.Equal(t, "check", obj["function"])

	goals := obj["goals"].([]any)
	require.Len(t, goals, 1)
	g := goals[0].(map[string]any)
	assert.Equal(t, "covered", g["status"])
	assert.Equal(t, false, g["outcome"])
	assert.Equal(t, float64(10), g["line"])
	assert.Equal(t, float64(0), g["test"])
	assert.Equal(t, "v < threshold", g["condition"])

	tests := obj["tests"].([]any)
	require.Len(t, tests, 1)
	tc := tests[0].(map[string]any)
	for _, k := range []string{"id", "args", "globals", "objects", "stubs", "covers", "stops"} {
		assert.Contains(t, tc, k)
	}
	assert.NotContains(t, tc, "return", "the run stops at the assertion")
	assert.Contains(t, tc["stops"], "sensor.c:10:")
	assert.Contains(t, tc["stops"], "assertion")
	assert.Contains(t, tc["args"], "scale")
	assert.Contains(t, tc["globals"], "threshold")
	assert.Contains(t, tc["objects"], "cal[0]")
	calls := tc["stubs"].(map[string]any)["read_sensor"].([]any)
	require.Len(t, calls, 1)
	call := calls[0].(map[string]any)
	assert.Equal(t, float64(0), call["return"], "the branch that goes on")
	assert.Contains(t, call, "write", "what the stub stores through its argument")
	assert.NotEmpty(t, tc["covers"])

	var text bytes.Buffer
	WriteText(&text, run)
	out := text.String()
	assert.Contains(t, out, "read_sensor returns 0 (storing ")
	assert.Contains(t, out, "-> "+tc["stops"].(string))
	assert.Contains(t, out, "1 goals: 1 covered, 0 unreachable, 0 unknown; 1 tests")
}

// TestReachAll: `inka reach --all N` lists distinct tests, each with its
// return value; the goal names the first.
func TestReachAll(t *testing.T) {
	file, r := reachGoal(t, func(g testgen.Goal) bool {
		return g.Dec.Kind.String() == "if" && g.Dec.Outcomes[g.Outcome] == "true"
	}, 3)
	require.Equal(t, testgen.Covered, r.Status, r.Reason)
	run := FromReach(file, "check", r)
	require.Len(t, run.Tests, 3)
	for i, tc := range run.Tests {
		assert.Equal(t, i, tc.ID)
		assert.Equal(t, "-1", strings.TrimSpace(toString(tc.Return)), "the early return")
	}
	require.NotNil(t, run.Goals[0].Test)
	assert.Equal(t, 0, *run.Goals[0].Test)
}

func toString(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestDomains: the domains propagation alone leaves, in both forms
// (lh98 of the paper: reaching h > 100 needs h in 8..9).
func TestDomains(t *testing.T) {
	u, err := frontend.Load("../testdata/paper/lh98.c", frontend.Options{})
	require.NoError(t, err)
	p, err := u.Lower("lh98")
	require.NoError(t, err)
	g, err := testgen.NewGenerator(p, testgen.Options{})
	require.NoError(t, err)
	var r *testgen.GoalResult
	for _, gl := range g.Decisions() {
		if gl.Dec.Pos.Line == 20 && gl.Dec.Outcomes[gl.Outcome] == "true" {
			r = g.Reach(gl, 1)
		}
	}
	require.NotNil(t, r)
	run := FromReach("lh98.c", "lh98", r)
	assert.Equal(t, map[string]string{"h": "8..9"}, run.Domains)
	var text bytes.Buffer
	WriteText(&text, run)
	assert.Contains(t, text.String(), "domains after propagation: h in 8..9\n")
}

// TestFailed: a run that answers nothing is still one inka/v1 object, with
// the error.
func TestFailed(t *testing.T) {
	run := Failed("x.c", "f", "x.c:3:1: unsupported: goto *p")
	var buf bytes.Buffer
	require.NoError(t, WriteJSON(&buf, run))
	var obj map[string]any
	require.NoError(t, json.Unmarshal(buf.Bytes(), &obj))
	assert.Equal(t, "inka/v1", obj["schema"])
	assert.Equal(t, "x.c:3:1: unsupported: goto *p", obj["error"])
	assert.Equal(t, []any{}, obj["goals"])
	assert.Equal(t, []any{}, obj["tests"])
}
