package repl

import (
	"strings"
	"testing"
)

// TestTerminalCompletionAsks: Tab after "x." has more names than the
// screen's 40 rows hold, so the REPL asks before listing them, as readline
// and IPython do (issue 32: Tab dumped ~270 names at once); n lists none,
// y lists them all, and either way the line is there to edit on.
func TestTerminalCompletionAsks(t *testing.T) {
	t.Parallel()
	tm, _ := startREPL(t)
	tm.expect(">>> ")
	tm.run("x = ones(3)")

	tm.send("x.\t")
	tm.expect("Display all ")
	tm.expect(" possibilities? (y or n)")
	tm.send("n")
	tm.expect(">>> x.")
	if out := tm.run("shape"); !strings.Contains(out, "[3]") {
		t.Errorf("x.shape after n shows %q", out)
	}
	if strings.Contains(tm.raw(), "unsqueeze") {
		t.Error("n listed the names")
	}

	tm.send("x.\t")
	tm.expect(" possibilities? (y or n)")
	tm.send("y")
	tm.expect("unsqueeze")
	tm.expect(">>> x.")
	if out := tm.run("ndim"); !strings.Contains(out, "1") {
		t.Errorf("x.ndim after y shows %q", out)
	}

	// A short list is shown without asking.
	tm.send("x.unsq\t")
	tm.expect("x.unsqueeze")
	tm.run("(0)")
	if strings.Count(tm.raw(), "possibilities?") != 2 {
		t.Error("a single completion asked")
	}
}

func TestCompletionColumns(t *testing.T) {
	tests := []struct {
		names []string
		width int
		want  string
	}{
		{[]string{"abs", "add", "all"}, 80, "abs  add  all\n"},
		{[]string{"abs", "add", "all"}, 12, "abs  add\nall\n"},
		{[]string{"a", "long_name"}, 5, "a\nlong_name\n"},
	}
	for _, tt := range tests {
		cols, w := listColumns(tt.names, tt.width)
		if got := columns(tt.names, cols, w); got != tt.want {
			t.Errorf("columns(%q) at width %d = %q, want %q", tt.names, tt.width, got, tt.want)
		}
	}
	for _, tt := range []struct{ in, want string }{{"abc abd", "ab"}, {"x y", ""}, {"same same", "same"}} {
		var ss [][]rune
		for _, s := range strings.Fields(tt.in) {
			ss = append(ss, []rune(s))
		}
		if got := string(commonPrefix(ss)); got != tt.want {
			t.Errorf("commonPrefix(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
