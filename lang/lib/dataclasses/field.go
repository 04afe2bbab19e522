package dataclasses

import (
	"fmt"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// A dataclass's fields: what field(...) returns and fields() lists.

// fieldKind tells a real field from the pseudo-fields ClassVar and InitVar.
type fieldKind int

const (
	regular fieldKind = iota
	classVar
	initVar
)

// field is a dataclasses.Field. def and factory are nil when missing;
// kwOnly is None until the class decides it, then a bool.
type field struct {
	name     string
	typ      lang.Value
	def      lang.Value
	factory  lang.Value
	init     bool
	repr     bool
	compare  bool
	hash     lang.Value
	metadata lang.Value
	kwOnly   lang.Value
	kind     fieldKind
}

var (
	_ lang.HasAttrs   = (*field)(nil)
	_ lang.Reprer     = (*field)(nil)
	_ lang.ClassNamer = (*field)(nil)
)

// fieldAttrs are a Field's attributes, in CPython's order.
var fieldAttrs = []string{"name", "type", "default", "default_factory", "init", "repr", "hash", "compare", "metadata", "kw_only"}

// Attr returns one of fieldAttrs.
func (f *field) Attr(name string) (lang.Value, bool) {
	switch name {
	case "name":
		if f.name == "" {
			return lang.None, true
		}
		return f.name, true
	case "type":
		if f.typ == nil {
			return lang.None, true
		}
		return f.typ, true
	case "default":
		return orMissing(f.def), true
	case "default_factory":
		return orMissing(f.factory), true
	case "init":
		return f.init, true
	case "repr":
		return f.repr, true
	case "hash":
		return f.hash, true
	case "compare":
		return f.compare, true
	case "metadata":
		return f.metadata, true
	case "kw_only":
		if f.kwOnly == lang.None {
			return missing, true
		}
		return f.kwOnly, true
	}
	return nil, false
}

// AttrNames lists fieldAttrs.
func (f *field) AttrNames() []string { return fieldAttrs }

// TypeName is Field, type(f).__name__.
func (f *field) TypeName() string { return "Field" }

// ClassName is dataclasses.Field, for isinstance.
func (f *field) ClassName() string { return "dataclasses.Field" }

// PyRepr is CPython's Field(name=...,type=...,...) layout.
func (f *field) PyRepr() string {
	var b strings.Builder
	b.WriteString("Field(")
	for i, n := range fieldAttrs {
		if i > 0 {
			b.WriteByte(',')
		}
		v, _ := f.Attr(n)
		fmt.Fprintf(&b, "%s=%s", n, lang.Repr(v))
	}
	kind := [...]string{"_FIELD", "_FIELD_CLASSVAR", "_FIELD_INITVAR"}[f.kind]
	b.WriteString(",_field_type=" + kind + ")")
	return b.String()
}

func orMissing(v lang.Value) lang.Value {
	if v == nil {
		return missing
	}
	return v
}

// missingType is the type of dataclasses.MISSING, the mark of a default
// not given.
type missingType struct{}

// missing is dataclasses.MISSING.
var missing = &missingType{}

// PyRepr names the sentinel (CPython's shows an address).
func (*missingType) PyRepr() string { return "<dataclasses._MISSING_TYPE object>" }

// TypeName is _MISSING_TYPE.
func (*missingType) TypeName() string { return "_MISSING_TYPE" }

// marker is a name of the module that only annotations use: KW_ONLY,
// InitVar.
type marker struct{ name string }

// PyRepr is the class's repr.
func (m *marker) PyRepr() string { return "<class 'dataclasses." + m.name + "'>" }

var (
	kwOnlyMarker  = &marker{"KW_ONLY"}
	initVarMarker = &marker{"InitVar"}
)

// GetItem is InitVar[T]: an InitVar of type T (KW_ONLY is not
// subscriptable, as in CPython).
func (m *marker) GetItem(key lang.Value) (lang.Value, error) {
	if m != initVarMarker {
		return nil, lang.Errorf(lang.TypeError, "'type' object is not subscriptable")
	}
	return &initVarOf{typ: key}, nil
}

// initVarOf is InitVar[T], an instance of CPython's dataclasses.InitVar.
type initVarOf struct{ typ lang.Value }

// PyRepr is CPython's: dataclasses.InitVar[int].
func (v *initVarOf) PyRepr() string {
	if _, user := v.typ.(*lang.UserClass); user || lang.ClassOf(v.typ) != "" { // a class: its __name__
		if n, err := lang.GetAttr(v.typ, "__name__"); err == nil {
			if s, ok := n.(string); ok {
				return "dataclasses.InitVar[" + s + "]"
			}
		}
	}
	return "dataclasses.InitVar[" + lang.Repr(v.typ) + "]"
}

// TypeName is InitVar.
func (*initVarOf) TypeName() string { return "InitVar" }

// Attr is its type.
func (v *initVarOf) Attr(name string) (lang.Value, bool) {
	if name == "type" {
		return v.typ, true
	}
	return nil, false
}

// AttrNames lists type.
func (*initVarOf) AttrNames() []string { return []string{"type"} }

var _ lang.HasAttrs = (*initVarOf)(nil)

// fieldBuiltin is field(*, default=MISSING, ...).
var fieldBuiltin = func() *lang.Builtin {
	b := lang.NewBuiltin(lang.AsValue,
		"field(*, default=None, default_factory=None, init=True, repr=True, hash=None, compare=True, metadata=None, kw_only=None)",
		"A field's options in a dataclass body: x: list = field(default_factory=list).",
		func(a *lang.Args) (lang.Value, error) {
			f := &field{def: a.Value("default"), factory: a.Value("default_factory"), init: a.Bool("init"), repr: a.Bool("repr"),
				hash: a.Value("hash"), compare: a.Bool("compare"), metadata: a.Value("metadata"), kwOnly: a.Value("kw_only")}
			if err := a.Err(); err != nil {
				return nil, err
			}
			if f.def == missing {
				f.def = nil
			}
			if f.factory == missing {
				f.factory = nil
			}
			if f.def != nil && f.factory != nil {
				return nil, lang.Errorf(lang.ValueError, "cannot specify both default and default_factory")
			}
			if f.metadata == lang.None {
				f.metadata = lang.NewDict()
			}
			if f.kwOnly == missing {
				f.kwOnly = lang.None
			}
			return f, nil
		})
	for _, name := range []string{"default", "default_factory", "kw_only"} {
		b.SetDefault(name, missing)
	}
	return b
}()

// fieldClass is dataclasses.Field, for isinstance; fields are made by
// field().
var fieldClass = func() *lang.Builtin {
	b := lang.NewBuiltin(lang.AsValue, "Field(*args)", "The class of a dataclass's fields; make one with field().",
		func(a *lang.Args) (lang.Value, error) {
			return nil, lang.Errorf(lang.TypeError, "kael makes fields with dataclasses.field(), not Field()")
		})
	lang.RegisterClass(b, "dataclasses.Field")
	return b
}()

// dataclassFields returns the fields of a dataclass or of an instance of
// one, and whether it is one.
func dataclassFields(v lang.Value) ([]*field, bool) {
	all, ok := allFields(v)
	var out []*field
	for _, f := range all {
		if f.kind == regular {
			out = append(out, f)
		}
	}
	return out, ok
}

// allFields is dataclassFields with the ClassVar and InitVar
// pseudo-fields.
func allFields(v lang.Value) ([]*field, bool) {
	var cls *lang.UserClass
	switch x := v.(type) {
	case *lang.UserClass:
		cls = x
	case *lang.Instance:
		cls = x.Class()
	default:
		return nil, false
	}
	d, ok := cls.Lookup(fieldsAttr)
	dict, isDict := d.(*lang.Dict)
	if !ok || !isDict {
		return nil, false
	}
	var out []*field
	for _, v := range dict.Values() {
		if f, ok := v.(*field); ok {
			out = append(out, f)
		}
	}
	return out, true
}

// fieldsBuiltin is fields(class_or_instance).
var fieldsBuiltin = lang.NewBuiltin(lang.AsValue, "fields(class_or_instance)",
	"The fields of a dataclass or of its instance, a tuple of Field in definition order.",
	func(a *lang.Args) (lang.Value, error) {
		fs, ok := dataclassFields(a.Value("class_or_instance"))
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "must be called with a dataclass type or instance")
		}
		out := make(lang.Tuple, len(fs))
		for i, f := range fs {
			out[i] = f
		}
		return out, nil
	})

// isDataclassBuiltin is is_dataclass(obj).
var isDataclassBuiltin = lang.NewBuiltin(lang.AsValue, "is_dataclass(obj)",
	"Whether obj is a dataclass or an instance of one.",
	func(a *lang.Args) (lang.Value, error) {
		_, ok := dataclassFields(a.Value("obj"))
		return ok, nil
	})

// params is __dataclass_params__, the options a class was made with.
type params struct{ o options }

// PyRepr is CPython's _DataclassParams(...) text.
func (p *params) PyRepr() string {
	o := p.o
	return fmt.Sprintf("_DataclassParams(init=%s,repr=%s,eq=%s,order=%s,unsafe_hash=%s,frozen=%s)",
		pyBool(o.init), pyBool(o.repr), pyBool(o.eq), pyBool(o.order), pyBool(o.unsafeHash), pyBool(o.frozen))
}

func pyBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}
