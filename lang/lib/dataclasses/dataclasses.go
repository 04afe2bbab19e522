// Package dataclasses is Python's dataclasses module: the @dataclass
// decorator, which reads a class's annotations and gives it __init__,
// __repr__, __eq__ (and, asked, the orderings, __hash__ and frozen
// instances), with field, fields, asdict, astuple, replace and
// is_dataclass. ClassVar, InitVar and KW_ONLY are recognised on the
// evaluated annotations, or by name in string annotations (from
// __future__ import annotations), as CPython does.
package dataclasses

import (
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/typing"
	"github.com/kael-dev/kael/lang/syntax"
)

// FrozenInstanceError is dataclasses.FrozenInstanceError, an
// AttributeError: assigning a field of a frozen dataclass's instance.
const FrozenInstanceError lang.ErrorKind = "dataclasses.FrozenInstanceError"

// frozenClass is the class of FrozenInstanceError.
var frozenClass = lang.RegisterExceptionClass(FrozenInstanceError, "dataclasses", "FrozenInstanceError", "AttributeError")

// fieldsAttr is the class attribute that holds a dataclass's fields, by
// name, as in CPython.
const fieldsAttr = "__dataclass_fields__"

// options are the arguments of @dataclass(...).
type options struct {
	init, repr, eq, order, unsafeHash, frozen, matchArgs, kwOnly bool
}

// dataclassBuiltin is dataclass(cls=None, /, *, init=True, ...): applied to
// a class it processes it; called with options alone it returns the
// decorator that will.
var dataclassBuiltin = lang.NewBuiltin(lang.AsValue,
	"dataclass(cls=None, *, init=True, repr=True, eq=True, order=False, unsafe_hash=False, frozen=False, match_args=True, kw_only=False, slots=False, weakref_slot=False)",
	"Makes a class a data class: __init__, __repr__ and __eq__ from its annotated fields (order=True adds <, <=, >, >=; frozen=True refuses assignment).",
	func(a *lang.Args) (lang.Value, error) {
		o := options{init: a.Bool("init"), repr: a.Bool("repr"), eq: a.Bool("eq"), order: a.Bool("order"),
			unsafeHash: a.Bool("unsafe_hash"), frozen: a.Bool("frozen"), matchArgs: a.Bool("match_args"), kwOnly: a.Bool("kw_only")}
		slots, weakref := a.Bool("slots"), a.Bool("weakref_slot")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if slots || weakref {
			return nil, lang.Errorf(lang.ErrorKind("NotImplementedError"), "kael's dataclass does not make __slots__").
				WithHint("drop slots=True: kael objects keep their attributes in a dict")
		}
		if a.IsNone("cls") {
			return lang.NewBuiltin(lang.AsValue, "wrap(cls)", "Makes cls a data class.", func(a *lang.Args) (lang.Value, error) {
				return process(a, a.Value("cls"), o)
			}), nil
		}
		return process(a, a.Value("cls"), o)
	})

// process makes cls a data class with the options o, as CPython's
// _process_class does.
func process(a *lang.Args, v lang.Value, o options) (lang.Value, error) {
	cls, ok := v.(*lang.UserClass)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "dataclass() should be called on a class, not %s", lang.TypeName(v))
	}
	if o.order && !o.eq {
		return nil, lang.Errorf(lang.ValueError, "eq must be true if order is true")
	}
	explicitHash := hasExplicitHash(cls)
	all, err := collectFields(a, cls, o)
	if err != nil {
		return nil, err
	}
	byName := lang.NewDict()
	for _, f := range all {
		_ = byName.Set(f.name, f)
	}
	setAttr(cls, fieldsAttr, byName)
	setAttr(cls, "__dataclass_params__", &params{o: o})
	if err := checkFrozenInheritance(cls, o.frozen); err != nil {
		return nil, err
	}
	if o.init {
		initFn, err := makeInit(cls, all, o.frozen)
		if err != nil {
			return nil, err
		}
		setAttr(cls, "__init__", initFn)
	}
	fs := fieldsOf(all)
	if o.repr && !hasOwn(cls, "__repr__") {
		setAttr(cls, "__repr__", makeRepr(fs))
	}
	if o.eq && !hasOwn(cls, "__eq__") {
		setAttr(cls, "__eq__", makeCompare("__eq__", syntax.EQL, fs))
	}
	if o.order {
		for _, m := range orderMethods {
			if hasOwn(cls, m.name) {
				return nil, lang.Errorf(lang.TypeError, "Cannot overwrite attribute %s in class %s. Consider using functools.total_ordering", m.name, cls.Name)
			}
			setAttr(cls, m.name, makeCompare(m.name, m.op, fs))
		}
	}
	if err := setHash(cls, fs, o, explicitHash); err != nil {
		return nil, err
	}
	if o.frozen {
		cls.SetGuard(frozenGuard(cls, byName))
	}
	if o.matchArgs && !hasOwn(cls, "__match_args__") {
		var names lang.Tuple
		for _, f := range fs {
			if f.init && f.kwOnly != true {
				names = append(names, f.name)
			}
		}
		setAttr(cls, "__match_args__", names)
	}
	return cls, nil
}

// orderMethods are the methods of order=True.
var orderMethods = []struct {
	name string
	op   syntax.Token
}{{"__lt__", syntax.LT}, {"__le__", syntax.LE}, {"__gt__", syntax.GT}, {"__ge__", syntax.GE}}

func setAttr(cls *lang.UserClass, name string, v lang.Value) { _ = cls.SetAttr(name, v) }

func hasOwn(cls *lang.UserClass, name string) bool {
	_, ok := cls.Own(name)
	return ok
}

// collectFields returns the fields of cls: its dataclass bases' first,
// then its own annotations in order, a redefined field keeping its place.
// InitVar pseudo-fields are included (they are parameters of __init__),
// ClassVar ones are not.
func collectFields(a *lang.Args, cls *lang.UserClass, o options) ([]*field, error) {
	var all []*field
	index := map[string]int{}
	add := func(f *field) {
		if i, ok := index[f.name]; ok {
			all[i] = f
			return
		}
		index[f.name] = len(all)
		all = append(all, f)
	}
	bases := cls.Bases()
	for i := len(bases) - 1; i >= 1; i-- {
		if d, ok := bases[i].Own(fieldsAttr); ok {
			if dict, ok := d.(*lang.Dict); ok {
				for _, v := range dict.Values() {
					if f, ok := v.(*field); ok {
						add(f)
					}
				}
			}
		}
	}
	ann, _ := cls.Own("__annotations__")
	annotations, _ := ann.(*lang.Dict)
	if annotations == nil {
		return all, nil
	}
	kwOnly := o.kwOnly
	sawKWOnly := false
	for _, k := range annotations.Keys() {
		name, _ := k.(string)
		t, _, _ := annotations.Get(k)
		if formOf(t) == "KW_ONLY" {
			if sawKWOnly {
				return nil, lang.Errorf(lang.TypeError, "'%s' is KW_ONLY, but KW_ONLY has already been specified", name)
			}
			sawKWOnly, kwOnly = true, true
			continue
		}
		f, err := ownField(a, cls, name, t, kwOnly)
		if err != nil {
			return nil, err
		}
		add(f)
	}
	return all, checkOrder(all)
}

// ownField makes the field of one annotated name of cls from its default
// (a plain value, a field(...), or none) and leaves the class attribute
// as CPython does: the default, or nothing.
func ownField(a *lang.Args, cls *lang.UserClass, name string, typ lang.Value, kwOnly bool) (*field, error) {
	f := &field{init: true, repr: true, compare: true, hash: lang.None, metadata: lang.NewDict(), kwOnly: lang.None}
	def, hasDefault := cls.Own(name)
	if given, ok := def.(*field); ok {
		copied := *given
		f = &copied
	} else if hasDefault {
		f.def = def
	}
	f.name, f.typ = name, typ
	switch formOf(typ) {
	case "ClassVar":
		f.kind = classVar
	case "InitVar":
		f.kind = initVar
	}
	if f.kwOnly == lang.None {
		f.kwOnly = kwOnly
	}
	if f.kind != regular && f.factory != nil {
		return nil, lang.Errorf(lang.TypeError, "field %s cannot have a default factory", name)
	}
	if _, isField := def.(*field); isField {
		if f.def == nil {
			cls.DeleteOwn(name)
		} else {
			setAttr(cls, name, f.def)
		}
	}
	if f.kind == regular && f.def != nil && unhashable(a, f.def) {
		return nil, lang.Errorf(lang.ValueError, "mutable default %s for field %s is not allowed: use default_factory", lang.Repr(lang.TypeOf(f.def)), name)
	}
	return f, nil
}

// formOf tells which of the forms ClassVar, InitVar and KW_ONLY an
// annotation is ("" for none), as CPython's dataclasses does: on the
// evaluated annotation (typing.ClassVar and ClassVar[T], InitVar and
// InitVar[T], KW_ONLY) or, for a string annotation (from __future__
// import annotations), on its text.
func formOf(t lang.Value) string {
	if text, ok := t.(string); ok {
		for _, form := range []string{"ClassVar", "InitVar", "KW_ONLY"} {
			if isTyping(text, form) {
				return form
			}
		}
		return ""
	}
	if _, ok := t.(*initVarOf); ok || t == lang.Value(initVarMarker) {
		return "InitVar"
	}
	switch {
	case typing.IsClassVar(t):
		return "ClassVar"
	case t == lang.Value(kwOnlyMarker):
		return "KW_ONLY"
	}
	return ""
}

// isTyping reports whether an annotation's text names typing's or
// dataclasses' form (ClassVar, InitVar, KW_ONLY), bare, subscripted or
// qualified.
func isTyping(text, form string) bool {
	text = strings.TrimSpace(text)
	for _, prefix := range []string{"", "typing.", "dataclasses."} {
		rest, ok := strings.CutPrefix(text, prefix+form)
		if ok && (rest == "" || rest[0] == '[') {
			return true
		}
	}
	return false
}

// unhashable reports whether v's class has no __hash__, CPython's test of
// a mutable default.
func unhashable(a *lang.Args, v lang.Value) bool {
	hash, _ := lang.LookupBuiltin("hash")
	_, err := a.Call(hash, v)
	return err != nil
}

// checkOrder refuses a field without a default after one with a default,
// among the positional parameters of __init__.
func checkOrder(all []*field) error {
	seenDefault := false
	for _, f := range all {
		if f.kind == classVar || !f.init || f.kwOnly == true {
			continue
		}
		if f.def != nil || f.factory != nil {
			seenDefault = true
		} else if seenDefault {
			return lang.Errorf(lang.TypeError, "non-default argument '%s' follows default argument", f.name)
		}
	}
	return nil
}

// fieldsOf returns the real fields (no ClassVar, no InitVar).
func fieldsOf(all []*field) []*field {
	var out []*field
	for _, f := range all {
		if f.kind == regular {
			out = append(out, f)
		}
	}
	return out
}

// checkFrozenInheritance refuses mixing frozen and non-frozen dataclasses
// in one chain of bases, with CPython's messages.
func checkFrozenInheritance(cls *lang.UserClass, frozen bool) error {
	for _, b := range cls.Bases()[1:] {
		p, ok := b.Own("__dataclass_params__")
		if !ok {
			continue
		}
		baseFrozen := p.(*params).o.frozen
		if baseFrozen && !frozen {
			return lang.Errorf(lang.TypeError, "cannot inherit non-frozen dataclass from a frozen one")
		}
		if !baseFrozen && frozen {
			return lang.Errorf(lang.TypeError, "cannot inherit frozen dataclass from a non-frozen one")
		}
	}
	return nil
}

// frozenGuard refuses assigning or deleting an attribute of an instance
// of cls, as the __setattr__ and __delattr__ of a frozen dataclass do.
func frozenGuard(cls *lang.UserClass, byName *lang.Dict) lang.SetAttrGuard {
	return func(x *lang.Instance, name string, del bool) error {
		_, isField, _ := byName.Get(name)
		if x.Class() != cls && !isField {
			return nil
		}
		if del {
			return lang.Errorf(FrozenInstanceError, "cannot delete field '%s'", name)
		}
		return lang.Errorf(FrozenInstanceError, "cannot assign to field '%s'", name)
	}
}

// hasExplicitHash reports whether cls's body defines __hash__ (other
// than the None a class with __eq__ gets), before @dataclass adds any.
func hasExplicitHash(cls *lang.UserClass) bool {
	h, ok := cls.Own("__hash__")
	return ok && !(h == lang.None && hasOwn(cls, "__eq__"))
}

// setHash gives cls the __hash__ CPython's table of (unsafe_hash, eq,
// frozen, explicit __hash__) chooses.
func setHash(cls *lang.UserClass, fs []*field, o options, explicit bool) error {
	switch {
	case o.unsafeHash && explicit:
		return lang.Errorf(lang.TypeError, "Cannot overwrite attribute __hash__ in class %s", cls.Name)
	case o.unsafeHash, o.eq && o.frozen && !explicit:
		setAttr(cls, "__hash__", makeHash(fs))
	case o.eq && !o.frozen && !explicit:
		setAttr(cls, "__hash__", lang.None)
	}
	return nil
}

func init() {
	lang.RegisterDunder("__post_init__")
	lang.RegisterModule("dataclasses", "Python's dataclasses: @dataclass (init, repr, eq, order, frozen, unsafe_hash, kw_only), field, fields, asdict, astuple, replace, is_dataclass, make_dataclass.",
		func() *lang.Module {
			return &lang.Module{Name: "dataclasses", Attrs: map[string]lang.Value{
				"dataclass":           dataclassBuiltin,
				"field":               fieldBuiltin,
				"fields":              fieldsBuiltin,
				"asdict":              asdictBuiltin,
				"astuple":             astupleBuiltin,
				"replace":             replaceBuiltin,
				"is_dataclass":        isDataclassBuiltin,
				"make_dataclass":      makeDataclass,
				"MISSING":             missing,
				"KW_ONLY":             kwOnlyMarker,
				"InitVar":             initVarMarker,
				"Field":               fieldClass,
				"FrozenInstanceError": frozenClass,
			}}
		})
}
