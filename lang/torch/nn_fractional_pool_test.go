package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestFractionalMaxPoolMatchesTorch checks F.fractional_max_pool2d/3d,
// their _with_indices forms and the modules against Debian's PyTorch:
// output_size and output_ratio, the samples drawn from the seed (the
// same seed, the same windows) or given, indices, gradients, float64,
// unbatched inputs, the modules' repr and state_dict, and the errors.
func TestFractionalMaxPoolMatchesTorch(t *testing.T) {
	prelude := nnPrelude + `x = torch.randn(2, 3, 7, 6)
v = torch.randn(1, 2, 5, 6, 7)
def gi(f, src):
    a = src.clone().requires_grad_(True)
    out, idx = f(a)
    (out * torch.arange(out.numel(), dtype=out.dtype).view(out.shape)).sum().backward()
    return out.shape, r(out), idx.tolist(), r(a.grad), type(out.grad_fn).__name__
`
	srcs := []string{
		"gi(lambda a: F.fractional_max_pool2d(a, 2, output_size=(3, 4), return_indices=True), x)",
		"gi(lambda a: F.fractional_max_pool2d_with_indices(a, (3, 2), output_ratio=0.5), x)",
		"gi(lambda a: F.fractional_max_pool2d(a, 2, output_size=3, return_indices=True, _random_samples=torch.rand(2, 3, 2, dtype=torch.float64)), x.double())",
		"err(lambda: F.fractional_max_pool2d(x.double(), 2, output_size=3, _random_samples=torch.rand(2, 3, 2)))",
		"gi(lambda a: F.fractional_max_pool2d(a, 3, output_size=5, return_indices=True), x[0])",
		"gi(lambda a: F.fractional_max_pool3d(a, 2, output_size=(2, 3, 4), return_indices=True), v)",
		"gi(lambda a: F.fractional_max_pool3d_with_indices(a, (2, 3, 2), output_ratio=(0.5, 0.6, 0.7)), v[0])",
		"r(F.fractional_max_pool2d(x, 2, output_size=1)), r(F.fractional_max_pool2d(x, 1, output_size=(7, 6))), r(F.fractional_max_pool2d(x, (7, 6), output_size=1))",
		"m = nn.FractionalMaxPool2d(2, output_ratio=(0.5, 0.7))\nrepr(m), list(m.state_dict()), r(m(x)), m.return_indices",
		"m = nn.FractionalMaxPool2d(3, output_size=4, return_indices=True, _random_samples=torch.rand(2, 3, 2))\nrepr(m), list(m.state_dict()), [r(t) for t in m(x)]",
		"m = nn.FractionalMaxPool3d(2, output_size=3)\nrepr(m), r(m(v))",
		"err(lambda: F.fractional_max_pool2d(x, 2))",
		"err(lambda: F.fractional_max_pool2d(x, 5, output_size=4)), err(lambda: F.fractional_max_pool2d(x, 2, output_size=(3, 6)))",
		"err(lambda: F.fractional_max_pool2d(x[0, 0], 2, output_size=3))",
		"err(lambda: nn.FractionalMaxPool2d(2)), err(lambda: nn.FractionalMaxPool2d(2, output_size=3, output_ratio=0.5)), err(lambda: nn.FractionalMaxPool2d(2, output_ratio=1.5))",
		"err(lambda: F.fractional_max_pool2d(x, 2, output_size=(3, 3, 3)))",
		"err(lambda: F.fractional_max_pool2d(x.long(), 2, output_size=3, _random_samples=torch.rand(2, 3, 2)))",
		"err(lambda: F.fractional_max_pool3d(x, 2, output_size=3))",
		"err(lambda: F.fractional_max_pool2d(x[:, :, :0], 2, output_size=3))",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
