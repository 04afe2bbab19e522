package kernel

import (
	"context"
	"fmt"
	"html"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// LangEngine serves a kael language session (package lang) to the kernel.
type LangEngine struct {
	s *lang.Session
}

// NewLangEngine returns an engine with a fresh session; it is the
// Config.NewEngine of the kael kernel.
func NewLangEngine() Engine { return &LangEngine{s: lang.NewSession(lang.IO{})} }

// Execute runs a cell, streaming print output and displays as they happen.
// Errors give the cell's position as In[n], n its execution count.
func (e *LangEngine) Execute(ctx context.Context, code string, out CellIO) Outcome {
	name := ""
	if n, ok := ExecutionCount(ctx); ok {
		name = fmt.Sprintf("In[%d]", n)
	}
	e.s.SetIO(lang.IO{
		Stdout:      writerFunc(out.Stdout),
		Display:     func(v lang.Value) { out.Display(DisplayData{Data: Bundle(v, nil)}) },
		ClearOutput: out.ClearOutput,
		Input:       out.Input,
	})
	res := e.s.Exec(ctx, name, code)
	if res.Err == nil && res.Value != nil {
		return Outcome{Result: Bundle(res.Value, res.Notes)} // the notes go with the value
	}
	if len(res.Notes) > 0 {
		out.Stdout(noteText(res.Notes) + "\n")
	}
	if res.Err != nil {
		return Outcome{Err: CellErrorOf(res.Err)}
	}
	return Outcome{}
}

// EvaluateExpression evaluates a user expression with lang's Session.Eval,
// which, unlike a cell, leaves _ and the inputs alone and runs no
// statement; output and input are off.
func (e *LangEngine) EvaluateExpression(ctx context.Context, expr string) Outcome {
	e.s.SetIO(lang.IO{})
	v, notes, err := e.s.Eval(ctx, expr)
	switch {
	case err != nil:
		return Outcome{Err: CellErrorOf(err)}
	case v == nil:
		return Outcome{}
	}
	return Outcome{Result: Bundle(v, notes)}
}

// Complete lists completions at the cursor.
func (e *LangEngine) Complete(code string, cursorPos int) Completion {
	c := e.s.Complete(code, cursorPos)
	return Completion{Matches: c.Matches, CursorStart: c.Start, CursorEnd: c.End}
}

// Inspect shows the signature and doc of a builtin, or a variable summary.
func (e *LangEngine) Inspect(code string, cursorPos, detailLevel int) (MimeBundle, bool) {
	in, ok := e.s.Inspect(code, cursorPos, detailLevel)
	if !ok {
		return nil, false
	}
	return MimeBundle{"text/plain": in.Text}, true
}

// IsComplete reports whether code can run, with the next line's indent.
func (e *LangEngine) IsComplete(code string) (status, indent string) {
	st, ind := lang.Completeness(code)
	switch st {
	case syntax.Complete:
		return "complete", ""
	case syntax.Incomplete:
		return "incomplete", ind
	case syntax.Invalid:
		return "invalid", ""
	}
	return "unknown", ""
}

type writerFunc func(string)

func (w writerFunc) Write(p []byte) (int, error) {
	w(string(p))
	return len(p), nil
}

func noteText(notes []lang.Note) string {
	lines := make([]string, len(notes))
	for i, n := range notes {
		lines[i] = "note: " + n.Text
	}
	return strings.Join(lines, "\n")
}

// CellErrorOf converts a language error into an error message whose
// traceback shows the source line with a caret, in ANSI colours.
func CellErrorOf(err *lang.Error) *CellError {
	ansi := func(code string) func(string) string {
		return func(s string) string { return "\x1b[" + code + "m" + s + "\x1b[0m" }
	}
	rendered := err.RenderStyled(lang.ErrorStyle{Kind: ansi("1;31"), Caret: ansi("1;31"), Hint: ansi("36"), CellPositions: true})
	return &CellError{Name: string(err.Kind), Value: err.Msg, Traceback: strings.Split(rendered, "\n")}
}

// Bundle renders a value for Jupyter: text/plain always, and for tensors an
// HTML table with a dtype/shape caption and the notes inline.
func Bundle(v lang.Value, notes []lang.Note) MimeBundle {
	text := lang.Repr(v)
	if len(notes) > 0 {
		text += "\n" + noteText(notes)
	}
	b := MimeBundle{"text/plain": text}
	if t, ok := v.(*tensor.Tensor); ok {
		b["text/html"] = TensorHTML(t, notes)
	}
	return b
}

// TensorHTML renders a tensor as an HTML table, summarized like its text
// form when large: 0-d and 1-D tensors as one row, 2-D as a grid, higher
// dimensions as preformatted text.
func TensorHTML(t *tensor.Tensor, notes []lang.Note) string {
	var b strings.Builder
	b.WriteString(`<div class="kael-tensor">`)
	fmt.Fprintf(&b, `<div style="font-family:monospace;opacity:0.7">%s</div>`, html.EscapeString(lang.Summary(t)))
	switch t.Dim() {
	case 0, 1, 2:
		rows := tensorRows(t)
		b.WriteString(`<table style="font-family:monospace;text-align:right">`)
		for _, row := range rows {
			b.WriteString("<tr>")
			for _, cell := range row {
				fmt.Fprintf(&b, "<td>%s</td>", html.EscapeString(cell))
			}
			b.WriteString("</tr>")
		}
		b.WriteString("</table>")
	default:
		fmt.Fprintf(&b, "<pre>%s</pre>", html.EscapeString(tensor.FormatBody(t, tensor.DefaultPrintOptions)))
	}
	for _, n := range notes {
		fmt.Fprintf(&b, `<div style="font-family:monospace;opacity:0.6">note: %s</div>`, html.EscapeString(n.Text))
	}
	b.WriteString("</div>")
	return b.String()
}

// tensorRows formats a 0-d, 1-D or 2-D tensor into table cells, with "…"
// columns and a "⋮" row where the text form summarizes. It splits the text
// form: 2-D rows are separated by ",\n ", and a row too wide for a line
// continues on lines indented further.
func tensorRows(t *tensor.Tensor) [][]string {
	body := tensor.FormatBody(t, tensor.DefaultPrintOptions)
	switch {
	case t.Dim() == 0:
		return [][]string{{body}}
	case t.Numel() == 0:
		return nil
	case t.Dim() == 1:
		return [][]string{rowCells(body)}
	}
	var rows []string
	for _, part := range strings.Split(body[1:len(body)-1], ",\n ") {
		if strings.HasPrefix(part, " ") && len(rows) > 0 { // a wrapped row goes on
			rows[len(rows)-1] += "," + part
			continue
		}
		rows = append(rows, part)
	}
	cells := make([][]string, len(rows))
	for i, row := range rows {
		if row == "..." {
			cells[i] = []string{"⋮"}
			continue
		}
		cells[i] = rowCells(row)
	}
	return cells
}

// rowCells splits one bracketed row of the text form into its cells.
func rowCells(row string) []string {
	row = strings.TrimSuffix(strings.TrimPrefix(row, "["), "]")
	cells := strings.Split(row, ",")
	for i, c := range cells {
		if c = strings.TrimSpace(c); c == "..." {
			c = "…"
		}
		cells[i] = c
	}
	return cells
}
