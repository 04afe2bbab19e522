package numpy

import (
	"math"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/copy" // __deepcopy__ imports copy
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// The attributes and methods of object arrays.

// Attr gives dtype, shape, ndim, size, itemsize (8: a pointer, as
// NumPy's), nbytes, strides, T and the methods.
func (o *ObjArray) Attr(name string) (lang.Value, bool) {
	n := int64(o.idx.Numel())
	switch name {
	case "shape":
		return shapeTuple(o.shape()), true
	case "dtype":
		return objDType, true
	case "ndim":
		return int64(o.idx.Dim()), true
	case "size":
		return n, true
	case "itemsize":
		return int64(8), true
	case "nbytes":
		return 8 * n, true
	case "strides":
		st := o.idx.Strides()
		out := make(lang.Tuple, len(st))
		for i, x := range st {
			out[i] = int64(8 * x)
		}
		return out, true
	case "T":
		return o.view(o.idx.T()), true
	}
	if m, ok := objMethods[name]; ok {
		return &lang.BoundMethod{Recv: o, Method: m}, true
	}
	if _, ok := arrayMethods[name]; ok { // a numeric array's method object arrays lack: say so
		return lang.NewBuiltin(lang.AsValue, name+"(*args, **kwargs)", "Not there for object arrays.", func(a *lang.Args) (lang.Value, error) {
			return nil, lang.Errorf(notImplementedError, "kael's object arrays have no method %s: they take tolist, item, fill, copy, reshape, flatten, ravel, transpose, astype, sort, argsort, sum, prod, max, min and mean", name)
		}), true
	}
	return nil, false
}

// AttrNames lists them.
func (o *ObjArray) AttrNames() []string {
	return append([]string{"T", "dtype", "itemsize", "nbytes", "ndim", "shape", "size", "strides"}, sortedKeys(objMethods)...)
}

var objMethods = map[string]*lang.Builtin{}

// objReductions are sum, prod, max, min and mean of object arrays (the
// methods and the np functions): the elements' own operators.
var objReductions = map[string]func(o *ObjArray, a *lang.Args) (lang.Value, error){
	"sum": func(o *ObjArray, a *lang.Args) (lang.Value, error) {
		return o.reduce(a.Value("axis"), "add", int64(0), o.with(syntax.PLUS))
	},
	"prod": func(o *ObjArray, a *lang.Args) (lang.Value, error) {
		return o.reduce(a.Value("axis"), "multiply", int64(1), o.with(syntax.STAR))
	},
	"max": func(o *ObjArray, a *lang.Args) (lang.Value, error) {
		return o.reduce(a.Value("axis"), "maximum", nil, o.pick(syntax.GE))
	},
	"min": func(o *ObjArray, a *lang.Args) (lang.Value, error) {
		return o.reduce(a.Value("axis"), "minimum", nil, o.pick(syntax.LE))
	},
	"mean": func(o *ObjArray, a *lang.Args) (lang.Value, error) {
		s, err := o.reduce(a.Value("axis"), "add", int64(0), o.with(syntax.PLUS))
		if err != nil {
			return nil, err
		}
		n := int64(o.idx.Numel())
		if axis, ok := lang.AsInt(a.Value("axis")); ok && o.idx.Dim() > 0 {
			if axis < 0 {
				axis += int64(o.idx.Dim())
			}
			n = int64(o.shape()[axis])
		}
		if so, ok := s.(*ObjArray); ok {
			r, _, err := so.BinaryOp(syntax.SLASH, n, false)
			return r, err
		}
		return o.apply(syntax.SLASH, s, n)
	},
}

func init() {
	defineLater(func() {
		def := func(sig, doc string, fn func(o *ObjArray, a *lang.Args) (lang.Value, error)) {
			b := lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
				return fn(a.Value("self").(*ObjArray), a)
			})
			objMethods[b.Name] = b
		}
		for name, fn := range objReductions {
			def(name+"(self, axis=None)", "The "+name+" of the elements by their own Python operators (NumPy's object reduction), along axis or of all.", fn)
		}
		def("tolist(self)", "The elements themselves, as nested lists.", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.tolist(), nil
		})
		def("item(self, *args)", "One element: the only one, or the one at indices.", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			args := a.Value("args").(lang.Tuple)
			if len(args) == 0 {
				if o.idx.Numel() != 1 {
					return nil, lang.Errorf(lang.ValueError, "can only convert an array of size 1 to a Python scalar")
				}
				vals, err := o.values()
				return vals[0], err
			}
			if len(args) == 1 {
				r, err := o.idx.Reshape(-1)
				if err != nil {
					return nil, err
				}
				return o.view(r).GetSubscript([]lang.Subscript{{Value: args[0]}})
			}
			subs := make([]lang.Subscript, len(args))
			for i, x := range args {
				subs[i] = lang.Subscript{Value: x}
			}
			return o.GetSubscript(subs)
		})
		def("fill(self, value)", "Sets every element to value (the one object).", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			pos, err := positions(o.idx)
			for _, p := range pos {
				(*o.data)[p] = a.Value("value")
			}
			return lang.None, err
		})
		def("__copy__(self)", "A copy of the array (the elements are the same objects).", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.copyOf()
		})
		def("__deepcopy__(self, memo=None)", "A copy of the array whose elements are copy.deepcopy of the elements, as NumPy's.", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			mod, err := a.Import("copy")
			if err != nil {
				return nil, err
			}
			deep, err := lang.GetAttr(mod, "deepcopy")
			if err != nil {
				return nil, err
			}
			vals, err := o.values()
			if err != nil {
				return nil, err
			}
			for i, v := range vals {
				if vals[i], err = a.Call(deep, v, a.Value("memo")); err != nil {
					return nil, err
				}
			}
			return newObjArray(vals, o.shape(), o.sess)
		})
		def("copy(self)", "A copy of the array (the elements are the same objects).", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.copyOf()
		})
		def("reshape(self, *shape)", "The array in a new shape (a view).", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			shape, err := shapeArgs(a.Value("shape"))
			if err != nil {
				return nil, err
			}
			r, err := reshapeOrder(o.idx, shape, 'C')
			if err != nil {
				return nil, reshapeError(o.idx, shape)
			}
			return o.view(r), nil
		})
		def("flatten(self)", "A 1-d copy of the array.", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			c, err := o.copyOf()
			if err != nil {
				return nil, err
			}
			r, err := c.idx.Reshape(-1)
			return c.view(r), err
		})
		def("ravel(self)", "The array as 1-d (a view when it can be).", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			r, err := o.idx.Reshape(-1)
			return o.view(r), err
		})
		def("transpose(self, *axes)", "The array with its axes reversed, or permuted as axes says (a view).", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			axes := a.Value("axes").(lang.Tuple)
			if len(axes) == 0 {
				return o.view(o.idx.T()), nil
			}
			dims, err := shapeArgs(axes)
			if err != nil {
				return nil, err
			}
			r, err := o.idx.Permute(dims...)
			return o.view(r), err
		})
		def("sort(self, axis=-1)", "Sorts the array in place along axis by the elements' <.", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			sorted, err := o.objSort(a, a.Value("axis"))
			if err != nil {
				return nil, err
			}
			return lang.None, o.SetSubscript([]lang.Subscript{{Value: lang.EllipsisType{}}}, sorted)
		})
		def("argsort(self, axis=-1)", "The indices that sort the array along axis (by the elements' <).", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.objArgsort(a, a.Value("axis"))
		})
		def("astype(self, dtype, copy=True)", "A copy as dtype: object (the same elements), a string dtype (str of each), or numbers (float(), int(), complex() or bool of each, as NumPy converts).", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.astype(a, a.Value("dtype"))
		})
	})
}

// astype converts the elements to dtype to.
func (o *ObjArray) astype(a *lang.Args, to lang.Value) (lang.Value, error) {
	if objDTypeArg(to) {
		return o.copyOf()
	}
	vals, err := o.values()
	if err != nil {
		return nil, err
	}
	if sd, ok, err := strDTypeArg(to); ok || err != nil {
		if err != nil {
			return nil, err
		}
		conv, _ := lang.LookupBuiltin("str")
		if sd.bytes {
			conv, _ = lang.LookupBuiltin("bytes")
		}
		texts := make([]lang.Value, len(vals))
		for i, v := range vals {
			if texts[i], err = a.Call(conv, v); err != nil {
				return nil, err
			}
		}
		s, err := strArrayFrom(&lang.List{Elems: texts}, sd, false)
		if err != nil {
			return nil, err
		}
		r, err := s.idx.Reshape(o.shape()...)
		return s.view(r), err
	}
	dt, err := toDType(to)
	if err != nil {
		return nil, err
	}
	var conv lang.Value
	switch {
	case dt == tensor.Bool:
		conv, _ = lang.LookupBuiltin("bool")
	case dt.IsComplex():
		conv, _ = lang.LookupBuiltin("complex")
	case dt.IsFloating():
		conv, _ = lang.LookupBuiltin("float")
	default:
		conv, _ = lang.LookupBuiltin("int")
	}
	out := make([]lang.Value, len(vals))
	for i, v := range vals {
		if _, isNone := v.(lang.NoneType); isNone && (dt.IsFloating() || dt.IsComplex()) {
			out[i] = math.NaN() // NumPy reads None as nan
			continue
		}
		if out[i], err = a.Call(conv, v); err != nil {
			return nil, err
		}
	}
	t, err := arrayFrom(&lang.List{Elems: out}, dt, true)
	if err != nil {
		return nil, err
	}
	if t, err = t.Reshape(o.shape()...); err != nil {
		return nil, err
	}
	return wrapArray(t), nil
}
