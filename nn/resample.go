package nn

import (
	"fmt"
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// The functions that move or resample positions: F.pad (constant,
// reflect, replicate, circular), pixel_shuffle / pixel_unshuffle,
// interpolate (nearest, nearest-exact, linear, bilinear, trilinear, area)
// and the average poolings (avg_pool1d/2d/3d, adaptive_avg_pool1d/2d/3d).
// Each is recorded: the index-based ones through index_select, the
// linear ones as one matrix product per spatial dimension.

// Pad is F.pad: pad holds (left, right) pairs from the last dimension
// backwards. mode "constant" fills with value (negative pads crop); the
// others take the dimensions' own elements, as PyTorch does.
func Pad(x *tensor.Tensor, pad []int, mode string, value float64) (*tensor.Tensor, error) {
	if len(pad)%2 != 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Padding length must be divisible by 2")
	}
	dims := len(pad) / 2
	if dims > x.Dim() {
		return nil, tensor.Errorf(tensor.RuntimeError, "Padding length should be less than or equal to two times the input dimension but got padding length %d and input of dimension %d", len(pad), x.Dim())
	}
	if mode == "constant" {
		return autograd.Composite("ConstantPadNdBackward0", []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
			return constantPad(in[0], pad, value)
		})
	}
	switch mode {
	case "reflect", "replicate", "circular":
	default:
		return nil, tensor.Errorf(tensor.NotImplementedError, "Unrecognised padding mode %s", mode)
	}
	if x.Dim() != dims+1 && x.Dim() != dims+2 || dims > 3 {
		return nil, tensor.Errorf(tensor.NotImplementedError, "Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now")
	}
	for k := 0; k < dims; k++ {
		d := x.Dim() - 1 - k
		if err := checkPad(mode, pad[2*k], pad[2*k+1], x.Shape()[d], d, x.Shape()); err != nil {
			return nil, err
		}
	}
	name := map[string]string{"reflect": "ReflectionPad%dDBackward0", "replicate": "ReplicationPad%dDBackward0", "circular": "CatBackward0"}[mode]
	if mode != "circular" {
		name = fmt.Sprintf(name, dims)
	}
	return autograd.Composite(name, []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		return indexPad(in[0], pad, mode)
	})
}

// indexPad pads by index_select along each padded dimension, each
// position taking the input position padSource names.
func indexPad(x *tensor.Tensor, pad []int, mode string) (*tensor.Tensor, error) {
	c := &chain{}
	out := x
	for k := 0; k < len(pad)/2; k++ {
		d := x.Dim() - 1 - k
		left, right, n := pad[2*k], pad[2*k+1], x.Shape()[d]
		idx := make([]int64, 0, n+left+right)
		for i := -left; i < n+right; i++ {
			idx = append(idx, int64(padSource(mode, i, n)))
		}
		index := c.do(func() (*tensor.Tensor, error) { return tensor.FromSlice(idx, len(idx)) })
		out = c.do(func() (*tensor.Tensor, error) { return autograd.IndexSelect(out, d, index) })
	}
	return out, c.err
}

// checkPad refuses pads the mode cannot fill.
func checkPad(mode string, left, right, n, dim int, shape []int) error {
	if left < 0 || right < 0 {
		return tensor.Errorf(tensor.NotImplementedError, "negative padding is only supported in kael's constant mode")
	}
	switch mode {
	case "reflect":
		if left >= n || right >= n {
			return tensor.Errorf(tensor.RuntimeError, "Argument #4: Padding size should be less than the corresponding input dimension, but got: padding (%d, %d) at dimension %d of input %d", left, right, dim, len(shape))
		}
	case "replicate":
		if n == 0 && left+right > 0 {
			return tensor.Errorf(tensor.RuntimeError, "input tensor must have non-zero size in the padded dimensions")
		}
	case "circular":
		if left > n || right > n {
			return tensor.Errorf(tensor.RuntimeError, "Padding value causes wrapping around more than once.")
		}
	}
	return nil
}

// padSource is the position of the input that fills position i (-left
// ≤ i < n + right) of a padded dimension of size n.
func padSource(mode string, i, n int) int {
	switch mode {
	case "reflect":
		if i < 0 {
			return -i
		}
		if i >= n {
			return 2*(n-1) - i
		}
	case "replicate":
		return min(max(i, 0), n-1)
	case "circular":
		return ((i % n) + n) % n
	}
	return i
}

// constantPad pads with value, cropping where a pad is negative.
func constantPad(x *tensor.Tensor, pad []int, value float64) (*tensor.Tensor, error) {
	c := &chain{}
	out := x
	for k := 0; k < len(pad)/2; k++ {
		d := x.Dim() - 1 - k
		left, right, n := pad[2*k], pad[2*k+1], x.Shape()[d]
		if n+left+right < 0 {
			return nil, tensor.Errorf(tensor.RuntimeError, "The input size %d, plus negative padding %d and %d resulted in a negative output size, which is invalid. Check dimension %d of your input.", n, left, right, d)
		}
		start, length := max(-left, 0), n-max(-left, 0)-max(-right, 0)
		if start > 0 || length < n {
			out = c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(out, d, start, max(length, 0)) })
		}
		parts := []*tensor.Tensor{out}
		fill := func(size int) *tensor.Tensor {
			shape := append([]int(nil), out.Shape()...)
			shape[d] = size
			return c.do(func() (*tensor.Tensor, error) { return tensor.Full(value, x.DType(), shape...) })
		}
		if c.err != nil {
			return nil, c.err
		}
		if left > 0 {
			parts = append([]*tensor.Tensor{fill(left)}, parts...)
		}
		if right > 0 {
			parts = append(parts, fill(right))
		}
		if len(parts) > 1 {
			out = c.cat(parts, d)
		}
	}
	return out, c.err
}

// PixelShuffle is F.pixel_shuffle: [*, C·r², H, W] to [*, C, H·r, W·r].
func PixelShuffle(x *tensor.Tensor, r int) (*tensor.Tensor, error) {
	if x.Dim() < 3 {
		return nil, tensor.Errorf(tensor.RuntimeError, "pixel_shuffle expects input to have at least 3 dimensions, but got input with %d dimension(s)", x.Dim())
	}
	if r <= 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "pixel_shuffle expects a positive upscale_factor, but got %d", r)
	}
	shape := x.Shape()
	n := len(shape)
	ch, h, w := shape[n-3], shape[n-2], shape[n-1]
	if ch%(r*r) != 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "pixel_shuffle expects its input's 'channel' dimension to be divisible by the square of upscale_factor, but input.size(-3)=%d is not divisible by %d", ch, r*r)
	}
	lead := shape[:n-3]
	c := &chain{}
	split := c.do(func() (*tensor.Tensor, error) {
		return autograd.Reshape(x, append(append([]int(nil), lead...), ch/(r*r), r, r, h, w)...)
	})
	b := len(lead)
	perm := leadingDims(b)
	perm = append(perm, b, b+3, b+1, b+4, b+2)
	moved := c.do(func() (*tensor.Tensor, error) { return autograd.Permute(split, perm...) })
	return c.do(func() (*tensor.Tensor, error) {
		return autograd.Reshape(moved, append(append([]int(nil), lead...), ch/(r*r), h*r, w*r)...)
	}), c.err
}

// PixelUnshuffle is F.pixel_unshuffle: [*, C, H·r, W·r] to [*, C·r², H, W].
func PixelUnshuffle(x *tensor.Tensor, r int) (*tensor.Tensor, error) {
	if x.Dim() < 3 {
		return nil, tensor.Errorf(tensor.RuntimeError, "pixel_unshuffle expects input to have at least 3 dimensions, but got input with %d dimension(s)", x.Dim())
	}
	if r <= 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "pixel_unshuffle expects a positive downscale_factor, but got %d", r)
	}
	shape := x.Shape()
	n := len(shape)
	ch, h, w := shape[n-3], shape[n-2], shape[n-1]
	if h%r != 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "pixel_unshuffle expects height to be divisible by downscale_factor, but input.size(-2)=%d is not divisible by %d", h, r)
	}
	if w%r != 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "pixel_unshuffle expects width to be divisible by downscale_factor, but input.size(-1)=%d is not divisible by %d", w, r)
	}
	lead := shape[:n-3]
	c := &chain{}
	split := c.do(func() (*tensor.Tensor, error) {
		return autograd.Reshape(x, append(append([]int(nil), lead...), ch, h/r, r, w/r, r)...)
	})
	b := len(lead)
	perm := leadingDims(b)
	perm = append(perm, b, b+2, b+4, b+1, b+3)
	moved := c.do(func() (*tensor.Tensor, error) { return autograd.Permute(split, perm...) })
	return c.do(func() (*tensor.Tensor, error) {
		return autograd.Reshape(moved, append(append([]int(nil), lead...), ch*r*r, h/r, w/r)...)
	}), c.err
}

// leadingDims is 0, 1, ..., n-1.
func leadingDims(n int) []int {
	dims := make([]int, n)
	for i := range dims {
		dims[i] = i
	}
	return dims
}

// InterpolateOptions are the arguments of F.interpolate: exactly one of
// Size and Scale (one entry per spatial dimension).
type InterpolateOptions struct {
	Size         []int
	Scale        []float64
	Mode         string
	AlignCorners bool
	// RecomputeScale uses in/out rather than 1/scale_factor for the
	// coordinates (recompute_scale_factor=True).
	RecomputeScale bool
}

// Interpolate is F.interpolate of x [N, C, *spatial].
func Interpolate(x *tensor.Tensor, o InterpolateOptions) (*tensor.Tensor, error) {
	spatial := x.Dim() - 2
	need := map[string]int{"linear": 1, "bilinear": 2, "trilinear": 3, "bicubic": 2}
	if want, ok := need[o.Mode]; ok && spatial != want {
		return nil, tensor.Errorf(tensor.NotImplementedError, "Got %dD input, but %s mode needs %dD input", x.Dim(), o.Mode, want+2)
	}
	switch o.Mode {
	case "nearest", "nearest-exact", "linear", "bilinear", "trilinear", "area":
	case "bicubic":
		return nil, tensor.Errorf(tensor.NotImplementedError, "interpolate(mode='bicubic') is not supported in kael")
	default:
		return nil, tensor.Errorf(tensor.NotImplementedError, "Input Error: Only 3D, 4D and 5D input Tensors supported (got %dD) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got %s)", x.Dim(), o.Mode)
	}
	if spatial < 1 || spatial > 3 {
		return nil, tensor.Errorf(tensor.NotImplementedError, "Input Error: Only 3D, 4D and 5D input Tensors supported (got %dD) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | nearest-exact (got %s)", x.Dim(), o.Mode)
	}
	sizes := o.Size
	if sizes == nil {
		sizes = make([]int, spatial)
		for i, s := range o.Scale {
			sizes[i] = int(math.Floor(float64(x.Shape()[i+2]) * s))
		}
	}
	if len(sizes) != spatial {
		return nil, tensor.Errorf(tensor.ValueError, "Input and output must have the same number of spatial dimensions, but got input with spatial dimensions of %s and output size of %s. Please provide input tensor in (N, C, d1, d2, ...,dK) format and output size in (o1, o2, ...,oK) format.", pyList(x.Shape()[2:]), pyList(sizes))
	}
	if o.Mode == "area" {
		return AdaptiveAvgPool(x, sizes)
	}
	c := &chain{}
	out := x
	for i := 0; i < spatial; i++ {
		d, in, n := i+2, x.Shape()[i+2], sizes[i]
		if n <= 0 || in <= 0 {
			return nil, tensor.Errorf(tensor.RuntimeError, "Input and output sizes should be greater than 0, but got input (%s) and output (%s)", pyList(x.Shape()[2:]), pyList(sizes))
		}
		scale := float64(in) / float64(n)
		if o.Scale != nil && !o.RecomputeScale {
			scale = 1 / o.Scale[i]
		}
		if o.Mode == "nearest" || o.Mode == "nearest-exact" {
			idx := make([]int64, n)
			s := float32(scale)
			for j := range idx {
				var src float32
				if o.Mode == "nearest" {
					src = float32(math.Floor(float64(float32(j) * s)))
				} else {
					src = float32(math.Floor(float64((float32(j) + 0.5) * s)))
				}
				idx[j] = int64(min(int(src), in-1))
			}
			index := c.do(func() (*tensor.Tensor, error) { return tensor.FromSlice(idx, n) })
			out = c.do(func() (*tensor.Tensor, error) { return autograd.IndexSelect(out, d, index) })
			continue
		}
		if o.AlignCorners {
			scale = 0
			if n > 1 {
				scale = float64(in-1) / float64(n-1)
			}
		}
		weights := make([]float64, n*in)
		for j := 0; j < n; j++ {
			src := scale * float64(j)
			if !o.AlignCorners {
				src = max(scale*(float64(j)+0.5)-0.5, 0)
			}
			i0 := min(int(src), in-1)
			i1 := min(i0+1, in-1)
			l1 := src - float64(i0)
			weights[j*in+i0] += 1 - l1
			weights[j*in+i1] += l1
		}
		out = c.alongDim(out, d, weights, n, in)
	}
	return out, c.err
}

// alongDim maps dimension d of x (size in) to size n by the matrix
// weights [n, in]: out[..., j, ...] = Σ_i weights[j, i]·x[..., i, ...].
func (c *chain) alongDim(x *tensor.Tensor, d int, weights []float64, n, in int) *tensor.Tensor {
	if c.err != nil { // an earlier dimension failed: x is nil
		return nil
	}
	w := c.do(func() (*tensor.Tensor, error) {
		vals := make([]float64, len(weights)) // weightsᵀ, [in, n]
		for j := 0; j < n; j++ {
			for i := 0; i < in; i++ {
				vals[i*n+j] = weights[j*in+i]
			}
		}
		t, err := tensor.FromSlice(vals, in, n)
		if err != nil {
			return nil, err
		}
		return t.To(x.DType())
	})
	last := x.Dim() - 1
	moved := c.transpose(x, d, last)
	prod := c.do(func() (*tensor.Tensor, error) { return autograd.Matmul(moved, w) })
	return c.transpose(prod, d, last)
}

// AdaptiveAvgPool is F.adaptive_avg_pool1d/2d/3d: each spatial dimension
// of x [N, C, *] (or [C, *]) averaged into sizes windows, window j of a
// dimension of size in covering [⌊j·in/out⌋, ⌈(j+1)·in/out⌉); a size
// below 1 keeps the dimension.
func AdaptiveAvgPool(x *tensor.Tensor, sizes []int) (*tensor.Tensor, error) {
	if len(sizes) == 1 { // PyTorch's 1-d pooling is the 2-d one of a height-1 input
		if x.Dim() != 2 && x.Dim() != 3 {
			return nil, tensor.Errorf(tensor.RuntimeError, "adaptive_avg_pool1d(): Expected 2D or 3D tensor, but got %s", pyList(x.Shape()))
		}
		return viaHeightOne(x, func(tall *tensor.Tensor) (*tensor.Tensor, error) { return AdaptiveAvgPool(tall, []int{1, sizes[0]}) })
	}
	return autograd.Composite(fmt.Sprintf("AdaptiveAvgPool%dDBackward0", len(sizes)), []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		return adaptiveAvgPool(in[0], sizes)
	})
}

// viaHeightOne runs the 2-d f on x with a height of 1 inserted before its
// last dimension, and removes it from the result.
func viaHeightOne(x *tensor.Tensor, f func(tall *tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	c := &chain{}
	tall := c.unsqueeze(x, x.Dim()-1)
	out := c.do(func() (*tensor.Tensor, error) { return f(tall) })
	if c.err != nil {
		return nil, c.err
	}
	return c.squeeze(out, out.Dim()-2), c.err
}

// adaptiveAvgPool computes AdaptiveAvgPool with recorded operations.
func adaptiveAvgPool(x *tensor.Tensor, sizes []int) (*tensor.Tensor, error) {
	first := x.Dim() - len(sizes)
	if first < 1 {
		return nil, tensor.Errorf(tensor.RuntimeError, "adaptive_avg_pool%dd(): Expected %dD or %dD tensor, but got %s", len(sizes), len(sizes)+1, len(sizes)+2, pyList(x.Shape()))
	}
	c := &chain{}
	out := x
	for k, n := range sizes {
		d := first + k
		in := x.Shape()[d]
		if n < 0 {
			continue
		}
		if in == 0 && n > 0 {
			return nil, tensor.Errorf(tensor.RuntimeError, "adaptive_avg_pool%dd(): Expected input to have non-zero size for non-batch dimensions, but input has sizes %s with dimension %d being empty", len(sizes), pyList(x.Shape()), d)
		}
		weights := make([]float64, n*in)
		for j := 0; j < n; j++ {
			start := j * in / n
			end := ((j+1)*in + n - 1) / n
			for i := start; i < end; i++ {
				weights[j*in+i] = 1 / float64(end-start)
			}
		}
		out = c.alongDim(out, d, weights, n, in)
	}
	return out, c.err
}

// AvgPoolOptions are the arguments of avg_pool1d/2d/3d, one entry per
// spatial dimension.
type AvgPoolOptions struct {
	Kernel, Stride, Padding []int
	CeilMode                bool
	CountIncludePad         bool
	// DivisorOverride divides every window's sum when above 0.
	DivisorOverride int
}

// AvgPool is F.avg_pool1d/2d/3d of x [N, C, *] or [C, *]: the mean of each
// window, PyTorch's divisor (the window clipped to the padded input, or
// to the input without count_include_pad) per dimension.
func AvgPool(x *tensor.Tensor, o AvgPoolOptions) (*tensor.Tensor, error) {
	if len(o.Kernel) == 1 { // PyTorch's 1-d pooling is the 2-d one of a height-1 input
		if x.Dim() != 2 && x.Dim() != 3 {
			return nil, tensor.Errorf(tensor.RuntimeError, "avg_pool1d: Expected 2D or 3D input tensor, but got %s", pyList(x.Shape()))
		}
		tall := AvgPoolOptions{Kernel: []int{1, o.Kernel[0]}, Stride: []int{1, o.Stride[0]}, Padding: []int{0, o.Padding[0]},
			CeilMode: o.CeilMode, CountIncludePad: o.CountIncludePad, DivisorOverride: o.DivisorOverride}
		return viaHeightOne(x, func(t *tensor.Tensor) (*tensor.Tensor, error) { return AvgPool(t, tall) })
	}
	return autograd.Composite(fmt.Sprintf("AvgPool%dDBackward0", len(o.Kernel)), []*tensor.Tensor{x}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		return avgPool(in[0], o)
	})
}

// avgPool computes AvgPool with recorded operations.
func avgPool(x *tensor.Tensor, o AvgPoolOptions) (*tensor.Tensor, error) {
	k := len(o.Kernel)
	first := x.Dim() - k
	if first < 1 || first > 2 {
		return nil, tensor.Errorf(tensor.RuntimeError, "avg_pool%dd: Expected %dD or %dD input tensor, but got %s", k, k+1, k+2, pyList(x.Shape()))
	}
	if k <= 2 { // PyTorch runs avg_pool1d as avg_pool2d
		if err := tensor.RefuseHalf("avg_pool2d", x); err != nil {
			return nil, err
		}
	}
	c := &chain{}
	out := x
	for i := 0; i < k; i++ {
		d, in := first+i, x.Shape()[first+i]
		kern, stride, pad := o.Kernel[i], o.Stride[i], o.Padding[i]
		if kern <= 0 || stride <= 0 {
			return nil, tensor.Errorf(tensor.RuntimeError, "avg_pool%dd: kernel_size and stride must be greater than zero", k)
		}
		if pad > kern/2 {
			return nil, tensor.Errorf(tensor.RuntimeError, "pad should be at most half of kernel size, but got pad=%d and kernel_size=%d", pad, kern)
		}
		n := poolOutputSize(in, kern, stride, pad, o.CeilMode)
		if n <= 0 {
			return nil, tensor.Errorf(tensor.RuntimeError, "Given input size: %s. Calculated output size: %s. Output size is too small", pyList(x.Shape()[first:]), pyList([]int{n}))
		}
		weights := make([]float64, n*in)
		for j := 0; j < n; j++ {
			start := j*stride - pad
			end := min(start+kern, in+pad)
			size := end - start
			start, end = max(start, 0), min(end, in)
			div := float64(size)
			if !o.CountIncludePad {
				div = float64(end - start)
			}
			if o.DivisorOverride > 0 {
				div = 1
				if i == 0 {
					div = float64(o.DivisorOverride)
				}
			}
			for s := start; s < end; s++ {
				weights[j*in+s] = 1 / div
			}
		}
		out = c.alongDim(out, d, weights, n, in)
	}
	return out, c.err
}

// poolOutputSize is PyTorch's pooling_output_shape (dilation 1).
func poolOutputSize(in, kernel, stride, pad int, ceil bool) int {
	num := in + 2*pad - kernel
	n := num/stride + 1
	if ceil {
		n = (num+stride-1)/stride + 1
		if (n-1)*stride >= in+pad {
			n--
		}
	}
	if num < 0 {
		return 0
	}
	return n
}

// FeatureDropout is F.dropout1d/2d/3d: while training, each channel
// (dimension 1, or 0 for an input without the batch dimension of
// batchedDims-1 dimensions) is zeroed whole with probability p, the
// others scaled by 1/(1-p).
func FeatureDropout(x *tensor.Tensor, p float64, training bool, batchedDims int) (*tensor.Tensor, error) {
	if p < 0 || p > 1 {
		return nil, tensor.Errorf(tensor.ValueError, "dropout probability has to be between 0 and 1, but got %s", pyFloat(p))
	}
	if !training || p == 0 {
		return x, nil
	}
	shape := append([]int(nil), x.Shape()...)
	channelDims := 2
	if x.Dim() == batchedDims-1 {
		channelDims = 1
	}
	if x.Dim() < channelDims {
		return nil, tensor.Errorf(tensor.RuntimeError, "Feature dropout requires at least %d dimensions in the input", channelDims)
	}
	for i := channelDims; i < len(shape); i++ {
		shape[i] = 1
	}
	mask, err := tensor.DropoutMask(x.DType(), shape, p, nil)
	if err != nil {
		return nil, err
	}
	return autograd.Mul(x, mask)
}
