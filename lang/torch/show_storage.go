package torch

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// maxDrawnStorage bounds the storage show_storage draws: a row of more
// elements would not fit a screen.
const maxDrawnStorage = 32

func defShowStorage() {
	lang.NewBuiltin(lang.AsFunc, "show_storage(*tensors)", "Prints a diagram of the storage of the first tensor (index, value) and, under it, one row per tensor (views of that storage): where each element the tensor reads lies, numbered in reading order, with its shape, strides, offset and contiguity. show_storage(x, x[1], x.t()) shows three views of one storage.", func(a *lang.Args) (lang.Value, error) {
		args, _ := a.Value("tensors").(lang.Tuple)
		if len(args) == 0 {
			return nil, lang.Errorf(lang.TypeError, "show_storage() needs a tensor: show_storage(x), or show_storage(x, view, ...)")
		}
		ts := make([]*tensor.Tensor, len(args))
		for i, v := range args {
			t, ok := v.(*tensor.Tensor)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "show_storage() takes tensors, not %s (argument %d)", lang.TypeName(v), i+1)
			}
			ts[i] = t
		}
		text, err := storageDiagram(ts)
		if err != nil {
			return nil, err
		}
		a.Write(text)
		return lang.None, nil
	})
}

// storageDiagram draws the storage of ts[0] and the elements each of ts
// reads from it, numbered in reading order (row-major over the tensor's
// shape); an element read more than once lists every number.
func storageDiagram(ts []*tensor.Tensor) (string, error) {
	st := ts[0].Storage()
	n := st.Len()
	for i, t := range ts[1:] {
		if t.Storage() != st {
			return "", lang.Errorf(lang.ValueError, "show_storage(): tensor %d does not share the storage of tensor 1 (a copy has a storage of its own)", i+2)
		}
	}
	if n > maxDrawnStorage {
		return "", lang.Errorf(lang.ValueError, "show_storage(): the storage holds %d elements, too many to draw (at most %d); draw a smaller tensor", n, maxDrawnStorage)
	}
	d := ts[0].DType()
	whole, err := ts[0].AsStrided([]int{n}, []int{1}, 0)
	if err != nil {
		return "", err
	}
	values, err := whole.Float64s()
	if err != nil {
		return "", err
	}
	rows := [][]string{make([]string, n), make([]string, n)}
	for k, v := range values {
		rows[0][k] = strconv.Itoa(k)
		rows[1][k] = formatStored(v, d)
	}
	labels := []string{"index", "value"}
	var notes []string
	for i, t := range ts {
		reads := make([][]string, n)
		shape, strides := t.Shape(), t.Strides()
		idx := make([]int, len(shape))
		for k := 0; k < t.Numel(); k++ {
			at := t.Offset()
			for j := range idx {
				at += idx[j] * strides[j]
			}
			reads[at] = append(reads[at], strconv.Itoa(k))
			for j := len(idx) - 1; j >= 0; j-- { // the next index, row-major
				idx[j]++
				if idx[j] < shape[j] {
					break
				}
				idx[j] = 0
			}
		}
		row := make([]string, n)
		for k := range reads {
			row[k] = strings.Join(reads[k], ",")
		}
		rows = append(rows, row)
		labels = append(labels, "#"+strconv.Itoa(i+1))
		contiguous := "contiguous"
		if !t.IsContiguous() {
			contiguous = "not contiguous"
		}
		notes = append(notes, fmt.Sprintf("shape %v, strides %v, offset %d, %s", listText(shape), listText(strides), t.Offset(), contiguous))
	}
	width := make([]int, n)
	for _, row := range rows {
		for k, cell := range row {
			width[k] = max(width[k], len(cell))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "storage: %d %s elements of %d bytes (%d bytes)\n", n, d, d.Size(), n*d.Size())
	for r, row := range rows {
		line := fmt.Sprintf("%-5s", labels[r])
		for k, cell := range row {
			line += "  " + fmt.Sprintf("%*s", width[k], cell)
		}
		if r >= 2 {
			line += "   " + notes[r-2]
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	b.WriteString("(row #i: where tensor i's elements lie, numbered in the order it reads them)\n")
	return b.String(), nil
}

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

func listText(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
