package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestHistogramddMatchesTorch checks torch.histogramdd against PyTorch:
// bins as an int, a list of ints and tensors of edges, range, weight,
// density, points on the edges, the empty and constant inputs, batched
// points, the named tuple and the errors.
func TestHistogramddMatchesTorch(t *testing.T) {
	prelude := `import torch
def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)
torch.manual_seed(0)
x = torch.tensor([[0., 1.], [1., 0.], [2., 0.], [2., 2.], [0.5, 1.5]])
`
	srcs := []string{
		"r = torch.histogramdd(x, bins=[3, 3], weight=torch.tensor([1., 2., 4., 8., 3.]))\nr, type(r).__name__, type(r) is torch.return_types.histogramdd, type(r.bin_edges), r.hist is r[0]",
		"torch.histogramdd(x, bins=2, density=True), torch.histogramdd(x, (2, 2)), torch.histogramdd(x.reshape(5, 1, 2), 2), torch.histogramdd(x.double(), 2)",
		"torch.histogramdd(x, bins=[1, 2], range=[0., 1., 0., 1.]), torch.histogramdd(x, 3, range=(0., 2., 0., 2.), weight=torch.ones(5), density=True)",
		"torch.histogramdd(x, bins=[torch.tensor([0., 1., 3.]), torch.tensor([-1., 0.5, 2.])]), torch.histogramdd(x, [torch.tensor([0., 1.])] * 2, range=[0., 1., 0., 1.])",
		"torch.histogramdd(torch.tensor([[1., 1.]]), 2), torch.histogramdd(torch.zeros(0, 2), 2), torch.histogramdd(x[:, :1], 4)",
		"p = torch.randn(400, 3)\n[torch.histogramdd(p.to(d), b)[0].tolist() for d in [torch.float32, torch.float64] for b in [2, [3, 4, 5], 7]]",
		"p = torch.rand(300, 2, dtype=torch.float64)\nh = torch.histogramdd(p, [4, 6], range=[0.125, 0.875, 0., 1.], weight=p[:, 0], density=True)\nh.hist.tolist(), [e.tolist() for e in h.bin_edges]",
		"g = torch.arange(64.).reshape(32, 2) / 4\n[torch.histogramdd(g, b)[0].tolist() for b in [4, [8, 16], 32]]",
		"w = x.clone().requires_grad_()\nh = torch.histogramdd(w, 2)\nh.hist.requires_grad, h.hist.grad_fn.name(), h.bin_edges[0].requires_grad",
		"[err(f) for f in [lambda: torch.histogramdd(x, 2, range=[0., 1.]), lambda: torch.histogramdd(x[:, 0], 2), lambda: torch.histogramdd(x, 0), " +
			"lambda: torch.histogramdd(x.int(), 2), lambda: torch.histogramdd(x, 2, weight=torch.ones(4)), lambda: torch.histogramdd(x, [2]), " +
			"lambda: torch.histogramdd(x, [torch.tensor([0., 1.])]), lambda: torch.histogramdd(x, 2, range=[0., 1., 2., 1.]), " +
			"lambda: torch.histogramdd(x, [torch.tensor([0., 1.]), torch.tensor([1.])]), lambda: torch.histogramdd(x, [torch.tensor([0., 1.]), torch.tensor([1., 2.], dtype=torch.float64)]), " +
			"lambda: torch.histogramdd(x, 2, weight=torch.ones(5).double()), lambda: torch.histogramdd(x, [2.5, 2]), lambda: torch.histogramdd(torch.tensor([[float('nan'), 1.]]), 2)]]",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
