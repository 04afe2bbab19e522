package gonb

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sync"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/std" // the standard modules
	"github.com/kael-dev/kael/render"
	"github.com/kael-dev/kael/tensor"
)

var (
	sessionMu sync.Mutex
	session   *lang.Session
	runs      int // Run calls so far, to name their code in errors
)

// Session is the kael-language session that Run evaluates in, made on
// first use and kept for the life of the program: in gonb, for the cell
// being run (each gonb cell is a new program). Set puts Go values in it:
//
//	gonb.Session().Set("w", w) // a *tensor.Tensor, int64, float64, bool or string
func Session() *lang.Session {
	sessionMu.Lock()
	defer sessionMu.Unlock()
	if session == nil {
		session = lang.NewSession(lang.IO{})
	}
	return session
}

// Run evaluates kael-language code in Session and shows what the kael
// kernel would: what it prints, what display() shows, and the value of its
// last expression with the notes (such as type promotions), or the error.
// It returns that value (nil when there is none) and the error; a failing
// Run does not end the program. Ctrl-C (gonb's interrupt) stops the code
// with a KeyboardInterrupt.
func Run(code string) (lang.Value, error) {
	s := Session()
	sessionMu.Lock()
	runs++
	name := fmt.Sprintf("Run[%d]", runs)
	sessionMu.Unlock()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	s.SetIO(lang.IO{
		Stdout:  stdout,
		Display: func(v lang.Value) { send("", langOutput(v, nil)) },
	})
	res := s.Exec(ctx, name, code)
	defer gonbui.Sync()
	notes := make([]string, len(res.Notes))
	for i, n := range res.Notes {
		notes[i] = n.Text
	}
	switch {
	case res.Err != nil:
		if len(notes) > 0 {
			send("", Output{Text: render.NotesText(notes)})
		}
		send("", Render(res.Err))
		return nil, res.Err
	case res.Value != nil:
		send("", langOutput(res.Value, notes))
	case len(notes) > 0:
		send("", Output{Text: render.NotesText(notes)})
	}
	return res.Value, nil
}

// langOutput shows a language value as the kael kernel does: a tensor as
// its table, a figure or a diagram as its picture, anything else as its
// repr; the notes follow.
func langOutput(v lang.Value, notes []string) Output {
	if t, ok := v.(*tensor.Tensor); ok {
		return tensorOutput(t, notes)
	}
	if d, ok := v.(lang.Drawing); ok {
		return figureOutput(d)
	}
	if d, ok := v.(*lang.Diagram); ok { // show_storage, show_graph
		return Output{SVG: string(d.SVG), Text: d.PyRepr()}
	}
	text := lang.Repr(v)
	if len(notes) > 0 {
		text += "\n" + render.NotesText(notes)
	}
	return Output{Text: text}
}
