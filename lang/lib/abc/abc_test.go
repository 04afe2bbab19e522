package abc_test

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"

	// the torch cases import torch, which lang/std links in
	_ "github.com/kael-dev/kael/lang/std"
)

const prelude = "from abc import ABC, ABCMeta, abstractmethod\n"

const shapes = "class Shape(ABC):\n    @abstractmethod\n    def area(self): ...\n    @abstractmethod\n    def name(self): ...\n    def describe(self):\n        return f'{self.name()} of area {self.area()}'\nclass Named(Shape):\n    def name(self):\n        return 'square'\nclass Square(Named):\n    def __init__(self, s):\n        self.s = s\n    def area(self):\n        return self.s ** 2\n"

// cases hold CPython 3.11's outcomes; TestAgainstCPython checks them there.
var cases = []langtest.Case{
	{shapes + "Shape()", "TypeError: Can't instantiate abstract class Shape with abstract methods area, name"},
	{shapes + "Named()", "TypeError: Can't instantiate abstract class Named with abstract method area"},
	{shapes + "s = Square(3)\ns.describe(), isinstance(s, Shape), isinstance(s, ABC), issubclass(Square, ABC)", "('square of area 9', True, True, True)"},
	{"class A(ABC):\n    pass\ntype(A()).__name__, ABC.__module__, ABC.__name__", "('A', 'abc', 'ABC')"},
	{"class P(ABC):\n    @property\n    @abstractmethod\n    def size(self): ...\nclass Q(P):\n    @property\n    def size(self):\n        return 4\nQ().size, P()", "TypeError: Can't instantiate abstract class P with abstract method size"},
	{"class S(ABC):\n    @staticmethod\n    @abstractmethod\n    def make(): ...\nS()", "TypeError: Can't instantiate abstract class S with abstract method make"},
	{"class B(ABC):\n    @abstractmethod\n    def f(self):\n        return 'base'\nclass C(B):\n    def f(self):\n        return super().f() + '!'\nC().f()", "'base!'"},
	{"@abstractmethod\ndef f():\n    return 1\nf()", "1"},
}

// torchCases hold PyTorch's outcomes: an nn.Module that is also an ABC.
var torchCases = []langtest.Case{
	{"import torch\nclass Base(torch.nn.Module, ABC):\n    def __init__(self):\n        super().__init__()\n        self.lin = torch.nn.Linear(2, 1)\n    @abstractmethod\n    def forward(self, x): ...\nclass Net(Base):\n    def forward(self, x):\n        return self.lin(x)\nn = Net()\nlist(n(torch.ones(3, 2)).shape), len(list(n.parameters()))", "([3, 1], 2)"},
	{"import torch\nclass Base(torch.nn.Module, ABC):\n    @abstractmethod\n    def forward(self, x): ...\nBase()", "TypeError: Can't instantiate abstract class Base with abstract method forward"},
}

func TestABC(t *testing.T) {
	langtest.CheckCellCases(t, prelude, cases)
	langtest.CheckCellCases(t, prelude, torchCases)
}

func TestAgainstCPython(t *testing.T) {
	cpython.CheckCellCases(t, prelude, cases)
	cpython.CheckCellCasesTorch(t, prelude, torchCases)
}
