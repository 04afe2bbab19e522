package kernel

import (
	"strings"
	"sync"
	"time"

	"github.com/go-zeromq/zmq4"
)

const (
	// streamDelay is how long stream text may wait to be merged with more
	// text before it is sent.
	streamDelay = 50 * time.Millisecond
	// streamChunk is the most stream text held back.
	streamChunk = 64 << 10
	// dropLogInterval is the least time between two warnings about
	// messages dropped for stalled subscribers.
	dropLogInterval = 10 * time.Second
)

// publisher sends IOPub messages. It merges stream text that arrives in
// quick succession into one message, and flushes it before anything else
// is published so that the front end sees outputs in order. Before each
// message it waits while a subscriber that reads is behind (flowGroup), so
// a cell that prints faster than the front end reads is slowed down
// rather than its output dropped.
type publisher struct {
	k    *Kernel
	sock zmq4.Socket
	flow *flowGroup

	mu      sync.Mutex
	dropped int64     // flow.dropped when last logged
	logged  time.Time // when drops were last logged
	parent  *Message  // of the pending stream text
	name    string    // "stdout" or "stderr"
	pending strings.Builder
	timer   *time.Timer
}

// publish sends an IOPub message answering parent (nil for none).
func (p *publisher) publish(parent *Message, msgType string, content any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.flushLocked()
	p.sendLocked(parent, msgType, content)
}

func (p *publisher) status(parent *Message, state string) {
	p.publish(parent, "status", statusContent{ExecutionState: state})
}

// stream queues text for the named stream.
func (p *publisher) stream(parent *Message, name, text string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.pending.Len() > 0 && (p.parent != parent || p.name != name) {
		p.flushLocked()
	}
	p.parent, p.name = parent, name
	p.pending.WriteString(text)
	if p.pending.Len() >= streamChunk {
		p.flushLocked()
		return
	}
	if p.timer == nil {
		p.timer = time.AfterFunc(streamDelay, p.flush)
	}
}

// flush sends pending stream text.
func (p *publisher) flush() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.flushLocked()
}

func (p *publisher) flushLocked() {
	if p.timer != nil {
		p.timer.Stop()
		p.timer = nil
	}
	if p.pending.Len() == 0 {
		return
	}
	text := p.pending.String()
	p.pending.Reset()
	p.sendLocked(p.parent, "stream", streamContent{Name: p.name, Text: text})
}

func (p *publisher) sendLocked(parent *Message, msgType string, content any) {
	m, err := p.k.newMessage(parent, msgType, content)
	if err != nil {
		// Say so in the cell rather than lose the output silently.
		p.k.log.Error("cannot encode IOPub message", "err", err)
		text := "kael: cannot send " + msgType + ": " + err.Error() + "\n"
		if m, err = p.k.newMessage(parent, "stream", streamContent{Name: "stderr", Text: text}); err != nil {
			return
		}
	}
	m.Identities = [][]byte{[]byte("kernel." + p.k.session + "." + m.Header.MsgType)}
	frames, err := m.encode(p.k.signer)
	if err == nil {
		p.flow.wait(p.k.ctx)
		if p.flow != nil {
			p.flow.sent.Add(1)
		}
		err = p.sock.SendMulti(zmq4.NewMsgFrom(frames...))
	}
	if p.flow != nil {
		if d := p.flow.dropped.Load(); d != p.dropped && time.Since(p.logged) > dropLogInterval {
			p.logged = time.Now()
			p.k.log.Warn("IOPub messages dropped for a subscriber that stopped reading", "dropped", d-p.dropped)
			p.dropped = d
		}
	}
	if err != nil && p.k.ctx.Err() == nil {
		p.k.log.Warn("IOPub send failed", "msg_type", msgType, "err", err)
	}
}
