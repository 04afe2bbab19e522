// Package copy is Python's copy module: copy (shallow) and deepcopy (with
// a memo, so that shared and self-referencing values stay shared in the
// copy), honouring __copy__ and __deepcopy__. Values implemented in Go
// (tensors, modules) copy through the __copy__ and __deepcopy__ methods
// their library gives them; a value without one is CPython's TypeError
// for what cannot be pickled.
package copy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/lib/copyreg"
)

// Error is copy.Error, as CPython names it.
const Error lang.ErrorKind = "copy.Error"

var errorClass = lang.RegisterExceptionClass(Error, "copy", "Error", "Exception")

// atomic reports whether v is immutable and copies as itself.
func atomic(v lang.Value) bool {
	switch v.(type) {
	case nil, int64, float64, bool, string, lang.NoneType, lang.EllipsisType, lang.Bytes, *lang.Range,
		*lang.Function, *lang.Builtin, *lang.UserClass:
		return true
	}
	return v == lang.None || v == lang.NotImplemented || lang.IsRange(v)
}

// builtin returns one of Python's builtins by name.
func builtin(name string) *lang.Builtin {
	b, ok := lang.LookupBuiltin(name)
	if !ok {
		panic("copy: no builtin " + name)
	}
	return b
}

// special returns v's method name (__copy__, __deepcopy__) when it has one.
func special(a *lang.Args, v lang.Value, name string) (lang.Value, bool) {
	if x, ok := v.(*lang.Instance); ok {
		return x.Method(name)
	}
	m, err := a.Call(builtin("getattr"), v, name, lang.None)
	if err != nil || m == lang.None {
		return nil, false
	}
	return m, true
}

// cannotCopy is CPython's error for a value copy cannot take apart.
func cannotCopy(v lang.Value) error {
	return lang.Errorf(lang.TypeError, "cannot pickle '%s' object", lang.TypeName(v)).
		WithHint("kael copies lists, dicts, sets, tuples, objects of your classes, tensors and torch.nn modules, yours included")
}

// Copy is copy.copy(v): a new container with the same elements, a new
// object with the same attributes, or v itself when it is immutable.
func Copy(a *lang.Args, v lang.Value) (lang.Value, error) {
	if atomic(v) {
		return v, nil
	}
	switch x := v.(type) {
	case lang.Tuple:
		return x, nil
	case *lang.List:
		return &lang.List{Elems: append([]lang.Value(nil), x.Elems...)}, nil
	case *lang.Dict:
		out := x.EmptyCopy() // a Counter's copy is a Counter
		for _, k := range x.Keys() {
			val, _, _ := x.Get(k)
			_ = out.Set(k, val)
		}
		return out, nil
	case *lang.Set:
		if x.TypeName() == "frozenset" {
			return x, nil
		}
		return a.Call(builtin("set"), x)
	}
	if m, ok := special(a, v, "__copy__"); ok {
		return a.Call(m)
	}
	if y, ok, err := reduced(a, v, nil, 0); ok || err != nil {
		return y, err
	}
	if x, ok := v.(*lang.Instance); ok && (x.Native() == nil || x.Class().ValueBase() != "" || lang.ContainerOf(x) != lang.Value(x)) {
		native := x.Native()                     // class A(int)'s value; a set's or bytearray's is copied
		switch c := lang.ContainerOf(x).(type) { // class A(list), class B(OrderedDict)
		case *lang.List:
			native = &lang.List{Elems: append([]lang.Value(nil), c.Elems...)}
		case *lang.Dict:
			d := c.EmptyCopy()
			for _, k := range c.Keys() {
				val, _, _ := c.Get(k)
				_ = d.Set(k, val)
			}
			native = d
		}
		if vb := x.Class().ValueBase(); vb == "set" || vb == "bytearray" {
			c, err := a.Call(builtin(vb), native)
			if err != nil {
				return nil, err
			}
			native = c
		}
		y := lang.NewInstance(x.Class(), native)
		d := x.Dict()
		for _, k := range d.Keys() {
			val, _, _ := d.Get(k)
			y.SetOwn(k.(string), val)
		}
		return y, nil
	}
	return nil, cannotCopy(v)
}

// reduced copies v, an object of a class statement whose classes define
// __reduce_ex__ or __reduce__ (an enum's members do), or a library's
// value with a __reduce__ (a datetime.date), as CPython's copy does: v
// itself when the reduction is a name, else func(*args) with the state,
// list items and dict items of the reduction, copied deeply when m is a
// deep copy's memo. ok is false for other values.
func reduced(a *lang.Args, v lang.Value, m *Memo, depth int) (lang.Value, bool, error) {
	var rv lang.Value
	var err error
	x, ok := v.(*lang.Instance)
	if r, has := copyreg.Reducer(v); has { // copyreg.pickle(type(v), r)
		rv, err = a.Call(r, v)
	} else if !ok {
		r, has := special(a, v, "__reduce__")
		if !has {
			return nil, false, nil
		}
		rv, err = a.Call(r)
	} else if r, has := x.Method("__reduce_ex__"); has {
		rv, err = a.Call(r, int64(4))
	} else if r, has := x.Method("__reduce__"); has {
		rv, err = a.Call(r)
	} else {
		return nil, false, nil
	}
	if err != nil {
		return nil, true, err
	}
	if _, isName := rv.(string); isName {
		return v, true, nil
	}
	t, isTuple := rv.(lang.Tuple)
	if !isTuple || len(t) < 2 || len(t) > 5 {
		return nil, true, lang.Errorf(lang.TypeError, "__reduce__ must return a string or a tuple of 2 to 5 items, not %s", lang.TypeName(rv))
	}
	deep := func(w lang.Value) (lang.Value, error) {
		if m == nil {
			return w, nil
		}
		return m.deepCopy(a, w, depth+1)
	}
	args, err := deep(t[1])
	if err != nil {
		return nil, true, err
	}
	argt, isTuple := args.(lang.Tuple)
	if !isTuple {
		return nil, true, lang.Errorf(lang.TypeError, "second item of the tuple returned by __reduce__ must be a tuple, not %s", lang.TypeName(args))
	}
	y, err := a.Call(t[0], argt...)
	if err != nil {
		return nil, true, err
	}
	if m != nil {
		_ = m.d.Set(lang.ID(v), y)
	}
	item := func(i int) lang.Value {
		if i < len(t) && t[i] != lang.None {
			return t[i]
		}
		return nil
	}
	if state := item(2); state != nil {
		if err := setState(a, y, state, deep); err != nil {
			return nil, true, err
		}
	}
	for i, method := range []string{"append", "__setitem__"} {
		it := item(3 + i)
		if it == nil {
			continue
		}
		elems, err := lang.Collect(it)
		if err != nil {
			return nil, true, err
		}
		fn, err := lang.GetAttr(y, method)
		if err != nil {
			return nil, true, err
		}
		for _, e := range elems {
			args := []lang.Value{e}
			if i == 1 { // dict items are (key, value) pairs
				kv, isPair := e.(lang.Tuple)
				if !isPair || len(kv) != 2 {
					return nil, true, lang.Errorf(lang.ValueError, "dict items of a reduction must be (key, value) pairs")
				}
				args = []lang.Value{kv[0], kv[1]}
			}
			for j := range args {
				if args[j], err = deep(args[j]); err != nil {
					return nil, true, err
				}
			}
			if _, err := a.Call(fn, args...); err != nil {
				return nil, true, err
			}
		}
	}
	return y, true, nil
}

// setState gives y the state of a reduction: y.__setstate__(state) when
// y has it, else state's items as attributes ((dict, slots) for a class
// with __slots__).
func setState(a *lang.Args, y, state lang.Value, deep func(lang.Value) (lang.Value, error)) error {
	state, err := deep(state)
	if err != nil {
		return err
	}
	if fn, err := lang.GetAttr(y, "__setstate__"); err == nil {
		_, err := a.Call(fn, state)
		return err
	}
	var slots lang.Value
	if t, isPair := state.(lang.Tuple); isPair && len(t) == 2 {
		state, slots = t[0], t[1]
	}
	for i, d := range []lang.Value{state, slots} {
		dict, isDict := d.(*lang.Dict)
		if !isDict {
			continue
		}
		for _, k := range dict.Keys() {
			name, isStr := k.(string)
			if !isStr {
				return lang.Errorf(lang.TypeError, "attribute name must be string, not '%s'", lang.TypeName(k))
			}
			val, _, _ := dict.Get(k)
			if x, isObj := y.(*lang.Instance); isObj && i == 0 { // y.__dict__.update(state), past __setattr__
				x.SetOwn(name, val)
			} else if err := lang.SetAttr(y, name, val); err != nil {
				return err
			}
		}
	}
	return nil
}

// Memo is a deep copy's memo: id(original) to its copy, a dict as in
// Python, which a __deepcopy__(memo) method receives.
type Memo struct{ d *lang.Dict }

// Dict returns the memo as Python sees it.
func (m *Memo) Dict() *lang.Dict { return m.d }

// NewMemo returns an empty memo.
func NewMemo() *Memo { return &Memo{d: lang.NewDict()} }

// MemoOf returns the memo a __deepcopy__(memo) method received, so that
// what it copies shares the copies made so far (a new memo for nil).
func MemoOf(d *lang.Dict) *Memo {
	if d == nil {
		return NewMemo()
	}
	return &Memo{d: d}
}

// DeepCopy is copy.deepcopy(v, memo): a copy of v and, recursively, of
// everything it holds, each value copied once.
func (m *Memo) DeepCopy(a *lang.Args, v lang.Value) (lang.Value, error) {
	return m.deepCopy(a, v, 0)
}

func (m *Memo) deepCopy(a *lang.Args, v lang.Value, depth int) (lang.Value, error) {
	if atomic(v) {
		return v, nil
	}
	if depth > lang.MaxDepth {
		return nil, lang.Errorf(lang.RecursionError, "maximum recursion depth exceeded while calling a Python object")
	}
	id := lang.ID(v)
	if y, ok, _ := m.d.Get(id); ok {
		return y, nil
	}
	var y lang.Value
	switch x := v.(type) {
	case lang.Tuple:
		out := make(lang.Tuple, len(x))
		same := true
		for i, e := range x {
			c, err := m.deepCopy(a, e, depth+1)
			if err != nil {
				return nil, err
			}
			out[i] = c
			same = same && lang.Identical(c, e)
		}
		if y, ok, _ := m.d.Get(id); ok { // the tuple holds itself through a list
			return y, nil
		}
		if same {
			return x, nil
		}
		y = out
	case *lang.List:
		out := &lang.List{}
		_ = m.d.Set(id, out)
		for _, e := range x.Elems {
			c, err := m.deepCopy(a, e, depth+1)
			if err != nil {
				return nil, err
			}
			out.Elems = append(out.Elems, c)
		}
		return out, nil
	case *lang.Dict:
		out := x.EmptyCopy()
		_ = m.d.Set(id, out)
		for _, k := range x.Keys() {
			val, _, _ := x.Get(k)
			ck, err := m.deepCopy(a, k, depth+1)
			if err != nil {
				return nil, err
			}
			cv, err := m.deepCopy(a, val, depth+1)
			if err != nil {
				return nil, err
			}
			if err := out.Set(ck, cv); err != nil {
				return nil, err
			}
		}
		return out, nil
	case *lang.Set:
		var elems []lang.Value
		members, err := lang.Collect(x)
		if err != nil {
			return nil, err
		}
		for _, e := range members {
			c, err := m.deepCopy(a, e, depth+1)
			if err != nil {
				return nil, err
			}
			elems = append(elems, c)
		}
		out, err := a.Call(builtin(x.TypeName()), &lang.List{Elems: elems})
		if err != nil {
			return nil, err
		}
		y = out
	default:
		if dc, ok := special(a, v, "__deepcopy__"); ok {
			out, err := a.Call(dc, m.d)
			if err != nil {
				return nil, err
			}
			y = out
			break
		}
		if out, ok, err := reduced(a, v, m, depth); ok || err != nil {
			return out, err
		}
		obj, ok := v.(*lang.Instance)
		container := lang.ContainerOf(v)
		isContainer := container != v
		if !ok || obj.Native() != nil && obj.Class().ValueBase() == "" && !isContainer {
			return nil, cannotCopy(v)
		}
		if isContainer { // class A(list), class B(OrderedDict): its list or dict copied deeply
			return m.deepCopyContainer(a, obj, container, id, depth)
		}
		out := lang.NewInstance(obj.Class(), nil)
		_ = m.d.Set(id, out)
		if obj.Native() != nil { // class A(tuple)'s value, copied deeply
			c, err := m.deepCopy(a, lang.ValueOf(obj), depth+1)
			if err != nil {
				return nil, err
			}
			if err := out.SetValue(c); err != nil {
				return nil, err
			}
		}
		return out, m.copyAttrs(a, obj, out, depth)
	}
	_ = m.d.Set(id, y)
	return y, nil
}

// deepCopyContainer is the deep copy of obj, an instance of a class
// derived from list or dict (or a dict kind) keeping c: a new instance
// keeping a deep copy of c, with deep copies of its attributes.
func (m *Memo) deepCopyContainer(a *lang.Args, obj *lang.Instance, c lang.Value, id int64, depth int) (lang.Value, error) {
	var native lang.Value
	switch c := c.(type) {
	case *lang.List:
		native = &lang.List{}
	case *lang.Dict:
		native = c.EmptyCopy()
	}
	out := lang.NewInstance(obj.Class(), native)
	_ = m.d.Set(id, out)
	switch c := c.(type) {
	case *lang.List:
		l := native.(*lang.List)
		for _, e := range c.Elems {
			ce, err := m.deepCopy(a, e, depth+1)
			if err != nil {
				return nil, err
			}
			l.Elems = append(l.Elems, ce)
		}
	case *lang.Dict:
		d := native.(*lang.Dict)
		for _, k := range c.Keys() {
			val, _, _ := c.Get(k)
			ck, err := m.deepCopy(a, k, depth+1)
			if err != nil {
				return nil, err
			}
			cv, err := m.deepCopy(a, val, depth+1)
			if err != nil {
				return nil, err
			}
			if err := d.Set(ck, cv); err != nil {
				return nil, err
			}
		}
	}
	return out, m.copyAttrs(a, obj, out, depth)
}

// copyAttrs gives out deep copies of obj's own attributes.
func (m *Memo) copyAttrs(a *lang.Args, obj, out *lang.Instance, depth int) error {
	attrs := obj.Dict()
	for _, k := range attrs.Keys() {
		val, _, _ := attrs.Get(k)
		cv, err := m.deepCopy(a, val, depth+1)
		if err != nil {
			return err
		}
		out.SetOwn(k.(string), cv)
	}
	return nil
}

var copyModule = &lang.Module{Name: "copy", Attrs: map[string]lang.Value{
	"copy": lang.NewBuiltin(lang.AsValue, "copy(x)",
		"A shallow copy of x: a new list, dict or set with the same elements, a new object with the same attributes (or what x.__copy__() returns); immutable values are themselves.",
		func(a *lang.Args) (lang.Value, error) { return Copy(a, a.Value("x")) }),
	"deepcopy": lang.NewBuiltin(lang.AsValue, "deepcopy(x, memo=None)",
		"A deep copy of x: containers and objects copied recursively, each shared value once (memo maps id(original) to its copy); x.__deepcopy__(memo) when x has it, as tensors and modules do.",
		func(a *lang.Args) (lang.Value, error) {
			m := NewMemo()
			if !a.IsNone("memo") {
				d, ok := a.Value("memo").(*lang.Dict)
				if !ok {
					return nil, lang.Errorf(lang.TypeError, "deepcopy()'s memo must be a dict, not %s", lang.TypeName(a.Value("memo")))
				}
				m.d = d
			}
			return m.DeepCopy(a, a.Value("x"))
		}),
	"Error": errorClass,
}}

func init() {
	lang.RegisterDunder("__copy__")
	lang.RegisterDunder("__deepcopy__")
	lang.RegisterModule("copy", "Python's copy module: copy and deepcopy, honouring __copy__ and __deepcopy__.",
		func() *lang.Module { return copyModule })
}
