package numpy

import (
	"math"
	"sort"

	"github.com/kael-dev/kael/lang/syntax"
	"github.com/kael-dev/kael/tensor"
)

// NumPy orders complex numbers lexicographically, by the real parts and
// then the imaginary ones. Its rules are here once: the comparisons and
// maximum/minimum of umath's loops (CLT, CLE, CGT, CGE, where a NaN in
// either part makes a comparison false and maximum/minimum propagate
// it), and the sort order of npysort, which puts the numbers with NaNs
// last: [R + Rj, R + nanj, nan + Rj, nan + nanj].

func hasNaN(z complex128) bool { return math.IsNaN(real(z)) || math.IsNaN(imag(z)) }

// complexLT and the others are umath's CLT, CLE, CGT and CGE.
func complexLT(x, y complex128) bool {
	return (real(x) < real(y) && !math.IsNaN(imag(x)) && !math.IsNaN(imag(y))) || (real(x) == real(y) && imag(x) < imag(y))
}

func complexLE(x, y complex128) bool {
	return (real(x) < real(y) && !math.IsNaN(imag(x)) && !math.IsNaN(imag(y))) || (real(x) == real(y) && imag(x) <= imag(y))
}

func complexGT(x, y complex128) bool { return complexLT(y, x) }
func complexGE(x, y complex128) bool { return complexLE(y, x) }

// complexComparisons are the operators whose complex loops NumPy has and
// the core lacks.
var complexComparisons = map[syntax.Token]func(x, y complex128) bool{
	syntax.LT: complexLT, syntax.LE: complexLE, syntax.GT: complexGT, syntax.GE: complexGE,
}

// complexMaximum is umath's maximum of complex numbers: x unless y is
// larger, a NaN in x winning and one in y taking its place.
func complexMaximum(x, y complex128) complex128 {
	if hasNaN(x) || complexGE(x, y) {
		return x
	}
	return y
}

func complexMinimum(x, y complex128) complex128 {
	if hasNaN(x) || complexLE(x, y) {
		return x
	}
	return y
}

// complexSign is NumPy 1.24's sign of a complex number: the sign of the
// real part, or of the imaginary one when the real part is 0, as a
// complex number (NaN when the comparisons fail).
func complexSign(z complex128) complex128 {
	switch {
	case complexGT(z, 0):
		return 1
	case complexLT(z, 0):
		return -1
	case z == 0:
		return 0
	}
	return complex(math.NaN(), 0)
}

// sortRank is z's place among the NaN classes of npysort's order.
func sortRank(z complex128) int {
	r, i := math.IsNaN(real(z)), math.IsNaN(imag(z))
	switch {
	case r && i:
		return 3
	case r:
		return 2
	case i:
		return 1
	}
	return 0
}

// complexSortLess is npysort's order of complex numbers: lexicographic,
// NaNs last, numbers with NaNs in the same places ordered by their other
// part.
func complexSortLess(x, y complex128) bool {
	rx, ry := sortRank(x), sortRank(y)
	if rx != ry {
		return rx < ry
	}
	switch rx {
	case 0:
		return real(x) < real(y) || (real(x) == real(y) && imag(x) < imag(y))
	case 1:
		return real(x) < real(y)
	case 2:
		return imag(x) < imag(y)
	}
	return false
}

// floatBinary applies f to the floating x and y, broadcast, in float64
// (exact for every floating dtype's values).
func floatBinary(x, y *tensor.Tensor, f func(a, b float64) float64) (*tensor.Tensor, error) {
	shape, err := tensor.BroadcastShapes(x.Shape(), y.Shape())
	if err != nil {
		return nil, err
	}
	var vals [2][]float64
	for i, t := range []*tensor.Tensor{x, y} {
		e, err := t.Expand(shape...)
		if err == nil {
			vals[i], err = realValues[float64](e)
		}
		if err != nil {
			return nil, err
		}
	}
	out := make([]float64, len(vals[0]))
	for i := range out {
		out[i] = f(vals[0][i], vals[1][i])
	}
	return fromValues(out, shape)
}

// complexValues is t's elements as complex128s in C order.
func complexValues(t *tensor.Tensor) ([]complex128, error) {
	c, err := castTensor(t, tensor.Complex128)
	if err != nil {
		return nil, err
	}
	return tensor.Values[complex128](c)
}

// complexBinary applies f to the complex x and y (of one dtype),
// broadcast, giving a tensor of T in the broadcast shape.
func complexBinary[T tensor.Element](x, y *tensor.Tensor, f func(a, b complex128) T) (*tensor.Tensor, error) {
	shape, err := tensor.BroadcastShapes(x.Shape(), y.Shape())
	if err != nil {
		return nil, err
	}
	var vals [2][]complex128
	for i, t := range []*tensor.Tensor{x, y} {
		e, err := t.Expand(shape...)
		if err != nil {
			return nil, err
		}
		if vals[i], err = complexValues(e); err != nil {
			return nil, err
		}
	}
	out := make([]T, len(vals[0]))
	for i := range out {
		out[i] = f(vals[0][i], vals[1][i])
	}
	return fromValues(out, shape)
}

// complexFMaximum is umath's fmax of complex numbers: as maximum, but a
// NaN loses to a number.
func complexFMaximum(x, y complex128) complex128 {
	if hasNaN(y) || complexGE(x, y) {
		return x
	}
	return y
}

func complexFMinimum(x, y complex128) complex128 {
	if hasNaN(y) || complexLE(x, y) {
		return x
	}
	return y
}

// fmax and fmin of floats: the larger (smaller), a NaN losing to a
// number.
func floatFMaximum(x, y float64) float64 {
	if math.IsNaN(y) || x >= y {
		return x
	}
	return y
}

func floatFMinimum(x, y float64) float64 {
	if math.IsNaN(y) || x <= y {
		return x
	}
	return y
}

// extremeLoops are NumPy's maximum, minimum, fmax and fmin of floating
// and complex x and y (of one dtype), in their dtype; the core's maximum
// and minimum serve floats as NumPy's (NaN propagates) but not the
// complex numbers, and fmax and fmin it lacks.
var extremeLoops = map[string]func(x, y *tensor.Tensor) (*tensor.Tensor, error){
	"maximum": func(x, y *tensor.Tensor) (*tensor.Tensor, error) {
		return extremeLoop(x, y, complexMaximum, nil, tensor.Maximum)
	},
	"minimum": func(x, y *tensor.Tensor) (*tensor.Tensor, error) {
		return extremeLoop(x, y, complexMinimum, nil, tensor.Minimum)
	},
	"fmax": func(x, y *tensor.Tensor) (*tensor.Tensor, error) {
		return extremeLoop(x, y, complexFMaximum, floatFMaximum, nil)
	},
	"fmin": func(x, y *tensor.Tensor) (*tensor.Tensor, error) {
		return extremeLoop(x, y, complexFMinimum, floatFMinimum, nil)
	},
}

// extremeLoop applies the complex loop cx to complex x and y, and to
// floats the float loop fl, or the core's kernel when fl is nil.
func extremeLoop(x, y *tensor.Tensor, cx func(a, b complex128) complex128, fl func(a, b float64) float64, core func(a, b *tensor.Tensor) (*tensor.Tensor, error)) (*tensor.Tensor, error) {
	var r *tensor.Tensor
	var err error
	switch {
	case x.DType().IsComplex():
		r, err = complexBinary(x, y, cx)
	case fl != nil:
		r, err = floatBinary(x, y, fl)
	default:
		return core(x, y)
	}
	if err != nil {
		return nil, err
	}
	return castTensor(r, x.DType())
}

// lastAxes moves dims of t to the end: the result's rows (of n elements)
// are what a reduction over dims combines; kept is the shape of the
// other axes.
func lastAxes(t *tensor.Tensor, dims []int) (moved *tensor.Tensor, n int, kept []int, err error) {
	var perm []int
	shape := t.Shape()
	n = 1
	for i := range shape {
		if !containsInt(dims, i) {
			perm = append(perm, i)
			kept = append(kept, shape[i])
		}
	}
	for _, d := range dims {
		perm = append(perm, d)
		n *= shape[d]
	}
	moved, err = t.Permute(perm...)
	return moved, n, kept, err
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// keptShape is the shape of a reduction's result over dims: kept, or
// with 1 for each of dims when keep is set.
func keptShape(shape []int, dims []int, keep bool) []int {
	var out []int
	for i, n := range shape {
		if !containsInt(dims, i) {
			out = append(out, n)
		} else if keep {
			out = append(out, 1)
		}
	}
	return out
}

// complexReduce is the maximum (or minimum) of the complex t over dims,
// as NumPy's maximum.reduce folds it: from the first element on, the
// first NaN met staying.
func complexReduce(t *tensor.Tensor, dims []int, keep, max bool) (*tensor.Tensor, error) {
	moved, n, _, err := lastAxes(t, dims)
	if err != nil {
		return nil, err
	}
	vals, err := complexValues(moved)
	if err != nil {
		return nil, err
	}
	f := complexMinimum
	if max {
		f = complexMaximum
	}
	out := make([]complex128, 0, len(vals)/max1(n))
	for row := 0; row+n <= len(vals) && n > 0; row += n {
		acc := vals[row]
		for _, v := range vals[row+1 : row+n] {
			acc = f(acc, v)
		}
		out = append(out, acc)
	}
	r, err := fromValues(out, keptShape(t.Shape(), dims, keep))
	if err != nil {
		return nil, err
	}
	return castTensor(r, t.DType())
}

func max1(n int) int {
	if n < 1 {
		return 1
	}
	return n
}

// complexArgExtreme is NumPy's argmax (or argmin) of complex numbers over
// the last axis of t: the first largest element, or the first one with a
// NaN.
func complexArgExtreme(t *tensor.Tensor, max bool) (*tensor.Tensor, error) {
	shape := t.Shape()
	n := shape[len(shape)-1]
	vals, err := complexValues(t)
	if err != nil {
		return nil, err
	}
	out := make([]int64, 0, len(vals)/max1(n))
	for row := 0; row+n <= len(vals) && n > 0; row += n {
		best, at := vals[row], 0
		for i := 1; i < n && !hasNaN(best); i++ {
			v := vals[row+i]
			// arraytypes.c's loop, NaNs taken
			x, y := v, best
			if !max {
				x, y = best, v
			}
			if real(x) > real(y) || (real(x) == real(y) && imag(x) > imag(y)) || hasNaN(v) {
				best, at = v, i
			}
		}
		out = append(out, int64(at))
	}
	return fromValues(out, shape[:len(shape)-1])
}

// complexSort sorts the complex t along its last axis in npysort's order,
// stably, giving the sorted values (in t's dtype) and their indices.
func complexSort(t *tensor.Tensor) (*tensor.Tensor, *tensor.Tensor, error) {
	shape := t.Shape()
	n := shape[len(shape)-1]
	vals, err := complexValues(t)
	if err != nil {
		return nil, nil, err
	}
	sorted := make([]complex128, len(vals))
	idx := make([]int64, len(vals))
	for row := 0; row+n <= len(vals) && n > 0; row += n {
		perm := idx[row : row+n]
		for i := range perm {
			perm[i] = int64(i)
		}
		sort.SliceStable(perm, func(i, j int) bool { return complexSortLess(vals[row+int(perm[i])], vals[row+int(perm[j])]) })
		for i, p := range perm {
			sorted[row+i] = vals[row+int(p)]
		}
	}
	v, err := fromValues(sorted, shape)
	if err == nil {
		v, err = castTensor(v, t.DType())
	}
	if err != nil {
		return nil, nil, err
	}
	i, err := fromValues(idx, shape)
	return v, i, err
}

// sortComplexAlong is complexSort along axis of t.
func sortComplexAlong(t *tensor.Tensor, axis int) (*tensor.Tensor, *tensor.Tensor, error) {
	if axis < 0 {
		axis += t.Dim()
	}
	last := t.Dim() - 1
	src := t
	var err error
	if axis != last {
		if src, err = t.Transpose(axis, last); err != nil {
			return nil, nil, err
		}
	}
	vals, idx, err := complexSort(src)
	if err != nil || axis == last {
		return vals, idx, err
	}
	if vals, err = vals.Transpose(axis, last); err != nil {
		return nil, nil, err
	}
	if idx, err = idx.Transpose(axis, last); err != nil {
		return nil, nil, err
	}
	if vals, err = vals.Contiguous(); err != nil {
		return nil, nil, err
	}
	idx, err = idx.Contiguous()
	return vals, idx, err
}

// complexUnary applies f to each element of the complex t, in t's dtype.
func complexUnary(t *tensor.Tensor, f func(complex128) complex128) (*tensor.Tensor, error) {
	vals, err := complexValues(t)
	if err != nil {
		return nil, err
	}
	for i, v := range vals {
		vals[i] = f(v)
	}
	r, err := fromValues(vals, t.Shape())
	if err != nil {
		return nil, err
	}
	return castTensor(r, t.DType())
}
