package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The attributes and methods of string arrays.

// Attr gives dtype, shape, ndim, size, itemsize, nbytes, strides, T and
// the methods.
func (s *StrArray) Attr(name string) (lang.Value, bool) {
	n := int64(s.idx.Numel())
	switch name {
	case "shape":
		return shapeTuple(s.shape()), true
	case "dtype":
		return s.dt, true
	case "ndim":
		return int64(s.idx.Dim()), true
	case "size":
		return n, true
	case "itemsize":
		return int64(s.dt.itemsize()), true
	case "nbytes":
		return n * int64(s.dt.itemsize()), true
	case "strides":
		st := s.idx.Strides()
		out := make(lang.Tuple, len(st))
		for i, x := range st {
			out[i] = int64(x * s.dt.itemsize())
		}
		return out, true
	case "T":
		return s.view(s.idx.T()), true
	}
	if m, ok := strMethods[name]; ok {
		return &lang.BoundMethod{Recv: s, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (s *StrArray) AttrNames() []string {
	return append([]string{"T", "dtype", "itemsize", "nbytes", "ndim", "shape", "size", "strides"}, sortedKeys(strMethods)...)
}

// tolist is nested lists of Python strs (or bytes).
func (s *StrArray) tolist() (lang.Value, error) {
	vals, err := s.values()
	if err != nil {
		return nil, err
	}
	shape := s.shape()
	pos := 0
	var nest func(d int) lang.Value
	nest = func(d int) lang.Value {
		if d == len(shape) {
			v := vals[pos]
			pos++
			if s.dt.bytes {
				return lang.NewBytes([]byte(v))
			}
			return v
		}
		out := make([]lang.Value, shape[d])
		for i := range out {
			out[i] = nest(d + 1)
		}
		return &lang.List{Elems: out}
	}
	return nest(0), nil
}

var strMethods = map[string]*lang.Builtin{}

func strSelf(a *lang.Args) *StrArray { return a.Value("self").(*StrArray) }

func init() {
	defineLater(func() {
		def := func(sig, doc string, fn func(s *StrArray, a *lang.Args) (lang.Value, error)) {
			b := lang.NewBuiltin(lang.AsValue, sig, doc, func(a *lang.Args) (lang.Value, error) { return fn(strSelf(a), a) })
			strMethods[b.Name] = b
		}
		for name, ufunc := range map[string]string{"sum": "add", "mean": "add", "prod": "multiply", "max": "maximum", "min": "minimum", "cumsum": "add", "std": "add", "var": "add"} {
			ufunc := ufunc
			def(name+"(self, *args, **kwargs)", "NumPy's UFuncTypeError: strings have no "+ufunc+".", func(s *StrArray, a *lang.Args) (lang.Value, error) {
				return nil, strUfuncError(ufunc, s, s)
			})
		}
		def("tolist(self)", "The elements as nested lists of Python strs (or bytes).", func(s *StrArray, a *lang.Args) (lang.Value, error) {
			return s.tolist()
		})
		def("item(self, *args)", "One element as a Python str (or bytes): the only one, or the one at a flat index or at indices.", func(s *StrArray, a *lang.Args) (lang.Value, error) {
			args := a.Value("args").(lang.Tuple)
			vals, err := s.values()
			if err != nil {
				return nil, err
			}
			var v string
			switch len(args) {
			case 0:
				if len(vals) != 1 {
					return nil, lang.Errorf(lang.ValueError, "can only convert an array of size 1 to a Python scalar")
				}
				v = vals[0]
			case 1:
				i, ok := lang.AsInt(args[0])
				if !ok {
					return nil, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(args[0]))
				}
				if i < -int64(len(vals)) || i >= int64(len(vals)) {
					return nil, lang.Errorf(lang.IndexError, "index %d is out of bounds for size %d", i, len(vals))
				}
				if i < 0 {
					i += int64(len(vals))
				}
				v = vals[i]
			default:
				subs := make([]lang.Subscript, len(args))
				for i, x := range args {
					subs[i] = lang.Subscript{Value: x}
				}
				e, err := s.GetSubscript(subs)
				if err != nil {
					return nil, err
				}
				return lang.ValueOf(e), nil
			}
			if s.dt.bytes {
				return lang.NewBytes([]byte(v)), nil
			}
			return v, nil
		})
		def("fill(self, value)", "Sets every element to value (cut to the width).", func(s *StrArray, a *lang.Args) (lang.Value, error) {
			return lang.None, s.SetSubscript([]lang.Subscript{{Value: lang.EllipsisType{}}}, a.Value("value"))
		})
		def("view(self)", "A view of the array: the same elements.", func(s *StrArray, a *lang.Args) (lang.Value, error) {
			return s.view(s.idx), nil
		})
		def("copy(self)", "A copy of the array.", func(s *StrArray, a *lang.Args) (lang.Value, error) {
			return s.copyOf(s.dt)
		})
		def("reshape(self, *shape)", "The array in a new shape (a view).", func(s *StrArray, a *lang.Args) (lang.Value, error) {
			shape, err := shapeArgs(a.Value("shape"))
			if err != nil {
				return nil, err
			}
			r, err := reshapeOrder(s.idx, shape, 'C')
			if err != nil {
				return nil, reshapeError(s.idx, shape)
			}
			return s.view(r), nil
		})
		def("flatten(self)", "A 1-d copy of the array.", func(s *StrArray, a *lang.Args) (lang.Value, error) {
			c, err := s.copyOf(s.dt)
			if err != nil {
				return nil, err
			}
			r, err := c.idx.Reshape(-1)
			return c.view(r), err
		})
		def("ravel(self)", "The array as 1-d (a view when it can be).", func(s *StrArray, a *lang.Args) (lang.Value, error) {
			r, err := s.idx.Reshape(-1)
			return s.view(r), err
		})
		def("transpose(self, *axes)", "The array with its axes reversed, or permuted as axes says (a view).", func(s *StrArray, a *lang.Args) (lang.Value, error) {
			axes := a.Value("axes").(lang.Tuple)
			if len(axes) == 0 {
				return s.view(s.idx.T()), nil
			}
			dims, err := shapeArgs(axes)
			if err != nil {
				return nil, err
			}
			r, err := s.idx.Permute(dims...)
			return s.view(r), err
		})
		def("astype(self, dtype, copy=True)", "A copy of the array as dtype: another string width (cut as NumPy cuts), or numbers parsed from the text (NumPy's ValueError for text that is no number).", func(s *StrArray, a *lang.Args) (lang.Value, error) {
			return s.astype(a, a.Value("dtype"))
		})
		def("sort(self, axis=-1)", "Sorts the array in place along axis (by code point, as NumPy).", func(s *StrArray, a *lang.Args) (lang.Value, error) {
			sorted, err := strSort(s, a.Value("axis"))
			if err != nil {
				return nil, err
			}
			return lang.None, s.SetSubscript([]lang.Subscript{{Value: lang.EllipsisType{}}}, sorted)
		})
		def("argsort(self, axis=-1)", "The indices that sort the array along axis.", func(s *StrArray, a *lang.Args) (lang.Value, error) {
			return strArgsort(s, a.Value("axis"))
		})
	})
}

// astype converts to a string dtype or parses the text as numbers.
func (s *StrArray) astype(a *lang.Args, to lang.Value) (lang.Value, error) {
	if objDTypeArg(to) {
		return objArrayFrom(s, true, a.Session())
	}
	if sd, ok, err := strDTypeArg(to); ok || err != nil {
		if err != nil {
			return nil, err
		}
		d := *sd
		if d.width == 0 {
			d.width = s.dt.width
		}
		return s.copyOf(&d)
	}
	dt, err := toDType(to)
	if err != nil {
		return nil, err
	}
	vals, err := s.values()
	if err != nil {
		return nil, err
	}
	parsed := make([]lang.Value, len(vals))
	var conv lang.Value
	switch {
	case dt.IsComplex():
		conv, _ = lang.LookupBuiltin("complex")
	case dt.IsFloating():
		conv, _ = lang.LookupBuiltin("float")
	default: // ints and bools
		conv, _ = lang.LookupBuiltin("int")
	}
	for i, v := range vals {
		var arg lang.Value = v
		if s.dt.bytes {
			arg = lang.NewBytes([]byte(v))
		}
		if parsed[i], err = a.Call(conv, arg); err != nil {
			return nil, err
		}
		if dt == tensor.Bool { // NumPy reads the text as an int
			parsed[i] = parsed[i] != int64(0)
		}
	}
	t, err := arrayFrom(&lang.List{Elems: parsed}, dt, true)
	if err != nil {
		return nil, err
	}
	if t, err = t.Reshape(s.shape()...); err != nil {
		return nil, err
	}
	return wrapArray(t), nil
}
