// Package render turns tensors and errors into the text and HTML that
// notebook front ends show. It depends only on package tensor, so that the
// Jupyter kernel and Go notebooks (gonb) share one layout without pulling
// in the language or the protocol.
//
// What render cannot see from a tensor alone, the caller passes in an
// Options value: the autograd state (autograd lives above tensor; the
// language front ends compute it with lang.GradLabel) and the notes shown
// with a result, such as type-promotion notes.
//
//	html := render.HTML(t, render.Options{Grad: "requires_grad"})
//	line := render.Summary(t, "")   // "float32[2, 3] tensor, 24 B"
//	box := render.ErrorHTML(render.Error{Kind: "TypeError", Message: "...", Hint: "..."})
//
// The HTML sets no colours of its own where it can inherit the page's (the
// tensor table), so it reads on light and dark notebook themes alike; the
// error box sets its foreground and background together, each pair with a
// contrast of at least 4.5:1 (WCAG AA), checked by the tests.
package render

import (
	"fmt"
	"html"
	"strings"

	"github.com/kael-dev/kael/tensor"
)

// Options is what HTML needs to know beyond the tensor.
type Options struct {
	// Grad is the tensor's autograd state as PyTorch's repr shows it:
	// "requires_grad", "grad_fn=<MulBackward0>", or "" for none.
	Grad string
	// Notes are shown under the table, each as "note: TEXT".
	Notes []string
	// Print sets precision and summarization; nil means
	// tensor.CurrentPrintOptions(), as the text form uses.
	Print *tensor.PrintOptions
}

func (o Options) print() tensor.PrintOptions {
	if o.Print != nil {
		return *o.Print
	}
	return tensor.CurrentPrintOptions()
}

// Badge is the dtype and shape of t, e.g. "float32[2, 3]".
func Badge(t *tensor.Tensor) string { return t.DType().String() + tensor.FormatShape(t.Shape()) }

// Summary describes t in one line: dtype[shape], size in bytes and, unless
// grad is "", the autograd state, e.g. "float32[2, 3] tensor, 24 B,
// requires_grad".
func Summary(t *tensor.Tensor, grad string) string {
	s := Badge(t) + " tensor, " + tensor.HumanBytes(float64(t.Nbytes()))
	if grad != "" {
		s += ", " + grad
	}
	return s
}

// Layout describes how t lies in its storage, as chapter 2 of the book
// teaches it: "strides [3, 1], offset 0, contiguous".
func Layout(t *tensor.Tensor) string {
	layout := "contiguous"
	if !t.IsContiguous() {
		layout = "not contiguous"
	}
	return fmt.Sprintf("strides %s, offset %d, %s", strings.ReplaceAll(fmt.Sprint(t.Strides()), " ", ", "), t.Offset(), layout)
}

// TensorClass is the class of the element that wraps every tensor HTML
// renders, for tests and style sheets to find it by.
const TensorClass = "kael-tensor"

// HTML renders t as a table captioned with its Summary and, under it, its
// Layout in storage, summarized as its
// text form is when large: a 0-d or 1-D tensor is one row, a 2-D tensor a
// grid; skipped columns show "…" and skipped rows one "⋮" row spanning the
// columns. Tensors of more dimensions show their text form in one cell.
// The notes follow the table.
func HTML(t *tensor.Tensor, opts Options) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<div class="%s">`, TensorClass)
	b.WriteString(`<table style="font-family:monospace;text-align:right;border-collapse:collapse">`)
	fmt.Fprintf(&b, `<caption style="caption-side:top;text-align:left;white-space:nowrap;font-family:monospace">%s<br><span style="opacity:0.6">%s</span></caption>`,
		html.EscapeString(Summary(t, opts.Grad)), html.EscapeString(Layout(t)))
	if rows, ok := tensor.FormatGrid(t, opts.print()); ok {
		columns := 0
		for _, row := range rows {
			columns = max(columns, len(row))
		}
		for _, row := range rows {
			b.WriteString("<tr>")
			if row == nil {
				fmt.Fprintf(&b, `<td colspan="%d" style="text-align:center">⋮</td>`, columns)
			}
			for _, cell := range row {
				if cell == tensor.GridEllipsis {
					cell = "…"
				}
				fmt.Fprintf(&b, "<td>%s</td>", html.EscapeString(cell))
			}
			b.WriteString("</tr>")
		}
	} else {
		fmt.Fprintf(&b, `<tr><td style="text-align:left"><pre>%s</pre></td></tr>`,
			html.EscapeString(tensor.FormatBody(t, opts.print())))
	}
	b.WriteString("</table>")
	writeNotes(&b, opts.Notes)
	b.WriteString("</div>")
	return b.String()
}

func writeNotes(b *strings.Builder, notes []string) {
	for _, n := range notes {
		fmt.Fprintf(b, `<div style="font-family:monospace">note: %s</div>`, html.EscapeString(n))
	}
}

// NotesText is the plain-text form of notes, one "note: TEXT" line each.
func NotesText(notes []string) string {
	lines := make([]string, len(notes))
	for i, n := range notes {
		lines[i] = "note: " + n
	}
	return strings.Join(lines, "\n")
}
