package repl

import (
	"strings"
	"testing"
)

// TestTerminalClear: a bare clear (and :clear) clears the screen, where it
// was a NameError (issue 32); a variable named clear is a variable.
func TestTerminalClear(t *testing.T) {
	t.Parallel()
	tm, _ := startREPL(t)
	tm.expect(">>> ")
	raw := func() string {
		tm.mu.Lock()
		defer tm.mu.Unlock()
		return tm.out.String()
	}
	for _, line := range []string{"clear", ":clear"} {
		start := len(raw())
		out := tm.run(line)
		if strings.Contains(out, "Error") || !strings.Contains(raw()[start:], "\x1b[2J") {
			t.Errorf("%s: the screen was not cleared; it shows %q", line, out)
		}
	}
	tm.run("clear = 5")
	if out := tm.run("clear + 1"); !strings.Contains(out, "6") {
		t.Errorf("a variable named clear shows %q", out)
	}
}

// TestTerminalMagicInBlock: a line magic inside a block keeps the block
// open, as code does, and runs at each pass (issue 32).
func TestTerminalMagicInBlock(t *testing.T) {
	t.Parallel()
	tm, _ := startREPL(t)
	tm.expect(">>> ")
	tm.send("for i in range(2):\r")
	tm.expect("... ")
	tm.send("%who\r")
	tm.expect("... ")
	out := tm.run("")
	if strings.Contains(out, "Error") || !strings.HasSuffix(out, "\ni\ni\n") {
		t.Errorf("the block with a magic shows %q", out)
	}
}
