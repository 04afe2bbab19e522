package kernel

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/transport"
)

// zmq4 trusts its peers in ways that let one bad connection stop the
// kernel for everyone:
//
//   - it performs each handshake inside its accept loop, so a peer that
//     connects (or sends its greeting) and stays silent delays every later
//     connection;
//   - it allocates whatever size a peer announces, and a message may have
//     any number of frames;
//   - its ROUTER sends a reply to every connection that claims the
//     addressed identity, and waits until each has taken it; its PUB
//     writes to each subscriber in turn. One peer that stops reading
//     therefore blocks the sender, which is the kernel's executor.
//
// The kernel therefore listens through wrapped transports. Their listeners
// perform the greeting and read the peer's READY command themselves, in a
// goroutine per connection and under a deadline, refuse a second live
// connection with an identity already in use (as libzmq's ROUTER does),
// and hand zmq4 a connection that replays what was read. The connection
// closes itself when a peer announces a message larger than the limit, and
// it queues what zmq4 writes per peer: once a peer's queue is full, whole
// messages to that peer are dropped, as libzmq does at its send high-water
// mark, and nobody else waits.
//
// IOPub must not drop output, nor ever a status message, for a peer that
// reads (issue 35). Its connections form a flowGroup, on which the
// publisher waits before each message while any connection's queue is
// half full: a slow reader slows the cell down instead of losing what it
// prints. A peer whose socket has taken nothing for StallTimeout is
// stalled and no longer waited for; its queue then fills and drops as
// above, except messages under smallMessage (statuses), which are kept up
// to four times SendHWM, and each drop is counted for the kernel's log.
const (
	guardedTCP = "kael-tcp"
	guardedIPC = "kael-ipc"

	// DefaultMaxMessageSize is TransportLimits.MaxMessageSize's default.
	DefaultMaxMessageSize = 256 << 20
	// DefaultSendHWM is TransportLimits.SendHWM's default, libzmq's.
	DefaultSendHWM = 1000
	// DefaultSendQueueBytes is TransportLimits.SendQueueBytes's default.
	DefaultSendQueueBytes = 64 << 20
	// DefaultHandshakeTimeout is TransportLimits.HandshakeTimeout's default.
	DefaultHandshakeTimeout = 10 * time.Second
	// DefaultStallTimeout is TransportLimits.StallTimeout's default.
	DefaultStallTimeout = 5 * time.Second
	// DefaultMaxFrames is TransportLimits.MaxFrames's default: far more
	// than a Jupyter message has (identities, delimiter, signature, four
	// dicts and its buffers).
	DefaultMaxFrames = 1 << 14

	// frameOverhead is what each frame counts against MaxMessageSize
	// beyond its body: about what zmq4 holds for a frame however small,
	// so that a message of many empty frames is bounded by the limit as
	// its bytes are.
	frameOverhead = 80

	// smallMessage is the size under which a message to a stalled peer
	// is queued past the limits (a status is about 600 bytes).
	smallMessage = 2 << 10
	// writeChunk is the most sendLoop writes at once, so that progress
	// through a large message is seen.
	writeChunk = 64 << 10

	greetingSize  = 64 // ZMTP 3 greeting
	signatureSize = 10 // its first part, which every peer sends at once
	maxReadySize  = 64 << 10
	acceptRetry   = 10 * time.Millisecond

	flagMore    = 0x01
	flagLong    = 0x02
	flagCommand = 0x04
)

// TransportLimits bound what one peer can make the kernel hold or wait
// for. Zero fields take their defaults.
type TransportLimits struct {
	// MaxMessageSize is the largest message, all frames together, that a
	// peer may send, each frame counting 80 bytes more than its body; the
	// connection of a peer that announces more is closed. Default 256 MiB.
	MaxMessageSize int64
	// MaxFrames is the most frames one message may have; the connection
	// of a peer that sends more is closed. Default 16384.
	MaxFrames int
	// SendHWM is how many messages may wait to be sent to one peer; what
	// the kernel sends beyond that is dropped for that peer (libzmq's
	// ZMQ_SNDHWM). Default 1000.
	SendHWM int
	// SendQueueBytes caps the bytes waiting for one peer in the same way;
	// a message is always accepted into an empty queue. Default 64 MiB.
	SendQueueBytes int64
	// HandshakeTimeout is how long a peer has, from connecting, to send
	// its greeting and READY command. Default 10 s.
	HandshakeTimeout time.Duration
	// StallTimeout is how long an IOPub peer may take nothing before the
	// kernel stops waiting for it (flow control). Default 5 s.
	StallTimeout time.Duration
}

func (l TransportLimits) withDefaults() TransportLimits {
	if l.MaxMessageSize <= 0 {
		l.MaxMessageSize = DefaultMaxMessageSize
	}
	if l.SendHWM <= 0 {
		l.SendHWM = DefaultSendHWM
	}
	if l.SendQueueBytes <= 0 {
		l.SendQueueBytes = DefaultSendQueueBytes
	}
	if l.HandshakeTimeout <= 0 {
		l.HandshakeTimeout = DefaultHandshakeTimeout
	}
	if l.MaxFrames <= 0 {
		l.MaxFrames = DefaultMaxFrames
	}
	if l.StallTimeout <= 0 {
		l.StallTimeout = DefaultStallTimeout
	}
	return l
}

// zmq4 derives the context it passes to Transport.Listen from the one the
// socket was made with, so the limits travel in it.
type limitsKey struct{}

func withLimits(ctx context.Context, l TransportLimits) context.Context {
	return context.WithValue(ctx, limitsKey{}, l.withDefaults())
}

func limitsFrom(ctx context.Context) TransportLimits {
	l, _ := ctx.Value(limitsKey{}).(TransportLimits)
	return l.withDefaults()
}

// The flowGroup of a socket's connections travels in the context too.
type flowKey struct{}

func withFlow(ctx context.Context, g *flowGroup) context.Context {
	return context.WithValue(ctx, flowKey{}, g)
}

// flowGroup is the set of live connections of a socket whose sender waits
// for its readers (flow control) rather than drop what they have not read.
//
// zmq4's PUB keeps its own unbounded queue between SendMulti and the
// connections, so the sender also counts what it sends (sent) and waits
// while the connection furthest along is zmqInFlight messages behind.
type flowGroup struct {
	mu        sync.Mutex
	conns     map[*guardedConn]struct{}
	wake      chan struct{} // signalled when a queue shrinks or a peer goes
	dropped   atomic.Int64  // messages dropped for stalled peers
	sent      atomic.Int64  // messages the sender has handed to zmq4
	delivered atomic.Int64  // when a connection last took a message from zmq4 (Unix ns)
	stall     time.Duration
}

func newFlowGroup() *flowGroup {
	return &flowGroup{conns: map[*guardedConn]struct{}{}, wake: make(chan struct{}, 1)}
}

func (g *flowGroup) add(c *guardedConn) {
	g.mu.Lock()
	g.conns[c] = struct{}{}
	g.stall = c.limits.StallTimeout
	g.mu.Unlock()
}

func (g *flowGroup) remove(c *guardedConn) {
	g.mu.Lock()
	delete(g.conns, c)
	g.mu.Unlock()
	g.signal()
}

func (g *flowGroup) signal() {
	select {
	case g.wake <- struct{}{}:
	default:
	}
}

// zmqInFlight is how many messages may wait in zmq4's PUB queue.
const zmqInFlight = 8

// congested reports whether a connection that is reading has half its
// queue's room in use, or zmq4 has not passed on the last zmqInFlight
// messages sent (unless it has passed on nothing for the stall timeout:
// then no connection is taking messages).
func (g *flowGroup) congested() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.conns) == 0 {
		return false
	}
	now := time.Now()
	furthest := int64(-1)
	for c := range g.conns {
		if c.congested(now) {
			return true
		}
		furthest = max(furthest, c.taken())
	}
	return g.sent.Load()-furthest >= zmqInFlight && now.Sub(time.Unix(0, g.delivered.Load())) < g.stall
}

// wait returns once no connection is congested, or ctx is done. It is
// meant for one sender at a time.
func (g *flowGroup) wait(ctx context.Context) {
	if g == nil {
		return
	}
	// Stalls are noticed by time, not by an event: look again now and then.
	const recheck = 100 * time.Millisecond
	var timer *time.Timer
	for g.congested() {
		if timer == nil {
			timer = time.NewTimer(recheck)
			defer timer.Stop()
		} else {
			timer.Reset(recheck)
		}
		select {
		case <-ctx.Done():
			return
		case <-g.wake:
		case <-timer.C:
		}
	}
}

var registerTransports = sync.OnceValue(func() error {
	return errors.Join(
		zmq4.RegisterTransport(guardedTCP, guardedTransport{transport.New("tcp")}),
		zmq4.RegisterTransport(guardedIPC, guardedTransport{transport.New("unix")}),
	)
})

var (
	errMessageTooLarge   = errors.New("zmtp message larger than the limit")
	errTooManyFrames     = errors.New("zmtp message of more frames than the limit")
	errBadGreeting       = errors.New("not a ZMTP 3 NULL-mechanism greeting")
	errBadReady          = errors.New("malformed ZMTP READY command")
	errDuplicateIdentity = errors.New("identity already connected")
)

type guardedTransport struct{ transport.Transport }

func (t guardedTransport) Listen(ctx context.Context, addr string) (net.Listener, error) {
	l, err := t.Transport.Listen(ctx, addr)
	if err != nil {
		return nil, err
	}
	flow, _ := ctx.Value(flowKey{}).(*flowGroup)
	return newGuardedListener(l, limitsFrom(ctx), flow), nil
}

// guardedListener accepts connections in the background and passes on
// those whose peers have completed the first half of the handshake.
type guardedListener struct {
	net.Listener
	limits TransportLimits
	flow   *flowGroup // nil unless the socket waits for its readers
	conns  chan net.Conn
	err    chan error
	closed chan struct{}
	once   sync.Once

	mu  sync.Mutex
	ids map[string]*guardedConn // identities of live connections
}

func newGuardedListener(l net.Listener, limits TransportLimits, flow *flowGroup) *guardedListener {
	g := &guardedListener{
		Listener: l, limits: limits, flow: flow, conns: make(chan net.Conn), err: make(chan error, 1),
		closed: make(chan struct{}), ids: map[string]*guardedConn{},
	}
	go g.acceptLoop()
	return g
}

func (l *guardedListener) acceptLoop() {
	for {
		c, err := l.Listener.Accept()
		if errors.Is(err, net.ErrClosed) {
			l.err <- err
			return
		}
		if err != nil { // e.g. out of file descriptors: try again
			time.Sleep(acceptRetry)
			continue
		}
		go l.admit(c)
	}
}

// admit exchanges greetings with the peer and reads its READY command, then
// queues the connection for zmq4, which replays the handshake from what was
// read.
func (l *guardedListener) admit(c net.Conn) {
	_ = c.SetDeadline(time.Now().Add(l.limits.HandshakeTimeout))
	read, identity, err := preHandshake(c)
	if err != nil {
		c.Close()
		return
	}
	_ = c.SetDeadline(time.Time{})
	g := newGuardedConn(c, read, l.limits, l.flow)
	if identity != "" {
		l.mu.Lock()
		_, taken := l.ids[identity]
		if !taken {
			l.ids[identity] = g
			g.release = func() {
				l.mu.Lock()
				if l.ids[identity] == g {
					delete(l.ids, identity)
				}
				l.mu.Unlock()
			}
		}
		l.mu.Unlock()
		if taken {
			g.fail(errDuplicateIdentity)
			return
		}
	}
	// zmq4 does not close a connection whose handshake fails (an
	// incompatible socket type, say).
	g.expire = time.AfterFunc(l.limits.HandshakeTimeout, func() { g.fail(errBadGreeting) })
	select {
	case l.conns <- g:
	case <-l.closed:
		g.Close()
	}
}

// ourGreeting is what zmq4 sends as a server: ZMTP 3.0, NULL, as-server 0.
var ourGreeting = func() []byte {
	g := make([]byte, greetingSize)
	g[0], g[signatureSize-1], g[10], g[11] = 0xff, 0x7f, 3, 0
	copy(g[12:32], "NULL")
	return g
}()

// preHandshake sends the kernel's greeting, then reads the peer's greeting
// and READY command, returning the bytes read and the peer's identity.
func preHandshake(c net.Conn) ([]byte, string, error) {
	var read bytes.Buffer
	r := io.TeeReader(c, &read)
	sig := make([]byte, signatureSize)
	if _, err := io.ReadFull(r, sig); err != nil {
		return nil, "", err
	}
	if sig[0] != 0xff || sig[signatureSize-1] != 0x7f {
		return nil, "", errBadGreeting
	}
	if _, err := c.Write(ourGreeting); err != nil {
		return nil, "", err
	}
	rest := make([]byte, greetingSize-signatureSize)
	if _, err := io.ReadFull(r, rest); err != nil {
		return nil, "", err
	}
	if rest[0] < 3 || string(bytes.TrimRight(rest[2:22], "\x00")) != "NULL" {
		return nil, "", errBadGreeting
	}
	var hdr [9]byte
	if _, err := io.ReadFull(r, hdr[:2]); err != nil {
		return nil, "", err
	}
	if hdr[0]&flagCommand == 0 || hdr[0]&flagMore != 0 {
		return nil, "", errBadReady
	}
	size := uint64(hdr[1])
	if hdr[0]&flagLong != 0 {
		if _, err := io.ReadFull(r, hdr[2:]); err != nil {
			return nil, "", err
		}
		size = binary.BigEndian.Uint64(hdr[1:])
	}
	if size > maxReadySize {
		return nil, "", errBadReady
	}
	body := make([]byte, size)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, "", err
	}
	meta, err := parseReady(body)
	if err != nil {
		return nil, "", err
	}
	return read.Bytes(), meta["identity"], nil
}

// parseReady reads a READY command's properties, with lower-case names
// (ZMTP property names are case-insensitive).
func parseReady(b []byte) (map[string]string, error) {
	if len(b) < 6 || b[0] != 5 || string(b[1:6]) != "READY" {
		return nil, errBadReady
	}
	b = b[6:]
	meta := map[string]string{}
	for len(b) > 0 {
		n := int(b[0])
		if len(b) < 1+n+4 {
			return nil, errBadReady
		}
		name := string(bytes.ToLower(b[1 : 1+n]))
		b = b[1+n:]
		v := binary.BigEndian.Uint32(b)
		b = b[4:]
		if uint64(v) > uint64(len(b)) {
			return nil, errBadReady
		}
		meta[name] = string(b[:v])
		b = b[v:]
	}
	return meta, nil
}

func (l *guardedListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case err := <-l.err:
		l.err <- err // every later call fails too
		return nil, err
	case <-l.closed:
		return nil, net.ErrClosed
	}
}

func (l *guardedListener) Close() error {
	l.once.Do(func() { close(l.closed) })
	return l.Listener.Close()
}

// dropError is what reads and writes return once the connection has been
// dropped. It is a net.Error that is not a time-out, so zmq4 forgets the
// connection.
type dropError struct{ reason error }

func (e *dropError) Error() string   { return "kael: connection dropped: " + e.reason.Error() }
func (e *dropError) Unwrap() error   { return e.reason }
func (e *dropError) Timeout() bool   { return false }
func (e *dropError) Temporary() bool { return false }

// guardedConn is the connection zmq4 sees. It replays the handshake bytes
// the listener read, enforces the message size limit on what it reads, and
// sends through a bounded per-peer queue.
type guardedConn struct {
	net.Conn
	limits  TransportLimits
	flow    *flowGroup  // nil, or the group the connection belongs to
	pending []byte      // read before zmq4 took the connection
	expire  *time.Timer // closes the connection unless zmq4 takes it
	release func()      // frees the identity, if any
	in      framer

	mu       sync.Mutex
	wake     *sync.Cond
	swallow  int // bytes of zmq4's greeting still to discard (already sent)
	out      framer
	current  []byte    // the message being written
	queue    [][]byte  // whole messages waiting to be sent
	queued   int64     // their bytes
	taken0   int64     // flow.sent when the connection joined
	received int64     // whole messages zmq4 has written, queued or dropped
	writing  bool      // sendLoop is in a write to the peer
	progress time.Time // when the peer last took bytes, or writing began
	err      error     // why the connection is closed
	once     sync.Once
}

func newGuardedConn(c net.Conn, read []byte, limits TransportLimits, flow *flowGroup) *guardedConn {
	g := &guardedConn{
		Conn: c, limits: limits, flow: flow, pending: read, swallow: len(ourGreeting),
		in: framer{max: uint64(limits.MaxMessageSize), maxFrames: limits.MaxFrames},
	}
	g.wake = sync.NewCond(&g.mu)
	if flow != nil {
		g.taken0 = flow.sent.Load()
		flow.add(g)
	}
	go g.sendLoop()
	return g
}

// taken is the count of the sender's messages up to the last that zmq4
// has written to this connection (those sent before it subscribed
// included).
func (c *guardedConn) taken() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.taken0 + c.received
}

// congested reports whether the connection's peer is reading (not
// stalled) and its queue is half full.
func (c *guardedConn) congested(now time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil || c.writing && now.Sub(c.progress) > c.limits.StallTimeout {
		return false
	}
	return len(c.queue) >= max(1, c.limits.SendHWM/2) || c.queued >= c.limits.SendQueueBytes/2
}

func (c *guardedConn) Read(p []byte) (int, error) {
	if len(c.pending) > 0 {
		n := copy(p, c.pending)
		c.pending = c.pending[n:]
		return n, nil
	}
	if c.expire != nil { // zmq4 has completed its handshake
		c.expire.Stop()
	}
	n, err := c.Conn.Read(p)
	for b := p[:n]; len(b) > 0; {
		k, _, ferr := c.in.step(b)
		if ferr != nil {
			c.fail(ferr)
			return 0, &dropError{ferr}
		}
		b = b[k:]
	}
	return n, err
}

// Write queues p, which zmq4 writes a frame header or body at a time, and
// never blocks.
func (c *guardedConn) Write(p []byte) (int, error) {
	n := len(p)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return 0, &dropError{c.err}
	}
	k := min(c.swallow, len(p))
	c.swallow -= k
	p = p[k:]
	for len(p) > 0 {
		k, _, err := c.out.step(p)
		if err != nil {
			return 0, err
		}
		c.current = append(c.current, p[:k]...)
		p = p[k:]
		if c.out.ended {
			c.enqueueLocked(c.current)
			c.current = nil
		}
	}
	return n, nil
}

// enqueueLocked queues a whole message, or drops it when the queue is
// full: a small one only when the queue holds four times SendHWM.
func (c *guardedConn) enqueueLocked(msg []byte) {
	c.received++
	if c.flow != nil {
		c.flow.delivered.Store(time.Now().UnixNano())
		c.flow.signal()
	}
	full := len(c.queue) > 0 && (len(c.queue) >= c.limits.SendHWM || c.queued >= c.limits.SendQueueBytes)
	if full && (len(msg) >= smallMessage || len(c.queue) >= 4*c.limits.SendHWM) {
		if c.flow != nil {
			c.flow.dropped.Add(1)
		}
		return
	}
	c.queue = append(c.queue, msg)
	c.queued += int64(len(msg))
	c.wake.Signal()
}

// sendLoop writes queued messages to the peer.
func (c *guardedConn) sendLoop() {
	for {
		c.mu.Lock()
		for len(c.queue) == 0 && c.err == nil {
			c.wake.Wait()
		}
		if c.err != nil {
			c.queue, c.queued = nil, 0
			c.mu.Unlock()
			return
		}
		msg := c.queue[0]
		c.queue[0] = nil
		c.queue = c.queue[1:]
		c.writing, c.progress = true, time.Now()
		c.mu.Unlock()
		for len(msg) > 0 {
			k := min(len(msg), writeChunk)
			if _, err := c.Conn.Write(msg[:k]); err != nil {
				c.fail(err)
				return
			}
			msg = msg[k:]
			c.mu.Lock()
			c.queued -= int64(k)
			c.progress = time.Now()
			c.mu.Unlock()
			if c.flow != nil {
				c.flow.signal()
			}
		}
		c.mu.Lock()
		c.writing = false
		c.mu.Unlock()
	}
}

// fail closes the connection for good.
func (c *guardedConn) fail(reason error) {
	c.once.Do(func() {
		c.mu.Lock()
		c.err = reason
		c.wake.Broadcast()
		c.mu.Unlock()
		if c.expire != nil {
			c.expire.Stop()
		}
		if c.release != nil {
			c.release()
		}
		if c.flow != nil {
			c.flow.remove(c)
		}
		c.Conn.Close()
	})
}

func (c *guardedConn) Close() error {
	c.fail(net.ErrClosed)
	return nil
}

// framer follows ZMTP 3 framing: each frame is a flags byte, a one- or
// eight-byte size and a body; a frame with the MORE flag is followed by
// another of the same message.
type framer struct {
	max       uint64 // largest message, frameOverhead a frame included; 0 for no limit
	maxFrames int    // most frames in a message; 0 for no limit
	frames    int    // frames of the current message so far
	sizeBuf   [8]byte
	sizeGot   int
	sizeNeed  int // 0 while waiting for a flags byte
	bodyLeft  uint64
	inBody    bool
	more      bool
	inMsg     bool
	msgSize   uint64
	ended     bool // the last step completed a message
}

// step consumes the bytes of b (non-empty) up to the end of the current
// flags byte, size field or body. It reports whether they began a message.
func (f *framer) step(b []byte) (n int, start bool, err error) {
	f.ended = false
	switch {
	case f.inBody:
		k := min(uint64(len(b)), f.bodyLeft)
		f.bodyLeft -= k
		if f.bodyLeft == 0 {
			f.endFrame()
		}
		return int(k), false, nil
	case f.sizeNeed == 0:
		start = !f.inMsg
		if start {
			f.frames = 0
		}
		f.frames++
		if f.maxFrames > 0 && f.frames > f.maxFrames {
			return 0, false, fmt.Errorf("%w (%d frames)", errTooManyFrames, f.maxFrames)
		}
		f.inMsg = true
		f.more = b[0]&flagMore != 0
		f.sizeNeed, f.sizeGot = 1, 0
		if b[0]&flagLong != 0 {
			f.sizeNeed = 8
		}
		return 1, start, nil
	default:
		k := copy(f.sizeBuf[f.sizeGot:f.sizeNeed], b)
		f.sizeGot += k
		if f.sizeGot < f.sizeNeed {
			return k, false, nil
		}
		size := uint64(f.sizeBuf[0])
		if f.sizeNeed == 8 {
			size = binary.BigEndian.Uint64(f.sizeBuf[:])
		}
		cost := size + frameOverhead
		if f.max > 0 && (size > f.max || cost > f.max || f.msgSize > f.max-cost) {
			return k, false, fmt.Errorf("%w (%d bytes)", errMessageTooLarge, f.max)
		}
		f.msgSize += cost
		f.sizeNeed, f.bodyLeft, f.inBody = 0, size, true
		if size == 0 {
			f.endFrame()
		}
		return k, false, nil
	}
}

func (f *framer) endFrame() {
	f.inBody = false
	if !f.more {
		f.inMsg, f.msgSize, f.ended = false, 0, true
	}
}
