package torch

import (
	"testing"

	"github.com/kael-dev/kael/lang/internal/langtest"
)

// TestComplexMatchesTorch compares complex tensors in the language with
// PyTorch 1.13: creation from Python complex numbers and torch.complex,
// the dtype names and aliases, printing, arithmetic with broadcasting and
// Python scalars, the complex functions and views, and the refusals of
// operations PyTorch has no complex kernel for.
func TestComplexMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\na = torch.tensor([1+2j, -0.5j, 3.25])\nm = torch.tensor([[1+1j, 2], [3j, 4]])\n", []string{
		// a complex value is true unless both parts are zero (but .bool()
		// reads the real part, with a warning)
		"z = torch.tensor([1j, 0j, 2+0j, -0.5j])\ntorch.logical_not(z), torch.nonzero(z), torch.logical_and(z, z), torch.logical_xor(z, torch.zeros(4)), torch.any(z), torch.all(z), z.any(0), torch.any(torch.zeros(2, dtype=torch.complex128))",
		"a",
		"a.to(torch.complex128)",
		"torch.tensor(1+2j), torch.tensor([[1.5+2j, 100], [1e-5j, 3]])",
		"a.dtype, a.is_complex(), torch.is_complex(a), a.dtype.is_complex, a.dtype.is_floating_point, a.element_size()",
		"torch.cfloat, torch.cdouble, torch.complex64 is torch.cfloat, torch.ones(2, dtype=torch.cdouble).element_size()",
		"a.real, a.imag, torch.real(a), torch.imag(a)",
		"a.abs(), a.angle(), a.conj(), torch.view_as_real(a)",
		"a * 2, a + 1j, a / (1+1j), a - torch.tensor([1., 2., 3.], dtype=torch.float64)",
		"m @ m, m.sum(), m.mean(), m.sum(0)",
		"m + torch.tensor([1, 2]), m * torch.tensor([True, False])",
		"torch.complex(torch.tensor([1.]), torch.tensor([2.])), torch.complex(torch.tensor([1.], dtype=torch.float64), torch.tensor([[2.], [3.]], dtype=torch.float64))",
		"torch.view_as_complex(torch.tensor([[1., 2.], [3., 4.]]))",
		"torch.zeros(2, dtype=torch.cfloat), torch.ones(2, dtype=torch.cdouble), torch.full((2,), 1+1j).dtype",
		"a[0].item(), a.tolist(), complex(a[0])",
		"torch.manual_seed(0)\ntorch.randn(3, dtype=torch.cfloat)",
		"torch.result_type(torch.ones(2), 1j), torch.promote_types(torch.float64, torch.complex64), torch.can_cast(torch.complex64, torch.float64)",
		"a == a.conj(), a != 1+2j",
		"a.real[0] = 5\na",
		"a < a", "a.max()", "torch.maximum(a, a)", "a.floor()", "a.sign()", "a.sort()", "a // a",
		"torch.fmax(a, a)", "torch.fmin(a, a)", "torch.heaviside(a, a)", "torch.signbit(a)", "torch.copysign(a, a)",
		"torch.xlogy(a, a)", "torch.nansum(a)", "torch.nanmean(a)",
		"torch.view_as_real(torch.ones(2))",
		"torch.view_as_complex(torch.ones(3))",
		"torch.ones(2).imag",
		"torch.tensor([1+2j], dtype=torch.float32)",
		"torch.tensor([1, 2.5, 1j]), torch.finfo(torch.cfloat), torch.finfo(torch.cdouble).eps",
		"float(a[0])", "int(a[0])",
		"a.long(), a[a.real > 2], torch.cat([a, torch.tensor([1.5])]), torch.where(a.real > 2, a, 0)",
		"a.reshape(3, 1) * a, a.sum(dim=0, keepdim=True), torch.empty(0, dtype=torch.cfloat)",
		"a.clone().add_(1j), a + True, str(a[1])",
	})
}

// TestFFTMatchesTorch compares torch.fft with PyTorch 1.13: every function,
// n=, dim=, s=, norm=, real, complex and integer inputs, and the errors.
func TestFFTMatchesTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nimport torch.fft\nx = torch.tensor([1., 2., 3., 4., 0.5])\nm = torch.arange(12.).reshape(3, 4)\n", []string{
		"torch.fft.fft(x), torch.fft.ifft(torch.fft.fft(x))",
		"torch.fft.fft(x, n=8, norm='ortho'), torch.fft.fft(x, n=3, norm='forward')",
		"torch.fft.rfft(x), torch.fft.irfft(torch.fft.rfft(x), n=5), torch.fft.irfft(torch.fft.rfft(x))",
		"torch.fft.rfft(x, n=6, norm='ortho'), torch.fft.irfft(torch.fft.rfft(torch.tensor([1., 2, 3, 4, 5, 6])), norm='ortho')",
		"torch.fft.fftn(m), torch.fft.ifftn(m, norm='forward'), torch.fft.fft(m, dim=0)",
		"torch.fft.fftn(m, s=(2, 5)), torch.fft.fftn(m, dim=(1,)), torch.fft.ifftn(m, s=(4,), dim=(0,))",
		"torch.fft.fftfreq(5), torch.fft.fftfreq(6, d=0.1), torch.fft.rfftfreq(7), torch.fft.rfftfreq(8, 2.0)",
		"torch.fft.fftfreq(4, dtype=torch.float64)",
		"torch.fft.fftshift(torch.fft.fftfreq(6)), torch.fft.ifftshift(torch.fft.fftshift(torch.arange(5)))",
		"torch.fft.fftshift(m), torch.fft.fftshift(m, dim=1), torch.fft.ifftshift(m, dim=(0,))",
		"torch.fft.fft(torch.arange(4, dtype=torch.float64)), torch.fft.fft(torch.arange(4))",
		"torch.fft.fft(torch.tensor([1+1j, 2, 3j])), torch.fft.ifft(torch.tensor([1+1j, 2, 3j], dtype=torch.complex128))",
		"torch.fft.rfft(torch.tensor([1j]))",
		"torch.fft.fft2(m), torch.fft.ifft2(m, s=(2, 2)), torch.fft.fft2(torch.ones(2, 3, 4), dim=(0, 2))",
		"m.cfloat(), m.cdouble().dtype",
		"torch.fft.fft(x, norm='sideways')",
		"torch.fft.fft(x, n=0)",
		"torch.fft.fft(x, dim=1)",
	})
}

// TestFFTRealFormsMatchTorch compares the rest of torch.fft with PyTorch
// 1.13: hfft and ihfft, and the n-dimensional and two-dimensional forms
// of the real and Hermitian transforms, with s=, dim=, norm=, integer and
// float64 inputs, and their errors.
func TestFFTRealFormsMatchTorch(t *testing.T) {
	langtest.CheckMatchesTorch(t, "import torch\nimport torch.fft\nx = torch.tensor([1., 2., 3., 4., 0.5])\nm = torch.arange(12.).reshape(3, 4)\nc = torch.tensor([[1+1j, 2-0.5j, 0.25j], [-1+0j, 3, 1-2j]])\n", []string{
		"torch.fft.hfft(c), torch.fft.hfft(c, n=5, norm='ortho'), torch.fft.hfft(x, dim=0, norm='forward')",
		"torch.fft.ihfft(x), torch.fft.ihfft(x, n=8, norm='forward'), torch.fft.ihfft(m, dim=0)",
		"torch.fft.rfftn(m), torch.fft.rfftn(m, s=(2, 6), norm='ortho'), torch.fft.rfft2(m), torch.fft.rfftn(m, dim=(0,))",
		"torch.fft.irfftn(c), torch.fft.irfftn(c, s=(3, 4)), torch.fft.irfft2(c, norm='forward')",
		"torch.fft.hfftn(c), torch.fft.hfft2(c, s=(2, 3))",
		// + 0 makes a zero -0 part +0: the multi-dimensional Hermitian forms
		// run a complex transform over ihfft's conjugated zeros, and gonum's
		// butterflies keep their sign less often than pocketfft's.
		"torch.fft.ihfftn(m) + 0, torch.fft.ihfft2(m, norm='ortho') + 0, torch.fft.ihfftn(m, s=(4,), dim=(0,)) + 0",
		"torch.fft.hfft(m.double()), torch.fft.ihfft2(m.double()).dtype, torch.fft.hfft(torch.arange(3))",
		"torch.fft.irfftn(torch.arange(4)), torch.fft.rfftn(torch.arange(4)), torch.fft.ihfftn(torch.arange(4)), torch.fft.ihfft(torch.arange(4))",
		"torch.fft.irfftn(torch.fft.rfftn(m), s=m.shape), torch.fft.ihfftn(torch.fft.hfftn(c, s=(2, 4)), s=(2, 4)) + 0",
		"torch.fft.rfftn(c)", "torch.fft.rfft2(c)", "torch.fft.ihfft(c)", "torch.fft.ihfftn(c)",
		"torch.fft.rfft2(torch.ones(3))", "torch.fft.hfft(x, n=0)", "torch.fft.irfftn(c, s=(2,), dim=(0, 1))",
		"torch.fft.hfftn(c, dim=(0, 0))", "torch.fft.irfftn(torch.ones(2, 1))", "torch.fft.rfftn(m, dim=())",
		"torch.fft.irfftn(c, dim=())", "torch.fft.hfft(torch.ones(3, dtype=torch.float16))", "torch.fft.hfft(x, norm='sideways')",
	})
}
