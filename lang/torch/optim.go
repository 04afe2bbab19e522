package torch

import (
	"strconv"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.optim: the optimizers SGD and Adam and their methods (the
// parameter groups are in optim_groups.go).

// torchOptim is torch.optim, also reachable as the global optim. Its
// members, the optimizers, are not global functions.
var torchOptim = &lang.Module{Name: "torch.optim", Attrs: map[string]lang.Value{}}

func defOptimizers() {
	torchOptim.Attrs["SGD"] = lang.NewBuiltin(lang.AsValue, "SGD(params, lr, momentum=0, weight_decay=0, nesterov=False)", "Stochastic gradient descent over the tensors params: opt.step() subtracts lr times each gradient (with momentum and an L2 weight_decay when given); opt.zero_grad() clears the gradients.", func(a *lang.Args) (lang.Value, error) {
		params := optimParams(a)
		opt := autograd.SGDOptions{LR: a.Float("lr"), Momentum: a.Float("momentum"),
			WeightDecay: a.Float("weight_decay"), Nesterov: a.Bool("nesterov")}
		if err := a.Err(); err != nil {
			return nil, err
		}
		o, err := autograd.NewSGD(params, opt)
		if err != nil {
			return nil, err
		}
		return &Optimizer{Name: "SGD", Opt: o, params: params}, nil
	})
	torchOptim.Attrs["Adam"] = lang.NewBuiltin(lang.AsValue, "Adam(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0)", "The Adam optimizer over the tensors params: opt.step() moves each parameter by lr times its bias-corrected gradient average over the root of its squared-gradient average; opt.zero_grad() clears the gradients.", func(a *lang.Args) (lang.Value, error) {
		params := optimParams(a)
		opt := autograd.DefaultAdamOptions()
		opt.LR, opt.Eps, opt.WeightDecay = a.Float("lr"), a.Float("eps"), a.Float("weight_decay")
		betas, _, ok := lang.Sequence(a.Value("betas"))
		ok = ok && len(betas) == 2
		for i, dst := range []*float64{&opt.Beta1, &opt.Beta2} {
			if ok {
				*dst, ok = lang.AsFloat(betas[i])
			}
		}
		if !ok {
			a.Fail(a.WrongType("betas", "a pair of floats", a.Value("betas")))
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		o, err := autograd.NewAdam(params, opt)
		if err != nil {
			return nil, err
		}
		return &Optimizer{Name: "Adam", Opt: o, params: params}, nil
	})
}

// optimParams returns the params argument of an optimizer: a list or tuple
// of tensors.
func optimParams(a *lang.Args) []*tensor.Tensor {
	if t, ok := a.Value("params").(*tensor.Tensor); ok {
		a.Fail(a.WrongType("params", "a list of Tensors", t).
			WithHint("wrap the tensor in a list: %s([w], lr=0.1)", a.Builtin().Name))
		return nil
	}
	if it, ok := a.Value("params").(*lang.Iterator); ok { // model.parameters()
		elems, err := lang.Collect(it)
		if err != nil {
			a.Fail(asError(err))
			return nil
		}
		return tensorListValue(a, "params", &lang.List{Elems: elems})
	}
	ps := tensorList(a, "params")
	if len(ps) == 0 {
		a.Fail(lang.Errorf(lang.ValueError, "optimizer got an empty parameter list"))
	}
	return ps
}

// Optimizer is the value SGD and Adam return. Its methods are step() and
// zero_grad().
type Optimizer struct {
	Name   string
	Opt    autograd.Optimizer
	params []*tensor.Tensor
	groups *lang.List // param_groups, made on first use (optim_groups.go)
}

// TypeName returns the optimizer's name, e.g. "SGD".
func (o *Optimizer) TypeName() string { return o.Name }

// ClassName returns the qualified class name, torch.optim.SGD.
func (o *Optimizer) ClassName() string { return "torch.optim." + o.Name }

// String returns the text print shows, e.g. "SGD(2 parameters)".
func (o *Optimizer) String() string {
	s := "s"
	if len(o.params) == 1 {
		s = ""
	}
	return o.Name + "(" + strconv.Itoa(len(o.params)) + " parameter" + s + ")"
}

// optimizerMethods are the methods of optimizers.
var optimizerMethods = map[string]*lang.Builtin{
	"step": lang.NewBuiltin(lang.AsValue, "step(self)", "Updates every parameter that has a gradient, in place (not recorded by autograd).", func(a *lang.Args) (lang.Value, error) {
		o := a.Value("self").(*Optimizer)
		if err := o.syncGroups(); err != nil {
			return nil, err
		}
		if err := o.Opt.Step(); err != nil {
			return nil, err
		}
		return lang.None, nil
	}),
	"zero_grad": lang.NewBuiltin(lang.AsValue, "zero_grad(self, set_to_none=True)", "Clears the gradients of the parameters before the next backward(): sets .grad to None, or fills it with zeros when set_to_none=False.", func(a *lang.Args) (lang.Value, error) {
		o := a.Value("self").(*Optimizer)
		toNone := a.Bool("set_to_none")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if toNone {
			o.Opt.ZeroGrad()
			return lang.None, nil
		}
		for _, p := range o.params {
			if g := autograd.Grad(p); g != nil {
				if err := g.Fill(0); err != nil {
					return nil, err
				}
			}
		}
		return lang.None, nil
	}),
}

// Attr returns the optimizer's methods and its param list (params).
func (o *Optimizer) Attr(name string) (lang.Value, bool) {
	if name == "param_groups" {
		return o.paramGroups(), true
	}
	if name == "params" {
		elems := make([]lang.Value, len(o.params))
		for i, p := range o.params {
			elems[i] = p
		}
		return &lang.List{Elems: elems}, true
	}
	m, ok := optimizerMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: o, Method: m}, true
}

// AttrNames lists the optimizer's attributes.
func (o *Optimizer) AttrNames() []string {
	return append(sortedKeys(optimizerMethods), "param_groups", "params")
}
