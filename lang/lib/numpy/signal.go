package numpy

import (
	"math"
	"sort"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// np.convolve, np.correlate, np.interp, np.polyval, np.unravel_index and
// np.ravel_multi_index, as NumPy 1.24 computes them.

// oneDim reads a 1-d array argument (a scalar counts as one element).
func oneDim(v lang.Value) (*tensor.Tensor, error) {
	t, err := arrayFrom(v, 0, false)
	if err != nil {
		return nil, err
	}
	if t.Dim() == 0 {
		return t.Reshape(1)
	}
	if t.Dim() != 1 {
		return nil, lang.Errorf(lang.ValueError, "object too deep for desired array")
	}
	return t, nil
}

// convolveFull is the full discrete convolution of a and w, each output
// summed over a's index in increasing order, as NumPy's correlate loop.
func convolveFull(a, w []float64) []float64 {
	out := make([]float64, len(a)+len(w)-1)
	for n := range out {
		s := 0.0
		for j := max(0, n-len(w)+1); j <= min(n, len(a)-1); j++ {
			s += a[j] * w[n-j]
		}
		out[n] = s
	}
	return out
}

// convolveMode is convolve(a, w, mode) (correlate reverses w first): the
// full output, or its part of mode 'same' (max(len) long, centred) or
// 'valid' (the overlaps).
func convolveMode(a, w lang.Value, mode lang.Value, reverse bool) (lang.Value, error) {
	at, err := oneDim(a)
	if err != nil {
		return nil, err
	}
	wt, err := oneDim(w)
	if err != nil {
		return nil, err
	}
	if !reverse && wt.Numel() > at.Numel() {
		at, wt = wt, at // np.convolve swaps them first
	}
	if at.Numel() == 0 {
		return nil, lang.Errorf(lang.ValueError, "a cannot be empty")
	}
	if wt.Numel() == 0 {
		return nil, lang.Errorf(lang.ValueError, "v cannot be empty")
	}
	dt := promote(at.DType(), wt.DType())
	if dt.IsComplex() {
		return nil, lang.Errorf(notImplementedError, "kael's convolve and correlate take real arrays")
	}
	x, err := floatValues(at)
	if err != nil {
		return nil, err
	}
	y, err := floatValues(wt)
	if err != nil {
		return nil, err
	}
	inverted := reverse && len(y) > len(x) // NumPy's correlate swaps them and reverses the result
	if inverted {
		x, y = y, x
	}
	if reverse {
		y = backwards(y)
	}
	full := convolveFull(x, y)
	long, short := max(len(x), len(y)), min(len(x), len(y))
	var out []float64
	switch m, _ := mode.(string); m {
	case "full", "f":
		out = full
	case "same", "s":
		start := (short - 1) / 2
		out = full[start : start+long]
	case "valid", "v":
		out = full[short-1 : long]
	default:
		if n, ok := lang.AsInt(mode); ok && n >= 0 && n <= 2 {
			return convolveMode(a, w, []string{"valid", "same", "full"}[n], reverse)
		}
		return nil, lang.Errorf(lang.ValueError, "mode must be one of 'valid', 'same', or 'full' (got %s)", lang.Repr(mode))
	}
	out = append([]float64(nil), out...)
	if inverted {
		out = backwards(out)
	}
	t, err := fromValues(out, []int{len(out)})
	if err != nil {
		return nil, err
	}
	if dt != tensor.Float64 {
		if t, err = t.To(dt); err != nil {
			return nil, err
		}
	}
	return wrapArray(t), nil
}

// backwards is xs reversed, in a new slice.
func backwards(xs []float64) []float64 {
	r := make([]float64, len(xs))
	for i, v := range xs {
		r[len(xs)-1-i] = v
	}
	return r
}

// interp is np.interp(x, xp, fp, left, right, period) of real values.
func interp(a *lang.Args) (lang.Value, error) {
	xt, err := arrayFrom(a.Value("x"), 0, false)
	if err != nil {
		return nil, err
	}
	xpt, err := oneDim(a.Value("xp"))
	if err != nil {
		return nil, err
	}
	fpt, err := oneDim(a.Value("fp"))
	if err != nil {
		return nil, err
	}
	if xt.DType().IsComplex() || xpt.DType().IsComplex() || fpt.DType().IsComplex() {
		return nil, lang.Errorf(notImplementedError, "kael's np.interp takes real values")
	}
	x, _ := floatValues(xt)
	xp, _ := floatValues(xpt)
	fp, err := floatValues(fpt)
	if err != nil {
		return nil, err
	}
	if len(xp) == 0 {
		return nil, lang.Errorf(lang.ValueError, "array of sample points is empty")
	}
	if len(xp) != len(fp) {
		return nil, lang.Errorf(lang.ValueError, "fp and xp are not of the same length.")
	}
	left, right := fp[0], fp[len(fp)-1]
	if !a.IsNone("period") {
		period := a.Float("period")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if period == 0 {
			return nil, lang.Errorf(lang.ValueError, "period must be a non-zero value")
		}
		period = math.Abs(period)
		mod := func(v float64) float64 { // Python's %: the sign of the period
			r := math.Mod(v, period)
			if r < 0 {
				r += period
			}
			return r
		}
		for i := range x {
			x[i] = mod(x[i])
		}
		idx := make([]int, len(xp))
		for i := range xp {
			xp[i] = mod(xp[i])
			idx[i] = i
		}
		sort.SliceStable(idx, func(i, j int) bool { return xp[idx[i]] < xp[idx[j]] })
		sx, sf := make([]float64, len(xp)+2), make([]float64, len(fp)+2)
		for i, k := range idx {
			sx[i+1], sf[i+1] = xp[k], fp[k]
		}
		n := len(xp)
		sx[0], sf[0] = sx[n]-period, sf[n]
		sx[n+1], sf[n+1] = sx[1]+period, sf[1]
		xp, fp = sx, sf
		left, right = fp[0], fp[len(fp)-1]
	} else {
		if !a.IsNone("left") {
			left = a.Float("left")
		}
		if !a.IsNone("right") {
			right = a.Float("right")
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
	}
	out := make([]float64, len(x))
	last := len(xp) - 1
	for i, v := range x {
		switch {
		case math.IsNaN(v):
			out[i] = v
		case v > xp[last]:
			out[i] = right
		case v < xp[0]:
			out[i] = left
		case v == xp[last]:
			out[i] = fp[last]
		default:
			j := sort.Search(len(xp), func(k int) bool { return xp[k] > v }) - 1
			if j >= last {
				out[i] = fp[last]
				continue
			}
			if v == xp[j] {
				out[i] = fp[j]
				continue
			}
			slope := (fp[j+1] - fp[j]) / (xp[j+1] - xp[j])
			r := slope*(v-xp[j]) + fp[j]
			if math.IsNaN(r) {
				r = slope*(v-xp[j+1]) + fp[j+1]
				if math.IsNaN(r) && fp[j] == fp[j+1] {
					r = fp[j]
				}
			}
			out[i] = r
		}
	}
	t, err := fromValues(out, xt.Shape())
	if err != nil {
		return nil, err
	}
	return wrap(t), nil
}

// polyval is np.polyval(p, x): Horner's rule, y = y * x + c for each
// coefficient, with NumPy's dtypes (zeros_like(x) first).
func polyval(a *lang.Args) (lang.Value, error) {
	pt, err := arrayFrom(a.Value("p"), 0, false)
	if err != nil {
		return nil, err
	}
	xt, err := arrayFrom(a.Value("x"), 0, false)
	if err != nil {
		return nil, err
	}
	zero, err := full(xt.Shape(), 0, xt.DType())
	if err != nil {
		return nil, err
	}
	y := zero
	x := wrap(xt)
	if pt.Dim() == 0 {
		if pt, err = pt.Reshape(1); err != nil {
			return nil, err
		}
	}
	for i := range pt.Shape()[0] {
		c, err := pt.Select(0, i)
		if err != nil {
			return nil, err
		}
		if y, _, err = binaryOp(syntax.STAR, y, x, false); err != nil {
			return nil, err
		}
		if y, _, err = binaryOp(syntax.PLUS, y, wrap(c), false); err != nil {
			return nil, err
		}
	}
	return y, nil
}

// intArray reads integer indices (a bool or float array is NumPy's
// TypeError).
func intArray(v lang.Value, what string) (*tensor.Tensor, []int64, error) {
	t, err := arrayFrom(v, 0, false)
	if err != nil {
		return nil, nil, err
	}
	if t.DType().Category() != tensor.IntegerCategory {
		return nil, nil, lang.Errorf(lang.TypeError, "only int indices permitted")
	}
	c, err := castTensor(t, tensor.Int64)
	if err == nil {
		c, err = c.Contiguous()
	}
	if err != nil {
		return nil, nil, err
	}
	vals, err := tensor.Values[int64](c)
	return t, vals, err
}

// dimsArg reads a shape of non-negative sizes.
func dimsArg(v lang.Value) ([]int, error) {
	dims, err := shapeArg(v)
	if err != nil {
		return nil, err
	}
	for _, d := range dims {
		if d < 0 {
			return nil, lang.Errorf(lang.ValueError, "dimensions must be non-negative")
		}
	}
	return dims, nil
}

// orderStrides are the element strides of dims in order 'C' or 'F'.
func orderStrides(dims []int, order lang.Value) ([]int64, error) {
	o, _ := order.(string)
	switch o {
	case "C", "F":
	case "A", "K":
		return nil, lang.Errorf(lang.ValueError, "only 'C' or 'F' order is permitted")
	default:
		return nil, lang.Errorf(lang.ValueError, "order must be one of 'C', 'F', 'A', or 'K' (got %s)", lang.Repr(order))
	}
	strides := make([]int64, len(dims))
	s := int64(1)
	for k := range dims {
		i := len(dims) - 1 - k
		if o == "F" {
			i = k
		}
		strides[i] = s
		s *= int64(dims[i])
	}
	return strides, nil
}

// unravelIndex is np.unravel_index(indices, shape, order='C').
func unravelIndex(a *lang.Args) (lang.Value, error) {
	t, idx, err := intArray(a.Value("indices"), "indices")
	if err != nil {
		return nil, err
	}
	dims, err := dimsArg(a.Value("shape"))
	if err != nil {
		return nil, err
	}
	strides, err := orderStrides(dims, a.Value("order"))
	if err != nil {
		return nil, err
	}
	size := int64(1)
	for _, d := range dims {
		size *= int64(d)
	}
	out := make([][]int64, len(dims))
	for k := range out {
		out[k] = make([]int64, len(idx))
	}
	for i, n := range idx {
		if n < 0 || n >= size {
			return nil, lang.Errorf(lang.ValueError, "index %d is out of bounds for array with size %d", n, size)
		}
		for k := range dims {
			out[k][i] = n / strides[k] % int64(dims[k])
		}
	}
	res := make(lang.Tuple, len(dims))
	for k := range dims {
		r, err := fromValues(out[k], t.Shape())
		if err != nil {
			return nil, err
		}
		res[k] = wrap(r)
	}
	return res, nil
}

// ravelMultiIndex is np.ravel_multi_index(multi_index, dims, mode,
// order): mode 'raise', 'wrap' or 'clip', or one of them per dimension.
func ravelMultiIndex(a *lang.Args) (lang.Value, error) {
	coords, err := lang.Collect(a.Value("multi_index"))
	if err != nil {
		return nil, err
	}
	dims, err := dimsArg(a.Value("dims"))
	if err != nil {
		return nil, err
	}
	if len(dims) == 0 {
		return nil, lang.Errorf(lang.ValueError, "dims must have at least one value")
	}
	if len(coords) != len(dims) {
		return nil, lang.Errorf(lang.ValueError, "parameter multi_index must be a sequence of length %d", len(dims))
	}
	strides, err := orderStrides(dims, a.Value("order"))
	if err != nil {
		return nil, err
	}
	modes := make([]string, len(dims))
	switch m := a.Value("mode").(type) {
	case string:
		for k := range modes {
			modes[k] = m
		}
	default:
		ms, err := lang.Collect(m)
		if err != nil || len(ms) != len(dims) {
			return nil, lang.Errorf(lang.ValueError, "mode must be a string or a sequence of %d strings", len(dims))
		}
		for k, v := range ms {
			modes[k], _ = v.(string)
		}
	}
	var shapes [][]int
	ts := make([]*tensor.Tensor, len(dims))
	for k, c := range coords {
		t, _, err := intArray(c, "multi_index")
		if err != nil {
			return nil, err
		}
		ts[k] = t
		shapes = append(shapes, t.Shape())
	}
	if err := broadcastError(shapes...); err != nil {
		return nil, err
	}
	shape, err := tensor.BroadcastShapes(shapes...)
	if err != nil {
		return nil, err
	}
	vals := make([][]int64, len(dims))
	for k, t := range ts {
		c, err := t.Expand(shape...)
		if err == nil {
			c, err = castTensor(c, tensor.Int64)
		}
		if err == nil {
			c, err = c.Contiguous()
		}
		if err == nil {
			vals[k], err = tensor.Values[int64](c)
		}
		if err != nil {
			return nil, err
		}
	}
	n := len(vals[0])
	out := make([]int64, n)
	for i := range n {
		var flat int64
		for k, d := range dims {
			c, size := vals[k][i], int64(d)
			switch modes[k] {
			case "raise":
				if c < 0 || c >= size {
					return nil, lang.Errorf(lang.ValueError, "invalid entry in coordinates array")
				}
			case "wrap":
				if size > 0 {
					c = (c%size + size) % size
				}
			case "clip":
				c = min(max(c, 0), size-1)
			default:
				return nil, lang.Errorf(lang.ValueError, "clipmode must be one of 'clip', 'raise', or 'wrap' (got %s)", lang.Repr(modes[k]))
			}
			flat += c * strides[k]
		}
		out[i] = flat
	}
	r, err := fromValues(out, shape)
	if err != nil {
		return nil, err
	}
	return wrap(r), nil
}

func defSignal(m map[string]lang.Value) {
	m["convolve"] = lang.NewBuiltin(lang.AsValue, "convolve(a, v, mode='full')", "The discrete linear convolution of the 1-d a and v: mode 'full' (every overlap), 'same' (max(len(a), len(v)) long, centred) or 'valid' (where they overlap wholly).", func(a *lang.Args) (lang.Value, error) {
		return convolveMode(a.Value("a"), a.Value("v"), a.Value("mode"), false)
	})
	m["correlate"] = lang.NewBuiltin(lang.AsValue, "correlate(a, v, mode='valid')", "The cross-correlation of the 1-d a and v (real): sum of a[n+k] * v[n], mode as convolve's, 'valid' by default.", func(a *lang.Args) (lang.Value, error) {
		return convolveMode(a.Value("a"), a.Value("v"), a.Value("mode"), true)
	})
	m["interp"] = lang.NewBuiltin(lang.AsValue, "interp(x, xp, fp, left=None, right=None, period=None)", "Linear interpolation of the points (xp, fp), xp increasing, at x: left and right beyond them (fp's ends by default); with period, x and xp are angles of that period.", interp)
	m["polyval"] = lang.NewBuiltin(lang.AsValue, "polyval(p, x)", "The polynomial of coefficients p (highest power first) at x, by Horner's rule.", polyval)
	m["unravel_index"] = lang.NewBuiltin(lang.AsValue, "unravel_index(indices, shape, order='C')", "The coordinates in an array of shape of the flat indices: a tuple of one array (or int) per dimension.", unravelIndex)
	m["ravel_multi_index"] = lang.NewBuiltin(lang.AsValue, "ravel_multi_index(multi_index, dims, mode='raise', order='C')", "The flat indices of coordinates (one array per dimension) in an array of shape dims; mode 'raise', 'wrap' or 'clip' for coordinates out of range.", ravelMultiIndex)
}
