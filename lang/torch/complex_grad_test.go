package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// complexGradPrelude defines grads(f, *leaves), which runs f().backward()
// and returns the name of the output's grad_fn and each leaf's gradient as
// a list of floats (a complex gradient as its real and imaginary parts)
// rounded to d decimals. The rounding is the tolerance: kael and PyTorch
// order some complex operations differently, so results differ in the last
// bits (complex128: relative 1e-15, so 6 decimals of values below 100 are
// exact; complex64: relative 1e-7, so 3 decimals). Adding 0.0 turns a
// rounded -0.0 into 0.0.
const complexGradPrelude = `import torch
import torch.fft
def parts(t, d):
    if t is None:
        return None
    t = torch.view_as_real(t * 1) if t.is_complex() else t  # * 1: PyTorch's conj is a lazy view
    return [round(v, d) + 0.0 for v in t.flatten().tolist()]
def grads(f, *ts, d=6):
    for t in ts:
        t.grad = None
    y = f()
    y.backward()
    return type(y.grad_fn).__name__, [parts(t.grad, d) for t in ts]
z = torch.tensor([1+2j, -0.5+1j, 3-1j], dtype=torch.complex128, requires_grad=True)
w = torch.tensor([0.5-1j, 2+0.25j, -1+1j], dtype=torch.complex128, requires_grad=True)
x = torch.tensor([0.3, 1.2, 2.0], dtype=torch.float64, requires_grad=True)
m = torch.tensor([[1+1j, 2-0.5j], [0.25j, -1+0j], [3, 1-2j]], dtype=torch.complex128, requires_grad=True)
`

// TestComplexGradMatchesTorch compares the gradients of complex
// computations with PyTorch 1.13's: every differentiable complex
// operation, mixed real and complex operands, the views between real and
// complex tensors, torch.fft, the graph's node names and the errors.
// (torch.dot and a 1-D @ 1-D of complex tensors are left out: Debian's
// PyTorch 1.13 computes them as 0, a BLAS fault of that build.)
func TestComplexGradMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, complexGradPrelude, []string{
		// element-wise
		"grads(lambda: (z * w).abs().sum(), z, w)",
		"grads(lambda: (z / w).abs().sum(), z, w)",
		"grads(lambda: (z - 2 * w + 1j).abs().sum(), z, w)",
		"grads(lambda: (-z * w).real.sum(), z, w)",
		"grads(lambda: (z.conj() * w).imag.sum(), z, w)",
		"grads(lambda: torch.conj(z).abs().sum() + z.angle().sum(), z)",
		"grads(lambda: z.abs().sum(), z), grads(lambda: z.angle().sum(), z)",
		"grads(lambda: z.exp().abs().sum(), z), grads(lambda: z.log().imag.sum(), z)",
		"grads(lambda: (z.sqrt() * w).real.sum(), z, w)",
		"grads(lambda: z.sin().abs().sum(), z), grads(lambda: z.cos().abs().sum(), z), grads(lambda: z.tanh().abs().sum(), z)",
		"grads(lambda: (z ** 2).abs().sum(), z), grads(lambda: (z ** 3).imag.sum(), z)",
		"grads(lambda: (z ** w).abs().sum(), z, w), grads(lambda: (2 ** z).abs().sum(), z)",
		"grads(lambda: (x ** z).abs().sum(), z, x), grads(lambda: (z ** 1.5).abs().sum(), z)",
		"grads(lambda: (z ** (1.5 + 1j)).abs().sum(), z), grads(lambda: (z ** x).abs().sum(), z, x)",
		// mixed real and complex operands, casts
		"grads(lambda: (x * z).abs().sum(), z, x), grads(lambda: (z / x).real.sum(), z, x)",
		"grads(lambda: (x.to(torch.complex128) * z).abs().sum(), z, x)",
		"grads(lambda: (z.reshape(3, 1) * w).abs().sum(), z, w)",
		// reductions, products, views
		"grads(lambda: (z * w).mean().abs(), z, w), grads(lambda: (m * m).sum(0).abs().sum(), m)",
		"grads(lambda: (m.T @ m).abs().sum(), m), grads(lambda: (m @ z[:2]).abs().sum(), m, z)",
		"grads(lambda: (z[1:] * w[:2]).abs().sum() + z[[0, 0]].imag.sum(), z, w)",
		"grads(lambda: (m[:, 1] * m[0, 0]).abs().sum() + m.flatten()[torch.tensor([5, 5, 0])].abs().sum(), m)",
		"grads(lambda: torch.cat([z, w]).abs().sum() + torch.stack([z, w]).roll(1, 1)[0].real.sum(), z, w)",
		"grads(lambda: torch.where(x > 1, z, w).abs().sum(), z, w)",
		"grads(lambda: m.t().unsqueeze(0).squeeze(0).permute(1, 0).expand(2, 3, 2).abs().sum(), m)",
		// the bridges between real and complex tensors
		"grads(lambda: (torch.view_as_real(z) ** 2 * x.reshape(3, 1)).sum(), z, x)",
		"grads(lambda: torch.view_as_complex(torch.stack([x, x * x], -1)).abs().sum(), x)",
		"grads(lambda: (torch.complex(x, x.exp()) * z).abs().sum(), z, x)",
		"grads(lambda: (z.real * z.imag).sum() + torch.real(w).sum() + torch.imag(w).sum(), z, w)",
		"type(torch.view_as_real(z).grad_fn).__name__, type(z.real.grad_fn).__name__, type(torch.complex(x, x).grad_fn).__name__",
		// torch.fft
		"grads(lambda: torch.fft.fft(z, n=5).abs().sum(), z), grads(lambda: torch.fft.fft(z, n=2, norm='ortho').abs().sum(), z)",
		"grads(lambda: torch.fft.ifft(z, norm='forward').abs().sum(), z), grads(lambda: torch.fft.fft(x).abs().sum(), x)",
		"grads(lambda: (torch.fft.rfft(x, n=5) * w).real.sum(), x, w), grads(lambda: (torch.fft.rfft(x, n=4, norm='ortho') * w).abs().sum(), x, w)",
		"grads(lambda: (torch.fft.irfft(z) * torch.tensor([1., 2., 3., 4.], dtype=torch.float64)).sum(), z)",
		"grads(lambda: (torch.fft.irfft(z, n=5, norm='forward') ** 2).sum(), z), grads(lambda: (torch.fft.irfft(z, n=2) ** 2).sum(), z)",
		"grads(lambda: torch.fft.fftn(m, s=(2, 4)).abs().sum(), m), grads(lambda: torch.fft.ifft2(m, norm='ortho').abs().sum(), m)",
		"grads(lambda: (torch.fft.fftshift(m) * torch.arange(6.).reshape(3, 2)).abs().sum(), m), grads(lambda: torch.fft.ifftshift(z, dim=0).real.sum(), z)",
		"grads(lambda: torch.fft.fft(m, dim=0).abs().sum(), m)",
		"grads(lambda: (torch.fft.hfft(m, n=5) * torch.arange(5.)).sum(), m), grads(lambda: torch.fft.ihfft(x, norm='ortho').abs().sum(), x)",
		"grads(lambda: torch.fft.rfftn(m.real, s=(2, 4)).abs().sum(), m), grads(lambda: torch.fft.irfftn(m).pow(2).sum(), m)",
		"grads(lambda: torch.fft.hfft2(m, norm='forward').pow(2).sum(), m), grads(lambda: torch.fft.ihfftn(m.imag, s=(4, 3)).abs().sum(), m)",
		// complex64 (3 decimals: single precision)
		"z32, w32 = z.detach().to(torch.complex64).requires_grad_(), w.detach().to(torch.complex64).requires_grad_()\ngrads(lambda: (z32 * w32 / (z32 + 3)).abs().sum(), z32, w32, d=3), z32.grad.dtype",
		"z32 = z.detach().to(torch.complex64).requires_grad_()\ngrads(lambda: torch.fft.fft(z32.exp()).abs().sum(), z32, d=3), grads(lambda: torch.fft.irfft(z32).sum(), z32, d=3)",
		// explicit gradients, autograd.grad, a complex scalar output
		"y = z * w\ny.backward(torch.tensor([1, 1j, 1 - 1j], dtype=torch.complex128))\nparts(z.grad, 6), parts(w.grad, 6)",
		"y = (z * z).sum()\ny.backward()\nparts(z.grad, 6)",
		"[parts(g, 6) for g in torch.autograd.grad((z * w).abs().sum(), (z, w))]",
		"torch.tensor([1+1j], requires_grad=True), torch.ones(2, dtype=torch.cfloat).requires_grad_().requires_grad",
		"(z * z).backward()",
		"(z * w).backward(torch.ones(2, dtype=torch.complex128))",
		"torch.tensor([1, 2]).requires_grad_()", "torch.tensor([1, 2], requires_grad=True)",
	})
}

// TestComplexGradcheckMatchesTorch runs torch.autograd.gradcheck on
// complex functions, which both check over the real and imaginary parts
// of inputs and outputs.
func TestComplexGradcheckMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, complexGradPrelude, []string{
		"torch.autograd.gradcheck(lambda a, b: a * b.conj() + a.exp() / b, (z, w))",
		"torch.autograd.gradcheck(lambda a, b: (a ** b).abs() + torch.view_as_real(a * b).sum(-1), (z, w))",
		"torch.autograd.gradcheck(lambda a: torch.fft.irfft(torch.fft.fft(a, n=4)), (m,))",
		"torch.autograd.gradcheck(lambda a, r: torch.fft.rfft(r * a.real, n=6, norm='ortho'), (z, x))",
		"torch.autograd.gradcheck(lambda a: a.conj(), (z.detach().to(torch.complex64).requires_grad_(),), raise_exception=False)",
	})
}
