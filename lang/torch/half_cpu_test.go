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
	// the special functions (float16 only: their bfloat16 results round
	// from float32, where a last bit may differ from PyTorch's)
	for _, op := range []string{"exp2", "erfinv", "lgamma", "digamma", "i0", "sinc", "signbit"} {
		srcs = append(srcs, "torch."+op+"(x)")
	}
	for _, op := range []string{"copysign", "fmod", "fmax", "fmin", "logaddexp", "logaddexp2", "xlogy", "nextafter", "heaviside"} {
		srcs = append(srcs, "torch."+op+"(x, y)")
	}
	srcs = append(srcs, "torch.signbit(x.to(torch.complex64))", "torch.nn.functional.gelu(x)", "torch.nn.functional.silu(x)", "x.exp_()", "torch.exp(x.float()).half().tolist()", "x.sqrt().tolist()",
		// std and norm take a square root PyTorch computes for float16
		"(x.std().item(), x.var().item(), x.norm().item(), torch.linalg.vector_norm(x, 3).item())")
	langtest.CheckMatchesTorch(t, prelude, srcs)
}

// TestHalfKernelRefusalsMatchTorch runs the operations beyond the
// element-wise ones that PyTorch 1.13's CPU has no float16 kernel for
// (matrix products as torch.matmul folds them, softmax, convolutions,
// pooling, normalization, losses, scans, selections, the activations of
// torch.nn.functional): each raises PyTorch's error naming its kernel,
// and the bfloat16 activations compute as PyTorch's do.
func TestHalfKernelRefusalsMatchTorch(t *testing.T) {
	prelude := "import torch\nimport torch.nn.functional as F\nh = lambda *s: torch.ones(*s, dtype=torch.float16)\nx = torch.tensor([[0.5, -0.25, 2.0], [1.0, 0.5, -1.5]], dtype=torch.float16)\nv = torch.tensor([0.5, -0.25, 2.0], dtype=torch.float16)\nimg = h(1, 1, 4, 4)\nw = h(1, 1, 2, 2)\nb = torch.tensor([0.5, -0.25, 2.0, -3.0], dtype=torch.bfloat16)\n"
	srcs := []string{
		"x @ x.T", "torch.mm(x, x.T)", "torch.bmm(x[None], x.T[None])", "torch.dot(v, v)", "v @ v",
		"x @ v", "v @ x.T", "h(4, 2, 3) @ v", "h(4, 2, 3) @ h(3, 2)", "v @ h(4, 3, 2)", "x @ h(4, 3, 2)",
		"h(4, 2, 3) @ h(4, 3, 2)", "h(5, 4, 2, 3) @ h(3, 2)", "F.linear(x, x)", "F.linear(v, x, v[:2])",
		"torch.nn.Linear(3, 2).half()(x)", "torch.einsum('ij,kj->ik', x, x)",
		"torch.softmax(x, 1)", "torch.softmax(x, 0)", "torch.log_softmax(x, -1)", "torch.log_softmax(x, 0)",
		"F.softmin(x, 1)", "F.cross_entropy(x, torch.tensor([0, 1]))", "F.nll_loss(x, torch.tensor([0, 1]))",
		"F.conv2d(img, w)", "F.conv1d(h(1, 1, 4), h(1, 1, 2))", "F.conv_transpose2d(img, w)",
		"F.conv_transpose1d(h(1, 1, 4), h(1, 1, 2))", "F.conv3d(img[None], w[None])",
		"F.max_pool2d(img, 2)", "F.avg_pool2d(img, 2)", "F.avg_pool1d(h(1, 1, 4), 2)",
		"F.layer_norm(x, (3,))", "x.prod()", "x.cumsum(0)", "x.topk(1)", "v.median()", "x.median(0)",
		"v.kthvalue(1)", "torch.trace(x[:, :2])",
		"F.softplus(x)", "F.elu(x)", "F.selu(x)", "F.celu(x)", "F.leaky_relu(x)", "F.hardtanh(x)", "F.relu6(x)",
		"F.logsigmoid(x)", "F.mish(x)", "F.hardswish(x)", "F.hardsigmoid(x)", "F.hardshrink(x)", "F.softshrink(x)",
		"F.threshold(x, 0.1, 0.)", "F.mish(b)",
		"F.softplus(b), F.elu(b), F.leaky_relu(b), F.hardtanh(b), F.logsigmoid(b), F.hardswish(b)",
		"F.hardsigmoid(b), F.selu(b), F.celu(b), F.threshold(b, 0.1, 0.), F.hardshrink(b), F.softshrink(b)",
		// what PyTorch computes in float16 on the CPU, kael computes too
		"x.sum().item(), x.max().item(), v.sort().values.tolist(), F.mse_loss(x, x).item(), F.embedding(torch.tensor([1]), x).tolist()",
	}
	langtest.CheckMatchesTorch(t, prelude, srcs)
}
