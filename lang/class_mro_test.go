package lang

import "testing"

// mroCases check multiple inheritance against CPython: the C3 order,
// lookup along it, super() following it, isinstance through every base.
var mroCases = []struct{ src, want string }{
	{"class A: pass\nclass B(A): pass\nclass C(A): pass\nclass D(B, C): pass\n[k.__name__ for k in D.__mro__]", "['D', 'B', 'C', 'A', 'object']"},
	{"class A: pass\nclass B(A): pass\nclass C(A): pass\nclass D(B, C): pass\nD.mro() == list(D.__mro__)", "True"},
	{"class A: pass\nclass B: pass\nclass C(A, B): pass\n[k.__name__ for k in C.__bases__]", "['A', 'B']"},
	{"class O: pass\nclass A(O): pass\nclass B(O): pass\nclass C(O): pass\nclass D(O): pass\nclass E(O): pass\nclass K1(A, B, C): pass\nclass K2(D, B, E): pass\nclass K3(D, A): pass\nclass Z(K1, K2, K3): pass\n[k.__name__ for k in Z.__mro__]",
		"['Z', 'K1', 'K2', 'K3', 'D', 'A', 'B', 'C', 'E', 'O', 'object']"},
	{"class A: pass\nclass B(A): pass\nclass C(A, B): pass", "TypeError: Cannot create a consistent method resolution\norder (MRO) for bases A, B"},
	{"class A: pass\nclass C(A, A): pass", "TypeError: duplicate base class A"},
	{"class A:\n    def f(self): return 'A'\nclass B:\n    def f(self): return 'B'\n    def g(self): return 'Bg'\nclass C(A, B): pass\nc = C()\n(c.f(), c.g())", "('A', 'Bg')"},
	{"class A:\n    x = 1\nclass B(A): pass\nclass C(A):\n    x = 2\nclass D(B, C): pass\nD.x", "2"},
	{"log = []\nclass Base:\n    def __init__(self):\n        log.append('Base')\nclass L(Base):\n    def __init__(self):\n        log.append('L')\n        super().__init__()\nclass R(Base):\n    def __init__(self):\n        log.append('R')\n        super().__init__()\nclass D(L, R):\n    def __init__(self):\n        log.append('D')\n        super().__init__()\nD()\nlog", "['D', 'L', 'R', 'Base']"},
	{"class A:\n    def who(self): return ['A']\nclass B(A):\n    def who(self): return ['B'] + super(B, self).who()\nclass C(A):\n    def who(self): return ['C'] + super().who()\nclass D(B, C):\n    def who(self): return ['D'] + super(D, self).who()\nD().who()", "['D', 'B', 'C', 'A']"},
	{"class A: pass\nclass B: pass\nclass C(A, B): pass\nc = C()\n(isinstance(c, A), isinstance(c, B), issubclass(C, B), issubclass(B, C), isinstance(c, (int, B)))", "(True, True, True, False, True)"},
	{"class A:\n    def __init__(self, a, **kw):\n        self.a = a\n        super().__init__(**kw)\nclass B:\n    def __init__(self, b, **kw):\n        self.b = b\n        super().__init__(**kw)\nclass C(A, B): pass\nc = C(a=1, b=2)\n(c.a, c.b)", "(1, 2)"},
	{"class A:\n    def __init__(self):\n        super().__init__(1)\nA()", "TypeError: object.__init__() takes exactly one argument (the instance to initialize)"},
	{"class A:\n    @property\n    def p(self): return 'pA'\nclass B:\n    p = 'B'\nclass C(B, A): pass\nclass D(A, B): pass\n(C().p, D().p)", "('B', 'pA')"},
	{"class A:\n    @classmethod\n    def make(cls): return cls.__name__\nclass B: pass\nclass C(B, A): pass\nC.make()", "'C'"},
	{"class M:\n    def __str__(self): return 'M!'\nclass X: pass\nclass Y(X, M): pass\nstr(Y())", "'M!'"},
	{"class A: pass\nclass B(A): pass\nclass C(B): pass\n(C.__base__ is B, C.__mro__[-1] is object)", "(True, True)"},
	{"class A(object): pass\nclass B(A, object): pass\n[k.__name__ for k in B.__mro__]", "['B', 'A', 'object']"},
}

func TestMultipleInheritanceMatchesCPython(t *testing.T) {
	checkCellCasesAgainstCPython(t, "", mroCases)
}

// nativeMixinCases mix nn.Module with plain classes, against PyTorch.
var nativeMixinCases = []string{
	"class Mixin:\n    def twice(self, x): return 2 * x\nclass M(nn.Module, Mixin):\n    def __init__(self):\n        super().__init__()\n        self.lin = nn.Linear(2, 2)\n    def forward(self, x): return self.twice(x)\nm = M()\n(m(torch.ones(2)).tolist(), isinstance(m, nn.Module), isinstance(m, Mixin), len(list(m.parameters())))",
	"class Mixin:\n    def __init__(self, **kw):\n        self.tag = 'mixed'\n        super().__init__(**kw)\nclass M(Mixin, nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.lin = nn.Linear(3, 1)\nm = M()\n(m.tag, sum(p.numel() for p in m.parameters()), [k.__name__ for k in M.__mro__])",
	"class Mixin:\n    pass\nclass A(nn.Module):\n    pass\nclass B(Mixin, A):\n    def __init__(self):\n        super().__init__()\n        self.w = nn.Parameter(torch.zeros(3))\n(issubclass(B, nn.Module), len(list(B().parameters())))",
	"class M(nn.Module, object): pass\n[k.__name__ for k in M.__mro__]",
}

func TestNativeMixinsMatchTorch(t *testing.T) {
	checkMatchesTorch(t, "import torch\nimport torch.nn as nn\n", nativeMixinCases)
}

func TestTwoNativeBasesRefused(t *testing.T) {
	checkCellCases(t, "import torch\nimport torch.nn as nn\n", []struct{ src, want string }{
		{"class F(nn.Module, torch.autograd.Function): pass", "TypeError: class F cannot derive from both Module and Function"},
	})
}
