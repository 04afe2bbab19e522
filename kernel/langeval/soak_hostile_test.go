package langeval

import (
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kael-dev/kael/kernel"
	"github.com/kael-dev/kael/kernel/kerneltest"
)

// hostileSoakTime is how long TestHostileSoak keeps going after its
// warm-up round (KAEL_HOSTILE_SOAK overrides it, as a Go duration).
const hostileSoakTime = 60 * time.Second

// hostileRSSGrowth bounds how much the resident set of the process (the
// kernel, its engine and the test's client together) may grow between the
// end of the warm-up round and the end of the soak. Each round moves about
// 20 MB of output through IOPub; what a round leaves behind must be
// reclaimed, so a leak of a round's output, or of the frames of a bad
// peer, passes it within a few rounds.
const hostileRSSGrowth = 160 << 20

// TestHostileSoak drives the kernel, with the kael engine, through rounds
// that mix what issue 35 found one by one: cells printing 10 MB, a cell
// interrupted in a loop and in the middle of its output and then run
// again, in-place restarts, forged and malformed messages from a client
// with the key, and peers without it that send garbage, an endless frame
// or a flood of empty frames. After every round the kernel must still
// answer, with every output delivered and the final idle status of every
// cell, and at the end its resident set must not have grown past
// hostileRSSGrowth.
func TestHostileSoak(t *testing.T) {
	if testing.Short() {
		t.Skip("the hostile soak runs for a minute; it runs without -short")
	}
	length := hostileSoakTime
	if s := os.Getenv("KAEL_HOSTILE_SOAK"); s != "" {
		var err error
		if length, err = time.ParseDuration(s); err != nil {
			t.Fatalf("KAEL_HOSTILE_SOAK=%q", s)
		}
	}
	// The kernel logs every message it drops, thousands here: not into
	// the test's log.
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	info := kerneltest.Start(t, kernel.Config{NewEngine: New, Version: "test", RestartInPlace: true, Logger: quiet})
	c := kerneltest.Connect(t, info)
	round := func(r int) {
		// Large output, every byte of it.
		const lines, width = 100, 100_000
		_, msgs := c.Execute(fmt.Sprintf("for i in range(%d):\n    print('y' * %d)", lines, width))
		if got := streamLength(msgs); got != lines*(width+1) {
			t.Fatalf("round %d: %d bytes of output, want %d", r, got, lines*(width+1))
		}
		// A loop interrupted, then run again: the variables it had set stay.
		if reply, _ := c.Execute("n = 0\nkept = 'yes'"); reply["status"] != "ok" {
			t.Fatalf("round %d: %v", r, reply)
		}
		interrupted(t, c, r, "while True:\n    n += 1")
		expect(t, c, r, "kept, n > 0", "('yes', True)")
		// Interrupted while printing: the reply and idle still come.
		interrupted(t, c, r, "for i in range(10**6):\n    print('z' * 1000)")
		expect(t, c, r, "kept", "'yes'")
		// Messages a client with the key should not send, then peers
		// without it.
		forged(c)
		badPeers(t, info)
		expect(t, c, r, "kept, sum(range(10))", "('yes', 45)")
		if r%3 == 2 { // an in-place restart: a fresh engine
			if reply := c.Control("shutdown_request", map[string]any{"restart": true}); reply["status"] != "ok" {
				t.Fatalf("round %d: shutdown_reply %v", r, reply)
			}
			if reply, _ := c.Execute("kept"); reply["ename"] != "NameError" {
				t.Fatalf("round %d: after the restart kept is %v", r, reply)
			}
		}
		if reply, _ := c.Request("kernel_info_request", map[string]any{}); reply["status"] != "ok" {
			t.Fatalf("round %d: kernel_info_reply %v", r, reply)
		}
	}
	round(0)
	before := settledRSS()
	start := time.Now()
	rounds := 0
	for rounds < 2 || time.Since(start) < length {
		rounds++
		round(rounds)
	}
	after := settledRSS()
	t.Logf("%d rounds in %v; RSS %s", rounds, time.Since(start).Round(time.Millisecond), rssDelta(before, after))
	if before > 0 && after-before > hostileRSSGrowth {
		t.Errorf("the resident set grew by %.1f MB over %d rounds; bound %d MB", float64(after-before)/(1<<20), rounds, hostileRSSGrowth>>20)
	}
}

// settledRSS is the resident set once the Go heap has been collected and
// its free memory returned to the system.
func settledRSS() int64 {
	runtime.GC()
	debug.FreeOSMemory()
	return rss()
}

// streamLength is the number of bytes of text the stream messages carry.
func streamLength(msgs []kerneltest.Msg) int {
	n := 0
	for _, m := range kerneltest.OfType(msgs, "stream") {
		text, _ := m["text"].(string)
		n += len(text)
	}
	return n
}

// expect runs code and checks the text of its result.
func expect(t *testing.T, c *kerneltest.Client, r int, code, want string) {
	t.Helper()
	reply, msgs := c.Execute(code)
	results := kerneltest.OfType(msgs, "execute_result")
	if reply["status"] != "ok" || len(results) != 1 {
		t.Fatalf("round %d: %q: %v", r, code, reply)
	}
	data, _ := results[0]["data"].(map[string]any)
	if got := data["text/plain"]; got != want {
		t.Fatalf("round %d: %q is %v, want %s", r, code, got, want)
	}
}

// interrupted runs code, which does not end by itself, interrupts it once
// it has started, and checks the reply: KeyboardInterrupt, then idle
// (Reply waits for both).
func interrupted(t *testing.T, c *kerneltest.Client, r int, code string) {
	t.Helper()
	id := c.Send("execute_request", map[string]any{"code": code, "silent": false})
	if !c.Started(id) {
		t.Fatalf("round %d: %q never started", r, code)
	}
	time.Sleep(50 * time.Millisecond) // into the loop, most likely; it stops either way
	if reply := c.Interrupt(); reply["status"] != "ok" {
		t.Fatalf("round %d: interrupt_reply %v", r, reply)
	}
	if reply, _ := c.Reply(id); reply["ename"] != "KeyboardInterrupt" {
		t.Fatalf("round %d: %q interrupted: %v", r, code, reply)
	}
}

// forged sends messages the kernel must drop: a tampered signature,
// content changed under a valid one, too few frames, no delimiter, a
// header that is not JSON, no msg_type, content that is not an object,
// and a request of a type nobody knows.
func forged(c *kerneltest.Client) {
	content := []byte(`{"code": "kept = 'forged'", "silent": false}`)
	valid := c.Signed(c.Header("execute_request"), []byte("{}"), []byte("{}"), content)
	tampered := append([][]byte{}, valid...)
	tampered[1] = []byte(strings.Repeat("0", len(tampered[1])))
	changed := append([][]byte{}, valid...)
	changed[5] = []byte(`{"code": "kept = 'changed'", "silent": false}`)
	for _, frames := range [][][]byte{
		tampered, changed, valid[:4], valid[2:],
		c.Signed([]byte("{"), []byte("{}"), []byte("{}"), content),
		c.Signed([]byte(`{"msg_id": "x"}`), []byte("{}"), []byte("{}"), content),
		c.Signed(c.Header("execute_request"), []byte("{}"), []byte("{}"), []byte("[1, 2]")),
		c.Signed(c.Header("no_such_request"), []byte("{}"), []byte("{}"), []byte("{}")),
		{[]byte("<IDS|MSG>")}, {},
	} {
		if len(frames) > 0 {
			c.SendFrames(frames)
		}
	}
}

// badPeers connects to the shell port without the key and sends what no
// client would: HTTP, a frame announcing 2^62 bytes, and 200,000 empty
// frames each saying more follow; the kernel must close each connection
// and keep serving.
func badPeers(t *testing.T, info kernel.ConnectionInfo) {
	t.Helper()
	addr := net.JoinHostPort(info.IP, strconv.Itoa(info.ShellPort))
	empties := make([]byte, 0, 200_000*2)
	for range 200_000 {
		empties = append(empties, 0x01, 0) // MORE, length 0
	}
	for _, data := range [][]byte{
		[]byte("GET / HTTP/1.1\r\nHost: kernel\r\n\r\n"),
		append(zmtpHello(), 0x02, 0x40, 0, 0, 0, 0, 0, 0, 0),
		append(zmtpHello(), empties...),
	} {
		conn, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conn.SetDeadline(time.Now().Add(kerneltest.Timeout))
		conn.Write(data) // the kernel may close the connection before it has read everything
		buf := make([]byte, 4096)
		for { // until the kernel closes it (or the deadline, which fails below)
			if _, err := conn.Read(buf); err != nil {
				if ne, ok := err.(net.Error); ok && ne.Timeout() {
					t.Errorf("the kernel kept open a connection that sent %.20q...", data)
				}
				break
			}
		}
		conn.Close()
	}
}

// zmtpHello is a ZMTP 3.0 greeting and a READY command of a DEALER, what a
// peer sends before its first frame.
func zmtpHello() []byte {
	greeting := make([]byte, 64)
	greeting[0], greeting[9], greeting[10], greeting[11] = 0xff, 0x7f, 3, 0
	copy(greeting[12:], "NULL")
	body := append([]byte{5}, "READY"...)
	body = append(body, 11)
	body = append(body, "Socket-Type"...)
	body = append(body, 0, 0, 0, 6)
	body = append(body, "DEALER"...)
	return append(append(greeting, 0x04, byte(len(body))), body...)
}
