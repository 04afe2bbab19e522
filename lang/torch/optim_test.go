package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
	"github.com/kael-dev/kael/lang/internal/cpython"
	"github.com/kael-dev/kael/lang/internal/langtest"
)

// optimPrelude defines train(opt, steps): steps of a least-squares fit of
// the parameters w and b (made from fixed numbers, so that no generator is
// involved), returning every parameter value afterwards.
const optimPrelude = `import torch
def params():
    w = torch.sin(torch.arange(12.).reshape(3, 4)).requires_grad_()
    b = torch.cos(torch.arange(3.)).requires_grad_()
    return w, b
x = torch.cos(torch.arange(20.).reshape(5, 4) * 0.7)
y = torch.sin(torch.arange(15.).reshape(5, 3))
def train(opt, w, b, steps=6):
    for _ in range(steps):
        opt.zero_grad()
        loss = ((x @ w.t() + b - y) ** 2).mean()
        loss.backward()
        opt.step()
    return w.flatten().tolist() + b.tolist()
w, b = params()
`

// optimTolerance allows for float32 rounding over a few steps: kael and
// PyTorch round each operation the same way, but fused kernels (addcmul,
// add with alpha) round once where kael rounds twice.
var optimTolerance = reftest.Tolerance{Rel: 2e-5, Abs: 2e-6}

// TestOptimizersMatchTorch runs each optimizer, with several settings, for
// a few steps in kael and in PyTorch 1.13 and compares the parameters.
func TestOptimizersMatchTorch(t *testing.T) {
	srcs := []string{
		"train(torch.optim.SGD([w, b], lr=0.1), w, b)",
		"train(torch.optim.SGD([w, b], lr=0.1, momentum=0.9), w, b)",
		"train(torch.optim.SGD([w, b], lr=0.1, momentum=0.9, dampening=0.3, weight_decay=0.01), w, b)",
		"train(torch.optim.SGD([w, b], lr=0.1, momentum=0.9, nesterov=True), w, b)",
		"train(torch.optim.SGD([w, b], lr=0.01, maximize=True), w, b)",
		"train(torch.optim.Adam([w, b], lr=0.05), w, b)",
		"train(torch.optim.Adam([w, b], lr=0.05, amsgrad=True, weight_decay=0.1), w, b)",
		"train(torch.optim.Adam([w, b], lr=0.05, maximize=True, betas=(0.8, 0.99)), w, b)",
		"train(torch.optim.AdamW([w, b], lr=0.05), w, b)",
		"train(torch.optim.AdamW([w, b], lr=0.05, weight_decay=0.5, amsgrad=True), w, b)",
		"train(torch.optim.RMSprop([w, b]), w, b)",
		"train(torch.optim.RMSprop([w, b], lr=0.01, momentum=0.5, centered=True, weight_decay=0.1), w, b)",
		"train(torch.optim.Adagrad([w, b], lr=0.1), w, b)",
		"train(torch.optim.Adagrad([w, b], lr=0.1, lr_decay=0.1, initial_accumulator_value=0.5, weight_decay=0.1), w, b)",
		"train(torch.optim.Adadelta([w, b]), w, b)",
		"train(torch.optim.Adadelta([w, b], lr=0.5, rho=0.8, weight_decay=0.1), w, b)",
		"train(torch.optim.Adamax([w, b], lr=0.05), w, b)",
		"train(torch.optim.NAdam([w, b], lr=0.05), w, b)",
		"train(torch.optim.RAdam([w, b], lr=0.05), w, b, steps=8)",
		"train(torch.optim.ASGD([w, b], lr=0.05, t0=3), w, b)",
		"train(torch.optim.Rprop([w, b], lr=0.05), w, b, steps=8)",
		// groups: per-group settings, a group added later, lr changed between steps
		"train(torch.optim.SGD([{'params': [w]}, {'params': b, 'lr': 0.5, 'momentum': 0.5}], lr=0.1), w, b)",
		"opt = torch.optim.Adam([w], lr=0.05)\nopt.add_param_group({'params': [b], 'betas': (0.5, 0.6)})\ntrain(opt, w, b)",
		"opt = torch.optim.SGD([w, b], lr=0.1)\ntrain(opt, w, b, 2)\nopt.param_groups[0]['lr'] = 0.01\nopt.param_groups[0]['momentum'] = 0.9\ntrain(opt, w, b, 3)",
		// state_dict round trip: a new optimizer continues where the first stopped
		"opt = torch.optim.Adam([w, b], lr=0.05)\ntrain(opt, w, b, 3)\nsd = opt.state_dict()\nopt2 = torch.optim.Adam([w, b], lr=0.5)\nopt2.load_state_dict(sd)\ntrain(opt2, w, b, 3)",
		"opt = torch.optim.SGD([w, b], lr=0.05, momentum=0.9)\ntrain(opt, w, b, 3)\nopt2 = torch.optim.SGD([w, b], lr=0.05, momentum=0.9)\nopt2.load_state_dict(opt.state_dict())\ntrain(opt2, w, b, 3)",
		// a closure
		"opt = torch.optim.SGD([w, b], lr=0.1)\ndef closure():\n    opt.zero_grad()\n    loss = ((x @ w.t() + b - y) ** 2).mean()\n    loss.backward()\n    return loss\n[round(opt.step(closure).item(), 4) for _ in range(3)]",
	}
	want := cpython.TorchCellOutcomes(t, optimPrelude, srcs)
	for i, src := range srcs {
		got := langtest.Run(optimPrelude + src)
		if err := reftest.CompareText(got, want[i], optimTolerance); err != nil {
			t.Errorf("%s\n%v", src, err)
		}
	}
}

// TestOptimizerSurface checks what code reads of an optimizer, and its
// errors, against PyTorch's text.
func TestOptimizerSurface(t *testing.T) {
	langtest.CheckMatchesTorch(t, optimPrelude, []string{
		"str(torch.optim.SGD([w], lr=0.1))",
		"o = torch.optim.AdamW([w])\ndef f(opt: torch.optim.Optimizer) -> None:\n    pass\nisinstance(o, torch.optim.Optimizer), isinstance(o, torch.optim.AdamW), type(o).__name__, type(o) is torch.optim.AdamW, str(type(o))",
		"str(torch.optim.AdamW([{'params': [w]}, {'params': [b], 'lr': 0.1}]))",
		"torch.optim.Adam([w, b]).param_groups[0]['betas']",
		"sorted(k for k in torch.optim.RMSprop([w]).param_groups[0] if k != 'params')",
		"[list(getattr(torch.optim, n)([w], lr=0.1).defaults) for n in ['SGD', 'Adam', 'AdamW', 'RMSprop', 'Adagrad', 'Adadelta', 'Adamax', 'NAdam', 'RAdam', 'ASGD', 'Rprop']]",
		"opt = torch.optim.Adam([w, b])\ntrain(opt, w, b, 2)\nsd = opt.state_dict()\n(sd['param_groups'], sorted(sd['state']), list(sd['state'][0]), sd['state'][1]['step'].item())",
		"opt = torch.optim.RMSprop([w], momentum=0.1)\ntrain(opt, w, b, 2)\n(list(opt.state_dict()['state'][0]), opt.state_dict()['state'][0]['step'])",
		"opt = torch.optim.SGD([w], lr=0.1)\ntrain(opt, w, b, 1)\nopt.state_dict()['state']",
		"opt = torch.optim.SGD([w], lr=0.1)\ntrain(opt, w, b, 1)\nopt.zero_grad()\nw.grad.abs().sum().item()",
		"opt = torch.optim.SGD([w], lr=0.1)\ntrain(opt, w, b, 1)\nopt.zero_grad(set_to_none=True)\nw.grad is None",
		"len(torch.optim.Adagrad([w, b]).state)",
		"opt = torch.optim.Adam([w])\ntrain(opt, w, b, 1)\n(list(opt.state[w]), w in opt.state, b in opt.state, len({w, b, w}))",
		"torch.optim.SGD(w, lr=0.1)",
		"torch.optim.SGD([], lr=0.1)",
		"torch.optim.SGD([w])",
		"torch.optim.SGD([w], lr=-1)",
		"torch.optim.Adam([w], betas=(1.5, 0.9))",
		"torch.optim.SGD([w], lr=0.1, nesterov=True)",
		"torch.optim.SGD([w, w], lr=0.1)",
		"torch.optim.SGD([w * 2], lr=0.1)",
		"torch.optim.SGD([{'params': [w]}, {'params': [w]}], lr=0.1)",
		"opt = torch.optim.SGD([w], lr=0.1)\nopt.load_state_dict(torch.optim.SGD([w, b], lr=0.1).state_dict())",
		"opt = torch.optim.SGD([w], lr=0.1)\nopt.load_state_dict({'state': {}, 'param_groups': []})",
	})
}
