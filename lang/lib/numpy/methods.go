package numpy

import (
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// An arrayFunc is one of NumPy's functions that is also an ndarray
// method: np.sum(a, axis=0) and a.sum(axis=0) run the same Go function.
type arrayFunc struct {
	name   string
	params string // after the array: "axis=None, keepdims=False"
	doc    string
	fn     func(t *tensor.Tensor, a *lang.Args) (lang.Value, error)
	// methodOnly and funcOnly keep a name on one side (a.astype has no
	// np.astype; np.where is no method).
	methodOnly, funcOnly bool
}

var (
	arrayMethods   = map[string]*lang.Builtin{}
	arrayFunctions = map[string]*lang.Builtin{}
)

func defArrayFuncs(fs []arrayFunc) {
	for _, f := range fs {
		f := f
		sig := func(first string) string {
			if f.params == "" {
				return f.name + "(" + first + ")"
			}
			return f.name + "(" + first + ", " + f.params + ")"
		}
		if !f.funcOnly {
			arrayMethods[f.name] = lang.NewBuiltin(lang.AsValue, sig("self"), f.doc, func(a *lang.Args) (lang.Value, error) {
				self := a.Value("self").(*Array)
				v, err := f.fn(self.val(), a)
				return viewBase(self, v, numpyError(err))
			})
		}
		if !f.methodOnly {
			arrayFunctions[f.name] = lang.NewBuiltin(lang.AsValue, sig("a"), f.doc, func(a *lang.Args) (lang.Value, error) {
				t, err := arrayFrom(a.Value("a"), 0, false)
				if err != nil {
					return nil, err
				}
				self, _ := a.Value("a").(*Array)
				v, err := f.fn(t, a)
				return viewBase(self, v, err)
			})
		}
	}
}

// viewBase gives an array that a method or function returns as a view of
// src's memory (a.reshape(...), np.transpose(a)) src's owner as its base.
func viewBase(src *Array, v lang.Value, err error) (lang.Value, error) {
	if r, ok := v.(*Array); ok && err == nil && src != nil && r != src && r.base == nil &&
		src.flip == 0 && r.store.Storage() == src.store.Storage() {
		r.base, r.readonly = src.owner(), src.readonly
	}
	return v, err
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// reduction runs a tensor reduction over axis= with keepdims=.
func reduction(t *tensor.Tensor, a *lang.Args, fn func(x *tensor.Tensor, dims []int, keep bool) (*tensor.Tensor, error)) (lang.Value, error) {
	axes, err := axesArg(a.Value("axis"), t.Dim())
	if err != nil {
		return nil, err
	}
	keep := a.Bool("keepdims")
	if err := a.Err(); err != nil {
		return nil, err
	}
	if axes == nil {
		axes = allAxes(t.Dim())
		if len(axes) == 0 { // a 0-d array: reduce nothing
			r, err := fn(t, nil, keep)
			if err != nil {
				return nil, err
			}
			return wrap(r), nil
		}
	}
	r, err := fn(t, axes, keep)
	if err != nil {
		return nil, err
	}
	return wrap(r), nil
}

func allAxes(n int) []int {
	axes := make([]int, n)
	for i := range axes {
		axes[i] = i
	}
	return axes
}

// withDType casts t to dtype= when given.
func withDType(t *tensor.Tensor, a *lang.Args) (*tensor.Tensor, error) {
	dt, ok, err := optDType(a, "dtype")
	if err != nil || !ok {
		return t, err
	}
	return castTensor(t, dt)
}

// floating casts integers and bools to float64, as NumPy's mean, std and
// linalg compute them; floating and complex arrays keep their dtype.
func floating(t *tensor.Tensor) (*tensor.Tensor, error) {
	if t.DType().IsFloating() || t.DType().IsComplex() {
		return t, nil
	}
	return t.To(tensor.Float64)
}

// realFloating is floating for the functions kael computes on real
// numbers only (np.linalg, quantiles): a complex array is refused.
func realFloating(t *tensor.Tensor, name string) (*tensor.Tensor, error) {
	if t.DType().IsComplex() {
		return nil, lang.Errorf(lang.TypeError, "kael's %s takes real arrays, not %s ones", name, t.DType()).
			WithHint("complex versions are not wired in yet: pass a.real and a.imag separately where that makes sense")
	}
	return floating(t)
}

// sumInOrder is np.sum's reduction of a float16, float32 or float64
// array in NumPy's order, so that its bits are NumPy's (other dtypes are
// exact in any order: tensor.Sum). Axes of length 1 are set aside, as
// NumPy's iterator drops them. A C-contiguous array reduced over its
// trailing axes (all of them included) has each result's elements
// contiguous, and NumPy sums them pairwise by chunks of its buffer
// (tensor.SumTrailingPairwise); reduced over a run of axes with others
// after it, NumPy's iterator makes the reduced axes the outer loop and
// adds whole rows one after the other (tensor.SumMiddleRows). A strided
// view, or reduced axes apart, take the general walk of NumPy's iterator
// (tensor.SumStridedNumPy).
func sumInOrder(x *tensor.Tensor, dims []int, keep bool) (*tensor.Tensor, error) {
	if !floatInOrder(x) || len(dims) == 0 {
		return tensor.Sum(x, dims, keep)
	}
	if !x.IsContiguous() {
		return sumStrided(x, dims, keep)
	}
	xShape := x.Shape()
	shape := make([]int, 0, len(xShape)) // x's shape without its axes of length 1
	first, last := -1, -1
	for d, n := range xShape {
		if n == 1 {
			continue
		}
		if slices.Contains(dims, d) {
			if first < 0 {
				first = len(shape)
			} else if last != len(shape)-1 {
				return sumStrided(x, dims, keep) // reduced axes apart
			}
			last = len(shape)
		}
		shape = append(shape, n)
	}
	if first < 0 {
		return sumStrided(x, dims, keep) // only axes of length 1 reduced
	}
	// Without axes of length 1 x is its own flat form, and the result
	// has the reduced shape already unless keepdims asks for the ones.
	unchanged := len(shape) == len(xShape)
	flat := x
	var err error
	if !unchanged {
		if flat, err = x.Reshape(shape...); err != nil {
			return nil, err
		}
	}
	var r *tensor.Tensor
	if last == len(shape)-1 {
		r, err = tensor.SumTrailingPairwise(flat, last-first+1)
	} else {
		r, err = tensor.SumMiddleRows(flat, first, last+1)
	}
	if err != nil || unchanged && !keep {
		return r, err
	}
	return r.Reshape(reducedShape(xShape, dims, keep)...)
}

// sumStrided is tensor.SumStridedNumPy with keepdims: a strided view, or
// reduced axes that are not one run.
func sumStrided(x *tensor.Tensor, dims []int, keep bool) (*tensor.Tensor, error) {
	r, err := tensor.SumStridedNumPy(x, dims)
	if err != nil {
		return nil, err
	}
	return r.Reshape(reducedShape(x.Shape(), dims, keep)...)
}

// reducedShape is the shape of a reduction of shape over dims: without
// them, or with them as 1 when keep.
func reducedShape(shape, dims []int, keep bool) []int {
	var out []int
	for d, n := range shape {
		switch {
		case !slices.Contains(dims, d):
			out = append(out, n)
		case keep:
			out = append(out, 1)
		}
	}
	return out
}

// floatInOrder reports whether sumInOrder adds x in NumPy's order: a
// float16, float32 or float64 array.
func floatInOrder(x *tensor.Tensor) bool {
	dt := x.DType()
	return dt == tensor.Float64 || dt == tensor.Float32 || dt == tensor.Float16
}

// reducedCount is the number of elements of x each result of a
// reduction over dims takes.
func reducedCount(x *tensor.Tensor, dims []int) int {
	n := 1
	for _, d := range dims {
		n *= x.Shape()[d]
	}
	return n
}

// divideByCount is NumPy's true_divide of a reduction's sums by the
// element count n, rounded to the sums' dtype. NumPy divides a float16 or
// float32 sum in float16, float32 or float64 by the count's size (an
// integer scalar's value-based promotion), never rounding the count
// itself; the quotient in float64 rounded once to the dtype is the same
// number, since float64 holds more than twice float32's digits and two.
// A float64 sum is divided in place, as NumPy's _mean and _var divide
// with out=: sum must be the caller's own fresh result (sumInOrder's).
func divideByCount(sum *tensor.Tensor, n int) (*tensor.Tensor, error) {
	dt := sum.DType()
	if dt == tensor.Float64 {
		return sum, tensor.DivSpec.ApplyInPlace(sum, tensor.MustScalar(float64(n)))
	}
	wide, err := sum.To(tensor.Float64)
	if err != nil {
		return nil, err
	}
	q, err := tensor.Div(wide, tensor.MustScalar(float64(n)))
	if err != nil {
		return nil, err
	}
	return q.To(dt)
}

// meanInOrder is np.mean's reduction of a floating x as NumPy's _mean
// computes it: the sum in NumPy's order (sumInOrder) divided by the
// count (float16 in float32, as NumPy does), where that order is
// kael's; tensor.Mean otherwise.
func meanInOrder(x *tensor.Tensor, dims []int, keep bool) (*tensor.Tensor, error) {
	n := reducedCount(x, dims)
	if !floatInOrder(x) || len(dims) == 0 || n == 0 {
		return tensor.Mean(x, dims, keep)
	}
	if x.DType() == tensor.Float16 { // NumPy's _mean sums and divides float16 in float32
		wide, err := x.To(tensor.Float32)
		if err != nil {
			return nil, err
		}
		m, err := meanInOrder(wide, dims, keep)
		if err != nil {
			return nil, err
		}
		return m.To(tensor.Float16)
	}
	sum, err := sumInOrder(x, dims, keep)
	if err != nil {
		return nil, err
	}
	return divideByCount(sum, n)
}

// varianceInOrder is np.var's (and with std np.std's) reduction of a
// real floating x as NumPy's _var computes it: the mean, the sum in
// NumPy's order (in float16 for float16) divided by the count, with the
// reduced axes kept, the squares of the deviations, their sum
// in NumPy's order divided by n - ddof, where that order is kael's;
// tensor.Var and tensor.Std otherwise (and for n - ddof <= 0).
func varianceInOrder(x *tensor.Tensor, dims []int, ddof int, keep, std bool) (*tensor.Tensor, error) {
	n := reducedCount(x, dims)
	if !floatInOrder(x) || len(dims) == 0 || n-ddof <= 0 {
		if std {
			return tensor.Std(x, dims, ddof, keep)
		}
		return tensor.Var(x, dims, ddof, keep)
	}
	sum, err := sumInOrder(x, dims, true) // float16 too: _var does not widen it
	if err != nil {
		return nil, err
	}
	mean, err := divideByCount(sum, n)
	if err != nil {
		return nil, err
	}
	dev, err := tensor.SquaredDeviations(x, mean) // x - mean, squared in place as _var's out=x
	if err != nil {
		return nil, err
	}
	sq, err := sumInOrder(dev, dims, keep)
	if err != nil {
		return nil, err
	}
	v, err := divideByCount(sq, n-ddof)
	if err != nil || !std {
		return v, err
	}
	if v.DType() != tensor.Float16 {
		return tensor.Sqrt(v)
	}
	// NumPy's half loop takes the square root in float32 and rounds it.
	if v, err = v.To(tensor.Float32); err != nil {
		return nil, err
	}
	if v, err = tensor.Sqrt(v); err != nil {
		return nil, err
	}
	return v.To(tensor.Float16)
}

// sumInput is what np.sum adds: bools count as int64.
func sumInput(t *tensor.Tensor) (*tensor.Tensor, error) {
	if t.DType() == tensor.Bool {
		return t.To(tensor.Int64)
	}
	return t, nil
}

func init() {
	defineLater(func() {
		defArrayFuncs([]arrayFunc{
			{name: "sum", params: "axis=None, dtype=None, keepdims=False", doc: "The sum of the elements over axis (all when None).",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					t, err := withDType(t, a)
					if err != nil {
						return nil, err
					}
					if t, err = sumInput(t); err != nil {
						return nil, err
					}
					return checkedReduce(a, "reduce", t)(reduction(t, a, unsignedTotal(t, sumInOrder)))
				}},
			{name: "prod", params: "axis=None, dtype=None, keepdims=False", doc: "The product of the elements over axis.",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					t, err := withDType(t, a)
					if err != nil {
						return nil, err
					}
					if t, err = sumInput(t); err != nil {
						return nil, err
					}
					return checkedReduce(a, "reduce", t)(reduction(t, a, unsignedTotal(t, tensor.Prod)))
				}},
			{name: "mean", params: "axis=None, dtype=None, keepdims=False", doc: "The arithmetic mean over axis; integers average in float64.",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					t, err := withDType(t, a)
					if err != nil {
						return nil, err
					}
					if t, err = floating(t); err != nil {
						return nil, err
					}
					return checkedEmptyMean(a, t)(reduction(t, a, meanInOrder))
				}},
			{name: "std", params: "axis=None, dtype=None, ddof=0, keepdims=False", doc: "The standard deviation over axis, with ddof degrees of freedom subtracted (0: the population's).",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					return variance(t, a, true)
				}},
			{name: "var", params: "axis=None, dtype=None, ddof=0, keepdims=False", doc: "The variance over axis, with ddof degrees of freedom subtracted.",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					return variance(t, a, false)
				}},
			{name: "max", params: "axis=None, keepdims=False", doc: "The largest element over axis.",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					return extremum(t, a, "maximum", tensor.Amax)
				}},
			{name: "min", params: "axis=None, keepdims=False", doc: "The smallest element over axis.",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					return extremum(t, a, "minimum", tensor.Amin)
				}},
			{name: "amax", params: "axis=None, keepdims=False", doc: "The largest element over axis.", funcOnly: true,
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					return extremum(t, a, "maximum", tensor.Amax)
				}},
			{name: "amin", params: "axis=None, keepdims=False", doc: "The smallest element over axis.", funcOnly: true,
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					return extremum(t, a, "minimum", tensor.Amin)
				}},
			{name: "all", params: "axis=None, keepdims=False", doc: "Whether every element over axis is true.",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) { return reduction(t, a, tensor.All) }},
			{name: "any", params: "axis=None, keepdims=False", doc: "Whether some element over axis is true.",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) { return reduction(t, a, tensor.Any) }},
			{name: "argmax", params: "axis=None, keepdims=False", doc: "The index of the largest element (of the flattened array when axis is None).",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					return argExtremum(t, a, "argmax", tensor.ArgmaxAll, tensor.Argmax)
				}},
			{name: "argmin", params: "axis=None, keepdims=False", doc: "The index of the smallest element (of the flattened array when axis is None).",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					return argExtremum(t, a, "argmin", tensor.ArgminAll, tensor.Argmin)
				}},
			{name: "cumsum", params: "axis=None, dtype=None", doc: "The running sums along axis (of the flattened array when None).",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					t, err := withDType(t, a)
					if err != nil {
						return nil, err
					}
					if t, err = sumInput(t); err != nil {
						return nil, err
					}
					axis := 0
					if a.IsNone("axis") {
						if t, err = t.Reshape(-1); err != nil {
							return nil, err
						}
					} else {
						axes, err := axesArg(a.Value("axis"), t.Dim())
						if err != nil {
							return nil, err
						}
						axis = axes[0]
					}
					var r *tensor.Tensor
					switch dt := t.DType(); dt {
					// NumPy's add.accumulate sums the narrow floats in their own
					// dtype, where the core (as PyTorch) accumulates wider.
					case tensor.Float32:
						r, err = accumulate(t, dt, axis, func(x float64) float64 { return float64(float32(x)) }, 0, func(a, b float64) float64 { return a + b })
					case tensor.Float16:
						r, err = accumulate(t, dt, axis, func(x float64) float64 { return float64(tensor.F16FromFloat32(float32(x)).Float32()) }, 0, func(a, b float64) float64 { return a + b })
					case tensor.Complex64:
						r, err = accumulate(t, dt, axis, func(x complex128) complex128 { return complex128(complex64(x)) }, 0, func(a, b complex128) complex128 { return a + b })
					case tensor.Bool, tensor.Int8, tensor.Int16, tensor.Int32, tensor.Int64, tensor.Float64, tensor.BFloat16, tensor.Complex128:
						r, err = tensor.Cumsum(t, axis)
					case tensor.Uint8, tensor.Uint16, tensor.Uint32, tensor.Uint64:
						r, err = unsignedAccumulate(t, axis, tensor.Cumsum)
					}
					if err != nil {
						return nil, err
					}
					return checkedReduce(a, "accumulate", t)(wrapArray(r), nil)
				}},
			{name: "reshape", params: "*shape, order='C'", doc: "The same data in a new shape (a view when possible); one dimension may be -1.", methodOnly: true, // np.reshape: reshape.go
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					shape, err := shapeArgs(a.Value("shape"))
					if err != nil {
						return nil, err
					}
					return reshapeTo(t, shape, a)
				}},
			{name: "transpose", params: "*axes", doc: "The array with its axes permuted (reversed when none are given).",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					axes, err := shapeArgs(a.Value("axes"))
					if err != nil {
						return nil, err
					}
					if len(axes) == 0 {
						r, err := transposeAll(t)
						return wrapArray(r), err
					}
					r, err := t.Permute(axes...)
					if err != nil {
						return nil, lang.Errorf(lang.ValueError, "axes don't match array")
					}
					return wrapArray(r), nil
				}},
			{name: "flatten", params: "order='C'", doc: "A copy of the array in one dimension, read in order.", methodOnly: true,
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					order, err := orderArg(t, a, true)
					if err != nil {
						return nil, err
					}
					r, err := ravelOrder(t, order, true)
					return wrapArray(r), err
				}},
			{name: "ravel", params: "order='C'", doc: "The array in one dimension, read in order (a view when possible).",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					order, err := orderArg(t, a, true)
					if err != nil {
						return nil, err
					}
					r, err := ravelOrder(t, order, false)
					return wrapArray(r), err
				}},
			{name: "squeeze", params: "axis=None", doc: "The array without its dimensions of size 1 (or only those of axis).",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					axes, err := axesArg(a.Value("axis"), t.Dim())
					if err != nil {
						return nil, err
					}
					shape := t.Shape()
					if axes == nil {
						axes = nil
						for i, n := range shape {
							if n == 1 {
								axes = append(axes, i)
							}
						}
					}
					for _, ax := range axes {
						if shape[ax] != 1 {
							return nil, lang.Errorf(lang.ValueError, "cannot select an axis to squeeze out which has size not equal to one")
						}
					}
					var out []int
					for i, n := range shape {
						if !slices.Contains(axes, i) {
							out = append(out, n)
						}
					}
					r, err := t.Reshape(out...)
					if err != nil {
						return nil, err
					}
					return wrapArray(r), nil // a 0-d array, not a scalar, as NumPy's
				}},
			{name: "astype", params: "dtype, copy=True", doc: "A copy of the array converted to dtype.", methodOnly: true,
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					if objDTypeArg(a.Value("dtype")) {
						return objArrayFrom(wrapArray(t), true, a.Session()) // the elements as Python numbers
					}
					if sd, ok, err := strDTypeArg(a.Value("dtype")); ok || err != nil {
						if err != nil {
							return nil, err
						}
						return strArrayFrom(wrapArray(t), sd, false) // NumPy's str of each element
					}
					dt, err := toDType(a.Value("dtype"))
					if err != nil {
						return nil, err
					}
					if t.DType() == dt {
						if !a.Bool("copy") {
							return a.Value("self"), nil // NumPy returns the array itself
						}
						r, err := t.Clone()
						return wrapArray(r), err
					}
					r, err := castTensor(t, dt)
					if err != nil {
						return nil, err
					}
					if t.DType().IsComplex() && !dt.IsComplex() && dt != tensor.Bool {
						if err := warnComplexCast(a); err != nil {
							return nil, err
						}
					}
					return checkedCast(a, t, r, dt)
				}},
			{name: "copy", params: "order='C'", doc: "A copy of the array, laid out in memory in order ('C', 'F', 'A' or 'K').", methodOnly: true, fn: copyArray},
			{name: "copy", params: "order='K'", doc: "A copy of the array, laid out in memory in order ('K', the array's own, by default).", funcOnly: true, fn: copyArray},
			{name: "tolist", params: "", doc: "The array as nested Python lists of Python numbers.", methodOnly: true,
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					return toPython(t)
				}},
			{name: "item", params: "*index", doc: "One element as a Python number: the only one, or the one at a flat index or an index per dimension.", methodOnly: true,
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					idx, err := shapeArgs(a.Value("index"))
					if err != nil {
						return nil, err
					}
					return itemAt(t, idx)
				}},
			{name: "clip", params: "a_min=None, a_max=None", doc: "The elements limited to [a_min, a_max].", funcOnly: true,
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					return clip(t, a.Value("a_min"), a.Value("a_max"))
				}},
			// the method names its bounds min and max, as ndarray.clip does
			{name: "clip", params: "min=None, max=None", doc: "The elements limited to [min, max].", methodOnly: true,
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					return clip(t, a.Value("min"), a.Value("max"))
				}},
			{name: "round", params: "decimals=0", doc: "The elements rounded to decimals places, halves to even.",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					// decimals goes through operator.index, as NumPy's does:
					// 'a' and 1.0 are TypeErrors, not 0
					d, err := lang.IndexValue(a.Value("decimals"))
					if err != nil {
						return nil, err
					}
					n, ok := lang.AsInt(d)
					switch {
					case !ok:
						return nil, lang.Errorf(lang.OverflowError, "Python int too large to convert to C long")
					case n > math.MaxInt32:
						return nil, lang.Errorf(lang.OverflowError, "signed integer is greater than maximum")
					case n < math.MinInt32:
						return nil, lang.Errorf(lang.OverflowError, "signed integer is less than minimum")
					}
					return roundArray(t, int(n))
				}},
			{name: "dot", params: "b", doc: "The dot product: matrix product for 2-d arrays, inner product for 1-d.",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) { return dot(t, a.Value("b")) }},
			{name: "argsort", params: "axis=-1, kind=None", doc: "The indices that sort the array along axis (stable).",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) { return sortArray(t, a, true) }},
			{name: "sort", params: "axis=-1, kind=None", doc: "np.sort: a sorted copy along axis; a.sort() sorts in place.",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) { return sortArray(t, a, false) }},
			{name: "nonzero", params: "", doc: "A tuple of index arrays, one per dimension, of the nonzero elements.",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) { return nonzero(t) }},
			{name: "swapaxes", params: "axis1, axis2", doc: "The array with two axes exchanged (a view).",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
					r, err := t.Transpose(a.Int("axis1"), a.Int("axis2"))
					return wrapArray(r), err
				}},
			{name: "repeat", params: "repeats, axis=None", doc: "Each element repeated (along axis, or of the flattened array).",
				fn: func(t *tensor.Tensor, a *lang.Args) (lang.Value, error) { return repeatArray(t, a) }},
		})
		// a.sort() sorts in place and returns None.
		arrayMethods["sort"] = lang.NewBuiltin(lang.AsValue, "sort(self, axis=-1, kind=None)", "Sorts the array in place along axis.", func(a *lang.Args) (lang.Value, error) {
			self := a.Value("self").(*Array)
			if err := self.writable("sort array is read-only"); err != nil {
				return nil, err
			}
			r, err := sortArray(self.val(), a, false)
			if err != nil {
				return nil, err
			}
			return lang.None, self.assign(r.(*Array).val())
		})
		arrayMethods["setflags"] = lang.NewBuiltin(lang.AsValue, "setflags(self, write=None, align=None, uic=None)", "Sets the WRITEABLE (write=), ALIGNED (align=) and WRITEBACKIFCOPY (uic=, only False) flags.", func(a *lang.Args) (lang.Value, error) {
			self := a.Value("self").(*Array)
			for _, f := range []struct{ arg, flag string }{{"uic", "writebackifcopy"}, {"align", "aligned"}, {"write", "writeable"}} {
				if a.IsNone(f.arg) {
					continue
				}
				on, err := lang.Truth(a.Value(f.arg))
				if err != nil {
					return nil, err
				}
				if err := self.setFlag(f.flag, on); err != nil {
					return nil, err
				}
			}
			return lang.None, nil
		})
		// a.fill(value) writes through a view with a negative stride too.
		arrayMethods["fill"] = lang.NewBuiltin(lang.AsValue, "fill(self, value)", "Sets every element to value.", func(a *lang.Args) (lang.Value, error) {
			self := a.Value("self").(*Array)
			if err := self.writable(assignReadOnly); err != nil {
				return nil, err
			}
			v, err := arrayFrom(a.Value("value"), self.store.DType(), true)
			if err != nil {
				return nil, err
			}
			return lang.None, self.assign(v)
		})
	})
}

// copyArray is a.copy(order) and np.copy(a, order).
func copyArray(t *tensor.Tensor, a *lang.Args) (lang.Value, error) {
	order, err := orderArg(t, a, true)
	if err != nil {
		return nil, err
	}
	r, err := copyOrder(t, order)
	return wrapArray(r), err
}

// variance is var (or with std its square root) over axis, with ddof.
func variance(t *tensor.Tensor, a *lang.Args, std bool) (lang.Value, error) {
	t, err := withDType(t, a)
	if err != nil {
		return nil, err
	}
	if t, err = floating(t); err != nil {
		return nil, err
	}
	ddof := a.Int("ddof")
	var reduced []int // the dims reduction reduced
	return checkedFreedom(a, t, ddof, &reduced)(reduction(t, a, func(x *tensor.Tensor, dims []int, keep bool) (*tensor.Tensor, error) {
		reduced = dims
		if x.DType().IsComplex() {
			return complexVariance(x, dims, ddof, keep, std)
		}
		return varianceInOrder(x, dims, ddof, keep, std)
	}))
}

// complexVariance is NumPy's variance of complex numbers, the mean of
// |x - mean|², which is the variance of the real parts plus that of the
// imaginary parts (real, in the parts' dtype); std is its square root.
func complexVariance(x *tensor.Tensor, dims []int, ddof int, keep, std bool) (*tensor.Tensor, error) {
	var parts [2]*tensor.Tensor
	for i, part := range []func(*tensor.Tensor) (*tensor.Tensor, error){realPart, imagPart} {
		p, err := part(x)
		if err != nil {
			return nil, err
		}
		if parts[i], err = tensor.Var(p, dims, ddof, keep); err != nil {
			return nil, err
		}
	}
	v, err := tensor.Add(parts[0], parts[1])
	if err != nil || !std {
		return v, err
	}
	return tensor.Sqrt(v)
}

func extremum(t *tensor.Tensor, a *lang.Args, name string, fn func(x *tensor.Tensor, dims []int, keep bool) (*tensor.Tensor, error)) (lang.Value, error) {
	if t.Numel() == 0 {
		return nil, lang.Errorf(lang.ValueError, "zero-size array to reduction operation %s which has no identity", name)
	}
	if t.DType().IsComplex() {
		max := name == "maximum"
		fn = func(x *tensor.Tensor, dims []int, keep bool) (*tensor.Tensor, error) {
			return complexReduce(x, dims, keep, max)
		}
	}
	if t.DType() == tensor.Uint64 {
		fn = uint64Ordered(fn)
	}
	return reduction(t, a, fn)
}

func argExtremum(t *tensor.Tensor, a *lang.Args, name string, all func(*tensor.Tensor) (*tensor.Tensor, error), along func(*tensor.Tensor, int, bool) (*tensor.Tensor, error)) (lang.Value, error) {
	if t.Numel() == 0 {
		return nil, lang.Errorf(lang.ValueError, "attempt to get %s of an empty sequence", name)
	}
	if t.DType().IsComplex() {
		max := name == "argmax"
		all = func(x *tensor.Tensor) (*tensor.Tensor, error) { return complexArgExtreme(x, max) }
		along = func(x *tensor.Tensor, axis int, keep bool) (*tensor.Tensor, error) {
			moved, _, _, err := lastAxes(x, []int{axis})
			if err != nil {
				return nil, err
			}
			r, err := complexArgExtreme(moved, max)
			if err != nil {
				return nil, err
			}
			return r.Reshape(keptShape(x.Shape(), []int{axis}, keep)...)
		}
	}
	if t.DType() == tensor.Uint64 { // the positions of the ordered values are uint64's
		var err error
		if t, err = orderedUint64(t); err != nil {
			return nil, err
		}
	}
	keep := a.Bool("keepdims")
	if a.IsNone("axis") {
		c, err := t.Contiguous()
		if err != nil {
			return nil, err
		}
		flat, err := c.Reshape(-1)
		if err != nil {
			return nil, err
		}
		r, err := all(flat)
		if err != nil {
			return nil, err
		}
		if keep {
			ones := make([]int, t.Dim())
			for i := range ones {
				ones[i] = 1
			}
			r, err = r.Reshape(ones...)
			return wrap(r), err
		}
		return wrap(r), nil
	}
	axes, err := axesArg(a.Value("axis"), t.Dim())
	if err != nil {
		return nil, err
	}
	r, err := along(t, axes[0], keep)
	if err != nil {
		return nil, err
	}
	return wrap(r), nil
}

// shapeArgs reads *shape: reshape(2, 3) or reshape((2, 3)).
func shapeArgs(v lang.Value) ([]int, error) {
	args, _ := v.(lang.Tuple)
	if len(args) == 1 {
		if _, isInt := lang.AsInt(args[0]); !isInt {
			return shapeArg(args[0])
		}
	}
	return shapeArg(args)
}

// toPython converts a tensor's elements to nested lists of Python
// numbers.
func toPython(t *tensor.Tensor) (lang.Value, error) {
	v, err := tensor.ToList(t)
	if err != nil {
		return nil, err
	}
	return fromGo(v), nil
}

func fromGo(v any) lang.Value {
	switch x := v.(type) {
	case []any:
		out := make([]lang.Value, len(x))
		for i, e := range x {
			out[i] = fromGo(e)
		}
		return &lang.List{Elems: out}
	case float32:
		return float64(x)
	case complex128:
		return lang.Complex(x)
	case complex64:
		return lang.Complex(complex128(x))
	}
	return v
}

func itemAt(t *tensor.Tensor, idx []int) (lang.Value, error) {
	switch {
	case len(idx) == 0:
		if t.Numel() != 1 {
			return nil, lang.Errorf(lang.ValueError, "can only convert an array of size 1 to a Python scalar")
		}
		c, err := t.Reshape(-1)
		if err != nil {
			return nil, err
		}
		return itemAt(c, []int{0})
	case len(idx) == 1:
		c, err := t.Contiguous()
		if err != nil {
			return nil, err
		}
		flat, err := c.Reshape(-1)
		if err != nil {
			return nil, err
		}
		i := idx[0]
		if i < 0 {
			i += flat.Numel()
		}
		if i < 0 || i >= flat.Numel() {
			return nil, lang.Errorf(lang.IndexError, "index %d is out of bounds for size %d", idx[0], flat.Numel())
		}
		e, err := flat.Select(0, i)
		if err != nil {
			return nil, err
		}
		return (&Scalar{t: e}).item(), nil
	}
	if len(idx) != t.Dim() {
		return nil, lang.Errorf(lang.ValueError, "incorrect number of indices for array")
	}
	e := t
	for _, i := range idx {
		var err error
		if e, err = e.Select(0, i); err != nil {
			return nil, lang.Errorf(lang.IndexError, "%s", strings.TrimPrefix(err.Error(), "IndexError: "))
		}
	}
	return (&Scalar{t: e}).item(), nil
}

// compactTuple writes a shape as NumPy's messages do: (4,2), (3,).
func compactTuple(shape []int) string { return strings.ReplaceAll(tupleText(shape), " ", "") }
