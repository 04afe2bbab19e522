package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/magic"
	_ "github.com/kael-dev/kael/lang/std" // the standard modules
)

// runScript runs src: print output goes to stdout as it happens and, when
// showValue is set (kael -c, which runs its code like a notebook cell,
// magics and x? included), what a magic printed, a help page, what %load
// would put into the next input, and the value
// of the final expression statement when it is not None. A script
// (kael run, piped stdin) prints only what it prints, as Python does. The
// notes a notebook shows with the result (type promotions) go to stderr. An
// error goes to stderr, rendered with its source line, and the exit status
// is 1; SystemExit (sys.exit) ends it with its code's status, as CPython.
// argv is sys.argv (nil: a list of one empty string).
func runScript(ctx context.Context, filename, src string, argv []string, showValue bool, stdin io.Reader, stdout, stderr io.Writer) int {
	lines := &lineReader{r: bufio.NewReader(stdin)}
	s := lang.NewSession(lang.IO{
		Stdout: stdout,
		Stderr: stderr,
		Input: func(prompt string, _ bool) (string, error) {
			fmt.Fprint(stdout, prompt)
			return lines.read(ctx)
		},
	})
	if filename != "<stdin>" && filename != "<string>" {
		s.SetScript(filename) // __file__, and import beside the script
	}
	if argv != nil {
		s.SetArgv(argv)
	}
	var res lang.Result
	if showValue {
		out := magic.New(s).Run(ctx, 1, filename, src)
		fmt.Fprint(stdout, out.Text)
		if out.Page != "" {
			fmt.Fprintln(stdout, strings.TrimRight(out.Page, "\n"))
		}
		if out.NextInput != "" { // %load: there is no next input, so show it
			fmt.Fprintln(stdout, strings.TrimRight(out.NextInput, "\n"))
		}
		res = out.Result
		if res.Value != nil && res.Err == nil {
			// Made under the interrupt, as a notebook's result is: Ctrl-C
			// stops the repr of a huge value.
			var text string
			if err := s.Render(ctx, func() (err error) {
				shown, err := lang.ShowText(res.Value)
				text = shown.String()
				return err
			}); err != nil {
				res.Err = err
			} else {
				fmt.Fprintln(stdout, text)
			}
		}
	} else {
		res = s.Exec(ctx, filename, src)
	}
	for _, n := range res.Notes {
		fmt.Fprintln(stderr, "note: "+n.Text)
	}
	status := reportEnd(s, res.Err, stderr)
	// Then, as CPython's end does, wait for the threads that are not
	// daemons (threading._shutdown).
	if err := s.Shutdown(ctx); err != nil {
		if st := reportEnd(s, err, stderr); status == 0 {
			status = st
		}
	}
	return status
}

// reportEnd writes what e, the error a program ended with, prints on
// stderr, and returns the exit status: an error nobody caught, and a
// SystemExit's message, go to the sys.stderr the program set, if it set
// one, as CPython's do.
func reportEnd(s *lang.Session, e *lang.Error, stderr io.Writer) int {
	if status, text, ok := lang.ExitStatus(e); ok {
		if text != "" && !s.WriteErrorText(text+"\n") {
			fmt.Fprintln(stderr, text)
		}
		return status
	}
	if e != nil {
		if text := e.Render(); !s.WriteErrorText(text + "\n") {
			fmt.Fprintln(stderr, text)
		}
		return 1
	}
	return 0
}

// lineReader reads the lines input() asks for. A read that the user
// interrupts goes on in the background, since a read from a terminal or a
// pipe cannot be cancelled, and what it reads is the next line returned.
type lineReader struct {
	r       *bufio.Reader
	pending chan lineRead // the read in progress; nil when none
}

type lineRead struct {
	line string
	err  error
}

// read returns the next line without its line ending, or a
// KeyboardInterrupt once ctx is cancelled.
func (l *lineReader) read(ctx context.Context) (string, error) {
	if l.pending == nil {
		l.pending = make(chan lineRead, 1)
		go func(ch chan<- lineRead) {
			line, err := l.r.ReadString('\n')
			ch <- lineRead{line, err}
		}(l.pending)
	}
	select {
	case got := <-l.pending:
		l.pending = nil
		if got.err != nil && got.line == "" {
			return "", got.err // io.EOF: lang raises EOFError
		}
		return strings.TrimRight(got.line, "\r\n"), nil
	case <-ctx.Done():
		return "", &lang.Error{Kind: lang.KeyboardInterrupt, Msg: "interrupted while input() was reading a line"}
	}
}
