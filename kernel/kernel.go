package kernel

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-zeromq/zmq4"
)

// Config configures a kernel.
type Config struct {
	// NewEngine makes a fresh engine; required. The kernel calls it in the
	// background at start-up, so a slow start does not delay kernel_info,
	// and again on an in-place restart.
	NewEngine func() Engine
	// Logger receives the kernel's log; nil means slog.Default().
	Logger *slog.Logger
	// Version is kael's version, reported as implementation_version and
	// language_info.version.
	Version string
	// Banner is shown by consoles; empty means "kael VERSION".
	Banner string
	// HistoryPath is the history file; empty means DefaultHistoryPath().
	HistoryPath string
	// RestartInPlace makes shutdown_request with restart=true replace the
	// engine and keep serving. By default the kernel exits, as the protocol
	// expects: Jupyter's kernel manager starts a new process and would
	// otherwise wait several seconds for this one to die before killing it.
	RestartInPlace bool
	// Limits bound what one peer can make the kernel hold or wait for;
	// zero fields take their defaults.
	Limits TransportLimits
}

// Errors that end Serve.
var (
	errShutdownRequested = errors.New("shutdown requested")
	// ErrParentExited is returned by Run when the process that started the
	// kernel has gone away.
	ErrParentExited = errors.New("kernel: parent process exited")
)

const (
	sendTimeout   = 10 * time.Second
	restartWait   = 5 * time.Second
	shutdownWait  = 2 * time.Second
	iopubLinger   = 100 * time.Millisecond
	replayMemory  = 1 << 16
	shellBacklog  = 1 << 10
	recvErrorWait = 10 * time.Millisecond
)

// Kernel is a Jupyter kernel bound to the ports of a connection file.
type Kernel struct {
	cfg     Config
	log     *slog.Logger
	signer  *signer
	replay  *replayGuard
	session string
	user    string

	shell, control, stdin, hb *channel
	iopub                     *publisher

	ctx  context.Context // cancelled when Serve ends
	stop context.CancelCauseFunc

	// Shell requests, numbered in order of arrival.
	arrived   atomic.Uint64
	queue     chan shellItem
	restartCh chan chan struct{}
	exitAfter atomic.Bool

	// Owned by the executor goroutine.
	engine      *engineSlot
	count       int
	abortBefore uint64

	history      *History      // set once historyReady is closed
	historyReady chan struct{} // closed when the history is loaded

	cellMu     sync.Mutex
	cancelCell context.CancelFunc

	stdinMu sync.Mutex
	waiting map[string]chan string // input_request msg_id -> reply
}

type shellItem struct {
	msg *Message
	seq uint64
}

// channel is a ROUTER socket together with the lock that serialises sends.
type channel struct {
	name string
	sock zmq4.Socket
	mu   sync.Mutex
}

// New binds the kernel's sockets. Call Serve to answer requests.
func New(info ConnectionInfo, cfg Config) (*Kernel, error) {
	if cfg.NewEngine == nil {
		return nil, errors.New("kernel: Config.NewEngine is nil")
	}
	if err := info.validate(); err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	if err := registerTransports(); err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	s, err := newSigner(info.SignatureScheme, info.Key)
	if err != nil {
		return nil, fmt.Errorf("kernel: %w", err)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Banner == "" {
		cfg.Banner = strings.TrimSpace("kael " + cfg.Version)
	}
	if info.Key == "" {
		cfg.Logger.Warn("the connection file has no key: messages are not signed")
	}
	user := os.Getenv("USER")
	if user == "" {
		user = "kernel"
	}
	k := &Kernel{
		cfg:       cfg,
		log:       cfg.Logger,
		signer:    s,
		replay:    newReplayGuard(replayMemory),
		session:   newID(),
		user:      user,
		queue:     make(chan shellItem, shellBacklog),
		restartCh: make(chan chan struct{}, 1),
		waiting:   make(map[string]chan string),
	}
	k.ctx, k.stop = context.WithCancelCause(context.Background())
	zlog := slog.NewLogLogger(cfg.Logger.Handler(), slog.LevelWarn)
	opts := []zmq4.Option{zmq4.WithTimeout(sendTimeout), zmq4.WithLogger(zlog)}
	sockCtx := withLimits(k.ctx, cfg.Limits)
	var socks []zmq4.Socket
	bind := func(sock zmq4.Socket, port int) zmq4.Socket {
		socks = append(socks, sock)
		if err == nil {
			if lerr := sock.Listen(info.endpoint(port)); lerr != nil {
				err = fmt.Errorf("kernel: %w", lerr)
			}
		}
		return sock
	}
	k.shell = &channel{name: "shell", sock: bind(zmq4.NewRouter(sockCtx, opts...), info.ShellPort)}
	k.control = &channel{name: "control", sock: bind(zmq4.NewRouter(sockCtx, opts...), info.ControlPort)}
	k.stdin = &channel{name: "stdin", sock: bind(zmq4.NewRouter(sockCtx, opts...), info.StdinPort)}
	// A ROUTER that echoes whole messages answers REQ peers exactly as a
	// REP socket would, and any other peer too; ipykernel does the same.
	k.hb = &channel{name: "heartbeat", sock: bind(zmq4.NewRouter(sockCtx, opts...), info.HBPort)}
	flow := newFlowGroup()
	k.iopub = &publisher{k: k, flow: flow, sock: bind(zmq4.NewPub(withFlow(sockCtx, flow), opts...), info.IOPubPort)}
	if err != nil {
		k.stop(err)
		for _, sock := range socks {
			sock.Close()
		}
		return nil, err
	}
	return k, nil
}

// Serve answers requests until a shutdown_request arrives or ctx is
// cancelled, then closes the kernel. It returns nil after a shutdown request
// and the cause of ctx's cancellation otherwise. Call it once.
func (k *Kernel) Serve(ctx context.Context) error {
	stopWatch := context.AfterFunc(ctx, func() { k.stop(context.Cause(ctx)) })
	defer stopWatch()

	k.iopub.status(nil, "starting")
	k.engine = k.startEngine()
	k.loadHistory()

	var readers sync.WaitGroup
	readers.Go(func() { k.readLoop(k.shell, k.enqueue) })
	readers.Go(func() { k.readLoop(k.control, k.handleControl) })
	readers.Go(func() { k.readLoop(k.stdin, k.handleStdin) })
	readers.Go(k.heartbeat)
	executor := make(chan struct{})
	go func() {
		defer close(executor)
		k.execLoop()
	}()
	k.log.Info("kernel ready", "session", k.session)

	<-k.ctx.Done()
	k.interruptCell()
	select {
	case <-executor:
		k.engine.close(shutdownWait)
		k.openHistory().Close()
	case <-time.After(shutdownWait):
		k.log.Warn("running cell did not stop; exiting without waiting for it")
	}
	time.Sleep(iopubLinger) // let the PUB socket send its queue
	for _, sock := range []zmq4.Socket{k.shell.sock, k.control.sock, k.stdin.sock, k.hb.sock, k.iopub.sock} {
		sock.Close()
	}
	readers.Wait()
	if cause := context.Cause(k.ctx); !errors.Is(cause, errShutdownRequested) {
		return cause
	}
	return nil
}

// Interrupt cancels the running cell, if any, as interrupt_request and
// SIGINT do. The engine keeps its state and the next request runs normally.
func (k *Kernel) Interrupt() {
	if k.interruptCell() {
		k.log.Info("interrupted the running cell")
	}
}

func (k *Kernel) interruptCell() bool {
	k.cellMu.Lock()
	defer k.cellMu.Unlock()
	if k.cancelCell == nil {
		return false
	}
	k.cancelCell()
	return true
}

// readLoop receives, authenticates and hands on the messages of ch.
func (k *Kernel) readLoop(ch *channel, handle func(*Message)) {
	for {
		raw, err := ch.sock.Recv()
		if err != nil {
			if k.ctx.Err() != nil {
				return
			}
			k.log.Warn("receive failed", "channel", ch.name, "err", err)
			time.Sleep(recvErrorWait)
			continue
		}
		if m := k.decode(ch.name, raw.Frames); m != nil {
			handle(m)
		}
	}
}

// decode authenticates and parses a message, logging and dropping it (nil)
// when it is malformed, badly signed or a replay.
func (k *Kernel) decode(channel string, frames [][]byte) *Message {
	m, err := decodeMessage(frames, k.signer)
	if err != nil {
		k.log.Warn("dropped message", "channel", channel, "reason", err)
		return nil
	}
	if m.Signature != nil && !k.replay.fresh(m.Signature) {
		k.log.Warn("dropped replayed message", "channel", channel, "msg_type", m.Header.MsgType, "msg_id", m.Header.MsgID)
		return nil
	}
	return m
}

func (k *Kernel) enqueue(m *Message) {
	item := shellItem{msg: m, seq: k.arrived.Add(1)}
	select {
	case k.queue <- item:
	case <-k.ctx.Done():
	}
}

// execLoop serves shell requests one at a time, in order.
func (k *Kernel) execLoop() {
	for {
		select {
		case <-k.ctx.Done():
			return
		case ack := <-k.restartCh:
			k.restartEngine()
			close(ack)
		case item := <-k.queue:
			select {
			case ack := <-k.restartCh:
				k.restartEngine()
				close(ack)
			default:
			}
			k.serve(k.shell, item.msg, func(m *Message) { k.handleShell(m, item.seq) })
		}
	}
}

// serve runs handle between busy and idle statuses, turning a panic into an
// error reply, and stops the kernel afterwards if handle asked for it.
func (k *Kernel) serve(ch *channel, m *Message, handle func(*Message)) {
	k.iopub.status(m, "busy")
	func() {
		defer func() {
			if r := recover(); r != nil {
				k.log.Error("handler panicked", "channel", ch.name, "msg_type", m.Header.MsgType, "panic", r, "stack", string(debug.Stack()))
				k.replyError(ch, m, panicError(r))
			}
		}()
		handle(m)
	}()
	k.iopub.status(m, "idle")
	if k.exitAfter.Load() {
		k.stop(errShutdownRequested)
	}
}

func (k *Kernel) heartbeat() {
	for {
		msg, err := k.hb.sock.Recv()
		if err != nil {
			if k.ctx.Err() != nil {
				return
			}
			time.Sleep(recvErrorWait)
			continue
		}
		if err := k.hb.sock.Send(msg); err != nil && k.ctx.Err() == nil {
			k.log.Warn("heartbeat echo failed", "err", err)
		}
	}
}

// newMessage makes a message answering parent (which may be nil).
func (k *Kernel) newMessage(parent *Message, msgType string, content any) (*Message, error) {
	body, err := marshalJSON(content)
	if err != nil {
		return nil, fmt.Errorf("%s content: %w", msgType, err)
	}
	m := &Message{
		Header: Header{
			MsgID: newID(), Username: k.user, Session: k.session,
			Date: now(), MsgType: msgType, Version: ProtocolVersion,
		},
		Content: body,
	}
	if parent != nil {
		m.Parent = parent.RawHeader
		m.Identities = parent.Identities
	}
	return m, nil
}

func (ch *channel) send(k *Kernel, m *Message) {
	frames, err := m.encode(k.signer)
	if err == nil {
		ch.mu.Lock()
		err = ch.sock.SendMulti(zmq4.NewMsgFrom(frames...))
		ch.mu.Unlock()
	}
	if err != nil && k.ctx.Err() == nil {
		k.log.Warn("send failed", "channel", ch.name, "msg_type", m.Header.MsgType, "err", err)
	}
}

// reply sends a reply to req on ch.
func (k *Kernel) reply(ch *channel, req *Message, msgType string, content any) {
	k.replyWithMetadata(ch, req, msgType, content, nil)
}

func (k *Kernel) replyWithMetadata(ch *channel, req *Message, msgType string, content any, metadata any) {
	m, err := k.newMessage(req, msgType, content)
	if err != nil {
		k.log.Error("cannot encode reply", "err", err)
		m, _ = k.newMessage(req, msgType, newErrorReply(&CellError{Name: "EncodingError", Value: err.Error()}))
	}
	if metadata != nil {
		if m.Metadata, err = marshalJSON(metadata); err != nil {
			m.Metadata = nil
		}
	}
	ch.send(k, m)
}

// replyError answers req with status "error". Messages that are not
// requests get no reply.
func (k *Kernel) replyError(ch *channel, req *Message, e *CellError) {
	t, ok := replyType(req.Header.MsgType)
	if !ok {
		return
	}
	if req.Header.MsgType == "execute_request" {
		k.reply(ch, req, t, newExecuteErrorReply(k.count, e))
		return
	}
	k.reply(ch, req, t, newErrorReply(e))
}

func replyType(msgType string) (string, bool) {
	base, ok := strings.CutSuffix(msgType, "_request")
	return base + "_reply", ok && base != ""
}

// withTraceback returns e with a one-line traceback if it has none: front
// ends show the traceback, not ename and evalue.
func withTraceback(e *CellError) *CellError {
	if len(e.Traceback) > 0 {
		return e
	}
	c := *e
	c.Traceback = []string{"\x1b[0;31m" + e.Name + "\x1b[0m: " + e.Value}
	return &c
}

func panicError(r any) *CellError {
	return &CellError{Name: "InternalError", Value: fmt.Sprintf("kernel panic: %v", r)}
}

// engineSlot holds an engine that is being made in the background.
type engineSlot struct {
	ready chan struct{}
	eng   Engine
	err   error
}

func (k *Kernel) startEngine() *engineSlot {
	s := &engineSlot{ready: make(chan struct{})}
	go func() {
		defer close(s.ready)
		defer func() {
			if r := recover(); r != nil {
				k.log.Error("engine start panicked", "panic", r, "stack", string(debug.Stack()))
				s.err = fmt.Errorf("engine failed to start: %v", r)
			}
		}()
		if s.eng = k.cfg.NewEngine(); s.eng == nil {
			s.err = errors.New("engine failed to start: NewEngine returned nil")
		}
	}()
	return s
}

// close closes the engine if it implements io.Closer, waiting at most wait
// for it to finish starting.
func (s *engineSlot) close(wait time.Duration) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer func() { _ = recover() }()
		<-s.ready
		if c, ok := s.eng.(io.Closer); ok {
			c.Close()
		}
	}()
	select {
	case <-done:
	case <-time.After(wait):
	}
}

// restartEngine gives the kernel a fresh engine, execution count and
// history session. Requests queued before the restart are aborted. The old
// engine is closed first, so that what it holds (memory on a device, say)
// is free for the new one.
func (k *Kernel) restartEngine() {
	k.engine.close(restartWait)
	k.engine = k.startEngine()
	k.count = 0
	if err := k.openHistory().NewSession(); err != nil {
		k.log.Warn("cannot save history", "err", err)
	}
	k.abortBefore = k.arrived.Load()
	k.log.Info("engine restarted")
}
