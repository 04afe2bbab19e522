package lang

import (
	"testing"
)

func TestBuiltinsElementwise(t *testing.T) {
	runCells(t, []cell{
		{"x = tensor([1., 2.])\nadd(x, 1), x.add(x), torch.add(x, 1, alpha=2)", "(tensor([2., 3.], dtype=float32), tensor([2., 4.], dtype=float32), tensor([3., 4.], dtype=float32))"},
		{"x = tensor([1, 2])\nx.sub(1), sub(x, x, alpha=2)", "(tensor([0, 1], dtype=int64), tensor([-1, -2], dtype=int64))"},
		{"x = tensor([1, 2])\nmul(x, 2.5), x.div(2), true_divide(x, 2)", "(tensor([2.5000, 5.0000], dtype=float32), tensor([0.5000, 1.0000], dtype=float32), tensor([0.5000, 1.0000], dtype=float32))"},
		{"x = tensor([7, -7])\nfloor_divide(x, 2), x.remainder(3)", "(tensor([ 3, -4], dtype=int64), tensor([1, 2], dtype=int64))"},
		{"x = tensor([1., 5.])\nmaximum(x, tensor([3., 3.])), x.minimum(tensor(3.))", "(tensor([3., 5.], dtype=float32), tensor([1., 3.], dtype=float32))"},
		{"x = tensor([1, 2, 3])\neq(x, 2), x.ne(2), x.lt(2), le(x, 2), x.gt(2), ge(x, 2)",
			"(tensor([False,  True, False], dtype=bool), tensor([ True, False,  True], dtype=bool), tensor([ True, False, False], dtype=bool), tensor([ True,  True, False], dtype=bool), tensor([False, False,  True], dtype=bool), tensor([False,  True,  True], dtype=bool))"},
		{"a = tensor([True, False])\nb = tensor([True, True])\nlogical_and(a, b), a.logical_or(b), logical_xor(a, b), a.logical_not()",
			"(tensor([ True, False], dtype=bool), tensor([True, True], dtype=bool), tensor([False,  True], dtype=bool), tensor([False,  True], dtype=bool))"},
		{"x = tensor([6, 3])\nbitwise_and(x, 3), x.bitwise_or(1), bitwise_xor(x, x), x.bitwise_not()",
			"(tensor([2, 3], dtype=int64), tensor([7, 3], dtype=int64), tensor([0, 0], dtype=int64), tensor([-7, -4], dtype=int64))"},
		{"bitwise_and(tensor([1.]), 1)", "~TypeError: bitwise_and is only supported for integer and bool tensors"},
		{"x = tensor([1, -2])\nneg(x), x.abs(), abs(x), x.sign()", "(tensor([-1,  2], dtype=int64), tensor([1, 2], dtype=int64), tensor([1, 2], dtype=int64), tensor([ 1, -1], dtype=int64))"},
		{"x = tensor([0., 1.])\nexp(x), x.log(), sqrt(tensor([4])), x.sin(), cos(x).dtype", "(tensor([1.0000, 2.7183], dtype=float32), tensor([-inf,   0.], dtype=float32), tensor([2.], dtype=float32), tensor([0.0000, 0.8415], dtype=float32), float32)"},
		{"x = tensor([-1., 0., 2.])\nrelu(x), x.sigmoid(), tanh(x)", "(tensor([0., 0., 2.], dtype=float32), tensor([0.2689, 0.5000, 0.8808], dtype=float32), tensor([-0.7616,  0.0000,  0.9640], dtype=float32))"},
		{"x = tensor([-1.5, 2.5])\nfloor(x), x.ceil(), x.round(), round(x), round(tensor([1.234]), decimals=2)", "(tensor([-2.,  2.], dtype=float32), tensor([-1.,  3.], dtype=float32), tensor([-2.,  2.], dtype=float32), tensor([-2.,  2.], dtype=float32), tensor([1.2300], dtype=float32))"},
		{"x = tensor([1., 2.])\nx.pow(2), pow(x, tensor([3., 0.])), pow(2, x)", "(tensor([1., 4.], dtype=float32), tensor([1., 1.], dtype=float32), tensor([2., 4.], dtype=float32))"},
		{"x = tensor([-2., 0.5, 3.])\nclamp(x, -1, 1), x.clamp(min=0), x.clamp(max=0.)", "(tensor([-1.0000,  0.5000,  1.0000], dtype=float32), tensor([0.0000, 0.5000, 3.0000], dtype=float32), tensor([-2.,  0.,  0.], dtype=float32))"},
		{"tensor([1, 5]).clamp(2, 3), tensor([1, 5]).clamp(min=1.5).dtype", "(tensor([2, 3], dtype=int64), float32)"},
		{"tensor([1.]).clamp()", "RuntimeError: clamp: At least one of 'min' or 'max' must not be None"},
		{"exp(1.0)", "TypeError: exp(): argument 'input' must be Tensor, not float"},
		{"exp([1.0])", "TypeError: exp(): argument 'input' must be Tensor, not list"},
		{"add(tensor([1, 2]), tensor([1, 2, 3]))", "~ValueError: The size of tensor a (2) must match the size of tensor b (3)"},
		{"add(tensor([1.]), 'a')", "TypeError: add(): argument 'other' must be Tensor or number, not str"},
		{"tensor([True]).neg()", "~TypeError: Negation, the `-` operator, on a bool tensor is not supported"},
	})
}

func TestBuiltinsInPlace(t *testing.T) {
	runCells(t, []cell{
		{"x = tensor([1., 2.])\ny = x\nx.add_(1)\ny", "tensor([2., 3.], dtype=float32)"},
		{"x = tensor([1., 2.])\nx.add_(tensor([1., 1.]), alpha=-2).sub_(1).mul_(2).div_(4)", "tensor([-1.0000, -0.5000], dtype=float32)"},
		{"x = tensor([1, 2])\nx.div_(2)", "~TypeError: result type float32 can't be cast to the desired output type int64"},
		{"x = tensor([1., 2.])\nv = x[0:1]\nv.fill_(7)\nx", "tensor([7., 2.], dtype=float32)"},
		{"x = tensor([1, 2])\nx.zero_()\nx", "tensor([0, 0], dtype=int64)"},
		{"x = tensor([1., 2.])\nx.fill_(tensor(3))", "tensor([3., 3.], dtype=float32)"},
		{"x = tensor([1., 2.])\nx.fill_(tensor([3.]))", "~RuntimeError: fill_ only supports 0-dimension value tensor"},
		{"x = zeros(2, 2)\nx.copy_(tensor([1, 2]))\nx", "tensor([[1., 2.],\n        [1., 2.]], dtype=float32)"},
		{"x = tensor([-3., 0.5, 3.])\nx.clamp_(-1, 1)\nx", "tensor([-1.0000,  0.5000,  1.0000], dtype=float32)"},
		{"x = tensor([1, 5])\nx.clamp_(0, 2.5)", "~TypeError: result type float32 can't be cast"},
		{"w = ones(2, requires_grad=True)\nw.add_(1)", "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation."},
		{"w = ones(2, requires_grad=True)\nw.zero_()", "RuntimeError: a leaf Variable that requires grad is being used in an in-place operation."},
		{"w = ones(2, requires_grad=True)\nwith no_grad():\n    w.sub_(0.5)\n    w.clamp_(max=0.25)\nw, w.requires_grad", "(tensor([0.2500, 0.2500], dtype=float32), True)"},
		{"w = ones(2, requires_grad=True)\ny = w * 2\ny.fill_(1)", "~RuntimeError: fill_ cannot be recorded by autograd"},
		{"w = ones(2, requires_grad=True)\nz = zeros(2)\nz.copy_(w * 2)", "~RuntimeError: copy_ cannot be recorded by autograd"},
	})
}

func TestBuiltinsReductions(t *testing.T) {
	runCells(t, []cell{
		{"x = tensor([[1., 2.], [3., 4.]])\nx.sum(), x.sum(0), x.sum(dim=1, keepdim=True).shape, sum(x, (0, 1))", "(tensor(10., dtype=float32), tensor([4., 6.], dtype=float32), torch.Size([2, 1]), tensor(10., dtype=float32))"},
		{"torch.sum(tensor([True, True])), tensor([1, 2]).sum(dtype=float64)", "(tensor(2, dtype=int64), tensor(3., dtype=float64))"},
		{"x = tensor([[1., 2.], [3., 4.]])\nmean(x), x.mean(1), x.prod(), prod(x, 0)", "(tensor(2.5000, dtype=float32), tensor([1.5000, 3.5000], dtype=float32), tensor(24., dtype=float32), tensor([3., 8.], dtype=float32))"},
		{"tensor([1, 2]).mean()", "TypeError: mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Long"},
		{"tensor([1, 2]).mean(dtype=float32)", "tensor(1.5000, dtype=float32)"},
		{"x = tensor([[1., 5.], [3., 4.]])\nx.max(), max(x), x.min(), x.amax(0), amin(x, dim=1)", "(tensor(5., dtype=float32), tensor(5., dtype=float32), tensor(1., dtype=float32), tensor([3., 5.], dtype=float32), tensor([1., 3.], dtype=float32))"},
		{"x = tensor([[1., 5.], [3., 4.]])\nx.max(1), min(x, dim=0)", "((tensor([5., 4.], dtype=float32), tensor([1, 1], dtype=int64)), (tensor([1., 4.], dtype=float32), tensor([0, 1], dtype=int64)))"},
		{"x = tensor([[1., 5.], [3., 4.]])\nvalues, indices = torch.max(x, 1, keepdim=True)\nvalues.shape, indices.shape", "(torch.Size([2, 1]), torch.Size([2, 1]))"},
		{"x = tensor([1., 5.])\nmax(x, tensor([2., 2.])), x.min(tensor(3.))", "(tensor([2., 5.], dtype=float32), tensor([1., 3.], dtype=float32))"},
		{"x = tensor([[1., 5.], [3., 4.]])\nx.argmax(), argmin(x), x.argmax(dim=0), x.argmax(keepdim=True).shape", "(tensor(1, dtype=int64), tensor(0, dtype=int64), tensor([1, 0], dtype=int64), torch.Size([1, 1]))"},
		{"x = tensor([1., 2., 3., 4.])\nx.var(), var(x, unbiased=False), x.std(correction=0), x.var(False)", "(tensor(1.6667, dtype=float32), tensor(1.2500, dtype=float32), tensor(1.1180, dtype=float32), tensor(1.2500, dtype=float32))"},
		{"tensor([[1., 2.], [3., 5.]]).std(1, keepdim=True)", "tensor([[0.7071],\n        [1.4142]], dtype=float32)"},
		{"x = tensor([True, False])\nx.all(), x.any(), all(x), any(tensor([[0, 1]]), dim=1)", "(tensor(False, dtype=bool), tensor(True, dtype=bool), tensor(False, dtype=bool), tensor([True], dtype=bool))"},
		{"x = tensor([1, 2, 3])\ncumsum(x, 0), x.cumsum(dim=0, dtype=float32)", "(tensor([1, 3, 6], dtype=int64), tensor([1., 3., 6.], dtype=float32))"},
		{"logsumexp(tensor([0., 0.]), 0), tensor([[1000., 1000.]]).logsumexp(dim=1)", "(tensor(0.6931, dtype=float32), tensor([1000.6932], dtype=float32))"},
		{"x = tensor([3., -4.])\nx.norm(), norm(x, 1), x.norm(p=math.inf), x.norm(p='fro')", "(tensor(5., dtype=float32), tensor(7., dtype=float32), tensor(4., dtype=float32), tensor(5., dtype=float32))"},
		{"tensor([1.]).norm(p='nuc')", "ValueError: norm(): unsupported norm type 'nuc'"},
		{"tensor([1.]).sum(dim='a')", "TypeError: sum(): argument 'dim' must be int or tuple of ints, not str"},
		{"tensor([1.]).sum(5)", "~IndexError"},
	})
}

func TestBuiltinsLinalgNN(t *testing.T) {
	runCells(t, []cell{
		{"a = tensor([[1., 2.], [3., 4.]])\nb = tensor([1., 1.])\nmatmul(a, b), a.matmul(a), mm(a, a), dot(b, b), outer(b, b)",
			"(tensor([3., 7.], dtype=float32), tensor([[ 7., 10.],\n        [15., 22.]], dtype=float32), tensor([[ 7., 10.],\n        [15., 22.]], dtype=float32), tensor(2., dtype=float32), tensor([[1., 1.],\n        [1., 1.]], dtype=float32))"},
		{"bmm(ones(2, 1, 3), ones(2, 3, 1)).shape", "torch.Size([2, 1, 1])"},
		{"mm(ones(2, 3), ones(2, 3))", "~RuntimeError"},
		{"x = tensor([[1., 2., 3.]])\nsoftmax(x, dim=1), x.softmax(-1).sum(), F.log_softmax(x, 1).exp().sum()", "(tensor([[0.0900, 0.2447, 0.6652]], dtype=float32), tensor(1., dtype=float32), tensor(1., dtype=float32))"},
		{"softmax(tensor([[1., 2.]]))", "~TypeError: softmax() missing required argument 'dim'"},
		{"F.cross_entropy(zeros(2, 4), tensor([0, 3])), F.cross_entropy(zeros(2, 4), tensor([0, 3]), reduction='none')",
			"(tensor(1.3863, dtype=float32), tensor([1.3863, 1.3863], dtype=float32))"},
		{"F.cross_entropy(zeros(2, 4), tensor([0, -100]), reduction='sum'), F.nll_loss(tensor([[-1., -2.]]), tensor([1]))", "(tensor(1.3863, dtype=float32), tensor(2., dtype=float32))"},
		{"F.cross_entropy(zeros(2, 4), tensor([0., 1.]))", "~TypeError"},
		{"F.mse_loss(tensor([1., 3.]), tensor([0., 1.])), F.mse_loss(tensor([1., 3.]), 0., reduction='sum')", "(tensor(2.5000, dtype=float32), tensor(10., dtype=float32))"},
		{"x = tensor([-1., 0., 1.])\nF.gelu(x), F.gelu(x, approximate='tanh'), F.silu(x), F.relu(x), torch.sigmoid(x)",
			"(tensor([-0.1587,  0.0000,  0.8413], dtype=float32), tensor([-0.1588,  0.0000,  0.8412], dtype=float32), tensor([-0.2689,  0.0000,  0.7311], dtype=float32), tensor([0., 0., 1.], dtype=float32), tensor([0.2689, 0.5000, 0.7311], dtype=float32))"},
		{"F.layer_norm(tensor([[1., 3.]]), (2,)), F.layer_norm(tensor([[1., 3.]]), [2], weight=tensor([2., 2.]), bias=tensor([1., 1.]))",
			"(tensor([[-1.0000,  1.0000]], dtype=float32), tensor([[-1.0000,  3.0000]], dtype=float32))"},
		{"F.linear(tensor([[1., 2.]]), tensor([[1., 0.], [0., 1.], [1., 1.]]), tensor([0., 0., 10.]))", "tensor([[ 1.,  2., 13.]], dtype=float32)"},
		{"F.embedding(tensor([2, 0]), tensor([[0., 1.], [2., 3.], [4., 5.]]))", "tensor([[4., 5.],\n        [0., 1.]], dtype=float32)"},
		{"F.embedding(tensor([3]), zeros(3, 2))", "IndexError: index out of range in self"},
		{"x = ones(1000)\nF.dropout(x, 0.5, training=False) is x, F.dropout(x, p=0.0) is x", "(True, True)"},
		{"y = F.dropout(ones(1000), 0.5)\nbool(((y == 0) | (y == 2)).all()), 300 < int((y == 0).sum()) < 700", "(True, True)"},
		{"F.dropout(ones(2), 1.5)", "~ValueError: dropout probability has to be between 0 and 1"},
		{"torch.nn.functional.softmax(tensor([0., 0.]), dim=0)", "tensor([0.5000, 0.5000], dtype=float32)"},
	})
}

func TestBuiltinsJoiningIndexing(t *testing.T) {
	runCells(t, []cell{
		{"x = tensor([[1, 2], [3, 4]])\ntril(x), x.triu(1), torch.tril(x, diagonal=-1)",
			"(tensor([[1, 0],\n        [3, 4]], dtype=int64), tensor([[0, 2],\n        [0, 0]], dtype=int64), tensor([[0, 0],\n        [3, 0]], dtype=int64))"},
		{"x = tensor([1., 2., 3.])\nx.masked_fill(x > 1, 0), masked_fill(x, x < 2, -math.inf)", "(tensor([1., 0., 0.], dtype=float32), tensor([-inf,   2.,   3.], dtype=float32))"},
		{"tensor([1., 2.]).masked_fill(tensor([1, 0]), 0)", "~TypeError: masked_fill_ only supports boolean masks"},
		{"x = tensor([1., -2.])\nwhere(x > 0, x, 0), torch.where(x > 0, 1, 0)", "(tensor([1., 0.], dtype=float32), tensor([1, 0], dtype=int64))"},
		{"where(tensor([1, 0]), 1, 0)", "~TypeError: where expected condition to be a boolean tensor"},
		{"a = tensor([[1, 2]])\ncat([a, a]), cat((a, a), dim=1), torch.cat([a, tensor([[1.5, 2.5]])]).dtype",
			"(tensor([[1, 2],\n        [1, 2]], dtype=int64), tensor([[1, 2, 1, 2]], dtype=int64), float32)"},
		{"a = tensor([1, 2])\nstack([a, a]), stack([a, a], dim=1).shape", "(tensor([[1, 2],\n        [1, 2]], dtype=int64), torch.Size([2, 2]))"},
		{"cat(tensor([1]))", "TypeError: cat(): argument 'tensors' must be a list or tuple of Tensors, not Tensor"},
		{"cat([tensor([1]), 2])", "TypeError: cat(): expected a Tensor as element 1 in argument 'tensors', but got int"},
		{"x = arange(5)\nx.split(2), split(x, [1, 4]), x.chunk(2)",
			"((tensor([0, 1], dtype=int64), tensor([2, 3], dtype=int64), tensor([4], dtype=int64)), (tensor([0], dtype=int64), tensor([1, 2, 3, 4], dtype=int64)), (tensor([0, 1, 2], dtype=int64), tensor([3, 4], dtype=int64)))"},
		{"x = arange(4)\na, b = x.chunk(2)\na[0] = 9\nx", "tensor([9, 1, 2, 3], dtype=int64)"},
		{"x = tensor([[1, 2], [3, 4]])\nflip(x, 0), x.flip((0, 1))", "(tensor([[3, 4],\n        [1, 2]], dtype=int64), tensor([[4, 3],\n        [2, 1]], dtype=int64))"},
		{"x = tensor([[1, 2], [3, 4]])\ngather(x, 1, tensor([[1], [0]])), x.index_select(0, tensor([1, 1]))",
			"(tensor([[2],\n        [3]], dtype=int64), tensor([[3, 4],\n        [3, 4]], dtype=int64))"},
		{"tensor([1, 2]).index_select(0, [1])", "tensor([2], dtype=int64)"},
	})
}

func TestBuiltinsViews(t *testing.T) {
	runCells(t, []cell{
		{"x = arange(6)\nv = x.view(2, 3)\nv[0, 0] = 9\nx[0], v.shape, x.view((3, 2)).shape, x.view(-1, 2).shape", "(tensor(9, dtype=int64), torch.Size([2, 3]), torch.Size([3, 2]), torch.Size([3, 2]))"},
		{"arange(6).view(2, 3).t().view(6)", "~RuntimeError"},
		{"x = arange(6)\nx.reshape(2, 3).shape, reshape(x, (3, 2)).shape, x.reshape([6, 1]).shape", "(torch.Size([2, 3]), torch.Size([3, 2]), torch.Size([6, 1]))"},
		{"x = zeros(2, 3, 4)\nx.flatten().shape, flatten(x, 1).shape, x.flatten(0, 1).shape, x.flatten(start_dim=-2).shape, tensor(1).flatten().shape", "(torch.Size([24]), torch.Size([2, 12]), torch.Size([6, 4]), torch.Size([2, 12]), torch.Size([1]))"},
		{"zeros(2, 3).flatten(1, 0)", "RuntimeError: flatten() has invalid args: start_dim cannot come after end_dim"},
		{"zeros(2, 3).flatten(5)", "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 5)"},
		{"x = zeros(1, 2, 1)\nx.squeeze().shape, squeeze(x, 0).shape, x.squeeze((0, 2)).shape, x.unsqueeze(0).shape, unsqueeze(x, -1).shape", "(torch.Size([2]), torch.Size([2, 1]), torch.Size([2]), torch.Size([1, 1, 2, 1]), torch.Size([1, 2, 1, 1]))"},
		{"x = zeros(2, 3, 4)\nx.permute(2, 0, 1).shape, permute(x, (1, 0, 2)).shape, x.transpose(0, 2).shape, transpose(x, 1, 2).shape", "(torch.Size([4, 2, 3]), torch.Size([3, 2, 4]), torch.Size([4, 3, 2]), torch.Size([2, 4, 3]))"},
		{"x = tensor([[1, 2], [3, 4]])\nx.t(), t(x).contiguous().tolist(), x.T.tolist()", "(tensor([[1, 3],\n        [2, 4]], dtype=int64), [[1, 3], [2, 4]], [[1, 3], [2, 4]])"},
		{"zeros(2, 2, 2).t()", "RuntimeError: t() expects a tensor with <= 2 dimensions, but self is 3D"},
		{"x = tensor([[1], [2]])\nx.expand(2, 3), x.expand(-1, 2).shape, broadcast_to(x, (2, 2)).shape, x.broadcast_to([3, 2, 2]).shape",
			"(tensor([[1, 1, 1],\n        [2, 2, 2]], dtype=int64), torch.Size([2, 2]), torch.Size([2, 2]), torch.Size([3, 2, 2]))"},
		{"x = arange(5)\nx.narrow(0, 1, 2), narrow(x, 0, 3, 2)", "(tensor([1, 2], dtype=int64), tensor([3, 4], dtype=int64))"},
		{"x = tensor([1, 2])\nc = x.clone()\nc[0] = 5\nd = torch.clone(x)\nx, c, x.contiguous() is x", "(tensor([1, 2], dtype=int64), tensor([5, 2], dtype=int64), True)"},
		{"w = ones(2, requires_grad=True)\nd = (w * 2).detach()\nd.requires_grad, torch.detach(w).requires_grad, w.detach().is_leaf", "(False, False, True)"},
	})
}
