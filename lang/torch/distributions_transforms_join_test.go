package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestJoinTransformsMatchTorch compares CatTransform and StackTransform
// with PyTorch 1.13: reprs, maps, inverses, log-dets, domains,
// attributes, a TransformedDistribution through one, and the errors.
func TestJoinTransformsMatchTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\nfrom torch.distributions.transforms import *\n" +
		"r = lambda t: [float('%.4g' % v) + 0.0 for v in t.flatten().tolist()]\n" +
		"x = torch.tensor([[0.5, 1., 2.], [-1., 0., 3.]])\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"t = CatTransform([ExpTransform(), AffineTransform(1., 2.)], dim=1, lengths=[1, 2])\ny = t(x)\n(repr(t), t.domain, t.codomain, t.event_dim, t.bijective, r(y), r(t.inv(y)), r(t.log_abs_det_jacobian(x, y)), t.lengths, t.dim, t.transforms, t.length, repr(t.inv))",
		"t = CatTransform([ExpTransform(), TanhTransform(), SigmoidTransform()])\n(r(t(x.T)), r(t.log_abs_det_jacobian(x.T, t(x.T))), t.domain.check(x.T).tolist())",
		"s = StackTransform([ExpTransform(), AffineTransform(1., 2.)], dim=1)\nx2 = x[:, :2]\ny = s(x2)\n(repr(s), s.domain, s.codomain, s.bijective, r(y), r(s.inv(y)), r(s.log_abs_det_jacobian(x2, y)), s.dim, s.transforms)",
		"s = StackTransform([ExpTransform(), AbsTransform()])\n(r(s(x[:, :2])), s.bijective)",
		"d = TransformedDistribution(Normal(torch.zeros(3), 1.), CatTransform([ExpTransform(), SigmoidTransform()], lengths=[2, 1]))\ntorch.manual_seed(0)\ns = d.sample()\n(d.batch_shape, d.event_shape, r(s), r(d.log_prob(s)))",
		"CatTransform([ExpTransform(), AffineTransform(1., 2.)], dim=1, lengths=[1, 2])(torch.ones(2, 4))",
		"CatTransform([ExpTransform()], lengths=[1, 2])",
		"StackTransform([ExpTransform()], dim=1)(torch.ones(2, 3))",
	})
}
