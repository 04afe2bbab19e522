package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestComplexOrderMatchesNumPy covers what orders complex numbers: sort,
// argsort, unique, max/min, argmax/argmin, maximum/minimum, sign and the
// comparisons, NaNs in either part included, and complex strings.
func TestComplexOrderMatchesNumPy(t *testing.T) {
	z := "z = np.array([1+2j, 1-1j, 0+5j, -2+0j, 1+2j])\n"
	n := "n = np.array([complex(np.nan, 1), 1+1j, complex(1, np.nan), complex(np.nan, np.nan), complex(np.nan, 0), 0j, 1+1j])\n"
	m := "m = np.array([[1+2j, 3-1j, 0j], [1+3j, -1j, 3-2j]], np.complex64)\n"
	langtest.CheckMatchesCPython(t, prelude, []string{
		z + "np.sort(z), np.argsort(z), z.max(), z.min(), np.argmax(z), np.argmin(z)",
		n + "np.sort(n), np.argsort(n), n.max(), n.min(), np.argmax(n), np.argmin(n)",
		n + "np.unique(n, return_index=True, return_inverse=True, return_counts=True)",
		z + "np.unique(z), np.unique(z, return_counts=True), np.unique(z.astype(np.complex64), return_index=True)",
		m + "np.sort(m), np.sort(m, axis=0), np.sort(m, axis=None), np.argsort(m, axis=0), np.argsort(m)",
		m + "c = m.copy()\nc.sort(axis=0)\nc",
		m + "m.max(axis=0), m.min(axis=1), m.max(axis=1, keepdims=True), np.amax(m), np.amin(m, axis=(0, 1)), m.max().dtype",
		m + "m.argmax(axis=0), m.argmin(axis=1), m.argmax(axis=1, keepdims=True), m.argmax(), m.argmin(keepdims=True)",
		z + "z < 1+2j, z > 1+2j, z <= 1+2j, z >= 1+2j, np.less(z, 1), np.greater_equal(z, z[[4, 3, 2, 1, 0]])",
		n + "n < 1+1j, n > 0, n <= n, n >= 0j",
		z + "np.maximum(z, 1+1j), np.minimum(z, z[[4, 3, 2, 1, 0]]), np.maximum(z.astype(np.complex64), 1)",
		n + "np.maximum(n, 1+1j), np.minimum(n, 1+1j), np.maximum(1+1j, n)",
		z + n + "np.sign(z), np.sign(n), np.sign(np.array([0j, -0.0+2j, 3-1j], np.complex64))",
		"np.array(1+2j) < np.array(1+3j), np.complex128(2j) > 1j",
		"np.complex128('1+2j'), np.complex64(' (1-2.5e3j) '), np.complex128('j'), np.complex128('3')",
		"np.complex128('abc')", "np.complex64('1+2j+3')",
		n + "np.fmax(n, 1+1j), np.fmin(n, 1+1j), np.fmax(1+1j, n), np.fmin(n, n[[6, 5, 4, 3, 2, 1, 0]])",
		"x = np.array([np.nan, 1.0, 2.0, np.nan])\ny = np.array([0.5, np.nan, 3.0, np.nan])\nnp.fmax(x, y), np.fmin(x, y), np.maximum(x, y), np.fmax(x.astype(np.float32), 1), np.fmin(x.astype(np.float16), y), np.fmax(np.array([1, 5]), 3)",
		"z = np.array([1+2j])\nz // 2", "z = np.array([1+2j])\nz % 2", "np.floor_divide(np.array([1j]), 1j)",
		"np.array([1+2j]).max(axis=2)", "np.array([], complex).max()", "np.array([], complex).argmin()",
	})
}

// TestUniqueMatchesNumPy covers np.unique's full flat signature over the
// dtypes, NaNs collapsed into one as NumPy 1.24's equal_nan does.
func TestUniqueMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.unique(np.array([3, 1, 3, 2, 1]), return_index=True)",
		"np.unique(np.array([[3, 1], [3, 2]]), True, True, True)",
		"np.unique(np.array([2.0, np.nan, 1.0, np.nan, 2.0]), return_index=True, return_inverse=True, return_counts=True)",
		"np.unique(np.array([True, False, True]), return_counts=True)",
		"np.unique(np.array([0.5, -0.0, 0.0, 0.5], np.float16), return_index=True)",
		"np.unique(np.array([2**62 + 1, 2**62, 2**62 + 1]), return_inverse=True)",
		"np.unique(np.array([], np.int8), return_index=True, return_counts=True)",
		"np.unique([3, 1, 3]), np.unique(np.array(5))",
		"np.unique(np.array([1, 2]), axis=0)", "np.unique(np.array([[1, 2], [0, 5], [1, 2], [0, 1]]), axis=0, return_index=True, return_inverse=True, return_counts=True)",
		"np.unique(np.array([[1, 0, 1], [2, 5, 2]]), axis=1), np.unique(np.array([[1, 0, 1], [2, 5, 2]]), axis=-1, return_counts=True)",
		"np.unique(np.array([[np.nan, 1], [np.nan, 1], [0, 2]]), axis=0, return_counts=True)",
		"np.unique(np.arange(8).reshape(2, 2, 2) % 2, axis=1)", "np.unique(np.array([[1+1j, 2], [1+1j, 2]]), axis=0)",
		"np.unique(np.array([1, 2]), axis=1)",
	})
}

// TestOrderFMatchesNumPy covers order= of reshape, ravel, flatten and
// copy: the elements read and placed column by column for 'F', 'A' and
// 'K' following the array's layout, and the strides of the copies.
func TestOrderFMatchesNumPy(t *testing.T) {
	a := "a = np.arange(6).reshape(2, 3)\n"
	langtest.CheckMatchesCPython(t, prelude, []string{
		a + "a.ravel('F'), a.ravel(order='C'), a.flatten('F'), np.ravel(a, order='F'), a.T.ravel('A'), a.T.ravel('K'), a.ravel('A')",
		a + "a.reshape(3, 2, order='F'), a.reshape((6,), order='F'), a.T.reshape(2, 3, order='A'), a.reshape(-1, 2, order='F')",
		a + "np.arange(24).reshape(2, 3, 4).reshape(4, 6, order='F'), np.arange(24).reshape(2, 3, 4).ravel('F')",
		a + "c = a.copy(order='F')\n(c, c.strides, a.T.copy('K').strides, a.T.copy().strides, a.T.copy('A').strides, np.copy(a, order='F').strides, np.copy(a.T).strides, a.T.copy().strides)",
		a + "f = a.flatten('F')\nf[0] = 99\na[0, 0]",
		a + "r = a.ravel()\nr[1] = 50\na[0, 1]",
		a + "a.ravel(order='X')", a + "a.reshape(3, 2, order='K')", a + "a.reshape(4, 2, order='F')",
		a + "a.copy(order='f').strides, a.ravel(order='f'), np.copy(a, order='a').strides", a + "np.copy(a, order=1)", a + "a.reshape(3, 2, order='k')",
	})
}

// TestAsarrayOrderMatchesNumPy covers np.asarray(order=): an array laid
// out as 'C' or 'F' asks is returned as it is (any layout for 'A', 'K'
// and None), else copied in that layout; new data is row-major unless
// 'F'; NumPy's errors for a bad order.
func TestAsarrayOrderMatchesNumPy(t *testing.T) {
	pre := prelude + "def fl(x): return x.flags['C_CONTIGUOUS'], x.flags['F_CONTIGUOUS']\na = np.arange(6.0).reshape(2, 3)\nf = np.asarray(a, order='F')\n"
	langtest.CheckMatchesCPython(t, pre, []string{
		"fl(np.asarray([[1, 2], [3, 4]], order='F')), fl(np.asarray([[1, 2], [3, 4]], order='C')), np.asarray([[1, 2], [3, 4]], order='F')",
		"np.asarray(a, order='C') is a, np.asarray(a, order='K') is a, np.asarray(a, order='A') is a, np.asarray(a, order='F') is a, np.asarray(a, order=None) is a",
		"fl(f), f, f.strides, np.asarray(f, order='F') is f, np.asarray(f, order='A') is f, np.asarray(f, order='K') is f, np.asarray(f, order='C') is f, fl(np.asarray(f, order='C'))",
		"v = a[:, ::2]\nfl(np.asarray(v, order='K')), fl(np.asarray(v, order='A')), fl(np.asarray(v, order='F')), np.asarray(v, order='F'), np.asarray(v, order='A') is v",
		"fl(np.asarray(a[::-1], order='C')), np.asarray(a[::-1], order='C'), fl(np.asarray(a[::-1], order='F')), np.asarray(a[::-1], order='K') is a",
		"np.asarray(a, np.float32, order='F').flags['F_CONTIGUOUS'], np.asarray(5, order='F'), fl(np.asarray(a.T, order='C')), np.asarray([1, 2], order='f')",
		"g = np.asarray(f, order='C')\ng[0, 0] = 99\nh = np.asarray(a, order='F')\nh[0, 1] = 42\nf[0, 0], a[0, 0], a[0, 1]",
		"np.asarray([1, 2], order='X')", "np.asarray([1, 2], order=1)", "np.asarray([1, 2], order='CF')",
	})
}

// TestCumprodAxisMatchesNumPy covers np.cumprod along an axis.
func TestCumprodAxisMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.cumprod(np.arange(1, 7).reshape(2, 3), axis=1), np.cumprod(np.arange(1, 7).reshape(2, 3), axis=0)",
		"np.cumprod(np.array([[1.5, 2], [3, 4]], np.float32), axis=-1), np.cumprod(np.array([[1+1j, 2], [3, 1j]]), axis=0)",
		"np.cumprod(np.array([[True, False], [True, True]]), axis=0), np.cumprod(np.array([[100, 3]], np.int8), axis=1)",
		"np.cumprod(np.arange(4).reshape(2, 2), axis=2)",
	})
}

// TestContainersOfArraysCompareAsNumPy checks ==, in, index and count
// over containers holding arrays: identity first, then the truth of
// a == b, NumPy's ValueError for several elements.
func TestContainersOfArraysCompareAsNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"a = np.ones(2)\n", []string{
		"[np.zeros(1)] == [np.zeros(1)], [np.zeros(1)] == [np.ones(1)], [a] == [a], a in [a], [a, 1].index(a), np.float64(2.0) in [1, 2]",
		"(np.zeros(2),) == (np.ones(2),)",
		"np.zeros(2) in [np.ones(2)]",
		"[1, np.ones(2)].count(1)",
	})
}
