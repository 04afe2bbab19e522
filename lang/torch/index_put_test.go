package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestIndexPutMatchesTorch compares index_put and index_put_ (stores and
// accumulation with repeated positions, bool masks, broadcast values,
// gradients and errors) with PyTorch 1.13.
func TestIndexPutMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\n", []string{
		"torch.zeros(3).index_put((torch.tensor([0, 0, 2]),), torch.tensor([1., 2., 3.]), accumulate=True).tolist(), torch.zeros(3).index_put((torch.tensor([0, 2]),), torch.tensor(5.)).tolist()",
		"torch.zeros(2, 2).index_put((torch.tensor([0, 1]), torch.tensor([1, 1])), torch.tensor([1., 2.]), True).tolist(), torch.zeros(3).index_put([torch.tensor([0, 0])], torch.tensor([1., 2.]), accumulate=True).tolist()",
		"torch.index_put(torch.zeros(3), (torch.tensor([1]),), torch.tensor([1.])).tolist(), torch.zeros(3).index_put((torch.tensor([True, False, True]),), torch.tensor(1.)).tolist()",
		"torch.zeros(3, 2).index_put((torch.tensor([0, 0, -1]),), torch.tensor([1., 2.]), accumulate=True).tolist(), torch.zeros(2, 3, dtype=torch.int64).index_put((torch.tensor([[True, False, True], [False, False, True]]),), torch.tensor([1, 2, 3]), accumulate=True).tolist()",
		"z = torch.zeros(3)\nr = z.index_put_((torch.tensor([1, 1]),), torch.tensor([4., 1.]), accumulate=True)\nr is z, z.tolist()",
		"z = torch.zeros(3)\nr = z.index_put_((torch.tensor([2]),), torch.tensor([4.]))\nr is z, z.tolist()",
		"x = torch.zeros(3, requires_grad=True)\nv = torch.tensor([1., 2., 3.], requires_grad=True)\ny = x.index_put((torch.tensor([0, 0, 2]),), v, accumulate=True)\n(y * torch.tensor([1., 2, 3])).sum().backward()\ny.grad_fn.name(), x.grad.tolist(), v.grad.tolist()",
		"x = torch.zeros(3, requires_grad=True)\nv = torch.tensor([1., 2.], requires_grad=True)\ny = x.index_put((torch.tensor([0, 2]),), v)\n(y * torch.tensor([1., 2, 3])).sum().backward()\ny.grad_fn.name(), x.grad.tolist(), v.grad.tolist()",
		"x = torch.zeros(2, 2, requires_grad=True)\nv = torch.tensor(2., requires_grad=True)\ny = x * 1\ny.index_put_((torch.tensor([0, 0]), torch.tensor([1, 1])), v, accumulate=True)\ny.sum().backward()\nx.grad.tolist(), v.grad.item()",
		"torch.zeros(3).index_put((torch.tensor([0]),), torch.tensor([1]))",
		"torch.zeros(3).index_put((torch.tensor([5]),), torch.tensor([1.]), accumulate=True)",
		"torch.zeros(3).index_put(torch.tensor([1]), torch.tensor([1.]))",
		"torch.zeros(3, 2).index_put((None, torch.tensor([1])), torch.tensor([1.]))",
		"torch.zeros(3).index_put((torch.tensor([True, False]),), torch.tensor(1.), accumulate=True)",
		"torch.zeros(2, 3).index_put((torch.tensor([0]), torch.tensor([True, False])), torch.tensor(1.), accumulate=True)",
	})
}
