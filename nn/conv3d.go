package nn

import (
	"fmt"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// Conv3dConfig holds nn.Conv3d's arguments.
type Conv3dConfig struct {
	InChannels, OutChannels int
	KernelSize, Stride      [3]int
	// Padding is the (d, h, w) padding, unless PaddingString is "same"
	// or "valid".
	Padding       [3]int
	PaddingString string
	Dilation      [3]int
	Groups        int
	Bias          bool
}

// Conv3d is nn.Conv3d: a 3-D cross-correlation with weight [out_channels,
// in_channels/groups, kD, kH, kW] and bias [out_channels].
type Conv3d struct {
	base Base
	Conv3dConfig
}

// NewConv3d makes a Conv3d layer with PyTorch's initialisation (as
// Conv2d's).
func NewConv3d(c Conv3dConfig, dtype tensor.DType) (*Conv3d, error) {
	if err := checkConvConfig(c.InChannels, c.OutChannels, c.Groups, c.PaddingString, c.Stride == [3]int{1, 1, 1}); err != nil {
		return nil, err
	}
	l := &Conv3d{base: NewBase(), Conv3dConfig: c}
	k := c.KernelSize
	return l, initWeightAndBias(&l.base, dtype, c.Bias, c.OutChannels, c.OutChannels, c.InChannels/c.Groups, k[0], k[1], k[2])
}

func (l *Conv3d) Base() *Base      { return &l.base }
func (l *Conv3d) TypeName() string { return "Conv3d" }

// ExtraRepr is PyTorch's: the defaults left out.
func (l *Conv3d) ExtraRepr() string {
	s := fmt.Sprintf("%d, %d, kernel_size=%s, stride=%s", l.InChannels, l.OutChannels, pyTuple(l.KernelSize[:]), pyTuple(l.Stride[:]))
	switch {
	case l.PaddingString != "":
		s += ", padding=" + l.PaddingString
	case l.Padding != [3]int{}:
		s += ", padding=" + pyTuple(l.Padding[:])
	}
	if l.Dilation != [3]int{1, 1, 1} {
		s += ", dilation=" + pyTuple(l.Dilation[:])
	}
	if l.Groups != 1 {
		s += fmt.Sprintf(", groups=%d", l.Groups)
	}
	if l.base.Parameter("bias") == nil {
		s += ", bias=False"
	}
	return s
}

func (l *Conv3d) Hypers() []Hyper {
	var pad any = l.Padding[:]
	if l.PaddingString != "" {
		pad = l.PaddingString
	}
	return []Hyper{{"in_channels", l.InChannels}, {"out_channels", l.OutChannels}, {"kernel_size", l.KernelSize[:]},
		{"stride", l.Stride[:]}, {"padding", pad}, {"dilation", l.Dilation[:]}, {"groups", l.Groups}, {"padding_mode", "zeros"}}
}

// Conv3dPadding is the (front, back, top, bottom, left, right) padding of
// a 3-D convolution: pad on both sides, or for padding='same' the
// dilated kernel's extent less one, the odd one at the end.
func Conv3dPadding(pad [3]int, same bool, kernel, dilation [3]int) [6]int {
	var p [6]int
	for i := range 3 {
		lo, hi := pad[i], pad[i]
		if same {
			total := dilation[i] * (kernel[i] - 1)
			lo, hi = total/2, total-total/2
		}
		p[2*i], p[2*i+1] = lo, hi
	}
	return p
}

func (l *Conv3d) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	w := l.base.Parameter("weight")
	if w == nil {
		return nil, tensor.Errorf(tensor.TypeError, "Conv3d.weight is None")
	}
	pad := l.Padding
	if l.PaddingString == "valid" {
		pad = [3]int{}
	}
	o := autograd.Conv3dOptions{Stride: l.Stride, Dilation: l.Dilation, Groups: l.Groups,
		Padding: Conv3dPadding(pad, l.PaddingString == "same", l.KernelSize, l.Dilation)}
	return autograd.Conv3d(x, w, l.base.Parameter("bias"), o)
}

// ConvTranspose3dConfig holds nn.ConvTranspose3d's arguments.
type ConvTranspose3dConfig struct {
	InChannels, OutChannels                              int
	KernelSize, Stride, Padding, OutputPadding, Dilation [3]int
	Groups                                               int
	Bias                                                 bool
}

// ConvTranspose3d is nn.ConvTranspose3d: the transposed 3-D convolution,
// with weight [in_channels, out_channels/groups, kD, kH, kW] and bias
// [out_channels].
type ConvTranspose3d struct {
	base Base
	ConvTranspose3dConfig
}

// NewConvTranspose3d makes a ConvTranspose3d layer with PyTorch's
// initialisation (as ConvTranspose2d's).
func NewConvTranspose3d(c ConvTranspose3dConfig, dtype tensor.DType) (*ConvTranspose3d, error) {
	if err := checkConvConfig(c.InChannels, c.OutChannels, c.Groups, "", true); err != nil {
		return nil, err
	}
	l := &ConvTranspose3d{base: NewBase(), ConvTranspose3dConfig: c}
	k := c.KernelSize
	return l, initWeightAndBias(&l.base, dtype, c.Bias, c.OutChannels, c.InChannels, c.OutChannels/c.Groups, k[0], k[1], k[2])
}

func (l *ConvTranspose3d) Base() *Base      { return &l.base }
func (l *ConvTranspose3d) TypeName() string { return "ConvTranspose3d" }

// ExtraRepr is PyTorch's: the defaults left out.
func (l *ConvTranspose3d) ExtraRepr() string {
	s := fmt.Sprintf("%d, %d, kernel_size=%s, stride=%s", l.InChannels, l.OutChannels, pyTuple(l.KernelSize[:]), pyTuple(l.Stride[:]))
	if l.Padding != [3]int{} {
		s += ", padding=" + pyTuple(l.Padding[:])
	}
	if l.Dilation != [3]int{1, 1, 1} {
		s += ", dilation=" + pyTuple(l.Dilation[:])
	}
	if l.OutputPadding != [3]int{} {
		s += ", output_padding=" + pyTuple(l.OutputPadding[:])
	}
	if l.Groups != 1 {
		s += fmt.Sprintf(", groups=%d", l.Groups)
	}
	if l.base.Parameter("bias") == nil {
		s += ", bias=False"
	}
	return s
}

func (l *ConvTranspose3d) Hypers() []Hyper {
	return []Hyper{{"in_channels", l.InChannels}, {"out_channels", l.OutChannels}, {"kernel_size", l.KernelSize[:]},
		{"stride", l.Stride[:]}, {"padding", l.Padding[:]}, {"output_padding", l.OutputPadding[:]},
		{"dilation", l.Dilation[:]}, {"groups", l.Groups}, {"padding_mode", "zeros"}}
}

func (l *ConvTranspose3d) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	w := l.base.Parameter("weight")
	if w == nil {
		return nil, tensor.Errorf(tensor.TypeError, "ConvTranspose3d.weight is None")
	}
	o := autograd.Conv3dOptions{Stride: l.Stride, Dilation: l.Dilation, Groups: l.Groups, Padding: Conv3dPadding(l.Padding, false, [3]int{}, [3]int{})}
	return autograd.ConvTranspose3d(x, w, l.base.Parameter("bias"), o, l.OutputPadding)
}
