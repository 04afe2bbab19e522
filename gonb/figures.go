package gonb

import (
	"fmt"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/plot"
)

// Both kinds of figure are drawings to Display: a *plot.Figure built from
// Go, and a figure of kael code (a lang.Drawing from plt.subplots or
// plt.show() in Run).
var (
	_ drawing = (*plot.Figure)(nil)
	_ drawing = lang.Drawing(nil)
)

// drawing is a figure: something with a PNG form.
type drawing interface {
	PNG() ([]byte, error)
}

// figureOutput is a figure as a PNG, with its repr as the text form; a
// figure that cannot be drawn is its repr and the reason.
func figureOutput(d drawing) Output {
	text := fmt.Sprint(d)
	png, err := d.PNG()
	if err != nil {
		return Text(text + "\n" + plot.NotDrawn(err))
	}
	return Output{PNG: png, Text: text}
}
