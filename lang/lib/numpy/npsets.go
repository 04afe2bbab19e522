package numpy

import (
	_ "embed" // npsets.py

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/warnings" // npsets.py imports warnings
	"github.com/kael-dev/kael/tensor"
)

// Statistics, search and sets (np.cov, np.corrcoef, np.trapz,
// np.gradient, np.searchsorted, np.digitize, np.flatnonzero, np.in1d,
// np.isin, np.setdiff1d, np.intersect1d, np.union1d, np.setxor1d,
// np.lexsort, np.partition, np.argpartition, np.ediff1d) are Python (npsets.py) over kael's NumPy
// primitives, as NumPy writes them over its own: the private source
// module _numpy_npsets, run once per session the first time one of them
// is called.

//go:embed npsets.py
var npsetsSource string

func init() {
	defineLater(func() {
		lang.RegisterModule("_numpy_search", "The binary search under np.searchsorted (npsets.py).", func() *lang.Module {
			return &lang.Module{Name: "_numpy_search", Doc: "The binary search under np.searchsorted (npsets.py).", Attrs: map[string]lang.Value{
				"searchsorted": lang.NewBuiltin(lang.AsValue, "searchsorted(a, v, right)", "The insertion points of v's elements in the sorted 1-d a, both of one real dtype without NaNs (npsets.py casts them), by binary search.", binarySearch),
			}}
		})
		lang.RegisterSourceModule("_numpy_npsets", "np.cov, np.corrcoef, np.gradient, np.searchsorted, the set functions and others, written in Python over kael's NumPy (kael's own code, behaving as NumPy 1.24's numpy/lib).", npsetsSource)
	})
}

// npsetsFuncs are the functions of npsets.py: NumPy's signature and what
// each does.
var npsetsFuncs = []sourceFunc{
	{"cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, *, dtype=None)", "The covariance matrix of the variables (rows of m, columns with rowvar=False; y adds more), normalized by N - 1 (N with bias=True, N - ddof with ddof), weighted by the integer fweights and the aweights; a 0-d result for one variable."},
	{"corrcoef(x, y=None, rowvar=True, bias=None, ddof=None, *, dtype=None)", "The Pearson correlation coefficients: np.cov normalized by the standard deviations, clipped to [-1, 1]; bias and ddof have no effect (a DeprecationWarning)."},
	{"trapz(y, x=None, dx=1.0, axis=-1)", "The integral of y along axis by the trapezoidal rule, at the sample points x (spacing dx when None)."},
	{"gradient(f, *varargs, axis=None, edge_order=1)", "The gradient of f by second-order central differences inside and first- (or second-, edge_order=2) order one-sided differences at the edges; varargs are the spacings (one scalar, or one scalar or coordinate array per axis); a tuple of arrays, one per axis, or one array for one axis."},
	{"searchsorted(a, v, side='left', sorter=None)", "The indices where the values v would be inserted into the sorted 1-d a to keep it sorted (the first such index, the last with side='right'); sorter is the argsort of an unsorted a."},
	{"digitize(x, bins, right=False)", "The index of the bin of each value of x: i such that bins[i-1] <= x < bins[i] for increasing bins (bins[i-1] < x <= bins[i] with right=True), for decreasing bins the other way."},
	{"flatnonzero(a)", "The indices of the nonzero elements of the flattened a."},
	{"in1d(ar1, ar2, assume_unique=False, invert=False, *, kind=None)", "A boolean array of the flattened ar1: whether each element is in ar2 (is not, with invert=True)."},
	{"isin(element, test_elements, assume_unique=False, invert=False, *, kind=None)", "A boolean array of element's shape: whether each element is in test_elements (is not, with invert=True)."},
	{"setdiff1d(ar1, ar2, assume_unique=False)", "The sorted unique values of ar1 that are not in ar2."},
	{"intersect1d(ar1, ar2, assume_unique=False, return_indices=False)", "The sorted unique values in both arrays, with the indices of their first occurrences in each with return_indices=True."},
	{"union1d(ar1, ar2)", "The sorted unique values in either array."},
	{"setxor1d(ar1, ar2, assume_unique=False)", "The sorted unique values in exactly one of the arrays."},
	{"lexsort(keys, axis=-1)", "The indices that sort by several 1-d keys, the last key the primary one (stable)."},
	{"partition(a, kth, axis=-1, kind='introselect', order=None)", "A copy of a with each kth element (an int or a sequence) where a sort would put it, the smaller ones before and the others after, arranged as NumPy's introselect leaves them; axis=None flattens."},
	{"argpartition(a, kth, axis=-1, kind='introselect', order=None)", "The indices that would partition a (np.partition's order)."},
	{"ediff1d(ary, to_end=None, to_begin=None)", "The differences between consecutive elements of the flattened ary, with to_begin before and to_end after."},
}

// defNpsets adds the functions of npsets.py to np.
func defNpsets(m map[string]lang.Value) { defSourceFuncs(m, "_numpy_npsets", npsetsFuncs) }

// callNpsets calls the function name of npsets.py.
func callNpsets(a *lang.Args, name string, pos []lang.Value, kwNames []string, kwVals []lang.Value) (lang.Value, error) {
	mod, err := a.Import("_numpy_npsets")
	if err != nil {
		return nil, err
	}
	fn, err := lang.GetAttr(mod, name)
	if err != nil {
		return nil, err
	}
	return a.CallKw(fn, pos, kwNames, kwVals)
}

// a.searchsorted, a.argpartition and a.partition (in place) are the
// functions of npsets.py on the array.
func init() {
	defineLater(func() {
		arrayMethods["searchsorted"] = lang.NewBuiltin(lang.AsValue, "searchsorted(self, v, side='left', sorter=None)", "np.searchsorted(a, v, side, sorter): where the values v would be inserted into the sorted 1-d array.", func(a *lang.Args) (lang.Value, error) {
			return callNpsets(a, "searchsorted", []lang.Value{a.Value("self"), a.Value("v"), a.Value("side"), a.Value("sorter")}, nil, nil)
		})
		arrayMethods["argpartition"] = lang.NewBuiltin(lang.AsValue, "argpartition(self, kth, axis=-1, kind='introselect', order=None)", "np.argpartition(a, kth, axis): the indices that would partition the array.", func(a *lang.Args) (lang.Value, error) {
			return callNpsets(a, "argpartition", []lang.Value{a.Value("self"), a.Value("kth"), a.Value("axis"), a.Value("kind"), a.Value("order")}, nil, nil)
		})
		arrayMethods["partition"] = lang.NewBuiltin(lang.AsValue, "partition(self, kth, axis=-1, kind='introselect', order=None)", "Partitions the array in place as np.partition(a, kth, axis) orders it; returns None.", func(a *lang.Args) (lang.Value, error) {
			self := a.Value("self").(*Array)
			if err := self.writable("partition array is read-only"); err != nil {
				return nil, err
			}
			r, err := callNpsets(a, "partition", []lang.Value{self, a.Value("kth"), a.Value("axis"), a.Value("kind"), a.Value("order")}, nil, nil)
			if err != nil {
				return nil, err
			}
			t, err := arrayFrom(r, 0, false)
			if err != nil {
				return nil, err
			}
			return lang.None, self.assign(t)
		})
	})
}

// sigParams are the names of a signature's parameters, "*name" for a
// binarySearch is _numpy_search.searchsorted: tensor.Searchsorted, whose
// order is NumPy's for arrays without NaNs.
func binarySearch(a *lang.Args) (lang.Value, error) {
	sorted, err := arrayFrom(a.Value("a"), 0, false)
	if err != nil {
		return nil, err
	}
	values, err := arrayFrom(a.Value("v"), 0, false)
	if err != nil {
		return nil, err
	}
	right, err := lang.Truth(a.Value("right"))
	if err != nil {
		return nil, err
	}
	idx, err := tensor.Searchsorted(sorted, values, right, nil, false)
	if err != nil {
		return nil, err
	}
	return wrap(idx), nil
}
