// Package langeval connects the Jupyter kernel (package kernel, which
// speaks the protocol and knows no language) to the kael language (package
// lang): its Engine runs cells in a lang.Session and turns values, notes
// and errors into what the protocol carries, rendering tensors with package
// render. Cells go through a magic.Shell, which gives them IPython's
// magics, help syntax (x? is a page payload) and history variables.
// `kael kernel` serves New.
package langeval

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"errors"
	"github.com/kael-dev/kael/kernel"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/magic"
	_ "github.com/kael-dev/kael/lang/std" // the standard modules
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/render"
	"github.com/kael-dev/kael/tensor"
)

// Engine serves a kael language session to the kernel.
type Engine struct {
	s  *lang.Session
	sh *magic.Shell
}

// New returns an engine with a fresh session; it is the Config.NewEngine
// of the kael kernel.
func New() kernel.Engine {
	s := lang.NewSession(lang.IO{})
	return &Engine{s: s, sh: magic.New(s)}
}

// closeWait bounds how long Close lets the session's end run.
const closeWait = 2 * time.Second

// Close ends the session as a program's end does (lang.Session.Shutdown):
// the functions atexit registered run, and the threads that are not
// daemons finish, what they print going to the kernel's own stdout and
// stderr, as in CPython's kernel. The kernel calls it when it shuts down
// or restarts.
func (e *Engine) Close() error {
	e.s.SetIO(lang.IO{Stdout: os.Stdout, Stderr: os.Stderr})
	ctx, cancel := context.WithTimeout(context.Background(), closeWait)
	defer cancel()
	if err := e.s.Shutdown(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err.Render())
	}
	return nil
}

// Execute runs a cell, streaming print output and displays as they happen.
// Errors give the cell's position as In[n], n its execution count.
func (e *Engine) Execute(ctx context.Context, code string, out kernel.CellIO) kernel.Outcome {
	name := ""
	if n, ok := kernel.ExecutionCount(ctx); ok {
		name = fmt.Sprintf("In[%d]", n)
	}
	e.s.SetIO(lang.IO{
		Stdout:  writerFunc(out.Stdout),
		Stderr:  writerFunc(out.Stderr),
		Display: func(v lang.Value) { out.Display(kernel.DisplayData{Data: Bundle(v, nil)}) },
		UpdateDisplay: func(id string, v lang.Value, update bool) {
			out.Display(kernel.DisplayData{Data: Bundle(v, nil), ID: id, Update: update})
		},
		ClearOutput: out.ClearOutput,
		Input:       out.Input,
	})
	// %reset asks when the front end takes input and, as IPython does,
	// resets without asking when it does not.
	e.sh.Ask = func(prompt string) (string, error) {
		answer, err := out.Input(prompt, false)
		if errors.Is(err, kernel.ErrNoStdin) {
			return "y", nil
		}
		return answer, err
	}
	n, _ := kernel.ExecutionCount(ctx)
	res := e.sh.Run(ctx, n, name, code)
	if res.Text != "" {
		out.Stdout(res.Text)
	}
	var result kernel.MimeBundle
	// What is shown of the cell's value and of the figures it drew is made
	// under the cell's interrupt, so that the repr of a huge result stops.
	if err := e.s.Render(ctx, func() error {
		showDrawnFigures(e.s, res.Value, out)
		if res.Err != nil || res.Value == nil {
			return nil
		}
		var err error
		result, err = bundleChecked(res.Value, res.Notes)
		return err
	}); err != nil && res.Err == nil {
		res.Err = err
	}
	var page kernel.MimeBundle
	if res.Page != "" {
		page = kernel.MimeBundle{"text/plain": res.Page}
	}
	if res.Err == nil && result != nil {
		return kernel.Outcome{Result: result, Page: page} // the notes go with the value
	}
	if len(res.Notes) > 0 {
		out.Stdout(render.NotesText(noteTexts(res.Notes)) + "\n")
	}
	if res.Err != nil {
		return kernel.Outcome{Err: CellErrorOf(res.Err), Page: page}
	}
	return kernel.Outcome{Page: page, NextInput: res.NextInput, ReplaceInput: res.ReplaceInput}
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
	var result kernel.MimeBundle
	if err := e.s.Render(ctx, func() error {
		var err error
		result, err = bundleChecked(v, notes)
		return err
	}); err != nil {
		return kernel.Outcome{Err: CellErrorOf(err)}
	}
	return kernel.Outcome{Result: result}
}

// Complete lists completions at the cursor.
func (e *Engine) Complete(code string, cursorPos int) kernel.Completion {
	if names, start, ok := magic.Complete(code, cursorPos); ok {
		types := make([]map[string]any, len(names))
		for i, m := range names {
			types[i] = map[string]any{"start": start, "end": cursorPos, "text": m, "type": "magic", "signature": ""}
		}
		return kernel.Completion{Matches: names, CursorStart: start, CursorEnd: cursorPos,
			Metadata: map[string]any{"_jupyter_types_experimental": types}}
	}
	c := e.s.Complete(code, cursorPos)
	types := make([]map[string]any, len(c.Matches))
	for i, m := range c.Matches {
		kind, sig := e.s.CompletionKind(code, c, i)
		types[i] = map[string]any{"start": c.Start, "end": c.End, "text": m, "type": kind, "signature": sig}
	}
	return kernel.Completion{Matches: c.Matches, CursorStart: c.Start, CursorEnd: c.End,
		Metadata: map[string]any{"_jupyter_types_experimental": types}}
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

// Bundle renders a value for Jupyter: text/plain always (the text the
// REPL shows, lang.ShowText: a tensor's PyTorch text and its dtype-and-shape
// caption; then the notes), and for tensors render's HTML table, captioned
// with the tensor's summary and autograd state, with the notes under it.
func Bundle(v lang.Value, notes []lang.Note) kernel.MimeBundle {
	return bundleOf(v, notes, lang.Shown(v).String())
}

// bundleChecked is Bundle with the errors of lang.ShowText: a repr that
// was interrupted or would be too long is an error, not a bundle.
func bundleChecked(v lang.Value, notes []lang.Note) (kernel.MimeBundle, error) {
	shown, err := lang.ShowText(v)
	if err != nil {
		return nil, err
	}
	return bundleOf(v, notes, shown.String()), nil
}

// bundleOf is Bundle with text, v's shown text, made.
func bundleOf(v lang.Value, notes []lang.Note, text string) kernel.MimeBundle {
	texts := noteTexts(notes)
	if len(texts) > 0 {
		text += "\n" + render.NotesText(texts)
	}
	b := kernel.MimeBundle{"text/plain": text}
	switch x := v.(type) {
	case *tensor.Tensor:
		b["text/html"] = render.HTML(x, render.Options{Grad: lang.GradLabel(x), Notes: texts})
	case lang.RichRepr:
		for mime, data := range x.MIME() {
			b[mime] = data
		}
	default:
		if h, ok := collectionHTML(v); ok {
			b["text/html"] = h
		}
	}
	if d, ok := v.(lang.Drawing); ok {
		addPicture(b, d)
	}
	return b
}
