package render

import (
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/kael-dev/kael/tensor"
)

func ones(t *testing.T, shape ...int) *tensor.Tensor {
	t.Helper()
	x, err := tensor.Ones(tensor.Float32, shape...)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestSummary(t *testing.T) {
	x := ones(t, 2, 3)
	if got := Summary(x, ""); got != "float32[2, 3] tensor, 24 B" {
		t.Errorf("Summary %q", got)
	}
	if got := Summary(x, "requires_grad"); got != "float32[2, 3] tensor, 24 B, requires_grad" {
		t.Errorf("Summary with grad %q", got)
	}
}

var cellRE = regexp.MustCompile(`<td[^>]*>([^<]*)</td>`)

// rowsOf lists the cells of each table row, "colspan=N:⋮" for a spanning
// cell.
func rowsOf(h string) []string {
	var rows []string
	for _, tr := range strings.Split(h, "<tr>")[1:] {
		tr = tr[:strings.Index(tr, "</tr>")]
		var cells []string
		for _, m := range cellRE.FindAllStringSubmatch(tr, -1) {
			cell := m[1]
			if span := regexp.MustCompile(`colspan="(\d+)"`).FindStringSubmatch(m[0]); span != nil {
				cell = "colspan=" + span[1] + ":" + cell
			}
			cells = append(cells, cell)
		}
		rows = append(rows, strings.Join(cells, " "))
	}
	return rows
}

func TestHTML(t *testing.T) {
	tests := []struct {
		name    string
		x       *tensor.Tensor
		opts    Options
		caption string
		rows    string // joined by "/"
		extra   []string
	}{
		{"scalar", ones(t), Options{}, "float32[] tensor, 4 B", "1.", nil},
		{"vector", ones(t, 3), Options{Grad: "requires_grad"}, "float32[3] tensor, 12 B, requires_grad", "1. 1. 1.", nil},
		{"matrix", ones(t, 2, 2), Options{Notes: []string{"a <b> note"}}, "float32[2, 2] tensor, 16 B", "1. 1./1. 1.",
			[]string{`note: a &lt;b&gt; note`}},
		{"empty", ones(t, 0, 3), Options{}, "float32[0, 3] tensor, 0 B", "", nil},
		{"summarized", ones(t, 100, 100), Options{}, "float32[100, 100] tensor, 39.1 KiB",
			"1. 1. 1. … 1. 1. 1./1. 1. 1. … 1. 1. 1./1. 1. 1. … 1. 1. 1./colspan=7:⋮/1. 1. 1. … 1. 1. 1./1. 1. 1. … 1. 1. 1./1. 1. 1. … 1. 1. 1.", nil},
		{"3-D", ones(t, 2, 1, 2), Options{}, "float32[2, 1, 2] tensor, 16 B", "", []string{"<pre>[[[1., 1.]],\n\n [[1., 1.]]]</pre>"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := HTML(tt.x, tt.opts)
			if !strings.HasPrefix(h, `<div class="kael-tensor"><table`) || !strings.HasSuffix(h, "</div>") {
				t.Errorf("not wrapped in the tensor div: %s", h)
			}
			if !strings.Contains(h, ">"+tt.caption+"<br><span") {
				t.Errorf("caption missing %q: %s", tt.caption, h)
			}
			if tt.name != "3-D" {
				if got := strings.Join(rowsOf(h), "/"); got != tt.rows {
					t.Errorf("rows %q, want %q", got, tt.rows)
				}
			}
			for _, e := range tt.extra {
				if !strings.Contains(h, e) {
					t.Errorf("lacks %q: %s", e, h)
				}
			}
		})
	}
}

// TestHTMLLarge checks that a large tensor renders only what its text form
// shows.
func TestHTMLLarge(t *testing.T) {
	h := HTML(ones(t, 10_000_000), Options{})
	if len(h) > 4096 || !strings.Contains(h, "<td>…</td>") {
		t.Errorf("the HTML of a 10^7-element tensor is %d bytes: %.300s", len(h), h)
	}
}

func TestErrorHTML(t *testing.T) {
	h := ErrorHTML(Error{Kind: "TypeError", Message: "can't add <str>", Snippet: "1 | x + 'a'\n  |     ^^^", Hint: "use str()"})
	for _, want := range []string{">TypeError</span>: can&#39;t add &lt;str&gt;", "1 | x + &#39;a&#39;\n  |     ^^^</pre>", "hint: use str()</div>"} {
		if !strings.Contains(h, want) {
			t.Errorf("lacks %q: %s", want, h)
		}
	}
	if h := ErrorHTML(Error{Kind: "E", Message: "m"}); strings.Contains(h, "<pre") || strings.Contains(h, "hint") {
		t.Errorf("empty snippet or hint shown: %s", h)
	}
}

func TestErrorColours(t *testing.T) {
	for _, fg := range []string{ErrorText, ErrorKindColour, ErrorHintColour} {
		r, err := Contrast(fg, ErrorBackground)
		if err != nil || r < MinContrast {
			t.Errorf("%s on %s: contrast %.2f (%v), want at least %.1f", fg, ErrorBackground, r, err, MinContrast)
		}
	}
}

func TestContrast(t *testing.T) {
	tests := []struct {
		fg, bg string
		want   float64
	}{
		{"#000000", "#FFFFFF", 21},
		{"#FFFFFF", "#FFFFFF", 1},
		{"#777777", "#FFFFFF", 4.48}, // the classic just-failing grey
		{"#60C6C8", "#FFFFFF", 2.0},  // issue 15's hint colour
	}
	for _, tt := range tests {
		got, err := Contrast(tt.fg, tt.bg)
		if err != nil || math.Abs(got-tt.want) > 0.05 {
			t.Errorf("Contrast(%s, %s) = %.3f, %v; want %.2f", tt.fg, tt.bg, got, err, tt.want)
		}
	}
	for _, bad := range []string{"", "#fff", "000000", "#GGGGGG"} {
		if _, err := Contrast(bad, "#FFFFFF"); err == nil {
			t.Errorf("Contrast(%q) accepted", bad)
		}
	}
}

// TestLayoutCaption: the table's caption says how the tensor lies in its
// storage, for a view as well as for a contiguous tensor (issue 32).
func TestLayoutCaption(t *testing.T) {
	x := ones(t, 2, 3)
	xt, err := x.Transpose(0, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		x    *tensor.Tensor
		want string
	}{
		{x, "strides [3, 1], offset 0, contiguous"},
		{xt, "strides [1, 3], offset 0, not contiguous"},
		{ones(t), "strides [], offset 0, contiguous"},
	} {
		if got := Layout(tc.x); got != tc.want {
			t.Errorf("Layout = %q, want %q", got, tc.want)
		}
		if h := HTML(tc.x, Options{}); !strings.Contains(h, `<span style="opacity:0.6">`+tc.want+`</span></caption>`) {
			t.Errorf("the caption lacks %q: %s", tc.want, h)
		}
	}
}
