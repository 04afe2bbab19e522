package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// The 1-D convolutions, computed as PyTorch's CPU kernels compute them:
// as 2-D ones over a kernel of height 1 (ATen's view1d_as_2d), recorded
// as one node, ConvolutionBackward0. o holds the 2-D options, the height
// entries being stride 1, no padding and dilation 1.

// Conv1d is F.conv1d: x [N, C, L] (or [C, L]), weight [O, C/groups, K].
func Conv1d(x, weight, bias *tensor.Tensor, o tensor.Conv2dOptions) (*tensor.Tensor, error) {
	if err := AutocastLower(&x, &weight, &bias); err != nil {
		return nil, err
	}
	if err := check1d("conv1d", x, weight); err != nil {
		return nil, err
	}
	return Composite("ConvolutionBackward0", []*tensor.Tensor{x, weight, bias}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		return as2d(in, func(x2, w2 *tensor.Tensor) (*tensor.Tensor, error) { return Conv2d(x2, w2, in[2], o) })
	})
}

// ConvTranspose1d is F.conv_transpose1d: x [N, Cin, L] (or [Cin, L]),
// weight [Cin, O/groups, K].
func ConvTranspose1d(x, weight, bias *tensor.Tensor, o tensor.Conv2dOptions, outputPadding int) (*tensor.Tensor, error) {
	if err := AutocastFloat32(&x, &weight, &bias); err != nil {
		return nil, err
	}
	if err := check1d("conv_transpose1d", x, weight); err != nil {
		return nil, err
	}
	return Composite("ConvolutionBackward0", []*tensor.Tensor{x, weight, bias}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		return as2d(in, func(x2, w2 *tensor.Tensor) (*tensor.Tensor, error) {
			return ConvTranspose2d(x2, w2, in[2], o, [2]int{0, outputPadding})
		})
	})
}

// check1d checks the dimensions of a 1-D convolution's input and weight.
func check1d(name string, x, weight *tensor.Tensor) error {
	if x.Dim() != 2 && x.Dim() != 3 {
		return tensor.Errorf(tensor.RuntimeError, "Expected 2D (unbatched) or 3D (batched) input to %s, but got input of size: %s", name, tensor.FormatShape(x.Shape()))
	}
	if weight.Dim() != 3 {
		return tensor.Errorf(tensor.RuntimeError, "weight should have at least three dimensions")
	}
	return nil
}

// as2d runs f on the input and weight with a dimension of size 1 before
// their last, and takes it out of the result.
func as2d(in []*tensor.Tensor, f func(x2, w2 *tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	x2, err := Unsqueeze(in[0], in[0].Dim()-1)
	if err != nil {
		return nil, err
	}
	w2, err := Unsqueeze(in[1], 2)
	if err != nil {
		return nil, err
	}
	out, err := f(x2, w2)
	if err != nil {
		return nil, err
	}
	return Squeeze(out, out.Dim()-2)
}
