package lang

import (
	"testing"
)

func TestBuiltinsBackward(t *testing.T) {
	runCells(t, []cell{
		{"x = tensor([1., 2., 3.])\nw = tensor([0.5, -1., 2.], requires_grad=True)\n((x * w).sum()).backward()\nw.grad", "tensor([1., 2., 3.])"},
		{"x = tensor([1., 2.])\nw = tensor([3., 4.], requires_grad=True)\nloss = torch.sum(mul(x, w)) + w.pow(2).mean()\nloss.backward()\nw.grad", "tensor([4., 6.])"},
		{"w = tensor([1., 2.], requires_grad=True)\n(w * 2).sum().backward()\n(w * 2).sum().backward()\nw.grad", "tensor([4., 4.])"},
		{"w = tensor([1., 2.], requires_grad=True)\ny = w * 3\ny.backward(gradient=tensor([1., 0.]))\nw.grad", "tensor([3., 0.])"},
		{"w = tensor([1.5, -0.25], requires_grad=True)\ny = w.floor() + w.ceil() + round(w, decimals=1) + w.sign() + w\ny.sum().backward()\ny.requires_grad, w.grad", "(True, tensor([1., 1.]))"},
		{"w = tensor([1., 2.], requires_grad=True)\n(w * 3).backward()", "RuntimeError: grad can be implicitly created only for scalar outputs"},
		{"tensor([1.]).sum().backward()", "RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn"},
		{"w = tensor([3.], requires_grad=True)\n(w * w).sum().backward(create_graph=True)\nw.grad, w.grad.grad_fn.name()", "(tensor([6.], grad_fn=<CopyBackwards>), 'torch::autograd::CopyBackwards')"},
		{"w = tensor([3.], requires_grad=True)\n(w * 2).sum().backward(create_graph=True)\nw.grad, w.grad.requires_grad", "(tensor([2.]), False)"},
		{"w = tensor([1.], requires_grad=True)\ny = (w * 2).sum()\ny.backward(retain_graph=True)\ny.backward()\nw.grad", "tensor([4.])"},
		{"w = zeros(2)\nw.requires_grad_()\nw.requires_grad, w.requires_grad_(False).requires_grad", "(True, False)"},
		{"tensor([1]).requires_grad_()", "RuntimeError: only Tensors of floating point dtype can require gradients"},
		{"w = tensor([1.], requires_grad=True)\n(w * 2).requires_grad_(False)", "RuntimeError: you can only change requires_grad flags of leaf variables"},
		{"w = tensor([1., 2.], requires_grad=True)\n(w * 2).sum().grad_fn.name(), (w * 2).sum(0).grad_fn.name(), w.mean().grad_fn.name(), F.softmax(w, 0).grad_fn.name()",
			"('SumBackward0', 'SumBackward1', 'MeanBackward0', 'SoftmaxBackward0')"},
		{"m = zeros(3, requires_grad=True)\nnormal(m, 0.5).sum().backward()\nm.grad", "tensor([0., 0., 0.])"},
		{"s = ones(2, requires_grad=True)\ny = normal(0.0, s)\ny.sum().backward()\ny.grad_fn.name(), s.grad", "('NormalBackward2', tensor([0., 0.]))"},
		{"w = tensor([1., 2.], requires_grad=True)\nprint((w > 1).requires_grad, w.argmax().requires_grad, (w * 2).detach().requires_grad)", "False False False\n"},
	})
}

// TestBuiltinsGradients checks the gradient each differentiable builtin
// sends back, in both its function and method spelling.
func TestBuiltinsGradients(t *testing.T) {
	grad := func(expr string) string {
		return "x = tensor([[1., -2.], [3., 0.5]], requires_grad=True)\n(" + expr + ").sum().backward()\nx.grad"
	}
	runCells(t, []cell{
		{grad("x.add(x, alpha=2)"), "tensor([[3., 3.],\n        [3., 3.]])"},
		{grad("x.sub(x * 3)"), "tensor([[-2., -2.],\n        [-2., -2.]])"},
		{grad("x.div(2)"), "tensor([[0.5000, 0.5000],\n        [0.5000, 0.5000]])"},
		{grad("x.pow(2)"), "tensor([[ 2., -4.],\n        [ 6.,  1.]])"},
		{grad("maximum(x, tensor(0.))"), "tensor([[1., 0.],\n        [1., 1.]])"},
		{grad("x.abs()"), "tensor([[ 1., -1.],\n        [ 1.,  1.]])"},
		{grad("x.exp() - exp(x)"), "tensor([[0., 0.],\n        [0., 0.]])"},
		{grad("relu(x)"), "tensor([[1., 0.],\n        [1., 1.]])"},
		{grad("x.clamp(-1, 1)"), "tensor([[1., 0.],\n        [0., 1.]])"},
		{grad("clamp(x, min=-2, max=3)"), "tensor([[1., 1.],\n        [1., 1.]])"},
		{grad("x.mean(0)"), "tensor([[0.5000, 0.5000],\n        [0.5000, 0.5000]])"},
		{grad("x.max(1)[0]"), "tensor([[1., 0.],\n        [1., 0.]])"},
		{grad("x.max()"), "tensor([[0., 0.],\n        [1., 0.]])"},
		{grad("x.prod(1)"), "tensor([[-2.0000,  1.0000],\n        [ 0.5000,  3.0000]])"},
		{grad("x.cumsum(1)"), "tensor([[2., 1.],\n        [2., 1.]])"},
		{grad("x.var(1, unbiased=False)"), "tensor([[ 1.5000, -1.5000],\n        [ 1.2500, -1.2500]])"},
		{grad("matmul(x, tensor([1., 2.]))"), "tensor([[1., 2.],\n        [1., 2.]])"},
		{grad("x.mm(eye(2)) * tensor([[1., 2.], [3., 4.]])"), "tensor([[1., 2.],\n        [3., 4.]])"},
		{grad("F.softmax(x, dim=1) * tensor([1., 0.])"), "~tensor([[ 0.0452, -0.0452]"},
		{grad("torch.where(x > 0, x * 2, 0)"), "tensor([[2., 0.],\n        [2., 2.]])"},
		{grad("x.masked_fill(x < 0, 0.)"), "tensor([[1., 0.],\n        [1., 1.]])"},
		{grad("cat([x, x * 2])"), "tensor([[3., 3.],\n        [3., 3.]])"},
		{grad("x.split(1)[1]"), "tensor([[0., 0.],\n        [1., 1.]])"},
		{grad("x.view(4)[1:].sum() + (x @ eye(2))[0].sum()"), "tensor([[1., 2.],\n        [1., 1.]])"},
		{grad("x.t() * tensor([[1., 0.], [0., 0.]])"), "tensor([[1., 0.],\n        [0., 0.]])"},
		{grad("x.flip(0) * tensor([[1., 0.], [0., 0.]])"), "tensor([[0., 0.],\n        [1., 0.]])"},
		{grad("x.gather(1, tensor([[0], [0]]))"), "tensor([[1., 0.],\n        [1., 0.]])"},
		{grad("x.to(float64)"), "tensor([[1., 1.],\n        [1., 1.]])"},
		{grad("F.linear(x, ones(3, 2))"), "tensor([[3., 3.],\n        [3., 3.]])"},
		{grad("x.tril()"), "tensor([[1., 0.],\n        [1., 1.]])"},
		{grad("x.norm()"), "~tensor([[ 0.2649, -0.5298]"},
		{"x = zeros(2, 3, requires_grad=True)\nF.cross_entropy(x, tensor([0, 2])).backward()\nx.grad",
			"tensor([[-0.3333,  0.1667,  0.1667],\n        [ 0.1667,  0.1667, -0.3333]])"},
		{"x = tensor([1., 2.], requires_grad=True)\nF.mse_loss(x, tensor([0., 0.])).backward()\nx.grad", "tensor([1., 2.])"},
		{"w = ones(3, 2, requires_grad=True)\nF.embedding(tensor([0, 0, 2]), w).sum().backward()\nw.grad", "tensor([[2., 2.],\n        [0., 0.],\n        [1., 1.]])"},
		{"x = tensor([1., 2.], requires_grad=True)\ny = x * 1\ny.add_(x)\ny.mul_(2)\ny.sum().backward()\nx.grad", "tensor([4., 4.])"},
	})
}

func TestBuiltinsOptimizers(t *testing.T) {
	runCells(t, []cell{
		{"w = tensor([1., 2.], requires_grad=True)\nopt = torch.optim.SGD([w], lr=0.1)\n(w * tensor([4., 6.])).sum().backward()\nopt.step()\nw", "tensor([0.6000, 1.4000], requires_grad=True)"},
		{"w = tensor([1.], requires_grad=True)\nopt = optim.SGD([w], lr=0.1, momentum=0.9)\nfor _ in range(2):\n    opt.zero_grad()\n    w.sum().backward()\n    opt.step()\nw", "tensor([0.7100], requires_grad=True)"},
		{"w = tensor([1.], requires_grad=True)\nopt = optim.SGD((w,), lr=0.5, weight_decay=1)\nw.sum().backward()\nopt.step()\nw", "tensor([0.], requires_grad=True)"},
		{"w = tensor([1., -1.], requires_grad=True)\nopt = optim.Adam([w], lr=0.1)\n(w * 3).sum().backward()\nopt.step()\nw", "tensor([ 0.9000, -1.1000], requires_grad=True)"},
		{"w = tensor([1.], requires_grad=True)\nopt = optim.Adam([w], betas=(0.5, 0.9), eps=1e-6, weight_decay=0.1)\nopt.param_groups[0]['betas'], opt.defaults['eps']", "((0.5, 0.9), 1e-06)"},
		{"w = tensor([1.], requires_grad=True)\nopt = optim.SGD([w], lr=1)\nw.sum().backward()\nopt.zero_grad()\nw.grad", "tensor([0.])"},
		{"w = tensor([1.], requires_grad=True)\nopt = optim.SGD([w], lr=1)\nw.sum().backward()\nopt.zero_grad(set_to_none=True)\nw.grad", ""},
		{"w = tensor([1.], requires_grad=True)\nopt = optim.SGD([w], lr=1)\nopt.step()\nw", "tensor([1.], requires_grad=True)"},
		{"w = tensor([1.], requires_grad=True)\nb = zeros(2, requires_grad=True)\nopt = optim.SGD([w, b], lr=1)\ntype(opt), len(opt.param_groups[0]['params'])", "(<class 'torch.optim.sgd.SGD'>, 2)"},
		{"w = tensor([1.], requires_grad=True)\noptim.SGD(w, lr=1)", "TypeError: params argument given to the optimizer should be an iterable of Tensors or dicts, but got torch.FloatTensor"},
		{"optim.SGD([tensor([1.], requires_grad=True) * 2], lr=1)", "ValueError: can't optimize a non-leaf Tensor"},
		{"optim.SGD([], lr=1)", "ValueError: optimizer got an empty parameter list"},
		{"w = tensor([1.], requires_grad=True)\noptim.SGD([w])", "ValueError: parameter group didn't specify a value of required optimization parameter lr"},
		{"w = tensor([1.], requires_grad=True)\noptim.SGD([w], lr=-1)", "ValueError: Invalid learning rate: -1"},
		{"w = tensor([1.], requires_grad=True)\noptim.Adam([w], betas=0.9)", "TypeError: the optimizer setting betas must be a pair of numbers, not 0.9"},
		{"w = tensor([1.], requires_grad=True)\noptim.SGD([w], lr=1).stepp()", "AttributeError: 'SGD' object has no attribute 'stepp'"},
		{"SGD", "~NameError"},
		{"w = tensor([2.], requires_grad=True)\nlr = 0.25\nfor _ in range(2):\n    loss = (w * w).sum()\n    loss.backward()\n    with no_grad():\n        w -= lr * w.grad\n        w.grad.zero_()\nw", "tensor([0.5000], requires_grad=True)"},
		{"w = tensor([2.], requires_grad=True)\n(w * w).sum().backward()\nw.data.add_(w.grad, alpha=-0.5)\nw", "tensor([0.], requires_grad=True)"},
	})
}

func TestBuiltinsShowGraph(t *testing.T) {
	runCells(t, []cell{
		{"w = tensor([1., 2.], requires_grad=True)\nshow_graph((w * 2 + w).mean())",
			"MeanBackward0\n└─ AddBackward0\n   ├─ MulBackward0\n   │  └─ AccumulateGrad (float32[2])\n   └─ AccumulateGrad (float32[2])\n"},
		{"show_graph(tensor([1.]))", "(no graph: the tensor does not require grad)\n"},
		{"show_graph(1)", "TypeError: show_graph(): argument 'tensor' must be Tensor, not int"},
	})
}
