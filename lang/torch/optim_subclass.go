package torch

import (
	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/collections" // the state is a defaultdict(dict)
	pycopy "github.com/kael-dev/kael/lang/lib/copy"
	"github.com/kael-dev/kael/tensor"
)

// Optimizers written in Python, PyTorch's way. A class deriving from
// torch.optim.Optimizer calls super().__init__(params, defaults), and its
// step() reads self.param_groups and keeps each parameter's state in
// self.state[p], a defaultdict(dict); zero_grad, add_param_group,
// state_dict, load_state_dict and the repr come from the base, as in
// optimizer.py. A class deriving from one of torch.optim's optimizers
// (class MyAdam(Adam)) gets that optimizer from super().__init__(...),
// and super().step() runs its update rule. Either way the instance keeps
// the *Optimizer as Instance.Native, and the schedulers take it as they
// take kael's own.

// requiredParam is torch.optim.optimizer.required, the default of a
// setting that each parameter group must give.
type requiredParam struct{}

func (*requiredParam) TypeName() string  { return "_RequiredParameter" }
func (*requiredParam) ClassName() string { return "torch.optim.optimizer._RequiredParameter" }
func (*requiredParam) PyRepr() string    { return "<required parameter>" }

// optimRequired is the one required marker.
var optimRequired = &requiredParam{}

// optimizerBase is torch.optim.Optimizer: called (directly, or by a
// subclass's super().__init__) it makes an optimizer whose step a
// subclass defines.
var optimizerBase = lang.NewBuiltin(lang.AsValue, "Optimizer(params, defaults)",
	"The base class of optimizers: derive from it, call super().__init__(params, defaults) and define step(closure=None), which reads self.param_groups (dicts with 'params' and the settings) and keeps each parameter's state in self.state[p]; zero_grad, add_param_group, state_dict and load_state_dict come from the base, as in PyTorch.",
	func(a *lang.Args) (lang.Value, error) {
		defaults, ok := a.Value("defaults").(*lang.Dict)
		if !ok {
			return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'items'", lang.TypeName(a.Value("defaults")))
		}
		state, err := newParamStates(a)
		if err != nil {
			return nil, err
		}
		o := &Optimizer{Name: "Optimizer", user: true, defaults: defaults, groups: &lang.List{}, userState: state}
		groups, err := optimParams(a.Value("params"))
		if err != nil {
			return nil, err
		}
		for _, g := range groups {
			if err := o.addGroup(g); err != nil {
				return nil, err
			}
		}
		return o, nil
	})

// newParamStates is defaultdict(dict), the state of an optimizer written
// in Python.
func newParamStates(a *lang.Args) (lang.Value, error) {
	coll, err := a.Import("collections")
	if err != nil {
		return nil, err
	}
	dd, err := lang.GetAttr(coll, "defaultdict")
	if err != nil {
		return nil, err
	}
	dict, _ := lang.BuiltinName("dict")
	return a.Call(dd, dict)
}

// optimizerNativeBase is what the optimizer class b adds to the classes
// deriving from it: super().__init__(...) calls b and keeps what it makes.
func optimizerNativeBase(b *lang.Builtin) *lang.NativeBase {
	return &lang.NativeBase{
		Name: b.Name,
		Init: func(x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) error {
			v, err := x.Session().CallHookKw(b, pos, kwNames, kwVals)
			if err != nil {
				return err
			}
			o := v.(*Optimizer)
			o.inst = x
			x.SetNative(o)
			return nil
		},
		Attr: func(x *lang.Instance, name string) (lang.Value, bool, error) {
			o, ok := x.Native().(*Optimizer)
			if !ok {
				return nil, false, nil
			}
			v, found := o.Attr(name)
			return v, found, nil
		},
		SetAttr: func(x *lang.Instance, name string, v lang.Value) (bool, error) {
			o, ok := x.Native().(*Optimizer)
			if !ok {
				return false, nil
			}
			return o.setOwnAttr(name, v)
		},
		Repr: func(x *lang.Instance) (string, bool) {
			o, ok := x.Native().(*Optimizer)
			if !ok {
				return "", false
			}
			return o.reprAs(x.Class().Name), true
		},
		Names: func(x *lang.Instance) []string {
			if o, ok := x.Native().(*Optimizer); ok {
				return o.AttrNames()
			}
			return nil
		},
	}
}

// setOwnAttr assigns param_groups, defaults or state (as __setstate__
// does); handled is false for the other names, which the instance keeps.
func (o *Optimizer) setOwnAttr(name string, v lang.Value) (handled bool, err error) {
	switch name {
	case "param_groups":
		l, ok := v.(*lang.List)
		if !ok {
			return true, lang.Errorf(lang.TypeError, "param_groups must be a list of dicts, not %s", lang.TypeName(v))
		}
		o.groups = l
	case "defaults":
		d, ok := v.(*lang.Dict)
		if !ok {
			return true, lang.Errorf(lang.TypeError, "defaults must be a dict, not %s", lang.TypeName(v))
		}
		o.defaults = d
	case "state":
		if !o.user {
			return true, lang.Errorf(lang.AttributeError, "kael's %s keeps its own state: load_state_dict() sets it", o.Name)
		}
		o.userState = v
	default:
		return false, nil
	}
	return true, nil
}

// userStepped refuses step() of the base class: a subclass defines it.
func (o *Optimizer) userStep() error {
	return lang.Errorf(tensor.NotImplementedError, "").
		WithHint("a class deriving from torch.optim.Optimizer defines step(self, closure=None)")
}

// userStateDict is state_dict() of an optimizer written in Python, as
// optimizer.py's: the groups with their parameters as indices, and the
// state under those indices (keys that are no tensor as they are).
func (o *Optimizer) userStateDict() (lang.Value, error) {
	groups, index, err := o.packGroups()
	if err != nil {
		return nil, err
	}
	states, ok := o.userState.(*lang.Dict)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "the optimizer's state must be a dict, not %s", lang.TypeName(o.userState))
	}
	packed := lang.NewDict()
	for i, k := range states.Keys() {
		key := k
		if t, isT := k.(*tensor.Tensor); isT {
			n, found := index[t]
			if !found {
				return nil, lang.Errorf(lang.KeyError, "%d", lang.ID(t))
			}
			key = n
		}
		if err := packed.Set(key, states.Values()[i]); err != nil {
			return nil, err
		}
	}
	out := lang.NewDict()
	_ = out.Set("state", packed)
	_ = out.Set("param_groups", &lang.List{Elems: groups})
	return out, nil
}

// userLoadStateDict is load_state_dict(sd) of an optimizer written in
// Python, as optimizer.py's: a deep copy of sd, checked against the
// groups, its state cast to each parameter (floating tensors to its
// dtype, but 'step'), then __setstate__({'state': ..., 'param_groups':
// ...}), which a subclass may define.
func (o *Optimizer) userLoadStateDict(a *lang.Args, v lang.Value) error {
	copied, err := pycopy.NewMemo().DeepCopy(a, v)
	if err != nil {
		return err
	}
	sd, ok := copied.(*lang.Dict)
	if !ok {
		return lang.Errorf(lang.TypeError, "'%s' object is not subscriptable", lang.TypeName(v))
	}
	saved, err := o.savedGroups(sd)
	if err != nil {
		return err
	}
	byID := lang.NewDict() // the saved index of a parameter to the parameter
	newGroups := make([]lang.Value, len(saved))
	for i, sv := range saved {
		g, params, err := o.groupOf(i)
		if err != nil {
			return err
		}
		s, ok := sv.(*lang.Dict)
		if !ok {
			return lang.Errorf(lang.TypeError, "state_dict['param_groups'][%d] must be a dict, not %s", i, lang.TypeName(sv))
		}
		idv, err := dictEntry(s, "params")
		if err != nil {
			return err
		}
		ids, err := lang.Collect(idv)
		if err != nil {
			return err
		}
		if len(ids) != len(params) {
			return lang.Errorf(lang.ValueError, "loaded state dict contains a parameter group that doesn't match the size of optimizer's group")
		}
		for j, id := range ids {
			if err := byID.Set(id, params[j]); err != nil {
				return err
			}
		}
		current, _, _ := g.Get("params")
		if err := s.Set("params", current); err != nil {
			return err
		}
		newGroups[i] = s
	}
	statesV, err := dictEntry(sd, "state")
	if err != nil {
		return err
	}
	states, ok := statesV.(*lang.Dict)
	if !ok {
		return lang.Errorf(lang.TypeError, "state_dict['state'] must be a dict, not %s", lang.TypeName(statesV))
	}
	state, err := newParamStates(a)
	if err != nil {
		return err
	}
	stateDict := state.(*lang.Dict)
	for i, k := range states.Keys() {
		val := states.Values()[i]
		key := k
		if p, found, err := byID.Get(k); err != nil {
			return err
		} else if found {
			key = p
			if val, err = castState(a, p.(*tensor.Tensor), val, ""); err != nil {
				return err
			}
		}
		if err := stateDict.Set(key, val); err != nil {
			return err
		}
	}
	arg := lang.NewDict()
	_ = arg.Set("state", state)
	_ = arg.Set("param_groups", &lang.List{Elems: newGroups})
	var self lang.Value = o
	if o.inst != nil {
		self = o.inst
	}
	setState, err := lang.GetAttr(self, "__setstate__")
	if err != nil {
		return err
	}
	_, err = a.Call(setState, arg)
	return err
}

// castState is optimizer.py's cast: value with its floating tensors (but
// under the key 'step') in param's dtype, through dicts and sequences.
func castState(a *lang.Args, param *tensor.Tensor, value lang.Value, key string) (lang.Value, error) {
	switch v := value.(type) {
	case *tensor.Tensor:
		if key != "step" && param.DType().IsFloating() && v.DType() != param.DType() {
			return v.To(param.DType())
		}
		return v, nil
	case *lang.Dict:
		out := lang.NewDict()
		for i, k := range v.Keys() {
			name, _ := k.(string)
			c, err := castState(a, param, v.Values()[i], name)
			if err != nil {
				return nil, err
			}
			if err := out.Set(k, c); err != nil {
				return nil, err
			}
		}
		return out, nil
	case *lang.List:
		out := make([]lang.Value, len(v.Elems))
		for i, e := range v.Elems {
			c, err := castState(a, param, e, "")
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return &lang.List{Elems: out}, nil
	case lang.Tuple:
		out := make(lang.Tuple, len(v))
		for i, e := range v {
			c, err := castState(a, param, e, "")
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return out, nil
	}
	return value, nil
}

// optimizerSetState is Optimizer.__setstate__(state): the dict's entries
// become the optimizer's attributes, and defaults gain
// 'differentiable': False, as in PyTorch 1.13.
var optimizerSetState = lang.NewBuiltin(lang.AsValue, "__setstate__(self, state)", "Takes the optimizer's attributes from state, a dict ('state', 'param_groups', 'defaults'), as unpickling and load_state_dict do.", func(a *lang.Args) (lang.Value, error) {
	o := a.Value("self").(*Optimizer)
	d, ok := a.Value("state").(*lang.Dict)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "__setstate__() expects a dict, not %s", lang.TypeName(a.Value("state")))
	}
	for i, k := range d.Keys() {
		name, _ := k.(string)
		v := d.Values()[i]
		handled, err := o.setOwnAttr(name, v)
		if err != nil {
			return nil, err
		}
		if !handled && o.inst != nil {
			if err := o.inst.SetAttr(name, v); err != nil {
				return nil, err
			}
		}
	}
	if _, has, _ := o.defaults.Get("differentiable"); !has {
		_ = o.defaults.Set("differentiable", false)
	}
	return lang.None, nil
})

// optimizerGetState is Optimizer.__getstate__().
var optimizerGetState = lang.NewBuiltin(lang.AsValue, "__getstate__(self)", "The optimizer's defaults, state and param_groups as a dict, as pickling takes them.", func(a *lang.Args) (lang.Value, error) {
	o := a.Value("self").(*Optimizer)
	d := lang.NewDict()
	_ = d.Set("defaults", o.defaults)
	_ = d.Set("state", o.stateAttr())
	_ = d.Set("param_groups", o.groups)
	return d, nil
})

// optimizerOf returns the optimizer v is: one of kael's, or an instance of
// a class deriving from torch.optim.Optimizer once its __init__ ran.
func optimizerOf(v lang.Value) (*Optimizer, bool) {
	switch x := v.(type) {
	case *Optimizer:
		return x, true
	case *lang.Instance:
		o, ok := x.Native().(*Optimizer)
		return o, ok
	}
	return nil, false
}

// value is the optimizer as the program sees it: the instance of its
// class when it has one.
func (o *Optimizer) value() lang.Value {
	if o.inst != nil {
		return o.inst
	}
	return o
}

func defOptimizerBases() {
	lang.RegisterNativeBase(optimizerClassName, optimizerBase, optimizerNativeBase(optimizerBase))
	torchOptim.Attrs["Optimizer"] = optimizerBase
	for name := range optimSpecs {
		b := torchOptim.Attrs[name].(*lang.Builtin)
		qualified := lang.ClassOf(b)
		lang.RegisterNativeBase(qualified, b, optimizerNativeBase(b))
	}
	lang.RegisterModule("torch.optim.optimizer", "torch.optim.optimizer: Optimizer, the base class of the optimizers, and required, the default of a setting each group must give.", func() *lang.Module {
		return &lang.Module{Attrs: map[string]lang.Value{"Optimizer": optimizerBase, "required": optimRequired}}
	})
}
