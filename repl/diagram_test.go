package repl

import (
	"bytes"
	"context"
	"testing"

	"github.com/kael-dev/kael/lang"
)

// TestDiagramsAsText: what show_storage and show_graph display, the REPL
// shows as the text diagram a script prints, not as a picture.
func TestDiagramsAsText(t *testing.T) {
	for _, src := range []string{
		"x = tensor([[1, 2, 3], [4, 5, 6]])\nshow_storage(x, x[1], x.t())",
		"w = tensor([1., 2.], requires_grad=True)\nshow_graph((w * 2 + w).mean())",
	} {
		var script bytes.Buffer
		if res := lang.NewSession(lang.IO{Stdout: &script}).Exec(context.Background(), "", src); res.Err != nil {
			t.Fatal(res.Err)
		}
		var shown []lang.Value
		s := lang.NewSession(lang.IO{Display: func(v lang.Value) { shown = append(shown, v) }})
		if res := s.Exec(context.Background(), "", src); res.Err != nil {
			t.Fatal(res.Err)
		}
		if len(shown) != 1 {
			t.Fatalf("%q displayed %d values, want 1", src, len(shown))
		}
		for _, mode := range []pictureMode{braillePlain, brailleColour, kittyImage} {
			if got := pictureStyles(mode).value(shown[0], 80) + "\n"; got != script.String() {
				t.Errorf("mode %v: the REPL shows\n%s\nwhere a script prints\n%s", mode, got, script.String())
			}
		}
	}
}
