package repl

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
)

// childEnv marks the test binary started as the REPL under test.
const childEnv = "KAEL_REPL_TEST_CHILD"

// TestMain runs the REPL, as cmd/kael does, when the test binary is
// started by startREPL.
func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		registerTestModule()
		if err := Run(context.Background(), Options{Version: "test"}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// expectTimeout is how long to wait for output; the machines that run the
// tests are shared and slow.
const expectTimeout = 15 * time.Second

// term is a REPL running in a child process on a pseudo-terminal.
type term struct {
	t    testing.TB
	cmd  *exec.Cmd
	pty  *os.File
	mu   sync.Mutex
	out  bytes.Buffer // everything the REPL wrote
	mark int          // expect looks at out from here
	done chan struct{}
}

// startREPL starts the REPL with XDG_STATE_HOME in a temporary directory,
// returned as state, and the extra environment variables env.
func startREPL(t testing.TB, env ...string) (tm *term, state string) {
	state = t.TempDir()
	cmd := exec.Command(os.Args[0])
	// CI is cleared because termenv treats any CI variable as "no terminal".
	cmd.Env = append(os.Environ(), childEnv+"=1", "XDG_STATE_HOME="+state, "TERM=xterm-256color", "NO_COLOR=", "COLORTERM=", "CI=")
	cmd.Env = append(cmd.Env, env...)
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 120})
	if err != nil {
		t.Fatal(err)
	}
	tm = &term{t: t, cmd: cmd, pty: f, done: make(chan struct{})}
	go func() {
		defer close(tm.done)
		buf := make([]byte, 4096)
		for {
			n, err := f.Read(buf)
			tm.mu.Lock()
			tm.out.Write(buf[:n])
			tm.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		f.Close()
	})
	return tm, state
}

var escapes = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]|\r`)

// text is the output since the mark with escape sequences and carriage
// returns removed.
func (tm *term) text() string {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return escapes.ReplaceAllString(tm.out.String()[tm.mark:], "")
}

// expect waits until the output since the mark contains want, then moves
// the mark past it.
func (tm *term) expect(want string) {
	tm.t.Helper()
	deadline := time.Now().Add(expectTimeout)
	for {
		tm.mu.Lock()
		raw := tm.out.String()[tm.mark:]
		tm.mu.Unlock()
		plain := escapes.ReplaceAllString(raw, "")
		if i := strings.Index(plain, want); i >= 0 {
			// Advance the mark to just past want in the raw output.
			tm.mu.Lock()
			tm.mark += rawOffset(raw, i+len(want))
			tm.mu.Unlock()
			return
		}
		if time.Now().After(deadline) {
			tm.t.Fatalf("waited %v for %q; the REPL wrote:\n%s", expectTimeout, want, plain)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// rawOffset maps an offset in the escape-free text of raw to one in raw.
func rawOffset(raw string, plainOff int) int {
	locs := escapes.FindAllStringIndex(raw, -1)
	off := plainOff
	for _, l := range locs {
		if l[0] < off {
			off += l[1] - l[0]
		}
	}
	return min(off, len(raw))
}

// send types s.
func (tm *term) send(s string) {
	tm.t.Helper()
	if _, err := io.WriteString(tm.pty, s); err != nil {
		tm.t.Fatal(err)
	}
}

// run types a line and waits for the next primary prompt, returning what
// was written in between, without escape sequences.
func (tm *term) run(line string) string {
	tm.t.Helper()
	tm.send(line + "\r")
	// readline redraws the line after each key; the last time, a newline
	// follows it.
	tm.expect(line + "\n")
	tm.mu.Lock()
	from := tm.mark
	tm.mu.Unlock()
	tm.expect(">>> ")
	tm.mu.Lock()
	defer tm.mu.Unlock()
	return strings.TrimSuffix(escapes.ReplaceAllString(tm.out.String()[from:tm.mark], ""), ">>> ")
}

// quit sends Ctrl-D and waits for the REPL to exit.
func (tm *term) quit() {
	tm.t.Helper()
	tm.send("\x04")
	select {
	case <-tm.done:
	case <-time.After(expectTimeout):
		tm.t.Fatal("the REPL did not exit after Ctrl-D")
	}
	if err := tm.cmd.Wait(); err != nil {
		tm.t.Fatalf("the REPL exited with %v; it wrote:\n%s", err, tm.text())
	}
}

func TestTerminalSession(t *testing.T) {
	t.Parallel()
	tm, state := startREPL(t)
	tm.expect("kael test")
	tm.expect(">>> ")

	if out := tm.run("x = 6 * 7"); strings.TrimSpace(out) != "" {
		t.Errorf("an assignment printed %q", out)
	}
	if out := tm.run("x"); !strings.Contains(out, "42") {
		t.Errorf("x shows %q, want 42", out)
	}
	if out := tm.run("_ + 1"); !strings.Contains(out, "43") {
		t.Errorf("_ + 1 shows %q, want 43", out)
	}

	out := tm.run(`1 + "a"`)
	for _, want := range []string{"TypeError", "1 | 1 + \"a\"", "  | ^^^^^^^"} {
		if !strings.Contains(out, want) {
			t.Errorf("error output lacks %q:\n%s", want, out)
		}
	}

	// A tensor shows PyTorch's text and its caption; a promotion adds a note.
	tm.run("x = tensor([[1., 2., 3.], [4., 5., 6.]])")
	if out := tm.run("x"); !strings.Contains(out, "tensor([[1., 2., 3.],\n        [4., 5., 6.]])  float32[2, 3]") {
		t.Errorf("x shows %q", out)
	}
	out = tm.run("tensor([1, 2, 3]) + x")
	for _, want := range []string{"tensor([[2., 4., 6.],\n        [5., 7., 9.]])  float32[2, 3]", "note: int64 + float32 → float32"} {
		if !strings.Contains(out, want) {
			t.Errorf("a promoting addition shows %q, lacking %q", out, want)
		}
	}

	// Tab completes a builtin, a method after a dot and a keyword
	// argument.
	tm.send("list(enumer\t")
	tm.expect("list(enumerate")
	if out := tm.run("([7]))"); !strings.Contains(out, "[(0, 7)]") {
		t.Errorf("completed enumerate shows %q", out)
	}
	tm.send("x.unsq\t")
	tm.expect("x.unsqueeze")
	if out := tm.run("(0)"); !strings.Contains(out, "tensor([[[1., 2., 3.],\n         [4., 5., 6.]]])  float32[1, 2, 3]") {
		t.Errorf("the completed x.unsqueeze(0) shows %q", out)
	}
	tm.send("x.sum(1, keep\t")
	tm.expect("x.sum(1, keepdim=")
	if out := tm.run("True)"); !strings.Contains(out, "tensor([[ 6.],\n        [15.]])  float32[2, 1]") {
		t.Errorf("the completed x.sum(1, keepdim=True) shows %q", out)
	}

	// A block: the continuation prompt pre-fills the indent and a blank
	// line ends the block.
	tm.send("def twice(n):\r")
	tm.expect("... ")
	tm.send("return 2 * n\r")
	tm.expect("...     ")
	tm.send("\r")
	tm.expect(">>> ")
	if out := tm.run("twice(21)"); !strings.Contains(out, "42") {
		t.Errorf("twice(21) shows %q", out)
	}

	// Ctrl-C at the prompt drops the line and the pending block.
	tm.send("if True:\r")
	tm.expect("... ")
	tm.send("\x03")
	tm.expect("^C") // after readline's redraw of the line
	tm.expect(">>> ")
	if out := tm.run("7 * 6"); !strings.Contains(out, "42") || strings.Contains(out, "Error") {
		t.Errorf("after Ctrl-C in a block, 7 * 6 shows %q", out)
	}

	out = tm.run(":vars")
	for _, want := range []string{"name", "type", "dtype", "shape", "size", "twice", "function", "x ", "float32", "[2, 3]", "24 B"} {
		if !strings.Contains(out, want) {
			t.Errorf(":vars lacks %q:\n%s", want, out)
		}
	}
	if out := tm.run(":explain x + 1"); !strings.Contains(out, "1. ") || !strings.Contains(out, "int64") {
		t.Errorf(":explain x + 1 shows %q", out)
	}
	if out := tm.run(":hlep"); !strings.Contains(out, "did you mean :help?") {
		t.Errorf(":hlep shows %q", out)
	}
	tm.quit()

	hist, err := os.ReadFile(filepath.Join(state, "kael", "history"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"x = 6 * 7\n", "def twice(n):\n", "    return 2 * n\n", ":vars\n"} {
		if !strings.Contains(string(hist), want) {
			t.Errorf("the history file lacks %q:\n%s", want, hist)
		}
	}
}

func TestTerminalInterrupt(t *testing.T) {
	t.Parallel()
	tm, _ := startREPL(t)
	tm.expect(">>> ")
	tm.run("i = 0")
	tm.send("while True:\r")
	tm.expect("... ")
	tm.send("i += 1\r")
	tm.expect("... ")
	tm.send("\r")
	// The activity indicator shows that the loop is running.
	tm.expect("Ctrl-C interrupts")
	tm.send("\x03")
	tm.expect("KeyboardInterrupt")
	tm.expect(">>> ")
	if out := tm.run("i > 0"); !strings.Contains(out, "True") {
		t.Errorf("after the interrupt, i > 0 shows %q", out)
	}

	// input() reads a line at its own prompt; the status line stays away.
	// Wait for the end of the echoed line first: readline redraws the line
	// (with "who? " and the ">>> " prompt in it) after every key.
	tm.send("name = input('who? ')\r")
	tm.expect("input('who? ')\n")
	tm.expect("who? ")
	time.Sleep(2 * statusDelay)
	if out := tm.text(); strings.Contains(out, "running") {
		t.Errorf("the status line was drawn while input() waited: %q", out)
	}
	tm.send("kael\r")
	tm.expect("kael\n")
	tm.expect(">>> ")
	if out := tm.run("name"); !strings.Contains(out, "'kael'") {
		t.Errorf("input() read %q", out)
	}
	tm.quit()
}

func TestTerminalHistoryPersists(t *testing.T) {
	t.Parallel()
	tm, state := startREPL(t)
	tm.expect(">>> ")
	tm.run("y = 40 + 2")
	tm.quit()

	// A second REPL with the same history recalls the line with Up.
	tm2, _ := startREPL(t, "XDG_STATE_HOME="+state)
	tm2.expect(">>> ")
	tm2.send("\x1b[A\r")
	// readline redraws the recalled line, prompt and all, before Enter
	// ends it: wait for the line's end, then for the next prompt.
	tm2.expect("y = 40 + 2\n")
	tm2.expect(">>> ")
	if out := tm2.run("y"); !strings.Contains(out, "42") {
		t.Errorf("the recalled assignment left y = %q", out)
	}
	// Ctrl-R finds a line by what it contains.
	tm2.run("y = 0")
	tm2.send("\x1240 +")
	tm2.expect("bck-i-search: 40 +")
	tm2.send("\r")
	tm2.expect("y = 40 + 2\n")
	tm2.expect(">>> ")
	if out := tm2.run("y"); !strings.Contains(out, "42") {
		t.Errorf("the line found with Ctrl-R left y = %q", out)
	}
	tm2.quit()
}

var sgr = regexp.MustCompile(`\x1b\[[0-9;]*m`)

// TestTerminalColor checks that the terminal shows the same text as piped
// output, in colour unless NO_COLOR is set.
func TestTerminalColor(t *testing.T) {
	t.Parallel()
	lines := []string{
		"x = tensor([[1., 2., 3.], [4., 5., 6.]])", "x", "tensor([1, 2, 3]) + x", `1 + "a"`, "print('hi')",
		":type x", ":vars", ":explain x + 1", ":help len", ":nosuch",
	}
	want := outputs(t, lines)
	for _, noColor := range []bool{false, true} {
		var env []string
		if noColor {
			env = append(env, "NO_COLOR=1")
		}
		tm, _ := startREPL(t, env...)
		tm.expect(">>> ")
		for i, line := range lines {
			if got := tm.run(line); strings.TrimRight(got, "\n") != strings.TrimRight(want[i], "\n") {
				t.Errorf("NO_COLOR=%v: %s shows\n%s\npiped, it shows\n%s", noColor, line, got, want[i])
			}
		}
		tm.mu.Lock()
		colored := sgr.MatchString(tm.out.String())
		tm.mu.Unlock()
		if colored == noColor {
			t.Errorf("NO_COLOR=%v: colour escape codes present: %v", noColor, colored)
		}
		tm.quit()
	}
}

// TestTerminalProgress loads a script one of whose statements runs until
// the test has seen the progress bar: the bar shows while it runs and is
// gone when it ends. Nothing is timed: the statement waits for the test,
// however slow the machine.
func TestTerminalProgress(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script, open := filepath.Join(dir, "slow.kael"), filepath.Join(dir, "open")
	src := "from kaeltest import gate\ns = 0\nstr(gate)\n" + strings.Repeat("s += 1\n", 3) + "s * 1000\n"
	if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	tm, _ := startREPL(t, gateEnv+"="+open)
	tm.expect(">>> ")
	tm.send(":load " + script + "\r")
	tm.expect(script + "\n")
	bar := regexp.MustCompile(`running [█░]{20} 2/7`)
	for deadline := time.Now().Add(waitDeadline); !bar.MatchString(tm.text()); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no progress bar while the script ran: %q", tm.text())
		}
	}
	if err := os.WriteFile(open, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tm.expect("loaded " + script)
	tm.mu.Lock()
	raw := tm.out.String()
	tm.mu.Unlock()
	last := strings.LastIndex(raw, "░")
	if erase := strings.Index(raw[last:], "\r"+eraseLine); erase < 0 || erase > strings.Index(raw[last:], "3000") {
		t.Errorf("the progress bar was not erased before the result: %q", raw[last:])
	}
	tm.expect(">>> ")
	tm.quit()
}

// TestTerminalInterruptRendering interrupts the repr of a cell's bare
// result, which is made after the cell's code ran: Ctrl-C stops it with a
// KeyboardInterrupt and no part of the text, and the REPL goes on.
func TestTerminalInterruptRendering(t *testing.T) {
	t.Parallel()
	tm, _ := startREPL(t)
	tm.expect(">>> ")
	tm.run("from kaeltest import hang")
	tm.send("hang\r")
	tm.expect("hang\n")
	tm.expect("Ctrl-C interrupts") // the status line: the repr is being made
	tm.send("\x03")
	tm.expect("KeyboardInterrupt")
	tm.expect(">>> ")
	if out := tm.text(); strings.Contains(out, "<interrupted>") || strings.Contains(out, "4095") {
		t.Errorf("the interrupted repr was shown: %q", out)
	}
	if out := tm.run("len(hang) + 1"); !strings.Contains(out, "409601") {
		t.Errorf("after the interrupt, len(hang) + 1 shows %q", out)
	}
	tm.quit()
}

// BenchmarkStartup measures the time from starting the REPL's process to
// its first prompt, as a user sees it.
func BenchmarkStartup(b *testing.B) {
	for b.Loop() {
		tm, _ := startREPL(b)
		deadline := time.Now().Add(expectTimeout)
		for !strings.Contains(tm.text(), ">>> ") {
			if time.Now().After(deadline) {
				b.Fatalf("no prompt after %v; the REPL wrote %q", expectTimeout, tm.text())
			}
			time.Sleep(100 * time.Microsecond)
		}
		b.StopTimer()
		tm.send("\x04")
		<-tm.done
		tm.cmd.Wait()
		b.StartTimer()
	}
}
