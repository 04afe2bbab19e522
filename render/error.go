package render

import (
	"fmt"
	"html"
	"strings"
)

// Error is what ErrorHTML shows of a failed cell.
type Error struct {
	Kind    string // e.g. "TypeError"
	Message string
	// Snippet is preformatted text shown under the message, such as the
	// source line with a caret under the failing span; may be empty.
	Snippet string
	Hint    string // a suggestion; may be empty
}

// The error box's colours. Each text colour has a contrast of at least
// 4.5:1 with ErrorBackground (TestErrorColours checks it), and the box
// sets both, so the page's own colours do not matter.
const (
	ErrorBackground = "#FDF2F2"
	ErrorText       = "#1F1F1F"
	ErrorKindColour = "#B00020"
	ErrorHintColour = "#00607A"
)

// ErrorHTML renders e as a box: the kind in bold, the message, the snippet
// and the hint.
func ErrorHTML(e Error) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<div class="kael-error" style="font-family:monospace;white-space:pre-wrap;padding:0.4em 0.6em;background:%s;color:%s">`,
		ErrorBackground, ErrorText)
	fmt.Fprintf(&b, `<span style="font-weight:bold;color:%s">%s</span>: %s`,
		ErrorKindColour, html.EscapeString(e.Kind), html.EscapeString(e.Message))
	if e.Snippet != "" {
		fmt.Fprintf(&b, `<pre style="margin:0.3em 0;color:%s;background:%s">%s</pre>`, ErrorText, ErrorBackground, html.EscapeString(e.Snippet))
	}
	if e.Hint != "" {
		fmt.Fprintf(&b, `<div style="color:%s">hint: %s</div>`, ErrorHintColour, html.EscapeString(e.Hint))
	}
	b.WriteString("</div>")
	return b.String()
}
