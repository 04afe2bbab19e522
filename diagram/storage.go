package diagram

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/tensor"
)

// MaxStorage bounds the storage a Storage drawing holds: a row of more
// elements would not fit a screen.
const MaxStorage = 32

// Storage is the drawing of one storage and of tensors that read it (views
// of it): the stored values by index, and for each tensor where the
// elements it reads lie, numbered in its reading order (row-major over its
// shape), with its shape, strides, offset and contiguity.
type Storage struct {
	DType  tensor.DType
	Values []string // the stored values, formatted, by index
	Views  []View
	// Caption, when set, replaces the SVG's line under the rows that says
	// how to read them.
	Caption string
}

// View is one tensor's row of a Storage drawing.
type View struct {
	// Label names the row: "#1", "#2", ... unless the caller sets it.
	Label          string
	Shape, Strides []int
	Offset         int
	Contiguous     bool
	// Reads lists, for each storage index, the numbers (in reading order)
	// of the tensor's elements that lie there: none, one, or several for
	// a dimension of stride 0.
	Reads [][]int
	// inner is the size of the innermost dimension (1 for a scalar): the
	// length of the runs the tensor is read in, which the SVG colours.
	inner int
}

// NewStorage draws the storage of ts[0] and the elements each of ts reads
// from it. Every tensor must share ts[0]'s storage, of at most MaxStorage
// elements; otherwise the error (a tensor.Error, a ValueError) says why.
func NewStorage(ts []*tensor.Tensor) (*Storage, error) {
	st := ts[0].Storage()
	n := st.Len()
	for i, t := range ts[1:] {
		if t.Storage() != st {
			return nil, tensor.Errorf(tensor.ValueError, "tensor %d does not share the storage of tensor 1 (a copy has a storage of its own)", i+2)
		}
	}
	if n > MaxStorage {
		return nil, tensor.Errorf(tensor.ValueError, "the storage holds %d elements, too many to draw (at most %d); draw a smaller tensor", n, MaxStorage)
	}
	d := ts[0].DType()
	whole, err := ts[0].AsStrided([]int{n}, []int{1}, 0)
	if err != nil {
		return nil, err
	}
	values, err := whole.Float64s()
	if err != nil {
		return nil, err
	}
	s := &Storage{DType: d, Values: make([]string, n)}
	for k, v := range values {
		s.Values[k] = formatStored(v, d)
	}
	for i, t := range ts {
		v := View{Label: "#" + strconv.Itoa(i+1), Shape: t.Shape(), Strides: t.Strides(), Offset: t.Offset(), Contiguous: t.IsContiguous(), Reads: make([][]int, n), inner: 1}
		if len(v.Shape) > 0 {
			v.inner = max(1, v.Shape[len(v.Shape)-1])
		}
		idx := make([]int, len(v.Shape))
		for k := 0; k < t.Numel(); k++ {
			at := v.Offset
			for j := range idx {
				at += idx[j] * v.Strides[j]
			}
			v.Reads[at] = append(v.Reads[at], k)
			for j := len(idx) - 1; j >= 0; j-- { // the next index, row-major
				idx[j]++
				if idx[j] < v.Shape[j] {
					break
				}
				idx[j] = 0
			}
		}
		s.Views = append(s.Views, v)
	}
	return s, nil
}

// formatStored writes a stored value as the diagram shows it: True/False,
// four significant digits, or an integer.
func formatStored(v float64, d tensor.DType) string {
	switch {
	case d == tensor.Bool:
		if v != 0 {
			return "True"
		}
		return "False"
	case d.IsFloating():
		return strconv.FormatFloat(v, 'g', 4, 64)
	}
	return strconv.FormatFloat(v, 'f', 0, 64) // an integer dtype
}

// Header is the drawing's first line: the storage's size and dtype.
func (s *Storage) Header() string {
	n := len(s.Values)
	return fmt.Sprintf("storage: %d %s elements of %d bytes (%d bytes)", n, s.DType, s.DType.Size(), n*s.DType.Size())
}

// Note is a view's description: shape, strides, offset and contiguity.
func (v View) Note() string {
	contiguous := "contiguous"
	if !v.Contiguous {
		contiguous = "not contiguous"
	}
	return fmt.Sprintf("shape %s, strides %s, offset %d, %s", listText(v.Shape), listText(v.Strides), v.Offset, contiguous)
}

// cell is what a view's row shows at storage index k.
func (v View) cell(k int) string {
	parts := make([]string, len(v.Reads[k]))
	for i, r := range v.Reads[k] {
		parts[i] = strconv.Itoa(r)
	}
	return strings.Join(parts, ",")
}

// legend is the line under the text drawing that says how to read it;
// svgLegend the SVG's, which has colours to explain too.
const (
	legend    = "(row #i: where tensor i's elements lie, numbered in the order it reads them)"
	svgLegend = "each row: where that tensor's elements lie, numbered in its reading order; a colour per run along its last dimension"
)

// Text draws the storage as aligned columns, one per storage index: the
// index and value rows, then one row per view with its note.
func (s *Storage) Text() string {
	n := len(s.Values)
	rows := [][]string{make([]string, n), s.Values}
	labels := []string{"index", "value"}
	for k := range n {
		rows[0][k] = strconv.Itoa(k)
	}
	for _, v := range s.Views {
		row := make([]string, n)
		for k := range n {
			row[k] = v.cell(k)
		}
		rows = append(rows, row)
		labels = append(labels, v.Label)
	}
	width := make([]int, n)
	labelWidth := 5
	for r, row := range rows {
		labelWidth = max(labelWidth, len(labels[r]))
		for k, cell := range row {
			width[k] = max(width[k], len(cell))
		}
	}
	var b strings.Builder
	b.WriteString(s.Header() + "\n")
	for r, row := range rows {
		line := fmt.Sprintf("%-*s", labelWidth, labels[r])
		for k, cell := range row {
			line += "  " + fmt.Sprintf("%*s", width[k], cell)
		}
		if r >= 2 {
			line += "   " + s.Views[r-2].Note()
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	b.WriteString(legend + "\n")
	return b.String()
}

// SVG draws the storage as a row of boxes holding the values, indexed
// above, and under it one row of boxes per view: a box the view reads
// holds the numbers of its elements there and is coloured by the run
// (innermost row) it belongs to, so that a view's reading order shows as
// bands of colour; its label is at the left, its note at the right.
func (s *Storage) SVG() []byte {
	const (
		pad, rowH, gap, boxH = 12.0, 34.0, 8.0, 26.0
	)
	n := len(s.Values)
	cellW := make([]float64, n)
	for k := range n {
		w := textWidth(s.Values[k], fontSize)
		for _, v := range s.Views {
			w = max(w, textWidth(v.cell(k), fontSize))
		}
		cellW[k] = max(30, w+12)
	}
	labelW := textWidth("value", fontSize) + 10
	for _, v := range s.Views {
		labelW = max(labelW, textWidth(v.Label, fontSize)+10)
	}
	noteW := 0.0
	for _, v := range s.Views {
		noteW = max(noteW, textWidth(v.Note(), smallFont))
	}
	rowsW := labelW
	for _, w := range cellW {
		rowsW += w + 2
	}
	caption := s.Caption
	if caption == "" {
		caption = svgLegend
	}
	width := max(pad+rowsW+12+noteW+pad, pad+textWidth(s.Header(), fontSize)+pad, pad+textWidth(caption, smallFont)+pad)
	height := pad + 20 + 18 + float64(1+len(s.Views))*rowH + 20 + pad
	var w svgWriter
	w.begin(width, height, s.Header())
	w.text(pad, pad+14, "start", fontSize, "#222", s.Header())
	y := pad + 20 + 14
	x := pad + labelW
	w.text(pad, y, "start", smallFont, "#777", "index")
	for k := range n {
		w.text(x+cellW[k]/2, y, "middle", smallFont, "#777", strconv.Itoa(k))
		x += cellW[k] + 2
	}
	y += 4
	row := func(label string, fill func(k int) (string, string), note string) {
		w.text(pad, y+boxH/2+5, "start", fontSize, "#222", label)
		x := pad + labelW
		for k := range n {
			bg, text := fill(k)
			stroke := "#999"
			if bg == "" {
				bg, stroke = "none", "#ddd"
			}
			w.rect(x, y, cellW[k], boxH, bg, stroke)
			if text != "" {
				w.text(x+cellW[k]/2, y+boxH/2+5, "middle", fontSize, "#111", text)
			}
			x += cellW[k] + 2
		}
		if note != "" {
			w.text(x+10, y+boxH/2+4, "start", smallFont, "#444", note)
		}
		y += rowH
	}
	row("value", func(k int) (string, string) { return "#eeeeee", s.Values[k] }, "")
	y += gap
	for _, v := range s.Views {
		row(v.Label, func(k int) (string, string) {
			if len(v.Reads[k]) == 0 {
				return "", ""
			}
			run := v.Reads[k][0] / v.inner
			return runColours[run%len(runColours)], v.cell(k)
		}, v.Note())
	}
	w.text(pad, y+8, "start", smallFont, "#666", caption)
	return w.end()
}

func listText(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
