package numpy

import (
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/warnings" // warnCategory imports warnings
	"github.com/kael-dev/kael/tensor"
)

// np.percentile, np.quantile and their nan- forms with NumPy 1.24's 13
// methods (numpy/lib/function_base.py's _QuantileMethods): a virtual
// index into the sorted values, its two neighbours, and a weight gamma
// between them; the discrete methods take one value.

// quantileMethods are NumPy's method names, in its order (its error lists
// them so).
var quantileMethods = []string{"inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased", "normal_unbiased", "lower", "higher", "midpoint", "nearest"}

// discreteQuantile reports whether method picks one of the values (its
// result keeps the array's dtype) rather than interpolating.
func discreteQuantile(method string) bool {
	switch method {
	case "inverted_cdf", "closest_observation", "lower", "higher", "nearest":
		return true
	}
	return false
}

func defQuantiles(m map[string]lang.Value) {
	const params = "(a, q, axis=None, out=None, overwrite_input=False, method='linear', keepdims=False, *, interpolation=None)"
	for _, f := range []struct {
		name  string
		scale float64
		nan   bool
		doc   string
	}{
		{"percentile", 100, false, "The q-th percentiles (0..100) over axis, by method (NumPy's 13: 'linear' by default, 'lower', 'higher', 'nearest', 'midpoint', 'inverted_cdf', 'hazen', ...)."},
		{"quantile", 1, false, "The q-th quantiles (0..1) over axis, by method (NumPy's 13: 'linear' by default, 'lower', 'higher', 'nearest', 'midpoint', 'inverted_cdf', 'hazen', ...)."},
		{"nanpercentile", 100, true, "np.percentile ignoring NaNs: an all-NaN slice gives nan (and a RuntimeWarning)."},
		{"nanquantile", 1, true, "np.quantile ignoring NaNs: an all-NaN slice gives nan (and a RuntimeWarning)."},
	} {
		f := f
		m[f.name] = lang.NewBuiltin(lang.AsValue, f.name+params, f.doc, func(a *lang.Args) (lang.Value, error) {
			method := "linear"
			if !a.IsNone("method") {
				method = a.Str("method")
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			if !a.IsNone("interpolation") {
				if err := warnCategory(a, "the `interpolation=` argument to "+f.name+" was renamed to `method=`, which has additional options.\nUsers of the modes 'nearest', 'lower', 'higher', or 'midpoint' are encouraged to review the method they used. (Deprecated NumPy 1.22)", "DeprecationWarning"); err != nil {
					return nil, err
				}
				if method != "linear" {
					return nil, lang.Errorf(lang.TypeError, "You shall not pass both `method` and `interpolation`!\n(`interpolation` is Deprecated in favor of `method`)")
				}
				method = a.Str("interpolation")
				if err := a.Err(); err != nil {
					return nil, err
				}
			}
			if !a.IsNone("out") {
				return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "kael's np.%s has no out=", f.name)
			}
			qs, scalar, err := quantileArg(a.Value("q"), f.scale)
			if err != nil {
				return nil, err
			}
			return quantiles(a, "a", qs, !scalar, method, f.nan)
		})
	}
}

// warnCategory issues warnings.warn(msg, category) for a builtin.
func warnCategory(a *lang.Args, msg, category string) error {
	w, err := a.Import("warnings")
	if err != nil {
		return err
	}
	cat, ok := lang.ExceptionClass(category)
	if !ok {
		return lang.Errorf(lang.ErrorKind("SystemError"), "no warning class %s", category)
	}
	_, err = a.Call(w.Attrs["warn"], msg, cat)
	return err
}

// quantiles computes NumPy's quantiles of a by method (or "median") (over axis, or all
// elements), one leading dimension per q when several are asked; skipNaN
// is the nan- functions'.
func quantiles(a *lang.Args, name string, qs []float64, several bool, method string, skipNaN bool) (lang.Value, error) {
	t, err := arrayFrom(a.Value(name), 0, false)
	if err != nil {
		return nil, err
	}
	orig := t.DType()
	if t, err = realFloating(t, "np.median (and np.percentile, np.quantile)"); err != nil {
		return nil, err
	}
	keep := a.Bool("keepdims")
	axes, err := axesArg(a.Value("axis"), t.Dim())
	if err != nil {
		return nil, err
	}
	if err := a.Err(); err != nil {
		return nil, err
	}
	if method != "median" && !slices.Contains(quantileMethods, method) {
		return nil, lang.Errorf(lang.ValueError, "%s is not a valid method. Use one of: dict_keys(['%s'])", lang.Repr(method), strings.Join(quantileMethods, "', '"))
	}
	r, err := quantileOf(t, axes, qs, keep, several, method, skipNaN)
	if err != nil {
		if w, ok := err.(*lang.Warned); ok {
			for _, msg := range w.Messages {
				if err := warnCategory(a, msg, w.Category); err != nil {
					return nil, err
				}
			}
			r, err = w.Value.(*tensor.Tensor), nil
		} else {
			return nil, err
		}
	}
	if discreteQuantile(method) && orig != t.DType() && !orig.IsFloating() && orig != tensor.Bool {
		if r, err = castTensor(r, orig); err != nil {
			return nil, err
		}
	}
	return wrap(r), nil
}

// quantileOf is quantiles over a floating t's axes (all when nil), by
// method or "median" (linear, keeping t's dtype as np.median does). With
// skipNaN an all-NaN slice gives nan and the result comes in a
// *lang.Warned carrying NumPy's RuntimeWarning.
func quantileOf(t *tensor.Tensor, axes []int, qs []float64, keep, several bool, method string, skipNaN bool) (*tensor.Tensor, error) {
	if axes == nil {
		axes = allAxes(t.Dim())
	}
	// Move the reduced axes last and flatten them.
	var kept, outShape []int
	shape := t.Shape()
	for i := range shape {
		reduced := false
		for _, ax := range axes {
			reduced = reduced || ax == i
		}
		if reduced {
			if keep {
				outShape = append(outShape, 1)
			}
			continue
		}
		kept = append(kept, i)
		outShape = append(outShape, shape[i])
	}
	perm := append(append([]int(nil), kept...), axes...)
	p, err := t.Permute(perm...)
	if err != nil {
		return nil, err
	}
	c, err := p.Contiguous()
	if err != nil {
		return nil, err
	}
	groups := 1
	for _, k := range kept {
		groups *= shape[k]
	}
	vals, err := floatValues(c)
	if err != nil {
		return nil, err
	}
	n := 1
	if groups > 0 {
		n = len(vals) / groups
	}
	if n == 0 && !skipNaN {
		return nil, lang.Errorf(lang.IndexError, "index -1 is out of bounds for axis 0 with size 0")
	}
	allNaN := false
	out := make([]float64, len(qs)*groups)
	row := make([]float64, 0, n)
	for g := 0; g < groups; g++ {
		row = row[:0]
		hasNaN := false
		for _, v := range vals[g*n : (g+1)*n] {
			if math.IsNaN(v) {
				hasNaN = true
				if skipNaN {
					continue
				}
			}
			row = append(row, v)
		}
		sort.Float64s(row)
		for qi, q := range qs {
			v := math.NaN()
			switch {
			case len(row) == 0:
				allNaN = true
			case !hasNaN || skipNaN:
				v = quantileAt(row, q, method)
			}
			out[qi*groups+g] = v
		}
	}
	full := outShape
	if several {
		full = append([]int{len(qs)}, outShape...)
	}
	r, err := fromValues(out, full)
	if err != nil {
		return nil, err
	}
	// NumPy interpolates in float64 (gamma is a float64 array); the
	// discrete methods take the array's own values, and np.median
	// ("median": linear) keeps a float32's dtype.
	if discreteQuantile(method) || method == "median" {
		if r, err = castTensor(r, t.DType()); err != nil {
			return nil, err
		}
	}
	if allNaN {
		return nil, &lang.Warned{Value: r, Category: "RuntimeWarning", Messages: []string{"All-NaN slice encountered"}}
	}
	return r, nil
}

// quantileAt is the q-th quantile of the sorted, NaN-free, non-empty row
// by method, computed as NumPy's _quantile does.
func quantileAt(row []float64, q float64, method string) float64 {
	n := len(row)
	nf := float64(n)
	at := func(i int) float64 { return row[max(0, min(i, n-1))] }
	// discrete is NumPy's _discret_interpolation_to_boundaries.
	discrete := func(index float64, cond func(gamma, index float64) bool) float64 {
		prev := math.Floor(index)
		if cond(index-prev, index) {
			return at(int(prev))
		}
		return at(int(prev + 1))
	}
	virtual := func(alpha, beta float64) float64 { return nf*q + (alpha + q*(1-alpha-beta)) - 1 }
	var v float64
	switch method {
	case "lower":
		return at(int(math.Floor((nf - 1) * q)))
	case "higher":
		return at(int(math.Ceil((nf - 1) * q)))
	case "nearest":
		return at(int(math.RoundToEven((nf - 1) * q)))
	case "inverted_cdf":
		return discrete(nf*q-1, func(gamma, _ float64) bool { return gamma == 0 })
	case "closest_observation":
		return discrete(nf*q-1-0.5, func(gamma, index float64) bool { return gamma == 0 && pyMod(math.Floor(index), 2) == 0 })
	case "averaged_inverted_cdf":
		v = nf*q - 1
	case "interpolated_inverted_cdf":
		v = virtual(0, 1)
	case "hazen":
		v = virtual(0.5, 0.5)
	case "weibull":
		v = virtual(0, 0)
	case "median_unbiased":
		v = virtual(1/3.0, 1/3.0)
	case "normal_unbiased":
		v = virtual(3/8.0, 3/8.0)
	case "midpoint":
		v = 0.5 * (math.Floor((nf-1)*q) + math.Ceil((nf-1)*q))
	default: // linear, and np.median's
		v = (nf - 1) * q
	}
	// NumPy's _get_indexes: past the last value both neighbours are the
	// last (index -1), before the first both the first.
	prev := math.Floor(v)
	next := prev + 1
	if v >= nf-1 || math.IsNaN(v) {
		prev, next = -1, -1
	}
	if v < 0 {
		prev, next = 0, 0
	}
	gamma := v - prev
	switch method {
	case "averaged_inverted_cdf":
		gamma = 1
		if v-prev == 0 {
			gamma = 0.5
		}
	case "midpoint":
		gamma = 0.5
		if pyMod(v, 1) == 0 {
			gamma = 0
		}
	}
	below, above := row[quantileIndex(int(prev), n)], row[quantileIndex(int(next), n)]
	// NumPy's _lerp: a + (b - a) * t, from the other end past half.
	diff := above - below
	if gamma >= 0.5 {
		return above - diff*(1-gamma)
	}
	return below + diff*gamma
}

// quantileIndex is a Python index into n values: negative from the end.
func quantileIndex(i, n int) int {
	if i < 0 {
		i += n
	}
	return max(0, min(i, n-1))
}

// pyMod is Python's float %: the sign of the divisor.
func pyMod(x, y float64) float64 {
	m := math.Mod(x, y)
	if m != 0 && (m < 0) != (y < 0) {
		m += y
	}
	return m
}
