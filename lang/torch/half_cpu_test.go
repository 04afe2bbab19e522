package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestHalfRefusalsMatchTorch runs element-wise operations on float16
// tensors: those PyTorch 1.13 has no CPU kernel for raise its error
// ("exp_vml_cpu" not implemented for 'Half'), the others compute, and
// bfloat16 computes them all, as in Debian's PyTorch.
func TestHalfRefusalsMatchTorch(t *testing.T) {
	prelude := "import torch\nx = torch.tensor([0.5, -0.25, 2.0], dtype=torch.float16)\ny = torch.tensor([1.5, 0.75, -2.0], dtype=torch.float16)\nb = x.to(torch.bfloat16)\n"
	var srcs []string
	for _, op := range []string{"acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "erf", "erfc", "exp", "expm1", "floor", "log", "log10", "log1p", "log2", "relu", "round", "rsqrt", "sigmoid", "sin", "sinh", "sqrt", "tan", "tanh", "trunc", "abs", "neg", "reciprocal", "sign", "frac"} {
		srcs = append(srcs, "torch."+op+"(x)", "torch."+op+"(b).float().tolist()")
	}
	for _, op := range []string{"atan2", "hypot", "add", "mul", "sub", "div", "maximum", "minimum", "pow", "remainder"} {
		srcs = append(srcs, "torch."+op+"(x, y).tolist()", "torch."+op+"(b, y.to(torch.bfloat16)).float().tolist()")
	}
	srcs = append(srcs, "torch.nn.functional.gelu(x)", "torch.nn.functional.silu(x)", "x.exp_()", "torch.exp(x.float()).half().tolist()", "x.sqrt().tolist()",
		// std and norm take a square root PyTorch computes for float16
		"(x.std().item(), x.var().item(), x.norm().item(), torch.linalg.vector_norm(x, 3).item())")
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
