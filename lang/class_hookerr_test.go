package lang

import (
	"context"
	"strings"
	"testing"
)

// TestSpecialMethodErrorsChangeNothing checks that an error raised by a
// special method that Go code calls (a key's __hash__ in d.get, __len__)
// fails the statement that called it, so a failing cell assigns nothing,
// on the direct len/get path as on the builtin path.
func TestSpecialMethodErrorsChangeNothing(t *testing.T) {
	var out strings.Builder
	s := NewSession(IO{Stdout: &out})
	setup := "class H:\n    def __hash__(self):\n        return 1 // 0\n    def __len__(self):\n        return 1 // 0\nd = {1: 2}\nx = 'kept'\ny = 'kept'"
	if r := s.Exec(context.Background(), "", setup); r.Err != nil {
		t.Fatal(r.Err)
	}
	for _, src := range []string{"x = d.get(H())", "x = d.get(H(), 0)", "y = len(H())", "print(d.get(H()))", "print(len(H()))"} {
		if got := outcome(s.Exec(context.Background(), "", src)); got != "ZeroDivisionError: integer division or modulo by zero" {
			t.Errorf("%s: got %s, want ZeroDivisionError", src, got)
		}
	}
	if out.Len() != 0 {
		t.Errorf("the failing calls printed %q", out.String())
	}
	if got := outcome(s.Exec(context.Background(), "", "x, y")); got != "('kept', 'kept')" {
		t.Errorf("after the failing cells: x, y = %s, want ('kept', 'kept')", got)
	}
}
