package repl

import (
	"strings"
	"testing"
)

// TestTerminalWrapsErrors: at a terminal of 120 columns, a long message
// and hint break between words into lines that fit, where the terminal
// would have broken them mid-word (issue 32); the code line stays whole.
func TestTerminalWrapsErrors(t *testing.T) {
	t.Parallel()
	tm, _ := startREPL(t)
	tm.expect(">>> ")
	tm.run("m = 'extraordinarily ' * 12")
	out := tm.run("raise ValueError(m)")
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	found := false
	for _, line := range lines {
		if len([]rune(line)) >= 120 {
			t.Errorf("a line of %d columns does not fit the terminal: %q", len([]rune(line)), line)
		}
		if strings.Contains(line, "ValueError") {
			found = true
		}
		for _, part := range strings.Fields(line) {
			if strings.HasPrefix("extraordinarily", part) && part != "extraordinarily" {
				t.Errorf("a word is broken: %q in %q", part, line)
			}
		}
	}
	if !found || strings.Count(out, "extraordinarily") < 12 {
		t.Errorf("the error is not all there:\n%s", out)
	}
}
