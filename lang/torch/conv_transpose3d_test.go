package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestConvTranspose3dMatchesTorch checks F.conv_transpose3d and
// nn.ConvTranspose3d against Debian's PyTorch: values and gradients with
// stride, padding, output padding, dilation and groups, the layer's repr
// and initialisation from the seed, and the errors.
func TestConvTranspose3dMatchesTorch(t *testing.T) {
	prelude := `import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)
r = lambda t: [round(v, 3) for v in t.flatten().tolist()]
def g(f, *xs):
    xs = [x.clone().requires_grad_(True) for x in xs]
    out = f(*xs)
    out.sum().backward()
    return out.shape, r(out), [r(x.grad) for x in xs]
def err(f):
    try:
        return f()
    except Exception as e:
        return type(e).__name__, str(e)
x = torch.randn(2, 4, 3, 2, 3)
w = torch.randn(4, 2, 2, 3, 2)
b = torch.randn(2)
`
	srcs := []string{
		"g(lambda x, w, b: F.conv_transpose3d(x, w, b), x, w, b)",
		"g(lambda x, w: F.conv_transpose3d(x, w, stride=2, padding=1, output_padding=1), x, w)",
		"g(lambda x, w: F.conv_transpose3d(x[0], w, stride=(2, 1, 3), padding=(0, 1, 1), dilation=(2, 1, 1)), x, w)",
		"g(lambda x, w: F.conv_transpose3d(x, w, groups=2, stride=(1, 2, 1)), x, w)",
		"torch.manual_seed(1)\nm = nn.ConvTranspose3d(4, 3, 2, stride=2, padding=(1, 0, 0), output_padding=1, bias=False)\nm, m.weight.shape, r(m.weight)[:6], m.output_padding, m.kernel_size",
		"torch.manual_seed(2)\nm = nn.ConvTranspose3d(4, 6, (2, 1, 3), groups=2, dilation=2)\nm, r(m.bias), g(lambda x: m(x), x)[:2]",
		"err(lambda: F.conv_transpose3d(x, w, stride=1, output_padding=1))",
		"err(lambda: F.conv_transpose3d(x[0, 0], w))",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
