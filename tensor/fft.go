package tensor

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/dsp/fourier"
)

// Discrete Fourier transforms, as torch.fft: the transforms themselves are
// gonum's (dsp/fourier, FFTPACK's mixed-radix algorithm, any length),
// computed in complex128 and float64 whatever the input's precision and
// rounded once to complex64 or float32 for single-precision inputs. kael
// does the bookkeeping PyTorch does around its own FFT library: n
// (trimming or zero-padding), dim, the normalization and the dtypes.

// FFTNorm is the normalization mode of a transform ("backward",
// "forward" or "ortho").
type FFTNorm string

// fftScale returns the factor a transform of length n multiplies by:
// "backward" (the default) scales only the inverse by 1/n, "forward" only
// the forward transform, "ortho" both by 1/√n.
func fftScale(norm FFTNorm, n int, inverse bool) (float64, error) {
	switch norm {
	case "", "backward":
		if inverse {
			return 1 / float64(n), nil
		}
		return 1, nil
	case "forward":
		if inverse {
			return 1, nil
		}
		return 1 / float64(n), nil
	case "ortho":
		return 1 / math.Sqrt(float64(n)), nil
	}
	return 0, Errorf(RuntimeError, "Invalid normalization mode: %q", string(norm))
}

// fftComplexDType is the complex dtype a transform of x computes and
// returns: x's own when complex, complex128 for float64, complex64 for
// float32, integers and bool (PyTorch refuses the 16-bit floats on CPU).
func fftComplexDType(d DType) (DType, error) {
	switch {
	case d == Float16 || d == BFloat16:
		return 0, Errorf(RuntimeError, "Unsupported dtype %s", d.ScalarTypeName())
	case d.IsComplex():
		return d, nil
	case d == Float64:
		return Complex128, nil
	}
	return Complex64, nil
}

// fftLines moves dim of x to the end and returns x's elements as
// complex128 lines of length n along it, trimmed or zero-padded, with the
// shape of the other dimensions (in order, dim last).
func fftLines(x *Tensor, dim, n int) (lines [][]complex128, outer []int, err error) {
	moved, err := moveDim(x, dim, x.Dim()-1)
	if err != nil {
		return nil, nil, err
	}
	c, err := moved.To(Complex128)
	if err != nil {
		return nil, nil, err
	}
	if c, err = c.Contiguous(); err != nil {
		return nil, nil, err
	}
	vals := c.storage.data.([]complex128)[c.offset : c.offset+c.Numel()]
	size := x.shape[dim]
	outer = slices.Clone(moved.shape[:moved.Dim()-1])
	rows := numel(outer)
	// n comes from the caller (torch.fft.fft(x, n=2**40)): refuse lines
	// the memory limit leaves no room for rather than die allocating them
	count := math.MaxInt
	if rows == 0 || n <= math.MaxInt/rows {
		count = rows * n
	}
	if err := checkScratch(count, 16); err != nil {
		return nil, nil, err
	}
	lines = make([][]complex128, rows)
	for r := range rows {
		line := make([]complex128, n)
		copy(line, vals[r*size:r*size+min(size, n)])
		lines[r] = line
	}
	return lines, outer, nil
}

// fftResult makes the tensor of dtype d whose dimension dim holds lines,
// the other dimensions outer (fftLines' order).
func fftResult(lines [][]complex128, outer []int, dim int, d DType) (*Tensor, error) {
	m := 0
	if len(lines) > 0 {
		m = len(lines[0])
	}
	flat := make([]complex128, 0, len(lines)*m)
	for _, l := range lines {
		flat = append(flat, l...)
	}
	out, err := FromSlice(flat, append(slices.Clone(outer), m)...)
	if err != nil {
		return nil, err
	}
	if out, err = moveDim(out, out.Dim()-1, dim); err != nil {
		return nil, err
	}
	if out, err = out.Contiguous(); err != nil {
		return nil, err
	}
	return out.To(d)
}

// fftSize resolves n (the transform's length, -1 for the input's size
// along dim) and dim.
func fftSize(x *Tensor, n, dim int) (int, int, error) {
	if x.Dim() == 0 {
		return 0, 0, Errorf(IndexError, "Dimension specified as %d but tensor has no dimensions", dim)
	}
	d, err := normDim(dim, x.Dim())
	if err != nil {
		return 0, 0, err
	}
	if n == -1 {
		n = x.shape[d]
	}
	if n < 1 {
		return 0, 0, Errorf(RuntimeError, "Invalid number of data points (%d) specified", n)
	}
	return n, d, nil
}

// fftPrep is what FFT and RFFT work from: the result's complex dtype,
// the number of points and the dimension, the scale norm asks for, and x's
// lines along dim trimmed or padded to n points (fftLines).
type fftPrep struct {
	d      DType
	n, dim int
	scale  float64
	lines  [][]complex128
	outer  []int
}

func prepareFFT(x *Tensor, n, dim int, norm FFTNorm, inverse bool) (fftPrep, error) {
	d, err := fftComplexDType(x.dtype)
	if err != nil {
		return fftPrep{}, err
	}
	if n, dim, err = fftSize(x, n, dim); err != nil {
		return fftPrep{}, err
	}
	scale, err := fftScale(norm, n, inverse)
	if err != nil {
		return fftPrep{}, err
	}
	lines, outer, err := fftLines(x, dim, n)
	if err != nil {
		return fftPrep{}, err
	}
	return fftPrep{d: d, n: n, dim: dim, scale: scale, lines: lines, outer: outer}, nil
}

// FFT returns the discrete Fourier transform of x along dim, as
// torch.fft.fft (inverse false) and torch.fft.ifft (inverse true): x is
// trimmed or zero-padded to n points (-1: its size), and scaled as norm
// says. Real inputs give complex results.
func FFT(x *Tensor, n, dim int, norm FFTNorm, inverse bool) (*Tensor, error) {
	p, err := prepareFFT(x, n, dim, norm, inverse)
	if err != nil {
		return nil, err
	}
	d, n, dim, scale, lines, outer := p.d, p.n, p.dim, p.scale, p.lines, p.outer
	plan := fourier.NewCmplxFFT(n)
	for i, l := range lines {
		if Interrupted() {
			return nil, errInterrupted()
		}
		if inverse {
			plan.Sequence(l, l)
		} else {
			plan.Coefficients(l, l)
		}
		scaleLine(l, scale)
		lines[i] = l
	}
	return fftResult(lines, outer, dim, d)
}

func scaleLine(l []complex128, scale float64) {
	if scale == 1 {
		return
	}
	for k := range l {
		l[k] *= complex(scale, 0)
	}
}

// RFFT returns the transform of the real x along dim without its
// redundant half, as torch.fft.rfft: n/2+1 complex points.
func RFFT(x *Tensor, n, dim int, norm FFTNorm) (*Tensor, error) {
	if x.dtype.IsComplex() {
		return nil, Errorf(RuntimeError, "rfft expects a real input tensor, but got %s", x.dtype.ScalarTypeName())
	}
	p, err := prepareFFT(x, n, dim, norm, false)
	if err != nil {
		return nil, err
	}
	d, n, dim, scale, lines, outer := p.d, p.n, p.dim, p.scale, p.lines, p.outer
	plan := fourier.NewFFT(n)
	seq := make([]float64, n)
	for i, l := range lines {
		if Interrupted() {
			return nil, errInterrupted()
		}
		for k, v := range l {
			seq[k] = real(v)
		}
		c := plan.Coefficients(nil, seq)
		scaleLine(c, scale)
		lines[i] = c
	}
	return fftResult(lines, outer, dim, d)
}

// IRFFT is the inverse of RFFT, as torch.fft.irfft: x holds the n/2+1
// non-redundant points of a Hermitian spectrum (trimmed or zero-padded to
// them), and the result is n real points; n defaults to 2*(size-1). The
// imaginary parts of the zero-frequency point, and of the Nyquist point
// for an even n, are ignored, as in PyTorch.
func IRFFT(x *Tensor, n, dim int, norm FFTNorm) (*Tensor, error) {
	d, err := fftComplexDType(x.dtype)
	if err != nil {
		return nil, err
	}
	if x.Dim() == 0 {
		return nil, Errorf(IndexError, "Dimension specified as %d but tensor has no dimensions", dim)
	}
	dn, err := normDim(dim, x.Dim())
	if err != nil {
		return nil, err
	}
	if n == -1 {
		n = 2 * (x.shape[dn] - 1)
	}
	if n < 1 {
		return nil, Errorf(RuntimeError, "Invalid number of data points (%d) specified", n)
	}
	scale, err := fftScale(norm, n, true)
	if err != nil {
		return nil, err
	}
	lines, outer, err := fftLines(x, dn, n/2+1)
	if err != nil {
		return nil, err
	}
	plan := fourier.NewFFT(n)
	flat := make([]float64, 0, len(lines)*n)
	for _, l := range lines {
		if Interrupted() {
			return nil, errInterrupted()
		}
		seq := plan.Sequence(nil, l)
		for _, v := range seq {
			flat = append(flat, v*scale)
		}
	}
	out, err := FromSlice(flat, append(slices.Clone(outer), n)...)
	if err != nil {
		return nil, err
	}
	if out, err = moveDim(out, out.Dim()-1, dn); err != nil {
		return nil, err
	}
	if out, err = out.Contiguous(); err != nil {
		return nil, err
	}
	return out.To(d.ToReal())
}

// FFTN is the transform over several dims (all of them when dims is nil),
// as torch.fft.fftn and ifftn: one FFT per dim, with sizes s (nil: the
// input's), the normalization spread over them.
func FFTN(x *Tensor, s, dims []int, norm FFTNorm, inverse bool) (*Tensor, error) {
	return TensorFFTOps.FFTN(x, s, dims, norm, inverse)
}

// Swapped is the norm that scales a transform of the other direction as
// norm scales this one: "backward" and "forward" swap, "ortho" (and an
// invalid mode, refused later) stays. hfft is irfft with the swapped norm,
// and the gradient of a transform is the other direction's.
func (norm FFTNorm) Swapped() FFTNorm {
	switch norm {
	case "", "backward":
		return "forward"
	case "forward":
		return "backward"
	}
	return norm
}

// FFTOps are the one-dimensional transforms, the conjugate and the cast
// that the composite transforms (FFTN, RFFTN, HFFT, ...) are made of:
// package tensor's own (TensorFFTOps), or package autograd's recorded
// twins, so that the rules of the composites are written once.
type FFTOps struct {
	FFT   func(x *Tensor, n, dim int, norm FFTNorm, inverse bool) (*Tensor, error)
	RFFT  func(x *Tensor, n, dim int, norm FFTNorm) (*Tensor, error)
	IRFFT func(x *Tensor, n, dim int, norm FFTNorm) (*Tensor, error)
	Conj  func(x *Tensor) (*Tensor, error)
	To    func(x *Tensor, d DType) (*Tensor, error)
}

// TensorFFTOps are package tensor's transforms.
var TensorFFTOps = FFTOps{FFT: FFT, RFFT: RFFT, IRFFT: IRFFT, Conj: func(x *Tensor) (*Tensor, error) { return ConjSpec.Apply(x) }, To: (*Tensor).To}

// FFTNDims resolves the dims and sizes of a transform over several dims,
// as PyTorch's canonicalize_fft_shape_and_dim_args: dims nil means all of
// x's dims, or the last len(s) when s is given; s nil means each dim's own
// size (-1 in sizes). The dims come back non-negative.
func FFTNDims(x *Tensor, s, dims []int) (resolved, sizes []int, err error) {
	if dims == nil {
		if s != nil {
			dims = make([]int, len(s))
			for i := range s {
				dims[i] = x.Dim() - len(s) + i
			}
		} else {
			dims = make([]int, x.Dim())
			for i := range dims {
				dims[i] = i
			}
		}
	}
	if s != nil && len(s) != len(dims) {
		return nil, nil, Errorf(RuntimeError, "When given, dim and shape arguments must have the same length")
	}
	if _, err := fftComplexDType(x.dtype); err != nil {
		return nil, nil, err
	}
	resolved = make([]int, len(dims))
	sizes = make([]int, len(dims))
	for i, dim := range dims {
		d, err := normDim(dim, x.Dim())
		if err != nil {
			return nil, nil, err
		}
		if slices.Contains(resolved[:i], d) {
			return nil, nil, Errorf(RuntimeError, "FFT dims must be unique")
		}
		resolved[i], sizes[i] = d, -1
		if s != nil {
			sizes[i] = s[i]
		}
	}
	return resolved, sizes, nil
}

// FFTN is the package function FFTN computed with ops.
func (ops FFTOps) FFTN(x *Tensor, s, dims []int, norm FFTNorm, inverse bool) (*Tensor, error) {
	dims, sizes, err := FFTNDims(x, s, dims)
	if err != nil {
		return nil, err
	}
	if len(dims) == 0 {
		d, _ := fftComplexDType(x.dtype)
		return ops.To(x, d)
	}
	return ops.fftEach(x, sizes, dims, norm, inverse)
}

// fftEach applies FFT along each of dims in turn, with sizes n.
func (ops FFTOps) fftEach(x *Tensor, sizes, dims []int, norm FFTNorm, inverse bool) (*Tensor, error) {
	out := x
	for i, dim := range dims {
		var err error
		if out, err = ops.FFT(out, sizes[i], dim, norm, inverse); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// HFFT is torch.fft.hfft: the transform of a signal whose spectrum is
// Hermitian, given by its first n/2+1 points (n defaults to 2*(m-1)); the
// result is n real points. It is irfft of the conjugate, with the norm of a
// forward transform.
func (ops FFTOps) HFFT(x *Tensor, n, dim int, norm FFTNorm) (*Tensor, error) {
	if _, err := fftComplexDType(x.dtype); err != nil {
		return nil, err
	}
	c, err := ops.Conj(x)
	if err != nil {
		return nil, err
	}
	return ops.IRFFT(c, n, dim, norm.Swapped())
}

// IHFFT is torch.fft.ihfft, the inverse of HFFT: the n/2+1 points of the
// inverse transform of a real x, the conjugate of rfft with the norm of an
// inverse transform.
func (ops FFTOps) IHFFT(x *Tensor, n, dim int, norm FFTNorm) (*Tensor, error) {
	if x.dtype.IsComplex() {
		return nil, Errorf(RuntimeError, "ihfft expects a real input tensor, but got %s", x.dtype.ScalarTypeName())
	}
	r, err := ops.RFFT(x, n, dim, norm.Swapped())
	if err != nil {
		return nil, err
	}
	return ops.Conj(r)
}

// lastAndRest splits resolved dims and sizes into the last dim, which a
// real transform takes, and the others.
func lastAndRest(dims, sizes []int) (last, n int, restDims, restSizes []int) {
	k := len(dims) - 1
	return dims[k], sizes[k], dims[:k], sizes[:k]
}

// RFFTN is torch.fft.rfftn (rfft2 with name "rfftn" too, as PyTorch
// words its errors): rfft over the last of dims, then fft over the others.
func (ops FFTOps) RFFTN(x *Tensor, s, dims []int, norm FFTNorm) (*Tensor, error) {
	if x.dtype.IsComplex() {
		return nil, Errorf(RuntimeError, "rfftn expects a real-valued input tensor, but got %s", x.dtype.ScalarTypeName())
	}
	dims, sizes, err := fftNDimsAtLeastOne("rfftn", x, s, dims)
	if err != nil {
		return nil, err
	}
	last, n, restDims, restSizes := lastAndRest(dims, sizes)
	out, err := ops.RFFT(x, n, last, norm)
	if err != nil {
		return nil, err
	}
	return ops.fftEach(out, restSizes, restDims, norm, false)
}

// IRFFTN is torch.fft.irfftn (and irfft2): the inverse fft over all but
// the last of dims, then irfft over the last (n: s's last size, by
// default 2*(m-1)).
func (ops FFTOps) IRFFTN(x *Tensor, s, dims []int, norm FFTNorm) (*Tensor, error) {
	dims, sizes, err := fftNDimsAtLeastOne("irfftn", x, s, dims)
	if err != nil {
		return nil, err
	}
	last, n, restDims, restSizes := lastAndRest(dims, sizes)
	out, err := ops.fftEach(x, restSizes, restDims, norm, true)
	if err != nil {
		return nil, err
	}
	return ops.IRFFT(out, n, last, norm)
}

// HFFTN is torch.fft.hfftn (and hfft2): fft over all but the last of
// dims, then hfft over the last.
func (ops FFTOps) HFFTN(x *Tensor, s, dims []int, norm FFTNorm) (*Tensor, error) {
	dims, sizes, err := fftNDimsAtLeastOne("hfftn", x, s, dims)
	if err != nil {
		return nil, err
	}
	last, n, restDims, restSizes := lastAndRest(dims, sizes)
	out, err := ops.fftEach(x, restSizes, restDims, norm, false)
	if err != nil {
		return nil, err
	}
	return ops.HFFT(out, n, last, norm)
}

// IHFFTN is torch.fft.ihfftn (and ihfft2): ihfft over the last of dims,
// then the inverse fft over the others. Its input must be real, as
// PyTorch checks (in its own words).
func (ops FFTOps) IHFFTN(x *Tensor, s, dims []int, norm FFTNorm) (*Tensor, error) {
	if x.dtype.IsComplex() {
		return nil, Errorf(RuntimeError, "Expected self.is_floating_point() to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)")
	}
	dims, sizes, err := fftNDimsAtLeastOne("ihfftn", x, s, dims)
	if err != nil {
		return nil, err
	}
	last, n, restDims, restSizes := lastAndRest(dims, sizes)
	out, err := ops.IHFFT(x, n, last, norm)
	if err != nil {
		return nil, err
	}
	return ops.fftEach(out, restSizes, restDims, norm, true)
}

// fftNDimsAtLeastOne is FFTNDims for the transforms that need a dim to be
// real along.
func fftNDimsAtLeastOne(name string, x *Tensor, s, dims []int) ([]int, []int, error) {
	dims, sizes, err := FFTNDims(x, s, dims)
	if err == nil && len(dims) == 0 {
		err = Errorf(RuntimeError, "%s must transform at least one axis", name)
	}
	return dims, sizes, err
}

// FFTFreq returns the sample frequencies of a transform of n points with
// spacing d, as torch.fft.fftfreq: [0, 1, ..., -(n/2), ..., -1] / (d*n),
// computed as PyTorch does (the integers times 1/(n*d) in dtype).
// RFFTFreq is the non-negative part, n/2+1 points (torch.fft.rfftfreq).
func FFTFreq(n int, d float64, dtype DType, onlyPositive bool) (*Tensor, error) {
	if n < 0 {
		return nil, Errorf(RuntimeError, "Trying to create tensor with negative dimension %d: [%d]", n, n)
	}
	if !dtype.IsFloating() && !dtype.IsComplex() {
		return nil, Errorf(RuntimeError, "fftfreq requires a floating point or complex dtype, got %s", dtype)
	}
	m := n
	if onlyPositive {
		m = n/2 + 1
	}
	vals := make([]float64, m)
	for i := range vals {
		vals[i] = float64(i)
		if !onlyPositive && i >= (n+1)/2 {
			vals[i] = float64(i - n)
		}
	}
	t, err := FromSlice(vals)
	if err != nil {
		return nil, err
	}
	if t, err = t.To(dtype); err != nil {
		return nil, err
	}
	return Mul(t, MustScalar(1/(float64(n)*d)))
}

// FFTShift rolls the zero frequency to the middle of dims (all dims when
// nil), as torch.fft.fftshift; the inverse (ifftshift) rolls it back.
func FFTShift(x *Tensor, dims []int, inverse bool) (*Tensor, error) {
	shifts, dims, err := FFTShifts(x, dims, inverse)
	if err != nil {
		return nil, err
	}
	if len(dims) == 0 {
		return x.Clone()
	}
	return Roll(x, shifts, dims)
}

// FFTShifts returns the roll FFTShift is: the shift of each dim in dims
// (all of x's when nil), half its size, rounded down for fftshift and up
// for ifftshift.
func FFTShifts(x *Tensor, dims []int, inverse bool) (shifts, rolled []int, err error) {
	if dims == nil {
		dims = make([]int, x.Dim())
		for i := range dims {
			dims[i] = i
		}
	}
	shifts = make([]int, len(dims))
	for i, dim := range dims {
		d, err := normDim(dim, x.Dim())
		if err != nil {
			return nil, nil, err
		}
		shifts[i] = x.shape[d] / 2
		if inverse {
			shifts[i] = (x.shape[d] + 1) / 2
		}
	}
	return shifts, dims, nil
}

// moveDim returns a view of t with dimension src moved to position dst,
// the others keeping their order (torch.movedim of one dim).
func moveDim(t *Tensor, src, dst int) (*Tensor, error) {
	order := make([]int, 0, t.Dim())
	for i := range t.Dim() {
		if i != src {
			order = append(order, i)
		}
	}
	order = slices.Insert(order, dst, src)
	return t.Permute(order...)
}
