package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// The discrete Fourier transforms, recorded as PyTorch records them:
// FftC2CBackward0 (fft, ifft), FftR2CBackward0 (rfft, and fft of a real
// input) and FftC2RBackward0 (irfft). Each transform is linear, so its
// gradient is the adjoint transform of the output's gradient: the
// transform of the other direction with the same scale (norm "backward"
// and "forward" swap, "ortho" stays: tensor.FFTNorm.Swapped), then trimmed
// or zero-padded back to the input's size along dim. A real input takes
// the real part (toInput).

// fitDim trims g along dim to its first size points, or pads it with
// zeros to size points: the adjoint of the trimming or padding a
// transform did to its input.
func (c *calc) fitDim(g *tensor.Tensor, dim, size int) *tensor.Tensor {
	if c.err != nil {
		return nil
	}
	have := g.Shape()[dim]
	switch {
	case have == size:
		return g
	case have > size:
		return c.do(func() (*tensor.Tensor, error) { return g.Narrow(dim, 0, size) })
	}
	shape := g.Shape()
	shape[dim] = size - have
	return c.do(func() (*tensor.Tensor, error) {
		z, err := tensor.Zeros(g.DType(), shape...)
		if err != nil {
			return nil, err
		}
		return tensor.Cat([]*tensor.Tensor{g, z}, dim)
	})
}

// fftDim resolves dim for x, as the transform did (it has succeeded).
func fftDim(x *tensor.Tensor, dim int) int {
	if dim < 0 {
		dim += x.Dim()
	}
	return dim
}

// FFT is tensor.FFT (torch.fft.fft, and ifft with inverse).
func FFT(x *tensor.Tensor, n, dim int, norm tensor.FFTNorm, inverse bool) (*tensor.Tensor, error) {
	out, err := tensor.FFT(x, n, dim, norm, inverse)
	if err != nil || !track(out, x) {
		return out, err
	}
	d := fftDim(x, dim)
	size := x.Shape()[d]
	node := newNode("FftC2CBackward0", x)
	if !x.DType().IsComplex() {
		node.name = "FftR2CBackward0"
		node.save(x) // as PyTorch's node, so that a second backward finds it freed
	}
	node.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		gx := c.do(func() (*tensor.Tensor, error) { return tensor.FFT(g, -1, d, norm.Swapped(), !inverse) })
		return []*tensor.Tensor{node.toInput(c, 0, c.fitDim(gx, d, size))}
	}
	return node.attach(out), nil
}

// RFFT is tensor.RFFT (torch.fft.rfft). Its output is the first n/2+1
// points of the full transform, so the gradient is that of FFT's with the
// output's gradient padded with zeros to n points.
func RFFT(x *tensor.Tensor, n, dim int, norm tensor.FFTNorm) (*tensor.Tensor, error) {
	out, err := tensor.RFFT(x, n, dim, norm)
	if err != nil || !track(out, x) {
		return out, err
	}
	d := fftDim(x, dim)
	size := x.Shape()[d]
	if n == -1 {
		n = size
	}
	node := newNode("FftR2CBackward0", x)
	node.save(x) // as PyTorch's node, so that a second backward finds it freed
	node.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		full := c.fitDim(g, d, n)
		gx := c.do(func() (*tensor.Tensor, error) { return tensor.FFT(full, -1, d, norm.Swapped(), true) })
		return []*tensor.Tensor{node.toInput(c, 0, c.fitDim(gx, d, size))}
	}
	return node.attach(out), nil
}

// IRFFT is tensor.IRFFT (torch.fft.irfft). As PyTorch's fft_c2r_backward,
// the gradient is the rfft of the output's gradient, with the points that
// stand for two of the full spectrum (all but the zero frequency and, for
// an even n, the Nyquist point) doubled.
func IRFFT(x *tensor.Tensor, n, dim int, norm tensor.FFTNorm) (*tensor.Tensor, error) {
	out, err := tensor.IRFFT(x, n, dim, norm)
	if err != nil || !track(out, x) {
		return out, err
	}
	d := fftDim(x, dim)
	size := x.Shape()[d]
	n = out.Shape()[d]
	node := newNode("FftC2RBackward0", x)
	node.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		gx := c.do(func() (*tensor.Tensor, error) { return tensor.RFFT(g, -1, d, norm.Swapped()) })
		if twice := n - (n/2 + 1); twice > 0 {
			c.inPlace(tensor.MulSpec, c.do(func() (*tensor.Tensor, error) { return gx.Narrow(d, 1, twice) }), num(2))
		}
		return []*tensor.Tensor{node.toInput(c, 0, c.fitDim(gx, d, size))}
	}
	return node.attach(out), nil
}

// FFTOps are the transforms recorded, for tensor.FFTOps's composites:
// FFTOps.FFTN is torch.fft.fftn, FFTOps.RFFTN rfftn, FFTOps.HFFT hfft, and
// so on, each recorded as the one-dimensional transforms it is made of.
var FFTOps = tensor.FFTOps{FFT: FFT, RFFT: RFFT, IRFFT: IRFFT, Conj: ConjOp.Apply, To: To}

// FFTN is tensor.FFTN recorded (torch.fft.fftn, ifftn, fft2, ifft2).
func FFTN(x *tensor.Tensor, s, dims []int, norm tensor.FFTNorm, inverse bool) (*tensor.Tensor, error) {
	return FFTOps.FFTN(x, s, dims, norm, inverse)
}

// FFTShift is tensor.FFTShift (torch.fft.fftshift, ifftshift) recorded as
// the roll it is (RollBackward0), or a copy when there are no dims.
func FFTShift(x *tensor.Tensor, dims []int, inverse bool) (*tensor.Tensor, error) {
	shifts, dims, err := tensor.FFTShifts(x, dims, inverse)
	if err != nil {
		return nil, err
	}
	if len(dims) == 0 {
		return Clone(x)
	}
	return Roll(x, shifts, dims)
}
