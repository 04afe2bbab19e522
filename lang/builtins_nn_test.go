package lang

import (
	"testing"
)

func TestBuiltinsNN(t *testing.T) {
	runCells(t, []cell{
		{"x = tensor([[1., 2., 3.]])\nsoftmax(x, dim=1), x.softmax(-1).sum(), F.log_softmax(x, 1).exp().sum()", "(tensor([[0.0900, 0.2447, 0.6652]]), tensor(1.), tensor(1.))"},
		{"softmax(tensor([[1., 2.]]))", "~TypeError: softmax() missing required argument 'dim'"},
		{"F.cross_entropy(zeros(2, 4), tensor([0, 3])), F.cross_entropy(zeros(2, 4), tensor([0, 3]), reduction='none')",
			"(tensor(1.3863), tensor([1.3863, 1.3863]))"},
		{"F.cross_entropy(zeros(2, 4), tensor([0, -100]), reduction='sum'), F.nll_loss(tensor([[-1., -2.]]), tensor([1]))", "(tensor(1.3863), tensor(2.))"},
		{"F.cross_entropy(zeros(2, 4), tensor([0., 1.]))", "~TypeError"},
		{"F.mse_loss(tensor([1., 3.]), tensor([0., 1.])), F.mse_loss(tensor([1., 3.]), 0., reduction='sum')", "(tensor(2.5000), tensor(10.))"},
		{"x = tensor([-1., 0., 1.])\nF.gelu(x), F.gelu(x, approximate='tanh'), F.silu(x), F.relu(x), torch.sigmoid(x)",
			"(tensor([-0.1587,  0.0000,  0.8413]), tensor([-0.1588,  0.0000,  0.8412]), tensor([-0.2689,  0.0000,  0.7311]), tensor([0., 0., 1.]), tensor([0.2689, 0.5000, 0.7311]))"},
		{"F.layer_norm(tensor([[1., 3.]]), (2,)), F.layer_norm(tensor([[1., 3.]]), [2], weight=tensor([2., 2.]), bias=tensor([1., 1.]))",
			"(tensor([[-1.0000,  1.0000]]), tensor([[-1.0000,  3.0000]]))"},
		{"F.linear(tensor([[1., 2.]]), tensor([[1., 0.], [0., 1.], [1., 1.]]), tensor([0., 0., 10.]))", "tensor([[ 1.,  2., 13.]])"},
		{"F.embedding(tensor([2, 0]), tensor([[0., 1.], [2., 3.], [4., 5.]]))", "tensor([[4., 5.],\n        [0., 1.]])"},
		{"F.embedding(tensor([3]), zeros(3, 2))", "IndexError: index out of range in self"},
		{"x = ones(1000)\nF.dropout(x, 0.5, training=False) is x, F.dropout(x, p=0.0) is x", "(True, True)"},
		{"y = F.dropout(ones(1000), 0.5)\nbool(((y == 0) | (y == 2)).all()), 300 < int((y == 0).sum()) < 700", "(True, True)"},
		{"F.dropout(ones(2), 1.5)", "~ValueError: dropout probability has to be between 0 and 1"},
		{"torch.nn.functional.softmax(tensor([0., 0.]), dim=0)", "tensor([0.5000, 0.5000])"},
	})
}
