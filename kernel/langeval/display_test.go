package langeval

import (
	"strings"
	"testing"

	"github.com/kael-dev/kael/kernel/kerneltest"
	"github.com/kael-dev/kael/lang"
)

func displayID(t *testing.T, m map[string]any) string {
	t.Helper()
	tr, _ := m["transient"].(map[string]any)
	id, _ := tr["display_id"].(string)
	if id == "" {
		t.Fatalf("no transient display_id in %v", m)
	}
	return id
}

// TestLangDisplayUpdate checks display(x, display_id=True) and its
// handle's update on the wire: display_data then update_display_data with
// the same display_id, across cells.
func TestLangDisplayUpdate(t *testing.T) {
	c := startLangKernel(t)
	_, msgs := c.Execute("h = display(tensor([1., 2.]), display_id=True)")
	shown := kerneltest.OfType(msgs, "display_data")
	if len(shown) != 1 || !strings.Contains(shown[0]["data"].(map[string]any)["text/html"].(string), "kael-tensor") {
		t.Fatalf("display_data %v", msgs)
	}
	id := displayID(t, shown[0])
	_, msgs = c.Execute("h.update(Markdown('**done**'))")
	updates := kerneltest.OfType(msgs, "update_display_data")
	if len(updates) != 1 || displayID(t, updates[0]) != id || updates[0]["data"].(map[string]any)["text/markdown"] != "**done**" {
		t.Errorf("update_display_data %v", msgs)
	}
	if len(kerneltest.OfType(msgs, "display_data")) != 0 {
		t.Errorf("the update also made a new display: %v", msgs)
	}
}

// TestLangProgressBar checks that a tqdm loop is one display updated in
// place, ending at 100%, with an HTML progress element.
func TestLangProgressBar(t *testing.T) {
	c := startLangKernel(t)
	_, msgs := c.Execute("for i in tqdm(range(5), desc='epochs', mininterval=0):\n    pass\n")
	shown, updates := kerneltest.OfType(msgs, "display_data"), kerneltest.OfType(msgs, "update_display_data")
	if len(shown) != 1 || len(updates) != 6 {
		t.Fatalf("%d display_data and %d update_display_data, want 1 and 6", len(shown), len(updates))
	}
	id := displayID(t, shown[0])
	last := updates[len(updates)-1]
	data := last["data"].(map[string]any)
	if displayID(t, last) != id || !strings.HasPrefix(data["text/plain"].(string), "epochs: 100%|████████████████████| 5/5 [") ||
		!strings.Contains(data["text/html"].(string), `<progress value="5" max="5"`) {
		t.Errorf("last update %v", last)
	}
}

func TestBundleRich(t *testing.T) {
	for _, tc := range []struct {
		src, mime, has string
	}{
		{"Markdown('# Title')", "text/markdown", "# Title"},
		{"Math('\\\\alpha^2')", "text/latex", "$\\displaystyle \\alpha^2$"},
		{"[tensor([1, 2]), 3]", "text/html", "<th style=\"font-family:monospace;vertical-align:top;text-align:right;padding-right:1em\">1</th><td style=\"text-align:left\"><pre style=\"margin:0\">3</pre>"},
		{"{'w': tensor([1.5]), 'name': '<b>'}", "text/html", "&#39;name&#39;</th><td style=\"text-align:left\"><pre style=\"margin:0\">&#39;&lt;b&gt;&#39;</pre>"},
		{"(tensor([1.5]),)", "text/html", "tuple of 1"},
		{"[tensor(0)] * 25", "text/html", "… 5 more"},
	} {
		r := newSessionValue(t, tc.src)
		b := Bundle(r, nil)
		got, _ := b[tc.mime].(string)
		if !strings.Contains(got, tc.has) || b["text/plain"] == nil {
			t.Errorf("%s: %s = %q, want it to hold %q", tc.src, tc.mime, got, tc.has)
		}
	}
	// Lists without tensors stay text.
	if b := Bundle(newSessionValue(t, "[1, 2]"), nil); b["text/html"] != nil {
		t.Errorf("[1, 2] got HTML %v", b["text/html"])
	}
	if b := Bundle(newSessionValue(t, "{'w': tensor([1.5])}"), nil); !strings.Contains(b["text/html"].(string), "kael-tensor") {
		t.Errorf("a dict of tensors lacks the tensor table: %v", b["text/html"])
	}
}

func newSessionValue(t *testing.T, src string) lang.Value {
	t.Helper()
	res := lang.NewSession(lang.IO{}).Exec(t.Context(), "", src+"\n")
	if res.Err != nil {
		t.Fatalf("%s: %v", src, res.Err)
	}
	return res.Value
}
