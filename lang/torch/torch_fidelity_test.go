package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestNllLossNodesMatchTorch compares the autograd nodes of
// F.cross_entropy and F.nll_loss with PyTorch 1.13: NllLossBackward0 for
// [C] and [N, C] inputs, NllLoss2DBackward0 for the others (a 3-D or
// 5-D input is viewed as 4-D, and reduction='none' views the loss back,
// so ViewBackward0 comes last), for each reduction, ignore_index and
// weight.
func TestNllLossNodesMatchTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn.functional as F\ntorch.manual_seed(0)\n" +
		"def nodes(f, shape, **kw):\n" +
		"    x = torch.randn(*shape, requires_grad=True)\n" +
		"    tshape = shape[:1] + shape[2:] if len(shape) > 1 else ()\n" +
		"    t = torch.randint(0, 3, tshape)\n" +
		"    l = f(x, t, **kw)\n" +
		"    out = [l.grad_fn.name()]\n" +
		"    fn = l.grad_fn\n" +
		"    while fn.next_functions and fn.next_functions[0][0] is not None:\n" +
		"        fn = fn.next_functions[0][0]\n" +
		"        out.append(fn.name())\n" +
		"    l.sum().backward()\n" +
		"    return out, x.grad.shape\n"
	var srcs []string
	for _, f := range []string{"F.cross_entropy", "F.nll_loss"} {
		for _, shape := range []string{"(3,)", "(4, 3)", "(2, 3, 5)", "(2, 3, 4, 5)", "(2, 3, 2, 2, 2)"} {
			for _, kw := range []string{"reduction='none'", "reduction='sum'", "reduction='mean'", "ignore_index=1", "reduction='none', ignore_index=2", "weight=torch.rand(3)", "weight=torch.rand(3), reduction='none'"} {
				srcs = append(srcs, "nodes("+f+", "+shape+", "+kw+")")
			}
		}
	}
	srcs = append(srcs,
		"x = torch.randn(2, 5, 3, requires_grad=True).transpose(1, 2)\nl = F.nll_loss(x, torch.tensor([[0, 1, 2, 0, 1], [2, 2, 1, 0, 0]]))\nl.grad_fn.name(), l.grad_fn.next_functions[0][0].name(), l.grad_fn.next_functions[0][0].next_functions[0][0].name()",
		"x = torch.randn(2, 3, 5, requires_grad=True)\nl = F.nll_loss(x, torch.tensor([[0, 1, 2, 0, 1], [2, 2, 1, 0, 0]]), reduction='none')\nl.sum().backward()\nl, x.grad",
		"x = torch.randn(2, 3, 5, requires_grad=True)\nl = F.cross_entropy(x, torch.tensor([[0, 1, 2, 0, 1], [2, 2, 1, 0, -100]]))\nl.backward()\nl, x.grad",
		"x = torch.randn(2, 3, 5, requires_grad=True)\nl = F.cross_entropy(x, torch.tensor([[0, 1, 2, 0, 1], [2, 2, 1, 0, -100]]), weight=torch.tensor([0.5, 2., 1.]))\nl.backward()\nl, x.grad",
		"x = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)\nl = F.nll_loss(x, torch.tensor([0, 1, 2, 1]), weight=torch.tensor([0.5, 2., 1.], dtype=torch.float64), reduction='none', ignore_index=2)\nl.backward(torch.tensor([1., 2., 3., 4.], dtype=torch.float64))\nl, x.grad",
		"x = torch.randn(2, 3, 2, 2, requires_grad=True)\nl = F.nll_loss(x, torch.tensor([[[0, 1], [2, 0]], [[1, 1], [2, 2]]]), weight=torch.tensor([0.5, 2., 1.]), reduction='sum')\nl.backward()\nl, x.grad",
		"x = torch.randn(3, requires_grad=True)\nl = F.nll_loss(x, torch.tensor(1), weight=torch.tensor([0.5, 2., 1.]))\nl.backward()\nl, x.grad",
		"F.nll_loss(torch.randn(2, 3, 5, requires_grad=True), torch.zeros(2, 4, dtype=torch.long))",
		"F.nll_loss(torch.randn(2, 3, 5, requires_grad=True), torch.zeros(2, 5, dtype=torch.long), weight=torch.ones(4))",
		"F.nll_loss(torch.randn(2, 3, 5, requires_grad=True), torch.full((2, 5), 3))",
	)
	langtest.CheckMatchesTorch(t, prelude, srcs)
}

// TestLinearErrorsMatchTorch compares F.linear and nn.Linear's forward
// with mismatched shapes and dtypes (input, weight and bias) with PyTorch
// 1.13: the 2-D input (and contiguous 3-D input) with a bias goes through
// addmm's checks, the others through matmul and an in-place bias add.
func TestLinearErrorsMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nimport torch.nn.functional as F\nx = torch.randn(2, 3)\nw = torch.randn(5, 3)\nb = torch.randn(5)\n", []string{
		"y = F.linear(x, w, torch.randn(4))\ny.shape, y.dtype",
		"y = F.linear(x, w, torch.randn(2,5))\ny.shape, y.dtype",
		"y = F.linear(x, w, torch.randn(3,5))\ny.shape, y.dtype",
		"y = F.linear(x, w, torch.randn(1))\ny.shape, y.dtype",
		"y = F.linear(x, w, b.double())\ny.shape, y.dtype",
		"y = F.linear(x, w.double(), b)\ny.shape, y.dtype",
		"y = F.linear(x, w.double())\ny.shape, y.dtype",
		"y = F.linear(x.double(), w, b)\ny.shape, y.dtype",
		"y = F.linear(x, torch.randn(5,4), b)\ny.shape, y.dtype",
		"y = F.linear(x, torch.randn(5,4))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(3), torch.randn(5,4))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(3), torch.randn(5,4), b)\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), torch.randn(5,4), b)\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), torch.randn(5,4))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), w, torch.randn(4))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), w, b.double())\ny.shape, y.dtype",
		"y = F.linear(x, torch.randn(3), torch.randn(()))\ny.shape, y.dtype",
		"y = F.linear(x, torch.randn(4), torch.randn(()))\ny.shape, y.dtype",
		"y = F.linear(x, torch.randn(2,5,3))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(()), w)\ny.shape, y.dtype",
		"y = F.linear(x, w.int())\ny.shape, y.dtype",
		"y = F.linear(x.int(), w.int())\ny.shape, y.dtype",
		"y = F.linear(x.int(), w.int(), b.int())\ny.shape, y.dtype",
		"y = F.linear(x, w, b.half())\ny.shape, y.dtype",
		"y = torch.nn.Linear(4, 5)(x)\ny.shape, y.dtype",
		"y = torch.nn.Linear(3, 5)(x.double())\ny.shape, y.dtype",
		"y = torch.nn.Linear(3, 5).double()(x)\ny.shape, y.dtype",
		"y = torch.nn.Linear(4, 5)(torch.randn(4,2,3))\ny.shape, y.dtype",
		"y = torch.nn.Linear(4, 5, bias=False)(x)\ny.shape, y.dtype",
		"y = F.linear(x.requires_grad_(), w, torch.randn(4))\ny.shape, y.dtype",
		"y = F.linear(x, w, torch.randn(5, 1))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(3), w, torch.randn(4))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(3), w, b.double())\ny.shape, y.dtype",
		"y = F.linear(torch.randn(6,4,2,3), w, torch.randn(4))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(6,4,2,3), w, b.double())\ny.shape, y.dtype",
		"y = F.linear(torch.randn(6,4,2,3), torch.randn(5,4), b)\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,3,2).transpose(1,2), w, torch.randn(4))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,3,2).transpose(1,2), w, b.double())\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), w, torch.randn(2,5))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), w, torch.randn(3,5))\ny.shape, y.dtype",
		"y = F.linear(torch.randn(3), w.double())\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), w.double())\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3), w.double(), b)\ny.shape, y.dtype",
		"y = F.linear(x, torch.randn(3,5).t(), torch.randn(4))\ny.shape, y.dtype",
		"y = F.linear(x, w, b.int())\ny.shape, y.dtype",
		"y = F.linear(x.int(), w.int(), b)\ny.shape, y.dtype",
		"y = F.linear(torch.randn(4,2,3).requires_grad_(), w, torch.randn(4))\ny.shape, y.dtype",
		"F.linear(x, w, torch.randn(2, 1, 5))",
		"F.linear(torch.ones(2, 3), torch.tensor([1., 2., 3.])), F.linear(x.requires_grad_(), torch.tensor([1., 2., 3.])).grad_fn.name()",
		"y = F.linear(torch.randn(6, 4, 2, 3, requires_grad=True), w, b.double())\ny.dtype, y.grad_fn.name()",
		"y = F.linear(torch.randn(3), w.requires_grad_(), b.double())\ny.dtype, y.grad_fn.name()",
		"F.linear(x.requires_grad_(), w, b.double())",
		"F.linear(x.requires_grad_(), torch.randn(5, 4), b)",
		"F.linear(torch.randn(4, 2, 3, requires_grad=True), w.double())",
	})
}

// TestElementwiseRefusesSequencesMatchesTorch checks that the element-wise
// binary functions and methods refuse a list or tuple as a tensor operand
// with PyTorch 1.13's TypeError (a number or a tensor is what they take),
// while numbers, tensors, and the functions that do take sequences
// (construction, indices, concatenation) keep working.
func TestElementwiseRefusesSequencesMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nt = torch.tensor([1., 2.])\ni = torch.tensor([3, 4])\n", []string{
		"torch.add(t, [1, 2])",
		"t.add([1, 2])",
		"t.clone().add_((1, 2))",
		"torch.sub(t, [1, 2])",
		"t.sub([1, 2])",
		"t.clone().sub_((1, 2))",
		"torch.mul(t, [1, 2])",
		"t.mul([1, 2])",
		"t.clone().mul_((1, 2))",
		"torch.div(t, [1, 2])",
		"t.div([1, 2])",
		"t.clone().div_((1, 2))",
		"torch.maximum(t, [1, 2])",
		"t.maximum([1, 2])",
		"torch.minimum(t, [1, 2])",
		"t.minimum([1, 2])",
		"torch.logical_and(t, [1, 2])",
		"t.logical_and([1, 2])",
		"torch.logical_or(t, [1, 2])",
		"t.logical_or([1, 2])",
		"torch.logical_xor(t, [1, 2])",
		"t.logical_xor([1, 2])",
		"torch.atan2(t, [1, 2])",
		"t.atan2([1, 2])",
		"t.clone().atan2_((1, 2))",
		"torch.hypot(t, [1, 2])",
		"t.hypot([1, 2])",
		"t.clone().hypot_((1, 2))",
		"torch.fmax(t, [1, 2])",
		"t.fmax([1, 2])",
		"torch.fmin(t, [1, 2])",
		"t.fmin([1, 2])",
		"torch.logaddexp(t, [1, 2])",
		"t.logaddexp([1, 2])",
		"torch.logaddexp2(t, [1, 2])",
		"t.logaddexp2([1, 2])",
		"torch.nextafter(t, [1, 2])",
		"t.nextafter([1, 2])",
		"t.clone().nextafter_((1, 2))",
		"torch.heaviside(t, [1, 2])",
		"t.heaviside([1, 2])",
		"t.clone().heaviside_((1, 2))",
		"torch.gcd(t, [1, 2])",
		"t.gcd([1, 2])",
		"t.clone().gcd_((1, 2))",
		"torch.lcm(t, [1, 2])",
		"t.lcm([1, 2])",
		"t.clone().lcm_((1, 2))",
		"torch.igamma(t, [1, 2])",
		"t.igamma([1, 2])",
		"t.clone().igamma_((1, 2))",
		"torch.igammac(t, [1, 2])",
		"t.igammac([1, 2])",
		"t.clone().igammac_((1, 2))",
		"torch.add([1, 2], t)",
		"torch.add(t, other=[1, 2])",
		"t.add(other=(1, 2))",
		"torch.add(t, t, alpha=[1])",
		"torch.mul(input=[1, 2], other=t)",
		"torch.sub(t, [1, 2], alpha=2)",
		"torch.add(t, 2), torch.add(2, t), torch.add(2, 3), t.add(t, alpha=2), torch.mul(t, True), t.sub_(1), torch.maximum(t, torch.tensor(1.5))",
		"torch.tensor([1, 2]), torch.as_tensor((1, 2)), t.new_tensor([3, 4]), torch.cat([t, t]), torch.stack((t, t)), t.index_select(0, torch.tensor([1, 0]))",
		"torch.where(t > 1, t, 0.), t[[1, 0]], torch.zeros([2, 3]).shape, t.view([2, 1]).shape, t.expand((3, 2)).shape",
		"torch.gcd(i, [1, 2])",
	})
	// The functions with a Number overload refuse a list with a message
	// that lists PyTorch's overloads; the class is what matches.
	var srcs []string
	for _, src := range []string{
		"torch.div(t, [1, 2], rounding_mode='floor')",
		"torch.divide(t, [1, 2])",
		"t.divide([1, 2])",
		"t.clone().divide_((1, 2))",
		"torch.true_divide(t, [1, 2])",
		"t.true_divide([1, 2])",
		"t.clone().true_divide_((1, 2))",
		"torch.floor_divide(t, [1, 2])",
		"t.floor_divide([1, 2])",
		"t.clone().floor_divide_((1, 2))",
		"torch.remainder(t, [1, 2])",
		"t.remainder([1, 2])",
		"t.clone().remainder_((1, 2))",
		"t.pow([1, 2])",
		"t.clone().pow_((1, 2))",
		"torch.eq(t, [1, 2])",
		"t.eq([1, 2])",
		"torch.ne(t, [1, 2])",
		"t.ne([1, 2])",
		"torch.lt(t, [1, 2])",
		"t.lt([1, 2])",
		"torch.le(t, [1, 2])",
		"t.le([1, 2])",
		"torch.gt(t, [1, 2])",
		"t.gt([1, 2])",
		"torch.ge(t, [1, 2])",
		"t.ge([1, 2])",
		"torch.bitwise_and(t, [1, 2])",
		"t.bitwise_and([1, 2])",
		"t.clone().bitwise_and_((1, 2))",
		"torch.bitwise_or(t, [1, 2])",
		"t.bitwise_or([1, 2])",
		"t.clone().bitwise_or_((1, 2))",
		"torch.bitwise_xor(t, [1, 2])",
		"t.bitwise_xor([1, 2])",
		"t.clone().bitwise_xor_((1, 2))",
		"torch.bitwise_left_shift(t, [1, 2])",
		"t.bitwise_left_shift([1, 2])",
		"t.clone().bitwise_left_shift_((1, 2))",
		"torch.bitwise_right_shift(t, [1, 2])",
		"t.bitwise_right_shift([1, 2])",
		"t.clone().bitwise_right_shift_((1, 2))",
		"torch.copysign(t, [1, 2])",
		"t.copysign([1, 2])",
		"t.clone().copysign_((1, 2))",
		"torch.fmod(t, [1, 2])",
		"t.fmod([1, 2])",
		"t.clone().fmod_((1, 2))",
		"torch.xlogy(t, [1, 2])",
		"t.xlogy([1, 2])",
		"t.clone().xlogy_((1, 2))",
	} {
		srcs = append(srcs, "try:\n    "+src+"\n    r = 'accepted'\nexcept TypeError as e:\n    r = 'TypeError'\nr")
	}
	langtest.CheckMatchesTorch(t, "import torch\nt = torch.tensor([1., 2.])\n", srcs)
}
