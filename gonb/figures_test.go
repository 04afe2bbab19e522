package gonb

import (
	"bytes"
	"context"
	"image/png"
	"strings"
	"testing"

	"github.com/janpfeifer/gonb/gonbui/protocol"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/plot"
)

// TestDisplayFigure checks that Display shows a Go-built figure and a
// figure of kael code as PNG, and a figure that cannot be drawn as text.
func TestDisplayFigure(t *testing.T) {
	fig, err := plot.New(4, 3)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fig.Current().Plot(nil, []float64{0.9, 0.4, 0.2}, plot.LineOptions{Label: "loss"}); err != nil {
		t.Fatal(err)
	}
	res := lang.NewSession(lang.IO{}).Exec(context.Background(), "", "import matplotlib.pyplot as plt\nfig, ax = plt.subplots(figsize=(2, 2))\nax.imshow([[0, 1], [1, 0]])\nfig")
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	for _, tc := range []struct {
		name string
		v    any
		w, h int
		text string
	}{
		{"Go figure", fig, 400, 300, "<Figure size 400x300 with 1 Axes>"},
		{"kael figure", res.Value, 200, 200, "<Figure size 200x200 with 1 Axes>"},
	} {
		out := Render(tc.v)
		img, err := png.Decode(bytes.NewReader(out.PNG))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if img.Bounds().Dx() != tc.w || img.Bounds().Dy() != tc.h || out.Text != tc.text {
			t.Errorf("%s: PNG %v, text %q", tc.name, img.Bounds(), out.Text)
		}
	}
	gonbFake.take()
	Display(fig)
	if got := gonbFake.take(); len(got) != 2 || got[0].MIME != protocol.MIMEImagePNG {
		t.Errorf("Display(fig) sent %v", got)
	}
	// plt.show() in kael code run from Go displays the figure as PNG.
	if _, err := Run("import matplotlib.pyplot as plt\nplt.plot([1, 2])\nplt.show()\n"); err != nil {
		t.Fatal(err)
	}
	if got := gonbFake.take(); len(got) == 0 || got[0].MIME != protocol.MIMEImagePNG {
		t.Errorf("plt.show() in Run sent %v", got)
	}
	nan, _ := plot.New(0, 0)
	var zero float64
	nan.Current().Plot(nil, []float64{zero / zero}, plot.LineOptions{})
	if out := Render(nan); out.PNG != nil || !strings.Contains(out.Text, "cannot be drawn: point 0") {
		t.Errorf("a figure with NaN renders %+v", out)
	}
}
