package enum

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// The rest of CPython 3.11's enum: FlagBoundary and EnumCheck (enums of
// the module's own, with STRICT, CONFORM, EJECT, KEEP, CONTINUOUS,
// NAMED_FLAGS and UNIQUE at module level), verify, member and nonmember,
// property, ReprEnum, global_enum and its reprs, EnumType (EnumMeta) for
// isinstance, the functional API Enum('Color', 'RED GREEN') and
// _missing_ (enum.go's lookupValue).

// wrapped is enum.member(value) or enum.nonmember(value): the class body
// says whether value becomes a member, whatever it is.
type wrapped struct {
	v      lang.Value
	member bool
}

func (w *wrapped) TypeName() string {
	if w.member {
		return "enum.member"
	}
	return "enum.nonmember"
}

func (w *wrapped) PyRepr() string { return "<" + w.TypeName() + " object>" }

func (w *wrapped) Attr(name string) (lang.Value, bool) {
	if name == "value" {
		return w.v, true
	}
	return nil, false
}

func (w *wrapped) AttrNames() []string { return []string{"value"} }

var _ lang.HasAttrs = (*wrapped)(nil)

// enumType is EnumType (and EnumMeta): the metaclass of enums, which
// kael's enum classes do not have (their type() is type), so it stands
// for it in isinstance(Color, EnumType) and issubclass.
type enumType struct{}

func (enumType) TypeName() string { return "type" }
func (enumType) PyRepr() string   { return "<class 'enum.EnumType'>" }

// InstanceCheck is isinstance(obj, EnumType): obj is an enum class.
func (enumType) InstanceCheck(obj lang.Value) (bool, error) {
	c, ok := obj.(*lang.UserClass)
	return ok && derivesFrom(c, enumClass), nil
}

// SubclassCheck is issubclass(cls, EnumType): only EnumType itself.
func (enumType) SubclassCheck(cls lang.Value) (bool, error) {
	_, ok := cls.(enumType)
	return ok, nil
}

var _ lang.InstanceChecker = enumType{}

// newValueEnum makes, from Go, an enum of the module deriving from base
// with these members (name, value), as its class statement would.
func newValueEnum(name string, base *lang.UserClass, members [][2]string) *lang.UserClass {
	c, err := lang.NewClass(name, "enum", base)
	if err != nil {
		panic(err)
	}
	for _, m := range members {
		_ = c.SetAttr(m[0], m[1])
	}
	if err := made(c); err != nil {
		panic(err)
	}
	return c
}

// check is one EnumCheck of verify.
func check(cls *lang.UserClass, m *members, which string) error {
	flag := derivesFrom(cls, flagClass)
	switch which {
	case "UNIQUE":
		var dups []string
		for _, n := range m.names {
			if canonical := lang.Str(field(m.byName[n], "_name_")); canonical != n {
				dups = append(dups, n+" -> "+canonical)
			}
		}
		if len(dups) > 0 {
			return lang.Errorf(lang.ValueError, "aliases found in <enum '%s'>: %s", cls.Name, strings.Join(dups, ", "))
		}
	case "CONTINUOUS":
		canonical := m.order
		if flag {
			canonical = m.bits
		}
		values := map[int64]bool{}
		var low, high int64
		for i, x := range canonical {
			n, ok := field(x, "_value_").(int64)
			if !ok {
				return lang.Errorf(lang.TypeError, "'<' not supported between instances of '%s' and 'int'", lang.TypeName(field(x, "_value_")))
			}
			values[n] = true
			if i == 0 || n < low {
				low = n
			}
			if i == 0 || n > high {
				high = n
			}
		}
		if len(values) < 2 {
			return nil
		}
		var missing []string
		kind := "enum"
		if flag {
			kind = "flag"
			for i := bits.Len64(uint64(low)); i < bits.Len64(uint64(high))-1; i++ {
				if !values[int64(1)<<i] {
					missing = append(missing, fmt.Sprint(int64(1)<<i))
				}
			}
		} else {
			for i := low + 1; i < high; i++ {
				if !values[i] {
					missing = append(missing, fmt.Sprint(i))
				}
			}
		}
		if len(missing) > 0 {
			msg := fmt.Sprintf("invalid %s '%s': missing values %s", kind, cls.Name, strings.Join(missing, ", "))
			if len(msg) > 256 {
				msg = msg[:256]
			}
			return lang.Errorf(lang.ValueError, "%s", msg)
		}
	case "NAMED_FLAGS":
		canonical := map[int64]bool{}
		isCanonical := map[string]bool{}
		for _, x := range m.bits {
			canonical[flagValue(x)] = true
			isCanonical[lang.Str(field(x, "_name_"))] = true
		}
		var names []string
		var missed int64
		for _, n := range m.names {
			x := m.byName[n]
			v, _ := field(x, "_value_").(int64)
			if isCanonical[n] || v < 0 {
				continue
			}
			miss := int64(0)
			for b := v; b != 0; b &= b - 1 {
				if bit := b & -b; !canonical[bit] {
					miss |= bit
				}
			}
			if miss != 0 {
				names = append(names, n)
				missed |= miss
			}
		}
		if len(names) > 0 {
			alias := "alias " + names[0] + " is missing"
			if len(names) > 1 {
				alias = "aliases " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " are missing"
			}
			value := fmt.Sprintf("combined values of 0x%x", missed)
			if missed&(missed-1) == 0 {
				value = fmt.Sprintf("value 0x%x", missed)
			}
			return lang.Errorf(lang.ValueError, "invalid Flag '%s': %s %s [use enum.show_flag_values(value) for details]", cls.Name, alias, value)
		}
	}
	return nil
}

var verify = lang.NewBuiltin(lang.AsValue, "verify(*checks)",
	"A class decorator that checks an enum for the EnumCheck constraints given: UNIQUE (no aliases), CONTINUOUS (no skipped integer values; bits for a Flag), NAMED_FLAGS (a Flag's aliases name no unnamed bits); ValueError when one fails.",
	func(a *lang.Args) (lang.Value, error) {
		checks := a.Value("checks").(lang.Tuple)
		var which []string
		for _, c := range checks {
			x, ok := c.(*lang.Instance)
			if !ok || x.Class() != enumCheckClass {
				which = append(which, "")
				continue
			}
			which = append(which, lang.Str(field(x, "_name_")))
		}
		return lang.NewBuiltin(lang.AsValue, "verify(enumeration)", "Checks the enum enumeration and returns it.", func(a *lang.Args) (lang.Value, error) {
			cls, ok := a.Value("enumeration").(*lang.UserClass)
			if !ok || !derivesFrom(cls, enumClass) {
				return nil, lang.Errorf(lang.TypeError, "the 'verify' decorator only works with Enum and Flag")
			}
			m := membersOf(cls)
			if m == nil {
				return cls, nil
			}
			for _, w := range which {
				if err := check(cls, m, w); err != nil {
					return nil, err
				}
			}
			return cls, nil
		}), nil
	})

// moduleName is the last part of cls's __module__, as global_enum's
// reprs write it.
func moduleName(cls *lang.UserClass) string {
	v, _ := cls.Attr("__module__")
	s, _ := v.(string)
	return s[strings.LastIndex(s, ".")+1:]
}

var globalEnumRepr = memberMethod("global_enum_repr(self)", "module.NAME, the repr of a member of a global_enum.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
	return moduleName(x.Class()) + "." + lang.Str(field(x, "_name_")), nil
})

var globalFlagRepr = memberMethod("global_flag_repr(self)", "module.A|module.B, the repr of a member of a global_enum Flag; module.Cls(value) for one with no name.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
	mod := moduleName(x.Class())
	name, ok := field(x, "_name_").(string)
	if !ok {
		return fmt.Sprintf("%s.%s(%s)", mod, x.Class().Name, lang.Repr(field(x, "_value_"))), nil
	}
	parts := strings.Split(name, "|")
	for i, p := range parts {
		if p != "" && (p[0] < '0' || p[0] > '9') {
			parts[i] = mod + "." + p
		}
	}
	return strings.Join(parts, "|"), nil
})

var globalStr = memberMethod("global_str(self)", "NAME, the str of a member of a global_enum; Cls(value) for one with no name.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
	name, ok := field(x, "_name_").(string)
	if !ok {
		return fmt.Sprintf("%s(%s)", x.Class().Name, lang.Repr(field(x, "_value_"))), nil
	}
	return name, nil
})

var globalEnum = lang.NewBuiltin(lang.AsValue, "global_enum(cls, update_str=False)",
	"A class decorator that puts the enum's members in its module's globals and makes their repr module.NAME (and their str NAME, unless the enum is an IntEnum, IntFlag or StrEnum and update_str is false), as re.IGNORECASE.",
	func(a *lang.Args) (lang.Value, error) {
		cls, ok := a.Value("cls").(*lang.UserClass)
		m := (*members)(nil)
		if ok {
			m = membersOf(cls)
		}
		if m == nil {
			return nil, lang.Errorf(lang.TypeError, "global_enum() needs an enum class")
		}
		repr := globalEnumRepr
		if derivesFrom(cls, flagClass) {
			repr = globalFlagRepr
		}
		if err := cls.SetAttr("__repr__", repr); err != nil {
			return nil, err
		}
		if !derivesFrom(cls, reprEnumClass) || a.Bool("update_str") {
			if err := cls.SetAttr("__str__", globalStr); err != nil {
				return nil, err
			}
		}
		modName, _ := cls.Attr("__module__")
		mod, found, err := a.Session().ImportedModules().Get(modName)
		if err != nil || !found {
			return cls, err
		}
		for _, n := range m.names {
			if err := lang.SetAttr(mod, n, m.byName[n]); err != nil {
				return nil, err
			}
		}
		return cls, nil
	})

// functional is the functional API: Enum('Color', 'RED GREEN'), or
// names as a list of names, of (name, value) pairs, or a mapping; start
// is the first auto value, module and qualname the class's.
func functional(cls *lang.UserClass, pos []lang.Value, kwNames []string, kwVals []lang.Value) (lang.Value, error) {
	if len(pos) > 2 {
		return nil, lang.Errorf(lang.TypeError, "EnumType.__call__() takes from 2 to 3 positional arguments but %d were given", len(pos)+1)
	}
	var names lang.Value = lang.None
	module, qualname := lang.Value("__main__"), lang.Value(lang.None)
	start := int64(1)
	if len(pos) == 2 {
		names = pos[1]
	}
	for i, k := range kwNames {
		switch k {
		case "names":
			names = kwVals[i]
		case "module":
			module = kwVals[i]
		case "qualname":
			qualname = kwVals[i]
		case "start":
			n, ok := lang.AsInt(kwVals[i])
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "start must be an int, not %s", lang.TypeName(kwVals[i]))
			}
			start = n
		case "boundary":
		case "type":
			if kwVals[i] != lang.None {
				return nil, lang.Errorf(lang.TypeError, "kael's enums take no mixed-in type=: derive from IntEnum or StrEnum")
			}
		default:
			return nil, lang.Errorf(lang.TypeError, "EnumType.__call__() got an unexpected keyword argument '%s'", k)
		}
	}
	if len(pos) == 0 {
		return nil, lang.Errorf(lang.TypeError, "EnumType.__call__() missing 1 required positional argument: 'value'")
	}
	name, ok := pos[0].(string)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "kael's Enum(...) makes a class from a name and names: Enum('Color', 'RED GREEN')")
	}
	if names == lang.None {
		return nil, lang.Errorf(lang.TypeError, "%s() missing names: Enum('%s', 'A B') makes the class", cls.Name, name)
	}
	if s, ok := names.(string); ok {
		var elems []lang.Value
		for _, n := range strings.Fields(strings.ReplaceAll(s, ",", " ")) {
			elems = append(elems, n)
		}
		names = &lang.List{Elems: elems}
	}
	var pairs [][2]lang.Value
	if d, ok := names.(*lang.Dict); ok {
		for _, k := range d.Keys() {
			v, _, _ := d.Get(k)
			pairs = append(pairs, [2]lang.Value{k, v})
		}
	} else {
		items, err := lang.Collect(names)
		if err != nil {
			return nil, err
		}
		auto := derivesFrom(cls, flagClass) || derivesFrom(cls, strEnumClass)
		for i, it := range items {
			if n, ok := it.(string); ok {
				var v lang.Value = start + int64(i)
				if auto {
					v = &autoValue{}
				}
				pairs = append(pairs, [2]lang.Value{n, v})
				continue
			}
			kv, err := lang.Collect(it)
			if err != nil || len(kv) != 2 {
				return nil, lang.Errorf(lang.TypeError, "Enum names must be strings or (name, value) pairs, not %s", lang.Repr(it))
			}
			pairs = append(pairs, [2]lang.Value{kv[0], kv[1]})
		}
	}
	if qualname != lang.None && qualname != name {
		return nil, lang.Errorf(lang.TypeError, "kael's classes keep their name as __qualname__: qualname=%s cannot be set", lang.Repr(qualname))
	}
	c, err := lang.NewClass(name, lang.Str(module), cls)
	if err != nil {
		return nil, err
	}
	for _, p := range pairs {
		n, ok := p[0].(string)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "member names must be strings, not %s", lang.TypeName(p[0]))
		}
		if err := c.SetAttr(n, p[1]); err != nil {
			return nil, err
		}
	}
	return c, made(c)
}

// missing calls cls._missing_(v), a classmethod the enum defines, when
// no member has the value v: its member, or nil for None.
func missing(cls *lang.UserClass, v lang.Value) (lang.Value, error) {
	if _, ok := cls.Lookup("_missing_"); !ok {
		return nil, nil
	}
	fn, err := lang.GetAttr(cls, "_missing_")
	if err != nil {
		return nil, err
	}
	r, err := lang.NewInstance(cls, nil).Session().CallHook(fn, v)
	if err != nil || r == lang.None {
		return nil, err
	}
	if x, ok := r.(*lang.Instance); ok && derivesFrom(x.Class(), cls) {
		return x, nil
	}
	return nil, lang.Errorf(lang.TypeError, "error in %s._missing_: returned %s instead of None or a valid member", cls.Name, lang.Repr(r))
}

var enumCheckClass, flagBoundaryClass, reprEnumClass *lang.UserClass

func initExtra() {
	flagBoundaryClass = newValueEnum("FlagBoundary", strEnumClass, [][2]string{{"STRICT", "strict"}, {"CONFORM", "conform"}, {"EJECT", "eject"}, {"KEEP", "keep"}})
	enumCheckClass = newValueEnum("EnumCheck", strEnumClass, [][2]string{{"CONTINUOUS", "no skipped integer values"}, {"NAMED_FLAGS", "multi-flag aliases may not contain unnamed flags"}, {"UNIQUE", "one name per value"}})
	attrs := enumModule.Attrs
	for _, c := range []*lang.UserClass{flagBoundaryClass, enumCheckClass} {
		attrs[c.Name] = c
		for _, n := range membersOf(c).names {
			attrs[n] = membersOf(c).byName[n]
		}
	}
	attrs["ReprEnum"] = reprEnumClass
	attrs["EnumType"], attrs["EnumMeta"] = enumType{}, enumType{}
	attrs["verify"] = verify
	attrs["global_enum"] = globalEnum
	attrs["global_enum_repr"], attrs["global_flag_repr"], attrs["global_str"] = globalEnumRepr, globalFlagRepr, globalStr
	attrs["member"] = lang.NewBuiltin(lang.AsValue, "member(value)", "Makes value a member of the enum whose class body binds it, even a function.",
		func(a *lang.Args) (lang.Value, error) { return &wrapped{v: a.Value("value"), member: true}, nil })
	attrs["nonmember"] = lang.NewBuiltin(lang.AsValue, "nonmember(value)", "Keeps value a plain class attribute of the enum whose class body binds it, not a member.",
		func(a *lang.Args) (lang.Value, error) { return &wrapped{v: a.Value("value")}, nil })
	property, _ := lang.LookupBuiltin("property")
	attrs["property"] = property
}
