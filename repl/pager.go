package repl

import (
	"errors"
	"fmt"
	"strings"
)

// morePrompt is what the pager asks after each screenful, as IPython's
// pager does when it has no external pager to run.
const morePrompt = "---Return to continue, q to quit--- "

// page shows help text (x?, x??, :help NAME) in the REPL's pager view: the
// first line, the name and signature, in bold, the rest as it is. Text
// taller than the terminal is shown a screenful at a time, as IPython's
// page_dumb shows it: after each, the user presses Return for the next or
// types q (or Ctrl-C, Ctrl-D) to stop. The pager reads its answer through
// the line editor, which owns the terminal's input; piped output gets the
// whole text.
func (r *repl) page(text string) {
	first, rest, _ := strings.Cut(strings.TrimRight(text, "\n"), "\n")
	out := r.st.bold.Render(first)
	if rest != "" {
		out += "\n" + rest
	}
	if !r.interactive {
		r.say(out)
		return
	}
	screen := max(r.height()-1, 1) // a row for the question
	lines := strings.Split(out, "\n")
	for {
		n, used := 0, 0
		for n < len(lines) && used+rows(lines[n], r.width()) <= screen {
			used += rows(lines[n], r.width())
			n++
		}
		n = max(n, 1)
		r.say(strings.Join(lines[:n], "\n"))
		lines = lines[n:]
		if len(lines) == 0 || !r.more() {
			return
		}
	}
}

// more asks whether to show the next screenful.
func (r *repl) more() bool {
	answer, err := r.in.readLine(r.st.dim.Render(morePrompt), "")
	if err != nil && !errors.Is(err, errInterrupted) {
		fmt.Fprintln(r.scr)
	}
	return err == nil && !strings.HasPrefix(strings.ToLower(strings.TrimSpace(answer)), "q")
}
