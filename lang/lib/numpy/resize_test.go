package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestResizeMatchesNumPy covers ndarray.resize (resize.go), the in-place
// change of shape and size NumPy's quickstart shows: the elements in
// memory order (Fortran order for an F-contiguous array), cut short or
// followed by zeros, None returned, and NumPy's errors for a view, a
// strided array and a negative dimension.
func TestResizeMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"a = np.floor(10 * np.random.default_rng(1).random((3, 4)))\nr = a.resize((2, 6))\nr, a",
		"a = np.array([[0, 1], [2, 3]])\na.resize((2, 1))\na",
		"a = np.asfortranarray([[0, 1], [2, 3]])\na.resize((2, 1))\na",
		"a = np.array([[0, 1], [2, 3]])\na.resize(2, 3)\na",
		"a = np.arange(4)\na.resize(3, refcheck=False)\na",
		"a = np.arange(4)\na.resize()\na.resize(None)\na",
		"a = np.arange(6, dtype=np.float32)\na.resize((0,))\na, a.dtype",
		"a = np.ones((2, 2), dtype=bool)\na.resize(5)\na",
		"a = np.arange(6)\nb = a[:3]\nb.resize(3, 1)\nb, a",
		"a = np.arange(6).reshape(2, 3).T\na.resize(6)\na",
		"a = np.arange(3.0)\na.resize(2, 2)\na * 2",
		"a = np.array(5)\nr = a.resize(3)\nr, a",
		"a = np.zeros((2, 0))\na.resize(3)\na",
		"a = np.arange(6)\na[::2].resize(3)",
		"a = np.arange(6)\na[:3].resize(4)",
		"a = np.arange(6)\na.resize(-1)",
		"a = np.arange(6)\na.resize(2.5)",
		"a = np.arange(6)\na.resize(2, 2.5)",
		"a = np.arange(6)\na.resize('ab')",
	})
}

// TestTutorialFixesMatchNumPy covers what NumPy's tutorials call that
// kael answered otherwise (tutorial_test.go): np.reshape's newshape=,
// np.array's keyword-only copy= and ndmin= (and the engine's "from 1 to 2
// positional arguments"), and np.row_stack, which is np.vstack.
func TestTutorialFixesMatchNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.reshape(np.arange(6), newshape=(1, 6), order='C')",
		"np.reshape([1, 2, 3, 4], (2, 2)), np.reshape(np.arange(6), (3, -1), order='F'), np.reshape(np.arange(6), 6)",
		"np.reshape(np.arange(6), (4, 2))",
		"np.reshape(np.arange(6), 2, 3)",
		"np.reshape(np.arange(6), (2, 3), 'X')",
		"np.reshape(5, ()), np.reshape(np.float32(2), (1, 1))",
		"np.array(1, 2, 3, 4)",
		"np.array([1, 2], float, False)",
		"np.array([1, 2], float, copy=False, ndmin=2)",
		"np.row_stack is np.vstack, np.row_stack.__name__, np.row_stack(([1, 2], [3, 4]))",
	})
}
