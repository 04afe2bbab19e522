package kernel

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestHistoryRequests(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kael", "history.jsonl")
	withPath := func(cfg *Config) { cfg.HistoryPath = path }

	// First kernel: session 1.
	tk := startKernel(t, withPath)
	c := connect(t, tk.info)
	for _, code := range []string{"a = 1", "print(a)", "a", "print(a)"} {
		c.execute(code)
	}
	c.request("shell", "execute_request", map[string]any{"code": "not_stored = 1", "store_history": false})
	c.request("control", "shutdown_request", map[string]any{"restart": false})
	<-tk.done
	tk.done <- nil

	// Second kernel on the same file: session 2.
	tk = startKernel(t, withPath)
	c = connect(t, tk.info)
	c.execute("b = 2")
	c.execute("b")

	tests := []struct {
		name    string
		content map[string]any
		want    []any
	}{
		{"tail", map[string]any{"hist_access_type": "tail", "n": 3},
			[]any{[]any{1.0, 4.0, "print(a)"}, []any{2.0, 1.0, "b = 2"}, []any{2.0, 2.0, "b"}}},
		{"tail with output", map[string]any{"hist_access_type": "tail", "n": 2, "output": true},
			[]any{[]any{2.0, 1.0, []any{"b = 2", nil}}, []any{2.0, 2.0, []any{"b", "2"}}}},
		{"range current session", map[string]any{"hist_access_type": "range", "session": 0, "start": 1},
			[]any{[]any{2.0, 1.0, "b = 2"}, []any{2.0, 2.0, "b"}}},
		{"range previous session", map[string]any{"hist_access_type": "range", "session": -1, "start": 2, "stop": 4},
			[]any{[]any{1.0, 2.0, "print(a)"}, []any{1.0, 3.0, "a"}}},
		{"range absolute session with output", map[string]any{"hist_access_type": "range", "session": 1, "start": 3, "stop": 4, "output": true},
			[]any{[]any{1.0, 3.0, []any{"a", "1"}}}},
		{"search", map[string]any{"hist_access_type": "search", "pattern": "print*"},
			[]any{[]any{1.0, 2.0, "print(a)"}, []any{1.0, 4.0, "print(a)"}}},
		{"search unique", map[string]any{"hist_access_type": "search", "pattern": "print*", "unique": true},
			[]any{[]any{1.0, 4.0, "print(a)"}}},
		{"search last n", map[string]any{"hist_access_type": "search", "pattern": "? = ?", "n": 1},
			[]any{[]any{2.0, 1.0, "b = 2"}}},
		{"search no match", map[string]any{"hist_access_type": "search", "pattern": "zzz*"}, []any{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, msgs := c.request("shell", "history_request", tt.content)
			if r["status"] != "ok" || !reflect.DeepEqual(r["history"], tt.want) {
				t.Errorf("history %v, want %v", r["history"], tt.want)
			}
			if types(msgs) != "status:busy status:idle" {
				t.Errorf("IOPub %s", types(msgs))
			}
		})
	}
	r, _ := c.request("shell", "history_request", map[string]any{"hist_access_type": "sideways"})
	if r["status"] != "error" {
		t.Errorf("bad access type: %v", r)
	}
}

func TestHistoryFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history.jsonl")
	h, err := OpenHistory(path)
	if err != nil {
		t.Fatal(err)
	}
	if h.Session() != 1 {
		t.Errorf("first session %d", h.Session())
	}
	h.AddInput(1, "x = 1\nprint(x)")
	h.AddInput(2, "x")
	h.AddOutput(2, "1")
	h.Close()

	// A damaged line is skipped, the rest kept.
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("{not json\n")
	f.Close()

	h, err = OpenHistory(path)
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	if h.Session() != 2 {
		t.Errorf("second session %d", h.Session())
	}
	got, _ := h.Query(HistoryQuery{Access: "range", Session: 1, Output: true})
	want := [][]any{{1, 1, []any{"x = 1\nprint(x)", nil}}, {1, 2, []any{"x", "1"}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	data, _ := os.ReadFile(path)
	if lines := strings.Count(string(data), "\n"); lines != 6 {
		t.Errorf("history file has %d lines:\n%s", lines, data)
	}
	if _, err := OpenHistory(filepath.Join(path, "not-a-dir", "h.jsonl")); err == nil {
		t.Error("opened a history below a file")
	}
}

func TestMemoryHistory(t *testing.T) {
	h := NewMemoryHistory()
	h.AddInput(1, "a")
	h.NewSession()
	h.AddInput(1, "b")
	n := 5
	got, _ := h.Query(HistoryQuery{Access: "tail", N: &n})
	if want := [][]any{{1, 1, "a"}, {2, 1, "b"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestGlobMatch(t *testing.T) {
	tests := []struct {
		pattern, s string
		want       bool
	}{
		{"*", "", true},
		{"*", "anything\nat all", true},
		{"print*", "print(x)", true},
		{"print*", "x = print", false},
		{"*print*", "x = print", true},
		{"a?c", "abc", true},
		{"a?c", "aéc", true},
		{"a?c", "ac", false},
		{"[abc]x", "bx", true},
		{"[a-c]x", "dx", false},
		{"[^a-c]x", "dx", true},
		{"[]]", "]", true},
		{"[ab", "a", false},
		{"*.kael", "model.kael", true},
		{"a*b*c", "aXXbYYc", true},
		{"a*b*c", "aXXbYY", false},
		{"Print*", "print", false},
	}
	for _, tt := range tests {
		if got := globMatch(tt.pattern, tt.s); got != tt.want {
			t.Errorf("globMatch(%q, %q) = %v", tt.pattern, tt.s, got)
		}
	}
}

func TestDefaultHistoryPath(t *testing.T) {
	t.Setenv("XDG_DATA_HOME", "/data")
	if got := DefaultHistoryPath(); got != "/data/kael/history.jsonl" {
		t.Errorf("with XDG_DATA_HOME: %s", got)
	}
	t.Setenv("XDG_DATA_HOME", "")
	t.Setenv("HOME", "/home/u")
	if got := DefaultHistoryPath(); got != "/home/u/.local/share/kael/history.jsonl" {
		t.Errorf("without: %s", got)
	}
}
