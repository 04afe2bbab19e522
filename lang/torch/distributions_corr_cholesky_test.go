package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestCorrCholeskyTransformMatchesTorch compares CorrCholeskyTransform
// with PyTorch 1.13: the map (unit rows, the support of LKJCholesky), the
// inverse, the log-det with its gradient, shapes, domain and codomain,
// a TransformedDistribution through it, and the errors.
func TestCorrCholeskyTransformMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\nfrom torch.distributions.transforms import *\n" +
		"r = lambda t: [float('%.4g' % v) + 0.0 for v in t.flatten().tolist()]\n" +
		"x = torch.tensor([[0.5, -1., 2.], [0., 0.3, -0.2]])\nt = CorrCholeskyTransform()\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"y = t(x)\n(repr(t), y.shape, r(y), r((y * y).sum(-1)), r(t.inv(y)), r(t.log_abs_det_jacobian(x, y)), t.domain, t.codomain, t.bijective, repr(t.inv), t.domain.event_dim, t.codomain.event_dim, t.codomain.check(y).tolist())",
		"(t.forward_shape((2, 6)), t.inverse_shape((2, 4, 4)), r(t(torch.tensor([0.1]))), t(torch.zeros(5, 10)).shape)",
		"v = x.clone().requires_grad_()\ny = t(v)\n(t.log_abs_det_jacobian(v, y).sum() + y.sum()).backward()\nr(v.grad)",
		"d = TransformedDistribution(Normal(torch.zeros(3), 1.), CorrCholeskyTransform())\ntorch.manual_seed(0)\ns = d.sample((2,))\n(d.batch_shape, d.event_shape, s.shape, r(s), r(d.log_prob(s)))",
		"t.forward_shape((2, 4))",
		"t.inverse_shape((2, 3, 4))",
		"t(torch.ones(4))",
		"t(torch.ones(2, 5))",
		"(r(LKJCholesky(3).log_prob(t(x))), r(t(x.double())))",
	})
}
