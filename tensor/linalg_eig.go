package tensor

import (
	"math"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack"
	"gonum.org/v1/gonum/lapack/lapack64"
)

// Eig returns the eigenvalues of each square real matrix of x and, with
// vectors, its right eigenvectors (unit columns), as torch.linalg.eig:
// LAPACK's geev in its order, always complex (complex64 for a float32
// input, complex128 for float64), a conjugate pair of eigenvalues j, j+1
// giving the eigenvectors vr[:, j] ± i·vr[:, j+1]. Non-finite input and
// a QR iteration that does not converge are errors, in the words of op.
func Eig(op string, x *Tensor, vectors bool) (w, v *Tensor, err error) {
	if x.dtype.IsComplex() {
		return nil, nil, Errorf(RuntimeError, "%s: complex input is not supported in kael yet", op)
	}
	b, err := newMatrixBatch(op, x, true)
	if err != nil {
		return nil, nil, err
	}
	for _, e := range b.data {
		if math.IsNaN(e) || math.IsInf(e, 0) {
			return nil, nil, Errorf(RuntimeError, "%s: The input tensor A must not contain infs or NaNs.", op)
		}
	}
	n := b.n
	cw := make([]complex128, b.count()*n)
	cv := make([]complex128, b.count()*n*n)
	wr, wi := make([]float64, n), make([]float64, n)
	vr := make([]float64, n*n)
	jobvr := lapack.RightEVNone
	if vectors {
		jobvr = lapack.RightEVCompute
	}
	for i := range b.count() {
		a := b.mat(i)
		right := blas64.General{Rows: n, Cols: n, Stride: max(n, 1), Data: vr}
		if !vectors {
			right = blas64.General{Stride: 1}
		}
		work := make([]float64, 1)
		left := blas64.General{Stride: 1}
		lapack64.Geev(lapack.LeftEVNone, jobvr, a, wr, wi, left, right, work, -1)
		work = make([]float64, max(int(work[0]), 4*n, 1))
		if first := lapack64.Geev(lapack.LeftEVNone, jobvr, a, wr, wi, left, right, work, len(work)); first > 0 {
			return nil, nil, b.linalgError(i, "The algorithm failed to converge because the input matrix is ill-conditioned or has too many repeated eigenvalues (error code: %d).", first)
		}
		for j := range n {
			cw[i*n+j] = complex(wr[j], wi[j])
		}
		out := cv[i*n*n : (i+1)*n*n]
		for j := 0; vectors && j < n; j++ {
			if wi[j] == 0 || j+1 == n {
				for r := range n {
					out[r*n+j] = complex(vr[r*n+j], 0)
				}
				continue
			}
			for r := range n {
				re, im := vr[r*n+j], vr[r*n+j+1]
				out[r*n+j], out[r*n+j+1] = complex(re, im), complex(re, -im)
			}
			j++
		}
	}
	cdt := Complex128
	if x.dtype != Float64 {
		cdt = Complex64
	}
	batch := append([]int{}, b.batch...)
	if w, err = FromSlice(cw, append(batch, n)...); err == nil {
		w, err = w.To(cdt)
	}
	if err != nil || !vectors {
		return w, nil, err
	}
	if v, err = FromSlice(cv, append(batch, n, n)...); err == nil {
		v, err = v.To(cdt)
	}
	return w, v, err
}
