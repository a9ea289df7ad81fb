// Package lsp is inka's Language Server Protocol server: what an editor
// talks to, over the server's standard input and output, to show inka's
// answers where the code is.
//
// The protocol (microsoft.github.io/language-server-protocol, 3.17) is
// JSON-RPC 2.0 with each message framed by a Content-Length header
// (jsonrpc.go). A session goes: the client's initialize request, to which
// the server answers with its capabilities; the initialized notification;
// then notifications as the user opens, edits, saves and closes documents,
// and requests such as code actions; finally a shutdown request and an exit
// notification.
//
// The server:
//
//   - on textDocument/didOpen and didSave, covers the file (inka cover,
//     all decisions) and publishes its diagnostics: a decision outcome
//     proved unreachable is a hint tagged Unnecessary (editors fade it:
//     dead code, or a check that can never fire), an unknown one is
//     information with the reason, a function inka skips a warning, a file
//     it cannot read an error; covered outcomes say nothing;
//   - on textDocument/codeAction, offers for each decision outcome of the
//     lines of the range "generate a test for this branch": a command
//     (no edit) that the client sends back with workspace/executeCommand;
//     the server then runs inka reach on the outcome and shows its answer
//     (the test's inputs, or the proof, or the reason it is unknown) with
//     window/showMessage, and returns the inka/v1 run as the command's
//     result.
//
// Requests are answered one at a time, in order: a cover of the file on
// save delays the next answer by its time. The analysis itself is the
// Analyzer's (cmd/inka runs its commands); the server owns only the
// protocol and the mapping of answers to diagnostics.
package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/inka-tool/inka/report"
)

// Analyzer answers for the server.
type Analyzer interface {
	// Cover covers every function of the file at path (all decisions). A
	// file inka cannot read is a run with Error, not an error.
	Cover(path string) (*report.Run, error)
	// Reach looks for a test reaching one decision outcome.
	Reach(path string, goal GoalRef) (*report.Run, error)
}

// CommandGenerateTest is the command of the code action.
const CommandGenerateTest = "inka.generateTest"

// Server is one session with a client.
type Server struct {
	an       Analyzer
	out      *writer
	docs     map[string]*document // by URI
	shutdown bool
}

// document is an open document and inka's last answers on it.
type document struct {
	path  string
	lines []string
	run   *report.Run
}

// ErrNoShutdown is Serve's error when the client exits, or the stream
// ends, without a shutdown request first (the protocol's exit status 1).
var ErrNoShutdown = errors.New("lsp: exit without shutdown")

// Serve runs a session: it reads the client's messages from in and
// writes to out until the exit notification or the end of in.
func Serve(an Analyzer, in io.Reader, out io.Writer) error {
	s := &Server{an: an, out: &writer{w: out}, docs: map[string]*document{}}
	r := bufio.NewReader(in)
	for {
		m, err := readMessage(r)
		if errors.Is(err, io.EOF) {
			break
		}
		var re *rpcError
		if errors.As(err, &re) {
			// a body that is not JSON: say so, the stream is still framed
			if err := s.out.write(message{JSONRPC: "2.0", ID: json.RawMessage("null"), Error: re}); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		if m.Method == "exit" {
			break
		}
		if err := s.handle(m); err != nil {
			return err
		}
	}
	if !s.shutdown {
		return ErrNoShutdown
	}
	return nil
}

// handle answers one message; its error is the output's (the session
// cannot go on), the errors of a request go in its response.
func (s *Server) handle(m *message) error {
	if !m.isRequest() {
		s.notified(m)
		return nil
	}
	result, rerr := s.request(m)
	resp := message{JSONRPC: "2.0", ID: m.ID, Error: rerr}
	if rerr == nil {
		b, err := json.Marshal(result)
		if err != nil {
			resp.Error = &rpcError{Code: codeInternalError, Message: err.Error()}
		} else {
			resp.Result = b
		}
	}
	return s.out.write(resp)
}

// request answers a request.
func (s *Server) request(m *message) (any, *rpcError) {
	if s.shutdown {
		return nil, &rpcError{Code: codeInvalidRequest, Message: "the server is shut down"}
	}
	switch m.Method {
	case "initialize":
		return initializeResult(), nil
	case "shutdown":
		s.shutdown = true
		return nil, nil
	case "textDocument/codeAction":
		var p CodeActionParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, invalidParams(err)
		}
		return s.codeActions(p), nil
	case "workspace/executeCommand":
		var p ExecuteCommandParams
		if err := json.Unmarshal(m.Params, &p); err != nil {
			return nil, invalidParams(err)
		}
		return s.execute(p)
	}
	return nil, &rpcError{Code: codeMethodNotFound, Message: "method not supported: " + m.Method}
}

func invalidParams(err error) *rpcError {
	return &rpcError{Code: codeInvalidParams, Message: err.Error()}
}

func initializeResult() any {
	return map[string]any{
		"capabilities": map[string]any{
			// open and close, no changes (the file is covered as saved),
			// save without the text
			"textDocumentSync":       map[string]any{"openClose": true, "change": 0, "save": map[string]any{"includeText": false}},
			"codeActionProvider":     map[string]any{"codeActionKinds": []string{"quickfix"}},
			"executeCommandProvider": map[string]any{"commands": []string{CommandGenerateTest}},
		},
		"serverInfo": map[string]any{"name": "inka"},
	}
}

// notified acts on a notification; unknown ones are ignored, as the
// protocol says ($/cancelRequest among them: requests are answered at
// once).
func (s *Server) notified(m *message) {
	switch m.Method {
	case "textDocument/didOpen":
		var p DidOpenTextDocumentParams
		if json.Unmarshal(m.Params, &p) == nil {
			s.analyze(p.TextDocument.URI, &p.TextDocument.Text)
		}
	case "textDocument/didSave":
		var p DidSaveTextDocumentParams
		if json.Unmarshal(m.Params, &p) == nil {
			s.analyze(p.TextDocument.URI, p.Text)
		}
	case "textDocument/didClose":
		var p DidCloseTextDocumentParams
		if json.Unmarshal(m.Params, &p) == nil {
			delete(s.docs, p.TextDocument.URI)
			s.publish(p.TextDocument.URI, []Diagnostic{})
		}
	}
}

// analyze covers the file of a document and publishes its diagnostics.
// text is the document's text when the client sent it (the file on disk
// is what inka reads: the two agree on open and on save).
func (s *Server) analyze(uri string, text *string) {
	path, err := uriPath(uri)
	if err != nil {
		s.showMessage(MessageError, err.Error())
		return
	}
	if text == nil {
		b, err := os.ReadFile(path)
		if err != nil {
			s.showMessage(MessageError, fmt.Sprintf("inka: %v", err))
			return
		}
		t := string(b)
		text = &t
	}
	doc := &document{path: path, lines: strings.Split(*text, "\n")}
	s.docs[uri] = doc
	run, err := s.an.Cover(path)
	if err != nil {
		s.showMessage(MessageError, fmt.Sprintf("inka cover %s: %v", path, err))
		return
	}
	doc.run = run
	s.publish(uri, doc.diagnostics())
}

func (s *Server) publish(uri string, diags []Diagnostic) {
	s.notify("textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: uri, Diagnostics: diags})
}

func (s *Server) showMessage(typ int, msg string) {
	s.notify("window/showMessage", ShowMessageParams{Type: typ, Message: msg})
}

// notify sends a notification. A write that fails ends the session at
// the next response (the same writer fails again).
func (s *Server) notify(method string, params any) {
	b, err := json.Marshal(params)
	if err != nil {
		return
	}
	_ = s.out.write(message{JSONRPC: "2.0", Method: method, Params: b})
}

// uriPath returns the path of a file: URI.
func uriPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return "", fmt.Errorf("inka: not a file URI: %q", uri)
	}
	return filepath.FromSlash(u.Path), nil
}
