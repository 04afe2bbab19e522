package torch

import (
	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// torch's global linear-algebra functions outside torch.linalg, each the
// linalg function it stands for or a composition of recorded operations
// (so gradients flow as in PyTorch): matrix_power, matrix_exp, pinverse,
// logdet, adjoint, vdot, nuclear_norm, frobenius_norm, cholesky_solve,
// cholesky_inverse and triangular_solve.

var returnTriangularSolve = &lang.ReturnType{Name: "triangular_solve", Fields: []string{"solution", "cloned_coefficient"}}

func defLinalgCompat() {
	lang.NewBuiltin(lang.AsBoth, "matrix_power(input, n)", "torch.linalg.matrix_power: input to the integer power n.", func(a *lang.Args) (lang.Value, error) {
		x, n := tensorArg(a, "input"), a.Int("n")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(matrixPower(x, n))
	})
	lang.NewBuiltin(lang.AsBoth, "matrix_exp(input)", "torch.linalg.matrix_exp: the matrix exponential of each square matrix.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(matrixExp(x))
	})
	lang.NewBuiltin(lang.AsBoth, "pinverse(input, rcond=1e-15)", "torch.linalg.pinv with rtol=rcond: the pseudoinverse of each matrix.", func(a *lang.Args) (lang.Value, error) {
		x, rcond := tensorArg(a, "input"), a.Float("rcond")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(pinv(x, 0, rcond, false))
	})
	lang.NewBuiltin(lang.AsBoth, "logdet(input)", "The natural logarithm of the determinant of each square matrix: nan for a negative determinant, -inf for a singular matrix.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		c := &chainOps{}
		return result(c.un(autograd.Log, c.un(autograd.Det, x)), c.err)
	})
	lang.NewBuiltin(lang.AsBoth, "adjoint(input)", "The conjugate transpose of the last two dimensions (x.mH); a view for a real tensor.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "input")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if x.Dim() < 2 {
			return nil, lang.Errorf(lang.RuntimeError, "tensor.adjoint() is only supported on matrices or batches of matrices. Got 1-D tensor.")
		}
		c := &chainOps{}
		t := c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(x, -2, -1) })
		if x.DType().IsComplex() {
			t = c.un(autograd.ConjOp.Apply, t)
		}
		return result(t, c.err)
	})
	lang.NewBuiltin(lang.AsBoth, "vdot(input, other)", "The dot product of two 1-D tensors with the first conjugated: sum(conj(input) * other).", func(a *lang.Args) (lang.Value, error) {
		x, y := tensorArg(a, "input"), tensorArg(a, "other")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if x.Dim() != 1 || y.Dim() != 1 {
			return nil, lang.Errorf(lang.RuntimeError, "1D tensors expected, but got %dD and %dD tensors", x.Dim(), y.Dim())
		}
		c := &chainOps{}
		if x.DType().IsComplex() {
			x = c.un(autograd.ConjOp.Apply, x)
		}
		return result(c.bin(autograd.Dot, x, y), c.err)
	})
	lang.NewBuiltin(lang.AsFunc, "nuclear_norm(input, dim=None, keepdim=False)", "The nuclear norm (the sum of the singular values) of a matrix, or of the matrices in the two dims dim.", func(a *lang.Args) (lang.Value, error) {
		x, dims, keep := tensorArg(a, "input"), a.Ints("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if dims == nil {
			if x.Dim() != 2 {
				return nil, lang.Errorf(lang.RuntimeError, "Expected a tensor with 2 dimensions, but got a tensor with %d dimension%s instead.", x.Dim(), map[bool]string{true: "", false: "s"}[x.Dim() == 1])
			}
			dims = []int{0, 1}
		}
		if len(dims) != 2 {
			return nil, lang.Errorf(lang.RuntimeError, "linalg.matrix_norm: dim must be a 2-tuple. Got %s", dimsText(dims))
		}
		return result(autograd.MatrixNorm(x, "nuc", [2]int{dims[0], dims[1]}, keep))
	})
	lang.NewBuiltin(lang.AsFunc, "frobenius_norm(input, dim=None, keepdim=False)", "The Frobenius norm: the square root of the sum of the squares of the elements over dim (all when None).", func(a *lang.Args) (lang.Value, error) {
		x, dims, keep := tensorArg(a, "input"), a.Ints("dim"), a.Bool("keepdim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.VectorNorm(x, 2, dims, keep))
	})
	lang.NewBuiltin(lang.AsBoth, "cholesky_solve(input, input2, upper=False)", "X with A X = input for A = L @ L.mT given its Cholesky factor L = input2 (U with A = U.mT @ U when upper=True); batches broadcast.", func(a *lang.Args) (lang.Value, error) {
		b, l, upper := tensorArg(a, "input"), tensorArg(a, "input2"), a.Bool("upper")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(choleskySolve(b, l, upper))
	})
	lang.NewBuiltin(lang.AsBoth, "cholesky_inverse(input, upper=False)", "The inverse of A = L @ L.mT from its Cholesky factor L = input (U with A = U.mT @ U when upper=True).", func(a *lang.Args) (lang.Value, error) {
		l, upper := tensorArg(a, "input"), a.Bool("upper")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if l.Dim() < 2 {
			return nil, lang.Errorf(lang.RuntimeError, "cholesky_inverse: The input tensor input must have at least 2 dimensions.")
		}
		c := &chainOps{}
		return result(c.un(autograd.Inv, choleskyProduct(c, l, upper)), c.err)
	})
	lang.NewBuiltin(lang.AsBoth, "triangular_solve(input, A, upper=True, transpose=False, unitriangular=False)", "torch.triangular_solve (deprecated in PyTorch for linalg.solve_triangular): a named tuple (solution, cloned_coefficient) with A X = input (Aᵀ X = input with transpose=True) for triangular A, and a copy of A.", func(a *lang.Args) (lang.Value, error) {
		b, m, upper, trans, unit := tensorArg(a, "input"), tensorArg(a, "A"), a.Bool("upper"), a.Bool("transpose"), a.Bool("unitriangular")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if b.Dim() < 2 || m.Dim() < 2 {
			return nil, lang.Errorf(lang.RuntimeError, "torch.triangular_solve: Expected b to have at least 2 dimensions, but it has %d dimensions instead", b.Dim())
		}
		c := &chainOps{}
		coef := m
		if trans {
			coef = c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(m, -2, -1) })
			upper = !upper
		}
		x := c.do(func() (*tensor.Tensor, error) { return autograd.SolveTriangular(coef, b, upper, unit) })
		clone := c.do(func() (*tensor.Tensor, error) { return autograd.Mul(m, mustOne(m)) })
		if c.err != nil {
			return nil, c.err
		}
		return lang.NewNamedTuple(returnTriangularSolve, x, clone), nil
	})
}

// choleskyProduct is A = L Lᵀ (Uᵀ U when upper) of a Cholesky factor, on
// the graph: PyTorch's gradients of cholesky_solve and cholesky_inverse
// with respect to the factor are those of this product (a full matrix,
// not one triangle).
func choleskyProduct(c *chainOps, l *tensor.Tensor, upper bool) *tensor.Tensor {
	lt := c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(l, -2, -1) })
	if upper {
		return c.bin(autograd.Matmul, lt, l)
	}
	return c.bin(autograd.Matmul, l, lt)
}

// choleskySolve is X with A X = b for A = L Lᵀ (Uᵀ U when upper), batches
// broadcast.
func choleskySolve(b, l *tensor.Tensor, upper bool) (*tensor.Tensor, error) {
	if b.Dim() < 2 || l.Dim() < 2 {
		return nil, lang.Errorf(lang.RuntimeError, "cholesky_solve: Expected b to have at least 2 dimensions, but it has %d dimensions instead", b.Dim())
	}
	c := &chainOps{}
	return c.bin(autograd.Solve, choleskyProduct(c, l, upper), b), c.err
}
