package tensor

// ConvTranspose2d returns the transposed convolution of x [N, Cin, H, W]
// (or [Cin, H, W]) with weight [Cin, Cout/groups, kH, kW], plus bias
// [Cout] (nil for none): the adjoint of Conv2d with the same weight, which
// is Conv2d's input gradient for the output x. outputPadding adds rows and
// columns at the bottom and right (less than the stride or the dilation,
// as PyTorch requires), so that the output has
// (H-1)·stride - pad_top - pad_bottom + dilation·(kH-1) + outputPadding + 1 rows.
func ConvTranspose2d(x, weight, bias *Tensor, o Conv2dOptions, outputPadding [2]int) (*Tensor, error) {
	if err := RefuseHalf("slow_conv_transpose2d_out_cpu", x, weight); err != nil {
		return nil, err
	}
	x4, unbatched, err := batched4("conv_transpose2d", x)
	if err != nil {
		return nil, err
	}
	if x.dtype == Bool || !x.dtype.IsFloating() {
		return nil, typeErrorf("conv_transpose2d takes floating tensors, not %s", x.dtype)
	}
	if weight.Dim() != 4 {
		return nil, Errorf(RuntimeError, "weight should have 4 dimensions for conv_transpose2d, not %d", weight.Dim())
	}
	if weight.dtype != x.dtype {
		return nil, typeErrorf("expected scalar type %s but found %s", x.dtype.String(), weight.dtype.String())
	}
	if weight.shape[2] < 1 || weight.shape[3] < 1 {
		return nil, Errorf(RuntimeError, "kernel size should be greater than zero, but got kernel_height: %d kernel_width: %d", weight.shape[2], weight.shape[3])
	}
	if o.Groups <= 0 || weight.shape[0]%o.Groups != 0 {
		return nil, Errorf(ValueError, "groups must divide the weight's first dimension")
	}
	if x4.shape[1] != weight.shape[0] {
		return nil, Errorf(RuntimeError, "Given transposed=1, weight of size %s, expected input%s to have %d channels, but got %d channels instead",
			FormatShape(weight.shape), FormatShape(x4.shape), weight.shape[0], x4.shape[1])
	}
	var size [2]int
	for i := range 2 {
		if outputPadding[i] < 0 || outputPadding[i] >= max(o.Stride[i], o.Dilation[i]) {
			return nil, Errorf(RuntimeError, "output padding must be smaller than either stride or dilation, but got output_padding_height: %d output_padding_width: %d stride_height: %d stride_width: %d dilation_height: %d dilation_width: %d",
				outputPadding[0], outputPadding[1], o.Stride[0], o.Stride[1], o.Dilation[0], o.Dilation[1])
		}
		size[i] = (x4.shape[2+i]-1)*o.Stride[i] - o.Padding[2*i] - o.Padding[2*i+1] + o.Dilation[i]*(weight.shape[2+i]-1) + outputPadding[i] + 1
		if size[i] <= 0 {
			return nil, Errorf(RuntimeError, "conv_transpose2d: the output would be empty (%d)", size[i])
		}
	}
	cout := weight.shape[1] * o.Groups
	if bias != nil && (bias.Dim() != 1 || bias.shape[0] != cout) {
		return nil, Errorf(RuntimeError, "Given transposed=1, weight of size %s, expected bias to be 1-dimensional with %d elements, but got bias of size %s instead",
			FormatShape(weight.shape), cout, FormatShape(bias.shape))
	}
	// The input Conv2d would have taken: only its shape is read.
	shape, err := Empty(x.dtype, x4.shape[0], cout, size[0], size[1])
	if err != nil {
		return nil, err
	}
	y, _, err := Conv2dGrads(shape, weight, x4, o, true, false)
	if err != nil {
		return nil, err
	}
	if bias != nil {
		b, err := bias.Reshape(cout, 1, 1)
		if err != nil {
			return nil, err
		}
		if y, err = Add(y, b); err != nil {
			return nil, err
		}
	}
	if unbatched {
		return y.Squeeze(0)
	}
	return y, nil
}
