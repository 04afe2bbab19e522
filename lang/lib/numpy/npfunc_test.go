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
		"np.take_along_axis(a, np.array([[0.0]]), 1)", "np.take_along_axis(a, np.array([0]), 1)", "np.take_along_axis(a, np.array([[0]]), 2)", "np.take_along_axis([[3, 1]], np.array([[1]]), 1)", "np.take_along_axis([3, 1], np.array([1]), None)",
		"b = a.copy()\nnp.put_along_axis(b, np.array([[1], [0]]), 99, axis=1)\nb",
		"b = a.astype(float)\nr = np.put_along_axis(b, np.argmax(b, axis=0, keepdims=True), [-1, -2, -3], axis=0)\nr, b",
		"b = a.copy()\nnp.put_along_axis(b, np.array([0, 5]), 7, None)\nb",
		"np.put_along_axis([1, 2], np.array([0]), 5, 0)",
		"np.apply_along_axis(np.sum, 0, a), np.apply_along_axis(np.sum, 1, a), np.apply_along_axis(lambda r: r[0] * 1.5, -1, a)",
		"np.apply_along_axis(sorted, 1, np.array([[3, 1, 2], [9, 7, 8]])), np.apply_along_axis(lambda r: np.outer(r, r), -1, np.array([[1, 2], [3, 4]]))",
		"np.apply_along_axis(lambda r, k, s=1: r[:k] * s, 0, a, 1, s=2), np.apply_along_axis(np.cumsum, 0, np.arange(6).reshape(2, 3, 1))",
		"np.apply_along_axis(np.max, 1, np.arange(24).reshape(2, 3, 4)), np.apply_along_axis(lambda r: r.mean(), 2, np.arange(24).reshape(2, 3, 4))",
		"np.apply_along_axis(np.sum, 2, a)", "np.apply_along_axis(np.sum, 1, np.zeros((0, 3)))",
	})
}

// TestNpfuncVectorizeMatchesNumPy covers np.vectorize: broadcasting,
// the result's dtype (the first result's, or otypes'), several outputs,
// keyword and excluded arguments, the decorator form and NumPy's errors.
func TestNpfuncVectorizeMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"def f(a, b):\n    return a - b if a > b else a + b\nvf = np.vectorize(f)\n", []string{
		"vf([1, 2, 3, 4], 2), vf(np.array([[1.5], [3.0]]), [1, 2, 3]), vf(3, 1), type(vf(3, 1)).__name__",
		"np.vectorize(f, otypes=[float])([1, 2, 3, 4], 2), np.vectorize(f, otypes='i')([1.5, 2.5], 0), np.vectorize(f, otypes=[np.float32])([1], 2).dtype",
		"np.vectorize(lambda x: (x, x * 2))(np.arange(3)), np.vectorize(lambda x: (x, x / 2), otypes=[int, float])([1, 2])",
		"np.vectorize(lambda x, p=2: x ** p)([1, 2, 3], p=3), np.vectorize(lambda x, p: x * len(p), excluded={1})([1, 2], [7, 8, 9])",
		"@np.vectorize\ndef g(x):\n    'doc of g'\n    return x if x > 0 else 0\ng(np.array([-1, 2, -3])), g.__doc__, g(np.array([0.5, -2])), np.vectorize(f, doc='mine').__doc__",
		"np.vectorize(lambda x: x > 1)([1, 2]), np.vectorize(abs)(np.array([[-1.5, 2]])), np.vectorize(round)([0.4, 2.6])",
		"np.vectorize(f, otypes=[float])([], []), np.vectorize(f)([], [])",
		"type(vf), vf.otypes, np.vectorize(f, otypes=[float, 'i']).otypes, np.vectorize(f, otypes='df').otypes, vf.pyfunc is f, vf.excluded, type(np.ndindex(2)), type(np.ndenumerate([1]))",
		"np.vectorize(f, otypes='X')", "np.vectorize(f, otypes=3)", "vf([1, 2], [1, 2, 3])", "np.vectorize(lambda x: [x, x])([1, 2])",
	})
}

// TestNpfuncSelectMatchesNumPy covers np.select, np.piecewise and
// np.choose: values, dtypes, defaults, broadcasting, modes and errors.
func TestNpfuncSelectMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"x = np.arange(6)\n", []string{
		"np.select([x < 3, x > 3], [x, x ** 2]), np.select([x < 3, x > 3], [x, x ** 2], default=-1), np.select([x > 1, x > 3], [x * 1.5, x])",
		"np.select([x < 2], [0]), np.select([np.array([[True], [False]])], [x], 42), np.select([x > 2, x > 4], [1, 2], default=0.5)",
		"np.select([x < 3], [x, x])", "np.select([x > 1], [x], default=[1, 2])", "np.select([x > 1, x[:2] > 0], [x, x])", "np.select([], [])", "np.select([x], [x])",
		"np.piecewise(x, [x < 2, x >= 4], [-1, 1]), np.piecewise(x * 1.0, [x < 3, x >= 3], [lambda v: -v, lambda v: v * 10])",
		"np.piecewise(x, [x < 2], [lambda v: v + 100, 7]), np.piecewise(x - 2.5, [x < 3], [lambda v, k: v * k, 0], 2), np.piecewise(np.array(2.0), [True], [5])",
		"np.piecewise(x, x > 2, [1, 0]), np.piecewise(x, [x > 2, x > 4], [1])",
		"np.choose([2, 0, 1, 0], [[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]), np.choose([[0, 1], [1, 0]], [5, [1.5, 2.5]])",
		"np.choose([4, -1, 2], [[1, 2, 3], [10, 20, 30], [7, 8, 9]], mode='wrap'), np.choose([4, -1, 2], [[1, 2, 3], [10, 20, 30], [7, 8, 9]], mode='clip')",
		"np.choose([3], [[1], [2]])", "np.choose([0.5], [[1]])", "np.choose([0], [[1]], mode='nope')",
	})
}

// TestNpfuncMasksMatchNumPy covers np.compress, np.extract, np.place,
// np.putmask and np.copyto: values, in-place writes, casting and errors.
func TestNpfuncMasksMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.array([[1, 2], [3, 4], [5, 6]])\n", []string{
		"np.compress([0, 1], a, axis=0), np.compress([False, True, True], a, axis=0), np.compress([False, True], a, axis=1), np.compress([False, True], a)",
		"np.compress([True, False, True], [1.5, 2.5, 3.5]), np.compress([1, 0, 1, 1], a, axis=0)", "np.compress([[True]], a)",
		"np.extract(a % 2 == 0, a), np.extract([1, 0, 2, 0, 0, 3], a), np.extract(a > 9, a)",
		"b = a.copy()\nnp.place(b, b > 2, [-1, -2])\nb", "b = a * 1.0\nr = np.place(b, b % 2 == 1, 0.5)\nr, b", "np.place([1, 2], [True, False], [0])", "b = a.copy()\nnp.place(b, b > 2, [])",
		"b = a.copy()\nnp.putmask(b, b > 2, [-1, -2])\nb", "b = a * 1.0\nnp.putmask(b, b > 4, b ** 2)\nb", "np.putmask([1, 2], [True, False], [0])", "b = a.copy()\nnp.putmask(b, b > 1, [])\nb", "np.putmask(a.copy(), [True], [1])", "np.place(a.copy(), [True], [1])",
		"b = np.zeros(3)\nnp.copyto(b, [1, 2, 3])\nb", "b = np.zeros((2, 3), dtype=int)\nnp.copyto(b, [7, 8, 9], where=[[True, False, True], [False, True, False]])\nb",
		"b = np.zeros(3, dtype=int)\nnp.copyto(b, 5)\nb", "b = np.zeros(3, dtype=int)\nnp.copyto(b, np.array([1.5, 2, 3]), casting='unsafe')\nb",
		"b = np.zeros(3)\nnp.copyto(b, [1, 2, 3], where=[1, 0, 1])\nb", "b = np.zeros(3, dtype=np.int8)\nnp.copyto(b, 3)\nb",
		"np.copyto(np.zeros(3, dtype=int), 1.5)", "np.copyto(np.zeros(3), 1j)", "np.copyto(np.zeros(3), [1, 2, 3], casting='x')", "np.copyto(np.zeros(3), [1, 2, 3], where=np.array([1, 0, 1]))",
		"np.copyto(np.zeros(3, dtype=int), np.array([1.5, 2, 3]))", "np.copyto([1, 2], [3, 4])", "np.copyto(np.zeros(3), [1, 2])",
	})
}

// TestNpfuncIndexIteratorsMatchNumPy covers np.ndindex and np.ndenumerate.
func TestNpfuncIndexIteratorsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"list(np.ndindex(2, 3)), list(np.ndindex((2, 1, 2))), list(np.ndindex()), list(np.ndindex(0, 3))",
		"list(np.ndenumerate(np.array([[1, 2], [3, 4]]))), list(np.ndenumerate([1.5, 2.5])), [type(v).__name__ for i, v in np.ndenumerate(np.arange(2))]",
		"[i for i in np.ndindex(*np.zeros((2, 2)).shape)], next(iter(np.ndindex(3)))", "list(np.ndindex(-1))",
	})
}

// TestNpfuncGridsMatchNumPy covers np.mgrid and np.ogrid: int and float
// ranges, complex steps (a number of points), one or several slices.
func TestNpfuncGridsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.mgrid[0:5], np.mgrid[0:5:2], np.mgrid[-1:1:5j], np.mgrid[0:1:0.25], np.mgrid[3:0:-1], np.mgrid[:3]",
		"np.mgrid[0:2, 0:3], np.mgrid[0:2, 0:1:3j], np.mgrid[0:2, 1:3, 0:2].shape, np.mgrid[0:4:2, 0.5:2]",
		"np.ogrid[0:5], np.ogrid[0:2, 0:3], np.ogrid[-1:1:3j, 0:2], np.ogrid[0:0, 0:2]",
		"xx, yy = np.mgrid[-1:1:3j, -2:2:5j]\nxx.shape, yy[0], (xx ** 2 + yy ** 2).sum()",
		"np.mgrid[0:1:1j], np.mgrid[1:1:0j], np.mgrid[5:0]",
		"np.mgrid[None:3], np.mgrid[0:2, None:3]", "np.mgrid[1]", "np.ogrid[0:2, 3]", "np.mgrid[0:1:0]", "np.mgrid[0:2, 0:1:0]", "np.r_[0:1:0]",
	})
}

// TestNpfuncConcatIndexersMatchNumPy covers np.r_ and np.c_: slices,
// numbers, lists and arrays, the result's dtype, the "axis,ndmin"
// directive and NumPy's errors.
func TestNpfuncConcatIndexersMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.array([1, 2, 3])\nb = np.array([[1, 2], [3, 4]])\n", []string{
		"np.r_[a, 0, 0, a], np.r_[1:4, 10, [7, 8]], np.r_[-1:1:5j, 2], np.r_[0:3, 0.5], np.r_[[1, 2], [3]], np.r_[True, 2]",
		"np.r_[a * 0.5, 1], np.r_[np.float32([1.5]), 2], np.r_[np.float32([1.5]), 2.5], np.r_[np.int8([1]), 300], np.r_[a, 1j], np.r_[3]",
		"np.r_[b, b], np.r_['1', b, b], np.r_['0,2', a, a], np.r_['-1', b, [[5], [6]]], np.r_[:0], np.r_[(a, 1)]",
		"np.r_[()]",
		"np.c_[a, a], np.c_[a, 10 * a, b[:1].T.repeat(3, 0)[:, :1]], np.c_[b, b], np.c_[1, 2, 3], np.c_[0:3, 1:4], np.c_[np.array([[1, 2, 3]]), 0, 0, np.array([[4, 5, 6]])]",
		"np.r_[a, b]", "np.c_[a, [1, 2]]", "np.r_[a, 'x']", "np.r_['2', b, b]", "np.r_['x', a]", "np.r_['0,2', [1, 2], [[3, 4]]]",
	})
}

// TestNpfuncTutorialFormsMatchNumPy covers the forms tutorials write:
// lists where arrays go, scalars, keyword arrays and NaN defaults.
func TestNpfuncTutorialFormsMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.select([[True, False]], [[1, 2]]), np.select([np.arange(3) > 0], [np.arange(3)], default=np.nan)",
		"np.piecewise(-2, [-2 < 0, -2 >= 0], [lambda x: -x, lambda x: x]), np.piecewise(np.array([1.0, -1.0]), [np.array([True, False])], [lambda v: v * 2])",
		"np.apply_along_axis(lambda r: r.max() - r.min(), 0, [[1, 5], [3, 2]]), np.vectorize(lambda x, y=1: x + y)(np.arange(3), y=np.array([[10], [20]]))",
		"np.choose(np.array([0, 1]), (np.array([1, 2]), np.array([3, 4]))), list(np.ndindex(np.int64(2))), np.extract(np.array([True, False]), [[1, 2], [3, 4]])",
		"np.c_[np.arange(3), np.ones(3)], np.r_[np.array([1, 2]), np.array([3.5])], np.ogrid[0:3:1j]",
	})
}
