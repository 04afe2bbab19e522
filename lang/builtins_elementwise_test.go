package lang

import (
	"testing"

	"github.com/kael-dev/kael/autograd"
)

func TestBuiltinsElementwise(t *testing.T) {
	runCells(t, []cell{
		{"x = tensor([1., 2.])\nadd(x, 1), x.add(x), torch.add(x, 1, alpha=2)", "(tensor([2., 3.]), tensor([2., 4.]), tensor([3., 4.]))"},
		{"x = tensor([1, 2])\nx.sub(1), sub(x, x, alpha=2)", "(tensor([0, 1]), tensor([-1, -2]))"},
		{"x = tensor([1, 2])\nmul(x, 2.5), x.div(2), true_divide(x, 2)", "(tensor([2.5000, 5.0000]), tensor([0.5000, 1.0000]), tensor([0.5000, 1.0000]))"},
		{"x = tensor([7, -7])\nfloor_divide(x, 2), x.remainder(3)", "(tensor([ 3, -4]), tensor([1, 2]))"},
		{"x = tensor([1., 5.])\nmaximum(x, tensor([3., 3.])), x.minimum(tensor(3.))", "(tensor([3., 5.]), tensor([1., 3.]))"},
		{"x = tensor([1, 2, 3])\neq(x, 2), x.ne(2), x.lt(2), le(x, 2), x.gt(2), ge(x, 2)",
			"(tensor([False,  True, False]), tensor([ True, False,  True]), tensor([ True, False, False]), tensor([ True,  True, False]), tensor([False, False,  True]), tensor([False,  True,  True]))"},
		{"a = tensor([True, False])\nb = tensor([True, True])\nlogical_and(a, b), a.logical_or(b), logical_xor(a, b), a.logical_not()",
			"(tensor([ True, False]), tensor([True, True]), tensor([False,  True]), tensor([False,  True]))"},
		{"x = tensor([6, 3])\nbitwise_and(x, 3), x.bitwise_or(1), bitwise_xor(x, x), x.bitwise_not()",
			"(tensor([2, 3]), tensor([7, 3]), tensor([0, 0]), tensor([-7, -4]))"},
		{"bitwise_and(tensor([1.]), 1)", "~TypeError: bitwise_and is only supported for integer and bool tensors"},
		{"x = tensor([1, -2])\nneg(x), x.abs(), abs(x), x.sign()", "(tensor([-1,  2]), tensor([1, 2]), tensor([1, 2]), tensor([ 1, -1]))"},
		{"x = tensor([0., 1.])\nexp(x), x.log(), sqrt(tensor([4])), x.sin(), cos(x).dtype", "(tensor([1.0000, 2.7183]), tensor([-inf, 0.]), tensor([2.]), tensor([0.0000, 0.8415]), torch.float32)"},
		{"x = tensor([-1., 0., 2.])\nrelu(x), x.sigmoid(), tanh(x)", "(tensor([0., 0., 2.]), tensor([0.2689, 0.5000, 0.8808]), tensor([-0.7616,  0.0000,  0.9640]))"},
		{"x = tensor([-1.5, 2.5])\nfloor(x), x.ceil(), x.round(), torch.round(x), round(tensor([1.234]), decimals=2)", "(tensor([-2.,  2.]), tensor([-1.,  3.]), tensor([-2.,  2.]), tensor([-2.,  2.]), tensor([1.2300]))"},
		{"round(tensor([1.5]))", "TypeError: type Tensor doesn't define __round__ method"}, // PyTorch 1.13's Tensor has no __round__
		{"x = tensor([1., 2.])\nx.pow(2), pow(x, tensor([3., 0.])), pow(2, x)", "(tensor([1., 4.]), tensor([1., 1.]), tensor([2., 4.]))"},
		{"x = tensor([-2., 0.5, 3.])\nclamp(x, -1, 1), x.clamp(min=0), x.clamp(max=0.)", "(tensor([-1.0000,  0.5000,  1.0000]), tensor([0.0000, 0.5000, 3.0000]), tensor([-2.,  0.,  0.]))"},
		{"tensor([1, 5]).clamp(2, 3), tensor([1, 5]).clamp(min=1.5).dtype", "(tensor([2, 3]), torch.float32)"},
		{"tensor([1.]).clamp()", "RuntimeError: clamp: At least one of 'min' or 'max' must not be None"},
		{"exp(1.0)", "TypeError: exp(): argument 'input' must be Tensor, not float"},
		{"exp([1.0])", "TypeError: exp(): argument 'input' must be Tensor, not list"},
		{"add(tensor([1, 2]), tensor([1, 2, 3]))", "~RuntimeError: The size of tensor a (2) must match the size of tensor b (3)"},
		{"add(tensor([1.]), 'a')", "TypeError: add(): argument 'other' must be Tensor or number, not str"},
		{"tensor([True]).neg()", "~TypeError: Negation, the `-` operator, on a bool tensor is not supported"},
	})
}

func TestBuiltinsInPlace(t *testing.T) {
	runCells(t, []cell{
		{"x = tensor([1., 2.])\ny = x\nx.add_(1)\ny", "tensor([2., 3.])"},
		{"x = tensor([1., 2.])\nx.add_(tensor([1., 1.]), alpha=-2).sub_(1).mul_(2).div_(4)", "tensor([-1.0000, -0.5000])"},
		{"x = tensor([1, 2])\nx.div_(2)", "~TypeError: result type float32 can't be cast to the desired output type int64"},
		{"x = tensor([1., 2.])\nv = x[0:1]\nv.fill_(7)\nx", "tensor([7., 2.])"},
		{"x = tensor([1, 2])\nx.zero_()\nx", "tensor([0, 0])"},
		{"x = tensor([1., 2.])\nx.fill_(tensor(3))", "tensor([3., 3.])"},
		{"x = tensor([1., 2.])\nx.fill_(tensor([3.]))", "~RuntimeError: fill_ only supports 0-dimension value tensor"},
		{"x = zeros(2, 2)\nx.copy_(tensor([1, 2]))\nx", "tensor([[1., 2.],\n        [1., 2.]])"},
		{"x = tensor([-3., 0.5, 3.])\nx.clamp_(-1, 1)\nx", "tensor([-1.0000,  0.5000,  1.0000])"},
		{"x = tensor([1, 5])\nx.clamp_(0, 2.5)", "~TypeError: result type float32 can't be cast"},
		{"w = ones(2, requires_grad=True)\nw.add_(1)", "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation."},
		{"w = ones(2, requires_grad=True)\nw.zero_()", "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation."},
		{"w = ones(2, requires_grad=True)\nwith no_grad():\n    w.sub_(0.5)\n    w.clamp_(max=0.25)\nw, w.requires_grad", "(tensor([0.2500, 0.2500], requires_grad=True), True)"},
		{"w = ones(2, requires_grad=True)\ny = w * 2\ny.fill_(1)", "tensor([1., 1.], grad_fn=<FillBackward2>)"},
		{"w = ones(2, requires_grad=True)\nz = zeros(2)\nz.copy_(w * 2)", "tensor([2., 2.], grad_fn=<CopyBackwards>)"},
		{"w = ones(2, requires_grad=True)\ny = w * 2\ny.uniform_()", "~RuntimeError: uniform_ cannot be recorded by autograd"},
	})
}

// TestOpTableBuiltins: every descriptor of autograd's op table is a builtin
// or method, as its Expose says, with the descriptor's help, so that adding
// a descriptor is all the language needs.
func TestOpTableBuiltins(t *testing.T) {
	check := func(name, doc string, expose autograd.Exposure) {
		t.Helper()
		fn, isFunc := builtins[name]
		m, isMethod := methods[name]
		if expose == autograd.Special { // lang/torch's torch.special module checks its own
			return
		}
		if expose == autograd.Custom {
			if !isFunc && !isMethod {
				t.Errorf("%s: Custom, but the language defines no builtin or method of that name", name)
			}
			return
		}
		// A name the op is not exposed as may still be taken by a Python
		// builtin (abs and pow of numbers), so only the exposures are checked.
		for _, e := range []struct {
			want    autograd.Exposure
			b       *Builtin
			present bool
			what    string
		}{{autograd.Function, fn, isFunc, "builtin function"}, {autograd.Method, m, isMethod, "tensor method"}} {
			switch {
			case expose&e.want == 0:
			case !e.present:
				t.Errorf("%s: no %s", name, e.what)
			case e.b.Doc != doc:
				t.Errorf("%s: the %s's help is %q, want the descriptor's %q", name, e.what, e.b.Doc, doc)
			}
		}
	}
	for _, op := range autograd.BinaryOps() {
		check(op.Name, op.Doc, op.Expose)
		if op.InPlaceDoc != "" {
			check(op.Name+"_", op.InPlaceDoc, autograd.Method)
		}
	}
	for _, op := range autograd.UnaryOps() {
		check(op.Name, op.Doc, op.Expose)
	}
}

// TestDivRoundingModeMatchesPyTorch runs div and divide with rounding_mode
// in kael and in PyTorch and compares the outcomes: values and dtypes,
// the in-place forms, the recorded node and its (zero) gradients, and the
// error of an unknown mode.
func TestDivRoundingModeMatchesPyTorch(t *testing.T) {
	const floats = "a = torch.tensor([7., -7., 7.5, -7.5, 0.5, -0.5])\nb = torch.tensor([2., 2., -2., -2., 0., 0.])\n"
	const ints = "a = torch.tensor([7, -7, 7, -7, 0, 6])\nb = torch.tensor([2, 2, -2, -2, 3, -3])\n"
	srcs := []string{
		floats + "[torch.div(a, b, rounding_mode=m).tolist() for m in (None, 'trunc', 'floor')]",
		floats + "a64 = a.to(torch.float64)\n[(y.tolist(), y.dtype == torch.float64) for y in (a64.div(b, rounding_mode='trunc'), a64.divide(b, rounding_mode='floor'))]",
		ints + "[(torch.div(a, b, rounding_mode=m).tolist(), torch.divide(a, b, rounding_mode=m).dtype == torch.int64) for m in ('trunc', 'floor')]",
		ints + "torch.div(a, b).tolist(), torch.div(a, b, rounding_mode=None).dtype == torch.float32",
		// A Python number broadcasts and is a weak operand: ints stay ints.
		ints + "[(a.div(-4, rounding_mode=m).tolist(), a.div(2.5, rounding_mode=m).tolist()) for m in ('trunc', 'floor')]",
		"x = torch.tensor([[1.5], [-4.5]])\ntorch.div(x, torch.tensor([2., -2., 4.]), rounding_mode='trunc').tolist()",
		// The in-place forms.
		ints + "c = a.clone()\nc.div_(b, rounding_mode='trunc')\nd = a.clone()\nd.divide_(-4, rounding_mode='floor')\nc.tolist(), d.tolist()",
		floats + "c = a.clone()\nc.div_(3, rounding_mode='floor')\nc.tolist()",
		ints + "c = torch.zeros(6, dtype=torch.int64)\ntorch.divide(a, b, rounding_mode='trunc', out=c)\nc.tolist()",
		// Autograd: DivBackward2, zero for both inputs; DivBackward0 without
		// the keyword.
		"x = torch.tensor([7., -7.5, 1.], requires_grad=True)\nw = torch.tensor([2., 2., 3.], requires_grad=True)\n" +
			"out = []\nfor m in ('trunc', 'floor'):\n    y = torch.div(x, w, rounding_mode=m)\n    y.sum().backward()\n    out.append((y.grad_fn.name(), x.grad.tolist(), w.grad.tolist()))\n    x.grad = None\n    w.grad = None\n" +
			"out, x.div(w).grad_fn.name(), x.divide(2).grad_fn.name()",
		"x = torch.tensor([7., -7.5], requires_grad=True)\ny = x * 1\ny.div_(2, rounding_mode='trunc')\ny.sum().backward()\ny.grad_fn.name(), y.tolist(), x.grad.tolist()",
		"torch.div(torch.tensor([1.]), 2, rounding_mode='x')",
		"torch.tensor([1.]).div_(2, rounding_mode='Floor')",
		"torch.divide(torch.tensor([1.]), 2, rounding_mode='')",
	}
	checkMatchesTorch(t, "import torch\n", srcs)
}

// TestDivRoundingModeKael: where kael differs from PyTorch on purpose, as
// its other operations do, or PyTorch's message is its overload list:
// integer division by zero is Python's ZeroDivisionError (PyTorch raises a
// RuntimeError "ZeroDivisionError") and leaves an in-place operand as it
// was; a float result that an integer tensor cannot hold is a TypeError.
func TestDivRoundingModeKael(t *testing.T) {
	runCellsIn(t, NewSession(IO{}), []cell{
		{"import torch\nx = torch.tensor([4, 6])\nx.div_(torch.tensor([2, 0]), rounding_mode='trunc')", "ZeroDivisionError: integer division or modulo by zero"},
		{"x.tolist()", "[4, 6]"},
		{"x.div_(2.5, rounding_mode='floor')", "TypeError: result type float32 can't be cast to the desired output type int64"},
		{"x.tolist()", "[4, 6]"},
	})
	runCells(t, []cell{
		{"import torch\ntorch.tensor([1, 2]).div(torch.tensor([1, 0]), rounding_mode='trunc')", "ZeroDivisionError: integer division or modulo by zero"},
		{"import torch\ntorch.tensor([1, 2]).div(0, rounding_mode='floor')", "ZeroDivisionError: integer division or modulo by zero"},
		{"import torch\ntorch.div(torch.tensor([1.]), 2, rounding_mode=3)", "TypeError: div(): argument 'rounding_mode' must be str, not int"},
		{"import torch\ntorch.true_divide(torch.tensor([1.]), 2, rounding_mode='floor')", "TypeError: true_divide() got an unexpected keyword argument 'rounding_mode'"},
		{"import torch\ntorch.div(torch.tensor([1.]), 2, 'floor')", "~TypeError: "},
	})
}
