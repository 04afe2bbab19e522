package torch

import (
	"testing"

	"github.com/kael-dev/kael/internal/reftest"
)

// gradcheckPrelude defines custom Functions in the style of PyTorch's
// tutorial "Fusing Convolution and Batch Norm using Custom Function":
// backward decorated with once_differentiable, checked with gradcheck.
const gradcheckPrelude = `import torch
import torch.nn.functional as F
from torch.autograd.function import once_differentiable
torch.manual_seed(0)
class Conv2D(torch.autograd.Function):
    @staticmethod
    def forward(ctx, X, weight):
        ctx.save_for_backward(X, weight)
        return F.conv2d(X, weight)
    @staticmethod
    @once_differentiable
    def backward(ctx, grad_out):
        X, weight = ctx.saved_tensors
        seen.append(torch.is_grad_enabled())
        grad_w = F.conv2d(X.transpose(0, 1), grad_out.transpose(0, 1)).transpose(0, 1)
        return F.conv_transpose2d(grad_out, weight), grad_w
class Wrong(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * 2
    @staticmethod
    @once_differentiable
    def backward(ctx, g):
        return g * 3
seen = []
W = torch.rand(2, 3, 3, 3, requires_grad=True, dtype=torch.double)
X = torch.rand(2, 3, 5, 5, requires_grad=True, dtype=torch.double)
def outcome(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__, str(e)
`

// gradcheckCases are checked against PyTorch 1.13: once_differentiable runs
// backward with grad mode off and keeps its result, and gradcheck takes
// PyTorch's keyword arguments.
var gradcheckCases = []string{
	"torch.autograd.gradcheck(Conv2D.apply, (X, W)), seen[-1]",
	"torch.autograd.gradcheck(Conv2D.apply, (X, W), fast_mode=True), torch.autograd.gradcheck(Conv2D.apply, (X, W), fast_mode=False, nondet_tol=0.0, check_undefined_grad=True, check_grad_dtypes=True)",
	"y = Conv2D.apply(X, W)\ny.sum().backward()\ny.grad_fn.name(), X.grad.sum().item(), W.grad.sum().item(), seen[-1]",
	"x = torch.rand(3, requires_grad=True, dtype=torch.double)\ntorch.autograd.gradcheck(Wrong.apply, (x,), raise_exception=False)",
	"x = torch.rand(3, requires_grad=True, dtype=torch.double)\noutcome(lambda: torch.autograd.gradcheck(Wrong.apply, (x,), check_backward_ad=False))",
	"from torch.autograd.function import once_differentiable as o\nf = o(lambda ctx, g: (g * 2, torch.is_grad_enabled()))\nf(None, torch.ones(2))",
	"x = torch.tensor([1.5, 2.0], dtype=torch.double, requires_grad=True)\nv = torch.ones(3, dtype=torch.double, requires_grad=True)\nclass Sq(torch.autograd.Function):\n    @staticmethod\n    def forward(ctx, x):\n        ctx.save_for_backward(x)\n        return x * x\n    @staticmethod\n    @once_differentiable\n    def backward(ctx, g):\n        x, = ctx.saved_tensors\n        return 2 * x * g\ng, = torch.autograd.grad(Sq.apply(x * 3), x, grad_outputs=v[:2], create_graph=True)\ng.tolist(), g.requires_grad, outcome(lambda: g.sum().backward())",
}

// TestOnceDifferentiableAndGradcheckMatchTorch runs gradcheckCases in kael
// and PyTorch.
func TestOnceDifferentiableAndGradcheckMatchTorch(t *testing.T) {
	checkCloseToTorch(t, gradcheckPrelude, gradcheckCases, reftest.Tolerance{Abs: 1e-9, Rel: 1e-9})
}
