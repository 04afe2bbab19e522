package repl

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/kael-dev/kael/lang"
	"github.com/muesli/termenv"
)

// runPiped runs the REPL on input that is not a terminal and returns what
// it wrote.
func runPiped(t *testing.T, input string) string {
	t.Helper()
	var out bytes.Buffer
	err := Run(context.Background(), Options{Stdin: io.NopCloser(strings.NewReader(input)), Stdout: &out, Stderr: &out, Version: "test"})
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if bytes.Contains(out.Bytes(), []byte("\x1b")) {
		t.Errorf("plain output has escape codes: %q", out.String())
	}
	return out.String()
}

// wantTranscript reports each of wants that out lacks.
func wantTranscript(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("the transcript lacks\n%s\nit is\n%s", want, out)
		}
	}
}

// outputs runs lines piped and returns what each wrote after its echo.
func outputs(t *testing.T, lines []string) []string {
	t.Helper()
	out := runPiped(t, strings.Join(lines, "\n")+"\n")
	parts := strings.Split(out, "\n"+primaryPrompt)[1:]
	if len(parts) != len(lines) {
		t.Fatalf("%d lines gave %d outputs:\n%s", len(lines), len(parts), out)
	}
	for i, p := range parts {
		echo, rest, _ := strings.Cut(p, "\n")
		if echo != lines[i] {
			t.Fatalf("output %d echoes %q, want %q", i, echo, lines[i])
		}
		parts[i] = rest
	}
	return parts
}

func TestPipedTranscript(t *testing.T) {
	out := runPiped(t, `x = tensor([[1., 2.], [3., 4.]])
x
x * 2
tensor([1, 2]) + x
_
1 + "a"
def f(n):
    return n + 1

f(41)
print("no newline", end="")
7
:type x.sum(0)
_
:nosuch
`)
	wantTranscript(t, out,
		"kael test · tensors with PyTorch semantics · type :help for help, Ctrl-D to quit\n",
		">>> x\ntensor([[1., 2.],\n        [3., 4.]])  float32[2, 2]\n",
		">>> tensor([1, 2]) + x\ntensor([[2., 4.],\n        [4., 6.]])  float32[2, 2]\nnote: int64 + float32 → float32\n",
		">>> _\ntensor([[2., 4.],\n        [4., 6.]])  float32[2, 2]\n",
		">>> 1 + \"a\"\nTypeError: unsupported operand type(s) for +: 'int' and 'str'\n1 | 1 + \"a\"\n  | ^^^^^^^\n",
		">>> def f(n):\n...     return n + 1\n... \n>>> f(41)\n42\n",
		">>> print(\"no newline\", end=\"\")\nno newline\n>>> 7\n7\n",
		">>> :type x.sum(0)\nfloat32[2] tensor, 8 B\n>>> _\n7\n",
		">>> :nosuch\nCommandError: unknown command :nosuch\nhint: :help lists the commands\n",
	)
}

func TestPipedCommands(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "script.kael")
	saved := filepath.Join(dir, "saved.kael")
	if err := os.WriteFile(script, []byte("a = 2\nb = tensor([1.5, 2.5])\nc = b * a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := runPiped(t, `:load `+script+`
c
:vars
:type c
:explain b + a
:time 6 * 7
:help len
:help lenn
:hlep
:type
:type )
:save `+saved+`
:reset
:vars
:load `+saved+`
c
:load `+filepath.Join(dir, "missing.kael")+`
:quit
1 + 1
`)
	wantTranscript(t, out,
		"loaded "+script+"\n>>> c\ntensor([3., 5.])  float32[2]\n",
		"name  type    dtype    shape  size  value\na     int                           2\nb     Tensor  float32  [2]    8 B\nc     Tensor  float32  [2]    8 B\n",
		">>> :type c\nfloat32[2] tensor, 8 B\n",
		"1. operands:",
		">>> :time 6 * 7\nCPU times: user ", "\nWall time: ",
		">>> :help len\nlen(obj)\n    The number of elements",
		"CommandError: no help for lenn\nhint: did you mean len?\n",
		"CommandError: unknown command :hlep\nhint: did you mean :help? :help lists the commands\n",
		"CommandError: :type needs EXPR\nhint: usage: :type EXPR",
		">>> :type )\nSyntaxError: unmatched ')'\n1 | )\n  | ^\nhint: :type takes an expression",
		"saved 3 cells to "+saved+"\n",
		">>> :reset\nall variables removed\n>>> :vars\nno variables yet\n",
		"loaded "+saved+"\n>>> c\ntensor([3., 5.])  float32[2]\n",
		"OSError: cannot read "+filepath.Join(dir, "missing.kael")+": no such file or directory\n",
	)
	if strings.Contains(out, "1 + 1") {
		t.Error(":quit did not quit")
	}
	// :save wrote the cells run, not what :type ran for itself.
	b, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	if want := "a = 2\nb = tensor([1.5, 2.5])\nc = b * a\nc\n6 * 7\n"; string(b) != want {
		t.Errorf(":save wrote %q, want %q", b, want)
	}
}

func TestPipedInputAndEOF(t *testing.T) {
	// input() reads the next line; a block still open at the end of the
	// input runs.
	out := runPiped(t, "name = input('who? ')\nkael\nname\nfor i in range(2):\n    print(i)")
	wantTranscript(t, out, ">>> name = input('who? ')\nwho? kael\n>>> name\n'kael'\n", "...     print(i)\n0\n1\n")
	if out := runPiped(t, "input()\n"); !strings.Contains(out, "EOFError") {
		t.Errorf("input() at the end of the input shows %q", out)
	}
}

// TestNothingCrashes feeds odd input; the REPL must report, not crash.
func TestNothingCrashes(t *testing.T) {
	out := runPiped(t, strings.Join([]string{
		":", ": ", ":help :", ":type 1 +", ":explain", ":explain 1 +", ":explain [1] + 2", ":load", ":save /nonexistent/dir/x",
		")))", "def", "x = [", "]", "'''", "'''", "\x00", "\t", "if 1:", "else:", "", "lambda: (", ")", "exit = 3", "exit",
		"del _", "_", "help()", "display(1, 'a')", "clear_output()", ":time", ":time 1/0", ":vars", "u = '\xff'", "u",
	}, "\n")+"\n")
	if strings.Contains(out, "InternalError") {
		t.Errorf("odd input crashed the REPL:\n%s", out)
	}
	if !strings.Contains(out, ">>> exit\n3\n") {
		t.Errorf("a variable named exit did not hide the exit command:\n%s", out)
	}
}

func TestPanicIsReported(t *testing.T) {
	var out bytes.Buffer
	r := newREPL(Options{Stdout: &out})
	r.safely(func() { panic("boom") })
	if !strings.Contains(out.String(), "InternalError: the REPL crashed: boom") {
		t.Errorf("a panic shows %q", out.String())
	}
}

// TestStyledAndPlainAgree checks that colour changes no text.
func TestStyledAndPlainAgree(t *testing.T) {
	sess := lang.NewSession(lang.IO{})
	res := sess.Exec(context.Background(), "", "x = tensor([[1, 2], [3, 4]])\ny = x / 3\nz = y.sum(dim=1) + x\nz")
	wide := sess.Exec(context.Background(), "", "arange(12.).reshape(2, 6) * 1e6")
	bad := sess.Exec(context.Background(), "", "def f(a):\n    return a @ tensor([1., 2., 3.])\nf(z)")
	if res.Err != nil || wide.Err != nil || bad.Err == nil {
		t.Fatalf("setup: %v, %v, %v", res.Err, wide.Err, bad.Err)
	}
	render := func(st styles) string {
		return strings.Join([]string{
			st.value(res.Value, 80), st.value(wide.Value, 200), st.note(res.Notes[0].Text), st.error(bad.Err, 0),
			st.table([]string{"a", "b"}, [][]string{{"1", ""}, {"22", ""}}), st.prompt(primaryPrompt), st.banner("v"),
		}, "\n")
	}
	colored := lipgloss.NewRenderer(io.Discard)
	colored.SetColorProfile(termenv.ANSI256)
	plain := lipgloss.NewRenderer(io.Discard)
	plain.SetColorProfile(termenv.Ascii)
	c, p := render(newStyles(colored)), render(newStyles(plain))
	if !strings.Contains(c, "\x1b[") {
		t.Fatal("the coloured rendering has no escape codes")
	}
	if strings.Contains(p, "\x1b") {
		t.Errorf("the plain rendering has escape codes: %q", p)
	}
	if stripped := sgr.ReplaceAllString(c, ""); stripped != p {
		t.Errorf("colour changed the text:\n%s\nplain:\n%s", stripped, p)
	}
	for _, want := range []string{"]])  float32[2, 2]", "]])\nfloat32[2, 6]", "hint: "} {
		if !strings.Contains(p, want) {
			t.Errorf("the rendering lacks %q:\n%s", want, p)
		}
	}
}

func TestStatusLine(t *testing.T) {
	var out bytes.Buffer
	now := time.Unix(0, 0)
	s := newScreen(&out, true, func() int { return 60 }, lipgloss.NewStyle())
	s.now = func() time.Time { return now }
	s.started = now
	step := func(d time.Duration) string {
		now = now.Add(d)
		out.Reset()
		s.tick()
		return out.String()
	}
	if got := step(100 * time.Millisecond); got != "" {
		t.Errorf("the status line showed before %v: %q", statusDelay, got)
	}
	if got := step(300 * time.Millisecond); !strings.Contains(got, "running 0.4s") || !strings.HasPrefix(got, "\r") {
		t.Errorf("the activity line reads %q", got)
	}
	s.setProgress("loading", 3, 10)
	if got := step(100 * time.Millisecond); !strings.Contains(got, "loading ██████░░░░░░░░░░░░░░ 3/10  0.5s") {
		t.Errorf("the progress bar reads %q", got)
	}
	// Output erases the status line first, and holds it off for a while.
	out.Reset()
	s.Write([]byte("hello\n"))
	if got := out.String(); got != "\r"+eraseLine+"hello\n" {
		t.Errorf("output over the status line wrote %q", got)
	}
	if got := step(100 * time.Millisecond); got != "" {
		t.Errorf("the status line came back right after output: %q", got)
	}
	// Not drawn over unfinished output.
	s.Write([]byte("partial"))
	if got := step(time.Second); got != "" {
		t.Errorf("the status line was drawn after unfinished output: %q", got)
	}
	s.Write([]byte("\n"))
	s.setProgress("loading", 10, 10)
	if got := step(time.Second); strings.Contains(got, "loading") || !strings.Contains(got, "running") {
		t.Errorf("a finished progress bar still shows: %q", got)
	}
	// Never wider than the terminal.
	s.width = func() int { return 12 }
	if got := step(time.Second); len([]rune(strings.TrimSuffix(strings.TrimPrefix(got, "\r"), eraseLine))) != 11 {
		t.Errorf("on a 12-column terminal the status line is %q", got)
	}
}

func TestCompleter(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"data.kael", "demo.kael", ".hidden"} {
		if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := newREPL(Options{Stdout: io.Discard})
	r.sess.Exec(context.Background(), "", "weights = tensor([1.])")
	c := completer{r}
	do := func(line string) []string {
		cands, n := c.Do([]rune(line), len([]rune(line)))
		var out []string
		for _, cand := range cands {
			out = append(out, string([]rune(line)[len([]rune(line))-n:])+string(cand))
		}
		return out
	}
	for _, tc := range []struct {
		line string
		want []string
	}{
		{"", []string{"    "}},                                // Tab indents at the start of a line
		{"  ", []string{"  "}},                                // to the next multiple of four
		{"weig", []string{"weights"}},                         // a variable
		{"weights.unsq", []string{"unsqueeze", "unsqueeze_"}}, // a method
		{"enumer", []string{"enumerate"}},                     // a builtin
		{":he", []string{"help"}},                             // a command
		{":help enumer", []string{"enumerate"}},
		{":type weights.unsq", []string{"unsqueeze", "unsqueeze_"}},
		{":load " + dir + "/d", []string{dir + "/data.kael", dir + "/demo.kael"}},
	} {
		got := do(tc.line)
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("completing %q gives %q, want %q", tc.line, got, tc.want)
		}
	}
	// The lines typed before are the context: a call still open there
	// offers its keyword arguments.
	r.pending = []string{"s = weights.sum(0,"}
	if got := do("    keep"); strings.Join(got, ",") != "keepdim=" {
		t.Errorf("completing a keyword argument on a continuation line gives %q", got)
	}
}

// TestLoadRefusesNonScripts checks that :load reads only regular text files
// of a sane size, and says why it does not.
func TestLoadRefusesNonScripts(t *testing.T) {
	dir := t.TempDir()
	binary := filepath.Join(dir, "data.bin")
	if err := os.WriteFile(binary, []byte("x = 1\n\x00\x01\xff"), 0o644); err != nil {
		t.Fatal(err)
	}
	huge := filepath.Join(dir, "huge.kael")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(lang.MaxScriptBytes + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	out := runPiped(t, ":load "+dir+"\n:load /dev/zero\n:load "+binary+"\n:load "+huge+"\n")
	wantTranscript(t, out,
		"OSError: cannot read "+dir+": is a directory\n",
		"OSError: cannot read /dev/zero: not a regular file\n",
		"OSError: cannot read "+binary+": not a UTF-8 text file\n",
		"OSError: cannot read "+huge+": larger than 16",
	)
}

// TestRecursionErrorIsShort checks that a frame repeated by recursion is
// shown once.
func TestRecursionErrorIsShort(t *testing.T) {
	out := runPiped(t, "def f(n):\n    return f(n + 1)\n\nf(0)\n")
	if !strings.Contains(out, "more times]") || strings.Count(out, "in call at") > 4 {
		t.Errorf("a runaway recursion shows %d lines:\n%.2000s", strings.Count(out, "\n"), out)
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "cells.kael")
	if err := writeFileAtomic(file, []byte("a = 1\n")); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(file); err != nil || info.Mode().Perm() != 0o644 {
		t.Fatalf("new file: %v, %v", info, err)
	}
	// An existing file keeps its mode; a link to it is followed, not replaced.
	if err := os.Chmod(file, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.kael")
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	if err := writeFileAtomic(link, []byte("b = 2\n")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(file); string(b) != "b = 2\n" {
		t.Errorf("the link's target holds %q", b)
	}
	if info, _ := os.Lstat(link); info.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if info, _ := os.Stat(file); info.Mode().Perm() != 0o600 {
		t.Errorf("mode became %v", info.Mode().Perm())
	}
	// A failure leaves the old contents and no temporary file.
	if err := writeFileAtomic(dir, []byte("x")); err == nil {
		t.Error("writing over a directory succeeded")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("the directory holds %d entries, want 2 (a temporary file left?)", len(entries))
	}
}

func TestHistoryPathMustBeWritable(t *testing.T) {
	dir := t.TempDir()
	if _, err := historyPath(dir); err == nil {
		t.Error("a directory was accepted as the history file")
	}
	path, err := historyPath(filepath.Join(dir, "sub", "history"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the history file was not created: %v", err)
	}
}

// TestQuitRunsAtexit checks that the end of the input runs the functions
// atexit registered, the last registered first, after the last cell's
// output, as CPython's REPL does at exit.
func TestQuitRunsAtexit(t *testing.T) {
	for _, tt := range []struct{ input, wantEnd string }{
		{"import atexit\natexit.register(print, 'registered first')\natexit.register(print, 'registered last')\nprint('last cell')\n", "\nlast cell\nregistered last\nregistered first\n"},
		{"import atexit\natexit.register(print, 'only')\natexit.unregister(print)\n", ">>> atexit.unregister(print)\n"},
		{"print('no atexit')\n", "\nno atexit\n"},
	} {
		if out := runPiped(t, tt.input); !strings.HasSuffix(out, tt.wantEnd) {
			t.Errorf("%q: the transcript does not end with %q:\n%s", tt.input, tt.wantEnd, out)
		}
	}
}
