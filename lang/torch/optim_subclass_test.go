package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
	_ "github.com/kael-dev/kael/lang/lib/math"
)

// optimSubclassPrelude defines an optimizer and schedulers written in
// Python, PyTorch's way.
const optimSubclassPrelude = `import math
import torch
from torch.optim.optimizer import Optimizer, required
from torch.optim.lr_scheduler import _LRScheduler, StepLR, SequentialLR
class MySGD(Optimizer):
    def __init__(self, params, lr=required, momentum=0.0):
        if lr is not required and lr < 0.0:
            raise ValueError("Invalid learning rate: {}".format(lr))
        super(MySGD, self).__init__(params, dict(lr=lr, momentum=momentum))
    def __setstate__(self, state):
        super().__setstate__(state)
        self.restored = True
    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            for p in group['params']:
                if p.grad is None:
                    continue
                d_p = p.grad
                if group['momentum'] != 0:
                    state = self.state[p]
                    if 'momentum_buffer' not in state:
                        buf = state['momentum_buffer'] = torch.clone(d_p).detach()
                    else:
                        buf = state['momentum_buffer']
                        buf.mul_(group['momentum']).add_(d_p)
                    d_p = buf
                p.add_(d_p, alpha=-group['lr'])
        return loss
class WarmupCosine(_LRScheduler):
    def __init__(self, optimizer, warmup, total, last_epoch=-1):
        self.warmup = warmup
        self.total = total
        super().__init__(optimizer, last_epoch)
    def get_lr(self):
        e = self.last_epoch
        if e < self.warmup:
            return [b * (e + 1) / self.warmup for b in self.base_lrs]
        p = (e - self.warmup) / max(1, self.total - self.warmup)
        return [b * 0.5 * (1 + math.cos(math.pi * p)) for b in self.base_lrs]
class Counting(StepLR):
    def step(self, epoch=None):
        super().step(epoch)
        self.calls = getattr(self, 'calls', 0) + 1
class LoudAdam(torch.optim.Adam):
    def step(self, closure=None):
        self.steps = getattr(self, 'steps', 0) + 1
        return super().step(closure)
torch.manual_seed(0)
model = torch.nn.Linear(3, 2)
x = torch.randn(4, 3)
def train(opt, n=3, sched=None):
    out = []
    for _ in range(n):
        opt.zero_grad()
        loss = model(x).pow(2).sum()
        loss.backward()
        opt.step()
        if sched is not None:
            sched.step()
        out.append(round(loss.item(), 3))  # 3 decimals: float32 sums differ in the last bits between CPUs
    return out
`

// TestOptimizersWrittenInPythonMatchTorch checks classes deriving from
// torch.optim.Optimizer, from one of its optimizers and from the
// schedulers against PyTorch 1.13: stepping, state, state_dict round
// trips, repr, isinstance and the base classes' errors.
func TestOptimizersWrittenInPythonMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, optimSubclassPrelude, []string{
		"required, repr(MySGD(model.parameters(), lr=0.1, momentum=0.9))",
		"o = MySGD(model.parameters(), lr=0.1, momentum=0.9)\ntrain(o), isinstance(o, Optimizer), isinstance(o, torch.optim.Optimizer), type(o.state).__name__, len(o.state)",
		"o = MySGD(model.parameters(), lr=0.1, momentum=0.9)\ntrain(o, 2)\nsd = o.state_dict()\nsorted(sd), sd['param_groups'], list(sd['state']), sd['state'][0]['momentum_buffer'].shape",
		"o = MySGD(model.parameters(), lr=0.1, momentum=0.9)\ntrain(o, 2)\no2 = MySGD(model.parameters(), lr=0.5)\no2.load_state_dict(o.state_dict())\no2.param_groups[0]['lr'], o2.param_groups[0]['momentum'], len(o2.state), o2.restored, o2.defaults",
		"o = MySGD(model.parameters(), lr=0.1)\no.add_param_group({'params': [torch.zeros(2, requires_grad=True)], 'lr': 0.01})\nlen(o.param_groups), o.param_groups[1]['momentum'], o.param_groups[1]['lr']",
		"MySGD(model.parameters())",
		"MySGD([], lr=1)",
		"Optimizer(model.parameters(), {}).step(None)",
		"o = MySGD([torch.zeros(2, requires_grad=True)], lr=0.1)\no.add_param_group({'params': o.param_groups[0]['params']})",
		"o = MySGD(model.parameters(), lr=1.0)\ns = StepLR(o, step_size=1, gamma=0.5)\ntrain(o, 2, s), s.get_last_lr(), s.optimizer is o",
		"o = LoudAdam(model.parameters(), lr=0.01)\ntrain(o), o.steps, len(o.state), isinstance(o, torch.optim.Adam), repr(o)",
		"w = torch.zeros(2, requires_grad=True)\nopt = torch.optim.SGD([w], lr=0.1)\ns = WarmupCosine(opt, 3, 10)\nr = [(s.last_epoch, s.base_lrs, s.get_last_lr())]\nfor i in range(6):\n    opt.step()\n    s.step()\n    r.append((s.last_epoch, [round(v, 6) for v in s.get_last_lr()], round(opt.param_groups[0]['lr'], 6)))\nr, isinstance(s, _LRScheduler)",
		"w = torch.zeros(2, requires_grad=True)\ns = WarmupCosine(torch.optim.SGD([w], lr=0.1), 3, 10)\nfor _ in range(4): s.step()\nsd = s.state_dict()\ns2 = WarmupCosine(torch.optim.SGD([w], lr=0.1), 5, 20)\ns2.load_state_dict(sd)\nsorted(sd), s2.last_epoch, s2.warmup, s2.total",
		"w = torch.zeros(2, requires_grad=True)\nopt = torch.optim.SGD([w], lr=1.0)\nh = Counting(opt, step_size=2, gamma=0.5)\nfor i in range(4): opt.step(); h.step()\nh.get_last_lr(), h.calls, h.optimizer is opt",
		"w = torch.zeros(2, requires_grad=True)\nopt = torch.optim.SGD([w], lr=1.0)\na = WarmupCosine(opt, 2, 4)\nb = Counting(opt, step_size=1, gamma=0.5)\nq = SequentialLR(opt, [a, b], milestones=[2])\nfor _ in range(4): q.step()\nq.get_last_lr(), b.calls, [type(c).__name__ for c in q._schedulers]",
		"_LRScheduler(torch.optim.SGD([torch.zeros(1, requires_grad=True)], lr=1))",
		"o = MySGD(model.parameters(), lr=0.1, momentum=0.9)\nloss = o.step(lambda: model(x).sum())\nround(loss.item(), 3)",
	})
}
