package numpy

import (
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// np.ndarray as a base, as NumPy's basics.subclassing.rst describes it:
// class A(np.ndarray). An instance keeps its array as Native, and is made
// by view casting (np.asarray(x).view(A)), by the class's __new__ through
// super().__new__(cls, shape, dtype) or obj = np.asarray(input).view(cls),
// or without a __new__ by ndarray(shape, dtype). __array_finalize__(self,
// obj) runs as NumPy runs it: with None after the constructor, with the
// array viewed after view casting, and with the instance a new one comes
// from (a slice, a method's or an operator's or a ufunc's result), so
// attributes it copies survive. Operators, methods and the ufuncs give
// their array results the class (a + 1, a[1:], a.reshape(...),
// np.sin(a)); the repr is NumPy's with the class's name: A([1, 2]).

const ndarrayName = "numpy.ndarray"

// subArray returns the array of an instance of an ndarray subclass.
func subArray(v lang.Value) (*Array, bool) {
	x, ok := v.(*lang.Instance)
	if !ok {
		return nil, false
	}
	a, ok := x.Native().(*Array)
	return a, ok
}

// unwrapArr is v, or the array of an instance of an ndarray subclass.
func unwrapArr(v lang.Value) lang.Value {
	if a, ok := subArray(v); ok {
		return a
	}
	return v
}

// finalize calls x.__array_finalize__(obj) when x's class defines one.
func finalize(x *lang.Instance, obj lang.Value) error {
	f, ok := x.Class().Lookup("__array_finalize__")
	if !ok || f == lang.Value(arrayFinalizeNoop) {
		return nil
	}
	m, err := lang.GetAttr(x, "__array_finalize__")
	if err != nil {
		return err
	}
	_, err = x.Session().CallHook(m, obj)
	return err
}

// newSub is an instance of cls holding arr, finalized from obj.
func newSub(cls *lang.UserClass, arr *Array, obj lang.Value) (lang.Value, error) {
	x := lang.NewInstance(cls, arr)
	return x, finalize(x, obj)
}

// convertArr gives an array result r of an operation on self the class
// cls: self itself when r is its array (an in-place operator), else a
// new instance finalized from self; other results are unchanged.
func convertArr(cls *lang.UserClass, self *lang.Instance, r lang.Value) (lang.Value, error) {
	arr, ok := r.(*Array)
	if !ok {
		return r, nil
	}
	if self != nil && self.Native() == arr {
		return self, nil
	}
	var obj lang.Value = lang.None
	if self != nil {
		obj = self
	}
	return newSub(cls, arr, obj)
}

// arrayFinalizeNoop is ndarray.__array_finalize__, which does nothing.
var arrayFinalizeNoop = lang.NewBuiltin(lang.AsValue, "__array_finalize__(self, obj)", "Called when an array of a subclass is made, with the array it comes from (None from the constructor); ndarray's does nothing.", func(a *lang.Args) (lang.Value, error) {
	return lang.None, nil
}).BindingSelf()

// subMethod is the special method name of the subclasses: run on the
// arrays, its array result given the instance's class.
func subMethod(name string, run func(a *lang.Args, self *Array, args []lang.Value) (lang.Value, error)) *lang.Builtin {
	return lang.NewBuiltin(lang.AsValue, name+"(self, *args)", "ndarray."+name+" of a subclass: its array result has the class.", func(a *lang.Args) (lang.Value, error) {
		x := a.Value("self").(*lang.Instance)
		arr, ok := x.Native().(*Array)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "%s object holds no array", x.Class().Name)
		}
		args := a.Value("args").(lang.Tuple)
		un := make([]lang.Value, len(args))
		for i, v := range args {
			un[i] = unwrapArr(v)
		}
		r, err := run(a, arr, un)
		if err != nil {
			return nil, err
		}
		return convertArr(x.Class(), x, r)
	}).BindingSelf()
}

// ndarraySubMethods are the special methods of the subclasses.
func ndarraySubMethods(newFn *lang.Builtin) map[string]lang.Value {
	m := map[string]lang.Value{"__new__": newFn, "__array_finalize__": arrayFinalizeNoop, "__hash__": lang.None}
	binary := map[syntax.Token]string{
		syntax.PLUS: "add", syntax.MINUS: "sub", syntax.STAR: "mul", syntax.SLASH: "truediv",
		syntax.SLASHSLASH: "floordiv", syntax.PERCENT: "mod", syntax.STARSTAR: "pow", syntax.AT: "matmul",
		syntax.AMP: "and", syntax.PIPE: "or", syntax.CARET: "xor", syntax.LSHIFT: "lshift", syntax.RSHIFT: "rshift",
	}
	for op, name := range binary {
		m["__"+name+"__"] = subMethod("__"+name+"__", func(a *lang.Args, self *Array, args []lang.Value) (lang.Value, error) {
			return a.Binary(op, self, args[0])
		})
		m["__r"+name+"__"] = subMethod("__r"+name+"__", func(a *lang.Args, self *Array, args []lang.Value) (lang.Value, error) {
			return a.Binary(op, args[0], self)
		})
	}
	for op, name := range map[syntax.Token]string{syntax.EQL: "eq", syntax.NEQ: "ne", syntax.LT: "lt", syntax.LE: "le", syntax.GT: "gt", syntax.GE: "ge"} {
		m["__"+name+"__"] = subMethod("__"+name+"__", func(a *lang.Args, self *Array, args []lang.Value) (lang.Value, error) {
			return a.Binary(op, self, args[0])
		})
	}
	for op, name := range map[syntax.Token]string{syntax.MINUS: "neg", syntax.PLUS: "pos", syntax.TILDE: "invert"} {
		m["__"+name+"__"] = subMethod("__"+name+"__", func(a *lang.Args, self *Array, args []lang.Value) (lang.Value, error) {
			return a.Unary(op, self)
		})
	}
	m["__getitem__"] = subMethod("__getitem__", func(a *lang.Args, self *Array, args []lang.Value) (lang.Value, error) {
		return lang.Index(self, []lang.Subscript{{Value: args[0]}})
	})
	m["__setitem__"] = subMethod("__setitem__", func(a *lang.Args, self *Array, args []lang.Value) (lang.Value, error) {
		return lang.None, lang.SetItem(self, args[0], args[1])
	})
	m["__iter__"] = lang.NewBuiltin(lang.AsValue, "__iter__(self)", "Iterates over the first axis: rows of the class, finalized from the instance, or scalars.", func(a *lang.Args) (lang.Value, error) {
		x := a.Value("self").(*lang.Instance)
		arr, ok := x.Native().(*Array)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "%s object holds no array", x.Class().Name)
		}
		elems, err := lang.Collect(arr)
		if err != nil {
			return nil, err
		}
		for i, e := range elems {
			if elems[i], err = convertArr(x.Class(), x, e); err != nil {
				return nil, err
			}
		}
		iter, _ := lang.BuiltinName("iter")
		return a.Call(iter, &lang.List{Elems: elems})
	}).BindingSelf()
	held := func(a *lang.Args) (*lang.Instance, *Array, error) {
		x := a.Value("self").(*lang.Instance)
		arr, ok := x.Native().(*Array)
		if !ok {
			return nil, nil, lang.Errorf(lang.TypeError, "%s object holds no array", x.Class().Name)
		}
		return x, arr, nil
	}
	m["__str__"] = lang.NewBuiltin(lang.AsValue, "__str__(self)", "str of the array: NumPy's str, without the class's name.", func(a *lang.Args) (lang.Value, error) {
		_, arr, err := held(a)
		if err != nil {
			return nil, err
		}
		return lang.StrText(arr)
	}).BindingSelf()
	m["__format__"] = lang.NewBuiltin(lang.AsValue, "__format__(self, format_spec)", "ndarray.__format__: a 0-d array formats its element; others take only the empty spec (their str).", func(a *lang.Args) (lang.Value, error) {
		x, arr, err := held(a)
		if err != nil {
			return nil, err
		}
		spec := a.Str("format_spec")
		if arr.val().Dim() == 0 {
			return arr.FormatSpec(spec)
		}
		if spec != "" {
			return nil, lang.Errorf(lang.TypeError, "unsupported format string passed to %s.__format__", x.Class().Name)
		}
		return lang.StrText(x)
	}).BindingSelf()
	for _, name := range []string{"len", "bool", "float", "int", "abs"} {
		name := name
		m["__"+name+"__"] = subMethod("__"+name+"__", func(a *lang.Args, self *Array, args []lang.Value) (lang.Value, error) {
			f, _ := lang.BuiltinName(name)
			return a.Call(f, self)
		})
	}
	return m
}

// ndarraySubRepr is NumPy's repr with the class's name: A([1, 2]), the
// lines under the first indented to the new prefix.
func ndarraySubRepr(x *lang.Instance, arr *Array) string {
	text := lang.Repr(arr)
	name := x.Class().Name
	if !strings.HasPrefix(text, "array(") {
		return text
	}
	lines := strings.Split(text, "\n")
	lines[0] = name + "(" + strings.TrimPrefix(lines[0], "array(")
	pad := strings.Repeat(" ", len(name)+1)
	for i := 1; i < len(lines); i++ {
		lines[i] = pad + strings.TrimPrefix(lines[i], "      ")
	}
	return strings.Join(lines, "\n")
}

func init() {
	// A user class may define __array_finalize__ before numpy is defined.
	lang.RegisterDunder("__array_finalize__")
	defineLater(func() {
		makeArr := func(a *lang.Args, pos []lang.Value, kwNames []string, kwVals []lang.Value) (*Array, error) {
			v, err := a.CallKw(ndarrayClass, pos, kwNames, kwVals)
			if err != nil {
				return nil, err
			}
			return v.(*Array), nil
		}
		newFn := lang.NewBuiltin(lang.AsValue, "__new__(cls, *args, **kwargs)", "ndarray.__new__(cls, shape, dtype=float): an instance of cls, a subclass of np.ndarray, holding a new array of zeros; __array_finalize__ runs with None.", func(a *lang.Args) (lang.Value, error) {
			cls, ok := a.Value("cls").(*lang.UserClass)
			if !ok {
				return nil, lang.Errorf(lang.TypeError, "ndarray.__new__(X): X is not a subtype of numpy.ndarray")
			}
			kwNames, kwVals := a.Keywords()
			arr, err := makeArr(a, a.Value("args").(lang.Tuple), kwNames, kwVals)
			if err != nil {
				return nil, err
			}
			return newSub(cls, arr, lang.None)
		}).CollectKeywords()
		lang.RegisterNativeBase(ndarrayName, ndarrayClass, &lang.NativeBase{
			Name:    "ndarray",
			Methods: ndarraySubMethods(newFn),
			Init: func(x *lang.Instance, pos []lang.Value, kwNames []string, kwVals []lang.Value) error {
				if x.Native() != nil {
					return nil // made by __new__, which took the arguments
				}
				_, err := x.Session().CallHookKw(lang.NewBuiltin(lang.AsValue, "__new__(*args)", "", func(a *lang.Args) (lang.Value, error) {
					arr, err := makeArr(a, pos, kwNames, kwVals)
					if err != nil {
						return nil, err
					}
					x.SetNative(arr)
					return nil, finalize(x, lang.None)
				}), nil, nil, nil)
				return err
			},
			Attr: func(x *lang.Instance, name string) (lang.Value, bool, error) {
				arr, ok := x.Native().(*Array)
				if !ok {
					return nil, false, nil
				}
				v, found := arr.Attr(name)
				if !found {
					return nil, false, nil
				}
				if bm, isMethod := v.(*lang.BoundMethod); isMethod {
					return lang.NewBuiltin(lang.AsValue, name+"(*args, **kwargs)", "ndarray."+name+" of a subclass: its array result has the class.", func(a *lang.Args) (lang.Value, error) {
						args := a.Value("args").(lang.Tuple)
						un := make([]lang.Value, len(args))
						for i, v := range args {
							un[i] = unwrapArr(v)
						}
						kwNames, kwVals := a.Keywords()
						if name == "view" { // it chooses the class itself
							return a.CallKw(bm.Method, append([]lang.Value{x}, un...), kwNames, kwVals)
						}
						r, err := a.CallKw(bm, un, kwNames, kwVals)
						if err != nil {
							return nil, err
						}
						return convertArr(x.Class(), x, r)
					}).CollectKeywords(), true, nil
				}
				r, err := x.Session().CallHookKw(lang.NewBuiltin(lang.AsValue, name+"()", "", func(a *lang.Args) (lang.Value, error) {
					return convertArr(x.Class(), x, v)
				}), nil, nil, nil)
				return r, true, err
			},
			SetAttr: func(x *lang.Instance, name string, v lang.Value) (bool, error) {
				// self.shape = ... reshapes the instance's array in place, as
				// np.matrix's __array_finalize__ makes its result 2-d
				arr, ok := x.Native().(*Array)
				if !ok || name != "shape" {
					return false, nil
				}
				return true, arr.SetAttr(name, v)
			},
			Repr: func(x *lang.Instance) (string, bool) {
				arr, ok := x.Native().(*Array)
				if !ok {
					return "", false
				}
				return ndarraySubRepr(x, arr), true
			},
		})
		lang.RegisterClassAttr(ndarrayClass, "__array_finalize__", arrayFinalizeNoop)
		arrayMethods["view"] = lang.NewBuiltin(lang.AsValue, "view(self, dtype=None, type=None)",
			"A new view of the array's data: of the class type (or dtype, when it is an ndarray subclass: view casting, which runs its __array_finalize__ with the array); a dtype other than the array's own is not supported.",
			func(a *lang.Args) (lang.Value, error) {
				self := unwrapArr(a.Value("self")).(*Array)
				cls, dt := a.Value("type"), a.Value("dtype")
				if _, ok := dt.(*lang.UserClass); (ok || dt == lang.Value(ndarrayClass)) && cls == lang.None {
					cls, dt = dt, lang.None // view(A): the type
				}
				if dt != lang.None {
					want, err := toDType(dt)
					if err != nil {
						if _, isClass := dt.(*lang.Builtin); isClass && lang.ClassOf(dt) != "" {
							return nil, lang.Errorf(lang.TypeError, "Cannot change data-type for object array.")
						}
						return nil, err
					}
					if want != self.store.DType() {
						have, _ := self.Attr("dtype")
						return nil, lang.Errorf(tensor.NotImplementedError, "kael's ndarray.view does not reinterpret %s data as %s", lang.Str(have), lang.Str(dt))
					}
				}
				v := &Array{store: self.store, flip: self.flip, base: self, readonly: self.readonly}
				if self.base != nil {
					v.base = self.base
				}
				switch c := cls.(type) {
				case *lang.UserClass:
					if _, sub := c.Lookup("__array_finalize__"); !sub {
						return nil, lang.Errorf(lang.TypeError, "Cannot change data-type for object array.")
					}
					return newSub(c, v, a.Value("self"))
				case *lang.Builtin:
					if c != ndarrayClass {
						return nil, lang.Errorf(lang.TypeError, "Cannot change data-type for object array.")
					}
				case lang.NoneType:
					if x, ok := a.Value("self").(*lang.Instance); ok {
						return newSub(x.Class(), v, x) // a view keeps the class
					}
				}
				return v, nil
			}).BindingSelf()
	})
}

// keepSubclassUfuncs makes the ufuncs of m give their array result the
// class of their first argument that is an instance of an ndarray
// subclass, finalized from it, as NumPy's __array_wrap__ does.
func keepSubclassUfuncs(m map[string]lang.Value) {
	names := []string{"invert", "bitwise_not"}
	for _, u := range unaryUfuncs {
		names = append(names, u.name)
	}
	for name := range operatorUfuncs {
		names = append(names, name)
	}
	for name := range binaryUfuncs {
		names = append(names, name)
	}
	for _, name := range names {
		inner, ok := m[name].(*lang.Builtin)
		if !ok {
			continue
		}
		fn := inner.Fn()
		params := []string{"x"}
		if strings.Contains(inner.Sig, "x1, x2") {
			params = []string{"x1", "x2"}
		}
		m[name] = inner.WithFn(func(a *lang.Args) (lang.Value, error) {
			r, err := fn(a)
			if err != nil {
				return nil, err
			}
			for _, p := range params {
				if x, ok := a.Value(p).(*lang.Instance); ok {
					if _, isArr := x.Native().(*Array); isArr {
						if out, given := a.Value("out").(*lang.Instance); given && out.Native() == r {
							return out, nil
						}
						return convertArr(x.Class(), x, r)
					}
				}
			}
			return r, nil
		})
	}
}

// keepSubclassDot makes np.dot give its array result the class of the
// operand of higher __array_priority__ (the first on a tie, a plain
// ndarray's being 0), finalized from it, as NumPy's dot chooses its
// result's type: np.dot of np.matrix operands is a matrix.
func keepSubclassDot(m map[string]lang.Value) {
	inner, ok := m["dot"].(*lang.Builtin)
	if !ok {
		return
	}
	fn := inner.Fn()
	priority := func(v lang.Value) (*lang.Instance, float64) {
		x, ok := v.(*lang.Instance)
		if !ok {
			return nil, 0
		}
		if _, isArr := x.Native().(*Array); !isArr {
			return nil, 0
		}
		p, err := lang.GetAttr(x.Class(), "__array_priority__")
		if err != nil {
			return x, 0
		}
		f, _ := lang.AsFloat(p)
		return x, f
	}
	m["dot"] = inner.WithFn(func(a *lang.Args) (lang.Value, error) {
		r, err := fn(a)
		if err != nil {
			return nil, err
		}
		x, p1 := priority(a.Value("a"))
		if y, p2 := priority(a.Value("b")); y != nil && (x == nil && p2 > 0 || p2 > p1) {
			x = y
		}
		if x == nil {
			return r, nil
		}
		return convertArr(x.Class(), x, r)
	})
}
