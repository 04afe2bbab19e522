package repl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// styles renders the REPL's output. With a renderer whose colour profile
// is Ascii every style writes its text unchanged, so plain output has the
// same content as styled output.
type styles struct {
	bold, dim, kind, caret, hint, promptStyle lipgloss.Style
}

func newStyles(r *lipgloss.Renderer) styles {
	return styles{
		bold:        r.NewStyle().Bold(true),
		dim:         r.NewStyle().Faint(true),
		kind:        r.NewStyle().Bold(true).Foreground(lipgloss.Color("1")),
		caret:       r.NewStyle().Bold(true).Foreground(lipgloss.Color("1")),
		hint:        r.NewStyle().Foreground(lipgloss.Color("6")),
		promptStyle: r.NewStyle().Bold(true).Foreground(lipgloss.Color("2")),
	}
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

// value renders a result: a tensor as its values followed by its badge
// (on the last line when it fits in width, else under it), anything else
// as lang.Repr.
func (st styles) value(v lang.Value, width int) string {
	t, ok := v.(*tensor.Tensor)
	if !ok {
		return lang.Repr(v)
	}
	body := tensor.FormatBody(t, tensor.DefaultPrintOptions)
	b := badge(t)
	last := body[strings.LastIndexByte(body, '\n')+1:]
	if lipgloss.Width(last)+2+lipgloss.Width(b) < width {
		return body + "  " + st.dim.Render(b)
	}
	return body + "\n" + st.dim.Render(b)
}

// badge is a tensor's dtype and shape, with its autograd state.
func badge(t *tensor.Tensor) string {
	b := lang.Badge(t)
	if m := t.Autograd(); m != nil && m.GradFn != nil {
		return b + " grad_fn=<" + m.GradFn.Name() + ">"
	}
	if t.RequiresGrad() {
		return b + " requires_grad"
	}
	return b
}

func (st styles) note(text string) string { return st.dim.Render("note: " + text) }

// error renders e as a block: the calls that led to it, the kind and
// message, the source line with a caret under the span, and the hint.
// Positions are shown only for code from a file; a cell's own lines are
// numbered in the snippet.
func (st styles) error(e *lang.Error) string {
	var b strings.Builder
	for i := 0; i < len(e.Trace); i++ {
		f := e.Trace[i]
		where := "in call at line " + strconv.Itoa(f.Span.Start.Line)
		if f.Filename != "" {
			where = "in call at " + f.Filename + ":" + f.Span.Start.String()
		}
		b.WriteString(st.dim.Render(where) + "\n")
		if sn := syntax.Snippet(f.Src, f.Span); sn != "" {
			b.WriteString(st.snippet(sn) + "\n")
		}
		// Recursion repeats one frame many times: show it once, as
		// lang.Error.Render does.
		repeats := 0
		for i+1 < len(e.Trace) && e.Trace[i+1] == f {
			i++
			repeats++
		}
		if repeats > 0 {
			b.WriteString(st.dim.Render(fmt.Sprintf("[the call above repeated %d more times]", repeats)) + "\n")
		}
	}
	if e.Filename != "" && e.Span.Start.IsValid() {
		b.WriteString(st.dim.Render(e.Filename+":"+e.Span.Start.String()) + " ")
	}
	b.WriteString(st.kind.Render(string(e.Kind)))
	if e.Msg != "" {
		b.WriteString(": " + e.Msg)
	}
	if e.Span.Start.IsValid() {
		if sn := syntax.Snippet(e.Src, e.Span); sn != "" {
			b.WriteString("\n" + st.snippet(sn))
		}
	}
	if e.Hint != "" {
		b.WriteString("\n" + paint(st.hint, "hint: "+e.Hint))
	}
	return b.String()
}

// snippet styles a syntax.Snippet: a dim gutter, the caret in red.
func (st styles) snippet(sn string) string {
	lines := strings.Split(sn, "\n")
	for i, l := range lines {
		gutter, text, ok := strings.Cut(l, "| ")
		if !ok {
			continue
		}
		if i == len(lines)-1 {
			text = st.caret.Render(text)
		}
		lines[i] = st.dim.Render(gutter+"|") + " " + text
	}
	return strings.Join(lines, "\n")
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
