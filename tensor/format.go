package tensor

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// PrintOptions control how tensors print, as torch.set_printoptions.
type PrintOptions struct {
	Precision int // digits after the point for floats
	Threshold int // summarize tensors with more elements than this
	EdgeItems int // elements kept at each end of a summarized dimension
	LineWidth int // characters per line before rows wrap
}

// DefaultPrintOptions are PyTorch's defaults.
var DefaultPrintOptions = PrintOptions{Precision: 4, Threshold: 1000, EdgeItems: 3, LineWidth: 80}

// Format returns t as PyTorch prints it, always followed by its dtype:
//
//	tensor([[1., 2.],
//	        [3., 4.]], dtype=float32)
func Format(t *Tensor, opt PrintOptions) string {
	const prefix = "tensor("
	suffix := ", dtype=" + t.dtype.String() + ")"
	if t.Numel() == 0 && t.Dim() > 0 {
		return prefix + "[], size=" + FormatShape(t.shape) + suffix
	}
	summarize := t.Numel() > opt.Threshold
	f := newElemFormatter(t, opt, summarize)
	var b strings.Builder
	b.WriteString(prefix)
	formatDims(&b, t, f, opt, summarize, len(prefix))
	b.WriteString(suffix)
	return b.String()
}

// FormatBody returns only the bracketed values of t, without "tensor(" and
// the dtype, for front ends that show the dtype elsewhere.
func FormatBody(t *Tensor, opt PrintOptions) string {
	if t.Numel() == 0 && t.Dim() > 0 {
		return "[]"
	}
	summarize := t.Numel() > opt.Threshold
	var b strings.Builder
	formatDims(&b, t, newElemFormatter(t, opt, summarize), opt, summarize, 0)
	return b.String()
}

// elemFormatter formats the elements of one tensor with a common width.
type elemFormatter struct {
	mode  byte // 'i' integer-valued floats, 'f' fixed, 'e' scientific
	prec  int
	width int
}

func newElemFormatter(t *Tensor, opt PrintOptions, summarize bool) *elemFormatter {
	f := &elemFormatter{mode: 'f', prec: opt.Precision}
	var shown []int
	collectShown(t, opt, summarize, func(i int) { shown = append(shown, i) })
	if t.dtype.IsFloating() {
		vals := make([]float64, len(shown))
		for k, i := range shown {
			vals[k] = elementAt(t, i)
		}
		f.mode = floatMode(vals)
	}
	for _, i := range shown {
		f.width = max(f.width, len(f.text(t, i)))
	}
	return f
}

// floatMode picks PyTorch's float style from the finite values shown.
func floatMode(vals []float64) byte {
	intMode := true
	lo, hi := math.Inf(1), 0.0
	for _, v := range vals {
		if math.IsInf(v, 0) || math.IsNaN(v) {
			continue
		}
		if v != math.Trunc(v) {
			intMode = false
		}
		if a := math.Abs(v); a != 0 {
			lo, hi = min(lo, a), max(hi, a)
		}
	}
	switch {
	case intMode && hi <= 1e8:
		return 'i'
	case hi > 0 && (hi/lo > 1000 || hi > 1e8 || lo < 1e-4):
		return 'e'
	}
	return 'f'
}

// text formats the element at storage index i of t; int64 values are
// read exactly, not through float64.
func (f *elemFormatter) text(t *Tensor, i int) string {
	v, _ := elementValue(t, i)
	switch x := v.(type) {
	case float64:
		return f.float(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case bool:
		if x {
			return "True"
		}
		return "False"
	}
	return "?"
}

func (f *elemFormatter) float(v float64) string {
	switch {
	case math.IsNaN(v):
		return "nan"
	case math.IsInf(v, 1):
		return "inf"
	case math.IsInf(v, -1):
		return "-inf"
	case f.mode == 'i':
		return fmt.Sprintf("%.0f.", v)
	case f.mode == 'e':
		return fmt.Sprintf("%.*e", f.prec, v)
	}
	return fmt.Sprintf("%.*f", f.prec, v)
}

// padded formats the element at storage index i of t right-aligned to the
// common width.
func (f *elemFormatter) padded(t *Tensor, i int) string {
	s := f.text(t, i)
	return strings.Repeat(" ", max(f.width-len(s), 0)) + s
}

// elementAt reads the floating element at storage index i as float64.
func elementAt(t *Tensor, i int) float64 {
	v, _ := elementValue(t, i)
	f, _ := v.(float64)
	return f
}

// shownIndices returns the indices of a dimension of the given size that
// print: all of them, or the edge items around an ellipsis (-1).
func shownIndices(size int, opt PrintOptions, summarize bool) []int {
	var idx []int
	if summarize && size > 2*opt.EdgeItems {
		for i := range opt.EdgeItems {
			idx = append(idx, i)
		}
		idx = append(idx, -1)
		for i := size - opt.EdgeItems; i < size; i++ {
			idx = append(idx, i)
		}
		return idx
	}
	for i := range size {
		idx = append(idx, i)
	}
	return idx
}

// collectShown calls visit with the storage index of every element that
// prints.
func collectShown(t *Tensor, opt PrintOptions, summarize bool, visit func(int)) {
	if t.Dim() == 0 {
		visit(t.offset)
		return
	}
	for _, i := range shownIndices(t.shape[0], opt, summarize) {
		if i >= 0 {
			sub, _ := t.Select(0, i)
			collectShown(sub, opt, summarize, visit)
		}
	}
}

func formatDims(b *strings.Builder, t *Tensor, f *elemFormatter, opt PrintOptions, summarize bool, indent int) {
	if t.Dim() == 0 {
		b.WriteString(f.text(t, t.offset))
		return
	}
	idx := shownIndices(t.shape[0], opt, summarize)
	b.WriteByte('[')
	if t.Dim() == 1 {
		perLine := max((opt.LineWidth-indent-1)/(f.width+2), 1)
		for k, i := range idx {
			if k > 0 {
				b.WriteString(",")
				if k%perLine == 0 {
					b.WriteString("\n" + strings.Repeat(" ", indent+1))
				} else {
					b.WriteString(" ")
				}
			}
			if i < 0 {
				b.WriteString(strings.Repeat(" ", max(f.width-3, 0)) + "...")
				continue
			}
			b.WriteString(f.padded(t, t.offset+i*t.strides[0]))
		}
		b.WriteByte(']')
		return
	}
	sep := ",\n" + strings.Repeat("\n", t.Dim()-2) + strings.Repeat(" ", indent+1)
	for k, i := range idx {
		if k > 0 {
			b.WriteString(sep)
		}
		if i < 0 {
			b.WriteString("...")
			continue
		}
		sub, _ := t.Select(0, i)
		formatDims(b, sub, f, opt, summarize, indent+1)
	}
	b.WriteByte(']')
}
