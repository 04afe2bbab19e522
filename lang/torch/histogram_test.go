package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestHistogramMatchesTorch checks torch.histogram against Debian's
// PyTorch: equal bins over the data's range or a given one, elements on
// the edges (float32 and float64 arithmetic), a tensor of edges, weights,
// density, the empty and constant inputs, the NotImplemented nodes and
// the errors. The edges come from kael's linspace, which can differ from
// PyTorch's vectorised one in the last place when the step is not exact
// in binary; the cases with elements on the edges use exact steps.
func TestHistogramMatchesTorch(t *testing.T) {
	prelude := `import torch
def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)
torch.manual_seed(0)
x = torch.tensor([1., 2., 1., 4., 2.5, 0.3, 7.])
`
	srcs := []string{
		"torch.histogram(x, 4), x.histogram(2), torch.histogram(x.reshape(7, 1), bins=3), type(torch.histogram(x, 2)).__name__",
		"torch.histogram(x, 3, range=(0., 5.), density=True), torch.histogram(x, 5, range=(1, 4), weight=torch.arange(7.))",
		"torch.histogram(x, torch.tensor([0., 1., 2.5, 10.]), weight=torch.arange(7.)), torch.histogram(x, torch.tensor([0., 2., 1.])), torch.histogram(x, bins=torch.tensor([1., 2., 4.]), density=True)",
		"torch.histogram(torch.tensor([3., 3.]), 2), torch.histogram(torch.tensor([]), 2), torch.histogram(torch.tensor(2.), 3)",
		"[torch.histogram(torch.randn(500, dtype=d), b)[0].tolist() for d in [torch.float32, torch.float64] for b in [7, 10, 33]]",
		"[torch.histogram(torch.arange(101, dtype=d) / 10, b)[0].tolist() for d in [torch.float32, torch.float64] for b in [3, 7, 10]]",
		"[torch.histogram(torch.arange(129, dtype=d) / 8, b)[0].tolist() for d in [torch.float32, torch.float64] for b in [4, 32, 128]]",
		"v = torch.rand(300, dtype=torch.float64)\ntorch.histogram(v, 6, range=(0.125, 0.875), weight=v, density=True)[0].tolist()",
		"w = x.clone().requires_grad_()\nh = torch.histogram(w, 3)\nh.hist.requires_grad, h.hist.grad_fn.name(), h.bin_edges.requires_grad, err(lambda: h.hist.sum().backward())",
		"[err(f) for f in [lambda: torch.histogram(torch.tensor([1, 2]), 2), lambda: torch.histogram(x, 0), lambda: torch.histogram(x, 2, range=(3., 1.)), " +
			"lambda: torch.histogram(x.double(), 2, weight=torch.ones(7)), lambda: torch.histogram(x, 2, weight=torch.ones(6)), lambda: torch.histogram(torch.tensor([float('nan'), 1.]), 2), " +
			"lambda: torch.histogram(x, torch.tensor([0., 2.], dtype=torch.float64)), lambda: torch.histogram(x, torch.tensor([[0., 2.]])), lambda: torch.histogram(x, torch.tensor([0.])), " +
			"lambda: torch.histogram(x.half(), 2), lambda: torch.histogram(x, 2, range=(0., float('inf'))), lambda: torch.histogram(x, 2, range=(0., 1., 2.))]]",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
