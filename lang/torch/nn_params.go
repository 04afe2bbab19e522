package torch

import (
	"slices"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/nn"
	"github.com/kael-dev/kael/tensor"
)

// nn.ParameterList and nn.ParameterDict as PyTorch 1.13 has them: every
// item stored goes through __setitem__, which wraps a plain tensor in a
// Parameter and assigns it as the attribute of the item's name (a
// Parameter registers, a Module registers as a submodule, anything else
// is a plain value); their reprs list the items in extra_repr.

// paramListMethods and paramDictMethods are the containers' methods.
var (
	paramListMethods = map[string]*lang.Builtin{}
	paramDictMethods = map[string]*lang.Builtin{}
)

// paramContainer returns the layer's ParameterList or ParameterDict, or nil.
func (l *Layer) paramContainer() *nn.ParamContainer {
	c, _ := l.Module.(*nn.ParamContainer)
	return c
}

// selfParams is the receiver of a ParameterList or ParameterDict method.
func selfParams(a *lang.Args) *nn.ParamContainer {
	return a.Value("self").(*Layer).paramContainer()
}

// newParamContainer makes an empty ParameterList or ParameterDict whose
// repr describes items as PyTorch's does: the list names a tensor's
// dtype (torch.float32), the dict its torch.typename (torch.FloatTensor).
func newParamContainer(dict bool) *nn.ParamContainer {
	c := nn.NewParameterList()
	if dict {
		c = nn.NewParameterDict()
	}
	c.Describe = func(v any) string {
		switch x := v.(type) {
		case *tensor.Tensor:
			kind, ty := "Tensor", lang.Repr(x.DType())
			if nn.IsParameter(x) {
				kind = "Parameter"
			}
			if dict {
				ty = torchTypename(x)
			}
			dims := make([]string, len(x.Shape()))
			for i, n := range x.Shape() {
				dims[i] = strconv.Itoa(n)
			}
			return kind + " containing: [" + ty + " of size " + strings.Join(dims, "x") + "]"
		case nil:
			return "Object of type: NoneType"
		case nn.Module:
			return "Object of type: " + moduleValue(x).(lang.TypeNamer).TypeName()
		}
		return "Object of type: " + lang.TypeName(v.(lang.Value))
	}
	return c
}

// paramItem is the value of an item as Get returns it.
func paramItem(v any) lang.Value {
	switch x := v.(type) {
	case nil:
		return lang.None
	case *tensor.Tensor:
		return x
	case nn.Module:
		return moduleValue(x)
	}
	return v.(lang.Value)
}

// setParamItem is __setitem__: a tensor that is not a Parameter becomes
// one (requiring grad), and the value is assigned as the attribute key.
func setParamItem(c *nn.ParamContainer, key string, v lang.Value) error {
	if t, ok := v.(*tensor.Tensor); ok && !nn.IsParameter(t) {
		p, err := nn.NewParameter(t, true)
		if err != nil {
			return err
		}
		v = p
	}
	c.AddKey(key)
	handled, err := moduleSetAttr(c, key, v)
	switch {
	case err != nil:
		return err
	case handled:
		c.DropOther(key)
	default:
		c.SetOther(key, v)
	}
	return nil
}

// appendParam is ParameterList.append.
func appendParam(c *nn.ParamContainer, v lang.Value) error {
	return setParamItem(c, strconv.Itoa(c.Len()), v)
}

// extendParams is ParameterList.extend (and +=): each element of an
// iterable that is not a tensor.
func extendParams(c *nn.ParamContainer, vs lang.Value) error {
	if _, isTensor := vs.(*tensor.Tensor); isTensor || !lang.IsIterable(vs) {
		return lang.Errorf(lang.TypeError, "ParameterList.extend should be called with an iterable, but got %s", lang.TypeName(vs))
	}
	elems, err := lang.Collect(vs)
	if err != nil {
		return err
	}
	for _, v := range elems {
		if err := appendParam(c, v); err != nil {
			return err
		}
	}
	return nil
}

// dictKey checks that a ParameterDict key is a string.
func dictKey(k lang.Value) (string, error) {
	s, ok := k.(string)
	if !ok {
		return "", lang.Errorf(lang.TypeError, "Index given to ParameterDict cannot be used as a key as it is not a string (type is '%s'). Open an issue on github if you need non-string keys.", lang.TypeName(k))
	}
	return s, nil
}

// dictItem is d[key]: getattr(d, key), whose failure is an AttributeError.
func dictItem(c *nn.ParamContainer, k lang.Value) (lang.Value, error) {
	key, err := dictKey(k)
	if err != nil {
		return nil, err
	}
	v, ok := c.Get(key)
	if !ok {
		return nil, lang.Errorf(lang.AttributeError, "'ParameterDict' object has no attribute '%s'", key)
	}
	return paramItem(v), nil
}

// updateParams is ParameterDict.update: an OrderedDict's or a
// ParameterDict's items in order, a plain dict's sorted by key, or an
// iterable of (key, value) pairs.
func updateParams(c *nn.ParamContainer, src lang.Value) error {
	if l, ok := src.(*Layer); ok && l.paramContainer() != nil && l.paramContainer().IsDict() {
		o := l.paramContainer()
		for _, k := range o.Keys() {
			v, _ := o.Get(k)
			if err := setParamItem(c, k, paramItem(v)); err != nil {
				return err
			}
		}
		return nil
	}
	if d, ok := src.(*lang.Dict); ok {
		keys, vals := d.Keys(), d.Values()
		order := make([]int, len(keys))
		for i := range order {
			order[i] = i
		}
		if d.Kind() == nil || d.Kind().Name != "OrderedDict" {
			slices.SortStableFunc(order, func(i, j int) int {
				a, _ := keys[i].(string)
				b, _ := keys[j].(string)
				return strings.Compare(a, b)
			})
		}
		for _, i := range order {
			key, err := dictKey(keys[i])
			if err != nil {
				return err
			}
			if err := setParamItem(c, key, vals[i]); err != nil {
				return err
			}
		}
		return nil
	}
	if !lang.IsIterable(src) {
		return lang.Errorf(lang.TypeError, "ParametersDict.update should be called with an iterable of key/value pairs, but got %s", lang.TypeName(src))
	}
	elems, err := lang.Collect(src)
	if err != nil {
		return err
	}
	for j, p := range elems {
		if !lang.IsIterable(p) {
			return lang.Errorf(lang.TypeError, "ParameterDict update sequence element #%d should be Iterable; is%s", j, lang.TypeName(p))
		}
		pair, err := lang.Collect(p)
		if err != nil {
			return err
		}
		if len(pair) != 2 {
			return lang.Errorf(lang.ValueError, "ParameterDict update sequence element #%d has length %d; 2 is required", j, len(pair))
		}
		key, err := dictKey(pair[0])
		if err != nil {
			return err
		}
		if err := setParamItem(c, key, pair[1]); err != nil {
			return err
		}
	}
	return nil
}

// paramsGetSubscript is pl[i], pl[1:3] (a new ParameterList of the same
// items) and pd[key].
func paramsGetSubscript(c *nn.ParamContainer, s lang.Subscript) (lang.Value, error) {
	if c.IsDict() {
		if s.IsSlice {
			return nil, lang.Errorf(lang.TypeError, "Index given to ParameterDict cannot be used as a key as it is not a string (type is 'slice'). Open an issue on github if you need non-string keys.")
		}
		return dictItem(c, s.Value)
	}
	if s.IsSlice {
		lo, hi, step, err := lang.SliceBounds(s, c.Len())
		if err != nil {
			return nil, err
		}
		out := newParamContainer(false)
		for i := lo; (step > 0 && i < hi) || (step < 0 && i > hi); i += step {
			v, _ := c.Get(strconv.Itoa(i))
			if err := appendParam(out, paramItem(v)); err != nil {
				return nil, err
			}
		}
		return newLayer(out), nil
	}
	key, err := listKey(c, s.Value)
	if err != nil {
		return nil, err
	}
	v, _ := c.Get(key)
	return paramItem(v), nil
}

// listKey is operator.index of a list index, made absolute.
func listKey(c *nn.ParamContainer, v lang.Value) (string, error) {
	i, ok := lang.AsInt(v)
	if !ok {
		return "", lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(v))
	}
	return c.ListKey(int(i))
}

// paramsSetSubscript is pl[i] = v and pd[key] = v.
func paramsSetSubscript(c *nn.ParamContainer, s lang.Subscript, v lang.Value) error {
	if s.IsSlice {
		return lang.Errorf(lang.TypeError, "'slice' object cannot be interpreted as an integer")
	}
	if c.IsDict() {
		key, err := dictKey(s.Value)
		if err != nil {
			return err
		}
		return setParamItem(c, key, v)
	}
	key, err := listKey(c, s.Value)
	if err != nil {
		return err
	}
	return setParamItem(c, key, v)
}

// paramsIterate loops over a list's items or a dict's keys.
func paramsIterate(c *nn.ParamContainer, yield func(lang.Value) bool) {
	for _, k := range c.Keys() {
		var v lang.Value = k
		if !c.IsDict() {
			item, _ := c.Get(k)
			v = paramItem(item)
		}
		if !yield(v) {
			return
		}
	}
}

// paramsInPlace is pl += values (ParameterList.__iadd__, extend).
func paramsInPlace(l *Layer, op syntax.Token, other lang.Value) (lang.Value, bool, error) {
	c := l.paramContainer()
	if c == nil || c.IsDict() || op != syntax.PLUS {
		return nil, false, nil
	}
	return l, true, extendParams(c, other)
}

// InPlaceOp is a ParameterList's +=; other layers have none.
func (l *Layer) InPlaceOp(op syntax.Token, other lang.Value) (lang.Value, bool, error) {
	return paramsInPlace(l, op, other)
}

// DelSubscript is del pd[key] (ParameterDict.__delitem__); other
// layers have no item deletion.
func (l *Layer) DelSubscript(subs []lang.Subscript) (func() error, error) {
	c := l.paramContainer()
	if c == nil || !c.IsDict() || len(subs) != 1 {
		return nil, lang.Errorf(lang.TypeError, "'%s' object doesn't support item deletion", l.TypeName())
	}
	if subs[0].IsSlice {
		return nil, lang.Errorf(lang.TypeError, "unhashable type: 'slice'")
	}
	key, ok := subs[0].Value.(string)
	if !ok || !c.Has(key) {
		return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(subs[0].Value))
	}
	return func() error {
		if !c.Remove(key) {
			return lang.Errorf(lang.KeyError, "%s", lang.Repr(key))
		}
		return nil
	}, nil
}

func defParamContainers() {
	defLayer("container", "ParameterList(values=None)", "A list of parameters, registered as the module's parameters '0', '1', ... so that they belong to the model: a tensor that is not a Parameter is made one (requiring grad), other values are held as they are. Indexing (a slice gives a ParameterList), len, iteration, append, extend and += work as on a list; its repr lists each item's dtype and size. Calling it is an error, as in PyTorch.", func(a *lang.Args) (nn.Module, error) {
		c := newParamContainer(false)
		if !a.IsNone("values") {
			if err := extendParams(c, a.Value("values")); err != nil {
				return nil, err
			}
		}
		return c, nil
	})
	defLayer("container", "ParameterDict(parameters=None)", "A dict of parameters by string key, registered as the module's parameters of those names: a tensor that is not a Parameter is made one, other values are held as they are. d[key], d[key] = v, len, iteration over the keys, in, keys(), values(), items(), update() (a plain dict's items sorted by key, as PyTorch does), get, pop, popitem, setdefault, clear and copy work as on a dict. Calling it is an error, as in PyTorch.", func(a *lang.Args) (nn.Module, error) {
		c := newParamContainer(true)
		if !a.IsNone("parameters") {
			if err := updateParams(c, a.Value("parameters")); err != nil {
				return nil, err
			}
		}
		return c, nil
	})

	list := func(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, fn)
		paramListMethods[b.Name] = b
	}
	list("append(self, value)", "Adds value at the end under the next number (a tensor made a Parameter); returns the list.", func(a *lang.Args) (lang.Value, error) {
		return a.Value("self"), appendParam(selfParams(a), a.Value("value"))
	})
	list("extend(self, values)", "Appends each element of the iterable values; returns the list.", func(a *lang.Args) (lang.Value, error) {
		return a.Value("self"), extendParams(selfParams(a), a.Value("values"))
	})

	dict := func(sig, doc string, fn func(a *lang.Args) (lang.Value, error)) {
		b := lang.NewBuiltin(lang.AsValue, sig, doc, fn)
		paramDictMethods[b.Name] = b
	}
	keys := func(c *nn.ParamContainer) []lang.Value {
		ks := c.Keys()
		out := make([]lang.Value, len(ks))
		for i, k := range ks {
			out[i] = k
		}
		return out
	}
	values := func(c *nn.ParamContainer) []lang.Value {
		ks := c.Keys()
		out := make([]lang.Value, len(ks))
		for i, k := range ks {
			v, _ := c.Get(k)
			out[i] = paramItem(v)
		}
		return out
	}
	dict("keys(self)", "The keys, in insertion order.", func(a *lang.Args) (lang.Value, error) {
		return &lang.List{Elems: keys(selfParams(a))}, nil
	})
	dict("values(self)", "A generator of the values, in insertion order.", func(a *lang.Args) (lang.Value, error) {
		return generator(values(selfParams(a))), nil
	})
	dict("items(self)", "A generator of the (key, value) pairs, in insertion order.", func(a *lang.Args) (lang.Value, error) {
		c := selfParams(a)
		ks, vs := keys(c), values(c)
		out := make([]lang.Value, len(ks))
		for i := range ks {
			out[i] = lang.Tuple{ks[i], vs[i]}
		}
		return generator(out), nil
	})
	dict("update(self, parameters)", "Stores each (key, value) of parameters: an OrderedDict's or ParameterDict's in order, a plain dict's sorted by key, or an iterable of pairs.", func(a *lang.Args) (lang.Value, error) {
		return lang.None, updateParams(selfParams(a), a.Value("parameters"))
	})
	dict("get(self, key, default=None)", "d[key] if key is in d, else default.", func(a *lang.Args) (lang.Value, error) {
		c := selfParams(a)
		if k, ok := a.Value("key").(string); ok && c.Has(k) {
			return dictItem(c, k)
		}
		return a.Value("default"), nil
	})
	dict("pop(self, key)", "Removes key and returns its value.", func(a *lang.Args) (lang.Value, error) {
		c := selfParams(a)
		v, err := dictItem(c, a.Value("key"))
		if err != nil {
			return nil, err
		}
		c.Remove(a.Value("key").(string))
		return v, nil
	})
	dict("popitem(self)", "Removes the last key and returns (key, value).", func(a *lang.Args) (lang.Value, error) {
		c := selfParams(a)
		ks := c.Keys()
		if len(ks) == 0 {
			return nil, lang.Errorf(lang.KeyError, "'popitem(): dictionary is empty'")
		}
		k := ks[len(ks)-1]
		v, _ := c.Get(k)
		c.Remove(k)
		return lang.Tuple{k, paramItem(v)}, nil
	})
	dict("setdefault(self, key, default=None)", "d[key], first storing default under key when it is missing.", func(a *lang.Args) (lang.Value, error) {
		c := selfParams(a)
		key, err := dictKey(a.Value("key"))
		if err != nil {
			return nil, err
		}
		if !c.Has(key) {
			if err := setParamItem(c, key, a.Value("default")); err != nil {
				return nil, err
			}
		}
		return dictItem(c, key)
	})
	dict("clear(self)", "Removes every item.", func(a *lang.Args) (lang.Value, error) {
		c := selfParams(a)
		for _, k := range c.Keys() {
			c.Remove(k)
		}
		return lang.None, nil
	})
	dict("copy(self)", "A new ParameterDict holding the same values under the same keys.", func(a *lang.Args) (lang.Value, error) {
		out := newParamContainer(true)
		return newLayer(out), updateParams(out, a.Value("self"))
	})
	dict("fromkeys(self, keys, default=None)", "A new ParameterDict with default under each key.", func(a *lang.Args) (lang.Value, error) {
		ks, err := lang.Collect(a.Value("keys"))
		if err != nil {
			return nil, err
		}
		out := newParamContainer(true)
		for _, k := range ks {
			key, err := dictKey(k)
			if err != nil {
				return nil, err
			}
			if err := setParamItem(out, key, a.Value("default")); err != nil {
				return nil, err
			}
		}
		return newLayer(out), nil
	})
	dict("__contains__(self, key)", "Whether key is one of the keys.", func(a *lang.Args) (lang.Value, error) {
		k, ok := a.Value("key").(string)
		return ok && selfParams(a).Has(k), nil
	})
}
