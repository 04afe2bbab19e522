package numpy

import (
	"math"
	"slices"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// The reductions of object arrays and the methods that run along an
// axis: each calls the elements' own Python operators in the order
// NumPy's object loops do, so the results and the errors are the
// elements' (a Fraction's +, a user class's <).

// objReduction is a method of object arrays (params after self) that np's
// function of the same name calls for an object array.
type objReduction struct {
	params, doc string
	fn          func(o *ObjArray, a *lang.Args) (lang.Value, error)
}

// objReductions are the methods; np.amax and np.amin call max and min.
var objReductions = map[string]objReduction{
	"sum": {"axis=None, keepdims=False", "The sum of the elements by their own + (from the first on; 0 when empty), along axis or of all.",
		func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.kept(a)(o.reduce(a.Value("axis"), "add", int64(0), with(a, syntax.PLUS)))
		}},
	"prod": {"axis=None, keepdims=False", "The product of the elements by their own * (from the first on; 1 when empty), along axis or of all.",
		func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.kept(a)(o.reduce(a.Value("axis"), "multiply", int64(1), with(a, syntax.STAR)))
		}},
	"max": {"axis=None, keepdims=False", "The largest element by the elements' >= (NumPy's object maximum), along axis or of all.",
		func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.kept(a)(o.reduce(a.Value("axis"), "maximum", nil, pick(a, syntax.GE)))
		}},
	"min": {"axis=None, keepdims=False", "The smallest element by the elements' <= (NumPy's object minimum), along axis or of all.",
		func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.kept(a)(o.reduce(a.Value("axis"), "minimum", nil, pick(a, syntax.LE)))
		}},
	"any": {"axis=None, keepdims=False", "The elements joined by Python's or (NumPy's object logical_or: the first true one, else the last), along axis or of all; False when empty.",
		func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.kept(a)(o.reduce(a.Value("axis"), "logical_or", false, truthPick(true)))
		}},
	"all": {"axis=None, keepdims=False", "The elements joined by Python's and (NumPy's object logical_and: the first false one, else the last), along axis or of all; True when empty.",
		func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.kept(a)(o.reduce(a.Value("axis"), "logical_and", true, truthPick(false)))
		}},
	"cumsum": {"axis=None", "The running sums by the elements' + along axis (of the flattened array when None).",
		func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.accumulate(a, a.Value("axis"), syntax.PLUS)
		}},
	"cumprod": {"axis=None", "The running products by the elements' * along axis (of the flattened array when None).",
		func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.accumulate(a, a.Value("axis"), syntax.STAR)
		}},
	"argmax": {"axis=None, keepdims=False", "The index of the first largest element by the elements' > (of the flattened array when axis is None).",
		func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.kept(a)(o.argExtreme(a, a.Value("axis"), "argmax", syntax.GT))
		}},
	"argmin": {"axis=None, keepdims=False", "The index of the first smallest element by the elements' < (of the flattened array when axis is None).",
		func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.kept(a)(o.argExtreme(a, a.Value("axis"), "argmin", syntax.LT))
		}},
	"ptp": {"axis=None, keepdims=False", "The largest element minus the smallest (by the elements' >=, <= and -), along axis or of all.",
		func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			hi, err := o.kept(a)(o.reduce(a.Value("axis"), "maximum", nil, pick(a, syntax.GE)))
			if err != nil {
				return nil, err
			}
			lo, err := o.kept(a)(o.reduce(a.Value("axis"), "minimum", nil, pick(a, syntax.LE)))
			if err != nil {
				return nil, err
			}
			if h, ok := hi.(*ObjArray); ok {
				r, _, err := h.BinaryOp(syntax.MINUS, lo, false)
				return r, err
			}
			return a.Binary(syntax.MINUS, hi, lo)
		}},
	"mean": {"axis=None, keepdims=False", "The sum of the elements divided by their count, as NumPy's object mean (a float is numpy.float64), along axis or of all.",
		func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			s, err := o.kept(a)(o.reduce(a.Value("axis"), "add", int64(0), with(a, syntax.PLUS)))
			if err != nil {
				return nil, err
			}
			n, err := o.count(a.Value("axis"))
			if err != nil {
				return nil, err
			}
			if n == 0 {
				if err := warnCategory(a, "Mean of empty slice.", "RuntimeWarning"); err != nil {
					return nil, err
				}
			}
			return o.divideCount(a, s, n)
		}},
	"var": {"axis=None, ddof=0, keepdims=False", "The mean of the squared distances from the mean, as NumPy's object var: (x - mean) * conjugate(x - mean) by the elements' operators, summed, divided by count - ddof.",
		func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			return o.variance(a, a.Value("axis"), a.Value("ddof"))
		}},
	"std": {"axis=None, ddof=0, keepdims=False", "The square root of var, as NumPy's object std: a numpy.float64's sqrt, another element's own sqrt method (NumPy's TypeError when it has none).",
		func(o *ObjArray, a *lang.Args) (lang.Value, error) {
			v, err := o.variance(a, a.Value("axis"), a.Value("ddof"))
			if err != nil {
				return nil, err
			}
			if r, ok := v.(*ObjArray); ok {
				return r.each(func(e lang.Value) (lang.Value, error) { return elemMethod(a, e, "sqrt") })
			}
			if s, ok := v.(*Scalar); ok { // a numpy.float64: NumPy's sqrt of it
				x, err := s.t.Float64s()
				if err != nil {
					return nil, err
				}
				return float64Scalar(math.Sqrt(x[0])), nil
			}
			return elemMethod(a, v, "sqrt")
		}},
}

// reduce is the reduction of the elements along axis (None: all) with
// op, as NumPy's object reductions: from the first element on; empty is
// identity (nil: NumPy's ValueError naming ufunc).
func (o *ObjArray) reduce(axisArg lang.Value, ufunc string, identity lang.Value, step func(acc, v lang.Value) (lang.Value, error)) (lang.Value, error) {
	vals, mshape, _, err := o.alongAxis(axisArg)
	if err != nil {
		return nil, err
	}
	n, rows := lineCount(mshape)
	out, err := reduceLines(vals, n, rows, ufunc, identity, step)
	if err != nil {
		return nil, err
	}
	rest := append([]int(nil), mshape[:len(mshape)-1]...)
	if len(rest) == 0 {
		return out[0], nil
	}
	return newObjArray(out, rest, o.sess)
}

// lineCount is the length n of the lines alongAxis gives in mshape and
// how many there are.
func lineCount(mshape []int) (n, rows int) {
	last := len(mshape) - 1
	rows = 1
	for _, d := range mshape[:last] {
		rows *= d
	}
	return mshape[last], rows
}

// reduceLines is each of the rows lines of n in vals reduced by step
// from the first element on; an empty line is identity (nil: NumPy's
// ValueError naming ufunc).
func reduceLines(vals []lang.Value, n, rows int, ufunc string, identity lang.Value, step func(acc, v lang.Value) (lang.Value, error)) ([]lang.Value, error) {
	out := make([]lang.Value, rows)
	for r := range out {
		line := vals[r*n : r*n+n]
		if len(line) == 0 {
			if identity == nil {
				return nil, lang.Errorf(lang.ValueError, "zero-size array to reduction operation %s which has no identity", ufunc)
			}
			out[r] = identity
			continue
		}
		acc := line[0]
		for _, v := range line[1:] {
			var err error
			if acc, err = step(acc, v); err != nil {
				return nil, err
			}
		}
		out[r] = acc
	}
	return out, nil
}

// pick is NumPy's object maximum (want GE) or minimum (want LE): acc
// when acc want v holds, else v. The operators run in the call a
// (a.Binary), not through a session hook: a reduction makes one call a
// pair of elements.
func pick(a *lang.Args, want syntax.Token) func(acc, v lang.Value) (lang.Value, error) {
	return func(acc, v lang.Value) (lang.Value, error) {
		r, err := a.Binary(want, acc, v)
		if err != nil {
			return nil, err
		}
		keep, err := lang.Truth(r)
		if err != nil {
			return nil, err
		}
		if keep {
			return acc, nil
		}
		return v, nil
	}
}

// with is the step acc op v, run in the call a.
func with(a *lang.Args, op syntax.Token) func(acc, v lang.Value) (lang.Value, error) {
	return func(acc, v lang.Value) (lang.Value, error) { return a.Binary(op, acc, v) }
}

// truthPick is NumPy's object logical_or (keepTrue) or logical_and: acc
// when its truth is keepTrue, else v, as Python's or and and.
func truthPick(keepTrue bool) func(acc, v lang.Value) (lang.Value, error) {
	return func(acc, v lang.Value) (lang.Value, error) {
		t, err := lang.Truth(acc)
		if err != nil {
			return nil, err
		}
		if t == keepTrue {
			return acc, nil
		}
		return v, nil
	}
}

// accumulate is NumPy's object accumulate of op along axis (None: the
// flattened array): each element op'd onto the running result, from the
// first on.
func (o *ObjArray) accumulate(a *lang.Args, axisArg lang.Value, op syntax.Token) (lang.Value, error) {
	vals, mshape, perm, err := o.alongAxis(axisArg)
	if err != nil {
		return nil, err
	}
	n := mshape[len(mshape)-1]
	out := make([]lang.Value, len(vals))
	for i, v := range vals {
		if i%n == 0 {
			out[i] = v
		} else if out[i], err = a.Binary(op, out[i-1], v); err != nil {
			return nil, err
		}
	}
	r, err := newObjArray(out, mshape, o.sess)
	if err != nil {
		return nil, err
	}
	back, err := movedBack(r.idx, perm, axisArg)
	if err != nil {
		return nil, err
	}
	return r.view(back).copied()
}

// argExtreme is NumPy's object argmax (better GT) or argmin (LT): along
// each line the index of the first element e for which e better best
// holds against the best so far; an int for axis None, else an int64
// array.
func (o *ObjArray) argExtreme(a *lang.Args, axisArg lang.Value, name string, better syntax.Token) (lang.Value, error) {
	vals, mshape, _, err := o.alongAxis(axisArg)
	if err != nil {
		return nil, err
	}
	n, rows := lineCount(mshape)
	if n == 0 && rows > 0 {
		return nil, lang.Errorf(lang.ValueError, "attempt to get %s of an empty sequence", name)
	}
	out := make([]int64, rows)
	for r := range out {
		line := vals[r*n : r*n+n]
		best := 0
		for i := 1; i < n; i++ {
			c, err := a.Binary(better, line[i], line[best])
			if err != nil {
				return nil, err
			}
			t, err := lang.Truth(c)
			if err != nil {
				return nil, err
			}
			if t {
				best = i
			}
		}
		out[r] = int64(best)
	}
	t, err := tensor.FromSlice(out, mshape[:len(mshape)-1]...)
	if err != nil {
		return nil, err
	}
	return wrap(t), nil
}

// count is how many elements a reduction along axis (None: all) takes
// for each result.
func (o *ObjArray) count(axisArg lang.Value) (int, error) {
	if _, isNone := axisArg.(lang.NoneType); isNone {
		return o.idx.Numel(), nil
	}
	if o.idx.Dim() == 0 {
		return 1, nil
	}
	axis, err := strAxis(axisArg, o.idx.Dim())
	if err != nil {
		return 0, err
	}
	return o.shape()[axis], nil
}

// divideCount is NumPy's last step of an object mean or var: an array's
// elements each divided by n (a Python int in the object loop); a single
// result divided by NumPy's intp n, so that a Python float, int or bool
// gives a numpy.float64 (with NumPy's divide warnings for n == 0) and
// another object its own / of an int.
func (o *ObjArray) divideCount(a *lang.Args, s lang.Value, n int) (lang.Value, error) {
	if so, ok := s.(*ObjArray); ok {
		return so.each(func(e lang.Value) (lang.Value, error) { return a.Binary(syntax.SLASH, e, int64(n)) })
	}
	var x float64
	switch v := s.(type) {
	case float64:
		x = v
	case int64:
		x = float64(v)
	case bool:
		if v {
			x = 1
		}
	default:
		return a.Binary(syntax.SLASH, s, int64(n))
	}
	r := float64Scalar(x / float64(n))
	if _, isFloat := s.(float64); !isFloat { // NumPy's scalar math: int / intp
		return reportDivide(a, r)
	}
	return reportWarned(a, r, fpReport(r, "divide", divideFlags(r.(*Scalar).t)))
}

// float64Scalar is x as a numpy.float64.
func float64Scalar(x float64) lang.Value {
	t, _ := tensor.FromSlice([]float64{x}, []int{}...)
	return wrap(t)
}

// variance is NumPy 1.24's _var of an object array: the means (the sums
// divided by the count, each a Python division), x - mean, x *
// conjugate(x) (the elements' conjugate method), summed and divided by
// count - ddof (at least 0), each stage over the whole array before the
// next, as NumPy's ufunc calls are.
func (o *ObjArray) variance(a *lang.Args, axisArg, ddofArg lang.Value) (lang.Value, error) {
	ddof, ok := lang.AsInt(ddofArg)
	if !ok {
		return nil, lang.Errorf(lang.TypeError, "'%s' object cannot be interpreted as an integer", lang.TypeName(ddofArg))
	}
	vals, mshape, _, err := o.alongAxis(axisArg)
	if err != nil {
		return nil, err
	}
	n, rows := lineCount(mshape)
	if int64(n) <= ddof {
		if err := warnCategory(a, "Degrees of freedom <= 0 for slice", "RuntimeWarning"); err != nil {
			return nil, err
		}
	}
	means, err := reduceLines(vals, n, rows, "add", int64(0), with(a, syntax.PLUS))
	if err != nil {
		return nil, err
	}
	for r := range means {
		if means[r], err = a.Binary(syntax.SLASH, means[r], int64(n)); err != nil {
			return nil, err
		}
	}
	dev := make([]lang.Value, len(vals))
	for i, v := range vals {
		if dev[i], err = a.Binary(syntax.MINUS, v, means[i/n]); err != nil {
			return nil, err
		}
	}
	conj := make([]lang.Value, len(vals))
	for i, d := range dev {
		if conj[i], err = elemMethod(a, d, "conjugate"); err != nil {
			return nil, err
		}
	}
	for i := range dev {
		if dev[i], err = a.Binary(syntax.STAR, dev[i], conj[i]); err != nil {
			return nil, err
		}
	}
	sums, err := reduceLines(dev, n, rows, "add", int64(0), with(a, syntax.PLUS))
	if err != nil {
		return nil, err
	}
	dof := max(int64(n)-ddof, 0)
	var r lang.Value = sums[0]
	if rest := mshape[:len(mshape)-1]; len(rest) > 0 {
		if r, err = newObjArray(sums, rest, o.sess); err != nil {
			return nil, err
		}
	}
	if r, err = o.kept(a)(r, nil); err != nil {
		return nil, err
	}
	return o.divideCount(a, r, int(dof))
}

// kept passes a reduction's result r through, with the reduced axes kept
// as ones when a's keepdims is true: an object array of r's elements
// (or of the one element), an int64 array of argmax's indices.
func (o *ObjArray) kept(a *lang.Args) func(r lang.Value, err error) (lang.Value, error) {
	return func(r lang.Value, err error) (lang.Value, error) {
		if err != nil || !a.Bool("keepdims") || o.idx.Dim() == 0 {
			return r, err // a 0-d array's reduction is its element, as NumPy's
		}
		shape := slices.Clone(o.shape())
		if _, isNone := a.Value("axis").(lang.NoneType); isNone {
			for i := range shape {
				shape[i] = 1
			}
		} else {
			axis, err := strAxis(a.Value("axis"), len(shape))
			if err != nil {
				return nil, err
			}
			shape[axis] = 1
		}
		switch x := r.(type) {
		case *ObjArray:
			idx, err := x.idx.Reshape(shape...)
			return x.view(idx), err
		case *Array:
			t, err := x.val().Reshape(shape...)
			return wrapArray(t), err
		case *Scalar:
			t, err := x.t.Reshape(shape...)
			return wrapArray(t), err
		}
		return newObjArray([]lang.Value{r}, shape, o.sess)
	}
}
