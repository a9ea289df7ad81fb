package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/inka-tool/inka/lsp/lsptest"
	"github.com/inka-tool/inka/report"
)

// fakeAnalyzer answers with fixed runs and records the reach targets.
type fakeAnalyzer struct {
	run     *report.Run
	reached []GoalRef
}

func (f *fakeAnalyzer) Cover(path string) (*report.Run, error) {
	r := *f.run
	r.File = path
	return &r, nil
}

func (f *fakeAnalyzer) Reach(path string, g GoalRef) (*report.Run, error) {
	f.reached = append(f.reached, g)
	if g.Outcome == "true" && g.Line == 4 {
		return nil, errors.New("boom")
	}
	zero := 0
	return &report.Run{Schema: report.Schema, File: path, Function: g.Function,
		Goals: []report.Goal{{ID: "x", Kind: "decision", Line: g.Line, Column: 9, Condition: g.Condition, Outcome: false, Status: "covered", Test: &zero}},
		Tests: []report.Test{{ID: 0, Args: map[string]any{"s": "&s0"}, Covers: []string{"x"}}}}, nil
}

// source has a non-ASCII character before a goal's column: positions
// are counted in UTF-16 units.
const source = `int check(const char *s)
{
	/* é */ if (s[0] == '<')
		return 1;
	if (s[0] < 0)
		return 2;
	return 0;
}
`

func fixture(t *testing.T) (uri string, an *fakeAnalyzer) {
	dir := t.TempDir()
	path := filepath.Join(dir, "check.c")
	require.NoError(t, os.WriteFile(path, []byte(source), 0o644))
	an = &fakeAnalyzer{run: &report.Run{Schema: report.Schema, Function: "",
		Functions: []report.FuncSpan{{Name: "check", Line: 1, EndLine: 8}, {Name: "half", Line: 10, EndLine: 12}},
		Goals: []report.Goal{
			{ID: "a", Function: "check", Kind: "decision", Line: 3, Column: 14, Condition: "s[0] == '<'", Outcome: true, Status: "covered"},
			{ID: "b", Function: "check", Kind: "decision", Line: 3, Column: 14, Condition: "s[0] == '<'", Outcome: false, Status: "covered"},
			{ID: "c", Function: "check", Kind: "decision", Line: 5, Column: 5, Condition: "s[0] < 0", Outcome: true, Status: "unknown", Reason: "budget exhausted"},
			{ID: "d", Function: "check", Kind: "decision", Line: 5, Column: 5, Condition: "s[0] < 0", Outcome: false, Status: "unreachable"},
		},
		Skipped: []report.Skipped{{Function: "half", Reason: "check.c:11:3: unsupported: floating-point value"}},
	}}
	return "file://" + filepath.ToSlash(path), an
}

func start(an Analyzer) *lsptest.Client {
	return lsptest.Start(func(in io.Reader, out io.Writer) error { return Serve(an, in, out) })
}

func decode[T any](t *testing.T, b json.RawMessage) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal(b, &v), "%s", b)
	return v
}

// TestSession is an editor's session: initialize, open (diagnostics),
// code actions on a line, the action's command, save, close, shutdown,
// exit.
func TestSession(t *testing.T) {
	uri, an := fixture(t)
	c := start(an)
	resp, err := c.Request("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}})
	require.NoError(t, err)
	init := decode[struct {
		Capabilities struct {
			TextDocumentSync struct {
				OpenClose bool `json:"openClose"`
				Save      struct {
					IncludeText bool `json:"includeText"`
				} `json:"save"`
			} `json:"textDocumentSync"`
			ExecuteCommandProvider struct {
				Commands []string `json:"commands"`
			} `json:"executeCommandProvider"`
		} `json:"capabilities"`
	}](t, resp.Result)
	assert.True(t, init.Capabilities.TextDocumentSync.OpenClose)
	assert.Equal(t, []string{CommandGenerateTest}, init.Capabilities.ExecuteCommandProvider.Commands)
	require.NoError(t, c.Notify("initialized", map[string]any{}))

	require.NoError(t, c.Notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "c", "version": 1, "text": source}}))
	m, err := c.WaitNotification("textDocument/publishDiagnostics")
	require.NoError(t, err)
	pd := decode[PublishDiagnosticsParams](t, m.Params)
	assert.Equal(t, uri, pd.URI)
	require.Len(t, pd.Diagnostics, 3)
	skipped, unknown, unr := pd.Diagnostics[0], pd.Diagnostics[1], pd.Diagnostics[2]
	assert.Equal(t, SeverityWarning, skipped.Severity)
	assert.Equal(t, "inka skips half: check.c:11:3: unsupported: floating-point value", skipped.Message)
	assert.Equal(t, SeverityInformation, unknown.Severity)
	assert.Equal(t, "not decided: `s[0] < 0` → true: budget exhausted", unknown.Message)
	assert.Empty(t, unknown.Tags)
	// line 5 is "\tif (s[0] < 0)": from column 5 (byte 4) to the end
	assert.Equal(t, Range{Start: Position{4, 4}, End: Position{4, 14}}, unknown.Range)
	assert.Equal(t, SeverityHint, unr.Severity)
	assert.Equal(t, []int{TagUnnecessary}, unr.Tags)
	assert.Equal(t, "proved unreachable: `s[0] < 0` → false never happens (no input reaches it)", unr.Message)
	assert.Equal(t, &GoalRef{Function: "check", Line: 5, Outcome: "false", Condition: "s[0] < 0"}, unr.Data)

	// Line 3 holds "é" (2 bytes, 1 UTF-16 unit) before the decision.
	resp, err = c.Request("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri},
		"range": Range{Start: Position{2, 0}, End: Position{2, 0}}, "context": map[string]any{"diagnostics": []any{}}})
	require.NoError(t, err)
	actions := decode[[]CodeAction](t, resp.Result)
	require.Len(t, actions, 2)
	assert.Equal(t, "inka: generate a test for this branch (`s[0] == '<'` → true, line 3; now covered)", actions[0].Title)
	assert.Equal(t, CommandGenerateTest, actions[0].Command.Command)

	// The action's command, as the client sends it back.
	args := actions[1].Command.Arguments
	resp, err = c.Request("workspace/executeCommand", map[string]any{"command": CommandGenerateTest, "arguments": args})
	require.NoError(t, err)
	require.Nil(t, resp.Error)
	ran := decode[report.Run](t, resp.Result)
	assert.Equal(t, "covered", ran.Goals[0].Status)
	require.NotEmpty(t, c.Notifications)
	shown := decode[ShowMessageParams](t, c.Notifications[len(c.Notifications)-1].Params)
	assert.Equal(t, MessageInfo, shown.Type)
	assert.Contains(t, shown.Message, ":3:false (check)\ncovered")
	assert.Contains(t, shown.Message, "test 0: s=&s0")
	assert.Equal(t, []GoalRef{{Function: "check", Line: 3, Outcome: "false", Condition: "s[0] == '<'"}}, an.reached)

	// The diagnostic's data names the same goal as the action on it.
	resp, err = c.Request("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri},
		"range": unr.Range, "context": map[string]any{"diagnostics": []Diagnostic{unr}}})
	require.NoError(t, err)
	actions = decode[[]CodeAction](t, resp.Result)
	require.Len(t, actions, 2)
	assert.Empty(t, actions[0].Diagnostics, "the unknown outcome's action")
	require.Len(t, actions[1].Diagnostics, 1)

	require.NoError(t, c.Notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}}))
	_, err = c.WaitNotification("textDocument/publishDiagnostics")
	require.NoError(t, err)
	require.NoError(t, c.Notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}}))
	m, err = c.WaitNotification("textDocument/publishDiagnostics")
	require.NoError(t, err)
	assert.Empty(t, decode[PublishDiagnosticsParams](t, m.Params).Diagnostics)

	resp, err = c.Request("shutdown", nil)
	require.NoError(t, err)
	assert.Equal(t, "null", string(resp.Result))
	resp, err = c.Request("textDocument/codeAction", map[string]any{})
	require.NoError(t, err)
	require.NotNil(t, resp.Error)
	assert.Equal(t, codeInvalidRequest, resp.Error.Code)
	assert.NoError(t, c.Exit())
}

// TestErrors: what the server says to requests it cannot answer, and an
// exit without shutdown.
func TestErrors(t *testing.T) {
	uri, an := fixture(t)
	c := start(an)
	resp, err := c.Request("textDocument/hover", map[string]any{})
	require.NoError(t, err)
	require.NotNil(t, resp.Error)
	assert.Equal(t, codeMethodNotFound, resp.Error.Code)

	require.NoError(t, c.SendRaw([]byte(`{"jsonrpc": "2.0", "id": 7, "method": `)))
	m, err := c.WaitNotification("none")
	require.Error(t, err, "a response, not a notification")
	require.NotNil(t, m.Error)
	assert.Equal(t, codeParseError, m.Error.Code)

	resp, err = c.Request("workspace/executeCommand", map[string]any{"command": "rm -rf", "arguments": []any{}})
	require.NoError(t, err)
	require.NotNil(t, resp.Error)
	assert.Equal(t, codeInvalidParams, resp.Error.Code)

	// reach fails: the user is told, the request fails
	require.NoError(t, c.Notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "c", "version": 1, "text": source}}))
	_, err = c.WaitNotification("textDocument/publishDiagnostics")
	require.NoError(t, err)
	resp, err = c.Request("workspace/executeCommand", map[string]any{"command": CommandGenerateTest,
		"arguments": []any{uri, GoalRef{Function: "check", Line: 4, Outcome: "true"}}})
	require.NoError(t, err)
	require.NotNil(t, resp.Error)
	assert.Equal(t, "boom", resp.Error.Message)

	assert.ErrorIs(t, c.Exit(), ErrNoShutdown)
}

// TestFraming reads messages as clients frame them.
func TestFraming(t *testing.T) {
	in := "Content-Length: 40\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" +
		`{"jsonrpc":"2.0","id":1,"method":"x"}   ` +
		"Content-Length: 3\r\n\r\n{}x"
	r := bufio.NewReader(strings.NewReader(in))
	m, err := readMessage(r)
	require.NoError(t, err)
	assert.Equal(t, "x", m.Method)
	assert.True(t, m.isRequest())
	_, err = readMessage(r)
	var re *rpcError
	assert.ErrorAs(t, err, &re, "a body that is not JSON") // "{}x"
	_, err = readMessage(r)
	assert.ErrorIs(t, err, io.EOF)

	_, err = readMessage(bufio.NewReader(strings.NewReader("Content-Length: 99999999999\r\n\r\n")))
	assert.ErrorContains(t, err, "bad Content-Length")
}
