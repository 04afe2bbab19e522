package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestPythonBuiltinsOfArrays checks Python's builtins and orderings of
// arrays against NumPy: an array of several elements is no number (it
// compared as 0 with numbers and other arrays before), so max, min and
// sorted order arrays through their < and meet NumPy's ambiguity error.
func TestPythonBuiltinsOfArrays(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"t = np.array([[1., -5.], [3., 2.]])\nv = np.array([1.5, -2.5, 0.])\na, b = np.array([1., -5.]), np.array([3., 2.])\n", []string{
		"sum(t)", "sum(v)", "sum(t, 1)", "sum(np.array(3.))", "sum(np.arange(5))",
		"max(v)", "min(v)", "max(t)", "max(v, key=abs)", "max(np.arange(5))", "max(np.float64(3.), 2)", "max(3, np.float32(2.5))",
		"any(v)", "all(v)", "any(t)", "abs(t)", "round(v[0])", "round(np.float64(2.5))", "round(np.float32(2.567), 2)", "round(v)",
		"pow(v, 2)", "pow(v, [1, 2, 3])", "divmod(v, 2)",
		"sorted([a, b])", "max(a, b)", "max([a, b])", "min(a, b)", "max(a, 2)", "bool(a < b)",
		"max(np.array([1.]), np.array([2.]))", "sorted([np.array([2.]), np.array([1.])])",
		"sorted([np.float64(2), 1, np.int64(0)])", "sorted([np.array([2., 1.]), np.array([0.])])",
		"np.round is np.around, np.round_ is np.round, np.around(np.array([1.25, 2.5]), 1), np.around.__name__",
	})
}

// TestArraysAsPythonNumbers checks NumPy's errors where Python needs a
// number and gets an array that is none.
func TestArraysAsPythonNumbers(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"import math\na = np.array([4., 9.])\n", []string{
		"math.sqrt(a)", "float(a)", "int(a)", "math.floor(a)", "complex(a)", "'%f' % a", "'%d' % np.array([3])",
		"math.isclose(a, 1)", "[1, 2, 3][np.array([1, 2])]", "[1, 2, 3][np.array(1)]", "math.exp(a)", "float(np.array([2.5]))",
		"(1, 2)[np.array([0, 1])]", "'ab'[np.array([0, 1])]",
		"import torch\nnp.float64(3) in torch.tensor([3.]), np.float64(2.5).__format__('.3f'), np.array(1.5).__format__('.2f')",
		"import torch\nnp.array([3.]) in torch.tensor([3.])",
		"range(np.array([3]))", "range(np.array(3.0))", "range(0, np.array([5, 6]))", "list(range(np.array(3), np.int64(6), np.int8(2)))",
	})
}

// TestArithmeticWithText checks NumPy 1.24's errors for numeric arrays
// and scalars met with text: the ufunc without a loop for +, -, * and @,
// "not supported for the input types" for the others, str's own
// formatting and concatenation where Python tries str first, and ==
// giving up with a FutureWarning.
func TestArithmeticWithText(t *testing.T) {
	var cells []string
	for _, x := range []string{"np.array([1, 2])", "np.array([1.5])", "np.float64(1.5)", "np.int64(2)"} {
		for _, op := range []string{"+", "-", "*", "/", "//", "%", "**", "&", "<<", "@"} {
			cells = append(cells, x+" "+op+" 'x'", "'x' "+op+" "+x)
		}
	}
	cells = append(cells, "np.array([1, 2]) + ['a', 'b']", "np.array([1, 2]) * b'x'", "'%s' % np.array([1, 2])",
		"a = np.array([1, 2])\na == 'x', a != 'x', a == ['a', 'b']", "np.array([1.]).__add__('x')", "'x' % [1], 'x' % b'a', 'x' % {'a': 1}, '%s' % [1]",
		"s = np.float64(1.5)\ns[()], s[...], s[None], np.int64(3)[()], type(s[()]), s[np.newaxis, ...]", "np.float64(1.5)[0]", "np.float64(1.5)['a']", "np.float64(1.5)[1:2]")
	langtest.CheckMatchesCPython(t, prelude, cells)
}
