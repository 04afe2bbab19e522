package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// F.conv2d and F.max_pool2d (global names, like the other functions of
// torch.nn.functional).

// intPair reads an int or a pair of ints, PyTorch's _pair.
func intPair(a *lang.Args, name string) [2]int {
	var p [2]int
	copy(p[:], intTuple(a, name, 2))
	return p
}

func defConv() {
	lang.NewBuiltin(lang.AsFunc, "conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)", "The 2-D cross-correlation of input [N, C, H, W] (or [C, H, W]) with weight [out_channels, C/groups, kH, kW], plus bias; stride, padding (an int, a pair, 'valid' or 'same') and dilation are ints or (h, w) pairs.", func(a *lang.Args) (lang.Value, error) {
		x, w, b := tensorArg(a, "input"), a.Tensor("weight"), a.OptTensor("bias")
		o := tensor.DefaultConv2dOptions()
		o.Stride, o.Dilation, o.Groups = intPair(a, "stride"), intPair(a, "dilation"), a.Int("groups")
		if err := a.Err(); err != nil {
			return nil, err
		}
		switch p := a.Value("padding").(type) {
		case string:
			switch p {
			case "valid":
			case "same":
				if o.Stride != [2]int{1, 1} {
					return nil, lang.Errorf(lang.RuntimeError, "padding='same' is not supported for strided convolutions")
				}
				if w.Dim() == 4 {
					o.Padding = tensor.SamePadding([2]int{w.Shape()[2], w.Shape()[3]}, o.Dilation)
				}
			default:
				return nil, lang.Errorf(lang.ValueError, "Invalid padding string '%s', should be one of {'valid', 'same'}", p)
			}
		default:
			hw := intPair(a, "padding")
			if err := a.Err(); err != nil {
				return nil, err
			}
			o.Padding = [4]int{hw[0], hw[0], hw[1], hw[1]}
		}
		return result(autograd.Conv2d(x, w, b, o))
	})
	lang.NewBuiltin(lang.AsFunc, "conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1)", "The transposed 2-D convolution of input [N, Cin, H, W] (or [Cin, H, W]) with weight [Cin, out_channels/groups, kH, kW], plus bias: the adjoint of conv2d, which grows the image by stride; output_padding adds rows and columns at the bottom and right.", func(a *lang.Args) (lang.Value, error) {
		x, w, b := tensorArg(a, "input"), a.Tensor("weight"), a.OptTensor("bias")
		o := tensor.DefaultConv2dOptions()
		o.Stride, o.Dilation, o.Groups = intPair(a, "stride"), intPair(a, "dilation"), a.Int("groups")
		hw, outPad := intPair(a, "padding"), intPair(a, "output_padding")
		if err := a.Err(); err != nil {
			return nil, err
		}
		o.Padding = [4]int{hw[0], hw[0], hw[1], hw[1]}
		return result(autograd.ConvTranspose2d(x, w, b, o, outPad))
	})
	lang.NewBuiltin(lang.AsFunc, "max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False)", "The maximum of each kernel_size window of input [N, C, H, W] (or [C, H, W]), moving by stride (default kernel_size); padding (at most half the kernel) counts as -inf. With return_indices, a tuple adding each maximum's position in the flattened H*W plane.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		o := tensor.MaxPool2dOptions{Kernel: intPair(a, "kernel_size"), Padding: intPair(a, "padding"),
			Dilation: intPair(a, "dilation"), CeilMode: a.Bool("ceil_mode")}
		o.Stride = o.Kernel
		if !a.IsNone("stride") {
			o.Stride = intPair(a, "stride")
		}
		withIndices := a.Bool("return_indices")
		if err := a.Err(); err != nil {
			return nil, err
		}
		values, indices, err := autograd.MaxPool2d(x, o)
		if err != nil || !withIndices {
			return result(values, err)
		}
		return lang.Tuple{values, indices}, nil
	})
}
