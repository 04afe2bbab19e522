package std

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestClassHierarchyMatchesPython asks __mro__, __bases__, __base__ and
// mro() of the native classes (Python's, the libraries', torch's) and of
// class statements that derive from them, of CPython with PyTorch.
// torch.Tensor is left out: PyTorch's derives from torch._C._TensorBase,
// which kael does not have.
func TestClassHierarchyMatchesPython(t *testing.T) {
	prelude := "import collections, pathlib, torch, datetime\n" +
		"def names(seq):\n    return [c.__qualname__ if c.__module__ in ('builtins', '__main__') else repr(c) for c in seq]\n"
	var srcs []string
	for _, c := range []string{"int", "bool", "str", "list", "dict", "object", "type", "float", "tuple", "ValueError",
		"collections.OrderedDict", "collections.Counter", "collections.defaultdict", "datetime.datetime",
		"pathlib.PurePath", "pathlib.PurePosixPath", "pathlib.Path", "pathlib.PosixPath", "pathlib.PureWindowsPath",
		"torch.nn.Linear", "torch.nn.Module", "torch.optim.SGD"} {
		srcs = append(srcs, "("+c+".__mro__, "+c+".__bases__, "+c+".__base__)", c+".mro()")
	}
	srcs = append(srcs,
		"class A(collections.OrderedDict): pass\n(names(A.__mro__), names(A.__bases__), names(A.mro()))",
		"class B(pathlib.PosixPath): pass\nnames(B.__mro__)",
		"class C(torch.nn.Linear): pass\nclass D(C): pass\nnames(D.__mro__)",
		"class M: pass\nclass F(M, collections.Counter): pass\nnames(F.mro())",
		"class E(int): pass\n(names(E.__mro__), names(type.mro(E)), type.mro(bool))",
		"type.mro()", "import inspect\ninspect.getmro(bool)",
	)
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
