// Package lsptest is a scripted Language Server Protocol client for tests:
// it runs a server on pipes, sends requests and notifications as an editor
// does, and collects what the server sends, with the protocol's framing
// checked on every message.
package lsptest

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"time"
)

// Message is a message from the server.
type Message struct {
	ID     json.RawMessage `json:"id,omitempty"`
	Method string          `json:"method,omitempty"`
	Params json.RawMessage `json:"params,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// Client talks to one server.
type Client struct {
	in      io.WriteCloser // to the server
	out     *bufio.Reader  // from the server
	msgs    chan Message
	readErr chan error
	done    chan error // the server's return
	ended   error      // why the server's output ended, once read
	nextID  int
	// Notifications are the server's notifications received so far, in
	// order.
	Notifications []Message
}

// Start runs serve (the server's loop) on pipes and returns a client
// talking to it.
func Start(serve func(in io.Reader, out io.Writer) error) *Client {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &Client{in: inW, out: bufio.NewReader(outR), msgs: make(chan Message, 64),
		readErr: make(chan error, 1), done: make(chan error, 1)}
	go func() {
		err := serve(inR, outW)
		outW.Close()
		c.done <- err
	}()
	go c.read()
	return c
}

// read decodes the server's messages into c.msgs.
func (c *Client) read() {
	tp := textproto.NewReader(c.out)
	for {
		h, err := tp.ReadMIMEHeader()
		if err != nil {
			c.readErr <- err
			close(c.msgs)
			return
		}
		n, err := strconv.Atoi(h.Get("Content-Length"))
		if err != nil {
			c.readErr <- fmt.Errorf("bad Content-Length %q", h.Get("Content-Length"))
			close(c.msgs)
			return
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(c.out, body); err != nil {
			c.readErr <- err
			close(c.msgs)
			return
		}
		var m Message
		if err := json.Unmarshal(body, &m); err != nil {
			c.readErr <- fmt.Errorf("not JSON: %s", body)
			close(c.msgs)
			return
		}
		c.msgs <- m
	}
}

// Timeout bounds each wait for the server: a guard against a hung test,
// far above what a response takes.
const Timeout = 2 * time.Minute

// send frames and writes a message.
func (c *Client) send(m map[string]any) error {
	m["jsonrpc"] = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return c.SendRaw(body)
}

// SendRaw frames and writes a body as it is (a test of bad input).
func (c *Client) SendRaw(body []byte) error {
	_, err := fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n%s", len(body), body)
	return err
}

// Notify sends a notification.
func (c *Client) Notify(method string, params any) error {
	return c.send(map[string]any{"method": method, "params": params})
}

// Request sends a request and waits for its response, keeping the
// notifications that come before it.
func (c *Client) Request(method string, params any) (Message, error) {
	c.nextID++
	id := c.nextID
	if err := c.send(map[string]any{"id": id, "method": method, "params": params}); err != nil {
		return Message{}, err
	}
	for {
		m, err := c.next()
		if err != nil {
			return Message{}, err
		}
		if m.Method != "" {
			c.Notifications = append(c.Notifications, m)
			continue
		}
		if string(m.ID) != strconv.Itoa(id) {
			return m, fmt.Errorf("response to %s has id %s, want %d", method, m.ID, id)
		}
		return m, nil
	}
}

// WaitNotification waits for the next notification of method, keeping it
// and those before it.
func (c *Client) WaitNotification(method string) (Message, error) {
	for {
		m, err := c.next()
		if err != nil {
			return Message{}, err
		}
		if m.Method == "" {
			return m, fmt.Errorf("unexpected response %s while waiting for %s", m.ID, method)
		}
		c.Notifications = append(c.Notifications, m)
		if m.Method == method {
			return m, nil
		}
	}
}

func (c *Client) next() (Message, error) {
	select {
	case m, ok := <-c.msgs:
		if !ok {
			if c.ended == nil { // the reader's one error, kept for every later call
				c.ended = <-c.readErr
			}
			return Message{}, fmt.Errorf("the server's output ended: %v", c.ended)
		}
		return m, nil
	case <-time.After(Timeout):
		return Message{}, fmt.Errorf("no message from the server in %v", Timeout)
	}
}

// Exit sends the exit notification, closes the server's input and
// returns what the server returned.
func (c *Client) Exit() error {
	if err := c.Notify("exit", nil); err != nil {
		return err
	}
	c.in.Close()
	select {
	case err := <-c.done:
		return err
	case <-time.After(Timeout):
		return fmt.Errorf("the server did not end in %v", Timeout)
	}
}
