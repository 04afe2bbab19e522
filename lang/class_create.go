package lang

import "github.com/kael-dev/kael/lang/syntax"

// The steps of making a class after its body ran, as CPython's
// type.__new__ takes them: the keyword arguments of the class statement
// (class A(B, flag=True)), __slots__, each attribute's __set_name__, and
// the __init_subclass__ of the nearest base that defines one (an implicit
// classmethod), which receives the keywords. Metaclasses: class_meta.go.

// classAttrValue is what a class body's name becomes as a class
// attribute: __init_subclass__ and __class_getitem__ are classmethods
// even undecorated, and
// __new__ a staticmethod.
func classAttrValue(name string, v Value) Value {
	if f, ok := v.(*Function); ok {
		switch name {
		case "__init_subclass__", "__class_getitem__":
			return &classMethod{fn: f}
		case "__new__":
			return &staticMethod{fn: f}
		}
	}
	return v
}

// initClass runs the steps after the body of cls ran: __hash__ = None
// beside an __eq__ without __hash__, __slots__,
// __set_name__ and the bases' __init_subclass__ with the statement's
// keyword arguments.
func (in *interp) initClass(cls *UserClass, kwNames []string, kwVals []Value, at syntax.Node) error {
	_, eq := cls.attrs["__eq__"]
	if _, hash := cls.attrs["__hash__"]; eq && !hash {
		cls.set("__hash__", None) // defining __eq__ alone makes instances unhashable
		cls.hashNone = true
	}
	if err := cls.initSlots(); err != nil {
		return err
	}
	for _, name := range append([]string(nil), cls.names...) {
		if p, ok := cls.attrs[name].(*propertyValue); ok {
			p.name = name // property.__set_name__
			continue
		}
		if d, ok := cls.attrs[name].(*Instance); ok && d.HasOwn("__set_name__") {
			if _, _, err := in.callSpecial(d, "__set_name__", cls, name); err != nil {
				e := Errorf(RuntimeError, "Error calling __set_name__ on '%s' instance '%s' in '%s'", d.cls.Name, name, cls.Name)
				e.Err = err // CPython 3.11 chains it as the __cause__
				return e
			}
		}
	}
	for _, k := range cls.mroUser[1:] {
		if v, ok := k.attrs["__init_subclass__"]; ok {
			_, err := in.call(bindClassAttr(v, cls, cls), nil, kwNames, kwVals, at)
			return err
		}
	}
	return objectInitSubclass(cls, kwNames)
}

// objectInitSubclass is object.__init_subclass__ of cls: it takes no
// keyword arguments.
func objectInitSubclass(cls *UserClass, kwNames []string) error {
	if len(kwNames) > 0 {
		return Errorf(TypeError, "%s.__init_subclass__() takes no keyword arguments", cls.Name)
	}
	return nil
}

// initSlots checks the __slots__ of cls and sets cls.slots: the attributes
// its instances may have when every class of its MRO defines __slots__
// (none of them '__dict__') and no native base keeps attributes of its own
// (SetAttr): a class deriving from tuple, int or a namedtuple class has
// slots, one deriving from nn.Module or Exception has not.
func (c *UserClass) initSlots() error {
	v, ok := c.attrs["__slots__"]
	if !ok {
		return nil
	}
	var names []Value
	if s, isStr := v.(string); isStr {
		names = []Value{s}
	} else {
		var err error
		if names, err = Collect(v); err != nil {
			return err
		}
	}
	own := map[string]bool{}
	for _, n := range names {
		s, isStr := n.(string)
		if !isStr {
			return Errorf(TypeError, "__slots__ items must be strings, not '%s'", TypeName(n))
		}
		s = mangledName(c.Name, s) // as the class body's names
		if _, clash := c.attrs[s]; clash {
			return Errorf(ValueError, "'%s' in __slots__ conflicts with class variable", s)
		}
		own[s] = true
	}
	c.ownSlots = own
	if c.nativeBase != "" && c.base().SetAttr != nil {
		return nil
	}
	all := map[string]bool{}
	for _, k := range c.mroUser {
		if k.ownSlots == nil || k.ownSlots["__dict__"] {
			return nil
		}
		for s := range k.ownSlots {
			all[s] = true
		}
	}
	c.slots = all
	classChanged()
	return nil
}

// typeNewMeta is type.__new__(meta, name, bases, ns, **kw) (meta nil:
// type): the class a class statement named name with those bases,
// keywords and metaclass would make, its attributes the items of ns.
// For type(name, bases, ns) (called true), a metaclass of the bases
// makes the class, as in CPython.
func (in *interp) typeNewMeta(meta *UserClass, nameV, basesV, nsV Value, kwNames []string, kwVals []Value, called bool) (Value, error) {
	name, ok := nameV.(string)
	if !ok {
		return nil, Errorf(TypeError, "type.__new__() argument 1 must be str, not %s", TypeName(nameV))
	}
	bases, ok := basesV.(Tuple)
	if !ok {
		return nil, Errorf(TypeError, "type.__new__() argument 2 must be tuple, not %s", TypeName(basesV))
	}
	ns, ok := nsV.(*Dict)
	if !ok {
		return nil, Errorf(TypeError, "type.__new__() argument 3 must be dict, not %s", TypeName(nsV))
	}
	cls := &UserClass{Name: name, attrs: map[string]Value{"__doc__": None}, sess: in.s}
	if m := globalsModule(in.glob); m != "__main__" {
		cls.module = m
	}
	ks := make([]*UserClass, len(bases))
	for i, b := range bases {
		k, err := baseOf(b)
		if err != nil {
			return nil, err
		}
		ks[i] = k
	}
	winner, err := winnerMeta(meta, ks)
	if err != nil {
		return nil, err
	}
	if called && winner != nil {
		return in.metaCall(winner, []Value{nameV, basesV, nsV}, kwNames, kwVals, in.stmtNode())
	}
	cls.meta = winner
	if err := cls.setBases(ks); err != nil {
		return nil, err
	}
	for i, k := range ns.Keys() {
		s, ok := k.(string)
		if !ok {
			return nil, Errorf(TypeError, "kael class attributes are named by strings, not '%s'", TypeName(k))
		}
		v := ns.Values()[i]
		switch s {
		case "__qualname__":
			q, ok := v.(string)
			if !ok {
				return nil, Errorf(TypeError, "type __qualname__ must be a str, not %s", TypeName(v))
			}
			if q != name {
				cls.qualname = q
			}
			continue
		case "__module__":
			if m, ok := v.(string); ok { // a class statement's module
				cls.module = m
				if m == "__main__" {
					cls.module = ""
				}
				continue
			}
		}
		cls.set(s, classAttrValue(s, v))
	}
	if err := in.initClass(cls, kwNames, kwVals, in.stmtNode()); err != nil {
		return nil, err
	}
	if h := cls.classHooks(); h != nil && h.Made != nil {
		if err := h.Made(cls); err != nil {
			return nil, err
		}
	}
	return cls, nil
}
