package langeval

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/kael-dev/kael/kernel/kerneltest"
)

// stdout joins the stdout stream text of a cell's messages.
func stdout(msgs []kerneltest.Msg) string {
	var b strings.Builder
	for _, s := range kerneltest.OfType(msgs, "stream") {
		if s["name"] == "stdout" {
			b.WriteString(s["text"].(string))
		}
	}
	return b.String()
}

func resultText(t *testing.T, msgs []kerneltest.Msg) string {
	t.Helper()
	res := kerneltest.OfType(msgs, "execute_result")
	if len(res) != 1 {
		t.Fatalf("%d execute_results in %v", len(res), msgs)
	}
	return res[0]["data"].(map[string]any)["text/plain"].(string)
}

// TestLangMagics checks the magics on the wire: their text is a stdout
// stream, a timed expression's value is the execute_result, a bad magic
// is an error reply.
func TestLangMagics(t *testing.T) {
	c := startLangKernel(t)
	c.Execute("a = tensor([1., 2.])")
	_, msgs := c.Execute("%timeit -n 2 -r 3 a + a")
	if !regexp.MustCompile(`(?m)^[0-9.]+ (ns|µs|ms) ± [0-9.]+ (ns|µs|ms) per loop \(mean ± std\. dev\. of 3 runs, 2 loops each\)\n$`).MatchString(stdout(msgs)) {
		t.Errorf("%%timeit printed %q", stdout(msgs))
	}
	_, msgs = c.Execute("%time 6 * 7")
	if out := stdout(msgs); !strings.HasPrefix(out, "CPU times: user ") || !strings.Contains(out, "\nWall time: ") || resultText(t, msgs) != "42" {
		t.Errorf("%%time: %q, %v", out, msgs)
	}
	_, msgs = c.Execute("%%time\nb = a * 2\nb.sum()")
	if !strings.Contains(stdout(msgs), "Wall time: ") || resultText(t, msgs) != "tensor(6.)  float32[]" {
		t.Errorf("%%%%time: %v", msgs)
	}
	if _, msgs = c.Execute("%who"); stdout(msgs) != "a\tb\n" {
		t.Errorf("%%who: %q", stdout(msgs))
	}
	reply, _ := c.Execute("%nosuch")
	if reply["status"] != "error" || reply["ename"] != "UsageError" {
		t.Errorf("%%nosuch: %v", reply)
	}
	// %reset without -f resets without asking where there is no stdin.
	c.Request("execute_request", map[string]any{"code": "%reset", "allow_stdin": false})
	if reply, _ := c.Execute("a"); reply["ename"] != "NameError" {
		t.Errorf("a after %%reset: %v", reply)
	}
}

// TestLangHistoryVariables checks _N, Out and In against the execution
// counts the kernel gives, silent cells sharing one.
func TestLangHistoryVariables(t *testing.T) {
	c := startLangKernel(t)
	c.Execute("10")                                                                    // 1
	c.Execute("20")                                                                    // 2
	c.Request("execute_request", map[string]any{"code": "99", "store_history": false}) // shares 2
	c.Execute("30")                                                                    // 3
	// In order: each check is a cell of its own and moves _ and __ on, so
	// __ is asked first, while it is still Out[2].
	for _, c2 := range []struct{ expr, want string }{{"__", "20"}, {"_1", "10"}, {"_2", "20"}, {"Out[3]", "30"}, {"In[2]", "'20'"}} {
		if _, msgs := c.Execute(c2.expr); resultText(t, msgs) != c2.want {
			t.Errorf("%s = %s, want %s", c2.expr, resultText(t, msgs), c2.want)
		}
	}
}

// TestLangHelpPage checks that x? and x?? answer with a page payload.
func TestLangHelpPage(t *testing.T) {
	c := startLangKernel(t)
	c.Execute("w = tensor([1., 2.], requires_grad=True)")
	page := func(code string) string {
		reply, msgs := c.Execute(code)
		if len(kerneltest.OfType(msgs, "execute_result")) != 0 {
			t.Errorf("%s gave an execute_result", code)
		}
		payload, _ := reply["payload"].([]any)
		if len(payload) != 1 {
			t.Fatalf("%s: payload %v", code, reply["payload"])
		}
		p := payload[0].(map[string]any)
		if p["source"] != "page" {
			t.Fatalf("%s: payload %v", code, p)
		}
		return p["data"].(map[string]any)["text/plain"].(string)
	}
	if p := page("w?"); !strings.Contains(p, "requires_grad: True") || !strings.Contains(p, "dtype:         float32") || strings.Contains(p, "Value:") {
		t.Errorf("w? page %q", p)
	}
	if p := page("w??"); !strings.Contains(p, "Value:\ntensor([1., 2.]") {
		t.Errorf("w?? page %q", p)
	}
	if p := page("softmax?"); !strings.HasPrefix(p, "softmax(input, dim") {
		t.Errorf("softmax? page %q", p)
	}
}

// TestLangCompleteTypesAndInspect checks complete_reply's
// _jupyter_types_experimental and inspection inside a call's arguments.
func TestLangCompleteTypesAndInspect(t *testing.T) {
	c := startLangKernel(t)
	c.Execute("xs = tensor([1., 2.])")
	reply, _ := c.Request("complete_request", map[string]any{"code": "softm", "cursor_pos": 5})
	types, _ := reply["metadata"].(map[string]any)["_jupyter_types_experimental"].([]any)
	if len(types) == 0 {
		t.Fatalf("complete_reply metadata %v", reply["metadata"])
	}
	first := types[0].(map[string]any)
	if first["text"] != "softmax" || first["type"] != "function" || !strings.HasPrefix(first["signature"].(string), "softmax(input") ||
		first["start"] != float64(0) || first["end"] != float64(5) {
		t.Errorf("types[0] = %v", first)
	}
	reply, _ = c.Request("complete_request", map[string]any{"code": "%tim", "cursor_pos": 4})
	if m, _ := reply["matches"].([]any); len(m) != 2 || m[0] != "%time" || m[1] != "%timeit" || reply["cursor_start"] != float64(0) {
		t.Errorf("completing %%tim: %v", reply)
	}
	inspect := func(code string, detail int) string {
		reply, _ := c.Request("inspect_request", map[string]any{"code": code, "cursor_pos": len([]rune(code)), "detail_level": detail})
		if reply["found"] != true {
			t.Fatalf("inspect %q at its end: %v", code, reply)
		}
		return reply["data"].(map[string]any)["text/plain"].(string)
	}
	if text := inspect("softmax(xs, ", 0); !strings.HasPrefix(text, "softmax(input, dim") {
		t.Errorf("inspecting softmax(xs, : %q", text)
	}
	if d0, d1 := inspect("xs", 0), inspect("xs", 1); !strings.HasPrefix(d1, d0) || len(d1) <= len(d0) {
		t.Errorf("detail 1 does not add to detail 0:\n%s\n---\n%s", d0, d1)
	}
}

// TestLangLoadNextInput checks %load on the wire: a set_next_input payload
// with the file's text after "# %load FILE", replace true as IPython's
// %load sends it, and nothing run; %run runs the file; %%timeit reports.
func TestLangLoadNextInput(t *testing.T) {
	c := startLangKernel(t)
	file := filepath.Join(t.TempDir(), "s.kael")
	if err := os.WriteFile(file, []byte("loaded = 42\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	reply, msgs := c.Execute("%load " + file)
	want := []any{map[string]any{"source": "set_next_input", "text": "# %load " + file + "\nloaded = 42\n", "replace": true}}
	if reply["status"] != "ok" || !reflect.DeepEqual(reply["payload"], want) {
		t.Errorf("%%load replied %v", reply)
	}
	if res := kerneltest.OfType(msgs, "execute_result"); len(res) != 0 {
		t.Errorf("%%load gave a result: %v", res)
	}
	if reply, _ := c.Execute("loaded"); reply["ename"] != "NameError" {
		t.Errorf("%%load ran the file: %v", reply)
	}
	c.Execute("%run " + file)
	if _, msgs := c.Execute("loaded"); resultText(t, msgs) != "42" {
		t.Errorf("after %%run, loaded = %s", resultText(t, msgs))
	}
	_, msgs = c.Execute("%%timeit -n 2 -r 3 y = loaded + 1\nz = y * 2\n")
	// IPython's warning comes first when the slowest run took over four
	// times the fastest, which a busy machine can make of two loops.
	if !regexp.MustCompile(`^(The slowest run took [0-9.]+ times longer than the fastest\. This could mean that an intermediate result is being cached\.\n)?[0-9.]+ (ns|µs|ms) ± [0-9.]+ (ns|µs|ms) per loop \(mean ± std\. dev\. of 3 runs, 2 loops each\)\n$`).MatchString(stdout(msgs)) {
		t.Errorf("%%%%timeit printed %q", stdout(msgs))
	}
}
