package repl

import (
	"strings"
	"testing"
)

// TestTerminalBracketedPaste: the REPL turns the terminal's bracketed
// paste on, and a pasted indented function is one cell, its indentation
// not stacked on the auto-indent, whether pasted at the prompt or inside a
// block (issue 32: "unexpected indent" three times, the function undefined).
func TestTerminalBracketedPaste(t *testing.T) {
	t.Parallel()
	tm, _ := startREPL(t)
	tm.expect(">>> ")
	if !strings.Contains(tm.raw(), bracketedPasteOn) {
		t.Error("the REPL did not turn bracketed paste on")
	}

	tm.send(pasteStart + "def add(a, b):\r    s = a + b\r\r    return s\r" + pasteEnd)
	tm.expect("...     return s\n")
	tm.expect(">>> ")
	if out := tm.run("add(2, 3)"); !strings.Contains(out, "5") || strings.Contains(out, "Error") {
		t.Errorf("the pasted function: add(2, 3) shows %q", out)
	}

	// Inside a block the prompt is pre-filled with an indent, which the
	// pasted lines replace with theirs.
	tm.send("class K:\r")
	tm.expect("...     ")
	tm.send(pasteStart + "    def m(self):\r        return 7\r" + pasteEnd)
	tm.expect(">>> ")
	if out := tm.run("K().m()"); !strings.Contains(out, "7") || strings.Contains(out, "Error") {
		t.Errorf("the class pasted into: K().m() shows %q", out)
	}

	// A pasted line waits for Enter, and a tab in it does not complete.
	tm.send(pasteStart + "y =\t40 + 2" + pasteEnd)
	if out := tm.run(""); strings.Contains(out, "Error") {
		t.Errorf("the pasted line shows %q", out)
	}
	if out := tm.run("y"); !strings.Contains(out, "42") {
		t.Errorf("y shows %q, want 42", out)
	}
	// Typed text before a block that wraps at the 120 columns: the redraw
	// starts two rows up, where readline drew the line.
	long := "s = '" + strings.Repeat("w", 120) + "' + "
	tm.send(long + pasteStart + "(\r'!')" + pasteEnd)
	tm.expect("... '!')\n")
	tm.expect(">>> ")
	if !strings.Contains(tm.raw(), "\x1b[2A\r\x1b[J") {
		t.Error("the redraw of a wrapped line did not go up two rows")
	}
	if out := tm.run("len(s)"); !strings.Contains(out, "121") {
		t.Errorf("len(s) shows %q, want 121", out)
	}
	tm.quit()
	if raw := tm.raw(); strings.LastIndex(raw, bracketedPasteOff) < strings.LastIndex(raw, bracketedPasteOn) {
		t.Error("the REPL left bracketed paste on")
	}
}

// raw is all the REPL wrote, escape sequences and all.
func (tm *term) raw() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return tm.out.String()
}
