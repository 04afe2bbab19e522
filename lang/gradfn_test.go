package lang

import (
	"context"
	"regexp"
	"testing"
)

// objectAddress matches the address in PyTorch's <MulBackward0 object at
// 0x7f...>, an id that differs from run to run.
var objectAddress = regexp.MustCompile(`object at 0x[0-9a-f]+>`)

// gradFnCases print autograd nodes; want has each address written as
// "object at 0x?>".
var gradFnCases = []struct{ src, want string }{
	{"y = (x * 2).sum()\nstr(y.grad_fn)", "'<SumBackward0 object at 0x?>'"},
	{"y = (x * 2).sum()\ny.grad_fn", "<SumBackward0 object at 0x?>"},
	{"y = x * 2\nstr(y.grad_fn), [y.grad_fn]", "('<MulBackward0 object at 0x?>', [<MulBackward0 object at 0x?>])"},
	{"(x * 2).sum().grad_fn.next_functions", "((<MulBackward0 object at 0x?>, 0),)"},
	{"(x * 2).grad_fn.next_functions", "((<AccumulateGrad object at 0x?>, 0), (None, 0))"},
	{"y = x * 2\nstr(y)", "'tensor([2., 2.], grad_fn=<MulBackward0>)'"},
	{"y = x * 2\nrepr(y.grad_fn) == '<MulBackward0 object at %s>' % hex(id(y.grad_fn))", "True"},
	{"y = x * 2\nid(y.grad_fn) == id(y.grad_fn), y.grad_fn is y.grad_fn, hash(y.grad_fn) == hash(y.grad_fn)", "(True, True, True)"},
	{"y = x * 2\nlen({y.grad_fn, y.grad_fn, (y + 1).grad_fn})", "2"},
	{"a = (x * 2).grad_fn.next_functions[0][0]\nrepr(a) == '<AccumulateGrad object at %s>' % hex(id(a)), id(a) != id(x)", "(True, True)"},
	{"a = (x * 2).grad_fn.next_functions[0][0]\nb = (x + 1).grad_fn.next_functions[0][0]\nid(a) == id(b), a in {b}", "(True, True)"},
	{"z = x.clone()\nz[0] = 1\nz.grad_fn, z.grad_fn.name()", "(<CopySlices object at 0x?>, 'torch::autograd::CopySlices')"},
	{"class Square(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, a):\n        return a * a\n    @staticmethod\n    def backward(ctx, g):\n        return g\ny = Square.apply(x)\nstr(y.grad_fn), type(y.grad_fn).__name__, str(y)",
		"('<torch.autograd.function.SquareBackward object at 0x?>', 'SquareBackward', 'tensor([1., 1.], grad_fn=<SquareBackward>)')"},
	{"f\"{(x * 2).grad_fn}\"", "'<MulBackward0 object at 0x?>'"},
}

const gradFnPrelude = "import torch\nx = torch.ones(2, requires_grad=True)\n"

// TestGradFnPrintsAsPyTorch checks the repr, str, id and hash of autograd
// nodes against the table and against PyTorch, addresses aside.
func TestGradFnPrintsAsPyTorch(t *testing.T) {
	hide := func(s string) string { return objectAddress.ReplaceAllString(s, "object at 0x?>") }
	srcs := caseSources(gradFnCases)
	ref := torchCellOutcomes(t, gradFnPrelude, srcs)
	for i, c := range gradFnCases {
		got := outcome(NewSession(IO{}).Exec(context.Background(), "", gradFnPrelude+c.src))
		if hide(got) != c.want {
			t.Errorf("%s\n kael    %s\n want    %s", c.src, got, c.want)
		}
		if hide(ref[i]) != c.want {
			t.Errorf("%s\n PyTorch %s\n want    %s", c.src, ref[i], c.want)
		}
	}
}
