package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// The torch.* functions PyTorch 1.13 binds from ATen that kael has
// elsewhere under another name or signature: torch.unsafe_split is
// split, torch.constant_pad_nd is F.pad's constant mode,
// torch.alpha_dropout(input, p, train) is F.alpha_dropout, the native_*
// functions are the layers' functions with their saved statistics, ...
// Each calls the builtin it is a form of (callNamed), so that every rule
// stays in one place.

// callNamed calls torch.nn.functional's builtin name (or, when
// functional has no such name of its own, torch's) with the positional
// values pos and the keywords kw, given as name, value pairs.
func callNamed(a *lang.Args, name string, pos []lang.Value, kw ...any) (lang.Value, error) {
	fn, ok := functionalOnly[name]
	if !ok {
		if fn, ok = torchMembers[name]; !ok {
			fn, _ = lang.LookupBuiltin(name)
		}
	}
	var names []string
	var vals []lang.Value
	for i := 0; i < len(kw); i += 2 {
		v, _ := kw[i+1].(lang.Value)
		if v == nil {
			v = lang.None
		}
		names = append(names, kw[i].(string))
		vals = append(vals, v)
	}
	for i, v := range pos {
		if v == nil {
			pos[i] = lang.None
		}
	}
	return a.CallKw(fn, pos, names, vals)
}

// emptyStridedSize is the number of elements a storage needs to hold a
// tensor of size and stride: 0 when a size is 0.
func emptyStridedSize(size, stride []int) int {
	n := 1
	for i, s := range size {
		if s == 0 {
			return 0
		}
		n += (s - 1) * stride[i]
	}
	return n
}

func defTorchNatives() {
	lang.NewBuiltin(lang.AsBoth, "unsafe_chunk(input, chunks, dim=0)", "chunk(input, chunks, dim): PyTorch's form that skips the check of in-place use of the pieces; kael's pieces are chunk's views.", func(a *lang.Args) (lang.Value, error) {
		return callNamed(a, "chunk", []lang.Value{a.Value("input"), a.Value("chunks"), a.Value("dim")})
	})
	lang.NewBuiltin(lang.AsBoth, "unsafe_split(tensor, split_size_or_sections, dim=0)", "split(tensor, split_size_or_sections, dim): PyTorch's form that skips the check of in-place use of the pieces.", func(a *lang.Args) (lang.Value, error) {
		if _, ok := a.Value("split_size_or_sections").(int64); !ok {
			return nil, lang.Errorf(lang.TypeError, "unsafe_split(): argument 'split_size' (position 1) must be int, not %s", lang.TypeName(a.Value("split_size_or_sections")))
		}
		return callNamed(a, "split", []lang.Value{a.Value("tensor"), a.Value("split_size_or_sections"), a.Value("dim")})
	})
	lang.NewBuiltin(lang.AsBoth, "unsafe_split_with_sizes(input, split_sizes, dim=0)", "split_with_sizes(input, split_sizes, dim): PyTorch's form that skips the check of in-place use of the pieces.", func(a *lang.Args) (lang.Value, error) {
		return callNamed(a, "split_with_sizes", []lang.Value{a.Value("input"), a.Value("split_sizes"), a.Value("dim")})
	})
	lang.NewBuiltin(lang.AsFunc, "scalar_tensor(s, *, dtype=None, layout=None, device=None, pin_memory=None, requires_grad=False)", "A 0-d tensor of the number s, of the default dtype (float32, even for an int or a bool) unless dtype says otherwise.", func(a *lang.Args) (lang.Value, error) {
		f, d := a.Float("s"), a.OptDType("dtype")
		if err := a.Err(); err != nil {
			return nil, err
		}
		t, err := tensor.Full(f, dtypeOr(d, tensor.Float32))
		return withRequiresGrad(a, t, err)
	})
	lang.NewBuiltin(lang.AsFunc, "randint_like(input, low=0, high=None, *, dtype=None, layout=None, device=None, requires_grad=False, memory_format=None)", "Integers uniform in [low, high) in a tensor of input's shape and dtype (unless dtype says otherwise): randint_like(x, high) draws from [0, high), as torch.randint(low, high, x.shape) draws.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		low, high := a.Value("low"), a.Value("high")
		if a.IsNone("high") {
			low, high = int64(0), low
		}
		dtype := a.Value("dtype")
		if a.IsNone("dtype") {
			dtype = x.DType()
		}
		t, err := callNamed(a, "randint", []lang.Value{low, high, lang.Tuple(intsToValues(x.Shape()))}, "dtype", dtype)
		if err != nil || !a.Bool("requires_grad") {
			return t, err
		}
		return callNamed(a, "requires_grad_", []lang.Value{t})
	})
	lang.NewBuiltin(lang.AsFunc, "polar(abs, angle, *, out=None)", "The complex tensor of modulus abs and argument angle, abs·cos(angle) + i·abs·sin(angle), both float32 tensors (complex64) or float64 ones (complex128).", func(a *lang.Args) (lang.Value, error) {
		r, theta := tensorArg(a, "abs"), tensorArg(a, "angle")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if !r.DType().IsFloating() || !theta.DType().IsFloating() {
			return callNamed(a, "complex", []lang.Value{r, theta}) // complex's refusal
		}
		cos, err := autograd.Cos(theta)
		if err != nil {
			return nil, err
		}
		sin, err := autograd.Sin(theta)
		if err != nil {
			return nil, err
		}
		re, err := autograd.Mul(r, cos)
		if err != nil {
			return nil, err
		}
		im, err := autograd.Mul(r, sin)
		if err != nil {
			return nil, err
		}
		return callNamed(a, "complex", []lang.Value{re, im})
	})
	lang.NewBuiltin(lang.AsFunc, "constant_pad_nd(input, pad, value=0)", "F.pad(input, pad, 'constant', value): pads with value by pad, (left, right) pairs from the last dimension backwards; negative pads crop.", func(a *lang.Args) (lang.Value, error) {
		return callNamed(a, "pad", []lang.Value{a.Value("input"), a.Value("pad"), "constant", a.Value("value")})
	})
	lang.NewBuiltin(lang.AsFunc, "empty_strided(size, stride, *, dtype=None, layout=None, device=None, requires_grad=False, pin_memory=False)", "A tensor of the given size and strides over a new storage just large enough. PyTorch leaves its elements uninitialised; kael's are zero.", func(a *lang.Args) (lang.Value, error) {
		size, stride := a.Ints("size"), a.Ints("stride")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if len(size) != len(stride) {
			return nil, lang.Errorf(lang.RuntimeError, "mismatch in length of strides and shape")
		}
		base, err := callNamed(a, "zeros", []lang.Value{lang.Tuple{int64(emptyStridedSize(size, stride))}}, "dtype", a.Value("dtype"))
		if err != nil {
			return nil, err
		}
		t, err := callNamed(a, "as_strided", []lang.Value{base, lang.Tuple(intsToValues(size)), lang.Tuple(intsToValues(stride))})
		if err != nil || !a.Bool("requires_grad") {
			return t, err
		}
		return callNamed(a, "requires_grad_", []lang.Value{t})
	})
	lang.NewBuiltin(lang.AsMethod, "new_empty_strided(input, size, stride, *, dtype=None, layout=None, device=None, requires_grad=False, pin_memory=False)", "torch.empty_strided(size, stride) with input's dtype unless dtype says otherwise.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		dtype := a.Value("dtype")
		if a.IsNone("dtype") {
			dtype = x.DType()
		}
		return callNamed(a, "empty_strided", []lang.Value{a.Value("size"), a.Value("stride")}, "dtype", dtype, "requires_grad", a.Value("requires_grad"))
	})
	lang.NewBuiltin(lang.AsFunc, "adaptive_max_pool1d(input, output_size)", "F.adaptive_max_pool1d(input, output_size, return_indices=True): the pooled values and their indices.", func(a *lang.Args) (lang.Value, error) {
		return callNamed(a, "adaptive_max_pool1d", []lang.Value{a.Value("input"), a.Value("output_size")}, "return_indices", true)
	})
	lang.NewBuiltin(lang.AsFunc, "max_pool1d_with_indices(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False)", "F.max_pool1d(..., return_indices=True): the pooled values and their indices; an empty stride is kernel_size.", func(a *lang.Args) (lang.Value, error) {
		stride := a.Value("stride")
		if elems, _, ok := lang.Sequence(stride); ok && len(elems) == 0 {
			stride = nil
		}
		return callNamed(a, "max_pool1d_with_indices", []lang.Value{a.Value("input"), a.Value("kernel_size"), stride, a.Value("padding"), a.Value("dilation"), a.Value("ceil_mode")})
	})
	// torch's dropouts take (input, p, train); the functional forms they
	// are, and the in-place ones.
	for _, d := range []struct{ name, functional string }{
		{"alpha_dropout", "alpha_dropout"},
		{"feature_alpha_dropout", "feature_alpha_dropout"},
	} {
		d := d
		lang.NewBuiltin(lang.AsFunc, d.name+"(input, p, train)", "F."+d.functional+"(input, p, train).", func(a *lang.Args) (lang.Value, error) {
			return callNamed(a, d.functional, []lang.Value{a.Value("input"), a.Value("p"), a.Value("train")})
		})
		lang.NewBuiltin(lang.AsFunc, d.name+"_(input, p, train)", "F."+d.functional+"(input, p, train, inplace=True): written into input, which it returns.", func(a *lang.Args) (lang.Value, error) {
			return callNamed(a, d.functional, []lang.Value{a.Value("input"), a.Value("p"), a.Value("train"), true})
		})
	}
	lang.NewBuiltin(lang.AsFunc, "dropout_(input, p, train)", "F.dropout(input, p, train, inplace=True): written into input, which it returns.", func(a *lang.Args) (lang.Value, error) {
		return callNamed(a, "dropout", []lang.Value{a.Value("input"), a.Value("p"), a.Value("train"), true})
	})
	for _, inplace := range []bool{false, true} {
		inplace := inplace
		sig, doc := "feature_dropout(input, p, train)", "Dropout of whole channels (dimension 1 of [N, C, *], as F.dropout2d): while training, each channel is zeroed with probability p and the others scaled by 1/(1-p)."
		if inplace {
			sig, doc = "feature_dropout_(input, p, train)", doc+" Written into input, which it returns."
		}
		lang.NewBuiltin(lang.AsFunc, sig, doc, func(a *lang.Args) (lang.Value, error) {
			x, p, train := tensorArg(a, "input"), a.Float("p"), a.Bool("train")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if p < 0 || p > 1 {
				return nil, lang.Errorf(lang.RuntimeError, "dropout probability has to be between 0 and 1, but got %s", lang.Repr(p))
			}
			if !train || p == 0 {
				return x, nil
			}
			return inPlaceIf(x, inplace, "feature_dropout_", func(x *tensor.Tensor) (*tensor.Tensor, error) {
				return nn.FeatureDropout(x, p, true, x.Dim())
			})
		})
	}
	// a member of torch, not a global builtin: the tests that call every
	// builtin with odd arguments would crash PyTorch, whose
	// native_channel_shuffle divides by a zero groups (SIGFPE)
	shuffle := lang.NewBuiltin(lang.AsValue, "native_channel_shuffle(input, groups)", "channel_shuffle(input, groups): the channels (dimension 1) regrouped, groups blocks read column by column.", func(a *lang.Args) (lang.Value, error) {
		return callNamed(a, "channel_shuffle", []lang.Value{a.Value("input"), a.Value("groups")})
	})
	functionalOnly["native_channel_shuffle"] = shuffle
	torchMembers["native_channel_shuffle"] = shuffle
	convTBC := lang.NewBuiltin(lang.AsFunc, "conv_tbc(input, weight, bias, pad=0)", "The 1-D convolution of a sequence in time-batch-channels order: input [T, N, Cin], weight [K, Cin, Cout], bias [Cout], zero-padded by pad at both ends of time; the result is [T', N, Cout].", func(a *lang.Args) (lang.Value, error) {
		x, w, b := tensorArg(a, "input"), tensorArg(a, "weight"), tensorArg(a, "bias")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if x.Dim() != 3 {
			return nil, lang.Errorf(lang.RuntimeError, "Input must have 3 dims: time, batch, in_channel")
		}
		if w.Dim() != 3 {
			return nil, lang.Errorf(lang.RuntimeError, "Weight tensor must have 3 dims: kernel_width, in_channels, out_channels.")
		}
		if b.Dim() != 1 {
			return nil, lang.Errorf(lang.RuntimeError, "Bias must be 1-D")
		}
		if x.Shape()[2] != w.Shape()[1] {
			return nil, lang.Errorf(lang.RuntimeError, "Input dim 2 (input channels) is not == dim 1 in the weight tensor")
		}
		if w.Shape()[2] != b.Shape()[0] {
			return nil, lang.Errorf(lang.RuntimeError, "Bias size must equal dim 2 in the weight tensor (output channels).")
		}
		xs, err := autograd.Permute(x, 1, 2, 0)
		if err != nil {
			return nil, err
		}
		ws, err := autograd.Permute(w, 2, 1, 0)
		if err != nil {
			return nil, err
		}
		y, err := callNamed(a, "conv1d", []lang.Value{xs, ws, b}, "padding", a.Value("pad"))
		if err != nil {
			return nil, err
		}
		return result(autograd.Permute(y.(*tensor.Tensor), 2, 0, 1))
	})
	functionalOnly["conv_tbc"] = convTBC
	lang.NewBuiltin(lang.AsFunc, "convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding, groups)", "The convolution ATen's conv1d/2d/3d and conv_transpose1d/2d/3d all are: of weight's dimensions less two, transposed or not.", func(a *lang.Args) (lang.Value, error) {
		w, transposed := tensorArg(a, "weight"), a.Bool("transposed")
		if err := a.Err(); err != nil {
			return nil, err
		}
		d := w.Dim() - 2
		if d < 1 || d > 3 {
			return nil, lang.Errorf(lang.RuntimeError, "Expected 3D, 4D or 5D weight for a convolution, but got weight of size %s", lang.Repr(&lang.List{Elems: intsToValues(w.Shape())}))
		}
		name := "conv" + string(rune('0'+d)) + "d"
		kw := []any{"stride", a.Value("stride"), "padding", a.Value("padding"), "dilation", a.Value("dilation"), "groups", a.Value("groups")}
		if transposed {
			name = "conv_transpose" + string(rune('0'+d)) + "d"
			kw = append(kw, "output_padding", a.Value("output_padding"))
		}
		return callNamed(a, name, []lang.Value{a.Value("input"), w, a.Value("bias")}, kw...)
	})
	lang.NewBuiltin(lang.AsFunc, "norm_except_dim(v, pow=2, dim=0)", "The pow-norm of v over every dimension but dim, shaped to broadcast against v (1 in every other dimension); dim -1 is the norm of the whole tensor. weight_norm's g is norm_except_dim(v, 2, dim).", func(a *lang.Args) (lang.Value, error) {
		v, pow, dim := tensorArg(a, "v"), a.Float("pow"), a.Int("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if dim != -1 {
			d, err := normDim("norm_except_dim", dim, v.Dim())
			if err != nil {
				return nil, err
			}
			dim = d
		}
		return result(nn.NormExceptDim(v, pow, dim))
	})
	lang.NewBuiltin(lang.AsFunc, "native_layer_norm(input, normalized_shape, weight, bias, eps)", "F.layer_norm(input, normalized_shape, weight, bias, eps) with the statistics it normalised by: (output, mean, rstd), mean and 1/sqrt(var + eps) over the normalised dimensions, kept as 1s.", func(a *lang.Args) (lang.Value, error) {
		x, shape, eps := tensorArg(a, "input"), a.Ints("normalized_shape"), a.Float("eps")
		if err := a.Err(); err != nil {
			return nil, err
		}
		out, err := callNamed(a, "layer_norm", []lang.Value{x, a.Value("normalized_shape"), a.Value("weight"), a.Value("bias"), eps})
		if err != nil {
			return nil, err
		}
		var dims []int
		for i := x.Dim() - len(shape); i < x.Dim(); i++ {
			dims = append(dims, i)
		}
		mean, rstd, err := momentStats(x.Detach(), dims, eps)
		if err != nil {
			return nil, err
		}
		return lang.Tuple{out, mean, rstd}, nil
	})
	lang.NewBuiltin(lang.AsFunc, "native_batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps)", "F.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps) with the statistics it saved: (output, save_mean, save_invstd), the batch's mean and 1/sqrt(var + eps) of each channel while training, empty tensors otherwise.", func(a *lang.Args) (lang.Value, error) {
		x, training, eps := tensorArg(a, "input"), a.Bool("training"), a.Float("eps")
		if err := a.Err(); err != nil {
			return nil, err
		}
		out, err := callNamed(a, "batch_norm", []lang.Value{x, a.Value("running_mean"), a.Value("running_var"), a.Value("weight"), a.Value("bias"), training, a.Value("momentum"), eps})
		if err != nil {
			return nil, err
		}
		if !training {
			mean, err := tensor.Zeros(x.DType(), 0)
			if err != nil {
				return nil, err
			}
			invstd, err := tensor.Zeros(x.DType(), 0)
			if err != nil {
				return nil, err
			}
			return lang.Tuple{out, mean, invstd}, nil
		}
		dims := []int{0}
		for i := 2; i < x.Dim(); i++ {
			dims = append(dims, i)
		}
		mean, rstd, err := momentStats(x.Detach(), dims, eps)
		if err != nil {
			return nil, err
		}
		return flatStats(out, mean, rstd, -1)
	})
	lang.NewBuiltin(lang.AsFunc, "native_group_norm(input, weight, bias, N, C, HxW, group, eps)", "F.group_norm(input, group, weight, bias, eps) of input [N, C, *] (HxW the product of *) with the statistics it normalised by: (output, mean, rstd), each [N, group].", func(a *lang.Args) (lang.Value, error) {
		x, n, c, hw, group, eps := tensorArg(a, "input"), a.Int("N"), a.Int("C"), a.Int("HxW"), a.Int("group"), a.Float("eps")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if x.Numel() != n*c*hw {
			return nil, lang.Errorf(lang.RuntimeError, "Expected X.numel() == N * C * HxW to be true, but got false.  (Could this error message be improved?  If so, please report an enhancement request to PyTorch.)")
		}
		out, err := callNamed(a, "group_norm", []lang.Value{x, int64(group), a.Value("weight"), a.Value("bias"), eps})
		if err != nil {
			return nil, err
		}
		grouped, err := x.Detach().Reshape(n, group, -1)
		if err != nil {
			return nil, err
		}
		mean, rstd, err := momentStats(grouped, []int{2}, eps)
		if err != nil {
			return nil, err
		}
		return flatStats(out, mean, rstd, n, group)
	})
	lang.NewBuiltin(lang.AsFunc, "native_dropout(input, p, train)", "Dropout with its mask: (output, mask), mask a bool tensor true where the element was kept, output input·mask/(1-p) while training; (input, all true) otherwise.", func(a *lang.Args) (lang.Value, error) {
		x, p := tensorArg(a, "input"), a.Float("p")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if a.IsNone("train") || a.Bool("train") {
			if p < 0 || p > 1 {
				return nil, lang.Errorf(lang.RuntimeError, "dropout probability has to be between 0 and 1, but got %s", lang.Repr(p))
			}
			ones, err := tensor.Ones(x.DType(), x.Shape()...)
			if err != nil {
				return nil, err
			}
			scaled, err := tensor.Dropout(ones, p, true, nil) // dropout's draws
			if err != nil {
				return nil, err
			}
			out, err := autograd.Mul(x, scaled)
			if err != nil {
				return nil, err
			}
			zero, err := tensor.Scalar(0.0)
			if err != nil {
				return nil, err
			}
			mask, err := tensor.Ne(scaled, zero)
			if err != nil {
				return nil, err
			}
			return lang.Tuple{out, mask}, nil
		}
		mask, err := tensor.Ones(tensor.Bool, x.Shape()...)
		if err != nil {
			return nil, err
		}
		return lang.Tuple{x, mask}, nil
	})
}

// momentStats returns the mean of x over dims and 1/sqrt(var + eps), the
// biased variance, both keeping dims as 1s: the statistics a
// normalisation saves.
func momentStats(x *tensor.Tensor, dims []int, eps float64) (mean, rstd *tensor.Tensor, err error) {
	if mean, err = tensor.Mean(x, dims, true); err != nil {
		return nil, nil, err
	}
	v, err := tensor.Var(x, dims, 0, true)
	if err != nil {
		return nil, nil, err
	}
	e, err := tensor.Scalar(eps)
	if err != nil {
		return nil, nil, err
	}
	if v, err = tensor.Add(v, e); err != nil {
		return nil, nil, err
	}
	rstd, err = tensor.RsqrtSpec.Apply(v)
	return mean, rstd, err
}

// flatStats returns (out, mean, rstd) with mean and rstd reshaped to
// shape.
func flatStats(out lang.Value, mean, rstd *tensor.Tensor, shape ...int) (lang.Value, error) {
	m, err := mean.Reshape(shape...)
	if err != nil {
		return nil, err
	}
	r, err := rstd.Reshape(shape...)
	if err != nil {
		return nil, err
	}
	return lang.Tuple{out, m, r}, nil
}
