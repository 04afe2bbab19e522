package kernel

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// TestTensorRows checks the table cells of tensors, summarized or not, and
// with rows wrapped in the text form.
func TestTensorRows(t *testing.T) {
	for _, tc := range []struct {
		shape []int
		want  string // rows joined by "/", cells by " "
	}{
		{nil, "1."},
		{[]int{3}, "1. 1. 1."},
		{[]int{2, 3}, "1. 1. 1./1. 1. 1."},
		{[]int{0, 3}, ""},
		{[]int{2000}, "1. 1. 1. … 1. 1. 1."},
		{[]int{1000, 10000}, "1. 1. 1. … 1. 1. 1./1. 1. 1. … 1. 1. 1./1. 1. 1. … 1. 1. 1./⋮/1. 1. 1. … 1. 1. 1./1. 1. 1. … 1. 1. 1./1. 1. 1. … 1. 1. 1."},
		{[]int{2, 30}, strings.TrimSuffix(strings.Repeat("1. ", 30), " ") + "/" + strings.TrimSuffix(strings.Repeat("1. ", 30), " ")},
	} {
		x, err := tensor.Ones(tensor.Float32, tc.shape...)
		if err != nil {
			t.Fatal(err)
		}
		var rows []string
		for _, r := range tensorRows(x) {
			rows = append(rows, strings.Join(r, " "))
		}
		if got := strings.Join(rows, "/"); got != tc.want {
			t.Errorf("shape %v: rows %q, want %q", tc.shape, got, tc.want)
		}
	}
}

// TestTensorHTMLLarge checks that a large tensor renders only its summary,
// quickly.
func TestTensorHTMLLarge(t *testing.T) {
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
}

func TestCellErrorCaret(t *testing.T) {
	res := lang.NewSession(lang.IO{}).Exec(context.Background(), "", "1 ^ 'a'\n")
	if res.Err == nil {
		t.Fatal("1 ^ 'a' did not fail")
	}
	var caret bool
	for _, l := range CellErrorOf(res.Err).Traceback {
		if strings.HasPrefix(l, "1 | ") && strings.Contains(l, "\x1b") {
			t.Errorf("a source line was coloured as a caret line: %q", l)
		}
		caret = caret || strings.Contains(l, "| \x1b[1;31m^")
	}
	if !caret {
		t.Errorf("no coloured caret line in %q", CellErrorOf(res.Err).Traceback)
	}
}
