package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/lsp"
	"github.com/inka-tool/inka/lsp/lsptest"
	"github.com/inka-tool/inka/report"
)

// TestLSP is an editor's session with inka's commands behind the server,
// on testdata/report/markup.c (its answers: see report's tests): the
// diagnostics of its unreachable and unknown outcomes, the code actions of
// line 22, and a test generated for one of its branches.
func TestLSP(t *testing.T) {
	t.Chdir("../..")
	path, err := filepath.Abs("testdata/report/markup.c")
	require.NoError(t, err)
	text, err := os.ReadFile(path)
	require.NoError(t, err)
	uri := "file://" + filepath.ToSlash(path)
	c := lsptest.Start(func(in io.Reader, out io.Writer) error {
		return lsp.Serve(commandAnalyzer{flags: []string{"--steps", "1000000"}}, in, out)
	})
	_, err = c.Request("initialize", map[string]any{"processId": nil, "capabilities": map[string]any{}})
	require.NoError(t, err)
	require.NoError(t, c.Notify("initialized", map[string]any{}))
	require.NoError(t, c.Notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "c", "version": 1, "text": string(text)}}))
	m, err := c.WaitNotification("textDocument/publishDiagnostics")
	require.NoError(t, err)
	var pd lsp.PublishDiagnosticsParams
	require.NoError(t, json.Unmarshal(m.Params, &pd))
	type seen struct {
		line, severity int
		code           string
	}
	var got []seen
	for _, d := range pd.Diagnostics {
		got = append(got, seen{d.Range.Start.Line + 1, d.Severity, d.Code})
		if d.Code == "unreachable" {
			assert.Equal(t, []int{lsp.TagUnnecessary}, d.Tags)
			assert.Equal(t, "proved unreachable: `kind == 1 && c != '<'` → true never happens (no input reaches it)", d.Message)
		}
	}
	// markup_weight's goals (lines 29 and 31, computed in double) are
	// covered: no diagnostic (lsp's own tests show an unknown's).
	assert.Equal(t, []seen{{22, lsp.SeverityHint, "unreachable"}}, got)

	resp, err := c.Request("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri},
		"range": lsp.Range{Start: lsp.Position{Line: 17}, End: lsp.Position{Line: 17, Character: 4}}, "context": map[string]any{"diagnostics": []any{}}})
	require.NoError(t, err)
	var actions []lsp.CodeAction
	require.NoError(t, json.Unmarshal(resp.Result, &actions))
	require.Len(t, actions, 2)
	assert.Equal(t, "inka: generate a test for this branch (`c == '<' && depth >= 0` → true, line 18; now covered)", actions[0].Title)

	resp, err = c.Request("workspace/executeCommand", map[string]any{"command": lsp.CommandGenerateTest, "arguments": actions[0].Command.Arguments})
	require.NoError(t, err)
	require.Nil(t, resp.Error)
	var r report.Run
	require.NoError(t, json.Unmarshal(resp.Result, &r))
	require.Len(t, r.Goals, 1)
	assert.Equal(t, "covered", r.Goals[0].Status)
	require.Len(t, r.Tests, 1)
	// c == '<' is the only way: the test's c is 60, replayed by inka
	assert.Equal(t, "60", fmt.Sprint(r.Tests[0].Args["c"]))
	last := c.Notifications[len(c.Notifications)-1]
	assert.Equal(t, "window/showMessage", last.Method)
	assert.Contains(t, string(last.Params), "c=60")

	_, err = c.Request("shutdown", nil)
	require.NoError(t, err)
	assert.NoError(t, c.Exit())

	_, errs, status := runCmd(t, "lsp", "--steps", "0")
	assert.Equal(t, exitUsage, status)
	assert.Contains(t, errs, "steps")
}
