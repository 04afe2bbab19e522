package lang

import "testing"

// methodDecoratorCases check that decorators with arguments keep self on
// methods: @torch.no_grad() (nanoGPT's and minGPT's generate) and a
// user's decorator factory, against PyTorch.
var methodDecoratorCases = []string{
	"class G:\n    def __init__(self):\n        self.n = 3\n    @torch.no_grad()\n    def generate(self, x, k=1):\n        return (x * self.n * k).tolist(), torch.is_grad_enabled()\ng = G()\n(g.generate(torch.ones(2, requires_grad=True)), g.generate(torch.ones(1), k=2), torch.is_grad_enabled())",
	"class G(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.lin = nn.Linear(2, 2)\n    def forward(self, x):\n        return self.lin(x)\n    @torch.no_grad()\n    def generate(self, x):\n        y = self(x)\n        return y.requires_grad, y.shape\nG().generate(torch.ones(1, 2))",
	"def deco(tag):\n    def wrap(f):\n        def inner(*a, **k):\n            return (tag, f(*a, **k))\n        return inner\n    return wrap\nclass C:\n    n = 10\n    @deco('t')\n    def m(self, y):\n        return self.n + y\n    @deco('s')\n    @staticmethod\n    def s(y):\n        return y\nc = C()\n(c.m(1), C.m(c, 2), C.s(3))",
	"import functools\ndef logged(f):\n    @functools.wraps(f)\n    def inner(self, *a):\n        return ('logged', f(self, *a))\n    return inner\nclass C:\n    @logged\n    def m(self, y):\n        'doc of m'\n        return y * 2\n(C().m(4), C.m.__name__, C.m.__qualname__, C.m.__doc__)",
	"class C:\n    @torch.no_grad()\n    @staticmethod\n    def s(x):\n        return torch.is_grad_enabled(), x\nC.s(1)",
}

func TestMethodDecoratorsMatchTorch(t *testing.T) {
	checkMatchesTorch(t, "import torch\nimport torch.nn as nn\n", methodDecoratorCases)
}
