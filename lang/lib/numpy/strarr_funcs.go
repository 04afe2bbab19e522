package numpy

import (
	"sort"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The np functions that take string arrays: each wraps the numeric
// function of its name and takes over when its arguments hold text (or
// its dtype= is a string dtype). Those that select and join elements
// (concatenate, stack, where, ...) run the numeric function on the
// elements' positions in one joined slice, so they join and broadcast
// as NumPy does.

// wrapStr makes m[name] (and each other name of the same builtin) run
// str when take says the call is for strings, else the numeric function.
// held knows the other names (np.row_stack is np.vstack: aliases stay one
// object).
func wrapStr(m map[string]lang.Value, held *builtinNames, name string, take func(a *lang.Args) bool, str func(a *lang.Args, numeric func(*lang.Args) (lang.Value, error)) (lang.Value, error)) {
	b := m[name].(*lang.Builtin)
	numeric := b.Fn()
	w := b.WithFn(func(a *lang.Args) (lang.Value, error) {
		if take(a) {
			return str(a, numeric)
		}
		return numeric(a)
	})
	held.replace(b, w)
}

// builtinNames is, for each builtin in a module's attributes m, the names
// m holds it under, so that wrapStr re-points all the names of the
// builtin it wraps without walking m: some 400 walks of the module's
// names were a sixth of `import numpy` (docs/performance.md).
type builtinNames struct {
	m    map[string]lang.Value
	of   map[*lang.Builtin][]string
	size int // len(m) when of was made
}

// newBuiltinNames indexes the builtins of m.
func newBuiltinNames(m map[string]lang.Value) *builtinNames {
	h := &builtinNames{m: m}
	h.index()
	return h
}

// index rebuilds the names of each builtin from m.
func (h *builtinNames) index() {
	h.of, h.size = map[*lang.Builtin][]string{}, len(h.m)
	for k, v := range h.m {
		if b, ok := v.(*lang.Builtin); ok {
			h.of[b] = append(h.of[b], k)
		}
	}
}

// replace puts w in place of b under every name m holds b under. Names
// that m gained since the index was made, or a builtin the index does not
// know (one put in m directly), have it read m again; a name whose value
// was replaced in m directly is checked before it is re-pointed.
func (h *builtinNames) replace(b, w *lang.Builtin) {
	if _, ok := h.of[b]; !ok || len(h.m) != h.size {
		h.index()
	}
	var kept []string
	for _, k := range h.of[b] {
		if h.m[k] == lang.Value(b) {
			h.m[k] = w
			kept = append(kept, k)
		}
	}
	delete(h.of, b)
	h.of[w] = append(h.of[w], kept...)
}

// strDTypeParam reports whether the parameter name is a string dtype.
func strDTypeParam(a *lang.Args, name string) bool {
	_, ok, _ := strDTypeArg(a.Value(name))
	return ok
}

// textParam reports whether the parameter name holds text.
func textParam(name string) func(a *lang.Args) bool {
	return func(a *lang.Args) bool { return hasText(a.Value(name)) }
}

// joined is arrays of text as positions into one slice of all their
// elements, and the dtype they share (the widest; bytes only when all
// are).
func joined(vals []lang.Value) ([]lang.Value, *StrArray, error) {
	dt := &StrDType{bytes: true}
	parts := make([]goArray[string], len(vals))
	for i, v := range vals {
		s, err := strArrayOf(v, false)
		if err != nil {
			return nil, nil, err
		}
		parts[i] = s.goArray
		dt.width = max(dt.width, s.dt.width)
		dt.bytes = dt.bytes && s.dt.bytes
	}
	pos, all, err := joinPositions(parts)
	return pos, &StrArray{goArray: all, dt: dt}, err
}

// fromPositions is the string array of the positions r (an array or a
// 0-d scalar) into all's elements, copied.
func fromPositions(r lang.Value, all *StrArray) (lang.Value, error) {
	var t *tensor.Tensor
	switch x := r.(type) {
	case *Array:
		t = x.val()
	case *Scalar:
		t = x.t
	default:
		return nil, lang.Errorf(lang.TypeError, "kael's string arrays: unexpected result %s", lang.TypeName(r))
	}
	if t, err := t.To(tensor.Int64); err == nil {
		return all.view(t).copyOf(all.dt)
	}
	return nil, lang.Errorf(lang.TypeError, "kael's string arrays: positions are not integers")
}

// strUfuncError is NumPy's UFuncTypeError for the ufunc name of
// operands of which one is a string array; nil when none is.
func strUfuncError(name string, operands ...lang.Value) error {
	var s *StrArray
	types := make([]string, len(operands))
	for i, v := range operands {
		if x, ok := v.(*StrArray); ok {
			s = x
			types[i] = x.dt.PyRepr()
		} else if t, err := arrayFrom(v, 0, false); err == nil {
			types[i] = dtypeOf(t.DType()).PyRepr()
		} else {
			types[i] = "dtype('O')"
		}
	}
	switch {
	case s == nil:
		return nil
	case len(operands) == 1:
		return lang.Errorf(lang.TypeError, "ufunc '%s' not supported for the input types, and the inputs could not be safely coerced to any supported types according to the casting rule ''safe''", name)
	}
	return lang.Errorf(UFuncTypeError, "ufunc '%s' did not contain a loop with signature matching types (%s) -> None", name, strings.Join(types, ", "))
}

func defStrFuncs(m map[string]lang.Value, held *builtinNames) {
	// the ufuncs have no string loops, NumPy's error
	for i := range ufuncTable {
		info := &ufuncTable[i]
		for _, name := range []string{info.name, info.pyName} {
			if _, ok := m[name].(*lang.Builtin); !ok || info.nin > 2 {
				continue
			}
			nin := info.nin
			wrapStr(m, held, name, func(a *lang.Args) bool {
				vals := a.Values()
				for _, v := range vals[:min(nin, len(vals))] {
					if _, ok := v.(*StrArray); ok {
						return true
					}
				}
				return false
			}, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
				return nil, strUfuncError(info.pyName, a.Values()[:nin]...)
			})
		}
	}
	// reductions: the ufunc they reduce with
	for name, ufunc := range map[string]string{"sum": "add", "mean": "add", "prod": "multiply", "max": "maximum", "amax": "maximum", "min": "minimum", "amin": "minimum", "cumsum": "add", "std": "add", "var": "add"} {
		if _, ok := m[name].(*lang.Builtin); !ok {
			continue
		}
		ufunc := ufunc
		wrapStr(m, held, name, func(a *lang.Args) bool {
			_, ok := a.Values()[0].(*StrArray)
			return ok
		}, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
			s := a.Values()[0]
			return nil, strUfuncError(ufunc, s, s)
		})
	}
	m["str_"], m["unicode_"] = strClass, strClass
	m["bytes_"], m["string_"] = bytesClass, bytesClass
	wrapStr(m, held, "dtype", func(a *lang.Args) bool { return strDTypeParam(a, "obj") }, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
		d, _, err := strDTypeArg(a.Value("obj"))
		return d, err
	})
	wrapStr(m, held, "array", func(a *lang.Args) bool {
		return strDTypeParam(a, "dtype") || hasText(a.Value("object")) && a.IsNone("dtype")
	}, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
		sd, _, err := strDTypeArg(a.Value("dtype"))
		if err != nil {
			return nil, err
		}
		s, err := strArrayFrom(a.Value("object"), sd, false)
		if err != nil {
			return nil, err
		}
		return withNdmin(s, a.Int("ndmin"))
	})
	// np.array of text with a numeric dtype parses it
	arrayNumeric := m["array"].(*lang.Builtin).Fn()
	m["array"] = m["array"].(*lang.Builtin).WithFn(func(a *lang.Args) (lang.Value, error) {
		if !a.IsNone("dtype") && !strDTypeParam(a, "dtype") && hasText(a.Value("object")) {
			if sd, err := structDTypeArg(a.Value("dtype")); err == nil && sd == nil {
				if s, err := strArrayFrom(a.Value("object"), nil, false); err == nil {
					return s.astype(a, a.Value("dtype"))
				}
			}
		}
		return arrayNumeric(a)
	})
	for _, name := range []string{"asarray", "asanyarray"} {
		if _, ok := m[name]; !ok {
			continue
		}
		wrapStr(m, held, name, func(a *lang.Args) bool {
			_, isStr := a.Value("a").(*StrArray)
			return isStr || hasText(a.Value("a"))
		}, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
			if s, ok := a.Value("a").(*StrArray); ok && a.IsNone("dtype") {
				return s, nil
			}
			sd, _, err := strDTypeArg(a.Value("dtype"))
			if err != nil {
				return nil, err
			}
			return strArrayFrom(a.Value("a"), sd, false)
		})
	}
	for _, f := range []struct {
		name string
		fill float64
	}{{"zeros", 0}, {"ones", 1}, {"empty", 0}} {
		fill := f.fill
		wrapStr(m, held, f.name, func(a *lang.Args) bool { return strDTypeParam(a, "dtype") }, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
			shape, err := shapeArg(a.Value("shape"))
			if err != nil {
				return nil, err
			}
			sd, _, err := strDTypeArg(a.Value("dtype"))
			if err != nil {
				return nil, err
			}
			return zerosStr(shape, sd, fill)
		})
	}
	for name, fill := range map[string]float64{"zeros_like": 0, "empty_like": 0, "ones_like": 1, "full_like": 0} {
		if _, ok := m[name].(*lang.Builtin); !ok {
			continue
		}
		name, fill := name, fill
		wrapStr(m, held, name, func(a *lang.Args) bool {
			_, ok := a.Value("a").(*StrArray)
			return ok && (a.IsNone("dtype") || strDTypeParam(a, "dtype"))
		}, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
			s := a.Value("a").(*StrArray)
			dt := s.dt
			if !a.IsNone("dtype") {
				d, _, err := strDTypeArg(a.Value("dtype"))
				if err != nil {
					return nil, err
				}
				if d.width == 0 {
					d.width = s.dt.width
				}
				dt = d
			}
			out, err := zerosStr(s.shape(), dt, fill)
			if err != nil || name != "full_like" {
				return out, err
			}
			return out, out.SetSubscript([]lang.Subscript{{Value: lang.EllipsisType{}}}, a.Value("fill_value"))
		})
	}
	wrapStr(m, held, "full", func(a *lang.Args) bool {
		return strDTypeParam(a, "dtype") || hasText(a.Value("fill_value")) && a.IsNone("dtype")
	}, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
		shape, err := shapeArg(a.Value("shape"))
		if err != nil {
			return nil, err
		}
		sd, _, err := strDTypeArg(a.Value("dtype"))
		if err != nil {
			return nil, err
		}
		fill, err := strArrayFrom(a.Value("fill_value"), sd, false)
		if err != nil {
			return nil, err
		}
		out, err := zerosStr(shape, fill.dt, 0)
		if err != nil {
			return nil, err
		}
		return out, out.SetSubscript([]lang.Subscript{{Value: lang.EllipsisType{}}}, fill)
	})
	// rearranging: the numeric function on the positions, a view where
	// it gives one
	for _, name := range []string{"reshape", "copy", "transpose", "flip", "fliplr", "flipud", "squeeze", "expand_dims", "ravel", "tile", "repeat", "roll",
		"swapaxes", "moveaxis", "rot90", "broadcast_to", "atleast_1d", "atleast_2d", "atleast_3d", "take", "split", "array_split", "hsplit", "vsplit", "triu", "tril", "diag", "diagonal", "delete", "resize", "asfortranarray", "ascontiguousarray"} {
		if _, ok := m[name].(*lang.Builtin); !ok {
			continue
		}
		wrapStr(m, held, name, func(a *lang.Args) bool {
			vals := a.Values()
			_, ok := vals[0].(*StrArray)
			return len(vals) > 0 && ok
		}, func(a *lang.Args, numeric func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
			vals := a.Values()
			s := vals[0].(*StrArray)
			vals[0] = &Array{store: s.idx}
			r, err := numeric(a)
			vals[0] = s
			if err != nil {
				return nil, err
			}
			return rearranged(s, r)
		})
	}
	// append and insert join values into the array: on positions
	for name, params := range map[string][]int{"append": {0, 1}, "insert": {0, 2}} {
		if _, ok := m[name].(*lang.Builtin); !ok {
			continue
		}
		name, params := name, params
		wrapStr(m, held, name, func(a *lang.Args) bool {
			vals := a.Values()
			return hasText(vals[params[0]]) || hasText(vals[params[1]])
		}, func(a *lang.Args, numeric func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
			vals := a.Values()
			x, y := vals[params[0]], vals[params[1]]
			pos, all, err := joined([]lang.Value{x, y})
			if err != nil {
				return nil, err
			}
			vals[params[0]], vals[params[1]] = pos[0], pos[1]
			r, err := numeric(a)
			vals[params[0]], vals[params[1]] = x, y
			if err != nil {
				return nil, err
			}
			if xs, ok := x.(*StrArray); ok && name == "insert" {
				all.dt = xs.dt // the values cast to the array's dtype, as NumPy's insert
			}
			return fromPositions(r, all)
		})
	}
	wrapStr(m, held, "sort", textParam("a"), func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
		s, err := strArrayOf(a.Value("a"), false)
		if err != nil {
			return nil, err
		}
		return strSort(s, a.Value("axis"))
	})
	wrapStr(m, held, "argsort", textParam("a"), func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
		s, err := strArrayOf(a.Value("a"), false)
		if err != nil {
			return nil, err
		}
		return strArgsort(s, a.Value("axis"))
	})
	// selecting and joining: the numeric function on positions
	for _, j := range []struct{ name, param string }{{"concatenate", "arrays"}, {"stack", "arrays"}, {"hstack", "tup"}, {"vstack", "tup"}} {
		param := j.param
		if _, ok := m[j.name]; !ok {
			continue
		}
		wrapStr(m, held, j.name, textParam(param), func(a *lang.Args, numeric func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
			items, err := lang.Collect(a.Value(param))
			if err != nil {
				return nil, err
			}
			pos, all, err := joined(items)
			if err != nil {
				return nil, err
			}
			vals := a.Values()
			args := append([]lang.Value{&lang.List{Elems: pos}}, vals[1:]...)
			r, err := a.Call(m[j.name], args...)
			if err != nil {
				return nil, err
			}
			return fromPositions(r, all)
		})
	}
	wrapStr(m, held, "where", func(a *lang.Args) bool { return hasText(a.Value("x")) || hasText(a.Value("y")) }, func(a *lang.Args, numeric func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
		if a.IsNone("x") || a.IsNone("y") {
			return nil, lang.Errorf(lang.ValueError, "either both or neither of x and y should be given")
		}
		pos, all, err := joined([]lang.Value{a.Value("x"), a.Value("y")})
		if err != nil {
			return nil, err
		}
		r, err := a.Call(m["where"], a.Value("condition"), pos[0], pos[1])
		if err != nil {
			return nil, err
		}
		return fromPositions(r, all)
	})
	wrapStr(m, held, "unique", textParam("ar"), func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
		if !a.IsNone("axis") {
			return nil, lang.Errorf(notImplementedError, "kael's np.unique of strings has no axis=")
		}
		s, err := strArrayOf(a.Value("ar"), false)
		if err != nil {
			return nil, err
		}
		return strUnique(s, a.Bool("return_index"), a.Bool("return_inverse"), a.Bool("return_counts"))
	})
	for _, name := range []string{"isin", "in1d"} {
		first, second, flat := "element", "test_elements", false
		if name == "in1d" {
			first, second, flat = "ar1", "ar2", true
		}
		wrapStr(m, held, name, func(a *lang.Args) bool {
			return hasText(a.Value(first)) || hasText(a.Value(second))
		}, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
			return strIsin(a.Value(first), a.Value(second), a.Bool("invert"), flat)
		})
	}
}

// strUnique is np.unique of a string array: the sorted distinct
// elements, with the first indices, the inverse and the counts asked.
func strUnique(s *StrArray, index, inverse, counts bool) (lang.Value, error) {
	vals, err := s.values()
	if err != nil {
		return nil, err
	}
	order := make([]int, len(vals))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(i, j int) bool { return vals[order[i]] < vals[order[j]] })
	var uniq []string
	var first, count []int64
	inv := make([]int64, len(vals))
	for k, i := range order {
		if k == 0 || vals[i] != uniq[len(uniq)-1] {
			uniq = append(uniq, vals[i])
			first = append(first, int64(i))
			count = append(count, 0)
		}
		count[len(count)-1]++
		inv[i] = int64(len(uniq) - 1)
	}
	u, err := newStrArray(uniq, []int{len(uniq)}, s.dt)
	if err != nil {
		return nil, err
	}
	if !index && !inverse && !counts {
		return u, nil
	}
	out := lang.Tuple{u}
	for _, extra := range []struct {
		want bool
		vals []int64
	}{{index, first}, {inverse, inv}, {counts, count}} {
		if extra.want {
			t, err := tensor.FromSlice(append([]int64{}, extra.vals...), len(extra.vals))
			if err != nil {
				return nil, err
			}
			out = append(out, wrapArray(t))
		}
	}
	return out, nil
}

// strIsin is np.isin (element's shape) or np.in1d (flattened) of text.
func strIsin(element, test lang.Value, invert, flat bool) (lang.Value, error) {
	e, err := strArrayOf(element, false)
	if err != nil {
		return nil, err
	}
	t, err := strArrayOf(test, false)
	if err != nil {
		return nil, err
	}
	ev, err := e.values()
	if err != nil {
		return nil, err
	}
	tv, err := t.values()
	if err != nil {
		return nil, err
	}
	set := map[string]bool{}
	if e.dt.bytes == t.dt.bytes {
		for _, v := range tv {
			set[v] = true
		}
	}
	out := make([]bool, len(ev))
	for i, v := range ev {
		out[i] = set[v] != invert
	}
	shape := e.shape()
	if flat {
		shape = []int{len(ev)}
	}
	r, err := boolTensor(out, shape)
	if err != nil {
		return nil, err
	}
	return wrapArray(r), nil
}
