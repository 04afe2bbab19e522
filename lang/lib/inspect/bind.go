package inspect

import (
	"strings"

	"github.com/kael-dev/kael/lang"
)

// Signature.bind and bind_partial, and BoundArguments, as CPython 3.11's
// Signature._bind and BoundArguments (Lib/inspect.py), step for step.

// The kinds, by number (kindNames).
const (
	positionalOnly = iota
	positionalOrKeyword
	varPositional
	keywordOnly
	varKeyword
)

// bind is Signature._bind: the arguments of a call with args and the
// keywords (names, vals) mapped to the parameters; partial lets
// required ones be missing.
func (s *Signature) bind(args []lang.Value, names []string, vals []lang.Value, partial bool) (*BoundArguments, error) {
	kwargs := lang.NewDict()
	for i, n := range names {
		if err := kwargs.Set(n, vals[i]); err != nil {
			return nil, err
		}
	}
	has := func(name string) bool { _, ok, _ := kwargs.Get(name); return ok }
	arguments := lang.NewDict()
	params := s.params
	next := 0 // params[next:] are left
	var ex []*Parameter
	ai := 0
	for {
		if ai == len(args) { // no more positional arguments
			if next == len(params) {
				break
			}
			p := params[next]
			next++
			if p.kind == varPositional {
				break
			} else if has(p.name) {
				if p.kind == positionalOnly {
					return nil, lang.Errorf(lang.TypeError, "%s parameter is positional only, but was passed as a keyword", lang.Repr(p.name))
				}
				ex = []*Parameter{p}
				break
			} else if p.kind == varKeyword || p.defaultText != "" || partial {
				ex = []*Parameter{p}
				break
			}
			return nil, lang.Errorf(lang.TypeError, "missing a required argument: %s", lang.Repr(p.name))
		}
		v := args[ai]
		ai++
		if next == len(params) {
			return nil, lang.Errorf(lang.TypeError, "too many positional arguments")
		}
		p := params[next]
		next++
		if p.kind == varKeyword || p.kind == keywordOnly {
			return nil, lang.Errorf(lang.TypeError, "too many positional arguments")
		}
		if p.kind == varPositional {
			rest := append(lang.Tuple{v}, args[ai:]...)
			if err := arguments.Set(p.name, rest); err != nil {
				return nil, err
			}
			break
		}
		if has(p.name) && p.kind != positionalOnly {
			return nil, lang.Errorf(lang.TypeError, "multiple values for argument %s", lang.Repr(p.name))
		}
		if err := arguments.Set(p.name, v); err != nil {
			return nil, err
		}
	}
	var kwParam *Parameter
	for _, p := range append(ex, params[next:]...) {
		if p.kind == varKeyword {
			kwParam = p
			continue
		}
		if p.kind == varPositional {
			continue
		}
		v, ok, _ := kwargs.Get(p.name)
		if !ok {
			if !partial && p.defaultText == "" {
				return nil, lang.Errorf(lang.TypeError, "missing a required argument: %s", lang.Repr(p.name))
			}
			continue
		}
		if p.kind == positionalOnly {
			return nil, lang.Errorf(lang.TypeError, "%s parameter is positional only, but was passed as a keyword", lang.Repr(p.name))
		}
		_, _ = kwargs.Delete(p.name)
		if err := arguments.Set(p.name, v); err != nil {
			return nil, err
		}
	}
	if kwargs.Len() > 0 {
		if kwParam == nil {
			return nil, lang.Errorf(lang.TypeError, "got an unexpected keyword argument %s", lang.Repr(kwargs.Keys()[0]))
		}
		if err := arguments.Set(kwParam.name, kwargs); err != nil {
			return nil, err
		}
	}
	return &BoundArguments{sig: s, arguments: arguments}, nil
}

// bindMethod is Signature.bind or bind_partial of s.
func (s *Signature) bindMethod(name string, partial bool) *lang.Builtin {
	doc := "The BoundArguments of a call with these arguments: TypeError as the call would raise it."
	if partial {
		doc = "The BoundArguments of a call with these arguments, which may leave out required ones."
	}
	return lang.NewBuiltin(lang.AsValue, name+"(*args, **kwargs)", doc, func(a *lang.Args) (lang.Value, error) {
		names, vals := a.Keywords()
		return s.bind(a.Value("args").(lang.Tuple), names, vals, partial)
	}).CollectKeywords()
}

// BoundArguments is inspect.BoundArguments: the arguments of a call by
// parameter name, with the args and kwargs to call with.
type BoundArguments struct {
	sig       *Signature
	arguments *lang.Dict
}

var (
	_ lang.HasAttrs = (*BoundArguments)(nil)
	_ lang.Reprer   = (*BoundArguments)(nil)
)

// TypeName returns "inspect.BoundArguments".
func (*BoundArguments) TypeName() string { return "inspect.BoundArguments" }

// String is the repr.
func (b *BoundArguments) String() string { return b.PyRepr() }

// PyRepr is <BoundArguments (a=1, b=2)>.
func (b *BoundArguments) PyRepr() string {
	var parts []string
	for _, k := range b.arguments.Keys() {
		v, _, _ := b.arguments.Get(k)
		name, _ := k.(string)
		parts = append(parts, name+"="+lang.Repr(v))
	}
	return "<BoundArguments (" + strings.Join(parts, ", ") + ")>"
}

// Attr gives arguments, args, kwargs, signature and apply_defaults.
func (b *BoundArguments) Attr(name string) (lang.Value, bool) {
	switch name {
	case "arguments":
		return b.arguments, true
	case "signature":
		return b.sig, true
	case "args":
		return b.args(), true
	case "kwargs":
		return b.kwargs(), true
	case "apply_defaults":
		return lang.NewBuiltin(lang.AsValue, "apply_defaults()", "Sets the defaults of the parameters arguments lacks (() for *args, {} for **kwargs), in the signature's order.", func(*lang.Args) (lang.Value, error) {
			return lang.None, b.applyDefaults()
		}), true
	}
	return nil, false
}

// AttrNames lists them.
func (b *BoundArguments) AttrNames() []string {
	return []string{"apply_defaults", "args", "arguments", "kwargs", "signature"}
}

// SetAttr lets a program replace arguments, as CPython's allows.
func (b *BoundArguments) SetAttr(name string, v lang.Value) error {
	if d, ok := v.(*lang.Dict); ok && name == "arguments" {
		b.arguments = d
		return nil
	}
	return lang.Errorf(lang.AttributeError, "can't set attribute %s of BoundArguments", lang.Repr(name))
}

func (b *BoundArguments) get(name string) (lang.Value, bool) {
	v, ok, _ := b.arguments.Get(name)
	return v, ok
}

// args is BoundArguments.args.
func (b *BoundArguments) args() lang.Tuple {
	out := lang.Tuple{}
	for _, p := range b.sig.params {
		if p.kind == varKeyword || p.kind == keywordOnly {
			break
		}
		v, ok := b.get(p.name)
		if !ok {
			break
		}
		if p.kind == varPositional {
			elems, _ := lang.Collect(v)
			out = append(out, elems...)
		} else {
			out = append(out, v)
		}
	}
	return out
}

// kwargs is BoundArguments.kwargs.
func (b *BoundArguments) kwargs() *lang.Dict {
	out := lang.NewDict()
	started := false
	for _, p := range b.sig.params {
		if !started {
			if p.kind == varKeyword || p.kind == keywordOnly {
				started = true
			} else if _, ok := b.get(p.name); !ok {
				started = true
				continue
			}
		}
		if !started {
			continue
		}
		v, ok := b.get(p.name)
		if !ok {
			continue
		}
		if p.kind == varKeyword {
			if d, isDict := v.(*lang.Dict); isDict {
				for _, k := range d.Keys() {
					kv, _, _ := d.Get(k)
					_ = out.Set(k, kv)
				}
			}
			continue
		}
		_ = out.Set(p.name, v)
	}
	return out
}

// applyDefaults is BoundArguments.apply_defaults.
func (b *BoundArguments) applyDefaults() error {
	out := lang.NewDict()
	for _, p := range b.sig.params {
		v, ok := b.get(p.name)
		switch {
		case ok:
		case p.defaultText != "":
			v = p.dflt
		case p.kind == varPositional:
			v = lang.Tuple{}
		case p.kind == varKeyword:
			v = lang.NewDict()
		default:
			continue
		}
		if err := out.Set(p.name, v); err != nil {
			return err
		}
	}
	b.arguments = out
	return nil
}
