package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestMultivariateNormalMatchesTorch compares MultivariateNormal with
// PyTorch 1.13: reprs (the lazy matrices shown once computed), shapes,
// seeded samples (ε bit for bit through an identity scale_tril; through
// another, L @ ε to 4 digits, as a matmul's last bit depends on the
// CPU's BLAS), log_prob, entropy, the moments and the three matrices to
// 4 digits, the gradients of rsample, log_prob, entropy and
// kl_divergence, and the errors.
func TestMultivariateNormalMatchesTorch(t *testing.T) {
	prelude := "import torch\nfrom torch.distributions import *\n" +
		"r = lambda t: [round(v, 4) + 0.0 for v in t.flatten().tolist()]\n" +
		"loc = torch.tensor([0.5, -1., 2.])\n" +
		"A = torch.tensor([[2., 0.3, 0.1], [0.3, 1., -0.2], [0.1, -0.2, 0.5]])\n" +
		"def summary(d):\n    torch.manual_seed(0)\n    s = d.sample((4,))\n" +
		"    return (repr(d), d.batch_shape, d.event_shape, d.has_rsample, type(d), r(s), r(d.log_prob(s)), r(d.entropy()), r(d.mean), r(d.variance), r(d.stddev))\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"summary(MultivariateNormal(loc, A))",
		"summary(MultivariateNormal(loc, precision_matrix=A))",
		"summary(MultivariateNormal(torch.zeros(2, 3), scale_tril=torch.linalg.cholesky(A)))",
		"summary(MultivariateNormal(torch.zeros(3, dtype=torch.float64), torch.stack([A, 2 * A]).double()))",
		"d = MultivariateNormal(loc, A)\n(r(d.scale_tril), r(d.precision_matrix), r(d.covariance_matrix), repr(d))",
		"p = MultivariateNormal(loc, precision_matrix=A)\n(r(p.covariance_matrix), r(p.scale_tril), repr(p))",
		"t = MultivariateNormal(torch.zeros(2, 3), scale_tril=torch.linalg.cholesky(A))\n(t.log_prob(torch.ones(4, 1, 3)).shape, t.rsample((2,)).shape, t.covariance_matrix.shape)",
		"torch.manual_seed(4)\ns = MultivariateNormal(torch.zeros(2, 3, dtype=torch.float64), scale_tril=torch.eye(3, dtype=torch.float64)).sample((1000,))\n(s[:2].tolist(), round(s.sum().item(), 9))",
		"torch.manual_seed(4)\nMultivariateNormal(torch.zeros(3), scale_tril=torch.eye(3)).sample((2,)).tolist()",
		"lo = torch.tensor([0.5, 1.], requires_grad=True)\nL = torch.tensor([[1., 0.], [0.4, 0.8]], requires_grad=True)\nd = MultivariateNormal(lo, scale_tril=L)\ntorch.manual_seed(2)\nx = d.rsample((3,))\n(x.sum() + d.log_prob(x.detach()).sum() + d.entropy()).backward()\n(r(x), r(lo.grad), r(L.grad))",
		"C = torch.tensor([[2., 0.3], [0.3, 1.]], requires_grad=True)\nd = MultivariateNormal(torch.zeros(2), covariance_matrix=C)\n(d.log_prob(torch.tensor([0.3, -1.])) + d.entropy()).backward()\nr(C.grad)",
		"P = torch.tensor([[2., 0.3], [0.3, 1.]], requires_grad=True)\nMultivariateNormal(torch.zeros(2), precision_matrix=P).log_prob(torch.tensor([0.3, -1.])).backward()\nr(P.grad)",
		"B = torch.tensor([[1., 0.2], [0.2, 0.5]])\nlo = torch.tensor([0.5, 1.], requires_grad=True)\nk = kl_divergence(MultivariateNormal(lo, B), MultivariateNormal(torch.zeros(2, 2), torch.stack([B, 2 * B])))\nk.sum().backward()\n(r(k), r(lo.grad))",
		"kl_divergence(MultivariateNormal(torch.zeros(2), torch.eye(2)), MultivariateNormal(torch.zeros(3), torch.eye(3)))",
		"MultivariateNormal(torch.zeros(2), torch.eye(2)).sample().requires_grad",
		"MultivariateNormal(torch.tensor(1.), torch.eye(2))",
		"MultivariateNormal(torch.zeros(2))",
		"MultivariateNormal(torch.zeros(2), torch.eye(2), scale_tril=torch.eye(2))",
		"MultivariateNormal(torch.zeros(2), torch.ones(2))",
		"MultivariateNormal(torch.zeros(2), scale_tril=torch.ones(2))",
		"MultivariateNormal(torch.zeros(2), precision_matrix=torch.ones(2))",
		"MultivariateNormal(torch.zeros(2), torch.tensor([[1., 2.], [2., 1.]]))",
		"MultivariateNormal(torch.zeros(2), torch.tensor([[1., 0.5], [0., 1.]]))",
		"MultivariateNormal(torch.zeros(2), scale_tril=torch.tensor([[1., 0.5], [0., 1.]]))",
		"MultivariateNormal(torch.zeros(2), scale_tril=torch.tensor([[1., 0.], [0.5, -1.]]))",
		"MultivariateNormal(torch.zeros(2), torch.stack([torch.eye(2), torch.tensor([[1., 2.], [2., 1.]])]))",
		"MultivariateNormal(torch.zeros(3, 2), torch.stack([torch.eye(2), torch.eye(2)]))",
		"MultivariateNormal(torch.tensor([0., float('nan')]), torch.eye(2))",
		"MultivariateNormal(torch.zeros(2), torch.eye(2)).log_prob(torch.tensor([0., float('nan')]))",
		"MultivariateNormal(torch.zeros(2), torch.eye(2)).log_prob(torch.zeros(3))",
		"MultivariateNormal(torch.zeros(2, 2), torch.eye(2)).log_prob(torch.zeros(3, 2))",
		"from torch.distributions.multivariate_normal import MultivariateNormal as M\nM is MultivariateNormal",
	})
}
