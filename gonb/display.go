package gonb

import (
	"encoding/base64"
	"errors"
	"fmt"
	"html"
	"io"
	"os"
	"reflect"
	"sync"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/render"
	"github.com/kael-dev/kael/tensor"
)

// Output is what a value shows as in a notebook. Display uses the first
// field set of PNG, SVG, HTML and Markdown; Text is the plain form, printed
// when the program runs outside a notebook (and shown as preformatted text
// in one when no other field is set).
type Output struct {
	PNG      []byte // a PNG image, e.g. a plot
	SVG      string // an SVG image
	HTML     string
	Markdown string
	Text     string
}

// A Renderer turns the values it knows into an Output, and reports false
// for any other value. Renderers added with AddRenderer are asked before
// the built-in ones, the last added first; this is how packages that draw
// (plots) make Display show their values as PNG or SVG.
type Renderer func(v any) (Output, bool)

var (
	renderersMu sync.RWMutex
	renderers   []Renderer

	// stdout receives the text form outside a notebook, and what Run's code
	// prints; tests replace it.
	stdout io.Writer = os.Stdout
)

// AddRenderer makes Display, Update and Render try r before the renderers
// added earlier and the built-in ones.
func AddRenderer(r Renderer) {
	renderersMu.Lock()
	defer renderersMu.Unlock()
	renderers = append(renderers, r)
}

// Render is what Display shows for v: the Output of the last added
// Renderer that accepts v, or else
//   - an Output as it is;
//   - a tensor: the HTML table of package render, captioned with its
//     dtype, shape, size and autograd state, and its printed form as text;
//   - a figure (a *plot.Figure, or a figure of kael code): its PNG;
//   - an error: an error box with the kind, the message, the source line
//     (for kael-language errors) and the hint;
//   - a string: markdown;
//   - a kael-language value (as Run and Session().Get return): its repr
//     as preformatted text;
//   - anything else: its fmt.Sprint form as preformatted text.
func Render(v any) Output {
	renderersMu.RLock()
	for i := len(renderers) - 1; i >= 0; i-- {
		if out, ok := renderers[i](v); ok {
			renderersMu.RUnlock()
			return out
		}
	}
	renderersMu.RUnlock()
	switch v := v.(type) {
	case Output:
		return v
	case *tensor.Tensor:
		if v == nil {
			break
		}
		return tensorOutput(v, nil)
	case drawing:
		return figureOutput(v)
	case error:
		return Output{HTML: render.ErrorHTML(ErrorOf(v)), Text: v.Error()}
	case string:
		return Output{Markdown: v, Text: v}
	}
	if isLangValue(v) {
		return Text(lang.Repr(v))
	}
	return Text(fmt.Sprint(v))
}

var langPackage = reflect.TypeFor[lang.Value]().PkgPath()

// isLangValue reports whether v's type is one of package lang's (a list,
// tuple, dict, None, function, ...), which lang.Repr shows as kael code
// does rather than as Go structs.
func isLangValue(v any) bool {
	t := reflect.TypeOf(v)
	if t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t != nil && t.PkgPath() == langPackage
}

// Text shows s as preformatted text rather than as markdown, which is how
// Display and Update show a plain string: for program output, generated
// text and anything else whose * and # are not formatting.
func Text(s string) Output { return Output{HTML: preformatted(s), Text: s} }

func tensorOutput(t *tensor.Tensor, notes []string) Output {
	text := t.String()
	if len(notes) > 0 {
		text += "\n" + render.NotesText(notes)
	}
	return Output{HTML: render.HTML(t, render.Options{Grad: lang.GradLabel(t), Notes: notes}), Text: text}
}

func preformatted(text string) string {
	return `<pre style="margin:0">` + html.EscapeString(text) + "</pre>"
}

// ErrorOf is what the error box shows of err: for a kael-language error
// its kind, message, source line with a caret under the failing span, and
// hint; for a tensor error its kind, message and hint; for any other error
// the kind "error" and its text.
func ErrorOf(err error) render.Error {
	var le *lang.Error
	var te *tensor.Error
	switch {
	case errors.As(err, &le):
		le = lang.ToError(le) // a raised exception's message is computed when asked for
		e := render.Error{Kind: string(le.Kind), Message: le.Msg, Hint: le.Hint}
		if le.Span.Start.IsValid() {
			e.Snippet = syntax.Snippet(le.Src, le.Span)
		}
		return e
	case errors.As(err, &te):
		return render.Error{Kind: string(te.Kind), Message: te.Msg, Hint: te.Hint}
	}
	return render.Error{Kind: "error", Message: err.Error()}
}

// Display shows each value as its own output (see Render for how), and
// returns once gonb has taken them all. Outside a notebook it prints each
// value's text form on a line of standard output.
func Display(values ...any) {
	for _, v := range values {
		send("", Render(v))
	}
	gonbui.Sync()
}

// NewID returns a new output id for Update.
func NewID() string { return "kael_" + gonbui.UniqueId() }

// Update shows v in the output named id, replacing what that output showed
// before: the first Update with an id creates the output, later ones
// overwrite it in place, which makes progress and loss-per-step lines. Get
// ids from NewID. Like Display it returns once gonb has taken the output;
// outside a notebook it prints v's text form on a line.
func Update(id string, v any) {
	send(id, Render(v))
	gonbui.Sync()
}

// send shows out in the output named id, or in a new output when id is ""
// (gonb sends display_data then, update_display_data otherwise); outside a
// notebook it prints out's text.
func send(id string, out Output) {
	if !gonbui.IsNotebook {
		fmt.Fprintln(stdout, out.Text)
		return
	}
	switch {
	case out.PNG != nil && id == "":
		gonbui.DisplayPng(out.PNG)
	case out.PNG != nil:
		gonbui.UpdateHTML(id, `<img src="data:image/png;base64,`+base64.StdEncoding.EncodeToString(out.PNG)+`">`)
	case out.SVG != "":
		// As gonbui.DisplaySvg does: front ends export SVG in HTML better.
		gonbui.UpdateHTML(id, "<div>"+out.SVG+"</div>")
	case out.HTML != "":
		gonbui.UpdateHTML(id, out.HTML)
	case out.Markdown != "":
		gonbui.UpdateMarkdown(id, out.Markdown)
	default:
		gonbui.UpdateHTML(id, preformatted(out.Text))
	}
}
