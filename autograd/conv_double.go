package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// The backward of the 2-D convolutions in a recording pass
// (create_graph=True), as PyTorch's convolution_backward is differentiated
// (_convolution_double_backward): both gradients are convolutions
// themselves, so they are computed with this package's recorded Conv2d
// and ConvTranspose2d, whose nodes are recordable in turn. The input's
// gradient of a convolution is the transposed convolution of g with the
// weight (and the other way round); the weight's is a convolution of the
// input with g (convWeightGrad). Conv1d and the 3-D convolutions are
// Composites of these, and so record too. The plain pass keeps the fast
// kernels of conv.go.

// conv2dGradsRecorded returns the recorded gradients of Conv2d(x, weight,
// bias, o) for the inputs n needs, given g, the output's gradient.
func conv2dGradsRecorded(c *calc, n *Node, x, weight, g *tensor.Tensor, o tensor.Conv2dOptions) []*tensor.Tensor {
	grads := make([]*tensor.Tensor, 3)
	if n.needs(0) {
		// The transposed convolution gives back the input's size up to the
		// rows and columns the strides skipped: output_padding adds them.
		xs, gs, ws := x.Shape(), g.Shape(), weight.Shape()
		var op [2]int
		for i := range 2 {
			full := (gs[len(gs)-2+i]-1)*o.Stride[i] - o.Padding[2*i] - o.Padding[2*i+1] + o.Dilation[i]*(ws[2+i]-1) + 1
			op[i] = xs[len(xs)-2+i] - full
		}
		grads[0] = c.do(func() (*tensor.Tensor, error) { return ConvTranspose2d(g, weight, nil, o, op) })
	}
	if n.needs(1) {
		ws := weight.Shape()
		grads[1] = c.do(func() (*tensor.Tensor, error) { return convWeightGrad(x, g, ws, o) })
	}
	if n.needs(2) {
		grads[2] = c.sum(g, convBiasDims(g), false)
	}
	return grads
}

// convTranspose2dGradsRecorded returns the recorded gradients of
// ConvTranspose2d(x, weight, bias, o, ·): the input's is the convolution
// of g with the weight, the weight's that of a convolution of g whose
// output's gradient is x.
func convTranspose2dGradsRecorded(c *calc, n *Node, x, weight, g *tensor.Tensor, o tensor.Conv2dOptions) []*tensor.Tensor {
	grads := make([]*tensor.Tensor, 3)
	if n.needs(0) {
		grads[0] = c.do(func() (*tensor.Tensor, error) { return Conv2d(g, weight, nil, o) })
	}
	if n.needs(1) {
		ws := weight.Shape()
		grads[1] = c.do(func() (*tensor.Tensor, error) { return convWeightGrad(g, x, ws, o) })
	}
	if n.needs(2) {
		grads[2] = c.sum(g, convBiasDims(g), false)
	}
	return grads
}

// convBiasDims are the dimensions a convolution's bias gradient sums g
// over: the batch (when there is one) and the positions.
func convBiasDims(g *tensor.Tensor) []int {
	if g.Dim() == 3 {
		return []int{1, 2}
	}
	return []int{0, 2, 3}
}

// convWeightGrad returns, with recorded operations, the gradient of the
// weight (of shape ws) of Conv2d(x, w, ·, o) whose output's gradient is g:
// gw[o, c, i, j] = Σ g[n, o, p, q]·xpad[n, c, p·s + i·d, q·s + j·d]. That is
// itself a convolution, of x with the batch as its channels by g as its
// kernel, with the stride and the dilation swapped; its result can be
// larger than the kernel (the rows the strides skip) and is cut to it. For
// groups the convolution pairs every input channel with every output
// channel and the blocks of each group are kept.
func convWeightGrad(x, g *tensor.Tensor, ws []int, o tensor.Conv2dOptions) (*tensor.Tensor, error) {
	var err error
	if x.Dim() == 3 { // unbatched
		if x, err = Unsqueeze(x, 0); err != nil {
			return nil, err
		}
		if g, err = Unsqueeze(g, 0); err != nil {
			return nil, err
		}
	}
	xt, err := Transpose(x, 0, 1) // [C, N, H, W]: the batch as channels
	if err != nil {
		return nil, err
	}
	gt, err := Transpose(g, 0, 1) // [O, N, OH, OW]: a kernel per output channel
	if err != nil {
		return nil, err
	}
	swapped := tensor.Conv2dOptions{Stride: o.Dilation, Dilation: o.Stride, Padding: o.Padding, Groups: 1}
	r, err := Conv2d(xt, gt, nil, swapped) // [C, O, ≥kh, ≥kw]
	if err != nil {
		return nil, err
	}
	if groups := o.Groups; groups > 1 {
		cg, og := ws[1], ws[0]/groups
		blocks := make([]*tensor.Tensor, groups)
		for k := range groups {
			b, err := Narrow(r, 0, k*cg, cg)
			if err != nil {
				return nil, err
			}
			if blocks[k], err = Narrow(b, 1, k*og, og); err != nil {
				return nil, err
			}
		}
		if r, err = Cat(blocks, 1); err != nil { // [Cg, O, ...]
			return nil, err
		}
	}
	if r, err = Transpose(r, 0, 1); err != nil {
		return nil, err
	}
	for i := range 2 {
		if r.Shape()[2+i] != ws[2+i] {
			if r, err = Narrow(r, 2+i, 0, ws[2+i]); err != nil {
				return nil, err
			}
		}
	}
	return Contiguous(r)
}
