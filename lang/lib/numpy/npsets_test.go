package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestStatisticsFunctionsMatchNumPy covers np.cov, np.corrcoef, np.trapz
// and np.gradient: values, dtypes, keyword arguments and NumPy's errors.
// Results of sums of products are rounded to 12 decimals, as the order of
// a dot product's additions may differ from NumPy's BLAS.
func TestStatisticsFunctionsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"x = np.array([[0, 2], [1, 1], [2, 0]]).T\nr = np.array([[0.5, 1.25, 3.0, 4.5], [2.0, 1.0, 0.25, -1.0], [1.0, 1.5, 1.0, 2.5]])\n", []string{
		"np.cov(x), np.cov(x, bias=True), np.cov(x, ddof=0), np.cov(x.T, rowvar=False), np.cov([1, 2, 3, 4])",
		"np.round(np.cov(r), 12), np.round(np.cov(r, rowvar=False), 12), np.round(np.cov(r[0], r[1]), 12), np.cov(r).dtype",
		"np.cov([1, 2, 4], fweights=[1, 2, 1]), np.round(np.cov([1, 2, 4], aweights=[0.5, 1, 2]), 12), np.round(np.cov([1, 2, 4], fweights=[2, 1, 1], aweights=[1, 2, 1], ddof=0), 12)",
		"np.cov(np.float32([1, 2, 4])).dtype, np.cov([1, 2, 4], dtype=np.float32).dtype, np.cov([1j, 2, 3 - 1j])",
		"np.round(np.corrcoef(r), 12), np.corrcoef([1, 2, 3], [3, 2, 1]), np.corrcoef([1, 2, 4]), np.round(np.corrcoef(r, rowvar=False)[0], 12)",
		"np.trapz([1, 2, 3]), np.trapz([1, 2, 3], x=[4, 6, 8]), np.trapz([1, 2, 3], dx=2), np.trapz(np.arange(6).reshape(2, 3)), np.trapz(np.arange(6).reshape(2, 3), axis=0)",
		"np.trapz([[1, 2], [3, 4]], x=[[0, 1], [0, 2]]), np.trapz([]), np.trapz(np.float32([1, 2, 3])), np.trapz([1.5, -2.0, 3.0], [0.0, 0.5, 2.0])",
		"np.gradient([1, 2, 4, 7, 11, 16]), np.gradient([1, 2, 4, 7, 11, 16], 2), np.gradient([1, 2, 4, 7, 11, 16], edge_order=2), np.gradient(np.float32([1, 4, 9]))",
		"np.gradient([1., 2, 4, 7, 11], [0., 1, 1.5, 3.5, 4]), np.gradient([1., 2, 4, 7, 11], [0., 1, 1.5, 3.5, 4], edge_order=2), np.gradient([1, 2, 4], [0, 1, 2])",
		"np.gradient(np.array([[1, 2, 6], [3, 4, 5]])), np.gradient(np.array([[1, 2, 6], [3, 4, 5]]), axis=0), np.gradient(np.array([[1, 2, 6], [3, 4, 5]]), 2., [1, 2, 4], axis=(0, 1))",
		"np.cov([1]), np.corrcoef([[1, 1, 1], [1, 2, 3]]), np.cov([[1, 2], [3, 5]], rowvar=False, bias=True), np.cov([1.5, 2.5, 4.0], [2, 1, 0.5]), np.corrcoef([1, 2, 4], [1, 3, 2], bias=1)",
		"np.cov(np.zeros((2, 2, 2)))", "np.cov([1, 2], ddof=1.5)", "np.cov([1, 2], fweights=[1.5, 1])", "np.cov([1, 2], fweights=[1, 2, 3])",
		"np.gradient([1])", "np.gradient([1, 2, 3], edge_order=3)", "np.gradient([1, 2, 3], 1, 2)", "np.gradient([1, 2, 3], [1, 2])", "np.gradient([[1, 2]], axis=2)",
	})
}

// TestSearchFunctionsMatchNumPy covers np.searchsorted, np.digitize,
// np.flatnonzero and np.lexsort.
func TestSearchFunctionsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.searchsorted([1, 2, 3, 4, 5], 3), np.searchsorted([1, 2, 3, 4, 5], 3, side='right'), np.searchsorted([1, 2, 3, 4, 5], [-10, 10, 2, 3])",
		"np.searchsorted([1, 2, 2, 3], [[2, 0], [3, 9]], side='right'), np.searchsorted([1.0, 2.5, np.nan], [np.nan, 2.5, 3.0]), np.searchsorted([1.0, 2.5, np.nan], [np.nan, 2.5], side='right')",
		"np.searchsorted([3, 1, 2], [2, 3], sorter=[1, 2, 0]), np.searchsorted([], [1, 2]), np.searchsorted([1, 2], 1.5), type(np.searchsorted([1, 2], 1)).__name__",
		"np.searchsorted(np.uint64([1, 2**63, 2**64 - 1]), np.uint64([2**63 + 1, 0])), np.searchsorted([False, True], [True, False]), np.searchsorted(np.float16([0.5, 1.5]), 1), np.searchsorted(np.uint16([3, 9]), [9, 10], side='right')",
		"np.searchsorted([1 + 1j, 2 + 0j, 2 + 3j], [2 + 1j, 1j]), np.searchsorted(np.int8([-3, 5]), 300), np.searchsorted(np.arange(10**4), np.arange(-5, 10**4 + 5, 7)).sum()",
		"np.digitize([0.2, 6.4, 3.0, 1.6], [0.0, 1.0, 2.5, 4.0, 10.0]), np.digitize([0.2, 6.4, 3.0, 1.6], [10.0, 4.0, 2.5, 1.0, 0.0])",
		"np.digitize([1, 2, 3, 4], [1, 2, 3], right=True), np.digitize([1, 2, 3, 4], [1, 2, 3]), np.digitize(2.5, [1, 2, 3]), np.digitize([[1, 5], [3, 2]], [2, 4])",
		"np.searchsorted([1.0, 2.5], [np.nan, 2.0]), np.searchsorted([1.0, 2.5], [np.nan, 2.5], side='right'), np.digitize([np.nan, 1.0], [0.0, 2.0]), np.digitize([np.nan, 1.0], [2.0, 0.0], right=True)",
		"np.digitize([1, 2, 3, 4], [3, 2, 1], right=True), np.digitize([1, 2], [])",
		"np.flatnonzero([[0, 1], [2, 0]]), np.flatnonzero(np.arange(-2, 3)), np.flatnonzero([]), np.flatnonzero([False, True])",
		"np.lexsort(([1, 5, 1, 4, 3, 4, 4], [9, 4, 0, 4, 0, 2, 1])), np.lexsort([[3, 1, 2]]), np.lexsort(np.array([[1, 1, 0], [2, 1, 2]]))",
		"np.searchsorted([1, 2], 1, side='x')", "np.searchsorted([[1, 2]], 1)", "np.digitize([1], [[1]])", "np.digitize([1], [3, 1, 2])", "np.digitize([1j], [1, 2])",
		"np.lexsort((np.array([[1, 0, 1], [2, 2, 0]]), np.array([[0, 0, 1], [1, 0, 0]]))), np.lexsort((np.array([[1, 0, 1], [2, 2, 0]]), np.array([[0, 0, 1], [1, 0, 0]])), axis=0), np.lexsort(np.arange(24).reshape(2, 3, 4) % 3, axis=1)",
		"np.lexsort(([1, 2], [3, 4]), axis=1)", "np.lexsort([])", "np.lexsort(([1, 2], [1, 2, 3]))",
	})
}

// TestSetFunctionsMatchNumPy covers np.in1d, np.isin, np.setdiff1d,
// np.intersect1d, np.union1d, np.setxor1d and np.ediff1d.
func TestSetFunctionsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.in1d([0, 1, 2, 5, 0], [0, 2]), np.in1d([0, 1, 2, 5, 0], [0, 2], invert=True), np.in1d([[1, 2], [3, 4]], [2, 3]), np.in1d([1.5, np.nan], [np.nan, 1.5]), np.in1d([], [1])",
		"np.isin([[0, 2], [4, 6]], [1, 2, 4, 8]), np.isin([[0, 2], [4, 6]], [1, 2, 4, 8], invert=True), np.isin(3, [1, 3]), np.isin([1, 2], [])",
		"np.in1d([1, 2], [1], kind='x')", "np.in1d([1j, 2, 3 + 1j], [2, 1j]), np.in1d(np.arange(5000), np.arange(0, 10000, 3)).sum(), np.isin([0.5, 3], [3]), np.in1d(np.uint8([1, 200]), [200, -1])",
		"np.setdiff1d([1, 2, 3, 2, 4, 1], [3, 4, 5, 6]), np.setdiff1d([5, 1, 5], [2], assume_unique=True), np.setdiff1d([1.5, 2], [2]), np.setdiff1d([], [1])",
		"np.intersect1d([1, 3, 4, 3], [3, 1, 2, 1]), np.intersect1d([1, 1, 2, 3, 4], [1, 2, 4]), np.intersect1d([1.5, 2], [2, 3]), np.intersect1d([], [1])",
		"np.intersect1d([1, 1, 2, 3, 4], [1, 2, 4], return_indices=True), np.intersect1d([4, 3, 2], [2, 4], assume_unique=True, return_indices=True)",
		"np.union1d([-1, 0, 1], [-2, 0, 2]), np.union1d([[1, 2], [3, 4]], [5, 1]), np.union1d([1.5], [1])",
		"np.setxor1d([1, 2, 3, 2, 4], [2, 3, 5, 7, 5]), np.setxor1d([], []), np.setxor1d([1, 2], [1, 2]), np.setxor1d([3, 1], [2], assume_unique=True)",
		"np.ediff1d([1, 2, 4, 7, 0]), np.ediff1d([1, 2, 4, 7, 0], to_begin=-99, to_end=np.array([88, 99])), np.ediff1d([[1, 2, 4], [1, 6, 24]]), np.ediff1d([5]), np.ediff1d([1.5, 2], to_end=[3])",
		"np.ediff1d([True, False])", "np.ediff1d([1, 2], to_begin=[1.5])", "np.ediff1d([1, 2], to_end=[1.5])",
	})
}

// TestPartitionMatchesNumPy covers np.partition and np.argpartition: the
// order NumPy's introselect leaves (median of 3, the selection sort for a
// small kth, median of medians of 5 on adversarial input, several kth
// sharing pivots, NaNs), axes, and NumPy's errors.
func TestPartitionMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"r = np.random.RandomState(3)\nx = r.randint(0, 100, 40)\nf = r.rand(31)\nf[[3, 17]] = np.nan\n", []string{
		"np.partition([3, 4, 2, 1], 3), np.partition([3, 4, 2, 1], (1, 3)), np.partition([7, 1, 8, 2, 9, 3, 5, 0, 6, 4], 5), np.argpartition([7, 1, 8, 2, 9, 3, 5, 0, 6, 4], 5)",
		"np.partition(x, 20), np.argpartition(x, 20), np.partition(x, -1), np.partition(x, [3, 10, 30]), np.argpartition(x, [0, 39, 12, 25])",
		"np.partition(f, 15), np.argpartition(f, 15), np.partition(f, -1), np.partition(f, [5, 30]), np.argpartition(f, 29)",
		"np.partition(np.roll(np.arange(200), 100), 150)[140:160], np.argpartition(np.roll(np.arange(200), 100), 150)[:20]",
		"np.partition(x.reshape(5, 8), 4), np.partition(x.reshape(5, 8), 2, axis=0), np.argpartition(x.reshape(5, 8), 1, axis=0), np.partition(x.reshape(5, 8), 7, axis=None)",
		"np.partition(np.float32([2.5, -1, 3, 0.5, 8, 7, 6]), 4), np.partition([True, False, True, False], 1), np.partition(np.zeros((2, 0)), 0, axis=0)",
		"b = np.array([[3, 1, 2], [0, 5, 4]])\nb.partition(1), b, b.argpartition(0, axis=0), np.array([1, 3]).searchsorted(2), np.array([1, 3]).searchsorted([3, 4], side='right')",
		"b = np.array([3, 1, 2])\nb.flags.writeable = False\nb.partition(1)", "np.partition([3, 1, 2], 3)", "np.partition([3, 1, 2], -4)", "np.partition([3, 1, 2], 1, kind='x')", "np.argpartition([3, 1, 2], [0.5])",
		"np.partition([3, 1, 2], (0, 1), axis=2)", "np.partition([3, 1, 2], [[1]])", "np.partition(5, 0)", "np.partition([1, 2], 0, order='x')",
	})
}
