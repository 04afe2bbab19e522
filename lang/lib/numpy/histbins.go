package numpy

import (
	"math"

	"github.com/kael-dev/kael/internal/libm"
	"github.com/kael-dev/kael/lang"
)

// np.histogram's bin estimators (bins='auto', 'fd', 'sturges', ...): a
// bin width from the data, as NumPy 1.24's _hist_bin_selectors compute
// it, and the number of equal-width bins that covers the range with it.

// binsByName is the number of bins the estimator name gives for vals
// (those within range= when it is given).
func binsByName(a *lang.Args, name string, vals []float64) (int, error) {
	if !a.IsNone("weights") {
		return 0, lang.Errorf(lang.TypeError, "Automated estimation of the number of bins is not supported for weighted data")
	}
	lo, hi, err := histRange(a, vals)
	if err != nil {
		return 0, err
	}
	x := vals
	if !a.IsNone("range") {
		x = nil
		for _, v := range vals {
			if v >= lo && v <= hi {
				x = append(x, v)
			}
		}
	}
	if len(x) == 0 {
		return 1, nil
	}
	width, err := binWidth(a, name, x)
	if err != nil {
		return 0, err
	}
	if width == 0 {
		return 1, nil
	}
	n := math.Ceil((hi - lo) / width)
	if math.IsNaN(n) || math.IsInf(n, 0) {
		return 0, lang.Errorf(lang.ValueError, "cannot convert float %s to integer", lang.FormatFloat(n))
	}
	return int(n), nil
}

// binWidth is estimator name's bin width for the values x.
func binWidth(a *lang.Args, name string, x []float64) (float64, error) {
	lo, hi := x[0], x[0]
	for _, v := range x {
		lo, hi = min(lo, v), max(hi, v)
	}
	ptp, n := hi-lo, float64(len(x))
	call := func(fn string, args ...lang.Value) (float64, error) {
		mod, err := a.Import("numpy")
		if err != nil {
			return 0, err
		}
		t, err := fromValues(append([]float64(nil), x...), []int{len(x)})
		if err != nil {
			return 0, err
		}
		r, err := a.Call(mod.Attrs[fn], append([]lang.Value{wrapArray(t)}, args...)...)
		if err != nil {
			return 0, err
		}
		f, ok := lang.AsFloat(r)
		if !ok {
			return 0, lang.Errorf(lang.TypeError, "np.%s gave %s", fn, lang.TypeName(r))
		}
		return f, nil
	}
	sturges := ptp / (math.Log2(n) + 1)
	fd := func() (float64, error) {
		q3, err := call("percentile", 75.0)
		if err != nil {
			return 0, err
		}
		q1, err := call("percentile", 25.0)
		if err != nil {
			return 0, err
		}
		return 2 * (q3 - q1) * libm.Pow(n, -1.0/3.0), nil
	}
	switch name {
	case "sqrt":
		return ptp / math.Sqrt(n), nil
	case "sturges":
		return sturges, nil
	case "rice":
		return ptp / (2 * libm.Pow(n, 1.0/3)), nil
	case "scott":
		std, err := call("std")
		if err != nil {
			return 0, err
		}
		return libm.Pow(24*libm.Pow(math.Pi, 0.5)/n, 1.0/3.0) * std, nil
	case "fd":
		return fd()
	case "auto":
		w, err := fd()
		if err != nil || w == 0 {
			return sturges, err
		}
		return min(w, sturges), nil
	case "doane":
		if len(x) <= 2 {
			return 0, nil
		}
		sg1 := math.Sqrt(6 * (n - 2) / ((n + 1) * (n + 3)))
		sigma, err := call("std")
		if err != nil || !(sigma > 0) {
			return 0, err
		}
		mean, err := call("mean")
		if err != nil {
			return 0, err
		}
		cubes := make([]float64, len(x))
		for i, v := range x {
			cubes[i] = libm.Pow((v-mean)/sigma, 3)
		}
		saved := x
		x = cubes
		g1, err := call("mean")
		x = saved
		if err != nil {
			return 0, err
		}
		return ptp / (1 + math.Log2(n) + math.Log2(1+math.Abs(g1)/sg1)), nil
	case "stone":
		return 0, lang.Errorf(notImplementedError, "kael's histogram has no 'stone' estimator")
	}
	return 0, lang.Errorf(lang.ValueError, "%s is not a valid estimator for `bins`", lang.Repr(name))
}

func defHistBins(m map[string]lang.Value) {
	m["histogram_bin_edges"] = lang.NewBuiltin(lang.AsValue, "histogram_bin_edges(a, bins=10, range=None, weights=None)", "The bin edges np.histogram(a, bins, range, weights=weights) uses: bins a number, the edges, or an estimator's name ('auto', 'fd', 'sturges', 'sqrt', 'rice', 'scott', 'doane').", func(a *lang.Args) (lang.Value, error) {
		mod, err := a.Import("numpy")
		if err != nil {
			return nil, err
		}
		r, err := a.CallKw(mod.Attrs["histogram"], []lang.Value{a.Value("a")}, []string{"bins", "range", "weights"}, []lang.Value{a.Value("bins"), a.Value("range"), a.Value("weights")})
		if err != nil {
			return nil, err
		}
		t, ok := r.(lang.Tuple)
		if !ok || len(t) != 2 {
			return nil, lang.Errorf(lang.TypeError, "np.histogram gave %s", lang.TypeName(r))
		}
		return t[1], nil
	})
}
