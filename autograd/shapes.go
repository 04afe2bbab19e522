package autograd

import (
	"slices"

	"github.com/kael-dev/kael/tensor"
)

// normDims returns dims as sorted, non-negative dimension indices of a
// tensor with ndim dimensions; empty dims means all of them. Invalid dims
// were refused by the forward operation already.
func normDims(dims []int, ndim int) []int {
	if len(dims) == 0 {
		all := make([]int, ndim)
		for i := range all {
			all[i] = i
		}
		return all
	}
	seen := make([]bool, max(ndim, 1))
	for _, d := range dims {
		if d < 0 {
			d += max(ndim, 1)
		}
		seen[d] = true
	}
	var out []int
	for d := range ndim {
		if seen[d] {
			out = append(out, d)
		}
	}
	return out
}

// keptShape returns shape with the dimensions in dims (normalized, or
// empty for all) set to 1: the shape of a reduction with keepdim.
func keptShape(shape, dims []int) []int {
	out := append([]int{}, shape...)
	for _, d := range normDims(dims, len(shape)) {
		out[d] = 1
	}
	return out
}

// reducedCount returns how many elements of a tensor of shape each result
// of a reduction over dims combines.
func reducedCount(shape, dims []int) int {
	n := 1
	for _, d := range normDims(dims, len(shape)) {
		n *= shape[d]
	}
	return n
}

// fromFloat64s returns a tensor of dtype d and the given shape holding vals.
func fromFloat64s(vals []float64, shape []int, d tensor.DType) (*tensor.Tensor, error) {
	t, err := tensor.FromSlice(vals, append([]int{}, shape...)...)
	if err != nil {
		return nil, err
	}
	return t.To(d)
}

// positions returns an int64 tensor of the given shape whose elements are
// their own row-major positions 0, 1, 2, .... Indexing it the way a forward
// operation indexed its input tells, for each output element, which input
// element it was read from.
func positions(shape []int) (*tensor.Tensor, error) {
	n := 1
	for _, s := range shape {
		n *= s
	}
	p := make([]int64, n)
	for i := range p {
		p[i] = int64(i)
	}
	return tensor.FromSlice(p, append([]int{}, shape...)...)
}

// scatterAdd returns a tensor of dtype d and the given shape whose element
// k is the sum of the elements of g read from position k (pos, from
// positions, has g's shape). It is the gradient of every operation that
// reads its input by index: gather, index_select, embedding, indexing.
// Repeated positions add up. A complex gradient adds its real and
// imaginary parts apart.
func scatterAdd(shape []int, d tensor.DType, pos, g *tensor.Tensor) (*tensor.Tensor, error) {
	p, err := tensor.Values[int64](pos)
	if err != nil {
		return nil, err
	}
	parts := 1 // float64s per element
	if d.IsComplex() {
		parts = 2
		if g, err = g.To(d); err != nil {
			return nil, err
		}
		if g, err = g.Contiguous(); err != nil {
			return nil, err
		}
		if g, err = tensor.ViewAsReal(g); err != nil {
			return nil, err
		}
	}
	gv, err := g.Float64s()
	if err != nil {
		return nil, err
	}
	n := parts
	for _, s := range shape {
		n *= s
	}
	acc := make([]float64, n)
	for i, k := range p {
		for r := range parts {
			acc[int(k)*parts+r] += gv[i*parts+r]
		}
	}
	if parts == 1 {
		return fromFloat64s(acc, shape, d)
	}
	pairs, err := fromFloat64s(acc, append(slices.Clone(shape), 2), d.ToReal())
	if err != nil {
		return nil, err
	}
	return tensor.ViewAsComplex(pairs)
}

// mapFloat applies f to every element of x, computing in float64, and
// returns the result in x's dtype. Backward formulas use it for derivatives
// package tensor has no operation for, such as GELU's.
func mapFloat(x *tensor.Tensor, f func(float64) float64) (*tensor.Tensor, error) {
	v, err := x.Float64s()
	if err != nil {
		return nil, err
	}
	for i := range v {
		v[i] = f(v[i])
	}
	return fromFloat64s(v, x.Shape(), x.DType())
}
