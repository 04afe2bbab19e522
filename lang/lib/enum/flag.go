package enum

import (
	"math/bits"
	"strconv"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// Flag and IntFlag: members whose values are bits, combined with |, &, ^
// and ~ into composite members (P.R|P.W prints <P.R|W: 6>), as CPython
// 3.11's are. A Flag drops bits no member names (CONFORM: P(8) is P(0));
// an IntFlag keeps them (KEEP: I(12) is <I.R|8: 12>) and computes and
// compares as its int value.

// nextFlagValue is Flag._generate_next_value_: the power of two above
// the highest value so far, 1 first.
func nextFlagValue(values []lang.Value) lang.Value {
	high := int64(0)
	for _, v := range values {
		if n, ok := v.(int64); ok && n > high {
			high = n
		}
	}
	if high <= 0 {
		return int64(1)
	}
	return int64(1) << bits.Len64(uint64(high))
}

// flagMember is cls(n): the member with value n, or the composite one,
// made once per value.
func flagMember(cls *lang.UserClass, m *members, n int64) *lang.Instance {
	keep := derivesFrom(cls, intFlagClass)
	if n < 0 {
		n = m.mask + 1 + n
		if n < 0 {
			n &= m.mask
		}
	}
	if !keep {
		n &= m.mask
	}
	for _, x := range m.order {
		if v, _ := field(x, "_value_").(int64); v == n {
			return x
		}
	}
	if x, ok := m.pseudo[n]; ok {
		return x
	}
	var names []string
	for _, b := range m.bits {
		if v, _ := field(b, "_value_").(int64); n&v != 0 {
			names = append(names, lang.Str(field(b, "_name_")))
		}
	}
	var name lang.Value = lang.None
	if len(names) > 0 {
		if extra := n &^ m.mask; extra != 0 {
			names = append(names, strconv.FormatInt(extra, 10))
		}
		name = strings.Join(names, "|")
	}
	x := lang.NewInstance(cls, nil)
	if cls.ValueBase() != "" { // an IntFlag's composite member is an int too
		_ = x.SetValue(n)
	}
	x.SetOwn("_value_", n)
	x.SetOwn("_name_", name)
	m.pseudo[n] = x
	return x
}

// flagValue is a flag member's value.
func flagValue(x *lang.Instance) int64 {
	n, _ := field(x, "_value_").(int64)
	return n
}

// bitOp is | & or ^ of flag members: a member of the class; an IntFlag
// takes ints too. Anything else is NotImplemented.
func bitOp(name string, op func(a, b int64) int64, ints bool) *lang.Builtin {
	return memberMethod(name+"(self, other)", "The member of the bits of both.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		var o int64
		switch y := a.Value("other").(type) {
		case *lang.Instance:
			if y.Class() != x.Class() {
				return lang.NotImplemented, nil
			}
			o = flagValue(y)
		case int64:
			if !ints {
				return lang.NotImplemented, nil
			}
			o = y
		default:
			return lang.NotImplemented, nil
		}
		cls := x.Class()
		return flagMember(cls, membersOf(cls), op(flagValue(x), o)), nil
	})
}

// setBitOps gives c's members | & ^, both ways round.
func setBitOps(c *lang.UserClass, ints bool) {
	for _, op := range []struct {
		name string
		fn   func(a, b int64) int64
	}{{"or", func(a, b int64) int64 { return a | b }}, {"and", func(a, b int64) int64 { return a & b }}, {"xor", func(a, b int64) int64 { return a ^ b }}} {
		_ = c.SetAttr("__"+op.name+"__", bitOp("__"+op.name+"__", op.fn, ints))
		_ = c.SetAttr("__r"+op.name+"__", bitOp("__r"+op.name+"__", op.fn, ints))
	}
}

// setBits lists the canonical members whose bits x has.
func setBits(x *lang.Instance) []lang.Value {
	n := flagValue(x)
	var out []lang.Value
	for _, b := range membersOf(x.Class()).bits {
		if v := flagValue(b); n&v != 0 {
			out = append(out, b)
		}
	}
	return out
}

func newFlagClasses(e *lang.UserClass) (*lang.UserClass, *lang.UserClass) {
	f, err := lang.NewClass("Flag", "enum", e)
	if err != nil {
		panic(err)
	}
	set := func(c *lang.UserClass, name string, v lang.Value) { _ = c.SetAttr(name, v) }
	set(f, "__doc__", "Support for flags")
	set(f, "__repr__", memberMethod("__repr__(self)", "<Perm.R|W: 6>, <Perm: 0> for no named bits.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		r, err := lang.ReprText(field(x, "_value_"))
		if name, ok := field(x, "_name_").(string); ok {
			return "<" + x.Class().Name + "." + name + ": " + r + ">", err
		}
		return "<" + x.Class().Name + ": " + r + ">", err
	}))
	set(f, "__str__", memberMethod("__str__(self)", "Perm.R|W, Perm(0) for no named bits.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		if name, ok := field(x, "_name_").(string); ok {
			return x.Class().Name + "." + name, nil
		}
		return x.Class().Name + "(" + lang.Str(field(x, "_value_")) + ")", nil
	}))
	setBitOps(f, false)
	invert := memberMethod("__invert__(self)", "The member of the class's other bits.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		m := membersOf(x.Class())
		return flagMember(x.Class(), m, m.mask&^flagValue(x)), nil
	})
	set(f, "__invert__", invert)
	set(f, "__contains__", memberMethod("__contains__(self, other)", "Whether other's bits are all in self.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		y, ok := a.Value("other").(*lang.Instance)
		if !ok || !derivesFrom(y.Class(), x.Class()) {
			return nil, lang.Errorf(lang.TypeError, "unsupported operand type(s) for 'in': '%s' and '%s'", lang.TypeName(a.Value("other")), x.Class().Name)
		}
		return flagValue(y)&flagValue(x) == flagValue(y), nil
	}))
	set(f, "__iter__", memberMethod("__iter__(self)", "The canonical members whose bits self has, in definition order.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		return lang.NewIterator("generator", setBits(x)), nil
	}))
	set(f, "__len__", memberMethod("__len__(self)", "How many canonical members self has.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		return int64(len(setBits(x))), nil
	}))
	set(f, "__bool__", memberMethod("__bool__(self)", "Whether any bit is set.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		return flagValue(x) != 0, nil
	}))

	// IntFlag derives from int, as CPython's: its members, composite ones
	// included, are ints
	fi, err := lang.NewValueClass("IntFlag", "enum", "int", reprEnumClass, f)
	if err != nil {
		panic(err)
	}
	set(fi, "__doc__", "Support for integer-based Flags")
	setBitOps(fi, true)
	set(fi, "__str__", memberMethod("__str__(self)", "The value's text, as an int's.", func(a *lang.Args, x *lang.Instance) (lang.Value, error) {
		return lang.Str(field(x, "_value_")), nil
	}))
	set(fi, "__invert__", invert) // not the int's
	return f, fi
}
