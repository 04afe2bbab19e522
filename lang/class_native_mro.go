package lang

import "slices"

// The class attributes that describe a native class's place in the
// hierarchy (__bases__, __base__, __mro__ and mro()), as CPython's type
// objects have them: int.__mro__ is (int, object), bool's (bool, int,
// object), collections.OrderedDict's (OrderedDict, dict, object), an
// nn layer's (Linear, Module, object). kael's native classes have one
// base each (classParents); object has none.

// nativeAncestry is the class named name and its bases up to object, as
// values: the class itself first.
func nativeAncestry(name string) Tuple {
	out := Tuple{nativeClassValue(name)}
	for depth := 0; name != "object" && depth < 64; depth++ {
		parent, ok := classParents[name]
		if !ok {
			parent = "object"
		}
		out = append(out, nativeClassValue(parent))
		name = parent
	}
	return out
}

// nativeClassValue is the value that names the native class name: its
// class builtin, the builtin of a Python class, or a Class.
func nativeClassValue(name string) Value {
	if b, ok := classByName[name]; ok && classBuiltins[b] == name {
		return b
	}
	if b := builtins[name]; b != nil && ClassOf(b) == name {
		return b
	}
	if name == "object" {
		return objectType
	}
	return classValue(name)
}

// nativeClassDunder is cls.attr for the hierarchy's attributes of the
// native class named cls; ok is false for another attribute.
func nativeClassDunder(cls, attr string) (Value, bool) {
	switch attr {
	case "__mro__":
		return nativeAncestry(cls), true
	case "__bases__":
		if a := nativeAncestry(cls); len(a) > 1 {
			return Tuple{a[1]}, true
		}
		return Tuple{}, true
	case "__base__":
		if a := nativeAncestry(cls); len(a) > 1 {
			return a[1], true
		}
		return None, true
	case "mro":
		if cls == "type" { // the metaclass's method, unbound: type.mro(int)
			return NewBuiltin(AsValue, "mro(*args)", "Return a type's method resolution order.", func(a *Args) (Value, error) {
				args := a.Value("args").(Tuple)
				if len(args) == 0 {
					return nil, Errorf(TypeError, "unbound method type.mro() needs an argument")
				}
				if len(args) > 1 {
					return nil, Errorf(TypeError, "type.mro() takes no arguments (%d given)", len(args)-1)
				}
				self := args[0]
				mro, err := GetAttr(self, "__mro__")
				if err != nil {
					return nil, err
				}
				t, ok := mro.(Tuple)
				if !ok {
					return nil, Errorf(TypeError, "descriptor 'mro' for 'type' objects doesn't apply to a '%s' object", TypeName(self))
				}
				return &List{Elems: slices.Clone(t)}, nil
			}), true
		}
		return &Builtin{Name: "mro", Sig: "mro()", Doc: "Return a type's method resolution order.", fn: func(*Args) (Value, error) {
			return &List{Elems: nativeAncestry(cls)}, nil
		}}, true
	}
	return nil, false
}
