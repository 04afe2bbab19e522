package kernel

import (
	"strings"
	"testing"
)

// startLangKernel runs a kernel with the kael language engine.
func startLangKernel(t *testing.T) *client {
	t.Helper()
	tk := startKernel(t, func(c *Config) { c.NewEngine = NewLangEngine })
	return connect(t, tk.info)
}

// TestLangUserExpressions checks that user_expressions are evaluated as
// expressions: they do not replace _, are not recorded as cells, cannot
// assign, and print nothing.
func TestLangUserExpressions(t *testing.T) {
	c := startLangKernel(t)
	c.execute("7")
	reply, msgs := c.request("shell", "execute_request", map[string]any{
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
	if len(ofType(t, msgs, "stream")) != 0 {
		t.Error("user expression output was published")
	}
	// _ is still the last cell's value, z was not assigned.
	_, msgs = c.execute("_")
	if res := ofType(t, msgs, "execute_result"); len(res) != 1 || res[0]["data"].(map[string]any)["text/plain"] != "7" {
		t.Errorf("_ after user expressions: %v", res)
	}
	if reply, _ := c.execute("z"); reply["ename"] != "NameError" {
		t.Errorf("a user expression assigned z: %v", reply)
	}
}

// TestLangErrorPositions checks that a cell's error names it In[n] with its
// execution count, however many silent cells and user expressions ran
// before it.
func TestLangErrorPositions(t *testing.T) {
	c := startLangKernel(t)
	c.request("shell", "execute_request", map[string]any{"code": "1", "user_expressions": map[string]string{"a": "2", "b": "3"}})
	c.request("shell", "execute_request", map[string]any{"code": "2", "silent": true})
	c.request("shell", "execute_request", map[string]any{"code": "3", "store_history": false})
	reply, _ := c.execute("x = 1\nnope")
	if reply["execution_count"] != float64(2) {
		t.Fatalf("execution_count %v, want 2", reply["execution_count"])
	}
	tb := strings.Join(toStrings(reply["traceback"]), "\n")
	if !strings.Contains(tb, "In[2]:2:1") {
		t.Errorf("traceback does not name In[2]:2:1:\n%s", tb)
	}
}

func toStrings(v any) []string {
	var out []string
	list, _ := v.([]any)
	for _, x := range list {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}
