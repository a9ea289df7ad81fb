package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A list walk whose goal needs five nodes.
const listSrc = `
struct node { int key; struct node *next; };

int list_len(const struct node *p)
{
    int n = 0;
    while (p) {
        n++;
        p = p->next;
    }
    if (n == 5)
        return -1;
    return n;
}
`

// TestMaxDepth: the input objects behind pointers are --max-depth levels
// deep to start with (3), and a goal whose reason names the depth is
// answered again on deeper linked inputs, up to 8 levels: the goal behind
// n == 5 is covered by a test 5 levels deep, whose JSON says so and whose
// harness builds the five nodes (its tests pass with gcc). A goal that
// needs ten nodes stays unknown, naming the bound and the depths tried,
// never unreachable. --max-depth 5 starts deeper.
func TestMaxDepth(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "list.c")
	require.NoError(t, os.WriteFile(file, []byte(listSrc), 0o644))

	out, errs, status := runCmd(t, "reach", file+":11:true", "--format", "json")
	require.Equal(t, 0, status, errs)
	var grown struct {
		Goals []struct{ Status, Reason string }
		Tests []struct{ Depth int }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &grown))
	require.Len(t, grown.Goals, 1)
	assert.Equal(t, "covered", grown.Goals[0].Status)
	require.Len(t, grown.Tests, 1)
	assert.Equal(t, 5, grown.Tests[0].Depth)
	run := filepath.Join(dir, "run.json")
	require.NoError(t, os.WriteFile(run, []byte(out), 0o644))
	hdir := filepath.Join(dir, "h")
	_, errs, status = runCmd(t, "harness", file, "--from", run, "-o", hdir)
	require.Equal(t, 0, status, errs)
	out, errs, status = runCmd(t, "validate", hdir, "--cc", "gcc", "--opt", "O0", "--no-coverage")
	require.Equal(t, 0, status, errs+out)
	assert.Contains(t, out, "1 passed, 0 failed")

	ten := filepath.Join(dir, "ten.c")
	require.NoError(t, os.WriteFile(ten, []byte(strings.Replace(listSrc, "n == 5", "n == 10", 1)), 0o644))
	out, errs, status = runCmd(t, "reach", ten+":11:true", "--format", "json")
	require.Equal(t, 0, status, errs)
	require.NoError(t, json.Unmarshal([]byte(out), &grown))
	require.Len(t, grown.Goals, 1)
	assert.Equal(t, "unknown", grown.Goals[0].Status)
	assert.Contains(t, grown.Goals[0].Reason, "8 levels deep")
	assert.Contains(t, grown.Goals[0].Reason, "--max-depth")
	assert.Contains(t, grown.Goals[0].Reason, "up to 8 levels deep tried")

	out, errs, status = runCmd(t, "cover", file, "--max-depth", "5", "--format", "json")
	require.Equal(t, 0, status, errs)
	var deep struct {
		Goals   []struct{ Status string }
		Tests   []struct{ Depth int }
		Options struct {
			MaxDepth int `json:"max_depth"`
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &deep))
	assert.Equal(t, 5, deep.Options.MaxDepth)
	for _, g := range deep.Goals {
		assert.Equal(t, "covered", g.Status)
	}
	for _, tt := range deep.Tests {
		assert.Zero(t, tt.Depth, "5 levels are the run's own")
	}

	_, errs, status = runCmd(t, "cover", file, "--max-depth", "9")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errs, "max-depth")
}
