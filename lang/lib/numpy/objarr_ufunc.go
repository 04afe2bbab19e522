package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// The ufuncs, sort, argsort and unique of object arrays, as NumPy's
// object loops: a ufunc of a Python operator applies the operator to
// each element (np.add is +, np.absolute abs()), maximum and minimum
// compare with >= and <=, and another ufunc calls the element's method
// of its name (np.sqrt(a) calls each x.sqrt(), a TypeError when there
// is none). Sorting orders by the elements' <.

// objUfuncOps are the ufuncs of Python's binary operators.
var objUfuncOps = map[string]syntax.Token{
	"add": syntax.PLUS, "subtract": syntax.MINUS, "multiply": syntax.STAR, "true_divide": syntax.SLASH, "divide": syntax.SLASH,
	"floor_divide": syntax.SLASHSLASH, "remainder": syntax.PERCENT, "power": syntax.STARSTAR,
	"bitwise_and": syntax.AMP, "bitwise_or": syntax.PIPE, "bitwise_xor": syntax.CARET, "left_shift": syntax.LSHIFT, "right_shift": syntax.RSHIFT,
	"equal": syntax.EQL, "not_equal": syntax.NEQ, "less": syntax.LT, "less_equal": syntax.LE, "greater": syntax.GT, "greater_equal": syntax.GE,
}

// objUfuncUnary are the ufuncs of Python's unary operators.
var objUfuncUnary = map[string]syntax.Token{"negative": syntax.MINUS, "positive": syntax.PLUS, "invert": syntax.TILDE}

var _ lang.HasAbs = (*ObjArray)(nil)

// Abs is abs(a): abs() of each element.
func (o *ObjArray) Abs() (lang.Value, error) {
	fn, _ := lang.LookupBuiltin("abs")
	return o.each(func(v lang.Value) (lang.Value, error) { return o.sess.CallHook(fn, v) })
}

// each is the object array of fn of each element.
func (o *ObjArray) each(fn func(v lang.Value) (lang.Value, error)) (lang.Value, error) {
	if o.sess == nil {
		return nil, lang.Errorf(lang.TypeError, "kael's object arrays: this array has no session to run operators in")
	}
	vals, err := o.values()
	if err != nil {
		return nil, err
	}
	for i, v := range vals {
		if vals[i], err = fn(v); err != nil {
			return nil, err
		}
	}
	if o.idx.Dim() == 0 {
		return vals[0], nil
	}
	return newObjArray(vals, o.shape(), o.sess)
}

// objUfunc is the ufunc info of pyName applied to object operands.
func objUfunc(a *lang.Args, name string, operands []lang.Value) (lang.Value, error) {
	var o *ObjArray
	at := 0
	for i, v := range operands {
		if x, ok := v.(*ObjArray); ok {
			o, at = x, i
			break
		}
	}
	if len(operands) == 2 {
		x, y := operands[0], operands[1]
		if op, ok := objUfuncOps[name]; ok {
			r, _, err := o.BinaryOp(op, []lang.Value{y, x}[at], at == 1)
			return r, err
		}
		switch name {
		case "maximum", "minimum":
			want := syntax.GE
			if name == "minimum" {
				want = syntax.LE
			}
			xo, err := objOperand(x, a.Session())
			if err != nil {
				return nil, err
			}
			yo, err := objOperand(y, a.Session())
			if err != nil {
				return nil, err
			}
			better := pick(a, want)
			shape, err := tensor.BroadcastShapes(xo.shape(), yo.shape())
			if err != nil {
				return nil, lang.Errorf(lang.ValueError, "operands could not be broadcast together with shapes %s %s ", tupleText(xo.shape()), tupleText(yo.shape()))
			}
			xs, err := xo.broadcastValues(shape)
			if err != nil {
				return nil, err
			}
			ys, err := yo.broadcastValues(shape)
			if err != nil {
				return nil, err
			}
			for i := range xs {
				if xs[i], err = better(xs[i], ys[i]); err != nil {
					return nil, err
				}
			}
			if len(shape) == 0 {
				return xs[0], nil
			}
			return newObjArray(xs, shape, o.sess)
		}
		return nil, lang.Errorf(notImplementedError, "kael's object arrays have no ufunc '%s'", name)
	}
	if op, ok := objUfuncUnary[name]; ok {
		return o.UnaryOp(op)
	}
	if name == "absolute" {
		return o.Abs()
	}
	return o.each(func(v lang.Value) (lang.Value, error) { return elemMethod(a, v, name) })
}

// elemMethod is v.name(), as NumPy's object loop of the ufunc name calls
// it, with its TypeError when v has no such method.
func elemMethod(a *lang.Args, v lang.Value, name string) (lang.Value, error) {
	m, err := lang.GetAttr(v, name)
	if err != nil {
		return nil, lang.Errorf(lang.TypeError, "loop of ufunc does not support argument 0 of type %s which has no callable %s method", lang.TypeName(v), name)
	}
	return a.Call(m)
}

// objLess is x < y by the elements' own operator, for sorting.
func objLess(a *lang.Args) func(x, y lang.Value) (bool, error) {
	return func(x, y lang.Value) (bool, error) {
		r, err := a.Compare(syntax.LT, x, y)
		if err != nil {
			return false, err
		}
		return lang.Truth(r)
	}
}

// objSort is np.sort of an object array: a sorted copy.
func (o *ObjArray) objSort(a *lang.Args, axis lang.Value) (lang.Value, error) {
	return sortedCopy(o.goArray, axis, objLess(a), func(vals []lang.Value, shape []int) (*ObjArray, error) {
		return newObjArray(vals, shape, o.sess)
	})
}

// objArgsort is np.argsort of an object array.
func (o *ObjArray) objArgsort(a *lang.Args, axis lang.Value) (lang.Value, error) {
	return sortOrder(o.goArray, axis, objLess(a))
}

// objUnique is np.unique of an object array: the sorted distinct
// elements (equal by ==).
func (o *ObjArray) objUnique(a *lang.Args) (lang.Value, error) {
	vals, err := o.values()
	if err != nil {
		return nil, err
	}
	_, sorted, err := sortedLines(vals, len(vals), objLess(a))
	if err != nil {
		return nil, err
	}
	var out []lang.Value
	for _, v := range sorted {
		if len(out) > 0 {
			r, err := a.Compare(syntax.EQL, out[len(out)-1], v)
			if err != nil {
				return nil, err
			}
			if same, err := lang.Truth(r); err != nil || same {
				if err != nil {
					return nil, err
				}
				continue
			}
		}
		out = append(out, v)
	}
	return newObjArray(out, []int{len(out)}, o.sess)
}

func defObjUfuncs(m map[string]lang.Value, held *builtinNames) {
	for i := range ufuncTable {
		info := &ufuncTable[i]
		for _, name := range []string{info.name, info.pyName} {
			if _, ok := m[name].(*lang.Builtin); !ok || info.nin > 2 || info.nout != 1 {
				continue
			}
			nin, pyName := info.nin, info.pyName
			wrapStr(m, held, name, func(a *lang.Args) bool {
				vals := a.Values()
				for _, v := range vals[:min(nin, len(vals))] {
					if _, ok := v.(*ObjArray); ok {
						return true
					}
				}
				return false
			}, func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
				return objUfunc(a, pyName, a.Values()[:nin])
			})
		}
	}
	isObj := func(name string) func(a *lang.Args) bool {
		return func(a *lang.Args) bool { _, ok := a.Value(name).(*ObjArray); return ok }
	}
	wrapStr(m, held, "sort", isObj("a"), func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
		return a.Value("a").(*ObjArray).objSort(a, a.Value("axis"))
	})
	wrapStr(m, held, "argsort", isObj("a"), func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
		return a.Value("a").(*ObjArray).objArgsort(a, a.Value("axis"))
	})
	wrapStr(m, held, "unique", isObj("ar"), func(a *lang.Args, _ func(*lang.Args) (lang.Value, error)) (lang.Value, error) {
		if !a.IsNone("axis") || a.Bool("return_index") || a.Bool("return_inverse") || a.Bool("return_counts") {
			return nil, lang.Errorf(notImplementedError, "kael's np.unique of object arrays takes no axis=, return_index=, return_inverse= or return_counts=")
		}
		return a.Value("ar").(*ObjArray).objUnique(a)
	})
}
