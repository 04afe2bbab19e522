package torch

import (
	"slices"
	"strconv"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The autograd builtins: x.backward(), x.requires_grad_(), show_graph, and
// the optimizers of torch.optim.

func defAutograd() {
	lang.NewBuiltin(lang.AsMethod, "backward(input, gradient=None, retain_graph=None, create_graph=False)", "Computes the gradient of input with respect to every leaf that requires grad and adds it to the leaf's .grad. input must have one element unless gradient (of input's shape) is given. The pass frees the tensors the graph saved for backward, so a second backward through an operation that saved some (x * x, exp) raises a RuntimeError unless the first had retain_graph=True; one through operations that saved none (sums, views, adding a number) accumulates again.", func(a *lang.Args) (lang.Value, error) {
		x, g := a.Tensor("input"), a.OptTensor("gradient")
		retain := retainGraph(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.None, autograd.BackwardWith([]*tensor.Tensor{x}, []*tensor.Tensor{g}, autograd.BackwardOptions{RetainGraph: retain})
	})
	lang.NewBuiltin(lang.AsMethod, "requires_grad_(input, requires_grad=True)", "Marks input, a floating-point leaf, as requiring gradients (or not); returns input.", func(a *lang.Args) (lang.Value, error) {
		x, on := a.Tensor("input"), a.Bool("requires_grad")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return inPlace(x, autograd.SetRequiresGrad(x, on))
	})
	lang.NewBuiltin(lang.AsFunc, "show_graph(tensor)", "Prints the autograd graph behind a tensor: its grad_fn and, indented below, the operations and leaves (AccumulateGrad) it came from.", func(a *lang.Args) (lang.Value, error) {
		x := a.Tensor("tensor")
		if err := a.Err(); err != nil {
			return nil, err
		}
		g := autograd.GraphString(x)
		if g == "" {
			g = "(no graph: the tensor does not require grad)"
		}
		a.Write(g + "\n")
		return lang.None, nil
	})
	torchAutograd["backward"] = lang.NewBuiltin(lang.AsValue, "backward(tensors, grad_tensors=None, retain_graph=None, create_graph=False)", "Computes the gradients of tensors (a tensor or a list of them), with grad_tensors[i] the gradient of tensors[i], in one pass that adds them to the leaves' .grad: t.backward() for several tensors at once. retain_graph is as for t.backward().", func(a *lang.Args) (lang.Value, error) {
		ts := tensorArgs(a, "tensors")
		gs := tensorsOf(a.Value("grad_tensors"))
		retain := retainGraph(a)
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.None, autograd.BackwardWith(ts, gs, autograd.BackwardOptions{RetainGraph: retain})
	})
	torchAutograd["grad"] = lang.NewBuiltin(lang.AsValue, "grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, allow_unused=False)", "Returns the gradients of outputs (a tensor or a list of them, with grad_outputs[i] the gradient of outputs[i]) with respect to inputs (a tensor or a list of tensors that require grad, leaves or computed), as a tuple, without touching any .grad. Only the operations between them run, and they free what they saved unless retain_graph=True. An input the outputs do not depend on is an error, or None with allow_unused=True.", func(a *lang.Args) (lang.Value, error) {
		outs, ins := tensorArgs(a, "outputs"), tensorArgs(a, "inputs")
		gs := tensorsOf(a.Value("grad_outputs"))
		opts := autograd.BackwardOptions{RetainGraph: retainGraph(a), AllowUnused: a.Bool("allow_unused")}
		if err := a.Err(); err != nil {
			return nil, err
		}
		grads, err := autograd.Gradients(outs, ins, gs, opts)
		if err != nil {
			return nil, err
		}
		out := make(lang.Tuple, len(grads))
		for i, g := range grads {
			out[i] = lang.None
			if g != nil {
				out[i] = g
			}
		}
		return out, nil
	})
}

// retainGraph reads the retain_graph and create_graph arguments of a
// backward pass: retain_graph=None means create_graph, as in PyTorch, and
// create_graph=True (higher-order derivatives) is refused.
func retainGraph(a *lang.Args) bool {
	if a.Bool("create_graph") {
		a.Fail(lang.Errorf(lang.RuntimeError, "%s(create_graph=True) is not supported: kael computes first derivatives only", a.Builtin().Name))
	}
	if a.IsNone("retain_graph") {
		return false
	}
	return a.Bool("retain_graph")
}

// tensorArgs reads an argument that is a tensor or a sequence of tensors.
func tensorArgs(a *lang.Args, name string) []*tensor.Tensor {
	ts := tensorsOf(a.Value(name))
	if slices.Contains(ts, nil) || (len(ts) == 0 && !a.IsNone(name)) {
		a.Fail(a.WrongType(name, "Tensor or list of Tensors", a.Value(name)))
	}
	return ts
}

// tensorsOf reads a tensor or a sequence of tensors (nil entries for
// anything else); None gives nothing.
func tensorsOf(v lang.Value) []*tensor.Tensor {
	if _, none := v.(lang.NoneType); none {
		return nil
	}
	if t, ok := v.(*tensor.Tensor); ok {
		return []*tensor.Tensor{t}
	}
	elems, _, _ := lang.Sequence(v)
	out := make([]*tensor.Tensor, len(elems))
	for i, e := range elems {
		out[i], _ = e.(*tensor.Tensor)
	}
	return out
}

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
