package lang

import "github.com/kael-dev/kael/lang/syntax"

// Direct calls of the builtins loops call most: len(x), l.append(v),
// d.get(k) and d.get(k, default). A call site that finds the builtin it
// expects (the name may be rebound: len = ... is allowed) runs it without
// binding an Args, with the same result and errors as the builtin, which
// calls the same code (length, Dict.Get).

// directMethod is a method of lists or dicts that a call site runs
// directly.
type directMethod uint8

const (
	notDirect directMethod = iota
	directAppend
	directGet
)

// directMethodOf returns the direct method recv.name(...) with nargs
// positional arguments is, if any.
func directMethodOf(name string, nargs int) directMethod {
	switch {
	case name == "append" && nargs == 1:
		return directAppend
	case name == "get" && (nargs == 1 || nargs == 2):
		return directGet
	}
	return notDirect
}

// callDirect runs method m of recv, evaluating args, for the call at; ok
// is false, with nothing evaluated, when recv is not of the method's type.
func (in *interp) callDirect(m directMethod, recv Value, args []operand, at syntax.Node) (v Value, ok bool, err error) {
	switch m {
	case directAppend:
		l, isList := recv.(*List)
		if !isList || l.size {
			return nil, false, nil
		}
		if v = args[0].ready(in); v == nil { // operand.value, inlined
			if v, err = args[0].eval(in); err != nil {
				return nil, true, err
			}
		}
		l.Elems = append(l.Elems, v)
		return None, true, nil
	case directGet:
		d, isDict := recv.(*Dict)
		if !isDict {
			return nil, false, nil
		}
		key := args[0].ready(in) // operand.value, inlined
		if key == nil {
			if key, err = args[0].eval(in); err != nil {
				return nil, true, err
			}
		}
		var def Value = None
		if len(args) == 2 {
			if def = args[1].ready(in); def == nil {
				if def, err = args[1].eval(in); err != nil {
					return nil, true, err
				}
			}
		}
		var found bool
		switch key.(type) {
		case int64, string: // no user __hash__ or __eq__ runs
			v, found, err = d.Get(key)
		default:
			v, err = in.underHooks(func() (v Value, err error) { v, found, err = d.Get(key); return v, err })
		}
		if err != nil {
			return nil, true, in.wrapNode(err, at)
		}
		if !found {
			return def, true, nil
		}
		return v, true, nil
	}
	return nil, false, nil
}

// callLen runs len(arg) when fn is lenFn, the builtin len; ok is false
// otherwise.
func (in *interp) callLen(fn Value, lenFn *Builtin, args []operand, at syntax.Node) (v Value, ok bool, err error) {
	if fn != Value(lenFn) || len(args) != 1 {
		return nil, false, nil
	}
	arg := args[0].ready(in) // operand.value, inlined
	if arg == nil {
		if arg, err = args[0].eval(in); err != nil {
			return nil, true, err
		}
	}
	if l, isList := arg.(*List); isList { // no user __len__ runs
		return boxInt(in.s, int64(len(l.Elems))), true, nil
	}
	v, err = in.underHooks(func() (Value, error) { return Len(arg) })
	return v, true, in.wrapNode(err, at)
}

// callIsInstance runs isinstance(obj, classinfo), fn being the builtin:
// directly when classinfo is a user class, else through the builtin with
// the values of the arguments.
func (in *interp) callIsInstance(fn *Builtin, args []operand, at *syntax.CallExpr) (Value, error) {
	obj, cls, err := operands(in, &args[0], &args[1])
	if err != nil {
		return nil, err
	}
	if c, ok := cls.(*UserClass); ok {
		if c.plainInstanceCheck() { // the common case, inline: what IsInstance finds without hooks
			switch x := obj.(type) {
			case *Instance:
				return x.cls == c || x.cls.derivesFrom(c), nil
			case *UserClass: // a class, an instance of its metaclass: IsInstance's
			default:
				return false, nil // an int, a float, a list: only instances are, without hooks
			}
		}
		// a class (an instance of its metaclass), or a class whose
		// metaclass or hooks decide
		r, err := IsInstance(obj, c)
		return r, in.wrapNode(err, at)
	}
	if c, ok := cls.(*Builtin); ok {
		if r, known := isInstanceBasic(obj, c); known {
			return r, nil
		}
	}
	pos := [2]Value{obj, cls} // on the stack: a builtin keeps no argument slice
	r, err := in.callBuiltin(fn, pos[:], nil, nil, false)
	return r, in.wrapNode(err, at)
}
