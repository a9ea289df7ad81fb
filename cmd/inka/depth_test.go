package main

import (
	"encoding/json"
	"os"
	"path/filepath"
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
// deep. With the default 3 a list has at most three nodes: the goal
// behind n == 5 is unknown and its reason names the bound and the option,
// never unreachable; with --max-depth 5 it is covered, the JSON records
// the option, and the harness made from that JSON builds the five nodes
// (its tests pass with gcc).
func TestMaxDepth(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "list.c")
	require.NoError(t, os.WriteFile(file, []byte(listSrc), 0o644))

	out, errs, status := runCmd(t, "reach", file+":11:true", "--format", "json")
	require.Equal(t, 0, status, errs)
	var shallow struct {
		Goals []struct{ Status, Reason string }
	}
	require.NoError(t, json.Unmarshal([]byte(out), &shallow))
	require.Len(t, shallow.Goals, 1)
	assert.Equal(t, "unknown", shallow.Goals[0].Status)
	assert.Contains(t, shallow.Goals[0].Reason, "3 levels deep")
	assert.Contains(t, shallow.Goals[0].Reason, "--max-depth")

	out, errs, status = runCmd(t, "cover", file, "--max-depth", "5", "--format", "json")
	require.Equal(t, 0, status, errs)
	var deep struct {
		Goals   []struct{ Status string }
		Options struct {
			MaxDepth int `json:"max_depth"`
		}
	}
	require.NoError(t, json.Unmarshal([]byte(out), &deep))
	assert.Equal(t, 5, deep.Options.MaxDepth)
	for _, g := range deep.Goals {
		assert.Equal(t, "covered", g.Status)
	}
	run := filepath.Join(dir, "run.json")
	require.NoError(t, os.WriteFile(run, []byte(out), 0o644))
	hdir := filepath.Join(dir, "h")
	_, errs, status = runCmd(t, "harness", file, "--from", run, "-o", hdir)
	require.Equal(t, 0, status, errs)
	out, errs, status = runCmd(t, "validate", hdir, "--cc", "gcc", "--opt", "O0", "--no-coverage")
	require.Equal(t, 0, status, errs+out)
	assert.Contains(t, out, "0 failed")

	_, errs, status = runCmd(t, "cover", file, "--max-depth", "9")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errs, "max-depth")
}
