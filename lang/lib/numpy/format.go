package numpy

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kael-dev/kael/tensor"
)

// Printing as NumPy 1.24 prints (numpy/core/arrayprint.py, with its
// options, by default precision 8, floatmode 'maxprec', linewidth 75,
// threshold 1000, edgeitems 3, sign '-'; np.set_printoptions changes
// them, see printopts.go): repr(a) is array([1. , 2.5]) with the dtype
// named when it is not implied (float32, or an empty array), str(a) is
// [1.  2.5].

// arrayRepr is repr(a).
func arrayRepr(t *tensor.Tensor) string {
	const className = "array"
	skipDType := dtypeImplied(t.DType()) && t.Numel() > 0
	prefix := className + "("
	suffix := ")"
	if !skipDType {
		suffix = ","
	}
	var lst string
	opts := currentPrintOptions()
	shape := t.Shape()
	switch {
	case t.Numel() > 0 || (len(shape) == 1 && shape[0] == 0):
		lst = array2string(t, ", ", prefix, opts.linewidth-len(suffix), opts)
	default:
		lst = "[], shape=" + tupleText(shape)
	}
	s := prefix + lst + suffix
	if skipDType {
		return s
	}
	dtypeStr := "dtype=" + numpyName(t.DType()) + ")"
	lastLine := len(s) - (strings.LastIndex(s, "\n") + 1)
	spacer := " "
	if lastLine+len(dtypeStr)+1 > opts.linewidth {
		spacer = "\n" + strings.Repeat(" ", len(prefix))
	}
	return s + spacer + dtypeStr
}

// arrayStr is str(a).
func arrayStr(t *tensor.Tensor) string {
	if t.Dim() == 0 {
		v, _ := t.Item()
		return scalarText(t.DType(), v)
	}
	opts := currentPrintOptions()
	return array2string(t, " ", "", opts.linewidth, opts)
}

// dtypeImplied reports whether repr leaves the dtype out: NumPy's
// defaults, float64, int64, complex128 and bool.
func dtypeImplied(dt tensor.DType) bool {
	return dt == tensor.Float64 || dt == tensor.Int64 || dt == tensor.Complex128 || dt == tensor.Bool
}

func tupleText(shape []int) string {
	parts := make([]string, len(shape))
	for i, n := range shape {
		parts[i] = strconv.Itoa(n)
	}
	if len(parts) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// array2string is NumPy's array2string with the options opts.
func array2string(t *tensor.Tensor, separator, prefix string, linewidth int, opts printOptions) string {
	return array2stringWith(t, separator, prefix, linewidth, opts, func(p *printer, shown elements) func(int) string {
		return formatterFor(t.DType(), shown, t.Dim() == 0)
	})
}

// array2stringWith is array2string with the elements' format fitted by
// fit (a structured array's, whose elements are records).
func array2stringWith(t *tensor.Tensor, separator, prefix string, linewidth int, opts printOptions, fit func(p *printer, shown elements) func(int) string) string {
	if t.Numel() == 0 {
		return "[]"
	}
	summarize := t.Numel() > opts.threshold
	p := &printer{t: t, separator: separator, linewidth: linewidth, edgeitems: opts.edgeitems, opts: opts}
	if err := p.load(); err != nil {
		return "<array: " + err.Error() + ">"
	}
	p.format = fit(p, p.shown(summarize))
	summary := ""
	if summarize {
		summary = "..."
	}
	return p.recurse(nil, " "+strings.Repeat(" ", len(prefix)), linewidth, summary)
}

// printer walks an array's elements in NumPy's _formatArray order.
type printer struct {
	t         *tensor.Tensor
	separator string
	linewidth int
	edgeitems int
	opts      printOptions
	shape     []int
	strides   []int     // of the contiguous copy
	floats    []float64 // real parts, for complex arrays
	imags     []float64
	ints      []int64
	uints     []uint64 // uint64's, which int64 cannot hold
	bools     []uint8
	format    func(i int) string
}

func (p *printer) load() error {
	c, err := p.t.Contiguous()
	if err != nil {
		return err
	}
	p.shape = c.Shape()
	p.strides = make([]int, len(p.shape))
	n := 1
	for i := len(p.shape) - 1; i >= 0; i-- {
		p.strides[i] = n
		n *= p.shape[i]
	}
	switch c.DType() {
	case tensor.Bool:
		p.bools, err = tensor.Values[uint8](c)
	case tensor.Int64:
		p.ints, err = tensor.Values[int64](c)
	case tensor.Uint64:
		p.uints, err = tensor.Values[uint64](c)
	case tensor.Uint8, tensor.Int8, tensor.Int16, tensor.Int32, tensor.Uint16, tensor.Uint32:
		var wide *tensor.Tensor
		if wide, err = c.To(tensor.Int64); err == nil {
			p.ints, err = tensor.Values[int64](wide)
		}
	case tensor.Float16, tensor.BFloat16, tensor.Float32, tensor.Float64:
		p.floats, err = c.Float64s()
	case tensor.Complex64, tensor.Complex128:
		var wide *tensor.Tensor
		var cs []complex128
		if wide, err = castTensor(c, tensor.Complex128); err == nil {
			cs, err = tensor.Values[complex128](wide)
		}
		if err == nil {
			p.floats, p.imags = make([]float64, len(cs)), make([]float64, len(cs))
			for i, z := range cs {
				p.floats[i], p.imags[i] = real(z), imag(z)
			}
		}
	}
	return err
}

// shown returns the elements printing shows: all, or the edges of each
// dimension when the array is summarised (NumPy's _leading_trailing).
func (p *printer) shown(summarize bool) elements {
	var idx []int
	var walk func(dim, offset int)
	walk = func(dim, offset int) {
		if dim == len(p.shape) {
			idx = append(idx, offset)
			return
		}
		n := p.shape[dim]
		for i := 0; i < n; i++ {
			if summarize && n > 2*p.edgeitems && i == p.edgeitems {
				i = n - p.edgeitems
			}
			walk(dim+1, offset+i*p.strides[dim])
		}
	}
	walk(0, 0)
	return elements{p: p, idx: idx}
}

// elements are the flat positions of the elements a format is fitted to.
type elements struct {
	p   *printer
	idx []int
}

func (p *printer) recurse(index []int, hangingIndent string, currWidth int, summary string) string {
	axis := len(index)
	axesLeft := len(p.shape) - axis
	if axesLeft == 0 {
		off := 0
		for i, ix := range index {
			off += ix * p.strides[i]
		}
		return p.format(off)
	}
	nextHanging := hangingIndent + " "
	nextWidth := currWidth - len("]")
	n := p.shape[axis]
	showSummary := summary != "" && 2*p.edgeitems < n
	leading, trailing := 0, n
	if showSummary {
		leading, trailing = p.edgeitems, p.edgeitems
	}
	at := func(i int) []int {
		if i < 0 {
			i += n
		}
		return append(append([]int(nil), index...), i)
	}
	var s string
	if axesLeft == 1 {
		elemWidth := currWidth - max(len(strings.TrimRight(p.separator, " ")), len("]"))
		line := hangingIndent
		for i := 0; i < leading; i++ {
			word := p.recurse(at(i), nextHanging, nextWidth, summary)
			s, line = extendLine(s, line, word, elemWidth, hangingIndent)
			line += p.separator
		}
		if showSummary {
			s, line = extendLine(s, line, summary, elemWidth, hangingIndent)
			line += p.separator
		}
		for i := trailing; i > 1; i-- {
			word := p.recurse(at(-i), nextHanging, nextWidth, summary)
			s, line = extendLine(s, line, word, elemWidth, hangingIndent)
			line += p.separator
		}
		word := p.recurse(at(-1), nextHanging, nextWidth, summary)
		s, line = extendLine(s, line, word, elemWidth, hangingIndent)
		s += line
	} else {
		lineSep := strings.TrimRight(p.separator, " ") + strings.Repeat("\n", axesLeft-1)
		for i := 0; i < leading; i++ {
			s += hangingIndent + p.recurse(at(i), nextHanging, nextWidth, summary) + lineSep
		}
		if showSummary {
			s += hangingIndent + summary + lineSep
		}
		for i := trailing; i > 1; i-- {
			s += hangingIndent + p.recurse(at(-i), nextHanging, nextWidth, summary) + lineSep
		}
		s += hangingIndent + p.recurse(at(-1), nextHanging, nextWidth, summary)
	}
	return "[" + s[len(hangingIndent):] + "]"
}

// extendLine is NumPy's _extendLine: wrap before word when it would pass
// the width, unless the line holds only its prefix.
// Widths are in characters, as Python's len (a string array's elements
// may be non-ASCII).
func extendLine(s, line, word string, width int, prefix string) (string, string) {
	needsWrap := utf8.RuneCountInString(line)+utf8.RuneCountInString(word) > width
	if utf8.RuneCountInString(line) <= utf8.RuneCountInString(prefix) {
		needsWrap = false
	}
	if needsWrap {
		s += strings.TrimRight(line, " ") + "\n"
		line = prefix
	}
	return s, line + word
}

// formatterFor fits NumPy's format for a dtype to the elements shown.
func formatterFor(dt tensor.DType, shown elements, zeroDim bool) func(i int) string {
	p := shown.p
	switch dt {
	case tensor.Bool:
		trueStr := " True"
		if zeroDim {
			trueStr = "True"
		}
		return func(i int) string {
			if p.bools[i] != 0 {
				return trueStr
			}
			return "False"
		}
	case tensor.Uint64:
		return rightAligned(shown.idx, func(i int) string { return strconv.FormatUint(p.uints[i], 10) })
	case tensor.Int64, tensor.Uint8, tensor.Int8, tensor.Int16, tensor.Int32, tensor.Uint16, tensor.Uint32:
		return rightAligned(shown.idx, func(i int) string { return strconv.FormatInt(p.ints[i], 10) })
	case tensor.Complex64, tensor.Complex128:
		// NumPy's ComplexFloatingFormat: the real parts fitted as floats,
		// the imaginary parts with their sign, and a j before the padding.
		bits := 4 * dt.Size()
		re := fitFloatFormat(shown.values(p.floats), bits, false, p.opts)
		im := fitFloatFormat(shown.values(p.imags), bits, true, p.opts)
		return func(i int) string {
			s := im.format(p.imags[i])
			sp := len(strings.TrimRight(s, " "))
			return re.format(p.floats[i]) + s[:sp] + "j" + s[sp:]
		}
	case tensor.Float16, tensor.BFloat16, tensor.Float32, tensor.Float64:
	}
	f := fitFloatFormat(shown.values(p.floats), 8*dt.Size(), false, p.opts)
	return func(i int) string { return f.format(p.floats[i]) }
}

// values are the shown elements of vals.
func (e elements) values(vals []float64) []float64 {
	out := make([]float64, len(e.idx))
	for k, i := range e.idx {
		out[k] = vals[i]
	}
	return out
}

// floatFormat is NumPy's FloatingFormat after fillFormat.
type floatFormat struct {
	bits              int
	plus              bool // sign '+': positive numbers show a +
	exp               bool
	precision         int // positional: at most this many digits; scientific: exactly
	padLeft, padRight int
	expSize           int
}

func fitFloatFormat(vals []float64, bits int, plus bool, opts printOptions) *floatFormat {
	f := &floatFormat{bits: bits, plus: plus, precision: opts.precision}
	var finite []float64
	maxAbs, minAbs := 0.0, math.Inf(1)
	hasNonFinite, negInf := false, false
	for _, v := range vals {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			hasNonFinite = true
			if math.IsInf(v, -1) {
				negInf = true
			}
			continue
		}
		finite = append(finite, v)
		if a := math.Abs(v); a != 0 {
			maxAbs, minAbs = max(maxAbs, a), min(minAbs, a)
		}
	}
	if maxAbs > 0 && (maxAbs >= 1e8 || !opts.suppress && (minAbs < 0.0001 || maxAbs/minAbs > 1000)) {
		f.exp = true
	}
	switch {
	case len(finite) == 0:
		f.padLeft, f.padRight, f.expSize = 0, 0, -1
	case f.exp:
		prec, expSize, padLeft := 0, 0, 0
		for _, v := range finite {
			mant, exp := f.uniqueScientific(v)
			ip, fp, _ := strings.Cut(mant, ".")
			prec = max(prec, len(fp))
			padLeft = max(padLeft, len(ip))
			expSize = max(expSize, len(exp)-1)
		}
		f.precision, f.expSize, f.padLeft = prec, expSize, padLeft
		f.padRight = f.expSize + 2 + f.precision // as NumPy's, for the width of inf and nan
	default:
		padLeft, padRight := 0, 0
		for _, v := range finite {
			s := f.uniquePositional(v)
			ip, fp, _ := strings.Cut(s, ".")
			padLeft = max(padLeft, len(ip))
			padRight = max(padRight, len(fp))
		}
		f.padLeft, f.padRight, f.expSize = padLeft, padRight, -1
	}
	if hasNonFinite {
		inflen := 3
		if negInf || plus {
			inflen++
		}
		offset := f.padRight + 1
		f.padLeft = max(f.padLeft, 3-offset, inflen-offset)
	}
	return f
}

// uniquePositional is dragon4_positional(x, precision=8, unique=True,
// trim='.'): the shortest digits, rounded to 8 decimals, with a point.
func (f *floatFormat) uniquePositional(v float64) string {
	s := formatBits(v, 'f', -1, f.bits)
	if _, frac, ok := strings.Cut(s, "."); ok && len(frac) > f.precision {
		s = strings.TrimRight(formatBits(v, 'f', f.precision, f.bits), "0")
	}
	if !strings.Contains(s, ".") {
		s += "."
	}
	return f.sign(v) + s
}

// sign is the + that sign '+' puts before a number without a minus.
func (f *floatFormat) sign(v float64) string {
	if f.plus && !math.Signbit(v) {
		return "+"
	}
	return ""
}

// formatBits is strconv.FormatFloat for a value of a float of bits
// (16, 32 or 64): the shortest digits of that float for prec -1.
func formatBits(v float64, fmt byte, prec, bits int) string {
	if bits == 16 {
		if prec < 0 {
			v = shortestHalf(v)
		}
		bits = 64
	}
	return strconv.FormatFloat(v, fmt, prec, bits)
}

// shortestHalf is the float16 x as the float64 of the shortest decimal
// that reads back as the same float16 (dragon4's unique digits).
func shortestHalf(x float64) float64 {
	if math.IsNaN(x) || math.IsInf(x, 0) || x == 0 {
		return x
	}
	h := tensor.F16FromFloat32(float32(x))
	for p := 0; p < 17; p++ {
		d, err := strconv.ParseFloat(strconv.FormatFloat(x, 'e', p, 64), 64)
		if err == nil && tensor.F16FromFloat32(float32(d)) == h {
			return d
		}
	}
	return x
}

// uniqueScientific is dragon4_scientific(x, precision=8, unique=True,
// trim='.'), split into mantissa and exponent ("1.5", "-05").
func (f *floatFormat) uniqueScientific(v float64) (string, string) {
	s := formatBits(v, 'e', -1, f.bits)
	mant, exp, _ := strings.Cut(s, "e")
	if _, frac, ok := strings.Cut(mant, "."); ok && len(frac) > f.precision {
		s = formatBits(v, 'e', f.precision, f.bits)
		mant, exp, _ = strings.Cut(s, "e")
		mant = strings.TrimRight(mant, "0")
	}
	if !strings.Contains(mant, ".") {
		mant += "."
	}
	return f.sign(v) + mant, exp
}

func (f *floatFormat) format(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		ret := "nan"
		if math.IsInf(v, 1) {
			ret = "inf"
		} else if math.IsInf(v, -1) {
			ret = "-inf"
		}
		if ret[0] != '-' && f.plus {
			ret = "+" + ret
		}
		return strings.Repeat(" ", max(0, f.padLeft+f.padRight+1-len(ret))) + ret
	}
	if f.exp {
		mant, exp := f.uniqueScientific(v)
		ip, fp, _ := strings.Cut(mant, ".")
		if len(fp) < f.precision {
			// dragon4 with min_digits: the value's own further digits
			mant, exp, _ = strings.Cut(f.sign(v)+formatBits(v, 'e', f.precision, f.bits), "e")
			ip, fp, _ = strings.Cut(mant, ".")
		}
		sign, digits := exp[:1], exp[1:]
		digits = strings.Repeat("0", max(0, f.expSize-len(digits))) + digits
		return strings.Repeat(" ", max(0, f.padLeft-len(ip))) + ip + "." + fp + "e" + sign + digits
	}
	s := f.uniquePositional(v)
	if math.Abs(v) >= wholeFrom(f.bits) {
		// dragon4 with min_digits=0 prints every digit down to the units
		// place, the value's own where the shortest would round them
		// (a float16 15448 is "15448.", its shortest digits 15450).
		s = f.sign(v) + strconv.FormatFloat(v, 'f', 0, 64) + "."
	}
	ip, fp, _ := strings.Cut(s, ".")
	return strings.Repeat(" ", max(0, f.padLeft-len(ip))) + ip + "." + fp + strings.Repeat(" ", max(0, f.padRight-len(fp)))
}

// wholeFrom is the magnitude from which every float of bits (16, 32 or
// 64) is a whole number: 2 to the power of its significand's bits.
func wholeFrom(bits int) float64 {
	switch bits {
	case 16:
		return 1 << 11
	case 32:
		return 1 << 24
	}
	return 1 << 53
}

// rightAligned formats the elements at idx with text and pads them on the
// left to the widest one's width, as NumPy's integer format does.
func rightAligned(idx []int, text func(i int) string) func(i int) string {
	width := 0
	for _, i := range idx {
		width = max(width, len(text(i)))
	}
	return func(i int) string {
		s := text(i)
		return strings.Repeat(" ", max(0, width-len(s))) + s
	}
}
