package lsp

import "encoding/json"

// The part of the Language Server Protocol (3.17) the server speaks: the
// types of its messages, with the protocol's field names. Positions are
// zero-based lines and characters, a character counted in UTF-16 code
// units (the protocol's default encoding).

// Position is a place in a document.
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is a span of a document, End excluded.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// The severities of a diagnostic.
const (
	SeverityError       = 1
	SeverityWarning     = 2
	SeverityInformation = 3
	SeverityHint        = 4
)

// TagUnnecessary marks unused or unreachable code: editors fade it.
const TagUnnecessary = 1

// Diagnostic is a message about a range of a document.
type Diagnostic struct {
	Range    Range  `json:"range"`
	Severity int    `json:"severity"`
	Code     string `json:"code,omitempty"`
	Source   string `json:"source"`
	Message  string `json:"message"`
	Tags     []int  `json:"tags,omitempty"`
	// Data carries, for a goal's diagnostic, the goal's reach target: a
	// client sends it back in the code action request.
	Data *GoalRef `json:"data,omitempty"`
}

// GoalRef names a decision outcome for reach: the function, the line
// (one-based, as inka says it) and the outcome's text.
type GoalRef struct {
	Function string `json:"function"`
	Line     int    `json:"line"`
	Outcome  string `json:"outcome"`
	// Condition is the decision's text, for the action's title.
	Condition string `json:"condition,omitempty"`
}

// PublishDiagnosticsParams are the diagnostics of a document, all of them:
// each notification replaces the previous ones.
type PublishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// TextDocumentIdentifier names a document by its URI.
type TextDocumentIdentifier struct {
	URI string `json:"uri"`
}

// TextDocumentItem is an opened document with its text.
type TextDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int    `json:"version"`
	Text       string `json:"text"`
}

// DidOpenTextDocumentParams are the params of textDocument/didOpen.
type DidOpenTextDocumentParams struct {
	TextDocument TextDocumentItem `json:"textDocument"`
}

// DidSaveTextDocumentParams are the params of textDocument/didSave (with
// the text when the server asked for it: it does not).
type DidSaveTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Text         *string                `json:"text,omitempty"`
}

// DidCloseTextDocumentParams are the params of textDocument/didClose.
type DidCloseTextDocumentParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
}

// CodeActionParams ask for the actions on a range, with the diagnostics
// the client shows there.
type CodeActionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
	Context      struct {
		Diagnostics []Diagnostic `json:"diagnostics"`
	} `json:"context"`
}

// Command is a command the client asks the server to execute
// (workspace/executeCommand) when the user picks the action.
type Command struct {
	Title     string `json:"title"`
	Command   string `json:"command"`
	Arguments []any  `json:"arguments,omitempty"`
}

// CodeAction is an action offered on a range. The server's actions edit
// nothing: they carry a command.
type CodeAction struct {
	Title       string       `json:"title"`
	Kind        string       `json:"kind,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics,omitempty"`
	Command     *Command     `json:"command,omitempty"`
}

// ExecuteCommandParams are the params of workspace/executeCommand.
type ExecuteCommandParams struct {
	Command   string            `json:"command"`
	Arguments []json.RawMessage `json:"arguments"`
}

// ShowMessageParams are a message for the user (window/showMessage).
type ShowMessageParams struct {
	Type    int    `json:"type"` // 1 error, 2 warning, 3 info, 4 log
	Message string `json:"message"`
}

// The message types of window/showMessage.
const (
	MessageError = 1
	MessageInfo  = 3
)
