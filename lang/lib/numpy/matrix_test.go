package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestMatrixMatchesNumPy covers np.matrix, np.asmatrix, np.mat and
// np.bmat: construction (lists, arrays, strings, dtype=, views), the
// repr and str, * and ** as matrix operations, .I .H .T .A .A1, indexing
// that stays 2-d, the reductions (matrices over an axis, scalars over
// all), ufuncs and operators keeping the class, the
// PendingDeprecationWarning, and NumPy's errors.
func TestMatrixMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"m = np.matrix('1 2; 3 4')\nf = np.matrix([[1.5, 2], [3, 4]])\n", []string{
		"m, str(m), f, np.matrix([[1, 2]], dtype=np.float32), np.matrix(5), np.matrix([]), np.matrix('[1, 2.5; -3, 4e1]'), np.matrix('1 2, 3')",
		"m * m, m ** 2, m ** 0, f ** -1, m.I, f.I, np.matrix([[1, 2, 3]]).I, m.T, np.matrix([[1j, 2], [3, 4]]).H, m.H, m.A, m.A1, m.getT(), m.getA1(), m.getI()",
		"m[0], m[0, 1], m[:, 1], m[1, :], m[[1, 0]], m[0][0, 1], m[m > 1], m[:, [1]], m[-1]",
		"m.sum(), m.sum(axis=0), m.sum(1), m.mean(), m.mean(0), m.std(), m.var(1), m.prod(0), m.max(), m.min(1), m.sum(dtype=np.float32)",
		"m.argmax(), m.argmax(0), m.argmax(1), m.argmin(), m.ptp(0), m.ptp(1), m.ptp(), m.any(), (m > 2).all(0), (m > 2).any(1)",
		"issubclass(np.matrix, np.ndarray), issubclass(np.matrix, np.matrix), issubclass(np.matrix, (int, object)), issubclass(np.nditer, np.ndarray), issubclass(type(m), np.matrix), isinstance(m, np.ndarray), isinstance(m, np.matrix), isinstance(np.arange(3), np.matrix), type(m), np.matrix, type(m.sum(0)), type(m.A)",
		"m + 1, m * 2, 2 * m, m * np.array([[1], [2]]), np.array([[1, 2]]) * m, m * [[1], [1]], np.matrix([[1, 2, 3]]).T * np.array([1, 2, 3]), -m, m == m, m @ m, np.dot(m, m), np.dot(m, np.array([1, 2])), np.dot(np.array([[1, 2]]), m), np.dot(m, 2)",
		"np.linalg.inv(m), np.linalg.pinv(f).round(10), np.linalg.solve(f, np.array([[1.], [2.]])), np.linalg.solve(np.eye(2), np.matrix([[1.], [2.]])), np.linalg.matrix_power(m, 2), np.linalg.matrix_power(f, -1)",
		"np.sin(m), np.multiply(m, m), np.add(m, 1.5), m.shape, m.ndim, len(m), m.size, m.dtype, [r for r in m], m.tolist()",
		"m.ravel(), m.flatten(), m.squeeze(), m.reshape(1, 4), m.copy(), m.astype(float), m.transpose(), m.conjugate()",
		"np.asmatrix(np.arange(3)), np.mat([[1, 2]]), np.asmatrix(m) is m, np.matrix(m) is m, np.matrix(m, copy=False) is m, np.matrix(m, dtype=float)",
		"x = np.arange(4).reshape(2, 2)\nam = np.asmatrix(x)\nx[0, 0] = 9\nc = np.matrix(x)\nx[0, 1] = 8\nam, c",
		"m *= 2\nm **= 2\nm[0, 0] = 7\nm[1] = [5, 6]\nm",
		"np.bmat([[m, m], [m, m]]), np.bmat([m, m]), np.bmat('m, m; m m', gdict={'m': m}, ldict={}), np.bmat(np.arange(4).reshape(2, 2)), np.bmat([[np.eye(2), np.zeros((2, 1))]])",
		"import warnings\nwith warnings.catch_warnings(record=True) as w:\n    warnings.simplefilter('always')\n    np.matrix([[1]])\n    np.asmatrix([[1]])\n[(x.category.__name__, str(x.message)) for x in w]",
		"np.matrix(np.zeros((2, 2, 2)))", "np.matrix('1 2; 3')", "m ** 0.5", "np.matrix([[1, 2]]).I * 0 + np.matrix([[1, 2], [2, 4]]).I",
		"np.bmat('m, q', gdict={'m': m}, ldict={})", "np.bmat('m', gdict={'m': m})", "m.argmax(2)",
	})
}

// TestMatrixLimits covers what kael's np.matrix leaves out: np.bmat of a
// string without gdict= cannot read the caller's variables.
func TestMatrixLimits(t *testing.T) {
	langtest.RunCells(t, []langtest.Case{
		{Src: "import numpy as np\nm = np.matrix('1 2; 3 4')\nnp.bmat('m m')", Want: "NotImplementedError: kael's np.bmat of a string needs gdict= (and ldict=): it cannot read the caller's variables"},
		{Src: "import numpy as np\nnp.matrix('1 2; 3 4').sum(out=np.zeros((1, 1)))", Want: "NotImplementedError: kael's np.matrix reductions do not take out="},
	})
}
