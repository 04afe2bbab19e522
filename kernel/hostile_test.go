package kernel

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// Hostile peers, written by hand at the ZMTP level: each test shows that one
// peer misbehaving on 127.0.0.1 does not stop the kernel for a well-behaved
// client (issue 19, "Kernel transport").

// rawPeer is a hand-driven ZMTP 3 connection.
type rawPeer struct {
	t    *testing.T
	conn net.Conn
}

// dialRaw connects to port with a small receive buffer, so that a peer that
// does not read fills up quickly, and sends a greeting and READY command for
// sockType with identity (none if empty).
func dialRaw(t *testing.T, port int, sockType, identity string) *rawPeer {
	t.Helper()
	conn, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	if err := conn.(*net.TCPConn).SetReadBuffer(64 << 10); err != nil {
		t.Fatal(err)
	}
	p := &rawPeer{t: t, conn: conn}
	p.write(ourGreeting)
	props := map[string]string{"Socket-Type": sockType}
	if identity != "" {
		props["Identity"] = identity
	}
	p.write(readyCommand(props))
	return p
}

func readyCommand(props map[string]string) []byte {
	body := append([]byte{5}, "READY"...)
	for name, value := range props {
		body = append(body, byte(len(name)))
		body = append(body, name...)
		body = binary.BigEndian.AppendUint32(body, uint32(len(value)))
		body = append(body, value...)
	}
	return append([]byte{flagCommand, byte(len(body))}, body...)
}

func (p *rawPeer) write(b []byte) {
	p.t.Helper()
	_ = p.conn.SetWriteDeadline(time.Now().Add(waitTimeout))
	if _, err := p.conn.Write(b); err != nil {
		p.t.Fatal(err)
	}
}

// send writes one message of the given frames.
func (p *rawPeer) send(frames ...[]byte) {
	p.t.Helper()
	var b []byte
	for i, f := range frames {
		flags := byte(0)
		if i < len(frames)-1 {
			flags |= flagMore
		}
		if len(f) > 255 {
			b = append(b, flags|flagLong)
			b = binary.BigEndian.AppendUint64(b, uint64(len(f)))
		} else {
			b = append(b, flags, byte(len(f)))
		}
		b = append(b, f...)
	}
	p.write(b)
}

// readHandshake reads the kernel's greeting and READY command.
func (p *rawPeer) readHandshake() error {
	_ = p.conn.SetReadDeadline(time.Now().Add(waitTimeout))
	buf := make([]byte, greetingSize+2)
	if _, err := io.ReadFull(p.conn, buf); err != nil {
		return err
	}
	_, err := io.ReadFull(p.conn, make([]byte, buf[greetingSize+1]))
	return err
}

// closedByKernel reports whether the kernel closes the connection within
// waitTimeout, reading and discarding what it sends.
func (p *rawPeer) closedByKernel() bool {
	_ = p.conn.SetReadDeadline(time.Now().Add(waitTimeout))
	_, err := io.Copy(io.Discard, p.conn)
	return !errors.Is(err, os.ErrDeadlineExceeded)
}

// paddedRequest is like signedRequest with an extra header field of size
// bytes, which the kernel echoes in the reply's parent_header.
func paddedRequest(t *testing.T, c *client, msgType string, size int) ([][]byte, string) {
	t.Helper()
	m := c.newRequest(msgType, map[string]any{})
	header, err := json.Marshal(struct {
		Header
		Padding string `json:"x_padding"`
	}{m.Header, strings.Repeat("p", size)})
	if err != nil {
		t.Fatal(err)
	}
	parts := [][]byte{header, []byte("{}"), []byte("{}"), []byte("{}")}
	sig := hex.EncodeToString(c.signer.mac(parts...))
	return append([][]byte{[]byte(delimiter), []byte(sig)}, parts...), m.Header.MsgID
}

// waitIdle waits for the idle status of request id.
func waitIdle(c *client, id string, limit time.Duration) bool {
	return waitForStatus(c, func(p string) bool { return p == id }, limit)
}

// waitForStatus waits for an idle status whose parent's id is wanted,
// scanning only what is new (client.find rescans everything, too slow for
// thousands of messages).
func waitForStatus(c *client, wanted func(id string) bool, limit time.Duration) bool {
	deadline := time.Now().Add(limit)
	for seen := 0; time.Now().Before(deadline); {
		c.mu.Lock()
		msgs := c.received["iopub"][seen:]
		seen += len(msgs)
		c.mu.Unlock()
		for _, m := range msgs {
			if m.Header.MsgType == "status" && wanted(parentID(m)) && state(m) == "idle" {
				return true
			}
		}
		select {
		case <-c.changed:
		case <-time.After(5 * time.Millisecond):
		}
	}
	return false
}

// timedExecute runs code for c and fails the test unless the reply arrives,
// with status ok, within limit.
func timedExecute(t *testing.T, c *client, code string, limit time.Duration) string {
	t.Helper()
	start := time.Now()
	id := c.send("shell", "execute_request", map[string]any{"code": code, "silent": false})
	reply, ok := c.find("shell", limit, func(m *Message) bool { return parentID(m) == id })
	if !ok {
		t.Fatalf("no execute_reply within %v: the kernel is blocked", limit)
	}
	if st := contentOf(t, reply)["status"]; st != "ok" {
		t.Fatalf("execute_reply status %v", st)
	}
	if elapsed := time.Since(start); elapsed > limit/10 {
		t.Logf("execute_reply after %v", elapsed)
	}
	return id
}

func TestDuplicateIdentityIsRefused(t *testing.T) {
	tk := startKernel(t, nil)
	c := connect(t, tk.info)
	// The identity of a client's shell socket is visible to anyone who sees
	// its messages; a second connection claiming it must not receive the
	// client's replies.
	hijacker := dialRaw(t, tk.info.ShellPort, "DEALER", c.identity)
	if !hijacker.closedByKernel() {
		t.Fatal("kernel accepted a second connection with a live identity")
	}
	timedExecute(t, c, "print('still mine')", waitTimeout)
	// A new identity is welcome.
	other := dialRaw(t, tk.info.ShellPort, "DEALER", "someone-else")
	if err := other.readHandshake(); err != nil {
		t.Fatalf("a fresh identity was refused: %v", err)
	}
}

func TestUnreadRepliesDoNotBlockOthers(t *testing.T) {
	// Queues large enough that nothing is dropped for the reading client,
	// however far it lags behind the 1,600 statuses (under -race, say):
	// what is tested is that the greedy peer's queue blocks no one.
	tk := startKernel(t, func(cfg *Config) { cfg.Limits.SendHWM, cfg.Limits.SendQueueBytes = 1<<20, 1<<30 })
	c := connect(t, tk.info)
	// A peer with the key asks for many replies and never reads them: far
	// more than the socket buffers between it and the kernel hold (the
	// kernel echoes the 16 KiB request header in each reply: 13 MB).
	greedy := dialRaw(t, tk.info.ShellPort, "DEALER", "greedy")
	const requests, tail = 800, 50
	last := map[string]bool{}
	for i := range requests {
		frames, id := paddedRequest(t, c, "kernel_info_request", 16<<10)
		if i >= requests-tail {
			last[id] = true
		}
		greedy.send(frames...)
	}
	// The kernel gets through all of them: the client sees the statuses of
	// the last ones.
	if !waitForStatus(c, func(id string) bool { return last[id] }, 3*waitTimeout) {
		t.Fatal("the kernel stopped serving requests: a peer that does not read blocked it")
	}
	timedExecute(t, c, "1", waitTimeout)
}

func TestOversizedMessageClosesTheConnection(t *testing.T) {
	const limit = 1 << 20
	tk := startKernel(t, func(cfg *Config) { cfg.Limits.MaxMessageSize = limit })
	c := connect(t, tk.info)
	tests := []struct {
		name   string
		frames int
		size   int
	}{
		{"many frames", 9, limit / 8}, // each frame is small, the message is not
		{"one frame", 1, limit + 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := dialRaw(t, tk.info.ShellPort, "DEALER", "")
			frames := make([][]byte, tt.frames)
			for i := range frames {
				frames[i] = make([]byte, tt.size)
			}
			go func() { // the kernel may close before it has read everything
				var b []byte
				for i, f := range frames {
					flags := byte(flagLong)
					if i < len(frames)-1 {
						flags |= flagMore
					}
					b = binary.BigEndian.AppendUint64(append(b, flags), uint64(len(f)))
					b = append(b, f...)
				}
				_, _ = p.conn.Write(b)
			}()
			if !p.closedByKernel() {
				t.Fatal("kernel kept a connection that sent more than MaxMessageSize")
			}
		})
	}
	// A message just under the limit is still read.
	timedExecute(t, c, "x = '"+strings.Repeat("a", limit/2)+"'", waitTimeout)
}

// TestEmptyFramesCountAgainstTheLimits sends 16 MiB of empty frames with
// MORE set, one message of 8 million frames: each counts against the
// message size limit (it costs the kernel memory though it has no body),
// and the frame count is limited too, so the kernel closes the connection
// before growing (issue 35: it grew by 600-700 MiB).
func TestEmptyFramesCountAgainstTheLimits(t *testing.T) {
	tests := []struct {
		name   string
		limits TransportLimits
	}{
		{"defaults", TransportLimits{}},
		{"size limit alone", TransportLimits{MaxMessageSize: 1 << 20, MaxFrames: 1 << 30}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tk := startKernel(t, func(cfg *Config) { cfg.Limits = tt.limits })
			c := connect(t, tk.info)
			var before runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			p := dialRaw(t, tk.info.ShellPort, "DEALER", "")
			go func() {
				chunk := make([]byte, 1<<20)
				for i := 0; i < len(chunk); i += 2 {
					chunk[i] = flagMore
				}
				for range 16 {
					if _, err := p.conn.Write(chunk); err != nil {
						return
					}
				}
			}()
			if !p.closedByKernel() {
				t.Fatal("kernel kept a connection that sent 8 million empty frames")
			}
			var after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&after)
			if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 16<<20 {
				t.Errorf("heap grew by %d MiB", grown>>20)
			}
			timedExecute(t, c, "x = 1", waitTimeout)
		})
	}
}

func TestStalledSubscriberDoesNotStopOutput(t *testing.T) {
	// The limits apply to every subscriber: 4 MiB leaves the reading
	// client room to lag behind on a busy machine.
	tk := startKernel(t, func(cfg *Config) {
		cfg.Limits.SendQueueBytes = 4 << 20
		// The kernel waits this long, once, for the peer that stopped.
		cfg.Limits.StallTimeout = 500 * time.Millisecond
	})
	c := connect(t, tk.info)
	// A subscriber that subscribes to everything and never reads.
	stalled := dialRaw(t, tk.info.IOPubPort, "SUB", "")
	stalled.send([]byte{1})
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	// Each cell publishes its code and its output, 128 KiB each: 13 MB in
	// all, many times what the stalled peer's socket buffers take.
	text := strings.Repeat("z", 64<<10)
	var id string
	for i := range 50 {
		id = timedExecute(t, c, fmt.Sprintf("print('%d%s')", i, text), waitTimeout)
	}
	if !waitIdle(c, id, waitTimeout) {
		t.Fatal("no idle status after the last cell")
	}
	// The reading client saw every output.
	c.mu.Lock()
	var streams int
	for _, m := range c.received["iopub"] {
		if m.Header.MsgType == "stream" {
			streams++
		}
	}
	c.mu.Unlock()
	if streams < 50 {
		t.Errorf("the reading subscriber got %d of 50 outputs", streams)
	}
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	// What waits for the stalled peer is bounded by its queue (4 MiB plus
	// one message); the client's own copies of the outputs are ~7 MB.
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 24<<20 {
		t.Errorf("heap grew by %d MB", grown>>20)
	}
}

// TestSlowSubscriberGetsEverything reads IOPub slower than a cell
// publishes, with queues far smaller than the output: flow control must
// slow the cell down rather than drop messages, and the final idle status
// always arrives (issue 35: a cell printing 300 MB lost output and, in 8
// of 12 runs, its idle status).
func TestSlowSubscriberGetsEverything(t *testing.T) {
	tests := []struct {
		name   string
		code   string
		marker string
		want   int
	}{
		{"display bursts", "burst(600, 1000)", "burst ", 600},
		{"clear and print", strings.Repeat("clear()\nprint('pr!nt')\n", 1500), "pr!nt\\n", 1500},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tk := startKernel(t, func(cfg *Config) { cfg.Limits.SendHWM, cfg.Limits.SendQueueBytes = 16, 32<<10 })
			c := connect(t, tk.info)
			slow := dialRaw(t, tk.info.IOPubPort, "SUB", "")
			slow.send([]byte{1})
			time.Sleep(100 * time.Millisecond) // let the subscription arrive
			var got bytes.Buffer
			idle := []byte(`"execution_state":"idle"`)
			read := make(chan error, 1)
			go func() { // about 4 MB/s, in small reads
				buf := make([]byte, 4<<10)
				for {
					_ = slow.conn.SetReadDeadline(time.Now().Add(waitTimeout))
					n, err := slow.conn.Read(buf)
					got.Write(buf[:n])
					if err != nil {
						read <- err
						return
					}
					if i := bytes.LastIndex(got.Bytes(), []byte(tt.marker)); i >= 0 && bytes.Contains(got.Bytes()[i:], idle) &&
						bytes.Count(got.Bytes(), []byte(tt.marker)) >= tt.want {
						read <- nil
						return
					}
					time.Sleep(time.Millisecond)
				}
			}()
			id := c.send("shell", "execute_request", map[string]any{"code": tt.code, "silent": false})
			if !waitIdle(c, id, 2*waitTimeout) {
				c.mu.Lock()
				types := map[string]int{}
				for _, m := range c.received["iopub"] {
					types[m.Header.MsgType+"/"+state(m)]++
				}
				c.mu.Unlock()
				t.Fatalf("the fast client got no idle status; it got %v", types)
			}
			if err := <-read; err != nil {
				t.Fatalf("the slow subscriber got %d of %d outputs, idle status: %v; then %v",
					bytes.Count(got.Bytes(), []byte(tt.marker)), tt.want, bytes.Contains(got.Bytes(), idle), err)
			}
			if n := bytes.Count(got.Bytes(), []byte(tt.marker)); n != tt.want {
				t.Errorf("the slow subscriber got %d outputs, want %d", n, tt.want)
			}
			if strings.Contains(tk.logs.String(), "dropped") {
				t.Errorf("the kernel dropped messages:\n%s", tk.logs.String())
			}
		})
	}
}

func TestStalledHeartbeatPeerDoesNotStopEchoes(t *testing.T) {
	tk := startKernel(t, func(cfg *Config) { cfg.Limits.SendHWM = 8 })
	c := connect(t, tk.info)
	pinger := dialRaw(t, tk.info.HBPort, "REQ", "")
	ping := make([]byte, 64<<10)
	for range 200 { // 13 MB of pings whose echoes it never reads
		pinger.send(nil, ping)
	}
	for _, text := range []string{"ping", "again"} {
		done := make(chan error, 1)
		go func() {
			if err := c.hb.Send(zmq4.NewMsgString(text)); err != nil {
				done <- err
				return
			}
			m, err := c.hb.Recv()
			if err == nil && (len(m.Frames) != 1 || string(m.Frames[0]) != text) {
				err = fmt.Errorf("echo %q", m.Frames)
			}
			done <- err
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(waitTimeout):
			t.Fatal("no heartbeat echo: a stalled pinger stopped them")
		}
	}
}

func TestStalledHandshakesDoNotDelayNewClients(t *testing.T) {
	tk := startKernel(t, nil)
	connect(t, tk.info) // the kernel is listening
	// Peers that send their whole greeting, or greeting and half a READY,
	// and then nothing.
	for i := range 20 {
		conn, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", tk.info.ShellPort))
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		data := ourGreeting
		if i%2 == 1 {
			data = append(append([]byte{}, ourGreeting...), flagCommand, 40, 5, 'R')
		}
		if _, err := conn.Write(data); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	c := connect(t, tk.info)
	timedExecute(t, c, "1", waitTimeout)
	if elapsed := time.Since(start); elapsed > 5*time.Second { // generous: a loaded 2-core machine
		t.Errorf("a new client needed %v to connect past stalled handshakes", elapsed)
	}
}

func TestStalledHandshakeTimesOut(t *testing.T) {
	tk := startKernel(t, func(cfg *Config) { cfg.Limits.HandshakeTimeout = 200 * time.Millisecond })
	connect(t, tk.info)
	p := dialRaw(t, tk.info.ShellPort, "DEALER", "")
	_ = p // sent its greeting and READY: accepted
	conn, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", tk.info.ShellPort))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.Write(ourGreeting); err != nil {
		t.Fatal(err)
	}
	stalled := &rawPeer{t: t, conn: conn}
	if !stalled.closedByKernel() {
		t.Fatal("kernel kept a connection that never finished its handshake")
	}
	if err := p.readHandshake(); err != nil {
		t.Fatalf("a complete handshake was refused: %v", err)
	}
}

func TestFramerLimits(t *testing.T) {
	const o = frameOverhead
	// n empty frames with MORE, then an empty last one.
	empties := func(n int) []byte {
		b := make([]byte, 0, 2*n+2)
		for range n {
			b = append(b, flagMore, 0)
		}
		return append(b, 0, 0)
	}
	tests := []struct {
		name      string
		input     []byte
		max       uint64
		maxFrames int
		err       bool
		ended     int
	}{
		{"short frames", []byte{0, 1, 'a', 0, 0}, o + 10, 0, false, 2},
		{"more frames", []byte{flagMore, 1, 'a', 0, 1, 'b'}, 2*o + 10, 0, false, 1},
		{"frame too big", []byte{flagLong, 0, 0, 0, 0, 0, 0, 0, 11}, o + 10, 0, true, 0},
		{"message too big", []byte{flagMore, 6, 1, 2, 3, 4, 5, 6, 0, 5}, 2*o + 10, 0, true, 0},
		{"2^64-1 announced", []byte{flagLong, 255, 255, 255, 255, 255, 255, 255, 255}, o + 10, 0, true, 0},
		{"2^64-1 announced, limit below the overhead", []byte{flagLong, 255, 255, 255, 255, 255, 255, 255, 255}, 10, 0, true, 0},
		{"no limit", []byte{flagLong, 0, 0, 0, 0, 0, 0, 0, 0}, 0, 0, false, 1},
		// Empty frames cost what zmq4 holds for them: 0 bytes each on
		// the wire is not 0 against the limit.
		{"empty frames within the limit", empties(9), 10 * o, 0, false, 1},
		{"empty frames past the limit", empties(10), 10 * o, 0, true, 0},
		{"frames within the count", empties(4), 0, 5, false, 1},
		{"frames past the count", empties(5), 0, 5, true, 0},
		{"the count is per message", append(empties(4), empties(4)...), 0, 5, false, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := framer{max: tt.max, maxFrames: tt.maxFrames}
			ended := 0
			var err error
			for b := tt.input; len(b) > 0 && err == nil; { // byte by byte: splits anywhere
				var k int
				k, _, err = f.step(b[:1])
				b = b[k:]
				if f.ended {
					ended++
				}
			}
			if (err != nil) != tt.err || ended != tt.ended {
				t.Errorf("err %v, %d messages; want error %v, %d", err, ended, tt.err, tt.ended)
			}
		})
	}
}
