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
		// a float count: split asks n % sections == 0, then int(sections)
		"np.split(np.arange(6), 3.0)", "np.split(np.arange(6), 2.5)", "np.split(np.arange(6), 4.0)", "np.split(np.arange(6), 0.0)", "np.split(np.arange(6), 0)",
		"np.split(np.arange(6), -2.0)", "np.array_split(np.arange(6), 2.5)", "np.array_split(np.arange(6), 4.0)", "np.array_split(np.arange(6), 0.5)",
		"np.array_split(np.arange(6), float('nan'))", "np.split(np.arange(6), float('nan'))", "np.array_split(np.arange(6), float('inf'))",
		"np.split(np.arange(6), np.float32(2))", "np.hsplit(np.arange(6), 3.0)", "np.split(np.arange(6), 1+0j)", "np.split(np.arange(6), [2.5])",
		"np.split(np.arange(6), (1,)), np.split(np.arange(6), np.array([3])), np.split(np.arange(6), np.array(2)), np.split(np.arange(6), True)",
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

// TestShapeErrorMessagesAreNumPys compares the class and the text of the
// shape errors of broadcasting, concatenate and its stacks, dot, matmul,
// reshape, where, isclose, clip and too many indices with NumPy 1.24's,
// and round's decimals, which NumPy reads through operator.index.
func TestShapeErrorMessagesAreNumPys(t *testing.T) {
	var srcs []string
	for _, src := range []string{
		"np.zeros((2, 3)) + np.zeros(4)", "np.zeros((2, 1, 3)) * np.zeros((4, 2))",
		"np.concatenate([np.zeros((2, 3)), np.zeros((2, 4))])", "np.concatenate([np.zeros((2, 3)), np.zeros(3)])",
		"np.concatenate([np.zeros((2, 3)), np.zeros((2, 4)), np.zeros(3)])", "np.concatenate([np.zeros((2, 3)), np.zeros((2, 3, 1))], axis=1)",
		"np.concatenate([np.zeros((2, 3)), np.zeros((3, 4))], axis=1)", "np.concatenate([np.zeros((2, 3)), np.zeros((2, 4))], axis=1).shape",
		"np.stack([np.zeros(2), np.zeros(3)])", "np.stack([np.zeros((2, 3)), np.zeros((2, 3)), np.zeros(3)])",
		"np.vstack([np.zeros(2), np.zeros(3)])", "np.hstack([np.zeros((2, 1)), np.zeros((3, 1))])",
		"np.dot(np.zeros(2), np.zeros(3))", "np.dot(np.zeros((2, 3)), np.zeros((2, 3)))", "np.zeros((2, 3)).dot(np.zeros(4))",
		"np.dot(np.zeros(3), np.zeros((5, 4, 2)))", "np.dot(np.zeros((2, 3)), np.zeros(())).shape",
		"np.zeros((2, 2)) @ np.zeros(3)", "np.zeros(3) @ np.zeros((2, 2))", "np.zeros(3) @ np.zeros(4)", "np.matmul(np.zeros((2, 3)), np.zeros((4, 5)))",
		"np.zeros((4, 2, 3)) @ np.zeros((5, 3, 2))", "np.zeros((2, 4, 3)) @ np.zeros((3, 3, 2))", "np.zeros((4, 2, 3)) @ np.zeros((5, 4, 2))",
		"(np.zeros((4, 1, 2, 3)) @ np.zeros((5, 3, 2))).shape",
		"np.where(np.zeros(2, bool), np.zeros(3), np.zeros(2))", "np.isclose(np.zeros(2), np.zeros(3))", "np.allclose(np.zeros(2), np.zeros(3))",
		"np.array_equal(np.zeros(2), np.zeros(3))",
		"np.clip(np.zeros(2), np.zeros(3), 1)", "np.clip(np.zeros(2), None, np.zeros(3))", "np.zeros(2).clip(np.zeros(3))", "np.clip(np.zeros(2), 1, np.zeros(3))",
		"np.zeros(5).reshape(4)", "np.zeros(5).reshape(-1, 3)", "np.zeros(5).reshape(3, -1)", "np.zeros(5).reshape(-1, -1)",
		"np.zeros(5).reshape(3, -1, 2)", "np.zeros(5).reshape(-1, 2, 2)", "np.zeros(5).reshape(2, 2, -1)", "np.zeros(5).reshape(-1, -1, 3)",
		"np.float32(1).round('a')", "np.float64(1).round('a')", "np.zeros(2).round('a')", "np.round(np.zeros(2), 1.5)",
		"np.float32(1.26).round(1.0)", "np.zeros(2).round(2**40)", "np.zeros(2).round(-2**40)", "np.zeros(2).round(2**80)",
		"np.round(np.zeros(2), True), np.float32(1.26).round(np.int64(1))",
		"np.zeros(3)[0, 0]", "np.zeros(3)[0, None, 0]", "np.zeros(3)[..., 0, 0]", "np.zeros(3)[np.array([True, False, True]), 0]",
		"np.zeros((2, 2))[np.ones((2, 2), bool), 0]", "np.zeros(3)[0, 0, 0]", "np.zeros(())[0]", "np.zeros(3, dtype=[('x', 'f4')])[0, 0]",
		"np.zeros(3)[None, 0], np.zeros(3)[True], np.zeros((2, 2))[np.ones((2, 2), bool)], np.zeros(3)[np.array(True)], np.zeros((2, 3))[:, [0, 1], None]",
		"np.zeros(3)[..., 1], np.zeros((2, 3))[1, ..., 2], np.zeros(())[...], np.zeros(())[()], np.arange(6).reshape(2, 3)[()], np.arange(6.0).reshape(2, 3)[::-1][..., 1, 2]",
	} {
		srcs = append(srcs, "try:\n    r = "+src+"\nexcept Exception as e:\n    r = (type(e).__name__, str(e))\nr")
	}
	langtest.CheckMatchesCPython(t, prelude, srcs)
}

// TestEllipsisIndexGivesView checks that an index holding ... gives a
// 0-d view, not a scalar, as NumPy does: writes through it show.
func TestEllipsisIndexGivesView(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude, []string{
		"b = np.arange(3.0)\nv = b[..., 1]\nv[...] = 7\nb, v.base is b, v.shape, type(v).__name__",
		"m = np.arange(6.0).reshape(2, 3)\nw = m[::-1][..., 0, 2]\nw[...] = -1\nm, w",
	})
}
