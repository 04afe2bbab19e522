package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestMemoryFormatMatchesTorch compares memory_format= of torch.empty,
// the *_like functions, Tensor.to and is_contiguous with PyTorch 1.13:
// the strides each result gets (the *_like functions keep a dense input's
// strides by default, PyTorch's preserve_format) and the refusals.
func TestMemoryFormatMatchesTorch(t *testing.T) {
	prelude := "import torch\nx = torch.arange(120.).reshape(2, 3, 4, 5)\ncl = torch.channels_last\ny = x.contiguous(memory_format=cl)\n"
	langtest.CheckMatchesTorch(t, prelude, []string{
		"torch.empty(2, 3, 4, 5, memory_format=cl).stride(), torch.empty((2, 3, 4, 5), memory_format=cl).is_contiguous(memory_format=cl), torch.empty(2, 3, memory_format=torch.contiguous_format).stride()",
		"torch.empty(2, 3, 4, 5, 6, memory_format=torch.channels_last_3d).stride(), torch.empty(1, 3, 1, 1).is_contiguous(memory_format=cl)",
		"torch.empty(2, 3, memory_format=cl)",
		"torch.empty(2, 3, memory_format=torch.preserve_format)",
		"[f(x, memory_format=cl).stride() for f in [torch.empty_like, torch.zeros_like, torch.ones_like, torch.rand_like]], torch.full_like(x, 7, memory_format=cl).stride()",
		"[f(y).stride() for f in [torch.empty_like, torch.zeros_like, torch.ones_like]], torch.full_like(y, 2.5).stride(), torch.zeros_like(y, memory_format=torch.contiguous_format).stride()",
		"[torch.empty_like(v).stride() for v in [x.permute(0, 2, 3, 1), x.permute(3, 2, 1, 0), x.transpose(0, 1), x[:, :, ::2], x[:, :1], x.expand(2, 2, 3, 4, 5)[0]]]",
		"z = torch.zeros_like(x.t() if x.dim() == 2 else x.permute(3, 2, 1, 0), dtype=torch.int64)\nz.dtype, z.stride(), z.sum().item()",
		"o = torch.ones_like(y, dtype=torch.float64)\no.stride(), o.sum().item(), torch.full_like(y, 3).sum().item()",
		"torch.manual_seed(0)\na = torch.rand_like(x)\ntorch.manual_seed(0)\nb = torch.rand_like(y)\nb.stride(), bool((a.flatten() == b.permute(0, 2, 3, 1).flatten()).all())",
		"torch.zeros_like(x[0], memory_format=cl)",
		"[v.stride() for v in [x.to(memory_format=cl), x.to(torch.float64, memory_format=cl), x.to('cpu', torch.float64, memory_format=cl), y.to(memory_format=torch.contiguous_format), y.to(torch.float64, memory_format=torch.preserve_format)]]",
		"x.to(memory_format=cl).is_contiguous(memory_format=cl), y.to(memory_format=cl) is y, x.to(memory_format=torch.contiguous_format) is x, bool((x.to(memory_format=cl) == x).all())",
		"x.reshape(6, 20).to(memory_format=cl)",
		"[v.stride() for v in [y.clone(), torch.clone(y), y.float(), y.double(), y.long(), y.to(torch.int32), y.to(torch.float16), y.to(copy=True), x.permute(0, 2, 3, 1).clone(), x.transpose(1, 2).double(), x[:, :, ::2].clone()]]",
		"w = y.clone().requires_grad_()\nr = [w.clone(), w.double(), w.to(torch.float64), w.long()]\n[v.grad_fn.name() if v.grad_fn else None for v in r], r[1].stride()",
		"w = y.clone().requires_grad_()\n(w.double() * torch.arange(120.).reshape(2, 3, 4, 5)).sum().backward()\nw.grad.shape, bool((w.grad == torch.arange(120.).reshape(2, 3, 4, 5)).all())",
		"w = x.clone().requires_grad_()\n(w.to(memory_format=cl) * 2).sum().backward()\nw.grad.sum().item()",
		"[x.is_contiguous(memory_format=f) for f in [cl, torch.contiguous_format, torch.preserve_format]], [y.is_contiguous(memory_format=f) for f in [cl, torch.contiguous_format]], y.is_contiguous()",
		"x[:, :1].is_contiguous(memory_format=cl), y[:, :1].is_contiguous(memory_format=cl), x.reshape(6, 20).is_contiguous(memory_format=cl), x.reshape(2, 3, 4, 5, 1).is_contiguous(memory_format=torch.channels_last_3d)",
		"x.is_contiguous(memory_format='x')",
	})
}
