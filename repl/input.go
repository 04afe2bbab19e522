package repl

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/charmbracelet/lipgloss"
	"github.com/chzyer/readline"
)

// historyLimit is the number of lines the history keeps.
const historyLimit = 10000

// terminalReader edits lines with readline on a terminal.
type terminalReader struct {
	rl    *readline.Instance
	stdin *readline.CancelableStdin
	paste *pasteFilter
	fd    int
	mu    sync.Mutex      // readline switches modes from more than one goroutine
	saved *readline.State // the terminal's state before raw mode; nil when not raw
	out   io.Writer
	width func() int // the terminal's width in columns
	// prompt is the prompt of the line being edited.
	prompt string
	// continuation is the prompt shown before the second and later lines
	// of a pasted block.
	continuation string
}

// newTerminalReader starts readline on the terminal fd (which is stdin).
// History is off when historyFile is "".
func newTerminalReader(fd int, opts Options, historyFile string, width func() int, c readline.AutoCompleter) (*terminalReader, error) {
	paste := newPasteFilter(opts.Stdin)
	t := &terminalReader{stdin: readline.NewCancelableStdin(paste), paste: paste, fd: fd, out: opts.Stdout, width: width, continuation: continuationPrompt}
	rl, err := readline.NewEx(&readline.Config{
		Prompt:                 primaryPrompt,
		HistoryFile:            historyFile,
		HistoryLimit:           historyLimit,
		DisableAutoSaveHistory: true, // remember decides what is kept
		HistorySearchFold:      true,
		AutoComplete:           c,
		InterruptPrompt:        "^C",
		EOFPrompt:              "\n", // readline's spelling of "just end the line"
		Stdin:                  t.stdin,
		Stdout:                 opts.Stdout,
		Stderr:                 opts.Stderr,
		FuncGetWidth:           width,
		FuncIsTerminal:         func() bool { return true },
		FuncMakeRaw:            t.makeRaw,
		FuncExitRaw:            t.exitRaw,
		Listener:               paste, // inserts pasted runs at once
	})
	if err != nil {
		t.stdin.Close()
		return nil, err
	}
	t.rl = rl
	fmt.Fprint(opts.Stdout, bracketedPasteOn)
	return t, nil
}

// makeRaw puts the terminal in raw mode unless it is already.
func (t *terminalReader) makeRaw() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.saved != nil {
		return nil
	}
	st, err := readline.MakeRaw(t.fd)
	if err == nil {
		t.saved = st
	}
	return err
}

// exitRaw restores the terminal's mode from before makeRaw.
func (t *terminalReader) exitRaw() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.saved == nil {
		return nil
	}
	err := readline.Restore(t.fd, t.saved)
	t.saved = nil
	return err
}

func (t *terminalReader) readLine(prompt, prefill string) (string, error) {
	// readline draws the prompt when given the prefill, before it takes
	// the terminal; taking it first keeps keys typed at once (Ctrl-C,
	// Ctrl-D) from reaching the terminal's line discipline.
	_ = t.makeRaw() // without raw mode readline still reads lines, only less well
	t.rl.SetPrompt(prompt)
	t.prompt = prompt
	line, err := t.rl.ReadlineWithDefault(prefill)
	if errors.Is(err, readline.ErrInterrupt) {
		return "", errInterrupted
	}
	if block, ok := t.paste.expandBlocks(line); ok {
		// readline showed the block's token: show its lines instead, each
		// after its prompt, as if typed.
		rows := max(1, (lipgloss.Width(prompt+line)+t.width()-1)/max(1, t.width()))
		line = block
		lines := strings.Split(block, "\n")
		fmt.Fprintf(t.out, "\x1b[%dA\r\x1b[J%s%s\n", rows, prompt, lines[0])
		for _, l := range lines[1:] {
			fmt.Fprint(t.out, t.continuation+l+"\n")
		}
	}
	return line, err
}

// confirmList asks, under the line being edited (line), whether to show
// a long list of completions, and shows them if the answer is y; then it
// draws the prompt and line again under them. It runs in readline's
// completer, on the goroutine that reads the keys.
func (t *terminalReader) confirmList(line string, n int, list func() string) {
	t.rl.Clean()
	// Raw mode keeps output processing: "\n" starts a line.
	fmt.Fprintf(t.out, "%s%s\nDisplay all %d possibilities? (y or n)", t.prompt, line, n)
	answer := t.rl.Terminal.ReadRune()
	fmt.Fprint(t.out, "\n")
	if answer == 'y' || answer == 'Y' {
		fmt.Fprint(t.out, list())
	}
	t.rl.Refresh()
}

func (t *terminalReader) readPassword(prompt string) (string, error) {
	b, err := t.rl.ReadPasswordEx(prompt, t.paste)
	if errors.Is(err, readline.ErrInterrupt) {
		return "", errInterrupted
	}
	return string(b), err
}

// remember keeps lines that are not blank. A blank line is still passed
// on, so that readline leaves any history entry the user was browsing.
func (t *terminalReader) remember(line string) {
	if strings.TrimSpace(line) == "" {
		line = ""
	}
	_ = t.rl.SaveHistory(line) // a history that cannot be written is not worth interrupting the user for
}

func (t *terminalReader) close() {
	fmt.Fprint(t.out, bracketedPasteOff)
	t.rl.Close()
	t.stdin.Close()
}

// pipeReader reads lines from input that is not a terminal, writing each
// after its prompt so that the output reads as a session transcript.
type pipeReader struct {
	in   *bufio.Reader
	c    io.Closer
	echo io.Writer
}

func newPipeReader(in io.ReadCloser, echo io.Writer) *pipeReader {
	return &pipeReader{in: bufio.NewReader(in), c: in, echo: echo}
}

func (p *pipeReader) readLine(prompt, _ string) (string, error) {
	line, err := p.in.ReadString('\n')
	if line == "" && err != nil {
		return "", io.EOF
	}
	line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
	fmt.Fprintln(p.echo, prompt+line)
	return line, nil
}

func (p *pipeReader) readPassword(prompt string) (string, error) {
	line, err := p.in.ReadString('\n')
	if line == "" && err != nil {
		return "", io.EOF
	}
	fmt.Fprintln(p.echo, prompt)
	return strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r"), nil
}

func (p *pipeReader) remember(string) {}

// close closes the input, which ends a pending read on a pipe.
func (p *pipeReader) close() { p.c.Close() }
