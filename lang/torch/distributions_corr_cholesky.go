package torch

import (
	"math"
	"slices"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// CorrCholeskyTransform, as PyTorch 1.13 has it: a vector of D(D-1)/2
// reals to the lower Cholesky factor of a D × D correlation matrix, by
// tanh into (-1, 1) and stick breaking along each row; its inverse and
// log-det are PyTorch's formulas. The vector fills the strictly lower
// triangle row by row, as PyTorch's vec_to_tril_matrix fills it.

// trilPositions are the flat positions (i*n + j) of the entries below
// the diagonal diag (j < i + diag + 1), row by row.
func trilPositions(n, diag int) []int64 {
	var out []int64
	for i := range n {
		for j := range n {
			if j < i+diag+1 {
				out = append(out, int64(i*n+j))
			}
		}
	}
	return out
}

// trilToVec is PyTorch's tril_matrix_to_vec(m, diag).
func trilToVec(c *chainOps, m *tensor.Tensor, diag int) *tensor.Tensor {
	n := m.Shape()[m.Dim()-1]
	flat := c.do(func() (*tensor.Tensor, error) {
		return autograd.Reshape(m, slices.Concat(m.Shape()[:m.Dim()-2], []int{n * n})...)
	})
	idx := c.do(func() (*tensor.Tensor, error) { return tensor.FromValue(trilPositions(n, diag), tensor.Int64) })
	if c.err != nil {
		return nil
	}
	return c.do(func() (*tensor.Tensor, error) { return autograd.IndexSelect(flat, -1, idx) })
}

// vecToTril is PyTorch's vec_to_tril_matrix(v, diag=-1): v's N entries
// below the diagonal of an n × n matrix of zeros, N = n(n-1)/2.
func vecToTril(c *chainOps, v *tensor.Tensor) *tensor.Tensor {
	// n as PyTorch computes it, refused only when it rounds up
	k := v.Shape()[v.Dim()-1]
	nf := (1 + math.Sqrt(1+8*float64(k))) / 2
	eps, _ := finfo(v)
	if math.Round(nf)-nf > eps {
		c.err = lang.Errorf(lang.ValueError, "The size of last dimension is %d which cannot be expressed as the lower triangular part of a square D x D matrix.", k)
		return nil
	}
	n := int(math.Round(nf))
	if m := n * (n - 1) / 2; m != k {
		batch := v.Shape()[:v.Dim()-1]
		c.err = lang.Errorf(lang.RuntimeError, "shape mismatch: value tensor of shape %s cannot be broadcast to indexing result of shape %s",
			tensor.FormatShape(v.Shape()), tensor.FormatShape(slices.Concat(batch, []int{m})))
		return nil
	}
	// index 0 is a zero before v: the entries on and above the diagonal
	zero := c.do(func() (*tensor.Tensor, error) {
		return tensor.Zeros(v.DType(), slices.Concat(v.Shape()[:v.Dim()-1], []int{1})...)
	})
	padded := c.do(func() (*tensor.Tensor, error) { return autograd.Cat([]*tensor.Tensor{zero, v}, -1) })
	idx := make([]int64, n*n)
	for i, p := range trilPositions(n, -1) {
		idx[p] = int64(i + 1)
	}
	it := c.do(func() (*tensor.Tensor, error) { return tensor.FromValue(idx, tensor.Int64) })
	if c.err != nil {
		return nil
	}
	flat := c.do(func() (*tensor.Tensor, error) { return autograd.IndexSelect(padded, -1, it) })
	return c.do(func() (*tensor.Tensor, error) {
		return autograd.Reshape(flat, slices.Concat(v.Shape()[:v.Dim()-1], []int{n, n})...)
	})
}

// corrDim is D with D(D-1)/2 = k, as PyTorch's forward_shape rounds it.
func corrDim(k int) (int, bool) {
	d := int(math.Round(math.Sqrt(0.25+2*float64(k)) + 0.5))
	return d, d*(d-1)/2 == k
}

// ccForward is CorrCholeskyTransform's map.
func ccForward(c *chainOps, x *tensor.Tensor) *tensor.Tensor {
	eps, _ := finfo(x)
	t := c.un(autograd.Tanh, x)
	t = c.do(func() (*tensor.Tensor, error) { return autograd.Clamp(t, c.scalar(-1+eps, t), c.scalar(1-eps, t)) })
	r := vecToTril(c, t)
	if c.err != nil {
		return nil
	}
	n := r.Shape()[r.Dim()-1]
	z := c.bin(autograd.Pow, r, c.scalar(2, r))
	cp := c.do(func() (*tensor.Tensor, error) {
		return autograd.Cumprod(c.un(autograd.Sqrt, c.bin(autograd.Sub, c.scalar(1, z), z)), -1)
	})
	eye := c.do(func() (*tensor.Tensor, error) { return tensor.Eye(n, n, r.DType()) })
	r = c.bin(autograd.Add, r, eye)
	crop := c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(cp, -1, 0, n-1) })
	return c.bin(autograd.Mul, r, sbPadOne(c, crop, true))
}

// ccInverse is its inverse.
func ccInverse(c *chainOps, y *tensor.Tensor) *tensor.Tensor {
	n := y.Shape()[y.Dim()-1]
	cs := c.bin(autograd.Sub, c.scalar(1, y), c.do(func() (*tensor.Tensor, error) { return autograd.Cumsum(c.bin(autograd.Mul, y, y), -1) }))
	crop := c.do(func() (*tensor.Tensor, error) { return autograd.Narrow(cs, -1, 0, n-1) })
	shifted := sbPadOne(c, crop, true)
	yv := trilToVec(c, y, -1)
	sv := trilToVec(c, shifted, -1)
	t := c.bin(autograd.Div, yv, c.un(autograd.Sqrt, sv))
	ratio := c.bin(autograd.Div, c.bin(autograd.Add, c.scalar(1, t), t), c.bin(autograd.Sub, c.scalar(1, t), t))
	return c.bin(autograd.Div, c.un(autograd.Log, ratio), c.scalar(2, t))
}

// ccLogDet is its log-det, summed over the event.
func ccLogDet(c *chainOps, x, y *tensor.Tensor) *tensor.Tensor {
	cs := c.bin(autograd.Sub, c.scalar(1, y), c.do(func() (*tensor.Tensor, error) { return autograd.Cumsum(c.bin(autograd.Mul, y, y), -1) }))
	tril := trilToVec(c, cs, -2)
	sb := c.bin(autograd.Mul, c.scalar(0.5, y), c.do(func() (*tensor.Tensor, error) {
		return autograd.Sum(c.un(autograd.Log, tril), []int{-1}, false)
	}))
	inner := c.bin(autograd.Sub, c.bin(autograd.Add, x, softplusOf(c, c.bin(autograd.Mul, c.scalar(-2, x), x))), c.scalar(math.Log(2), x))
	th := c.bin(autograd.Mul, c.scalar(-2, x), c.do(func() (*tensor.Tensor, error) { return autograd.Sum(inner, []int{-1}, false) }))
	return c.bin(autograd.Add, sb, th)
}

// ccShape is CorrCholeskyTransform's forward_shape (inverse false) or
// inverse_shape, with PyTorch's errors.
func ccShape(s []int, inverse bool) ([]int, error) {
	if !inverse {
		if len(s) < 1 {
			return nil, lang.Errorf(lang.ValueError, "Too few dimensions on input")
		}
		d, ok := corrDim(s[len(s)-1])
		if !ok {
			return nil, lang.Errorf(lang.ValueError, "Input is not a flattend lower-diagonal number")
		}
		return slices.Concat(s[:len(s)-1], []int{d, d}), nil
	}
	if len(s) < 2 {
		return nil, lang.Errorf(lang.ValueError, "Too few dimensions on input")
	}
	if s[len(s)-2] != s[len(s)-1] {
		return nil, lang.Errorf(lang.ValueError, "Input is not square")
	}
	n := s[len(s)-1]
	return slices.Concat(s[:len(s)-2], []int{n * (n - 1) / 2}), nil
}
