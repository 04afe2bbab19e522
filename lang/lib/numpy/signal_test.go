package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestSignalFunctionsMatchNumPy covers np.convolve, np.correlate,
// np.interp, np.polyval, np.unravel_index and np.ravel_multi_index:
// values, dtypes and errors.
func TestSignalFunctionsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.convolve([1, 2, 3], [0, 1, 0.5]), np.convolve([1, 2, 3], [0, 1, 0.5], 'same'), np.convolve([1, 2, 3], [0, 1, 0.5], 'valid')",
		"np.convolve([1, 2], [1, 2, 3, 4], 'same'), np.convolve([1, 2], [1, 2, 3, 4], 'valid'), np.convolve([1, 2], [1, 2, 3, 4])",
		"np.convolve(np.array([1, 2], np.int32), np.array([3, 4], np.int32)), np.convolve([1.5], 2), np.convolve(np.ones(5), np.ones(3) / 3, mode='valid')",
		"np.correlate([1, 2, 3], [0, 1, 0.5]), np.correlate([1, 2, 3], [0, 1, 0.5], 'full'), np.correlate([1, 2, 3], [0, 1, 0.5], 'same')",
		"np.correlate([1, 2], [1, 2, 3, 4], 'full'), np.correlate([1, 2], [1, 2, 3, 4], 'valid'), np.correlate([1, 2], [1, 2, 3, 4], 'same')",
		"np.convolve([], [1])", "np.convolve([1], [])", "np.convolve([1, 2], [1], mode='middle')", "np.convolve([[1, 2]], [1])",
		"np.interp(2.5, [1, 2, 3], [3, 2, 0]), np.interp([0, 1, 1.5, 2.72, 3.14], [1, 2, 3], [3, 2, 0]), np.interp(3.5, [1, 2, 3], [3, 2, 0], right=-99)",
		"np.interp([[0.5, 2], [3, 9]], [0, 1, 4], [0, 10, 40], left=-1), np.interp(np.nan, [0, 1], [0, 1]), np.interp(1, [1], [7]), np.interp([0, 1], [0, 1, 1, 2], [0, 1, 5, 6])",
		"np.interp([-180, -170, 185], [-180, 190], [1, 2], period=360), np.interp([1, 359, 725], [10, 350, 0], [1, 2, 3], period=360)",
		"np.interp(1, [], [])", "np.interp(1, [1, 2], [1])", "np.interp(1, [1, 2], [1, 2], period=0)",
		"np.polyval([1, 2, 3], [0, 1, 2]), np.polyval([1, 2, 3], 2), np.polyval([3.5], [1, 2]), np.polyval(np.array([1, -1], np.int8), np.array([4], np.int8))",
		"np.polyval([1.0, 0, -2], np.array([[1, 2], [3, 4]])), type(np.polyval([1, 2], 3))",
		"np.unravel_index(22, (7, 6)), np.unravel_index([22, 41, 37], (7, 6)), np.unravel_index(5, (2, 3), order='F'), np.unravel_index(np.array([[1, 5]]), (2, 3))",
		"np.unravel_index(42, (7, 6))", "np.unravel_index(-1, (7, 6))", "np.unravel_index(1.5, (7, 6))", "np.unravel_index(1, (7, 6), order='X')",
		"np.ravel_multi_index(([3, 6, 6], [4, 5, 1]), (7, 6)), np.ravel_multi_index((3, 1), (7, 6), order='F'), np.ravel_multi_index(([3, 9], [4, 5]), (7, 6), mode='clip')",
		"np.ravel_multi_index(([3, 9], [4, -1]), (7, 6), mode='wrap'), np.ravel_multi_index(([3, 9], [4, 7]), (7, 6), mode=('clip', 'wrap')), np.ravel_multi_index(([[1], [2]], [0, 3]), (4, 5))",
		"np.ravel_multi_index(([3, 9], [4, 5]), (7, 6))", "np.ravel_multi_index(([3], [4], [1]), (7, 6))", "np.ravel_multi_index(([3], [4]), (7, 6), mode='bounce')",
		"np.ravel_multi_index(np.unravel_index([3, 17, 40], (6, 7)), (6, 7))",
	})
}

// TestHistogramBinEstimatorsMatchNumPy covers np.histogram's bins='auto'
// and the other estimators, and np.histogram_bin_edges.
func TestHistogramBinEstimatorsMatchNumPy(t *testing.T) {
	pre := prelude + "x = np.array([1, 2, 2, 3, 5, 8, 13.0])\ny = np.arange(100.0) ** 1.5\nz = np.random.RandomState(3).normal(size=500)\n"
	var srcs []string
	for _, est := range []string{"auto", "fd", "sturges", "sqrt", "rice", "scott", "doane"} {
		srcs = append(srcs, "np.histogram(x, bins='"+est+"'), np.histogram(y, bins='"+est+"')[0], np.histogram_bin_edges(z, bins='"+est+"').size")
	}
	srcs = append(srcs,
		"np.histogram(np.arange(20), bins='auto'), np.histogram(np.ones(5), bins='auto'), np.histogram([], bins='auto'), np.histogram([3.0], bins='fd')",
		"np.histogram(y, bins='auto', range=(10, 500)), np.histogram(x, bins='rice', density=True)", "np.histogram(x, bins='sqrt', weights=np.ones(7) * 0.5)",
		"np.histogram_bin_edges(x), np.histogram_bin_edges(x, bins=3, range=(0, 6)), np.histogram_bin_edges(x, bins=[0, 1, 5])",
		"np.histogram(x, bins='best')",
	)
	langtest.CheckMatchesCPython(t, pre, srcs)
	langtest.CheckCellCases(t, prelude, []langtest.Case{
		{Src: "np.histogram([1, 2], bins='stone')", Want: "NotImplementedError: kael's histogram has no 'stone' estimator"},
	})
}

// TestStrideTricksMatchNumPy covers numpy.lib.stride_tricks'
// sliding_window_view and as_strided: values, shapes, strides, flags,
// views writing through, and NumPy's errors.
func TestStrideTricksMatchNumPy(t *testing.T) {
	pre := prelude + "from numpy.lib.stride_tricks import sliding_window_view, as_strided\nx = np.arange(10.0)\nm = np.arange(12).reshape(3, 4)\n"
	langtest.CheckMatchesCPython(t, pre, []string{
		"sliding_window_view(x, 3), sliding_window_view(x, 3).strides, sliding_window_view(x, 3).flags.writeable",
		"v = sliding_window_view(m, (2, 2))\nv.shape, v.strides, v[1, 2], np.shares_memory(v, m)",
		"sliding_window_view(m, 2, axis=0), sliding_window_view(m, (2, 3), axis=(1, 0)).shape, sliding_window_view(m, (2, 2), axis=(1, 1)).shape",
		"sliding_window_view(x, 3, axis=0)[::2], sliding_window_view(x, 4).mean(axis=-1), np.lib.stride_tricks.sliding_window_view([1, 2, 3], 2)",
		"v = sliding_window_view(x, 3, writeable=True)\nv[0, 1] = 99\nx[:3]",
		"v = sliding_window_view(x, 3)\nv[0, 0] = 1",
		"sliding_window_view(x, 11)", "sliding_window_view(x, -1)", "sliding_window_view(m, 2)", "sliding_window_view(m, (2, 2), axis=0)", "sliding_window_view(m, 2, axis=2)",
		"sliding_window_view(x[::-1], 3)[:2]",
		"as_strided(x, shape=(3, 3), strides=(16, 8)), as_strided(m, shape=(2, 2), strides=(32, 8)).tolist(), as_strided(x).shape",
		"y = np.zeros(6)\nv = as_strided(y, shape=(2, 3), strides=(24, 8))\nv[1, 1] = 5\ny, v.flags.writeable",
		"as_strided(x, shape=(2,), strides=(8, 8))",
	})
}
