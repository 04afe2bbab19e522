package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// TestSegmentReduceMatchesTorch checks torch.segment_reduce against
// PyTorch: each reduction with and without initial, empty segments,
// offsets, 2-D lengths along axis 1, trailing dimensions, unsafe, the
// gradients (ties of max and min, zeros of prod) and the errors.
func TestSegmentReduceMatchesTorch(t *testing.T) {
	prelude := `import torch
def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)
d = torch.tensor([1., 2., 3., 4., 5., 6.])
L = torch.tensor([2, 0, 3, 1])
def grads(x, red, **kw):
    x = x.clone().requires_grad_()
    y = torch.segment_reduce(x, red, **kw)
    (y * torch.arange(1., y.numel() + 1).reshape(y.shape)).sum().backward()
    return x.grad.tolist()
`
	srcs := []string{
		"[(red, torch.segment_reduce(d, red, lengths=L).tolist(), torch.segment_reduce(d, red, lengths=L, initial=10.).tolist()) for red in ['sum', 'mean', 'max', 'min', 'prod']]",
		"torch.segment_reduce(d, 'sum', offsets=torch.tensor([0, 2, 2, 5, 6])), torch.segment_reduce(d.double(), 'mean', lengths=L.int()), torch.segment_reduce(d, 'sum', lengths=L, offsets=torch.tensor([0, 6]))",
		"torch.segment_reduce(d.reshape(3, 2), 'sum', lengths=torch.tensor([2, 1])), torch.segment_reduce(d.reshape(3, 2), 'max', lengths=torch.tensor([1, 2]), initial=4.5)",
		"torch.segment_reduce(d.reshape(2, 3), 'sum', lengths=torch.tensor([[2, 1], [0, 3]]), axis=1), torch.segment_reduce(d.reshape(2, 3), 'min', offsets=torch.tensor([[0, 1, 3], [0, 3, 3]]), axis=1)",
		"torch.segment_reduce(d, 'sum', lengths=torch.tensor([2, 4]), unsafe=True), torch.segment_reduce(torch.tensor([]), 'sum', lengths=torch.tensor([0, 0]))",
		"[(red, grads(d, red, lengths=L, initial=2.)) for red in ['sum', 'mean', 'max', 'min', 'prod']]",
		"t = torch.tensor([3., 1., 3., 0., 2., 0., 5., 0.])\n[(red, grads(t, red, lengths=torch.tensor([3, 2, 3]))) for red in ['max', 'min', 'prod']]",
		"[(red, grads(d.reshape(3, 2), red, lengths=torch.tensor([2, 1]))) for red in ['sum', 'mean', 'max', 'prod']]",
		"torch.manual_seed(0)\nx = torch.randn(5, 4, dtype=torch.float64)\n[(red, grads(x, red, lengths=torch.tensor([[1, 3], [2, 2], [4, 0], [0, 4], [2, 2]]), axis=1)) for red in ['sum', 'mean', 'max', 'min', 'prod']]",
		"[err(f) for f in [lambda: torch.segment_reduce(d, 'avg', lengths=L), lambda: torch.segment_reduce(d, 'sum'), lambda: torch.segment_reduce(d, 'sum', lengths=torch.tensor([2, 2])), " +
			"lambda: torch.segment_reduce(d, 'sum', lengths=torch.tensor([2, -1, 5])), lambda: torch.segment_reduce(d, 'sum', lengths=torch.tensor([2., 4.])), " +
			"lambda: torch.segment_reduce(d, 'sum', lengths=L, axis=1), lambda: torch.segment_reduce(d.int(), 'sum', lengths=L), lambda: torch.segment_reduce(d, 'sum', indices=L), " +
			"lambda: torch.segment_reduce(d.reshape(3, 2), 'max', lengths=torch.tensor([1, 1]), axis=1)]]",
	}
	checkCloseToTorch(t, prelude, srcs, reftest.Tolerance{Abs: 1e-9, Rel: 1e-6})
}
