package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// The members of torch.nn: nn.Module, nn.Parameter, the layers and the
// losses, each a class (type(lin) is torch.nn.modules.linear.Linear,
// isinstance(lin, nn.Module) holds) whose call makes a Layer.

// nnModuleClassName is the qualified name of nn.Module.
const nnModuleClassName = "torch.nn.modules.module.Module"

// parameterClassName is the qualified name of nn.Parameter.
const parameterClassName = "torch.nn.parameter.Parameter"

// torchNN holds the members of torch.nn, filled by the registration steps.
var torchNN = map[string]lang.Value{}

// nnModuleClass is nn.Module, the class a user's model derives from.
var nnModuleClass = lang.NewBuiltin(lang.AsValue, "Module()", "torch.nn.Module: the base class of every layer and model. Derive a model from it (class Net(nn.Module)); nn.Module() itself is an empty module.", func(a *lang.Args) (lang.Value, error) {
	return newLayer(&emptyModule{base: nn.NewBase()}), nil
})

// nnClassNames maps the name of each built-in layer type to its
// qualified class name: Linear → torch.nn.modules.linear.Linear.
var nnClassNames = map[string]string{}

// defLayer registers the class nn.<name>, defined in PyTorch's module
// torch.nn.modules.<file>, whose constructor makes a module (or a *Layer,
// when the constructor sets plain attributes on it).
func defLayer(file, sig, doc string, make func(a *lang.Args) (nn.Module, error)) *lang.Builtin {
	b := lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		m, err := make(a)
		if aerr := a.Err(); aerr != nil {
			return nil, aerr
		}
		if err != nil {
			return nil, err
		}
		if l, ok := m.(*Layer); ok { // made with its plain attributes
			return l, nil
		}
		return newLayer(m), nil
	})
	qualified := "torch.nn.modules." + file + "." + b.Name
	nnClassNames[b.Name] = qualified
	parent := nnModuleClassName
	if p, ok := layerParents[b.Name]; ok {
		parent = p
	}
	lang.RegisterSubclass(qualified, parent)
	defLayerBase(qualified, b)
	torchNN[b.Name] = b
	return b
}

// layerParents are the base classes of the built-in layers that derive
// from another layer class rather than from nn.Module directly, as in
// PyTorch (nn.LSTM from nn.RNNBase).
var layerParents = map[string]string{
	"RNN": rnnBaseClass, "LSTM": rnnBaseClass, "GRU": rnnBaseClass,
	"RNNCell": rnnCellBaseClass, "LSTMCell": rnnCellBaseClass, "GRUCell": rnnCellBaseClass,
	"NLLLoss2d": "torch.nn.modules.loss.NLLLoss",
}

// ClassName returns the qualified class name of a built-in module, which
// type() shows: torch.nn.modules.linear.Linear.
func (l *Layer) ClassName() string { return nnClassNames[l.Base().ClassPrefix+l.TypeName()] }

// layerDType reads the dtype argument of a layer: float32 when None.
func layerDType(a *lang.Args) tensor.DType {
	if a.IsNone("dtype") {
		return tensor.Float32
	}
	d := a.DType("dtype")
	if a.Err() == nil && !d.IsFloating() {
		a.Fail(lang.Errorf(lang.TypeError, "%s(): dtype must be a floating-point dtype, not %s", a.Builtin().Name, d))
	}
	return d
}

// layerDevice checks the device argument of a layer (None or the CPU).
func layerDevice(a *lang.Args) {
	if a.Err() == nil && !a.IsNone("device") {
		if err := CheckDevice(a.Value("device")); err != nil {
			a.Fail(asError(err))
		}
	}
}

// asError makes err an *Error of the language.
func asError(err error) *lang.Error {
	if e, ok := err.(*lang.Error); ok {
		return e
	}
	return lang.Errorf(lang.RuntimeError, "%s", err.Error())
}

// optionalDim reads a dim argument that may be None.
func optionalDim(a *lang.Args, name string) *int {
	if a.IsNone(name) {
		return nil
	}
	d := a.Int(name)
	return &d
}

// refuseGiven fails when an argument kael does not implement is given
// (not None or its default).
func refuseGiven(a *lang.Args, name string, dflt lang.Value, why string) {
	v := a.Value(name)
	if a.Err() != nil || valuesEqual(v, dflt) {
		return
	}
	a.Fail(lang.Errorf(NotImplementedError, "%s(%s=%s) is not supported in kael: %s", a.Builtin().Name, name, lang.Repr(v), why))
}

// valuesEqual compares an argument with a default that is a constant.
func valuesEqual(v, dflt lang.Value) bool {
	switch d := dflt.(type) {
	case lang.NoneType:
		_, ok := v.(lang.NoneType)
		return ok
	case float64:
		f, ok := lang.AsFloat(v)
		return ok && f == d
	case bool, string:
		return v == dflt
	}
	return false
}

// NotImplementedError is raised for what kael does not implement yet.
const NotImplementedError = tensor.NotImplementedError

// lossConfig reads the arguments every loss shares.
func lossConfig(a *lang.Args) nn.LossConfig {
	return nn.LossConfig{Reduction: lossReduction(a)}
}

// lossReduction reads a loss's reduction, or, when either is given,
// PyTorch's deprecated size_average and reduce, as its legacy_get_string
// maps them (a missing one counts as True): both true is 'mean', reduce
// alone 'sum', reduce=False 'none'. (PyTorch also warns, on stderr, that
// they will be deprecated; kael does not.)
func lossReduction(a *lang.Args) string {
	sizeAverage, reduce := a.Value("size_average"), a.Value("reduce")
	if sizeAverage == lang.None && reduce == lang.None {
		return a.Str("reduction")
	}
	flag := func(v lang.Value) bool {
		if v == lang.None {
			return true
		}
		b, err := lang.Truth(v)
		if err != nil {
			a.Fail(lang.ToError(err))
		}
		return b
	}
	switch avg, red := flag(sizeAverage), flag(reduce); {
	case avg && red:
		return "mean"
	case red:
		return "sum"
	}
	return "none"
}

func defLayers() {
	nnClassNames["Module"] = nnModuleClassName
	torchNN["Module"] = nnModuleClass

	parameter := lang.NewBuiltin(lang.AsValue, "Parameter(data=None, requires_grad=True)", "torch.nn.Parameter: a tensor that a module registers as a learnable parameter when assigned to it (self.w = nn.Parameter(torch.randn(3))). It shares data's storage, requires grad unless requires_grad=False, prints as 'Parameter containing:' and the tensor, and is a torch.Tensor.", func(a *lang.Args) (lang.Value, error) {
		on := a.Bool("requires_grad")
		var data *tensor.Tensor
		if a.IsNone("data") {
			data, _ = tensor.Zeros(tensor.Float32, 0)
		} else {
			data = a.Tensor("data")
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.NewParameter(data, on))
	})
	lang.RegisterClass(parameter, parameterClassName)
	lang.RegisterTensorSubclass(lang.TensorSubclass{Name: parameterClassName, Is: nn.IsParameter, Text: func(t *tensor.Tensor) string {
		return "Parameter containing:\n" + t.String()
	}})
	torchNN["Parameter"] = parameter

	defLayer("linear", "Linear(in_features, out_features, bias=True, device=None, dtype=None)", "y = x·Wᵀ + b with weight [out_features, in_features] and bias [out_features], initialised as PyTorch does (kaiming-uniform with a=√5, bias uniform in ±1/√in_features), so torch.manual_seed gives PyTorch's weights.", func(a *lang.Args) (nn.Module, error) {
		in, out, bias, d := a.Int("in_features"), a.Int("out_features"), a.Bool("bias"), layerDType(a)
		layerDevice(a)
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewLinear(in, out, bias, d)
	})
	defLayer("linear", "Identity(*args)", "Returns its input unchanged (arguments are accepted and ignored, as in PyTorch).", func(a *lang.Args) (nn.Module, error) {
		return nn.NewIdentity(), nil
	})
	defLayer("activation", "ReLU(inplace=False)", "max(x, 0), element-wise.", func(a *lang.Args) (nn.Module, error) {
		return nn.NewReLU(a.Bool("inplace")), nil
	})
	defLayer("activation", "Tanh()", "tanh(x), element-wise.", func(a *lang.Args) (nn.Module, error) { return nn.NewTanh(), nil })
	defLayer("activation", "Sigmoid()", "1 / (1 + exp(-x)), element-wise.", func(a *lang.Args) (nn.Module, error) { return nn.NewSigmoid(), nil })
	defLayer("activation", "GELU(approximate='none')", "x·Φ(x), element-wise; approximate='tanh' uses the tanh formula.", func(a *lang.Args) (nn.Module, error) {
		return nn.NewGELU(a.Str("approximate")), nil
	})
	defLayer("activation", "SiLU(inplace=False)", "x·sigmoid(x), element-wise.", func(a *lang.Args) (nn.Module, error) {
		return nn.NewSiLU(a.Bool("inplace")), nil
	})
	for _, name := range []string{"Softmax", "LogSoftmax"} {
		doc := "softmax along dim: exp(x) normalised to sum to 1."
		if name == "LogSoftmax" {
			doc = "log(softmax(x)) along dim, computed stably."
		}
		defLayer("activation", name+"(dim=None)", doc+" dim=None picks PyTorch's deprecated implicit dimension (0 for 0-, 1- and 3-d inputs, else 1).", func(a *lang.Args) (nn.Module, error) {
			return nn.NewSoftmax(name, optionalDim(a, "dim")), nil
		})
	}
	defLayer("flatten", "Flatten(start_dim=1, end_dim=-1)", "Merges dimensions start_dim..end_dim into one: [N, C, H, W] becomes [N, C·H·W].", func(a *lang.Args) (nn.Module, error) {
		return nn.NewFlatten(a.Int("start_dim"), a.Int("end_dim")), nil
	})
	defLayer("flatten", "Unflatten(dim, unflattened_size)", "Splits dimension dim into the sizes unflattened_size (a tuple).", func(a *lang.Args) (nn.Module, error) {
		return nn.NewUnflatten(a.Int("dim"), a.Ints("unflattened_size")), nil
	})
	defLayer("dropout", "Dropout(p=0.5, inplace=False)", "While training, zeroes each element with probability p and scales the others by 1/(1-p); after model.eval() it passes the input through.", func(a *lang.Args) (nn.Module, error) {
		p, inplace := a.Float("p"), a.Bool("inplace")
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewDropout(p, inplace)
	})
	defLayer("sparse", "Embedding(num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False, _weight=None, _freeze=False, device=None, dtype=None)", "A table of num_embeddings vectors of size embedding_dim, initialised standard normal; calling it with int64 indices picks their rows. The padding_idx row starts at zero and gets no gradient. max_norm, scale_grad_by_freq and sparse are not supported.", func(a *lang.Args) (nn.Module, error) {
		num, dim, pad, d := a.Int("num_embeddings"), a.Int("embedding_dim"), optionalDim(a, "padding_idx"), layerDType(a)
		layerDevice(a)
		refuseGiven(a, "max_norm", lang.None, "renormalising rows is not implemented")
		refuseGiven(a, "scale_grad_by_freq", false, "it is not implemented")
		refuseGiven(a, "sparse", false, "kael has no sparse gradients")
		refuseGiven(a, "_weight", lang.None, "assign the weight afterwards: emb.weight = nn.Parameter(w)")
		refuseGiven(a, "_freeze", false, "set emb.weight.requires_grad_(False) instead")
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewEmbedding(num, dim, pad, d)
	})
	defLayer("normalization", "LayerNorm(normalized_shape, eps=1e-05, elementwise_affine=True, device=None, dtype=None)", "Normalises over the last dimensions (normalized_shape, an int or a tuple) to mean 0 and variance 1, then scales by weight (ones) and adds bias (zeros) unless elementwise_affine=False.", func(a *lang.Args) (nn.Module, error) {
		shape, eps, affine, d := a.Ints("normalized_shape"), a.Float("eps"), a.Bool("elementwise_affine"), layerDType(a)
		layerDevice(a)
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewLayerNorm(shape, eps, affine, d)
	})
	defLayer("conv", "Conv2d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True, padding_mode='zeros', device=None, dtype=None)", "The 2-D cross-correlation of [N, C, H, W] inputs with out_channels learned kernels of kernel_size (an int or a pair), plus a bias; padding is an int, a pair, 'valid' or 'same'. Initialised as PyTorch does (kaiming-uniform with a=√5). Only padding_mode='zeros'.", func(a *lang.Args) (nn.Module, error) {
		c := nn.Conv2dConfig{InChannels: a.Int("in_channels"), OutChannels: a.Int("out_channels"),
			KernelSize: intPair(a, "kernel_size"), Stride: intPair(a, "stride"), Dilation: intPair(a, "dilation"),
			Groups: a.Int("groups"), Bias: a.Bool("bias")}
		if p, ok := a.Value("padding").(string); ok {
			c.PaddingString = p
		} else {
			c.Padding = intPair(a, "padding")
		}
		refuseGiven(a, "padding_mode", "zeros", "only zero padding is implemented")
		d := layerDType(a)
		layerDevice(a)
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewConv2d(c, d)
	})
	defLayer("conv", "ConvTranspose2d(in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1, bias=True, dilation=1, padding_mode='zeros', device=None, dtype=None)", "The transposed 2-D convolution of [N, Cin, H, W] inputs (the adjoint of Conv2d, which grows the image by stride), with weight [in_channels, out_channels/groups, kH, kW] and a bias; output_padding adds rows and columns at the bottom and right. Initialised as PyTorch does (kaiming-uniform with a=√5). Only padding_mode='zeros'.", func(a *lang.Args) (nn.Module, error) {
		c := nn.ConvTranspose2dConfig{InChannels: a.Int("in_channels"), OutChannels: a.Int("out_channels"),
			KernelSize: intPair(a, "kernel_size"), Stride: intPair(a, "stride"), Padding: intPair(a, "padding"),
			OutputPadding: intPair(a, "output_padding"), Dilation: intPair(a, "dilation"),
			Groups: a.Int("groups"), Bias: a.Bool("bias")}
		refuseGiven(a, "padding_mode", "zeros", "only zero padding is implemented")
		d := layerDType(a)
		layerDevice(a)
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewConvTranspose2d(c, d)
	})
	defLayer("pooling", "MaxPool2d(kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False)", "The maximum of each kernel_size window of [N, C, H, W] inputs, moving by stride (default kernel_size). With return_indices, calling it returns (values, indices).", func(a *lang.Args) (nn.Module, error) {
		var stride []int
		if !a.IsNone("stride") {
			stride = a.Ints("stride")
		}
		kernel, padding, dilation := a.Ints("kernel_size"), a.Ints("padding"), a.Ints("dilation")
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewMaxPool2d(kernel, stride, padding, dilation, a.Bool("return_indices"), a.Bool("ceil_mode"))
	})
	for _, l := range []struct{ name, doc string }{
		{"MSELoss", "The mean squared error (input - target)²."},
		{"L1Loss", "The mean absolute error abs(input - target)."},
	} {
		defLayer("loss", l.name+"(size_average=None, reduce=None, reduction='mean')", l.doc+" Called as loss_fn(input, target); reduction 'mean', 'sum' or 'none'.", func(a *lang.Args) (nn.Module, error) {
			c := lossConfig(a)
			if a.Err() != nil {
				return nil, nil
			}
			return nn.NewLoss(l.name, c)
		})
	}
	for _, l := range []struct{ name, doc, extra string }{
		{"NLLLoss", "The negative log-likelihood of log-probabilities input [N, C] at the int64 classes target [N].", ""},
		{"NLLLoss2d", "NLLLoss under the name PyTorch 1.13 keeps for it, deprecated (a subclass of NLLLoss); use NLLLoss.", ""},
		{"CrossEntropyLoss", "The cross-entropy of logits input [N, C] (or [C]) at the int64 classes target (log_softmax then NLLLoss), or at class probabilities of input's shape; label_smoothing mixes the targets with the uniform distribution.", ", label_smoothing=0.0"},
	} {
		defLayer("loss", l.name+"(weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'"+l.extra+")", l.doc+" Targets equal to ignore_index do not count; weight rescales each class (the mean divides by the counted targets' weights).", func(a *lang.Args) (nn.Module, error) {
			c := lossConfig(a)
			c.IgnoreIndex = a.Int64("ignore_index")
			c.Weight = a.OptTensor("weight")
			if l.extra != "" {
				c.LabelSmoothing = a.Float("label_smoothing")
			}
			if a.Err() != nil {
				return nil, nil
			}
			return nn.NewLoss(l.name, c)
		})
	}
	defLayer("loss", "BCELoss(weight=None, size_average=None, reduce=None, reduction='mean')", "The binary cross-entropy -(y·log x + (1-y)·log(1-x)) of probabilities input at targets in [0, 1], each log clamped at -100; weight rescales each element.", func(a *lang.Args) (nn.Module, error) {
		c := lossConfig(a)
		c.Weight = a.OptTensor("weight")
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewLoss("BCELoss", c)
	})
	defLayer("loss", "BCEWithLogitsLoss(weight=None, size_average=None, reduce=None, reduction='mean', pos_weight=None)", "Sigmoid and binary cross-entropy in one, computed stably from logits input; pos_weight weighs the positive targets, weight each element.", func(a *lang.Args) (nn.Module, error) {
		c := lossConfig(a)
		c.Weight, c.PosWeight = a.OptTensor("weight"), a.OptTensor("pos_weight")
		if a.Err() != nil {
			return nil, nil
		}
		return nn.NewLoss("BCEWithLogitsLoss", c)
	})
}

// emptyModule is nn.Module(): no parameters, no forward.
type emptyModule struct{ base nn.Base }

func (m *emptyModule) Base() *nn.Base    { return &m.base }
func (m *emptyModule) TypeName() string  { return "Module" }
func (m *emptyModule) ExtraRepr() string { return "" }
func (m *emptyModule) Forward(*tensor.Tensor) (*tensor.Tensor, error) {
	return nil, lang.Errorf(NotImplementedError, `Module [Module] is missing the required "forward" function`)
}

// layerForward is a layer's forward, what calling it runs.
var layerForward = lang.NewBuiltin(lang.AsValue, "forward(self, *input, **kwargs)", "Runs the layer on its input (a loss on input and target), given by position or by the names of PyTorch's forward (input=, target=, hx=).", func(a *lang.Args) (lang.Value, error) {
	l := a.Value("self").(*Layer)
	return nn.ForwardChecked(l, func() (lang.Value, error) { return runLayer(l, a) })
}).CollectKeywords()

// runLayer is layerForward's work: the arguments bound to the layer's
// forward, then the forward of its kind.
func runLayer(l *Layer, a *lang.Args) (lang.Value, error) {
	kwNames, kwVals := a.Keywords()
	args, err := bindForwardKeywords(l, a.Value("input").(lang.Tuple), kwNames, kwVals)
	if err != nil {
		return nil, err
	}
	tensorAt := func(i int, what string) (*tensor.Tensor, error) {
		if i >= len(args) {
			return nil, lang.Errorf(lang.TypeError, "%s.forward() missing 1 required positional argument: '%s'", l.TypeName(), what)
		}
		t, ok := args[i].(*tensor.Tensor)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "%s.forward(): argument '%s' must be Tensor, not %s", l.TypeName(), what, lang.TypeName(args[i])).
				WithHint("make it a tensor first: torch.tensor(...)")
		}
		return t, nil
	}
	want := 1
	switch m := l.Module.(type) {
	case *lazyModule:
		x, err := tensorAt(0, "input")
		if err != nil {
			return nil, err
		}
		if err := m.materialize(a, l, x); err != nil {
			return nil, err
		}
		return a.Call(lazyForward, append(lang.Tuple{l}, args...)...)
	case *nn.RNN, *nn.RNNCell:
		return recurrentForward(l, args)
	case *nn.Loss:
		want = 2
		if len(args) == want {
			x, err := tensorAt(0, "input")
			if err != nil {
				return nil, err
			}
			y, err := tensorAt(1, "target")
			if err != nil {
				return nil, err
			}
			return result(m.Loss(x, y))
		}
	case *nn.Container:
		if m.TypeName() == "Sequential" && len(args) == 1 {
			x := args[0]
			err := m.Run(func() error {
				for _, sub := range m.Items() {
					if sub == nil {
						continue
					}
					var err error
					if x, err = a.Call(moduleValue(sub), x); err != nil {
						return err
					}
				}
				return nil
			})
			return x, err
		}
	case *nn.MaxPool2d:
		if m.ReturnIndices && len(args) == 1 {
			x, err := tensorAt(0, "input")
			if err != nil {
				return nil, err
			}
			v, i, err := m.Pool(x)
			if err != nil {
				return nil, err
			}
			return lang.Tuple{v, i}, nil
		}
	case *nn.Func:
		if m.TypeName() == "Identity" && len(args) >= 1 {
			return args[0], nil
		}
	}
	if len(args) != want {
		if len(args) < want {
			names := []string{"input", "target"}
			return nil, lang.Errorf(lang.TypeError, "%s.forward() missing %d required positional argument: '%s'", l.TypeName(), want-len(args), names[len(args)])
		}
		return nil, lang.Errorf(lang.TypeError, "%s.forward() takes %d positional argument%s but %d were given", l.TypeName(), want+1, plural(want+1), len(args)+1)
	}
	x, err := tensorAt(0, "input")
	if err != nil {
		return nil, err
	}
	return result(l.Module.Forward(x))
}

// plural is "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
