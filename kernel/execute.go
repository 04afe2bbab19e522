package kernel

import (
	"context"
	"encoding/json"
	"runtime/debug"
	"sort"
)

// executeRequest is the content of an execute_request. Pointers tell absent
// fields, which take the protocol's defaults, from false ones.
type executeRequest struct {
	Code            string            `json:"code"`
	Silent          bool              `json:"silent"`
	StoreHistory    *bool             `json:"store_history"`
	UserExpressions map[string]string `json:"user_expressions"`
	AllowStdin      *bool             `json:"allow_stdin"`
	StopOnError     *bool             `json:"stop_on_error"`
}

func orTrue(b *bool) bool { return b == nil || *b }

// execute runs an execute_request. It publishes execute_input, the cell's
// outputs and its result or error, and replies with the execution count.
func (k *Kernel) execute(req *Message, seq uint64) {
	var c executeRequest
	if err := json.Unmarshal(req.Content, &c); err != nil {
		k.replyError(k.shell, req, badRequest(err))
		return
	}
	if seq <= k.abortBefore {
		k.log.Info("aborted execute_request queued before an error", "msg_id", req.Header.MsgID)
		k.reply(k.shell, req, "execute_reply", abortedReply{Status: "aborted", ExecutionCount: k.count})
		return
	}
	store := orTrue(c.StoreHistory) && !c.Silent
	if store {
		k.count++
	}
	n := k.count
	if !c.Silent {
		k.iopub.publish(req, "execute_input", executeInputContent{Code: c.Code, ExecutionCount: n})
	}
	hist := k.openHistory()
	if store {
		k.logHistoryError(hist.AddInput(n, c.Code))
	}
	started := now()

	io := &cellIO{k: k, parent: req, muted: c.Silent, allowStdin: orTrue(c.AllowStdin)}
	out := k.run(n, io, func(ctx context.Context, eng Engine) Outcome { return eng.Execute(ctx, c.Code, io) })
	// What arrived while the cell ran, for stop_on_error; requests sent once
	// the client has seen the reply must run.
	arrivedDuring := k.arrived.Load()
	k.iopub.flush()

	metadata := executeMetadata{Started: started}
	if out.Err != nil {
		if !c.Silent {
			k.iopub.publish(req, "error", errorFieldsOf(out.Err))
		}
		metadata.Status = "error"
		k.replyWithMetadata(k.shell, req, "execute_reply", newExecuteErrorReply(n, out.Err), metadata)
		if orTrue(c.StopOnError) && !c.Silent {
			// Like ipykernel, abort what was sent while the cell ran.
			k.abortBefore = arrivedDuring
		}
		return
	}
	if out.Result != nil && !c.Silent {
		data := withTextPlain(out.Result)
		md := out.ResultMetadata
		if md == nil {
			md = map[string]any{}
		}
		k.iopub.publish(req, "execute_result", executeResultContent{ExecutionCount: n, Data: data, Metadata: md})
		if store {
			if text, ok := data["text/plain"].(string); ok {
				k.logHistoryError(hist.AddOutput(n, text))
			}
		}
	}
	payload := []any{}
	if out.Page != nil {
		payload = append(payload, pagePayload{Source: "page", Data: withTextPlain(out.Page)})
	}
	if out.NextInput != "" {
		payload = append(payload, nextInputPayload{Source: "set_next_input", Text: out.NextInput, Replace: out.ReplaceInput})
	}
	metadata.Status = "ok"
	k.replyWithMetadata(k.shell, req, "execute_reply", executeReply{
		Status:          "ok",
		ExecutionCount:  n,
		UserExpressions: k.userExpressions(req, n, c.UserExpressions),
		Payload:         payload,
	}, metadata)
}

func (k *Kernel) logHistoryError(err error) {
	if err != nil {
		k.log.Warn("cannot save history", "err", err)
	}
}

// run calls exec, which runs a cell or an expression, with the engine once
// it is ready and a context that an interrupt cancels and that carries the
// execution count n (ExecutionCount). A panic in the engine and an
// interrupted cell become errors; an interrupted cell's error is always a
// KeyboardInterrupt.
func (k *Kernel) run(n int, io *cellIO, exec func(ctx context.Context, eng Engine) Outcome) (out Outcome) {
	ctx, cancel := context.WithCancel(context.WithValue(k.ctx, executionCountKey{}, n))
	defer cancel()
	io.ctx = ctx
	k.cellMu.Lock()
	k.cancelCell = cancel
	k.cellMu.Unlock()
	defer func() {
		k.cellMu.Lock()
		k.cancelCell = nil
		k.cellMu.Unlock()
		if r := recover(); r != nil {
			k.log.Error("engine panicked", "panic", r, "stack", string(debug.Stack()))
			out = Outcome{Err: panicError(r)}
		}
		if ctx.Err() != nil {
			out = interrupted(out)
		}
	}()
	eng, err := k.readyEngine(ctx)
	if err != nil {
		return Outcome{Err: err} // an interrupt makes it a KeyboardInterrupt
	}
	return exec(ctx, eng)
}

// interrupted is the outcome of a cell whose context was cancelled: a value
// the cell produced anyway, else a KeyboardInterrupt.
func interrupted(out Outcome) Outcome {
	if out.Err == nil && out.Result != nil || out.Err != nil && out.Err.Name == "KeyboardInterrupt" {
		return out
	}
	return Outcome{Err: &CellError{Name: "KeyboardInterrupt", Value: "execution interrupted"}}
}

// userExpressions evaluates the expressions of an execute_request, without
// output or input, into a display-data dictionary or an error for each; n
// is the execution count of the request. An engine that implements
// ExpressionEvaluator evaluates them as expressions, others run them as
// muted cells.
func (k *Kernel) userExpressions(req *Message, n int, exprs map[string]string) map[string]any {
	res := make(map[string]any, len(exprs))
	names := make([]string, 0, len(exprs))
	for name := range exprs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		expr := exprs[name]
		io := &cellIO{k: k, parent: req, muted: true}
		out := k.run(n, io, func(ctx context.Context, eng Engine) Outcome {
			if ev, ok := eng.(ExpressionEvaluator); ok {
				return ev.EvaluateExpression(ctx, expr)
			}
			return eng.Execute(ctx, expr, io)
		})
		if out.Err != nil {
			res[name] = newErrorReply(out.Err)
			continue
		}
		data := MimeBundle{}
		if out.Result != nil {
			data = withTextPlain(out.Result)
		}
		md := out.ResultMetadata
		if md == nil {
			md = map[string]any{}
		}
		res[name] = expressionResult{Status: "ok", Data: data, Metadata: md}
	}
	return res
}

// withTextPlain returns b with a text/plain entry, which execute_result and
// pager payloads require: the first other text representation, else an
// empty string.
func withTextPlain(b MimeBundle) MimeBundle {
	if _, ok := b["text/plain"]; ok {
		return b
	}
	keys := make([]string, 0, len(b))
	for key := range b {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	text := ""
	for _, key := range keys {
		if s, ok := b[key].(string); ok {
			text = s
			break
		}
	}
	c := make(MimeBundle, len(b)+1)
	for key, v := range b {
		c[key] = v
	}
	c["text/plain"] = text
	return c
}

// cellIO is the CellIO of one cell. A muted cellIO (silent execution, user
// expressions) drops output.
type cellIO struct {
	k          *Kernel
	parent     *Message
	ctx        context.Context
	muted      bool
	allowStdin bool
}

func (c *cellIO) Stdout(text string) { c.write("stdout", text) }
func (c *cellIO) Stderr(text string) { c.write("stderr", text) }

func (c *cellIO) write(name, text string) {
	if !c.muted && text != "" {
		c.k.iopub.stream(c.parent, name, text)
	}
}

func (c *cellIO) Display(d DisplayData) {
	if c.muted {
		return
	}
	data, md := d.Data, d.Metadata
	if data == nil {
		data = MimeBundle{}
	}
	if md == nil {
		md = map[string]any{}
	}
	content := displayDataContent{Data: data, Metadata: md, Transient: transient{DisplayID: d.ID}}
	msgType := "display_data"
	if d.ID != "" {
		if d.Update {
			msgType = "update_display_data"
		}
	}
	c.k.iopub.publish(c.parent, msgType, content)
}

func (c *cellIO) ClearOutput(wait bool) {
	if !c.muted {
		c.k.iopub.publish(c.parent, "clear_output", clearOutputContent{Wait: wait})
	}
}

// Input sends an input_request on stdin to the client that sent the
// execute_request and waits for its input_reply or an interrupt.
func (c *cellIO) Input(prompt string, password bool) (string, error) {
	if !c.allowStdin {
		return "", ErrNoStdin
	}
	if c.ctx.Err() != nil {
		return "", ErrInterrupted
	}
	k := c.k
	k.iopub.flush()
	req, err := k.newMessage(c.parent, "input_request", inputRequestContent{Prompt: prompt, Password: password})
	if err != nil {
		return "", err
	}
	reply := make(chan string, 1)
	k.stdinMu.Lock()
	k.waiting[req.Header.MsgID] = reply
	k.stdinMu.Unlock()
	defer func() {
		k.stdinMu.Lock()
		delete(k.waiting, req.Header.MsgID)
		k.stdinMu.Unlock()
	}()
	// Sending blocks while no stdin client has ever connected; an interrupt
	// must still end the wait.
	go k.stdin.send(k, req)
	select {
	case v := <-reply:
		return v, nil
	case <-c.ctx.Done():
		return "", ErrInterrupted
	}
}

// handleStdin delivers an input_reply to the Input call waiting for it.
func (k *Kernel) handleStdin(m *Message) {
	if m.Header.MsgType != "input_reply" {
		k.log.Warn("ignored unexpected stdin message", "msg_type", m.Header.MsgType)
		return
	}
	var c struct {
		Value string `json:"value"`
	}
	var parent Header
	if err := json.Unmarshal(m.Content, &c); err != nil {
		k.log.Warn("dropped malformed input_reply", "err", err)
		return
	}
	_ = json.Unmarshal(m.Parent, &parent) // decodeMessage checked it is an object
	k.stdinMu.Lock()
	defer k.stdinMu.Unlock()
	reply, ok := k.waiting[parent.MsgID]
	if !ok && parent.MsgID == "" && len(k.waiting) == 1 {
		for _, r := range k.waiting {
			reply, ok = r, true
		}
	}
	if !ok {
		k.log.Warn("dropped input_reply that answers no pending input_request", "parent", parent.MsgID)
		return
	}
	select {
	case reply <- c.Value:
	default:
		k.log.Warn("dropped duplicate input_reply", "parent", parent.MsgID)
	}
}
