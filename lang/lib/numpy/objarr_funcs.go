package numpy

import (
	"slices"

	"github.com/kael-dev/kael/lang"
)

// The np functions that take object arrays: each wraps the function of
// its name (numeric or string) and takes over when its arguments are
// object data (dtype=object, an object array, or nested lists holding
// None, a Fraction, an int beyond 64 bits, ...). Those that rearrange,
// select and join run the numeric function on the elements' positions,
// as the string arrays' do.

// objParam reports whether the parameter name is object data.
func objParam(name string) func(a *lang.Args) bool {
	return func(a *lang.Args) bool { return isObjData(a.Value(name)) }
}

// isObjData reports whether v is an object array or data np.array makes
// one of.
func isObjData(v lang.Value) bool {
	if _, ok := v.(*ObjArray); ok {
		return true
	}
	return needsObject(v)
}

// isRagged reports whether nested lists v have branches of different
// depths or lengths: NumPy's inhomogeneous ValueError without
// dtype=object.
func isRagged(v lang.Value) bool {
	switch v.(type) {
	case *lang.List, lang.Tuple:
		_, ragged := objShape(v)
		return ragged
	}
	return false
}

// objJoined is values as positions into one slice of all their elements.
func objJoined(vals []lang.Value, sess *lang.Session) ([]lang.Value, *ObjArray, error) {
	parts := make([]goArray[lang.Value], len(vals))
	for i, v := range vals {
		o, err := objOperand(v, sess)
		if err != nil {
			return nil, nil, err
		}
		parts[i] = o.goArray
	}
	pos, all, err := joinPositions(parts)
	return pos, &ObjArray{goArray: all, sess: sess}, err
}

func defObjFuncs(m map[string]lang.Value, held *builtinNames) {
	m["object_"] = npObject
	defObjUfuncs(m, held)
	wrapStr(m, held, "dtype", func(a *lang.Args) bool { return objDTypeArg(a.Value("obj")) }, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
		return objDType, nil
	})
	// np.array: object data makes an object array; ragged lists that
	// the numeric or string function refuses are NumPy's inhomogeneous
	// ValueError (asked only then: the walk costs)
	wrapStr(m, held, "array", func(*lang.Args) bool { return true }, func(a *lang.Args, other func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
		if !objDTypeArg(a.Value("dtype")) && !(a.IsNone("dtype") && isObjData(a.Value("object"))) {
			r, err := other(a)
			if err != nil && a.IsNone("dtype") && isRagged(a.Value("object")) {
				_, err = objArrayFrom(a.Value("object"), false, a.Session())
			}
			return r, err
		}
		o, err := objArrayFrom(a.Value("object"), objDTypeArg(a.Value("dtype")), a.Session())
		if err != nil {
			return nil, err
		}
		return withNdmin(o, a.Int("ndmin"))
	})
	for _, name := range []string{"asarray", "asanyarray"} {
		if _, ok := m[name]; !ok {
			continue
		}
		wrapStr(m, held, name, func(a *lang.Args) bool {
			return objDTypeArg(a.Value("dtype")) || a.IsNone("dtype") && isObjData(a.Value("a"))
		}, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
			if o, ok := a.Value("a").(*ObjArray); ok {
				return o, nil
			}
			return objArrayFrom(a.Value("a"), objDTypeArg(a.Value("dtype")), a.Session())
		})
	}
	for name, fill := range map[string]lang.Value{"zeros": int64(0), "ones": int64(1), "empty": lang.None} {
		fill := fill
		wrapStr(m, held, name, func(a *lang.Args) bool { return objDTypeArg(a.Value("dtype")) }, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
			shape, err := shapeArg(a.Value("shape"))
			if err != nil {
				return nil, err
			}
			return fullObj(shape, fill, a.Session())
		})
	}
	wrapStr(m, held, "full", func(a *lang.Args) bool {
		return objDTypeArg(a.Value("dtype")) || a.IsNone("dtype") && isObjData(a.Value("fill_value"))
	}, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
		shape, err := shapeArg(a.Value("shape"))
		if err != nil {
			return nil, err
		}
		out, err := fullObj(shape, lang.None, a.Session())
		if err != nil {
			return nil, err
		}
		return out, out.SetSubscript([]lang.Subscript{{Value: lang.EllipsisType{}}}, a.Value("fill_value"))
	})
	// reductions by the elements' operators: the method, given the
	// function's arguments it takes; another one given is refused
	for name := range objReductions {
		defObjReductionFunc(m, held, name, name)
	}
	defObjReductionFunc(m, held, "amax", "max")
	defObjReductionFunc(m, held, "amin", "min")
	// rearranging: the numeric function on the positions
	for _, name := range []string{"reshape", "copy", "transpose", "flip", "squeeze", "expand_dims", "ravel", "tile", "repeat", "roll", "swapaxes", "moveaxis", "broadcast_to", "atleast_1d", "atleast_2d", "take", "split", "array_split", "diagonal", "delete"} {
		if _, ok := m[name].(*lang.Builtin); !ok {
			continue
		}
		wrapStr(m, held, name, func(a *lang.Args) bool {
			vals := a.Values()
			if len(vals) == 0 {
				return false
			}
			_, ok := vals[0].(*ObjArray)
			return ok
		}, func(a *lang.Args, numeric func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
			vals := a.Values()
			o := vals[0].(*ObjArray)
			vals[0] = &Array{store: o.idx}
			r, err := numeric(a)
			vals[0] = o
			if err != nil {
				return nil, err
			}
			return rearranged(o, r)
		})
	}
	// selecting and joining: the numeric function on positions
	for _, j := range []struct{ name, param string }{{"concatenate", "arrays"}, {"stack", "arrays"}, {"hstack", "tup"}, {"vstack", "tup"}} {
		param, name := j.param, j.name
		if _, ok := m[name]; !ok {
			continue
		}
		wrapStr(m, held, name, func(a *lang.Args) bool {
			items, err := lang.Collect(a.Value(param))
			if err != nil {
				return false
			}
			for _, it := range items {
				if _, ok := it.(*ObjArray); ok {
					return true
				}
			}
			return false
		}, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
			items, err := lang.Collect(a.Value(param))
			if err != nil {
				return nil, err
			}
			pos, all, err := objJoined(items, a.Session())
			if err != nil {
				return nil, err
			}
			args := append([]lang.Value{&lang.List{Elems: pos}}, a.Values()[1:]...)
			r, err := a.Call(m[name], args...)
			if err != nil {
				return nil, err
			}
			return rearranged(all, r)
		})
	}
	// where: x and y None are "not given" (the numeric function's indices)
	wrapStr(m, held, "where", func(a *lang.Args) bool {
		return !a.IsNone("x") && !a.IsNone("y") && (isObjData(a.Value("x")) || isObjData(a.Value("y")))
	}, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
		if a.IsNone("x") || a.IsNone("y") {
			return nil, lang.Errorf(lang.ValueError, "either both or neither of x and y should be given")
		}
		pos, all, err := objJoined([]lang.Value{a.Value("x"), a.Value("y")}, a.Session())
		if err != nil {
			return nil, err
		}
		r, err := a.Call(m["where"], a.Value("condition"), pos[0], pos[1])
		if err != nil {
			return nil, err
		}
		return rearranged(all, r)
	})
}

// defObjReductionFunc makes np's function name call the object arrays'
// method of the reduction method when its first argument is one: the
// arguments the method has are passed on by name; one it lacks (keepdims,
// dtype, out, ...) is a NotImplementedError unless left None or False.
func defObjReductionFunc(m map[string]lang.Value, held *builtinNames, name, method string) {
	b, ok := m[name].(*lang.Builtin)
	if !ok {
		return
	}
	params := b.ParamNames()
	wrapStr(m, held, name, func(a *lang.Args) bool {
		vals := a.Values()
		if len(vals) == 0 {
			return false
		}
		_, ok := vals[0].(*ObjArray)
		return ok
	}, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
		fn := objMethods[method]
		takes := fn.ParamNames()
		vals := a.Values()
		var names []string
		var given []lang.Value
		for i, p := range params[1:] {
			v := vals[i+1]
			if slices.Contains(takes, p) {
				names, given = append(names, p), append(given, v)
				continue
			}
			if _, isNone := v.(lang.NoneType); !isNone && v != lang.Value(false) {
				return nil, lang.Errorf(notImplementedError, "kael's np.%s of object arrays takes no %s=", name, p)
			}
		}
		return a.CallKw(&lang.BoundMethod{Recv: vals[0], Method: fn}, nil, names, given)
	})
}
