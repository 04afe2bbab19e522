package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// np.char: Python's str (or bytes) methods element by element over
// string arrays, as NumPy 1.24's numpy.core.defchararray runs them: the
// method of each element, called with the other arguments, and the
// results gathered into an array whose dtype NumPy's function gives.

var charModule = &lang.Module{Name: "numpy.char", Doc: "NumPy's string operations element by element: add, multiply, upper, lower, strip, replace, join, center, zfill, startswith, find, count, str_len, split and rsplit (object arrays of lists), ...", Attrs: map[string]lang.Value{}}

func init() {
	defineLater(func() {
		lang.RegisterModule("numpy.char", "NumPy's string operations on string arrays.", func() *lang.Module { return charModule })
		m := charModule.Attrs
		// results of the input's dtype
		for _, name := range []string{"upper", "lower", "capitalize", "title", "swapcase"} {
			name := name
			m[name] = lang.NewBuiltin(lang.AsValue, name+"(a)", "str."+name+" of each element, of a's dtype.", func(a *lang.Args) (lang.Value, error) {
				return charMap(a, a.Value("a"), name, nil, keepWidth)
			})
		}
		for _, name := range []string{"strip", "lstrip", "rstrip"} {
			name := name
			m[name] = lang.NewBuiltin(lang.AsValue, name+"(a, chars=None)", "str."+name+" of each element, of a's dtype.", func(a *lang.Args) (lang.Value, error) {
				return charMap(a, a.Value("a"), name, []lang.Value{a.Value("chars")}, keepWidth)
			})
		}
		// results as wide as the widest
		m["replace"] = lang.NewBuiltin(lang.AsValue, "replace(a, old, new, count=None)", "str.replace of each element; the dtype is as wide as the longest result.", func(a *lang.Args) (lang.Value, error) {
			args := []lang.Value{a.Value("old"), a.Value("new")}
			if !a.IsNone("count") {
				args = append(args, a.Value("count"))
			}
			return charMap(a, a.Value("a"), "replace", args, widest)
		})
		m["join"] = lang.NewBuiltin(lang.AsValue, "join(sep, seq)", "sep.join(s) for each element s of seq, elements of sep and seq paired; as wide as the longest result.", func(a *lang.Args) (lang.Value, error) {
			return charPairs(a, a.Value("sep"), a.Value("seq"), func(x, y lang.Value) (lang.Value, error) {
				return charCall(a, x, "join", y)
			}, widest)
		})
		m["add"] = lang.NewBuiltin(lang.AsValue, "add(x1, x2)", "The elements of x1 and x2 joined, broadcast; its width the sum of theirs.", func(a *lang.Args) (lang.Value, error) {
			return charPairs(a, a.Value("x1"), a.Value("x2"), func(x, y lang.Value) (lang.Value, error) {
				return a.Binary(syntax.PLUS, x, y)
			}, sumWidth)
		})
		m["multiply"] = lang.NewBuiltin(lang.AsValue, "multiply(a, i)", "Each element repeated i times; as wide as the longest result.", func(a *lang.Args) (lang.Value, error) {
			return charMapFn(a, a.Value("a"), func(x lang.Value) (lang.Value, error) {
				return a.Binary(syntax.STAR, x, a.Value("i"))
			}, widest)
		})
		for _, name := range []string{"center", "ljust", "rjust"} {
			name := name
			m[name] = lang.NewBuiltin(lang.AsValue, name+"(a, width, fillchar=' ')", "str."+name+" of each element, of width characters.", func(a *lang.Args) (lang.Value, error) {
				return charMap(a, a.Value("a"), name, []lang.Value{a.Value("width"), a.Value("fillchar")}, widthArg(a))
			})
		}
		m["zfill"] = lang.NewBuiltin(lang.AsValue, "zfill(a, width)", "str.zfill of each element, of width characters.", func(a *lang.Args) (lang.Value, error) {
			return charMap(a, a.Value("a"), "zfill", []lang.Value{a.Value("width")}, widthArg(a))
		})
		// ints and bools
		for _, name := range []string{"find", "rfind", "count", "index", "rindex"} {
			name := name
			m[name] = lang.NewBuiltin(lang.AsValue, name+"(a, sub, start=0, end=None)", "str."+name+" of each element: an int64 array.", func(a *lang.Args) (lang.Value, error) {
				return charMap(a, a.Value("a"), name, []lang.Value{a.Value("sub"), a.Value("start"), a.Value("end")}, ints)
			})
		}
		for _, name := range []string{"startswith", "endswith"} {
			name := name
			m[name] = lang.NewBuiltin(lang.AsValue, name+"(a, prefix, start=0, end=None)", "str."+name+" of each element: a bool array.", func(a *lang.Args) (lang.Value, error) {
				return charMap(a, a.Value("a"), name, []lang.Value{a.Value("prefix"), a.Value("start"), a.Value("end")}, bools)
			})
		}
		for _, name := range []string{"isalpha", "isdigit", "isspace", "isalnum", "islower", "isupper", "istitle", "isnumeric", "isdecimal"} {
			name := name
			m[name] = lang.NewBuiltin(lang.AsValue, name+"(a)", "str."+name+" of each element: a bool array.", func(a *lang.Args) (lang.Value, error) {
				return charMap(a, a.Value("a"), name, nil, bools)
			})
		}
		m["str_len"] = lang.NewBuiltin(lang.AsValue, "str_len(a)", "The length of each element: an int64 array.", func(a *lang.Args) (lang.Value, error) {
			return charMapFn(a, a.Value("a"), func(x lang.Value) (lang.Value, error) {
				n, err := lang.Len(x)
				return n, err
			}, ints)
		})
		for _, name := range []string{"split", "rsplit"} {
			name := name
			m[name] = lang.NewBuiltin(lang.AsValue, name+"(a, sep=None, maxsplit=None)", "str."+name+" of each element: an object array of lists.", func(a *lang.Args) (lang.Value, error) {
				return charSplit(a, name)
			})
		}
	})
}

// resultKind says how np.char gathers results: a string array of the
// input's width, of the widest result, of a given width, or numbers.
type resultKind func(in *StrArray, results []lang.Value) (*StrDType, tensor.DType, error)

func keepWidth(in *StrArray, _ []lang.Value) (*StrDType, tensor.DType, error) {
	return in.dt, 0, nil
}

func widest(in *StrArray, results []lang.Value) (*StrDType, tensor.DType, error) {
	d := &StrDType{bytes: in.dt.bytes}
	for _, r := range results {
		if s, isBytes, ok := textOf(r); ok {
			d.width = max(d.width, textLen(s, isBytes))
		}
	}
	d.width = max(d.width, 1)
	return d, 0, nil
}

// sumWidth is np.char.add's width: set by charPairs.
var sumWidth resultKind = nil

// ints and bools mark results gathered as an int64 or a bool array.
var (
	ints  resultKind = func(*StrArray, []lang.Value) (*StrDType, tensor.DType, error) { return nil, tensor.Int64, nil }
	bools resultKind = func(*StrArray, []lang.Value) (*StrDType, tensor.DType, error) { return nil, tensor.Bool, nil }
)

// widthArg is the dtype of center, ljust, rjust and zfill: as wide as
// the width argument.
func widthArg(a *lang.Args) resultKind {
	return func(in *StrArray, _ []lang.Value) (*StrDType, tensor.DType, error) {
		w, ok := lang.AsInt(a.Value("width"))
		if !ok { // widths as an array: the widest, as NumPy sizes the result
			t, err := arrayFrom(a.Value("width"), tensor.Int64, true)
			if err != nil {
				return nil, 0, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(a.Value("width")))
			}
			ws, err := tensor.Values[int64](t)
			if err != nil {
				return nil, 0, err
			}
			for _, x := range ws {
				w = max(w, x)
			}
		}
		return &StrDType{bytes: in.dt.bytes, width: int(max(w, 1))}, 0, nil
	}
}

// charCall is x.name(args...): the str (or bytes) method of an element.
func charCall(a *lang.Args, x lang.Value, name string, args ...lang.Value) (lang.Value, error) {
	m, err := lang.GetAttr(x, name)
	if err != nil {
		return nil, err
	}
	return a.Call(m, args...)
}

// charMap is the method name of each element of v, called with args
// (trailing Nones left off, as the defaults they stand for).
func charMap(a *lang.Args, v lang.Value, name string, args []lang.Value, kind resultKind) (lang.Value, error) {
	for len(args) > 0 {
		if _, isNone := args[len(args)-1].(lang.NoneType); !isNone {
			break
		}
		args = args[:len(args)-1]
	}
	for _, x := range args {
		switch x.(type) {
		case *lang.List, lang.Tuple, *StrArray, *Array:
			return charMapBroadcast(a, v, name, args, kind)
		}
	}
	return charMapFn(a, v, func(x lang.Value) (lang.Value, error) {
		return charCall(a, x, name, args...)
	}, kind)
}

// charMapBroadcast is charMap with arguments that are arrays (or lists):
// they and v broadcast together, as NumPy's np.char broadcasts them.
func charMapBroadcast(a *lang.Args, v lang.Value, name string, args []lang.Value, kind resultKind) (lang.Value, error) {
	s, err := charInput(v)
	if err != nil {
		return nil, err
	}
	shape := s.shape()
	texts := make([]*StrArray, len(args))
	nums := make([]*tensor.Tensor, len(args))
	for i, x := range args {
		switch x.(type) {
		case *lang.List, lang.Tuple, *StrArray, *Array:
		default:
			continue
		}
		var sub []int
		if hasText(x) {
			if texts[i], err = strArrayOf(x, s.dt.bytes); err != nil {
				return nil, err
			}
			sub = texts[i].shape()
		} else {
			if nums[i], err = arrayFrom(x, 0, false); err != nil {
				return nil, err
			}
			sub = nums[i].Shape()
		}
		if shape, err = tensor.BroadcastShapes(shape, sub); err != nil {
			return nil, lang.Errorf(lang.ValueError, "shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 with shape %s and arg %d with shape %s.", tupleText(s.shape()), i+1, tupleText(sub))
		}
	}
	n := 1
	for _, d := range shape {
		n *= d
	}
	cols := make([][]lang.Value, len(args))
	textValues := func(x *StrArray) ([]lang.Value, error) {
		vals, err := x.broadcastValues(shape)
		if err != nil {
			return nil, err
		}
		out := make([]lang.Value, len(vals))
		for j, e := range vals {
			out[j] = e
			if x.dt.bytes {
				out[j] = lang.NewBytes([]byte(e))
			}
		}
		return out, nil
	}
	for i := range args {
		switch {
		case texts[i] != nil:
			if cols[i], err = textValues(texts[i]); err != nil {
				return nil, err
			}
		case nums[i] != nil:
			e, err := nums[i].Expand(shape...)
			if err != nil {
				return nil, err
			}
			if e, err = e.Contiguous(); err != nil {
				return nil, err
			}
			if e, err = e.Reshape(-1); err != nil {
				return nil, err
			}
			l, err := toPython(e)
			if err != nil {
				return nil, err
			}
			cols[i] = l.(*lang.List).Elems
		}
	}
	xs, err := textValues(s)
	if err != nil {
		return nil, err
	}
	results := make([]lang.Value, n)
	for j := range results {
		call := make([]lang.Value, len(args))
		for i, x := range args {
			call[i] = x
			if cols[i] != nil {
				call[i] = cols[i][j]
			}
		}
		if results[j], err = charCall(a, xs[j], name, call...); err != nil {
			return nil, err
		}
	}
	return gather(s, results, shape, kind)
}

// charMapFn is fn of each element of v, gathered as kind says.
func charMapFn(a *lang.Args, v lang.Value, fn func(lang.Value) (lang.Value, error), kind resultKind) (lang.Value, error) {
	s, err := charInput(v)
	if err != nil {
		return nil, err
	}
	vals, err := s.values()
	if err != nil {
		return nil, err
	}
	results := make([]lang.Value, len(vals))
	for i, x := range vals {
		var e lang.Value = x
		if s.dt.bytes {
			e = lang.NewBytes([]byte(x))
		}
		if results[i], err = fn(e); err != nil {
			return nil, err
		}
	}
	return gather(s, results, s.shape(), kind)
}

// charInput is v as a string array, or NumPy's error for numbers.
func charInput(v lang.Value) (*StrArray, error) {
	s, ok, err := strOperand(v)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "string operation on non-string array")
	}
	return s, nil
}

// charPairs is fn of the elements of x and y, broadcast together.
func charPairs(a *lang.Args, x, y lang.Value, fn func(x, y lang.Value) (lang.Value, error), kind resultKind) (lang.Value, error) {
	xs, err := charInput(x)
	if err != nil {
		return nil, err
	}
	ys, err := charInput(y)
	if err != nil {
		return nil, err
	}
	if xs.dt.bytes != ys.dt.bytes {
		return nil, lang.Errorf(UFuncTypeError, "ufunc 'add' did not contain a loop with signature matching types (%s, %s) -> None", xs.dt.PyRepr(), ys.dt.PyRepr())
	}
	xv, yv, shape, err := broadcastText(xs, ys)
	if err != nil {
		return nil, err
	}
	results := make([]lang.Value, len(xv))
	for i := range xv {
		var p, q lang.Value = xv[i], yv[i]
		if xs.dt.bytes {
			p, q = lang.NewBytes([]byte(xv[i])), lang.NewBytes([]byte(yv[i]))
		}
		if results[i], err = fn(p, q); err != nil {
			return nil, err
		}
	}
	if kind == nil { // np.char.add: the widths summed
		kind = func(*StrArray, []lang.Value) (*StrDType, tensor.DType, error) {
			return &StrDType{bytes: xs.dt.bytes, width: xs.dt.width + ys.dt.width}, 0, nil
		}
	}
	return gather(xs, results, shape, kind)
}

// gather makes the array of results in shape: text of kind's dtype, or
// numbers (int64 or bool) for numbers.
func gather(in *StrArray, results []lang.Value, shape []int, kind resultKind) (lang.Value, error) {
	dt, num, err := kind(in, results)
	if err != nil {
		return nil, err
	}
	if dt == nil {
		t, err := arrayFrom(&lang.List{Elems: results}, num, true)
		if err != nil {
			return nil, err
		}
		if t, err = t.Reshape(shape...); err != nil {
			return nil, err
		}
		return wrapArray(t), nil
	}
	vals := make([]string, len(results))
	for i, r := range results {
		s, _, ok := textOf(r)
		if !ok {
			return nil, lang.Errorf(lang.TypeError, "np.char: a result is %s, not text", lang.TypeName(r))
		}
		vals[i] = s
	}
	return newStrArray(vals, shape, dt)
}
