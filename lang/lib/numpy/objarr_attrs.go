package numpy

import (
	"math"
	"slices"
	"strings"

	"github.com/kael-dev/kael/lang"
	_ "github.com/kael-dev/kael/lang/lib/copy" // __deepcopy__ imports copy
	"github.com/kael-dev/kael/tensor"
)

// The attributes and methods of object arrays.

// Attr gives dtype, shape, ndim, size, itemsize (8: a pointer, as
// NumPy's), nbytes, strides, T and the methods.
func (o *ObjArray) Attr(name string) (lang.Value, bool) {
	switch name {
	case "dtype":
		return objDType, true
	case "T":
		return o.view(o.idx.T()), true
	}
	if v, ok := o.sizeAttr(name, 8); ok {
		return v, true
	}
	if m, ok := objMethods[name]; ok {
		return &lang.BoundMethod{Recv: o, Method: m}, true
	}
	if _, ok := arrayMethods[name]; ok { // a numeric array's method object arrays lack: say so
		return lang.NewBuiltin(lang.AsValue, name+"(*args, **kwargs)", "Not there for object arrays.", func(a *lang.Args) (lang.Value, error) {
			return nil, lang.Errorf(notImplementedError, "kael's object arrays have no method %s: they take %s", name, strings.Join(publicNames(objMethods), ", "))
		}), true
	}
	return nil, false
}

// AttrNames lists them.
func (o *ObjArray) AttrNames() []string {
	return append(slices.Clone(sizeAttrNames), sortedKeys(objMethods)...)
}

var objMethods = map[string]*lang.Builtin{}

func init() {
	defineLater(func() {
		defPositionedMethods[*ObjArray](objMethods)
		def := func(sig, doc string, fn func(o *ObjArray, a *lang.Args) (lang.Value, error)) {
			b := lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) {
				return fn(a.Value("self").(*ObjArray), a)
			})
			objMethods[b.Name] = b
		}
		for name, r := range objReductions {
			def(name+"(self, "+r.params+")", r.doc, r.fn)
		}
		def("tolist(self)", "The elements themselves, as nested lists.", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.tolist(), nil
		})
		def("fill(self, value)", "Sets every element to value (the one object).", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			pos, err := positions(o.idx)
			for _, p := range pos {
				(*o.data)[p] = a.Value("value")
			}
			return lang.None, err
		})
		def("__copy__(self)", "A copy of the array (the elements are the same objects).", func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.copied()
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
		return o.copied()
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

// publicNames are the sorted names of methods, without dunders.
func publicNames(methods map[string]*lang.Builtin) []string {
	var names []string
	for _, k := range sortedKeys(methods) {
		if !strings.HasPrefix(k, "_") {
			names = append(names, k)
		}
	}
	return names
}
