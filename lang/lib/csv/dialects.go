package csv

import (
	"fmt"
	"slices"

	"github.com/kael-dev/kael/lang"
)

// dialectObject is what get_dialect returns, _csv.Dialect: a dialect's
// parameters, read-only.
type dialectObject struct{ d dialect }

var (
	_ lang.HasAttrs  = (*dialectObject)(nil)
	_ lang.TypeNamer = (*dialectObject)(nil)
	_ lang.Reprer    = (*dialectObject)(nil)
)

// TypeName is Dialect.
func (*dialectObject) TypeName() string { return "Dialect" }

// PyRepr is <_csv.Dialect object at 0x...>.
func (o *dialectObject) PyRepr() string { return fmt.Sprintf("<_csv.Dialect object at %p>", o) }

// String is its repr.
func (o *dialectObject) String() string { return o.PyRepr() }

// Attr gives the parameters.
func (o *dialectObject) Attr(name string) (lang.Value, bool) {
	d := o.d
	switch name {
	case "delimiter":
		return string(d.delimiter), true
	case "quotechar":
		return string(d.quotechar), true
	case "quoting":
		return int64(d.quoting), true
	case "lineterminator":
		return d.lineterminator, true
	case "doublequote":
		return !d.noDoubleQuote, true
	case "escapechar":
		return lang.None, true
	case "skipinitialspace":
		return d.skipInitialSpace, true
	case "strict":
		return d.strict, true
	}
	return nil, false
}

// AttrNames lists them.
func (o *dialectObject) AttrNames() []string { return slices.Clone(dialectParams) }

// dialectArgs reads a dialect argument and keywords, as register_dialect
// and _csv.Dialect take them.
func dialectArgs(a *lang.Args) (dialect, error) {
	d := excel
	var err error
	if v := a.Value("dialect"); v != lang.None {
		if d, err = resolveDialect(v); err != nil {
			return d, err
		}
	}
	names, vals := a.Keywords()
	for i, n := range names {
		if err := setParam(&d, n, vals[i]); err != nil {
			return d, err
		}
	}
	return d, nil
}

func dialectName(a *lang.Args) (string, error) {
	name, ok := a.Value("name").(string)
	if !ok {
		return "", lang.Errorf(lang.TypeError, "dialect name must be a string")
	}
	return name, nil
}

// dialectFunctions are _csv's registry functions.
var dialectFunctions = map[string]lang.Value{
	"register_dialect": lang.NewBuiltin(lang.AsValue, "register_dialect(name, dialect=None)", "Registers a dialect under name: the dialect (a name, class or object) changed by keywords (delimiter, quotechar, ...).", func(a *lang.Args) (lang.Value, error) {
		name, err := dialectName(a)
		if err != nil {
			return nil, err
		}
		d, err := dialectArgs(a)
		if err != nil {
			return nil, err
		}
		registryMu.Lock()
		defer registryMu.Unlock()
		if _, ok := registry[name]; !ok {
			registryOrder = append(registryOrder, name)
		}
		registry[name] = d
		return lang.None, nil
	}).CollectKeywords(),
	"unregister_dialect": lang.NewBuiltin(lang.AsValue, "unregister_dialect(name)", "Removes the dialect registered under name.", func(a *lang.Args) (lang.Value, error) {
		name, _ := a.Value("name").(string)
		registryMu.Lock()
		defer registryMu.Unlock()
		if _, ok := registry[name]; !ok {
			return nil, lang.Errorf(Error, "unknown dialect")
		}
		delete(registry, name)
		registryOrder = slices.DeleteFunc(registryOrder, func(n string) bool { return n == name })
		return lang.None, nil
	}),
	"get_dialect": lang.NewBuiltin(lang.AsValue, "get_dialect(name)", "The dialect registered under name.", func(a *lang.Args) (lang.Value, error) {
		name, _ := a.Value("name").(string)
		registryMu.Lock()
		defer registryMu.Unlock()
		d, ok := registry[name]
		if !ok {
			return nil, lang.Errorf(Error, "unknown dialect")
		}
		return &dialectObject{d: d}, nil
	}),
	"list_dialects": lang.NewBuiltin(lang.AsValue, "list_dialects()", "The names of the registered dialects.", func(a *lang.Args) (lang.Value, error) {
		registryMu.Lock()
		defer registryMu.Unlock()
		out := make([]lang.Value, len(registryOrder))
		for i, n := range registryOrder {
			out[i] = n
		}
		return &lang.List{Elems: out}, nil
	}),
	"field_size_limit": lang.NewBuiltin(lang.AsValue, "field_size_limit(new_limit=None)", "The largest field the reader takes; sets a new one when given, returning the old.", func(a *lang.Args) (lang.Value, error) {
		registryMu.Lock()
		defer registryMu.Unlock()
		old := fieldLimit
		if v := a.Value("new_limit"); v != lang.None {
			n, ok := lang.AsInt(v)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "limit must be an integer")
			}
			fieldLimit = n
		}
		return old, nil
	}),
	"Dialect": lang.NewBuiltin(lang.AsValue, "Dialect(dialect=None)", "The _csv.Dialect of dialect (a name, class or object) changed by keywords.", func(a *lang.Args) (lang.Value, error) {
		d, err := dialectArgs(a)
		if err != nil {
			return nil, err
		}
		return &dialectObject{d: d}, nil
	}).CollectKeywords(),
}
