package lang

import "github.com/kael-dev/kael/tensor"

// The number protocols of user classes, as CPython's abstract.c calls
// them: int(x) asks __int__, then __index__, then the deprecated
// __trunc__; float(x) __float__, then __index__; complex(x) __complex__,
// then __float__ and __index__; abs(x) __abs__, divmod(x, y) __divmod__
// and __rdivmod__, bytes(x) __bytes__; x as an index (operator.index, a list
// subscript, range) __index__. A method returning the wrong type is a
// TypeError with CPython's message.

func init() {
	for _, name := range []string{"__int__", "__index__", "__float__", "__complex__", "__trunc__", "__abs__", "__divmod__", "__rdivmod__", "__bytes__"} {
		supportedDunders[name] = true
	}
}

// isIntValue reports whether v is a Python int (a bool included).
func isIntValue(v Value) bool {
	switch v.(type) {
	case int64, bool, BigInt:
		return true
	}
	return false
}

// intHook is x.name() for __int__, __index__ or __trunc__ when x's class
// defines it: ok is false when it does not; an int is required of
// __int__ and __index__.
func intHook(x *Instance, name string) (Value, bool, error) {
	r, ok, err := x.hook(name)
	if !ok || err != nil {
		return nil, ok, err
	}
	if b, isBool := r.(bool); isBool {
		r, _ = AsInt(b)
	}
	if name != "__trunc__" && !isIntValue(r) {
		return nil, true, Errorf(TypeError, "%s returned non-int (type %s)", name, TypeName(r))
	}
	return r, true, nil
}

// IndexValue is operator.index(v): v as an int, for an int, a library
// number that is an integer, or an instance whose class defines
// __index__ returning an int.
func IndexValue(v Value) (Value, error) {
	switch x := v.(type) {
	case int64, BigInt:
		return x, nil
	case bool:
		n, _ := AsInt(x)
		return n, nil
	case *Instance:
		if r, ok, err := intHook(x, "__index__"); ok || err != nil {
			return r, err
		}
	case Number:
		if n, ok := x.Index(); ok {
			return n, nil
		}
	case *tensor.Tensor: // Tensor.__index__: one element of an integer or bool dtype
		if n, ok := AsInt(x); ok {
			return n, nil
		}
	}
	return nil, notAnInteger(v)
}

// notAnInteger is the TypeError for v used where an integer is needed
// (an index, a count, operator.index): CPython's, and for a tensor
// PyTorch's, which Tensor.__index__ raises.
func notAnInteger(v Value) *Error {
	if isTensor(v) {
		return Errorf(TypeError, "only integer tensors of a single element can be converted to an index")
	}
	if r, ok := v.(ScalarRefuser); ok {
		if e, ok := r.ScalarError(ScalarIndex).(*Error); ok {
			return e
		}
	}
	return Errorf(TypeError, "'%s' object cannot be interpreted as an integer", TypeName(v))
}

// intOfInstance is int(x) of an instance: __int__, __index__, then
// __trunc__ (whose result int() converts in turn); ok is false when the
// class defines none of them.
func intOfInstance(x *Instance) (Value, bool, error) {
	for _, name := range []string{"__int__", "__index__"} {
		if r, ok, err := intHook(x, name); ok || err != nil {
			return r, true, err
		}
	}
	r, ok, err := intHook(x, "__trunc__")
	if !ok || err != nil || isIntValue(r) {
		return r, ok, err
	}
	if y, isInst := r.(*Instance); isInst {
		if r, ok, err := intHook(y, "__index__"); ok || err != nil {
			return r, true, err
		}
	}
	return nil, true, Errorf(TypeError, "__trunc__ returned non-Integral (type %s)", TypeName(r))
}

// floatOfInstance is float(x) of an instance: __float__, which must
// return a float, then __index__; ok is false when the class defines
// neither.
func floatOfInstance(x *Instance) (float64, bool, error) {
	r, ok, err := x.hook("__float__")
	if err != nil {
		return 0, true, err
	}
	if ok {
		f, isFloat := r.(float64)
		if !isFloat {
			return 0, true, Errorf(TypeError, "%s.__float__ returned non-float (type %s)", TypeName(x), TypeName(r))
		}
		return f, true, nil
	}
	r, ok, err = intHook(x, "__index__")
	if !ok || err != nil {
		return 0, ok, err
	}
	if b, isBig := r.(BigInt); isBig {
		f, err := bigToFloat(b.v)
		return f, true, err
	}
	f, _ := asNumber(r)
	return f, true, nil
}

// complexOfInstance is complex(x) of an instance: __complex__, which must
// return a complex, then float(x)'s methods; ok is false when the class
// defines none of them.
func complexOfInstance(x *Instance) (complex128, bool, error) {
	r, ok, err := x.hook("__complex__")
	if err != nil {
		return 0, true, err
	}
	if ok {
		c, isComplex := r.(Complex)
		if !isComplex {
			return 0, true, Errorf(TypeError, "__complex__ returned non-complex (type %s)", TypeName(r))
		}
		return complex128(c), true, nil
	}
	f, ok, err := floatOfInstance(x)
	return complex(f, 0), ok, err
}
