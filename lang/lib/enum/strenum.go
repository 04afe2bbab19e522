package enum

import (
	"github.com/kael-dev/kael/lang"
)

// StrEnum: members whose values are strings (auto() is the name in lower
// case). It derives from str, as CPython's: a member is a str, whose
// methods, operators, hash and format are the value's; str() is the value.

func newStrEnumClass(e *lang.UserClass) *lang.UserClass {
	s, err := lang.NewValueClass("StrEnum", "enum", "str", e)
	if err != nil {
		panic(err)
	}
	set := func(name string, v lang.Value) { _ = s.SetAttr(name, v) }
	set("__doc__", "Enum where members are also (and must be) strings")
	set("__str__", memberMethod("__str__(self)", "The value.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		return field(x, "_value_"), nil
	}))
	return s
}
