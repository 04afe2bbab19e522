// Package repl is kael's terminal REPL: a line editor with history,
// completion and multi-line blocks in front of a lang.Session, which shows
// tensors in PyTorch's text with a dtype-and-shape caption (lang.ShowText,
// the text a notebook shows too), promotion notes under results, errors
// with a caret under the failing code, and a progress bar for long work.
//
// Run starts it. Input comes from github.com/chzyer/readline when standard
// input is a terminal (emacs keys, Ctrl-R history search, Tab completion);
// otherwise lines are read as they come and echoed after the prompt, so that
// piped input gives a transcript. Output is styled with lipgloss unless
// colour is off (Options.NoColor, the NO_COLOR environment variable, or
// output that is not a terminal), in which case the same text is written
// without escape codes. docs/repl.md is the user's guide.
package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/kael-dev/kael/internal/fileguard"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/magic"
	_ "github.com/kael-dev/kael/lang/std" // the standard modules
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/muesli/termenv"
)

// Options configure Run. Every field is optional.
type Options struct {
	// Stdin, Stdout and Stderr default to the process's. When Stdin is a
	// terminal the REPL edits lines with readline; otherwise it reads
	// lines as they come, and closes Stdin when it returns.
	Stdin  io.ReadCloser
	Stdout io.Writer
	Stderr io.Writer
	// HistoryFile is where input lines are kept between sessions. It
	// defaults to $XDG_STATE_HOME/kael/history, or
	// ~/.local/state/kael/history; its directory is created if needed.
	HistoryFile string
	// NoColor writes plain text. Colour is also off when the NO_COLOR
	// environment variable is set or Stdout is not a terminal.
	NoColor bool
	// Version is shown in the banner.
	Version string
}

// The prompts.
const (
	primaryPrompt      = ">>> "
	continuationPrompt = "... "
)

// Delays of the status line: it appears once a cell has run for
// statusDelay without writing anything, and is redrawn every statusTick.
const (
	statusDelay = 300 * time.Millisecond
	statusTick  = 100 * time.Millisecond
)

// errInterrupted is what a lineReader returns when Ctrl-C cancels the line.
var errInterrupted = errors.New("interrupted")

// lineReader reads the user's lines.
type lineReader interface {
	// readLine shows prompt and returns the line typed, without its
	// newline; prefill is editable text already on the line. It returns
	// errInterrupted for Ctrl-C and io.EOF at the end of input.
	readLine(prompt, prefill string) (string, error)
	// readPassword reads a line without showing it.
	readPassword(prompt string) (string, error)
	// remember adds a line to the history.
	remember(line string)
	close()
}

// Run runs the REPL until the user quits (Ctrl-D, :quit) or ctx is
// cancelled; it returns ctx's error in the latter case, and an error only
// if the terminal cannot be set up otherwise.
func Run(ctx context.Context, opts Options) error {
	if opts.Stdin == nil {
		opts.Stdin = os.Stdin
	}
	if opts.Stdout == nil {
		opts.Stdout = os.Stdout
	}
	if opts.Stderr == nil {
		opts.Stderr = os.Stderr
	}
	r := newREPL(opts)
	if fd, ok := terminalFD(opts.Stdin); ok {
		path, err := historyPath(opts.HistoryFile)
		if err != nil {
			fmt.Fprintf(opts.Stderr, "kael: history is off: %v\n", err)
		}
		in, err := newTerminalReader(fd, opts, path, r.width, completer{r})
		if err != nil {
			return fmt.Errorf("starting the line editor: %w", err)
		}
		in.continuation = r.st.dim.Render(continuationPrompt)
		r.in, r.interactive = in, true
		// Ctrl-C reaches the REPL as SIGINT while the terminal is not in
		// raw mode, that is while no line is being edited: it interrupts
		// the running cell, if any, and must never end the process.
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, os.Interrupt)
		defer signal.Stop(sig)
		stopped := make(chan struct{})
		defer close(stopped)
		go func() {
			for {
				select {
				case <-sig:
					r.intr.fire()
				case <-stopped:
					return
				}
			}
		}()
	} else {
		r.in = newPipeReader(opts.Stdin, r.scr)
	}
	defer r.in.close()
	stop := context.AfterFunc(ctx, r.in.close)
	defer stop()
	fmt.Fprintln(r.scr, r.st.banner(opts.Version))
	r.loop(ctx)
	r.safely(func() { r.end(ctx) })
	return ctx.Err()
}

// end runs what the session left for the program's end when the user
// quits: the functions atexit registered and the wait for the threads
// that are not daemons (lang.Session.Shutdown), as CPython's REPL does at
// exit. Ctrl-C stops it.
func (r *repl) end(ctx context.Context) {
	if ctx.Err() != nil {
		return
	}
	r.interruptible(ctx, func(ctx context.Context) {
		if err := r.sess.Shutdown(ctx); err != nil {
			fmt.Fprintln(r.scr, r.errorText(err))
		}
	})
}

// repl is one running REPL.
type repl struct {
	sess  *lang.Session
	shell *magic.Shell
	in    lineReader
	scr   *screen
	st    styles
	intr  interrupts
	// interactive is set when lines are edited on a terminal.
	interactive bool
	// height is the terminal's height in rows, for the pager.
	height func() int
	// pending holds the lines of a block still being typed.
	pending []string
	// loaded holds the lines %load put into the next input, still to
	// come: each pre-fills its prompt, to be edited or taken with Enter,
	// and together they make one cell.
	loaded []string
	quit   bool
}

func newREPL(opts Options) *repl {
	outFD, outIsTerm := terminalFD(opts.Stdout)
	renderer := lipgloss.NewRenderer(opts.Stdout)
	renderer.SetHasDarkBackground(darkBackground(os.Getenv))
	plain := opts.NoColor || os.Getenv("NO_COLOR") != "" || !outIsTerm
	if plain {
		renderer.SetColorProfile(termenv.Ascii)
	}
	width, height := func() int { return 80 }, func() int { return 24 }
	if outIsTerm {
		width = func() int { return terminalWidth(outFD) }
		height = func() int { return terminalHeight(outFD) }
	}
	r := &repl{
		st:     newStyles(renderer),
		height: height,
	}
	r.st.pictures = pictureModeFor(os.Getenv, plain)
	r.scr = newScreen(opts.Stdout, outIsTerm, width, r.st.dim)
	r.sess = lang.NewSession(lang.IO{
		Stdout:   r.scr,
		Stderr:   r.scr,
		Display:  func(v lang.Value) { fmt.Fprintln(r.scr, r.st.value(v, r.scr.width())) },
		Input:    r.input,
		Progress: r.scr.setProgress,
		UpdateDisplay: func(id string, v lang.Value, update bool) {
			r.scr.display(id, r.st.value(v, r.scr.width()), update)
		},
	})
	r.shell = magic.New(r.sess)
	r.shell.Ask = func(prompt string) (string, error) { return r.input(prompt, false) }
	return r
}

func (r *repl) width() int { return r.scr.width() }

// loop reads and runs cells until the input ends or the user quits.
func (r *repl) loop(ctx context.Context) {
	indent := ""
	for !r.quit && ctx.Err() == nil {
		prompt := r.st.prompt(primaryPrompt)
		if len(r.pending) > 0 {
			prompt = r.st.dim.Render(continuationPrompt)
		}
		line, err := r.readLine(prompt, indent)
		switch {
		case errors.Is(err, errInterrupted):
			r.pending, r.loaded, indent = nil, nil, ""
			continue
		case err != nil:
			if len(r.pending) > 0 && !r.interactive && ctx.Err() == nil {
				// A script ended inside a block: run the block.
				r.safely(func() { r.run(ctx, strings.Join(r.pending, "\n")+"\n") })
			}
			return
		}
		r.in.remember(line)
		if len(r.pending) == 0 {
			if strings.TrimSpace(line) == "" {
				continue
			}
			if isCommand(line) || r.isBareQuit(line) || r.isBareClear(line) {
				r.safely(func() { r.command(ctx, line) })
				continue
			}
		}
		r.pending = append(r.pending, line)
		src := strings.Join(r.pending, "\n")  // a block ends with a blank line
		code, _ := magic.TransformMagics(src) // a magic line inside a block is a call
		if strings.Contains(line, "\n") {
			// A pasted block (only a paste brings a newline) is a cell of
			// its own: it ends as if a blank line followed.
			code += "\n"
		}
		status, ind := lang.Completeness(code)
		if magic.IsCellMagic(r.pending[0]) {
			// A cell magic's cell (%%time) goes on to a blank line.
			_, body, _ := strings.Cut(src, "\n")
			status, ind = syntax.Incomplete, ""
			if strings.TrimSpace(line) == "" && len(r.pending) > 1 {
				status = syntax.Complete
			} else if body != "" {
				if st, i := lang.Completeness(body); st == syntax.Incomplete {
					ind = i
				}
			}
		}
		if status == syntax.Incomplete || len(r.loaded) > 0 {
			indent = ind
			continue
		}
		r.pending, indent = nil, ""
		r.safely(func() { r.run(ctx, src+"\n") })
	}
}

// readLine reads the next line at prompt, pre-filled with indent or, while
// %load's lines last, the next of them. Piped input takes those as typed,
// writing them after their prompts as pipeReader writes what it reads.
func (r *repl) readLine(prompt, indent string) (string, error) {
	if len(r.loaded) == 0 {
		return r.in.readLine(prompt, indent)
	}
	line := r.loaded[0]
	r.loaded = r.loaded[1:]
	if !r.interactive {
		fmt.Fprintln(r.scr, prompt+line)
		return line, nil
	}
	return r.in.readLine(prompt, line)
}

// loadInput queues text, which %load put into the next input, as the
// lines of the next prompts, with a blank line after a block left open
// at its end, which ends the cell as typing one does.
func (r *repl) loadInput(text string) {
	text = strings.TrimSuffix(text, "\n")
	r.loaded = strings.Split(text, "\n")
	if st, _ := lang.Completeness(text); st == syntax.Incomplete {
		r.loaded = append(r.loaded, "")
	}
}

// isBareQuit reports whether line is exit or quit, with or without (), and
// no variable of that name hides the meaning.
func (r *repl) isBareQuit(line string) bool {
	name := strings.TrimSuffix(strings.TrimSpace(line), "()")
	if name != "exit" && name != "quit" {
		return false
	}
	_, defined := r.sess.Get(name)
	return !defined
}

// safely runs f, reporting a panic in the REPL's own code instead of
// crashing.
func (r *repl) safely(f func()) {
	defer func() {
		if p := recover(); p != nil {
			r.scr.endCell()
			r.scr.ensureNewline()
			fmt.Fprintln(r.scr, r.errorText(&lang.Error{
				Kind: lang.InternalError,
				Msg:  fmt.Sprintf("the REPL crashed: %v", p),
				Hint: lang.CrashHint("what you typed", debug.Stack()),
			}))
		}
	}()
	f()
}

// run runs one cell through the shell (magics, x?, history variables) and
// renders its value, both interruptible with Ctrl-C and with the status
// line running under them, then shows what the cell produced.
func (r *repl) run(ctx context.Context, src string) magic.Output {
	var out magic.Output
	var value string
	r.interruptible(ctx, func(ctx context.Context) {
		out = r.shell.Run(ctx, 0, "", src)
		value = r.render(ctx, &out)
	})
	r.show(out, value)
	if out.NextInput != "" {
		r.loadInput(out.NextInput)
	}
	return out
}

// render returns the text of a cell's value, made under the cell's
// interrupt: a huge result's repr stops at Ctrl-C, and then (or when the
// text would be too long) out gets the error instead of its value.
func (r *repl) render(ctx context.Context, out *magic.Output) string {
	if out.Value == nil || out.Err != nil {
		return ""
	}
	var text string
	if err := r.sess.Render(ctx, func() (err error) {
		text, err = r.st.valueText(out.Value, r.width())
		return err
	}); err != nil {
		out.Value, out.Err = nil, err
		return ""
	}
	return text
}

// interruptible runs f with a context that Ctrl-C cancels, and shows the
// status line while f runs. Output f left unfinished is ended with a
// newline.
func (r *repl) interruptible(ctx context.Context, f func(ctx context.Context)) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	r.intr.start(cancel)
	r.scr.beginCell()
	f(ctx)
	r.scr.endCell()
	if r.intr.stop() {
		r.scr.interrupted()
	}
	r.scr.ensureNewline()
}

// interrupts routes SIGINT to the running cell.
type interrupts struct {
	mu     sync.Mutex
	cancel context.CancelFunc // the running cell's; nil when none runs
	fired  bool
}

// fire interrupts the running cell; with none running it does nothing.
func (in *interrupts) fire() {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.cancel != nil {
		in.cancel()
		in.fired = true
	}
}

func (in *interrupts) start(cancel context.CancelFunc) {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.cancel, in.fired = cancel, false
}

// stop ends the cell, reporting whether it was interrupted.
func (in *interrupts) stop() bool {
	in.mu.Lock()
	defer in.mu.Unlock()
	in.cancel = nil
	return in.fired
}

// show writes what a magic printed, a help page, and a cell's value (as
// render made it), notes and error.
func (r *repl) show(res magic.Output, value string) {
	if res.Text != "" {
		fmt.Fprint(r.scr, res.Text)
	}
	if res.Page != "" {
		r.page(res.Page)
	}
	if res.Value != nil {
		fmt.Fprintln(r.scr, value)
	}
	for _, n := range res.Notes {
		fmt.Fprintln(r.scr, r.st.note(n.Text))
	}
	if res.Err != nil {
		fmt.Fprintln(r.scr, r.errorText(res.Err))
	}
}

// input serves lang's input(): it reads a line from the user.
func (r *repl) input(prompt string, password bool) (string, error) {
	var line string
	var err error
	r.scr.read(func() {
		if password {
			line, err = r.in.readPassword(prompt)
		} else {
			line, err = r.in.readLine(prompt, "")
		}
	})
	switch {
	case errors.Is(err, errInterrupted):
		return "", &lang.Error{Kind: lang.KeyboardInterrupt, Msg: "interrupted while reading input"}
	}
	return line, err
}

// historyBytes is the most of the history file that is kept: beyond it,
// the oldest lines are dropped when the REPL starts. It holds historyLimit
// lines of 400 bytes.
const historyBytes = 4 << 20

// historyPath returns the history file to use, creating it and its
// directory: path if given, else $XDG_STATE_HOME/kael/history or
// ~/.local/state/kael/history. A file that cannot be written, or that is
// not a regular file (a FIFO would block the line editor, /dev/zero would
// never end), is an error. A file grown beyond historyBytes is cut to its
// newest lines, and a torn last line is ended so that the next one is not
// glued to it.
func historyPath(path string) (string, error) {
	if path == "" {
		state := os.Getenv("XDG_STATE_HOME")
		if state == "" {
			home, err := os.UserHomeDir()
			if err != nil {
				return "", err
			}
			state = filepath.Join(home, ".local", "state")
		}
		path = filepath.Join(state, "kael", "history")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return "", err
	}
	// readline drops write errors silently: find out now whether lines
	// can be kept, so that the user is told once.
	f, info, err := fileguard.OpenRegular(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if info.Size() > historyBytes {
		tail, _, err := fileguard.ReadTail(f, info.Size(), historyBytes)
		if len(tail) > 0 && tail[len(tail)-1] != '\n' {
			tail = append(tail, '\n')
		}
		if err == nil {
			err = fileguard.WriteAtomic(path, tail, 0o600)
		}
		if err != nil {
			return "", err
		}
		return path, nil
	}
	if err := fileguard.TerminateLine(f, info.Size()); err != nil {
		return "", err
	}
	return path, nil
}
