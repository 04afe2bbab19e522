package numpy

import (
	"slices"
	"sort"
	"strings"

	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// NumPy's order= of reshape, ravel, flatten and copy: 'C' reads and
// writes elements with the last index changing fastest, 'F' with the
// first, 'A' as 'F' when the array is Fortran-contiguous (and not C) and
// 'K' in the order of the elements in memory.

// orderArg reads order= ('C' when None); allowK is false for reshape,
// which has no 'K'. 'A' is resolved for t.
func orderArg(t *tensor.Tensor, a *lang.Args, allowK bool) (byte, error) {
	if a.IsNone("order") {
		return 'C', nil
	}
	s, ok := a.Value("order").(string)
	if !ok {
		return 0, lang.Errorf(lang.TypeError, "order must be str, not %s", lang.TypeName(a.Value("order")))
	}
	if len(s) == 1 { // NumPy takes 'c', 'f', 'a' and 'k' too
		s = strings.ToUpper(s)
	}
	if len(s) != 1 || !strings.ContainsRune("CFAK", rune(s[0])) {
		return 0, lang.Errorf(lang.ValueError, "order must be one of 'C', 'F', 'A', or 'K' (got %s)", lang.Repr(a.Value("order")))
	}
	if s == "K" && !allowK {
		return 0, lang.Errorf(lang.ValueError, "order 'K' is not permitted for reshaping")
	}
	if s == "A" {
		if isFContiguous(t) && !t.IsContiguous() {
			return 'F', nil
		}
		return 'C', nil
	}
	return s[0], nil
}

// isFContiguous reports whether t's elements lie in memory with the
// first index changing fastest, without gaps.
func isFContiguous(t *tensor.Tensor) bool {
	if t.Numel() == 0 {
		return true
	}
	shape, strides := t.Shape(), t.Strides()
	expected := 1
	for i, n := range shape {
		if n == 1 {
			continue
		}
		if strides[i] != expected {
			return false
		}
		expected *= n
	}
	return true
}

// orderAxes is the permutation of t's axes whose C order is order: none
// for 'C', the axes reversed for 'F', and for 'K' the axes by stride,
// largest first (NumPy's memory order).
func orderAxes(t *tensor.Tensor, order byte) []int {
	switch order {
	case 'F':
		axes := allAxes(t.Dim())
		slices.Reverse(axes)
		return axes
	case 'K':
		strides := t.Strides()
		axes := allAxes(t.Dim())
		sort.SliceStable(axes, func(i, j int) bool { return absInt(strides[axes[i]]) > absInt(strides[axes[j]]) })
		return axes
	}
	return allAxes(t.Dim())
}

func absInt(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// ravelOrder is t in one dimension, read in order; a copy when always is
// set (flatten), else a view when possible (ravel).
func ravelOrder(t *tensor.Tensor, order byte, always bool) (*tensor.Tensor, error) {
	v, err := t.Permute(orderAxes(t, order)...)
	if err != nil {
		return nil, err
	}
	if always {
		if v, err = v.Clone(); err != nil {
			return nil, err
		}
	}
	return v.Reshape(-1)
}

// reshapeOrder is t in shape, its elements read and placed in order ('C'
// or 'F').
func reshapeOrder(t *tensor.Tensor, shape []int, order byte) (*tensor.Tensor, error) {
	if order == 'C' {
		return t.Reshape(shape...)
	}
	rt, err := transposeAll(t)
	if err != nil {
		return nil, err
	}
	rev := slices.Clone(shape)
	slices.Reverse(rev)
	r, err := rt.Reshape(rev...)
	if err != nil {
		return nil, err
	}
	return transposeAll(r)
}

// copyOrder is a copy of t laid out in memory in order.
func copyOrder(t *tensor.Tensor, order byte) (*tensor.Tensor, error) {
	axes := orderAxes(t, order)
	v, err := t.Permute(axes...)
	if err != nil {
		return nil, err
	}
	c, err := v.Clone()
	if err != nil {
		return nil, err
	}
	inv := make([]int, len(axes)) // c holds v's axes: put t's back
	for i, ax := range axes {
		inv[ax] = i
	}
	return c.Permute(inv...)
}
