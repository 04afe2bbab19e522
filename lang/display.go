package lang

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
)

// newDisplayID returns a fresh display ID.
func newDisplayID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// showDisplay shows v as display id through the front end, or as display
// shows a value where the front end has no display IDs.
func (s *Session) showDisplay(id string, v Value, update bool) {
	switch {
	case s.io.UpdateDisplay != nil:
		s.io.UpdateDisplay(id, v, update)
	case s.io.Display != nil:
		s.io.Display(v)
	case s.io.Stdout != nil:
		fmt.Fprintln(s.io.Stdout, Str(v))
	}
}

// DisplayHandle is what display(x, display_id=True) returns: update(y)
// redraws that output with y in place.
type DisplayHandle struct {
	ID string
	s  *Session
}

// TypeName is the handle's type name.
func (h *DisplayHandle) TypeName() string { return "DisplayHandle" }

func (h *DisplayHandle) String() string { return "<DisplayHandle display_id=" + h.ID + ">" }

var displayHandleMethods = map[string]*Builtin{
	"update": NewBuiltin(AsValue, "update(self, obj)", "Redraws the display with obj in place of what it showed.", func(a *Args) (Value, error) {
		h := a.Value("self").(*DisplayHandle)
		h.s.showDisplay(h.ID, a.Value("obj"), true)
		return None, nil
	}),
	"display": NewBuiltin(AsValue, "display(self, obj)", "Shows obj as a new output with this handle's display ID; update() redraws every output with it.", func(a *Args) (Value, error) {
		h := a.Value("self").(*DisplayHandle)
		h.s.showDisplay(h.ID, a.Value("obj"), false)
		return None, nil
	}),
}

// Attr returns display_id or a method.
func (h *DisplayHandle) Attr(name string) (Value, bool) {
	if name == "display_id" {
		return h.ID, true
	}
	m, ok := displayHandleMethods[name]
	if !ok {
		return nil, false
	}
	return &BoundMethod{Recv: h, Method: m}, true
}

// AttrNames lists the handle's attributes.
func (h *DisplayHandle) AttrNames() []string {
	return append(sortedKeys(displayHandleMethods), "display_id")
}

// displayBuiltin is display(*values, display_id=None).
func displayBuiltin(a *Args) (Value, error) {
	values := a.Value("values").(Tuple)
	id := ""
	switch x := a.Value("display_id").(type) {
	case NoneType:
	case bool:
		if x {
			id = newDisplayID()
		}
	case string:
		if x == "" {
			return nil, Errorf(ValueError, "display_id must not be empty")
		}
		id = x
	default:
		return nil, Errorf(TypeError, "display_id must be True or a str, not %s", TypeName(x))
	}
	s := a.in.s
	for _, v := range values {
		if id != "" {
			s.showDisplay(id, v, false)
		} else {
			a.Display(v)
		}
	}
	if id == "" {
		return None, nil
	}
	return &DisplayHandle{ID: id, s: s}, nil
}

// Display shows v as display(v) does: through the front end's Display
// (a picture for a Drawing, a MIME bundle for a RichRepr), or its repr on
// a line of output where the front end has none (a script).
func (a *Args) Display(v Value) {
	if d := a.in.s.io.Display; d != nil {
		d(v)
	} else {
		a.in.write(Repr(v) + "\n")
	}
}

// CanDisplay reports whether the front end shows rich output (a notebook,
// the REPL), as opposed to a script, where output is text only.
func (a *Args) CanDisplay() bool { return a.in.s.io.Display != nil }

// RichText is a display object holding text in one MIME type: Markdown(s),
// Math(s), HTML(s).
type RichText struct {
	Kind string // "Markdown", "Math", "HTML"
	Text string
}

// TypeName is the object's constructor name.
func (r *RichText) TypeName() string { return r.Kind }

// String is what a terminal shows: the source text; Math's between $ $.
func (r *RichText) String() string {
	if r.Kind == "Math" {
		return "$" + r.Text + "$"
	}
	return r.Text
}

// MIME gives Jupyter's representation: text/markdown, text/latex as
// IPython's Math writes it, or text/html.
func (r *RichText) MIME() map[string]string {
	switch r.Kind {
	case "Markdown":
		return map[string]string{"text/markdown": r.Text}
	case "Math":
		return map[string]string{"text/latex": "$\\displaystyle " + r.Text + "$"}
	}
	return map[string]string{"text/html": r.Text}
}

func init() {
	for _, k := range []struct{ name, doc string }{
		{"Markdown", "A display object: Markdown(text) shows text as Markdown in a notebook (text/markdown) and as it is in the terminal."},
		{"Math", "A display object: Math(latex) shows a LaTeX formula in a notebook (text/latex, as $\\displaystyle latex$) and $latex$ in the terminal."},
		{"HTML", "A display object: HTML(html) shows HTML in a notebook (text/html) and its source in the terminal."},
	} {
		kind := k.name
		NewBuiltin(AsFunc, kind+"(data)", k.doc, func(a *Args) (Value, error) {
			text := a.Str("data")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return &RichText{Kind: kind, Text: text}, nil
		})
	}
}

// Diagram is a display object with two forms: Text, which a terminal and
// a script show (its repr), and SVG, which a notebook shows
// (image/svg+xml). show_storage and show_graph display one.
type Diagram struct {
	Kind string // the type name: "StorageDiagram", "GraphDiagram"
	Text string
	SVG  []byte
}

// TypeName is the diagram's kind.
func (d *Diagram) TypeName() string { return d.Kind }

// PyRepr is the text form, without its last newline.
func (d *Diagram) PyRepr() string { return strings.TrimSuffix(d.Text, "\n") }

// String is the text form, as PyRepr.
func (d *Diagram) String() string { return d.PyRepr() }

// MIME gives the SVG form.
func (d *Diagram) MIME() map[string]string {
	return map[string]string{"image/svg+xml": string(d.SVG)}
}

// Show shows d as show_storage and show_graph do: displayed (a picture in
// a notebook, the text in the REPL) where the front end displays values,
// its text written to the output in a script.
func (a *Args) Show(d *Diagram) {
	if a.CanDisplay() {
		a.Display(d)
		return
	}
	a.Write(d.Text)
}
