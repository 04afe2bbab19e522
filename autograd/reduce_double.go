package autograd

import (
	"github.com/kael-dev/kael/tensor"
)

// Recording forms (create_graph=True) of the backward formulas of
// reductions and scans whose plain formulas use raw kernels: the plain
// pass keeps those kernels, a recording pass computes the same gradient
// with recorded operations.

// mean averages x over dims, keeping them (recorded in a recording pass).
func (c *calc) mean(x *tensor.Tensor, dims []int) *tensor.Tensor {
	if c.rec {
		return c.do(func() (*tensor.Tensor, error) { return Mean(x, dims, true) })
	}
	return c.do(func() (*tensor.Tensor, error) { return tensor.Mean(x, dims, true) })
}

// flip reverses x along dim.
func (c *calc) flip(x *tensor.Tensor, dim int) *tensor.Tensor {
	if c.rec {
		return c.do(func() (*tensor.Tensor, error) { return Flip(x, dim) })
	}
	return c.do(func() (*tensor.Tensor, error) { return tensor.Flip(x, dim) })
}

// cumsum is the running sum of x along dim.
func (c *calc) cumsum(x *tensor.Tensor, dim int) *tensor.Tensor {
	if c.rec {
		return c.do(func() (*tensor.Tensor, error) { return Cumsum(x, dim) })
	}
	return c.do(func() (*tensor.Tensor, error) { return tensor.Cumsum(x, dim) })
}

// productOfOthersRecorded is productOfOthers with recorded operations:
// each group (the elements a reduction over dims combines) is moved last
// and flattened to K elements, repeated K times with the element itself
// replaced by 1 on the diagonal, and multiplied out with the recorded
// Prod. It gives the exact derivative at zeros too, as PyTorch's
// prod_backward does, at K times the memory of x.
func productOfOthersRecorded(x *tensor.Tensor, dims []int) (*tensor.Tensor, error) {
	reduced := make([]bool, x.Dim())
	for _, d := range dims {
		reduced[d] = true
	}
	xs := x.Shape()
	var perm, keptShape []int
	k := 1
	for d := range x.Dim() {
		if !reduced[d] {
			perm = append(perm, d)
			keptShape = append(keptShape, xs[d])
		}
	}
	for _, d := range dims {
		perm = append(perm, d)
		k *= xs[d]
	}
	p, err := Permute(x, perm...)
	if err != nil {
		return nil, err
	}
	permShape := p.Shape()
	rows, err := Reshape(p, append(append([]int{}, keptShape...), 1, k)...)
	if err != nil {
		return nil, err
	}
	if rows, err = Expand(rows, append(append([]int{}, keptShape...), k, k)...); err != nil {
		return nil, err
	}
	eye, err := tensor.Eye(k, k, tensor.Bool)
	if err != nil {
		return nil, err
	}
	one, err := tensor.Ones(x.DType())
	if err != nil {
		return nil, err
	}
	masked, err := Where(eye, one, rows)
	if err != nil {
		return nil, err
	}
	others, err := Prod(masked, []int{masked.Dim() - 1}, false)
	if err != nil {
		return nil, err
	}
	if others, err = Reshape(others, permShape...); err != nil {
		return nil, err
	}
	inverse := make([]int, len(perm))
	for i, d := range perm {
		inverse[d] = i
	}
	return Permute(others, inverse...)
}

// cumprodRecorded is Cumprod computed with recorded operations, for the
// gradient of a recording pass: element j of the result is the product of
// row j of a square of x along dim whose entries past j are 1 (exact at
// zeros, at n times the memory of x).
func cumprodRecorded(x *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	if x.Dim() == 0 {
		return Clone(x)
	}
	dim = normDims([]int{dim}, x.Dim())[0]
	last := x.Dim() - 1
	t, err := Transpose(x, dim, last)
	if err != nil {
		return nil, err
	}
	ts := t.Shape()
	n := ts[last]
	rows, err := Unsqueeze(t, last) // [..., 1, n]
	if err != nil {
		return nil, err
	}
	if rows, err = Expand(rows, append(append([]int{}, ts[:last]...), n, n)...); err != nil {
		return nil, err
	}
	ones, err := tensor.Ones(tensor.Bool, n, n)
	if err != nil {
		return nil, err
	}
	upper, err := tensor.Triu(ones, 1) // k > j: outside row j's product
	if err != nil {
		return nil, err
	}
	one, err := tensor.Ones(x.DType())
	if err != nil {
		return nil, err
	}
	masked, err := Where(upper, one, rows)
	if err != nil {
		return nil, err
	}
	out, err := Prod(masked, []int{last + 1}, false)
	if err != nil {
		return nil, err
	}
	return Transpose(out, dim, last)
}

// logcumsumexpRecorded is Logcumsumexp computed with recorded operations,
// for the gradient of a recording pass: log(cumsum(exp(x - m))) + m along
// dim, m the largest element of each row taken as a constant (the result
// does not depend on it, so neither do its derivatives), which keeps exp
// from overflowing.
func logcumsumexpRecorded(x *tensor.Tensor, dim int) (*tensor.Tensor, error) {
	if x.Dim() == 0 {
		return Clone(x)
	}
	m, err := tensor.Amax(x, []int{dim}, true)
	if err != nil {
		return nil, err
	}
	finite, err := tensor.Isfinite(m)
	if err != nil {
		return nil, err
	}
	if m, err = tensor.Where(finite, m, tensor.MustScalar(0.0)); err != nil { // rows of -inf: no shift
		return nil, err
	}
	t, err := Sub(x, m)
	if err != nil {
		return nil, err
	}
	if t, err = Exp(t); err != nil {
		return nil, err
	}
	if t, err = Cumsum(t, dim); err != nil {
		return nil, err
	}
	if t, err = Log(t); err != nil {
		return nil, err
	}
	return Add(t, m)
}
