package tensor

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
)

// PrintOptions control how tensors print, as torch.set_printoptions.
type PrintOptions struct {
	Precision int // digits after the point for floats
	Threshold int // summarize tensors with more elements than this
	EdgeItems int // elements kept at each end of a summarized dimension
	LineWidth int // characters per line before rows wrap
	// SciMode forces scientific notation for floats (true) or forbids it
	// (false); nil lets the values choose, as PyTorch's sci_mode=None.
	SciMode *bool
}

// DefaultPrintOptions are PyTorch's defaults.
var DefaultPrintOptions = PrintOptions{Precision: 4, Threshold: 1000, EdgeItems: 3, LineWidth: 80}

// printOpts are the options Tensor.String uses. As PyTorch's PRINT_OPTS
// they belong to the process, not to one session or goroutine.
var printOpts = struct {
	sync.Mutex
	o PrintOptions
}{o: DefaultPrintOptions}

// CurrentPrintOptions returns the options Tensor.String prints with.
func CurrentPrintOptions() PrintOptions {
	printOpts.Lock()
	defer printOpts.Unlock()
	return printOpts.o
}

// SetPrintOptions changes how Tensor.String prints every tensor from now
// on, as torch.set_printoptions.
func SetPrintOptions(o PrintOptions) {
	printOpts.Lock()
	defer printOpts.Unlock()
	printOpts.o = o
}

// Format returns t as PyTorch 1.13 prints it (torch/_tensor_str.py): the
// values, then the suffixes PyTorch adds: the dtype when it is not a
// default one (float32, int64, bool), the size of an empty tensor, and
// grad_fn=<...> or requires_grad=True:
//
//	tensor([[1., 2.],
//	        [3., 4.]], dtype=torch.float64, requires_grad=True)
func Format(t *Tensor, opt PrintOptions) string {
	const prefix = "tensor("
	indent := len(prefix)
	var suffixes []string
	var body string
	if t.Numel() == 0 {
		if t.Dim() != 1 {
			suffixes = append(suffixes, "size="+shapeTuple(t.shape))
		}
		if t.dtype != DefaultFloat {
			suffixes = append(suffixes, "dtype="+TorchName(t.dtype))
		}
		body = "[]"
	} else {
		if t.dtype != DefaultFloat && t.dtype != DefaultComplex && t.dtype != Int64 && t.dtype != Bool {
			suffixes = append(suffixes, "dtype="+TorchName(t.dtype))
		}
		summarize := t.Numel() > opt.Threshold
		var b strings.Builder
		formatDims(&b, t, newElemFormatter(t, opt, summarize), opt, summarize, indent)
		body = b.String()
	}
	if m := t.Autograd(); m != nil && m.GradFn != nil {
		suffixes = append(suffixes, "grad_fn=<"+m.GradFn.Name()+">")
	} else if t.RequiresGrad() {
		suffixes = append(suffixes, "requires_grad=True")
	}
	return addSuffixes(prefix+body, suffixes, indent, opt.LineWidth)
}

// TorchName is a dtype as PyTorch writes it: torch.float32.
func TorchName(d DType) string { return "torch." + d.String() }

// shapeTuple writes a shape as a Python tuple: (0, 3), (0,).
func shapeTuple(shape []int) string {
	parts := make([]string, len(shape))
	for i, n := range shape {
		parts[i] = strconv.Itoa(n)
	}
	if len(parts) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// addSuffixes is PyTorch's _add_suffixes: each suffix after ", " on the
// last line, or on a line of its own when it would pass the line width.
func addSuffixes(text string, suffixes []string, indent, width int) string {
	var b strings.Builder
	b.WriteString(text)
	lastLine := len(text) - strings.LastIndexByte(text, '\n') + 1
	for _, s := range suffixes {
		if lastLine+len(s)+2 > width {
			b.WriteString(",\n" + strings.Repeat(" ", indent) + s)
			lastLine = indent + len(s)
		} else {
			b.WriteString(", " + s)
			lastLine += len(s) + 2
		}
	}
	b.WriteString(")")
	return b.String()
}

// FormatBody returns only the bracketed values of t, without "tensor(" and
// the suffixes, for front ends that show the dtype elsewhere.
func FormatBody(t *Tensor, opt PrintOptions) string {
	if t.Numel() == 0 {
		return "[]"
	}
	summarize := t.Numel() > opt.Threshold
	var b strings.Builder
	formatDims(&b, t, newElemFormatter(t, opt, summarize), opt, summarize, 0)
	return b.String()
}

// elemFormatter formats the elements of one tensor with a common width.
// A complex tensor's has one formatter for the real parts and one for the
// imaginary parts, as PyTorch's _tensor_str.
type elemFormatter struct {
	mode     byte // 'i' integer-valued floats, 'f' fixed, 'e' scientific
	prec     int
	width    int
	re, imag *elemFormatter // the parts' formatters of a complex tensor
}

func newElemFormatter(t *Tensor, opt PrintOptions, summarize bool) *elemFormatter {
	if t.dtype.IsComplex() {
		re, err1 := t.RealPart()
		im, err2 := t.ImagPart()
		if err1 == nil && err2 == nil {
			fr, fi := newElemFormatter(re, opt, summarize), newElemFormatter(im, opt, summarize)
			// _vector_str: an element takes both widths and the "j".
			return &elemFormatter{prec: opt.Precision, width: fr.width + fi.width + 1, re: fr, imag: fi}
		}
	}
	f := &elemFormatter{mode: 'f', prec: opt.Precision, width: 1}
	var shown []int
	collectShown(t, opt, summarize, func(i int) { shown = append(shown, i) })
	if !t.dtype.IsFloating() {
		for _, i := range shown {
			f.width = max(f.width, len(f.text(t, i)))
		}
		return f
	}
	// PyTorch's _Formatter: the style and the width come from the nonzero
	// finite values shown.
	var vals []float64
	for _, i := range shown {
		if v := elementAt(t, i); v != 0 && !math.IsInf(v, 0) && !math.IsNaN(v) {
			vals = append(vals, v)
		}
	}
	f.mode = 'i'
	if len(vals) == 0 {
		return f // PyTorch returns before sci_mode applies
	}
	lo, hi := math.Inf(1), 0.0
	for _, v := range vals {
		a := math.Abs(v)
		lo, hi = min(lo, a), max(hi, a)
		if v != math.Ceil(v) {
			f.mode = 'f'
		}
	}
	intValued := f.mode == 'i'
	switch {
	case f.mode == 'i' && (hi/lo > 1000 || hi > 1e8):
		f.mode = 'e'
	case f.mode == 'f' && (hi/lo > 1000 || hi > 1e8 || lo < 1e-4):
		f.mode = 'e'
	}
	for _, v := range vals {
		n := len(f.float(v))
		if f.mode == 'i' {
			n = len(fmt.Sprintf("%.0f", v)) + 1
		}
		f.width = max(f.width, n)
	}
	// A forced sci_mode changes the style but not the width the values
	// chose, as PyTorch's _Formatter applies it last.
	if opt.SciMode != nil {
		switch {
		case *opt.SciMode:
			f.mode = 'e'
		case f.mode == 'e' && intValued:
			f.mode = 'i'
		case f.mode == 'e':
			f.mode = 'f'
		}
	}
	return f
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
	case complex128:
		return f.complexText(x)
	}
	return "?"
}

// complexText is PyTorch's _val_formatter of a complex element: the real
// part padded to its formatter's width, then the imaginary part with its
// sign and a "j".
func (f *elemFormatter) complexText(c complex128) string {
	if f.re == nil {
		return "?"
	}
	re := f.re.float(real(c))
	re = strings.Repeat(" ", max(f.re.width-len(re), 0)) + re
	im := f.imag.float(imag(c)) + "j"
	if im[0] == '+' || im[0] == '-' {
		return re + im
	}
	return re + "+" + im
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
	if f.re != nil { // complex: the parts are padded, the element is not
		return s
	}
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
// prints. It walks dims by index and storage offset, not by selecting
// sub-tensors (which copy their shape), so a tensor of many dims costs
// time linear in them.
func collectShown(t *Tensor, opt PrintOptions, summarize bool, visit func(int)) {
	collectShownFrom(t, 0, t.offset, opt, summarize, visit)
}

func collectShownFrom(t *Tensor, dim, offset int, opt PrintOptions, summarize bool, visit func(int)) {
	if dim == t.Dim() {
		visit(offset)
		return
	}
	for _, i := range shownIndices(t.shape[dim], opt, summarize) {
		if i >= 0 {
			collectShownFrom(t, dim+1, offset+i*t.strides[dim], opt, summarize, visit)
		}
	}
}

// formatDims writes t's values as PyTorch's _tensor_str_with_formatter:
// a vector's elements elements_per_line to a line, a summarised dimension's
// middle as "...".
func formatDims(b *strings.Builder, t *Tensor, f *elemFormatter, opt PrintOptions, summarize bool, indent int) {
	if t.Dim() == 0 {
		b.WriteString(f.padded(t, t.offset))
		return
	}
	formatDimsFrom(b, t, 0, t.offset, f, opt, summarize, indent)
}

// formatDimsFrom writes dims dim and after of t from storage offset
// offset; like collectShown it walks by index, in time linear in the dims.
func formatDimsFrom(b *strings.Builder, t *Tensor, dim, offset int, f *elemFormatter, opt PrintOptions, summarize bool, indent int) {
	idx := shownIndices(t.shape[dim], opt, summarize)
	b.WriteByte('[')
	if dim == t.Dim()-1 {
		perLine := max((opt.LineWidth-indent)/(f.width+2), 1)
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
				b.WriteString(" ...")
				continue
			}
			b.WriteString(f.padded(t, offset+i*t.strides[dim]))
		}
		b.WriteByte(']')
		return
	}
	var sep string
	for k, i := range idx {
		if k > 0 {
			if sep == "" {
				sep = ",\n" + strings.Repeat("\n", t.Dim()-dim-2) + strings.Repeat(" ", indent+1)
			}
			b.WriteString(sep)
		}
		if i < 0 {
			b.WriteString("...")
			continue
		}
		formatDimsFrom(b, t, dim+1, offset+i*t.strides[dim], f, opt, summarize, indent+1)
	}
	b.WriteByte(']')
}
