package torch

import (
	"math"

	"github.com/kael-dev/kael/autograd"
	"github.com/kael-dev/kael/lang"
	"github.com/kael-dev/kael/tensor"
)

// The torch.linalg functions built from the decompositions of
// linalg_lapack.go with recorded operations (so gradients flow through
// them as through PyTorch's): matmul, diagonal, vecdot, multi_dot,
// matrix_power, matrix_exp, pinv, matrix_rank, cond, lstsq, tensorinv,
// tensorsolve, solve_triangular and vander, with PyTorch 1.13's
// signatures, defaults, tolerances and algorithms where the algorithm
// decides the rounding (matrix_power's repeated squaring, vander's
// running product).

var returnLstsq = &lang.ReturnType{Name: "linalg_lstsq", Fields: []string{"solution", "residuals", "rank", "singular_values"}}

func defLinalgMore() {
	defDotted("linalg.matmul(input, other)", "torch.matmul: the matrix product of input and other, batches broadcast.", func(a *lang.Args) (lang.Value, error) {
		x, y := tensorArg(a, "input"), tensorArg(a, "other")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Matmul(x, y))
	})
	defDotted("linalg.diagonal(A, *, offset=0, dim1=-2, dim2=-1)", "torch.diagonal with the last two dimensions as defaults: the diagonal of each matrix of A (a view), offset above (positive) or below the main one.", func(a *lang.Args) (lang.Value, error) {
		x, off, d1, d2 := tensorArg(a, "A"), a.Int("offset"), a.Int("dim1"), a.Int("dim2")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(autograd.Diagonal(x, off, d1, d2))
	})
	defDotted("linalg.vecdot(x, y, *, dim=-1)", "The dot product of the vectors of x and y along dim (they broadcast): (x * y).sum(dim).", func(a *lang.Args) (lang.Value, error) {
		x, y, dim := tensorArg(a, "x"), tensorArg(a, "y"), a.Int("dim")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if x.DType().IsComplex() || y.DType().IsComplex() {
			return nil, lang.Errorf(NotImplementedError, "linalg.vecdot of complex tensors is not supported in kael yet")
		}
		c := &chainOps{}
		out := c.do(func() (*tensor.Tensor, error) { return autograd.Sum(c.bin(autograd.Mul, x, y), []int{dim}, false) })
		return result(out, c.err)
	})
	defDotted("linalg.multi_dot(tensors)", "The product of a chain of matrices, tensors[0] @ tensors[1] @ ...: the first may be a vector (a row) and the last a vector (a column), the others 2-D.", func(a *lang.Args) (lang.Value, error) {
		ts := tensorArgs(a, "tensors")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(multiDot(ts))
	})
	defDotted("linalg.matrix_power(A, n)", "A to the integer power n, by repeated squaring as PyTorch computes it: the identity for n = 0, powers of the inverse for n < 0.", func(a *lang.Args) (lang.Value, error) {
		x, n := tensorArg(a, "A"), a.Int("n")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(matrixPower(x, n))
	})
	defDotted("linalg.matrix_exp(A)", "The matrix exponential of each square matrix of A: scaling and squaring around a Taylor polynomial of degree 18, accurate to the dtype's precision.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "A")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(matrixExp(x))
	})
	defDotted("linalg.pinv(A, *, atol=None, rtol=None, hermitian=False)", "The Moore-Penrose pseudoinverse of each matrix of A, from its SVD (its eigendecomposition with hermitian=True): singular values at or below max(atol, rtol * the largest) count as zero; rtol defaults to eps * max(m, n) when neither is given, and to 0 when only atol is.", func(a *lang.Args) (lang.Value, error) {
		x, herm := tensorArg(a, "A"), a.Bool("hermitian")
		atol, rtol := optFloat(a, "atol"), optFloat(a, "rtol")
		if err := a.Err(); err != nil {
			return nil, err
		}
		return result(pinv(x, atol, rtol, herm))
	})
	defDotted("linalg.matrix_rank(A, *, atol=None, rtol=None, hermitian=False)", "The numerical rank of each matrix of A: its singular values (absolute eigenvalues with hermitian=True) above max(atol, rtol * the largest), rtol defaulting as in pinv. An int64 tensor.", func(a *lang.Args) (lang.Value, error) {
		x, herm := tensorArg(a, "A"), a.Bool("hermitian")
		atol, rtol := optFloat(a, "atol"), optFloat(a, "rtol")
		if err := a.Err(); err != nil {
			return nil, err
		}
		s, err := spectrum(x, herm)
		if err != nil {
			return nil, err
		}
		tol, err := pinvTolerance(x, s, atol, rtol)
		if err != nil {
			return nil, err
		}
		above, err := tensor.Gt(s.Detach(), tol)
		if err != nil {
			return nil, err
		}
		return result(tensor.Sum(above, []int{-1}, false))
	})
	defDotted("linalg.cond(A, p=None)", "The condition number of each matrix of A in the norm p: for None or 2 the ratio of the largest singular value to the smallest (-2: the inverse), for 'fro', 'nuc', inf, -inf, 1, -1 the norm of A times that of its inverse.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "A")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if x.Dim() < 2 {
			return nil, lang.Errorf(lang.RuntimeError, "linalg.cond: The input tensor must have at least 2 dimensions.")
		}
		p := a.Value("p")
		c := &chainOps{}
		if _, none := p.(lang.NoneType); none || p == int64(2) || p == float64(2) || p == int64(-2) || p == float64(-2) {
			_, s, _, err := autograd.SVD(x, false, false)
			if err != nil {
				return nil, err
			}
			k := s.Shape()[s.Dim()-1]
			hi := c.do(func() (*tensor.Tensor, error) { return autograd.Select(s, -1, 0) })
			lo := c.do(func() (*tensor.Tensor, error) { return autograd.Select(s, -1, k-1) })
			if p == int64(-2) || p == float64(-2) {
				hi, lo = lo, hi
			}
			return result(c.bin(autograd.Div, hi, lo), c.err)
		}
		ord := matrixOrd(a, "p")
		if err := a.Err(); err != nil {
			return nil, err
		}
		shape := x.Shape()
		if shape[len(shape)-1] != shape[len(shape)-2] {
			return nil, lang.Errorf(lang.RuntimeError, "linalg.cond(ord=%s): A must be batches of square matrices, but they are %d by %d matrices", lang.Str(p), shape[len(shape)-2], shape[len(shape)-1])
		}
		inv := c.un(autograd.Inv, x)
		na := c.do(func() (*tensor.Tensor, error) { return autograd.MatrixNorm(x, ord, [2]int{-2, -1}, false) })
		ni := c.do(func() (*tensor.Tensor, error) { return autograd.MatrixNorm(inv, ord, [2]int{-2, -1}, false) })
		return result(c.bin(autograd.Mul, na, ni), c.err)
	})
	defDotted("linalg.lstsq(A, B, rcond=None, *, driver=None)", "A named tuple (solution, residuals, rank, singular_values) of the least-squares solution X minimising ‖A X - B‖ for each matrix of A (B a batch of matrices, or of vectors), through the pseudoinverse. What else is filled follows the driver as on PyTorch's CPU: 'gelsy' (the default) gives the rank; 'gelsd' and 'gelss' the rank and the singular values; 'gels' neither. residuals, the squared norms of A X - B, come when m > n and A has full rank (not with 'gelsy').", func(a *lang.Args) (lang.Value, error) {
		x, b := tensorArg(a, "A"), tensorArg(a, "B")
		rcond := optFloat(a, "rcond")
		driver := "gelsy"
		if !a.IsNone("driver") {
			driver = a.Str("driver")
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		switch driver {
		case "gels", "gelsy", "gelsd", "gelss":
		default:
			return nil, lang.Errorf(lang.RuntimeError, "torch.linalg.lstsq: parameter `driver` should be one of (gels, gelsy, gelsd, gelss)")
		}
		return lstsq(x, b, rcond, driver)
	})
	defDotted("linalg.tensorinv(A, ind=2)", "The tensor inverse of A with respect to tensordot over its first ind dimensions: A reshaped to a square matrix (the product of A.shape[:ind] rows), inverted, and shaped A.shape[ind:] + A.shape[:ind].", func(a *lang.Args) (lang.Value, error) {
		x, ind := tensorArg(a, "A"), a.Int("ind")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if ind <= 0 {
			return nil, lang.Errorf(lang.RuntimeError, "Expected a strictly positive integer for 'ind', but got %d", ind)
		}
		shape := x.Shape()
		if ind > len(shape) {
			ind = len(shape)
		}
		rows, cols := prod(shape[:ind]), prod(shape[ind:])
		if rows != cols {
			return nil, lang.Errorf(lang.RuntimeError, "Expected self to satisfy the requirement prod(self.shape[ind:]) == prod(self.shape[:ind]), but got %d != %d", cols, rows)
		}
		c := &chainOps{}
		m := c.do(func() (*tensor.Tensor, error) { return autograd.Reshape(x, rows, cols) })
		inv := c.un(autograd.Inv, m)
		out := append(append([]int{}, shape[ind:]...), shape[:ind]...)
		return result(c.do(func() (*tensor.Tensor, error) { return autograd.Reshape(inv, out...) }), c.err)
	})
	defDotted("linalg.tensorsolve(A, B, dims=None)", "X with tensordot(A, X, X.ndim) = B: A reshaped to a square matrix of prod(B.shape) rows, solved, and X shaped A.shape[B.ndim:]; dims first moves those dimensions of A to the end.", func(a *lang.Args) (lang.Value, error) {
		x, b := tensorArg(a, "A"), tensorArg(a, "B")
		dims := a.Ints("dims")
		if err := a.Err(); err != nil {
			return nil, err
		}
		c := &chainOps{}
		if len(dims) > 0 {
			nd := x.Dim()
			moved := map[int]bool{}
			for _, d := range dims {
				if d < 0 {
					d += nd
				}
				moved[d] = true
			}
			var perm []int
			for d := 0; d < nd; d++ {
				if !moved[d] {
					perm = append(perm, d)
				}
			}
			for _, d := range dims {
				if d < 0 {
					d += nd
				}
				perm = append(perm, d)
			}
			x = c.do(func() (*tensor.Tensor, error) { return autograd.Permute(x, perm...) })
			if c.err != nil {
				return nil, c.err
			}
		}
		shape := x.Shape()
		if b.Dim() > len(shape) {
			return nil, lang.Errorf(lang.RuntimeError, "Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == prod(self.shape[:other.ndim]), but got %d != %d", 1, prod(shape))
		}
		outShape := shape[b.Dim():]
		rows, cols := prod(shape[:b.Dim()]), prod(outShape)
		if rows != cols {
			return nil, lang.Errorf(lang.RuntimeError, "Expected self to satisfy the requirement prod(self.shape[other.ndim:]) == prod(self.shape[:other.ndim]), but got %d != %d", cols, rows)
		}
		m := c.do(func() (*tensor.Tensor, error) { return autograd.Reshape(x, rows, cols) })
		rhs := c.do(func() (*tensor.Tensor, error) { return autograd.Reshape(b, rows) })
		sol := c.bin(autograd.Solve, m, rhs)
		return result(c.do(func() (*tensor.Tensor, error) { return autograd.Reshape(sol, outShape...) }), c.err)
	})
	defDotted("linalg.solve_triangular(A, B, *, upper, left=True, unitriangular=False)", "X with A X = B (X A = B with left=False) for each triangular matrix of A: only its upper (upper=True) or lower triangle is read, and its diagonal taken as ones with unitriangular=True; batches broadcast.", func(a *lang.Args) (lang.Value, error) {
		x, b, upper, left, unit := tensorArg(a, "A"), tensorArg(a, "B"), a.Bool("upper"), a.Bool("left"), a.Bool("unitriangular")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if x.Dim() < 2 || b.Dim() < 2 {
			return nil, lang.Errorf(lang.RuntimeError, "linalg.solve_triangular: The input tensor %s must have at least 2 dimensions.", map[bool]string{true: "A", false: "B"}[x.Dim() < 2])
		}
		c := &chainOps{}
		if x.DType() != b.DType() && x.DType().IsFloating() {
			// PyTorch's result takes A's dtype.
			b = c.do(func() (*tensor.Tensor, error) { return autograd.To(b, x.DType()) })
		}
		if left {
			return result(c.do(func() (*tensor.Tensor, error) { return autograd.SolveTriangular(x, b, upper, unit) }), c.err)
		}
		// X A = B is Aᵀ Xᵀ = Bᵀ, Aᵀ triangular the other way.
		mt := c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(x, -2, -1) })
		bt := c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(b, -2, -1) })
		xt := c.do(func() (*tensor.Tensor, error) { return autograd.SolveTriangular(mt, bt, !upper, unit) })
		return result(c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(xt, -2, -1) }), c.err)
	})
	defDotted("linalg.vander(x, *, N=None)", "The Vandermonde matrix of x's last dimension: columns x⁰, x¹, …, x^(N-1) (N defaults to x's length), each the previous times x as PyTorch's running product computes it.", func(a *lang.Args) (lang.Value, error) {
		x := tensorArg(a, "x")
		if err := a.Err(); err != nil {
			return nil, err
		}
		if x.Dim() < 1 {
			return nil, lang.Errorf(lang.RuntimeError, "linalg.vander: x must have at least one dimension")
		}
		n := x.Shape()[x.Dim()-1]
		if !a.IsNone("N") {
			n = a.Int("N")
		}
		if err := a.Err(); err != nil {
			return nil, err
		}
		if n <= 1 {
			if n < 1 {
				return nil, lang.Errorf(lang.RuntimeError, "N must be greater than 1.")
			}
		}
		c := &chainOps{}
		d := x.DType()
		if d == tensor.Bool {
			d = tensor.Int64
		}
		xs := c.do(func() (*tensor.Tensor, error) { return x.To(d) })
		if x.RequiresGrad() {
			xs = x
		}
		col := c.do(func() (*tensor.Tensor, error) { return tensor.OnesLike(xs) })
		cols := []*tensor.Tensor{col}
		for k := 1; k < n; k++ {
			col = c.bin(autograd.Mul, col, xs)
			cols = append(cols, col)
		}
		if c.err != nil {
			return nil, c.err
		}
		return result(autograd.Stack(cols, -1))
	})
}

// optFloat reads an argument that is None or a number (NaN for None).
func optFloat(a *lang.Args, name string) float64 {
	if a.IsNone(name) {
		return math.NaN()
	}
	return a.Float(name)
}

// prod is the product of dims.
func prod(dims []int) int {
	n := 1
	for _, d := range dims {
		n *= d
	}
	return n
}

// dtypeEps is the machine epsilon of x's dtype (float32's for the others).
func dtypeEps(d tensor.DType) float64 {
	if d == tensor.Float64 || d == tensor.Complex128 {
		return math.Nextafter(1, 2) - 1
	}
	return float64(math.Nextafter32(1, 2) - 1)
}

// multiDot is linalg.multi_dot: a leading vector a row, a trailing one a
// column, the product taken left to right.
func multiDot(ts []*tensor.Tensor) (*tensor.Tensor, error) {
	n := len(ts)
	if n < 2 {
		return nil, lang.Errorf(lang.RuntimeError, "multi_dot(): expected at least 2 tensors but got %d", n)
	}
	c := &chainOps{}
	first, last := ts[0], ts[n-1]
	if first.Dim() != 1 && first.Dim() != 2 {
		return nil, lang.Errorf(lang.RuntimeError, "multi_dot(): the first tensor must be 1D or 2D but got %dD", first.Dim())
	}
	if last.Dim() != 1 && last.Dim() != 2 {
		return nil, lang.Errorf(lang.RuntimeError, "multi_dot(): the last tensor must be 1D or 2D but got %dD", last.Dim())
	}
	for i := 1; i < n-1; i++ {
		if ts[i].Dim() != 2 {
			return nil, lang.Errorf(lang.RuntimeError, "multi_dot(): tensor %d must be 2D but got %dD", i, ts[i].Dim())
		}
	}
	mats := append([]*tensor.Tensor{}, ts...)
	if first.Dim() == 1 {
		mats[0] = c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(first, 0) })
	}
	if last.Dim() == 1 {
		mats[n-1] = c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(last, -1) })
	}
	for i := 0; i+1 < n && c.err == nil; i++ {
		if mats[i].Shape()[1] != mats[i+1].Shape()[0] {
			return nil, lang.Errorf(lang.RuntimeError, "multi_dot(): tensors %d and %d with shapes %s and %s cannot be multiplied", i, i+1, dimsText(mats[i].Shape()), dimsText(mats[i+1].Shape()))
		}
	}
	out := mats[0]
	for i := 1; i < n; i++ {
		out = c.bin(autograd.Matmul, out, mats[i])
	}
	if c.err != nil {
		return nil, c.err
	}
	switch {
	case first.Dim() == 1 && last.Dim() == 1:
		return autograd.Reshape(out)
	case first.Dim() == 1:
		return autograd.Squeeze(out, 0)
	case last.Dim() == 1:
		return autograd.Squeeze(out, -1)
	}
	return out, nil
}

// shapeText is a shape as PyTorch's messages write it: [2, 3].
func dimsText(s []int) string {
	out := "["
	for i, d := range s {
		if i > 0 {
			out += ", "
		}
		out += lang.Repr(int64(d))
	}
	return out + "]"
}

// squareCheck refuses a tensor that is not a batch of square matrices,
// with PyTorch's message.
func squareCheck(x *tensor.Tensor, fn string) error {
	if x.Dim() < 2 {
		return lang.Errorf(lang.RuntimeError, "%s: The input tensor A must have at least 2 dimensions.", fn)
	}
	s := x.Shape()
	if s[len(s)-1] != s[len(s)-2] {
		return lang.Errorf(lang.RuntimeError, "%s: A must be batches of square matrices, but they are %d by %d matrices", fn, s[len(s)-2], s[len(s)-1])
	}
	return nil
}

// identityLike is the identity of x's matrix size, broadcast to x's shape.
func identityLike(x *tensor.Tensor) (*tensor.Tensor, error) {
	n := x.Shape()[x.Dim()-1]
	eye, err := tensor.Eye(n, n, x.DType())
	if err != nil {
		return nil, err
	}
	return eye.Expand(x.Shape()...)
}

// matrixPower is PyTorch's linalg_matrix_power: one or two products for
// n up to 3, else the binary expansion of n, squaring z and multiplying
// the result by z for each set bit, lowest first.
func matrixPower(x *tensor.Tensor, n int) (*tensor.Tensor, error) {
	if err := squareCheck(x, "linalg.matrix_power"); err != nil {
		return nil, err
	}
	if n == 0 {
		eye, err := identityLike(x)
		if err != nil {
			return nil, err
		}
		return eye.Clone()
	}
	a := x
	inverted := n < 0
	if inverted {
		var err error
		if a, err = autograd.Inv(x); err != nil {
			return nil, err
		}
		n = -n
	}
	switch n {
	case 1:
		if inverted {
			return a, nil // PyTorch's LinalgInvExBackward0
		}
		return autograd.Clone(a) // PyTorch's CloneBackward0
	case 2:
		return autograd.Matmul(a, a)
	case 3:
		p, err := autograd.Matmul(a, a)
		if err != nil {
			return nil, err
		}
		return autograd.Matmul(p, a)
	}
	var z, out *tensor.Tensor
	var err error
	for n > 0 {
		bit := n % 2
		n /= 2
		if z == nil {
			z = a
		} else if z, err = autograd.Matmul(z, z); err != nil {
			return nil, err
		}
		if bit == 1 {
			if out == nil {
				out = z
			} else if out, err = autograd.Matmul(out, z); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// mustOne is a one of x's dtype (a 0-d tensor): x * 1 is PyTorch's
// clone for matrix_power(A, 1), a new tensor on the graph.
func mustOne(x *tensor.Tensor) *tensor.Tensor {
	one, _ := tensor.Full(1, x.DType())
	return one
}

// matrixExp is exp(A) by scaling and squaring: A / 2^s has 1-norm at most
// 1/2, where the Taylor polynomial of degree 18 (by Horner's rule) is
// exact to well below float64's precision; its result squared s times.
func matrixExp(x *tensor.Tensor) (*tensor.Tensor, error) {
	if err := squareCheck(x, "linalg.matrix_exp"); err != nil {
		return nil, err
	}
	if !x.DType().IsFloating() {
		return nil, lang.Errorf(lang.RuntimeError, "linalg.matrix_exp: Expected a floating point or complex tensor as input. Got %s", tensor.TorchTypeName(x.DType()))
	}
	if x.Numel() == 0 {
		return autograd.Mul(x, mustOne(x)) // no norm to take: a copy, as PyTorch's
	}
	norm, err := autograd.MatrixNorm(x.Detach(), autograd.MatrixOrd(1), [2]int{-2, -1}, false)
	if err != nil {
		return nil, err
	}
	vals, err := norm.Float64s()
	if err != nil {
		return nil, err
	}
	nrm := 0.0
	for _, v := range vals {
		nrm = max(nrm, v)
	}
	s := 0
	if nrm > 0.5 && !math.IsInf(nrm, 0) && !math.IsNaN(nrm) {
		s = int(math.Ceil(math.Log2(nrm / 0.5)))
	}
	c := &chainOps{}
	scaled := c.bin(autograd.Div, x, c.scalar(math.Ldexp(1, s), x))
	eye := c.do(func() (*tensor.Tensor, error) { return identityLike(x) })
	// Horner: I + A/1 (I + A/2 (I + ... (I + A/18))).
	p := eye
	for k := 18; k >= 1; k-- {
		t := c.bin(autograd.Matmul, scaled, p)
		t = c.bin(autograd.Div, t, c.scalar(float64(k), x))
		p = c.bin(autograd.Add, eye, t)
	}
	for i := 0; i < s; i++ {
		p = c.bin(autograd.Matmul, p, p)
	}
	return p, c.err
}

// spectrum is what pinv and matrix_rank threshold: the singular values,
// descending, or with hermitian the absolute eigenvalues (unsorted) and
// the eigenvalues themselves.
func spectrum(x *tensor.Tensor, hermitian bool) (*tensor.Tensor, error) {
	if x.Dim() < 2 {
		return nil, lang.Errorf(lang.RuntimeError, "linalg.matrix_rank: The input tensor input must have at least 2 dimensions.")
	}
	if hermitian {
		w, _, err := autograd.Eigh(x, "L", false)
		if err != nil {
			return nil, err
		}
		return autograd.Abs(w)
	}
	_, s, _, err := autograd.SVD(x, false, false)
	return s, err
}

// pinvTolerance is max(atol, rtol * max(s)) over the last dimension of s
// (kept), with PyTorch's defaults: rtol = eps * max(m, n) when neither is
// given, 0 when only atol is (atol > 0).
func pinvTolerance(x, s *tensor.Tensor, atol, rtol float64) (*tensor.Tensor, error) {
	shape := x.Shape()
	m, n := shape[len(shape)-2], shape[len(shape)-1]
	switch {
	case math.IsNaN(atol) && math.IsNaN(rtol):
		atol, rtol = 0, dtypeEps(x.DType())*float64(max(m, n))
	case math.IsNaN(rtol):
		rtol = 0
		if atol <= 0 {
			rtol = dtypeEps(x.DType()) * float64(max(m, n))
		}
	case math.IsNaN(atol):
		atol = 0
	}
	sd := s.Detach()
	if sd.Shape()[sd.Dim()-1] == 0 {
		return tensor.Full(atol, sd.DType())
	}
	hi, err := tensor.Amax(sd, []int{-1}, true)
	if err != nil {
		return nil, err
	}
	r, err := tensor.Full(rtol, sd.DType())
	if err != nil {
		return nil, err
	}
	if hi, err = tensor.Mul(hi, r); err != nil {
		return nil, err
	}
	at, err := tensor.Full(atol, sd.DType())
	if err != nil {
		return nil, err
	}
	return tensor.Maximum(hi, at)
}

// pinv is PyTorch's linalg_pinv: V diag(1/s) Uᴴ over the singular values
// above the tolerance (U diag(1/w) Uᴴ from eigh with hermitian).
func pinv(x *tensor.Tensor, atol, rtol float64, hermitian bool) (*tensor.Tensor, error) {
	if x.Dim() < 2 {
		return nil, lang.Errorf(lang.RuntimeError, "linalg.pinv(%s{%s}): expected a tensor with 2 or more dimensions of float, double, cfloat or cdouble types", tensor.TorchTypeName(x.DType()), dimsText(x.Shape())[1:len(dimsText(x.Shape()))-1])
	}
	c := &chainOps{}
	if hermitian {
		w, u, err := autograd.Eigh(x, "L", true)
		if err != nil {
			return nil, err
		}
		absW := c.un(autograd.Abs, w)
		if c.err != nil {
			return nil, c.err
		}
		tol, err := pinvTolerance(x, absW, atol, rtol)
		if err != nil {
			return nil, err
		}
		keep := c.bin(tensor.Gt, absW.Detach(), tol)
		winv := c.do(func() (*tensor.Tensor, error) {
			return autograd.Where(keep, c.un(autograd.Reciprocal, w), c.scalar(0, w))
		})
		us := c.bin(autograd.Mul, u, c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(winv, -2) }))
		ut := c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(u, -2, -1) })
		return c.bin(autograd.Matmul, us, ut), c.err
	}
	u, s, vh, err := autograd.SVD(x, false, true)
	if err != nil {
		return nil, err
	}
	tol, err := pinvTolerance(x, s, atol, rtol)
	if err != nil {
		return nil, err
	}
	keep := c.bin(tensor.Gt, s.Detach(), tol)
	sinv := c.do(func() (*tensor.Tensor, error) {
		return autograd.Where(keep, c.un(autograd.Reciprocal, s), c.scalar(0, s))
	})
	v := c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(vh, -2, -1) })
	vs := c.bin(autograd.Mul, v, c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(sinv, -2) }))
	ut := c.do(func() (*tensor.Tensor, error) { return autograd.Transpose(u, -2, -1) })
	return c.bin(autograd.Matmul, vs, ut), c.err
}

// lstsq is linalg.lstsq through the pseudoinverse, with what each driver
// of PyTorch's CPU path fills.
func lstsq(x, b *tensor.Tensor, rcond float64, driver string) (lang.Value, error) {
	if x.Dim() < 2 {
		return nil, lang.Errorf(lang.RuntimeError, "torch.linalg.lstsq: input must have at least 2 dimensions.")
	}
	vector := b.Dim() == x.Dim()-1
	c := &chainOps{}
	rhs := b
	if vector {
		rhs = c.do(func() (*tensor.Tensor, error) { return autograd.Unsqueeze(b, -1) })
	}
	shape := x.Shape()
	m, n := shape[len(shape)-2], shape[len(shape)-1]
	if c.err == nil && rhs.Shape()[rhs.Dim()-2] != m {
		return nil, lang.Errorf(lang.RuntimeError, "torch.linalg.lstsq: input.size(-2) should match other.size(-2)")
	}
	rtol := rcond
	if math.IsNaN(rtol) || rtol <= 0 {
		rtol = dtypeEps(x.DType()) * float64(max(m, n))
	}
	p, err := pinv(x, 0, rtol, false)
	if err != nil {
		return nil, err
	}
	sol := c.bin(autograd.Matmul, p, rhs)
	if c.err != nil {
		return nil, c.err
	}
	_, s, _, err := autograd.SVD(x.Detach(), false, false)
	if err != nil {
		return nil, err
	}
	tol, err := pinvTolerance(x, s, 0, rtol)
	if err != nil {
		return nil, err
	}
	above, err := tensor.Gt(s, tol)
	if err != nil {
		return nil, err
	}
	rank, err := tensor.Sum(above, []int{-1}, false)
	if err != nil {
		return nil, err
	}
	empty := func(d tensor.DType) (*tensor.Tensor, error) { return tensor.Zeros(d, 0) }
	residuals, err := empty(x.DType())
	if err != nil {
		return nil, err
	}
	full := true
	ranks, err := rank.Float64s()
	if err != nil {
		return nil, err
	}
	for _, r := range ranks {
		full = full && int(r) == n
	}
	if m > n && full && driver != "gelsy" {
		diff := c.bin(autograd.Sub, c.bin(autograd.Matmul, x, sol), rhs)
		sq := c.bin(autograd.Mul, diff, diff)
		residuals = c.do(func() (*tensor.Tensor, error) { return autograd.Sum(sq, []int{-2}, false) })
		if vector {
			residuals = c.do(func() (*tensor.Tensor, error) { return autograd.Squeeze(residuals, -1) })
		}
	}
	if vector {
		sol = c.do(func() (*tensor.Tensor, error) { return autograd.Squeeze(sol, -1) })
	}
	if c.err != nil {
		return nil, c.err
	}
	sv := s
	if driver == "gels" || driver == "gelsy" {
		if sv, err = empty(x.DType()); err != nil {
			return nil, err
		}
	}
	if driver == "gels" {
		if rank, err = empty(tensor.Int64); err != nil {
			return nil, err
		}
	}
	return lang.NewNamedTuple(returnLstsq, sol, residuals, rank, sv), nil
}
