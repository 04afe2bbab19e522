package torch

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/nn"
)

// nn.Sequential, nn.ModuleList and nn.ModuleDict: modules whose
// submodules are items, indexed, iterated and measured with len().

// listMethods are the methods of Sequential and ModuleList.
var listMethods = map[string]*lang.Builtin{}

// dictMethods are the methods of ModuleDict.
var dictMethods = map[string]*lang.Builtin{}

// moduleArg reads an argument that must be a module.
func moduleArg(v lang.Value, what string) (nn.Module, error) {
	m, ok := asModule(v)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "%s is not a Module subclass", torchTypename(v)).
			WithHint("%s holds modules: nn.Linear(...), nn.ReLU(), or an instance of your nn.Module class", what)
	}
	return m, nil
}

// selfContainer is the receiver of a container method.
func selfContainer(a *lang.Args) *nn.Container {
	return a.Value("self").(*Layer).Module.(*nn.Container)
}

func defContainers() {
	defLayer("container", "Sequential(*args)", "Runs its modules in order, each on the output of the one before: nn.Sequential(nn.Linear(2, 8), nn.ReLU(), nn.Linear(8, 1)). Its parameters are named '0.weight', '0.bias', ...; a single dict argument names the modules by its keys. seq[i], seq[1:3], len(seq), for m in seq and seq.append(m) work as in PyTorch.", func(a *lang.Args) (nn.Module, error) {
		args := a.Value("args").(lang.Tuple)
		if len(args) == 1 {
			if d, ok := args[0].(*lang.Dict); ok {
				return containerFromDict("Sequential", d)
			}
		}
		ms, err := modulesOf(args, "Sequential")
		if err != nil {
			return nil, err
		}
		return nn.NewSequential(ms...), nil
	})
	defLayer("container", "ModuleList(modules=None)", "A list of modules, registered as submodules '0', '1', ... so that their parameters belong to the model; it has no forward of its own. Indexing, len, iteration, append, extend and insert work as on a list.", func(a *lang.Args) (nn.Module, error) {
		var ms []nn.Module
		if !a.IsNone("modules") {
			elems, err := lang.Collect(a.Value("modules"))
			if err != nil {
				return nil, err
			}
			if ms, err = modulesOf(elems, "ModuleList"); err != nil {
				return nil, err
			}
		}
		return nn.NewModuleList(ms...), nil
	})
	defLayer("container", "ModuleDict(modules=None)", "A dict of modules by string key, registered as submodules of those names; d[key], d[key] = m, len, iteration over the keys, keys(), values() and items() work as on a dict.", func(a *lang.Args) (nn.Module, error) {
		if a.IsNone("modules") {
			return nn.NewModuleDict(), nil
		}
		d, ok := a.Value("modules").(*lang.Dict)
		if !ok {
			return nil, a.WrongType("modules", "a dict of modules", a.Value("modules"))
		}
		return containerFromDict("ModuleDict", d)
	})

	list := func(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, fn)
		listMethods[b.Name] = b
	}
	list("append(self, module)", "Adds module at the end under the next number; returns the container.", func(a *lang.Args) (lang.Value, error) {
		m, err := moduleArg(a.Value("module"), selfContainer(a).TypeName())
		if err != nil {
			return nil, err
		}
		selfContainer(a).Append(m)
		return a.Value("self"), nil
	})
	list("extend(self, modules)", "Appends each module of the iterable modules; returns the container.", func(a *lang.Args) (lang.Value, error) {
		elems, err := lang.Collect(a.Value("modules"))
		if err != nil {
			return nil, err
		}
		ms, err := modulesOf(elems, selfContainer(a).TypeName())
		if err != nil {
			return nil, err
		}
		for _, m := range ms {
			selfContainer(a).Append(m)
		}
		return a.Value("self"), nil
	})
	list("insert(self, index, module)", "Puts module before position index, renumbering the modules after it.", func(a *lang.Args) (lang.Value, error) {
		i := a.Int("index")
		if err := a.Err(); err != nil {
			return nil, err
		}
		m, err := moduleArg(a.Value("module"), selfContainer(a).TypeName())
		if err != nil {
			return nil, err
		}
		selfContainer(a).Insert(i, m)
		return lang.None, nil
	})

	dict := func(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, fn)
		dictMethods[b.Name] = b
	}
	dict("keys(self)", "The keys, in insertion order.", func(a *lang.Args) (lang.Value, error) {
		keys := selfContainer(a).Keys()
		out := make([]lang.Value, len(keys))
		for i, k := range keys {
			out[i] = k
		}
		return &lang.List{Elems: out}, nil
	})
	dict("values(self)", "The modules, in insertion order.", func(a *lang.Args) (lang.Value, error) {
		items := selfContainer(a).Items()
		out := make([]lang.Value, len(items))
		for i, m := range items {
			out[i] = optionalModule(m)
		}
		return &lang.List{Elems: out}, nil
	})
	dict("items(self)", "(key, module) pairs, in insertion order.", func(a *lang.Args) (lang.Value, error) {
		c := selfContainer(a)
		keys, items := c.Keys(), c.Items()
		out := make([]lang.Value, len(keys))
		for i := range keys {
			out[i] = lang.Tuple{keys[i], optionalModule(items[i])}
		}
		return &lang.List{Elems: out}, nil
	})
}

// optionalModule is the value of a module slot: the module or None.
func optionalModule(m nn.Module) lang.Value {
	if m == nil {
		return lang.None
	}
	return moduleValue(m)
}

// modulesOf checks that every value is a module.
func modulesOf(vs []lang.Value, what string) ([]nn.Module, error) {
	out := make([]nn.Module, len(vs))
	for i, v := range vs {
		m, err := moduleArg(v, what)
		if err != nil {
			return nil, err
		}
		out[i] = m
	}
	return out, nil
}

// containerFromDict makes a Sequential or ModuleDict of a dict's modules
// under its keys.
func containerFromDict(kind string, d *lang.Dict) (nn.Module, error) {
	var c *nn.Container
	if kind == "Sequential" {
		c = nn.NewSequential()
	} else {
		c = nn.NewModuleDict()
	}
	vals := d.Values()
	for i, k := range d.Keys() {
		name, ok := k.(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "module name should be a string. Got %s", lang.TypeName(k))
		}
		m, err := moduleArg(vals[i], kind)
		if err != nil {
			return nil, err
		}
		c.Base().SetModule(name, m)
	}
	return c, nil
}

// container returns the layer's container, or nil.
func (l *Layer) container() *nn.Container {
	c, _ := l.Module.(*nn.Container)
	return c
}

// GetSubscript is l[...]: an item of a Sequential or ModuleList by
// position (a slice gives a container of the items), of a ModuleDict by
// key.
func (l *Layer) GetSubscript(subs []lang.Subscript) (lang.Value, error) {
	if pc := l.paramContainer(); pc != nil && len(subs) == 1 {
		return paramsGetSubscript(pc, subs[0])
	}
	c := l.container()
	if c == nil {
		return nil, lang.Errorf(lang.TypeError, "'%s' object is not subscriptable", l.TypeName())
	}
	if len(subs) != 1 {
		return nil, lang.Errorf(lang.TypeError, "%s indices must be integers or slices, not tuple", l.TypeName())
	}
	s := subs[0]
	if !c.IsList() {
		key, ok := s.Value.(string)
		if s.IsSlice || !ok {
			return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(s.Value))
		}
		if c.Base().KindOf(key) != nn.ModuleKind {
			return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(key))
		}
		return optionalModule(c.Base().Submodule(key)), nil
	}
	if s.IsSlice {
		lo, hi, step, err := lang.SliceBounds(s, c.Len())
		if err != nil {
			return nil, err
		}
		var picked []int
		for i := lo; (step > 0 && i < hi) || (step < 0 && i > hi); i += step {
			picked = append(picked, i)
		}
		return newLayer(c.Slice(picked)), nil
	}
	i, ok := lang.AsInt(s.Value)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "%s indices must be integers or slices, not %s", l.TypeName(), lang.TypeName(s.Value))
	}
	m, err := c.At(int(i))
	if err != nil {
		return nil, err
	}
	return optionalModule(m), nil
}

// HasIter reports whether l has __iter__: a container module has.
func (l *Layer) HasIter() bool { return l.container() != nil || l.paramContainer() != nil }

// Iterate loops over a list container's modules or a ModuleDict's keys.
func (l *Layer) Iterate(yield func(lang.Value) bool) error {
	if pc := l.paramContainer(); pc != nil {
		paramsIterate(pc, yield)
		return nil
	}
	c := l.container()
	if c == nil {
		return lang.NotIterable(l.TypeName())
	}
	if !c.IsList() {
		for _, k := range c.Keys() {
			if !yield(k) {
				return nil
			}
		}
		return nil
	}
	for _, m := range c.Items() {
		if !yield(optionalModule(m)) {
			return nil
		}
	}
	return nil
}

// Length is len(l) for containers.
func (l *Layer) Length() (int64, error) {
	if pc := l.paramContainer(); pc != nil {
		return int64(pc.Len()), nil
	}
	c := l.container()
	if c == nil {
		return 0, lang.Errorf(lang.TypeError, "object of type '%s' has no len()", l.TypeName())
	}
	return int64(c.Len()), nil
}

// SetSubscript is l[i] = m (Sequential, ModuleList) and l[key] = m
// (ModuleDict).
func (l *Layer) SetSubscript(subs []lang.Subscript, value lang.Value) error {
	if pc := l.paramContainer(); pc != nil && len(subs) == 1 {
		return paramsSetSubscript(pc, subs[0], value)
	}
	c := l.container()
	if c == nil {
		return lang.Errorf(lang.TypeError, "'%s' object does not support item assignment", l.TypeName())
	}
	if len(subs) != 1 || subs[0].IsSlice {
		return lang.Errorf(lang.TypeError, "%s assignment takes one index", l.TypeName())
	}
	m, err := moduleArg(value, l.TypeName())
	if err != nil {
		return err
	}
	if !c.IsList() {
		key, ok := subs[0].Value.(string)
		if !ok {
			return lang.Errorf(lang.TypeError, "module name should be a string. Got %s", lang.TypeName(subs[0].Value))
		}
		c.Base().SetModule(key, m)
		return nil
	}
	i, ok := lang.AsInt(subs[0].Value)
	if !ok {
		return lang.Errorf(lang.TypeError, "%s indices must be integers, not %s", l.TypeName(), lang.TypeName(subs[0].Value))
	}
	return c.SetAt(int(i), m)
}

// SpecialMethodNames are the special methods a module has from its
// protocols, which only the containers have: a Sequential's and
// ModuleList's items, a ModuleDict's and ParameterDict's keys, a
// ParameterList's += (lang.SpecialMethodNamer).
func (l *Layer) SpecialMethodNames() string {
	if pc := l.paramContainer(); pc != nil {
		if pc.IsDict() {
			return "getitem setitem delitem len iter contains"
		}
		return "getitem setitem len iter iadd"
	}
	if c := l.container(); c != nil {
		if c.IsList() {
			return "getitem setitem len iter"
		}
		return "getitem setitem len iter contains"
	}
	return ""
}

// The protocols a module value implements.
var (
	_ lang.HasAttrs        = (*Layer)(nil)
	_ lang.AttrSetter      = (*Layer)(nil)
	_ lang.SubscriptGetter = (*Layer)(nil)
	_ lang.SubscriptSetter = (*Layer)(nil)
	_ lang.Sized           = (*Layer)(nil)
	_ lang.Iterable        = (*Layer)(nil)
	_ lang.HasIter         = (*Layer)(nil)
)
