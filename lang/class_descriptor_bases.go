package lang

// property, staticmethod and classmethod as base classes (class
// cached(property), class S(staticmethod)). An instance keeps the
// decorator's value as its Native, and the base gives it CPython's
// descriptor methods: __get__, __set__ and __delete__ for property (a data
// descriptor), __get__ for the other two. Placed in a class, such an
// instance is a descriptor the attribute lookup calls (class_hooks.go),
// and a subclass's __get__ calls the base's with super().__get__(obj,
// cls).

// newPropertyValue is property(fget, fset, fdel, doc) of a's arguments.
func newPropertyValue(a *Args) *propertyValue {
	p := &propertyValue{}
	for _, f := range []struct {
		name string
		to   *Value
	}{{"fget", &p.fget}, {"fset", &p.fset}, {"fdel", &p.fdel}, {"doc", &p.doc}} {
		if !a.IsNone(f.name) {
			*f.to = a.Value(f.name)
		}
	}
	return p
}

// nativeOf is the Native of a's self, an instance of a class deriving from
// property, staticmethod or classmethod.
func nativeOf[T any](a *Args) (*Instance, T, error) {
	x, _ := a.Value("self").(*Instance)
	var zero T
	if x == nil {
		return nil, zero, Errorf(TypeError, "descriptor '%s' needs an instance of a class deriving from it, not '%s'", a.b.Name, TypeName(a.Value("self")))
	}
	v, ok := x.Native().(T)
	if !ok {
		return nil, zero, Errorf(TypeError, "descriptor '%s' of '%s' object has no state", a.b.Name, x.cls.Name)
	}
	return x, v, nil
}

// ownerName is the class name of obj for a property's messages.
func ownerName(obj Value) string {
	if x, ok := obj.(*Instance); ok {
		return x.cls.Name
	}
	return TypeName(obj)
}

// lacks is CPython's AttributeError for a property without the function
// an access of obj's attribute needs (what is "getter", "setter" or
// "deleter"), naming the property when __set_name__ gave it a name.
func (p *propertyValue) lacks(what string, obj Value) *Error {
	if p.name == "" {
		return Errorf(AttributeError, "property of '%s' object has no %s", ownerName(obj), what)
	}
	return Errorf(AttributeError, "property %s of '%s' object has no %s", Repr(p.name), ownerName(obj), what)
}

func propertyBaseMethods() map[string]Value {
	m := map[string]Value{}
	add := func(sig, doc string, fn func(a *Args, x *Instance, p *propertyValue) (Value, error)) {
		b := NewBuiltin(AsValue, sig, doc, func(a *Args) (Value, error) {
			x, p, err := nativeOf[*propertyValue](a)
			if err != nil {
				return nil, err
			}
			return fn(a, x, p)
		}).BindingSelf()
		m[b.Name] = b
	}
	add("__get__(self, instance, owner=None)", "property's __get__: the descriptor itself read from the class, else fget(instance).", func(a *Args, x *Instance, p *propertyValue) (Value, error) {
		obj := a.Value("instance")
		if obj == None {
			return x, nil
		}
		if p.fget == nil {
			return nil, p.lacks("getter", obj)
		}
		return a.Call(p.fget, obj)
	})
	add("__set__(self, instance, value)", "property's __set__: fset(instance, value).", func(a *Args, x *Instance, p *propertyValue) (Value, error) {
		if p.fset == nil {
			return nil, p.lacks("setter", a.Value("instance"))
		}
		_, err := a.Call(p.fset, a.Value("instance"), a.Value("value"))
		return None, err
	})
	add("__delete__(self, instance)", "property's __delete__: fdel(instance).", func(a *Args, x *Instance, p *propertyValue) (Value, error) {
		if p.fdel == nil {
			return nil, p.lacks("deleter", a.Value("instance"))
		}
		_, err := a.Call(p.fdel, a.Value("instance"))
		return None, err
	})
	add("__set_name__(self, owner, name)", "Records the attribute's name for the property's messages.", func(a *Args, x *Instance, p *propertyValue) (Value, error) {
		p.name = Str(a.Value("name"))
		return None, nil
	})
	// getter, setter and deleter copy the property as type(self)(fget,
	// fset, fdel, doc), as CPython's do, so that the copy is of the class
	for _, which := range []string{"getter", "setter", "deleter"} {
		add(which+"(self, f)", "A copy of the property with f as its "+which+", of the same class.", func(a *Args, x *Instance, p *propertyValue) (Value, error) {
			q := p.with(which, a.Value("f"))
			return a.Call(x.cls, orNone(q.fget), orNone(q.fset), orNone(q.fdel), orNone(p.doc))
		})
	}
	return m
}

// registerDescriptorBases registers the three bases; the init that makes
// their builtins calls it.
func registerDescriptorBases() {
	RegisterNativeBase("property", builtins["property"], &NativeBase{
		Name: "property",
		New:  func(x *Instance) error { x.SetNative(&propertyValue{}); return nil },
		Init: func(x *Instance, pos []Value, kwNames []string, kwVals []Value) error {
			v, err := x.Session().CallHookKw(builtins["property"], pos, kwNames, kwVals)
			if err != nil {
				return err
			}
			*x.Native().(*propertyValue) = *v.(*propertyValue)
			return nil
		},
		Attr: func(x *Instance, name string) (Value, bool, error) {
			switch name {
			case "fget", "fset", "fdel", "__doc__":
				v, ok := x.Native().(*propertyValue).Attr(name)
				return v, ok, nil
			}
			return nil, false, nil
		},
		Methods: propertyBaseMethods(),
	})
	funcBase := func(name string, get func(fn, obj, owner Value) Value, fnOf func(v Value) Value) {
		methods := map[string]Value{
			"__get__": NewBuiltin(AsValue, "__get__(self, instance, owner=None)", name+"'s __get__.", func(a *Args) (Value, error) {
				x, _ := a.Value("self").(*Instance)
				if x == nil || x.Native() == nil {
					return nil, Errorf(TypeError, "descriptor '__get__' needs an instance of a class deriving from %s", name)
				}
				owner := a.Value("owner")
				if owner == None {
					owner = TypeOf(a.Value("instance"))
				}
				return get(fnOf(x.Native()), a.Value("instance"), owner), nil
			}).BindingSelf(),
		}
		if name == "staticmethod" { // callable, as Python 3.10's
			methods["__call__"] = NewBuiltin(AsValue, "__call__(self, *args)", "Calls the function.", func(a *Args) (Value, error) {
				x, _ := a.Value("self").(*Instance)
				if x == nil || x.Native() == nil {
					return nil, Errorf(TypeError, "descriptor '__call__' needs an instance of a class deriving from staticmethod")
				}
				return a.CallKw(fnOf(x.Native()), a.Value("args").(Tuple), a.kwNames, a.kwVals)
			}).CollectKeywords().BindingSelf()
		}
		RegisterNativeBase(name, builtins[name], &NativeBase{
			Name: name,
			Init: func(x *Instance, pos []Value, kwNames []string, kwVals []Value) error {
				v, err := x.Session().CallHookKw(builtins[name], pos, kwNames, kwVals)
				if err == nil {
					x.SetNative(v)
				}
				return err
			},
			Attr: func(x *Instance, attr string) (Value, bool, error) {
				if x.Native() != nil && (attr == "__func__" || attr == "__wrapped__") {
					return fnOf(x.Native()), true, nil
				}
				return nil, false, nil
			},
			Methods: methods,
		})
	}
	funcBase("staticmethod", func(fn, _, _ Value) Value { return fn }, func(v Value) Value { return v.(*staticMethod).fn })
	funcBase("classmethod", func(fn, _, owner Value) Value { return &userMethod{self: owner, fn: fn} }, func(v Value) Value { return v.(*classMethod).fn })
	pythonClasses = append(pythonClasses, "property", "staticmethod", "classmethod")
}
