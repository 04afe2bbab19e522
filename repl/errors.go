package repl

import "github.com/kael-dev/kael/lang"

// errorText renders e for the screen: on a terminal its message and hint
// are wrapped at word boundaries to the terminal's width, which would
// otherwise break them mid-word; piped output keeps each on one line.
func (r *repl) errorText(e *lang.Error) string {
	width := 0
	if r.scr.live {
		width = r.width() - 1
	}
	return r.st.error(e, width)
}
