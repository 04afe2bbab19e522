package tensor

import (
	"slices"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/lapack/lapack64"
)

// The Householder form of the QR factorization, as LAPACK keeps it and
// PyTorch exposes it: torch.geqrf (dgeqrf), torch.linalg.householder_product
// and torch.orgqr (dorgqr), torch.ormqr (dormqr). A holds R on and above
// its diagonal and the Householder vectors below it (their leading ones
// implied); tau their scales. Not differentiable in kael.

// Geqrf returns the packed QR factorization (a, tau) of each m×n matrix
// of x: tau has min(m, n) elements per matrix.
func Geqrf(x *Tensor) (a, tau *Tensor, err error) {
	const op = "torch.geqrf"
	if x.Dim() < 2 {
		return nil, nil, Errorf(RuntimeError, "%s: input must have at least 2 dimensions.", op)
	}
	b, err := newMatrixBatch(op, x, false)
	if err != nil {
		return nil, nil, err
	}
	k := min(b.m, b.n)
	taus := make([]float64, b.count()*k)
	for i := range b.count() {
		if k == 0 {
			continue
		}
		m := b.mat(i)
		t := taus[i*k : (i+1)*k]
		work := make([]float64, 1)
		lapack64.Geqrf(m, t, work, -1)
		work = make([]float64, max(int(work[0]), b.n, 1))
		lapack64.Geqrf(m, t, work, len(work))
	}
	if a, err = b.tensor(b.data, b.m, b.n); err != nil {
		return nil, nil, err
	}
	tau, err = b.tensor(taus, k)
	return a, tau, err
}

// householderInputs reads the reflectors x (a batch of matrices) and
// their scales tau (a batch of vectors with x's batch dimensions).
func householderInputs(op string, x, tau *Tensor) (*matrixBatch, []float64, int, error) {
	if x.Dim() < 2 {
		return nil, nil, 0, Errorf(RuntimeError, "%s: input must have at least 2 dimensions.", op)
	}
	if tau.Dim() != x.Dim()-1 || !slices.Equal(tau.shape[:tau.Dim()-1], x.shape[:x.Dim()-2]) {
		return nil, nil, 0, Errorf(RuntimeError, "%s: Expected batch dimensions of tau to be equal to input.shape[:-2], but got %v", op, tau.shape[:max(tau.Dim()-1, 0)])
	}
	if x.dtype != tau.dtype {
		return nil, nil, 0, Errorf(RuntimeError, "%s: tau dtype %s does not match input dtype %s", op, tau.dtype.ScalarTypeName(), x.dtype.ScalarTypeName())
	}
	b, err := newMatrixBatch(op, x, false)
	if err != nil {
		return nil, nil, 0, err
	}
	t, err := tau.Float64s()
	if err != nil {
		return nil, nil, 0, err
	}
	return b, t, tau.shape[tau.Dim()-1], nil
}

// HouseholderProduct returns the first n columns of the product of the k
// Householder reflectors of each m×n matrix of x and its tau (m ≥ n ≥ k),
// as torch.linalg.householder_product (op names it in errors).
func HouseholderProduct(op string, x, tau *Tensor) (*Tensor, error) {
	b, t, k, err := householderInputs(op, x, tau)
	if err != nil {
		return nil, err
	}
	if b.m < b.n {
		return nil, Errorf(RuntimeError, "%s: input.shape[-2] must be greater than or equal to input.shape[-1]", op)
	}
	if b.n < k {
		return nil, Errorf(RuntimeError, "%s: input.shape[-1] must be greater than or equal to tau.shape[-1]", op)
	}
	for i := range b.count() {
		if b.n == 0 {
			continue
		}
		m := b.mat(i)
		ti := t[i*k : (i+1)*k]
		work := make([]float64, 1)
		lapack64.Orgqr(m, ti, work, -1)
		work = make([]float64, max(int(work[0]), b.n, 1))
		lapack64.Orgqr(m, ti, work, len(work))
	}
	return b.tensor(b.data, b.m, b.n)
}

// Ormqr returns Q C (C Q with left false; Qᵀ in place of Q with
// transpose) for Q the product of the Householder reflectors of each
// matrix of x and tau, and each matrix of c, as torch.ormqr.
func Ormqr(x, tau, c *Tensor, left, transpose bool) (*Tensor, error) {
	const op = "torch.ormqr"
	b, t, k, err := householderInputs(op, x, tau)
	if err != nil {
		return nil, err
	}
	if c.Dim() != x.Dim() || !slices.Equal(c.shape[:c.Dim()-2], x.shape[:x.Dim()-2]) {
		return nil, Errorf(RuntimeError, "%s: Expected batch dimensions of other to be equal to input.shape[:-2]", op)
	}
	if c.dtype != x.dtype {
		return nil, Errorf(RuntimeError, "%s: other dtype %s does not match input dtype %s", op, c.dtype.ScalarTypeName(), x.dtype.ScalarTypeName())
	}
	cm, err := newMatrixBatch(op, c, false)
	if err != nil {
		return nil, err
	}
	side, dim, name := blas.Left, cm.m, "other.shape[-2]"
	if !left {
		side, dim, name = blas.Right, cm.n, "other.shape[-1]"
	}
	if dim != b.m {
		return nil, Errorf(RuntimeError, "%s: %s must be equal to input.shape[-2]", op, name)
	}
	if k > b.n || k > b.m {
		return nil, Errorf(RuntimeError, "%s: tau.shape[-1] must be less than or equal to input.shape[-1]", op)
	}
	trans := blas.NoTrans
	if transpose {
		trans = blas.Trans
	}
	for i := range b.count() {
		if k == 0 {
			continue
		}
		// dormqr reads the first k columns of A.
		a := b.mat(i)
		ak := a
		ak.Cols = k
		ci := cm.mat(i)
		ti := t[i*k : (i+1)*k]
		work := make([]float64, 1)
		lapack64.Ormqr(side, trans, ak, ti, ci, work, -1)
		work = make([]float64, max(int(work[0]), max(ci.Rows, ci.Cols), 1))
		lapack64.Ormqr(side, trans, ak, ti, ci, work, len(work))
	}
	return cm.tensor(cm.data, cm.m, cm.n)
}
