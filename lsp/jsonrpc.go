package lsp

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"strings"
	"sync"
)

// The base protocol: JSON-RPC 2.0 messages, each preceded by a header
// of "Name: value" lines ended by an empty line, as in HTTP. The only
// header that matters is Content-Length, the length of the JSON body in
// bytes (Content-Type, if sent, is always utf-8 JSON). A message with an
// id and a method is a request (it wants a response with the same id), one
// with a method and no id a notification (no response), one with an id
// and no method a response.

// message is any JSON-RPC 2.0 message: request, notification or response.
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// rpcError is the error of a response.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// The JSON-RPC error codes the server uses.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
)

func (e *rpcError) Error() string { return fmt.Sprintf("jsonrpc error %d: %s", e.Code, e.Message) }

// isRequest reports whether m wants a response.
func (m *message) isRequest() bool { return len(m.ID) > 0 && m.Method != "" }

// maxMessage bounds the body of a message: a header claiming more is an
// error, not an allocation.
const maxMessage = 64 << 20

// readMessage reads one framed message. io.EOF means the stream ended
// cleanly, between messages.
func readMessage(r *bufio.Reader) (*message, error) {
	tp := textproto.NewReader(r)
	h, err := tp.ReadMIMEHeader()
	if err != nil {
		if errors.Is(err, io.EOF) && len(h) == 0 {
			return nil, io.EOF
		}
		return nil, fmt.Errorf("reading a message header: %w", err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(h.Get("Content-Length")))
	if err != nil || n < 0 || n > maxMessage {
		return nil, fmt.Errorf("bad Content-Length %q", h.Get("Content-Length"))
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, fmt.Errorf("reading a message body of %d bytes: %w", n, err)
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, &rpcError{Code: codeParseError, Message: err.Error()}
	}
	return &m, nil
}

// writer writes framed messages; several goroutines may share it.
type writer struct {
	mu sync.Mutex
	w  io.Writer
}

// write frames v (a message) and writes it in one call.
func (w *writer) write(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encoding a message: %w", err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	_, err = fmt.Fprintf(w.w, "Content-Length: %d\r\n\r\n%s", len(body), body)
	return err
}
