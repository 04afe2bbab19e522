package datetime

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
)

// date, datetime, time and timedelta as base classes: class D(datetime).
// An instance keeps its value as a value base's (lang.RegisterValueTypeBase):
// D(2020, 1, 2) and datetime.__new__(cls, ...) make it, the base's
// attributes and methods read it, and it compares and hashes as its value.
// As in CPython 3.11, what makes a new date or datetime from an instance of
// a subclass of date or datetime (replace, + and - a timedelta) or from
// such a class (D.now(), D.fromisoformat(...), D.combine(...)) gives an
// instance of the subclass, made by calling it with the fields.

// subclassCtors are the class methods of date and datetime that make one.
var subclassCtors = map[string]bool{
	"now": true, "today": true, "utcnow": true, "fromtimestamp": true, "fromisoformat": true,
	"strptime": true, "combine": true, "fromordinal": true,
}

// inClass is v, a Date or Time, as an instance of cls, a class derived
// from date, datetime or time: cls(year, month, day[, hour, minute,
// second, microsecond, tzinfo]) or cls(hour, minute, second,
// microsecond), as CPython's subclasses are made. Other values are v.
func inClass(a *lang.Args, cls lang.Value, v lang.Value) (lang.Value, error) {
	if t, ok := v.(Time); ok && cls != nil { // Tm(hour, minute, second, microsecond)
		return a.CallKw(cls, []lang.Value{int64(t.hour), int64(t.minute), int64(t.second), int64(t.micro)}, nil, nil)
	}
	d, ok := v.(Date)
	if !ok || cls == nil { // not through a subclass's instance: D.__add__(datetime(...), td)
		return v, nil
	}
	pos := []lang.Value{int64(d.year), int64(d.month), int64(d.day)}
	if d.hasTime {
		pos = append(pos, int64(d.hour), int64(d.minute), int64(d.second), int64(d.micro))
		tz, err := lang.GetAttr(d, "tzinfo")
		if err != nil {
			return nil, err
		}
		pos = append(pos, tz)
	}
	return a.CallKw(cls, pos, nil, nil)
}

// classOf is the class of self, an instance of a subclass, or nil.
func classOf(self lang.Value) lang.Value {
	if x, ok := self.(*lang.Instance); ok {
		return x.Class()
	}
	return nil
}

// baseSelf checks that self, the first argument of the method method of
// the base name, is of that base (is tells of its value), as CPython's
// descriptors do: D.__add__(5, td) is a TypeError. applies picks the
// message of a method (replace) over a slot's (__add__).
func baseSelf(a *lang.Args, name, method string, is func(lang.Value) bool, applies bool) error {
	self := a.Value("self")
	if is(lang.ValueOf(self)) {
		return nil
	}
	if applies {
		return lang.Errorf(lang.TypeError, "descriptor '%s' for '%s' objects doesn't apply to a '%s' object", method, name, lang.TypeName(self))
	}
	return lang.Errorf(lang.TypeError, "descriptor '%s' requires a '%s' object but received a '%s'", method, name, lang.TypeName(self))
}

// valueBaseMethods are the special methods of a subclass of date,
// datetime, time or timedelta: comparisons and arithmetic on the values,
// a date or datetime result of + and - being of the subclass when dated
// (date and datetime), and replace giving one of the subclass (date,
// datetime and time: replaces).
func valueBaseMethods(base string, is func(lang.Value) bool, dated, replaces bool) map[string]lang.Value {
	m := map[string]lang.Value{}
	for name, op := range map[string]syntax.Token{"__eq__": syntax.EQL, "__ne__": syntax.NEQ, "__lt__": syntax.LT,
		"__le__": syntax.LE, "__gt__": syntax.GT, "__ge__": syntax.GE} {
		op := op
		m[name] = lang.NewBuiltin(lang.AsValue, name+"(self, value)", "self "+op.String()+" value, on the values.", func(a *lang.Args) (lang.Value, error) {
			if err := baseSelf(a, base, name, is, false); err != nil {
				return nil, err
			}
			other := lang.ValueOf(a.Value("value"))
			if !is(other) && (op == syntax.EQL || op == syntax.NEQ) {
				return lang.NotImplemented, nil // == then falls back to identity
			}
			r, err := a.Compare(op, lang.ValueOf(a.Value("self")), other)
			if err != nil {
				return lang.NotImplemented, nil // the error names the classes
			}
			return r, nil
		}).BindingSelf()
	}
	for name, op := range map[string]syntax.Token{"__add__": syntax.PLUS, "__sub__": syntax.MINUS, "__radd__": syntax.PLUS, "__rsub__": syntax.MINUS} {
		op, reflected := op, name[2] == 'r'
		m[name] = lang.NewBuiltin(lang.AsValue, name+"(self, value)", "self "+op.String()+" value, on the values.", func(a *lang.Args) (lang.Value, error) {
			if err := baseSelf(a, base, name, is, false); err != nil {
				return nil, err
			}
			x, y := lang.ValueOf(a.Value("self")), lang.ValueOf(a.Value("value"))
			if reflected {
				x, y = y, x
			}
			r, err := a.Binary(op, x, y)
			if err != nil {
				return lang.NotImplemented, nil
			}
			if !dated {
				return r, nil
			}
			if _, isDelta := r.(Timedelta); isDelta {
				return r, nil // d - d
			}
			return inClass(a, classOf(a.Value("self")), r)
		}).BindingSelf()
	}
	m["__format__"] = lang.NewBuiltin(lang.AsValue, "__format__(self, format_spec)", "format(self, spec): str(self) for an empty spec, else the value's.", func(a *lang.Args) (lang.Value, error) {
		if err := baseSelf(a, base, "__format__", is, true); err != nil {
			return nil, err
		}
		spec := a.Str("format_spec")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if spec == "" {
			return lang.Str(a.Value("self")), nil
		}
		return lang.Format(lang.ValueOf(a.Value("self")), spec)
	}).BindingSelf()
	m["__reduce__"] = lang.NewBuiltin(lang.AsValue, "__reduce__(self)", "(type(self), args): the class and the value's arguments, as CPython's; the object's attributes are not kept.", func(a *lang.Args) (lang.Value, error) {
		if err := baseSelf(a, base, "__reduce__", is, true); err != nil {
			return nil, err
		}
		return reduction(lang.ValueOf(a.Value("self")), classOf(a.Value("self")))
	}).BindingSelf()
	if replaces {
		m["replace"] = lang.NewBuiltin(lang.AsValue, "replace(self)", "A copy of the subclass with the fields given by keyword replaced.", func(a *lang.Args) (lang.Value, error) {
			if err := baseSelf(a, base, "replace", is, true); err != nil {
				return nil, err
			}
			self := a.Value("self")
			names, vals := a.Keywords()
			meth, err := lang.GetAttr(lang.ValueOf(self), "replace")
			if err != nil {
				return nil, err
			}
			r, err := a.CallKw(meth, nil, names, vals)
			if err != nil {
				return nil, err
			}
			return inClass(a, classOf(self), r)
		}).CollectKeywords().BindingSelf()
	}
	return m
}

// subclassAttr is C.name for a class C derived from base, date or
// datetime, that its classes lack: base's, its class methods that make a
// date or datetime giving an instance of C.
func subclassAttr(base *lang.Builtin) func(c *lang.UserClass, name string) (lang.Value, bool, error) {
	return func(c *lang.UserClass, name string) (lang.Value, bool, error) {
		v, err := lang.GetAttr(base, name)
		if err != nil {
			return nil, false, nil
		}
		f, ok := v.(*lang.Builtin)
		if !ok || !subclassCtors[name] {
			return v, true, nil
		}
		return lang.NewBuiltin(lang.AsValue, name+"(*args)", f.Doc, func(a *lang.Args) (lang.Value, error) {
			names, vals := a.Keywords()
			r, err := a.CallKw(f, a.Value("args").(lang.Tuple), names, vals)
			if err != nil {
				return nil, err
			}
			return inClass(a, c, r)
		}).CollectKeywords(), true, nil
	}
}

func init() {
	isDate := func(v lang.Value) bool { _, ok := v.(Date); return ok }
	isDatetime := func(v lang.Value) bool { d, ok := v.(Date); return ok && d.hasTime }
	isTime := func(v lang.Value) bool { _, ok := v.(Time); return ok }
	isDelta := func(v lang.Value) bool { _, ok := v.(Timedelta); return ok }
	// the methods are made when a class derived from one is first looked up
	lang.RegisterValueTypeBase("datetime.date", dateClass, func() map[string]lang.Value { return valueBaseMethods("datetime.date", isDate, true, true) }, subclassAttr(dateClass))
	lang.RegisterValueTypeBase("datetime.datetime", datetimeClass, func() map[string]lang.Value { return valueBaseMethods("datetime.datetime", isDatetime, true, true) }, subclassAttr(datetimeClass))
	lang.RegisterValueTypeBase("datetime.time", timeClass, func() map[string]lang.Value { return valueBaseMethods("datetime.time", isTime, false, true) }, nil)
	lang.RegisterValueTypeBase("datetime.timedelta", timedeltaClass, func() map[string]lang.Value { return valueBaseMethods("datetime.timedelta", isDelta, false, false) }, nil)
}
