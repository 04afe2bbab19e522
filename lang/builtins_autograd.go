package lang

import (
	"strconv"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/tensor"
)

// The autograd builtins: x.backward(), x.requires_grad_(), show_graph, and
// the optimizers of torch.optim.

func init() {
	def(asMethod, "backward(input, gradient=None, retain_graph=None, create_graph=False)", "Computes the gradient of input with respect to every leaf that requires grad and adds it to the leaf's .grad. input must have one element unless gradient (of input's shape) is given. The graph is kept, so retain_graph is accepted and ignored.", func(a *Args) (Value, error) {
		x, err := a.Tensor("input")
		if err != nil {
			return nil, err
		}
		g, err := a.OptTensor("gradient")
		if err != nil {
			return nil, err
		}
		if create, err := a.Bool("create_graph"); err != nil {
			return nil, err
		} else if create {
			return nil, newErrorf(RuntimeError, "backward(create_graph=True) is not supported: kael computes first derivatives only")
		}
		if err := autograd.Backward(x, g); err != nil {
			return nil, err
		}
		return None, nil
	})
	def(asMethod, "requires_grad_(input, requires_grad=True)", "Marks input, a floating-point leaf, as requiring gradients (or not); returns input.", func(a *Args) (Value, error) {
		x, err := a.Tensor("input")
		if err != nil {
			return nil, err
		}
		on, err := a.Bool("requires_grad")
		if err != nil {
			return nil, err
		}
		return inPlace(x, autograd.SetRequiresGrad(x, on))
	})
	def(asFunc, "show_graph(tensor)", "Prints the autograd graph behind a tensor: its grad_fn and, indented below, the operations and leaves (AccumulateGrad) it came from.", func(a *Args) (Value, error) {
		x, err := a.Tensor("tensor")
		if err != nil {
			return nil, err
		}
		g := autograd.GraphString(x)
		if g == "" {
			g = "(no graph: the tensor does not require grad)"
		}
		a.in.write(g + "\n")
		return None, nil
	})
}

// torchOptim is torch.optim, also reachable as the global optim. Its
// members, the optimizers, are not global functions.
var torchOptim = &Module{Name: "torch.optim", Attrs: map[string]Value{}}

func init() {
	torchOptim.Attrs["SGD"] = def(0, "SGD(params, lr, momentum=0, weight_decay=0, nesterov=False)", "Stochastic gradient descent over the tensors params: opt.step() subtracts lr times each gradient (with momentum and an L2 weight_decay when given); opt.zero_grad() clears the gradients.", func(a *Args) (Value, error) {
		params, err := optimParams(a)
		if err != nil {
			return nil, err
		}
		var opt autograd.SGDOptions
		if err := floatArgs(a, []string{"lr", "momentum", "weight_decay"}, &opt.LR, &opt.Momentum, &opt.WeightDecay); err != nil {
			return nil, err
		}
		if opt.Nesterov, err = a.Bool("nesterov"); err != nil {
			return nil, err
		}
		o, err := autograd.NewSGD(params, opt)
		if err != nil {
			return nil, err
		}
		return &Optimizer{Name: "SGD", Opt: o, params: params}, nil
	})
	torchOptim.Attrs["Adam"] = def(0, "Adam(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0)", "The Adam optimizer over the tensors params: opt.step() moves each parameter by lr times its bias-corrected gradient average over the root of its squared-gradient average; opt.zero_grad() clears the gradients.", func(a *Args) (Value, error) {
		params, err := optimParams(a)
		if err != nil {
			return nil, err
		}
		opt := autograd.DefaultAdamOptions()
		if err := floatArgs(a, []string{"lr", "eps", "weight_decay"}, &opt.LR, &opt.Eps, &opt.WeightDecay); err != nil {
			return nil, err
		}
		betas, _, ok := sequence(a.Value("betas"))
		if !ok || len(betas) != 2 {
			return nil, a.typeError("betas", "a pair of floats", a.Value("betas"))
		}
		for i, dst := range []*float64{&opt.Beta1, &opt.Beta2} {
			f, ok := asFloat(betas[i])
			if !ok {
				return nil, a.typeError("betas", "a pair of floats", a.Value("betas"))
			}
			*dst = f
		}
		o, err := autograd.NewAdam(params, opt)
		if err != nil {
			return nil, err
		}
		return &Optimizer{Name: "Adam", Opt: o, params: params}, nil
	})
}

// floatArgs stores the float arguments names[i] into dsts[i].
func floatArgs(a *Args, names []string, dsts ...*float64) error {
	for i, name := range names {
		f, err := a.Float(name)
		if err != nil {
			return err
		}
		*dsts[i] = f
	}
	return nil
}

// optimParams returns the params argument of an optimizer: a list or tuple
// of tensors.
func optimParams(a *Args) ([]*tensor.Tensor, error) {
	if t, ok := a.Value("params").(*tensor.Tensor); ok {
		return nil, a.typeError("params", "a list of Tensors", t).
			withHint("wrap the tensor in a list: %s([w], lr=0.1)", a.b.Name)
	}
	ps, err := tensorList(a, "params")
	if err != nil {
		return nil, err
	}
	if len(ps) == 0 {
		return nil, newErrorf(ValueError, "optimizer got an empty parameter list")
	}
	return ps, nil
}

// Optimizer is the value SGD and Adam return. Its methods are step() and
// zero_grad().
type Optimizer struct {
	Name   string
	Opt    autograd.Optimizer
	params []*tensor.Tensor
}

// TypeName returns the optimizer's name, e.g. "SGD".
func (o *Optimizer) TypeName() string { return o.Name }

// String returns the text print shows, e.g. "SGD(2 parameters)".
func (o *Optimizer) String() string {
	s := "s"
	if len(o.params) == 1 {
		s = ""
	}
	return o.Name + "(" + strconv.Itoa(len(o.params)) + " parameter" + s + ")"
}

// optimizerMethods are the methods of optimizers.
var optimizerMethods = map[string]*Builtin{
	"step": def(0, "step(self)", "Updates every parameter that has a gradient, in place (not recorded by autograd).", func(a *Args) (Value, error) {
		if err := a.Value("self").(*Optimizer).Opt.Step(); err != nil {
			return nil, err
		}
		return None, nil
	}),
	"zero_grad": def(0, "zero_grad(self, set_to_none=True)", "Clears the gradients of the parameters before the next backward(): sets .grad to None, or fills it with zeros when set_to_none=False.", func(a *Args) (Value, error) {
		o := a.Value("self").(*Optimizer)
		toNone, err := a.Bool("set_to_none")
		if err != nil {
			return nil, err
		}
		if toNone {
			o.Opt.ZeroGrad()
			return None, nil
		}
		for _, p := range o.params {
			if g := autograd.Grad(p); g != nil {
				if err := g.Fill(0); err != nil {
					return nil, err
				}
			}
		}
		return None, nil
	}),
}

// Attr returns the optimizer's methods and its param list (params).
func (o *Optimizer) Attr(name string) (Value, bool) {
	if name == "params" {
		elems := make([]Value, len(o.params))
		for i, p := range o.params {
			elems[i] = p
		}
		return &List{Elems: elems}, true
	}
	m, ok := optimizerMethods[name]
	if !ok {
		return nil, false
	}
	return &BoundMethod{Recv: o, Method: m}, true
}

// AttrNames lists the optimizer's attributes.
func (o *Optimizer) AttrNames() []string { return append(sortedKeys(optimizerMethods), "params") }
