package lang

// A class statement's base that is not a class but has __mro_entries__
// (typing's Generic[T], Protocol[T], List[int]) is replaced by what
// __mro_entries__(bases) returns, as CPython's PEP 560 does; the bases as
// written are kept as the class's __orig_bases__.

// mroEntries resolves the __mro_entries__ of bases: the bases to derive
// from, and the original bases when one was replaced (nil otherwise).
func (in *interp) mroEntries(bases Tuple) (Tuple, Tuple, error) {
	var out Tuple
	replaced := false
	for i, b := range bases {
		if _, ok := b.(*UserClass); ok || ClassOf(b) != "" {
			if replaced {
				out = append(out, b)
			}
			continue
		}
		fn, err := GetAttr(b, "__mro_entries__")
		if err != nil {
			if replaced {
				out = append(out, b)
			}
			continue
		}
		if !replaced {
			replaced = true
			out = append(Tuple{}, bases[:i]...)
		}
		r, err := in.call(fn, []Value{bases}, nil, nil, in.stmtNode())
		if err != nil {
			return nil, nil, err
		}
		entries, ok := r.(Tuple)
		if !ok {
			return nil, nil, Errorf(TypeError, "__mro_entries__ must return a tuple")
		}
		out = append(out, entries...)
	}
	if !replaced {
		return bases, nil, nil
	}
	return out, bases, nil
}

// A class statement's class that defines __class_getitem__ (an implicit
// classmethod) is subscriptable: Stack[int] calls it with int, as
// CPython does for a class whose metaclass has no __getitem__.

func init() {
	supportedDunders["__mro_entries__"] = true
	supportedDunders["__class_getitem__"] = true
}

// classGetItem is c[subs] through c.__class_getitem__; ok is false when
// no class of c's MRO defines it.
func classGetItem(c *UserClass, subs []Subscript) (Value, bool, error) {
	fn, ok := c.userAttr("__class_getitem__")
	if !ok {
		return nil, false, nil
	}
	if cm, isCM := fn.(*classMethod); isCM && c.sess == nil {
		// A builtin class's own (ExceptionGroup[E]): a Go function.
		if b, isBuiltin := cm.fn.(*Builtin); isBuiltin {
			key, err := itemKey(subs)
			if err != nil {
				return nil, true, err
			}
			r, err := b.fn(&Args{b: b, vals: []Value{c, key}})
			return r, true, err
		}
	}
	if c.sess == nil {
		return nil, false, nil
	}
	key, err := itemKey(subs)
	if err != nil {
		return nil, true, err
	}
	r, err := c.sess.CallHook(bindClassAttr(fn, c, c), key)
	return r, true, err
}
