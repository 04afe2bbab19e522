package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestSplitMatchesNumPy covers np.split, array_split, hsplit and vsplit:
// the pieces, their being views, and NumPy's errors.
func TestSplitMatchesNumPy(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"x = np.arange(12).reshape(3, 4)\n", []string{
		"np.split(np.arange(6), 3)", "np.split(np.arange(9), [2, 5])", "np.split(np.arange(9), [2, -2, 100])", "np.split(np.arange(9), [5, 2])",
		"np.array_split(np.arange(7), 3)", "np.array_split(np.arange(2), 4)", "np.split(x, 2, axis=1)", "np.hsplit(x, 2)", "np.vsplit(x, [1])",
		"np.hsplit(np.arange(4), 2)", "p = np.split(x, 2, axis=1)[0]\np[0, 0] = 99\nx[0, 0], p.base is x",
		"np.split(np.zeros(5), 2)", "np.array_split(np.zeros(5), 0)", "np.split(x, 3, axis=2)", "np.vsplit(np.arange(3), 1)", "np.hsplit(np.float64(1), 1)",
	})
}

// TestShapeErrorsAreNumPys checks that a shape the tensor core refuses
// (which it reports as PyTorch's RuntimeError) is NumPy's ValueError in
// NumPy's functions, methods and operators. The class is compared: the
// messages are the core's (docs/numpy.md, "Where it stops").
func TestShapeErrorsAreNumPys(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+`def kind(f):
    try:
        f()
    except Exception as e:
        return type(e).__name__
def inplace():
    a = np.zeros(3)
    a += np.zeros((2, 3))
`, []string{
		"kind(lambda: np.zeros((2, 3)) + np.zeros(4)), kind(lambda: np.concatenate([np.zeros((2, 3)), np.zeros((2, 4))]))",
		"kind(lambda: np.stack([np.zeros(2), np.zeros(3)])), kind(lambda: np.vstack([np.zeros(2), np.zeros(3)]))",
		"kind(lambda: np.where(np.zeros(2, bool), np.zeros(3), np.zeros(2))), kind(lambda: np.tile(np.zeros(2), -1)), kind(lambda: np.eye(-1))",
		"kind(inplace), kind(lambda: np.dot(np.zeros(2), np.zeros(3))), kind(lambda: np.zeros((2, 2)) @ np.zeros(3))",
		"kind(lambda: np.isclose(np.zeros(2), np.zeros(3))), kind(lambda: np.clip(np.zeros(2), np.zeros(3), 1)), kind(lambda: np.zeros(4).reshape(3))",
	})
}
