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
	// get_cache_token and update_abstractmethods
	{"from abc import get_cache_token\nclass A(ABC):\n    pass\nt = get_cache_token()\nclass X:\n    pass\nA.register(X)\ntype(t).__name__, get_cache_token() != t, get_cache_token() == get_cache_token()", "('int', True, True)"},
	{"from abc import update_abstractmethods\nclass A(ABC):\n    @abstractmethod\n    def f(self): ...\nclass B(A):\n    pass\nB.f = lambda self: 'f'\nr = B is update_abstractmethods(B), B.__abstractmethods__, B().f(), sorted(A.__abstractmethods__)\nclass P:\n    pass\nr, update_abstractmethods(P) is P, hasattr(P, '__abstractmethods__')", "((True, frozenset(), 'f', ['f']), True, False)"},
	// the deprecated forms
	{"from abc import abstractclassmethod, abstractstaticmethod, abstractproperty\nclass A(ABC):\n    @abstractclassmethod\n    def make(cls): ...\n    @abstractstaticmethod\n    def util(): ...\n    @abstractproperty\n    def size(self): ...\nclass B(A):\n    @classmethod\n    def make(cls): return cls.__name__\n    @staticmethod\n    def util(): return 1\n    @property\n    def size(self): return 3\nclass C(A):\n    @classmethod\n    def make(cls): return 1\ntry:\n    C()\nexcept TypeError as e:\n    r = str(e)\nb = B()\n(B.make(), B.util(), b.size, r)", "('B', 1, 3, \"Can't instantiate abstract class C with abstract methods size, util\")"},
	{"from abc import abstractclassmethod, abstractproperty\nclass A(ABC):\n    @abstractclassmethod\n    def make(cls): ...\n    @abstractproperty\n    def size(self): ...\nA()", "TypeError: Can't instantiate abstract class A with abstract methods make, size"},
	// metaclass=ABCMeta, and metaclasses derived from it
	{"class C(metaclass=ABCMeta):\n    @abstractmethod\n    def f(self): ...\n    @abstractmethod\n    def g(self): ...\nC()", "TypeError: Can't instantiate abstract class C with abstract methods f, g"},
	{"class C(metaclass=ABCMeta):\n    @abstractmethod\n    def f(self): ...\n    @abstractmethod\n    def g(self): ...\nclass D(C):\n    def f(self):\n        return 1\nD()", "TypeError: Can't instantiate abstract class D with abstract method g"},
	{"class C(metaclass=ABCMeta):\n    @abstractmethod\n    def f(self): ...\nclass E(C):\n    def f(self):\n        return 1\nE().f(), type(C), type(E).__name__, isinstance(E(), C), sorted(C.__abstractmethods__), E.__abstractmethods__, ABC.__abstractmethods__, [k.__name__ for k in C.__mro__]", "(1, <class 'abc.ABCMeta'>, 'ABCMeta', True, ['f'], frozenset(), frozenset(), ['C', 'object'])"},
	{"class C(metaclass=ABCMeta):\n    pass\nclass V:\n    pass\nr = C.register(V)\nr is V, isinstance(V(), C), issubclass(V, C), issubclass(int, C), ABCMeta.register(C, int) is int, issubclass(bool, C)", "(True, True, True, False, True, True)"},
	{"type(ABC) is ABCMeta, isinstance(ABC, ABCMeta), issubclass(ABCMeta, type), ABCMeta.__name__, ABCMeta.__module__, ABCMeta", "(True, True, True, 'ABCMeta', 'abc', <class 'abc.ABCMeta'>)"},
	{"class M(ABCMeta):\n    pass\nclass K(metaclass=M):\n    @abstractmethod\n    def h(self): ...\nclass L(K):\n    def h(self):\n        return 'h'\nL().h(), type(L).__name__, isinstance(L(), K), K()", "TypeError: Can't instantiate abstract class K with abstract method h"},
	{"class P(metaclass=ABCMeta):\n    @property\n    @abstractmethod\n    def size(self): ...\nclass Q(P):\n    size = 3\nQ().size, P()", "TypeError: Can't instantiate abstract class P with abstract method size"},
	{"class C(metaclass=ABCMeta):\n    @classmethod\n    def __subclasshook__(cls, sub):\n        return hasattr(sub, 'quack')\nclass Duck:\n    quack = 1\nissubclass(Duck, C), isinstance(3, C)", "(True, False)"},
	// virtual subclasses: register, and __subclasshook__
	{"class A(ABC):\n    @abstractmethod\n    def f(self): ...\nr = A.register(int)\nclass B(A):\n    pass\nB.register(str)\n(r is int, isinstance(3, A), issubclass(int, A), issubclass(bool, A), isinstance(True, A), isinstance('x', A), issubclass(str, A), issubclass(str, B), issubclass(int, B), isinstance(3.0, A))", "(True, True, True, True, True, True, True, True, False, False)"},
	{"class A(ABC):\n    pass\n@A.register\nclass Plain:\n    pass\nclass Sub(Plain):\n    pass\n(Plain.__name__, issubclass(Plain, A), isinstance(Sub(), A), A.register(Plain) is Plain, issubclass(A, Plain), isinstance(A, A))", "('Plain', True, True, True, False, False)"},
	{"class Quacks(ABC):\n    @classmethod\n    def __subclasshook__(cls, C):\n        if cls is Quacks:\n            return hasattr(C, 'quack')\n        return NotImplemented\nclass Duck:\n    def quack(self): pass\nclass Robot(Quacks):\n    pass\n(issubclass(Duck, Quacks), isinstance(Duck(), Quacks), issubclass(int, Quacks), issubclass(Robot, Quacks), isinstance(Robot(), Quacks))", "(True, True, False, False, False)"},
	{"class A(ABC):\n    pass\nA.register(3)", "TypeError: Can only register classes"},
	// the answers are cached, and register empties the negative ones
	{"class A(ABC):\n    pass\nclass B(A):\n    pass\nclass C(B):\n    pass\nr = [issubclass(int, A), isinstance(2.5, A), issubclass(int, C)]\nA.register(int)\nC.register(float)\nr + [issubclass(int, A), isinstance(2.5, A), isinstance(2.5, B), issubclass(int, C), issubclass(int, A)]", "[False, False, False, True, True, True, False, True]"},
	{"class A(ABC):\n    pass\nclass B(A):\n    pass\nB.register(A)", "RuntimeError: Refusing to create an inheritance cycle"},
	// instantiation reads the class's own __abstractmethods__, as CPython's
	// object_new: a method assigned later leaves the class abstract until
	// update_abstractmethods, and an assigned set decides
	{shapes + "Named.area = lambda self: 1\ntry:\n    Named()\nexcept TypeError as e:\n    r = str(e)\nimport abc\nabc.update_abstractmethods(Named)\nr, Named().describe(), Named.__abstractmethods__", "(\"Can't instantiate abstract class Named with abstract method area\", 'square of area 1', frozenset())"},
	{shapes + "Square.__abstractmethods__ = frozenset({'b', 'a'})\ntry:\n    Square(2)\nexcept TypeError as e:\n    r = str(e)\nSquare.__abstractmethods__ = frozenset()\nclass Cube(Square):\n    pass\nr, Square(2).area(), Cube(3).area(), Cube.__abstractmethods__", "(\"Can't instantiate abstract class Square with abstract methods a, b\", 4, 9, frozenset())"},
	{"from fractions import Fraction\nfrom collections.abc import Mapping\nclass M(Mapping):\n    def __getitem__(self, k):\n        return k\n    def __len__(self):\n        return 0\ntry:\n    M()\nexcept TypeError as e:\n    r = str(e)\nr, sum(Fraction(i, 7) for i in range(8))", "(\"Can't instantiate abstract class M with abstract method __iter__\", Fraction(4, 1))"},
	{"class A(ABC):\n    pass\nissubclass(3, A)", "TypeError: issubclass() arg 1 must be a class"},
	{"class A(ABC):\n    pass\nA.register(list)\nmatch [1, 2]:\n    case A():\n        r = 'an A'\n    case _:\n        r = 'other'\nr", "'an A'"},
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
