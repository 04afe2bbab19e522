package collections

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/copy"
	"github.com/kael-dev/kael/lang/syntax"
)

// deque as a base class: class History(deque). An instance keeps its
// deque as Instance.Native, made by deque(...) with the arguments of
// __init__ (super().__init__(iterable, maxlen) in a class's own); deque's
// methods and special methods run on it, and its repr is deque's under
// the class's name.

// dequeOf is the deque of self: a deque, or an instance of a class
// derived from deque.
func dequeOf(v lang.Value) (*deque, bool) {
	if x, ok := v.(*lang.Instance); ok {
		v = x.Native()
	}
	d, ok := v.(*deque)
	return d, ok
}

func defDequeBase() {
	methods := map[string]lang.Value{}
	for name, m := range dequeMethods {
		methods[name] = m.BindingSelf()
		// deque.append(d, x), deque.__init__(self, ...) in a subclass's
		// __init__, dir(deque)
		lang.RegisterClassAttr(dequeClass, name, m)
	}
	lang.RegisterProtocolDunders(dequeClass, &deque{maxlen: -1}) // deque.__len__(d), deque.__add__
	lang.RegisterClassAttr(dequeClass, "__class_getitem__", lang.NewBuiltin(lang.AsValue, "__class_getitem__(item)", "deque[item], a types.GenericAlias (PEP 585).", func(a *lang.Args) (lang.Value, error) {
		args, ok := a.Value("item").(lang.Tuple)
		if !ok {
			args = lang.Tuple{a.Value("item")}
		}
		return &lang.GenericAlias{Origin: dequeClass, Args: args}, nil
	}))
	special := func(sig string, fn func(a *lang.Args, d *deque) (lang.Value, error)) {
		var b *lang.Builtin
		b = lang.NewBuiltin(lang.AsValue, sig, "deque's "+sig+".", func(a *lang.Args) (lang.Value, error) {
			d, err := dequeSelf(a, b.Name)
			if err != nil {
				return nil, err
			}
			return fn(a, d)
		}).BindingSelf()
		methods[b.Name] = b
	}
	special("__len__(self)", func(_ *lang.Args, d *deque) (lang.Value, error) { return int64(len(d.elems)), nil })
	special("__iter__(self)", func(_ *lang.Args, d *deque) (lang.Value, error) {
		return d.Iter()
	})
	special("__getitem__(self, key)", func(a *lang.Args, d *deque) (lang.Value, error) { return d.GetItem(a.Value("key")) })
	special("__setitem__(self, key, value)", func(a *lang.Args, d *deque) (lang.Value, error) {
		return lang.None, d.SetSubscript([]lang.Subscript{{Value: a.Value("key")}}, a.Value("value"))
	})
	special("__contains__(self, key)", func(a *lang.Args, d *deque) (lang.Value, error) {
		state := d.state
		for i := 0; i < len(d.elems); i++ {
			if lang.Equal(d.elems[i], a.Value("key")) {
				return true, nil
			}
			if d.state != state { // an element's __eq__ changed d, as deque_contains
				return nil, lang.Errorf(lang.RuntimeError, "deque mutated during iteration")
			}
		}
		return false, nil
	})
	// a subclass's comparisons walk the two deques through iter(), as
	// CPython's deque_richcompare does: a subclass's own __iter__ counts
	compared := func(a *lang.Args) (xs, ys *lang.List, err error) {
		if _, ok := dequeOf(a.Value("value")); !ok {
			return nil, nil, nil
		}
		x, err := lang.Collect(a.Value("self"))
		if err != nil {
			return nil, nil, err
		}
		y, err := lang.Collect(a.Value("value"))
		if err != nil {
			return nil, nil, err
		}
		return &lang.List{Elems: x}, &lang.List{Elems: y}, nil
	}
	special("__eq__(self, value)", func(a *lang.Args, d *deque) (lang.Value, error) {
		xs, ys, err := compared(a)
		if xs == nil || err != nil {
			return lang.NotImplemented, err
		}
		r, err := a.Compare(syntax.EQL, xs, ys)
		if err != nil {
			return nil, err
		}
		return lang.Truth(r)
	})
	// copy() of a subclass's instance is type(self)(self[, maxlen]), as
	// CPython's
	copyOf := func(a *lang.Args, d *deque) (lang.Value, error) {
		x, ok := a.Value("self").(*lang.Instance)
		if !ok {
			return &deque{elems: append([]lang.Value(nil), d.elems...), maxlen: d.maxlen}, nil
		}
		args := []lang.Value{x}
		if d.maxlen >= 0 {
			args = append(args, int64(d.maxlen))
		}
		return x.Session().CallHookKw(x.Class(), args, nil, nil)
	}
	special("copy(self)", copyOf)
	special("__copy__(self)", copyOf)
	// the operators as CPython's deque slots: + and * on a copy made as
	// copy() makes it (type(self)(self, maxlen)), += and *= in place
	special("__add__(self, value)", func(a *lang.Args, d *deque) (lang.Value, error) {
		if _, ok := dequeOf(a.Value("value")); !ok {
			return nil, d.concat(a.Value("value")) // its TypeError
		}
		r, err := copyOf(a, d)
		if err != nil {
			return nil, err
		}
		if rd, ok := dequeOf(r); ok {
			err = rd.concat(a.Value("value"))
		}
		return r, err
	})
	mul := func(a *lang.Args, d *deque) (lang.Value, error) {
		n, err := lang.RepeatCount(a.Value("value"))
		if err != nil {
			return nil, err
		}
		r, err := copyOf(a, d)
		if err != nil {
			return nil, err
		}
		if rd, ok := dequeOf(r); ok {
			err = rd.repeat(n)
		}
		return r, err
	}
	special("__mul__(self, value)", mul)
	special("__rmul__(self, value)", mul)
	special("__iadd__(self, value)", func(a *lang.Args, d *deque) (lang.Value, error) {
		return a.Value("self"), d.extend(a.Value("value"), false)
	})
	special("__imul__(self, value)", func(a *lang.Args, d *deque) (lang.Value, error) {
		n, err := lang.RepeatCount(a.Value("value"))
		if err != nil {
			return nil, err
		}
		return a.Value("self"), d.repeat(n)
	})
	special("__delitem__(self, key)", func(a *lang.Args, d *deque) (lang.Value, error) {
		del, err := d.DelSubscript([]lang.Subscript{{Value: a.Value("key")}})
		if err != nil {
			return nil, err
		}
		return lang.None, del()
	})
	// the order of two deques, as two lists'
	for name, op := range map[string]syntax.Token{"__lt__": syntax.LT, "__le__": syntax.LE, "__gt__": syntax.GT, "__ge__": syntax.GE} {
		special(name+"(self, value)", func(a *lang.Args, d *deque) (lang.Value, error) {
			xs, ys, err := compared(a)
			if xs == nil || err != nil {
				return lang.NotImplemented, err
			}
			r, err := a.Compare(op, xs, ys)
			if err != nil {
				return nil, err
			}
			return lang.Truth(r) // a bool, as CPython's deque_richcompare
		})
	}
	// __reduce__ for copy.deepcopy and pickle: (type(self), (elements,
	// maxlen), the instance's attributes or None)
	special("__reduce__(self)", func(a *lang.Args, d *deque) (lang.Value, error) {
		x, ok := a.Value("self").(*lang.Instance)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "deque's __reduce__ of a subclass needs an instance")
		}
		var maxlen lang.Value = lang.None
		if d.maxlen >= 0 {
			maxlen = int64(d.maxlen)
		}
		var state lang.Value = lang.None
		if attrs := x.Dict(); attrs.Len() > 0 {
			state = attrs
		}
		return lang.Tuple{x.Class(), lang.Tuple{&lang.List{Elems: append([]lang.Value(nil), d.elems...)}, maxlen}, state}, nil
	})
	// deepcopy as CPython's through __reduce__: type(self)((), maxlen), the
	// attributes and then the elements copied deeply
	special("__deepcopy__(self, memo)", func(a *lang.Args, d *deque) (lang.Value, error) {
		x, ok := a.Value("self").(*lang.Instance)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "deque's __deepcopy__ of a subclass needs an instance")
		}
		memoDict, _ := a.Value("memo").(*lang.Dict)
		memo := copy.MemoOf(memoDict)
		var maxlen lang.Value = lang.None
		if d.maxlen >= 0 {
			maxlen = int64(d.maxlen)
		}
		v, err := x.Session().CallHookKw(x.Class(), []lang.Value{lang.Tuple{}, maxlen}, nil, nil)
		if err != nil {
			return nil, err
		}
		_ = memo.Dict().Set(lang.ID(x), v)
		out, ok := v.(*lang.Instance)
		if !ok {
			return v, nil
		}
		attrs := x.Dict()
		for i, k := range attrs.Keys() {
			c, err := memo.DeepCopy(a, attrs.Values()[i])
			if err != nil {
				return nil, err
			}
			name, _ := k.(string)
			if err := out.SetAttr(name, c); err != nil {
				return nil, err
			}
		}
		elems, err := memo.DeepCopy(a, &lang.List{Elems: append([]lang.Value(nil), d.elems...)})
		if err != nil {
			return nil, err
		}
		if od, ok := dequeOf(out); ok {
			err = od.extend(elems, false)
		}
		return out, err
	})
	methods["__hash__"] = lang.None
	repr := func(x *lang.Instance) (string, bool) {
		return x.Native().(*deque).reprAs(x.Class().Name), true
	}
	construct := func(x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) error {
		v, err := x.Session().CallHookKw(dequeClass, pos, kwNames, kwVals)
		if err != nil {
			return err
		}
		made := v.(*deque)
		d := x.Native().(*deque)
		d.elems, d.maxlen = made.elems, made.maxlen
		d.state++
		return nil
	}
	lang.RegisterNativeBase("collections.deque", dequeClass, &lang.NativeBase{
		Name: "collections.deque",
		New:  func(x *lang.Instance) error { x.SetNative(&deque{maxlen: -1}); return nil },
		Init: construct,
		Attr: func(x *lang.Instance, name string) (lang.Value, bool, error) {
			if name == "maxlen" {
				v, ok := x.Native().(*deque).Attr(name)
				return v, ok, nil
			}
			return nil, false, nil
		},
		// maxlen is deque's, read-only in a subclass's instance too
		SetAttr: func(x *lang.Instance, name string, _ lang.Value) (bool, error) {
			if name == "maxlen" {
				return true, maxlenNotWritable()
			}
			return false, nil
		},
		DelAttr: func(x *lang.Instance, name string) (func() error, error) {
			if name == "maxlen" {
				return nil, maxlenNotWritable()
			}
			return nil, nil
		},
		Methods: methods,
		Repr:    repr,
		Names:   func(*lang.Instance) []string { return []string{"maxlen"} },
	})
}
