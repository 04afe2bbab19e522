package kernel

import (
	"context"
	"encoding/json"
	"time"
	"unicode/utf8"
)

// handleShell answers one shell request; seq is its arrival number.
func (k *Kernel) handleShell(req *Message, seq uint64) {
	switch t := req.Header.MsgType; t {
	case "execute_request":
		k.execute(req, seq)
	case "kernel_info_request":
		k.reply(k.shell, req, "kernel_info_reply", k.kernelInfo())
	case "complete_request":
		k.complete(req)
	case "inspect_request":
		k.inspect(req)
	case "is_complete_request":
		k.isComplete(req)
	case "history_request":
		k.historyReply(req)
	case "comm_info_request":
		k.reply(k.shell, req, "comm_info_reply", commInfoReply{Status: "ok", Comms: map[string]any{}})
	case "comm_open":
		// No comm targets exist; the protocol asks for an immediate close.
		var c struct {
			CommID string `json:"comm_id"`
		}
		if json.Unmarshal(req.Content, &c) == nil && c.CommID != "" {
			k.iopub.publish(req, "comm_close", commCloseContent{CommID: c.CommID, Data: map[string]any{}})
		}
	case "comm_msg", "comm_close":
		k.log.Debug("ignored comm message", "msg_type", t)
	case "shutdown_request":
		k.shutdown(k.shell, req, true)
	default:
		k.log.Warn("ignored unknown shell message", "msg_type", t)
	}
}

// handleControl answers a control request at once, even while a cell runs.
func (k *Kernel) handleControl(m *Message) {
	k.serve(k.control, m, func(req *Message) {
		switch t := req.Header.MsgType; t {
		case "kernel_info_request":
			k.reply(k.control, req, "kernel_info_reply", k.kernelInfo())
		case "interrupt_request":
			k.Interrupt()
			k.reply(k.control, req, "interrupt_reply", okReply{Status: "ok"})
		case "shutdown_request":
			k.shutdown(k.control, req, false)
		default:
			k.log.Warn("ignored unsupported control message", "msg_type", t)
		}
	})
}

// shutdown answers a shutdown_request. inExecutor is true when it came on
// shell, in the goroutine that owns the engine.
func (k *Kernel) shutdown(ch *channel, req *Message, inExecutor bool) {
	var c struct {
		Restart bool `json:"restart"`
	}
	if err := json.Unmarshal(req.Content, &c); err != nil {
		k.replyError(ch, req, badRequest(err))
		return
	}
	reply := shutdownReply{Status: "ok", Restart: c.Restart}
	if !c.Restart || !k.cfg.RestartInPlace {
		k.interruptCell()
		k.reply(ch, req, "shutdown_reply", reply)
		k.exitAfter.Store(true)
		return
	}
	if inExecutor {
		k.restartEngine()
	} else {
		ack := make(chan struct{})
		select {
		case k.restartCh <- ack:
			// Queued first, so that no request runs on the old engine
			// once the running cell stops.
			k.interruptCell()
			select {
			case <-ack:
			case <-k.ctx.Done():
			case <-time.After(restartWait):
				k.log.Warn("running cell has not stopped; the engine restarts when it does")
			}
		default: // a restart is already pending
		}
	}
	k.reply(ch, req, "shutdown_reply", reply)
}

func (k *Kernel) kernelInfo() kernelInfoReply {
	return kernelInfoReply{
		Status:                "ok",
		ProtocolVersion:       ProtocolVersion,
		Implementation:        "kael",
		ImplementationVersion: k.cfg.Version,
		LanguageInfo: languageInfo{
			Name:              "kael",
			Version:           k.cfg.Version,
			Mimetype:          "text/x-kael",
			FileExtension:     ".kael",
			PygmentsLexer:     "python",
			CodemirrorMode:    "python",
			NbconvertExporter: "script",
		},
		Banner:    k.cfg.Banner,
		HelpLinks: []helpLink{{Text: "kael", URL: "https://github.com/kael-dev/kael"}},
	}
}

// cursorRequest is the content of complete and inspect requests.
type cursorRequest struct {
	Code        string `json:"code"`
	CursorPos   *int   `json:"cursor_pos"`
	DetailLevel int    `json:"detail_level"`
}

// cursor returns the cursor position in code points, at the end of the
// code when absent and clamped to the code.
func (c cursorRequest) cursor() int {
	n := utf8.RuneCountInString(c.Code)
	if c.CursorPos == nil || *c.CursorPos > n {
		return n
	}
	return max(*c.CursorPos, 0)
}

func (k *Kernel) complete(req *Message) {
	c, eng, ok := engineRequest[cursorRequest](k, req)
	if !ok {
		return
	}
	pos := c.cursor()
	r := eng.Complete(c.Code, pos)
	n := utf8.RuneCountInString(c.Code)
	matches := r.Matches
	if matches == nil {
		matches = []string{}
	}
	metadata := r.Metadata
	if metadata == nil {
		metadata = map[string]any{}
	}
	k.reply(k.shell, req, "complete_reply", completeReply{
		Status:      "ok",
		Matches:     matches,
		CursorStart: min(max(r.CursorStart, 0), n),
		CursorEnd:   min(max(r.CursorEnd, 0), n),
		Metadata:    metadata,
	})
}

func (k *Kernel) inspect(req *Message) {
	c, eng, ok := engineRequest[cursorRequest](k, req)
	if !ok {
		return
	}
	data, found := eng.Inspect(c.Code, c.cursor(), c.DetailLevel)
	if !found || data == nil {
		data, found = MimeBundle{}, false
	}
	k.reply(k.shell, req, "inspect_reply", inspectReply{
		Status: "ok", Found: found, Data: data, Metadata: map[string]any{},
	})
}

func (k *Kernel) isComplete(req *Message) {
	c, eng, ok := engineRequest[struct {
		Code string `json:"code"`
	}](k, req)
	if !ok {
		return
	}
	status, indent := eng.IsComplete(c.Code)
	reply := isCompleteReply{Status: status}
	switch status {
	case "incomplete":
		reply.Indent = &indent
	case "complete", "invalid", "unknown":
	default:
		k.log.Warn("engine gave an unknown is_complete status", "status", status)
		reply.Status = "unknown"
	}
	k.reply(k.shell, req, "is_complete_reply", reply)
}

func badRequest(err error) *CellError {
	return &CellError{Name: "BadRequest", Value: "malformed request content: " + err.Error()}
}

// engineRequest decodes the content of a shell request that the engine
// answers and waits for the engine; when either fails it answers req with
// the error and reports false.
func engineRequest[T any](k *Kernel, req *Message) (content T, eng Engine, ok bool) {
	if err := json.Unmarshal(req.Content, &content); err != nil {
		k.replyError(k.shell, req, badRequest(err))
		return content, nil, false
	}
	eng, cerr := k.readyEngine(k.ctx)
	if cerr != nil {
		k.replyError(k.shell, req, cerr)
		return content, nil, false
	}
	return content, eng, true
}

// readyEngine waits for the engine to finish starting, or for ctx (the
// kernel's or a cell's, which ends with it) to be done.
func (k *Kernel) readyEngine(ctx context.Context) (Engine, *CellError) {
	select {
	case <-k.engine.ready:
	case <-ctx.Done():
		return nil, &CellError{Name: "KernelShutdown", Value: "the kernel is shutting down"}
	}
	if k.engine.err != nil {
		return nil, &CellError{Name: "EngineError", Value: k.engine.err.Error()}
	}
	return k.engine.eng, nil
}

func (k *Kernel) historyReply(req *Message) {
	var q HistoryQuery
	if err := json.Unmarshal(req.Content, &q); err != nil {
		k.replyError(k.shell, req, badRequest(err))
		return
	}
	entries, err := k.openHistory().Query(q)
	if err != nil {
		k.replyError(k.shell, req, &CellError{Name: "BadRequest", Value: err.Error()})
		return
	}
	k.reply(k.shell, req, "history_reply", historyReply{Status: "ok", History: entries})
}

// loadHistory opens the history file in the background, so that start-up
// does not wait for it. A history that cannot be opened is kept in memory.
func (k *Kernel) loadHistory() {
	k.historyReady = make(chan struct{})
	go func() {
		defer close(k.historyReady)
		path := k.cfg.HistoryPath
		if path == "" {
			path = DefaultHistoryPath()
		}
		h, err := OpenHistory(path)
		if err != nil {
			k.log.Warn("history is not saved", "path", path, "err", err)
			h = NewMemoryHistory()
		}
		k.history = h
	}()
}

// openHistory waits until the history is loaded.
func (k *Kernel) openHistory() *History {
	<-k.historyReady
	return k.history
}
