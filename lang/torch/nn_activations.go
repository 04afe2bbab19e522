package torch

import (
	"slices"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// The activations of torch.nn beyond ReLU, Tanh, Sigmoid, GELU, SiLU and
// Softmax, as layers (nn.LeakyReLU, nn.ELU, ...) and as functions of
// torch.nn.functional (F.leaky_relu, F.elu, ...), on package nn's
// activations.go. A layer's repr shows its numbers as they were given
// (Softplus(beta=1, threshold=20)), as PyTorch's str.format does.

// activationFunc is one activation: the function's signature (its
// parameters after input, with inplace among them where PyTorch has it)
// and the computation from the bound arguments.
type activationFunc struct {
	layer, fn, params, doc string
	// extra formats the layer's extra repr from its arguments.
	extra func(a *lang.Args) string
	// compute returns the function of x the arguments select.
	compute func(a *lang.Args) func(x *tensor.Tensor) (*tensor.Tensor, error)
}

// inPlaceForms are the activations with an in-place form of their own
// (computed in place under autograd), by function name; the others' is
// compute's written back (inPlaceOf).
var inPlaceForms = map[string]func(a *lang.Args) func(x *tensor.Tensor) error{
	"leaky_relu": func(a *lang.Args) func(x *tensor.Tensor) error {
		slope := a.Float("negative_slope")
		return func(x *tensor.Tensor) error { return nn.LeakyReLUInPlace(x, slope) }
	},
}

// inPlaceOf returns the in-place form of act that the arguments select,
// f being compute's function.
func (act activationFunc) inPlaceOf(a *lang.Args, f func(x *tensor.Tensor) (*tensor.Tensor, error)) func(x *tensor.Tensor) error {
	if form, ok := inPlaceForms[act.fn]; ok {
		return form(a)
	}
	return func(x *tensor.Tensor) error { return nn.RewriteInPlace(x, act.fn+"_", f) }
}

// inplaceSuffix is ", inplace=True" when inplace is set, else "".
func inplaceSuffix(a *lang.Args) string {
	if a.Bool("inplace") {
		return ", inplace=True"
	}
	return ""
}

// inplaceOnly is "inplace=True" when inplace is set, else "".
func inplaceOnly(a *lang.Args) string {
	if a.Bool("inplace") {
		return "inplace=True"
	}
	return ""
}

// given is the Python text of the argument name as it was given.
func given(a *lang.Args, name string) string { return lang.Str(a.Value(name)) }

// noExtra is the extra repr of an activation without arguments.
func noExtra(*lang.Args) string { return "" }

// unaryActivation adapts a function without parameters.
func unaryActivation(f func(x *tensor.Tensor) (*tensor.Tensor, error)) func(a *lang.Args) func(x *tensor.Tensor) (*tensor.Tensor, error) {
	return func(*lang.Args) func(x *tensor.Tensor) (*tensor.Tensor, error) { return f }
}

var activationFuncs = []activationFunc{
	{"LeakyReLU", "leaky_relu", "negative_slope=0.01, inplace=False", "x for x > 0, else negative_slope·x.",
		func(a *lang.Args) string { return "negative_slope=" + given(a, "negative_slope") + inplaceSuffix(a) },
		func(a *lang.Args) func(x *tensor.Tensor) (*tensor.Tensor, error) {
			slope := a.Float("negative_slope")
			return func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.LeakyReLU(x, slope) }
		}},
	{"ELU", "elu", "alpha=1.0, inplace=False", "x for x > 0, else alpha·(exp(x) - 1).",
		func(a *lang.Args) string { return "alpha=" + given(a, "alpha") + inplaceSuffix(a) },
		func(a *lang.Args) func(x *tensor.Tensor) (*tensor.Tensor, error) {
			alpha := a.Float("alpha")
			return func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.ELU(x, alpha) }
		}},
	{"CELU", "celu", "alpha=1.0, inplace=False", "x for x > 0, else alpha·(exp(x/alpha) - 1).",
		func(a *lang.Args) string { return "alpha=" + given(a, "alpha") + inplaceSuffix(a) },
		func(a *lang.Args) func(x *tensor.Tensor) (*tensor.Tensor, error) {
			alpha := a.Float("alpha")
			return func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.CELU(x, alpha) }
		}},
	{"SELU", "selu", "inplace=False", "scale·elu(x, alpha) with PyTorch's constants alpha ≈ 1.6733 and scale ≈ 1.0507.",
		inplaceOnly, unaryActivation(nn.SELU)},
	{"Softplus", "softplus", "beta=1, threshold=20", "log(1 + exp(beta·x))/beta, and x where beta·x > threshold.",
		func(a *lang.Args) string { return "beta=" + given(a, "beta") + ", threshold=" + given(a, "threshold") },
		func(a *lang.Args) func(x *tensor.Tensor) (*tensor.Tensor, error) {
			beta, threshold := a.Float("beta"), a.Float("threshold")
			return func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.Softplus(x, beta, threshold) }
		}},
	{"Softsign", "softsign", "", "x / (1 + |x|).", noExtra, unaryActivation(nn.Softsign)},
	{"Hardtanh", "hardtanh", "min_val=-1.0, max_val=1.0, inplace=False", "x clamped into [min_val, max_val]; the gradient passes strictly inside.",
		func(a *lang.Args) string {
			return "min_val=" + given(a, "min_val") + ", max_val=" + given(a, "max_val") + inplaceSuffix(a)
		},
		func(a *lang.Args) func(x *tensor.Tensor) (*tensor.Tensor, error) {
			lo, hi := a.Float("min_val"), a.Float("max_val")
			return func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.Hardtanh(x, lo, hi) }
		}},
	{"ReLU6", "relu6", "inplace=False", "min(max(x, 0), 6).", inplaceOnly,
		unaryActivation(func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.Hardtanh(x, 0, 6) })},
	{"Hardswish", "hardswish", "inplace=False", "x·relu6(x + 3)/6.", noExtra, unaryActivation(nn.Hardswish)},
	{"Hardsigmoid", "hardsigmoid", "inplace=False", "relu6(x + 3)/6.", noExtra, unaryActivation(nn.Hardsigmoid)},
	{"Mish", "mish", "inplace=False", "x·tanh(softplus(x)).", inplaceOnly, unaryActivation(nn.Mish)},
	{"LogSigmoid", "logsigmoid", "", "log(sigmoid(x)), computed stably.", noExtra, unaryActivation(nn.LogSigmoid)},
	{"Tanhshrink", "tanhshrink", "", "x - tanh(x).", noExtra, unaryActivation(nn.Tanhshrink)},
	{"Threshold", "threshold", "threshold, value, inplace=False", "x where x > threshold, else value.",
		func(a *lang.Args) string {
			return "threshold=" + given(a, "threshold") + ", value=" + given(a, "value") + inplaceSuffix(a)
		},
		func(a *lang.Args) func(x *tensor.Tensor) (*tensor.Tensor, error) {
			threshold, value := a.Float("threshold"), a.Float("value")
			return func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.Threshold(x, threshold, value) }
		}},
	{"Hardshrink", "hardshrink", "lambd=0.5", "x where |x| > lambd, else 0.",
		func(a *lang.Args) string { return given(a, "lambd") },
		func(a *lang.Args) func(x *tensor.Tensor) (*tensor.Tensor, error) {
			lambd := a.Float("lambd")
			return func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.Hardshrink(x, lambd) }
		}},
	{"Softshrink", "softshrink", "lambd=0.5", "x moved toward 0 by lambd, and 0 within ±lambd.",
		func(a *lang.Args) string { return given(a, "lambd") },
		func(a *lang.Args) func(x *tensor.Tensor) (*tensor.Tensor, error) {
			lambd := a.Float("lambd")
			return func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.Softshrink(x, lambd) }
		}},
	{"GLU", "glu", "dim=-1", "The gated linear unit: x split in halves a, b along dim gives a·sigmoid(b).",
		func(a *lang.Args) string { return "dim=" + given(a, "dim") },
		func(a *lang.Args) func(x *tensor.Tensor) (*tensor.Tensor, error) {
			dim := a.Int("dim")
			return func(x *tensor.Tensor) (*tensor.Tensor, error) { return nn.GLU(x, dim) }
		}},
}

// paramNames lists the names of a parameter list: "beta=1, threshold=20"
// gives beta and threshold (a bare * marking keyword-only parameters is
// no name).
func paramNames(params string) []string {
	var names []string
	for _, p := range strings.Split(params, ",") {
		if name, _, _ := strings.Cut(strings.TrimSpace(p), "="); name != "" && name != "*" {
			names = append(names, name)
		}
	}
	return names
}

// hypersOf lists a layer's arguments as its attributes (lrelu.negative_slope).
func hypersOf(a *lang.Args, params string) []nn.Hyper {
	var hs []nn.Hyper
	for _, name := range paramNames(params) {
		switch v := a.Value(name).(type) {
		case int64:
			hs = append(hs, nn.Hyper{Name: name, Value: int(v)})
		case float64, bool, string, lang.Tuple, lang.NoneType: // tuples and None are attributes too (output_size=(2, 3), size=None)
			hs = append(hs, nn.Hyper{Name: name, Value: v})
		}
	}
	return hs
}

// defInPlaceFunctional defines F.<fn>_, the in-place form of an
// activation with an inplace flag (F.elu_(x, alpha=1.0) is
// F.elu(x, alpha, inplace=True)), as PyTorch has it in
// torch.nn.functional only.
func defInPlaceFunctional(act activationFunc) {
	var kept []string
	for _, p := range strings.Split(act.params, ",") {
		if p = strings.TrimSpace(p); !strings.HasPrefix(p, "inplace") {
			kept = append(kept, p)
		}
	}
	sig := act.fn + "_(" + strings.Join(append([]string{"input"}, kept...), ", ") + ")"
	functionalOnly[act.fn+"_"] = lang.NewBuiltin(lang.AsValue, sig, act.doc+" Written into input, which it returns; recorded for autograd as an in-place operation.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		f := act.compute(a)
		g := act.inPlaceOf(a, f)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, g(x))
	})
}

func defActivations() {
	for _, act := range activationFuncs {
		sep := ", "
		if act.params == "" {
			sep = ""
		}
		hasInplace := slices.Contains(paramNames(act.params), "inplace")
		defLayer("activation", act.layer+"("+act.params+")", act.doc, func(a *lang.Args) (nn.Module, error) {
			f, extra := act.compute(a), act.extra(a)
			var g func(x *tensor.Tensor) error
			if hasInplace && a.Bool("inplace") {
				g = act.inPlaceOf(a, f)
			}
			if err := a.Err(); err != nil {
				return nil, err
			}
			return nn.NewActivation(act.layer, extra, hypersOf(a, act.params), f, g), nil
		})
		lang.NewBuiltin(lang.AsFunc, act.fn+"(input"+sep+act.params+")", act.doc+" Recorded for autograd.", func(a *lang.Args) (lang.Value, error) {
			x := tensorArg(a, "input")
			f := act.compute(a)
			inplace := hasInplace && a.Bool("inplace")
			if err := a.Err(); err != nil {
				return nil, err
			}
			if inplace {
				return inPlace(x, act.inPlaceOf(a, f)(x))
			}
			return result(f(x))
		})
		if hasInplace {
			defInPlaceFunctional(act)
		}
	}
	functionalOnly["relu_"] = lang.NewBuiltin(lang.AsValue, "relu_(input)", "relu written into input, which it returns; recorded for autograd as an in-place operation.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.ReluOp.InPlace(x))
	})
	// F.relu and F.silu take inplace, which torch.relu and torch's
	// methods do not.
	functionalOnlyDef(lang.NewBuiltin(lang.AsValue, "relu(input, inplace=False)", "max(input, 0), element-wise; with inplace written into input, which it returns.", func(a *lang.Args) (lang.Value, error) {
		x, inplace := tensorArg(a, "input"), a.Bool("inplace")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if inplace {
			return inPlace(x, autograd.ReluOp.InPlace(x))
		}
		return result(autograd.Relu(x))
	}))
	functionalOnlyDef(lang.NewBuiltin(lang.AsValue, "silu(input, inplace=False)", "The SiLU (swish) activation x·sigmoid(x); with inplace written into input, which it returns.", func(a *lang.Args) (lang.Value, error) {
		x, inplace := tensorArg(a, "input"), a.Bool("inplace")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if inplace {
			return inPlace(x, nn.RewriteInPlace(x, "silu_", autograd.Silu))
		}
		return result(autograd.Silu(x))
	}))
	defLayer("activation", "PReLU(num_parameters=1, init=0.25, device=None, dtype=None)", "x for x > 0, else a·x with a learned slope a (weight): one, or one per channel (num_parameters, dimension 1 of the input), starting at init.", func(a *lang.Args) (nn.Module, error) {
		n, init, d := a.Int("num_parameters"), a.Float("init"), layerDType(a)
		layerDevice(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return nn.NewPReLU(n, init, d)
	})
	lang.NewBuiltin(lang.AsFunc, "prelu(input, weight)", "x for x > 0, else weight·x, weight one number or one per channel (dimension 1 of input).", func(a *lang.Args) (lang.Value, error) {
		x, w := tensorArg(a, "input"), tensorArg(a, "weight")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(nn.PReLU(x, w))
	})
	defLayer("activation", "Softmin(dim=None)", "softmax(-x) along dim; dim=None picks PyTorch's deprecated implicit dimension.", func(a *lang.Args) (nn.Module, error) {
		return nn.NewSoftmax("Softmin", optionalDim(a, "dim")), nil
	})
	lang.NewBuiltin(lang.AsFunc, "softmin(input, dim=None, _stacklevel=3, dtype=None)", "softmax(-input) along dim.", func(a *lang.Args) (lang.Value, error) {
		x, dim := tensorArg(a, "input"), optionalDim(a, "dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if dim == nil {
			d := nn.ImplicitSoftmaxDim(x.Dim())
			dim = &d
		}
		return result(nn.Softmin(x, *dim))
	})
	defLayer("activation", "Softmax2d()", "softmax over the channels (dimension -3) of a [C, H, W] or [N, C, H, W] input.", func(a *lang.Args) (nn.Module, error) {
		return nn.NewSoftmax2d(), nil
	})
}
