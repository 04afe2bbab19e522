package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestDistributionSubclassesMatchTorch compares classes deriving from the
// built-in distributions (Normal with log_prob, a property and super()
// calls; TransformedDistribution as RL code's SquashedNormal over a
// user's TanhTransform) and a distribution written wholly in Python with
// expand through _get_checked_instance, with PyTorch 1.13.
func TestDistributionSubclassesMatchTorch(t *testing.T) {
	prelude := "import torch, math\nfrom torch.distributions import *\nfrom torch.distributions import constraints, transforms as T\n" +
		"r = lambda t: [round(v, 4) + 0.0 for v in t.flatten().tolist()]\n" +
		"class MyNormal(Normal):\n" +
		"    def __init__(self, loc, scale, validate_args=None):\n" +
		"        self.loc = 'set before'\n" +
		"        super().__init__(loc, scale, validate_args=validate_args)\n" +
		"        self.extra = 3\n" +
		"    def log_prob(self, x):\n        return super().log_prob(x) * 2\n" +
		"    @property\n    def mean(self):\n        return self.loc + 1\n" +
		"class Plain(Normal):\n    pass\n" +
		"class TanhTransform(T.Transform):\n" +
		"    domain = constraints.real\n    codomain = constraints.interval(-1.0, 1.0)\n    bijective = True\n    sign = +1\n" +
		"    def __init__(self, cache_size=1):\n        super().__init__(cache_size=cache_size)\n" +
		"    def _call(self, x):\n        return x.tanh()\n" +
		"    def _inverse(self, y):\n        return 0.5 * (y.log1p() - (-y).log1p())\n" +
		"    def log_abs_det_jacobian(self, x, y):\n        return 2. * (math.log(2.) - x - torch.nn.functional.softplus(-2. * x))\n" +
		"class SquashedNormal(TransformedDistribution):\n" +
		"    def __init__(self, loc, scale):\n" +
		"        self.loc, self.scale = loc, scale\n" +
		"        self.base_dist = Normal(loc, scale)\n" +
		"        super().__init__(self.base_dist, [TanhTransform()])\n" +
		"    @property\n    def mean(self):\n        mu = self.loc\n        for tr in self.transforms:\n            mu = tr(mu)\n        return mu\n" +
		"class TanhNormal(Distribution):\n" +
		"    arg_constraints = {'loc': constraints.real, 'scale': constraints.positive}\n" +
		"    support = constraints.interval(-1., 1.)\n    has_rsample = True\n" +
		"    def __init__(self, loc, scale, validate_args=None):\n" +
		"        self.loc, self.scale = loc, scale\n        self.normal = Normal(loc, scale)\n" +
		"        super().__init__(self.normal.batch_shape, validate_args=validate_args)\n" +
		"    def expand(self, batch_shape, _instance=None):\n" +
		"        new = self._get_checked_instance(TanhNormal, _instance)\n" +
		"        batch_shape = torch.Size(batch_shape)\n" +
		"        new.loc, new.scale = self.loc.expand(batch_shape), self.scale.expand(batch_shape)\n" +
		"        new.normal = self.normal.expand(batch_shape)\n" +
		"        super(TanhNormal, new).__init__(batch_shape, validate_args=False)\n" +
		"        new._validate_args = self._validate_args\n        return new\n" +
		"    def rsample(self, sample_shape=torch.Size()):\n        return torch.tanh(self.normal.rsample(sample_shape))\n" +
		"    def log_prob(self, value):\n" +
		"        return self.normal.log_prob(torch.atanh(value)) - torch.log1p(-value.pow(2) + 1e-6)\n" +
		"class NoExpand(TanhNormal):\n" +
		"    def __init__(self):\n        super().__init__(torch.zeros(1), torch.ones(1))\n" +
		"    def expand(self, batch_shape, _instance=None):\n        return self._get_checked_instance(TanhNormal, _instance)\n" +
		"d = MyNormal(torch.tensor([0., 1.]), torch.tensor([1., 2.]))\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"(repr(d), type(d).__name__, isinstance(d, Normal), isinstance(d, ExponentialFamily), isinstance(d, Distribution), issubclass(MyNormal, Normal))",
		"(r(d.log_prob(torch.tensor([0.5, 0.5]))), r(d.mean), r(d.stddev), d.batch_shape, d.event_shape, d.extra, r(d.loc), d.has_rsample)",
		"torch.manual_seed(0)\n(r(d.sample((2,))), d.rsample().shape, r(d.entropy()), r(d.cdf(torch.tensor([0., 0.]))), r(d.variance))",
		"d.loc = torch.tensor([5., 5.])\n(r(d.mean), r(d.log_prob(torch.tensor([5., 5.]))))",
		"(repr(MyNormal(0., 1.)), repr(Plain(torch.zeros(3), 1.)), Plain(0., 2.).stddev)",
		"MyNormal(0., -1.)",
		"repr(MyNormal(0., -1., validate_args=False))",
		"MyNormal(0., 1.).log_prob(torch.tensor([float('nan')]))",
		"loc = torch.tensor([0.], requires_grad=True)\ntorch.manual_seed(0)\nMyNormal(loc, 1.).rsample().sum().backward()\nloc.grad",
		"sn = SquashedNormal(torch.tensor([0., 0.5]), torch.tensor([1., 0.5]))\n(repr(sn), r(sn.mean), sn.batch_shape, sn.event_shape, type(sn.base_dist).__name__, sn.has_rsample, isinstance(sn, TransformedDistribution))",
		"sn = SquashedNormal(torch.tensor([0., 0.5]), torch.tensor([1., 0.5]))\ntorch.manual_seed(1)\na = sn.rsample()\n(r(a), r(sn.log_prob(a).sum(-1, keepdim=True)), r(sn.sample((3,))))",
		"tn = TanhNormal(torch.zeros(3), torch.ones(3))\ntorch.manual_seed(0)\ns = tn.sample((2,))\n(repr(tn), tn.batch_shape, tn._validate_args, s.shape, s.requires_grad, r(tn.log_prob(s)))",
		"e = TanhNormal(torch.zeros(3), torch.ones(3)).expand((4, 3))\n(type(e).__name__, e.batch_shape, e.loc.shape, e.sample().shape, e._validate_args)",
		"TanhNormal(torch.zeros(2), torch.ones(2), validate_args=False)._validate_args",
		"TanhNormal(torch.zeros(2), -torch.ones(2))",
		"NoExpand().expand((2,))",
	})
}
