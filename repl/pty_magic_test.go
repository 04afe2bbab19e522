package repl

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTerminalMagics checks the magics in a terminal: x? as a page,
// %reset asking its question at a prompt of its own, and Ctrl-C stopping a
// %timeit with the variables kept.
func TestTerminalMagics(t *testing.T) {
	t.Parallel()
	tm, _ := startREPL(t)
	tm.expect(">>> ")
	tm.run("x = tensor([[1., 2.], [3., 4.]])")
	if out := tm.run("x??"); !strings.Contains(out, "x: float32[2, 2] tensor, 16 B") || !strings.Contains(out, "Value:\ntensor([[1., 2.],") {
		t.Errorf("x?? shows %q", out)
	}
	tm.send("%reset\r")
	tm.expect("Proceed (y/[n])? ")
	tm.send("n\r")
	tm.expect("Nothing done.")
	tm.expect(">>> ")
	if out := tm.run("x.sum()"); !strings.Contains(out, "10.") {
		t.Errorf("after %%reset answered n, x.sum() shows %q", out)
	}
	big := "big = ones(300, 300)"
	tm.run(big)
	tm.send("%timeit -n 1000 big @ big\r")
	tm.expect("Ctrl-C interrupts")
	tm.send("\x03")
	tm.expect("KeyboardInterrupt")
	tm.expect(">>> ")
	if out := tm.run("x.shape"); !strings.Contains(out, "[2, 2]") {
		t.Errorf("after interrupting %%timeit, x.shape shows %q", out)
	}
	tm.send("%reset\r")
	tm.expect("Proceed (y/[n])? ")
	tm.send("y\r")
	tm.expect(">>> ")
	if out := tm.run("%who"); !strings.Contains(out, "Interactive namespace is empty.") {
		t.Errorf("%%who after %%reset answered y shows %q", out)
	}
	tm.quit()
}

// TestTerminalDisplayRedraw checks that a display handle's update and a
// tqdm bar redraw their output in place: the cursor goes up over the old
// rows and clears them.
func TestTerminalDisplayRedraw(t *testing.T) {
	t.Parallel()
	tm, _ := startREPL(t)
	tm.expect(">>> ")
	tm.send("h = display('first', display_id=True)\r")
	tm.expect(">>> ")
	tm.send("for s in ['second', 'third']:\r")
	tm.expect("... ")
	tm.send("h.update(s)\r")
	tm.expect("... ")
	tm.send("\r")
	tm.expect("'third'")
	tm.expect(">>> ")
	raw := tm.out.String()
	if !strings.Contains(raw, "'second'\r\n\x1b[1A\r\x1b[J'third'\r\n") {
		t.Errorf("the update was not drawn in place: %q", raw[strings.Index(raw, "'second'")-20:])
	}
	tm.send("for i in trange(3, mininterval=0):\r")
	tm.expect("... ")
	tm.send("pass\r")
	tm.expect("... ")
	tm.send("\r")
	tm.expect("100%|████████████████████| 3/3 [")
	tm.expect(">>> ")
	raw = tm.out.String()
	if !strings.Contains(raw, "| 2/3 [") || !strings.Contains(raw, "]\r\n\x1b[1A\r\x1b[J100%|") {
		t.Errorf("trange did not redraw in place: %q", raw[strings.LastIndex(raw, "trange"):])
	}
	tm.quit()
}

// TestTerminalLoad checks %load in a terminal: the next prompts come
// pre-filled with "# %load FILE" and the file's lines, which the user can
// edit before Enter takes each; the lines run as one cell, and Ctrl-C at
// a pre-filled prompt drops the rest.
func TestTerminalLoad(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "s.kael")
	if err := os.WriteFile(file, []byte("v = 6 * 7\nw = v + 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tm, _ := startREPL(t)
	tm.expect(">>> ")
	tm.send("%load " + file + "\r")
	tm.expect("%load " + file + "\n")
	tm.expect(">>> # %load " + file)
	tm.send("\r")
	tm.expect("... v = 6 * 7")
	tm.send("\x7f8\r") // edit the pre-filled line: 6 * 8
	tm.expect("... w = v + 1")
	tm.send("\r")
	tm.expect(">>> ")
	if out := tm.run("w"); !strings.Contains(out, "49") {
		t.Errorf("the loaded, edited cell left w = %q", out)
	}
	tm.send("%load " + file + "\r")
	tm.expect(">>> # %load " + file)
	tm.send("\x03")
	// readline redraws the pre-filled line, prompt and all, before its
	// "^C": wait for that, or the redraw's ">>> " is taken for the next
	// prompt and the keys that follow are typed ahead of it.
	tm.expect("^C")
	tm.expect(">>> ")
	if out := tm.run("1 + 1"); !strings.Contains(out, "2") || strings.Contains(out, "v = 6") {
		t.Errorf("after Ctrl-C at a loaded line, 1 + 1 shows %q", out)
	}
	tm.quit()
}

// TestTerminalPager checks the pager view: help taller than the terminal
// (40 rows) stops after a screenful at IPython's question; Return shows
// the rest, q leaves it.
func TestTerminalPager(t *testing.T) {
	t.Parallel()
	tm, _ := startREPL(t)
	tm.expect(">>> ")
	tm.run("x = arange(120.).reshape(60, 2)")
	since := func(from int) string {
		tm.mu.Lock()
		defer tm.mu.Unlock()
		return escapes.ReplaceAllString(tm.out.String()[from:tm.mark], "")
	}
	tm.mu.Lock()
	from := tm.mark
	tm.mu.Unlock()
	tm.send("x??\r")
	tm.expect("x??\n")
	tm.expect(morePrompt)
	if shown := since(from); !strings.Contains(shown, "Value:") || strings.Contains(shown, "119.") {
		t.Errorf("the first screenful is %q", shown)
	}
	tm.send("\r")
	tm.expect("[118., 119.]]")
	tm.expect(">>> ")
	tm.send("x??\r")
	tm.expect("x??\n")
	tm.expect(morePrompt)
	tm.mu.Lock()
	from = tm.mark
	tm.mu.Unlock()
	tm.send("q\r")
	tm.expect(">>> ")
	if shown := since(from); strings.Contains(shown, "119.") {
		t.Errorf("q did not leave the pager: %q", shown)
	}
	if out := tm.run("x.shape"); !strings.Contains(out, "[60, 2]") {
		t.Errorf("after the pager, x.shape shows %q", out)
	}
	tm.quit()
}
