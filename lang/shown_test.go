package lang

import (
	"context"
	"regexp"
	"strings"
	"testing"
)

// torchCalls finds the calls of builtins that PyTorch spells torch.NAME.
var torchCalls = regexp.MustCompile(`\b(tensor|ones|zeros|arange)\(`)

// TestShowText checks the one text the front ends show for a value: the
// body is PyTorch's repr of the same expression (Debian's torch, asked by
// runTorchHarness), a tensor adds its dtype-and-shape caption on the last
// line while that stays within 80 columns and under it past them, and any
// other value is its repr alone.
func TestShowText(t *testing.T) {
	requireTorch(t)
	cases := []struct {
		expr    string // in kael and, with torch. before each call, in PyTorch
		sep     string
		caption string
	}{
		{"tensor([1., 2.])", "  ", "float32[2]"},
		{"tensor(7)", "  ", "int64[]"},
		{"tensor([[True, False]])", "  ", "bool[1, 2]"},
		{"ones(2, 3, dtype=float64) / 3", "  ", "float64[2, 3]"},
		{"zeros(0, 2)", "  ", "float32[0, 2]"},
		{"ones(2, requires_grad=True) * 2", "  ", "float32[2]"},
		{"arange(18.)", "  ", "float32[18]"},
		// The last line is 76 columns: with "  " and the caption 91, past 80.
		{"arange(12.).reshape(2, 6) * 1e6", "\n", "float32[2, 6]"},
		{"arange(2000)", "  ", "int64[2000]"},
		{"[ones(1), 2]", "", ""},
		{"'text'", "", ""},
	}
	// PyTorch's repr of every expression, from one python3.
	var exprs []string
	for _, tc := range cases {
		e := torchCalls.ReplaceAllString(tc.expr, "torch.$1(")
		exprs = append(exprs, strings.ReplaceAll(e, "float64", "torch.float64"))
	}
	reprs := runTorchHarness(t, "import json, sys, torch\nprint(json.dumps([repr(eval(e)) for e in json.load(sys.stdin)]))", exprs)
	for i, tc := range cases {
		t.Run(tc.expr, func(t *testing.T) {
			res := NewSession(IO{}).Exec(context.Background(), "", tc.expr+"\n")
			if res.Err != nil {
				t.Fatal(res.Err)
			}
			shown, err := ShowText(res.Value)
			if err != nil {
				t.Fatal(err)
			}
			if want := reprs[i]; shown.Body != want {
				t.Errorf("body\n%s\nPyTorch\n%s", shown.Body, want)
			}
			if shown.Sep != tc.sep || shown.Caption != tc.caption {
				t.Errorf("caption %q after %q, want %q after %q", shown.Caption, shown.Sep, tc.caption, tc.sep)
			}
			if shown.String() != shown.Body+shown.Sep+shown.Caption || Shown(res.Value) != shown {
				t.Errorf("String() %q, Shown %q", shown.String(), Shown(res.Value))
			}
		})
	}
}
