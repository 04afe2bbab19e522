package lang

import "strings"

// The special attributes of builtins, as CPython's functions, methods and
// classes have them: __name__, __qualname__, __module__, __doc__ (kael's
// doc of the builtin, which help() shows too), and of a method bound to
// its receiver also __self__.

// builtinDunder is b.name for those special attributes; ok is false for
// another name.
func builtinDunder(b *Builtin, name string) (Value, bool) {
	class := ClassOf(b)
	switch name {
	case "__name__":
		if class != "" {
			return shortClassName(class), true
		}
		return b.Name, true
	case "__qualname__":
		if class != "" {
			return shortClassName(class), true
		}
		if q := b.qualName(); q != "" {
			return q, true
		}
		return b.Name, true
	case "__doc__":
		if b.Doc == "" {
			return None, true
		}
		return b.Doc, true
	case "__module__":
		if m := b.Module(); m != "" {
			return m, true
		}
		if i := strings.LastIndexByte(class, '.'); i >= 0 {
			return class[:i], true
		}
		if class != "" || builtins[b.Name] == b {
			return "builtins", true
		}
	default:
		if class != "" {
			return nativeClassDunder(class, name)
		}
	}
	return nil, false
}

// boundMethodDunder is m.name for a method bound to its receiver
// ([].append): its function's name, the qualified name of its class's
// method, __self__, its doc, and no module.
func boundMethodDunder(m *BoundMethod, name string) (Value, bool) {
	switch name {
	case "__name__":
		return m.Method.Name, true
	case "__qualname__":
		return TypeName(m.Recv) + "." + m.Method.Name, true
	case "__self__":
		return m.Recv, true
	case "__doc__":
		return builtinDunder(m.Method, name)
	case "__module__":
		return None, true
	}
	return nil, false
}
