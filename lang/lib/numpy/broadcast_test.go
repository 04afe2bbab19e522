package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestBroadcastMatchesNumPy compares np.broadcast_to (a read-only view,
// NumPy's errors), np.broadcast_arrays (views, or the arrays themselves
// when their shapes agree) and np.broadcast's attributes and iteration
// with NumPy 1.24.
func TestBroadcastMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"np.broadcast_to(np.arange(3), (2, 3)), np.broadcast_to(5, (2,)), np.broadcast_to(np.arange(3), 3), np.broadcast_to([1, 2], (2, 2))",
		"b = np.broadcast_to(np.arange(3.0).reshape(3, 1), (2, 3, 4))\nb, b.strides, b.flags.writeable, b.base is None, b.dtype",
		"np.broadcast_to(np.arange(3), (2, 4))", "np.broadcast_to(np.zeros((2, 3)), (3,))", "np.broadcast_to(np.arange(3), (-1, 3))",
		"np.broadcast_to(np.arange(3), ())", "np.broadcast_to(np.arange(3), (2, 3))[0, 0] = 1",
		"a = np.arange(3)\nb = np.broadcast_to(a, (2, 3))\na[1] = 7\nb, b.base is a",
		"np.broadcast_arrays(np.arange(3), np.ones(3)), np.broadcast_arrays(np.arange(3), 5), np.broadcast_arrays()",
		"x, y = np.broadcast_arrays(np.arange(3), np.ones((2, 1)))\nx, y, x.strides, y.strides",
		"a = np.arange(3)\nnp.broadcast_arrays(a, a)[0] is a", "np.broadcast_arrays(np.arange(3), np.ones(2))",
		"b = np.broadcast(np.ones(3), np.ones((2, 1)))\nb.shape, b.ndim, b.nd, b.size, b.numiter",
		"list(np.broadcast([1, 2], [[3], [4]])), list(np.broadcast([1.5, 2], 3)), list(np.broadcast(np.zeros((0, 2))))",
		"np.broadcast(np.ones(3), np.ones(2))", "np.broadcast(np.ones(3), np.ones((2, 1)), np.ones((4, 1, 1))).shape",
	})
}
