package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestLKJCholeskyMatchesTorch compares LKJCholesky with PyTorch 1.13:
// reprs, shapes, seeded samples of the onion method in float32 and
// float64, log_prob with its gradient, the support check, expand and the
// errors.
func TestLKJCholeskyMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\n" +
		"r = lambda t: [float('%.4g' % v) + 0.0 for v in t.flatten().tolist()]\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"d = LKJCholesky(3, torch.tensor([0.5, 2.]))\ntorch.manual_seed(0)\ns = d.sample((2,))\n(repr(d), d.batch_shape, d.event_shape, d.has_rsample, type(d), d.dim, s.shape, r(s), r(d.log_prob(s)), repr(d.support), d.arg_constraints, torch.rand(1).tolist())",
		"d = LKJCholesky(2)\ntorch.manual_seed(1)\ns = d.sample()\n(repr(d), d.batch_shape, r(s), r(d.log_prob(s)))",
		"d = LKJCholesky(4, torch.tensor(1.5, dtype=torch.float64))\ntorch.manual_seed(2)\ns = d.sample((3,))\n(s.dtype, r(s), r(d.log_prob(s)), r(s @ s.mT))",
		"k = torch.tensor([0.7, 3.], requires_grad=True)\nv = torch.tensor([[1., 0., 0.], [0.6, 0.8, 0.], [0., 0.6, 0.8]])\nlp = LKJCholesky(3, k).log_prob(v)\nlp.sum().backward()\n(r(lp), r(k.grad))",
		"d = LKJCholesky(3, 2.).expand((2,))\ntorch.manual_seed(3)\n(d.batch_shape, r(d.sample()))",
		"LKJCholesky(3).log_prob(torch.tensor([[1., 0., 0.], [0.5, 0.5, 0.], [0., 0.6, 0.8]]))",
		"LKJCholesky(1)",
		"LKJCholesky(3, -1.)",
		"LKJCholesky(3).rsample()",
		"LKJCholesky(3).entropy()",
		"from torch.distributions.lkj_cholesky import LKJCholesky as L\nL is LKJCholesky",
	})
}
