package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestSWAUtilsMatchTorch checks torch.optim.swa_utils against Debian's
// PyTorch: AveragedModel's repr, names, running mean, custom avg_fn and
// forward; SWALR's rates step by step (cosine and linear, per-group
// swa_lr, anneal_epochs=0) and its errors; update_bn's statistics over a
// loader of (input, target) pairs, with momentum and mode restored.
func TestSWAUtilsMatchTorch(t *testing.T) {
	prelude := nnPrelude + `from torch.optim.swa_utils import AveragedModel, SWALR, update_bn
w = torch.zeros(2, requires_grad=True)
def rates(s, opt, n):
    out = []
    for i in range(n):
        opt.step()
        s.step()
        out.append(s.get_last_lr())
    return out
`
	srcs := []string{
		"m = nn.Linear(3, 2)\na = AveragedModel(m)\na, [n for n, _ in a.named_parameters()], list(a.state_dict()), a.n_averaged, type(a).__name__, isinstance(a, nn.Module)",
		`m = nn.Linear(3, 2)
a = AveragedModel(m)
for i in range(3):
    with torch.no_grad():
        m.weight.add_(1.0)
    a.update_parameters(m)
r(a.module.weight), a.n_averaged, r(a(torch.ones(1, 3))), r(nn.Sequential(a)(torch.ones(1, 3)))`,
		`m = nn.Linear(3, 2)
e = AveragedModel(m, avg_fn=lambda avg, cur, n: 0.5 * avg + 0.5 * cur)
e.update_parameters(m)
with torch.no_grad():
    m.bias.fill_(2.0)
e.update_parameters(m)
r(e.module.bias), e.n_averaged`,
		`net = nn.Sequential(nn.Linear(2, 2), nn.BatchNorm1d(2))
a = AveragedModel(net, use_buffers=True)
net(torch.randn(4, 2))
a.update_parameters(net)
net(torch.randn(4, 2))
a.update_parameters(net)
r(a.module[1].running_mean), a.module[1].num_batches_tracked`,
		"opt = torch.optim.SGD([w], lr=0.5)\ns = SWALR(opt, swa_lr=0.05, anneal_epochs=3)\nrates(s, opt, 6), opt.param_groups[0]['swa_lr'], isinstance(s, torch.optim.lr_scheduler._LRScheduler), type(s).__name__, s.state_dict()['anneal_epochs']",
		"opt = torch.optim.SGD([{'params': [w]}, {'params': [torch.zeros(1, requires_grad=True)], 'lr': 0.1}], lr=0.5)\ns = SWALR(opt, swa_lr=[0.01, 0.2], anneal_epochs=2, anneal_strategy='linear')\nrates(s, opt, 4)",
		"opt = torch.optim.SGD([w], lr=0.5)\ns = SWALR(opt, swa_lr=0.05, anneal_epochs=0)\ns.get_last_lr()",
		"opt = torch.optim.SGD([w], lr=0.5)\nerr(lambda: SWALR(opt, swa_lr=0.1, anneal_strategy='exp'))",
		"opt = torch.optim.SGD([w], lr=0.5)\nerr(lambda: SWALR(opt, swa_lr=0.1, anneal_epochs=-1)), err(lambda: SWALR(opt, swa_lr=0.1, anneal_epochs=2.0))",
		"opt = torch.optim.SGD([w], lr=0.5)\nerr(lambda: SWALR(opt, swa_lr=[0.1, 0.2]))",
		`net = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Linear(4, 1))
loader = [(torch.randn(5, 3), torch.randn(5)) for _ in range(3)]
net.eval()
update_bn(loader, net)
r(net[1].running_mean), r(net[1].running_var), net[1].num_batches_tracked, net[1].momentum, net.training`,
		"update_bn([torch.randn(4, 3)], nn.Linear(3, 1)) is None",
		"opt = torch.optim.SGD([w], lr=0.5)\ns = SWALR(opt, swa_lr=0.05, anneal_epochs=4)\ns.anneal_func = lambda t: t * t\nrates(s, opt, 6)",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
