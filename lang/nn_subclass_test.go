package lang

import (
	"context"
	"testing"
)

// torchClassPrelude defines the nn.Module and autograd.Function classes
// torchClassCases use, in kael and in PyTorch.
const torchClassPrelude = `
import torch
import torch.nn as nn

class Affine(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.w = nn.Parameter(torch.ones(n))
        self.b = nn.Parameter(torch.zeros(n))
        self.register_buffer("calls", torch.zeros(1))
        self.note = "affine"
        self.plain = torch.ones(1)

    def forward(self, x, shift=0.0):
        return x * self.w + self.b + shift

    def extra_repr(self):
        return f"n={self.w.shape[0]}"

class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.first = Affine(2)
        self.rest = nn.Sequential(Affine(2), nn.ReLU())
        self.head = nn.Linear(2, 1, bias=False)

    def forward(self, x):
        return self.head(self.rest(self.first(x)))

class Early(nn.Module):
    def __init__(self):
        self.w = nn.Parameter(torch.ones(1))

class NoForward(nn.Module):
    pass

class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, g):
        x, = ctx.saved_tensors
        return 2 * x * g

class MulAdd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, c):
        ctx.save_for_backward(a, b)
        ctx.flags = ctx.needs_input_grad
        return a * b + c

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        return g * b, g * a, g
`

// torchClassCases are nn.Module subclasses and autograd.Function
// subclasses as PyTorch code uses them; want is what PyTorch gives after
// torchClassPrelude.
var torchClassCases = []struct{ src, want string }{
	{"[n for n, _ in Affine(2).named_parameters()]", "['w', 'b']"},
	{"list(Affine(2).state_dict().keys())", "['w', 'b', 'calls']"},
	{"[n for n, _ in Stack().named_parameters()]", "['first.w', 'first.b', 'rest.0.w', 'rest.0.b', 'head.weight']"},
	{"[type(m).__name__ for m in Stack().modules()]", "['Stack', 'Affine', 'Sequential', 'Affine', 'ReLU', 'Linear']"},
	{"[n for n, _ in Stack().named_children()]", "['first', 'rest', 'head']"},
	{"repr(Affine(3))", "'Affine(n=3)'"},
	{"len(repr(Stack()).splitlines())", "8"},
	{"str(Stack()).splitlines()[1]", "'  (first): Affine(n=2)'"},
	{"a = Affine(2); a.note, a.plain.tolist(), len(list(a.parameters()))", "('affine', [1.0], 2)"},
	{"a = Affine(2); a(torch.tensor([1.0, 2.0]), shift=1.0).tolist()", "[2.0, 3.0]"},
	{"a = Affine(2); a.forward(torch.tensor([3.0, 4.0])).tolist()", "[3.0, 4.0]"},
	{"s = Stack(); s.head.weight.data.fill_(1.0); s(torch.tensor([[1.0, -3.0]])).tolist()", "[[1.0]]"},
	{"s = Stack(); s.eval(); s.training, s.first.training, s.rest[0].training", "(False, False, False)"},
	{"s = Stack(); s.train(False) is s, s.training", "(True, False)"},
	{"a = Affine(2); a.w = nn.Parameter(torch.ones(3)); [p.shape[0] for p in a.parameters()]", "[3, 2]"},
	{"a = Affine(2); a.w = torch.ones(2)", "TypeError: cannot assign 'torch.FloatTensor' as parameter 'w' (torch.nn.Parameter or None expected)"},
	{"s = Stack(); s.first = None; [n for n, _ in s.named_parameters()]", "['rest.0.w', 'rest.0.b', 'head.weight']"},
	{"s = Stack(); s.extra = Affine(1); [n for n, _ in s.named_children()]", "['first', 'rest', 'head', 'extra']"},
	{"isinstance(Stack(), nn.Module), isinstance(Stack().first, Affine), issubclass(Affine, nn.Module)", "(True, True, True)"},
	{"Early()", "AttributeError: cannot assign parameters before Module.__init__() call"},
	{"NoForward()(torch.ones(1))", "NotImplementedError: Module [NoForward] is missing the required \"forward\" function"},
	{"Affine(2).nothing", "AttributeError: 'Affine' object has no attribute 'nothing'"},
	{"a = Affine(2); (a(torch.ones(2)).sum()).backward(); a.w.grad.tolist(), a.b.grad.tolist()", "([1.0, 1.0], [1.0, 1.0])"},
	{"a = Affine(2); a(torch.ones(2)).sum().backward(); a.zero_grad(set_to_none=True); a.w.grad is None", "True"},
	{"sd = Affine(2).state_dict(); a = Affine(2); a.w.data.fill_(5.0); a.load_state_dict(sd); a.w.tolist()", "[1.0, 1.0]"},
	{"x = torch.tensor([1.0, -2.0], requires_grad=True); y = Square.apply(x); y.sum().backward(); y.tolist(), x.grad.tolist()", "([1.0, 4.0], [2.0, -4.0])"},
	{"x = torch.tensor([3.0], requires_grad=True); Square.apply(Square.apply(x)).backward(); x.grad.tolist()", "[108.0]"},
	{"a = torch.tensor([2.0], requires_grad=True); b = torch.tensor([3.0]); c = torch.tensor([1.0], requires_grad=True); MulAdd.apply(a, b, c).backward(); a.grad.tolist(), b.grad, c.grad.tolist()", "([3.0], None, [1.0])"},
	{"x = torch.tensor([1.0]); y = Square.apply(x); y.requires_grad, y.grad_fn", "(False, None)"},
	{"x = torch.tensor([2.0], requires_grad=True)\nwith torch.no_grad():\n    y = Square.apply(x)\ny.requires_grad", "False"},
	{"x = torch.tensor([2.0], requires_grad=True); Square.apply(x).grad_fn is not None", "True"},
	{"issubclass(Square, torch.autograd.Function), isinstance(Square, type)", "(True, True)"},
	{"s = Stack(); s.to('cpu') is s, s.to(torch.float64).head.weight.dtype == torch.float64", "(True, True)"},
	{"s = Stack(); [type(c).__name__ for c in s.children()], s.rest[0].w.shape", "(['Affine', 'Sequential', 'Linear'], torch.Size([2]))"},
	{"a = Affine(2); a.training = False; a.training, Affine(2).training", "(False, True)"},
	{"class Twice(Affine):\n    def forward(self, x):\n        return 2 * super().forward(x)\nTwice(1)(torch.tensor([3.0])).tolist(), [n for n, _ in Twice(1).named_parameters()]", "([6.0], ['w', 'b'])"},
	{"class M(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.layers = nn.ModuleList([Affine(1), Affine(1)])\n    def forward(self, x):\n        for l in self.layers:\n            x = l(x)\n        return x\nM()(torch.tensor([2.0])).tolist(), len(list(M().parameters()))", "([2.0], 4)"},
}

func TestTorchClasses(t *testing.T) { checkCellCases(t, torchClassPrelude, torchClassCases) }

func TestTorchClassesAgainstPyTorch(t *testing.T) {
	checkCellCasesAgainstTorch(t, torchClassPrelude, torchClassCases)
}

// TestGradFnName checks the grad_fn a custom function's outputs get: named
// <Class>Backward, as PyTorch names it.
func TestGradFnName(t *testing.T) {
	s := NewSession(IO{})
	if r := s.Exec(context.Background(), "", torchClassPrelude); r.Err != nil {
		t.Fatal(r.Err.Render())
	}
	got := outcome(s.Exec(context.Background(), "", "Square.apply(torch.ones(1, requires_grad=True)).grad_fn.name()"))
	if got != "'SquareBackward'" {
		t.Errorf("grad_fn is %s, want 'SquareBackward'", got)
	}
}

// TestSetupContextStyle checks PyTorch 2's way of writing a Function:
// forward without ctx, and setup_context(ctx, inputs, output). (Debian's
// torch 1.13 predates it, so this case is not in the PyTorch table.)
func TestSetupContextStyle(t *testing.T) {
	src := "import torch\nclass Cube(torch.autograd.Function):\n    @staticmethod\n    def forward(x, k):\n        return x ** 3 * k\n" +
		"    @staticmethod\n    def setup_context(ctx, inputs, output):\n        x, k = inputs\n        ctx.save_for_backward(x)\n        ctx.k = k\n" +
		"    @staticmethod\n    def backward(ctx, g):\n        x, = ctx.saved_tensors\n        return 3 * x ** 2 * g * ctx.k, None\n" +
		"x = torch.tensor([1.0, 2.0], requires_grad=True)\nCube.apply(x, 2.0).sum().backward()\nx.grad.tolist()"
	if got := run(t, src); got != "[6.0, 24.0]" {
		t.Errorf("got %s, want [6.0, 24.0]", got)
	}
}
