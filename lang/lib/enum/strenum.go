package enum

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// StrEnum: members whose values are strings (auto() is the name in lower
// case) and that stand for them: str() and format() are the value, they
// compare, hash, concatenate, index and iterate as it, and its methods
// (upper, split, ...) are theirs. kael's classes do not derive from str,
// so isinstance(member, str) is False.

func newStrEnumClass(e *lang.UserClass) *lang.UserClass {
	s, err := lang.NewClass("StrEnum", "enum", e)
	if err != nil {
		panic(err)
	}
	set := func(name string, v lang.Value) { _ = s.SetAttr(name, v) }
	set("__doc__", "Enum where members are also (and must be) strings")
	set("__str__", memberMethod("__str__(self)", "The value.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		return field(x, "_value_"), nil
	}))
	set("__format__", memberMethod("__format__(self, format_spec)", "format() of the value.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		spec, ok := a.Value("format_spec").(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "format() argument 2 must be str, not %s", lang.TypeName(a.Value("format_spec")))
		}
		return lang.Format(field(x, "_value_"), spec)
	}))
	set("__hash__", valueHash())
	for _, op := range []struct {
		name string
		tok  syntax.Token
	}{{"eq", syntax.EQL}, {"ne", syntax.NEQ}, {"lt", syntax.LT}, {"le", syntax.LE}, {"gt", syntax.GT}, {"ge", syntax.GE},
		{"add", syntax.PLUS}, {"mul", syntax.STAR}, {"mod", syntax.PERCENT}} {
		set("__"+op.name+"__", intOp("__"+op.name+"__", op.tok, false))
		if op.name == "add" || op.name == "mul" {
			set("__r"+op.name+"__", intOp("__r"+op.name+"__", op.tok, true))
		}
	}
	set("__len__", memberMethod("__len__(self)", "The value's length.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		return lang.Len(field(x, "_value_"))
	}))
	set("__getitem__", memberMethod("__getitem__(self, key)", "The value indexed.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		return lang.Index(field(x, "_value_"), []lang.Subscript{{Value: a.Value("key")}})
	}))
	set("__iter__", memberMethod("__iter__(self)", "The value's characters.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		iter, _ := lang.LookupBuiltin("iter")
		return a.Call(iter, field(x, "_value_"))
	}))
	set("__contains__", memberMethod("__contains__(self, other)", "Whether other is a substring of the value.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		return a.Compare(syntax.IN, asValue(a.Value("other")), field(x, "_value_"))
	}))
	set("__getattr__", memberMethod("__getattr__(self, name)", "The value's attribute: its str methods.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		name, ok := a.Value("name").(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "attribute name must be string, not '%s'", lang.TypeName(a.Value("name")))
		}
		return lang.GetAttr(field(x, "_value_"), name)
	}))
	return s
}
