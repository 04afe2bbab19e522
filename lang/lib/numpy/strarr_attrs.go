package numpy

import (
	"slices"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The attributes and methods of string arrays.

// Attr gives dtype, shape, ndim, size, itemsize, nbytes, strides, T and
// the methods.
func (s *StrArray) Attr(name string) (lang.Value, bool) {
	switch name {
	case "dtype":
		return s.dt, true
	case "T":
		return s.view(s.idx.T()), true
	}
	if v, ok := s.sizeAttr(name, s.dt.itemsize()); ok {
		return v, true
	}
	if m, ok := strMethods[name]; ok {
		return &lang.BoundMethod{Recv: s, Method: m}, true
	}
	return nil, false
}

// AttrNames lists them.
func (s *StrArray) AttrNames() []string {
	return append(slices.Clone(sizeAttrNames), sortedKeys(strMethods)...)
}

// tolist is nested lists of Python strs (or bytes).
func (s *StrArray) tolist() (lang.Value, error) { return s.nested(s.pyText) }

var strMethods = map[string]*lang.Builtin{}

func strSelf(a *lang.Args) *StrArray { return a.Value("self").(*StrArray) }

func init() {
	defineLater(func() {
		defPositionedMethods[*StrArray](strMethods)
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
		def("fill(self, value)", "Sets every element to value (cut to the width).", func(s *StrArray, a *lang.Args) (lang.Value, error) {
			return lang.None, s.SetSubscript([]lang.Subscript{{Value: lang.EllipsisType{}}}, a.Value("value"))
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
