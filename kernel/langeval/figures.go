package langeval

import (
	"encoding/base64"

	"github.com/kael-dev/kael/kernel"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/matplotlib"
	"github.com/kael-dev/kael/plot"
)

// addPicture adds a figure's PNG (base64, as Jupyter carries binary data)
// and SVG to a bundle. A figure that cannot be drawn (its data has NaN, for
// example) says why in text/plain instead.
func addPicture(b kernel.MimeBundle, d lang.Drawing) {
	data, err := d.PNG()
	if err != nil {
		b["text/plain"] = b["text/plain"].(string) + "\n" + plot.NotDrawn(err)
		return
	}
	b["image/png"] = base64.StdEncoding.EncodeToString(data)
	if svg, err := d.SVG(); err == nil {
		b["image/svg+xml"] = string(svg)
	}
}

// showDrawnFigures shows the figures a cell left open when it ends, as
// Jupyter's inline backend does, so that a cell of plt.plot(...) calls
// shows its plot without plt.show(). The cell's own value, when it is one
// of them, is shown once, as that value.
func showDrawnFigures(s *lang.Session, value lang.Value, out kernel.CellIO) {
	for _, f := range matplotlib.TakeFigures(s) {
		if lang.Value(f) != value {
			out.Display(kernel.DisplayData{Data: Bundle(f, nil)})
		}
	}
}
