package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestFoldUnfoldMatchTorch checks F.unfold, F.fold, nn.Unfold and nn.Fold
// against Debian's PyTorch: the blocks with kernel, dilation, padding and
// stride, the gradients (weighted so that each element's counts), the
// reprs and the errors of bad shapes; and the deprecated F.upsample
// functions with their warnings.
func TestFoldUnfoldMatchTorch(t *testing.T) {
	prelude := nnPrelude + `def g(f, *xs):
    xs = [x.clone().requires_grad_(True) for x in xs]
    out = f(*xs)
    (out * torch.arange(out.numel(), dtype=out.dtype).view(out.shape)).sum().backward()
    return out.shape, r(out), [r(x.grad) for x in xs]
x = torch.randn(2, 3, 4, 5)
c = torch.randn(2, 12, 12)
`
	srcs := []string{
		"g(lambda x: F.unfold(x, 2), x)",
		"g(lambda x: F.unfold(x, (2, 3), dilation=(1, 2), padding=1, stride=(2, 1)), x)",
		"g(lambda x: F.unfold(x[0], 3, padding=(0, 1)), x)",
		"g(lambda c: F.fold(c, (4, 5), 2), c)",
		"g(lambda c: F.fold(c, (5, 6), (2, 3), dilation=(1, 2), padding=1, stride=(2, 1))[..., :2], torch.randn(2, 12, 12))",
		"g(lambda c: F.fold(c[0], 4, 2, stride=2), torch.randn(1, 8, 4))",
		"nn.Unfold(2), nn.Unfold((2, 3), padding=1), nn.Fold((4, 5), 2), nn.Fold(4, 2, dilation=2, stride=1), nn.Unfold(2)(x).shape, nn.Fold((4, 5), 2)(c).shape",
		"y = F.unfold(x, 2, padding=1)\nr(F.fold(y, (4, 5), 2, padding=1) / F.fold(F.unfold(torch.ones_like(x), 2, padding=1), (4, 5), 2, padding=1) - x)",
		`import warnings
x = torch.arange(8.).view(1, 2, 2, 2)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    out = [r(F.upsample(x, scale_factor=2)), r(F.upsample(x, size=3, mode='bilinear')), r(F.upsample(x, size=(3, 3), mode='bilinear', align_corners=True)), r(F.upsample_nearest(x, 3)), r(F.upsample_bilinear(x, scale_factor=2))]
out, [(str(m.message), m.category.__name__) for m in w]`,
		"err(lambda: F.fold(torch.randn(2, 3, 4, 1), 3, 2))",
		"err(lambda: F.fold(torch.randn(1, 5, 4), 3, 2))",
		"err(lambda: F.unfold(torch.randn(1, 2, 3, 3), 5))",
		"err(lambda: F.fold(torch.randn(1, 4, 3), 3, 2))",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
