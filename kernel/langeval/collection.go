package langeval

import (
	"fmt"
	"html"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/render"
	"github.com/kael-dev/kael/tensor"
)

// collectionItems is the most elements of a list, tuple or dict that
// collectionHTML shows; a row says how many more there are.
const collectionItems = 20

// collectionHTML renders a list, tuple or dict that holds a tensor as a
// two-column table: index or key, and the value (render's table for a
// tensor, the repr for the rest). It reports false for other values,
// which text/plain shows well.
func collectionHTML(v lang.Value) (string, bool) {
	var keys, vals []lang.Value
	kind := ""
	switch x := v.(type) {
	case *lang.List:
		kind, vals = "list", x.Elems
	case lang.Tuple:
		kind, vals = "tuple", x
	case *lang.Dict:
		kind, keys = "dict", x.Keys()
		for _, k := range keys {
			val, _, _ := x.Get(k)
			vals = append(vals, val)
		}
	default:
		return "", false
	}
	hasTensor := false
	for _, e := range vals {
		if _, ok := e.(*tensor.Tensor); ok {
			hasTensor = true
			break
		}
	}
	if !hasTensor {
		return "", false
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<div class="kael-collection"><table style="border-collapse:collapse"><caption style="caption-side:top;text-align:left;font-family:monospace">%s of %d</caption>`, kind, len(vals))
	for i, e := range vals[:min(len(vals), collectionItems)] {
		key := fmt.Sprint(i)
		if keys != nil {
			key = lang.Repr(keys[i])
		}
		cell := `<pre style="margin:0">` + html.EscapeString(lang.Repr(e)) + `</pre>`
		if t, ok := e.(*tensor.Tensor); ok {
			cell = render.HTML(t, render.Options{Grad: lang.GradLabel(t)})
		}
		fmt.Fprintf(&b, `<tr><th style="font-family:monospace;vertical-align:top;text-align:right;padding-right:1em">%s</th><td style="text-align:left">%s</td></tr>`, html.EscapeString(key), cell)
	}
	if more := len(vals) - collectionItems; more > 0 {
		fmt.Fprintf(&b, `<tr><td colspan="2">… %d more</td></tr>`, more)
	}
	b.WriteString("</table></div>")
	return b.String(), true
}
