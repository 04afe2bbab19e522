package numpy

import (
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// NumPy's _mean and _var warn before they divide when a slice has no
// elements (or no degrees of freedom left), then the division itself
// reports its 0/0 and x/0 as "divide" of an array, "scalar divide" of a
// scalar result. kael computes the same numbers in one step; these give
// the same warnings.

// reducedCountArg is the number of elements each result of a reduction
// of t over the axis argument of a takes (all axes when None), and
// whether the axis argument was read.
func reducedCountArg(t *tensor.Tensor, a *lang.Args) (int, bool) {
	axes, err := axesArg(a.Value("axis"), t.Dim())
	if err != nil {
		return 0, false
	}
	if axes == nil {
		return t.Numel(), true
	}
	return reducedCount(t, axes), true
}

// divideWhere is the ufunc NumPy's division names: "scalar divide" when
// the reduction's result is a float64 scalar (no keepdims, every axis
// reduced), which NumPy's scalar math divides by the intp count; another
// dtype's scalar beside an intp goes through the ufunc, "divide".
func divideWhere(v lang.Value) string {
	if s, ok := v.(*Scalar); ok && s.t.DType() == tensor.Float64 {
		return "scalar divide"
	}
	return "divide"
}

// divideFlags are the flags of the division that made the floating r:
// NaN from 0/0 (invalid), an infinity from x/0 (divide by zero).
func divideFlags(r *tensor.Tensor) map[string]bool {
	inf, nan := nonFiniteKinds(r)
	kinds := map[string]bool{}
	if nan {
		kinds["invalid"] = true
	}
	if inf {
		kinds["divide"] = true
	}
	return kinds
}

// checkedEmptyMean passes the mean v of t through with NumPy's
// warnings when a slice is empty: "Mean of empty slice." and the
// division's; otherwise as checkedReduce.
func checkedEmptyMean(a *lang.Args, t *tensor.Tensor) func(lang.Value, error) (lang.Value, error) {
	return func(v lang.Value, err error) (lang.Value, error) {
		n, ok := reducedCountArg(t, a)
		if err != nil || !ok || n > 0 {
			return checkedReduce(a, "reduce", t)(v, err)
		}
		if err := warnCategory(a, "Mean of empty slice.", "RuntimeWarning"); err != nil {
			return nil, err
		}
		return reportDivide(a, v)
	}
}

// reportDivide reports the flags of the division that made v.
func reportDivide(a *lang.Args, v lang.Value) (lang.Value, error) {
	p, ok := v.(lang.ArrayProvider)
	if !ok {
		return v, nil
	}
	return reportWarned(a, v, fpReport(v, divideWhere(v), divideFlags(p.ArrayTensor())))
}

// checkedFreedom passes the variance v of t with ddof through with
// NumPy's warnings when ddof leaves no degrees of freedom: "Degrees of
// freedom <= 0 for slice", the mean's division of an empty slice, and
// the final division's; otherwise as checkedVariance.
func checkedFreedom(a *lang.Args, t *tensor.Tensor, ddof int, dims *[]int) func(lang.Value, error) (lang.Value, error) {
	return func(v lang.Value, err error) (lang.Value, error) {
		n, ok := reducedCountArg(t, a)
		if err != nil || !ok || ddof < n || t.DType().IsComplex() {
			return checkedVarianceOf(a, t, dims)(v, err)
		}
		if err := warnCategory(a, "Degrees of freedom <= 0 for slice", "RuntimeWarning"); err != nil {
			return nil, err
		}
		if n == 0 { // the mean is 0/0 first, an array (keepdims)
			if _, err := reportWarned(a, v, fpReport(v, "divide", map[string]bool{"invalid": true})); err != nil {
				return nil, err
			}
		}
		return reportDivide(a, v)
	}
}
