package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestMarginLossesMatchTorch checks the distances and the margin,
// embedding and likelihood losses (nn_losses_margin.go) against Debian's
// PyTorch: each value with the gradients of its inputs, the modules'
// settings and buffers, and the errors of bad arguments.
func TestMarginLossesMatchTorch(t *testing.T) {
	prelude := nnPrelude + nnGrad + `a = torch.randn(4, 3); b = torch.randn(4, 3); c = torch.randn(4, 3)
y = torch.tensor([1., -1., 1., -1.])
t = (torch.rand(4, 3) > 0.5).float()
cls = torch.tensor([0, 2, 1, 2])
mt = torch.tensor([[0, 2, -1], [1, -1, 0], [2, 1, 0], [-1, 0, 1]])
cnt = torch.tensor([[0., 1., 3.], [2., 5., 0.], [1., 1., 4.], [0., 2., 2.]])
v = torch.rand(4, 3) + 0.1
`
	srcs := []string{
		"g(lambda a, b: F.cosine_similarity(a, b), a, b)",
		"g(lambda a, b: F.cosine_similarity(a, b, dim=0), a, b)",
		"g(lambda a, b: F.cosine_similarity(a, b[:1], -1, 0.5), a, b)",
		"g(lambda a, b: F.pairwise_distance(a, b), a, b)",
		"g(lambda a, b: F.pairwise_distance(a, b, p=1.0, keepdim=True), a, b)",
		"g(lambda a: F.normalize(a), a)",
		"g(lambda a: F.normalize(a, p=1, dim=0), a)",
		"g(lambda a: F.pdist(a), a)",
		"g(lambda a: F.pdist(a, p=3), a)",
		"g(lambda a, b: F.margin_ranking_loss(a[:, 0], b[:, 0], y, margin=0.5), a, b)",
		"g(lambda a: F.hinge_embedding_loss(a, y.unsqueeze(1).expand(4, 3), reduction='none'), a)",
		"g(lambda a: F.soft_margin_loss(a, y.unsqueeze(1).expand(4, 3)), a)",
		"g(lambda a: F.multilabel_soft_margin_loss(a, t), a)",
		"g(lambda a: F.multilabel_soft_margin_loss(a, t, weight=torch.tensor([1., 2., 3.]), reduction='none'), a)",
		"g(lambda a: F.multi_margin_loss(a, cls), a)",
		"g(lambda a: F.multi_margin_loss(a, cls, p=2, margin=0.7, weight=torch.tensor([1., 2., 3.]), reduction='none'), a)",
		"g(lambda a: F.multi_margin_loss(a[0], cls[0]), a)",
		"g(lambda a: F.multilabel_margin_loss(a, mt), a)",
		"g(lambda a: F.multilabel_margin_loss(a, mt, reduction='none'), a)",
		"g(lambda a: F.multilabel_margin_loss(a[0], mt[0]), a)",
		"g(lambda a, b: F.cosine_embedding_loss(a, b, y, margin=0.1), a, b)",
		"g(lambda a, b: F.cosine_embedding_loss(a[0], b[0], y[1], reduction='sum'), a, b)",
		"g(lambda a, b, c: F.triplet_margin_loss(a, b, c), a, b, c)",
		"g(lambda a, b, c: F.triplet_margin_loss(a, b, c, margin=2.0, p=1, swap=True, reduction='none'), a, b, c)",
		"g(lambda a: F.poisson_nll_loss(a, cnt), a)",
		"g(lambda a: F.poisson_nll_loss(a.abs(), cnt, log_input=False, full=True, reduction='sum'), a)",
		"g(lambda a, v: F.gaussian_nll_loss(a, b, v), a, v)",
		"g(lambda a, v: F.gaussian_nll_loss(a, b, v, full=True, eps=0.3, reduction='none'), a, v)",
		"g(lambda a, v: F.gaussian_nll_loss(a, b, v), a, v[:, 0])",
		"g(lambda a, v: F.gaussian_nll_loss(a, b, v), a, v[:, :1])",
		"m = nn.TripletMarginLoss(margin=0.5)\nm, m.margin, m.p, m.swap, m.reduction, r(m(a, b, c))",
		"m = nn.MultiMarginLoss(p=2, weight=torch.tensor([1., 2., 3.]))\nm.weight, nn.MultiMarginLoss().weight, list(m.state_dict()), r(m(a, cls))",
		"m = nn.MultiMarginLoss(p=2, weight=torch.tensor([1., 2., 3.])).double()\nm.weight.dtype, r(m(a.double(), cls))",
		"nn.CosineSimilarity(dim=0)(a, b).shape, nn.PairwiseDistance(keepdim=True)(a, b).shape, nn.GaussianNLLLoss(full=True)(a, b, v).shape",
		"nn.MarginRankingLoss(size_average=False).reduction, nn.PoissonNLLLoss(reduce=False).reduction, nn.PoissonNLLLoss().eps",
		"[r(m(*xs)) for m, xs in [(nn.MarginRankingLoss(0.3), (a, b, t)), (nn.HingeEmbeddingLoss(), (a, t)), (nn.SoftMarginLoss(reduction='sum'), (a, t)), (nn.MultiLabelSoftMarginLoss(), (a, t)), (nn.MultiLabelMarginLoss(), (a, mt)), (nn.CosineEmbeddingLoss(), (a, b, y)), (nn.PoissonNLLLoss(False), (a.abs(), cnt))]]",
		"g(lambda a, b, c: F.triplet_margin_with_distance_loss(a, b, c), a, b, c)",
		"g(lambda a, b, c: F.triplet_margin_with_distance_loss(a, b, c, distance_function=lambda x, y: 1 - F.cosine_similarity(x, y), margin=0.5, swap=True, reduction='none'), a, b, c)",
		"m = nn.TripletMarginWithDistanceLoss()\nm, m.margin, m.swap, m.reduction, r(m(a, b, c)), list(dict(m.named_children()))",
		"m = nn.TripletMarginWithDistanceLoss(distance_function=nn.PairwiseDistance(p=1), margin=2.0, reduction='sum')\nm, r(m(a, b, c))",
		"m = nn.TripletMarginWithDistanceLoss(distance_function=lambda x, y: (x - y).abs().sum(-1))\nm, r(m(a, b, c))",
		// forward reads distance_function, margin, swap and reduction at each
		// call, as PyTorch's does.
		"m = nn.TripletMarginWithDistanceLoss()\nm.distance_function = nn.PairwiseDistance(p=1)\nd1 = r(m(a, b, c))\nm.distance_function = None\nm, d1, r(m(a, b, c)), list(dict(m.named_children()))",
		"f = lambda x, y: (x - y).abs().sum(-1)\nm = nn.TripletMarginWithDistanceLoss(distance_function=f)\nd1 = r(m(a, b, c))\nm.distance_function = lambda x, y: (x - y).pow(2).sum(-1)\n(m.distance_function is not f, d1, r(m(a, b, c)), list(dict(m.named_children())))",
		"m = nn.TripletMarginWithDistanceLoss()\nerr(lambda: setattr(m, 'distance_function', 3))",
		"m = nn.TripletMarginWithDistanceLoss(margin=2)\nd1 = r(m(a, b, c))\nm.margin, m.swap, m.reduction = 3.0, True, 'none'\nm.margin, d1, r(m(a, b, c)), m(a, b, c).grad_fn.name()",
		// the nodes PyTorch records, down the first input of each
		"aw = a.clone().requires_grad_()\ndef walk(t):\n    out, fn = [], t.grad_fn\n    while fn is not None and len(out) < 7:\n        out.append(fn.name())\n        fn = fn.next_functions[0][0] if fn.next_functions else None\n    return out\n" +
			"[walk(f()) for f in [lambda: F.triplet_margin_loss(aw, b, c), lambda: F.triplet_margin_loss(aw, b, c, swap=True, reduction='none'), lambda: F.margin_ranking_loss(aw[:, 0], b[:, 0], y), lambda: F.hinge_embedding_loss(aw, t), lambda: F.cosine_embedding_loss(b, aw, y), lambda: F.triplet_margin_with_distance_loss(aw, b, c), lambda: F.pairwise_distance(aw, b), lambda: F.normalize(aw), lambda: torch.margin_ranking_loss(aw[:, 0], b[:, 0], y, 0.5, 0), lambda: nn.TripletMarginLoss()(aw, b, c)]]",
		"err(lambda: F.multi_margin_loss(a, cls, p=3))",
		"err(lambda: nn.MultiMarginLoss(p=3))",
		"err(lambda: F.gaussian_nll_loss(a, b, -v))",
		"err(lambda: F.gaussian_nll_loss(a, b, v[:2]))",
		"err(lambda: F.margin_ranking_loss(a, b, y))",
		"err(lambda: F.cosine_embedding_loss(a, b, y[0]))",
		"err(lambda: F.pdist(a[0]))",
		"err(lambda: F.triplet_margin_loss(a, b, c[0]))",
		"err(lambda: F.soft_margin_loss(a, b, reduction='x'))",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}

// TestInPlaceFunctionalMatchesTorch checks F.relu_, F.elu_ and the other
// in-place activations of torch.nn.functional: the value written into the
// input, the input returned and the gradient through it.
func TestInPlaceFunctionalMatchesTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn.functional as F\nr = lambda t: [round(v, 4) for v in t.flatten().tolist()]\n" +
		"def run(name, *args, **kw):\n    w = torch.tensor([-1.5, -0.2, 0.3, 2.0], requires_grad=True)\n    x = w * 1.0\n    y = getattr(F, name)(x, *args, **kw)\n    y.sum().backward()\n    return y is x, r(x), r(w.grad)\n"
	srcs := []string{
		"run('relu_')", "run('elu_')", "run('elu_', 0.5)", "run('celu_', alpha=2.0)", "run('selu_')",
		"run('leaky_relu_', 0.2)", "run('leaky_relu_')", "run('hardtanh_', -0.5, 0.5)", "run('hardtanh_')", "run('threshold_', 0.1, 20.0)",
		"x = torch.tensor([-1.0, 1.0])\nF.elu_(x, alpha=2.0), x",
		"w = torch.ones(2, requires_grad=True)\ntry:\n    F.relu_(w)\nexcept RuntimeError as e:\n    m = str(e)\nm",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
