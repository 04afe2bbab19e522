package lang

import (
	"testing"
)

func TestBuiltinsReductions(t *testing.T) {
	runCells(t, []cell{
		{"x = tensor([[1., 2.], [3., 4.]])\nx.sum(), x.sum(0), x.sum(dim=1, keepdim=True).shape, sum(x, dim=(0, 1)), torch.sum(x, (0, 1))", "(tensor(10.), tensor([4., 6.]), torch.Size([2, 1]), tensor(10.), tensor(10.))"},
		// Python's sum, max, min, all and any iterate over a tensor's rows, as
		// under PyTorch; a keyword only torch's form has (dim=) selects it.
		{"x = tensor([[1., 2.], [3., 4.]])\nsum(x), sum(x, 1), sum(tensor([1, 2, 3])), torch.sum(x)", "(tensor([4., 6.]), tensor([5., 7.]), tensor(6), tensor(10.))"},
		{"sum(tensor([[1., 2.], [3., 4.]]), (0, 1))", "TypeError: can only concatenate tuple (not \"Tensor\") to tuple"},
		{"sum(tensor(3.))", "TypeError: iteration over a 0-d tensor"},
		{"torch.sum(tensor([True, True])), tensor([1, 2]).sum(dtype=float64)", "(tensor(2), tensor(3., dtype=torch.float64))"},
		{"x = tensor([[1., 2.], [3., 4.]])\nmean(x), x.mean(1), x.prod(), prod(x, 0)", "(tensor(2.5000), tensor([1.5000, 3.5000]), tensor(24.), tensor([3., 8.]))"},
		{"tensor([1, 2]).mean()", "TypeError: mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: int64"},
		{"tensor([1, 2]).mean(dtype=float32)", "tensor(1.5000)"},
		{"x = tensor([[1., 5.], [3., 4.]])\nx.max(), torch.max(x), x.min(), x.amax(0), amin(x, dim=1)", "(tensor(5.), tensor(5.), tensor(1.), tensor([3., 5.]), tensor([1., 3.]))"},
		{"x = tensor([[1., 5.], [3., 4.]])\nmax(x)", "RuntimeError: Boolean value of Tensor with more than one value is ambiguous"},
		{"x = tensor([1., 5., 3.])\nmax(x), min(x), max(x, key=lambda v: -v), max(tensor([[2.]]))", "(tensor(5.), tensor(1.), tensor(1.), tensor([2.]))"},
		{"x = tensor([[1., 5.], [3., 4.]])\nx.max(1), min(x, dim=0)", "(torch.return_types.max(\nvalues=tensor([5., 4.]),\nindices=tensor([1, 1])), torch.return_types.min(\nvalues=tensor([1., 4.]),\nindices=tensor([0, 1])))"},
		{"x = tensor([[1., 5.], [3., 4.]])\nvalues, indices = torch.max(x, 1, keepdim=True)\nvalues.shape, indices.shape", "(torch.Size([2, 1]), torch.Size([2, 1]))"},
		{"x = tensor([1., 5.])\ntorch.max(x, tensor([2., 2.])), x.min(tensor(3.))", "(tensor([2., 5.]), tensor([1., 3.]))"},
		{"max(tensor([1., 5.]), tensor([2., 2.]))", "RuntimeError: Boolean value of Tensor with more than one value is ambiguous"},
		{"x = tensor([[1., 5.], [3., 4.]])\nx.argmax(), argmin(x), x.argmax(dim=0), x.argmax(keepdim=True).shape", "(tensor(1), tensor(0), tensor([1, 0]), torch.Size([1, 1]))"},
		{"x = tensor([1., 2., 3., 4.])\nx.var(), var(x, unbiased=False), x.std(correction=0), x.var(False)", "(tensor(1.6667), tensor(1.2500), tensor(1.1180), tensor(1.2500))"},
		{"tensor([[1., 2.], [3., 5.]]).std(1, keepdim=True)", "tensor([[0.7071],\n        [1.4142]])"},
		{"x = tensor([True, False])\nx.all(), x.any(), all(x), torch.all(x), any(tensor([[0, 1]]), dim=1)", "(tensor(False), tensor(True), False, tensor(False), tensor([True]))"},
		{"any(tensor([[0, 1]]))", "RuntimeError: Boolean value of Tensor with more than one value is ambiguous"},
		{"x = tensor([1, 2, 3])\ncumsum(x, 0), x.cumsum(dim=0, dtype=float32)", "(tensor([1, 3, 6]), tensor([1., 3., 6.]))"},
		{"logsumexp(tensor([0., 0.]), 0), tensor([[1000., 1000.]]).logsumexp(dim=1)", "(tensor(0.6931), tensor([1000.6932]))"},
		{"x = tensor([3., -4.])\nx.norm(), norm(x, 1), x.norm(p=math.inf), x.norm(p='fro')", "(tensor(5.), tensor(7.), tensor(4.), tensor(5.))"},
		{"tensor([1.]).norm(p='nuc')", "ValueError: norm(): unsupported norm type 'nuc'"},
		{"tensor([1.]).sum(dim='a')", "TypeError: sum(): argument 'dim' must be int or tuple of ints, not str"},
		{"tensor([1.]).sum(5)", "~IndexError"},
	})
}
