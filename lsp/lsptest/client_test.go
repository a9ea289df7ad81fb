package lsptest

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// errExited is what the fake server returns on exit.
var errExited = errors.New("exited")

// fakeServer is a server written against the protocol's framing by hand
// (not package lsp), whose behaviour each method names:
//
//	echo          responds with the request's params
//	noteFirst     sends the notification "note", then responds
//	ping (notif.) sends the notification "pong"
//	respond (n.)  sends a response with id 7 though nothing asked
//	wrongID       responds with another id
//	badLength     sends a header whose Content-Length is no number
//	notJSON       sends a framed body that is not JSON
//	raw           responds with the raw body it received, as a string
//	exit (notif.) returns errExited
//
// It checks the client's framing: every body is Content-Length long and
// a JSON-RPC 2.0 message (a raw body only has the length checked).
func fakeServer(in io.Reader, out io.Writer) error {
	r := bufio.NewReader(in)
	tp := textproto.NewReader(r)
	write := func(m map[string]any) {
		m["jsonrpc"] = "2.0"
		b, _ := json.Marshal(m)
		fmt.Fprintf(out, "Content-Length: %d\r\n\r\n%s", len(b), b)
	}
	for {
		h, err := tp.ReadMIMEHeader()
		if err != nil {
			return err
		}
		n, err := strconv.Atoi(h.Get("Content-Length"))
		if err != nil {
			return fmt.Errorf("client sent Content-Length %q", h.Get("Content-Length"))
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(r, body); err != nil {
			return err
		}
		var m struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Method  string          `json:"method"`
			Params  json.RawMessage `json:"params"`
		}
		if err := json.Unmarshal(body, &m); err != nil {
			write(map[string]any{"id": 1, "result": "raw:" + string(body)})
			continue
		}
		if m.JSONRPC != "2.0" {
			return fmt.Errorf("client sent jsonrpc %q", m.JSONRPC)
		}
		switch m.Method {
		case "echo":
			write(map[string]any{"id": m.ID, "result": m.Params})
		case "noteFirst":
			write(map[string]any{"method": "note", "params": map[string]int{"n": 1}})
			write(map[string]any{"id": m.ID, "result": nil})
		case "ping":
			write(map[string]any{"method": "pong", "params": m.Params})
		case "respond":
			write(map[string]any{"id": 7, "result": nil})
		case "wrongID":
			write(map[string]any{"id": 1000, "result": nil})
		case "badLength":
			fmt.Fprintf(out, "Content-Length: many\r\n\r\n{}")
		case "notJSON":
			fmt.Fprintf(out, "Content-Length: 5\r\n\r\nhello")
		case "exit":
			return errExited
		default:
			write(map[string]any{"id": m.ID, "error": map[string]any{"code": -32601, "message": "no method " + m.Method}})
		}
	}
}

func TestRequestsAndNotifications(t *testing.T) {
	c := Start(fakeServer)
	m, err := c.Request("echo", map[string]int{"x": 3})
	require.NoError(t, err)
	assert.Equal(t, "1", string(m.ID))
	assert.JSONEq(t, `{"x": 3}`, string(m.Result))
	assert.Empty(t, c.Notifications)

	// A notification before the response is kept, in order.
	m, err = c.Request("noteFirst", nil)
	require.NoError(t, err)
	assert.Equal(t, "2", string(m.ID))
	require.Len(t, c.Notifications, 1)
	assert.Equal(t, "note", c.Notifications[0].Method)
	assert.JSONEq(t, `{"n": 1}`, string(c.Notifications[0].Params))

	// An error response is a response (the caller reads m.Error).
	m, err = c.Request("nothing", nil)
	require.NoError(t, err)
	require.NotNil(t, m.Error)
	assert.Equal(t, -32601, m.Error.Code)
	assert.Equal(t, "no method nothing", m.Error.Message)

	require.NoError(t, c.Notify("ping", []int{1, 2}))
	n, err := c.WaitNotification("pong")
	require.NoError(t, err)
	assert.JSONEq(t, `[1, 2]`, string(n.Params))
	assert.Len(t, c.Notifications, 2)

	// A body sent as it is arrives as it is.
	require.NoError(t, c.SendRaw([]byte("{not json")))
	n, err = c.next()
	require.NoError(t, err)
	assert.Equal(t, `"raw:{not json"`, string(n.Result))

	assert.ErrorIs(t, c.Exit(), errExited)
}

func TestUnexpectedMessages(t *testing.T) {
	c := Start(fakeServer)
	_, err := c.Request("wrongID", nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "has id 1000, want 1")

	// A response while waiting for a notification.
	require.NoError(t, c.Notify("respond", nil))
	_, err = c.WaitNotification("pong")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "unexpected response 7 while waiting for pong")
	assert.ErrorIs(t, c.Exit(), errExited)
}

func TestBadFraming(t *testing.T) {
	for method, want := range map[string]string{
		"badLength": `bad Content-Length "many"`,
		"notJSON":   "not JSON: hello",
	} {
		c := Start(fakeServer)
		_, err := c.Request(method, nil)
		require.Error(t, err, method)
		assert.Contains(t, err.Error(), "the server's output ended: "+want, method)
		// The client reads nothing more once the framing broke.
		_, err = c.next()
		assert.Error(t, err, method)
		assert.ErrorIs(t, c.Exit(), errExited, method)
	}
}
