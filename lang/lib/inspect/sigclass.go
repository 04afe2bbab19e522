package inspect

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// Signatures of functions written in Python from their parameters (the
// defaults' values and the annotations, not their text), the kinds as
// CPython's _ParameterKind, and Parameter and Signature as classes to
// call (Parameter('x', Parameter.KEYWORD_ONLY, default=1)), to test with
// isinstance and to copy with replace, as CPython 3.11's.

// paramKind is inspect._ParameterKind, an IntEnum: POSITIONAL_ONLY (0)
// to VAR_KEYWORD (4), ordered, str() its name.
type paramKind int

var kindDescriptions = []string{"positional-only", "positional or keyword", "variadic positional", "keyword-only", "variadic keyword"}

func (k paramKind) TypeName() string { return "_ParameterKind" }
func (k paramKind) String() string   { return kindNames[k] }
func (k paramKind) PyRepr() string {
	return fmt.Sprintf("<_ParameterKind.%s: %d>", kindNames[k], int(k))
}

// Equal: a kind equals itself and its int value, as an IntEnum.
func (k paramKind) Equal(other lang.Value) bool {
	switch o := other.(type) {
	case paramKind:
		return o == k
	case int64:
		return o == int64(k)
	}
	return false
}

// HashKey is its int value's, as it equals it.
func (k paramKind) HashKey() (string, error) { return fmt.Sprintf("n%d", int(k)), nil }

// Order compares kinds (and ints) by value.
func (k paramKind) Order(other lang.Value) (int, bool, error) {
	var o int64
	switch x := other.(type) {
	case paramKind:
		o = int64(x)
	case int64:
		o = x
	default:
		return 0, false, nil
	}
	switch {
	case int64(k) < o:
		return -1, true, nil
	case int64(k) > o:
		return 1, true, nil
	}
	return 0, true, nil
}

func (k paramKind) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name", "_name_":
		return kindNames[k], true
	case "value", "_value_":
		return int64(k), true
	case "description":
		return kindDescriptions[k], true
	}
	return nil, false
}

func (k paramKind) AttrNames() []string { return []string{"description", "name", "value"} }

var (
	_ lang.HasAttrs = paramKind(0)
	_ lang.Orderer  = paramKind(0)
	_ lang.Hashable = paramKind(0)
	_ lang.Equaler  = paramKind(0)
)

// pythonSignature is the Signature of a function written in Python, a
// method bound to one (without its first parameter) or a class whose
// __init__ is one; nil for anything else.
func pythonSignature(obj lang.Value) *Signature {
	switch x := obj.(type) {
	case *lang.Function:
		return functionSignature(x, false)
	case *lang.UserClass:
		if _, own := x.Lookup("__new__"); own {
			return nil
		}
		if init, ok := x.Lookup("__init__"); ok {
			if f, ok := init.(*lang.Function); ok {
				return functionSignature(f, true)
			}
		}
		return nil
	}
	if lang.TypeName(obj) == "method" {
		if f, ok := funcOf(obj).(*lang.Function); ok {
			return functionSignature(f, true)
		}
	}
	return nil
}

// functionSignature is f's Signature, its first parameter dropped for a
// bound method.
func functionSignature(f *lang.Function, dropFirst bool) *Signature {
	ann, _ := f.Attr("__annotations__")
	d, _ := ann.(*lang.Dict)
	sig := &Signature{}
	for i, p := range f.Params {
		q := &Parameter{name: p.Name.Name, kind: positionalOrKeyword}
		switch {
		case p.Star == syntax.STAR:
			q.kind = varPositional
		case p.Star == syntax.STARSTAR:
			q.kind = varKeyword
		case p.KwOnly:
			q.kind = keywordOnly
		case p.PosOnly:
			q.kind = positionalOnly
		}
		if i < len(f.Defaults) && f.Defaults[i] != nil {
			q.defaultText, q.dflt, q.real = "=", f.Defaults[i], true
		}
		if d != nil {
			if v, found, _ := d.Get(q.name); found {
				q.annotation = v
			}
		}
		sig.params = append(sig.params, q)
	}
	if d != nil {
		if v, found, _ := d.Get("return"); found {
			sig.ret = v
		}
	}
	if dropFirst && len(sig.params) > 0 && sig.params[0].kind <= positionalOrKeyword {
		sig.params = sig.params[1:]
	}
	return sig
}

// Equal compares name, kind, default and annotation.
func (p *Parameter) Equal(other lang.Value) bool {
	q, ok := other.(*Parameter)
	if !ok {
		return false
	}
	if p.name != q.name || p.kind != q.kind || (p.defaultText == "") != (q.defaultText == "") || (p.annotation == nil) != (q.annotation == nil) {
		return false
	}
	if p.defaultText != "" && !lang.Equal(p.dflt, q.dflt) {
		return false
	}
	return p.annotation == nil || lang.Equal(p.annotation, q.annotation)
}

// Equal compares the return annotations and the parameters in order.
func (s *Signature) Equal(other lang.Value) bool {
	t, ok := other.(*Signature)
	if !ok || len(s.params) != len(t.params) || (s.ret == nil) != (t.ret == nil) || (s.ret != nil && !lang.Equal(s.ret, t.ret)) {
		return false
	}
	for i, p := range s.params {
		if !p.Equal(t.params[i]) {
			return false
		}
	}
	return true
}

// orEmpty is v, or nil for Parameter.empty.
func orEmpty(v lang.Value) lang.Value {
	if v == lang.Value(empty) {
		return nil
	}
	return v
}

// newParameter is Parameter(name, kind, default=, annotation=) with
// CPython's checks; dflt and ann nil for none.
func newParameter(name, kind, dflt, ann lang.Value) (*Parameter, error) {
	k, ok := kind.(paramKind)
	if !ok {
		if n, isInt := kind.(int64); isInt && n >= 0 && n <= 4 {
			k = paramKind(n)
		} else {
			return nil, lang.Errorf(lang.ValueError, "value %s is not a valid Parameter.kind", lang.Repr(kind))
		}
	}
	if dflt != nil && (k == varPositional || k == varKeyword) {
		return nil, lang.Errorf(lang.ValueError, "%s parameters cannot have default values", kindDescriptions[k])
	}
	s, ok := name.(string)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "name must be a str, not a %s", lang.TypeName(name))
	}
	if !isIdentifier(s) {
		return nil, lang.Errorf(lang.ValueError, "%s is not a valid parameter name", lang.Repr(s))
	}
	p := &Parameter{name: s, kind: int(k), annotation: ann}
	if dflt != nil {
		p.defaultText, p.dflt, p.real = "=", dflt, true
	}
	return p, nil
}

func isIdentifier(s string) bool {
	for i, r := range s {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			return false
		}
	}
	return s != ""
}

// newSignature is Signature(parameters, return_annotation=) with
// CPython's checks of the parameters' order and names.
func newSignature(params lang.Value, ret lang.Value) (*Signature, error) {
	sig := &Signature{ret: ret}
	if params == lang.None {
		return sig, nil
	}
	items, err := lang.Collect(params)
	if err != nil {
		return nil, err
	}
	top, seenDefault := 0, false
	names := map[string]bool{}
	for _, it := range items {
		p, ok := it.(*Parameter)
		if !ok {
			return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute 'kind'", lang.TypeName(it))
		}
		if p.kind < top {
			return nil, lang.Errorf(lang.ValueError, "wrong parameter order: %s parameter before %s parameter", kindDescriptions[top], kindDescriptions[p.kind])
		}
		if p.kind > top {
			top = p.kind
		}
		if p.kind == positionalOnly || p.kind == positionalOrKeyword {
			if p.defaultText == "" && seenDefault {
				return nil, lang.Errorf(lang.ValueError, "non-default argument follows default argument")
			}
			seenDefault = seenDefault || p.defaultText != ""
		}
		if names[p.name] {
			return nil, lang.Errorf(lang.ValueError, "duplicate parameter name: %s", lang.Repr(p.name))
		}
		names[p.name] = true
		sig.params = append(sig.params, p)
	}
	return sig, nil
}

// replaceMethod is Parameter.replace(*, name=, kind=, default=, annotation=).
func (p *Parameter) replaceMethod() *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, "replace(**changes)", "A copy of the parameter with the attributes given changed (Parameter.empty removes a default or an annotation).", func(a *lang.Args) (lang.Value, error) {
		var name, kind, dflt, ann lang.Value = p.name, paramKind(p.kind), nil, p.annotation
		if p.defaultText != "" {
			dflt = p.dflt
		}
		names, vals := a.Keywords()
		for i, n := range names {
			switch n {
			case "name":
				name = vals[i]
			case "kind":
				kind = vals[i]
			case "default":
				dflt = orEmpty(vals[i])
			case "annotation":
				ann = orEmpty(vals[i])
			default:
				return nil, unexpected("Parameter.replace", n)
			}
		}
		if p.defaultText != "" && !p.real && dflt == p.dflt {
			q := *p // a default kept as its text
			q.name, _ = name.(string)
			return &q, nil
		}
		return newParameter(name, kind, dflt, ann)
	}).CollectKeywords()
}

// unexpected is the TypeError of a keyword fn does not take.
func unexpected(fn, name string) error {
	return lang.Errorf(lang.TypeError, "%s() got an unexpected keyword argument '%s'", fn, name)
}

// replaceMethod is Signature.replace(*, parameters=, return_annotation=).
func (s *Signature) replaceMethod() *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, "replace(**changes)", "A copy of the signature with the parameters or the return annotation given changed.", func(a *lang.Args) (lang.Value, error) {
		params := make([]lang.Value, len(s.params))
		for i, p := range s.params {
			params[i] = p
		}
		var ps lang.Value = &lang.List{Elems: params}
		ret := s.ret
		names, vals := a.Keywords()
		for i, n := range names {
			switch n {
			case "parameters":
				ps = vals[i]
			case "return_annotation":
				ret = orEmpty(vals[i])
			default:
				return nil, unexpected("Signature.replace", n)
			}
		}
		return newSignature(ps, ret)
	}).CollectKeywords()
}

// classStandIn is one of inspect's classes whose objects are Go values:
// calling it makes one, isinstance recognises them.
type classStandIn struct {
	name  string
	attrs map[string]lang.Value
	call  *lang.Builtin
	is    func(lang.Value) bool
}

func (c *classStandIn) TypeName() string { return "type" }
func (c *classStandIn) PyRepr() string   { return "<class 'inspect." + c.name + "'>" }

func (c *classStandIn) Attr(name string) (lang.Value, bool) {
	switch name {
	case "__call__":
		return c.call, c.call != nil
	case "__name__", "__qualname__":
		return c.name, true
	case "__module__":
		return "inspect", true
	}
	v, ok := c.attrs[name]
	return v, ok
}

func (c *classStandIn) AttrNames() []string {
	names := []string{"__module__", "__name__", "__qualname__"}
	for n := range c.attrs {
		names = append(names, n)
	}
	return names
}

func (c *classStandIn) InstanceCheck(obj lang.Value) (bool, error) { return c.is(obj), nil }
func (c *classStandIn) SubclassCheck(cls lang.Value) (bool, error) {
	return cls == lang.Value(c), nil
}

var (
	_ lang.HasAttrs        = (*classStandIn)(nil)
	_ lang.InstanceChecker = (*classStandIn)(nil)
)

func init() {
	attrs := inspectModule.Attrs
	param := &classStandIn{name: "Parameter", attrs: map[string]lang.Value{"empty": empty},
		is: func(v lang.Value) bool { _, ok := v.(*Parameter); return ok }}
	for i, n := range kindNames {
		param.attrs[n] = paramKind(i)
	}
	param.call = lang.NewBuiltin(lang.AsValue, "Parameter(name, kind, **options)", "A parameter of a Signature: its name, kind (Parameter.POSITIONAL_ONLY ... VAR_KEYWORD), default and annotation (Parameter.empty for none).", func(a *lang.Args) (lang.Value, error) {
		var dflt, ann lang.Value
		names, vals := a.Keywords()
		for i, n := range names {
			switch n {
			case "default":
				dflt = orEmpty(vals[i])
			case "annotation":
				ann = orEmpty(vals[i])
			default:
				return nil, unexpected("Parameter.__init__", n)
			}
		}
		return newParameter(a.Value("name"), a.Value("kind"), dflt, ann)
	}).CollectKeywords()
	sigClass := &classStandIn{name: "Signature", attrs: map[string]lang.Value{"empty": empty},
		is: func(v lang.Value) bool { _, ok := v.(*Signature); return ok }}
	sigClass.call = lang.NewBuiltin(lang.AsValue, "Signature(parameters=None, **options)", "A signature of the Parameter objects given, in order (CPython's checks of their order and names), and a return annotation.", func(a *lang.Args) (lang.Value, error) {
		var ret lang.Value
		names, vals := a.Keywords()
		for i, n := range names {
			if n != "return_annotation" {
				return nil, unexpected("Signature.__init__", n)
			}
			ret = orEmpty(vals[i])
		}
		return newSignature(a.Value("parameters"), ret)
	}).CollectKeywords()
	sigClass.attrs["from_callable"] = lang.NewBuiltin(lang.AsValue, "from_callable(obj, *, follow_wrapped=True)", "signature(obj).", func(a *lang.Args) (lang.Value, error) {
		names, vals := a.Keywords()
		return a.CallKw(attrs["signature"], []lang.Value{a.Value("obj")}, names, vals)
	})
	attrs["Parameter"], attrs["Signature"] = param, sigClass
	attrs["BoundArguments"] = &classStandIn{name: "BoundArguments", attrs: map[string]lang.Value{},
		is: func(v lang.Value) bool { _, ok := v.(*BoundArguments); return ok }}
}

// missingArguments is CPython's getcallargs message for the required
// parameters of kind pos (positional) or keyword-only not given.
func missingArguments(fn string, names []string, pos bool) error {
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = "'" + n + "'"
	}
	var s string
	switch len(quoted) {
	case 1:
		s = quoted[0]
	case 2:
		s = quoted[0] + " and " + quoted[1]
	default:
		s = strings.Join(quoted[:len(quoted)-2], ", ") + ", " + quoted[len(quoted)-2] + " and " + quoted[len(quoted)-1]
	}
	kind, plural := "keyword-only", "s"
	if pos {
		kind = "positional"
	}
	if len(names) == 1 {
		plural = ""
	}
	return lang.Errorf(lang.TypeError, "%s() missing %d required %s argument%s: %s", fn, len(names), kind, plural, s)
}

var getcallargs = lang.NewBuiltin(lang.AsValue, "getcallargs(func, /, *positional, **named)",
	"The dict of func's parameters to the values a call func(*positional, **named) binds them to, defaults included (a bound method's self too); a call that could not bind is a TypeError.",
	func(a *lang.Args) (lang.Value, error) {
		fn := a.Value("func")
		args := []lang.Value(a.Value("positional").(lang.Tuple))
		if lang.TypeName(fn) == "method" {
			if self, err := lang.GetAttr(fn, "__self__"); err == nil {
				args = append([]lang.Value{self}, args...)
				fn = funcOf(fn)
			}
		}
		f, ok := fn.(*lang.Function)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "%s is not a Python function", lang.Repr(fn))
		}
		sig := functionSignature(f, false)
		names, vals := a.Keywords()
		ba, err := sig.bind(args, names, vals, true)
		if err != nil {
			return nil, err
		}
		var pos, kw []string
		for _, p := range sig.params {
			if _, given := ba.get(p.name); given || p.defaultText != "" {
				continue
			}
			switch p.kind {
			case positionalOnly, positionalOrKeyword:
				pos = append(pos, p.name)
			case keywordOnly:
				kw = append(kw, p.name)
			}
		}
		name := f.Name
		if len(pos) > 0 {
			return nil, missingArguments(name, pos, true)
		}
		if len(kw) > 0 {
			return nil, missingArguments(name, kw, false)
		}
		if err := ba.applyDefaults(); err != nil {
			return nil, err
		}
		return ba.arguments, nil
	}).CollectKeywords()

func init() { inspectModule.Attrs["getcallargs"] = getcallargs }
