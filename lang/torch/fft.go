package torch

import (
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.fft: the discrete Fourier transforms (tensor/fft.go, gonum's FFT)
// under PyTorch's names and signatures, recorded by autograd (package
// autograd's fft.go).

// fftNorm reads norm=: None or one of PyTorch's three modes.
func fftNorm(a *lang.Args) tensor.FFTNorm {
	if a.IsNone("norm") {
		return ""
	}
	return tensor.FFTNorm(a.Str("norm"))
}

func defFFT() {
	oneDim := func(name, doc string, f func(x *tensor.Tensor, n, dim int, norm tensor.FFTNorm) (*tensor.Tensor, error)) lang.Value {
		return lang.NewBuiltin(lang.AsValue, name+"(input, n=None, dim=-1, norm=None)", doc, func(a *lang.Args) (lang.Value, error) {
			x := a.Tensor("input")
			n, dim, norm := a.OptInt("n"), a.Int("dim"), fftNorm(a)
			if err := a.Err(); err != nil {
				return nil, err
			}
			size := -1
			if n != nil {
				size = *n
			}
			return result(f(x, size, dim, norm))
		})
	}
	manyDims := func(name, doc string, f func(x *tensor.Tensor, s, dims []int, norm tensor.FFTNorm) (*tensor.Tensor, error)) lang.Value {
		sig := name + "(input, s=None, dim=None, norm=None)"
		if strings.HasSuffix(name, "2") {
			sig = name + "(input, s=None, dim=(-2, -1), norm=None)"
		}
		return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
			x := a.Tensor("input")
			s, dims, norm := a.Ints("s"), a.Ints("dim"), fftNorm(a)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(f(x, s, dims, norm))
		})
	}
	freq := func(name, doc string, onlyPositive bool) lang.Value {
		return lang.NewBuiltin(lang.AsValue, name+"(n, d=1.0, dtype=None, device=None, requires_grad=False)", doc, func(a *lang.Args) (lang.Value, error) {
			n, d, dt := a.Int("n"), a.Float("d"), a.OptDType("dtype")
			if err := a.Err(); err != nil {
				return nil, err
			}
			dtype := tensor.DefaultFloat
			if dt != nil {
				dtype = *dt
			}
			t, err := tensor.FFTFreq(n, d, dtype, onlyPositive)
			return withRequiresGrad(a, t, err)
		})
	}
	shift := func(name, doc string, inverse bool) lang.Value {
		return lang.NewBuiltin(lang.AsValue, name+"(input, dim=None)", doc, func(a *lang.Args) (lang.Value, error) {
			x, dims := a.Tensor("input"), a.Ints("dim")
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(autograd.FFTShift(x, dims, inverse))
		})
	}
	members := map[string]lang.Value{
		"fft": oneDim("fft", "The discrete Fourier transform of input along dim, trimmed or zero-padded to n points; norm is \"backward\" (no scaling, the default), \"forward\" (1/n) or \"ortho\" (1/sqrt(n)). Real inputs give complex64 (complex128 for float64).",
			func(x *tensor.Tensor, n, dim int, norm tensor.FFTNorm) (*tensor.Tensor, error) {
				return autograd.FFT(x, n, dim, norm, false)
			}),
		"ifft": oneDim("ifft", "The inverse discrete Fourier transform along dim; norm \"backward\" (the default) scales by 1/n.",
			func(x *tensor.Tensor, n, dim int, norm tensor.FFTNorm) (*tensor.Tensor, error) {
				return autograd.FFT(x, n, dim, norm, true)
			}),
		"rfft":  oneDim("rfft", "The Fourier transform of a real input along dim without the redundant half: n//2+1 complex points.", autograd.RFFT),
		"irfft": oneDim("irfft", "The inverse of rfft: n real points (by default 2*(m-1) for m input points) from the non-redundant half of a Hermitian spectrum.", autograd.IRFFT),
		"hfft":  oneDim("hfft", "The transform of a signal with a Hermitian spectrum given by its first n/2+1 points (input): n real points, by default 2*(m-1); irfft of the conjugate with a forward transform's norm.", autograd.FFTOps.HFFT),
		"ihfft": oneDim("ihfft", "The inverse of hfft: the n//2+1 points of the inverse transform of a real input (the conjugate of rfft, with an inverse transform's norm).", autograd.FFTOps.IHFFT),
		"fftn": manyDims("fftn", "The Fourier transform over the dims in dim (all by default), with sizes s.", func(x *tensor.Tensor, s, dims []int, norm tensor.FFTNorm) (*tensor.Tensor, error) {
			return autograd.FFTN(x, s, dims, norm, false)
		}),
		"ifftn": manyDims("ifftn", "The inverse Fourier transform over the dims in dim (all by default), with sizes s.", func(x *tensor.Tensor, s, dims []int, norm tensor.FFTNorm) (*tensor.Tensor, error) {
			return autograd.FFTN(x, s, dims, norm, true)
		}),
		"fft2": manyDims("fft2", "The two-dimensional Fourier transform: fftn over the last two dims.", func(x *tensor.Tensor, s, dims []int, norm tensor.FFTNorm) (*tensor.Tensor, error) {
			return autograd.FFTN(x, s, dims, norm, false)
		}),
		"ifft2": manyDims("ifft2", "The inverse two-dimensional Fourier transform: ifftn over the last two dims.", func(x *tensor.Tensor, s, dims []int, norm tensor.FFTNorm) (*tensor.Tensor, error) {
			return autograd.FFTN(x, s, dims, norm, true)
		}),
		"rfftn":     manyDims("rfftn", "The Fourier transform of a real input over the dims in dim (all by default): rfft over the last of them (n//2+1 points), fft over the others.", autograd.FFTOps.RFFTN),
		"irfftn":    manyDims("irfftn", "The inverse of rfftn: ifft over all but the last dim in dim, then irfft over the last, which has s[-1] points (by default 2*(m-1)).", autograd.FFTOps.IRFFTN),
		"rfft2":     manyDims("rfft2", "rfftn over the last two dims.", autograd.FFTOps.RFFTN),
		"irfft2":    manyDims("irfft2", "irfftn over the last two dims.", autograd.FFTOps.IRFFTN),
		"hfftn":     manyDims("hfftn", "The transform of a Hermitian-symmetric signal over the dims in dim: fft over all but the last, then hfft over the last (s[-1] real points, by default 2*(m-1)).", autograd.FFTOps.HFFTN),
		"ihfftn":    manyDims("ihfftn", "The inverse of hfftn for a real input: ihfft over the last dim in dim, then ifft over the others.", autograd.FFTOps.IHFFTN),
		"hfft2":     manyDims("hfft2", "hfftn over the last two dims.", autograd.FFTOps.HFFTN),
		"ihfft2":    manyDims("ihfft2", "ihfftn over the last two dims.", autograd.FFTOps.IHFFTN),
		"fftfreq":   freq("fftfreq", "The sample frequencies of an n-point transform with sample spacing d: [0, 1, ..., -(n//2), ..., -1] / (d*n).", false),
		"rfftfreq":  freq("rfftfreq", "The sample frequencies of rfft: [0, 1, ..., n//2] / (d*n).", true),
		"fftshift":  shift("fftshift", "input rolled so that the zero frequency is in the middle of each dim in dim (all by default).", false),
		"ifftshift": shift("ifftshift", "The inverse of fftshift.", true),
	}
	lang.RegisterModule("torch.fft", "The discrete Fourier transforms: fft, ifft, rfft, irfft, hfft, ihfft and their n-dimensional (fftn, rfftn, hfftn, ...) and two-dimensional (fft2, rfft2, hfft2, ...) forms, fftfreq, rfftfreq, fftshift, ifftshift (gonum's FFT, computed in double precision).", func() *lang.Module {
		members["Tensor"] = torchMembers["Tensor"] // imported by PyTorch's torch/fft/__init__.py
		return &lang.Module{Name: "torch.fft", Attrs: members, MissingHint: "kael's torch.fft has fft, ifft, rfft, irfft, hfft, ihfft, their n and 2 forms (fftn, rfft2, ...), fftfreq, rfftfreq, fftshift and ifftshift"}
	})
}
