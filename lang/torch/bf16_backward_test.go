package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestBFloat16BackwardMatchesTorch compares, bit for bit, the bfloat16
// gradients of operations whose backward PyTorch computes in one fused
// kernel (in float32, rounded once: tanh, sigmoid, gelu) or step by step
// in bfloat16 (exp, asinh's (x.pow(2) + 1).rsqrt()).
func TestBFloat16BackwardMatchesTorch(t *testing.T) {
	prelude := "import torch\nx = (torch.linspace(0.1, 3.0, 300) * torch.tensor([1.0, -1.0]).repeat(150)).to(torch.bfloat16).requires_grad_()\ng = torch.linspace(-1.3, 2.1, 300).to(torch.bfloat16)\n"
	var srcs []string
	for _, f := range []string{"torch.tanh(x)", "torch.sigmoid(x)", "torch.nn.functional.gelu(x)", "torch.exp(x)", "torch.sin(x)"} {
		srcs = append(srcs, f+".backward(g)\n(x.grad.dtype, x.grad.float().tolist())")
	}
	srcs = append(srcs, "torch.asinh(x[:288]).backward(g[:288])\nx.grad.float().tolist()")
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
