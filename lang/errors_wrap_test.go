package lang

import (
	"strings"
	"testing"
)

// TestErrorWrap: with a width, a rendered error's message and hint break
// at spaces into lines that fit, never inside a word, and its code lines
// stay whole (issue 32: long errors broke mid-word at the terminal width).
func TestErrorWrap(t *testing.T) {
	e := &Error{Kind: ValueError, Msg: "The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0",
		Hint: "shapes [2] and [3] cannot be broadcast together; reshape one of them"}
	for _, tc := range []struct {
		width int
		want  string
	}{
		{0, "ValueError: The size of tensor a (2) must match the size of tensor b (3) at non-singleton dimension 0\nhint: shapes [2] and [3] cannot be broadcast together; reshape one of them"},
		{40, "ValueError: The size of tensor a (2)\n  must match the size of tensor b (3) at\n  non-singleton dimension 0\nhint: shapes [2] and [3] cannot be\n  broadcast together; reshape one of\n  them"},
		{12, "ValueError: The\n  size of\n  tensor a\n  (2) must\n  match the\n  size of\n  tensor b\n  (3) at\n  non-singleton\n  dimension\n  0\nhint: shapes\n  [2] and\n  [3] cannot\n  be\n  broadcast\n  together;\n  reshape\n  one of\n  them"},
	} {
		got := e.RenderStyled(ErrorStyle{Width: tc.width})
		if got != tc.want {
			t.Errorf("width %d:\n%s\nwant\n%s", tc.width, got, tc.want)
		}
		for _, line := range strings.Split(got, "\n") {
			if tc.width >= 40 && len(line) > tc.width {
				t.Errorf("width %d: line %q is longer than the width", tc.width, line)
			}
		}
	}
	// A code line is never wrapped.
	r := NewSession(IO{}).Exec(t.Context(), "", "a_rather_long_name_for_a_list = [1, 2]\na_rather_long_name_for_a_list + (1, 2) + a_rather_long_name_for_a_list")
	if r.Err == nil {
		t.Fatal("no error")
	}
	if got := r.Err.RenderStyled(ErrorStyle{Width: 30}); !strings.Contains(got, "2 | a_rather_long_name_for_a_list + (1, 2) + a_rather_long_name_for_a_list\n") {
		t.Errorf("the code line was wrapped:\n%s", got)
	}
}
