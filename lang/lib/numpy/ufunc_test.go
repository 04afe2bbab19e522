package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestUfuncObjectsMatchNumPy compares np.ufunc objects and their methods
// with NumPy 1.24's: attributes, reduce (axes, keepdims, initial, where,
// dtype, empty reductions and their errors), accumulate, outer, at with
// repeated indices, and reduceat. Float results compare bit for bit
// (float.hex) where kael follows NumPy's order (add and multiply reduce
// as np.sum and np.prod, accumulate as np.cumsum).
func TestUfuncObjectsMatchNumPy(t *testing.T) {
	cases := []string{
		// the type and its attributes
		"type(np.add) is np.ufunc, isinstance(np.sqrt, np.ufunc), repr(np.add), str(np.maximum)",
		"np.add.__name__, np.abs.__name__, np.mod.__name__, np.true_divide.__name__, np.abs is np.absolute",
		"[(u.nin, u.nout, u.nargs, u.identity) for u in (np.add, np.multiply, np.maximum, np.sqrt, np.logical_and, np.logical_or, np.bitwise_and, np.hypot, np.logaddexp)]",
		"np.add.ntypes, np.sqrt.ntypes, np.add.signature, callable(np.add), np.add(2, 3), np.sqrt(np.array([4.0, 9.0]))",
		"np.add(np.arange(3), 1, out=np.zeros(3, dtype=np.int64)), np.hypot(3.0, 4.0), np.maximum([1, 5], [4, 2])",
		"d = {np.add: 1}\nd[np.add], np.add == np.add, np.add != np.subtract",
		"np.ufunc()",
		"import copy\ncopy.deepcopy({'f': np.add})['f'] is np.add, copy.copy(np.maximum) is np.maximum",
		// reduce
		"a = np.arange(12).reshape(3, 4)\nnp.add.reduce(a), np.add.reduce(a, axis=1), np.add.reduce(a, axis=None), np.add.reduce(a, axis=(0, 1))",
		"a = np.arange(1, 13).reshape(3, 4)\nnp.multiply.reduce(a), np.subtract.reduce(a), np.subtract.reduce(a, axis=-1), np.floor_divide.reduce(a[::-1], axis=0)",
		"a = np.arange(12).reshape(3, 4) % 5\nnp.maximum.reduce(a, axis=1), np.minimum.reduce(a, axis=None), np.maximum.reduce(a, axis=0, keepdims=True)",
		"a = np.arange(12).reshape(3, 4) % 3\nnp.logical_and.reduce(a), np.logical_or.reduce(a, axis=1), np.logical_xor.reduce(a > 0, axis=None)",
		"a = np.arange(1, 13).reshape(3, 4)\nnp.bitwise_and.reduce(a), np.bitwise_or.reduce(a, axis=1), np.bitwise_xor.reduce(a, axis=None), np.gcd.reduce([12, 18, 30]), np.lcm.reduce([4, 6, 10])",
		"a = np.arange(12).reshape(3, 4)\nnp.add.reduce(a, initial=10), np.add.reduce(a, axis=1, keepdims=True, initial=1), np.maximum.reduce(a, axis=0, initial=6)",
		"a = np.arange(6).reshape(2, 3)\nnp.add.reduce(a, axis=0, where=[[True, False, True], [True, True, False]]), np.maximum.reduce(a, axis=1, initial=-5, where=[True, False, True])",
		"np.add.reduce(np.array([100, 100], dtype=np.int8)), np.add.reduce(np.array([True, True])), np.add.reduce([1, 2], dtype=np.float32)",
		"np.add.reduce([]), np.multiply.reduce([]), np.logical_and.reduce([]), np.logical_or.reduce([]), np.bitwise_and.reduce(np.array([], dtype=np.int64))",
		"np.add.reduce(np.zeros((0, 3)), axis=0), np.maximum.reduce(np.zeros((0, 3)), axis=0, initial=2.5), np.maximum.reduce(np.zeros((2, 0)), axis=0)",
		"np.maximum.reduce([])",
		"np.maximum.reduce(np.zeros((0, 3)), axis=0)",
		"np.subtract.reduce(np.arange(6).reshape(2, 3), axis=None)",
		"np.maximum.reduce([[1, 2]], where=[True, False])",
		"np.add.reduce([[1, 2]], axis=(0, 0))",
		"np.add.reduce([[1, 2]], axis=2)",
		"np.negative.reduce([1, 2])",
		"o = np.zeros(4)\nr = np.add.reduce(np.ones((3, 4)), out=o)\nr is o, o",
		"x = mk(1000)\nbits(np.add.reduce(x)), bits(np.add.reduce(mk(7, 300), axis=1)), bits(np.add.reduce(mk(300, 7)))",
		// kael's np.prod rounds differently from NumPy's (a known difference): 12 digits
		"['%.12e' % v for v in np.multiply.reduce(rng.standard_normal((5, 9)), axis=1)]",
		"x = mk(50, dt=np.float32)\nbits(np.add.reduce(x)), bits(np.maximum.reduce(mk(4, 6), axis=1)), bits(np.hypot.reduce(np.array([3.0, 4.0, 12.0])))",
		"np.add.reduce(5), np.add.reduce(np.float32(2.5), axis=None), np.add.reduce([True, False], dtype=bool), np.multiply.reduce([True, True], dtype=bool)",
		"np.logaddexp.reduce([0.0, 1.0, 2.0]), np.logaddexp.reduce([]), np.divide.reduce([8.0, 2.0, 2.0]), np.power.reduce([2, 3, 2])",
		"np.maximum.reduce([1.0, np.nan, 3.0]), np.fmax.reduce([1.0, np.nan, 3.0]), np.minimum.reduce([2, -1, 5])",
		// accumulate
		"a = np.arange(1, 13).reshape(3, 4)\nnp.add.accumulate(a), np.add.accumulate(a, axis=1), np.multiply.accumulate(a, axis=-1)",
		"np.maximum.accumulate([1, 3, 2, 5, 4]), np.minimum.accumulate(np.array([[3, 1], [2, 4], [0, 5]])), np.subtract.accumulate([10, 1, 2])",
		"np.add.accumulate(np.array([100, 100], dtype=np.int8)), np.add.accumulate(np.array([True, True])), np.add.accumulate([1, 2], dtype=np.float64)",
		"bits(np.add.accumulate(mk(100))), bits(np.add.accumulate(mk(6, 5), axis=1)), bits(np.maximum.accumulate(mk(30, dt=np.float32)))",
		"np.logical_or.accumulate([False, True, False]), np.add.accumulate(np.zeros((0, 2)))",
		"np.add.accumulate(5)",
		"np.add.accumulate([[1, 2], [3, 4]], axis=None)",
		"np.sqrt.accumulate([1.0])",
		// outer
		"np.subtract.outer([1, 2], [10, 20, 30]), np.multiply.outer(np.arange(3), np.arange(4)).shape, np.multiply.outer(np.ones((2, 3)), np.ones(4)).shape",
		"np.add.outer(3, [1, 2]), np.equal.outer([1, 2, 3], [2, 3]), np.maximum.outer([1.5, 0.5], [1.0])",
		"np.negative.outer([1], [2])",
		// at
		"a = np.zeros(4)\nnp.add.at(a, [0, 0, 2], [1, 2, 3])\na",
		"a = np.zeros((3, 2))\nnp.add.at(a, np.array([0, 2, 0, 0]), np.arange(8.0).reshape(4, 2))\na",
		"a = np.zeros((3, 3), dtype=np.int64)\nnp.add.at(a, (np.array([0, 1, 0]), np.array([2, 2, 2])), 5)\na",
		"a = np.arange(10)\nnp.add.at(a, slice(2, 8, 2), 100)\na",
		"a = np.ones(5)\nnp.multiply.at(a, [1, 1, 1, 4], 2.0)\nnp.maximum.at(a, [0, 0], [3.0, 7.0])\na",
		"a = np.arange(5)\nnp.negative.at(a, [0, 0, 1])\na",
		"a = np.arange(6.0).reshape(2, 3)\nnp.subtract.at(a, (1, [0, 0]), 1.5)\na",
		"a = mk(20)\nnp.add.at(a, rng.integers(0, 20, 100), mk(100))\nbits(a)",
		"a = np.zeros(3)\nnp.add.at(a, [[0, 1], [1, 1]], 1)\nb = np.arange(5)\nnp.add.at(b, b > 2, 10)\na, b",
		"a = np.zeros((2, 3))\nnp.add.at(a, ([0, 0, 1], slice(None)), 1)\nb = np.zeros(2, dtype=np.float32)\nnp.add.at(b, [0, 0, 0], np.float32(0.1))\na, bits(b)",
		"a = mk(50, 8, dt=np.float32)\nnp.add.at(a, rng.integers(-50, 50, 400), mk(400, 8, dt=np.float32))\nbits(a)",
		"a = np.zeros((3, 2))\nnp.add.at(a, np.array([0, 3]), 1)",
		"a = np.zeros((3, 2))\nnp.add.at(a, np.array([0, 1]), np.ones(3))",
		"a = np.zeros(2)\nnp.add.at(a, [0, 0], [1, 2, 3])",
		"np.add.at(np.zeros(2), [0])",
		// reduceat
		"np.add.reduceat(np.arange(8), [0, 4, 1, 5]), np.add.reduceat(np.arange(8), [0, 4, 5, 7])",
		"np.multiply.reduceat(np.arange(1, 13).reshape(3, 4), [0, 2], axis=1), np.maximum.reduceat(np.array([3, 1, 4, 1, 5, 9]), [0, 3])",
		"np.add.reduceat(np.arange(8), [0, 9])",
	}
	langtest.CheckMatchesCPython(t, prelude+rowsSetup, cases)
}
