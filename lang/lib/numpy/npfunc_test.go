package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestNpfuncAlongAxisMatchesNumPy covers np.take_along_axis,
// np.put_along_axis and np.apply_along_axis: values, dtypes, axis=None,
// negative axes and NumPy's errors.
func TestNpfuncAlongAxisMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.array([[10, 30, 20], [60, 40, 50]])\n", []string{
		"np.take_along_axis(a, np.argsort(a, axis=1), axis=1), np.take_along_axis(a, np.argsort(a, axis=0), axis=0)",
		"np.take_along_axis(a, np.argmax(a, axis=1, keepdims=True), axis=-1), np.take_along_axis(a, np.array([2, 0]), None)",
		"np.take_along_axis(a * 0.5, np.array([[0], [2]]), 1), np.take_along_axis(np.arange(5), np.array([4, 4, 0]), 0)",
		"np.take_along_axis(a, np.array([[0.0]]), 1)", "np.take_along_axis(a, np.array([0]), 1)", "np.take_along_axis(a, np.array([[0]]), 2)",
		"b = a.copy()\nnp.put_along_axis(b, np.array([[1], [0]]), 99, axis=1)\nb",
		"b = a.astype(float)\nr = np.put_along_axis(b, np.argmax(b, axis=0, keepdims=True), [-1, -2, -3], axis=0)\nr, b",
		"b = a.copy()\nnp.put_along_axis(b, np.array([0, 5]), 7, None)\nb",
		"np.apply_along_axis(np.sum, 0, a), np.apply_along_axis(np.sum, 1, a), np.apply_along_axis(lambda r: r[0] * 1.5, -1, a)",
		"np.apply_along_axis(sorted, 1, np.array([[3, 1, 2], [9, 7, 8]])), np.apply_along_axis(lambda r: np.outer(r, r), -1, np.array([[1, 2], [3, 4]]))",
		"np.apply_along_axis(lambda r, k, s=1: r[:k] * s, 0, a, 1, s=2), np.apply_along_axis(np.cumsum, 0, np.arange(6).reshape(2, 3, 1))",
		"np.apply_along_axis(np.max, 1, np.arange(24).reshape(2, 3, 4)), np.apply_along_axis(lambda r: r.mean(), 2, np.arange(24).reshape(2, 3, 4))",
		"np.apply_along_axis(np.sum, 2, a)", "np.apply_along_axis(np.sum, 1, np.zeros((0, 3)))",
	})
}
