package torch

import (
	"slices"
	"strings"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch.optim: the optimizers, each PyTorch 1.13's class with its
// signature and defaults, stepping with the update rules of
// autograd/optim_rules.go. An optimizer keeps its parameter groups as
// PyTorch does, a list of dicts that code may read and change between
// steps (optim_groups.go), and its per-parameter state (optim_state.go).

// torchOptim is torch.optim, also reachable as the global optim. Its
// members, the optimizers, are not global functions.
var torchOptim = &lang.Module{Name: "torch.optim", Attrs: map[string]lang.Value{}}

// optimSpec is one optimizer class: its signature (PyTorch's; every
// parameter after params is a default of the parameter groups) and the
// checks of its settings.
type optimSpec struct {
	sig, doc string
	check    func(s settings) *lang.Error
	// order lists the settings in the order of PyTorch's defaults dict
	// where it differs from the signature's (the groups' keys follow it).
	order []string
}

// optimSpecs are torch.optim's optimizers by name.
var optimSpecs = map[string]optimSpec{
	"SGD": {"SGD(params, lr=None, momentum=0, dampening=0, weight_decay=0, nesterov=False, *, maximize=False, foreach=None, differentiable=False)",
		"Stochastic gradient descent, with momentum (and dampening), Nesterov momentum, an L2 weight_decay and maximize as PyTorch's.",
		func(h settings) *lang.Error {
			if err := checkNonNegative(h, "lr", "learning rate", "momentum", "momentum value", "weight_decay", "weight_decay value"); err != nil {
				return err
			}
			if h.Flag("nesterov") && (h.Hyper["momentum"] <= 0 || h.Hyper["dampening"] != 0) {
				return lang.Errorf(lang.ValueError, "Nesterov momentum requires a momentum and zero dampening")
			}
			return nil
		}, nil},
	"Adam": {"Adam(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, amsgrad=False, *, foreach=None, maximize=False, capturable=False, differentiable=False, fused=False)",
		"Adam: bias-corrected running averages of the gradient and its square (amsgrad keeps their maximum), with an L2 weight_decay.", checkAdamLike,
		[]string{"lr", "betas", "eps", "weight_decay", "amsgrad", "maximize", "foreach", "capturable", "differentiable", "fused"}},
	"AdamW": {"AdamW(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.01, amsgrad=False, *, maximize=False, foreach=None, capturable=False)",
		"Adam with decoupled weight decay: each step first scales the parameters by 1 - lr·weight_decay.", checkAdamLike,
		[]string{"lr", "betas", "eps", "weight_decay", "amsgrad", "foreach", "maximize", "capturable"}},
	"RMSprop": {"RMSprop(params, lr=0.01, alpha=0.99, eps=1e-08, weight_decay=0, momentum=0, centered=False, foreach=None, maximize=False, differentiable=False)",
		"RMSprop: the gradient over the root of a running average of its square (centered subtracts the squared average gradient), with momentum.",
		func(h settings) *lang.Error {
			return checkNonNegative(h, "lr", "learning rate", "eps", "epsilon value", "momentum", "momentum value", "weight_decay", "weight_decay value", "alpha", "alpha value")
		},
		[]string{"lr", "momentum", "alpha", "eps", "centered", "weight_decay", "foreach", "maximize", "differentiable"}},
	"Adagrad": {"Adagrad(params, lr=0.01, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10, foreach=None, *, maximize=False)",
		"Adagrad: the gradient over the root of the sum of its squares so far, the rate decayed by lr_decay.",
		func(h settings) *lang.Error {
			return checkNonNegative(h, "lr", "learning rate", "lr_decay", "lr_decay value", "weight_decay", "weight_decay value", "initial_accumulator_value", "initial_accumulator_value value", "eps", "epsilon value")
		},
		[]string{"lr", "lr_decay", "eps", "weight_decay", "initial_accumulator_value", "foreach", "maximize"}},
	"Adadelta": {"Adadelta(params, lr=1.0, rho=0.9, eps=1e-06, weight_decay=0, foreach=None, *, maximize=False)",
		"Adadelta: steps scaled by running averages of squared gradients and squared steps.",
		func(h settings) *lang.Error {
			if err := checkNonNegative(h, "lr", "learning rate", "eps", "epsilon value", "weight_decay", "weight_decay value"); err != nil {
				return err
			}
			if v := h.Hyper["rho"]; !(v >= 0 && v <= 1) {
				return lang.Errorf(lang.ValueError, "Invalid rho value: %s", h.text("rho"))
			}
			return nil
		},
		[]string{"lr", "rho", "eps", "weight_decay", "maximize", "foreach"}},
	"Adamax": {"Adamax(params, lr=0.002, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, foreach=None, *, maximize=False)",
		"Adamax: Adam with the infinity norm in place of the squared-gradient average.", checkAdamLike, nil},
	"NAdam": {"NAdam(params, lr=0.002, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, momentum_decay=0.004, foreach=None)",
		"NAdam: Adam with Nesterov momentum and momentum_decay.",
		func(h settings) *lang.Error {
			if err := checkAdamLike(h); err != nil {
				return err
			}
			return checkNonNegative(h, "momentum_decay", "momentum_decay value")
		}, nil},
	"RAdam": {"RAdam(params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, foreach=None)",
		"RAdam: Adam with the variance of the adaptive rate rectified in the first steps.", checkAdamLike, nil},
	"ASGD": {"ASGD(params, lr=0.01, lambd=0.0001, alpha=0.75, t0=1000000.0, weight_decay=0, foreach=None, maximize=False)",
		"Averaged stochastic gradient descent: the state's ax is the running average of the parameters.",
		func(h settings) *lang.Error {
			return checkNonNegative(h, "lr", "learning rate", "weight_decay", "weight_decay value")
		}, nil},
	"LBFGS": {"LBFGS(params, lr=1, max_iter=20, max_eval=None, tolerance_grad=1e-07, tolerance_change=1e-09, history_size=100, line_search_fn=None)",
		"L-BFGS: quasi-Newton steps from a history of history_size gradient differences, with a fixed step lr or line_search_fn='strong_wolfe'. step(closure) needs the closure, which recomputes the loss and its gradients; one step runs up to max_iter iterations and max_eval evaluations (max_iter·5//4 by default). One parameter group only.",
		func(settings) *lang.Error { return nil }, nil},
	"Rprop": {"Rprop(params, lr=0.01, etas=(0.5, 1.2), step_sizes=(1e-06, 50), foreach=None, maximize=False)",
		"Rprop: per-element step sizes grown by etaplus while the gradient keeps its sign and shrunk by etaminus when it flips.",
		func(h settings) *lang.Error {
			if err := checkNonNegative(h, "lr", "learning rate"); err != nil {
				return err
			}
			if minus, plus := h.Hyper["etaminus"], h.Hyper["etaplus"]; !(0 < minus && minus < 1 && 1 < plus) {
				return lang.Errorf(lang.ValueError, "Invalid eta values: %s, %s", h.text("etaminus"), h.text("etaplus"))
			}
			return nil
		}, nil},
}

// settings are a group's settings as the checks read them: the numbers
// and, for the messages, the dict as given (PyTorch prints lr=-1 as -1).
type settings struct {
	autograd.Hyper
	group *lang.Dict
}

// text returns the setting name as PyTorch's message shows it: str() of
// the value given, or of its element for a part of a pair (beta1).
func (s settings) text(name string) string {
	for pair, parts := range pairSettings {
		for i, part := range parts {
			if part != name {
				continue
			}
			if v, ok, _ := s.group.Get(pair); ok {
				if elems, _, isSeq := lang.Sequence(v); isSeq && len(elems) == 2 {
					return lang.Str(elems[i])
				}
			}
		}
	}
	if v, ok, _ := s.group.Get(name); ok {
		return lang.Str(v)
	}
	return lang.FormatFloat(s.Hyper[name])
}

// checkNonNegative checks that each named setting is at least 0; pairs
// name the setting and the words of PyTorch's message ("Invalid learning
// rate: -1").
func checkNonNegative(h settings, pairs ...string) *lang.Error {
	for i := 0; i < len(pairs); i += 2 {
		if v, ok := h.Hyper[pairs[i]]; ok && !(v >= 0) {
			return lang.Errorf(lang.ValueError, "Invalid %s: %s", pairs[i+1], h.text(pairs[i]))
		}
	}
	return nil
}

// checkAdamLike checks lr, eps, betas and weight_decay as Adam does.
func checkAdamLike(h settings) *lang.Error {
	if err := checkNonNegative(h, "lr", "learning rate", "eps", "epsilon value"); err != nil {
		return err
	}
	for i, b := range []string{"beta1", "beta2"} {
		if v := h.Hyper[b]; !(v >= 0 && v < 1) {
			return lang.Errorf(lang.ValueError, "Invalid beta parameter at index %d: %s", i, h.text(b))
		}
	}
	return checkNonNegative(h, "weight_decay", "weight_decay value")
}

// optimizerClassName is the qualified name of torch.optim.Optimizer.
const optimizerClassName = "torch.optim.optimizer.Optimizer"

func defOptimizers() {
	for name, spec := range optimSpecs {
		rule := autograd.OptimRules[name] // nil for LBFGS, which steps as a whole
		b := lang.NewBuiltin(lang.AsValue, spec.sig, spec.doc, func(a *lang.Args) (lang.Value, error) {
			return newOptimizer(a, name, rule, spec)
		})
		qualified := "torch.optim." + strings.ToLower(name) + "." + name
		lang.RegisterClass(b, qualified)
		lang.RegisterSubclass(qualified, optimizerClassName)
		torchOptim.Attrs[name] = b
	}
}

// Optimizer is a torch.optim optimizer: its groups, its defaults and the
// state of each parameter it has stepped.
type Optimizer struct {
	Name     string
	rule     *autograd.OptimRule
	check    func(h settings) *lang.Error
	defaults *lang.Dict // the constructor's settings, by name
	groups   *lang.List // param_groups: dicts with 'params' and the settings
	state    map[*tensor.Tensor]*autograd.ParamState
	stepped  []*tensor.Tensor // the keys of state, in the order they came
	// lbfgs is LBFGS's state (optim_lbfgs.go), nil for the others.
	lbfgs *autograd.LBFGSState
	// user is set for torch.optim.Optimizer itself, whose step a class
	// written in Python defines (optim_subclass.go); its state is then
	// userState, a defaultdict(dict) by parameter, not state.
	user      bool
	userState lang.Value
	// inst is the instance of the class deriving from the optimizer's
	// class that this is the Native of; nil for kael's own.
	inst *lang.Instance
}

// newOptimizer makes the optimizer a constructor's arguments describe.
func newOptimizer(a *lang.Args, name string, rule *autograd.OptimRule, spec optimSpec) (lang.Value, error) {
	o := &Optimizer{Name: name, rule: rule, check: spec.check, defaults: lang.NewDict(),
		groups: &lang.List{}, state: map[*tensor.Tensor]*autograd.ParamState{}}
	names := spec.order
	if names == nil {
		names = a.Builtin().ParamNames()[1:] // after params
	}
	for _, name := range names {
		_ = o.defaults.Set(name, a.Value(name))
	}
	if name == "LBFGS" {
		if err := o.lbfgsDefaults(); err != nil {
			return nil, err
		}
	}
	h, err := groupHyper(o.defaults)
	if err != nil {
		return nil, err
	}
	if _, isNone := a.Value("lr").(lang.NoneType); !isNone {
		if err := o.check(settings{h, o.defaults}); err != nil {
			return nil, err
		}
	}
	groups, err := optimParams(a.Value("params"))
	if err != nil {
		return nil, err
	}
	for _, g := range groups {
		if err := o.addGroup(g); err != nil {
			return nil, err
		}
	}
	if o.lbfgs != nil && len(o.groups.Elems) != 1 {
		return nil, lang.Errorf(lang.ValueError, "LBFGS doesn't support per-parameter options (parameter groups)")
	}
	return o, nil
}

// optimParams reads an optimizer's params argument, an iterable of tensors
// or of dicts, into its groups: one group holding the tensors, or the
// dicts.
func optimParams(v lang.Value) ([]lang.Value, error) {
	if t, ok := v.(*tensor.Tensor); ok {
		return nil, lang.Errorf(lang.TypeError, "params argument given to the optimizer should be an iterable of Tensors or dicts, but got %s", tensorTypeName(t)).
			WithHint("wrap the tensor in a list: optim.SGD([w], lr=0.1)")
	}
	elems, err := lang.Collect(v)
	if err != nil {
		return nil, err
	}
	if len(elems) == 0 {
		return nil, lang.Errorf(lang.ValueError, "optimizer got an empty parameter list")
	}
	if _, isDict := elems[0].(*lang.Dict); isDict {
		return elems, nil
	}
	g := lang.NewDict()
	_ = g.Set("params", &lang.List{Elems: elems})
	return []lang.Value{g}, nil
}

// TypeName returns the optimizer's name, e.g. "SGD".
func (o *Optimizer) TypeName() string { return o.Name }

// ClassName returns the qualified class name, torch.optim.SGD.
func (o *Optimizer) ClassName() string {
	return "torch.optim." + strings.ToLower(o.Name) + "." + o.Name
}

// String returns PyTorch's repr: the name and each group's settings, in
// the order of their names.
func (o *Optimizer) String() string { return o.reprAs(o.Name) }

// reprAs is the repr under the class name name (a subclass's).
func (o *Optimizer) reprAs(name string) string {
	var b strings.Builder
	b.WriteString(name + " (")
	for i, gv := range o.groups.Elems {
		b.WriteString("\nParameter Group " + lang.Str(int64(i)) + "\n")
		g, ok := gv.(*lang.Dict)
		if !ok {
			continue
		}
		var keys []string
		for _, k := range g.Keys() {
			if s, ok := k.(string); ok && s != "params" {
				keys = append(keys, s)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			v, _, _ := g.Get(k)
			b.WriteString("    " + k + ": " + lang.Str(v) + "\n")
		}
	}
	b.WriteString(")")
	return b.String()
}

// optimizerMethods are the methods of optimizers.
var optimizerMethods = map[string]*lang.Builtin{
	"step": lang.NewBuiltin(lang.AsValue, "step(self, closure=None)", "Updates every parameter that has a gradient, in place (not recorded by autograd). closure, when given, is called first with grad enabled (it recomputes the loss) and step returns what it returns.", func(a *lang.Args) (lang.Value, error) {
		o := a.Value("self").(*Optimizer)
		if o.user {
			return nil, o.userStep()
		}
		if o.lbfgs != nil {
			return o.lbfgsStep(a, a.Value("closure"))
		}
		var loss lang.Value = lang.None
		if c := a.Value("closure"); c != lang.None {
			prev := autograd.SetGradEnabled(true)
			var err error
			loss, err = a.Call(c)
			autograd.SetGradEnabled(prev)
			if err != nil {
				return nil, err
			}
		}
		return loss, o.step()
	}),
	"zero_grad": lang.NewBuiltin(lang.AsValue, "zero_grad(self, set_to_none=False)", "Clears the gradients of the parameters before the next backward(): fills them with zeros, or sets .grad to None when set_to_none=True.", func(a *lang.Args) (lang.Value, error) {
		o := a.Value("self").(*Optimizer)
		toNone := a.Bool("set_to_none")
		if err := a.Err(); err != nil {
			return nil, err
		}
		params, err := o.params()
		if err != nil {
			return nil, err
		}
		for _, p := range params {
			if toNone {
				autograd.ZeroGrad(p)
			} else if err := zeroGradInPlace(p); err != nil {
				return nil, err
			}
		}
		return lang.None, nil
	}),
	"add_param_group": lang.NewBuiltin(lang.AsValue, "add_param_group(self, param_group)", "Adds a group: a dict with 'params' (a tensor or an iterable of tensors) and settings; those it leaves out take the optimizer's defaults.", func(a *lang.Args) (lang.Value, error) {
		return lang.None, a.Value("self").(*Optimizer).addGroup(a.Value("param_group"))
	}),
	"state_dict": lang.NewBuiltin(lang.AsValue, "state_dict(self)", "The optimizer's state as a dict, as PyTorch's: 'state' maps each parameter's index to its state and 'param_groups' lists the groups' settings with 'params' as indices.", func(a *lang.Args) (lang.Value, error) {
		o := a.Value("self").(*Optimizer)
		if o.user {
			return o.userStateDict()
		}
		return o.stateDict()
	}),
	"load_state_dict": lang.NewBuiltin(lang.AsValue, "load_state_dict(self, state_dict)", "Takes the state and the groups' settings from a dict state_dict() made, for the same parameters in the same groups; its tensors are copied.", func(a *lang.Args) (lang.Value, error) {
		o := a.Value("self").(*Optimizer)
		if o.user {
			return lang.None, o.userLoadStateDict(a, a.Value("state_dict"))
		}
		return lang.None, o.loadStateDict(a.Value("state_dict"))
	}),
	"__setstate__": optimizerSetState,
	"__getstate__": optimizerGetState,
}

// zeroGradInPlace fills p's gradient with zeros, as PyTorch 1.13's
// zero_grad() does by default (the gradient is detached first).
func zeroGradInPlace(p *tensor.Tensor) error {
	g := autograd.Grad(p)
	if g == nil {
		return nil
	}
	if m := g.Autograd(); m != nil && m.GradFn != nil {
		d := g.Detach()
		if err := autograd.SetGrad(p, d); err != nil {
			return err
		}
		g = d
	}
	return g.Fill(0)
}

// Attr returns the optimizer's methods, param_groups, state and defaults.
func (o *Optimizer) Attr(name string) (lang.Value, bool) {
	switch name {
	case "param_groups":
		return o.groups, true
	case "defaults":
		return o.defaults, true
	case "state":
		return o.stateAttr(), true
	}
	m, ok := optimizerMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: o, Method: m}, true
}

// stateAttr is the state attribute: by parameter, each its state.
func (o *Optimizer) stateAttr() lang.Value {
	if o.user {
		return o.userState
	}
	return o.stateByParam()
}

// AttrNames lists the optimizer's attributes.
func (o *Optimizer) AttrNames() []string {
	return append(sortedKeys(optimizerMethods), "defaults", "param_groups", "state")
}
