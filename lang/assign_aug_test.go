package lang

import (
	"context"
	"testing"
)

// TestListPlusEqualsIterable: list += iterable extends the list in place,
// as Python's list.__iadd__ does, also with a tuple or a tensor on the
// right (where list + tuple is a TypeError); it once crashed on a tensor.
func TestListPlusEqualsIterable(t *testing.T) {
	for _, c := range []struct{ code, want string }{
		{"l = [1, 2]\nm = l\nl += (3,)\nm", "[1, 2, 3]"},
		{"l = [1, 2]\nl += 'ab'\nl", "[1, 2, 'a', 'b']"},
		{"l = [1, 2]\nl += tensor([5, 6])\nlen(l), l[2].item()", "(4, 5)"},
		{"l = [1]\nl += 3", "~TypeError"},
	} {
		s := NewSession(IO{})
		r := s.Exec(context.Background(), "c", c.code)
		got := ""
		if r.Err != nil {
			got = "~" + string(r.Err.Kind)
			if c.want == got {
				continue
			}
		} else {
			got = Repr(r.Value)
		}
		if got != c.want {
			t.Errorf("%q: got %s, want %s (err %v)", c.code, got, c.want, r.Err)
		}
	}
}
