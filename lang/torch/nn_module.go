package torch

import (
	"github.com/kael-dev/kael/lang/lib/collections"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// torch.nn's modules as values. A built-in layer (nn.Linear(2, 3),
// nn.Sequential(...)) is a *Layer: the nn package's module with the
// attributes a program sets on it. A user's class deriving from nn.Module
// (classes.go's side) implements nn.Module itself and reaches the same
// registry rules through moduleSetAttr and moduleGetAttr. Both kinds are
// values of the language as they are: the module tree holds the values,
// so model.fc1 and list(model.children())[0] are the same object.

// Layer is a built-in module as a value.
type Layer struct {
	nn.Module
	// attrs are the plain attributes the program set (lin.note = "x"),
	// PyTorch's instance __dict__ beyond the registry.
	attrs map[string]lang.Value
	// callFn is the layer's __call__ without hooks (its forward behind the
	// pre-hook check), kept so that a call does not look it up again; nil
	// until the first call, and again when Module changes (a lazy layer
	// materialized).
	callFn atomic.Pointer[lang.Builtin]
	// class is the name of the user's class deriving from this layer
	// (class MyLinear(nn.Linear)) whose instance holds it; "" for a layer
	// of its own.
	class string
}

// InstanceTypeName is type(x).__name__ of the value the layer stands
// for: the user's class deriving from it, else the layer's type
// (nn.InstanceTyper).
func (l *Layer) InstanceTypeName() string {
	if l.class != "" {
		return l.class
	}
	return l.TypeName()
}

// newLayer wraps a module of package nn.
func newLayer(m nn.Module) *Layer { return &Layer{Module: m} }

// moduleValue returns the value that stands for m: m itself when it is a
// value of the language (a Layer, a user's module), else m wrapped.
func moduleValue(m nn.Module) lang.Value {
	if um, ok := m.(*userModule); ok {
		return um.inst // a user's module is its instance (nn_subclass.go)
	}
	switch m.(type) {
	case *Layer, lang.HasAttrs:
		return m
	}
	return newLayer(m)
}

// TypeName returns the class name, e.g. "Linear".
func (l *Layer) TypeName() string { return l.Module.TypeName() }

// PyRepr returns PyTorch's repr, e.g. Linear(in_features=2, out_features=3, bias=True).
func (l *Layer) PyRepr() string { return nn.Repr(l) }

// String is the same text, for print.
func (l *Layer) String() string { return nn.Repr(l) }

// Attr returns the layer's hyper-parameters (lin.in_features), the
// attributes the program set, the registry's entries, the methods of
// nn.Module and the container methods.
func (l *Layer) Attr(name string) (lang.Value, bool) {
	if name == "__call__" {
		// Every call of the layer asks (lang's callTarget): nn.Module's
		// __call__ is the class's, which nothing in the registry or the
		// hyper-parameters can shadow (PyTorch refuses to register a name
		// the class has); an attribute the program set comes first, as it
		// did.
		if _, own := l.attrs[name]; !own {
			return l.callMethod(), true
		}
	}
	if _, ok := l.Module.(*lazyModule); ok && name == "has_uninitialized_params" {
		return lazyHasUninitialized, true
	}
	if h, ok := l.Module.(nn.HasHypers); ok {
		for _, x := range h.Hypers() {
			if x.Name == name {
				return hyperValue(x.Value), true
			}
		}
	}
	if v, ok := l.attrs[name]; ok {
		return v, true
	}
	if v, ok := moduleGetAttr(l, name); ok {
		return v, true
	}
	if c, ok := l.Module.(*nn.Container); ok {
		table := listMethods
		if !c.IsList() {
			table = dictMethods
		}
		if m, ok := table[name]; ok {
			return &lang.BoundMethod{Recv: l, Method: m}, true
		}
	}
	if pc := l.paramContainer(); pc != nil {
		table := paramListMethods
		if pc.IsDict() {
			table = paramDictMethods
		}
		if m, ok := table[name]; ok {
			return &lang.BoundMethod{Recv: l, Method: m}, true
		}
	}
	if v, ok := layerStatic(l, name); ok {
		return v, true
	}
	if m, ok := layerMethods[l.TypeName()][name]; ok && name != "forward" {
		return &lang.BoundMethod{Recv: l, Method: m}, true
	}
	switch name {
	case "__call__":
		return l.callMethod(), true
	case "forward":
		return &lang.BoundMethod{Recv: l, Method: forwardMethod(l)}, true
	case "__deepcopy__":
		return &lang.BoundMethod{Recv: l, Method: layerDeepCopy}, true
	case "__copy__":
		return &lang.BoundMethod{Recv: l, Method: layerCopy}, true
	case "__class__":
		return lang.TypeOf(l), true
	}
	return nil, false
}

// callMethod is l.__call__: through the Python hooks when it has any,
// else its forward behind the pre-hook check.
func (l *Layer) callMethod() *lang.BoundMethod {
	if activeHooks(l) != nil {
		return &lang.BoundMethod{Recv: l, Method: hookedLayerCall}
	}
	fn := l.callFn.Load()
	if fn == nil {
		fn = withPreHooks(forwardMethod(l))
		l.callFn.Store(fn)
	}
	return &lang.BoundMethod{Recv: l, Method: fn}
}

// AttrNames lists the attributes.
func (l *Layer) AttrNames() []string {
	names := append(moduleAttrNames(l), "forward")
	if h, ok := l.Module.(nn.HasHypers); ok {
		for _, x := range h.Hypers() {
			names = append(names, x.Name)
		}
	}
	for n := range l.attrs {
		names = append(names, n)
	}
	if c, ok := l.Module.(*nn.Container); ok {
		if c.IsList() {
			names = append(names, sortedKeys(listMethods)...)
		} else {
			names = append(names, sortedKeys(dictMethods)...)
		}
	}
	if pc := l.paramContainer(); pc != nil {
		if pc.IsDict() {
			names = append(names, sortedKeys(paramDictMethods)...)
		} else {
			names = append(names, sortedKeys(paramListMethods)...)
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// DelAttr is del layer.name, PyTorch's Module.__delattr__: a registered
// parameter, buffer or submodule leaves the registry, else the plain
// attribute goes.
func (l *Layer) DelAttr(name string) (func() error, error) {
	b := l.Base()
	if _, registered := b.Lookup(name); registered {
		return func() error { b.Delete(name); return nil }, nil
	}
	if _, ok := l.attrs[name]; ok {
		return func() error { delete(l.attrs, name); return nil }, nil
	}
	return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute '%s'", l.TypeName(), name)
}

// SetAttr runs layer.name = v: PyTorch's Module.__setattr__ for the
// registry and training, a hyper-parameter that can change (Dropout's p),
// else a plain attribute.
func (l *Layer) SetAttr(name string, v lang.Value) error {
	if handled, err := moduleSetAttr(l, name, v); handled || err != nil {
		return err
	}
	if h, ok := l.Module.(nn.HasHypers); ok {
		for _, x := range h.Hypers() {
			if x.Name != name {
				continue
			}
			if d, ok := l.Module.(*nn.Dropout); ok && name == "p" {
				p, ok := lang.AsFloat(v)
				if !ok || p < 0 || p > 1 {
					return lang.Errorf(lang.ValueError, "dropout probability has to be between 0 and 1, but got %s", lang.Repr(v))
				}
				d.P = p
				return nil
			}
			if n, ok := l.Module.(*nn.Norm); ok && name == "momentum" {
				if v == lang.None {
					n.Momentum = nil
					return nil
				}
				m, ok := lang.AsFloat(v)
				if !ok {
					return lang.Errorf(lang.TypeError, "%s.momentum must be a number or None, not %s", l.TypeName(), lang.TypeName(v))
				}
				n.Momentum = &m
				return nil
			}
			return lang.Errorf(lang.AttributeError, "kael cannot change %s.%s after construction", l.TypeName(), name).
				WithHint("make a new layer: nn.%s(...)", l.TypeName())
		}
	}
	if l.attrs == nil {
		l.attrs = map[string]lang.Value{}
	}
	l.attrs[name] = v
	return nil
}

// hyperValue converts a hyper-parameter to a value.
func hyperValue(v any) lang.Value {
	switch x := v.(type) {
	case int:
		return int64(x)
	case nn.IntList:
		l := make([]lang.Value, len(x))
		for i, e := range x {
			l[i] = int64(e)
		}
		return &lang.List{Elems: l}
	case []int:
		t := make(lang.Tuple, len(x))
		for i, e := range x {
			t[i] = int64(e)
		}
		return t
	case nil:
		return lang.None
	}
	return v
}

// moduleSetAttr runs m.name = v by PyTorch's Module.__setattr__ rules: a
// Parameter registers a parameter and a Module a submodule (each
// replacing whatever held the name); a name already registered as a
// parameter takes only a Parameter or None, a submodule only a Module or
// None, a buffer only a tensor or None; training sets the training flag.
// handled is false for any other assignment, which the caller stores as
// a plain attribute; when it is true the caller drops its own plain
// attribute of that name, as PyTorch removes it from __dict__.
func moduleSetAttr(m nn.Module, name string, v lang.Value) (handled bool, err error) {
	defer func() {
		if err == nil {
			m.Base().Reassigned(name) // m.name holds v now, whoever stores it
		}
	}()
	if sub, ok := asModule(v); ok {
		v = sub // an instance of a user's nn.Module class (nn_subclass.go)
	}
	if t, ok := subTensor(v); ok && nn.IsParameter(t) {
		v = t // an instance of a Parameter subclass (tensor_subclass.go)
	}
	if pl, ok := parametrizationList(m, name); ok {
		return true, setParametrized(pl, v)
	}
	b := m.Base()
	kind := b.KindOf(name)
	switch x := v.(type) {
	case *tensor.Tensor:
		switch {
		case nn.IsParameter(x):
			b.SetParameter(name, x)
		case kind == nn.BufferKind:
			b.Assign(name, x)
		case kind == nn.ParameterKind:
			return true, lang.Errorf(lang.TypeError, "cannot assign '%s' as parameter '%s' (torch.nn.Parameter or None expected)", torchTypename(v), name).
				WithHint("wrap it: %s = nn.Parameter(t), or copy into the parameter under no_grad: %s.copy_(t)", name, name)
		case kind == nn.ModuleKind:
			return true, lang.Errorf(lang.TypeError, "cannot assign '%s' as child module '%s' (torch.nn.Module or None expected)", torchTypename(v), name)
		default:
			if _, plain := b.Plain(name); !plain && !isBuiltinLayer(m) {
				return false, nil
			}
			// weight_norm's weight, assigned again; or a tensor a
			// built-in layer's forward reads by name once its parameter
			// left the registry (torch.nn.utils.prune's weight)
			b.SetPlain(name, x)
		}
		return true, nil
	case nn.Module:
		b.SetModule(name, x)
		return true, nil
	case lang.NoneType:
		switch kind {
		case nn.ParameterKind, nn.BufferKind:
			b.Assign(name, nil)
		case nn.ModuleKind:
			b.SetModule(name, nil)
		default:
			return false, nil
		}
		return true, nil
	}
	switch kind {
	case nn.ParameterKind:
		return true, lang.Errorf(lang.TypeError, "cannot assign '%s' as parameter '%s' (torch.nn.Parameter or None expected)", torchTypename(v), name)
	case nn.ModuleKind:
		return true, lang.Errorf(lang.TypeError, "cannot assign '%s' as child module '%s' (torch.nn.Module or None expected)", torchTypename(v), name)
	case nn.BufferKind:
		return true, lang.Errorf(lang.TypeError, "cannot assign '%s' as buffer '%s' (torch.Tensor or None expected)", torchTypename(v), name)
	case nn.NotRegistered:
	}
	if name == "training" {
		on, err := lang.Truth(v)
		b.Training = on
		return true, err
	}
	return false, nil
}

// isBuiltinLayer reports whether m is a built-in layer or a user's class
// deriving from one: its forward reads its tensors from the registry.
func isBuiltinLayer(m nn.Module) bool {
	switch x := m.(type) {
	case *Layer:
		return true
	case *userModule:
		return x.layer != nil
	}
	return false
}

// torchTypename is torch.typename(v): torch.FloatTensor for a float32
// tensor, the type's name otherwise.
func torchTypename(v lang.Value) string {
	if t, ok := v.(*tensor.Tensor); ok {
		return tensorTypeName(t)
	}
	return lang.TypeName(v)
}

// moduleGetAttr reads m.name from the registry (a parameter, buffer or
// submodule; None for a slot holding None), the training flag, or the
// methods of nn.Module bound to m (parameters(), train(), state_dict(),
// ...). ok is false when m has no such attribute.
func moduleGetAttr(m nn.Module, name string) (lang.Value, bool) {
	if v, ok := parametrizedAttr(m, name); ok {
		return v, true
	}
	if v, ok := m.Base().Lookup(name); ok {
		switch x := v.(type) {
		case *tensor.Tensor:
			return uninitializedOf(x), true
		case nn.Module:
			return moduleValue(x), true
		}
		return lang.None, true
	}
	switch name {
	case "training":
		return m.Base().Training, true
	case "_forward_pre_hooks":
		return hooksOf(m).pre, true
	case "_forward_hooks":
		return hooksOf(m).fwd, true
	case "_backward_hooks":
		return hooksOf(m).bwd, true
	case "_is_full_backward_hook":
		return isFullBackwardHook(m), true
	case "_load_state_dict_post_hooks":
		return hooksOf(m).loadPost, true
	case "dump_patches":
		return false, true
	}
	if kind, ok := registryViewNames[name]; ok {
		return &registryView{m: m, kind: kind}, true
	}
	if meth, ok := moduleMethods[name]; ok {
		return &lang.BoundMethod{Recv: m, Method: meth}, true
	}
	return nil, false
}

// moduleAttrNames lists what moduleGetAttr finds.
func moduleAttrNames(m nn.Module) []string {
	return append(append(m.Base().Names(), "training"), sortedKeys(moduleMethods)...)
}

// selfModule is the receiver of a module method.
func selfModule(a *lang.Args) nn.Module { return a.Value("self").(nn.Module) }

// generator returns elems as the iterator a generator function gives.
func generator(elems []lang.Value) *lang.Iterator { return lang.NewIterator("generator", elems) }

// namedTensors converts named tensors to a generator of (name, tensor)
// pairs under prefix.
func namedTensors(named []nn.Named, prefix string) *lang.Iterator {
	out := make([]lang.Value, len(named))
	for i, n := range named {
		name := n.Name
		if prefix != "" {
			name = prefix + "." + name
		}
		out[i] = lang.Tuple{name, n.Tensor}
	}
	return generator(out)
}

// tensorGenerator is a generator of the named tensors, without names.
func tensorGenerator(named []nn.Named) *lang.Iterator {
	out := make([]lang.Value, len(named))
	for i, n := range named {
		out[i] = n.Tensor
	}
	return generator(out)
}

// ownMembers lists a module's own parameters or buffers (recurse=False).
func ownMembers(m nn.Module, buffers bool) []nn.Named {
	b := m.Base()
	var out []nn.Named
	for _, name := range b.Names() {
		kind := b.KindOf(name)
		var t *tensor.Tensor
		switch {
		case buffers && kind == nn.BufferKind:
			t = b.Buffer(name)
		case !buffers && kind == nn.ParameterKind:
			t = b.Parameter(name)
		}
		if t != nil {
			out = append(out, nn.Named{Name: name, Tensor: t})
		}
	}
	return out
}

// members lists parameters or buffers, recursively or not.
func members(a *lang.Args, buffers bool) []nn.Named {
	m := selfModule(a)
	if !a.Bool("recurse") {
		return ownMembers(m, buffers)
	}
	if buffers {
		return nn.NamedBuffers(m)
	}
	return nn.NamedParameters(m)
}

// namedModules converts named modules to a generator of (name, module)
// pairs.
func namedModules(nms []nn.NamedModule, prefix string) *lang.Iterator {
	out := make([]lang.Value, len(nms))
	for i, n := range nms {
		name := n.Name
		if prefix != "" {
			name = strings.TrimSuffix(prefix+"."+name, ".")
		}
		out[i] = lang.Tuple{name, moduleValue(n.Module)}
	}
	return generator(out)
}

// moduleMethods are the methods of nn.Module, for built-in layers and
// users' modules alike.
var moduleMethods = map[string]*lang.Builtin{}

func defModuleMethods() {
	m := func(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) *lang.Builtin {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, fn)
		moduleMethods[b.Name] = b
		return b
	}
	m("parameters(self, recurse=True)", "The module's parameters and those of its submodules (only its own with recurse=False), each once, as a generator: optim.SGD(model.parameters(), lr=0.1).", func(a *lang.Args) (lang.Value, error) {
		return tensorGenerator(members(a, false)), a.Err()
	})
	m("named_parameters(self, prefix='', recurse=True)", "(name, parameter) pairs with dotted names such as 'fc1.weight', as a generator.", func(a *lang.Args) (lang.Value, error) {
		return namedTensors(members(a, false), a.Str("prefix")), a.Err()
	})
	m("buffers(self, recurse=True)", "The module's buffers (tensors it keeps that are not parameters) and those of its submodules, as a generator.", func(a *lang.Args) (lang.Value, error) {
		return tensorGenerator(members(a, true)), a.Err()
	})
	m("named_buffers(self, prefix='', recurse=True)", "(name, buffer) pairs with dotted names, as a generator.", func(a *lang.Args) (lang.Value, error) {
		return namedTensors(members(a, true), a.Str("prefix")), a.Err()
	})
	m("children(self)", "The direct submodules, each once, as a generator.", func(a *lang.Args) (lang.Value, error) {
		cs := nn.Children(selfModule(a))
		out := make([]lang.Value, len(cs))
		for i, c := range cs {
			out[i] = moduleValue(c)
		}
		return generator(out), nil
	})
	m("named_children(self)", "(name, submodule) pairs of the direct submodules, as a generator.", func(a *lang.Args) (lang.Value, error) {
		return namedModules(nn.NamedChildren(selfModule(a)), ""), nil
	})
	m("modules(self)", "The module itself and every module below it, depth first, each once, as a generator.", func(a *lang.Args) (lang.Value, error) {
		ms := nn.Modules(selfModule(a))
		out := make([]lang.Value, len(ms))
		for i, c := range ms {
			out[i] = moduleValue(c)
		}
		return generator(out), nil
	})
	m("named_modules(self, prefix='')", "(name, module) pairs of modules(), the module itself under '' (or prefix).", func(a *lang.Args) (lang.Value, error) {
		nms := nn.NamedModules(selfModule(a))
		prefix := a.Str("prefix")
		out := make([]lang.Value, len(nms))
		for i, n := range nms {
			out[i] = lang.Tuple{strings.Trim(prefix+"."+n.Name, "."), moduleValue(n.Module)}
		}
		return generator(out), a.Err()
	})
	m("state_dict(self)", "An OrderedDict of every parameter and persistent buffer by its dotted name ('0.weight', 'fc1.bias'), detached tensors sharing the module's storage, and the extra state of modules whose class defines get_extra_state (under 'name._extra_state').", func(a *lang.Args) (lang.Value, error) {
		d := collections.NewOrderedDict()
		err := nn.WalkStateDict(selfModule(a), func(name string, t *tensor.Tensor) error {
			return d.Set(name, t.Detach())
		}, func(m nn.Module, key string) error {
			get, ok := overridden(m, "get_extra_state")
			if !ok {
				return nil
			}
			v, err := a.Call(get)
			if err != nil {
				return err
			}
			return d.Set(key, v)
		})
		if err != nil {
			return nil, err
		}
		return d, nil
	})
	m("load_state_dict(self, state_dict, strict=True)", "Copies the tensors of a state dict into the parameters and buffers of the same names, in place, and gives modules whose class defines set_extra_state their '_extra_state' entries. With strict, missing or unexpected keys are a RuntimeError with PyTorch's message (after the load_state_dict post-hooks, which may change them); a shape mismatch always is. Returns the missing and unexpected keys.", func(a *lang.Args) (lang.Value, error) {
		d, ok := a.Value("state_dict").(*lang.Dict)
		strict := a.Bool("strict")
		if !ok {
			return nil, a.WrongType("state_dict", "a dict", a.Value("state_dict"))
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		root := selfModule(a)
		extraKeys := map[string]bool{}
		walkExtraKeys(root, func(key string) { extraKeys[key] = true })
		var sd []nn.Named
		others := map[string]lang.Value{} // entries that are not tensors, at the keys of extra state
		vals := d.Values()
		for i, k := range d.Keys() {
			name, ok := k.(string)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "state_dict keys must be strings, not %s", lang.TypeName(k))
			}
			if extraKeys[name] {
				others[name] = vals[i]
				continue
			}
			t, ok := vals[i].(*tensor.Tensor)
			if !ok {
				return nil, lang.Errorf(lang.RuntimeError, "While copying the parameter named \"%s\", expected torch.Tensor or Tensor-like object from checkpoint but received %s", name, lang.Str(lang.TypeOf(vals[i])))
			}
			sd = append(sd, nn.Named{Name: name, Tensor: t})
		}
		hooks := nn.LoadHooks{
			ExtraState: func(m nn.Module) bool { _, ok := overridden(m, "set_extra_state"); return ok },
			HasKey:     func(key string) bool { _, ok := others[key]; return ok },
			SetExtraState: func(m nn.Module, key string) error {
				set, _ := overridden(m, "set_extra_state")
				_, err := a.Call(set, others[key])
				return err
			},
			After: func(m nn.Module, missing, unexpected []string) ([]string, []string, error) {
				h, ok := m.Base().Interceptor().(*pythonHooks)
				if !ok || h.loadPost == nil || h.loadPost.Len() == 0 {
					return missing, unexpected, nil
				}
				keys := newIncompatibleKeys(missing, unexpected)
				for _, hook := range h.loadPost.Values() {
					out, err := a.Call(hook, moduleValue(m), keys)
					if err != nil {
						return nil, nil, err
					}
					if _, none := out.(lang.NoneType); !none {
						return nil, nil, lang.Errorf(lang.AssertionError, "Hooks registered with ``register_load_state_dict_post_hook`` are notexpected to return new values, if incompatible_keys need to be modified,it should be done inplace.")
					}
				}
				return keys.keys()
			},
		}
		var missing, unexpected []string
		err := autograd.NoGrad(func() error {
			var err error
			missing, unexpected, err = nn.LoadStateDictWith(root, sd, strict, hooks)
			return err
		})
		if err != nil {
			return nil, err
		}
		return newIncompatibleKeys(missing, unexpected), nil
	})
	m("train(self, mode=True)", "Puts the module and everything below it in training mode (mode=False: evaluation mode), which Dropout follows; returns the module.", func(a *lang.Args) (lang.Value, error) {
		on := a.Bool("mode")
		if err := a.Err(); err != nil {
			return nil, err
		}
		nn.Train(selfModule(a), on)
		return a.Value("self"), nil
	})
	m("eval(self)", "Puts the module and everything below it in evaluation mode (train(False)): Dropout passes its input through. Returns the module.", func(a *lang.Args) (lang.Value, error) {
		nn.Train(selfModule(a), false)
		return a.Value("self"), nil
	})
	m("zero_grad(self, set_to_none=False)", "Clears the gradients of all parameters: fills them with zeros (PyTorch 1.13's default, as Optimizer.zero_grad), or sets .grad to None with set_to_none=True.", func(a *lang.Args) (lang.Value, error) {
		toNone := a.Bool("set_to_none")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return lang.None, nn.ZeroGrad(selfModule(a), toNone)
	})
	m("requires_grad_(self, requires_grad=True)", "Switches gradient tracking of every parameter on or off (freezing a model with False); returns the module.", func(a *lang.Args) (lang.Value, error) {
		on := a.Bool("requires_grad")
		if err := a.Err(); err != nil {
			return nil, err
		}
		for _, p := range nn.Parameters(selfModule(a)) {
			if err := autograd.SetRequiresGrad(p, on); err != nil {
				return nil, err
			}
		}
		return a.Value("self"), nil
	})
	to := m("to(self, *args)", "Converts the floating-point parameters and buffers in place to a dtype (model.to(torch.float64)) or checks a device (model.to('cpu'), model.to(device)); the parameters stay the same tensors, so an optimizer made before sees them. Returns the module.", func(a *lang.Args) (lang.Value, error) {
		return moduleTo(a, a.Value("args").(lang.Tuple))
	})
	to.CollectKeywords()
	for name, d := range map[string]tensor.DType{"double": tensor.Float64, "float": tensor.Float32, "half": tensor.Float16, "bfloat16": tensor.BFloat16} {
		m(name+"(self)", "Converts the floating-point parameters and buffers to "+d.String()+" in place (module.to("+d.String()+")); returns the module.", func(a *lang.Args) (lang.Value, error) {
			return moduleTo(a, lang.Tuple{d})
		})
	}
	m("cpu(self)", "The module on the CPU, where kael's tensors live: the module itself.", func(a *lang.Args) (lang.Value, error) {
		return a.Value("self"), nil
	})
	m("cuda(self, device=None)", "Moves the module to a CUDA device in PyTorch; kael's tensors cannot live on a GPU yet, so this is the error x.to('cuda') gives.", func(a *lang.Args) (lang.Value, error) {
		return moduleTo(a, lang.Tuple{"cuda"})
	})
	m("apply(self, fn)", "Calls fn on every submodule (children first, depth first) and then on the module itself, e.g. to initialise weights; returns the module.", func(a *lang.Args) (lang.Value, error) {
		fn := a.Value("fn")
		err := nn.Apply(selfModule(a), func(sub nn.Module) error {
			_, err := a.Call(fn, moduleValue(sub))
			return err
		})
		if err != nil {
			return nil, err
		}
		return a.Value("self"), nil
	})
	m("add_module(self, name, module)", "Registers module (or None) as the submodule name, as self.name = module does.", func(a *lang.Args) (lang.Value, error) {
		return registerModule(a)
	})
	m("register_module(self, name, module)", "The same as add_module.", func(a *lang.Args) (lang.Value, error) {
		return registerModule(a)
	})
	m("register_buffer(self, name, tensor, persistent=True)", "Registers tensor (or None) as the buffer name: state kept with the module that is not a parameter (in the state dict unless persistent=False).", func(a *lang.Args) (lang.Value, error) {
		name, persistent := a.Str("name"), a.Bool("persistent")
		t := a.OptTensor("tensor")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if err := checkRegisterName(selfModule(a), name, "buffer"); err != nil {
			return nil, err
		}
		if persistent {
			selfModule(a).Base().SetBuffer(name, t)
		} else {
			selfModule(a).Base().SetNonPersistentBuffer(name, t)
		}
		return lang.None, nil
	})
	m("register_parameter(self, name, param)", "Registers param (an nn.Parameter, or None) as the parameter name.", func(a *lang.Args) (lang.Value, error) {
		name := a.Str("name")
		p := a.OptTensor("param")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if p != nil && !nn.IsParameter(p) {
			return nil, lang.Errorf(lang.TypeError, "cannot assign '%s' object to parameter '%s' (torch.nn.Parameter or None required)", torchTypename(p), name)
		}
		if err := checkRegisterName(selfModule(a), name, "parameter"); err != nil {
			return nil, err
		}
		selfModule(a).Base().SetParameter(name, p)
		return lang.None, nil
	})
	m("extra_repr(self)", "The text inside the parentheses of the module's repr, before its submodules: 'in_features=2, out_features=3, bias=True' for a Linear.", func(a *lang.Args) (lang.Value, error) {
		return selfModule(a).ExtraRepr(), nil
	})
	m("get_submodule(self, target)", "The submodule at the dotted path target ('encoder.layers.0'); '' is the module itself.", func(a *lang.Args) (lang.Value, error) {
		target := a.Str("target")
		if err := a.Err(); err != nil {
			return nil, err
		}
		cur := selfModule(a)
		if target == "" {
			return a.Value("self"), nil
		}
		for _, part := range strings.Split(target, ".") {
			sub := cur.Base().Submodule(part)
			if sub == nil {
				return nil, lang.Errorf(lang.AttributeError, "%s has no attribute `%s`", cur.TypeName(), part)
			}
			cur = sub
		}
		return moduleValue(cur), nil
	})
}

// checkRegisterName refuses the names register_buffer and
// register_parameter refuse.
func checkRegisterName(m nn.Module, name, what string) error {
	switch {
	case name == "":
		return lang.Errorf(lang.KeyError, "\"%s name can't be empty string \"\"\"", what)
	case strings.Contains(name, "."):
		return lang.Errorf(lang.KeyError, "\"%s name can't contain \".\"\"", what)
	}
	return nil
}

// registerModule is add_module(name, module).
func registerModule(a *lang.Args) (lang.Value, error) {
	name := a.Str("name")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if _, none := a.Value("module").(lang.NoneType); none {
		selfModule(a).Base().SetModule(name, nil)
		return lang.None, nil
	}
	m, err := moduleArg(a.Value("module"), selfModule(a).TypeName())
	if err != nil {
		return nil, err
	}
	if err := checkRegisterName(selfModule(a), name, "module"); err != nil {
		return nil, err
	}
	selfModule(a).Base().SetModule(name, m)
	return lang.None, nil
}

// moduleTo is module.to(*args, **kwargs): each floating-point parameter,
// gradient and buffer becomes what tensor.to(*args, **kwargs) makes of it,
// in place.
func moduleTo(a *lang.Args, args lang.Tuple) (lang.Value, error) {
	kwNames, kwVals := a.Keywords()
	for _, v := range append(append([]lang.Value(nil), args...), kwVals...) {
		d, isDType := v.(tensor.DType)
		if b, ok := v.(*lang.Builtin); ok {
			d, isDType = lang.BuiltinDType(b)
		}
		if isDType && !d.IsFloating() {
			return nil, lang.Errorf(lang.TypeError, "nn.Module.to only accepts floating point or complex dtypes, but got desired dtype=torch.%s", d)
		}
	}
	toMethod, _ := lang.TensorMethod("to")
	err := nn.ConvertTensors(selfModule(a), func(t *tensor.Tensor) (*tensor.Tensor, error) {
		if !t.DType().IsFloating() {
			return t, nil
		}
		v, err := a.CallKw(&lang.BoundMethod{Recv: t, Method: toMethod}, append([]lang.Value(nil), args...), kwNames, kwVals)
		if err != nil {
			return nil, err
		}
		c, ok := v.(*tensor.Tensor)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "to() returned %s", lang.TypeName(v))
		}
		return c, nil
	})
	if err != nil {
		return nil, err
	}
	return a.Value("self"), nil
}

// IncompatibleKeys is what load_state_dict returns, and what its
// post-hooks receive: the keys the module has that the state dict lacked,
// and those it did not expect, as lists a hook may change in place.
type IncompatibleKeys struct{ Missing, Unexpected *lang.List }

// newIncompatibleKeys holds the keys in new lists.
func newIncompatibleKeys(missing, unexpected []string) *IncompatibleKeys {
	conv := func(keys []string) *lang.List {
		out := make([]lang.Value, len(keys))
		for i, s := range keys {
			out[i] = s
		}
		return &lang.List{Elems: out}
	}
	return &IncompatibleKeys{conv(missing), conv(unexpected)}
}

// keys reads the lists back; an element that is not a str is a TypeError.
func (k *IncompatibleKeys) keys() (missing, unexpected []string, err error) {
	conv := func(l *lang.List) ([]string, error) {
		out := make([]string, len(l.Elems))
		for i, v := range l.Elems {
			s, ok := v.(string)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "sequence item %d: expected str instance, %s found", i, lang.TypeName(v))
			}
			out[i] = s
		}
		return out, nil
	}
	if missing, err = conv(k.Missing); err != nil {
		return nil, nil, err
	}
	unexpected, err = conv(k.Unexpected)
	return missing, unexpected, err
}

// TypeName returns "_IncompatibleKeys".
func (*IncompatibleKeys) TypeName() string { return "_IncompatibleKeys" }

// PyRepr is PyTorch's: <All keys matched successfully> when both are empty.
func (k *IncompatibleKeys) PyRepr() string {
	if len(k.Missing.Elems) == 0 && len(k.Unexpected.Elems) == 0 {
		return "<All keys matched successfully>"
	}
	return "_IncompatibleKeys(missing_keys=" + lang.Repr(k.Missing) + ", unexpected_keys=" + lang.Repr(k.Unexpected) + ")"
}

// String is the same text.
func (k *IncompatibleKeys) String() string { return k.PyRepr() }

// Attr returns missing_keys and unexpected_keys.
func (k *IncompatibleKeys) Attr(name string) (lang.Value, bool) {
	switch name {
	case "missing_keys":
		return k.Missing, true
	case "unexpected_keys":
		return k.Unexpected, true
	}
	return nil, false
}

// AttrNames lists the attributes.
func (*IncompatibleKeys) AttrNames() []string { return []string{"missing_keys", "unexpected_keys"} }

// Iterate yields the missing and then the unexpected keys' lists, as the
// named tuple unpacks: missing, unexpected = model.load_state_dict(sd, strict=False).
func (k *IncompatibleKeys) Iterate(yield func(lang.Value) bool) error {
	if yield(k.Missing) {
		yield(k.Unexpected)
	}
	return nil
}
