package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestNumberFirstMatchesTorch compares binary functions given a Python
// number as input with PyTorch 1.13: add, sub, mul and the divisions take
// numbers wherever a tensor goes (both operands too), remainder, xlogy,
// float_power and the bitwise functions take one before a tensor, and the
// other binary functions refuse it.
func TestNumberFirstMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nT = torch.tensor([1, 2, 5])\nF = torch.tensor([1.5, 2., -3.])\nH = torch.tensor([1., 2.], dtype=torch.float16)\ndef err(f):\n    try:\n        f()\n    except Exception as e:\n        return type(e).__name__\n", []string{
		"[(r.tolist(), r.dtype) for r in [torch.add(3, T), torch.sub(3, T), torch.mul(3, T), torch.div(3, T), torch.true_divide(3, T), torch.floor_divide(7, T)]]",
		"[(r.tolist(), r.dtype) for r in [torch.add(2.5, T), torch.sub(2.5, F), torch.mul(True, T), torch.div(1j, F.abs()), torch.multiply(2, H), torch.subtract(2, H), torch.divide(7, T, rounding_mode='floor')]]",
		"[(r.tolist(), r.dtype, r.dim()) for r in [torch.add(2, 3), torch.sub(2.5, 1), torch.mul(True, False), torch.div(2, 3), torch.floor_divide(7, 2)]]",
		"torch.add(2, T, alpha=3).tolist(), torch.sub(10, T, alpha=2).tolist(), torch.add(input=2, other=T).tolist()",
		"o = torch.empty(3, dtype=torch.long)\nr = torch.add(2, T, out=o)\nr is o, o.tolist()",
		"[(r.tolist(), r.dtype) for r in [torch.remainder(7, T), torch.remainder(-7.5, F), torch.xlogy(2, F.abs()), torch.float_power(2, T), torch.float_power(0.5, F)]]",
		"[(r.tolist(), r.dtype) for r in [torch.bitwise_and(6, T), torch.bitwise_or(6, T), torch.bitwise_xor(6, T), torch.bitwise_left_shift(3, T), torch.bitwise_right_shift(64, T)]]",
		"x = torch.tensor([1., 2.], requires_grad=True)\ny = torch.mul(3, x)\ny.sum().backward()\nx.grad.tolist(), y.grad_fn.name()",
		"x = torch.tensor([1., 2.], requires_grad=True)\ny = torch.sub(3, x)\ny.sum().backward()\nx.grad.tolist(), [r.grad_fn.name() for r in [y, 3 - x, torch.rsub(x, 3), torch.sub(3, x, alpha=2), torch.sub(x, 3), torch.subtract(3, x)]]",
		"x = torch.tensor([1., 2.], requires_grad=True)\ny = torch.xlogy(3, x)\ny.sum().backward()\nx.grad.tolist(), y.grad_fn.name()",
		"[err(f) for f in [lambda: torch.bitwise_and(6, 3), lambda: torch.remainder(7, 2), lambda: torch.xlogy(2, 3), lambda: torch.float_power(2, 3)]]",
		"[err(f) for f in [lambda: torch.add([1, 2], T), lambda: torch.add('a', T), lambda: torch.maximum(2, T), lambda: torch.atan2(2, F), lambda: torch.eq(2, T)]]",
	})
}
