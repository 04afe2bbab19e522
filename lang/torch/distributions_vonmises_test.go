package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestVonMisesMatchesTorch compares VonMises with PyTorch 1.13: the
// repr, seeded samples of the rejection sampler in float32 and float64,
// log_prob with its gradients, the circular variance on both sides of
// the Bessel approximations' switch at 3.75, and the errors.
func TestVonMisesMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\n" +
		"r = lambda t: [float('%.5g' % v) + 0.0 for v in t.flatten().tolist()]\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"d = VonMises(torch.tensor([0., 1., -2.]), torch.tensor([0.5, 2., 10.]))\ntorch.manual_seed(0)\ns = d.sample((4,))\n(repr(d), d.batch_shape, d.event_shape, d.has_rsample, type(d), isinstance(d, Distribution), r(s), r(d.log_prob(s)), r(d.mean), r(d.variance), repr(d.support), d.arg_constraints, torch.rand(1).tolist())",
		"d = VonMises(torch.tensor([0.5], dtype=torch.float64), torch.tensor([[0.1], [3.7], [3.8], [50.]], dtype=torch.float64))\ntorch.manual_seed(5)\ns = d.sample((2,))\n(s.dtype, s.shape, r(s), r(d.log_prob(s)), r(d.variance))",
		"torch.manual_seed(2)\nd = VonMises(1., 0.01)\n(repr(d), r(d.sample((6,))), torch.rand(1).tolist())",
		"loc = torch.tensor([0.3, -1.], requires_grad=True)\nk = torch.tensor([1.5, 5.], requires_grad=True)\nVonMises(loc, k).log_prob(torch.tensor([0., 2.])).sum().backward()\n(r(loc.grad), r(k.grad))",
		"d = VonMises(torch.tensor([0.]), torch.tensor([1.])).expand((3,))\ntorch.manual_seed(1)\n(d.batch_shape, r(d.sample()))",
		"VonMises(0., 1.).rsample()",
		"VonMises(0., 1.).entropy()",
		"VonMises(0., -1.)",
		"VonMises(torch.tensor([0., 1.]), torch.tensor([1., 2., 3.]))",
		"from torch.distributions.von_mises import VonMises as V\nV is VonMises",
	})
}
