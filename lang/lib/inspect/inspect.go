// Package inspect is Python's inspect module: signature() of functions,
// builtins and classes (nanoGPT asks whether AdamW takes fused=) with
// Parameter, Signature and BoundArguments (sigclass.go, bind.go), the
// is* predicates, getmembers and getattr_static, source code
// (source.go), frames and stacks (stack.go) and the rest programs reach
// for (more.go, extra.go).
package inspect

import (
	"reflect"
	"sort"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// The kinds of parameters, as inspect.Parameter names them.
var kindNames = []string{"POSITIONAL_ONLY", "POSITIONAL_OR_KEYWORD", "VAR_POSITIONAL", "KEYWORD_ONLY", "VAR_KEYWORD"}

// empty is inspect.Parameter.empty and inspect.Signature.empty.
type emptyMarker struct{}

func (emptyMarker) TypeName() string { return "type" }
func (emptyMarker) PyRepr() string   { return "<class 'inspect._empty'>" }

var empty = emptyMarker{}

// Parameter is one parameter of a Signature.
type Parameter struct {
	name        string
	kind        int
	defaultText string // "" when it has none
	dflt        lang.Value
	real        bool       // dflt is the default's value, which str() writes as its repr
	annotation  lang.Value // nil when it has none
}

// TypeName returns "inspect.Parameter".
func (*Parameter) TypeName() string { return "inspect.Parameter" }

// String is the parameter as the signature writes it: lr=0.001, *args,
// x: int = 1, as CPython's Parameter.__str__.
func (p *Parameter) String() string {
	s := p.name
	if p.annotation != nil {
		a, err := formatAnnotation(p.annotation, lang.None)
		if err != nil {
			a = lang.Repr(p.annotation)
		}
		s += ": " + lang.Str(a)
	}
	if p.defaultText != "" {
		text := p.defaultText
		if p.real {
			text = lang.Repr(p.dflt)
		}
		if p.annotation != nil {
			s += " = " + text
		} else {
			s += "=" + text
		}
	}
	switch p.kind {
	case 2:
		return "*" + s
	case 4:
		return "**" + s
	}
	return s
}

// PyRepr is <Parameter "lr=0.001">.
func (p *Parameter) PyRepr() string { return `<Parameter "` + p.String() + `">` }

// Attr gives name, default, kind and annotation.
func (p *Parameter) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		return p.name, true
	case "default":
		if p.defaultText == "" {
			return empty, true
		}
		return p.dflt, true
	case "kind":
		return paramKind(p.kind), true
	case "annotation":
		if p.annotation != nil {
			return p.annotation, true
		}
		return empty, true
	case "empty":
		return empty, true
	case "replace":
		return p.replaceMethod(), true
	}
	return nil, false
}

// AttrNames lists them.
func (p *Parameter) AttrNames() []string {
	return []string{"annotation", "default", "empty", "kind", "name", "replace"}
}

// Signature is what inspect.signature returns.
type Signature struct {
	params []*Parameter
	ret    lang.Value // the return annotation; nil when there is none
}

// TypeName returns "inspect.Signature".
func (*Signature) TypeName() string { return "inspect.Signature" }

// String is (params, ...), with / and * where Python writes them.
func (s *Signature) String() string {
	var parts []string
	for i, p := range s.params {
		if p.kind == 3 && (i == 0 || s.params[i-1].kind < 2) {
			parts = append(parts, "*")
		}
		parts = append(parts, p.String())
		if p.kind == 0 && (i+1 == len(s.params) || s.params[i+1].kind != 0) {
			parts = append(parts, "/")
		}
	}
	text := "(" + strings.Join(parts, ", ") + ")"
	if s.ret != nil {
		a, err := formatAnnotation(s.ret, lang.None)
		if err != nil {
			a = lang.Repr(s.ret)
		}
		text += " -> " + lang.Str(a)
	}
	return text
}

// PyRepr is <Signature (params)>.
func (s *Signature) PyRepr() string { return "<Signature " + s.String() + ">" }

// Attr gives parameters (an ordered mapping of name to Parameter) and
// return_annotation.
func (s *Signature) Attr(name string) (lang.Value, bool) {
	switch name {
	case "parameters":
		d := lang.NewDict()
		for _, p := range s.params {
			_ = d.Set(p.name, p)
		}
		return d, true
	case "return_annotation":
		if s.ret != nil {
			return s.ret, true
		}
		return empty, true
	case "empty":
		return empty, true
	case "replace":
		return s.replaceMethod(), true
	case "bind":
		return s.bindMethod("bind", false), true
	case "bind_partial":
		return s.bindMethod("bind_partial", true), true
	}
	return nil, false
}

// AttrNames lists them.
func (s *Signature) AttrNames() []string {
	return []string{"bind", "bind_partial", "empty", "parameters", "replace", "return_annotation"}
}

// splitTop splits a parameter list at its top-level commas.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			depth--
		case c == ',' && depth == 0:
			out = append(out, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	if rest := strings.TrimSpace(s[start:]); rest != "" {
		out = append(out, rest)
	}
	return out
}

// parseSignature reads "name(a, b=1, *args, c=None, **kw)".
func parseSignature(text string) *Signature {
	open, close := strings.IndexByte(text, '('), strings.LastIndexByte(text, ')')
	sig := &Signature{}
	if open < 0 || close < open {
		return sig
	}
	kind := 1
	for _, part := range splitTop(text[open+1 : close]) {
		switch {
		case part == "/":
			for _, p := range sig.params {
				p.kind = 0
			}
			continue
		case part == "*":
			kind = 3
			continue
		case strings.HasPrefix(part, "**"):
			sig.params = append(sig.params, &Parameter{name: part[2:], kind: 4})
			continue
		case strings.HasPrefix(part, "*"):
			sig.params = append(sig.params, &Parameter{name: part[1:], kind: 2})
			kind = 3
			continue
		}
		p := &Parameter{kind: kind}
		if name, dflt, ok := strings.Cut(part, "="); ok {
			p.name, p.defaultText = strings.TrimSpace(name), strings.TrimSpace(dflt)
			p.dflt = evalDefault(p.defaultText)
		} else {
			p.name = part
		}
		if name, _, ok := strings.Cut(p.name, ":"); ok { // an annotation
			p.name = strings.TrimSpace(name)
		}
		sig.params = append(sig.params, p)
	}
	return sig
}

// evalDefault computes a default written as a literal (0.001, None,
// (0.9, 0.999), 'mean'); other defaults stay their text.
func evalDefault(text string) lang.Value {
	v, err := lang.LiteralEval(text)
	if err != nil {
		return text
	}
	return v
}

var inspectModule = &lang.Module{Name: "inspect", Doc: "Python's inspect module in small: signature, the is* predicates, getmembers.", Attrs: map[string]lang.Value{
	"signature": lang.NewBuiltin(lang.AsValue, "signature(obj, *, follow_wrapped=True)", "The Signature of a callable: its parameters (.parameters, a mapping of name to Parameter with .name, .default, .kind) as help() shows them; with follow_wrapped, that of the function a functools.wraps wrapper wraps (unwrap).", func(a *lang.Args) (lang.Value, error) {
		obj := a.Value("obj")
		if t, err := lang.Truth(a.Value("follow_wrapped")); err != nil {
			return nil, err
		} else if t {
			if obj, err = unwrap(obj); err != nil {
				return nil, err
			}
		}
		if sig := pythonSignature(obj); sig != nil {
			return sig, nil
		}
		text, ok := lang.SignatureText(obj)
		if !ok {
			if !lang.Callable(obj) {
				return nil, lang.Errorf(lang.TypeError, "%s is not a callable object", lang.Repr(obj))
			}
			return nil, lang.Errorf(lang.ValueError, "no signature found for %s", lang.Repr(obj))
		}
		return parseSignature(text), nil
	}),
	"unwrap": lang.NewBuiltin(lang.AsValue, "unwrap(func)", "The function at the end of func's __wrapped__ chain (functools.wraps records it); func itself when it has none.", func(a *lang.Args) (lang.Value, error) {
		return unwrap(a.Value("func"))
	}),
	"isclass":    pred("isclass(object)", "Whether object is a class.", func(v lang.Value) bool { return lang.ClassOf(v) != "" || lang.TypeName(v) == "type" }),
	"isfunction": pred("isfunction(object)", "Whether object is a function written in Python (def or lambda).", func(v lang.Value) bool { return lang.TypeName(v) == "function" }),
	"ismethod": pred("ismethod(object)", "Whether object is a method bound to an instance.", func(v lang.Value) bool {
		is, _ := lang.IsInstance(v, lang.MethodClass) // a method object, not a builtin's bound method ([].append)
		return is
	}),
	"isbuiltin":   pred("isbuiltin(object)", "Whether object is a built-in function.", isBuiltinFunction),
	"ismodule":    pred("ismodule(object)", "Whether object is a module.", func(v lang.Value) bool { return lang.TypeName(v) == "module" }),
	"isgenerator": pred("isgenerator(object)", "Whether object is a generator.", func(v lang.Value) bool { return lang.TypeName(v) == "generator" }),
	"iscoroutinefunction": pred("iscoroutinefunction(object)", "Whether object is a coroutine function (an async def without yield), or a method of one.", func(v lang.Value) bool {
		return lang.IsCoroutineFunction(funcOf(v))
	}),
	"currentframe": lang.NewBuiltin(lang.AsValue, "currentframe()", "The frame object of the caller, as sys._getframe() gives it.", func(a *lang.Args) (lang.Value, error) {
		return a.Frame(0)
	}),
	"getmembers": lang.NewBuiltin(lang.AsValue, "getmembers(object, predicate=None)", "The (name, value) pairs of object's attributes, sorted by name, those predicate accepts.", func(a *lang.Args) (lang.Value, error) {
		obj := a.Value("object")
		dir, _ := lang.BuiltinName("dir")
		names, err := a.Call(dir, obj)
		if err != nil {
			return nil, err
		}
		list, _ := lang.Collect(names)
		var out []lang.Value
		keys := make([]string, 0, len(list))
		for _, n := range list {
			if s, ok := n.(string); ok {
				keys = append(keys, s)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			v, err := lang.GetAttr(obj, k)
			if err != nil {
				continue
			}
			if keep, err := predicateKeeps(a, v); err != nil {
				return nil, err
			} else if !keep {
				continue
			}
			out = append(out, lang.Tuple{k, v})
		}
		return &lang.List{Elems: out}, nil
	}),
}}

func pred(sig, doc string, f func(lang.Value) bool) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) { return f(a.Value("object")), nil })
}

func init() {
	lang.RegisterModule("inspect", inspectModule.Doc, func() *lang.Module { return inspectModule })
}

// unwrap follows f.__wrapped__ to the function a chain of wrappers
// wraps, as CPython's inspect.unwrap; a chain that comes back to a
// wrapper, or longer than the recursion limit (1000), is its ValueError.
func unwrap(f lang.Value) (lang.Value, error) {
	const recursionLimit = 1000
	seen := map[lang.Value]bool{}
	start := f
	for n := 0; ; n++ {
		h, ok := f.(lang.HasAttrs)
		if !ok {
			return f, nil
		}
		next, ok := h.Attr("__wrapped__")
		if !ok {
			return f, nil
		}
		comparable := reflect.TypeOf(f).Comparable()
		if comparable && seen[f] || n >= recursionLimit {
			return nil, lang.Errorf(lang.ValueError, "wrapper loop when unwrapping %s", lang.Repr(start))
		}
		if comparable {
			seen[f] = true
		}
		f = next
	}
}

// predicateKeeps reports whether getmembers (or getmembers_static) keeps
// the member v: always without a predicate, else by the predicate's truth.
func predicateKeeps(a *lang.Args, v lang.Value) (bool, error) {
	if a.IsNone("predicate") {
		return true, nil
	}
	keep, err := a.Call(a.Value("predicate"), v)
	if err != nil {
		return false, err
	}
	return lang.Truth(keep)
}
