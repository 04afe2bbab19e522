// Package kerneltest runs a kael kernel in-process and drives it with a
// small Jupyter client of its own, for the tests of packages that plug an
// engine into the kernel (such as kernel/langeval). The client does its own
// framing and HMAC signing, independent of package kernel's, so that it
// checks the kernel rather than sharing its code.
package kerneltest

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"

	"github.com/kael-dev/kael/kernel"
)

// Timeout bounds every wait of the client.
const Timeout = 10 * time.Second

// Start runs a kernel with cfg on free ports of 127.0.0.1 until the test
// ends, with its history in a temporary directory unless cfg sets one.
func Start(t testing.TB, cfg kernel.Config) kernel.ConnectionInfo {
	t.Helper()
	info, err := kernel.LocalConnection()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "kernel.json")
	if err := info.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	if cfg.Logger == nil { // warnings and errors go to the test log
		cfg.Logger = slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	if cfg.HistoryPath == "" {
		cfg.HistoryPath = filepath.Join(t.TempDir(), "history.jsonl")
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- kernel.Run(ctx, path, cfg) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(Timeout):
			t.Error("kernel did not stop")
		}
	})
	return info
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSuffix(string(p), "\n"))
	return len(p), nil
}

// Msg is a message the client received.
type Msg struct {
	Type    string         // header.msg_type
	Parent  string         // parent_header.msg_id
	Content map[string]any // decoded content
}

// Client is a Jupyter client with DEALERs for shell and control and a SUB
// for IOPub.
type Client struct {
	t       testing.TB
	key     []byte
	session string
	shell   zmq4.Socket
	control zmq4.Socket
	iopub   zmq4.Socket

	mu      sync.Mutex
	replies map[string]Msg   // shell replies by parent id
	outputs map[string][]Msg // IOPub messages by parent id
	idle    map[string]bool  // parents whose idle status arrived
	changed chan struct{}
}

// retries lets the client wait for a kernel that is still binding its
// ports, on a busy machine.
var retries = zmq4.WithDialerMaxRetries(int(Timeout / (250 * time.Millisecond)))

// Connect connects a client to the kernel of info and waits until IOPub
// delivers (a SUB socket misses what is published before it subscribed).
func Connect(t testing.TB, info kernel.ConnectionInfo) *Client {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	c := &Client{
		t: t, key: []byte(info.Key), session: newID(),
		shell:   zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity(newID())), retries),
		control: zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity(newID())), retries),
		iopub:   zmq4.NewSub(ctx, retries),
		replies: map[string]Msg{}, outputs: map[string][]Msg{}, idle: map[string]bool{}, changed: make(chan struct{}, 1),
	}
	t.Cleanup(func() {
		cancel()
		c.shell.Close()
		c.control.Close()
		c.iopub.Close()
	})
	if err := c.shell.Dial(fmt.Sprintf("tcp://%s:%d", info.IP, info.ShellPort)); err != nil {
		t.Fatal(err)
	}
	if err := c.control.Dial(fmt.Sprintf("tcp://%s:%d", info.IP, info.ControlPort)); err != nil {
		t.Fatal(err)
	}
	if err := c.iopub.Dial(fmt.Sprintf("tcp://%s:%d", info.IP, info.IOPubPort)); err != nil {
		t.Fatal(err)
	}
	if err := c.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	go c.readLoop(c.shell, true)
	go c.readLoop(c.control, true)
	go c.readLoop(c.iopub, false)
	for deadline := time.Now().Add(Timeout); ; {
		id := c.Send("kernel_info_request", map[string]any{})
		if c.waitIdle(id, 50*time.Millisecond) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("IOPub never delivered a status message")
		}
	}
	return c
}

func (c *Client) sign(parts ...[]byte) string {
	m := hmac.New(sha256.New, c.key)
	for _, p := range parts {
		m.Write(p)
	}
	return hex.EncodeToString(m.Sum(nil))
}

// Send sends a request on shell and returns its msg_id.
func (c *Client) Send(msgType string, content any) string {
	c.t.Helper()
	return c.send(c.shell, msgType, content)
}

func (c *Client) send(sock zmq4.Socket, msgType string, content any) string {
	c.t.Helper()
	header := c.Header(msgType)
	var h struct {
		MsgID string `json:"msg_id"`
	}
	_ = json.Unmarshal(header, &h)
	id := h.MsgID
	body, err := json.Marshal(content)
	if err != nil {
		c.t.Fatal(err)
	}
	frames := c.Signed(header, []byte("{}"), []byte("{}"), body)
	if err := sock.SendMulti(zmq4.NewMsgFrom(frames...)); err != nil {
		c.t.Fatal(err)
	}
	return id
}

func (c *Client) readLoop(sock zmq4.Socket, shell bool) {
	for {
		raw, err := sock.Recv()
		if err != nil {
			return
		}
		m, err := c.decode(raw.Frames)
		if err != nil {
			c.t.Errorf("kerneltest: bad message: %v", err)
			continue
		}
		c.mu.Lock()
		switch {
		case shell:
			c.replies[m.Parent] = m
		default:
			c.outputs[m.Parent] = append(c.outputs[m.Parent], m)
			if m.Type == "status" && m.Content["execution_state"] == "idle" {
				c.idle[m.Parent] = true
			}
		}
		c.mu.Unlock()
		select {
		case c.changed <- struct{}{}:
		default:
		}
	}
}

func (c *Client) decode(frames [][]byte) (Msg, error) {
	i := 0
	for i < len(frames) && string(frames[i]) != "<IDS|MSG>" {
		i++
	}
	if len(frames) < i+6 {
		return Msg{}, fmt.Errorf("%d frames", len(frames))
	}
	f := frames[i+1:]
	if !hmac.Equal(f[0], []byte(c.sign(f[1:5]...))) {
		return Msg{}, fmt.Errorf("bad signature")
	}
	var header, parent struct {
		MsgID   string `json:"msg_id"`
		MsgType string `json:"msg_type"`
	}
	m := Msg{}
	if err := json.Unmarshal(f[1], &header); err != nil {
		return m, err
	}
	if err := json.Unmarshal(f[2], &parent); err != nil {
		return m, err
	}
	if err := json.Unmarshal(f[4], &m.Content); err != nil {
		return m, err
	}
	m.Type, m.Parent = header.MsgType, parent.MsgID
	return m, nil
}

// wait waits until done (called under the lock) holds.
func (c *Client) wait(limit time.Duration, done func() bool) bool {
	deadline := time.After(limit)
	for {
		c.mu.Lock()
		ok := done()
		c.mu.Unlock()
		if ok {
			return true
		}
		select {
		case <-c.changed:
		case <-time.After(5 * time.Millisecond):
		case <-deadline:
			return false
		}
	}
}

func (c *Client) waitIdle(id string, limit time.Duration) bool {
	return c.wait(limit, func() bool { return c.idle[id] })
}

// Request sends a shell request and returns its reply's content and the
// IOPub messages it caused, from busy to idle. The client then forgets
// them, so that a long run keeps nothing.
func (c *Client) Request(msgType string, content any) (map[string]any, []Msg) {
	c.t.Helper()
	return c.Reply(c.Send(msgType, content))
}

// Interrupt sends an interrupt_request on control and returns its reply.
func (c *Client) Interrupt() map[string]any {
	c.t.Helper()
	return c.Control("interrupt_request", map[string]any{})
}

// Control sends a request on control (interrupt_request,
// shutdown_request) and returns its reply's content.
func (c *Client) Control(msgType string, content any) map[string]any {
	c.t.Helper()
	id := c.send(c.control, msgType, content)
	if !c.wait(Timeout, func() bool { _, ok := c.replies[id]; return ok }) {
		c.t.Fatalf("no reply to %s", msgType)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	reply := c.replies[id]
	delete(c.replies, id)
	return reply.Content
}

// Started waits until IOPub has carried the execute_input of the request
// id, which the kernel publishes as the cell starts, and reports whether
// it came within Timeout.
func (c *Client) Started(id string) bool {
	return c.wait(Timeout, func() bool {
		for _, m := range c.outputs[id] {
			if m.Type == "execute_input" {
				return true
			}
		}
		return false
	})
}

// Signed returns the frames of a message made of parts (header, parent
// header, metadata, content, as given, valid or not) signed with the
// client's key: for tests that send what a client should not.
func (c *Client) Signed(parts ...[]byte) [][]byte {
	return append([][]byte{[]byte("<IDS|MSG>"), []byte(c.sign(parts...))}, parts...)
}

// Header returns the JSON header of a new request of msgType from this
// client.
func (c *Client) Header(msgType string) []byte {
	header, _ := json.Marshal(map[string]string{
		"msg_id": newID(), "username": "kerneltest", "session": c.session, "msg_type": msgType,
		"version": kernel.ProtocolVersion, "date": time.Now().UTC().Format(time.RFC3339Nano),
	})
	return header
}

// SendFrames sends frames, as they are, on shell.
func (c *Client) SendFrames(frames [][]byte) {
	c.t.Helper()
	if err := c.shell.SendMulti(zmq4.NewMsgFrom(frames...)); err != nil {
		c.t.Fatal(err)
	}
}

// Reply waits for the reply to the request id (which Send returned) and
// returns it with the IOPub messages the request caused, as Request does.
func (c *Client) Reply(id string) (map[string]any, []Msg) {
	c.t.Helper()
	if !c.wait(Timeout, func() bool { _, ok := c.replies[id]; return ok && c.idle[id] }) {
		c.t.Fatalf("no reply and idle status for request %s", id)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	reply, outputs := c.replies[id], c.outputs[id]
	delete(c.replies, id)
	delete(c.outputs, id)
	delete(c.idle, id)
	return reply.Content, outputs
}

// Execute runs code as a cell.
func (c *Client) Execute(code string) (map[string]any, []Msg) {
	c.t.Helper()
	return c.Request("execute_request", map[string]any{"code": code, "silent": false})
}

// OfType returns the contents of the messages of type msgType.
func OfType(msgs []Msg, msgType string) []map[string]any {
	var out []map[string]any
	for _, m := range msgs {
		if m.Type == msgType {
			out = append(out, m.Content)
		}
	}
	return out
}

func newID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}
