package os

import (
	"os"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// os.environ: the process's environment as a mapping of str to str that
// reads and writes the environment itself, as CPython's os._Environ
// (assigning a key sets the variable for the process, and what it
// starts later).
type environ struct{}

var (
	_ lang.HasAttrs         = environ{}
	_ lang.ItemGetter       = environ{}
	_ lang.SubscriptSetter  = environ{}
	_ lang.SubscriptDeleter = environ{}
	_ lang.Iterable         = environ{}
	_ lang.Sized            = environ{}
	_ lang.Reprer           = environ{}
)

func (environ) TypeName() string { return "os._Environ" }

// pairs returns the variables in the environment's order.
func (environ) pairs() (keys, vals []string) {
	for _, kv := range os.Environ() {
		k, v, ok := strings.Cut(kv, "=")
		if ok && k != "" {
			keys, vals = append(keys, k), append(vals, v)
		}
	}
	return keys, vals
}

func (e environ) PyRepr() string {
	keys, vals := e.pairs()
	parts := make([]string, len(keys))
	for i := range keys {
		parts[i] = lang.Repr(keys[i]) + ": " + lang.Repr(vals[i])
	}
	return "environ({" + strings.Join(parts, ", ") + "})"
}

func (e environ) Iterate(yield func(lang.Value) bool) error {
	keys, _ := e.pairs()
	for _, k := range keys {
		if !yield(k) {
			return nil
		}
	}
	return nil
}

func (e environ) Length() (int64, error) {
	keys, _ := e.pairs()
	return int64(len(keys)), nil
}

// envKey is a key or value of the environment: a str.
func envKey(v lang.Value) (string, error) {
	if s, ok := v.(string); ok {
		return s, nil
	}
	return "", lang.Errorf(lang.TypeError, "str expected, not %s", lang.TypeName(v))
}

func (environ) GetItem(key lang.Value) (lang.Value, error) {
	k, err := envKey(key)
	if err != nil {
		return nil, err
	}
	if v, ok := os.LookupEnv(k); ok {
		return v, nil
	}
	return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(k))
}

func (environ) SetSubscript(subs []lang.Subscript, value lang.Value) error {
	if len(subs) != 1 || subs[0].IsSlice {
		return lang.Errorf(lang.TypeError, "os.environ takes one key")
	}
	return setEnv(subs[0].Value, value)
}

// DelSubscript is del os.environ[key]: the variable is unset; a KeyError
// when it is not set.
func (environ) DelSubscript(subs []lang.Subscript) (func() error, error) {
	if len(subs) != 1 || subs[0].IsSlice {
		return nil, lang.Errorf(lang.TypeError, "os.environ takes one key")
	}
	k, err := envKey(subs[0].Value)
	if err != nil {
		return nil, err
	}
	if _, ok := os.LookupEnv(k); !ok {
		return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(k))
	}
	return func() error { return os.Unsetenv(k) }, nil
}

// setEnv sets the variable key to value, both str, as os.environ[key] =
// value: a key with "=" or a NUL is CPython's ValueError.
func setEnv(key, value lang.Value) error {
	k, err := envKey(key)
	if err != nil {
		return err
	}
	v, err := envKey(value)
	if err != nil {
		return err
	}
	switch {
	case strings.ContainsRune(k, 0) || strings.ContainsRune(v, 0):
		return lang.Errorf(lang.ValueError, "embedded null byte")
	case k == "" || strings.Contains(k, "="):
		return lang.Errorf(lang.ValueError, "illegal environment variable name")
	}
	return os.Setenv(k, v)
}

func (e environ) Attr(name string) (lang.Value, bool) {
	m, ok := environMethods[name]
	if !ok {
		return nil, false
	}
	return &lang.BoundMethod{Recv: e, Method: m}, true
}

func (environ) AttrNames() []string { return sortedKeys(environMethods) }

// asDict is the environment as a dict.
func (e environ) asDict() *lang.Dict {
	d := lang.NewDict()
	keys, vals := e.pairs()
	for i := range keys {
		_ = d.Set(keys[i], vals[i])
	}
	return d
}

var environMethods = map[string]*lang.Builtin{
	"get": lang.NewBuiltin(lang.AsValue, "get(self, key, default=None)", "The variable's value, or default when it is not set.", func(a *lang.Args) (lang.Value, error) {
		k, err := envKey(a.Value("key"))
		if err != nil {
			return nil, err
		}
		if v, ok := os.LookupEnv(k); ok {
			return v, nil
		}
		return a.Value("default"), nil
	}),
	"keys": lang.NewBuiltin(lang.AsValue, "keys(self)", "The variables' names, as a list.", func(a *lang.Args) (lang.Value, error) {
		return &lang.List{Elems: environ{}.asDict().Keys()}, nil
	}),
	"values": lang.NewBuiltin(lang.AsValue, "values(self)", "The variables' values, as a list.", func(a *lang.Args) (lang.Value, error) {
		return &lang.List{Elems: environ{}.asDict().Values()}, nil
	}),
	"items": lang.NewBuiltin(lang.AsValue, "items(self)", "The (name, value) pairs, as a list.", func(a *lang.Args) (lang.Value, error) {
		keys, vals := environ{}.pairs()
		out := make([]lang.Value, len(keys))
		for i := range keys {
			out[i] = lang.Tuple{keys[i], vals[i]}
		}
		return &lang.List{Elems: out}, nil
	}),
	"copy": lang.NewBuiltin(lang.AsValue, "copy(self)", "The environment as a dict.", func(a *lang.Args) (lang.Value, error) {
		return environ{}.asDict(), nil
	}),
	"setdefault": lang.NewBuiltin(lang.AsValue, "setdefault(self, key, default)", "The variable's value; when it is not set, sets it to default first.", func(a *lang.Args) (lang.Value, error) {
		k, err := envKey(a.Value("key"))
		if err != nil {
			return nil, err
		}
		if v, ok := os.LookupEnv(k); ok {
			return v, nil
		}
		if err := setEnv(k, a.Value("default")); err != nil {
			return nil, err
		}
		return a.Value("default"), nil
	}),
	"pop": lang.NewBuiltin(lang.AsValue, "pop(self, key, *default)", "Removes the variable and returns its value; when it is not set, default, or a KeyError without one.", func(a *lang.Args) (lang.Value, error) {
		k, err := envKey(a.Value("key"))
		if err != nil {
			return nil, err
		}
		v, ok := os.LookupEnv(k)
		if !ok {
			if def := a.Value("default").(lang.Tuple); len(def) > 0 {
				return def[0], nil
			}
			return nil, lang.Errorf(lang.KeyError, "%s", lang.Repr(k))
		}
		return v, os.Unsetenv(k)
	}),
	"update": lang.NewBuiltin(lang.AsValue, "update(self, other=(), /, **kwds)", "Sets every variable of other (a mapping, or pairs) and of the keywords, as dict.update does.", func(a *lang.Args) (lang.Value, error) {
		dict, _ := lang.BuiltinName("dict")
		kwNames, kwVals := a.Keywords()
		v, err := a.CallKw(dict, []lang.Value{a.Value("other")}, kwNames, kwVals)
		if err != nil {
			return nil, err
		}
		d := v.(*lang.Dict)
		for _, k := range d.Keys() {
			v, _, _ := d.Get(k)
			if err := setEnv(k, v); err != nil {
				return nil, err
			}
		}
		return lang.None, nil
	}).CollectKeywords(),
	"clear": lang.NewBuiltin(lang.AsValue, "clear(self)", "Unsets every variable.", func(a *lang.Args) (lang.Value, error) {
		keys, _ := environ{}.pairs()
		for _, k := range keys {
			if err := os.Unsetenv(k); err != nil {
				return nil, err
			}
		}
		return lang.None, nil
	}),
}

// MappingItems gives the variables to dict(os.environ) and {**os.environ}.
func (e environ) MappingItems() (keys, vals []lang.Value, err error) {
	ks, vs := e.pairs()
	keys, vals = make([]lang.Value, len(ks)), make([]lang.Value, len(vs))
	for i := range ks {
		keys[i], vals[i] = ks[i], vs[i]
	}
	return keys, vals, nil
}

// MemberDoc is what help and the language reference say of os.environ,
// whose contents belong to the process that runs.
func (environ) MemberDoc() string {
	return "the process's environment, a mapping of str to str that reads and sets the variables"
}

// mappingPairs is the keys and values of a dict or another mapping;
// ok is false for other values.
func mappingPairs(v lang.Value) (keys, vals []lang.Value, ok bool, err error) {
	switch m := v.(type) {
	case *lang.Dict:
		return m.Keys(), m.Values(), true, nil
	case lang.Mapping:
		keys, vals, err = m.MappingItems()
		return keys, vals, true, err
	}
	return nil, nil, false, nil
}

// SpecialMethodNames are the special methods os.environ has from its
// protocols, as CPython's _Environ (lang.SpecialMethodNamer).
func (environ) SpecialMethodNames() string {
	return "or ror ior getitem setitem delitem len iter contains"
}

// BinaryOp is os.environ | mapping and mapping | os.environ: a dict of
// both, the right one's values winning, as CPython's _Environ.__or__
// and __ror__.
func (e environ) BinaryOp(op syntax.Token, other lang.Value, reflected bool) (lang.Value, bool, error) {
	if op != syntax.PIPE {
		return nil, false, nil
	}
	keys, vals, ok, err := mappingPairs(other)
	if !ok || err != nil {
		return nil, false, err
	}
	d := lang.NewDict()
	if !reflected {
		d = e.asDict()
	}
	for i, k := range keys {
		if err := d.Set(k, vals[i]); err != nil {
			return nil, false, err
		}
	}
	if reflected {
		env := e.asDict()
		for i, k := range env.Keys() {
			if err := d.Set(k, env.Values()[i]); err != nil {
				return nil, false, err
			}
		}
	}
	return d, true, nil
}

// InPlaceOp is os.environ |= mapping: each variable set, as update.
func (e environ) InPlaceOp(op syntax.Token, other lang.Value) (lang.Value, bool, error) {
	if op != syntax.PIPE && op != syntax.PIPE_EQ {
		return nil, false, nil
	}
	keys, vals, ok, err := mappingPairs(other)
	if !ok || err != nil {
		return nil, false, err
	}
	for i, k := range keys {
		if err := setEnv(k, vals[i]); err != nil {
			return nil, false, err
		}
	}
	return e, true, nil
}
