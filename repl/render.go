package repl

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/kael-dev/kael/lang"
)

// styles renders the REPL's output. With a renderer whose colour profile
// is Ascii every style writes its text unchanged, so plain output has the
// same content as styled output.
type styles struct {
	bold, dim, kind, caret, hint, promptStyle lipgloss.Style
	// pictures is how figures are drawn.
	pictures pictureMode
}

// The REPL's colours, one for light and one for dark backgrounds. Each has
// a contrast of at least 4.5:1 (WCAG AA) with the backgrounds of its kind
// that TestColourContrast tries; ANSI colour numbers and faint text are
// not used, since their look (and contrast) is the terminal theme's.
var (
	dimColour    = lipgloss.AdaptiveColor{Light: "#5C5C5C", Dark: "#A3A3A3"}
	errorColour  = lipgloss.AdaptiveColor{Light: "#B00020", Dark: "#FF7B72"}
	hintColour   = lipgloss.AdaptiveColor{Light: "#00607A", Dark: "#5FD7FF"}
	promptColour = lipgloss.AdaptiveColor{Light: "#1A7F37", Dark: "#56D364"}
)

func newStyles(r *lipgloss.Renderer) styles {
	return styles{
		bold:        r.NewStyle().Bold(true),
		dim:         r.NewStyle().Foreground(dimColour),
		kind:        r.NewStyle().Bold(true).Foreground(errorColour),
		caret:       r.NewStyle().Bold(true).Foreground(errorColour),
		hint:        r.NewStyle().Foreground(hintColour),
		promptStyle: r.NewStyle().Bold(true).Foreground(promptColour),
	}
}

// darkBackground guesses whether the terminal's background is dark from
// COLORFGBG ("fg;bg", set by rxvt, Konsole, iTerm2 and others; colours 0-6
// and 8 are dark), or KAEL_BACKGROUND=light|dark, which wins. Without
// either it assumes dark, the common default. The terminal is not queried:
// a terminal that does not answer would delay every start.
func darkBackground(getenv func(string) string) bool {
	switch getenv("KAEL_BACKGROUND") {
	case "light":
		return false
	case "dark":
		return true
	}
	if fgbg := getenv("COLORFGBG"); fgbg != "" {
		bg := fgbg[strings.LastIndexByte(fgbg, ';')+1:]
		switch bg {
		case "0", "1", "2", "3", "4", "5", "6", "8":
			return true
		case "7", "9", "10", "11", "12", "13", "14", "15":
			return false
		}
	}
	return true
}

// paint applies st to each line of s separately (lipgloss would pad a
// multi-line block to its widest line).
func paint(st lipgloss.Style, s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = st.Render(l)
		}
	}
	return strings.Join(lines, "\n")
}

func (st styles) prompt(p string) string {
	return st.promptStyle.Render(strings.TrimRight(p, " ")) + " "
}

func (st styles) banner(version string) string {
	if version == "" {
		version = "dev"
	}
	return st.bold.Render("kael "+version) + st.dim.Render(" · tensors with PyTorch semantics · type :help for help, Ctrl-D to quit")
}

// value renders a result: a figure as a picture, anything else as the text
// every front end shows (lang.ShowText: a tensor's PyTorch text and its
// caption, dtype and shape, which the REPL dims).
func (st styles) value(v lang.Value, width int) string {
	text, err := st.valueText(v, width)
	if err != nil { // an interrupted display, or a repr too long to make
		return lang.Repr(v)
	}
	return text
}

// valueText is value with the errors of lang.ShowText, for the result of a
// cell, which is rendered under the cell's interrupt (lang.Session.Render).
func (st styles) valueText(v lang.Value, width int) (string, error) {
	if d, ok := v.(lang.Drawing); ok {
		return st.picture(d, width), nil
	}
	shown, err := lang.ShowText(v)
	if err != nil {
		return "", err
	}
	if shown.Caption == "" {
		return shown.Body, nil
	}
	return shown.Body + shown.Sep + st.dim.Render(shown.Caption), nil
}

func (st styles) note(text string) string { return st.dim.Render("note: " + text) }

// error renders e as a block, in lang's layout with the REPL's colours:
// the calls that led to it, the kind and message, the source line with a
// caret under the span, and the hint. Positions are shown only for code
// from a file; a cell's own lines are numbered in the snippet. A positive
// width wraps the message and the hint at word boundaries.
func (st styles) error(e *lang.Error, width int) string {
	return e.RenderStyled(lang.ErrorStyle{
		Width: width,
		Kind:  func(s string) string { return st.kind.Render(s) },
		Dim:   func(s string) string { return st.dim.Render(s) },
		Caret: func(s string) string { return st.caret.Render(s) },
		Hint:  func(s string) string { return paint(st.hint, s) },
	})
}

// table renders rows in aligned columns, under a bold header unless header
// is nil, leaving out columns that are empty in every row.
func (st styles) table(header []string, rows [][]string) string {
	n := len(header)
	for _, row := range rows {
		n = max(n, len(row))
	}
	widths := make([]int, n)
	used := make([]bool, n)
	for i, h := range header {
		widths[i] = lipgloss.Width(h)
	}
	for _, row := range rows {
		for i, cell := range row {
			widths[i] = max(widths[i], lipgloss.Width(cell))
			used[i] = used[i] || cell != ""
		}
	}
	line := func(cells []string, style lipgloss.Style) string {
		var b strings.Builder
		for i, c := range cells {
			if !used[i] {
				continue
			}
			if b.Len() > 0 {
				b.WriteString("  ")
			}
			b.WriteString(style.Render(c) + strings.Repeat(" ", widths[i]-lipgloss.Width(c)))
		}
		return strings.TrimRight(b.String(), " ")
	}
	var out []string
	if header != nil {
		out = append(out, line(header, st.bold))
	}
	for _, row := range rows {
		out = append(out, line(row, lipgloss.Style{}))
	}
	return strings.Join(out, "\n")
}
