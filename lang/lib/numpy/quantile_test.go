package numpy_test

import (
	"strings"
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// quantileMethodNames are NumPy 1.24's 13 quantile methods.
var quantileMethodNames = []string{"inverted_cdf", "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf", "hazen", "weibull", "linear", "median_unbiased", "normal_unbiased", "lower", "higher", "midpoint", "nearest"}

// TestQuantileMethodsMatchNumPy covers np.percentile, np.quantile,
// np.nanpercentile and np.nanquantile with each method=: odd and even
// counts, every q from 0 to 1, axes, keepdims, NaNs, one value, int and
// float32 dtypes, the deprecated interpolation= and NumPy's errors. The
// values are printed at NumPy's precision (repr), so they match to the
// last printed digit.
func TestQuantileMethodsMatchNumPy(t *testing.T) {
	pre := prelude + "import warnings\na = np.array([3.0, 1.0, 4.0, 1.5, 9.0, 2.6, 5.0])\nb = np.arange(10)\nm = np.array([[10, 7, 4], [3, 2, 1]])\nqs = [0, 0.05, 0.1, 0.25, 0.3, 0.5, 0.62, 0.75, 0.9, 0.99, 1]\n"
	var srcs []string
	for _, meth := range quantileMethodNames {
		r := strings.NewReplacer("M", "'"+meth+"'")
		srcs = append(srcs,
			r.Replace("np.quantile(a, qs, method=M), np.percentile(b, [0, 12.5, 37, 50, 65, 100], method=M), np.quantile(b, 0.5, method=M).dtype, np.quantile(np.int32(b), 0.3, method=M).dtype"),
			r.Replace("np.percentile(m, 40, axis=0, method=M), np.quantile(m, [0.2, 0.7], axis=1, keepdims=True, method=M), np.quantile([7.0], 0.3, method=M), np.quantile([1.0, 2.0], [0.25, 0.5, 0.75], method=M)"),
			r.Replace("np.nanquantile([np.nan, 1.0, 3.0, 2.0, np.nan], [0.1, 0.5, 0.8], method=M), np.nanpercentile([[1.0, np.nan, 4.0], [2.0, 5.0, 6.0]], 30, axis=1, method=M), np.quantile([1.0, np.nan], 0.5, method=M)"),
			r.Replace("np.quantile(np.float32([1, 2, 3, 7]), 0.3, method=M), np.quantile(np.float32([1, 2, 3, 7]), 0.3, method=M).dtype, np.percentile(np.arange(101.0) ** 2, 33.3, method=M)"),
		)
	}
	srcs = append(srcs,
		"np.median(np.float32([1, 2])).dtype, np.percentile(b, 33), np.nanmedian if False else np.nanpercentile(b, 50)",
		"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    r = np.percentile(b, 33, interpolation='lower')\nr, w[0].category.__name__, str(w[0].message)",
		"with warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    r = np.nanquantile([[np.nan, np.nan], [1.0, 2.0]], 0.5, axis=1)\nr, w[0].category.__name__, str(w[0].message)",
		"np.quantile(b, 0.5, method='foo')", "np.quantile(b, 0.5, method='lower', interpolation='higher')", "np.quantile(b, 1.5, method='foo')",
		"np.percentile([], 50, method='lower')", "np.percentile(b, 101, method='lower')",
	)
	langtest.CheckMatchesCPython(t, pre, srcs)
}
