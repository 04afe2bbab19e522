package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestLazyLayersMatchTorch checks the Lazy* layers against Debian's
// PyTorch 1.13: reprs before and after the first call, the class they
// become, parameters drawn at that call, filled in place, outputs and
// gradients, and errors.
func TestLazyLayersMatchTorch(t *testing.T) {
	prelude := nnPrelude + "import warnings\nwarnings.simplefilter('ignore')\nq = lambda t: [float('%.4g' % v) for v in t.flatten().tolist()]\n"
	srcs := []string{
		"m = nn.LazyLinear(3)\nrepr(m), repr(m.weight), type(m.weight).__name__, type(m).__name__, list(m.state_dict().keys())",
		"m = nn.LazyLinear(3)\nw = m.weight\nopt = torch.optim.SGD(m.parameters(), lr=0.1)\ny = m(torch.ones(2, 4))\ny.sum().backward()\nopt.step()\nrepr(m), type(m).__name__, isinstance(m, nn.Linear), y, m.weight, m.bias.grad, w.requires_grad",
		"m = nn.LazyLinear(2, bias=False)\nm, m.bias, m(torch.ones(1, 4)), m",
		"s = nn.Sequential(nn.LazyLinear(2), nn.ReLU(), nn.LazyLinear(1))\nbefore = repr(s)\nout = s(torch.ones(1, 5))\nbefore, s, out, [p.shape for p in s.parameters()]",
		"m = nn.LazyConv2d(4, 3, padding=1)\nbefore = repr(m)\ny = m(torch.randn(2, 3, 5, 5))\nbefore, m, y.shape, q(y)[:6], q(m.weight)[:6], q(m.bias)",
		"m = nn.LazyConv1d(2, 2)\nm(torch.randn(3, 4)).shape, m",
		"nn.LazyConv2d(4, 3)(torch.randn(5, 5))",
		"m = nn.LazyConvTranspose1d(2, 3, stride=2)\nbefore = repr(m)\ny = m(torch.randn(1, 3, 4))\nbefore, y.shape, m, q(y)[:6]",
		"m = nn.LazyBatchNorm1d()\nbefore = (repr(m), repr(m.running_mean), m.num_batches_tracked, list(m.state_dict().keys()))\ny = m(torch.randn(4, 3))\nbefore, m, q(y), q(m.running_mean), m.num_batches_tracked, list(m.state_dict().keys())",
		"m = nn.LazyBatchNorm2d(momentum=0.2).eval()\ny = m(torch.randn(2, 3, 2, 2))\nm, m.training, q(m.running_var)",
		"m = nn.LazyInstanceNorm1d(track_running_stats=False)\nbefore = (repr(m), repr(m.weight))\ny = m(torch.randn(2, 3, 4))\nbefore, m, q(y)[:6], m.weight",
		"nn.UninitializedParameter(), nn.UninitializedBuffer(), nn.UninitializedParameter().requires_grad, nn.UninitializedParameter(requires_grad=False).requires_grad",
		"m = nn.LazyLinear(3)\na = m.has_uninitialized_params()\nm(torch.ones(1, 2))\na, hasattr(m, 'has_uninitialized_params')",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
