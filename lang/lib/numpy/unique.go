package numpy

import (
	"math"
	"sort"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The parts of np.unique, as NumPy 1.24's _unique1d computes them: the
// elements (or slices) sorted, stably so that index is each value's first
// occurrence, equal neighbours one group.
type uniqueParts struct {
	values, index, inverse, counts *tensor.Tensor
}

// uniqueRows is np.unique of the rows of the 2-d t (of one element each
// for a flattened array), rows ordered lexicographically by their
// elements; nanEqual makes the rows with NaNs one group (equal_nan, which
// NumPy 1.24 applies to flattened arrays only).
func uniqueRows(t *tensor.Tensor, nanEqual bool) (uniqueParts, error) {
	n, w := t.Shape()[0], t.Shape()[1]
	// cmp compares elements i and j of the flat data (-1, 0 or 1); nan
	// tells whether element i has a NaN
	var cmp func(i, j int) int
	nan := func(i int) bool { return false }
	switch dt := t.DType(); {
	case dt.IsComplex():
		vals, err := complexValues(t)
		if err != nil {
			return uniqueParts{}, err
		}
		cmp = func(i, j int) int {
			return order3(complexSortLess(vals[i], vals[j]), complexSortLess(vals[j], vals[i]))
		}
		nan = func(i int) bool { return hasNaN(vals[i]) }
	case dt.IsFloating():
		vals, err := realValues[float64](t)
		if err != nil {
			return uniqueParts{}, err
		}
		cmp = func(i, j int) int {
			x, y := vals[i], vals[j]
			xn, yn := math.IsNaN(x), math.IsNaN(y)
			return order3(x < y || (!xn && yn), y < x || (!yn && xn))
		}
		nan = func(i int) bool { return math.IsNaN(vals[i]) }
	case dt == tensor.Uint64: // above int64's range
		c, err := t.Contiguous()
		if err != nil {
			return uniqueParts{}, err
		}
		vals, err := tensor.Values[uint64](c)
		if err != nil {
			return uniqueParts{}, err
		}
		cmp = func(i, j int) int { return order3(vals[i] < vals[j], vals[j] < vals[i]) }
	default:
		vals, err := realValues[int64](t)
		if err != nil {
			return uniqueParts{}, err
		}
		cmp = func(i, j int) int { return order3(vals[i] < vals[j], vals[j] < vals[i]) }
	}
	rowNaN := func(r int) bool {
		for k := 0; k < w; k++ {
			if nan(r*w + k) {
				return true
			}
		}
		return false
	}
	rowCmp := func(a, b int) int {
		for k := 0; k < w; k++ {
			if c := cmp(a*w+k, b*w+k); c != 0 {
				return c
			}
		}
		return 0
	}
	perm := stableOrder(n, func(i, j int) bool { return rowCmp(i, j) < 0 })
	// neighbours in sorted order are one group when equal, NaNs never
	// equal but, with nanEqual, all in one group (sorted last)
	same := func(i, j int) bool {
		a, b := perm[i], perm[j]
		if rowNaN(a) || rowNaN(b) {
			return nanEqual && rowNaN(a) && rowNaN(b)
		}
		return rowCmp(a, b) == 0
	}
	var first, counts []int64
	inverse := make([]int64, len(perm))
	for i, p := range perm {
		if i == 0 || !same(i-1, i) {
			first = append(first, int64(p))
			counts = append(counts, 0)
		}
		counts[len(counts)-1]++
		inverse[p] = int64(len(first) - 1)
	}
	var u uniqueParts
	var err error
	if u.index, err = fromValues(append([]int64{}, first...), []int{len(first)}); err != nil {
		return u, err
	}
	if u.values, err = tensor.IndexSelect(t, 0, u.index); err != nil {
		return u, err
	}
	if u.inverse, err = fromValues(inverse, []int{len(inverse)}); err != nil {
		return u, err
	}
	u.counts, err = fromValues(counts, []int{len(counts)})
	return u, err
}

// stableOrder is the permutation that sorts n elements stably by less
// (of their original positions).
func stableOrder(n int, less func(i, j int) bool) []int {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	sort.SliceStable(perm, func(i, j int) bool { return less(perm[i], perm[j]) })
	return perm
}

// realValues is the real t's elements converted to T, in C order.
func realValues[T int64 | float64](t *tensor.Tensor) ([]T, error) {
	c, err := castTensor(t, tensor.DTypeOf[T]())
	if err != nil {
		return nil, err
	}
	return tensor.Values[T](c)
}

// order3 is -1, 1 or 0 for less, greater or neither.
func order3(less, greater bool) int {
	switch {
	case less:
		return -1
	case greater:
		return 1
	}
	return 0
}

// unique is np.unique of t: of its flattened elements when axis is None,
// else of its slices along axis.
func unique(t *tensor.Tensor, axis lang.Value) (uniqueParts, error) {
	if axis == lang.None {
		flat, err := t.Reshape(-1)
		if err != nil {
			return uniqueParts{}, err
		}
		if flat, err = flat.Reshape(-1, 1); err != nil {
			return uniqueParts{}, err
		}
		u, err := uniqueRows(flat, true)
		if err == nil {
			u.values, err = u.values.Reshape(-1)
		}
		return u, err
	}
	axes, err := axesArg(axis, t.Dim())
	if err != nil {
		return uniqueParts{}, err
	}
	moved, err := t.Transpose(0, axes[0])
	if err != nil {
		return uniqueParts{}, err
	}
	shape := moved.Shape()
	rest := 1
	for _, n := range shape[1:] {
		rest *= n
	}
	rows, err := moved.Reshape(shape[0], rest)
	if err != nil {
		return uniqueParts{}, err
	}
	u, err := uniqueRows(rows, false)
	if err != nil {
		return u, err
	}
	shape[0] = u.values.Shape()[0]
	if u.values, err = u.values.Reshape(shape...); err == nil {
		u.values, err = u.values.Transpose(0, axes[0])
	}
	if err == nil {
		u.values, err = u.values.Contiguous()
	}
	return u, err
}
