package numpy

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// Order statistics, histograms and reshaping helpers.

func defStats(m map[string]lang.Value) {
	m["median"] = lang.NewBuiltin(lang.AsValue, "median(a, axis=None, keepdims=False)", "The median over axis: the mean of the two middle values for an even count.", func(a *lang.Args) (lang.Value, error) {
		return quantiles(a, "a", []float64{0.5}, false, "median", false)
	})
	defQuantiles(m)
	m["bincount"] = lang.NewBuiltin(lang.AsValue, "bincount(x, weights=None, minlength=0)", "How often each value 0, 1, 2, ... occurs in the non-negative ints x (or the sum of their weights).", func(a *lang.Args) (lang.Value, error) {
		x, err := arrayFrom(a.Value("x"), 0, false)
		if err != nil {
			return nil, err
		}
		if x.DType() != tensor.Int64 && !(x.DType() == tensor.Float64 && x.Numel() == 0) {
			return nil, lang.Errorf(lang.TypeError, "Cannot cast array data from dtype('%s') to dtype('int64') according to the rule 'safe'", numpyName(x.DType()))
		}
		if x.Dim() != 1 {
			return nil, lang.Errorf(lang.ValueError, "object too deep for desired array")
		}
		var w *tensor.Tensor
		if !a.IsNone("weights") {
			if w, err = arrayFrom(a.Value("weights"), tensor.Float64, true); err != nil {
				return nil, err
			}
			if w.Dim() == 1 && w.Numel() != x.Numel() {
				return nil, lang.Errorf(lang.ValueError, "The weights and list don't have the same length.")
			}
		}
		r, err := tensor.Bincount(x, w, a.Int("minlength"))
		return wrapArray(r), err
	})
	m["histogram"] = lang.NewBuiltin(lang.AsValue, "histogram(a, bins=10, range=None, density=False, weights=None)", "The counts of a's values in bins equal-width bins over range (a's min to max), or between the edges bins, and the bin edges; weights sums them instead, density divides by the bin widths and the total.", func(a *lang.Args) (lang.Value, error) {
		return histogram(a)
	})
	m["roll"] = lang.NewBuiltin(lang.AsValue, "roll(a, shift, axis=None)", "The elements shifted along axis (of the flattened array when None), those past the end coming back at the start.", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("a"), 0, false)
		if err != nil {
			return nil, err
		}
		shifts, err := shapeArg(a.Value("shift"))
		if err != nil {
			return nil, err
		}
		if a.IsNone("axis") {
			c, err := t.Contiguous()
			if err != nil {
				return nil, err
			}
			flat, err := c.Reshape(-1)
			if err != nil {
				return nil, err
			}
			r, err := tensor.Roll(flat, shifts[:1], []int{0})
			if err != nil {
				return nil, err
			}
			r, err = r.Reshape(t.Shape()...)
			return wrapArray(r), err
		}
		axes, err := axesArg(a.Value("axis"), t.Dim())
		if err != nil {
			return nil, err
		}
		r, err := tensor.Roll(t, shifts, axes)
		return wrapArray(r), err
	})
	m["pad"] = lang.NewBuiltin(lang.AsValue, "pad(array, pad_width, mode='constant', constant_values=0, stat_length=None, end_values=0)", "The array padded with pad_width values before and after each axis: mode 'constant' (constant_values), 'empty' (zeros here), 'edge', 'reflect', 'symmetric', 'wrap', 'linear_ramp' (from end_values to the edge), or the 'maximum', 'minimum', 'mean' or 'median' of the axis; or a function pad_func(vector, iaxis_pad_width, iaxis, kwargs) that writes the pads of each 1-d vector along each axis in place (of the array padded with zeros), kwargs the other keyword arguments.", func(a *lang.Args) (lang.Value, error) {
		return pad(a)
	}).CollectKeywords()
	m["argwhere"] = lang.NewBuiltin(lang.AsValue, "argwhere(a)", "The indices of the nonzero elements, one row per element.", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("a"), 0, false)
		if err != nil {
			return nil, err
		}
		r, err := tensor.Nonzero(t)
		return wrapArray(r), err
	})
}

func init() {
	defineLater(func() {
		defArrayFuncs([]arrayFunc{{name: "cumprod", params: "axis=None", doc: "The running products along axis (of the flattened array when None).", fn: cumprod}})
	})
}

// cumprod is NumPy's cumprod: multiply.accumulate along axis.
func cumprod(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
	var err error
	axis := 0
	if a.IsNone("axis") {
		if t, err = t.Reshape(-1); err != nil {
			return nil, err
		}
	} else {
		axes, err := axesArg(a.Value("axis"), t.Dim())
		if err != nil {
			return nil, err
		}
		axis = axes[0]
	}
	var r *tensor.Tensor
	switch dt := t.DType(); dt {
	case tensor.Complex64:
		r, err = runningProduct(t, axis, dt, func(x complex128) complex128 { return complex128(complex64(x)) })
	case tensor.Complex128:
		r, err = runningProduct(t, axis, dt, func(x complex128) complex128 { return x })
	case tensor.Float16, tensor.BFloat16:
		r, err = runningProduct(t, axis, tensor.Float16, func(x float64) float64 { return float64(tensor.F16FromFloat32(float32(x)).Float32()) })
	case tensor.Float32:
		r, err = runningProduct(t, axis, dt, func(x float64) float64 { return float64(float32(x)) })
	case tensor.Float64:
		r, err = runningProduct(t, axis, dt, func(x float64) float64 { return x })
	case tensor.Bool, tensor.Int8, tensor.Int16, tensor.Int32, tensor.Int64:
		// multiplied in int64, as NumPy's
		r, err = runningProduct(t, axis, tensor.Int64, func(x int64) int64 { return x })
	case tensor.Uint8, tensor.Uint16, tensor.Uint32, tensor.Uint64:
		r, err = unsignedAccumulate(t, axis, func(t *tensor.Tensor, axis int) (*tensor.Tensor, error) {
			return runningProduct(t, axis, tensor.Int64, func(x int64) int64 { return x })
		})
	}
	if err != nil {
		return nil, err
	}
	return checkedReduce(a, "accumulate", t)(wrapArray(r), nil)
}

// runningProduct is the running product of t along axis as NumPy's
// multiply.accumulate computes it in dt: in T, each product rounded to
// dt by round (a float32's products stay float32s).
func runningProduct[T int64 | float64 | complex128](t *tensor.Tensor, axis int, dt tensor.DType, round func(T) T) (*tensor.Tensor, error) {
	return accumulate(t, dt, axis, round, 1, func(a, b T) T { return a * b })
}

// accumulate is NumPy's ufunc.accumulate of op along axis of t in dt:
// computed in T from first, each result rounded to dt by round.
func accumulate[T int64 | float64 | complex128](t *tensor.Tensor, dt tensor.DType, axis int, round func(T) T, first T, op func(a, b T) T) (*tensor.Tensor, error) {
	c, err := castTensor(t, dt)
	if err == nil {
		c, err = castTensor(c, tensor.DTypeOf[T]())
	}
	last := c.Dim() - 1
	if err == nil && axis != last {
		c, err = c.Transpose(axis, last)
	}
	if err != nil {
		return nil, err
	}
	vals, err := tensor.Values[T](c) // a copy, in c's logical order
	if err != nil {
		return nil, err
	}
	if n := c.Shape()[last]; n > 0 {
		for row := 0; row < len(vals); row += n {
			acc := first
			for i := row; i < row+n; i++ {
				acc = round(op(acc, vals[i]))
				vals[i] = acc
			}
		}
	}
	r, err := fromValues(vals, c.Shape())
	if err == nil && axis != last {
		r, err = r.Transpose(axis, last)
	}
	if err != nil {
		return nil, err
	}
	return castTensor(r, dt)
}

func quantileArg(v lang.Value, scale float64) ([]float64, bool, error) {
	if f, ok := lang.AsFloat(v); ok {
		if f < 0 || f > scale {
			return nil, false, quantileRange(scale)
		}
		return []float64{f / scale}, true, nil
	}
	t, err := arrayFrom(v, tensor.Float64, true)
	if err != nil {
		return nil, false, err
	}
	vals, err := floatValues(t)
	if err != nil {
		return nil, false, err
	}
	for i := range vals {
		if vals[i] < 0 || vals[i] > scale {
			return nil, false, quantileRange(scale)
		}
		vals[i] /= scale
	}
	return vals, false, nil
}

func quantileRange(scale float64) error {
	if scale == 100 {
		return lang.Errorf(lang.ValueError, "Percentiles must be in the range [0, 100]")
	}
	return lang.Errorf(lang.ValueError, "Quantiles must be in the range [0, 1]")
}

// histBlock is how many values np.histogram bins at a time; its
// weighted sums are per block, added together, and kael adds them in the
// same order.
const histBlock = 65536

func histogram(a *lang.Args) (lang.Value, error) {
	t, err := arrayFrom(a.Value("a"), 0, false)
	if err != nil {
		return nil, err
	}
	vals, err := floatValues(t)
	if err != nil {
		return nil, err
	}
	var weights []float64
	wtype := tensor.Int64 // the counts' dtype, the weights' when given
	if !a.IsNone("weights") {
		w, err := arrayFrom(a.Value("weights"), 0, false)
		if err != nil {
			return nil, err
		}
		if !slices.Equal(w.Shape(), t.Shape()) {
			return nil, lang.Errorf(lang.ValueError, "weights should have the same shape as a.")
		}
		// bool and integer weights sum as int64; float32 and float64 as
		// themselves; float16, bfloat16 and complex are not taken
		switch wd := w.DType(); {
		case wd.IsComplex() || (wd.IsFloating() && wd.Size() < 4):
			return nil, lang.Errorf(notImplementedError, "kael's histogram takes real weights, not %s", numpyName(wd))
		case wd.IsFloating():
			wtype = wd
		}
		if weights, err = floatValues(w); err != nil {
			return nil, err
		}
	}
	var counts []float64
	var edges *tensor.Tensor
	bins, ok := lang.AsInt(a.Value("bins"))
	if et, isArray := a.Value("bins").(*Array); isArray && !ok {
		// a 0-d integer array is a number of bins, as operator.index reads it
		if t, err := arrayFrom(et, 0, false); err == nil && t.Dim() == 0 && t.DType().Category() == tensor.IntegerCategory {
			v, err := floatValues(t)
			if err != nil {
				return nil, err
			}
			bins, ok = int64(v[0]), true
		}
	}
	if name, isName := a.Value("bins").(string); isName {
		n, err := binsByName(a, name, vals)
		if err != nil {
			return nil, err
		}
		bins, ok = int64(n), true
	}
	if ok {
		counts, edges, err = uniformHistogram(a, vals, weights, int(bins))
	} else {
		counts, edges, err = edgeHistogram(a.Value("bins"), vals, weights, wtype)
	}
	if err != nil {
		return nil, err
	}
	var ct *tensor.Tensor
	if a.Bool("density") {
		ev, err := floatValues(edges)
		if err != nil {
			return nil, err
		}
		total := 0.0
		for _, c := range counts {
			total += c
		}
		for i := range counts {
			counts[i] = counts[i] / (ev[i+1] - ev[i]) / total
		}
		ct, err = tensor.FromSlice(counts, len(counts))
		if err != nil {
			return nil, err
		}
	} else {
		if ct, err = tensor.FromSlice(counts, len(counts)); err != nil {
			return nil, err
		}
		if ct, err = ct.To(wtype); err != nil {
			return nil, err
		}
	}
	return lang.Tuple{wrapArray(ct), wrapArray(edges)}, nil
}

// histRange is the histogram's outer edges: range=, or a's min and max
// (0 and 1 for no values), widened by 0.5 each way when they are equal.
func histRange(a *lang.Args, vals []float64) (lo, hi float64, err error) {
	if a.IsNone("range") {
		if len(vals) == 0 {
			lo, hi = 0, 1
		} else {
			lo, hi = math.Inf(1), math.Inf(-1)
			for _, v := range vals {
				if math.IsNaN(v) {
					lo, hi = v, v
					break
				}
				lo, hi = min(lo, v), max(hi, v)
			}
			if math.IsNaN(lo) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
				return 0, 0, lang.Errorf(lang.ValueError, "autodetected range of [%s, %s] is not finite", lang.FormatFloat(lo), lang.FormatFloat(hi))
			}
		}
	} else {
		r, err := lang.Collect(a.Value("range"))
		if err != nil || len(r) != 2 {
			return 0, 0, lang.Errorf(lang.ValueError, "range must be a pair (min, max)")
		}
		lo, _ = lang.AsFloat(r[0])
		hi, _ = lang.AsFloat(r[1])
		if lo > hi {
			return 0, 0, lang.Errorf(lang.ValueError, "max must be larger than min in range parameter.")
		}
	}
	if lo == hi {
		lo, hi = lo-0.5, hi+0.5
	}
	return lo, hi, nil
}

// uniformHistogram is np.histogram with bins equal-width bins over range
// (a's min to max): each value's bin computed, corrected against the
// edges as NumPy corrects it, and counted or its weight summed.
func uniformHistogram(a *lang.Args, vals, weights []float64, bins int) ([]float64, *tensor.Tensor, error) {
	if bins < 1 {
		return nil, nil, lang.Errorf(lang.ValueError, "`bins` must be positive, when an integer")
	}
	lo, hi, err := histRange(a, vals)
	if err != nil {
		return nil, nil, err
	}
	n := bins
	edges := make([]float64, n+1)
	step := (hi - lo) / float64(n)
	for i := range edges {
		edges[i] = lo + float64(i)*step
	}
	edges[n] = hi
	counts := make([]float64, n)
	block := make([]float64, n)
	norm := float64(n) / (hi - lo)
	for b := 0; b < len(vals); b += histBlock {
		clear(block)
		for k, v := range vals[b:min(b+histBlock, len(vals))] {
			if !(v >= lo && v <= hi) {
				continue
			}
			i := int((v - lo) * norm)
			if i >= n {
				i = n - 1
			}
			// NumPy corrects the computed bin against the edges.
			if v < edges[i] {
				i--
			} else if i+1 < n && v >= edges[i+1] {
				i++
			}
			if weights == nil {
				block[i]++
			} else {
				block[i] += weights[b+k]
			}
		}
		for i, c := range block {
			counts[i] += c
		}
	}
	et, err := tensor.FromSlice(edges, n+1)
	return counts, et, err
}

// edgeHistogram is np.histogram with bins the edges themselves: the
// counts, or weights, of the values from each edge to the next (the last
// bin closed), as NumPy computes them: per block, the sorted values'
// cumulative weights differenced at the edges.
func edgeHistogram(bins lang.Value, vals, weights []float64, wtype tensor.DType) ([]float64, *tensor.Tensor, error) {
	et, err := arrayFrom(bins, 0, false)
	if err != nil {
		return nil, nil, err
	}
	if et.Dim() == 0 {
		return nil, nil, lang.Errorf(lang.TypeError, "`bins` must be an integer, a string, or an array")
	}
	if et.Dim() != 1 {
		return nil, nil, lang.Errorf(lang.ValueError, "`bins` must be 1d, when an array")
	}
	edges, err := floatValues(et)
	if err != nil {
		return nil, nil, err
	}
	for i := 1; i < len(edges); i++ {
		if edges[i-1] > edges[i] {
			return nil, nil, lang.Errorf(lang.ValueError, "`bins` must increase monotonically, when an array")
		}
	}
	n := max(len(edges)-1, 0)
	cum := make([]float64, len(edges))
	round := func(x float64) float64 { return x }
	if wtype == tensor.Float32 {
		round = func(x float64) float64 { return float64(float32(x)) }
	}
	for b := 0; b < len(vals); b += histBlock {
		block := vals[b:min(b+histBlock, len(vals))]
		order := make([]int, len(block))
		for i := range order {
			order[i] = i
		}
		// NaNs sort last, as NumPy sorts them, and fall in no bin
		slices.SortStableFunc(order, func(i, j int) int { return cmpNaNLast(block[i], block[j]) })
		cw := make([]float64, len(block)+1) // cumulative weights of the sorted values
		for k, i := range order {
			w := 1.0
			if weights != nil {
				w = weights[b+i]
			}
			cw[k+1] = round(cw[k] + w)
		}
		for e, edge := range edges {
			// searchsorted: side 'left' for every edge but the last
			pos := sort.Search(len(order), func(k int) bool {
				v := block[order[k]]
				if e == len(edges)-1 {
					return v > edge || math.IsNaN(v)
				}
				return v >= edge || math.IsNaN(v)
			})
			cum[e] = round(cum[e] + cw[pos])
		}
	}
	counts := make([]float64, n)
	for i := range counts {
		counts[i] = round(cum[i+1] - cum[i])
	}
	return counts, et, nil
}

// cmpNaNLast orders floats with NaN after everything.
func cmpNaNLast(x, y float64) int {
	switch {
	case math.IsNaN(x):
		if math.IsNaN(y) {
			return 0
		}
		return 1
	case math.IsNaN(y):
		return -1
	}
	return cmp.Compare(x, y)
}

func pad(a *lang.Args) (lang.Value, error) {
	t, err := arrayFrom(a.Value("array"), 0, false)
	if err != nil {
		return nil, err
	}
	widths, err := padWidths(a.Value("pad_width"), t.Dim())
	if err != nil {
		return nil, err
	}
	var padFunc lang.Value
	if _, isStr := a.Value("mode").(string); !isStr && lang.Callable(a.Value("mode")) {
		padFunc = a.Value("mode")
	}
	mode := "constant"
	if padFunc == nil {
		mode = a.Str("mode")
	}
	if err := a.Err(); err != nil {
		return nil, err
	}
	if names, _ := a.Keywords(); len(names) > 0 && padFunc == nil {
		return nil, lang.Errorf(lang.ValueError, "unsupported keyword arguments for mode '%s': {'%s'}", mode, strings.Join(names, "', '"))
	}
	stat, isStat := padStats[mode]
	if padSource[mode] == nil && mode != "constant" && mode != "empty" && mode != "wrap" && mode != "linear_ramp" && !isStat {
		return nil, lang.Errorf(lang.ValueError, "mode '%s' is not supported", mode)
	}
	var lengths [][2]int
	if isStat {
		if lengths, err = statLengths(a.Value("stat_length"), t.Dim()); err != nil {
			return nil, err
		}
	}
	fill, err := arrayFrom(a.Value("constant_values"), t.DType(), true)
	if err != nil {
		return nil, err
	}
	if padFunc != nil { // NumPy pads with zeros, then calls the function
		if fill, err = castTensor(tensor.MustScalar(0.0), t.DType()); err != nil {
			return nil, err
		}
	}
	if mode == "empty" { // NumPy leaves the pads uninitialised; kael's are 0
		mode = "constant"
		if fill, err = castTensor(tensor.MustScalar(0.0), t.DType()); err != nil {
			return nil, err
		}
	}
	var ends [][2]float64
	if mode == "linear_ramp" {
		et, err := arrayFrom(a.Value("end_values"), tensor.Float64, true)
		if err != nil {
			return nil, err
		}
		vals, err := floatValues(et)
		if err != nil {
			return nil, err
		}
		if ends, err = asPairs(vals, et.Shape(), t.Dim()); err != nil {
			return nil, err
		}
	}
	out := t
	for ax := 0; ax < t.Dim(); ax++ {
		before, after := widths[ax][0], widths[ax][1]
		if isStat && t.Numel() > 0 && (mode == "maximum" || mode == "minimum") {
			// NumPy takes the statistics of every axis, padded or not
			n := t.Shape()[ax]
			if min(lengths[ax][0], n) == 0 || min(lengths[ax][1], n) == 0 {
				return nil, lang.Errorf(lang.ValueError, "stat_length of 0 yields no value for padding")
			}
		}
		if before == 0 && after == 0 {
			continue
		}
		n := out.Shape()[ax]
		if mode == "linear_ramp" {
			if n == 0 {
				return nil, lang.Errorf(lang.ValueError, "can't extend empty axis %d using modes other than 'constant' or 'empty'", ax)
			}
			if out, err = padLinearRamp(out, ax, before, after, ends[ax]); err != nil {
				return nil, err
			}
			continue
		}
		if isStat {
			if n == 0 {
				return nil, lang.Errorf(lang.ValueError, "can't extend empty axis %d using modes other than 'constant' or 'empty'", ax)
			}
			if out, err = padWithStat(out, ax, before, after, lengths[ax], stat); err != nil {
				return nil, err
			}
			continue
		}
		if mode != "constant" {
			if n == 0 {
				return nil, lang.Errorf(lang.ValueError, "can't extend empty axis %d using modes other than 'constant' or 'empty'", ax)
			}
			idx := make([]int64, before+n+after)
			if src := padSource[mode]; src != nil || n == 1 {
				if n == 1 { // NumPy extends a single element as 'edge' in every mode
					src = padSource["edge"]
				}
				for i := range idx {
					idx[i] = int64(src(i-before, n))
				}
			} else {
				wrapIndex(idx, before, n, after)
			}
			it, err := tensor.FromSlice(idx, len(idx))
			if err != nil {
				return nil, err
			}
			if out, err = tensor.IndexSelect(out, ax, it); err != nil {
				return nil, err
			}
			continue
		}
		parts := []*tensor.Tensor{}
		side := func(n int) error {
			if n == 0 {
				return nil
			}
			shape := out.Shape()
			shape[ax] = n
			block, err := fill.Expand(shape...)
			if err != nil {
				return err
			}
			parts = append(parts, block)
			return nil
		}
		if err := side(before); err != nil {
			return nil, err
		}
		parts = append(parts, out)
		if err := side(after); err != nil {
			return nil, err
		}
		if out, err = tensor.Cat(parts, ax); err != nil {
			return nil, err
		}
	}
	if out == t {
		if out, err = t.Clone(); err != nil {
			return nil, err
		}
	}
	if padFunc != nil {
		return padWithFunc(a, wrapArray(out), widths, padFunc)
	}
	return wrapArray(out), nil
}

// padWithFunc is np.pad with a function as the mode: for each axis, in
// order, fn(vector, iaxis_pad_width, iaxis, kwargs) for each 1-d view
// along it (the other axes' indices in C order), which writes the pads in
// place; iaxis_pad_width is the axis's (before, after), kwargs the keyword arguments np.pad did not take.
func padWithFunc(a *lang.Args, arr *Array, widths [][2]int, fn lang.Value) (lang.Value, error) {
	kwargs := lang.NewDict()
	names, vals := a.Keywords()
	for i, n := range names {
		if err := kwargs.Set(n, vals[i]); err != nil {
			return nil, err
		}
	}
	// NumPy's _as_pairs gives one or two widths as a tuple of np.intp
	// scalars, more as a list of ints per axis
	scalars := false
	if pw, err := arrayFrom(a.Value("pad_width"), 0, false); err == nil {
		sh := pw.Shape()
		scalars = pw.Numel() == 1 || pw.Numel() == 2 && !(len(sh) == 2 && sh[0] == 2 && sh[1] == 1)
	}
	shape := arr.store.Shape()
	for ax := range shape {
		var w lang.Value = &lang.List{Elems: []lang.Value{int64(widths[ax][0]), int64(widths[ax][1])}}
		if scalars {
			w = lang.Tuple{&Scalar{t: tensor.MustScalar(int64(widths[ax][0]))}, &Scalar{t: tensor.MustScalar(int64(widths[ax][1]))}}
		}
		subs := make([]lang.Subscript, len(shape))
		subs[ax] = lang.Subscript{IsSlice: true, Lo: lang.None, Hi: lang.None, Step: lang.None}
		idx := make([]int, len(shape))
		var walk func(d int) error
		walk = func(d int) error {
			if d == len(shape) {
				for i := range shape {
					if i != ax {
						subs[i] = lang.Subscript{Value: int64(idx[i])}
					}
				}
				vec, err := arr.GetSubscript(subs)
				if err != nil {
					return err
				}
				_, err = a.Call(fn, vec, w, int64(ax), kwargs)
				return err
			}
			if d == ax {
				return walk(d + 1)
			}
			for i := 0; i < shape[d]; i++ {
				idx[d] = i
				if err := walk(d + 1); err != nil {
					return err
				}
			}
			return nil
		}
		if err := walk(0); err != nil {
			return nil, err
		}
	}
	return arr, nil
}

// padSource maps, for np.pad's modes other than 'constant', a position p
// of the padded axis (counted from the array's first element, so negative
// before it) to the element of the n there are that fills it.
// padStats are np.pad's modes that fill with a statistic of the axis,
// kept (keepdims) along it.
var padStats = map[string]func(t *tensor.Tensor, ax int) (*tensor.Tensor, error){
	"maximum": func(t *tensor.Tensor, ax int) (*tensor.Tensor, error) { return tensor.Amax(t, []int{ax}, true) },
	"minimum": func(t *tensor.Tensor, ax int) (*tensor.Tensor, error) { return tensor.Amin(t, []int{ax}, true) },
	"median": func(t *tensor.Tensor, ax int) (*tensor.Tensor, error) {
		f, err := realFloating(t, "np.median (and np.percentile, np.quantile)")
		if err != nil {
			return nil, err
		}
		return quantileOf(f, []int{ax}, []float64{0.5}, true, false, "median", false)
	},
	"mean": func(t *tensor.Tensor, ax int) (*tensor.Tensor, error) {
		f, err := floating(t)
		if err != nil {
			return nil, err
		}
		return tensor.Mean(f, []int{ax}, true)
	},
}

// padLinearRamp pads t along ax with ramps from the end values to the
// edges, as NumPy's _get_linear_ramps computes them: linspace(end, edge,
// width, endpoint=False) in float64 (steps of delta/width, or i/width *
// delta when any step is 0), floored for an integer dtype and cast to
// t's, the ramp after the array reversed.
func padLinearRamp(t *tensor.Tensor, ax, before, after int, ends [2]float64) (*tensor.Tensor, error) {
	n := t.Shape()[ax]
	integer := !t.DType().IsFloating() && !t.DType().IsComplex()
	ramp := func(edgeAt, width int, end float64, reversed bool) (*tensor.Tensor, error) {
		e, err := t.Narrow(ax, edgeAt, 1)
		if err != nil {
			return nil, err
		}
		ef, err := castTensor(e, tensor.Float64)
		if err != nil {
			return nil, err
		}
		edges, err := floatValues(ef)
		if err != nil {
			return nil, err
		}
		anyZero := false
		for _, v := range edges {
			anyZero = anyZero || (v-end)/float64(width) == 0
		}
		// the ramp's shape puts width along ax: outer, width, inner
		shape := t.Shape()
		inner := 1
		for _, d := range shape[ax+1:] {
			inner *= d
		}
		outer := len(edges) / max(inner, 1)
		vals := make([]float64, outer*width*inner)
		for o := range outer {
			for i := range width {
				k := i
				if reversed {
					k = width - 1 - i
				}
				for j := range inner {
					delta := edges[o*inner+j] - end
					y := float64(k) * (delta / float64(width))
					if anyZero {
						y = float64(k) / float64(width) * delta
					}
					y += end
					if integer { // linspace floors for an integer dtype
						y = math.Floor(y)
					}
					vals[(o*width+i)*inner+j] = y
				}
			}
		}
		shape[ax] = width
		r, err := fromValues(vals, shape)
		if err != nil {
			return nil, err
		}
		return castTensor(r, t.DType())
	}
	parts := []*tensor.Tensor{}
	if before > 0 {
		r, err := ramp(0, before, ends[0], false)
		if err != nil {
			return nil, err
		}
		parts = append(parts, r)
	}
	parts = append(parts, t)
	if after > 0 {
		r, err := ramp(n-1, after, ends[1], true)
		if err != nil {
			return nil, err
		}
		parts = append(parts, r)
	}
	return tensor.Cat(parts, ax)
}

// padWithStat pads t along ax with stat of its first lengths[0]
// elements before and of its last lengths[1] after (the whole axis when
// a length is longer), rounded (half to even) when t holds integers, as
// NumPy's _get_stats and _round_if_needed compute them.
func padWithStat(t *tensor.Tensor, ax, before, after int, lengths [2]int, stat func(*tensor.Tensor, int) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	n := t.Shape()[ax]
	statOf := func(start, length int) (*tensor.Tensor, error) {
		if t.Numel() == 0 { // another axis is empty: the pads are empty too
			shape := t.Shape()
			shape[ax] = 1
			return tensor.Zeros(t.DType(), shape...)
		}
		chunk, err := t.Narrow(ax, start, length)
		if err != nil {
			return nil, err
		}
		s, err := stat(chunk, ax)
		if err != nil || s.DType() == t.DType() {
			return s, err
		}
		if !t.DType().IsFloating() && !t.DType().IsComplex() {
			r, err := roundArray(s, 0)
			if err != nil {
				return nil, err
			}
			s = r.(lang.ArrayProvider).ArrayTensor()
		}
		return castTensor(s, t.DType())
	}
	left, right := min(lengths[0], n), min(lengths[1], n)
	ls, err := statOf(0, left)
	if err != nil {
		return nil, err
	}
	rs := ls
	if left != n || right != n {
		if rs, err = statOf(n-right, right); err != nil {
			return nil, err
		}
	}
	parts := []*tensor.Tensor{}
	for i, w := range []int{before, -1, after} {
		if i == 1 {
			parts = append(parts, t)
			continue
		}
		if w == 0 {
			continue
		}
		shape := t.Shape()
		shape[ax] = w
		s := ls
		if i == 2 {
			s = rs
		}
		block, err := s.Expand(shape...)
		if err != nil {
			return nil, err
		}
		parts = append(parts, block)
	}
	return tensor.Cat(parts, ax)
}

var padSource = map[string]func(p, n int) int{
	"edge": func(p, n int) int { return min(max(p, 0), n-1) },
	"reflect": func(p, n int) int {
		period := 2 * (n - 1)
		m := ((p % period) + period) % period
		if m >= n {
			m = period - m
		}
		return m
	},
	"symmetric": func(p, n int) int {
		period := 2 * n
		m := ((p % period) + period) % period
		if m >= n {
			m = period - 1 - m
		}
		return m
	},
}

// wrapIndex fills idx with the sources of np.pad's 'wrap' mode as NumPy
// 1.24 fills them (_set_wrap_both, repeated): each round copies a chunk
// of what is already filled, the pads included, so a pad wider than the
// array repeats as NumPy's does.
func wrapIndex(idx []int64, left, n, right int) {
	for i := range n {
		idx[left+i] = int64(i)
	}
	for left > 0 || right > 0 {
		size := len(idx)
		period := size - right - left
		newLeft, newRight := 0, 0
		if left > 0 {
			k := min(period, left)
			chunk := append([]int64(nil), idx[size-right-k:size-right]...)
			at := 0
			if left > period {
				at, newLeft = left-period, left-period
			}
			copy(idx[at:], chunk)
		}
		if right > 0 {
			k := min(period, right)
			chunk := append([]int64(nil), idx[left:left+k]...)
			copy(idx[size-right:], chunk)
			if right > period {
				newRight = right - period
			}
		}
		left, right = newLeft, newRight
	}
}

// padWidths reads pad_width: n, (before, after), or one pair per axis.
func padWidths(v lang.Value, ndim int) ([][2]int, error) {
	t, err := arrayFrom(v, tensor.Int64, true)
	if err != nil {
		return nil, err
	}
	vals, err := tensor.Values[int64](mustContiguous(t))
	if err != nil {
		return nil, err
	}
	pairs, err := asPairs(vals, t.Shape(), ndim)
	if err != nil {
		return nil, err
	}
	out := make([][2]int, ndim)
	for i, p := range pairs {
		out[i] = [2]int{int(p[0]), int(p[1])}
	}
	for _, w := range out {
		if w[0] < 0 || w[1] < 0 {
			return nil, lang.Errorf(lang.ValueError, "index can't contain negative values")
		}
	}
	return out, nil
}

// asPairs is NumPy's _as_pairs: one (before, after) pair per axis from
// one value, one pair, or a pair per axis (vals in C order, of shape).
func asPairs[T any](vals []T, shape []int, ndim int) ([][2]T, error) {
	out := make([][2]T, ndim)
	switch {
	case len(vals) == 1:
		for i := range out {
			out[i] = [2]T{vals[0], vals[0]}
		}
	case len(vals) == 2 && len(shape) <= 2 && (len(shape) == 1 || shape[0] == 1):
		for i := range out {
			out[i] = [2]T{vals[0], vals[1]}
		}
	case len(vals) == 2*ndim && !(len(shape) == 2 && shape[1] == 1):
		for i := range out {
			out[i] = [2]T{vals[2*i], vals[2*i+1]}
		}
	case len(shape) == 2 && shape[0] == ndim && shape[1] == 1: // one width per axis, both sides
		for i := range out {
			out[i] = [2]T{vals[i], vals[i]}
		}
	default:
		return nil, lang.Errorf(lang.ValueError, "operands could not be broadcast together with remapped shapes [original->remapped]: %s  and requested shape (%d,2)", compactTuple(shape), ndim)
	}
	return out, nil
}

func mustContiguous(t *tensor.Tensor) *tensor.Tensor {
	c, err := t.Contiguous()
	if err != nil {
		return t
	}
	return c
}

// statLengths reads np.pad's stat_length as NumPy's _as_pairs reads it
// with as_index: None (the whole axis, math.MaxInt here), n, (before,
// after), or a pair per axis, rounded half to even, none negative.
func statLengths(v lang.Value, ndim int) ([][2]int, error) {
	out := make([][2]int, ndim)
	if _, none := v.(lang.NoneType); none || v == nil {
		for i := range out {
			out[i] = [2]int{math.MaxInt, math.MaxInt}
		}
		return out, nil
	}
	t, err := arrayFrom(v, tensor.Float64, true)
	if err != nil {
		return nil, err
	}
	vals, err := floatValues(t)
	if err != nil {
		return nil, err
	}
	for i, f := range vals {
		vals[i] = math.RoundToEven(f)
		if !(vals[i] >= 0) || math.IsInf(vals[i], 1) { // NaN and inf cast to intp's minimum
			vals[i] = -1
		}
		if vals[i] < 0 {
			return nil, lang.Errorf(lang.ValueError, "index can't contain negative values")
		}
	}
	pairs, err := asPairs(vals, t.Shape(), ndim)
	if err != nil {
		return nil, err
	}
	for i, p := range pairs {
		out[i] = [2]int{int(p[0]), int(p[1])}
	}
	return out, nil
}
