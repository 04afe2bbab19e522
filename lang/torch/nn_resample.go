package torch

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// The padding layers, PixelShuffle/PixelUnshuffle, Upsample, the average
// poolings, MaxPool1d and Dropout1d/2d/3d, with their functions F.pad,
// F.pixel_shuffle, F.interpolate, F.avg_pool1d/2d/3d,
// F.adaptive_avg_pool1d/2d/3d, F.max_pool1d and F.dropout1d/2d/3d
// (package nn's resample.go).

// intsOf reads an argument that is an int (repeated n times) or a tuple of
// n ints.
func intsOf(a *lang.Args, name string, n int) []int {
	v := a.Ints(name)
	if a.Err() != nil {
		return nil
	}
	if len(v) == 1 && n > 1 {
		if _, isInt := a.Value(name).(int64); isInt {
			out := make([]int, n)
			for i := range out {
				out[i] = v[0]
			}
			return out
		}
	}
	if len(v) != n {
		a.Fail(lang.Errorf(lang.TypeError, "%s(): argument '%s' must be an int or a tuple of %d ints, not %s", a.Builtin().Name, name, n, lang.Repr(a.Value(name))))
		return nil
	}
	return v
}

// tupleText writes ints as a Python tuple: (1, 2) or (3,).
func tupleText(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x)
	}
	if len(xs) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// defFunc registers the parameterless layer nn.<name> of PyTorch's module
// torch.nn.modules.<file>, made by make.
func defFunc(file, sig, doc string, make func(a *lang.Args) (extra string, fn func(*tensor.Tensor) (*tensor.Tensor, error))) {
	var name string
	b := defLayer(file, sig, doc, func(a *lang.Args) (nn.Module, error) {
		extra, fn := make(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return nn.NewFunc(name, extra, hypersOf(a, sigParams(a.Builtin().Sig)), fn), nil
	})
	name = b.Name
}

// sigParams is the parameter list of a signature: "ZeroPad2d(padding)"
// gives "padding".
func sigParams(sig string) string {
	open, end := strings.Index(sig, "("), strings.LastIndex(sig, ")")
	if open < 0 || end < open {
		return ""
	}
	return sig[open+1 : end]
}

func defResampling() {
	paddingLayers()
	for _, s := range []struct{ name, factor, doc string }{
		{"PixelShuffle", "upscale_factor", "Rearranges [*, C·r², H, W] into [*, C, H·r, W·r] (r = upscale_factor)."},
		{"PixelUnshuffle", "downscale_factor", "Rearranges [*, C, H·r, W·r] into [*, C·r², H, W] (r = downscale_factor), the inverse of PixelShuffle."},
	} {
		f := nn.PixelShuffle
		if s.name == "PixelUnshuffle" {
			f = nn.PixelUnshuffle
		}
		defFunc("pixelshuffle", s.name+"("+s.factor+")", s.doc, func(a *lang.Args) (string, func(*tensor.Tensor) (*tensor.Tensor, error)) {
			r := a.Int(s.factor)
			return s.factor + "=" + given(a, s.factor), func(x *tensor.Tensor) (*tensor.Tensor, error) { return f(x, r) }
		})
		lang.NewBuiltin(lang.AsFunc, strings.ToLower(s.name[:5])+"_"+strings.ToLower(s.name[5:])+"(input, "+s.factor+")", s.doc, func(a *lang.Args) (lang.Value, error) {
			x, r := tensorArg(a, "input"), a.Int(s.factor)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(f(x, r))
		})
	}
	defFunc("upsampling", "Upsample(size=None, scale_factor=None, mode='nearest', align_corners=None, recompute_scale_factor=None)", "Resizes [N, C, *spatial] inputs to size or by scale_factor: mode 'nearest', 'nearest-exact', 'linear', 'bilinear', 'trilinear' or 'area' (align_corners for the linear modes). 'bicubic' is not supported.", func(a *lang.Args) (string, func(*tensor.Tensor) (*tensor.Tensor, error)) {
		r := readResize(a)
		extra := "size=" + lang.Repr(a.Value("size"))
		if r.hasScale {
			extra = "scale_factor=" + r.scaleText
		}
		extra += ", mode=" + r.mode
		return extra, r.resize
	})
	for _, u := range []struct{ name, mode string }{{"UpsamplingNearest2d", "nearest"}, {"UpsamplingBilinear2d", "bilinear"}} {
		defFunc("upsampling", u.name+"(size=None, scale_factor=None)", "Upsample with mode='"+u.mode+"'"+map[bool]string{true: " and align_corners=True", false: ""}[u.mode == "bilinear"]+", for [N, C, H, W] inputs.", func(a *lang.Args) (string, func(*tensor.Tensor) (*tensor.Tensor, error)) {
			r := readResize(a)
			r.mode = u.mode
			if u.mode == "bilinear" {
				on := true
				r.alignCorners = &on
			}
			extra := "size=" + lang.Repr(a.Value("size"))
			if r.hasScale {
				extra = "scale_factor=" + r.scaleText
			}
			return extra + ", mode=" + u.mode, r.resize
		})
	}
	lang.NewBuiltin(lang.AsFunc, "interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None, recompute_scale_factor=None, antialias=False)", "Resizes input [N, C, *spatial] to size or by scale_factor: mode 'nearest', 'nearest-exact', 'linear', 'bilinear', 'trilinear' or 'area' (align_corners for the linear modes). 'bicubic' and antialias are not supported.", func(a *lang.Args) (lang.Value, error) {
		x, r := tensorArg(a, "input"), readResize(a)
		refuseGiven(a, "antialias", false, "anti-aliased resizing is not implemented")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(r.resize(x))
	})
	poolingLayers()
	for d := 1; d <= 3; d++ {
		name := fmt.Sprintf("Dropout%dd", d)
		batched := []int{0, 3, 0, 5}[d]
		const doc = "While training, zeroes whole channels (dimension 1) with probability p and scales the others by 1/(1-p); after eval() it passes the input through."
		defLayer("dropout", name+"(p=0.5, inplace=False)", doc, func(a *lang.Args) (nn.Module, error) {
			p, inplace := a.Float("p"), a.Bool("inplace")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if p < 0 || p > 1 {
				return nil, lang.Errorf(lang.ValueError, "dropout probability has to be between 0 and 1, but got %s", lang.Repr(a.Value("p")))
			}
			extra := "p=" + lang.Repr(a.Value("p")) + ", inplace=" + lang.Repr(a.Value("inplace"))
			var drop *nn.Func
			drop = nn.NewFunc(name, extra, []nn.Hyper{{Name: "p", Value: p}, {Name: "inplace", Value: inplace}}, func(x *tensor.Tensor) (*tensor.Tensor, error) {
				if err := dropoutDims(name, x, d); err != nil {
					return nil, err
				}
				return nn.FeatureDropout(x, p, drop.Base().Training, batched)
			})
			return drop, nil
		})
		lang.NewBuiltin(lang.AsFunc, strings.ToLower(name)+"(input, p=0.5, training=True, inplace=False)", doc, func(a *lang.Args) (lang.Value, error) {
			x, p, training := tensorArg(a, "input"), a.Float("p"), a.Bool("training")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if err := dropoutDims(name, x, d); err != nil {
				return nil, err
			}
			return result(nn.FeatureDropout(x, p, training, batched))
		})
	}
}

// dropoutDims refuses inputs dropout1d and dropout3d do not take, with
// PyTorch's messages (dropout2d takes any, channels in dimension 1).
func dropoutDims(name string, x *tensor.Tensor, d int) error {
	if d == 2 || x.Dim() == d+1 || x.Dim() == d+2 {
		return nil
	}
	lower := strings.ToLower(name)
	return lang.Errorf(lang.RuntimeError, "%s: Expected %dD or %dD input, but received a %dD input. Note that %s exists to provide channel-wise dropout on inputs with %d spatial dimension%s, a channel dimension, and an optional batch dimension (i.e. %dD or %dD inputs).",
		lower, d+1, d+2, x.Dim(), lower, d, map[bool]string{true: "s", false: ""}[d > 1], d+1, d+2)
}

// floatsRepr writes a scale factor as Upsample keeps it: a float, or a
// tuple of floats.
func floatsRepr(v lang.Value) string {
	if elems, _, ok := lang.Sequence(v); ok {
		parts := make([]string, len(elems))
		for i, e := range elems {
			f, _ := lang.AsFloat(e)
			parts[i] = lang.Repr(f)
		}
		return "(" + strings.Join(parts, ", ") + ")"
	}
	f, _ := lang.AsFloat(v)
	return lang.Repr(f)
}

// resizeSpec holds the arguments of F.interpolate and Upsample, read
// when they are bound; options completes them for an input.
type resizeSpec struct {
	size  []int
	scale []float64
	// sizeOne and scaleOne mark an int size or a number scale_factor,
	// repeated over the input's spatial dimensions.
	sizeOne, scaleOne bool
	mode              string
	alignCorners      *bool
	recompute         bool
	scaleText         string
	hasSize, hasScale bool
}

// readResize reads the arguments of F.interpolate or Upsample.
func readResize(a *lang.Args) resizeSpec {
	r := resizeSpec{hasSize: !a.IsNone("size"), hasScale: !a.IsNone("scale_factor")}
	if hasParam(a, "mode") {
		r.mode = a.Str("mode")
	}
	if r.hasSize {
		_, r.sizeOne = a.Value("size").(int64)
		r.size = a.Ints("size")
	}
	if r.hasScale {
		if elems, _, ok := lang.Sequence(a.Value("scale_factor")); ok {
			for _, e := range elems {
				f, ok := lang.AsFloat(e)
				if !ok && a.Err() == nil {
					a.Fail(a.WrongType("scale_factor", "float or a tuple of floats", a.Value("scale_factor")))
				}
				r.scale = append(r.scale, f)
			}
		} else {
			r.scale, r.scaleOne = []float64{a.Float("scale_factor")}, true
		}
		r.scaleText = floatsRepr(a.Value("scale_factor"))
	}
	if hasParam(a, "align_corners") && !a.IsNone("align_corners") {
		v := a.Bool("align_corners")
		r.alignCorners = &v
	}
	if hasParam(a, "recompute_scale_factor") && !a.IsNone("recompute_scale_factor") {
		r.recompute = a.Bool("recompute_scale_factor")
	}
	return r
}

// options completes the arguments for the input x.
func (r resizeSpec) options(x *tensor.Tensor) (nn.InterpolateOptions, error) {
	spatial := max(x.Dim()-2, 0)
	o := nn.InterpolateOptions{Mode: r.mode, RecomputeScale: r.recompute}
	repeat := func(n int) []int {
		out := make([]int, spatial)
		for i := range out {
			out[i] = n
		}
		return out
	}
	switch {
	case r.hasSize && r.hasScale:
		return o, lang.Errorf(lang.ValueError, "only one of size or scale_factor should be defined")
	case !r.hasSize && !r.hasScale:
		return o, lang.Errorf(lang.ValueError, "either size or scale_factor should be defined")
	case r.hasSize && r.sizeOne:
		o.Size = repeat(r.size[0])
	case r.hasSize:
		o.Size = r.size
	case r.scaleOne:
		for i := 0; i < spatial; i++ {
			o.Scale = append(o.Scale, r.scale[0])
		}
	default:
		if len(r.scale) != spatial {
			return o, lang.Errorf(lang.ValueError, "Input and scale_factor must have the same number of spatial dimensions, but got input with spatial dimensions of %s and scale_factor of shape %s. Please provide input tensor in (N, C, d1, d2, ...,dK) format and scale_factor in (s1, s2, ...,sK) format.", fmt.Sprint(x.Shape()[2:]), r.scaleText)
		}
		o.Scale = r.scale
	}
	if r.alignCorners != nil {
		switch r.mode {
		case "linear", "bilinear", "bicubic", "trilinear":
			o.AlignCorners = *r.alignCorners
		default:
			return o, lang.Errorf(lang.ValueError, "align_corners option can only be set with the interpolating modes: linear | bilinear | bicubic | trilinear")
		}
	}
	return o, nil
}

// resize is F.interpolate of x with the arguments r.
func (r resizeSpec) resize(x *tensor.Tensor) (*tensor.Tensor, error) {
	o, err := r.options(x)
	if err != nil {
		return nil, err
	}
	return nn.Interpolate(x, o)
}

func paddingLayers() {
	for _, kind := range []string{"Constant", "Reflection", "Replication", "Zero"} {
		for d := 1; d <= 3; d++ {
			if kind == "Zero" && d != 2 {
				continue
			}
			name := fmt.Sprintf("%sPad%dd", kind, d)
			sig, mode := name+"(padding)", "constant"
			switch kind {
			case "Constant":
				sig = name + "(padding, value)"
			case "Reflection":
				mode = "reflect"
			case "Replication":
				mode = "replicate"
			}
			doc := fmt.Sprintf("Pads the last %d dimension%s of its input (padding an int, or (left, right%s)) by F.pad's %s mode.", d, map[bool]string{true: "s", false: ""}[d > 1], []string{"", "", ", top, bottom", ", top, bottom, front, back"}[d], mode)
			defFunc("padding", sig, doc, func(a *lang.Args) (string, func(*tensor.Tensor) (*tensor.Tensor, error)) {
				pad := intsOf(a, "padding", 2*d)
				value, extra := 0.0, tupleText(pad)
				if kind == "Constant" {
					value = a.Float("value")
					extra = "padding=" + extra + ", value=" + given(a, "value")
				}
				return extra, func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.Pad(x, pad, mode, value) }
			})
		}
	}
	lang.NewBuiltin(lang.AsFunc, "pad(input, pad, mode='constant', value=None)", "Pads input by pad, (left, right) pairs from the last dimension backwards: mode 'constant' fills with value (0 by default; negative pads crop), 'reflect' mirrors, 'replicate' repeats the edge, 'circular' wraps around.", func(a *lang.Args) (lang.Value, error) {
		x, pad, mode := tensorArg(a, "input"), a.Ints("pad"), a.Str("mode")
		value := 0.0
		if !a.IsNone("value") {
			value = a.Float("value")
			if mode != "constant" && a.Err() == nil && value != 0 {
				return nil, lang.Errorf(lang.RuntimeError, "Padding mode \"%s\" doesn't take in value argument", mode)
			}
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.Pad(x, pad, mode, value))
	})
}

func poolingLayers() {
	for d := 1; d <= 3; d++ {
		name := fmt.Sprintf("AvgPool%dd", d)
		extraArgs := ", divisor_override=None"
		if d == 1 {
			extraArgs = ""
		}
		doc := fmt.Sprintf("The mean of each kernel_size window of the last %d dimension%s, moving by stride (default kernel_size), with zero padding that count_include_pad counts in the divisor.", d, map[bool]string{true: "s", false: ""}[d > 1])
		params := "kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True" + extraArgs
		read := func(a *lang.Args) nn.AvgPoolOptions {
			o := nn.AvgPoolOptions{Kernel: intsOf(a, "kernel_size", d), Padding: intsOf(a, "padding", d),
				CeilMode: a.Bool("ceil_mode"), CountIncludePad: a.Bool("count_include_pad")}
			o.Stride = o.Kernel
			if !a.IsNone("stride") {
				o.Stride = intsOf(a, "stride", d)
			}
			if d > 1 && !a.IsNone("divisor_override") {
				if o.DivisorOverride = a.Int("divisor_override"); o.DivisorOverride == 0 && a.Err() == nil {
					a.Fail(lang.Errorf(lang.RuntimeError, "divisor must be not zero"))
				}
			}
			return o
		}
		defFunc("pooling", name+"("+params+")", doc, func(a *lang.Args) (string, func(*tensor.Tensor) (*tensor.Tensor, error)) {
			o := read(a)
			extra := "kernel_size=" + given(a, "kernel_size") + ", stride=" + given(a, "stride") + ", padding=" + given(a, "padding")
			if a.IsNone("stride") {
				extra = "kernel_size=" + given(a, "kernel_size") + ", stride=" + given(a, "kernel_size") + ", padding=" + given(a, "padding")
			}
			if d == 1 {
				extra = "kernel_size=" + tupleText(o.Kernel) + ", stride=" + tupleText(o.Stride) + ", padding=" + tupleText(o.Padding)
			}
			return extra, func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.AvgPool(x, o) }
		})
		lang.NewBuiltin(lang.AsFunc, strings.ToLower(name[:3])+"_pool"+name[7:]+"(input, "+params+")", doc, func(a *lang.Args) (lang.Value, error) {
			x, o := tensorArg(a, "input"), read(a)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(nn.AvgPool(x, o))
		})
		adaptive := fmt.Sprintf("AdaptiveAvgPool%dd", d)
		adoc := fmt.Sprintf("Averages the last %d dimension%s into output_size windows (None keeps a dimension's size).", d, map[bool]string{true: "s", false: ""}[d > 1])
		sizes := func(a *lang.Args) []int { return adaptiveSizes(a, adaptive, d) }
		defFunc("pooling", adaptive+"(output_size)", adoc, func(a *lang.Args) (string, func(*tensor.Tensor) (*tensor.Tensor, error)) {
			s := sizes(a)
			return "output_size=" + lang.Repr(a.Value("output_size")), func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.AdaptiveAvgPool(x, s) }
		})
		lang.NewBuiltin(lang.AsFunc, "adaptive_avg_pool"+name[7:]+"(input, output_size)", adoc, func(a *lang.Args) (lang.Value, error) {
			x, s := tensorArg(a, "input"), sizes(a)
			if err := a.Err(); err != nil {
				return nil, err
			}
			return result(nn.AdaptiveAvgPool(x, s))
		})
	}
	const maxDoc = "The maximum of each kernel_size window of the last dimension of [N, C, L] (or [C, L]) inputs, moving by stride (default kernel_size); padding counts as -inf. return_indices is not supported."
	readMax := func(a *lang.Args) tensor.MaxPool2dOptions {
		o := tensor.MaxPool2dOptions{Kernel: [2]int{1, a.Int("kernel_size")}, Padding: [2]int{0, a.Int("padding")},
			Dilation: [2]int{1, a.Int("dilation")}, CeilMode: a.Bool("ceil_mode")}
		o.Stride = [2]int{1, o.Kernel[1]}
		if !a.IsNone("stride") {
			o.Stride[1] = a.Int("stride")
		}
		return o
	}
	defFunc("pooling", "MaxPool1d(kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False)", maxDoc, func(a *lang.Args) (string, func(*tensor.Tensor) (*tensor.Tensor, error)) {
		o := readMax(a)
		refuseGiven(a, "return_indices", false, "MaxPool1d's indices are not implemented; F.max_pool1d(..., return_indices=True) gives them")
		stride := given(a, "stride")
		if a.IsNone("stride") {
			stride = given(a, "kernel_size")
		}
		extra := "kernel_size=" + given(a, "kernel_size") + ", stride=" + stride + ", padding=" + given(a, "padding") + ", dilation=" + given(a, "dilation") + ", ceil_mode=" + given(a, "ceil_mode")
		return extra, func(x *tensor.Tensor) (*tensor.Tensor, error) { return maxPool1d(x, o) }
	})
	lang.NewBuiltin(lang.AsFunc, "max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False)", maxDoc, func(a *lang.Args) (lang.Value, error) {
		x, o := tensorArg(a, "input"), readMax(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		if a.Bool("return_indices") {
			vals := a.Values()
			return a.Call(functionalOnly["max_pool1d_with_indices"], vals[:len(vals)-1]...)
		}
		return result(maxPool1d(x, o))
	})
}

// maxPool1d runs max_pool2d on x with a height of 1.
func maxPool1d(x *tensor.Tensor, o tensor.MaxPool2dOptions) (*tensor.Tensor, error) {
	if x.Dim() != 2 && x.Dim() != 3 {
		return nil, lang.Errorf(lang.RuntimeError, "max_pool1d() Expected 2D or 3D input tensor, but got %s", fmt.Sprint(x.Shape()))
	}
	tall, err := autograd.Unsqueeze(x, x.Dim()-1)
	if err != nil {
		return nil, err
	}
	out, _, err := autograd.MaxPool2d(tall, o)
	if err != nil {
		return nil, err
	}
	return autograd.Squeeze(out, out.Dim()-2)
}

// hasParam reports whether the builtin a binds has the parameter name.
func hasParam(a *lang.Args, name string) bool {
	return slices.Contains(paramNames(sigParams(a.Builtin().Sig)), name)
}

// adaptiveSizes reads the output_size of an adaptive pool of d
// dimensions (class names it in errors): an int, or a tuple of d ints
// where None (-1) keeps a dimension's size.
func adaptiveSizes(a *lang.Args, class string, d int) []int {
	v := a.Value("output_size")
	if a.Err() != nil {
		return nil
	}
	if elems, _, ok := lang.Sequence(v); ok {
		out := make([]int, len(elems))
		for i, e := range elems {
			if _, none := e.(lang.NoneType); none {
				out[i] = -1
				continue
			}
			n, ok := e.(int64)
			if !ok {
				a.Fail(a.WrongType("output_size", "int, None or a tuple of them", v))
				return nil
			}
			out[i] = int(n)
		}
		if len(out) != d {
			a.Fail(lang.Errorf(lang.ValueError, "%s: output_size must be an int or a tuple of %d ints, not %s", class, d, lang.Repr(v)))
		}
		return out
	}
	return intsOf(a, "output_size", d)
}
