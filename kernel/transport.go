package kernel

import (
	"context"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"sync"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/go-zeromq/zmq4/transport"
)

// zmq4 trusts its peers in two ways that would let one bad connection take
// the kernel down: it performs each handshake inside its accept loop, so a
// peer that connects and stays silent blocks every later connection, and it
// allocates whatever frame size a peer announces, so one forged header
// crashes the process. The kernel therefore listens through wrapped
// transports. Their listeners hand a connection to zmq4 only once the
// peer's ZMTP signature has arrived, give it a handshake deadline, and close
// connections that announce oversized frames.
const (
	guardedTCP = "kael-tcp"
	guardedIPC = "kael-ipc"

	handshakeTimeout = 10 * time.Second
	maxFrameSize     = 1 << 30
	greetingSize     = 64 // ZMTP 3 greeting
	signatureSize    = 10 // its first part, which every peer sends at once
	acceptRetry      = 10 * time.Millisecond
)

var registerTransports = sync.OnceValue(func() error {
	return errors.Join(
		zmq4.RegisterTransport(guardedTCP, guardedTransport{transport.New("tcp")}),
		zmq4.RegisterTransport(guardedIPC, guardedTransport{transport.New("unix")}),
	)
})

var errFrameTooLarge = errors.New("zmtp frame too large")

type guardedTransport struct{ transport.Transport }

func (t guardedTransport) Listen(ctx context.Context, addr string) (net.Listener, error) {
	l, err := t.Transport.Listen(ctx, addr)
	if err != nil {
		return nil, err
	}
	return newGuardedListener(l), nil
}

// guardedListener accepts connections in the background and passes on
// those whose peers have sent their signature.
type guardedListener struct {
	net.Listener
	conns  chan net.Conn
	err    chan error
	closed chan struct{}
	once   sync.Once
}

func newGuardedListener(l net.Listener) *guardedListener {
	g := &guardedListener{Listener: l, conns: make(chan net.Conn), err: make(chan error, 1), closed: make(chan struct{})}
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

// admit waits for the peer's signature, then queues the connection.
func (l *guardedListener) admit(c net.Conn) {
	_ = c.SetDeadline(time.Now().Add(handshakeTimeout))
	sig := make([]byte, signatureSize)
	if _, err := io.ReadFull(c, sig); err != nil || sig[0] != 0xff || sig[signatureSize-1] != 0x7f {
		c.Close()
		return
	}
	g := &guardedConn{Conn: c, pending: sig, greetLeft: greetingSize}
	// zmq4 does not close a connection whose handshake fails.
	g.expire = time.AfterFunc(handshakeTimeout, func() { c.Close() })
	select {
	case l.conns <- g:
	case <-l.closed:
		c.Close()
	}
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

// guardedConn follows the ZMTP 3 framing of what it reads: after the
// greeting, each frame is a flags byte, a one- or eight-byte size and a body.
// It lifts the handshake deadline once the first command (READY) has been
// read, closes the connection if that has not happened in time, and fails
// the read that would reveal an oversized frame.
type guardedConn struct {
	net.Conn
	pending   []byte      // read before zmq4 took the connection
	expire    *time.Timer // closes the connection unless the handshake ends
	greetLeft int
	sizeBuf   [8]byte
	sizeGot   int
	sizeNeed  int // 0 while waiting for a flags byte
	bodyLeft  uint64
	inBody    bool
	command   bool
	ready     bool
}

func (c *guardedConn) Read(p []byte) (int, error) {
	var n int
	var err error
	if len(c.pending) > 0 {
		n = copy(p, c.pending)
		c.pending = c.pending[n:]
	} else {
		n, err = c.Conn.Read(p)
	}
	if n > 0 {
		if serr := c.scan(p[:n]); serr != nil {
			c.Conn.Close()
			return 0, serr
		}
	}
	return n, err
}

func (c *guardedConn) scan(b []byte) error {
	for len(b) > 0 {
		switch {
		case c.greetLeft > 0:
			k := min(c.greetLeft, len(b))
			c.greetLeft -= k
			b = b[k:]
		case c.inBody:
			k := uint64(len(b))
			if k > c.bodyLeft {
				k = c.bodyLeft
			}
			c.bodyLeft -= k
			b = b[k:]
			if c.bodyLeft == 0 {
				c.endFrame()
			}
		case c.sizeNeed == 0:
			flags := b[0]
			b = b[1:]
			c.command = flags&0x04 != 0
			c.sizeNeed, c.sizeGot = 1, 0
			if flags&0x02 != 0 {
				c.sizeNeed = 8
			}
		default:
			k := copy(c.sizeBuf[c.sizeGot:c.sizeNeed], b)
			c.sizeGot += k
			b = b[k:]
			if c.sizeGot < c.sizeNeed {
				continue
			}
			size := uint64(c.sizeBuf[0])
			if c.sizeNeed == 8 {
				size = binary.BigEndian.Uint64(c.sizeBuf[:])
			}
			if size > maxFrameSize {
				return errFrameTooLarge
			}
			c.sizeNeed, c.bodyLeft, c.inBody = 0, size, true
			if size == 0 {
				c.endFrame()
			}
		}
	}
	return nil
}

func (c *guardedConn) endFrame() {
	c.inBody = false
	if c.command && !c.ready {
		c.ready = true
		c.expire.Stop()
		_ = c.Conn.SetDeadline(time.Time{})
	}
}
