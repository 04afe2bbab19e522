package nn

import (
	"fmt"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// F.unfold (im2col) and F.fold (col2im): the sliding blocks of a padded
// image as columns, and their sum back into the image. Both are one
// gather (index_select) or scatter-add over the flattened padded plane,
// recorded, so each one's gradient is the other.

// FoldOptions are the block arguments of fold and unfold, (h, w) each.
type FoldOptions struct {
	Kernel, Dilation, Padding, Stride [2]int
}

func pairText(p [2]int) string { return fmt.Sprintf("(%d, %d)", p[0], p[1]) }

// blocks returns the number of blocks along each dimension of an image of
// size hw and, for every (kernel offset, block) pair, in im2col's order
// (c·kh·kw + i·kw + j rows, blocks as columns), its index in the
// flattened padded plane.
func (o FoldOptions) blocks(hw [2]int) (n [2]int, idx []int64, padded [2]int) {
	for d := range 2 {
		padded[d] = hw[d] + 2*o.Padding[d]
		n[d] = (padded[d]-(o.Dilation[d]*(o.Kernel[d]-1)+1))/o.Stride[d] + 1
	}
	if n[0] < 1 || n[1] < 1 {
		return n, nil, padded
	}
	for i := 0; i < o.Kernel[0]; i++ {
		for j := 0; j < o.Kernel[1]; j++ {
			for bh := 0; bh < n[0]; bh++ {
				for bw := 0; bw < n[1]; bw++ {
					h, w := bh*o.Stride[0]+i*o.Dilation[0], bw*o.Stride[1]+j*o.Dilation[1]
					idx = append(idx, int64(h*padded[1]+w))
				}
			}
		}
	}
	return n, idx, padded
}

// check refuses non-positive block arguments, as PyTorch does.
func (o FoldOptions) check() error {
	for d := range 2 {
		if o.Kernel[d] <= 0 || o.Dilation[d] <= 0 || o.Stride[d] <= 0 || o.Padding[d] < 0 {
			return tensor.Errorf(tensor.RuntimeError, "kernel size, dilation and stride should be greater than zero and padding non-negative, but got kernel_size=%s, dilation=%s, padding=%s, stride=%s",
				pairText(o.Kernel), pairText(o.Dilation), pairText(o.Padding), pairText(o.Stride))
		}
	}
	return nil
}

// Unfold is F.unfold: x [N, C, H, W] (or [C, H, W]) as [N, C·kh·kw, L],
// each column one sliding block of the zero-padded image.
func Unfold(x *tensor.Tensor, o FoldOptions) (*tensor.Tensor, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	if x.Dim() != 3 && x.Dim() != 4 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, but got: %s", sizesText(x.Shape()))
	}
	c := &chain{}
	in := x
	if x.Dim() == 3 {
		in = c.unsqueeze(x, 0)
	}
	s := in.Shape()
	n, idx, padded := o.blocks([2]int{s[2], s[3]})
	if idx == nil {
		return nil, tensor.Errorf(tensor.RuntimeError, "Given input with spatial size (%d, %d), kernel_size=%s, dilation=%s, padding=%s, calculated shape of the array of sliding blocks as (%d, %d), but its components must be at least one.",
			s[2], s[3], pairText(o.Kernel), pairText(o.Dilation), pairText(o.Padding), n[0], n[1])
	}
	p := c.do(func() (*tensor.Tensor, error) {
		return Pad(in, []int{o.Padding[1], o.Padding[1], o.Padding[0], o.Padding[0]}, "constant", 0)
	})
	flat := c.reshape(p, s[0], s[1], padded[0]*padded[1])
	it := c.do(func() (*tensor.Tensor, error) { return tensor.FromSlice(idx, len(idx)) })
	cols := c.do(func() (*tensor.Tensor, error) { return autograd.IndexSelect(flat, 2, it) })
	out := c.reshape(cols, s[0], s[1]*o.Kernel[0]*o.Kernel[1], n[0]*n[1])
	if x.Dim() == 3 {
		out = c.squeeze(out, 0)
	}
	return out, c.err
}

// Fold is F.fold: the columns of x [N, C·kh·kw, L] (or [C·kh·kw, L])
// summed into an image of size out, the sliding blocks' positions as
// unfold takes them.
func Fold(x *tensor.Tensor, out [2]int, o FoldOptions) (*tensor.Tensor, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	if x.Dim() != 2 && x.Dim() != 3 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero dimensions for input, but got: %s", sizesText(x.Shape()))
	}
	c := &chain{}
	in := x
	if x.Dim() == 2 {
		in = c.unsqueeze(x, 0)
	}
	s := in.Shape()
	k := o.Kernel[0] * o.Kernel[1]
	if s[1]%k != 0 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Expected size of input's dimension 1 to be divisible by the product of kernel_size, but got input.size(1)=%d and kernel_size=%s.", s[1], pairText(o.Kernel))
	}
	n, idx, padded := o.blocks(out)
	if idx == nil || n[0]*n[1] != s[2] {
		return nil, tensor.Errorf(tensor.RuntimeError, "Given output_size=%s, kernel_size=%s, dilation=%s, padding=%s, stride=%s, expected size of input's dimension 2 to match the calculated number of sliding blocks %d * %d = %d, but got input.size(2)=%d.",
			pairText(out), pairText(o.Kernel), pairText(o.Dilation), pairText(o.Padding), pairText(o.Stride), n[0], n[1], n[0]*n[1], s[2])
	}
	channels := s[1] / k
	cols := c.reshape(in, s[0], channels, k*s[2])
	it := c.do(func() (*tensor.Tensor, error) {
		t, err := tensor.FromSlice(idx, 1, 1, len(idx))
		if err != nil {
			return nil, err
		}
		e, err := t.Expand(s[0], channels, len(idx))
		if err != nil {
			return nil, err
		}
		return e.Contiguous()
	})
	zeros := c.zeros(x.DType(), s[0], channels, padded[0]*padded[1])
	img := c.do(func() (*tensor.Tensor, error) { return autograd.ScatterAdd(zeros, 2, it, cols) })
	img = c.reshape(img, s[0], channels, padded[0], padded[1])
	img = c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(img, 2, o.Padding[0], out[0]) })
	img = c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(img, 3, o.Padding[1], out[1]) })
	if x.Dim() == 2 {
		img = c.squeeze(img, 0)
	}
	return img, c.err
}
