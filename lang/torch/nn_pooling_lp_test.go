package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestLPPoolLRNShuffleBilinearMatchTorch checks F.lp_pool1d/2d,
// F.local_response_norm, F.channel_shuffle and F.bilinear with their
// modules against Debian's PyTorch: values, gradients, reprs, Bilinear's
// initialisation from the seed, and the errors of bad shapes.
func TestLPPoolLRNShuffleBilinearMatchTorch(t *testing.T) {
	prelude := nnPrelude + nnGrad + `x3 = torch.rand(2, 3, 7) + 0.1
x4 = torch.rand(1, 2, 5, 6) + 0.1
y = torch.randn(2, 5, 4)
z = torch.arange(24.).view(1, 6, 2, 2)
a1, a2 = torch.randn(5, 3), torch.randn(5, 4)
`
	srcs := []string{
		"g(lambda x: F.lp_pool1d(x, 2, 3), x3)",
		"g(lambda x: F.lp_pool1d(x, 1.5, 2, stride=1, ceil_mode=True), x3)",
		"g(lambda x: F.lp_pool2d(x, 2, (2, 3)), x4)",
		"g(lambda x: F.lp_pool2d(x, 3, 2, stride=(1, 2), ceil_mode=True), x4)",
		"m = nn.LPPool2d(2, 3, stride=2)\nm, r(m(x4)), nn.LPPool1d(1, 2)",
		"g(lambda x: F.local_response_norm(x, 3), y)",
		"g(lambda x: F.local_response_norm(x, 2, alpha=0.1, beta=0.5, k=2.0), torch.randn(2, 4, 3, 2))",
		"g(lambda x: F.local_response_norm(x, 4), torch.randn(1, 6, 2, 2, 2))",
		"nn.LocalResponseNorm(2), nn.LocalResponseNorm(3, alpha=0.1, k=2), r(nn.LocalResponseNorm(2)(y))",
		"F.channel_shuffle(z, 2), torch.channel_shuffle(z, 3).flatten().tolist(), nn.ChannelShuffle(3), nn.ChannelShuffle(3)(z).shape",
		"torch.manual_seed(3)\nb = nn.Bilinear(3, 4, 2)\nb, r(b.weight), r(b.bias), [n for n, _ in b.named_parameters()], b.in1_features, b.out_features",
		"torch.manual_seed(3)\nb = nn.Bilinear(3, 4, 2)\nout = g(lambda a1, a2: b(a1, a2), a1, a2)\nout, r(b.weight.grad), r(b.bias.grad)",
		"nn.Bilinear(2, 2, 3, bias=False), nn.Bilinear(2, 2, 3, bias=False).bias, nn.Bilinear(2, 2, 3, dtype=torch.float64).weight.dtype",
		"g(lambda a1, a2, w: F.bilinear(a1, a2, w), a1[0], a2[0], torch.randn(2, 3, 4))",
		"err(lambda: F.channel_shuffle(z, 4))",
		"err(lambda: F.channel_shuffle(z[0, 0], 2))",
		"err(lambda: F.local_response_norm(z[0, 0], 2))",
		"err(lambda: F.bilinear(a1, a2[:, :3], torch.randn(2, 3, 4)))",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
