package repl

import (
	"context"
	"io"
	"strings"
)

// clearScreen moves the cursor home and erases the screen and its
// scrollback, as the shell's clear does.
const clearScreen = "\x1b[H\x1b[2J\x1b[3J"

// cmdClear clears the terminal (:clear, or a bare clear); piped output has
// no screen to clear and gets nothing.
func (r *repl) cmdClear(context.Context, string) {
	if r.scr.live {
		_, _ = io.WriteString(r.scr, clearScreen)
	}
}

// isBareClear reports whether line is clear, with or without (), and no
// variable of that name hides the meaning (as IPython's terminal takes it).
func (r *repl) isBareClear(line string) bool {
	if strings.TrimSuffix(strings.TrimSpace(line), "()") != "clear" {
		return false
	}
	_, defined := r.sess.Get("clear")
	return !defined
}
