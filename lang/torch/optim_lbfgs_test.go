package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestLBFGSMatchesTorch compares optim.LBFGS with PyTorch 1.13: the
// losses each closure call sees and the parameters after several steps,
// with a fixed step and with the strong-Wolfe line search, in float64
// (to 10 digits) and float32 (to 4), a short history, the state's keys,
// state_dict and load_state_dict, the repr and the errors.
func TestLBFGSMatchesTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn as nn\nimport torch.optim as optim\ntorch.manual_seed(0)\n" +
		"def fit(dtype, digits, steps=3, **kw):\n" +
		"    torch.manual_seed(0)\n" +
		"    x = torch.randn(32, 3, dtype=dtype)\n" +
		"    y = (x[:, :1] * 2 - x[:, 1:2] ** 2 + torch.sin(x[:, 2:]))\n" +
		"    m = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1)).to(dtype)\n" +
		"    opt = optim.LBFGS(m.parameters(), **kw)\n" +
		"    seen = []\n" +
		"    def closure():\n" +
		"        opt.zero_grad()\n" +
		"        loss = ((m(x) - y) ** 2).mean()\n" +
		"        seen.append(round(loss.item(), digits))\n" +
		"        loss.backward()\n" +
		"        return loss\n" +
		"    outs = [round(opt.step(closure).item(), digits) for _ in range(steps)]\n" +
		"    return outs, seen, [round(v, digits) for v in m[0].weight.flatten().tolist()[:4]], opt\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"fit(torch.float64, 10, lr=0.5, max_iter=8)[:3]",
		"fit(torch.float64, 10, steps=2, lr=1, max_iter=10, line_search_fn='strong_wolfe')[:3]",
		"fit(torch.float64, 10, steps=4, lr=0.8, max_iter=5, history_size=3)[:3]",
		"fit(torch.float32, 4, lr=0.5, max_iter=6)[:3]",
		"fit(torch.float32, 4, steps=2, max_iter=6, line_search_fn='strong_wolfe')[:3]",
		"opt = fit(torch.float64, 6, steps=2, lr=0.5, max_iter=4)[3]\ns = opt.state[opt.param_groups[0]['params'][0]]\n(list(s), s['func_evals'], s['n_iter'], len(s['old_dirs']), round(s['prev_loss'], 8), s['d'].shape, s['d'].dtype, len(s['al']), s['al'][-1])",
		"opt = fit(torch.float64, 6, steps=1, lr=0.5, max_iter=4)[3]\nsd = opt.state_dict()\n(list(sd['state'][0]), sd['param_groups'][0]['max_eval'], sd['param_groups'][0]['params'])",
		"_, _, _, opt = fit(torch.float64, 8, steps=1, lr=0.5, max_iter=3)\nsd = opt.state_dict()\nm2 = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1)).double()\no2 = optim.LBFGS(m2.parameters())\no2.load_state_dict(sd)\n(o2.state_dict()['state'][0]['n_iter'], o2.param_groups[0]['max_iter'], o2.param_groups[0]['lr'])",
		"optim.LBFGS([torch.zeros(2, requires_grad=True)], max_iter=7)",
		"w = torch.zeros(2, requires_grad=True)\nopt = optim.LBFGS([w])\ndef c():\n    opt.zero_grad()\n    l = (w - 1).pow(2).sum()\n    l.backward()\n    return l\n(opt.step(c).item(), w.tolist(), opt.step(c).item(), opt.state[w]['func_evals'])",
		"optim.LBFGS([{'params': [torch.zeros(1, requires_grad=True)]}, {'params': [torch.zeros(1, requires_grad=True)]}])",
		"w = torch.ones(2, requires_grad=True)\nopt = optim.LBFGS([w], line_search_fn='wolfe')\ndef c():\n    opt.zero_grad()\n    l = (w * 3).sum()\n    l.backward()\n    return l\nopt.step(c)",
	})
}
