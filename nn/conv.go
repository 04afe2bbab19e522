package nn

import (
	"fmt"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// Conv2dConfig holds nn.Conv2d's arguments.
type Conv2dConfig struct {
	InChannels, OutChannels int
	KernelSize, Stride      [2]int
	// Padding is the (h, w) padding, unless PaddingString is "same" or
	// "valid".
	Padding       [2]int
	PaddingString string
	Dilation      [2]int
	Groups        int
	Bias          bool
	// OneD makes nn.Conv1d: the sizes are in the second entry of each
	// pair (the first are a kernel of height 1, stride 1, no padding and
	// dilation 1) and the weight is [out_channels, in_channels/groups, k].
	OneD bool
}

// sizes are the entries of a pair of sizes the layer shows: both, or the
// second for a 1-D layer.
func sizes(v [2]int, oneD bool) []int {
	if oneD {
		return v[1:]
	}
	return v[:]
}

// Conv2d is nn.Conv2d: a 2-D cross-correlation with weight [out_channels,
// in_channels/groups, kH, kW] and bias [out_channels].
type Conv2d struct {
	base Base
	Conv2dConfig
}

// NewConv2d makes a Conv2d layer with PyTorch's initialisation from the
// default generator (as Linear's: kaiming-uniform with a = √5, bias
// uniform in ±1/√fan_in).
func NewConv2d(c Conv2dConfig, dtype tensor.DType) (*Conv2d, error) {
	if err := checkConvConfig(c.InChannels, c.OutChannels, c.Groups, c.PaddingString, c.Stride == [2]int{1, 1}); err != nil {
		return nil, err
	}
	l := &Conv2d{base: NewBase(), Conv2dConfig: c}
	if c.OneD {
		return l, initWeightAndBias(&l.base, dtype, c.Bias, c.OutChannels, c.OutChannels, c.InChannels/c.Groups, c.KernelSize[1])
	}
	return l, initWeightAndBias(&l.base, dtype, c.Bias, c.OutChannels, c.OutChannels, c.InChannels/c.Groups, c.KernelSize[0], c.KernelSize[1])
}

func (l *Conv2d) Base() *Base { return &l.base }

// TypeName is Conv2d, or Conv1d.
func (l *Conv2d) TypeName() string {
	if l.OneD {
		return "Conv1d"
	}
	return "Conv2d"
}

// ExtraRepr is PyTorch's: the defaults left out.
func (l *Conv2d) ExtraRepr() string {
	s := fmt.Sprintf("%d, %d, kernel_size=%s, stride=%s", l.InChannels, l.OutChannels, pyTuple(sizes(l.KernelSize, l.OneD)), pyTuple(sizes(l.Stride, l.OneD)))
	switch {
	case l.PaddingString != "":
		s += ", padding=" + l.PaddingString
	case l.Padding != [2]int{}:
		s += ", padding=" + pyTuple(sizes(l.Padding, l.OneD))
	}
	if l.Dilation != [2]int{1, 1} {
		s += ", dilation=" + pyTuple(sizes(l.Dilation, l.OneD))
	}
	if l.Groups != 1 {
		s += fmt.Sprintf(", groups=%d", l.Groups)
	}
	if l.base.Parameter("bias") == nil {
		s += ", bias=False"
	}
	return s
}

func (l *Conv2d) Hypers() []Hyper {
	var pad any = sizes(l.Padding, l.OneD)
	if l.PaddingString != "" {
		pad = l.PaddingString
	}
	return []Hyper{{"in_channels", l.InChannels}, {"out_channels", l.OutChannels}, {"kernel_size", sizes(l.KernelSize, l.OneD)},
		{"stride", sizes(l.Stride, l.OneD)}, {"padding", pad}, {"dilation", sizes(l.Dilation, l.OneD)}, {"groups", l.Groups}, {"padding_mode", "zeros"}}
}

func (l *Conv2d) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	w := l.base.Parameter("weight")
	if w == nil {
		return nil, tensor.Errorf(tensor.TypeError, "%s.weight is None", l.TypeName())
	}
	o := tensor.Conv2dOptions{Stride: l.Stride, Dilation: l.Dilation, Groups: l.Groups,
		Padding: [4]int{l.Padding[0], l.Padding[0], l.Padding[1], l.Padding[1]}}
	switch l.PaddingString {
	case "same":
		o.Padding = tensor.SamePadding(l.KernelSize, l.Dilation)
	case "valid":
		o.Padding = [4]int{}
	}
	if l.OneD {
		return autograd.Conv1d(x, w, l.base.Parameter("bias"), o)
	}
	return autograd.Conv2d(x, w, l.base.Parameter("bias"), o)
}

// MaxPool2d is nn.MaxPool2d(kernel_size, stride=None, padding=0,
// dilation=1, return_indices=False, ceil_mode=False). Its sizes are kept
// as given (one int or two), which is how repr shows them.
type MaxPool2d struct {
	base                                  Base
	KernelSize, Stride, Padding, Dilation []int
	ReturnIndices, CeilMode               bool
}

// NewMaxPool2d makes a MaxPool2d layer; stride nil is kernel_size.
func NewMaxPool2d(kernel, stride, padding, dilation []int, returnIndices, ceilMode bool) (*MaxPool2d, error) {
	if stride == nil {
		stride = kernel
	}
	for _, s := range [][]int{kernel, stride, padding, dilation} {
		if len(s) != 1 && len(s) != 2 {
			return nil, tensor.Errorf(tensor.TypeError, "MaxPool2d sizes must be an int or a pair of ints")
		}
	}
	return &MaxPool2d{base: NewBase(), KernelSize: kernel, Stride: stride, Padding: padding, Dilation: dilation,
		ReturnIndices: returnIndices, CeilMode: ceilMode}, nil
}

// pair is PyTorch's _pair of a size given as one int or two.
func pair(s []int) [2]int {
	if len(s) == 1 {
		return [2]int{s[0], s[0]}
	}
	return [2]int{s[0], s[1]}
}

// size writes a size as given: 2 or (2, 2).
func size(s []int) string {
	if len(s) == 1 {
		return fmt.Sprint(s[0])
	}
	return pyTuple(s)
}

func (l *MaxPool2d) Base() *Base      { return &l.base }
func (l *MaxPool2d) TypeName() string { return "MaxPool2d" }
func (l *MaxPool2d) ExtraRepr() string {
	return fmt.Sprintf("kernel_size=%s, stride=%s, padding=%s, dilation=%s, ceil_mode=%s",
		size(l.KernelSize), size(l.Stride), size(l.Padding), size(l.Dilation), pyBool(l.CeilMode))
}
func (l *MaxPool2d) Hypers() []Hyper {
	hyper := func(s []int) any {
		if len(s) == 1 {
			return s[0]
		}
		return s
	}
	return []Hyper{{"kernel_size", hyper(l.KernelSize)}, {"stride", hyper(l.Stride)}, {"padding", hyper(l.Padding)},
		{"dilation", hyper(l.Dilation)}, {"return_indices", l.ReturnIndices}, {"ceil_mode", l.CeilMode}}
}

// Pool returns the maxima and their positions in each flattened H·W plane.
func (l *MaxPool2d) Pool(x *tensor.Tensor) (values, indices *tensor.Tensor, err error) {
	return autograd.MaxPool2d(x, tensor.MaxPool2dOptions{Kernel: pair(l.KernelSize), Stride: pair(l.Stride),
		Padding: pair(l.Padding), Dilation: pair(l.Dilation), CeilMode: l.CeilMode})
}

// Forward returns the maxima (Pool gives the indices too, for
// return_indices).
func (l *MaxPool2d) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	v, _, err := l.Pool(x)
	return v, err
}

// ConvTranspose2dConfig holds nn.ConvTranspose2d's arguments.
type ConvTranspose2dConfig struct {
	InChannels, OutChannels                              int
	KernelSize, Stride, Padding, OutputPadding, Dilation [2]int
	Groups                                               int
	Bias                                                 bool
	// OneD makes nn.ConvTranspose1d, as Conv2dConfig's OneD.
	OneD bool
}

// ConvTranspose2d is nn.ConvTranspose2d: the transposed 2-D convolution,
// with weight [in_channels, out_channels/groups, kH, kW] and bias
// [out_channels].
type ConvTranspose2d struct {
	base Base
	ConvTranspose2dConfig
}

// NewConvTranspose2d makes a ConvTranspose2d layer with PyTorch's
// initialisation (_ConvNd.reset_parameters: kaiming-uniform with a = √5
// from the weight's fan-in, out_channels/groups·kH·kW, and the bias
// uniform in ±1/√fan_in).
func NewConvTranspose2d(c ConvTranspose2dConfig, dtype tensor.DType) (*ConvTranspose2d, error) {
	if err := checkConvConfig(c.InChannels, c.OutChannels, c.Groups, "", true); err != nil {
		return nil, err
	}
	l := &ConvTranspose2d{base: NewBase(), ConvTranspose2dConfig: c}
	if c.OneD {
		return l, initWeightAndBias(&l.base, dtype, c.Bias, c.OutChannels, c.InChannels, c.OutChannels/c.Groups, c.KernelSize[1])
	}
	return l, initWeightAndBias(&l.base, dtype, c.Bias, c.OutChannels, c.InChannels, c.OutChannels/c.Groups, c.KernelSize[0], c.KernelSize[1])
}

func (l *ConvTranspose2d) Base() *Base { return &l.base }

// TypeName is ConvTranspose2d, or ConvTranspose1d.
func (l *ConvTranspose2d) TypeName() string {
	if l.OneD {
		return "ConvTranspose1d"
	}
	return "ConvTranspose2d"
}

// ExtraRepr is PyTorch's: the defaults left out.
func (l *ConvTranspose2d) ExtraRepr() string {
	s := fmt.Sprintf("%d, %d, kernel_size=%s, stride=%s", l.InChannels, l.OutChannels, pyTuple(sizes(l.KernelSize, l.OneD)), pyTuple(sizes(l.Stride, l.OneD)))
	if l.Padding != [2]int{} {
		s += ", padding=" + pyTuple(sizes(l.Padding, l.OneD))
	}
	if l.Dilation != [2]int{1, 1} {
		s += ", dilation=" + pyTuple(sizes(l.Dilation, l.OneD))
	}
	if l.OutputPadding != [2]int{} {
		s += ", output_padding=" + pyTuple(sizes(l.OutputPadding, l.OneD))
	}
	if l.Groups != 1 {
		s += fmt.Sprintf(", groups=%d", l.Groups)
	}
	if l.base.Parameter("bias") == nil {
		s += ", bias=False"
	}
	return s
}

func (l *ConvTranspose2d) Hypers() []Hyper {
	return []Hyper{{"in_channels", l.InChannels}, {"out_channels", l.OutChannels}, {"kernel_size", sizes(l.KernelSize, l.OneD)},
		{"stride", sizes(l.Stride, l.OneD)}, {"padding", sizes(l.Padding, l.OneD)}, {"output_padding", sizes(l.OutputPadding, l.OneD)},
		{"dilation", sizes(l.Dilation, l.OneD)}, {"groups", l.Groups}, {"padding_mode", "zeros"}}
}

func (l *ConvTranspose2d) Forward(x *tensor.Tensor) (*tensor.Tensor, error) {
	w := l.base.Parameter("weight")
	if w == nil {
		return nil, tensor.Errorf(tensor.TypeError, "%s.weight is None", l.TypeName())
	}
	o := tensor.Conv2dOptions{Stride: l.Stride, Dilation: l.Dilation, Groups: l.Groups,
		Padding: [4]int{l.Padding[0], l.Padding[0], l.Padding[1], l.Padding[1]}}
	if l.OneD {
		return autograd.ConvTranspose1d(x, w, l.base.Parameter("bias"), o, l.OutputPadding[1])
	}
	return autograd.ConvTranspose2d(x, w, l.base.Parameter("bias"), o, l.OutputPadding)
}

// checkConvConfig refuses the channels, groups and padding of a
// convolution layer as PyTorch's _ConvNd does (unitStride: every stride
// is 1, which padding='same' needs; paddingString is "" when padding is
// given as numbers).
func checkConvConfig(inChannels, outChannels, groups int, paddingString string, unitStride bool) error {
	switch {
	case groups <= 0:
		return tensor.Errorf(tensor.ValueError, "groups must be a positive integer")
	case inChannels%groups != 0:
		return tensor.Errorf(tensor.ValueError, "in_channels must be divisible by groups")
	case outChannels%groups != 0:
		return tensor.Errorf(tensor.ValueError, "out_channels must be divisible by groups")
	case paddingString != "" && paddingString != "same" && paddingString != "valid":
		return tensor.Errorf(tensor.ValueError, "Invalid padding string '%s', should be one of ['valid', 'same']", paddingString)
	case paddingString == "same" && !unitStride:
		return tensor.Errorf(tensor.ValueError, "padding='same' is not supported for strided convolutions")
	}
	return nil
}
