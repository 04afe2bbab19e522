package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// nanPrelude adds arrays with NaNs (a float64 matrix with an all-NaN row,
// a float32 one, an integer one) to fpPrelude's caught(f).
const nanPrelude = fpPrelude + `nan = np.nan
a = np.array([[1.0, nan, 3.0, 2.5], [nan, nan, nan, nan], [4.0, 5.0, nan, -1.0]])
f = np.array([[1.5, nan, 3.0], [2.0, 7.0, nan]], dtype=np.float32)
i = np.array([[3, 1, 2], [6, 5, 4]])
`

// TestNanFunctionsMatchNumPy covers np.nansum, nanprod, nancumsum,
// nancumprod, nanmin, nanmax, nanargmin, nanargmax, nanmean, nanvar,
// nanstd and nanmedian: values and dtypes over axis=, keepdims=, dtype=,
// ddof=, NumPy's RuntimeWarnings for all-NaN or empty slices and its
// errors. Each row gives the results and warnings caught() reports. The
// variance of all of a is rounded: kael's np.sum adds its 12 squares in
// another order than NumPy's unrolled pairwise sum (a last-bit difference
// of np.sum's, not of nanvar's).
func TestNanFunctionsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, nanPrelude, []string{
		"caught(lambda: np.nansum(a)), caught(lambda: np.nansum(a, axis=0)), caught(lambda: np.nansum(a, axis=1, keepdims=True)), caught(lambda: np.nansum(f, axis=1)), caught(lambda: np.nansum(i, axis=0)), caught(lambda: np.nansum(f, dtype=np.float64)), caught(lambda: np.nansum([]))",
		"caught(lambda: np.nanprod(a)), caught(lambda: np.nanprod(a, axis=1)), caught(lambda: np.nanprod(f, axis=0, keepdims=True)), caught(lambda: np.nanprod(i)), caught(lambda: np.nanprod([1, nan, 2.5]))",
		"caught(lambda: np.nancumsum(a)), caught(lambda: np.nancumsum(a, axis=1)), caught(lambda: np.nancumsum(f, axis=0)), caught(lambda: np.nancumsum(i, axis=1)), caught(lambda: np.nancumsum(f, dtype=np.float64))",
		"caught(lambda: np.nancumprod(a, axis=0)), caught(lambda: np.nancumprod([1.0, nan, 2.0, 3.0])), caught(lambda: np.nancumprod(i))",
		"caught(lambda: np.nanmin(a)), caught(lambda: np.nanmin(a, axis=1)), caught(lambda: np.nanmin(a, axis=0, keepdims=True)), caught(lambda: np.nanmin(f, axis=1)), caught(lambda: np.nanmin(i, axis=1))",
		"caught(lambda: np.nanmax(a)), caught(lambda: np.nanmax(a, axis=1)), caught(lambda: np.nanmax(f)), caught(lambda: np.nanmax(i)), caught(lambda: np.nanmax([nan, nan])), caught(lambda: np.nanmax(np.float32([nan])))",
		"caught(lambda: np.nanmin([])), caught(lambda: np.nanmax(np.zeros((0, 3)), axis=1)), caught(lambda: np.nanmin([[nan, 1.0], [nan, 2.0]], axis=0))",
		"caught(lambda: np.nanargmin(a)), caught(lambda: np.nanargmax(a)), caught(lambda: np.nanargmin(f, axis=1)), caught(lambda: np.nanargmax(f, axis=0, keepdims=True)), caught(lambda: np.nanargmax(i, axis=1)), caught(lambda: np.nanargmin([nan, 2.0, 1.0]))",
		"caught(lambda: np.nanargmin(a, axis=1)), caught(lambda: np.nanargmax([nan, nan]))",
		"caught(lambda: np.nanmean(a)), caught(lambda: np.nanmean(a, axis=0)), caught(lambda: np.nanmean(a, axis=1)), caught(lambda: np.nanmean(a, axis=1, keepdims=True)), caught(lambda: np.nanmean(f, axis=1)), caught(lambda: np.nanmean(f)), caught(lambda: np.nanmean(i, axis=0))",
		"caught(lambda: np.nanmean([nan, nan])), caught(lambda: np.nanmean(f, dtype=np.float64)), caught(lambda: np.nanmean([])), caught(lambda: np.nanmean(a, dtype=int))",
		"caught(lambda: np.round(np.nanvar(a), 12)), caught(lambda: np.nanvar(a, axis=1)), caught(lambda: np.nanvar(a, axis=0, ddof=1)), caught(lambda: np.nanvar(f, axis=1, keepdims=True)), caught(lambda: np.nanvar(i, axis=1)), caught(lambda: np.nanvar([1.0, nan], ddof=1))",
		"caught(lambda: np.round(np.nanstd(a), 12)), caught(lambda: np.nanstd(a, axis=1, ddof=1)), caught(lambda: np.nanstd(f, axis=0)), caught(lambda: np.nanstd(f)), caught(lambda: np.nanstd(i, axis=0, keepdims=True)), caught(lambda: np.nanstd([nan]))",
		"caught(lambda: np.nanmedian(a)), caught(lambda: np.nanmedian(a, axis=1)), caught(lambda: np.nanmedian(a, axis=0, keepdims=True)), caught(lambda: np.nanmedian(f, axis=1)), caught(lambda: np.nanmedian(f)), caught(lambda: np.nanmedian(i, axis=1)), caught(lambda: np.nanmedian([nan, nan]))",
		"b = a.reshape(3, 2, 2)\ncaught(lambda: np.nanmean(b, axis=(0, 2))), caught(lambda: np.nansum(b, axis=(1, 2), keepdims=True)), caught(lambda: np.nanmax(b, axis=-1)), caught(lambda: np.nanvar(b, axis=(0, 1))), caught(lambda: np.nanmedian(b, axis=(0, 2))), caught(lambda: np.nanstd(b, axis=-2, ddof=1))",
		"caught(lambda: np.nanmean([1+2j, nan, 3j])), caught(lambda: np.nanvar([1+2j, nan, 3j])), caught(lambda: np.nansum([True, False, True])), caught(lambda: np.nanmean(np.float16([1, nan, 2]))), caught(lambda: np.nanmedian(np.float32([1, 2, 3, 4, nan]))), caught(lambda: np.nanmean(5.0)), caught(lambda: np.nanmax(3))",
		"np.nansum(a, axis=2)", "np.nanmean(a, axis=-3)", "np.nanmax(np.zeros(0))",
	})
}

// TestAverageAndPtpMatchNumPy covers np.average (weights=, returned=,
// keepdims=, its errors) and np.ptp and a.ptp().
func TestAverageAndPtpMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, nanPrelude+"d = np.arange(6).reshape((3, 2))\n", []string{
		"np.average([1, 2, 3, 4]), np.average(np.arange(1, 11), weights=np.arange(10, 0, -1)), np.average(d, axis=1, weights=[1./4, 3./4]), np.average(d, axis=0), np.average(d, axis=1, keepdims=True)",
		"np.average(d, weights=d), np.average(f, axis=0), np.average(np.float32([1, 2]), weights=np.float32([1, 3])), np.average(d, axis=0, weights=[1, 2, 3], keepdims=True)",
		"np.average(d, returned=True), np.average(d, axis=1, returned=True), np.average(d, axis=0, weights=[1, 1, 2], returned=True), np.average([1.5, 2.5], weights=[2, 2], returned=True)",
		"b = a.reshape(3, 2, 2)\nnp.average(b, axis=(0, 1)), np.ptp(b, axis=(0, 2)), np.average(d, axis=(0, 1), keepdims=True)",
		"np.average(d, weights=[1, 2])", "np.average(d, axis=1, weights=[[1, 2]])", "np.average(d, axis=0, weights=[1, 2])", "np.average([1, 2], weights=[1, -1])",
		"np.ptp(d), np.ptp(d, axis=0), np.ptp(d, axis=1, keepdims=True), np.ptp(a), np.ptp(f, axis=1), np.ptp([3.5, -1, 2]), np.ptp(np.int8([-100, 100]))",
		"d.ptp(), d.ptp(axis=1), d.ptp(0, keepdims=True), f.ptp(axis=0), np.array([2.5]).ptp()",
		"np.ptp([])", "np.ptp(d, axis=2)",
	})
}
