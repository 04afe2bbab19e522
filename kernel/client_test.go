package kernel

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

const waitTimeout = 10 * time.Second

// syncBuffer is a log destination that tests can read while the kernel
// writes to it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// testKernel is a kernel started with Run on a temporary connection file.
type testKernel struct {
	info    ConnectionInfo
	cfg     Config
	logs    *syncBuffer
	cancel  context.CancelFunc
	done    chan error
	engines chan *fakeEngine
}

func writeConnectionFile(t testing.TB, key string) (string, ConnectionInfo) {
	t.Helper()
	info, err := LocalConnection()
	if err != nil {
		t.Fatal(err)
	}
	info.Key = key
	path := filepath.Join(t.TempDir(), "kernel.json")
	if err := info.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	return path, info
}

// startKernel runs a kernel with the fake engine; configure may change its
// Config. The kernel stops when the test ends.
func startKernel(t testing.TB, configure func(*Config)) *testKernel {
	t.Helper()
	path, info := writeConnectionFile(t, newID())
	logs := &syncBuffer{}
	tk := &testKernel{info: info, logs: logs, done: make(chan error, 1), engines: make(chan *fakeEngine, 16)}
	tk.cfg = Config{
		NewEngine: func() Engine {
			e := newFakeEngine().(*fakeEngine)
			tk.engines <- e
			return e
		},
		Logger:      slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Version:     "0.1.0-test",
		HistoryPath: filepath.Join(t.TempDir(), "history.jsonl"),
	}
	if configure != nil {
		configure(&tk.cfg)
	}
	ctx, cancel := context.WithCancel(context.Background())
	tk.cancel = cancel
	go func() { tk.done <- Run(ctx, path, tk.cfg) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-tk.done:
		case <-time.After(waitTimeout):
			t.Error("kernel did not stop")
		}
		if t.Failed() {
			t.Logf("kernel log:\n%s", logs.String())
		}
	})
	return tk
}

// client is a minimal Jupyter client: DEALER sockets for shell, control and
// stdin sharing one identity, SUB for IOPub and REQ for the heartbeat.
type client struct {
	t        testing.TB
	signer   *signer
	session  string
	identity string // of the shell, control and stdin sockets
	cancel   context.CancelFunc

	shell, control, stdin, iopub, hb zmq4.Socket

	mu       sync.Mutex
	received map[string][]*Message // by channel name
	changed  chan struct{}
}

func connect(t testing.TB, info ConnectionInfo) *client {
	t.Helper()
	s, err := newSigner(info.SignatureScheme, info.Key)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	identity := newID()
	id := zmq4.WithID(zmq4.SocketIdentity(identity))
	c := &client{
		t: t, signer: s, session: newID(), identity: identity, cancel: cancel,
		shell:    zmq4.NewDealer(ctx, id),
		control:  zmq4.NewDealer(ctx, id),
		stdin:    zmq4.NewDealer(ctx, id),
		iopub:    zmq4.NewSub(ctx),
		hb:       zmq4.NewReq(ctx),
		received: map[string][]*Message{},
		changed:  make(chan struct{}, 1),
	}
	t.Cleanup(c.close)
	endpoint := func(port int) string {
		if info.Transport == "ipc" {
			return fmt.Sprintf("ipc://%s-%d", info.IP, port)
		}
		return fmt.Sprintf("tcp://%s:%d", info.IP, port)
	}
	for _, d := range []struct {
		sock zmq4.Socket
		port int
	}{{c.shell, info.ShellPort}, {c.control, info.ControlPort}, {c.stdin, info.StdinPort}, {c.iopub, info.IOPubPort}, {c.hb, info.HBPort}} {
		if err := d.sock.Dial(endpoint(d.port)); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	for name, sock := range map[string]zmq4.Socket{"shell": c.shell, "control": c.control, "stdin": c.stdin, "iopub": c.iopub} {
		go c.readLoop(name, sock)
	}
	c.waitForIOPub()
	return c
}

func (c *client) close() {
	c.cancel()
	for _, s := range []zmq4.Socket{c.shell, c.control, c.stdin, c.iopub, c.hb} {
		s.Close()
	}
}

func (c *client) readLoop(name string, sock zmq4.Socket) {
	for {
		raw, err := sock.Recv()
		if err != nil {
			return
		}
		m, err := decodeMessage(raw.Frames, c.signer)
		if err != nil {
			c.t.Errorf("client got a bad message on %s: %v", name, err)
			continue
		}
		c.mu.Lock()
		c.received[name] = append(c.received[name], m)
		c.mu.Unlock()
		select {
		case c.changed <- struct{}{}:
		default:
		}
	}
}

// waitForIOPub sends kernel_info requests until one's status arrives on
// IOPub: a SUB socket misses what is published before it has subscribed.
func (c *client) waitForIOPub() {
	deadline := time.Now().Add(waitTimeout)
	for time.Now().Before(deadline) {
		id := c.send("shell", "kernel_info_request", map[string]any{})
		if _, ok := c.find("iopub", 50*time.Millisecond, func(m *Message) bool {
			return parentID(m) == id && m.Header.MsgType == "status"
		}); ok {
			c.reply("shell", id)
			c.collect(id)
			return
		}
	}
	c.t.Fatal("IOPub never delivered a status message")
}

func (c *client) socket(channel string) zmq4.Socket {
	return map[string]zmq4.Socket{"shell": c.shell, "control": c.control, "stdin": c.stdin}[channel]
}

// newRequest builds a request without sending it.
func (c *client) newRequest(msgType string, content any) *Message {
	c.t.Helper()
	body, err := json.Marshal(content)
	if err != nil {
		c.t.Fatal(err)
	}
	return &Message{
		Header:  Header{MsgID: newID(), Username: "test", Session: c.session, Date: now(), MsgType: msgType, Version: ProtocolVersion},
		Content: body,
	}
}

// send sends a signed request and returns its msg_id.
func (c *client) send(channel, msgType string, content any) string {
	c.t.Helper()
	m := c.newRequest(msgType, content)
	frames, err := m.encode(c.signer)
	if err != nil {
		c.t.Fatal(err)
	}
	c.sendFrames(channel, frames)
	return m.Header.MsgID
}

func (c *client) sendFrames(channel string, frames [][]byte) {
	c.t.Helper()
	if err := c.socket(channel).SendMulti(zmq4.NewMsgFrom(frames...)); err != nil {
		c.t.Fatal(err)
	}
}

func parentID(m *Message) string {
	var h Header
	_ = json.Unmarshal(m.Parent, &h)
	return h.MsgID
}

// find waits up to timeout for a message on channel that match accepts.
func (c *client) find(channel string, timeout time.Duration, match func(*Message) bool) (*Message, bool) {
	deadline := time.After(timeout)
	for {
		c.mu.Lock()
		for _, m := range c.received[channel] {
			if match(m) {
				c.mu.Unlock()
				return m, true
			}
		}
		c.mu.Unlock()
		select {
		case <-c.changed:
		case <-time.After(5 * time.Millisecond):
		case <-deadline:
			return nil, false
		}
	}
}

// reply waits for the reply to request id on channel.
func (c *client) reply(channel, id string) *Message {
	c.t.Helper()
	m, ok := c.find(channel, waitTimeout, func(m *Message) bool { return parentID(m) == id })
	if !ok {
		c.t.Fatalf("no reply on %s to %s", channel, id)
	}
	return m
}

// collect waits for the idle status of request id and returns the IOPub
// messages of that request, in order, from busy to idle.
func (c *client) collect(id string) []*Message {
	c.t.Helper()
	_, ok := c.find("iopub", waitTimeout, func(m *Message) bool {
		return parentID(m) == id && m.Header.MsgType == "status" && state(m) == "idle"
	})
	if !ok {
		c.t.Fatalf("no idle status for %s", id)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*Message
	for _, m := range c.received["iopub"] {
		if parentID(m) == id {
			out = append(out, m)
		}
	}
	return out
}

func state(m *Message) string {
	var s struct {
		ExecutionState string `json:"execution_state"`
	}
	_ = json.Unmarshal(m.Content, &s)
	return s.ExecutionState
}

// request sends a request and returns its reply's content and the IOPub
// messages it caused.
func (c *client) request(channel, msgType string, content any) (map[string]any, []*Message) {
	c.t.Helper()
	id := c.send(channel, msgType, content)
	r := c.reply(channel, id)
	want, _ := replyType(msgType)
	if r.Header.MsgType != want {
		c.t.Fatalf("reply to %s is %s", msgType, r.Header.MsgType)
	}
	return contentOf(c.t, r), c.collect(id)
}

func (c *client) execute(code string) (map[string]any, []*Message) {
	c.t.Helper()
	return c.request("shell", "execute_request", map[string]any{"code": code})
}

func contentOf(t testing.TB, m *Message) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal(m.Content, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// types lists the msg_types of msgs, with the execution state of statuses.
func types(msgs []*Message) string {
	var s []string
	for _, m := range msgs {
		if m.Header.MsgType == "status" {
			s = append(s, "status:"+state(m))
			continue
		}
		s = append(s, m.Header.MsgType)
	}
	return strings.Join(s, " ")
}

// ofType returns the contents of the messages of type msgType.
func ofType(t testing.TB, msgs []*Message, msgType string) []map[string]any {
	var out []map[string]any
	for _, m := range msgs {
		if m.Header.MsgType == msgType {
			out = append(out, contentOf(t, m))
		}
	}
	return out
}
