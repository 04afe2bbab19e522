package lang

// The attributes CPython gives NameError (name), AttributeError (name,
// obj) and ImportError (name, path, msg), with the keyword arguments of
// the same names their constructors take. kael's own errors set them
// where they are raised (withName), as CPython does: a NameError names
// the missing variable, an AttributeError the attribute and the object,
// a ModuleNotFoundError the module.

// namedFields are the name, obj and path of a NameError, AttributeError
// or ImportError; nil for None.
type namedFields struct {
	name, obj, path Value
	// scope is where the engine looked up a NameError's name, for its
	// suggestion (exceptions_suggest.go); nil for one a program made.
	scope *nameScope
}

// withName records on e the name (and obj, nil for none) that its
// exception object's name and obj attributes give.
func (e *Error) withName(name string, obj Value) *Error {
	e.named = &namedFields{name: name, obj: obj}
	return e
}

// namedKind is the exception of the three that x is an instance of,
// with the keyword arguments its constructor takes; "" for another.
func namedKind(c *UserClass) (string, []string) {
	switch {
	case c.excKinds == 0:
		return "", nil
	case c.excKinds&excAttributeError != 0:
		return "AttributeError", []string{"name", "obj"}
	case c.excKinds&excImportError != 0:
		return "ImportError", []string{"name", "path"}
	case c.excKinds&excNameError != 0:
		return "NameError", []string{"name"}
	}
	return "", nil
}

// namedInit takes the keyword arguments of x's constructor, refusing one
// its class does not take as CPython does.
func namedInit(x *Instance, st *excState, kwNames []string, kwVals []Value) error {
	kind, allowed := namedKind(x.cls)
	if kind == "" {
		if len(kwNames) > 0 {
			return Errorf(TypeError, "%s() takes no keyword arguments", x.cls.Name)
		}
		return nil
	}
	f := &namedFields{}
	for i, k := range kwNames {
		switch {
		case k == "name" && len(allowed) > 0:
			f.name = noneToNil(kwVals[i])
		case k == "obj" && kind == "AttributeError", k == "path" && kind == "ImportError":
			if k == "obj" {
				f.obj = noneToNil(kwVals[i])
			} else {
				f.path = noneToNil(kwVals[i])
			}
		default:
			return Errorf(TypeError, "'%s' is an invalid keyword argument for %s()", k, x.cls.Name)
		}
	}
	st.named = f
	return nil
}

// namedAttr is x.name, x.obj, x.path or x.msg for the exceptions that
// have them.
func namedAttr(x *Instance, st *excState, name string) (Value, bool) {
	kind, _ := namedKind(x.cls)
	f := st.named
	if f == nil {
		f = &namedFields{}
	}
	switch {
	case kind == "":
		return nil, false
	case name == "name":
		return orNone(f.name), true
	case name == "obj" && kind == "AttributeError":
		return orNone(f.obj), true
	case name == "path" && kind == "ImportError":
		return orNone(f.path), true
	case name == "msg" && kind == "ImportError":
		if len(st.args) == 1 {
			return st.args[0], true
		}
		return None, true
	}
	return nil, false
}

// namedSetAttr assigns x.name, x.obj or x.path.
func namedSetAttr(x *Instance, st *excState, name string, v Value) bool {
	if _, ok := namedAttr(x, st, name); !ok || name == "msg" {
		return false
	}
	if st.named == nil {
		st.named = &namedFields{}
	}
	switch name {
	case "name":
		st.named.name = noneToNil(v)
	case "obj":
		st.named.obj = noneToNil(v)
	case "path":
		st.named.path = noneToNil(v)
	}
	return true
}

// namedAttrNames are the attribute names namedAttr answers for x.
func namedAttrNames(x *Instance) []string {
	switch kind, _ := namedKind(x.cls); kind {
	case "AttributeError":
		return []string{"name", "obj"}
	case "ImportError":
		return []string{"msg", "name", "path"}
	case "NameError":
		return []string{"name"}
	}
	return nil
}

// attrErrorContext gives an AttributeError that reading obj.name raised
// without a name (a __getattr__'s raise AttributeError) that name and
// obj, as CPython does for its suggestion; err otherwise unchanged.
func attrErrorContext(err error, obj Value, name string) error {
	if err == nil || ToError(err).Kind == InternalError {
		return err
	}
	x, _ := excOf(err)
	if x == nil || !x.cls.derivesFrom(exceptionClasses["AttributeError"]) {
		return err
	}
	st := excStateOf(x)
	if st.named == nil {
		st.named = &namedFields{}
	}
	if st.named.name == nil {
		st.named.name, st.named.obj = name, obj
	}
	return err
}
