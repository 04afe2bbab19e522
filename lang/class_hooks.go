package lang

// Attribute hooks of user classes, with Python's precedence (CPython's
// object.__getattribute__, object.__setattr__ and object.__delattr__):
//
//   - __getattribute__ replaces the whole lookup; __getattr__ runs when it
//     (or the ordinary lookup) raises AttributeError;
//   - a data descriptor of the class (a property, or an object whose class
//     defines __set__ or __delete__) wins over the instance's attributes,
//     which win over a non-data descriptor (__get__ only) and the class's
//     other attributes (methods bind);
//   - __setattr__ and __delattr__ replace assignment and del of attributes;
//     object.__setattr__(self, name, v) and object.__delattr__ are the
//     ordinary ones, which call a descriptor's __set__ and __delete__;
//   - __slots__ restricts the attributes of an instance whose classes all
//     define it.
//
// A class none of whose classes has any of these (nor a property) keeps
// the fast path of instanceAttr: its UserClass.attrHooks stays false.

// attrHookNames are the class attributes that send attribute access of
// the class's instances through the hooks.
var attrHookNames = map[string]bool{"__getattribute__": true, "__setattr__": true, "__delattr__": true, "__slots__": true}

// needsAttrHooks reports whether a class attribute name bound to v makes
// attribute access of the class's instances take the slow path.
func needsAttrHooks(name string, v Value) bool {
	if attrHookNames[name] {
		return true
	}
	switch x := v.(type) {
	case *propertyValue:
		return true
	case *Instance:
		return x.HasOwn("__get__") || isDataDescriptor(x)
	}
	return false
}

// isDataDescriptor reports whether v, a class attribute, is a data
// descriptor other than a property: an object whose class defines __set__
// or __delete__.
func isDataDescriptor(v Value) bool {
	x, ok := v.(*Instance)
	return ok && (x.HasOwn("__set__") || x.HasOwn("__delete__"))
}

// hasAttrHooks reports whether c or a class it derives from has (or had)
// a property, a descriptor, __getattribute__, __setattr__, __delattr__ or
// __slots__: without one, an instance attribute needs no class lookup
// first.
func (c *UserClass) hasAttrHooks() bool {
	for _, k := range c.mroUser {
		if k.attrHooks {
			return true
		}
	}
	return false
}

// instanceAttr is x.name for an instance of a user class.
func (in *interp) instanceAttr(x *Instance, name string) (Value, error) {
	var v Value
	var found bool
	var err error
	if !x.cls.hasAttrHooks() {
		if v, ok := x.get(name); ok {
			return v, nil
		}
		v, found, err = in.objectAttr(x, name)
	} else if cerr := x.enterAttrContext(); cerr != nil {
		return nil, cerr
	} else if ga, _, ok := x.cls.lookup("__getattribute__"); ok {
		v, err = in.call(bindClassAttr(ga, x, x.cls), []Value{name}, nil, nil, in.stmtNode())
		found = err == nil
	} else {
		v, found, err = in.objectAttr(x, name)
	}
	if found {
		return v, nil
	}
	if err != nil && ToError(err).Kind != AttributeError {
		return nil, err
	}
	if ga, _, ok := x.cls.lookup("__getattr__"); ok {
		v, err := in.call(bindClassAttr(ga, x, x.cls), []Value{name}, nil, nil, in.stmtNode())
		return v, attrErrorContext(err, x, name)
	}
	if err != nil {
		return nil, attrErrorContext(err, x, name)
	}
	return nil, x.missingAttr(name)
}

// missingAttr is the AttributeError of reading x.name when x has none.
func (x *Instance) missingAttr(name string) *Error {
	err := Errorf(AttributeError, "'%s' object has no attribute '%s'", x.cls.Name, name).withName(name, x)
	err.Hint = suggestHint(name, x.AttrNames())
	return err
}

// objectAttr is object.__getattribute__(x, name) without __getattr__:
// found is false, with no error, when x has no such attribute.
func (in *interp) objectAttr(x *Instance, name string) (v Value, found bool, err error) {
	if err := x.enterAttrContext(); err != nil {
		return nil, false, err
	}
	cv, _, inClass := x.cls.lookup(name)
	if inClass {
		switch d := cv.(type) {
		case *propertyValue:
			if d.fget == nil {
				return nil, false, d.lacks("getter", x)
			}
			v, err := in.call(d.fget, []Value{x}, nil, nil, in.stmtNode())
			return v, err == nil, err
		case *Instance:
			if isDataDescriptor(d) && d.HasOwn("__get__") {
				return in.descriptorGet(d, x, x.cls)
			}
		}
	}
	if v, ok := x.get(name); ok {
		return v, true, nil
	}
	if inClass {
		if d, ok := cv.(*Instance); ok && d.HasOwn("__get__") {
			return in.descriptorGet(d, x, x.cls)
		}
		if d, ok := cv.(Descriptor); ok { // a library's, as functools.cached_property
			v, err := d.Get(x)
			return v, err == nil, err
		}
		return bindClassAttr(cv, x, x.cls), true, nil
	}
	switch name {
	case "__class__":
		return x.cls, true, nil
	case "__dict__":
		if x.cls.slots != nil {
			return nil, false, nil
		}
		return x.Dict(), true, nil
	}
	if b := x.cls.base(); b.Attr != nil {
		if v, ok, err := b.Attr(x, name); ok || err != nil {
			return v, err == nil, err
		}
	}
	if m, ok := nativeSpecial(x.cls, name); ok {
		return &userMethod{self: x, fn: m}, true, nil // e.__str__()
	}
	if m, ok := objectMethods[name]; ok && name != "__new__" && name != "__init_subclass__" {
		return &userMethod{self: x, fn: m}, true, nil // object's: x.__reduce_ex__(2), x.__sizeof__()
	}
	return nil, false, nil
}

// descriptorGet is d.__get__(obj, cls), what reading a descriptor d of
// the class cls gives (obj is None when read from the class).
func (in *interp) descriptorGet(d *Instance, obj Value, cls *UserClass) (Value, bool, error) {
	if !d.HasOwn("__get__") {
		return d, true, nil // __set__ without __get__: the descriptor itself
	}
	v, _, err := in.callSpecial(d, "__get__", obj, cls)
	return v, err == nil, err
}

// setInstanceAttr runs x.name = v: the classes' __setattr__, else
// object's.
func (in *interp) setInstanceAttr(x *Instance, name string, v Value) error {
	if !x.cls.hasAttrHooks() {
		return storeAttr(x, name, v)
	}
	if err := x.enterAttrContext(); err != nil {
		return err
	}
	if guard := x.cls.guardOf(); guard != nil {
		if err := guard(x, name, false); err != nil {
			return err
		}
	}
	if sa, _, ok := x.cls.lookup("__setattr__"); ok {
		_, err := in.call(bindClassAttr(sa, x, x.cls), []Value{name, v}, nil, nil, in.stmtNode())
		return err
	}
	return in.objectSetAttr(x, name, v)
}

// objectSetAttr is object.__setattr__(x, name, v).
func (in *interp) objectSetAttr(x *Instance, name string, v Value) error {
	if err := x.enterAttrContext(); err != nil {
		return err
	}
	if x.cls.hasAttrHooks() { // only a data descriptor of the class takes the assignment
		if cv, _, ok := x.cls.lookup(name); ok {
			switch d := cv.(type) {
			case *propertyValue:
				if d.fset == nil {
					return d.lacks("setter", x).
						WithHint("define one with @%s.setter above a 'def %s(self, value):'", name, name)
				}
				_, err := in.call(d.fset, []Value{x, v}, nil, nil, in.stmtNode())
				return err
			case *Instance:
				if d.HasOwn("__set__") {
					_, _, err := in.callSpecial(d, "__set__", x, v)
					return err
				}
				if isDataDescriptor(d) {
					return Errorf(AttributeError, "__set__")
				}
			}
		}
		if x.cls.slots != nil && !x.cls.slots[name] && name != "__class__" {
			return Errorf(AttributeError, "'%s' object has no attribute '%s'", x.cls.Name, name)
		}
	}
	return storeAttr(x, name, v)
}

// storeAttr stores x.name = v where no class attribute takes it: in the
// native base, or among the instance's attributes.
func storeAttr(x *Instance, name string, v Value) error {
	if b := x.cls.base(); b.SetAttr != nil {
		if handled, err := b.SetAttr(x, name, v); handled || err != nil {
			return err
		}
	}
	switch name {
	case "__class__":
		return Errorf(AttributeError, "kael does not let '%s' of an object be assigned", name)
	case "__dict__":
		d, ok := v.(*Dict)
		if !ok {
			return Errorf(TypeError, "__dict__ must be set to a dictionary, not a '%s'", TypeName(v))
		}
		x.setDict(d)
		return nil
	}
	x.set(name, v)
	return nil
}

// delAttr checks del v.name and returns what deletes the attribute: the
// classes' __delattr__, else object's (objectDelAttr).
func delAttr(v Value, name string) (func() error, error) {
	x, ok := v.(*Instance)
	if d, deleter := v.(AttrDeleter); deleter && !ok {
		return d.DelAttr(name)
	}
	if !ok {
		return nil, Errorf(AttributeError, "kael cannot delete attributes of '%s' objects", TypeName(v)).
			WithHint("only attributes of instances of your own classes can be deleted")
	}
	if err := x.enterAttrContext(); err != nil {
		return nil, err
	}
	if guard := x.cls.guardOf(); guard != nil {
		if err := guard(x, name, true); err != nil {
			return nil, err
		}
	}
	if x.cls.hasAttrHooks() && x.HasOwn("__delattr__") {
		return func() error {
			_, _, err := x.hook("__delattr__", name)
			return err
		}, nil
	}
	return objectDelAttr(x, name)
}

// objectDelAttr checks object.__delattr__(x, name) and returns what
// deletes the attribute: a data descriptor's __delete__, or the
// instance's own attribute. The deletion fails if the attribute is gone
// by then (del x.a, x.a), as in Python.
func objectDelAttr(x *Instance, name string) (func() error, error) {
	if err := x.enterAttrContext(); err != nil {
		return nil, err
	}
	missing := func() error {
		return Errorf(AttributeError, "'%s' object has no attribute '%s'", x.cls.Name, name)
	}
	if cv, _, ok := x.cls.lookup(name); ok {
		switch d := cv.(type) {
		case *propertyValue:
			if d.fdel != nil {
				return func() error {
					_, err := hooked(x, func(in *interp) (Value, error) { return in.call(d.fdel, []Value{x}, nil, nil, in.stmtNode()) })
					return err
				}, nil
			}
			return nil, d.lacks("deleter", x)
		case *Instance:
			if d.HasOwn("__delete__") {
				return func() error {
					_, _, err := d.hook("__delete__", x)
					return err
				}, nil
			}
			if isDataDescriptor(d) {
				return nil, Errorf(AttributeError, "__delete__")
			}
		}
	}
	if _, own := x.get(name); own {
		return func() error {
			if !x.DeleteOwn(name) {
				return missing()
			}
			return nil
		}, nil
	}
	if err := excDelAttr(x, name); err != nil {
		return nil, err
	}
	b := x.cls.base()
	if b.DelAttr != nil {
		if del, err := b.DelAttr(x, name); del != nil || err != nil {
			return del, err
		}
	}
	if b.Attr != nil {
		if _, kept, _ := b.Attr(x, name); kept {
			return nil, Errorf(AttributeError, "kael cannot delete '%s' of '%s': its %s base keeps it", name, x.cls.Name, b.Name)
		}
	}
	return nil, missing()
}
