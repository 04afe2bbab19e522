package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
	"slices"
)

// nn.Conv1d, nn.ConvTranspose1d, F.conv1d and F.conv_transpose1d: the
// 2-D layers and functions over a kernel of height 1 (autograd/conv1d.go).

// intSingle reads an int or a 1-tuple, PyTorch's _single, as the pair of
// the 2-D computation whose height entry is first.
func intSingle(a *lang.Args, name string, first int) [2]int {
	v := a.Ints(name)
	if len(v) == 1 {
		return [2]int{first, v[0]}
	}
	if a.Err() == nil {
		a.Fail(lang.Errorf(lang.TypeError, "%s(): argument '%s' must be an int or a tuple of 1 int, not %s", a.Builtin().Name, name, lang.Repr(a.Value(name))))
	}
	return [2]int{}
}

// conv1dOptions reads stride, dilation, groups and an int padding.
func conv1dOptions(a *lang.Args) tensor.Conv2dOptions {
	o := tensor.DefaultConv2dOptions()
	o.Stride, o.Dilation, o.Groups = intSingle(a, "stride", 1), intSingle(a, "dilation", 1), a.Int("groups")
	return o
}

func defConv1d() {
	lang.NewBuiltin(lang.AsFunc, "conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)", "The 1-D cross-correlation of input [N, C, L] (or [C, L]) with weight [out_channels, C/groups, k], plus bias; padding is an int, 'valid' or 'same'.", func(a *lang.Args) (lang.Value, error) {
		x, w, b := tensorArg(a, "input"), a.Tensor("weight"), a.OptTensor("bias")
		o := conv1dOptions(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		switch p := a.Value("padding").(type) {
		case string:
			switch p {
			case "valid":
			case "same":
				if o.Stride[1] != 1 {
					return nil, lang.Errorf(lang.RuntimeError, "padding='same' is not supported for strided convolutions")
				}
				if w.Dim() == 3 {
					o.Padding = tensor.SamePadding([2]int{1, w.Shape()[2]}, o.Dilation)
				}
			default:
				return nil, lang.Errorf(lang.ValueError, "Invalid padding string '%s', should be one of {'valid', 'same'}", p)
			}
		default:
			pad := intSingle(a, "padding", 0)
			if err := a.Err(); err != nil {
				return nil, err
			}
			o.Padding = [4]int{0, 0, pad[1], pad[1]}
		}
		return result(autograd.Conv1d(x, w, b, o))
	})
	lang.NewBuiltin(lang.AsFunc, "conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1)", "The transposed 1-D convolution of input [N, Cin, L] (or [Cin, L]) with weight [Cin, out_channels/groups, k], plus bias: the adjoint of conv1d; output_padding adds positions at the end.", func(a *lang.Args) (lang.Value, error) {
		x, w, b := tensorArg(a, "input"), a.Tensor("weight"), a.OptTensor("bias")
		o := conv1dOptions(a)
		pad, outPad := intSingle(a, "padding", 0), intSingle(a, "output_padding", 0)
		if err := a.Err(); err != nil {
			return nil, err
		}
		o.Padding = [4]int{0, 0, pad[1], pad[1]}
		return result(autograd.ConvTranspose1d(x, w, b, o, outPad[1]))
	})
	defLayer("conv", "Conv1d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True, padding_mode='zeros', device=None, dtype=None)", "The 1-D cross-correlation of [N, C, L] inputs with out_channels learned kernels of kernel_size, plus a bias; padding is an int, 'valid' or 'same'. Initialised as PyTorch does (kaiming-uniform with a=√5). Only padding_mode='zeros'.", func(a *lang.Args) (nn.Module, error) {
		c := nn.Conv2dConfig{InChannels: a.Int("in_channels"), OutChannels: a.Int("out_channels"),
			KernelSize: intSingle(a, "kernel_size", 1), Stride: intSingle(a, "stride", 1), Dilation: intSingle(a, "dilation", 1),
			Groups: a.Int("groups"), Bias: a.Bool("bias"), OneD: true}
		if p, ok := a.Value("padding").(string); ok {
			c.PaddingString = p
		} else {
			c.Padding = intSingle(a, "padding", 0)
		}
		refuseGiven(a, "padding_mode", "zeros", "only zero padding is implemented")
		d := layerDType(a)
		layerDevice(a)
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewConv2d(c, d)
	})
	defLayer("conv", "ConvTranspose1d(in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1, bias=True, dilation=1, padding_mode='zeros', device=None, dtype=None)", "The transposed 1-D convolution of [N, Cin, L] inputs (the adjoint of Conv1d), with weight [in_channels, out_channels/groups, k] and a bias. Initialised as PyTorch does. Only padding_mode='zeros'.", func(a *lang.Args) (nn.Module, error) {
		c := nn.ConvTranspose2dConfig{InChannels: a.Int("in_channels"), OutChannels: a.Int("out_channels"),
			KernelSize: intSingle(a, "kernel_size", 1), Stride: intSingle(a, "stride", 1), Padding: intSingle(a, "padding", 0),
			OutputPadding: intSingle(a, "output_padding", 0), Dilation: intSingle(a, "dilation", 1),
			Groups: a.Int("groups"), Bias: a.Bool("bias"), OneD: true}
		refuseGiven(a, "padding_mode", "zeros", "only zero padding is implemented")
		d := layerDType(a)
		layerDevice(a)
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewConvTranspose2d(c, d)
	})
}

// intTriple reads an int or a 3-tuple, PyTorch's _triple.
func intTriple(a *lang.Args, name string) [3]int {
	var t [3]int
	copy(t[:], intTuple(a, name, 3))
	return t
}

// intTuple reads an int (repeated n times) or an n-tuple of ints, as
// PyTorch's _pair and _triple do; a wrong length fails a (n zeros).
func intTuple(a *lang.Args, name string, n int) []int {
	v := a.Ints(name)
	switch len(v) {
	case 1:
		return slices.Repeat(v, n)
	case n:
		return v
	}
	if a.Err() == nil {
		a.Fail(lang.Errorf(lang.TypeError, "%s(): argument '%s' must be an int or a tuple of %d ints, not %s", a.Builtin().Name, name, n, lang.Repr(a.Value(name))))
	}
	return make([]int, n)
}

func defConv3d() {
	lang.NewBuiltin(lang.AsFunc, "conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)", "The 3-D cross-correlation of input [N, C, D, H, W] (or [C, D, H, W]) with weight [out_channels, C/groups, kD, kH, kW], plus bias; padding is an int, a triple, 'valid' or 'same'.", func(a *lang.Args) (lang.Value, error) {
		x, w, b := tensorArg(a, "input"), a.Tensor("weight"), a.OptTensor("bias")
		o := autograd.Conv3dOptions{Stride: intTriple(a, "stride"), Dilation: intTriple(a, "dilation"), Groups: a.Int("groups")}
		if err := a.Err(); err != nil {
			return nil, err
		}
		switch p := a.Value("padding").(type) {
		case string:
			switch p {
			case "valid":
			case "same":
				if o.Stride != [3]int{1, 1, 1} {
					return nil, lang.Errorf(lang.RuntimeError, "padding='same' is not supported for strided convolutions")
				}
				if w.Dim() == 5 {
					k := w.Shape()[2:]
					o.Padding = nn.Conv3dPadding([3]int{}, true, [3]int{k[0], k[1], k[2]}, o.Dilation)
				}
			default:
				return nil, lang.Errorf(lang.ValueError, "Invalid padding string '%s', should be one of {'valid', 'same'}", p)
			}
		default:
			pad := intTriple(a, "padding")
			if err := a.Err(); err != nil {
				return nil, err
			}
			o.Padding = nn.Conv3dPadding(pad, false, [3]int{}, [3]int{})
		}
		return result(autograd.Conv3d(x, w, b, o))
	})
	defLayer("conv", "Conv3d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True, padding_mode='zeros', device=None, dtype=None)", "The 3-D cross-correlation of [N, C, D, H, W] inputs with out_channels learned kernels of kernel_size (an int or a triple), plus a bias; padding is an int, a triple, 'valid' or 'same'. Initialised as PyTorch does (kaiming-uniform with a=√5). Only padding_mode='zeros'.", func(a *lang.Args) (nn.Module, error) {
		c := nn.Conv3dConfig{InChannels: a.Int("in_channels"), OutChannels: a.Int("out_channels"),
			KernelSize: intTriple(a, "kernel_size"), Stride: intTriple(a, "stride"), Dilation: intTriple(a, "dilation"),
			Groups: a.Int("groups"), Bias: a.Bool("bias")}
		if p, ok := a.Value("padding").(string); ok {
			c.PaddingString = p
		} else {
			c.Padding = intTriple(a, "padding")
		}
		refuseGiven(a, "padding_mode", "zeros", "only zero padding is implemented")
		d := layerDType(a)
		layerDevice(a)
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewConv3d(c, d)
	})
	lang.NewBuiltin(lang.AsFunc, "conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1)", "The transposed 3-D convolution of input [N, Cin, D, H, W] (or [Cin, D, H, W]) with weight [Cin, out_channels/groups, kD, kH, kW], plus bias: the adjoint of conv3d, which grows the volume by stride; output_padding adds planes at the back, bottom and right.", func(a *lang.Args) (lang.Value, error) {
		x, w, b := tensorArg(a, "input"), a.Tensor("weight"), a.OptTensor("bias")
		o := autograd.Conv3dOptions{Stride: intTriple(a, "stride"), Dilation: intTriple(a, "dilation"), Groups: a.Int("groups"),
			Padding: nn.Conv3dPadding(intTriple(a, "padding"), false, [3]int{}, [3]int{})}
		outPad := intTriple(a, "output_padding")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.ConvTranspose3d(x, w, b, o, outPad))
	})
	defLayer("conv", "ConvTranspose3d(in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1, bias=True, dilation=1, padding_mode='zeros', device=None, dtype=None)", "The transposed 3-D convolution of [N, Cin, D, H, W] inputs (the adjoint of Conv3d, which grows the volume by stride), with weight [in_channels, out_channels/groups, kD, kH, kW] and a bias. Initialised as PyTorch does. Only padding_mode='zeros'.", func(a *lang.Args) (nn.Module, error) {
		c := nn.ConvTranspose3dConfig{InChannels: a.Int("in_channels"), OutChannels: a.Int("out_channels"),
			KernelSize: intTriple(a, "kernel_size"), Stride: intTriple(a, "stride"), Padding: intTriple(a, "padding"),
			OutputPadding: intTriple(a, "output_padding"), Dilation: intTriple(a, "dilation"), Groups: a.Int("groups"), Bias: a.Bool("bias")}
		refuseGiven(a, "padding_mode", "zeros", "only zero padding is implemented")
		d := layerDType(a)
		layerDevice(a)
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewConvTranspose3d(c, d)
	})
}
