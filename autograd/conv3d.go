package autograd

import (
	"strconv"

	"github.com/kael-dev/kael/tensor"
)

// Conv3dOptions are the settings of a 3-D convolution: the padding is
// (front, back, top, bottom, left, right).
type Conv3dOptions struct {
	Stride, Dilation [3]int
	Padding          [6]int
	Groups           int
}

// Conv3d is F.conv3d: x [N, C, D, H, W] (or [C, D, H, W]) with weight
// [O, C/groups, kD, kH, kW], plus bias. Each output depth is the sum over
// the kernel's depth of 2-D convolutions of input planes, recorded as one
// node, ConvolutionBackward0; the values agree with PyTorch's to float32
// rounding.
func Conv3d(x, weight, bias *tensor.Tensor, o Conv3dOptions) (*tensor.Tensor, error) {
	if err := AutocastLower(&x, &weight, &bias); err != nil {
		return nil, err
	}
	if err := tensor.RefuseHalf("compute_columns3d", x, weight); err != nil {
		return nil, err
	}
	if x.Dim() != 4 && x.Dim() != 5 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Expected 4D (unbatched) or 5D (batched) input to conv3d, but got input of size: %s", tensor.FormatShape(x.Shape()))
	}
	if weight.Dim() != 5 {
		return nil, tensor.Errorf(tensor.RuntimeError, "weight should have at least five dimensions")
	}
	for i, s := range o.Stride {
		if s <= 0 || o.Dilation[i] <= 0 {
			return nil, tensor.Errorf(tensor.RuntimeError, "non-positive stride or dilation is not supported")
		}
	}
	return Composite("ConvolutionBackward0", []*tensor.Tensor{x, weight, bias}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		x, w, b := in[0], in[1], in[2]
		var err error
		unbatched := x.Dim() == 4
		if unbatched {
			if x, err = Unsqueeze(x, 0); err != nil {
				return nil, err
			}
		}
		shape := x.Shape()
		if shape[1] != w.Shape()[1]*o.Groups {
			return nil, tensor.Errorf(tensor.RuntimeError, "Given groups=%d, weight of size %s, expected input%s to have %d channels, but got %d channels instead",
				o.Groups, tensor.FormatShape(w.Shape()), tensor.FormatShape(shape), w.Shape()[1]*o.Groups, shape[1])
		}
		// The depth padding, as planes of zeros.
		var parts []*tensor.Tensor
		for i, n := range []int{o.Padding[0], -1, o.Padding[1]} {
			if i == 1 {
				parts = append(parts, x)
				continue
			}
			if n > 0 {
				z, err := tensor.Zeros(x.DType(), shape[0], shape[1], n, shape[3], shape[4])
				if err != nil {
					return nil, err
				}
				parts = append(parts, z)
			}
		}
		if len(parts) > 1 {
			if x, err = Cat(parts, 2); err != nil {
				return nil, err
			}
		}
		depth, kd := x.Shape()[2], w.Shape()[2]
		span := o.Dilation[0]*(kd-1) + 1
		if depth < span {
			return nil, tensor.Errorf(tensor.RuntimeError, "Calculated padded input size per channel: %s. Kernel size: %s. Kernel size can't be greater than actual input size",
				sizesX(x.Shape()[2:]), sizesX(w.Shape()[2:]))
		}
		outDepth := (depth-span)/o.Stride[0] + 1
		o2 := tensor.Conv2dOptions{Stride: [2]int{o.Stride[1], o.Stride[2]}, Dilation: [2]int{o.Dilation[1], o.Dilation[2]},
			Padding: [4]int{o.Padding[2], o.Padding[3], o.Padding[4], o.Padding[5]}, Groups: o.Groups}
		kernels := make([]*tensor.Tensor, kd)
		for k := range kernels {
			if kernels[k], err = Select(w, 2, k); err != nil {
				return nil, err
			}
		}
		outs := make([]*tensor.Tensor, outDepth)
		for d := range outs {
			var acc *tensor.Tensor
			for k := 0; k < kd; k++ {
				plane, err := Select(x, 2, d*o.Stride[0]+k*o.Dilation[0])
				if err != nil {
					return nil, err
				}
				y, err := Conv2d(plane, kernels[k], nil, o2)
				if err != nil {
					return nil, err
				}
				if acc == nil {
					acc = y
				} else if acc, err = Add(acc, y); err != nil {
					return nil, err
				}
			}
			if b != nil {
				bb, err := View(b, 1, -1, 1, 1)
				if err != nil {
					return nil, err
				}
				if acc, err = Add(acc, bb); err != nil {
					return nil, err
				}
			}
			outs[d] = acc
		}
		out, err := Stack(outs, 2)
		if err != nil || !unbatched {
			return out, err
		}
		return Squeeze(out, 0)
	})
}

// sizesX writes sizes as ATen's messages do: (2 x 3 x 3).
func sizesX(s []int) string {
	out := "("
	for i, n := range s {
		if i > 0 {
			out += " x "
		}
		out += strconv.Itoa(n)
	}
	return out + ")"
}

// ConvTranspose3d is F.conv_transpose3d: x [N, Cin, D, H, W] (or
// [Cin, D, H, W]) with weight [Cin, out_channels/groups, kD, kH, kW], plus
// bias; o.Padding's front, top and left entries are the padding of each
// dimension, outputPadding adds planes at the back, bottom and right.
// Each input plane d and kernel depth k adds the 2-D transposed
// convolution of the plane to output plane d·stride + k·dilation -
// padding, recorded as one node, ConvolutionBackward0.
func ConvTranspose3d(x, weight, bias *tensor.Tensor, o Conv3dOptions, outputPadding [3]int) (*tensor.Tensor, error) {
	if err := AutocastFloat32(&x, &weight, &bias); err != nil {
		return nil, err
	}
	if x.Dim() != 4 && x.Dim() != 5 {
		return nil, tensor.Errorf(tensor.RuntimeError, "Expected 4D (unbatched) or 5D (batched) input to conv_transpose3d, but got input of size: %s", tensor.FormatShape(x.Shape()))
	}
	if weight.Dim() != 5 {
		return nil, tensor.Errorf(tensor.RuntimeError, "weight should have at least five dimensions")
	}
	for i, s := range o.Stride {
		if s <= 0 || o.Dilation[i] <= 0 {
			return nil, tensor.Errorf(tensor.RuntimeError, "non-positive stride or dilation is not supported")
		}
		if outputPadding[i] >= s && outputPadding[i] >= o.Dilation[i] {
			return nil, tensor.Errorf(tensor.RuntimeError, "output padding must be smaller than either stride or dilation, but got output_padding_depth: %d output_padding_height: %d output_padding_width: %d stride_depth: %d stride_height: %d stride_width: %d dilation_depth: %d dilation_height: %d dilation_width: %d",
				outputPadding[0], outputPadding[1], outputPadding[2], o.Stride[0], o.Stride[1], o.Stride[2], o.Dilation[0], o.Dilation[1], o.Dilation[2])
		}
	}
	return Composite("ConvolutionBackward0", []*tensor.Tensor{x, weight, bias}, func(in []*tensor.Tensor) (*tensor.Tensor, error) {
		x, w, b := in[0], in[1], in[2]
		var err error
		unbatched := x.Dim() == 4
		if unbatched {
			if x, err = Unsqueeze(x, 0); err != nil {
				return nil, err
			}
		}
		shape, ws := x.Shape(), w.Shape()
		if shape[1] != ws[0] {
			return nil, tensor.Errorf(tensor.RuntimeError, "Given transposed=1, weight of size %s, expected input%s to have %d channels, but got %d channels instead",
				tensor.FormatShape(ws), tensor.FormatShape(shape), ws[0], shape[1])
		}
		kd := ws[2]
		outDepth := (shape[2]-1)*o.Stride[0] - 2*o.Padding[0] + o.Dilation[0]*(kd-1) + outputPadding[0] + 1
		outH := (shape[3]-1)*o.Stride[1] - 2*o.Padding[2] + o.Dilation[1]*(ws[3]-1) + outputPadding[1] + 1
		outW := (shape[4]-1)*o.Stride[2] - 2*o.Padding[4] + o.Dilation[2]*(ws[4]-1) + outputPadding[2] + 1
		if outDepth <= 0 || outH <= 0 || outW <= 0 {
			return nil, tensor.Errorf(tensor.RuntimeError, "Given input size per channel: %s. Calculated output size per channel: %s. Output size is too small",
				sizesX(shape[2:]), sizesX([]int{outDepth, outH, outW}))
		}
		o2 := tensor.Conv2dOptions{Stride: [2]int{o.Stride[1], o.Stride[2]}, Dilation: [2]int{o.Dilation[1], o.Dilation[2]},
			Padding: [4]int{o.Padding[2], o.Padding[3], o.Padding[4], o.Padding[5]}, Groups: o.Groups}
		outs := make([]*tensor.Tensor, outDepth)
		for k := 0; k < kd; k++ {
			kernel, err := Select(w, 2, k)
			if err != nil {
				return nil, err
			}
			for d := 0; d < shape[2]; d++ {
				t := d*o.Stride[0] + k*o.Dilation[0] - o.Padding[0]
				if t < 0 || t >= outDepth {
					continue
				}
				plane, err := Select(x, 2, d)
				if err != nil {
					return nil, err
				}
				y, err := ConvTranspose2d(plane, kernel, nil, o2, [2]int{outputPadding[1], outputPadding[2]})
				if err != nil {
					return nil, err
				}
				if outs[t] == nil {
					outs[t] = y
				} else if outs[t], err = Add(outs[t], y); err != nil {
					return nil, err
				}
			}
		}
		for t := range outs {
			if outs[t] == nil {
				if outs[t], err = tensor.Zeros(x.DType(), shape[0], ws[1]*o.Groups, outH, outW); err != nil {
					return nil, err
				}
			}
			if b != nil {
				bb, err := View(b, 1, -1, 1, 1)
				if err != nil {
					return nil, err
				}
				if outs[t], err = Add(outs[t], bb); err != nil {
					return nil, err
				}
			}
		}
		out, err := Stack(outs, 2)
		if err != nil || !unbatched {
			return out, err
		}
		return Squeeze(out, 0)
	})
}
