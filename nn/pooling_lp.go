package nn

import (
	"fmt"
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// F.lp_pool1d/2d, F.local_response_norm, F.channel_shuffle and F.bilinear
// with nn.Bilinear, each the composition PyTorch's functional.py (or
// ATen) writes, so values and gradients are PyTorch's.

// LPPool is F.lp_pool1d (one kernel size) or F.lp_pool2d (two): the
// power-average pool (Σ x^p)^(1/p) of each window, computed as PyTorch
// does from avg_pool of x^p times the window's size.
func LPPool(x *tensor.Tensor, normType float64, kernel, stride []int, ceilMode bool) (*tensor.Tensor, error) {
	c := &chain{}
	dt := x.DType()
	pw := c.binary(autograd.Pow, x, c.scalar(normType, dt))
	if c.err != nil {
		return nil, c.err
	}
	out, err := AvgPool(pw, AvgPoolOptions{Kernel: kernel, Stride: stride, Padding: make([]int, len(kernel)), CeilMode: ceilMode, CountIncludePad: true})
	if err != nil {
		return nil, err
	}
	size := 1
	for _, k := range kernel {
		size *= k
	}
	out = c.mul(c.unary(autograd.Sign, out), c.relu(c.abs(out)))
	out = c.mul(out, c.scalar(float64(size), dt))
	return c.binary(autograd.Pow, out, c.scalar(1/normType, dt)), c.err
}

// LocalResponseNorm is F.local_response_norm: x / (k + alpha·mean of x²
// over size neighbouring channels)^beta, the channels zero-padded by
// size/2 before and (size-1)/2 after.
func LocalResponseNorm(x *tensor.Tensor, size int, alpha, beta, k float64) (*tensor.Tensor, error) {
	dim := x.Dim()
	if dim < 3 { // PyTorch's message has the spaces of a continued line
		return nil, tensor.Errorf(tensor.ValueError, "Expected 3D or higher dimensionality                          input (got %d dimensions)", dim)
	}
	if x.Numel() == 0 {
		return x, nil
	}
	c := &chain{}
	div := c.unsqueeze(c.mul(x, x), 1)
	sizes := x.Shape()
	ones := func(n int) []int {
		s := make([]int, n)
		for i := range s {
			s[i] = 1
		}
		return s
	}
	if dim == 3 {
		div = c.do(func() (*tensor.Tensor, error) { return Pad(div, []int{0, 0, size / 2, (size - 1) / 2}, "constant", 0) })
		div = c.do(func() (*tensor.Tensor, error) {
			return AvgPool(div, AvgPoolOptions{Kernel: []int{size, 1}, Stride: ones(2), Padding: make([]int, 2), CountIncludePad: true})
		})
		div = c.squeeze(div, 1)
	} else {
		div = c.reshape(div, sizes[0], 1, sizes[1], sizes[2], -1)
		div = c.do(func() (*tensor.Tensor, error) {
			return Pad(div, []int{0, 0, 0, 0, size / 2, (size - 1) / 2}, "constant", 0)
		})
		div = c.do(func() (*tensor.Tensor, error) {
			return AvgPool(div, AvgPoolOptions{Kernel: []int{size, 1, 1}, Stride: ones(3), Padding: make([]int, 3), CountIncludePad: true})
		})
		div = c.reshape(c.squeeze(div, 1), sizes...)
	}
	dt := x.DType()
	div = c.binary(autograd.Pow, c.add(c.mul(div, c.scalar(alpha, dt)), c.scalar(k, dt)), c.scalar(beta, dt))
	return c.div(x, div), c.err
}

// ChannelShuffle is F.channel_shuffle: the channels (dimension 1) of
// [N, C, *] regrouped from groups × C/groups to C/groups × groups.
func ChannelShuffle(x *tensor.Tensor, groups int) (*tensor.Tensor, error) {
	if x.Dim() <= 2 {
		return nil, tensor.Errorf(tensor.RuntimeError, "channel_shuffle expects input with > 2 dims, but got input with sizes %s", sizesText(x.Shape()))
	}
	if groups <= 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Number of groups to divide channels in must be positive. Value of groups:%d", groups)
	}
	shape := x.Shape()
	if shape[1]%groups != 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Number of channels must be divisible by groups. Got %d channels and %d groups.", shape[1], groups)
	}
	c := &chain{}
	split := append([]int{shape[0], groups, shape[1] / groups}, shape[2:]...)
	y := c.transpose(c.reshape(x, split...), 1, 2)
	return c.reshape(c.contiguous(y), shape...), c.err
}

// Bilinear is F.bilinear: y_k = x1ᵀ·W_k·x2 + b_k over the last dimension
// of x1 [*, in1] and x2 [*, in2], W [out, in1, in2]. It is not on CPU
// autocast's lists, so the products inside keep the operands' dtype.
func Bilinear(x1, x2, w, b *tensor.Tensor) (*tensor.Tensor, error) {
	return autograd.NoAutocast(func() (*tensor.Tensor, error) { return bilinear(x1, x2, w, b) })
}

func bilinear(x1, x2, w, b *tensor.Tensor) (*tensor.Tensor, error) {
	if w.Dim() != 3 {
		return nil, tensor.Errorf(tensor.RuntimeError, "bilinear(): weight must be 3-dimensional, but got %d dimensions", w.Dim())
	}
	if x1.Dim() != x2.Dim() {
		return nil, tensor.Errorf(tensor.RuntimeError, "bilinear(): input dimensions do not match: got %d and %d", x1.Dim(), x2.Dim())
	}
	if x1.Dim() == 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "bilinear(): input dimensions must be at least 1")
	}
	ws, s1, s2 := w.Shape(), x1.Shape(), x2.Shape()
	for i := 0; i < x1.Dim()-1; i++ {
		if s1[i] != s2[i] {
			return nil, tensor.Errorf(tensor.RuntimeError, "bilinear(): input batch dimensions do not match: got %s and %s", sizesText(s1), sizesText(s2))
		}
	}
	if s1[len(s1)-1] != ws[1] {
		return nil, tensor.Errorf(tensor.RuntimeError, "bilinear(): input1 size does not match weight size: got %d but expected %d", s1[len(s1)-1], ws[1])
	}
	if s2[len(s2)-1] != ws[2] {
		return nil, tensor.Errorf(tensor.RuntimeError, "bilinear(): input2 size does not match weight size: got %d but expected %d", s2[len(s2)-1], ws[2])
	}
	if b != nil && (b.Dim() != 1 || b.Shape()[0] != ws[0]) {
		return nil, tensor.Errorf(tensor.RuntimeError, "bilinear(): bias size does not match weight size: got %d but expected %d", b.Numel(), ws[0])
	}
	c := &chain{}
	y := c.do(func() (*tensor.Tensor, error) {
		return autograd.Einsum("...i,kij,...j->...k", []*tensor.Tensor{x1, w, x2})
	})
	if b != nil {
		y = c.add(y, b)
	}
	return y, c.err
}

// BilinearLayer is nn.Bilinear(in1_features, in2_features, out_features,
// bias=True): weight [out, in1, in2] and bias [out], both uniform in
// ±1/√in1 as PyTorch draws them (weight first).
type BilinearLayer struct {
	base          Base
	In1, In2, Out int
}

// NewBilinear makes a Bilinear layer.
func NewBilinear(in1, in2, out int, bias bool, dtype tensor.DType) (*BilinearLayer, error) {
	l := &BilinearLayer{base: NewBase(), In1: in1, In2: in2, Out: out}
	w, err := newParam(dtype, out, in1, in2)
	if err != nil {
		return nil, err
	}
	bound := 1 / math.Sqrt(float64(in1))
	if err := tensor.InitUniform(w, -bound, bound, nil); err != nil {
		return nil, err
	}
	var b *tensor.Tensor
	if bias {
		if b, err = newParam(dtype, out); err != nil {
			return nil, err
		}
		if err := tensor.InitUniform(b, -bound, bound, nil); err != nil {
			return nil, err
		}
	}
	l.base.SetParameter("weight", w)
	l.base.SetParameter("bias", b)
	return l, nil
}

func (l *BilinearLayer) Base() *Base      { return &l.base }
func (l *BilinearLayer) TypeName() string { return "Bilinear" }
func (l *BilinearLayer) ExtraRepr() string {
	return fmt.Sprintf("in1_features=%d, in2_features=%d, out_features=%d, bias=%s", l.In1, l.In2, l.Out, pyBool(l.base.Parameter("bias") != nil))
}
func (l *BilinearLayer) Hypers() []Hyper {
	return []Hyper{{"in1_features", l.In1}, {"in2_features", l.In2}, {"out_features", l.Out}}
}

// Apply is the layer on its two inputs.
func (l *BilinearLayer) Apply(x1, x2 *tensor.Tensor) (*tensor.Tensor, error) {
	return Bilinear(x1, x2, l.base.Parameter("weight"), l.base.Parameter("bias"))
}

// Forward refuses: Bilinear takes two tensors.
func (l *BilinearLayer) Forward(*tensor.Tensor) (*tensor.Tensor, error) {
	return nil, tensor.Errorf(tensor.TypeError, "Bilinear.forward() missing 1 required positional argument: 'input2'")
}
