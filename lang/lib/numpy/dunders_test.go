package numpy_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestArraySpecialMethods checks an array's special methods, called by
// name, against NumPy: those its protocols give it (a.__add__(x) is
// a + x, NotImplemented where NumPy's operator declines, as it does for
// a tensor, whose rules PyTorch's __array_priority__ chooses; a.__lt__(2) is
// NumPy's elementwise comparison), NumPy's own (__array__, __copy__),
// unbound through np.ndarray, and dir(a) listing them.
func TestArraySpecialMethods(t *testing.T) {
	langtest.CheckMatchesCPython(t, prelude+"import copy, functools\na = np.array([1., 2., 3.])\ni = np.array([3, 5])\n", []string{
		"a.__getitem__(1), a.__getitem__(slice(1, None)), a.__len__()",
		"a.__setitem__(0, 5.), a",
		"a.__add__(1), a.__radd__(1), a.__sub__(1), a.__rsub__(1), a.__mul__(a), a.__rmul__(2)",
		"a.__truediv__(2), a.__rtruediv__(2), a.__floordiv__(2), a.__rfloordiv__(2), a.__mod__(2), a.__rmod__(2)",
		"a.__pow__(2), a.__rpow__(2), a.__matmul__(a), a.__rmatmul__(a)",
		"i.__and__(1), i.__rand__(1), i.__or__(2), i.__xor__(1), i.__lshift__(1), i.__rlshift__(1), i.__rshift__(1), i.__rrshift__(64)",
		"a.__neg__(), a.__pos__(), a.__abs__(), i.__invert__()",
		"a.__invert__()",
		"a.__lt__(2), a.__le__(2), a.__gt__(2), a.__ge__(2), a.__eq__(2), a.__ne__(a)",
		"a.__lt__('x')",
		"a.__pow__(2, 3)",
		"import torch\nx = torch.tensor([1., 2., 3.])\na.__add__(x), a.__lt__(x), a.__iadd__(x)",
		"a.__eq__(None)",
		"a.__iadd__(1), a",
		"b = a\nb.__imul__(2), b is a, a.__isub__(1) is a, a",
		"i.__ifloordiv__(2), i.__imod__(2), i.__ilshift__(1), i.__ior__(4), i.__iand__(6), i.__ixor__(1), i.__irshift__(1), i",
		"a.__itruediv__(2), a.__ipow__(2), a",
		"i.__iadd__(1.5)",
		"a.__imatmul__(np.eye(3))",
		"a.__contains__(2.), a.__contains__(7.)",
		"list(a.__iter__())",
		"a.__bool__()",
		"np.array([0.]).__bool__(), np.array([2.]).__float__(), np.array([2.5]).__int__(), np.array(3).__index__()",
		"a.__float__()",
		"np.array([2]).__index__()",
		"a.__array__(), a.__array__() is a, a.__array__(np.float32), a.__array__('i4')",
		"a.__copy__(), a.__copy__() is a, a.__deepcopy__({}), a.__deepcopy__({}) is a, copy.copy(a), copy.deepcopy(a)",
		"a.__array_priority__",
		"np.ndarray.__getitem__(a, 0), np.ndarray.__len__(a), np.ndarray.__add__(a, 1), np.ndarray.__radd__(a, 1), np.ndarray.__lt__(a, 2.)",
		"type(a).__setitem__(a, 2, 9.), a, type(a).__iadd__(a, 1)",
		"np.ndarray.__getitem__(1, 0)",
		"np.ndarray.__add__",
		"functools.reduce(np.ndarray.__add__, [a, a, a])",
		"hasattr(np.ndarray, '__iadd__'), hasattr(np.ndarray, '__len__'), hasattr(a, '__array__')",
		"[n in dir(a) for n in ['__add__', '__radd__', '__iadd__', '__imatmul__', '__getitem__', '__setitem__', '__len__', '__iter__', '__contains__', '__bool__', '__neg__', '__abs__', '__invert__', '__lt__', '__float__', '__int__', '__index__', '__array__', '__copy__', '__deepcopy__', '__array_priority__']]",
		"[n in dir(np.ndarray) for n in ['__add__', '__rmatmul__', '__ixor__', '__getitem__', '__len__', '__iter__', '__contains__', '__float__']]",
		"np.float64(2).__add__(1), np.float64(2).__lt__(3), np.float64(2).__neg__(), np.float64(2).__float__(), np.int64(2).__index__(), np.int64(5).__rsub__(1)",
	})
}

// TestTensorSpecialMethodsWithArrays checks that a tensor's special
// methods stay its own (lang/torch's methods) beside the arrays'.
func TestTensorSpecialMethodsWithArrays(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nimport numpy as np\nx = torch.tensor([1., 2.])\n", []string{
		"x.__add__(1), x.__radd__(1), x.__lt__(2), x.__getitem__(0), x.__len__(), x.__neg__()",
		"torch.tensor([1.]).__add__(1)",
	})
}
