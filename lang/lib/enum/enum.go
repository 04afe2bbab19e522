// Package enum is Python's enum module: Enum, IntEnum, Flag, IntFlag and
// StrEnum, auto and unique. A class statement deriving from Enum turns the values its body
// binds into members, objects of the class with .name and .value, as
// EnumType does (lang.ClassHooks stand in for the metaclass): Color(1)
// and Color['RED'] look members up, for c in Color and len(Color) see
// them in definition order, and a member prints as <Color.RED: 1>.
package enum

import (
	"fmt"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// members is an enum class's members: canonical ones in order, and every
// name (aliases included).
type members struct {
	order  []*lang.Instance
	byName map[string]*lang.Instance
	names  []string // every name, in definition order
	// A Flag's canonical members (one bit each, the ones iteration and
	// len see), the OR of their bits, and the composite members made so
	// far (P.R|P.W), one per value as CPython caches them.
	bits   []*lang.Instance
	mask   int64
	pseudo map[int64]*lang.Instance
}

// membersAttr is the class attribute that keeps them.
const membersAttr = "_kael_members_"

// membersOf returns cls's members, nil for a class that has none.
func membersOf(cls *lang.UserClass) *members {
	v, ok := cls.Lookup(membersAttr)
	if !ok {
		return nil
	}
	m, _ := v.(*members)
	return m
}

// autoValue is what auto() returns until the class is made.
type autoValue struct{}

// PyRepr is CPython's text for an unresolved auto.
func (*autoValue) PyRepr() string { return "<enum.auto object>" }

// isMember reports whether a class attribute of an enum body of class cls
// becomes a member: not a dunder, private (__x, which the compiler has
// mangled to _cls__x) or _sunder_ name, not a function or descriptor.
func isMember(cls, name string, v lang.Value) bool {
	sunder := len(name) > 2 && name[0] == '_' && name[1] != '_' && name[len(name)-1] == '_' && name[len(name)-2] != '_'
	private := strings.HasPrefix(name, "_"+strings.TrimLeft(cls, "_")+"__") && !strings.HasSuffix(name, "__")
	if strings.HasPrefix(name, "__") || sunder || private { // dunder, private or _sunder_
		return false
	}
	switch v.(type) {
	case *lang.Function, *lang.Builtin, *lang.UserClass:
		return false
	}
	switch lang.TypeName(v) {
	case "property", "staticmethod", "classmethod", "functools.cached_property":
		return false
	}
	if _, ok := v.(lang.Descriptor); ok {
		return false
	}
	return true
}

// nextValue is Enum._generate_next_value_: one more than the last int
// value, else 1.
func nextValue(values []lang.Value) lang.Value {
	for i := len(values) - 1; i >= 0; i-- {
		if n, ok := values[i].(int64); ok {
			return n + 1
		}
	}
	return int64(1)
}

// made turns the body's values of sub into members.
func made(sub *lang.UserClass) error {
	base := membersOf(sub)
	if base != nil && len(base.order) > 0 {
		return lang.Errorf(lang.TypeError, "<enum '%s'> cannot extend <enum '%s'>", sub.Name, base.order[0].Class().Name)
	}
	m := &members{byName: map[string]*lang.Instance{}, pseudo: map[int64]*lang.Instance{}}
	var values []lang.Value
	flag, strEnum := derivesFrom(sub, flagClass), derivesFrom(sub, strEnumClass)
	if derivesFrom(sub, reprEnumClass) && sub.ValueBase() == "" {
		return lang.Errorf(lang.TypeError, "ReprEnum subclasses must be mixed with a data type (i.e. int, str, float, etc.)")
	}
	for _, name := range sub.OwnNames() {
		v, _ := sub.Own(name)
		if w, ok := v.(*wrapped); ok {
			if !w.member { // nonmember: a plain attribute
				if err := sub.SetAttr(name, w.v); err != nil {
					return err
				}
				continue
			}
			v = w.v
		} else if !isMember(sub.Name, name, v) {
			continue
		}
		if _, ok := v.(*autoValue); ok {
			if gen, own := sub.Lookup("_generate_next_value_"); own && !isBuiltin(gen) {
				fn, err := lang.GetAttr(sub, "_generate_next_value_")
				if err != nil {
					return err
				}
				last := make([]lang.Value, len(values))
				copy(last, values)
				if v, err = lang.NewInstance(sub, nil).Session().CallHook(fn, name, int64(1), int64(len(m.names)), &lang.List{Elems: last}); err != nil {
					return err
				}
			}
		}
		if _, ok := v.(*autoValue); ok {
			switch {
			case flag:
				v = nextFlagValue(values)
			case strEnum:
				v = strings.ToLower(name)
			default:
				v = nextValue(values)
			}
		}
		if _, ok := v.(string); strEnum && !ok {
			r, _ := lang.ReprText(v)
			return lang.Errorf(lang.TypeError, "%s is not a string", r)
		}
		var native lang.Value // the value of a member of class Color(int, Enum)
		if vb := sub.ValueBase(); vb != "" {
			// the value is the data type's: IntEnum's A = '2' is 2, as
			// CPython's _value_ = member_type(*args)
			ctor, _ := lang.LookupBuiltin(vb)
			args := []lang.Value{v}
			if t, isTuple := v.(lang.Tuple); isTuple && vb != "tuple" { // a tuple is the arguments, except to tuple
				args = t
			}
			nv, err := lang.NewInstance(sub, nil).Session().CallHook(ctor, args...)
			if err != nil {
				return err
			}
			native, v = nv, nv
		}
		if flag {
			if _, ok := v.(int64); !ok {
				return lang.Errorf(lang.TypeError, "%s: Flag members must be ints in kael, not %s", name, lang.TypeName(v))
			}
		}
		var member *lang.Instance
		for _, existing := range m.order {
			if ev, _ := existing.Attr("_value_"); lang.Equal(ev, v) {
				member = existing // an alias
				break
			}
		}
		if member == nil {
			member = lang.NewInstance(sub, nil)
			if native != nil { // class Color(str, Enum): the member is that str
				if err := member.SetValue(native); err != nil {
					return err
				}
				if h, ok := sub.ValueHash(); ok {
					_ = sub.SetAttr("__hash__", h) // hashes as its value, not Enum's name
				}
			}
			member.SetOwn("_value_", v)
			member.SetOwn("_name_", name)
			if init, ok := sub.Lookup("__init__"); ok {
				if _, isFn := init.(*lang.Function); isFn {
					args := []lang.Value{v}
					if t, isTuple := v.(lang.Tuple); isTuple {
						args = t
					}
					bound, _ := member.Method("__init__")
					if _, err := member.Session().CallHook(bound, args...); err != nil {
						return err
					}
				}
			}
			m.order = append(m.order, member)
			values = append(values, v)
			if n, _ := v.(int64); flag && n > 0 && n&(n-1) == 0 {
				m.bits = append(m.bits, member)
				m.mask |= n
			}
		}
		m.byName[name] = member
		m.names = append(m.names, name)
		if err := sub.SetAttr(name, member); err != nil {
			return err
		}
	}
	byName := lang.NewDict()
	for _, n := range m.names {
		_ = byName.Set(n, m.byName[n])
	}
	canonical := m.order
	if flag {
		canonical = m.bits
	}
	names := make([]lang.Value, len(canonical))
	for i, x := range canonical {
		names[i], _ = x.Attr("_name_")
	}
	for attr, v := range map[string]lang.Value{membersAttr: m, "__members__": byName, "_member_map_": byName, "_member_names_": &lang.List{Elems: names}} {
		if err := sub.SetAttr(attr, v); err != nil {
			return err
		}
	}
	return nil
}

// isBuiltin reports whether v is a function written in Go.
func isBuiltin(v lang.Value) bool {
	_, ok := v.(*lang.Builtin)
	return ok
}

// derivesFrom reports whether c is base or derives from it.
func derivesFrom(c, base *lang.UserClass) bool {
	for _, k := range c.Bases() {
		if k == base {
			return true
		}
	}
	return false
}

// lookupValue is Color(value): the member with that value.
func lookupValue(cls *lang.UserClass, pos []lang.Value, kwNames []string, kwVals []lang.Value) (lang.Value, bool, error) {
	m := membersOf(cls)
	if len(pos) != 1 || len(kwNames) > 0 {
		if m == nil || len(m.order) == 0 {
			c, err := functional(cls, pos, kwNames, kwVals)
			return c, true, err
		}
		return nil, true, lang.Errorf(lang.TypeError, "%s() takes 1 positional argument but %d were given", cls.Name, len(pos)+len(kwNames))
	}
	v := pos[0]
	if n, ok := v.(int64); ok && m != nil && derivesFrom(cls, flagClass) {
		return flagMember(cls, m, n), true, nil
	}
	if m != nil {
		for _, x := range m.order {
			if lang.Value(x) == v {
				return x, true, nil
			}
		}
		for _, x := range m.order {
			if xv, _ := x.Attr("_value_"); lang.Equal(xv, v) {
				return x, true, nil
			}
		}
	}
	if m != nil {
		if x, err := missing(cls, v); x != nil || err != nil {
			return x, true, err
		}
	}
	return nil, true, lang.Errorf(lang.ValueError, "%s is not a valid %s", lang.Repr(v), qualname(cls))
}

func qualname(cls *lang.UserClass) string {
	if q, ok := cls.Attr("__qualname__"); ok {
		if s, ok := q.(string); ok {
			return s
		}
	}
	return cls.Name
}

var hooks = &lang.ClassHooks{
	Call: lookupValue,
	// EnumType.__repr__: <flag 'Perm'> for a Flag class, <enum 'Color'>
	// for the others
	Repr: func(cls *lang.UserClass) string {
		if derivesFrom(cls, flagClass) {
			return "<flag '" + cls.Name + "'>"
		}
		return "<enum '" + cls.Name + "'>"
	},
	Iter: func(cls *lang.UserClass) ([]lang.Value, bool) {
		m := membersOf(cls)
		if m == nil {
			return nil, true
		}
		canonical := m.order
		if derivesFrom(cls, flagClass) {
			canonical = m.bits
		}
		out := make([]lang.Value, len(canonical))
		for i, x := range canonical {
			out[i] = x
		}
		return out, true
	},
	GetItem: func(cls *lang.UserClass, key lang.Value) (lang.Value, bool, error) {
		if m := membersOf(cls); m != nil {
			if name, ok := key.(string); ok {
				if x, ok := m.byName[name]; ok {
					return x, true, nil
				}
			}
		}
		return nil, true, lang.Errorf(lang.KeyError, "%s", lang.Repr(key))
	},
	Contains: func(cls *lang.UserClass, v lang.Value) (bool, bool, error) {
		x, ok := v.(*lang.Instance)
		if !ok || membersOf(x.Class()) == nil {
			return false, true, lang.Errorf(lang.TypeError, "unsupported operand type(s) for 'in': '%s' and 'EnumType'", lang.TypeName(v))
		}
		if derivesFrom(cls, flagClass) { // a composite flag is no member of its class
			name, _ := field(x, "_name_").(string)
			return x.Class() == cls && membersOf(cls).byName[name] == x, true, nil
		}
		return x.Class() == cls || derivesFrom(x.Class(), cls), true, nil
	},
}

// memberMethod writes a method of Enum's members.
func memberMethod(sig, doc string, fn func(a *lang.Args, x *lang.Instance) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
		x, ok := a.Value("self").(*lang.Instance)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "an enum's method needs a member, not %s", lang.TypeName(a.Value("self")))
		}
		return fn(a, x)
	}).BindingSelf()
}

func field(x *lang.Instance, name string) lang.Value {
	v, _ := x.Attr(name)
	return v
}

// enumClass, intEnumClass, ... are Enum, IntEnum, ..., made by buildModule.
var enumClass, intEnumClass, flagClass, intFlagClass, strEnumClass *lang.UserClass

func newEnumClasses() (*lang.UserClass, *lang.UserClass) {
	e, err := lang.NewClass("Enum", "enum")
	if err != nil {
		panic(err)
	}
	hooks.Made = made
	e.SetClassHooks(hooks)
	set := func(c *lang.UserClass, name string, v lang.Value) { _ = c.SetAttr(name, v) }
	set(e, "__doc__", "Create a collection of name/value pairs.")
	set(e, "__repr__", memberMethod("__repr__(self)", "<Color.RED: 1>.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		r, err := lang.ReprText(field(x, "_value_"))
		return fmt.Sprintf("<%s.%s: %s>", x.Class().Name, lang.Str(field(x, "_name_")), r), err
	}))
	set(e, "__str__", memberMethod("__str__(self)", "Color.RED.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		return x.Class().Name + "." + lang.Str(field(x, "_name_")), nil
	}))
	set(e, "__hash__", memberMethod("__hash__(self)", "The hash of the member's name.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		hash, _ := lang.LookupBuiltin("hash")
		return a.Call(hash, field(x, "_name_"))
	}))
	set(e, "__reduce_ex__", memberMethod("__reduce_ex__(self, proto)", "(getattr, (Color, 'RED')): pickle and copy find the member by its name, the same object; a composite flag by its value, (Perm, (6,)).", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		name, named := field(x, "_name_").(string)
		if m := membersOf(x.Class()); named && m != nil && m.byName[name] == x {
			getattr, _ := lang.LookupBuiltin("getattr")
			return lang.Tuple{getattr, lang.Tuple{x.Class(), name}}, nil
		}
		return lang.Tuple{x.Class(), lang.Tuple{field(x, "_value_")}}, nil
	}))
	set(e, "name", &memberField{"_name_"})
	set(e, "value", &memberField{"_value_"})
	reprEnumClass, err = lang.NewClass("ReprEnum", "enum", e)
	if err != nil {
		panic(err)
	}
	set(reprEnumClass, "__doc__", "Only changes the repr(), leaving str() and format() to the mixed-in type.")
	// IntEnum derives from int, as CPython's: its members are ints, which
	// compute, compare, hash and format as their values
	ie, err := lang.NewValueClass("IntEnum", "enum", "int", reprEnumClass)
	if err != nil {
		panic(err)
	}
	set(ie, "__doc__", "Enum where members are also (and must be) ints.")
	set(ie, "__str__", memberMethod("__str__(self)", "The value's text, as an int's.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		return lang.Str(field(x, "_value_")), nil
	}))
	return e, ie
}

// memberField is Enum's name and value: the member's _name_ and _value_.
type memberField struct{ attr string }

// Get reads the field of a member.
func (f *memberField) Get(obj lang.Value) (lang.Value, error) {
	x, ok := obj.(*lang.Instance)
	if !ok {
		return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute '%s'", lang.TypeName(obj), strings.Trim(f.attr, "_"))
	}
	v, ok := x.Attr(f.attr)
	if !ok {
		return nil, lang.Errorf(lang.AttributeError, "'%s' object has no attribute '%s'", x.Class().Name, strings.Trim(f.attr, "_"))
	}
	return v, nil
}

// TypeName is what CPython's is: a property of the class.
func (f *memberField) TypeName() string { return "property" }

var enumModule = &lang.Module{Name: "enum", Attrs: map[string]lang.Value{
	"auto": lang.NewBuiltin(lang.AsValue, "auto()", "The next value, as the enum chooses it: one more than the last int value, 1 first.",
		func(a *lang.Args) (lang.Value, error) { return &autoValue{}, nil }),
	"unique": lang.NewBuiltin(lang.AsValue, "unique(enumeration)", "A class decorator that refuses an enum with aliases (two names, one value).",
		func(a *lang.Args) (lang.Value, error) {
			cls, ok := a.Value("enumeration").(*lang.UserClass)
			m := (*members)(nil)
			if ok {
				m = membersOf(cls)
			}
			if m == nil {
				return nil, lang.Errorf(lang.TypeError, "unique() needs an enum class")
			}
			var dups []string
			for _, n := range m.names {
				if canonical := lang.Str(field(m.byName[n], "_name_")); canonical != n {
					dups = append(dups, n+" -> "+canonical)
				}
			}
			if len(dups) > 0 {
				return nil, lang.Errorf(lang.ValueError, "duplicate values found in <enum '%s'>: %s", cls.Name, strings.Join(dups, ", "))
			}
			return cls, nil
		}),
}}

func init() {
	lang.RegisterModule("enum", "Python's enum: Enum, IntEnum, Flag, IntFlag, StrEnum, ReprEnum, auto, unique, verify, member, nonmember, global_enum and the functional API Enum('Color', 'RED GREEN').", buildModule)
}

// buildModule makes the enum classes and the module's attributes, the
// first time enum is imported: a program that never imports it does not
// keep them in the heap every collection marks.
func buildModule() *lang.Module {
	enumClass, intEnumClass = newEnumClasses()
	flagClass, intFlagClass = newFlagClasses(enumClass)
	strEnumClass = newStrEnumClass(reprEnumClass)
	initExtra()
	enumModule.Attrs["Enum"], enumModule.Attrs["IntEnum"] = enumClass, intEnumClass
	enumModule.Attrs["Flag"], enumModule.Attrs["IntFlag"], enumModule.Attrs["StrEnum"] = flagClass, intFlagClass, strEnumClass
	return enumModule
}
