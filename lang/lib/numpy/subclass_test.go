package numpy

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestNdarraySubclassesMatchNumPy compares classes deriving from
// np.ndarray with NumPy 1.24, on the examples of NumPy's
// basics.subclassing.rst: view casting, __new__ through
// super().__new__ and through asarray(...).view(cls), __array_finalize__
// called with None, the viewed array or the source instance, attributes
// kept through slicing, methods, operators and ufuncs, iteration, the
// repr, and writes through a view.
func TestNdarraySubclassesMatchNumPy(t *testing.T) {
	prelude := "import numpy as np\nlog = []\n" +
		"class InfoArray(np.ndarray):\n" +
		"    def __new__(subtype, shape, dtype=float, buffer=None, offset=0, strides=None, order=None, info=None):\n" +
		"        obj = super().__new__(subtype, shape, dtype)\n        obj.info = info\n        return obj\n" +
		"    def __array_finalize__(self, obj):\n" +
		"        log.append((type(self).__name__, type(obj).__name__))\n" +
		"        if obj is None: return\n        self.info = getattr(obj, 'info', None)\n" +
		"class RealisticInfoArray(np.ndarray):\n" +
		"    def __new__(cls, input_array, info=None):\n" +
		"        obj = np.asarray(input_array).view(cls)\n        obj.info = info\n        return obj\n" +
		"    def __array_finalize__(self, obj):\n" +
		"        if obj is None: return\n        self.info = getattr(obj, 'info', None)\n" +
		"class A(np.ndarray):\n    pass\n" +
		"a = np.arange(3).view(A)\no = RealisticInfoArray(np.arange(5), info='information')\n" +
		"names = lambda *vs: [type(v).__name__ for v in vs]\n"
	langtest.CheckMatchesCPython(t, prelude, []string{
		"obj = InfoArray(shape=(3,), info='information')\n(type(obj).__name__, obj.info, obj.shape, obj.dtype, log)",
		"obj = InfoArray(shape=(3,), info='information')\nv = obj[1:]\n(type(v).__name__, v.info, log)",
		"cast = np.arange(10).view(InfoArray)\n(type(cast).__name__, cast.info, log, repr(cast))",
		"(type(o).__name__, o.info, o[1:].info, repr(o[1:]), isinstance(o, np.ndarray), isinstance(o, RealisticInfoArray))",
		"(names(np.sin(o), o * 2, 2 * o, -o, o == 1, o.reshape(5, 1), o.T, o.copy(), o.astype(float), np.add(o, 1)), np.sin(o).info, (o * 2).info, o.reshape(5, 1).info)",
		"(len(o), o.shape, o.dtype, o.tolist(), names(o[0], o.tolist(), np.asarray(o), np.array(o), np.concatenate([o, o])))",
		"repr(RealisticInfoArray([[1.5, 2.], [3., 4.]]))",
		"s = RealisticInfoArray(np.eye(2), info='i')\nshaped = np.zeros(6).view(A)\nshaped.shape = (2, 3)\n(names(np.dot(s, s), np.dot(np.eye(2), s), np.dot(o, o), np.linalg.inv(s), np.linalg.pinv(s), np.linalg.matrix_power(s, 2), np.linalg.solve(np.eye(2), s), np.linalg.solve(s, np.eye(2))), np.dot(s, s).info, np.linalg.inv(s).info, repr(shaped), shaped.strides)",
		"[(type(r).__name__, r.info) for r in RealisticInfoArray([[1, 2], [3, 4]], info='i')]",
		"base = np.arange(5)\nv = RealisticInfoArray(base)\nv[0] = 9\nv[1:3] += 10\n(base.tolist(), type(v).__name__)",
		"(repr(a), repr(a + 1), names(a + 1, 1 + a, a[1:], a.view(), a.view(np.ndarray)), a.view(int).dtype)",
		"(np.ndarray.__array_finalize__ is not None, hasattr(a, '__array_finalize__'))",
		"np.arange(3).view(int)",
		"np.arange(3).view(dict)",
		// str and format are ndarray's: no class name, a 0-d one formats its element
		"m = np.arange(6.0).reshape(2, 3).view(A)\nstr(m), '%s' % m, '{}'.format(m), f'{m}', f'{np.array(3).view(A):>5}', format(np.array(2.5).view(A), '.2f')",
		"format(np.arange(3.0).view(A), '.2f')",
	})
}
