package lang

import (
	"fmt"
	"slices"
)

// __dict__ and the names of classes and functions. An instance keeps its
// attributes in two slices while the program does not look at them as a
// mapping; reading obj.__dict__ (or vars(obj)) moves them into a dict the
// instance keeps from then on, so that obj.__dict__.update(kw), del
// obj.__dict__['a'] and obj.__dict__['a'] = 1 change the object, as in
// Python.

// Dict returns x.__dict__: the dict of its attributes, which is the
// instance's storage from then on.
func (x *Instance) Dict() *Dict {
	if d := x.attrDict(); d != nil {
		return d
	}
	d := NewDict()
	if x.lay != nil {
		vals := x.values()
		for i, n := range x.lay.names {
			_ = d.Set(n, vals[i])
		}
	}
	x.setDict(d)
	return d
}

// dictGetStr reads the attribute name from an instance's __dict__ d.
func dictGetStr(d *Dict, name string) (Value, bool) {
	i, ok := d.index[name]
	if !ok {
		return nil, false
	}
	return d.vals[d.pos(i)], true
}

// ownNames lists the instance's attributes, in assignment order.
func (x *Instance) ownNames() []string {
	d := x.attrDict()
	if d == nil {
		if x.lay == nil {
			return nil
		}
		return x.lay.names
	}
	var out []string
	for _, k := range d.keys {
		if s, ok := k.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// classDict is what C.__dict__ shows, through a read-only mappingproxy:
// a copy of the class's namespace, made when C.__dict__ is read (CPython's
// proxy shows later changes to the class too).
//
// Its entries are CPython's, in CPython's order: __module__, the
// docstring's __doc__, the body's names (without __qualname__), a member
// for each __slots__ name (sorted), the __dict__ and __weakref__ descriptors when
// the class adds them to its instances, __doc__ None when the class has
// no docstring, and the __hash__ None that defining __eq__ alone adds.
// One difference: a class type(name, bases, ns) makes without __module__
// in ns has it first, where CPython's comes after ns's entries.
func (c *UserClass) classDict() *Dict {
	d := NewDict()
	mod, ok := c.attrs["__module__"]
	if !ok {
		mod = c.moduleName()
	}
	_ = d.Set("__module__", mod)
	doc := c.attrs["__doc__"]
	if doc != None {
		_ = d.Set("__doc__", doc)
	}
	for _, n := range c.names {
		if n == "__module__" || n == "__qualname__" || n == "__hash__" && c.hashNone {
			continue
		}
		if v, ok := c.attrs[n]; ok {
			_ = d.Set(n, v)
		}
	}
	for _, s := range slices.Sorted(slices.Values(c.slotNames())) { // type_new sorts them
		if s != "__dict__" && s != "__weakref__" {
			_ = d.Set(s, &classDescriptor{kind: "member_descriptor", name: s, owner: c.Name})
		}
	}
	addDict, addWeakref := c.addsDictAndWeakref()
	if addDict {
		_ = d.Set("__dict__", &classDescriptor{kind: "getset_descriptor", name: "__dict__", owner: c.Name})
	}
	if addWeakref {
		_ = d.Set("__weakref__", &classDescriptor{kind: "getset_descriptor", name: "__weakref__", owner: c.Name})
	}
	if doc == None {
		_ = d.Set("__doc__", None)
	}
	if c.hashNone {
		_ = d.Set("__hash__", None)
	}
	return d
}

// slotNames are the names of the class's own __slots__, in order and
// mangled; nil without __slots__.
func (c *UserClass) slotNames() []string {
	if c.ownSlots == nil {
		return nil
	}
	v := c.attrs["__slots__"]
	names := []Value{v}
	if _, isStr := v.(string); !isStr {
		var err error
		if names, err = Collect(v); err != nil {
			return nil
		}
	}
	var out []string
	for _, n := range names {
		if s, ok := n.(string); ok {
			out = append(out, mangledName(c.Name, s))
		}
	}
	return out
}

// addsDictAndWeakref reports whether the class gives its instances the
// __dict__ and __weakref__ that its bases do not (CPython's type_new adds
// their descriptors to the class's __dict__ then): without __slots__, or
// with them named in __slots__. The built-in exceptions have a __dict__
// and no __weakref__, list, dict and the other built-in types neither,
// and type and the native bases that are Python classes in PyTorch
// (nn.Module, Dataset, ...) both.
func (c *UserClass) addsDictAndWeakref() (addDict, addWeakref bool) {
	var baseDict, baseWeakref bool
	switch _, builtin := builtins[c.nativeBase]; {
	case c.nativeBase == "":
	case c.nativeBase == "BaseException":
		baseDict = true
	case c.nativeBase == "type" || !builtin:
		baseDict, baseWeakref = true, true
	}
	for _, k := range c.mroUser[1:] {
		switch {
		case k.module == "builtins": // a built-in exception
			baseDict = true
		case k.ownSlots == nil:
			baseDict, baseWeakref = true, true
		default:
			baseDict = baseDict || k.ownSlots["__dict__"]
			baseWeakref = baseWeakref || k.ownSlots["__weakref__"]
		}
	}
	wantDict := c.ownSlots == nil || c.ownSlots["__dict__"]
	wantWeakref := c.ownSlots == nil || c.ownSlots["__weakref__"]
	return wantDict && !baseDict, wantWeakref && !baseWeakref
}

// classDescriptor is what a class's __dict__ holds for the __dict__ and
// __weakref__ of its instances (CPython's getset_descriptor) and for a
// __slots__ name (a member_descriptor): shown as CPython shows them. kael
// looks those attributes up itself; the descriptor is not called.
type classDescriptor struct {
	kind, name, owner string
}

// TypeName is getset_descriptor or member_descriptor.
func (d *classDescriptor) TypeName() string { return d.kind }

// PyRepr is <attribute '__dict__' of 'C' objects> or <member 'a' of 'C'
// objects>.
func (d *classDescriptor) PyRepr() string {
	if d.kind == "member_descriptor" {
		return fmt.Sprintf("<member '%s' of '%s' objects>", d.name, d.owner)
	}
	return fmt.Sprintf("<attribute '%s' of '%s' objects>", d.name, d.owner)
}

// String is the repr, as print shows it.
func (d *classDescriptor) String() string { return d.PyRepr() }

// Attr gives a function's __name__, __qualname__, __module__, __doc__,
// __dict__, __code__, __closure__, __globals__ and the attributes assigned to it.
func (f *Function) Attr(name string) (Value, bool) {
	if f.attrs != nil {
		if v, ok, _ := f.attrs.Get(name); ok {
			return v, true
		}
	}
	switch name {
	case "__name__":
		return f.Name, true
	case "__qualname__":
		return f.qualifiedName(), true
	case "__module__":
		return globalsModule(f.glob), true
	case "__doc__":
		if f.Doc == "" {
			return None, true
		}
		return f.Doc, true
	case "__dict__":
		if f.attrs == nil {
			f.attrs = NewDict()
		}
		return f.attrs, true
	case "__call__":
		return callWrapper(f), true
	case "__code__":
		return functionCode(f), true
	case "__closure__":
		return closureOf(f), true
	case "__annotations__":
		if f.annotations == nil {
			f.annotations = NewDict()
		}
		return f.annotations, true
	case "__globals__":
		if f.glob == nil {
			return NewDict(), true
		}
		return f.glob.dictOf(), true
	}
	return nil, false
}

// AttrNames lists a function's attributes.
func (f *Function) AttrNames() []string {
	names := []string{"__annotations__", "__closure__", "__code__", "__dict__", "__doc__", "__globals__", "__module__", "__name__", "__qualname__"}
	if f.attrs != nil {
		for _, k := range f.attrs.Keys() {
			if s, ok := k.(string); ok && !slices.Contains(names, s) {
				names = append(names, s)
			}
		}
	}
	return names
}

// SetAttr runs f.name = v, as on a Python function: any attribute but
// __dict__ (whose entries are the attributes), kept in its __dict__.
func (f *Function) SetAttr(name string, v Value) error {
	if name == "__dict__" {
		d, ok := v.(*Dict)
		if !ok || d.kind != nil {
			return Errorf(TypeError, "__dict__ must be set to a dictionary, not a '%s'", TypeName(v))
		}
		f.attrs = d
		return nil
	}
	if name == "__name__" || name == "__qualname__" || name == "__doc__" {
		text, ok := v.(string)
		switch {
		case ok && name == "__name__":
			if f.qualname == "" { // __qualname__ keeps the old name
				f.qualname = f.Name
			}
			f.Name = text
		case ok && name == "__qualname__":
			f.qualname = text
		case ok:
			f.Doc = text
		case name == "__doc__" && v == None:
			f.Doc = ""
		default:
			return Errorf(TypeError, "%s must be set to a string object", name)
		}
		return nil
	}
	if f.attrs == nil {
		f.attrs = NewDict()
	}
	return f.attrs.Set(name, v)
}

// Attr gives a bound method's __self__, __func__ and its function's names.
func (m *userMethod) Attr(name string) (Value, bool) {
	switch name {
	case "__self__":
		return m.self, true
	case "__func__":
		return m.fn, true
	case "__reduce__":
		return m.reducer(), true
	}
	if h, ok := m.fn.(HasAttrs); ok {
		return h.Attr(name)
	}
	return nil, false
}

// reducer is m.__reduce__, as CPython's method.__reduce__: (getattr,
// (self, name)), so that copy and pickle make the method again from its
// object and its function's name.
func (m *userMethod) reducer() *Builtin {
	return &Builtin{Name: "__reduce__", Sig: "__reduce__()", Doc: "(getattr, (self, name)): how copy and pickle make the method again.",
		fn: func(*Args) (Value, error) {
			name, err := GetAttr(m.fn, "__name__")
			if err != nil {
				return nil, err
			}
			return Tuple{builtins["getattr"], Tuple{m.self, name}}, nil
		}}
}

// AttrNames lists a bound method's attributes.
func (m *userMethod) AttrNames() []string {
	names := []string{"__func__", "__self__"}
	if h, ok := m.fn.(HasAttrs); ok {
		names = append(names, h.AttrNames()...)
	}
	return names
}

func init() {
	NewBuiltin(AsFunc, "vars(*object)", "The __dict__ of object: the attributes of an instance, as a dict that writes through to it (vars(obj).update(kw)); of a class, a read-only mappingproxy of its namespace. Without object, locals().", func(a *Args) (Value, error) {
		obj := a.Value("object").(Tuple)
		switch len(obj) {
		case 0:
			return a.in.localsDict()
		case 1:
		default:
			return nil, Errorf(TypeError, "vars expected at most 1 argument, got %d", len(obj))
		}
		switch x := obj[0].(type) {
		case *Instance:
			return x.Dict(), nil
		case *UserClass:
			return NewMappingProxy(x.classDict()), nil
		case *Module:
			d := NewDict()
			attrs := x.attrMap() // a file module's globals included
			for _, n := range sortedKeys(attrs) {
				_ = d.Set(n, attrs[n])
			}
			return d, nil
		case DictHolder:
			return x.VarsDict(), nil
		}
		return nil, Errorf(TypeError, "vars() argument must have __dict__ attribute")
	})
}

// TakeNames gives f the names and docstring of wrapped, a function, as
// functools.wraps(wrapped)(f) does in CPython (which changes f in place).
func (f *Function) TakeNames(wrapped Value) {
	w, ok := wrapped.(*Function)
	if !ok {
		return
	}
	f.Name, f.qualname, f.Doc = w.Name, w.qualname, w.Doc
}

// moduleName is c's __module__: the module its class statement ran in.
func (c *UserClass) moduleName() string {
	if m, ok := c.attrs["__module__"].(string); ok {
		return m // assigned, as a package's classes say where they live
	}
	if c.module != "" {
		return c.module
	}
	return "__main__"
}

// globalsModule is the name of the module whose globals g are: its
// __name__, "__main__" for a session's own.
func globalsModule(g *globalTable) string {
	if g != nil {
		if v, ok := g.get("__name__"); ok {
			if s, ok := v.(string); ok {
				return s
			}
		}
	}
	return "__main__"
}
