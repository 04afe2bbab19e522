package kernel

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

func TestKernelInfo(t *testing.T) {
	tk := startKernel(t, nil)
	c := connect(t, tk.info)
	for _, channel := range []string{"shell", "control"} {
		t.Run(channel, func(t *testing.T) {
			id := c.send(channel, "kernel_info_request", map[string]any{})
			r := c.reply(channel, id)
			if r.Header.Version != "5.3" || r.Header.MsgType != "kernel_info_reply" || r.Header.Session == "" || r.Header.Username == "" {
				t.Errorf("header %+v", r.Header)
			}
			if _, err := time.Parse(time.RFC3339Nano, r.Header.Date); err != nil {
				t.Errorf("date %q: %v", r.Header.Date, err)
			}
			got := contentOf(t, r)
			for key, want := range map[string]any{
				"status": "ok", "protocol_version": "5.3", "implementation": "kael",
				"implementation_version": "0.1.0-test", "banner": "kael 0.1.0-test",
			} {
				if got[key] != want {
					t.Errorf("%s = %v, want %v", key, got[key], want)
				}
			}
			li := got["language_info"].(map[string]any)
			for key, want := range map[string]any{
				"name": "kael", "version": "0.1.0-test", "mimetype": "text/x-kael", "file_extension": ".kael",
				"pygments_lexer": "python", "codemirror_mode": "python",
			} {
				if li[key] != want {
					t.Errorf("language_info.%s = %v, want %v", key, li[key], want)
				}
			}
			if links, _ := got["help_links"].([]any); len(links) == 0 {
				t.Error("no help_links")
			}
			if s := types(c.collect(id)); s != "status:busy status:idle" {
				t.Errorf("IOPub: %s", s)
			}
		})
	}
}

func TestExecuteOutputs(t *testing.T) {
	tk := startKernel(t, nil)
	c := connect(t, tk.info)
	tests := []struct {
		code   string
		iopub  string
		status string
		check  func(t *testing.T, reply map[string]any, msgs []*Message)
	}{
		{code: "x = 40 + 2", iopub: "status:busy execute_input status:idle", status: "ok"},
		{code: "x", iopub: "status:busy execute_input execute_result status:idle", status: "ok",
			check: func(t *testing.T, _ map[string]any, msgs []*Message) {
				r := ofType(t, msgs, "execute_result")[0]
				if r["data"].(map[string]any)["text/plain"] != "42" || r["metadata"].(map[string]any)["fake"] != true {
					t.Errorf("execute_result %v", r)
				}
			}},
		{code: "print('hi')", iopub: "status:busy execute_input stream status:idle", status: "ok",
			check: func(t *testing.T, _ map[string]any, msgs []*Message) {
				if s := ofType(t, msgs, "stream")[0]; s["name"] != "stdout" || s["text"] != "hi\n" {
					t.Errorf("stream %v", s)
				}
			}},
		{code: "eprint('oops')", iopub: "status:busy execute_input stream status:idle", status: "ok",
			check: func(t *testing.T, _ map[string]any, msgs []*Message) {
				if s := ofType(t, msgs, "stream")[0]; s["name"] != "stderr" || s["text"] != "oops\n" {
					t.Errorf("stream %v", s)
				}
			}},
		{code: "print('a')\neprint('b')\nprint('c')\nx", iopub: "status:busy execute_input stream stream stream execute_result status:idle", status: "ok"},
		{code: "fail('boom')", iopub: "status:busy execute_input error status:idle", status: "error",
			check: func(t *testing.T, reply map[string]any, msgs []*Message) {
				e := ofType(t, msgs, "error")[0]
				if e["ename"] != "ValueError" || e["evalue"] != "boom" || len(e["traceback"].([]any)) != 2 {
					t.Errorf("error %v", e)
				}
				if reply["ename"] != "ValueError" || reply["evalue"] != "boom" || len(reply["traceback"].([]any)) != 2 {
					t.Errorf("reply %v", reply)
				}
			}},
		{code: "undefined", iopub: "status:busy execute_input error status:idle", status: "error",
			check: func(t *testing.T, reply map[string]any, _ []*Message) {
				tb := reply["traceback"].([]any)
				if reply["ename"] != "NameError" || len(tb) != 1 || !strings.Contains(tb[0].(string), "NameError") {
					t.Errorf("reply %v", reply)
				}
			}},
		{code: "display('d1', 'one')\nupdate('d1', 'two')\nclear()", iopub: "status:busy execute_input display_data update_display_data clear_output status:idle", status: "ok",
			check: func(t *testing.T, _ map[string]any, msgs []*Message) {
				d := ofType(t, msgs, "update_display_data")[0]
				if d["transient"].(map[string]any)["display_id"] != "d1" || d["data"].(map[string]any)["text/plain"] != "two" {
					t.Errorf("update_display_data %v", d)
				}
			}},
		{code: "html('x')", iopub: "status:busy execute_input execute_result status:idle", status: "ok",
			check: func(t *testing.T, _ map[string]any, msgs []*Message) {
				data := ofType(t, msgs, "execute_result")[0]["data"].(map[string]any)
				if data["text/plain"] != "<b>x</b>" || data["text/html"] != "<b>x</b>" {
					t.Errorf("data %v", data)
				}
			}},
		{code: "help('loops')", iopub: "status:busy execute_input status:idle", status: "ok",
			check: func(t *testing.T, reply map[string]any, _ []*Message) {
				want := []any{map[string]any{"source": "page", "data": map[string]any{"text/plain": "help on loops"}, "start": 0.0}}
				if !reflect.DeepEqual(reply["payload"], want) {
					t.Errorf("payload %v", reply["payload"])
				}
			}},
		{code: "nan()", iopub: "status:busy execute_input stream status:idle", status: "ok",
			check: func(t *testing.T, _ map[string]any, msgs []*Message) {
				if s := ofType(t, msgs, "stream")[0]; s["name"] != "stderr" || !strings.Contains(s["text"].(string), "cannot send execute_result") {
					t.Errorf("stream %v", s)
				}
			}},
		{code: "spam(300)", status: "ok",
			check: func(t *testing.T, _ map[string]any, msgs []*Message) {
				var text strings.Builder
				streams := ofType(t, msgs, "stream")
				for _, s := range streams {
					text.WriteString(s["text"].(string))
				}
				var want strings.Builder
				for i := range 300 {
					fmt.Fprintf(&want, "line %d\n", i)
				}
				if text.String() != want.String() || len(streams) > 10 {
					t.Errorf("%d stream messages, text %q", len(streams), text.String())
				}
			}},
	}
	for i, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			reply, msgs := c.execute(tt.code)
			if reply["status"] != tt.status || reply["execution_count"] != float64(i+1) {
				t.Errorf("reply %v, want status %s and execution_count %d", reply, tt.status, i+1)
			}
			if tt.iopub != "" && types(msgs) != tt.iopub {
				t.Errorf("IOPub %q, want %q", types(msgs), tt.iopub)
			}
			in := ofType(t, msgs, "execute_input")[0]
			if in["code"] != tt.code || in["execution_count"] != float64(i+1) {
				t.Errorf("execute_input %v", in)
			}
			if r := ofType(t, msgs, "execute_result"); len(r) > 0 && r[0]["execution_count"] != float64(i+1) {
				t.Errorf("execute_result %v", r[0])
			}
			if tt.check != nil {
				tt.check(t, reply, msgs)
			}
		})
	}
}

func TestExecutionCountSilentAndStoreHistory(t *testing.T) {
	tk := startKernel(t, nil)
	c := connect(t, tk.info)
	tests := []struct {
		name    string
		content map[string]any
		count   float64
		iopub   string
	}{
		{"stored", map[string]any{"code": "x = 1"}, 1, "status:busy execute_input status:idle"},
		{"not stored", map[string]any{"code": "x", "store_history": false}, 1, "status:busy execute_input execute_result status:idle"},
		{"silent", map[string]any{"code": "print('hidden')\nx", "silent": true}, 1, "status:busy status:idle"},
		{"silent error", map[string]any{"code": "fail('quiet')", "silent": true}, 1, "status:busy status:idle"},
		{"stored again", map[string]any{"code": "x"}, 2, "status:busy execute_input execute_result status:idle"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reply, msgs := c.request("shell", "execute_request", tt.content)
			if reply["execution_count"] != tt.count {
				t.Errorf("execution_count %v, want %v", reply["execution_count"], tt.count)
			}
			if types(msgs) != tt.iopub {
				t.Errorf("IOPub %q, want %q", types(msgs), tt.iopub)
			}
		})
	}
}

func TestStopOnError(t *testing.T) {
	tests := []struct {
		name        string
		stopOnError bool
		want        []string // statuses of the cells queued behind the failing one
	}{
		{"abort queued", true, []string{"aborted", "aborted"}},
		{"keep going", false, []string{"ok", "ok"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tk := startKernel(t, nil)
			c := connect(t, tk.info)
			failing := c.send("shell", "execute_request", map[string]any{"code": "sleep(300)\nfail('boom')", "stop_on_error": tt.stopOnError})
			queued := []string{
				c.send("shell", "execute_request", map[string]any{"code": "y = 1"}),
				c.send("shell", "execute_request", map[string]any{"code": "print('queued')"}),
			}
			info := c.send("shell", "kernel_info_request", map[string]any{})
			if r := contentOf(t, c.reply("shell", failing)); r["status"] != "error" || r["execution_count"] != float64(1) {
				t.Errorf("failing cell: %v", r)
			}
			for i, id := range queued {
				r := contentOf(t, c.reply("shell", id))
				if r["status"] != tt.want[i] || r["execution_count"] == nil {
					t.Errorf("queued cell %d: %v, want status %s", i, r, tt.want[i])
				}
				if s := types(c.collect(id)); tt.want[i] == "aborted" && s != "status:busy status:idle" {
					t.Errorf("aborted cell IOPub: %s", s)
				}
			}
			if r := contentOf(t, c.reply("shell", info)); r["status"] != "ok" {
				t.Errorf("kernel_info behind the error: %v", r)
			}
			if r, _ := c.execute("print('after')"); r["status"] != "ok" {
				t.Errorf("cell sent after the error: %v", r)
			}
		})
	}
}

func TestUserExpressions(t *testing.T) {
	tk := startKernel(t, nil)
	c := connect(t, tk.info)
	reply, _ := c.request("shell", "execute_request", map[string]any{
		"code":             "y = 5",
		"user_expressions": map[string]string{"a": "y", "b": "nope", "c": "y + 1", "d": "print('muted')"},
	})
	ue := reply["user_expressions"].(map[string]any)
	tests := []struct {
		key, status, text, ename string
	}{
		{"a", "ok", "5", ""},
		{"b", "error", "", "NameError"},
		{"c", "ok", "6", ""},
		{"d", "ok", "", ""},
	}
	for _, tt := range tests {
		got := ue[tt.key].(map[string]any)
		if got["status"] != tt.status || got["ename"] != nil && got["ename"] != tt.ename {
			t.Errorf("%s: %v", tt.key, got)
		}
		if tt.status == "ok" {
			data := got["data"].(map[string]any)
			if tt.text != "" && data["text/plain"] != tt.text || tt.text == "" && len(data) != 0 {
				t.Errorf("%s: data %v", tt.key, data)
			}
		}
	}
	reply, msgs := c.request("shell", "execute_request", map[string]any{"code": "fail('x')", "user_expressions": map[string]string{"a": "y"}})
	if ue := reply["user_expressions"].(map[string]any); len(ue) != 0 {
		t.Errorf("user_expressions after an error: %v", ue)
	}
	if len(ofType(t, msgs, "stream")) != 0 {
		t.Error("user expression output was published")
	}
}

func TestCompleteInspectIsComplete(t *testing.T) {
	tk := startKernel(t, nil)
	c := connect(t, tk.info)
	c.execute("café = 1")
	c.execute("value = 'v'")
	t.Run("complete", func(t *testing.T) {
		tests := []struct {
			code       string
			cursor     any
			matches    []any
			start, end float64
		}{
			{"pri", 3, []any{"print"}, 0, 3},
			{"print(caf", 9, []any{"café"}, 6, 9},
			{"'🙂' + caf", 9, []any{"café"}, 6, 9}, // cursor counts code points
			{"x = va", nil, []any{"value"}, 4, 6}, // no cursor: end of code
			{"zzz", 3, []any{}, 0, 3},
		}
		for _, tt := range tests {
			content := map[string]any{"code": tt.code}
			if tt.cursor != nil {
				content["cursor_pos"] = tt.cursor
			}
			r, msgs := c.request("shell", "complete_request", content)
			if !reflect.DeepEqual(r["matches"], tt.matches) || r["cursor_start"] != tt.start || r["cursor_end"] != tt.end || r["status"] != "ok" {
				t.Errorf("%q: %v", tt.code, r)
			}
			if _, ok := r["metadata"].(map[string]any); !ok {
				t.Errorf("%q: metadata %v", tt.code, r["metadata"])
			}
			if types(msgs) != "status:busy status:idle" {
				t.Errorf("IOPub %s", types(msgs))
			}
		}
	})
	t.Run("inspect", func(t *testing.T) {
		tests := []struct {
			code   string
			detail int
			found  bool
			text   string
		}{
			{"café", 0, true, "café = 1"},
			{"café", 1, true, "café = 1\ntype: int"},
			{"print", 0, true, "builtin print(...)"},
			{"nothing", 0, false, ""},
		}
		for _, tt := range tests {
			r, _ := c.request("shell", "inspect_request", map[string]any{"code": tt.code, "cursor_pos": 2, "detail_level": tt.detail})
			data := r["data"].(map[string]any)
			if r["status"] != "ok" || r["found"] != tt.found || tt.found && data["text/plain"] != tt.text || !tt.found && len(data) != 0 {
				t.Errorf("%q: %v", tt.code, r)
			}
		}
	})
	t.Run("is_complete", func(t *testing.T) {
		tests := []struct {
			code, status string
			indent       any
		}{
			{"x = 1", "complete", nil},
			{"while True:", "incomplete", "    "},
			{"print(", "incomplete", ""},
			{")", "invalid", nil},
		}
		for _, tt := range tests {
			r, _ := c.request("shell", "is_complete_request", map[string]any{"code": tt.code})
			if r["status"] != tt.status || r["indent"] != tt.indent {
				t.Errorf("%q: %v", tt.code, r)
			}
		}
	})
}

func TestCommsAndUnknownMessages(t *testing.T) {
	tk := startKernel(t, nil)
	c := connect(t, tk.info)
	r, _ := c.request("shell", "comm_info_request", map[string]any{})
	if comms, ok := r["comms"].(map[string]any); !ok || len(comms) != 0 || r["status"] != "ok" {
		t.Errorf("comm_info_reply %v", r)
	}
	id := c.send("shell", "comm_open", map[string]any{"comm_id": "c1", "target_name": "jupyter.widget", "data": map[string]any{}})
	msgs := c.collect(id)
	if types(msgs) != "status:busy comm_close status:idle" || ofType(t, msgs, "comm_close")[0]["comm_id"] != "c1" {
		t.Errorf("comm_open: %s", types(msgs))
	}
	for _, msgType := range []string{"comm_msg", "no_such_request"} {
		id := c.send("shell", msgType, map[string]any{"comm_id": "c1"})
		if s := types(c.collect(id)); s != "status:busy status:idle" {
			t.Errorf("%s: IOPub %s", msgType, s)
		}
	}
	if !strings.Contains(tk.logs.String(), "no_such_request") {
		t.Error("unknown message type was not logged")
	}
	if r, _ := c.execute("1"); r["status"] != "ok" {
		t.Errorf("kernel stopped serving: %v", r)
	}
}

func TestInterrupt(t *testing.T) {
	tk := startKernel(t, nil)
	c := connect(t, tk.info)
	c.execute("counter = 7")
	id := c.send("shell", "execute_request", map[string]any{"code": "i = 0\nwhile True:\n    i = i + 1"})
	if _, ok := c.find("iopub", waitTimeout, func(m *Message) bool {
		return parentID(m) == id && m.Header.MsgType == "execute_input"
	}); !ok {
		t.Fatal("cell did not start")
	}
	time.Sleep(50 * time.Millisecond)

	// Control is answered while the cell runs.
	info := c.send("control", "kernel_info_request", map[string]any{})
	c.reply("control", info)
	if _, done := c.find("shell", 0, func(m *Message) bool { return parentID(m) == id }); done {
		t.Fatal("the loop ended before it was interrupted")
	}

	start := time.Now()
	r, _ := c.request("control", "interrupt_request", map[string]any{})
	if r["status"] != "ok" {
		t.Errorf("interrupt_reply %v", r)
	}
	reply := contentOf(t, c.reply("shell", id))
	if elapsed := time.Since(start); elapsed > 5*time.Second { // generous: a loaded 2-core machine
		t.Errorf("interrupt took %v", elapsed)
	}
	if reply["status"] != "error" || reply["ename"] != "KeyboardInterrupt" {
		t.Errorf("interrupted cell: %v", reply)
	}
	if e := ofType(t, c.collect(id), "error"); len(e) != 1 || e[0]["ename"] != "KeyboardInterrupt" {
		t.Errorf("error message %v", e)
	}
	_, msgs := c.execute("counter")
	if r := ofType(t, msgs, "execute_result"); len(r) != 1 || r[0]["data"].(map[string]any)["text/plain"] != "7" {
		t.Errorf("state after interrupt: %v", r)
	}
	_, msgs = c.execute("i")
	if r := ofType(t, msgs, "execute_result"); len(r) != 1 || r[0]["data"].(map[string]any)["text/plain"] == "0" {
		t.Errorf("loop progress lost: %v", r)
	}
	// Interrupting an idle kernel is harmless.
	if r, _ := c.request("control", "interrupt_request", map[string]any{}); r["status"] != "ok" {
		t.Errorf("idle interrupt: %v", r)
	}
}

func TestSignalInterrupt(t *testing.T) {
	_, info := writeConnectionFile(t, newID())
	logs := &syncBuffer{}
	k, err := New(info, Config{NewEngine: newFakeEngine, Logger: slog.New(slog.NewTextHandler(logs, nil)), HistoryPath: t.TempDir() + "/h.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- k.Serve(ctx) }()
	sigs := make(chan os.Signal, 1)
	go k.interruptOnSignal(ctx, sigs)
	c := connect(t, info)

	id := c.send("shell", "execute_request", map[string]any{"code": "sleep(60000)"})
	c.find("iopub", waitTimeout, func(m *Message) bool { return parentID(m) == id && m.Header.MsgType == "execute_input" })
	time.Sleep(50 * time.Millisecond)
	sigs <- os.Interrupt
	if r := contentOf(t, c.reply("shell", id)); r["ename"] != "KeyboardInterrupt" {
		t.Errorf("reply %v", r)
	}
	if r, _ := c.execute("x = 1"); r["status"] != "ok" {
		t.Errorf("after SIGINT: %v", r)
	}
	cancel()
	if err := <-served; !errors.Is(err, context.Canceled) {
		t.Errorf("Serve returned %v", err)
	}
}

func TestStdin(t *testing.T) {
	tk := startKernel(t, nil)
	c := connect(t, tk.info)
	answer := func(t *testing.T, want map[string]any, value string) {
		t.Helper()
		m, ok := c.find("stdin", waitTimeout, func(m *Message) bool { return m.Header.MsgType == "input_request" })
		if !ok {
			t.Fatal("no input_request")
		}
		c.mu.Lock()
		c.received["stdin"] = nil
		c.mu.Unlock()
		if got := contentOf(t, m); !reflect.DeepEqual(got, want) {
			t.Errorf("input_request %v, want %v", got, want)
		}
		reply := c.newRequest("input_reply", map[string]any{"value": value})
		reply.Parent = m.RawHeader
		frames, _ := reply.encode(c.signer)
		c.sendFrames("stdin", frames)
	}
	t.Run("round trip", func(t *testing.T) {
		id := c.send("shell", "execute_request", map[string]any{"code": "print('before')\nname = input('who? ')\nsecret = getpass('pin: ')", "allow_stdin": true})
		answer(t, map[string]any{"prompt": "who? ", "password": false}, "ada")
		answer(t, map[string]any{"prompt": "pin: ", "password": true}, "1234")
		if r := contentOf(t, c.reply("shell", id)); r["status"] != "ok" {
			t.Fatalf("reply %v", r)
		}
		if s := types(c.collect(id)); s != "status:busy execute_input stream status:idle" {
			t.Errorf("IOPub %s", s)
		}
		_, msgs := c.execute("name + secret")
		if r := ofType(t, msgs, "execute_result"); r[0]["data"].(map[string]any)["text/plain"] != "'ada1234'" {
			t.Errorf("result %v", r)
		}
	})
	t.Run("not allowed", func(t *testing.T) {
		r, _ := c.request("shell", "execute_request", map[string]any{"code": "input('x')", "allow_stdin": false})
		if r["status"] != "error" || !strings.Contains(r["evalue"].(string), "allow_stdin is false") {
			t.Errorf("reply %v", r)
		}
	})
	t.Run("interrupted", func(t *testing.T) {
		id := c.send("shell", "execute_request", map[string]any{"code": "input('wait: ')"})
		if _, ok := c.find("stdin", waitTimeout, func(m *Message) bool { return m.Header.MsgType == "input_request" }); !ok {
			t.Fatal("no input_request")
		}
		c.request("control", "interrupt_request", map[string]any{})
		if r := contentOf(t, c.reply("shell", id)); r["ename"] != "KeyboardInterrupt" {
			t.Errorf("reply %v", r)
		}
	})
}

func TestEnginePanics(t *testing.T) {
	tk := startKernel(t, nil)
	c := connect(t, tk.info)
	reply, msgs := c.execute("x = 1\ncrash()")
	if reply["status"] != "error" || reply["ename"] != "InternalError" || !strings.Contains(reply["evalue"].(string), "engine exploded") {
		t.Errorf("execute_reply %v", reply)
	}
	if types(msgs) != "status:busy execute_input error status:idle" {
		t.Errorf("IOPub %s", types(msgs))
	}
	r, msgs := c.request("shell", "complete_request", map[string]any{"code": "crash!", "cursor_pos": 6})
	if r["status"] != "error" || r["ename"] != "InternalError" {
		t.Errorf("complete_reply %v", r)
	}
	if types(msgs) != "status:busy status:idle" {
		t.Errorf("IOPub %s", types(msgs))
	}
	if _, msgs := c.execute("x"); ofType(t, msgs, "execute_result")[0]["data"].(map[string]any)["text/plain"] != "1" {
		t.Error("state lost after a panic")
	}
}

func TestEngineStartFailure(t *testing.T) {
	tk := startKernel(t, func(cfg *Config) {
		cfg.NewEngine = func() Engine { panic("no device") }
	})
	c := connect(t, tk.info) // kernel_info works without an engine
	r, _ := c.execute("1")
	if r["status"] != "error" || r["ename"] != "EngineError" || !strings.Contains(r["evalue"].(string), "no device") {
		t.Errorf("reply %v", r)
	}
	r, _ = c.request("shell", "is_complete_request", map[string]any{"code": "1"})
	if r["status"] != "error" || r["ename"] != "EngineError" {
		t.Errorf("is_complete_reply %v", r)
	}
}

func TestBadMessagesAreDropped(t *testing.T) {
	tk := startKernel(t, nil)
	c := connect(t, tk.info)
	valid := func() [][]byte {
		frames, err := c.newRequest("execute_request", map[string]any{"code": "print('ran')"}).encode(c.signer)
		if err != nil {
			t.Fatal(err)
		}
		return frames
	}
	replace := func(i int, b string) [][]byte {
		f := valid()
		f[i] = []byte(b)
		return f
	}
	wrongKey, _ := newSigner("hmac-sha256", "not the key")
	badlySigned, _ := c.newRequest("execute_request", map[string]any{"code": "print('ran')"}).encode(wrongKey)
	resigned := func(header, content string) [][]byte {
		return [][]byte{[]byte(delimiter), []byte(fmt.Sprintf("%x", c.signer.mac([]byte(header), []byte("{}"), []byte("{}"), []byte(content)))),
			[]byte(header), []byte("{}"), []byte("{}"), []byte(content)}
	}
	tests := []struct {
		name   string
		frames [][]byte
		log    string
	}{
		{"wrong key", badlySigned, "bad or missing signature"},
		{"unsigned", replace(1, ""), "bad or missing signature"},
		{"signature not hex", replace(1, "zz"), "bad or missing signature"},
		{"tampered content", replace(5, `{"code":"print('evil')"}`), "bad or missing signature"},
		{"no delimiter", [][]byte{[]byte("a"), []byte("b")}, "no <IDS|MSG> delimiter"},
		{"too few frames", valid()[:4], "fewer than five frames"},
		{"header not JSON", resigned("{", "{}"), "header"},
		{"no msg_type", resigned(`{"msg_id":"1"}`, "{}"), "no msg_type"},
		{"content not an object", resigned(`{"msg_id":"2","msg_type":"execute_request"}`, "[]"), "content is not a JSON object"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c.sendFrames("shell", tt.frames)
			waitForLog(t, tk.logs, tt.log)
		})
	}
	time.Sleep(100 * time.Millisecond)
	if _, ran := c.find("iopub", 0, func(m *Message) bool { return m.Header.MsgType == "stream" }); ran {
		t.Error("a dropped message was executed")
	}

	t.Run("replay", func(t *testing.T) {
		frames := c.newRequest("kernel_info_request", map[string]any{})
		raw, _ := frames.encode(c.signer)
		c.sendFrames("shell", raw)
		c.reply("shell", frames.Header.MsgID)
		c.mu.Lock()
		c.received["shell"] = nil
		c.mu.Unlock()
		c.sendFrames("control", raw) // a replay on another channel is refused too
		c.sendFrames("shell", raw)
		waitForLog(t, tk.logs, "dropped replayed message")
		if _, again := c.find("shell", 300*time.Millisecond, func(m *Message) bool { return parentID(m) == frames.Header.MsgID }); again {
			t.Error("replayed message was answered")
		}
	})
	if r, _ := c.execute("print('still serving')"); r["status"] != "ok" {
		t.Errorf("kernel stopped serving: %v", r)
	}
}

func waitForLog(t *testing.T, logs *syncBuffer, text string) {
	t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for !strings.Contains(logs.String(), text) {
		if time.Now().After(deadline) {
			t.Fatalf("log never mentioned %q", text)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestHostileConnections(t *testing.T) {
	tk := startKernel(t, nil)
	connect(t, tk.info)
	addr := fmt.Sprintf("127.0.0.1:%d", tk.info.ShellPort)
	// A silent connection must not hold up the handshakes of later ones.
	silent, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	tests := []struct {
		name string
		data []byte
	}{
		{"garbage", []byte("GET / HTTP/1.1\r\n\r\n" + strings.Repeat("x", 100))},
		{"huge frame", hugeFrame()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			conn.Write(tt.data)
			conn.SetReadDeadline(time.Now().Add(waitTimeout))
			buf := make([]byte, 512)
			for { // until the kernel closes the connection
				if _, err := conn.Read(buf); err != nil {
					if errors.Is(err, os.ErrDeadlineExceeded) {
						t.Error("kernel kept the connection open")
					}
					break
				}
			}
		})
	}
	start := time.Now()
	c := connect(t, tk.info)
	if r, _ := c.execute("1"); r["status"] != "ok" {
		t.Errorf("kernel stopped serving: %v", r)
	}
	if elapsed := time.Since(start); elapsed > 5*time.Second { // generous: a loaded 2-core machine
		t.Errorf("a new client needed %v to connect", elapsed)
	}
}

// hugeFrame is a ZMTP 3 greeting and READY command from a DEALER followed
// by a frame header announcing 2^62 bytes.
func hugeFrame() []byte {
	greeting := make([]byte, 64)
	greeting[0], greeting[9], greeting[10], greeting[11] = 0xff, 0x7f, 3, 0
	copy(greeting[12:], "NULL")
	ready := []byte{0x04, 0}
	body := append([]byte{5}, "READY"...)
	body = append(body, 11)
	body = append(body, "Socket-Type"...)
	body = append(body, 0, 0, 0, 6)
	body = append(body, "DEALER"...)
	ready[1] = byte(len(body))
	ready = append(ready, body...)
	return append(append(greeting, ready...), 0x02, 0x40, 0, 0, 0, 0, 0, 0, 0)
}

func TestHeartbeat(t *testing.T) {
	tk := startKernel(t, nil)
	c := connect(t, tk.info)
	for _, ping := range []string{"ping", "another"} {
		if err := c.hb.Send(zmq4.NewMsgString(ping)); err != nil {
			t.Fatal(err)
		}
		m, err := c.hb.Recv()
		if err != nil || len(m.Frames) != 1 || string(m.Frames[0]) != ping {
			t.Fatalf("echo %q, %v", m.Frames, err)
		}
	}
}

func TestShutdown(t *testing.T) {
	for _, restart := range []bool{false, true} {
		t.Run(fmt.Sprint("restart=", restart), func(t *testing.T) {
			tk := startKernel(t, nil)
			c := connect(t, tk.info)
			running := c.send("shell", "execute_request", map[string]any{"code": "while True:\n    pass"})
			c.find("iopub", waitTimeout, func(m *Message) bool { return parentID(m) == running && m.Header.MsgType == "execute_input" })
			r, msgs := c.request("control", "shutdown_request", map[string]any{"restart": restart})
			if r["status"] != "ok" || r["restart"] != restart {
				t.Errorf("shutdown_reply %v", r)
			}
			if types(msgs) != "status:busy status:idle" {
				t.Errorf("IOPub %s", types(msgs))
			}
			select {
			case err := <-tk.done:
				tk.done <- err
				if err != nil {
					t.Errorf("Run returned %v", err)
				}
			case <-time.After(waitTimeout):
				t.Fatal("kernel did not exit")
			}
			if e := <-tk.engines; !e.closed.Load() {
				t.Error("engine was not closed")
			}
		})
	}
}

func TestRestartInPlace(t *testing.T) {
	tk := startKernel(t, func(cfg *Config) { cfg.RestartInPlace = true })
	c := connect(t, tk.info)
	c.execute("x = 1")
	c.execute("x")
	running := c.send("shell", "execute_request", map[string]any{"code": "sleep(60000)"})
	c.find("iopub", waitTimeout, func(m *Message) bool { return parentID(m) == running && m.Header.MsgType == "execute_input" })
	queued := c.send("shell", "execute_request", map[string]any{"code": "queued = 1"})
	time.Sleep(100 * time.Millisecond) // shell and control are separate connections: let it arrive first
	first := <-tk.engines

	r, _ := c.request("control", "shutdown_request", map[string]any{"restart": true})
	if r["status"] != "ok" || r["restart"] != true {
		t.Errorf("shutdown_reply %v", r)
	}
	if r := contentOf(t, c.reply("shell", running)); r["ename"] != "KeyboardInterrupt" {
		t.Errorf("running cell: %v", r)
	}
	if r := contentOf(t, c.reply("shell", queued)); r["status"] != "aborted" {
		t.Errorf("queued cell: %v", r)
	}
	if !first.closed.Load() {
		t.Error("old engine was not closed")
	}
	reply, _ := c.execute("x")
	if reply["ename"] != "NameError" || reply["execution_count"] != float64(1) {
		t.Errorf("fresh engine: %v", reply)
	}
	select {
	case err := <-tk.done:
		t.Fatalf("kernel exited: %v", err)
	default:
	}
	hist, _ := c.request("shell", "history_request", map[string]any{"hist_access_type": "range", "session": -1, "start": 1})
	if h := hist["history"].([]any); len(h) != 3 {
		t.Errorf("previous session's history: %v", h)
	}
}

func TestRunStopsWithContext(t *testing.T) {
	tk := startKernel(t, nil)
	connect(t, tk.info)
	tk.cancel()
	select {
	case err := <-tk.done:
		tk.done <- err
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Run returned %v", err)
		}
	case <-time.After(waitTimeout):
		t.Fatal("kernel did not stop")
	}
}

func TestRunRejectsBadConnectionFiles(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, content, want string
	}{
		{"not JSON", "{", "unexpected end"},
		{"bad transport", `{"transport":"udp","ip":"127.0.0.1","shell_port":1,"iopub_port":2,"stdin_port":3,"control_port":4,"hb_port":5}`, "unsupported transport"},
		{"missing port", `{"ip":"127.0.0.1","shell_port":1,"iopub_port":2,"stdin_port":3,"control_port":4}`, "hb_port 0"},
		{"bad scheme", `{"ip":"127.0.0.1","shell_port":1,"iopub_port":2,"stdin_port":3,"control_port":4,"hb_port":5,"signature_scheme":"md5"}`, "signature_scheme"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := dir + "/" + strings.ReplaceAll(tt.name, " ", "_") + ".json"
			os.WriteFile(path, []byte(tt.content), 0o600)
			err := Run(context.Background(), path, Config{NewEngine: newFakeEngine})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Run: %v, want %q", err, tt.want)
			}
		})
	}
	if err := Run(context.Background(), dir+"/missing.json", Config{NewEngine: newFakeEngine}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}

	_, info := writeConnectionFile(t, "k")
	busy, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", info.HBPort))
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	if _, err := New(info, Config{NewEngine: newFakeEngine}); err == nil || !strings.Contains(err.Error(), "address already in use") {
		t.Errorf("port in use: %v", err)
	}
	if _, err := New(info, Config{}); err == nil {
		t.Error("New accepted a Config without NewEngine")
	}
}

func BenchmarkStartupToKernelInfo(b *testing.B) {
	for b.Loop() {
		path, info := writeConnectionFile(b, newID())
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			done <- Run(ctx, path, Config{NewEngine: newFakeEngine, Logger: slog.New(slog.DiscardHandler), HistoryPath: b.TempDir() + "/h.jsonl"})
		}()
		s, _ := newSigner(info.SignatureScheme, info.Key)
		dealer := zmq4.NewDealer(ctx, zmq4.WithDialerRetry(time.Millisecond))
		if err := dealer.Dial(fmt.Sprintf("tcp://127.0.0.1:%d", info.ShellPort)); err != nil {
			b.Fatal(err)
		}
		req := &Message{Header: Header{MsgID: newID(), MsgType: "kernel_info_request", Version: ProtocolVersion, Date: now()}, Content: json.RawMessage("{}")}
		frames, _ := req.encode(s)
		if err := dealer.SendMulti(zmq4.NewMsgFrom(frames...)); err != nil {
			b.Fatal(err)
		}
		raw, err := dealer.Recv()
		if err != nil {
			b.Fatal(err)
		}
		if m, err := decodeMessage(raw.Frames, s); err != nil || m.Header.MsgType != "kernel_info_reply" {
			b.Fatalf("reply %v %v", m, err)
		}
		b.StopTimer()
		dealer.Close()
		cancel()
		<-done
		b.StartTimer()
	}
}

func TestMalformedContent(t *testing.T) {
	tk := startKernel(t, nil)
	c := connect(t, tk.info)
	tests := []struct {
		channel, msgType string
		content          map[string]any
	}{
		{"shell", "execute_request", map[string]any{"code": 5}},
		{"shell", "complete_request", map[string]any{"code": "x", "cursor_pos": "end"}},
		{"shell", "inspect_request", map[string]any{"code": []int{1}}},
		{"shell", "is_complete_request", map[string]any{"code": false}},
		{"shell", "history_request", map[string]any{"hist_access_type": 1}},
		{"control", "shutdown_request", map[string]any{"restart": "yes"}},
	}
	for _, tt := range tests {
		t.Run(tt.msgType, func(t *testing.T) {
			r, msgs := c.request(tt.channel, tt.msgType, tt.content)
			if r["status"] != "error" || r["ename"] != "BadRequest" || len(r["traceback"].([]any)) == 0 {
				t.Errorf("reply %v", r)
			}
			if tt.msgType == "execute_request" && r["execution_count"] != 0.0 {
				t.Errorf("execute_reply without execution_count: %v", r)
			}
			if types(msgs) != "status:busy status:idle" {
				t.Errorf("IOPub %s", types(msgs))
			}
		})
	}
	id := c.send("control", "debug_request", map[string]any{})
	c.collect(id)
	waitForLog(t, tk.logs, "debug_request")
	if r, _ := c.execute("1"); r["status"] != "ok" {
		t.Errorf("kernel stopped serving: %v", r)
	}
}

func TestStrayStdinMessages(t *testing.T) {
	tk := startKernel(t, nil)
	c := connect(t, tk.info)
	c.send("stdin", "input_reply", map[string]any{"value": "nobody asked"})
	waitForLog(t, tk.logs, "answers no pending input_request")
	c.send("stdin", "input_reply", map[string]any{"value": 3})
	waitForLog(t, tk.logs, "dropped malformed input_reply")
	c.send("stdin", "execute_request", map[string]any{"code": "1"})
	waitForLog(t, tk.logs, "ignored unexpected stdin message")

	// An input_reply without a parent answers the only pending request.
	id := c.send("shell", "execute_request", map[string]any{"code": "input('?')"})
	if _, ok := c.find("stdin", waitTimeout, func(m *Message) bool { return m.Header.MsgType == "input_request" }); !ok {
		t.Fatal("no input_request")
	}
	c.send("stdin", "input_reply", map[string]any{"value": "orphan"})
	if r := contentOf(t, c.reply("shell", id)); r["status"] != "ok" {
		t.Errorf("reply %v", r)
	}
	if r := ofType(t, c.collect(id), "execute_result"); len(r) != 1 || r[0]["data"].(map[string]any)["text/plain"] != "'orphan'" {
		t.Errorf("result %v", r)
	}
}

func TestIPCTransport(t *testing.T) {
	dir := t.TempDir()
	info := ConnectionInfo{Transport: "ipc", IP: dir + "/kernel-ipc", Key: "k", SignatureScheme: "hmac-sha256",
		ShellPort: 1, IOPubPort: 2, StdinPort: 3, ControlPort: 4, HBPort: 5}
	k, err := New(info, Config{NewEngine: newFakeEngine, Logger: slog.New(slog.DiscardHandler), HistoryPath: dir + "/h.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- k.Serve(ctx) }()
	defer func() {
		cancel()
		<-done
	}()
	c := connect(t, info)
	if _, msgs := c.execute("print('over ipc')"); ofType(t, msgs, "stream")[0]["text"] != "over ipc\n" {
		t.Errorf("IOPub %s", types(msgs))
	}
}

func TestInterruptedOutcome(t *testing.T) {
	value := Outcome{Result: MimeBundle{"text/plain": "1"}}
	own := Outcome{Err: &CellError{Name: "KeyboardInterrupt", Value: "at line 3"}}
	tests := []struct {
		name string
		in   Outcome
		want Outcome
	}{
		{"finished with a value", value, value},
		{"engine's own KeyboardInterrupt", own, own},
		{"other error", Outcome{Err: &CellError{Name: "Cancelled", Value: "context canceled"}}, Outcome{Err: &CellError{Name: "KeyboardInterrupt", Value: "execution interrupted"}}},
		{"nothing", Outcome{}, Outcome{Err: &CellError{Name: "KeyboardInterrupt", Value: "execution interrupted"}}},
	}
	for _, tt := range tests {
		if got := interrupted(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %+v", tt.name, got)
		}
	}
	if s := own.Err.Error(); s != "KeyboardInterrupt: at line 3" {
		t.Errorf("Error() = %q", s)
	}
}
