package numpy

import (
	_ "embed" // nanfuncs.py

	"github.com/kael-dev/kael/lang"
)

// NumPy's NaN-ignoring reductions (np.nansum, np.nanmean, np.nanstd, ...),
// np.average and np.ptp are Python (nanfuncs.py) over kael's NumPy
// primitives, as NumPy's own are: the private source module
// _numpy_nanfuncs, run once per session the first time one is called.

//go:embed nanfuncs.py
var nanfuncsSource string

func init() {
	defineLater(func() {
		lang.RegisterSourceModule("_numpy_nanfuncs", "np.nansum, np.nanmean, np.average, np.ptp and the other NaN-ignoring reductions, written in Python over kael's NumPy (kael's own code, behaving as NumPy 1.24's numpy/lib/nanfunctions.py).", nanfuncsSource)
		arrayMethods["ptp"] = nanfunc("ptp", "ptp(self, axis=None, keepdims=False)", "The range (maximum minus minimum) over axis.")
	})
}

// nanfuncs are the functions: name, Python signature, doc.
var nanfuncs = [][3]string{
	{"nansum", "nansum(a, axis=None, dtype=None, keepdims=False)", "The sum over axis treating NaNs as zero."},
	{"nanprod", "nanprod(a, axis=None, dtype=None, keepdims=False)", "The product over axis treating NaNs as one."},
	{"nancumsum", "nancumsum(a, axis=None, dtype=None)", "The cumulative sum along axis (of the flattened array when None) treating NaNs as zero."},
	{"nancumprod", "nancumprod(a, axis=None, dtype=None)", "The cumulative product along axis (of the flattened array when None) treating NaNs as one."},
	{"nanmin", "nanmin(a, axis=None, keepdims=False)", "The minimum over axis ignoring NaNs: an all-NaN slice gives nan (and a RuntimeWarning)."},
	{"nanmax", "nanmax(a, axis=None, keepdims=False)", "The maximum over axis ignoring NaNs: an all-NaN slice gives nan (and a RuntimeWarning)."},
	{"nanargmin", "nanargmin(a, axis=None, keepdims=False)", "The index of the minimum ignoring NaNs: an all-NaN slice is a ValueError."},
	{"nanargmax", "nanargmax(a, axis=None, keepdims=False)", "The index of the maximum ignoring NaNs: an all-NaN slice is a ValueError."},
	{"nanmean", "nanmean(a, axis=None, dtype=None, keepdims=False)", "The mean over axis ignoring NaNs: an all-NaN slice gives nan (and a RuntimeWarning)."},
	{"nanvar", "nanvar(a, axis=None, dtype=None, ddof=0, keepdims=False)", "The variance over axis ignoring NaNs, with ddof degrees of freedom subtracted."},
	{"nanstd", "nanstd(a, axis=None, dtype=None, ddof=0, keepdims=False)", "The standard deviation over axis ignoring NaNs, with ddof degrees of freedom subtracted."},
	{"nanmedian", "nanmedian(a, axis=None, keepdims=False)", "The median over axis ignoring NaNs: an all-NaN slice gives nan (and a RuntimeWarning)."},
	{"average", "average(a, axis=None, weights=None, returned=False, *, keepdims=None)", "The (weights-weighted) mean over axis; returned=True gives (average, sum of weights)."},
	{"ptp", "ptp(a, axis=None, keepdims=False)", "The range (maximum minus minimum) over axis."},
}

// nanfunc is a builtin calling the source module's function name with its
// arguments, in the signature's order.
func nanfunc(name, sig, doc string) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		mod, err := a.Import("_numpy_nanfuncs")
		if err != nil {
			return nil, err
		}
		fn, err := lang.GetAttr(mod, name)
		if err != nil {
			return nil, err
		}
		res, err := a.Call(fn, a.Values()...)
		if werr := issuePending(a, mod); werr != nil {
			return nil, werr
		}
		return res, err
	})
}

// issuePending issues the RuntimeWarnings the source module's function
// gave (from this builtin, so they name the caller's line).
func issuePending(a *lang.Args, mod *lang.Module) error {
	take, err := lang.GetAttr(mod, "_take_warnings")
	if err != nil {
		return err
	}
	msgs, err := a.Call(take)
	if err != nil {
		return err
	}
	l, ok := msgs.(*lang.List)
	if !ok {
		return nil
	}
	for _, m := range l.Elems {
		if msg, ok := m.(string); ok {
			if err := warnCategory(a, msg, "RuntimeWarning"); err != nil {
				return err
			}
		}
	}
	return nil
}

// defNanFuncs adds the functions to np.
func defNanFuncs(m map[string]lang.Value) {
	for _, f := range nanfuncs {
		m[f[0]] = nanfunc(f[0], f[1], f[2])
	}
}
