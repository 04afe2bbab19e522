package repl

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/plot"
)

// The largest heatmap the REPL shows as a table of its numbers; a bigger
// one is drawn in braille like any figure.
const maxHeatmapRows, maxHeatmapCols = 16, 16

// heatmapOf returns the image of a figure that is a small heatmap (one
// axes holding one image of at most maxHeatmapRows×maxHeatmapCols cells),
// which the REPL shows as numbers rather than as a picture whose cells
// would be a few braille dots each with no value to read.
func heatmapOf(v any) (*plot.Image, *plot.Axes, bool) {
	f, ok := v.(interface{ Figure() *plot.Figure })
	if !ok {
		return nil, nil, false
	}
	return f.Figure().SmallImage(maxHeatmapRows, maxHeatmapCols)
}

// heatmapTable shows a small heatmap as a grid of its values with row and
// column indices, under the axes' title: in colour each value sits on its
// cell's colour; plain, the numbers alone. A caption names the colour map
// and its range. false when the grid is wider than width.
func (st styles) heatmapTable(im *plot.Image, ax *plot.Axes, width int, colour bool) (string, bool) {
	m := im.M
	cells := heatmapValues(m.Data)
	cellW := len(strconv.Itoa(m.Cols - 1))
	for _, c := range cells {
		cellW = max(cellW, len(c))
	}
	labelW := len(strconv.Itoa(m.Rows - 1))
	if labelW+m.Cols*(cellW+2) >= width {
		return "", false
	}
	var lines []string
	if ax.Title != "" {
		lines = append(lines, ax.Title)
	}
	head := strings.Repeat(" ", labelW)
	for c := range m.Cols {
		head += fmt.Sprintf(" %*d ", cellW, c)
	}
	lines = append(lines, st.dim.Render(strings.TrimRight(head, " ")))
	for r := range m.Rows {
		var b strings.Builder
		b.WriteString(st.dim.Render(fmt.Sprintf("%*d", labelW, r)))
		for c := range m.Cols {
			text := fmt.Sprintf(" %*s ", cellW, cells[r*m.Cols+c])
			bg, ok := im.Colour(m.Data[r*m.Cols+c])
			if !colour || !ok {
				b.WriteString(text)
				continue
			}
			fg := "\x1b[38;2;0;0;0m"
			if 0.299*float64(bg.R)+0.587*float64(bg.G)+0.114*float64(bg.B) < 140 {
				fg = "\x1b[38;2;255;255;255m"
			}
			fmt.Fprintf(&b, "\x1b[48;2;%d;%d;%dm%s%s\x1b[0m", bg.R, bg.G, bg.B, fg, text)
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	ends := heatmapValues([]float64{im.VMin, im.VMax})
	lines = append(lines, st.dim.Render(fmt.Sprintf("(%d×%d image, cmap %s from %s to %s)", m.Rows, m.Cols, im.CMap, ends[0], ends[1])))
	return strings.Join(lines, "\n"), true
}

// heatmapValues formats values alike: integers as integers, others with
// three significant digits for the largest (at most three decimals), and
// very large or small magnitudes in scientific notation.
func heatmapValues(vs []float64) []string {
	big, whole := 0.0, true
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		big = max(big, math.Abs(v))
		whole = whole && v == math.Trunc(v)
	}
	out := make([]string, len(vs))
	for i, v := range vs {
		switch {
		case math.IsNaN(v):
			out[i] = "nan"
		case math.IsInf(v, 1):
			out[i] = "inf"
		case math.IsInf(v, -1):
			out[i] = "-inf"
		case big >= 1e6 || (big > 0 && big < 1e-3):
			out[i] = strconv.FormatFloat(v, 'e', 2, 64)
		case whole:
			out[i] = strconv.FormatFloat(v, 'f', 0, 64)
		default:
			decimals := 3
			if big > 0 {
				decimals = min(3, max(0, 2-int(math.Floor(math.Log10(big)))))
			}
			out[i] = strconv.FormatFloat(v, 'f', decimals, 64)
		}
	}
	return out
}
