package autograd

import (
	"fmt"
	"math"

	"github.com/kael-dev/kael/tensor"
)

// The derivatives of the decompositions of tensor/linalg_lapack.go, with
// PyTorch's formulas (torch/csrc/autograd/FunctionsManual.cpp). An
// operation with several differentiable outputs (svd, eigh, qr) records
// one node per output: their backward formulas are linear in the output
// gradients, so the engine's sum of the parts is the whole gradient.

// diagEmbed returns the batch of diagonal matrices with v's last dimension
// on their diagonals.
func (c *calc) diagEmbed(v *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) {
		shape := v.Shape()
		k := shape[len(shape)-1]
		return diagonalInto(append(shape, k), v.DType(), v, 0, -2, -1)
	})
}

// inv returns the inverse of each matrix of x.
func (c *calc) inv(x *tensor.Tensor) *tensor.Tensor { return c.unary(tensor.Inv, x) }

// unsq adds a dimension of size 1 at dim.
func (c *calc) unsq(x *tensor.Tensor, dim int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return x.Unsqueeze(dim) })
}

// tril keeps the lower triangle (diagonal k and below) of each matrix.
func (c *calc) tril(x *tensor.Tensor, k int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return tensor.Tril(x, k) })
}

// narrowTo keeps the first size elements of x along dim.
func (c *calc) narrowTo(x *tensor.Tensor, dim, size int) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return x.Narrow(dim, 0, size) })
}

// Inv returns the inverse of each square matrix: d(A⁻¹) = -A⁻ᵀ g A⁻ᵀ.
func Inv(x *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.Inv(x)
	if err != nil {
		return nil, err
	}
	return recordInv(x, out), nil
}

// InvEx is Inv with the info of each matrix instead of an error
// (tensor.InvEx); the inverse has Inv's gradient.
func InvEx(op string, x *tensor.Tensor, check bool) (inv, info *tensor.Tensor, err error) {
	out, info, err := tensor.InvEx(op, x, check)
	if err != nil {
		return nil, nil, err
	}
	return recordInv(x, out), info, nil
}

// recordInv records out, the inverse of x, on the graph.
func recordInv(x, out *tensor.Tensor) *tensor.Tensor {
	if !track(out, x) {
		return out
	}
	n := newNode("LinalgInvExBackward0", x)
	n.save(out)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		it := c.mT(out)
		return []*tensor.Tensor{c.neg(c.matmul(c.matmul(it, g), it))}
	}
	return n.attach(out)
}

// Det returns the determinant of each square matrix: its gradient is
// g·det(A)·A⁻ᵀ. kael computes it through the inverse, so a singular input
// has no gradient (backward reports the singularity); PyTorch goes through
// an SVD there.
func Det(x *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.Det(x)
	if err != nil || !track(out, x) {
		return out, err
	}
	n := newNode("LinalgDetBackward0", x)
	n.save(x, out)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		scale := c.unsq(c.unsq(c.mul(g, out), -1), -1)
		return []*tensor.Tensor{c.mul(scale, c.mT(c.inv(x)))}
	}
	return n.attach(out), nil
}

// Solve returns X with A X = B: gB = A⁻ᵀ g (a solve with Aᵀ), gA = -gB Xᵀ.
func Solve(a, b *tensor.Tensor) (*tensor.Tensor, error) {
	out, err := tensor.Solve(a, b)
	if err != nil {
		return nil, err
	}
	return recordSolve(a, b, out), nil
}

// SolveEx is Solve with the info of each matrix instead of an error
// (tensor.SolveEx); the result has Solve's gradient.
func SolveEx(op string, a, b *tensor.Tensor, check bool) (x, info *tensor.Tensor, err error) {
	out, info, err := tensor.SolveEx(op, a, b, check)
	if err != nil {
		return nil, nil, err
	}
	return recordSolve(a, b, out), info, nil
}

// recordSolve records out, the solution of a X = b, on the graph.
func recordSolve(a, b, out *tensor.Tensor) *tensor.Tensor {
	if !track(out, a, b) {
		return out
	}
	vector := out.Dim() == b.Dim() && b.Dim() < a.Dim() || b.Dim() == 1
	n := newNode("LinalgSolveExBackward0", a, b)
	n.save(a, out)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		gb := c.do(func() (*tensor.Tensor, error) { return tensor.Solve(c.mT(a), g) })
		var ga *tensor.Tensor
		if n.needs(0) {
			if vector {
				ga = c.neg(c.matmul(c.unsq(gb, -1), c.unsq(out, -2)))
			} else {
				ga = c.neg(c.matmul(gb, c.mT(out)))
			}
			ga = n.toInput(c, 0, ga)
		}
		return []*tensor.Tensor{ga, n.toInput(c, 1, gb)}
	}
	return n.attach(out)
}

// SolveTriangular returns X with A X = B for triangular A (see
// tensor.SolveTriangular). With gB = A⁻ᵀ g (a solve with the other
// triangle), gA = -gB Xᵀ restricted to the triangle A's solve read.
func SolveTriangular(a, b *tensor.Tensor, upper, unit bool) (*tensor.Tensor, error) {
	out, err := tensor.SolveTriangular(a, b, upper, unit)
	if err != nil || !track(out, a, b) {
		return out, err
	}
	n := newNode("LinalgSolveTriangularBackward0", a, b)
	n.save(a, out)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		gb := c.do(func() (*tensor.Tensor, error) { return tensor.SolveTriangular(c.mT(a), g, !upper, unit) })
		var ga *tensor.Tensor
		if n.needs(0) {
			ga = c.neg(c.matmul(gb, c.mT(out)))
			off := 0
			if unit {
				off = 1
			}
			if upper {
				ga = c.do(func() (*tensor.Tensor, error) { return tensor.Triu(ga, off) })
			} else {
				ga = c.tril(ga, -off)
			}
			ga = n.toInput(c, 0, ga)
		}
		return []*tensor.Tensor{ga, n.toInput(c, 1, gb)}
	}
	return n.attach(out), nil
}

// Cholesky returns the Cholesky factor L (U = Lᵀ when upper) of each
// symmetric positive-definite matrix. With φ(X) the lower triangle of X
// with its diagonal halved, gA = sym(L⁻ᵀ φ(Lᵀ gL) L⁻¹).
func Cholesky(x *tensor.Tensor, upper bool) (*tensor.Tensor, error) {
	out, err := tensor.Cholesky(x, upper)
	if err != nil {
		return nil, err
	}
	return recordCholesky(x, out, upper), nil
}

// CholeskyEx is Cholesky with the info of each matrix instead of an error
// (tensor.CholeskyEx); the factor has Cholesky's gradient.
func CholeskyEx(op string, x *tensor.Tensor, upper, check bool) (l, info *tensor.Tensor, err error) {
	out, info, err := tensor.CholeskyEx(op, x, upper, check)
	if err != nil {
		return nil, nil, err
	}
	return recordCholesky(x, out, upper), info, nil
}

// recordCholesky records out, the Cholesky factor of x, on the graph.
func recordCholesky(x, out *tensor.Tensor, upper bool) *tensor.Tensor {
	if !track(out, x) {
		return out
	}
	n := newNode("LinalgCholeskyExBackward0", x)
	n.save(out)
	n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		l, gl := out, g
		if upper {
			l, gl = c.mT(out), c.mT(g)
		}
		p := c.matmul(c.mT(l), gl)
		phi := c.sub(c.tril(p, 0), c.mul(c.diagEmbed(c.diagonal(p)), num(0.5)))
		linv := c.inv(l)
		ga := c.matmul(c.matmul(c.mT(linv), phi), linv)
		return []*tensor.Tensor{c.mul(c.add(ga, c.mT(ga)), num(0.5))}
	}
	return n.attach(out)
}

// diagonal returns the main diagonal of each matrix.
func (c *calc) diagonal(x *tensor.Tensor) *tensor.Tensor {
	return c.do(func() (*tensor.Tensor, error) { return tensor.Diagonal(x, 0, -2, -1) })
}

// spectralGap returns E with E[i][j] = w[j] - w[i] off the diagonal and 1
// on it, for dividing by the gaps between eigenvalues (or squared singular
// values).
func (c *calc) spectralGap(w *tensor.Tensor) *tensor.Tensor {
	e := c.sub(c.unsq(w, -2), c.unsq(w, -1))
	return c.do(func() (*tensor.Tensor, error) {
		e, err := e.Contiguous()
		if err != nil {
			return nil, err
		}
		d, err := tensor.Diagonal(e, 0, -2, -1)
		if err != nil {
			return nil, err
		}
		return e, d.Fill(1)
	})
}

// Eigh returns the eigenvalues and eigenvectors of each symmetric matrix
// (vectors false: eigenvalues only, V nil). With V the eigenvectors and E
// the eigenvalue gaps, gA = V (diag(gw) + skew(Vᵀ gV)/2 / E) Vᵀ.
func Eigh(x *tensor.Tensor, uplo string, vectors bool) (w, v *tensor.Tensor, err error) {
	if w, v, err = tensor.Eigh(x, uplo, vectors || recording(x)); err != nil || !track(w, x) {
		if err == nil && !vectors {
			v = nil
		}
		return w, v, err
	}
	name := "LinalgEighBackward0"
	vecs := v // the results below are assigned; the formulas keep this
	wn := newNode(name, x)
	wn.save(vecs)
	wn.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		return []*tensor.Tensor{c.matmul(c.matmul(vecs, c.diagEmbed(g)), c.mT(vecs))}
	}
	w = wn.attach(w)
	if !vectors {
		return w, nil, nil
	}
	vn := newNode(name, x)
	vn.save(w, v)
	vn.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		vg := c.matmul(c.mT(v), g)
		skew := c.mul(c.sub(vg, c.mT(vg)), num(0.5))
		return []*tensor.Tensor{c.matmul(c.matmul(v, c.div(skew, c.spectralGap(w))), c.mT(v))}
	}
	return w, vn.attach(v), nil
}

// QR returns Q and R of each matrix. For m ≥ n (reduced, or complete with
// a square matrix), with M = R gRᵀ - gQᵀ Q and copyltu(M) the symmetric
// matrix with M's lower triangle, gA = (gQ + Q copyltu(M)) R⁻ᵀ. Wider
// matrices have no derivative in kael.
func QR(x *tensor.Tensor, mode string) (q, r *tensor.Tensor, err error) {
	if q, r, err = tensor.QR(x, mode); err != nil || !track(r, x) {
		return q, r, err
	}
	shape := x.Shape()
	m, cols := shape[len(shape)-2], shape[len(shape)-1]
	differentiable := mode != "r" && (m == cols || (m > cols && mode == "reduced"))
	refuse := func(c *calc) {
		if c.err == nil {
			reason := fmt.Sprintf("mode='%s' on %dx%d matrices", mode, m, cols)
			c.err = tensor.Errorf(tensor.RuntimeError, "The derivative of linalg.qr is not implemented for %s", reason).
				WithHint("kael differentiates QR for matrices with at least as many rows as columns, with mode='reduced'")
		}
	}
	copyltu := func(c *calc, m *tensor.Tensor) *tensor.Tensor { return c.add(c.tril(m, 0), c.mT(c.tril(m, -1))) }
	name := "LinalgQrBackward0"
	rn := newNode(name, x)
	rn.save(q, r)
	rn.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if !differentiable {
			refuse(c)
			return []*tensor.Tensor{nil}
		}
		mm := c.matmul(r, c.mT(g))
		return []*tensor.Tensor{c.matmul(c.matmul(q, copyltu(c, mm)), c.mT(c.inv(r)))}
	}
	r = rn.attach(r)
	if mode == "r" {
		return q, r, nil
	}
	qn := newNode(name, x)
	qn.save(q, r)
	qn.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
		if !differentiable {
			refuse(c)
			return []*tensor.Tensor{nil}
		}
		mm := c.neg(c.matmul(c.mT(g), q))
		return []*tensor.Tensor{c.matmul(c.add(g, c.matmul(q, copyltu(c, mm))), c.mT(c.inv(r)))}
	}
	return qn.attach(q), r, nil
}

// SVD returns U, S and Vh of each matrix (vectors false: S only). The
// gradient is PyTorch's svd_backward, computed on the first k = min(m, n)
// singular vectors (also with fullMatrices, as PyTorch does).
func SVD(x *tensor.Tensor, fullMatrices, vectors bool) (u, s, vh *tensor.Tensor, err error) {
	if u, s, vh, err = tensor.SVD(x, fullMatrices, vectors || recording(x)); err != nil || !track(s, x) {
		if !vectors {
			u, vh = nil, nil
		}
		return u, s, vh, err
	}
	shape := x.Shape()
	m, cols := shape[len(shape)-2], shape[len(shape)-1]
	k := min(m, cols)
	name := "LinalgSvdBackward0"
	uAll, sv, vhAll := u, s, vh // the results below are assigned; the formulas keep these
	part := func(out *tensor.Tensor, which int) *tensor.Tensor {
		n := newNode(name, x)
		n.save(uAll, sv, vhAll)
		n.backward = func(c *calc, g *tensor.Tensor) []*tensor.Tensor {
			uk, vhk := c.narrowTo(uAll, -1, k), c.narrowTo(vhAll, -2, k)
			var gu, gs, gvh *tensor.Tensor
			switch which {
			case 0:
				gu = c.narrowTo(g, -1, k)
			case 1:
				gs = g
			default:
				gvh = c.narrowTo(g, -2, k)
			}
			return []*tensor.Tensor{svdBackward(c, gu, gs, gvh, uk, sv, vhk, m, cols)}
		}
		return n.attach(out)
	}
	s = part(s, 1)
	if !vectors {
		return nil, s, nil, nil
	}
	return part(u, 0), s, part(vh, 2), nil
}

// svdBackward is PyTorch's svd_backward for real matrices: one of gU, gS,
// gVh is set (the others nil); U is m×k, Vh k×n.
func svdBackward(c *calc, gu, gs, gvh, u, s, vh *tensor.Tensor, m, n int) *tensor.Tensor {
	if gu == nil && gvh == nil {
		return c.matmul(c.mul(u, c.unsq(gs, -2)), vh)
	}
	skew := func(a *tensor.Tensor) *tensor.Tensor { return c.sub(a, c.mT(a)) }
	e := c.spectralGap(c.mul(s, s))
	var ret *tensor.Tensor
	if gu != nil {
		ret = c.mul(c.div(skew(c.matmul(c.mT(u), gu)), e), c.unsq(s, -2))
	} else {
		ret = c.mul(c.unsq(s, -1), c.div(skew(c.matmul(vh, c.mT(gvh))), e))
	}
	switch {
	case m > n && gu != nil:
		ga := c.matmul(u, ret)
		gusinv := c.div(gu, c.unsq(s, -2))
		ga = c.sub(c.add(ga, gusinv), c.matmul(u, c.matmul(c.mT(u), gusinv)))
		return c.matmul(ga, vh)
	case m < n && gvh != nil:
		ga := c.matmul(ret, vh)
		sinvgvh := c.div(gvh, c.unsq(s, -1))
		ga = c.sub(c.add(ga, sinvgvh), c.matmul(c.matmul(sinvgvh, c.mT(vh)), vh))
		return c.matmul(u, ga)
	}
	return c.matmul(c.matmul(u, ret), vh)
}

// MatrixNorm returns the matrix norm ord of the matrices in dims (d0, d1)
// of x, as torch.linalg.matrix_norm: "fro", "nuc", or ±1, ±2, ±inf.
func MatrixNorm(x *tensor.Tensor, ord string, dims [2]int, keepdim bool) (*tensor.Tensor, error) {
	const op = "linalg.matrix_norm"
	if !x.DType().IsFloating() {
		return nil, tensor.Errorf(tensor.TypeError, "%s: Expected a floating point or complex tensor as input. Got %s", op, tensor.TorchTypeName(x.DType())).
			WithHint("convert the input with .to(float32) first")
	}
	if x.Dim() < 2 {
		return nil, tensor.Errorf(tensor.RuntimeError, "%s: The input tensor A must have at least 2 dimensions.", op)
	}
	nd := x.Dim()
	d0, d1 := (dims[0]+nd)%nd, (dims[1]+nd)%nd
	if dims[0] < -nd || dims[0] >= nd || dims[1] < -nd || dims[1] >= nd || d0 == d1 {
		return nil, tensor.Errorf(tensor.RuntimeError, "%s: dims must be different and within range, got %v", op, dims)
	}
	abs := func() (*tensor.Tensor, error) { return Abs(x) }
	switch ord {
	case "fro":
		return Norm(x, 2, []int{d0, d1}, keepdim)
	case "1", "-1", "inf", "-inf":
		sumDim, extDim := d0, d1 // 1: the largest column sum
		if ord == "inf" || ord == "-inf" {
			sumDim, extDim = d1, d0
		}
		a, err := abs()
		if err != nil {
			return nil, err
		}
		sums, err := Sum(a, []int{sumDim}, true)
		if err != nil {
			return nil, err
		}
		ext := Amax
		if ord[0] == '-' {
			ext = Amin
		}
		out, err := ext(sums, []int{extDim}, true)
		if err != nil || keepdim {
			return out, err
		}
		return Squeeze(out, d0, d1)
	case "nuc", "2", "-2":
		moved, err := Permute(x, movedLast(nd, d0, d1)...)
		if err != nil {
			return nil, err
		}
		_, s, _, err := SVD(moved, false, false)
		if err != nil {
			return nil, err
		}
		var out *tensor.Tensor
		switch ord {
		case "nuc":
			out, err = Sum(s, []int{-1}, false)
		case "2":
			out, err = Amax(s, []int{-1}, false)
		default:
			out, err = Amin(s, []int{-1}, false)
		}
		if err != nil || !keepdim {
			return out, err
		}
		for _, d := range []int{min(d0, d1), max(d0, d1)} {
			if out, err = Unsqueeze(out, d); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	return nil, tensor.Errorf(tensor.RuntimeError, "%s: Order %s not supported.", op, ord).
		WithHint("ord is 'fro', 'nuc', 1, -1, 2, -2, inf or -inf")
}

// movedLast returns the permutation moving dims d0 and d1 of an nd-dim
// tensor to the end, in that order.
func movedLast(nd, d0, d1 int) []int {
	perm := make([]int, 0, nd)
	for i := range nd {
		if i != d0 && i != d1 {
			perm = append(perm, i)
		}
	}
	return append(perm, d0, d1)
}

// MatrixOrd names a numeric matrix-norm order as MatrixNorm takes it.
func MatrixOrd(p float64) string {
	switch {
	case math.IsInf(p, 1):
		return "inf"
	case math.IsInf(p, -1):
		return "-inf"
	}
	return fmt.Sprint(p)
}

// recording reports whether an operation on x will be recorded.
func recording(x *tensor.Tensor) bool { return IsGradEnabled() && x.RequiresGrad() }
