package collections

import (
	"strconv"
	"strings"

	"github.com/kael-dev/kael/lang"
)

// A namedtuple class as a base class: class P(namedtuple('P', 'x y')),
// and class Q(P) where P is typing.NamedTuple's. As in CPython the
// subclass derives from tuple through a class that holds the fields as
// properties, __new__, _make, _replace, _asdict and __repr__, all of
// which give instances of the subclass (type(self)), printing with its
// name. The namedtuple class makes that class the first time a class
// statement derives from it (BaseClass) and gives it the methods and
// class attributes its own tuples have.

var _ lang.BaseProvider = (*tupleClass)(nil)

// BaseClass is the class of the language a class statement derives from
// when it names c as a base.
func (c *tupleClass) BaseClass() (*lang.UserClass, error) {
	if c.base != nil {
		return c.base, nil
	}
	b, err := lang.NewValueClass(c.typ.Name, c.typ.Module, "tuple")
	if err != nil {
		return nil, err
	}
	names := c.typ.Fields
	newFn := c.newFn
	set := func(name string, v lang.Value) {
		if err == nil {
			err = b.SetAttr(name, v)
		}
	}
	set("__doc__", c.doc)
	b.SetEmptySlots()
	set("__new__", lang.NewBuiltin(lang.AsValue, "__new__(_cls, *args, **kwargs)", "Create new instance of "+c.doc,
		func(a *lang.Args) (lang.Value, error) {
			pos, _ := a.Value("args").(lang.Tuple)
			kwNames, kwVals := a.Keywords()
			v, err := a.CallKw(newFn, append(lang.Tuple{c}, pos...), kwNames, kwVals)
			if err != nil {
				return nil, err
			}
			return tupleOf(a.Value("_cls"), v.(*lang.NamedTuple).Elems)
		}).CollectKeywords())
	set("_make", lang.NewClassMethod(lang.NewBuiltin(lang.AsValue, "_make(cls, iterable)", "Make a new object from a sequence or iterable.",
		func(a *lang.Args) (lang.Value, error) {
			elems, err := lang.Collect(a.Value("iterable"))
			if err != nil {
				return nil, err
			}
			if len(elems) != len(names) {
				return nil, lang.Errorf(lang.TypeError, "Expected %d arguments, got %d", len(names), len(elems))
			}
			return tupleOf(a.Value("cls"), elems)
		})))
	set("_replace", lang.NewBuiltin(lang.AsValue, "_replace(self, **kwds)", "Return a new object replacing specified fields with new values.",
		func(a *lang.Args) (lang.Value, error) {
			x, elems, err := baseSelf(a, b)
			if err != nil {
				return nil, err
			}
			elems = append([]lang.Value(nil), elems...)
			kwNames, kwVals := a.Keywords()
			var unknown []lang.Value
			for i, k := range kwNames {
				if j := indexOf(names, k); j >= 0 {
					elems[j] = kwVals[i]
				} else {
					unknown = append(unknown, k)
				}
			}
			if len(unknown) > 0 {
				return nil, lang.Errorf(lang.ValueError, "Got unexpected field names: %s", lang.Repr(&lang.List{Elems: unknown}))
			}
			return tupleOf(x.Class(), elems)
		}).CollectKeywords().BindingSelf())
	set("_asdict", lang.NewBuiltin(lang.AsValue, "_asdict(self)", "Return a new dict which maps field names to their values.",
		func(a *lang.Args) (lang.Value, error) {
			_, elems, err := baseSelf(a, b)
			if err != nil {
				return nil, err
			}
			d := lang.NewDict()
			for i, f := range names {
				_ = d.Set(f, elems[i])
			}
			return d, nil
		}).BindingSelf())
	set("__repr__", lang.NewBuiltin(lang.AsValue, "__repr__(self)", "Return a nicely formatted representation string",
		func(a *lang.Args) (lang.Value, error) {
			x, elems, err := baseSelf(a, b)
			if err != nil {
				return nil, err
			}
			parts := make([]string, len(names))
			for i, f := range names {
				parts[i] = f + "=" + lang.Repr(elems[i])
			}
			return x.Class().Name + "(" + strings.Join(parts, ", ") + ")", nil
		}).BindingSelf())
	for i, f := range names {
		i := i
		set(f, lang.NewProperty(lang.NewBuiltin(lang.AsValue, f+"(self)", "Alias for field number "+strconv.Itoa(i),
			func(a *lang.Args) (lang.Value, error) {
				_, elems, err := baseSelf(a, b)
				if err != nil {
					return nil, err
				}
				return elems[i], nil
			})))
	}
	match := make(lang.Tuple, len(names))
	for i, f := range names {
		match[i] = f
	}
	set("__match_args__", match)
	for name, v := range c.typ.Attrs { // _fields, _field_defaults, typing's class variables
		set(name, v)
	}
	for name, fn := range c.funcs { // typing's NamedTuple methods
		set(name, fn)
	}
	if err != nil {
		return nil, err
	}
	c.base = b
	return b, nil
}

// tupleOf is tuple.__new__(cls, elems): an instance of cls, a class
// derived from a namedtuple's, holding the tuple of elems.
func tupleOf(cls lang.Value, elems []lang.Value) (lang.Value, error) {
	uc, ok := cls.(*lang.UserClass)
	if !ok || uc.ValueBase() != "tuple" {
		return nil, lang.Errorf(lang.TypeError, "tuple.__new__(X): X is not a subtype of tuple (%s)", lang.TypeName(cls))
	}
	x := lang.NewInstance(uc, nil)
	if err := x.SetValue(lang.Tuple(append([]lang.Value(nil), elems...))); err != nil {
		return nil, err
	}
	return x, nil
}

// baseSelf is the self of a method of the base class b: an instance of a
// class derived from it, and its elements.
func baseSelf(a *lang.Args, b *lang.UserClass) (*lang.Instance, lang.Tuple, error) {
	x, ok := a.Value("self").(*lang.Instance)
	if ok {
		if sub, _ := lang.IsSubclass(x.Class(), b); sub {
			if t, isTuple := lang.ValueOf(x).(lang.Tuple); isTuple {
				return x, t, nil
			}
		}
	}
	return nil, nil, lang.Errorf(lang.TypeError, "descriptor requires a '%s' object but received a '%s'", b.Name, lang.TypeName(a.Value("self")))
}
