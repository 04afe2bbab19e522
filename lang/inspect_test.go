package lang

import (
	"context"
	"strings"
	"testing"
)

func TestInspectInsideCallsAndDetail(t *testing.T) {
	s := NewSession(IO{})
	if r := s.Exec(context.Background(), "", "x = tensor([1., 2.])\ndef f(a, b=2):\n    return a\n"); r.Err != nil {
		t.Fatal(r.Err)
	}
	for _, tc := range []struct {
		code       string
		cursor     int // -1: the end
		detail     int
		name, has  string
		hasNotText string
	}{
		{"softmax(x, ", -1, 0, "softmax", "softmax(input, dim", ""},
		{"softmax(x, dim=", -1, 0, "softmax", "softmax(input, dim", ""},
		{"y = f(x, [1, 2], ", -1, 0, "f", "f(a, b=2)", ""},
		{"x.sum(dim=", -1, 0, "x.sum", "Tensor.sum(", ""},
		{"f(softmax(x, 0), ", -1, 0, "f", "f(a, b=2)", ""},
		{"f(softmax(x, ", -1, 0, "softmax", "softmax(", ""},
		{"softmax", -1, 0, "softmax", "softmax(", "Type:"},
		{"softmax", -1, 1, "softmax", "Type: builtin_function", ""},
		{"x", -1, 0, "x", "requires_grad: False", "Value:"},
		{"x", -1, 1, "x", "Value:\ntensor([1., 2.]", ""},
	} {
		cursor := tc.cursor
		if cursor < 0 {
			cursor = len([]rune(tc.code))
		}
		in, ok := s.Inspect(tc.code, cursor, tc.detail)
		if !ok || in.Name != tc.name || !strings.Contains(in.Text, tc.has) || tc.hasNotText != "" && strings.Contains(in.Text, tc.hasNotText) {
			t.Errorf("Inspect(%q, %d, %d) = %+v, %v; want %s with %q", tc.code, cursor, tc.detail, in, ok, tc.name, tc.has)
		}
	}
	for _, code := range []string{"(1, ", "nothing(x, ", "[x, "} {
		if in, ok := s.Inspect(code, len(code), 0); ok {
			t.Errorf("Inspect(%q) = %+v", code, in)
		}
	}
}

func TestCompletionKind(t *testing.T) {
	s := NewSession(IO{})
	if r := s.Exec(context.Background(), "", "xs = tensor([1., 2.])\nxn = 3\n"); r.Err != nil {
		t.Fatal(r.Err)
	}
	for _, tc := range []struct {
		code, match, kind, sig string
	}{
		{"x", "xs", "Tensor", "float32[2]"},
		{"x", "xn", "int", ""},
		{"softm", "softmax", "function", "softmax(input, dim"},
		{"xs.su", "sum", "method", "sum(input"},
		{"wh", "while", "keyword", ""},
		{"softmax(xs, d", "dim=", "param", ""},
	} {
		c := s.Complete(tc.code, len(tc.code))
		i := -1
		for j, m := range c.Matches {
			if m == tc.match {
				i = j
			}
		}
		if i < 0 {
			t.Fatalf("Complete(%q) = %v, lacks %s", tc.code, c.Matches, tc.match)
		}
		kind, sig := s.CompletionKind(tc.code, c, i)
		if kind != tc.kind || !strings.HasPrefix(sig, tc.sig) {
			t.Errorf("CompletionKind(%q, %s) = %q, %q; want %q, %q", tc.code, tc.match, kind, sig, tc.kind, tc.sig)
		}
	}
}

func TestHelpOfValues(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"help(tensor([1., 2.]))", "Tensor: float32[2] tensor, 8 B\nType:          Tensor\ndtype:         float32\n"},
		{"help(3)", "int: int = 3\n"},
		{"help(softmax)", "softmax(input, dim"},
	} {
		var out strings.Builder
		s := NewSession(IO{Stdout: &out})
		if r := s.Exec(context.Background(), "", tc.src+"\n"); r.Err != nil {
			t.Fatalf("%s: %v", tc.src, r.Err)
		}
		if !strings.HasPrefix(out.String(), tc.want) {
			t.Errorf("%s printed %q, want %q", tc.src, out.String(), tc.want)
		}
	}
	if r := NewSession(IO{}).Exec(context.Background(), "", "help('nosuch')\n"); r.Err == nil || r.Err.Kind != NameError {
		t.Errorf("help('nosuch'): %v", r.Err)
	}
}
