package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestSearchsortedMatchesTorch compares searchsorted and bucketize
// (values, dtypes, batched sequences, sorter, scalars, NaN and errors)
// with PyTorch 1.13.
func TestSearchsortedMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\ns = torch.tensor([1, 3, 5, 7, 9])\nb = torch.tensor([[1., 3., 5.], [2., 4., 6.]])\n", []string{
		"r = torch.searchsorted(s, torch.tensor([3, 6, 0, 10]))\nr.tolist(), r.dtype",
		"torch.searchsorted(s, torch.tensor([3, 6]), right=True).tolist(), torch.searchsorted(s, torch.tensor([3, 6]), side='right').tolist()",
		"torch.searchsorted(s, torch.tensor([3, 6]), side='left').tolist(), torch.searchsorted(s, torch.tensor([3]), right=True, side='right').tolist()",
		"torch.searchsorted(s, torch.tensor([3., 6.5])).tolist(), torch.searchsorted(s.float(), torch.tensor([3, 6])).tolist()",
		"r = torch.searchsorted(s, 3)\nr.tolist(), r.dim(), torch.searchsorted(s, 3.5).tolist(), torch.searchsorted(s, torch.tensor(7)).tolist()",
		"torch.searchsorted(s, torch.tensor([[3, 6], [9, 10]])).tolist()",
		"torch.searchsorted(b, torch.tensor([[3., 3.5], [3., 7.]])).tolist(), torch.searchsorted(b, torch.tensor([[3.], [4.]]), right=True).tolist()",
		"r = torch.searchsorted(s, torch.tensor([3]), out_int32=True)\nr.tolist(), r.dtype",
		"torch.searchsorted(torch.tensor([5, 1, 3]), torch.tensor([2, 4, 6]), sorter=torch.tensor([1, 2, 0])).tolist()",
		"torch.searchsorted(torch.tensor([1., float('nan')]), torch.tensor([float('nan'), 2., 0.])).tolist()",
		"torch.searchsorted(torch.tensor([1, 2, 2, 2, 3], dtype=torch.uint8), torch.tensor([2]), right=True).tolist(), torch.searchsorted(torch.tensor([1., 2.], dtype=torch.float16), torch.tensor([1.5])).tolist()",
		"torch.searchsorted(s, torch.tensor([3.], requires_grad=True)).requires_grad",
		"torch.searchsorted(s, torch.tensor([], dtype=torch.int64)).tolist(), torch.searchsorted(torch.tensor([], dtype=torch.int64), torch.tensor([1])).tolist()",
		"r = torch.bucketize(torch.tensor([[3, 6], [1, 9]]), s)\nr.tolist(), r.dtype",
		"torch.bucketize(3, s).tolist(), torch.bucketize(torch.tensor([3, 4]), s, right=True, out_int32=True)",
		"torch.searchsorted(s.reshape(1, 5), torch.tensor([3, 6]))",
		"torch.searchsorted(s, torch.tensor([3]), right=True, side='left')",
		"torch.searchsorted(s, torch.tensor([3]), side='foo')",
		"torch.searchsorted(s.reshape(1, 5), 3)",
		"torch.searchsorted(torch.tensor(1), torch.tensor([3]))",
		"torch.searchsorted(torch.tensor([5, 1, 3]), torch.tensor([2, 4]), sorter=torch.tensor([1, 2]))",
		"torch.searchsorted(torch.tensor([5, 1, 3]), torch.tensor([2, 4]), sorter=torch.tensor([1., 2., 0.]))",
		"torch.bucketize(torch.tensor([3]), s.reshape(1, 5))",
		"torch.searchsorted(torch.tensor([1j]), torch.tensor([1j]))",
		"torch.searchsorted(torch.tensor([False, True]), torch.tensor([True]))",
		"torch.bucketize(torch.tensor([True]), torch.tensor([False, True]))",
	})
}
