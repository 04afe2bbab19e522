package typing

import (
	_ "embed"
	"strings"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/collections" // module.py imports collections and collections.abc
	_ "github.com/kael-dev/kael/lang/lib/sys"         // and sys
)

// The typing module, so that the imports at the top of PyTorch code
// (from typing import List, Optional, ...) and the annotations of defs
// (evaluated as in CPython) run. Its members are printed, compared,
// passed along and asked by isinstance: each prints as CPython 3.11
// prints it, and subscripting one gives
// a value that prints as CPython's does (typing.Dict[str, int]). Where
// CPython's answer is not cheap to match (a Union inside a Union, a
// parameter that is not a type), subscripting is a TypeError that says so.

// typingFormKind is how a typing form takes its parameters.
type typingFormKind int

const (
	typingGeneric  typingFormKind = iota // List[int]: a fixed number of types
	typingTuple                          // Tuple[int, ...]: any number, ... allowed
	typingCallable                       // Callable[[int], str]
	typingUnion                          // Union[int, str]
	typingOptional                       // Optional[int]
	typingAny                            // Any: not subscriptable
)

// typingForm is a member of typing such as typing.List, unsubscripted.
type typingForm struct {
	name     string // List
	kind     typingFormKind
	arity    int    // typingGeneric only
	typeName string // CPython's class of the form
	// origin is the class the form stands for (list, collections.abc.Sized),
	// which module.py sets: get_origin's answer and, for the forms without
	// a rule of their own, isinstance's and issubclass's.
	origin lang.Value
}

// typingAlias is a subscripted form, such as typing.List[int].
type typingAlias struct {
	form *typingForm
	args []lang.Value
}

var typingForms = []*typingForm{
	{name: "List", arity: 1}, {name: "Set", arity: 1}, {name: "FrozenSet", arity: 1},
	{name: "Iterable", arity: 1}, {name: "Iterator", arity: 1}, {name: "Sequence", arity: 1},
	{name: "Type", arity: 1}, {name: "Dict", arity: 2}, {name: "Mapping", arity: 2},
	{name: "Tuple", kind: typingTuple, typeName: "typing._TupleType"},
	{name: "Callable", kind: typingCallable, typeName: "typing._CallableType"},
	{name: "Union", kind: typingUnion, typeName: "typing._SpecialForm"},
	{name: "Optional", kind: typingOptional, typeName: "typing._SpecialForm"},
	{name: "Any", kind: typingAny, typeName: "typing._AnyMeta"},
	{name: "ClassVar", arity: 1, typeName: "typing._SpecialForm"},
	// the aliases of collections.abc's, collections' and re's classes
	{name: "Generator", arity: 3}, {name: "Collection", arity: 1}, {name: "Container", arity: 1},
	{name: "Hashable"}, {name: "Sized"}, {name: "ByteString"}, {name: "Reversible", arity: 1},
	{name: "AbstractSet", arity: 1}, {name: "MutableMapping", arity: 2}, {name: "MutableSequence", arity: 1},
	{name: "MutableSet", arity: 1}, {name: "MappingView", arity: 1}, {name: "KeysView", arity: 1},
	{name: "ItemsView", arity: 2}, {name: "ValuesView", arity: 1}, {name: "Awaitable", arity: 1},
	{name: "Coroutine", arity: 3}, {name: "AsyncIterable", arity: 1}, {name: "AsyncIterator", arity: 1},
	{name: "AsyncGenerator", arity: 2}, {name: "ContextManager", arity: 1}, {name: "AsyncContextManager", arity: 1},
	{name: "Deque", arity: 1}, {name: "DefaultDict", arity: 2}, {name: "OrderedDict", arity: 2},
	{name: "Counter", arity: 1}, {name: "ChainMap", arity: 2}, {name: "Pattern", arity: 1}, {name: "Match", arity: 1},
}

// TypeName returns CPython's class of the form.
func (f *typingForm) TypeName() string {
	if f.typeName == "" {
		return "typing._SpecialGenericAlias"
	}
	return f.typeName
}

// PyRepr returns typing.List.
func (f *typingForm) PyRepr() string { return "typing." + f.name }

// HashKey makes a form (typing.Any, typing.Union, ...) a dict key and set
// element; each form is one object.
func (f *typingForm) HashKey() (string, error) { return "typingform:" + f.name, nil }

// String is the repr, as print shows it.
func (f *typingForm) String() string { return f.PyRepr() }

// MemberDoc describes the form for the language reference.
func (f *typingForm) MemberDoc() string {
	switch f.kind {
	case typingAny:
		return "typing.Any, which prints as in CPython"
	case typingCallable:
		return "typing.Callable; Callable[[int], str] and Callable[..., int] print as in CPython"
	case typingUnion:
		return "typing.Union; Union[int, str] prints as in CPython, Union[int, None] as typing.Optional[int]"
	}
	if f.arity == 0 && f.kind == typingGeneric {
		return "typing." + f.name + ", which prints as in CPython and takes no parameters"
	}
	return "typing." + f.name + "; " + f.name + "[...] prints as in CPython"
}

// GetItem subscripts the form: List[int], Dict[str, int], Optional[int].
func (f *typingForm) GetItem(key lang.Value) (lang.Value, error) {
	params, isTuple := key.(lang.Tuple)
	if !isTuple {
		params = lang.Tuple{key}
	}
	switch f.kind {
	case typingAny:
		return nil, lang.Errorf(lang.TypeError, "type 'Any' is not subscriptable")
	case typingOptional:
		if len(params) != 1 {
			return nil, lang.Errorf(lang.TypeError, "typing.Optional requires a single type. Got %s.", lang.Repr(key))
		}
		return typingUnionOf(append(lang.Tuple{params[0]}, lang.NoneType{}))
	case typingUnion:
		if len(params) == 0 {
			return nil, lang.Errorf(lang.TypeError, "Cannot take a Union of no types.")
		}
		return typingUnionOf(params)
	case typingCallable:
		return typingCallableOf(f, params)
	case typingTuple:
		if err := checkTypingParams(f, params, true); err != nil {
			return nil, err
		}
		return &typingAlias{form: f, args: params}, nil
	}
	if f.arity == 0 {
		return nil, lang.Errorf(lang.TypeError, "typing.%s is not a generic class", f.name)
	}
	if len(params) != f.arity {
		few := "many"
		if len(params) < f.arity {
			few = "few"
		}
		return nil, lang.Errorf(lang.TypeError, "Too %s arguments for typing.%s; actual %d, expected %d", few, f.name, len(params), f.arity)
	}
	if err := checkTypingParams(f, params, false); err != nil {
		return nil, err
	}
	return &typingAlias{form: f, args: params}, nil
}

// typingUnionOf is Union[params]: None becomes NoneType, repeats go, one
// type left is that type, and two with NoneType print as Optional.
func typingUnionOf(params lang.Tuple) (lang.Value, error) {
	union := typingFormNamed("Union")
	var args []lang.Value
	seen := map[string]bool{}
	for _, p := range params {
		if _, ok := p.(lang.NoneType); ok {
			p = lang.TypeOf(lang.NoneType{})
		}
		if a, ok := p.(*typingAlias); ok && a.form.kind == typingUnion {
			return nil, lang.Errorf(lang.TypeError, "kael's typing cannot put a Union inside a Union: %s", lang.Repr(p)).
				WithHint("write the types of both in one Union[...]")
		}
		if err := checkTypingParams(union, lang.Tuple{p}, false); err != nil {
			return nil, err
		}
		if r := typingParamRepr(p); !seen[r] {
			seen[r] = true
			args = append(args, p)
		}
	}
	if len(args) == 1 { // Optional[None] is the class NoneType
		return args[0], nil
	}
	return &typingAlias{form: union, args: args}, nil
}

// typingCallableOf is Callable[[args], result] or Callable[..., result].
func typingCallableOf(f *typingForm, params lang.Tuple) (lang.Value, error) {
	usage := lang.Errorf(lang.TypeError, "Callable must be used as Callable[[arg, ...], result].")
	if len(params) != 2 {
		return nil, usage
	}
	switch ps := params[0].(type) {
	case lang.EllipsisType:
	case *lang.List:
		if err := checkTypingParams(f, ps.Elems, false); err != nil {
			return nil, err
		}
	default:
		return nil, usage.WithHint("kael's typing takes the argument types as a list: Callable[[int], str]")
	}
	if err := checkTypingParams(f, params[1:], false); err != nil {
		return nil, err
	}
	return &typingAlias{form: f, args: params}, nil
}

// checkTypingParams refuses parameters kael cannot print as CPython does:
// anything but a class, a typing value, None or (where allowed) ....
func checkTypingParams(f *typingForm, params []lang.Value, ellipsis bool) error {
	for _, p := range params {
		switch p.(type) {
		case lang.NoneType, *typingForm, *typingAlias, *lang.GenericAlias, *lang.UnionType, string, // a string: a forward reference
			*lang.Instance, *lang.UserClass, // module.py's TypeVar, Literal[...], a class
			lang.InstanceChecker: // a library's class: a namedtuple's
			continue
		case lang.EllipsisType:
			if ellipsis {
				continue
			}
		default:
			if lang.ClassOf(p) != "" {
				continue
			}
		}
		return lang.Errorf(lang.TypeError, "kael's typing.%s takes types as parameters, not %s", f.name, lang.Repr(p)).
			WithHint("use a class (int, str, torch.Tensor), None or a typing value such as List[int]")
	}
	return nil
}

// IsClassVar reports whether v is typing.ClassVar or a subscript of it
// (ClassVar[int]), as dataclasses tells a class variable from a field.
func IsClassVar(v lang.Value) bool {
	switch v := v.(type) {
	case *typingForm:
		return v.name == "ClassVar"
	case *typingAlias:
		return v.form.name == "ClassVar"
	}
	return false
}

// typingFormNamed returns the form called name.
func typingFormNamed(name string) *typingForm {
	for _, f := range typingForms {
		if f.name == name {
			return f
		}
	}
	panic("no typing form " + name)
}

// typingParamRepr is a parameter as CPython's typing prints it: int,
// torch.Tensor, NoneType, ..., typing.List[int].
func typingParamRepr(v lang.Value) string {
	switch x := v.(type) {
	case lang.NoneType:
		return "NoneType"
	case lang.EllipsisType:
		return "..."
	case *lang.List:
		parts := make([]string, len(x.Elems))
		for i, e := range x.Elems {
			parts[i] = typingParamRepr(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	if c := lang.ClassOf(v); c != "" {
		return c
	}
	r := lang.Repr(v)
	if inner, ok := strings.CutPrefix(r, "<class '"); ok && strings.HasSuffix(inner, "'>") { // a library's class: a namedtuple's
		return strings.TrimSuffix(inner, "'>")
	}
	return r
}

// TypeName returns CPython's class of the alias.
func (a *typingAlias) TypeName() string {
	switch a.form.kind {
	case typingUnion:
		return "typing._UnionGenericAlias"
	case typingCallable:
		return "typing._CallableGenericAlias"
	}
	return "typing._GenericAlias"
}

// PyRepr returns typing.Dict[str, int], as CPython does.
func (a *typingAlias) PyRepr() string {
	if a.form.kind == typingUnion && len(a.args) == 2 {
		for i, arg := range a.args {
			if arg == lang.TypeOf(lang.None) {
				return "typing.Optional[" + typingParamRepr(a.args[1-i]) + "]"
			}
		}
	}
	if a.form.kind == typingTuple && len(a.args) == 0 {
		return "typing.Tuple[()]"
	}
	parts := make([]string, len(a.args))
	for i, arg := range a.args {
		parts[i] = typingParamRepr(arg)
	}
	return "typing." + a.form.name + "[" + strings.Join(parts, ", ") + "]"
}

// String is the repr, as print shows it.
func (a *typingAlias) String() string { return a.PyRepr() }

// Equal reports whether v is the same alias: List[int] == List[int].
func (a *typingAlias) Equal(v lang.Value) bool {
	o, ok := v.(*typingAlias)
	return ok && o.PyRepr() == a.PyRepr()
}

// HashKey makes aliases usable as dict keys, equal ones alike.
func (a *typingAlias) HashKey() (string, error) { return "typing:" + a.PyRepr(), nil }

func typingModule() *lang.Module {
	attrs := map[string]lang.Value{
		"TYPE_CHECKING": false,
		"cast": lang.NewBuiltin(lang.AsValue, "cast(typ, val)", "val itself, as in CPython: cast only tells a type checker what val is.", func(a *lang.Args) (lang.Value, error) {
			return a.Value("val"), nil
		}),
		"no_type_check": lang.NewBuiltin(lang.AsValue, "no_type_check(arg)", "arg itself, marked __no_type_check__ = True as in CPython (a class's own functions and nested classes too), for type checkers; kael never checks types.", noTypeCheck),
		"_set_origins":  lang.NewBuiltin(lang.AsValue, "_set_origins(origins)", "Sets the class each form of the dict origins (by name) stands for.", setOrigins),
		"_alias_parts":  lang.NewBuiltin(lang.AsValue, "_alias_parts(tp)", "(origin, args) of a subscripted form, (origin, ()) of a form (origin None for Any, Union, Optional and ClassVar), None for other values.", aliasParts),
	}
	for _, f := range typingForms {
		attrs[f.name] = f
	}
	attrs["get_type_hints"] = getTypeHints
	return &lang.Module{Attrs: attrs}
}

//go:embed module.py
var source string

func init() {
	m := typingModule()
	lang.RegisterModule("_typing", "The part of typing written in Go: List, Optional, Dict, ... print and subscript as in CPython; get_type_hints.",
		func() *lang.Module { return m })
	lang.RegisterSourceModule("typing", "Python's typing module, as CPython 3.11's: the forms and aliases print, subscript and answer isinstance as CPython's; "+
		"TypeVar, Generic, Protocol, NamedTuple, TypedDict, NewType, Literal, Annotated, overload, get_type_hints, get_origin, get_args.", source)
}

// typingClasses are the classes whose instances (and subclasses') an
// unsubscripted typing form accepts in isinstance, as CPython's typing
// maps List to list and Sequence to collections.abc.Sequence.
var typingClasses = map[string][]string{
	"List": {"list"}, "Dict": {"dict"}, "Mapping": {"dict"}, "Set": {"set"}, "FrozenSet": {"frozenset"},
	"Tuple":    {"tuple"},
	"Sequence": {"list", "tuple", "str", "range", "bytes"},
}

// InstanceCheck is isinstance(v, f): typing.List as list, typing.Iterable
// as any value with __iter__, and so on. Any, Union and Optional without
// parameters are CPython's TypeError.
func (f *typingForm) InstanceCheck(v lang.Value) (bool, error) {
	if names, ok := typingClasses[f.name]; ok {
		for _, name := range names {
			if ok, err := lang.IsInstance(v, &lang.Class{Name: name}); ok || err != nil {
				return ok, err
			}
		}
		return false, nil
	}
	switch f.name {
	case "Iterable":
		return lang.IsIterable(v), nil
	case "Iterator":
		return lang.IsIterator(v), nil
	case "Callable":
		return lang.Callable(v), nil
	case "Type":
		_, user := v.(*lang.UserClass)
		return user || lang.ClassOf(v) != "", nil
	}
	if f.origin != nil && f.kind == typingGeneric {
		return lang.IsInstance(v, f.origin)
	}
	return false, lang.Errorf(lang.TypeError, "typing.%s cannot be used with isinstance()", f.name)
}

// anyArg is isinstance's and issubclass's test against a: for a Union
// (and Optional), whether test holds for one of its types, tried in order;
// any other subscripted form is CPython's TypeError.
func (a *typingAlias) anyArg(test func(arg lang.Value) (bool, error)) (bool, error) {
	if a.form.kind != typingUnion {
		return false, lang.Errorf(lang.TypeError, "Subscripted generics cannot be used with class and instance checks")
	}
	for _, arg := range a.args {
		if ok, err := test(arg); ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}

// SubclassCheck is issubclass(cls, f) for the forms that stand for
// classes (List, Dict, Sequence, ...); the others are a TypeError, as
// kael's classes have no __iter__ or __call__ to ask.
func (f *typingForm) SubclassCheck(cls lang.Value) (bool, error) {
	names, ok := typingClasses[f.name]
	if !ok && f.origin != nil && f.kind == typingGeneric {
		return lang.IsSubclass(cls, f.origin)
	}
	if !ok {
		return false, lang.Errorf(lang.TypeError, "kael's issubclass cannot test against typing.%s", f.name).
			WithHint("typing.List, Dict, Set, Tuple, Sequence and Mapping work, as does isinstance")
	}
	for _, name := range names {
		if ok, err := lang.IsSubclass(cls, &lang.Class{Name: name}); ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}

// InstanceCheck is isinstance(obj, a): for a Union (and Optional),
// whether obj is an instance of one of its types.
func (a *typingAlias) InstanceCheck(obj lang.Value) (bool, error) {
	return a.anyArg(func(arg lang.Value) (bool, error) { return lang.IsInstance(obj, arg) })
}

// SubclassCheck is issubclass(cls, a): for a Union (and Optional),
// whether cls derives from one of its types.
func (a *typingAlias) SubclassCheck(cls lang.Value) (bool, error) {
	return a.anyArg(func(arg lang.Value) (bool, error) { return lang.IsSubclass(cls, arg) })
}

var (
	_ lang.InstanceChecker = (*typingForm)(nil)
	_ lang.InstanceChecker = (*typingAlias)(nil)
)

// noTypeCheck is typing.no_type_check(arg).
func noTypeCheck(a *lang.Args) (lang.Value, error) {
	arg := a.Value("arg")
	return arg, markNoTypeCheck(arg)
}

// markNoTypeCheck sets arg.__no_type_check__ = True as CPython's
// no_type_check does: for a class also on the functions and classes its
// body defined (their __qualname__ is the class's and their name, and
// their __module__ the class's); a
// value that takes no attributes (a builtin) stays unmarked.
func markNoTypeCheck(arg lang.Value) error {
	if c, ok := arg.(*lang.UserClass); ok {
		d, err := lang.GetAttr(c, "__dict__")
		if err != nil {
			return err
		}
		q, err := lang.GetAttr(c, "__qualname__")
		if err != nil {
			return err
		}
		module, err := lang.GetAttr(c, "__module__")
		if err != nil {
			return err
		}
		dict, _ := d.(*lang.Dict)
		if proxy, ok := d.(*lang.MappingProxy); ok { // a class's __dict__
			dict = proxy.Dict()
		}
		if dict == nil {
			dict = lang.NewDict()
		}
		for _, k := range dict.Keys() {
			v, _, _ := dict.Get(k)
			switch v.(type) {
			case *lang.Function, *lang.UserClass:
			default:
				continue
			}
			name, _ := lang.GetAttr(v, "__name__")
			own, _ := lang.GetAttr(v, "__qualname__")
			mod, _ := lang.GetAttr(v, "__module__")
			if s, ok := name.(string); !ok || own != lang.Value(q.(string)+"."+s) || !lang.Equal(mod, module) {
				continue
			}
			if err := markNoTypeCheck(v); err != nil {
				return err
			}
		}
	}
	if err := lang.SetAttr(arg, "__no_type_check__", true); err != nil {
		if lang.ToError(err).Kind != lang.TypeError { // CPython passes over built-in classes only
			return err
		}
	}
	return nil
}

// setOrigins is _typing._set_origins(origins): each form named by a key
// stands for the class of its value.
func setOrigins(a *lang.Args) (lang.Value, error) {
	d, ok := a.Value("origins").(*lang.Dict)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "_set_origins takes a dict")
	}
	for _, k := range d.Keys() {
		v, _, _ := d.Get(k)
		name, _ := k.(string)
		for _, f := range typingForms {
			if f.name == name {
				f.origin = v
			}
		}
	}
	return lang.None, nil
}

// aliasParts is _typing._alias_parts(tp): (origin, args) of an alias
// such as List[int] (Callable's args as get_args gives them: ([int], str)),
// (origin, ()) of a form that stands for a class (List: list), (None,
// ()) of Any, Union, Optional and ClassVar, None of anything else.
func aliasParts(a *lang.Args) (lang.Value, error) {
	orNone := func(v lang.Value) lang.Value {
		if v == nil {
			return lang.None
		}
		return v
	}
	switch tp := a.Value("tp").(type) {
	case *typingForm:
		if tp.kind == typingAny || tp.kind == typingUnion || tp.kind == typingOptional || tp.name == "ClassVar" {
			return lang.Tuple{lang.None, lang.Tuple{}}, nil
		}
		return lang.Tuple{orNone(tp.origin), lang.Tuple{}}, nil
	case *typingAlias:
		origin, args := tp.parts()
		return lang.Tuple{origin, args}, nil
	}
	return lang.None, nil
}

// parts are the alias's origin (list for List[int], Union itself for a
// union) and its arguments as get_args gives them (None as NoneType).
func (a *typingAlias) parts() (origin lang.Value, args lang.Tuple) {
	origin = a.form.origin
	if origin == nil {
		origin = lang.None
	}
	if a.form.kind == typingUnion {
		origin = a.form
	}
	args = make(lang.Tuple, len(a.args))
	for i, arg := range a.args {
		if _, ok := arg.(lang.NoneType); ok {
			arg = lang.TypeOf(lang.None)
		}
		args[i] = arg
	}
	return origin, args
}

// Attr gives __origin__, __args__ (Callable's flattened: (int, str) for
// Callable[[int], str], as CPython's), __parameters__ and _name.
func (a *typingAlias) Attr(name string) (lang.Value, bool) {
	origin, args := a.parts()
	switch name {
	case "__origin__":
		return origin, true
	case "__args__":
		if a.form.kind == typingCallable {
			var flat lang.Tuple
			for _, arg := range args {
				if l, ok := arg.(*lang.List); ok {
					flat = append(flat, l.Elems...)
				} else {
					flat = append(flat, arg)
				}
			}
			return flat, true
		}
		return args, true
	case "__parameters__":
		return lang.Tuple{}, true
	case "_name":
		if a.form.kind == typingUnion { // Optional[int]'s is 'Optional', Union[int, str]'s None
			if strings.HasPrefix(a.PyRepr(), "typing.Optional[") {
				return "Optional", true
			}
			return lang.None, true
		}
		return a.form.name, true
	}
	return nil, false
}

// AttrNames lists the alias's attributes.
func (a *typingAlias) AttrNames() []string {
	return []string{"__args__", "__origin__", "__parameters__", "_name"}
}

// Form is the typing form called name (List, Tuple, Union, Any, ...):
// the object typing.name is, for a library that builds its aliases in
// Go (torch.types). An unknown name panics: it is a bug in the library.
func Form(name string) lang.Value { return typingFormNamed(name) }

// Subscript is typing.name[params...] (Union[int, str], Tuple[int, ...]).
func Subscript(name string, params ...lang.Value) (lang.Value, error) {
	return typingFormNamed(name).GetItem(lang.Tuple(params))
}
