package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestNanmedianMatchesTorch checks torch.nanmedian (and median's
// gradient, shared by equal elements) against Debian's PyTorch: values,
// positions, keepdim, dtypes, gradients and errors. A line of NaNs only
// is left out of the positions compared: PyTorch's is what its
// nth_element leaves there.
func TestNanmedianMatchesTorch(t *testing.T) {
	prelude := `import torch
def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__ + ': ' + str(e)
nan = float('nan')
x = torch.tensor([[1., nan, 3., 2.], [nan, 7., nan, nan], [5., 4., nan, 1.], [2., 2., 1., 1.]])
`
	srcs := []string{
		"torch.nanmedian(x).item(), x.nanmedian(dim=1), torch.nanmedian(x, 0, keepdim=True), x.nanmedian(-1, True).values.shape",
		"torch.nanmedian(x.t(), 1), torch.nanmedian(x, 0).indices.dtype, type(torch.nanmedian(x, 0)).__name__",
		"[torch.nanmedian(torch.tensor([3, 1, 2, 4], dtype=d)) for d in [torch.int8, torch.uint8, torch.int32, torch.int64, torch.float64, torch.bfloat16]]",
		"torch.nanmedian(torch.tensor([nan, nan])), torch.nanmedian(torch.tensor([])), torch.nanmedian(torch.tensor(2.5)), torch.nanmedian(torch.tensor(nan), 0).values",
		"torch.nanmedian(torch.tensor([nan, 2., nan, 1., 3., 2.]), 0), torch.nanmedian(torch.tensor([2., 2., 1., 1.]), 0)",
		"w = x.clone().requires_grad_()\ny = torch.nanmedian(w)\ny.backward()\ny.grad_fn.name(), w.grad",
		"w = x.clone().requires_grad_()\nv, i = torch.nanmedian(w, 1)\nv.sum().backward()\nv.grad_fn.name(), w.grad",
		"w = torch.tensor([2., 2., 1., nan], requires_grad=True)\ntorch.median(w).backward()\nm = torch.tensor([2., 2., 1., 5.], requires_grad=True)\ntorch.median(m).backward()\nw.grad, m.grad",
		"w = torch.tensor([nan, 1., nan], requires_grad=True)\ntorch.nanmedian(w[::2]).backward()\nw.grad",
		"[err(f) for f in [lambda: torch.nanmedian(torch.tensor([1.], dtype=torch.half)), lambda: torch.nanmedian(torch.tensor([1.], dtype=torch.half), 0), " +
			"lambda: torch.nanmedian(torch.zeros(2, 0), 1), lambda: torch.nanmedian(x, 2)]]",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
