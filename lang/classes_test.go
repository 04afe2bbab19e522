package lang

import (
	"context"
	"strings"
	"testing"
)

// type(), isinstance(), issubclass(), torch.Size and the legacy tensor
// constructors, as CPython 3.11 with PyTorch 1.13 shows them. Deviation:
// a torch.Size also equals a list of the same ints (PyTorch's does not),
// so that kael code comparing x.shape with a list keeps working.
func TestClasses(t *testing.T) {
	tests := []struct{ src, want string }{
		{"type(zeros(2)), type(1), type(1.5), type('a'), type(None), type([]), type(())", "(<class 'torch.Tensor'>, <class 'int'>, <class 'float'>, <class 'str'>, <class 'NoneType'>, <class 'list'>, <class 'tuple'>)"},
		{"type(len), type(lambda: 0), type(torch), type(torch.float32), type(type(1))", "(<class 'builtin_function_or_method'>, <class 'function'>, <class 'module'>, <class 'torch.dtype'>, <class 'type'>)"},
		{"type(zeros(2)) is torch.Tensor, type(1) is int, type(1) == int, type(1)(2.5), type(None).__name__", "(True, True, True, 2, 'NoneType')"},
		{"type(zeros(2)).__name__, type(1.5).__name__, torch.Size.__name__", "('Tensor', 'float', 'Size')"},
		{"torch.Tensor, torch.FloatTensor, torch.Size, torch.device", "(<class 'torch.Tensor'>, <class 'torch.FloatTensor'>, <class 'torch.Size'>, <class 'torch.device'>)"},
		{"type(zeros(2).shape), type(torch.device('cpu'))", "(<class 'torch.Size'>, <class 'torch.device'>)"},
		{"x = zeros(2)\nisinstance(x, torch.Tensor), isinstance(x, torch.FloatTensor), isinstance(x, torch.LongTensor)", "(True, True, False)"},
		{"isinstance(1, int), isinstance(True, int), isinstance(1, float), isinstance(1, (str, int)), isinstance('a', str)", "(True, True, False, True, True)"},
		{"isinstance([], list), isinstance({}, dict), isinstance((), tuple), isinstance(zeros(2).shape, tuple), isinstance(None, type(None))", "(True, True, True, True, True)"},
		{"issubclass(bool, int), issubclass(int, bool), issubclass(torch.FloatTensor, torch.Tensor), issubclass(int, (str, int))", "(True, False, True, True)"},
		// torch.Size.
		{"s = zeros(3, 4).shape\ns, s[0], s[-1], len(s), s.numel(), list(s), tuple(s)", "(torch.Size([3, 4]), 3, 4, 2, 12, [3, 4], (3, 4))"},
		{"s = zeros(3, 4).shape\ns == (3, 4), s == [3, 4], s == torch.Size([3, 4]), 3 in s, s.index(4), s.count(3)", "(True, False, True, True, 1, 1)"},
		{"a, b = zeros(3, 4).shape\na * b", "12"},
		{"str(zeros(2).shape), f'{zeros(2).shape}', zeros(2, 3).size(), zeros(2, 3).size(1)", "('torch.Size([2])', 'torch.Size([2])', torch.Size([2, 3]), 3)"},
		{"{zeros(2, 3).shape: 'k'}[(2, 3)], torch.Size(), torch.Size((1, 2))", "('k', torch.Size([]), torch.Size([1, 2]))"},
		{"ones(2, 3).reshape(zeros(3, 2).shape).shape", "torch.Size([3, 2])"},
		// The legacy constructors.
		{"torch.Tensor([1, 2]), torch.Tensor(2, 3).shape, torch.Tensor(torch.Size([2])).shape", "(tensor([1., 2.]), torch.Size([2, 3]), torch.Size([2]))"},
		{"torch.Tensor().shape, torch.Tensor(2, 2).tolist()", "(torch.Size([0]), [[0.0, 0.0], [0.0, 0.0]])"},
		{"torch.LongTensor([1.5, 2.7]), torch.FloatTensor([1, 2]).dtype, torch.DoubleTensor(2).dtype, torch.BoolTensor([1, 0])", "(tensor([1, 2]), torch.float32, torch.float64, tensor([ True, False]))"},
		{"t = tensor([1., 2.])\nu = torch.Tensor(t)\nu[0] = 5\nu is t, t.tolist()", "(False, [5.0, 2.0])"},
		{"torch.Tensor(2.5)", "TypeError: new(): data must be a sequence (got float)"},
		{"torch.Tensor(-1)", "RuntimeError: Trying to create tensor with negative dimension -1: [-1]"},
		{"torch.is_tensor(zeros(1)), torch.is_tensor([1])", "(True, False)"},
		// Variable, the deprecated alias.
		{"from torch.autograd import Variable\nx = zeros(2)\nv = Variable(x, requires_grad=True)\nv.requires_grad, v is x, x.requires_grad", "(True, False, False)"},
		{"w = tensor([2.], requires_grad=True)\ntorch.autograd.backward([(w * w).sum()])\nw.grad.tolist()", "[4.0]"},
		// Refusals.
		{"isinstance(1, 2)", "TypeError: isinstance() arg 2 must be a type, a tuple of types, or a union"},
		{"issubclass(1, int)", "TypeError: issubclass() arg 1 must be a class"},
		{"torch.Size([1.5])", "TypeError: torch.Size() takes an iterable of 'int' (item 0 is 'float')"},
		{"zeros(2).shape.append(3)", "AttributeError: 'torch.Size' object has no attribute 'append'"},
		{"ones(2).numpy()", "array([1., 1.], dtype=float32)"},
		{"torch.from_numpy([1])", "TypeError: expected np.ndarray (got list)"},
	}
	for _, tt := range tests {
		if got := run(t, tt.src); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// Variable works and leaves a note that it is deprecated.
func TestVariableNote(t *testing.T) {
	r := NewSession(IO{}).Exec(context.Background(), "", "torch.autograd.Variable(zeros(1))")
	if r.Err != nil || len(r.Notes) != 1 || !strings.Contains(r.Notes[0].Text, "deprecated") {
		t.Errorf("got %v, notes %v; want a deprecation note", r.Err, r.Notes)
	}
}

// A note made inside a function shows once however often the function
// runs, as a note made at top level does (a training loop calling
// Variable noted it once a call).
func TestNoteOnceAcrossCalls(t *testing.T) {
	tests := []string{
		"def f():\n    return torch.autograd.Variable(zeros(1))\nfor _ in range(5):\n    f()",
		"def g():\n    return torch.autograd.Variable(zeros(1))\ndef f():\n    return g()\nfor _ in range(3):\n    f()\n    g()",
		"for _ in range(3):\n    exec('torch.autograd.Variable(zeros(1))')",
	}
	for _, src := range tests {
		r := NewSession(IO{}).Exec(context.Background(), "", src)
		if r.Err != nil || len(r.Notes) != 1 {
			t.Errorf("%s\ngot %v, notes %v; want one note", src, r.Err, r.Notes)
		}
	}
}
