package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestGridSampleMatchesTorch checks F.affine_grid and F.grid_sample
// against Debian's PyTorch: 2-D and 3-D grids with and without
// align_corners and theta's gradient; sampling 4-D and 5-D inputs in
// every mode (bicubic for 4-D) and padding mode with the input's and
// the grid's gradients
// (in float64, where both compute to the last bits, so that rounding to 4
// digits cannot split them; float32 rounded more coarsely); the warnings
// and the errors.
func TestGridSampleMatchesTorch(t *testing.T) {
	prelude := nnPrelude + `theta = torch.randn(2, 2, 3, dtype=torch.float64)
theta3 = torch.randn(1, 3, 4, dtype=torch.float64)
x = torch.randn(2, 3, 4, 5, dtype=torch.float64)
grid = torch.rand(2, 3, 6, 2, dtype=torch.float64) * 2.4 - 1.2
x5 = torch.randn(1, 2, 3, 4, 5, dtype=torch.float64)
grid5 = torch.rand(1, 2, 3, 4, 3, dtype=torch.float64) * 2.4 - 1.2
def wsum(out):
    return (out * torch.arange(out.numel(), dtype=out.dtype).view(out.shape)).sum()
def ag(th, size, ac):
    th = th.clone().requires_grad_(True)
    g = F.affine_grid(th, size, align_corners=ac)
    wsum(g).backward()
    return g.shape, r(g), r(th.grad)
def gs(x, grid, **kw):
    x = x.clone().requires_grad_(True)
    grid = grid.clone().requires_grad_(True)
    out = F.grid_sample(x, grid, **kw)
    wsum(out).backward()
    return out.shape, r(out), r(x.grad), r(grid.grad), type(out.grad_fn).__name__
`
	srcs := []string{
		"ag(theta, [2, 3, 4, 5], False), ag(theta, [2, 1, 3, 2], True)",
		"ag(theta3, [1, 2, 2, 3, 4], False), ag(theta3, [1, 1, 3, 2, 2], True)",
		"r2 = lambda t: [round(v, 2) for v in t.flatten().tolist()]\ng = F.affine_grid(theta.float(), [2, 1, 3, 4], align_corners=False)\ng.dtype, r2(g)",
	}
	for _, mode := range []string{"bilinear", "nearest"} {
		for _, pad := range []string{"zeros", "border", "reflection"} {
			for _, ac := range []string{"False", "True"} {
				kw := "mode='" + mode + "', padding_mode='" + pad + "', align_corners=" + ac
				srcs = append(srcs, "gs(x, grid, "+kw+"), gs(x5, grid5, "+kw+")")
			}
		}
	}
	for _, pad := range []string{"zeros", "border", "reflection"} {
		srcs = append(srcs, "[gs(x, grid, mode='bicubic', padding_mode='"+pad+"', align_corners=ac) for ac in (False, True)]")
	}
	srcs = append(srcs,
		"gs(x, F.affine_grid(theta, [2, 3, 3, 3], align_corners=False), align_corners=False)",
		"r2 = lambda t: [round(v, 2) for v in t.flatten().tolist()]\nout = F.grid_sample(x.float(), grid.float(), align_corners=True)\nout.dtype, r2(out)",
		`import warnings
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    F.grid_sample(x, grid)
    F.affine_grid(theta, [2, 3, 4, 5])
    F.affine_grid(theta, [2, 3, 1, 5], align_corners=True)
[(str(m.message), m.category.__name__) for m in w]`,
		"err(lambda: F.grid_sample(x, grid, mode='cubic'))",
		"err(lambda: F.grid_sample(x, grid, padding_mode='wrap'))",
		"err(lambda: F.grid_sample(x, grid[:1], align_corners=False))",
		"err(lambda: F.grid_sample(x, torch.rand(2, 3, 6, 3, dtype=torch.float64), align_corners=False))",
		"err(lambda: F.grid_sample(x.float(), grid, align_corners=False))",
		"err(lambda: F.grid_sample(x5, grid5, mode='bicubic', align_corners=False))",
		"err(lambda: F.grid_sample(x[0], grid[0], align_corners=False))",
		"err(lambda: F.affine_grid(theta, [2, 3, 4], align_corners=False))",
		"err(lambda: F.affine_grid(theta, [2, 3, 4, 5, 6], align_corners=False))",
		"err(lambda: F.affine_grid(theta.long(), [2, 3, 4, 5], align_corners=False))",
		"err(lambda: F.affine_grid(theta, [2, 3, 0, 5], align_corners=False))",
	)
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
