package autograd

import "github.com/kael-dev/kael/tensor"

// The LU factorization (tensor/linalg_lu.go) on the graph: the packed
// factors LU of A = P L U carry the gradient of PyTorch's
// linalg_lu_backward (FunctionsManual.cpp) with gL = tril(g, -1) and
// gU = triu(g), for square, wide and tall matrices.

// LUFactorEx returns the packed LU factors, the pivots and the info of each
// matrix of x (tensor.LUFactorEx); LU is differentiable.
func LUFactorEx(op string, x *tensor.Tensor, check bool) (lu, pivots, info *tensor.Tensor, err error) {
	lu, pivots, info, err = tensor.LUFactorEx(op, x, check)
	if err != nil || !track(lu, x) {
		return lu, pivots, info, err
	}
	shape := x.Shape()
	m, n := shape[len(shape)-2], shape[len(shape)-1]
	k := min(m, n)
	node := newNode("LinalgLuFactorExBackward0", x)
	node.save(lu, pivots)
	node.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		p := c.do(func() (*tensor.Tensor, error) { return tensor.LUPermutation(pivots, m, lu.DType()) })
		l := c.add(c.narrowTo(c.tril(lu, -1), -1, k), c.do(func() (*tensor.Tensor, error) { return tensor.Eye(m, k, lu.DType()) }))
		u := c.narrowTo(c.triu(lu, 0), -2, k)
		gl := c.narrowTo(c.tril(g, -1), -1, k)
		gu := c.narrowTo(c.triu(g, 0), -2, k)
		var ga *tensor.Tensor
		switch {
		case m == n:
			// P L⁻ᵀ [tril(Lᵀ gL, -1) + triu(gU Uᵀ)] U⁻ᵀ.
			phi := c.add(c.tril(c.matmul(c.mT(l), gl), -1), c.triu(c.matmul(gu, c.mT(u)), 0))
			ga = c.solveTri(c.mT(l), c.solveRight(u, phi), true, true)
		case m < n:
			// Wide: A = P L [U1 U2].
			u1 := c.narrowTo(u, -1, k)
			phi := c.sub(c.matmul(c.mT(l), gl), c.matmul(c.triu(gu, 0), c.mT(u)))
			x := c.solveRight(u1, c.tril(phi, -1))
			x = c.cat(c.add(x, c.triu(c.narrowTo(gu, -1, k), 0)), c.narrowFrom(gu, -1, k), -1)
			ga = c.solveTri(c.mT(l), x, true, true)
		default:
			// Tall: A = P [L1; L2] U.
			l1 := c.narrowTo(l, -2, k)
			phi := c.sub(c.matmul(gu, c.mT(u)), c.matmul(c.mT(l), gl))
			x := c.solveTri(c.mT(l1), c.triu(phi, 0), true, true)
			x = c.cat(c.add(x, c.tril(c.narrowTo(gl, -2, k), -1)), c.narrowFrom(gl, -2, k), -2)
			ga = c.solveRight(u, x)
		}
		return []*tensor.Tensor{c.matmul(p, ga)}
	}
	return node.attach(lu), pivots, info, nil
}

// triu keeps the upper triangle (diagonal k and above) of each matrix.
func (c *calc) triu(x *tensor.Tensor, k int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return tensor.Triu(x, k) })
}

// narrowFrom keeps x's elements from start on along dim.
func (c *calc) narrowFrom(x *tensor.Tensor, dim, start int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) {
		s := x.Shape()
		d := dim
		if d < 0 {
			d += len(s)
		}
		return x.Narrow(dim, start, s[d]-start)
	})
}

// cat joins a and b along dim.
func (c *calc) cat(a, b *tensor.Tensor, dim int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return tensor.Cat([]*tensor.Tensor{a, b}, dim) })
}

// solveTri is X with A X = B for triangular A.
func (c *calc) solveTri(a, b *tensor.Tensor, upper, unit bool) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return tensor.SolveTriangular(a, b, upper, unit) })
}

// solveRight is X with X Uᵀ = B for upper triangular U: U Xᵀ = Bᵀ.
func (c *calc) solveRight(u, b *tensor.Tensor) *tensor.Tensor {
	return c.mT(c.solveTri(u, c.mT(b), true, false))
}
