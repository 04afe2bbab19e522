package langeval

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kael-dev/kael/kernel"
	"github.com/kael-dev/kael/kernel/kerneltest"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// TestBundleLarge checks that a large tensor renders only its summary,
// quickly, with its notes.
func TestBundleLarge(t *testing.T) {
	x, err := tensor.Ones(tensor.Float32, 10_000_000)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	b := Bundle(x, []lang.Note{{Text: "a <note>"}})
	if d := time.Since(start); d > time.Second {
		t.Errorf("rendering a 10^7-element tensor took %v", d)
	}
	html := b["text/html"].(string)
	if len(html) > 4096 || !strings.Contains(html, "<td>…</td>") || !strings.Contains(html, "note: a &lt;note&gt;") {
		t.Errorf("the HTML of a 10^7-element tensor is %d bytes: %.500s", len(html), html)
	}
	if text := b["text/plain"].(string); !strings.HasSuffix(text, "\nnote: a <note>") {
		t.Errorf("text/plain %q", text)
	}
}

func TestCellErrorCaret(t *testing.T) {
	res := lang.NewSession(lang.IO{}).Exec(context.Background(), "", "1 ^ 'a'\n")
	if res.Err == nil {
		t.Fatal("1 ^ 'a' did not fail")
	}
	var caret bool
	for _, l := range CellErrorOf(res.Err).Traceback {
		if strings.HasPrefix(l, "1 | ") && strings.Contains(l, "\x1b") {
			t.Errorf("a source line was styled as a caret line: %q", l)
		}
		caret = caret || strings.Contains(l, "| \x1b[1m^")
		// Only bold and reset: colours are the front end's theme's.
		if rest := strings.NewReplacer("\x1b[1m", "", "\x1b[0m", "").Replace(l); strings.Contains(rest, "\x1b[") {
			t.Errorf("a traceback line sets a colour: %q", l)
		}
	}
	if !caret {
		t.Errorf("no bold caret line in %q", CellErrorOf(res.Err).Traceback)
	}
}

// startLangKernel runs a kernel with the kael language engine.
func startLangKernel(t *testing.T) *kerneltest.Client {
	t.Helper()
	return kerneltest.Connect(t, kerneltest.Start(t, kernel.Config{NewEngine: New, Version: "test"}))
}

// TestLangUserExpressions checks that user_expressions are evaluated as
// expressions: they do not replace _, are not recorded as cells, cannot
// assign, and print nothing.
func TestLangUserExpressions(t *testing.T) {
	c := startLangKernel(t)
	c.Execute("7")
	reply, msgs := c.Request("execute_request", map[string]any{
		"code": "y = 5",
		"user_expressions": map[string]string{
			"a": "y + 100", "b": "z = 3", "c": "print('muted')", "d": "nope",
		},
	})
	ue := reply["user_expressions"].(map[string]any)
	if a := ue["a"].(map[string]any); a["status"] != "ok" || a["data"].(map[string]any)["text/plain"] != "105" {
		t.Errorf("a: %v", a)
	}
	for _, key := range []string{"b", "d"} {
		if got := ue[key].(map[string]any); got["status"] != "error" {
			t.Errorf("%s: %v", key, got)
		}
	}
	if len(kerneltest.OfType(msgs, "stream")) != 0 {
		t.Error("user expression output was published")
	}
	// _ is still the last cell's value, z was not assigned.
	_, msgs = c.Execute("_")
	if res := kerneltest.OfType(msgs, "execute_result"); len(res) != 1 || res[0]["data"].(map[string]any)["text/plain"] != "7" {
		t.Errorf("_ after user expressions: %v", res)
	}
	if reply, _ := c.Execute("z"); reply["ename"] != "NameError" {
		t.Errorf("a user expression assigned z: %v", reply)
	}
}

// TestLangErrorPositions checks that a cell's error names it In[n] with its
// execution count, however many silent cells and user expressions ran
// before it.
func TestLangErrorPositions(t *testing.T) {
	c := startLangKernel(t)
	c.Request("execute_request", map[string]any{"code": "1", "user_expressions": map[string]string{"a": "2", "b": "3"}})
	c.Request("execute_request", map[string]any{"code": "2", "silent": true})
	c.Request("execute_request", map[string]any{"code": "3", "store_history": false})
	reply, _ := c.Execute("x = 1\nnope")
	if reply["execution_count"] != float64(2) {
		t.Fatalf("execution_count %v, want 2", reply["execution_count"])
	}
	var tb []string
	for _, l := range reply["traceback"].([]any) {
		tb = append(tb, l.(string))
	}
	if !strings.Contains(strings.Join(tb, "\n"), "In[2]:2:1") {
		t.Errorf("traceback does not name In[2]:2:1:\n%s", strings.Join(tb, "\n"))
	}
}

// TestLangTensorResult checks the bundle of a tensor result on the wire:
// render's table, with the promotion note in both forms.
func TestLangTensorResult(t *testing.T) {
	c := startLangKernel(t)
	_, msgs := c.Execute("tensor([1, 2]) + 0.5")
	res := kerneltest.OfType(msgs, "execute_result")
	if len(res) != 1 {
		t.Fatalf("execute_result %v", msgs)
	}
	data := res[0]["data"].(map[string]any)
	html, _ := data["text/html"].(string)
	if !strings.Contains(html, `<div class="kael-tensor">`) || !strings.Contains(html, "<caption") || !strings.Contains(html, "<td>1.5000</td>") {
		t.Errorf("text/html %s", html)
	}
	if text, _ := data["text/plain"].(string); !strings.Contains(text, "note:") || !strings.Contains(html, "note:") {
		t.Errorf("the promotion note is missing: %q / %s", text, html)
	}
}

// discardIO is a front end that drops a cell's output.
type discardIO struct{}

func (discardIO) Stdout(string)                      {}
func (discardIO) Stderr(string)                      {}
func (discardIO) Display(kernel.DisplayData)         {}
func (discardIO) ClearOutput(bool)                   {}
func (discardIO) Input(string, bool) (string, error) { return "", kernel.ErrNoStdin }

// TestCloseRunsAtexit checks that the kernel's end of an engine (Close)
// runs what atexit registered, the last registered first.
func TestCloseRunsAtexit(t *testing.T) {
	file := filepath.Join(t.TempDir(), "out.txt")
	e := New().(*Engine)
	code := fmt.Sprintf("import atexit\ndef note(s):\n    with open(%q, 'a') as f:\n        f.write(s)\natexit.register(note, 'registered first\\n')\natexit.register(note, 'registered last\\n')", file)
	if out := e.Execute(context.Background(), code, discardIO{}); out.Err != nil {
		t.Fatalf("%+v", out.Err)
	}
	if _, err := os.Stat(file); err == nil {
		t.Fatal("atexit ran before the end")
	}
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(file)
	if err != nil || string(got) != "registered last\nregistered first\n" {
		t.Errorf("after Close: %q, %v", got, err)
	}
}
