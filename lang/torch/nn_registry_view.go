package torch

import (
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// A module's _parameters, _buffers and _modules: PyTorch keeps them as
// OrderedDicts in the module's __dict__, and programs read and edit them
// directly (for name, p in m._parameters.items(), del
// m._parameters['weight'] as torch.nn.utils.prune does,
// m._modules['fc'] = layer). Here each is a live view of the module's
// registry: reading lists what is registered now, and writing registers
// or unregisters, so the module and its view never disagree.

// registryView is one of the three views of module m.
type registryView struct {
	m    nn.Module
	kind nn.Kind // ParameterKind, BufferKind or ModuleKind
}

var (
	_ lang.HasAttrs         = (*registryView)(nil)
	_ lang.ItemGetter       = (*registryView)(nil)
	_ lang.SubscriptSetter  = (*registryView)(nil)
	_ lang.SubscriptDeleter = (*registryView)(nil)
	_ lang.Iterable         = (*registryView)(nil)
	_ lang.Sized            = (*registryView)(nil)
	_ lang.Mapping          = (*registryView)(nil)
	_ lang.Reprer           = (*registryView)(nil)
)

// registryViewNames are the attribute names of the views.
var registryViewNames = map[string]nn.Kind{"_parameters": nn.ParameterKind, "_buffers": nn.BufferKind, "_modules": nn.ModuleKind}

func (*registryView) TypeName() string { return "OrderedDict" }

// keys lists the names registered as the view's kind, in order.
func (v *registryView) keys() []string {
	b := v.m.Base()
	var out []string
	for _, name := range b.Names() {
		if b.KindOf(name) == v.kind {
			out = append(out, name)
		}
	}
	return out
}

// value is what the registry holds under name (None for a slot holding
// None).
func (v *registryView) value(name string) lang.Value {
	b := v.m.Base()
	switch v.kind {
	case nn.ParameterKind:
		if p, ok := b.Lookup(name); ok && p != nil {
			return p.(*tensor.Tensor)
		}
	case nn.BufferKind:
		if t := b.Buffer(name); t != nil {
			return t
		}
	case nn.ModuleKind:
		if s := b.Submodule(name); s != nil {
			return moduleValue(s)
		}
	}
	return lang.None
}

func (v *registryView) PyRepr() string {
	keys := v.keys()
	if len(keys) == 0 {
		return "OrderedDict()"
	}
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = "(" + lang.Repr(k) + ", " + lang.Repr(v.value(k)) + ")"
	}
	return "OrderedDict([" + strings.Join(parts, ", ") + "])"
}

func (v *registryView) Iterate(yield func(lang.Value) bool) error {
	for _, k := range v.keys() {
		if !yield(k) {
			return nil
		}
	}
	return nil
}

func (v *registryView) Length() (int64, error) { return int64(len(v.keys())), nil }

func (v *registryView) MappingItems() (keys, vals []lang.Value, err error) {
	for _, k := range v.keys() {
		keys, vals = append(keys, k), append(vals, v.value(k))
	}
	return keys, vals, nil
}

// name reads a key of the view, a str.
func (v *registryView) name(key lang.Value) (string, bool) {
	s, ok := key.(string)
	return s, ok && v.m.Base().KindOf(s) == v.kind
}

func (v *registryView) GetItem(key lang.Value) (lang.Value, error) {
	name, ok := v.name(key)
	if !ok {
		return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(key))
	}
	return v.value(name), nil
}

// SetSubscript is view[name] = value: registered as the view's kind, as
// assigning into PyTorch's dict makes it one (any tensor into
// _parameters, as PyTorch does not check).
func (v *registryView) SetSubscript(subs []lang.Subscript, value lang.Value) error {
	if len(subs) != 1 || subs[0].IsSlice {
		return lang.Errorf(lang.TypeError, "%s takes one key", v.TypeName())
	}
	name, ok := subs[0].Value.(string)
	if !ok {
		return lang.Errorf(lang.TypeError, "kael's module registry takes str keys, not %s", lang.TypeName(subs[0].Value))
	}
	b := v.m.Base()
	if _, none := value.(lang.NoneType); none {
		switch v.kind {
		case nn.ParameterKind:
			b.SetParameter(name, nil)
		case nn.BufferKind:
			b.SetBuffer(name, nil)
		case nn.ModuleKind:
			b.SetModule(name, nil)
		}
		return nil
	}
	switch v.kind {
	case nn.ParameterKind, nn.BufferKind:
		t, ok := value.(*tensor.Tensor)
		if !ok {
			t, ok = subTensor(value)
		}
		if !ok {
			return lang.Errorf(lang.TypeError, "kael's module registry holds tensors in %s, not %s", map[nn.Kind]string{nn.ParameterKind: "_parameters", nn.BufferKind: "_buffers"}[v.kind], lang.TypeName(value))
		}
		if v.kind == nn.ParameterKind {
			b.SetParameter(name, t)
		} else {
			b.SetBuffer(name, t)
		}
	case nn.ModuleKind:
		sub, ok := asModule(value)
		if !ok {
			return lang.Errorf(lang.TypeError, "kael's module registry holds modules in _modules, not %s", lang.TypeName(value))
		}
		b.SetModule(name, sub)
	}
	return nil
}

// DelSubscript is del view[name]: the name is unregistered.
func (v *registryView) DelSubscript(subs []lang.Subscript) (func() error, error) {
	if len(subs) != 1 || subs[0].IsSlice {
		return nil, lang.Errorf(lang.TypeError, "%s takes one key", v.TypeName())
	}
	name, ok := v.name(subs[0].Value)
	if !ok {
		return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(subs[0].Value))
	}
	return func() error { v.m.Base().Delete(name); return nil }, nil
}

func (v *registryView) Attr(name string) (lang.Value, bool) {
	m, ok := registryViewMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: v, Method: m}, true
}

func (*registryView) AttrNames() []string { return sortedKeys(registryViewMethods) }

// viewSelf is the receiver of a view's method.
func viewSelf(a *lang.Args) *registryView { return a.Value("self").(*registryView) }

// registryViewMethods are the dict methods of the views.
var registryViewMethods = map[string]*lang.Builtin{}

func defRegistryViews() {
	m := func(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, fn)
		registryViewMethods[b.Name] = b
	}
	m("keys(self)", "The registered names, in order.", func(a *lang.Args) (lang.Value, error) {
		keys, _, _ := viewSelf(a).MappingItems()
		return &lang.List{Elems: keys}, nil
	})
	m("values(self)", "The registered values, in order.", func(a *lang.Args) (lang.Value, error) {
		_, vals, _ := viewSelf(a).MappingItems()
		return &lang.List{Elems: vals}, nil
	})
	m("items(self)", "(name, value) pairs, in order.", func(a *lang.Args) (lang.Value, error) {
		keys, vals, _ := viewSelf(a).MappingItems()
		out := make([]lang.Value, len(keys))
		for i := range keys {
			out[i] = lang.Tuple{keys[i], vals[i]}
		}
		return &lang.List{Elems: out}, nil
	})
	m("get(self, key, default=None)", "The value registered under key, else default.", func(a *lang.Args) (lang.Value, error) {
		v := viewSelf(a)
		if name, ok := v.name(a.Value("key")); ok {
			return v.value(name), nil
		}
		return a.Value("default"), nil
	})
	m("pop(self, key, *default)", "Unregisters key and returns its value (default, when given, for a name not registered; else KeyError).", func(a *lang.Args) (lang.Value, error) {
		v := viewSelf(a)
		name, ok := v.name(a.Value("key"))
		if !ok {
			if d := a.Value("default").(lang.Tuple); len(d) > 0 {
				return d[0], nil
			}
			return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(a.Value("key")))
		}
		val := v.value(name)
		v.m.Base().Delete(name)
		return val, nil
	})
	m("__contains__(self, key)", "Whether key is registered.", func(a *lang.Args) (lang.Value, error) {
		_, ok := viewSelf(a).name(a.Value("key"))
		return ok, nil
	})
}
