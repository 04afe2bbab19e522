package gonb

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/protocol"
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/render"
	"github.com/kael-dev/kael/tensor"
)

func matrix(t *testing.T) *tensor.Tensor {
	t.Helper()
	x, err := tensor.FromSlice([]float32{1, 2, 3, 4}, 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// shapeError is a real tensor error with a hint, from a failing matmul.
func shapeError(t *testing.T) error {
	t.Helper()
	b, err := tensor.FromSlice([]float32{1, 2, 3}, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err = tensor.Matmul(matrix(t), b); err == nil {
		t.Fatal("matmul of 2x2 and 3x1 did not fail")
	}
	return err
}

func TestRender(t *testing.T) {
	x := matrix(t)
	w := matrix(t)
	if err := autograd.SetRequiresGrad(w, true); err != nil {
		t.Fatal(err)
	}
	terr := shapeError(t)
	var te *tensor.Error
	if !errors.As(terr, &te) {
		t.Fatalf("matmul's error is a %T", terr)
	}
	tests := []struct {
		name     string
		v        any
		html     []string // substrings of Output.HTML; nil wants it empty
		markdown string
		text     string
	}{
		{"tensor", x, []string{`class="` + render.TensorClass + `"`, "<caption", "float32[2, 2] tensor, 16 B", "<td>4.</td>"}, "", x.String()},
		{"grad state", w, []string{"float32[2, 2] tensor, 16 B, requires_grad"}, "", w.String()},
		{"tensor error", terr, []string{`class="kael-error"`, string(te.Kind), htmlEscaped(te.Msg)}, "", terr.Error()},
		{"other error", errors.New("disk <full>"), []string{">error</span>: disk &lt;full&gt;"}, "", "disk <full>"},
		{"string", "**bold**", nil, "**bold**", "**bold**"},
		{"number", 3.5, []string{"<pre", ">3.5</pre>"}, "", "3.5"},
		{"language list", &lang.List{Elems: []lang.Value{int64(1), "a", lang.NoneType{}}}, []string{"[1, &#39;a&#39;, None]"}, "", "[1, 'a', None]"},
		{"language tuple", lang.Tuple{2.5, true}, []string{">(2.5, True)<"}, "", "(2.5, True)"},
		{"text", Text("# not <a> heading"), []string{`<pre style="margin:0"># not &lt;a&gt; heading</pre>`}, "", "# not <a> heading"},
		{"nil tensor", (*tensor.Tensor)(nil), []string{"&lt;nil&gt;"}, "", "<nil>"},
		{"output", Output{SVG: "<svg/>", Text: "a plot"}, nil, "", "a plot"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := Render(tt.v)
			if tt.html == nil && out.HTML != "" {
				t.Errorf("HTML %q, want none", out.HTML)
			}
			for _, want := range tt.html {
				if !strings.Contains(out.HTML, want) {
					t.Errorf("HTML lacks %q:\n%s", want, out.HTML)
				}
			}
			if out.Markdown != tt.markdown || out.Text != tt.text {
				t.Errorf("markdown %q text %q, want %q %q", out.Markdown, out.Text, tt.markdown, tt.text)
			}
		})
	}
	if te.Hint == "" || !strings.Contains(Render(terr).HTML, "hint: "+htmlEscaped(te.Hint)) {
		t.Errorf("the error box lacks the hint %q", te.Hint)
	}
}

func htmlEscaped(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace(s)
}

func TestLanguageErrorBox(t *testing.T) {
	res := Session().Exec(t.Context(), "cell", "y = 1\ny + 'a'\n")
	if res.Err == nil {
		t.Fatal("1 + 'a' did not fail")
	}
	e := ErrorOf(res.Err)
	if e.Kind != "TypeError" || !strings.Contains(e.Snippet, "y + 'a'") || !strings.Contains(e.Snippet, "^") {
		t.Errorf("error box of %v: %+v", res.Err, e)
	}
}

func TestAddRendererFirst(t *testing.T) {
	type plot struct{}
	AddRenderer(func(v any) (Output, bool) {
		_, ok := v.(plot)
		return Output{PNG: []byte("\x89PNG"), Text: "a plot"}, ok
	})
	if out := Render(plot{}); string(out.PNG) != "\x89PNG" {
		t.Errorf("a registered renderer was not used: %+v", out)
	}
	if out := Render("text"); out.Markdown != "text" {
		t.Errorf("a registered renderer took a value it refused: %+v", out)
	}
	gonbFake.take()
	Display(plot{})
	Update("p1", plot{})
	got := gonbFake.take()
	if len(got) != 4 || got[0].MIME != protocol.MIMEImagePNG || got[1] != (message{Sync: true}) ||
		got[2].DisplayID != "p1" || !strings.HasPrefix(got[2].Content.(string), `<img src="data:image/png;base64,`) {
		t.Errorf("a PNG displayed and updated sent %v", got)
	}
}

// TestDisplaySendsThenSyncs checks that Display sends one output per value,
// in order, and then waits for gonb with a Sync.
func TestDisplaySendsThenSyncs(t *testing.T) {
	x := matrix(t)
	gonbFake.take()
	Display(x, "*note*", shapeError(t))
	got := gonbFake.take()
	if len(got) != 4 {
		t.Fatalf("Display of three values sent %v", got)
	}
	want := []protocol.MIMEType{protocol.MIMETextHTML, protocol.MIMETextMarkdown, protocol.MIMETextHTML}
	for i, m := range want {
		if got[i].MIME != m || got[i].DisplayID != "" {
			t.Errorf("message %d is %v, want a new %s output", i, got[i], m)
		}
	}
	if got[0].Content != Render(x).HTML || !strings.Contains(got[2].Content.(string), "kael-error") {
		t.Errorf("sent %v", got)
	}
	if !got[3].Sync {
		t.Errorf("Display did not end with a Sync: %v", got)
	}
	Display()
	if got := gonbFake.take(); len(got) != 1 || !got[0].Sync {
		t.Errorf("Display() sent %v, want only a Sync", got)
	}
}

func TestUpdateReplacesInPlace(t *testing.T) {
	id := NewID()
	if id2 := NewID(); id == id2 || !strings.HasPrefix(id, "kael_") {
		t.Errorf("NewID gave %q and %q", id, id2)
	}
	gonbFake.take()
	Update(id, "step 1")
	Update(id, matrix(t))
	got := gonbFake.take()
	if len(got) != 4 {
		t.Fatalf("two Updates sent %v", got)
	}
	if got[0].MIME != protocol.MIMETextMarkdown || got[0].DisplayID != id || !got[1].Sync ||
		got[2].MIME != protocol.MIMETextHTML || got[2].DisplayID != id || !got[3].Sync {
		t.Errorf("two Updates of %q sent %v", id, got)
	}
}

// outsideNotebook runs f as a program not started by gonb, with standard
// output captured.
func outsideNotebook(t *testing.T, f func()) string {
	t.Helper()
	var buf bytes.Buffer
	saved := stdout
	stdout, gonbui.IsNotebook = &buf, false
	defer func() { stdout, gonbui.IsNotebook = saved, true }()
	f()
	return buf.String()
}

func TestOutsideNotebookPrintsText(t *testing.T) {
	x := matrix(t)
	gonbFake.take()
	printed := outsideNotebook(t, func() {
		Display(x, "hello")
		Update("id", 42)
	})
	if want := x.String() + "\nhello\n42\n"; printed != want {
		t.Errorf("printed %q, want %q", printed, want)
	}
	if got := gonbFake.take(); len(got) != 0 {
		t.Errorf("outside a notebook gonb was sent %v", got)
	}
}

func TestMust(t *testing.T) {
	x := matrix(t)
	if got := Must(x, nil); got != x {
		t.Errorf("Must returned %v", got)
	}
	Check(nil)
	err := shapeError(t)
	for name, f := range map[string]func(){
		"Must":  func() { Must(x, err) },
		"Check": func() { Check(err) },
	} {
		gonbFake.take()
		recovered := func() (r any) {
			defer func() { r = recover() }()
			f()
			return nil
		}()
		if recovered != err {
			t.Errorf("%s panicked with %v, want the error", name, recovered)
		}
		got := gonbFake.take()
		if len(got) != 2 || !strings.Contains(got[0].Content.(string), "kael-error") || !got[1].Sync {
			t.Errorf("%s showed %v before panicking, want the error box and a Sync", name, got)
		}
	}
}

func TestFloat(t *testing.T) {
	for _, tt := range []struct {
		v    any
		want float64
	}{{2.5, 2.5}, {int64(-3), -3}, {true, 1}, {false, 0}} {
		x, err := tensor.Scalar(tt.v)
		if err != nil {
			t.Fatal(err)
		}
		if got := Float(x); got != tt.want {
			t.Errorf("Float(%v) = %v, want %v", x, got, tt.want)
		}
	}
	gonbFake.take()
	recovered := func() (r any) {
		defer func() { r = recover() }()
		Float(matrix(t))
		return nil
	}()
	var te *tensor.Error
	if err, _ := recovered.(error); !errors.As(err, &te) || te.Kind != tensor.ValueError {
		t.Errorf("Float of a 2x2 tensor panicked with %v, want its ValueError", recovered)
	}
	gonbFake.take()
}
