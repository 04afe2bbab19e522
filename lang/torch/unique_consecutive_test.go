package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestUniqueConsecutiveMatchesTorch checks torch.unique_consecutive and
// Tensor.unique_consecutive against Debian's PyTorch: runs of elements and
// of slices along dim, NaNs and signed zeros, the inverse's and counts'
// shapes, 0-d and empty inputs, the refusals, and the grad_fn that unique
// and unique_consecutive record without a derivative.
func TestUniqueConsecutiveMatchesTorch(t *testing.T) {
	prelude := `import torch
def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)
x = torch.tensor([1, 1, 2, 2, 3, 1, 1, 2])
m = torch.tensor([[1, 2], [1, 2], [3, 4], [1, 2]])
def nograd(f):
    w = torch.tensor([[1., 1.], [2., 2.]], requires_grad=True)
    y = f(w)
    return y.grad_fn.name(), err(lambda: y.sum().backward())
`
	srcs := []string{
		"torch.unique_consecutive(x), torch.unique_consecutive(x, return_inverse=True, return_counts=True), x.unique_consecutive(return_counts=True)",
		"torch.unique_consecutive(torch.tensor([[1., float('nan'), float('nan')], [0., -0., 2.]]), return_inverse=True)",
		"torch.unique_consecutive(m, dim=0, return_inverse=True, return_counts=True), torch.unique_consecutive(m, True, True, 1), m.unique_consecutive(dim=-2)",
		"torch.unique_consecutive(m.t(), dim=1, return_counts=True), torch.unique_consecutive(torch.tensor([[[1, 1], [1, 1]], [[1, 1], [2, 1]]]), return_inverse=True, dim=2)",
		"torch.unique_consecutive(torch.tensor(5), return_inverse=True, return_counts=True), torch.unique_consecutive(torch.tensor([]), return_inverse=True, return_counts=True)",
		"torch.unique_consecutive(torch.tensor([True, True, False]), return_counts=True), err(lambda: torch.unique_consecutive(torch.tensor([1., 1., 2.], dtype=torch.float16))), torch.unique_consecutive(torch.tensor([[1, 1], [1, 1]], dtype=torch.int8), dim=0)",
		"[err(lambda: torch.unique_consecutive(torch.zeros(s), dim=d, return_inverse=True, return_counts=True)) for s, d in [((2, 0), 0), ((2, 0), 1), ((0, 3), 0), ((0, 0), 0)]]",
		"[err(f) for f in [lambda: torch.unique_consecutive(torch.tensor(5), dim=0), lambda: torch.unique_consecutive(m, dim=2), lambda: torch.unique_consecutive(torch.ones(2, 2, dtype=torch.float16), dim=0)]]",
		"[nograd(f) for f in [torch.unique, lambda w: torch.unique(w, dim=0), torch.unique_consecutive, lambda w: torch.unique_consecutive(w, dim=1), lambda w: w.unique_consecutive(return_counts=True)[0]]]",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
