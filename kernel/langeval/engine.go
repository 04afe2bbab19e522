// Package langeval connects the Jupyter kernel (package kernel, which
// speaks the protocol and knows no language) to the kael language (package
// lang): its Engine runs cells in a lang.Session and turns values, notes
// and errors into what the protocol carries, rendering tensors with package
// render. `kael kernel` serves New.
package langeval

import (
	"context"
	"fmt"
	"strings"

	"github.com/kael-dev/kael/kernel"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/render"
	"github.com/kael-dev/kael/tensor"
)

// Engine serves a kael language session to the kernel.
type Engine struct {
	s *lang.Session
}

// New returns an engine with a fresh session; it is the Config.NewEngine
// of the kael kernel.
func New() kernel.Engine { return &Engine{s: lang.NewSession(lang.IO{})} }

// Execute runs a cell, streaming print output and displays as they happen.
// Errors give the cell's position as In[n], n its execution count.
func (e *Engine) Execute(ctx context.Context, code string, out kernel.CellIO) kernel.Outcome {
	name := ""
	if n, ok := kernel.ExecutionCount(ctx); ok {
		name = fmt.Sprintf("In[%d]", n)
	}
	e.s.SetIO(lang.IO{
		Stdout:      writerFunc(out.Stdout),
		Display:     func(v lang.Value) { out.Display(kernel.DisplayData{Data: Bundle(v, nil)}) },
		ClearOutput: out.ClearOutput,
		Input:       out.Input,
	})
	res := e.s.Exec(ctx, name, code)
	showDrawnFigures(e.s, res.Value, out)
	if res.Err == nil && res.Value != nil {
		return kernel.Outcome{Result: Bundle(res.Value, res.Notes)} // the notes go with the value
	}
	if len(res.Notes) > 0 {
		out.Stdout(render.NotesText(noteTexts(res.Notes)) + "\n")
	}
	if res.Err != nil {
		return kernel.Outcome{Err: CellErrorOf(res.Err)}
	}
	return kernel.Outcome{}
}

// EvaluateExpression evaluates a user expression with lang's Session.Eval,
// which, unlike a cell, leaves _ and the inputs alone and runs no
// statement; output and input are off.
func (e *Engine) EvaluateExpression(ctx context.Context, expr string) kernel.Outcome {
	e.s.SetIO(lang.IO{})
	v, notes, err := e.s.Eval(ctx, expr)
	switch {
	case err != nil:
		return kernel.Outcome{Err: CellErrorOf(err)}
	case v == nil:
		return kernel.Outcome{}
	}
	return kernel.Outcome{Result: Bundle(v, notes)}
}

// Complete lists completions at the cursor.
func (e *Engine) Complete(code string, cursorPos int) kernel.Completion {
	c := e.s.Complete(code, cursorPos)
	return kernel.Completion{Matches: c.Matches, CursorStart: c.Start, CursorEnd: c.End}
}

// Inspect shows the signature and doc of a builtin, or a variable summary.
func (e *Engine) Inspect(code string, cursorPos, detailLevel int) (kernel.MimeBundle, bool) {
	in, ok := e.s.Inspect(code, cursorPos, detailLevel)
	if !ok {
		return nil, false
	}
	return kernel.MimeBundle{"text/plain": in.Text}, true
}

// IsComplete reports whether code can run, with the next line's indent.
func (e *Engine) IsComplete(code string) (status, indent string) {
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

func noteTexts(notes []lang.Note) []string {
	texts := make([]string, len(notes))
	for i, n := range notes {
		texts[i] = n.Text
	}
	return texts
}

// CellErrorOf converts a language error into an error message whose
// traceback shows the source line with a caret. The kind and the caret are
// bold, not coloured: front ends pick the colours of ANSI codes from their
// theme, and the common ones (JupyterLab's red #E75C58 and cyan #60C6C8)
// reach only 3.4:1 and 2.0:1 on white, below the 4.5:1 kael holds to; bold
// keeps the theme's own text colour.
func CellErrorOf(err *lang.Error) *kernel.CellError {
	bold := func(s string) string { return "\x1b[1m" + s + "\x1b[0m" }
	rendered := err.RenderStyled(lang.ErrorStyle{Kind: bold, Caret: bold, CellPositions: true})
	return &kernel.CellError{Name: string(err.Kind), Value: err.Msg, Traceback: strings.Split(rendered, "\n")}
}

// Bundle renders a value for Jupyter: text/plain always (the REPL's text,
// then the notes), and for tensors render's HTML table, captioned with the
// tensor's summary and autograd state, with the notes under it.
func Bundle(v lang.Value, notes []lang.Note) kernel.MimeBundle {
	texts := noteTexts(notes)
	text := lang.Repr(v)
	if len(texts) > 0 {
		text += "\n" + render.NotesText(texts)
	}
	b := kernel.MimeBundle{"text/plain": text}
	if t, ok := v.(*tensor.Tensor); ok {
		b["text/html"] = render.HTML(t, render.Options{Grad: lang.GradLabel(t), Notes: texts})
	}
	if d, ok := v.(lang.Drawing); ok {
		addPicture(b, d)
	}
	return b
}
