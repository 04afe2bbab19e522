package numpy

import (
	"math"
	"math/cmplx"
	"slices"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// Joining, selecting and comparing arrays.

// closeComplex is NumPy's isclose where the tensor kernel's rules are
// not NumPy's: complex operands (|a - b| <= atol + rtol * |b| with the
// complex magnitude; a non-finite element is close only to an equal one,
// NaNs with equal_nan) and a negative rtol or atol, which NumPy computes
// with rather than refuses.
// It returns 1 for each close pair of the broadcast operands, of shape.
func closeComplex(x, y *tensor.Tensor, rtol, atol float64, equalNaN bool) ([]uint8, []int, error) {
	shape, err := tensor.BroadcastShapes(x.Shape(), y.Shape())
	if err != nil {
		return nil, nil, err
	}
	wide := func(t *tensor.Tensor) ([]complex128, error) {
		c, err := castTensor(t, tensor.Complex128)
		if err != nil {
			return nil, err
		}
		return broadcastValues[complex128](c, shape)
	}
	xs, err := wide(x)
	if err != nil {
		return nil, nil, err
	}
	ys, err := wide(y)
	if err != nil {
		return nil, nil, err
	}
	finite := func(z complex128) bool {
		return !math.IsInf(real(z), 0) && !math.IsNaN(real(z)) && !math.IsInf(imag(z), 0) && !math.IsNaN(imag(z))
	}
	isNaN := func(z complex128) bool { return math.IsNaN(real(z)) || math.IsNaN(imag(z)) }
	// NumPy multiplies non-finite operands by ones first: for a complex
	// one that is a complex product, which turns inf+0j into inf+nanj.
	one := func(t *tensor.Tensor, z complex128) complex128 {
		if t.DType().IsComplex() {
			return complex(real(z)-imag(z)*0, real(z)*0+imag(z))
		}
		return z
	}
	out := make([]uint8, len(xs))
	for i, xv := range xs {
		yv := ys[i]
		var close bool
		if finite(xv) && finite(yv) {
			close = cmplx.Abs(xv-yv) <= atol+rtol*cmplx.Abs(yv)
			if close {
				out[i] = 1
			}
			continue
		}
		xv, yv = one(x, xv), one(y, yv)
		switch {
		case equalNaN && isNaN(xv) && isNaN(yv):
			close = true
		default:
			close = xv == yv
		}
		if close {
			out[i] = 1
		}
	}
	return out, shape, nil
}

// arraysOf reads a sequence of array-likes cast to their common dtype.
func arraysOf(v lang.Value) ([]*tensor.Tensor, error) {
	elems, err := lang.Collect(v)
	if err != nil {
		return nil, err
	}
	if len(elems) == 0 {
		return nil, lang.Errorf(lang.ValueError, "need at least one array to concatenate")
	}
	ts := make([]*tensor.Tensor, len(elems))
	dt := tensor.Bool
	for i, e := range elems {
		t, err := arrayFrom(e, 0, false)
		if err != nil {
			return nil, err
		}
		ts[i] = t
		if i == 0 {
			dt = t.DType()
		} else {
			dt = promote(dt, t.DType())
		}
	}
	for i, t := range ts {
		if ts[i], err = castTensor(t, dt); err != nil {
			return nil, err
		}
	}
	return ts, nil
}

func atLeast(t *tensor.Tensor, n int) (*tensor.Tensor, error) {
	var err error
	for t.Dim() < n {
		if t, err = t.Unsqueeze(0); err != nil {
			return nil, err
		}
	}
	return t, nil
}

func defJoin(m map[string]lang.Value) {
	m["concatenate"] = lang.NewBuiltin(lang.AsValue, "concatenate(arrays, axis=0)", "The arrays joined along an existing axis (flattened first when axis is None).", func(a *lang.Args) (lang.Value, error) {
		ts, err := arraysOf(a.Value("arrays"))
		if err != nil {
			return nil, err
		}
		axis := 0
		if a.IsNone("axis") {
			for i, t := range ts {
				if ts[i], err = t.Reshape(-1); err != nil {
					return nil, err
				}
			}
		} else {
			axes, err := axesArg(a.Value("axis"), ts[0].Dim())
			if err != nil {
				return nil, err
			}
			axis = axes[0]
		}
		if ts[0].Dim() == 0 {
			return nil, lang.Errorf(lang.ValueError, "zero-dimensional arrays cannot be concatenated")
		}
		if err := concatError(ts, axis); err != nil {
			return nil, err
		}
		r, err := tensor.Cat(ts, axis)
		return wrapArray(r), err
	})
	m["stack"] = lang.NewBuiltin(lang.AsValue, "stack(arrays, axis=0)", "The arrays, of one shape, joined along a new axis.", func(a *lang.Args) (lang.Value, error) {
		ts, err := arraysOf(a.Value("arrays"))
		if err != nil {
			return nil, err
		}
		axes, err := axesArg(a.Value("axis"), ts[0].Dim()+1)
		if err != nil {
			return nil, err
		}
		if err := stackError(ts); err != nil {
			return nil, err
		}
		r, err := tensor.Stack(ts, axes[0])
		return wrapArray(r), err
	})
	m["vstack"] = lang.NewBuiltin(lang.AsValue, "vstack(tup)", "The arrays stacked as rows (1-d arrays become rows).", func(a *lang.Args) (lang.Value, error) {
		ts, err := arraysOf(a.Value("tup"))
		if err != nil {
			return nil, err
		}
		for i, t := range ts {
			if ts[i], err = atLeast(t, 2); err != nil {
				return nil, err
			}
		}
		if err := concatError(ts, 0); err != nil {
			return nil, err
		}
		r, err := tensor.Cat(ts, 0)
		return wrapArray(r), err
	})
	m["row_stack"] = m["vstack"] // NumPy 1.24's numpy/lib: row_stack = vstack
	m["hstack"] = lang.NewBuiltin(lang.AsValue, "hstack(tup)", "The arrays joined column-wise (along the first axis for 1-d arrays).", func(a *lang.Args) (lang.Value, error) {
		ts, err := arraysOf(a.Value("tup"))
		if err != nil {
			return nil, err
		}
		axis := 1
		for i, t := range ts {
			if ts[i], err = atLeast(t, 1); err != nil {
				return nil, err
			}
		}
		if ts[0].Dim() == 1 {
			axis = 0
		}
		if err := concatError(ts, axis); err != nil {
			return nil, err
		}
		r, err := tensor.Cat(ts, axis)
		return wrapArray(r), err
	})
	m["where"] = lang.NewBuiltin(lang.AsValue, "where(condition, x=None, y=None)", "Elements of x where condition holds, else of y; with the condition alone, its nonzero indices.", func(a *lang.Args) (lang.Value, error) {
		cond, err := arrayFrom(a.Value("condition"), 0, false)
		if err != nil {
			return nil, err
		}
		if a.IsNone("x") && a.IsNone("y") {
			return nonzero(cond)
		}
		if a.IsNone("x") || a.IsNone("y") {
			return nil, lang.Errorf(lang.ValueError, "either both or neither of x and y should be given")
		}
		x, _, err := asOperand(a.Value("x"))
		if err != nil {
			return nil, err
		}
		y, _, err := asOperand(a.Value("y"))
		if err != nil {
			return nil, err
		}
		if x.t == nil || y.t == nil {
			return nil, lang.Errorf(lang.TypeError, "where: x and y must be numbers or arrays")
		}
		xs, ys, err := castOperands(x, y)
		if err != nil {
			return nil, err
		}
		if err := broadcastError(cond.Shape(), xs.Shape(), ys.Shape()); err != nil {
			return nil, err
		}
		if cond, err = castTensor(cond, tensor.Bool); err != nil {
			return nil, err
		}
		r, err := tensor.Where(cond, xs, ys)
		return wrapArray(r), err
	})
	m["matmul"] = lang.NewBuiltin(lang.AsValue, "matmul(x1, x2)", "The matrix product, as x1 @ x2.", func(a *lang.Args) (lang.Value, error) {
		return a.Binary(syntax.AT, a.Value("x1"), a.Value("x2"))
	})
	m["outer"] = lang.NewBuiltin(lang.AsValue, "outer(a, b)", "The outer product of the flattened arrays.", func(a *lang.Args) (lang.Value, error) {
		x, err := arrayFrom(a.Value("a"), 0, false)
		if err != nil {
			return nil, err
		}
		y, err := arrayFrom(a.Value("b"), 0, false)
		if err != nil {
			return nil, err
		}
		if x, err = x.Reshape(-1, 1); err != nil {
			return nil, err
		}
		if y, err = y.Reshape(1, -1); err != nil {
			return nil, err
		}
		return applyBinary(syntax.STAR, operand{t: x}, operand{t: y})
	})
	m["expand_dims"] = lang.NewBuiltin(lang.AsValue, "expand_dims(a, axis)", "The array with a new axis of size 1 at axis (a view).", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("a"), 0, false)
		if err != nil {
			return nil, err
		}
		axes, err := axesArg(a.Value("axis"), t.Dim()+1)
		if err != nil {
			return nil, err
		}
		r, err := t.Unsqueeze(axes[0])
		return wrapArray(r), err
	})
	m["tile"] = lang.NewBuiltin(lang.AsValue, "tile(A, reps)", "The array repeated reps times along each axis.", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("A"), 0, false)
		if err != nil {
			return nil, err
		}
		reps, err := shapeArg(a.Value("reps"))
		if err != nil {
			return nil, err
		}
		for len(reps) < t.Dim() {
			reps = append([]int{1}, reps...)
		}
		if t, err = atLeast(t, len(reps)); err != nil {
			return nil, err
		}
		r, err := tensor.Repeat(t, reps...)
		return wrapArray(r), err
	})
	for _, f := range []struct {
		name string
		eq   bool
	}{{"allclose", false}, {"isclose", true}} {
		f := f
		m[f.name] = lang.NewBuiltin(lang.AsValue, f.name+"(a, b, rtol=1e-05, atol=1e-08, equal_nan=False)", "Whether |a - b| <= atol + rtol * |b|, element by element (isclose) or for all (allclose).", func(a *lang.Args) (lang.Value, error) {
			x, y, err := twoArrays(a, "a", "b")
			if err == nil {
				err = broadcastError(x.Shape(), y.Shape())
			}
			if err != nil {
				return nil, err
			}
			rtol, atol, equalNaN := a.Float("rtol"), a.Float("atol"), a.Bool("equal_nan")
			if x.DType().IsComplex() || y.DType().IsComplex() || rtol < 0 || atol < 0 {
				close, shape, err := closeComplex(x, y, rtol, atol, equalNaN)
				if err != nil {
					return nil, err
				}
				if !f.eq {
					return !slices.Contains(close, 0), nil
				}
				r, err := fromValues(close, shape)
				if err == nil {
					r, err = r.To(tensor.Bool)
				}
				return wrap(r), err
			}
			if !x.DType().IsFloating() {
				if x, err = x.To(tensor.Float64); err != nil {
					return nil, err
				}
				if y, err = y.To(tensor.Float64); err != nil {
					return nil, err
				}
			}
			if f.eq {
				r, err := tensor.Isclose(x, y, rtol, atol, equalNaN)
				return wrap(r), err
			}
			ok, err := tensor.Allclose(x, y, rtol, atol, equalNaN)
			return ok, err
		})
	}
	m["array_equal"] = lang.NewBuiltin(lang.AsValue, "array_equal(a1, a2)", "Whether the arrays have one shape and equal elements.", func(a *lang.Args) (lang.Value, error) {
		x, y, err := twoArrays(a, "a1", "a2")
		if err != nil {
			return nil, err
		}
		return tensor.Equal(x, y), nil
	})
	m["unique"] = lang.NewBuiltin(lang.AsValue, "unique(ar, return_index=False, return_inverse=False, return_counts=False, axis=None)", "The sorted distinct elements of the flattened array (or slices along axis), with the indices of their first occurrences, the inverse indices and the counts when asked.", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("ar"), 0, false)
		if err != nil {
			return nil, err
		}
		u, err := unique(t, a.Value("axis"))
		if err != nil {
			return nil, err
		}
		out := lang.Tuple{wrapArray(u.values)}
		for _, part := range []struct {
			name string
			t    *tensor.Tensor
		}{{"return_index", u.index}, {"return_inverse", u.inverse}, {"return_counts", u.counts}} {
			if a.Bool(part.name) {
				out = append(out, wrapArray(part.t))
			}
		}
		if len(out) == 1 {
			return out[0], nil
		}
		return out, nil
	})
	m["count_nonzero"] = lang.NewBuiltin(lang.AsValue, "count_nonzero(a, axis=None)", "How many elements are nonzero.", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("a"), tensor.Bool, true)
		if err != nil {
			return nil, err
		}
		if t, err = t.To(tensor.Int64); err != nil {
			return nil, err
		}
		axes, err := axesArg(a.Value("axis"), t.Dim())
		if err != nil {
			return nil, err
		}
		if axes == nil {
			r, err := tensor.Sum(t, allAxes(t.Dim()), false)
			if err != nil {
				return nil, err
			}
			v, err := r.Item()
			return v, err
		}
		r, err := tensor.Sum(t, axes, false)
		return wrap(r), err
	})
	m["diff"] = lang.NewBuiltin(lang.AsValue, "diff(a, n=1, axis=-1)", "The n-th differences along axis: a[1:] - a[:-1].", func(a *lang.Args) (lang.Value, error) {
		t, err := arrayFrom(a.Value("a"), 0, false)
		if err != nil {
			return nil, err
		}
		axes, err := axesArg(a.Value("axis"), t.Dim())
		if err != nil {
			return nil, err
		}
		ax := axes[0]
		for k := 0; k < a.Int("n"); k++ {
			n := t.Shape()[ax]
			hi, err := t.Slice(ax, 1, n, 1)
			if err != nil {
				return nil, err
			}
			lo, err := t.Slice(ax, 0, max(n-1, 0), 1)
			if err != nil {
				return nil, err
			}
			if t.DType() == tensor.Bool {
				t, err = tensor.Ne(hi, lo)
			} else {
				t, err = tensor.Sub(hi, lo)
			}
			if err != nil {
				return nil, err
			}
		}
		return wrapArray(t), nil
	})
	m["meshgrid"] = lang.NewBuiltin(lang.AsValue, "meshgrid(*xi, indexing='xy')", "Coordinate arrays from coordinate vectors ('xy': Cartesian, 'ij': matrix indexing).", func(a *lang.Args) (lang.Value, error) {
		xs := a.Value("xi").(lang.Tuple)
		ts := make([]*tensor.Tensor, len(xs))
		shape := make([]int, len(xs))
		for i, x := range xs {
			t, err := arrayFrom(x, 0, false)
			if err != nil {
				return nil, err
			}
			if ts[i], err = t.Reshape(-1); err != nil {
				return nil, err
			}
			shape[i] = ts[i].Numel()
		}
		xy := a.Str("indexing") == "xy" && len(xs) >= 2
		if xy {
			shape[0], shape[1] = shape[1], shape[0]
		}
		out := make([]lang.Value, len(ts))
		for i, t := range ts {
			view := make([]int, len(ts))
			for j := range view {
				view[j] = 1
			}
			pos := i
			if xy && i < 2 {
				pos = 1 - i
			}
			view[pos] = t.Numel()
			v, err := t.Reshape(view...)
			if err != nil {
				return nil, err
			}
			e, err := v.Expand(shape...)
			if err != nil {
				return nil, err
			}
			c, err := e.Contiguous()
			if err != nil {
				return nil, err
			}
			out[i] = wrapArray(c)
		}
		return &lang.List{Elems: out}, nil
	})
}

func twoArrays(a *lang.Args, n1, n2 string) (*tensor.Tensor, *tensor.Tensor, error) {
	x, _, err := asOperand(a.Value(n1))
	if err != nil {
		return nil, nil, err
	}
	y, _, err := asOperand(a.Value(n2))
	if err != nil {
		return nil, nil, err
	}
	if x.t == nil || y.t == nil {
		return nil, nil, lang.Errorf(lang.TypeError, "expected arrays or numbers")
	}
	return castOperands(x, y)
}
