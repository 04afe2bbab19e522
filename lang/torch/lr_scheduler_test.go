package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// schedulerPrelude defines rates(make, n, metric): the rates of the first
// group over n epochs of an optimizer whose scheduler make returns,
// stepped after each optimizer step (with metric(epoch) for
// ReduceLROnPlateau).
const schedulerPrelude = `import torch
from torch.optim import lr_scheduler as S
w = torch.ones(2, requires_grad=True)
def rates(make, n=20, metric=None, opt=None):
    opt = opt or torch.optim.SGD([w], lr=0.1, momentum=0.9)
    s = make(opt)
    out = []
    for i in range(n):
        opt.step()
        if metric:
            s.step(metric(i))
        else:
            s.step()
        out.append(s._last_lr[0] if metric else s.get_last_lr()[0])
    return out
`

// TestSchedulersMatchTorch compares every scheduler's rates over 20
// epochs with PyTorch 1.13's, digit for digit: both compute them in
// Python floats, kael with the C library's cos and pow as CPython.
func TestSchedulersMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, schedulerPrelude, []string{
		"rates(lambda o: S.StepLR(o, 3, gamma=0.5))",
		"rates(lambda o: S.MultiStepLR(o, [2, 5, 5, 9], gamma=0.5))",
		"rates(lambda o: S.ExponentialLR(o, 0.9))",
		"rates(lambda o: S.CosineAnnealingLR(o, 7, eta_min=0.001))",
		"rates(lambda o: S.LambdaLR(o, lambda e: 0.95 ** e))",
		"rates(lambda o: S.MultiplicativeLR(o, lambda e: 0.95))",
		"rates(lambda o: S.LinearLR(o, start_factor=0.25, total_iters=6))",
		"rates(lambda o: S.ConstantLR(o, factor=0.5, total_iters=4))",
		"rates(lambda o: S.PolynomialLR(o, total_iters=8, power=2.0))",
		"rates(lambda o: S.OneCycleLR(o, max_lr=1.0, total_steps=20))",
		"rates(lambda o: S.OneCycleLR(o, max_lr=1.0, total_steps=25, anneal_strategy='linear', three_phase=True))",
		"rates(lambda o: S.OneCycleLR(o, max_lr=0.1, epochs=2, steps_per_epoch=10), opt=torch.optim.Adam([w]))",
		"rates(lambda o: S.CosineAnnealingWarmRestarts(o, T_0=4, T_mult=2, eta_min=0.01))",
		"rates(lambda o: S.CosineAnnealingWarmRestarts(o, T_0=3))",
		"rates(lambda o: S.SequentialLR(o, [S.LinearLR(o, 0.1, total_iters=4), S.ExponentialLR(o, 0.8)], milestones=[5]))",
		"rates(lambda o: S.ChainedScheduler([S.ConstantLR(o, factor=0.5, total_iters=3), S.ExponentialLR(o, 0.9)]))",
		"rates(lambda o: S.CyclicLR(o, 0.01, 0.1, step_size_up=4)), rates(lambda o: S.CyclicLR(o, 0.01, 0.1, step_size_up=3, step_size_down=5, mode='triangular2'))",
		"rates(lambda o: S.CyclicLR(o, 0.01, 0.1, step_size_up=3, mode='exp_range', gamma=0.9))",
		"rates(lambda o: S.CyclicLR(o, 0.01, 0.1, step_size_up=3, scale_fn=lambda x: 1 / x, cycle_momentum=False))",
		"rates(lambda o: S.CyclicLR(o, 0.01, 0.1, step_size_up=3, scale_fn=lambda x: 0.5 ** x, scale_mode='iterations'))",
		"opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)\ns = S.CyclicLR(opt, [0.001], [0.01], step_size_up=2)\nfor _ in range(3): s.step()\ns.base_lrs, s.max_lrs, s.total_size, s.step_ratio, opt.param_groups[0]['initial_lr'], opt.param_groups[0]['momentum']",
		"S.CyclicLR(torch.optim.Adam([w]), 0.01, 0.1)",
		"S.CyclicLR(torch.optim.SGD([w], lr=0.1), 0.01, 0.1, mode='x')",
		"rates(lambda o: S.ReduceLROnPlateau(o, patience=2, cooldown=1), metric=lambda i: 1.0 if i < 3 else 2.0)",
		"rates(lambda o: S.ReduceLROnPlateau(o, mode='max', patience=0, factor=0.5, threshold_mode='abs', min_lr=0.01), metric=lambda i: i % 3)",
		"rates(lambda o: S.ReduceLROnPlateau(o, patience=1), metric=lambda i: torch.tensor(5.0 - i * 0.0001))",
		// two groups, each with its own rate and function
		"opt = torch.optim.SGD([{'params': [w]}, {'params': [torch.ones(1, requires_grad=True)], 'lr': 1}], lr=0.1)\ns = S.LambdaLR(opt, [lambda e: 1 / (e + 1), lambda e: 2 ** e])\nfor _ in range(3): s.step()\ns.get_last_lr(), [g['initial_lr'] for g in opt.param_groups]",
		// what a scheduler holds
		"opt = torch.optim.SGD([w], lr=0.1)\ns = S.StepLR(opt, 3)\nsorted(s.state_dict().items())",
		"opt = torch.optim.SGD([w], lr=0.1)\ns = S.StepLR(opt, 3)\nfor _ in range(4): s.step()\n(s.last_epoch, s.base_lrs, opt.param_groups[0]['initial_lr'], s.optimizer is opt)",
		"opt = torch.optim.SGD([w], lr=0.1)\ns = S.ExponentialLR(opt, 0.5)\nfor _ in range(3): s.step()\nsd = s.state_dict()\ns2 = S.ExponentialLR(torch.optim.SGD([w], lr=0.1), 0.9)\ns2.load_state_dict(sd)\n(s2.gamma, s2.last_epoch, s2.get_last_lr())",
		"opt = torch.optim.SGD([w], lr=0.1)\ns = S.LambdaLR(opt, lambda e: 1.0)\ns.state_dict()['lr_lambdas']",
		"opt = torch.optim.SGD([w], lr=0.1)\ns = S.StepLR(opt, 2)\ns.step(5)\ns.get_last_lr()",
		"opt = torch.optim.SGD([w], lr=0.1)\ns = S.ReduceLROnPlateau(opt)\nsorted(s.state_dict())",
		"opt = torch.optim.Adam([w], lr=0.01)\ns = S.OneCycleLR(opt, max_lr=0.1, total_steps=10)\nopt.param_groups[0]['betas'], opt.param_groups[0]['max_lr'], opt.param_groups[0]['min_lr']",
		"o = torch.optim.SGD([w], lr=0.1)\ns = S.StepLR(o, 2)\nisinstance(s, S._LRScheduler), isinstance(S.ReduceLROnPlateau(o), S._LRScheduler), type(s).__name__, str(type(s))",
		// errors
		"S.StepLR(None, 3)",
		"S.ConstantLR(torch.optim.SGD([w], lr=0.1), factor=2)",
		"S.LambdaLR(torch.optim.SGD([w], lr=0.1), [lambda e: 1, lambda e: 2])",
		"S.OneCycleLR(torch.optim.SGD([w], lr=0.1), max_lr=1)",
		"s = S.OneCycleLR(torch.optim.SGD([w], lr=0.1), max_lr=1, total_steps=2)\nfor _ in range(3): s.step()",
		"S.CosineAnnealingWarmRestarts(torch.optim.SGD([w], lr=0.1), T_0=0)",
		"S.ReduceLROnPlateau(torch.optim.SGD([w], lr=0.1), factor=1.5)",
		"S.ReduceLROnPlateau(torch.optim.SGD([w], lr=0.1), mode='avg')",
		"S.StepLR(torch.optim.SGD([w], lr=0.1), 3, last_epoch=4)",
		"S.ReduceLROnPlateau(torch.optim.SGD([w], lr=0.1)).get_last_lr()",
	})
}

// TestSchedulerVerbose checks the lines verbose=True prints.
func TestSchedulerVerbose(t *testing.T) {
	langtest.RunCells(t, []langtest.Case{
		{Src: schedulerPrelude + "opt = torch.optim.SGD([w], lr=0.1)\ns = S.StepLR(opt, 1, verbose=True)\ns.step()", Want: "Adjusting learning rate of group 0 to 1.0000e-01.\nAdjusting learning rate of group 0 to 1.0000e-02.\n"},
		{Src: schedulerPrelude + "opt = torch.optim.SGD([w], lr=0.1)\ns = S.ReduceLROnPlateau(opt, patience=0, verbose=True)\ns.step(1.0)\ns.step(2.0)", Want: "Epoch 00002: reducing learning rate of group 0 to 1.0000e-02.\n"},
	})
}
