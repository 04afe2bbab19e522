package tensor

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/kael-dev/kael/internal/libm"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack"
	"gonum.org/v1/gonum/lapack/lapack64"
)

// The decompositions of torch.linalg, computed by gonum's LAPACK
// (lapack64, the reference Fortran algorithms ported to Go) on batches of
// matrices: the last two dimensions are the matrix, the others the batch.
// float32 inputs are computed in float64 and rounded, so they are at least
// as accurate as PyTorch's single-precision LAPACK calls. Integer and bool
// inputs are refused, as in PyTorch.

// matrixBatch is a batch of m×n matrices in row-major float64.
type matrixBatch struct {
	op    string
	batch []int // the leading dimensions
	m, n  int
	data  []float64
	dtype DType // of the input, and so of the results
}

// count returns the number of matrices.
func (b *matrixBatch) count() int { return numel(b.batch) }

// mat returns matrix i as a gonum General sharing b's data.
func (b *matrixBatch) mat(i int) blas64.General {
	size := b.m * b.n
	return blas64.General{Rows: b.m, Cols: b.n, Stride: max(b.n, 1), Data: b.data[i*size : (i+1)*size]}
}

// checkMatrices refuses an x that is not a batch of floating matrices
// (square ones when square is set), with PyTorch's messages.
func checkMatrices(op string, x *Tensor, square bool) error {
	if !x.dtype.IsFloating() {
		return typeErrorf("%s: Expected a floating point or complex tensor as input. Got %s", op, x.dtype.String()).
			WithHint("convert the input with .to(float32) or .to(float64) first")
	}
	if x.Dim() < 2 {
		return Errorf(RuntimeError, "%s: The input tensor A must have at least 2 dimensions.", op)
	}
	if m, n := x.shape[x.Dim()-2], x.shape[x.Dim()-1]; square && m != n {
		return Errorf(RuntimeError, "%s: A must be batches of square matrices, but they are %d by %d matrices", op, m, n)
	}
	return nil
}

// newMatrixBatch reads x as a batch of matrices for op.
func newMatrixBatch(op string, x *Tensor, square bool) (*matrixBatch, error) {
	if err := checkMatrices(op, x, square); err != nil {
		return nil, err
	}
	data, err := x.Float64s()
	if err != nil {
		return nil, err
	}
	m, n := x.shape[x.Dim()-2], x.shape[x.Dim()-1]
	return &matrixBatch{op: op, batch: slices.Clone(x.shape[:x.Dim()-2]), m: m, n: n, data: data, dtype: x.dtype}, nil
}

// tensor returns data (row-major float64) as a tensor of the batch's
// leading dimensions followed by dims, in the batch's dtype.
func (b *matrixBatch) tensor(data []float64, dims ...int) (*Tensor, error) {
	t, err := FromSlice(data, append(append([]int{}, b.batch...), dims...)...) // never nil: 0-d when both are empty
	if err != nil {
		return nil, err
	}
	return t.To(b.dtype)
}

// linalgError is PyTorch's torch.linalg.LinAlgError, a RuntimeError, with
// the batch element named when there are several.
func (b *matrixBatch) linalgError(i int, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if len(b.batch) > 0 {
		msg = fmt.Sprintf("(Batch element %d): %s", i, msg)
	}
	return Errorf(LinAlgError, "%s: %s", b.op, msg)
}

// infoTensor returns LAPACK's info codes, one per matrix, as PyTorch's
// int32 info tensor of the batch's shape.
func (b *matrixBatch) infoTensor(info []int) (*Tensor, error) {
	data := make([]float64, len(info))
	for i, v := range info {
		data[i] = float64(v)
	}
	t, err := FromSlice(data, b.batch...)
	if err != nil {
		return nil, err
	}
	return t.To(Int32)
}

// firstFailure returns the first matrix whose info code is not zero, or -1.
func firstFailure(info []int) int {
	for i, v := range info {
		if v != 0 {
			return i
		}
	}
	return -1
}

// zeroPivot returns the 1-based position of the first zero on the diagonal
// of the LU factor in a (0 when there is none).
func zeroPivot(a blas64.General) int {
	for j := range a.Rows {
		if a.Data[j*a.Stride+j] == 0 {
			return j + 1
		}
	}
	return 0
}

// Inv returns the inverse of each square matrix of x, as torch.linalg.inv,
// and computed as PyTorch does: by solving A X = I from the LU factors. A
// singular matrix is a LinAlgError naming the zero pivot.
func Inv(x *Tensor) (*Tensor, error) {
	return checkedEx(invEx("linalg.inv", x))
}

// InvEx is torch.linalg.inv_ex: the inverse of each square matrix of x and
// the int32 info of each (0, or the 1-based position of the first zero
// pivot of its LU factors, when the inverse holds infs and NaNs). op names
// the function in the error that check (check_errors=True) raises.
func InvEx(op string, x *Tensor, check bool) (inv, info *Tensor, err error) {
	return exResult(invEx(op, x), check)
}

// exAttempt is a decomposition run to the end whatever its matrices: the
// result, LAPACK's info per matrix and the error the first failure makes.
type exAttempt struct {
	out     *Tensor
	b       *matrixBatch
	info    []int
	failure func(i int) error
	err     error
}

// checkedEx returns the result of an attempt, or the error of its first
// failing matrix.
func checkedEx(a exAttempt) (*Tensor, error) {
	if a.err != nil {
		return nil, a.err
	}
	if i := firstFailure(a.info); i >= 0 {
		return nil, a.failure(i)
	}
	return a.out, nil
}

// exResult returns the result of an attempt with its info tensor; with
// check (check_errors=True) the first failure is an error instead.
func exResult(a exAttempt, check bool) (*Tensor, *Tensor, error) {
	if a.err != nil {
		return nil, nil, a.err
	}
	if i := firstFailure(a.info); check && i >= 0 {
		return nil, nil, a.failure(i)
	}
	info, err := a.b.infoTensor(a.info)
	if err != nil {
		return nil, nil, err
	}
	return a.out, info, nil
}

func invEx(op string, x *Tensor) exAttempt {
	b, err := newMatrixBatch(op, x, true)
	if err != nil {
		return exAttempt{err: err}
	}
	n := b.n
	ipiv := make([]int, n)
	out := make([]float64, len(b.data))
	info := make([]int, b.count())
	for i := range b.count() {
		a := b.mat(i)
		if !lapack64.Getrf(a, ipiv) {
			info[i] = zeroPivot(a)
		}
		inv := blas64.General{Rows: n, Cols: n, Stride: max(n, 1), Data: out[i*n*n : (i+1)*n*n]}
		for j := range n {
			inv.Data[j*n+j] = 1
		}
		lapack64.Getrs(blas.NoTrans, a, inv, ipiv)
	}
	t, err := b.tensor(out, n, n)
	return exAttempt{out: t, b: b, info: info, err: err, failure: func(i int) error {
		return b.linalgError(i, "The diagonal element %d is zero, the inversion could not be completed because the input matrix is singular.", info[i])
	}}
}

// Det returns the determinant of each square matrix of x, from its LU
// factorization, as torch.linalg.det (0 for a singular matrix, 1 for a 0×0
// one).
func Det(x *Tensor) (*Tensor, error) {
	b, err := newMatrixBatch("linalg.det", x, true)
	if err != nil {
		return nil, err
	}
	out := make([]float64, b.count())
	ipiv := make([]int, b.n)
	for i := range out {
		a := b.mat(i)
		lapack64.Getrf(a, ipiv)
		det := 1.0
		for j := range b.n {
			det *= a.Data[j*a.Stride+j]
			if ipiv[j] != j {
				det = -det
			}
		}
		out[i] = det
	}
	return b.tensor(out)
}

// Solve returns X with A X = B for each square matrix of A, as
// torch.linalg.solve: B is a batch of n×k matrices, or of n-vectors when it
// has one dimension fewer than A (or is 1-D); the batch dimensions
// broadcast. A and B must share a floating dtype. A singular matrix is a
// LinAlgError.
func Solve(a, bt *Tensor) (*Tensor, error) {
	return checkedEx(solveEx("linalg.solve", a, bt))
}

// SolveEx is torch.linalg.solve_ex: Solve's result and the int32 info of
// each matrix of A (0, or the 1-based position of the first zero pivot of
// its LU factors, when the result holds infs and NaNs); with check a
// failure is the error op names instead.
func SolveEx(op string, a, bt *Tensor, check bool) (x, info *Tensor, err error) {
	return exResult(solveEx(op, a, bt), check)
}

func solveEx(op string, a, bt *Tensor) exAttempt {
	x, b, info, err := solve(op, a, bt)
	return exAttempt{out: x, b: b, info: info, err: err, failure: func(i int) error {
		return b.linalgError(i, "The solver failed because the input matrix is singular.")
	}}
}

// solve is Solve run to the end: the result, the batch of A and each
// matrix's info.
func solve(op string, a, bt *Tensor) (*Tensor, *matrixBatch, []int, error) {
	if a.dtype != bt.dtype {
		return nil, nil, nil, typeErrorf("%s: Expected A and B to have the same dtype, but found A of type %s and B of type %s instead", op, a.dtype.String(), bt.dtype.String()).
			WithHint("convert B with .to(%s)", a.dtype)
	}
	if err := checkMatrices(op, a, true); err != nil {
		return nil, nil, nil, err
	}
	n := a.shape[a.Dim()-1]
	vector := bt.Dim() == 1 || (bt.Dim() == a.Dim()-1 && slices.Equal(bt.shape, a.shape[:a.Dim()-1]))
	rhs := bt
	if vector {
		var err error
		if rhs, err = bt.Unsqueeze(-1); err != nil {
			return nil, nil, nil, err
		}
	}
	if rhs.Dim() < 2 || rhs.shape[rhs.Dim()-2] != n {
		rows, cols := bt.shape[0], 1
		if rhs.Dim() >= 2 {
			rows, cols = rhs.shape[rhs.Dim()-2], rhs.shape[rhs.Dim()-1]
		}
		return nil, nil, nil, Errorf(RuntimeError, "%s: Incompatible shapes of A and B for the equation AX = B (%dx%d and %dx%d)", op, a.shape[a.Dim()-2], n, rows, cols)
	}
	batch, err := BroadcastShapes(a.shape[:a.Dim()-2], rhs.shape[:rhs.Dim()-2])
	if err != nil {
		return nil, nil, nil, err
	}
	k := rhs.shape[rhs.Dim()-1]
	ae, err := a.Expand(slices.Concat(batch, []int{n, n})...)
	if err != nil {
		return nil, nil, nil, err
	}
	be, err := rhs.Expand(slices.Concat(batch, []int{n, k})...)
	if err != nil {
		return nil, nil, nil, err
	}
	am, err := newMatrixBatch(op, ae, true)
	if err != nil {
		return nil, nil, nil, err
	}
	bm, err := newMatrixBatch(op, be, false)
	if err != nil {
		return nil, nil, nil, err
	}
	// PyTorch's messages name this one torch.linalg.solve.
	am.op = "torch." + op
	ipiv := make([]int, n)
	info := make([]int, am.count())
	for i := range am.count() {
		m := am.mat(i)
		if !lapack64.Getrf(m, ipiv) {
			info[i] = zeroPivot(m)
		}
		lapack64.Getrs(blas.NoTrans, m, bm.mat(i), ipiv)
	}
	out, err := bm.tensor(bm.data, n, k)
	if err == nil && vector {
		out, err = out.Squeeze(-1)
	}
	return out, am, info, err
}

// SolveTriangular returns X with A X = B for each triangular matrix of a
// (only its upper or lower triangle read, its diagonal taken as ones with
// unit) and each n×k matrix of b, batches broadcast, as
// torch.linalg.solve_triangular(left=True): substitution (BLAS trsm), no
// factorisation. A zero on the diagonal gives inf or NaN, as in PyTorch.
func SolveTriangular(a, b *Tensor, upper, unit bool) (*Tensor, error) {
	const op = "linalg.solve_triangular"
	if a.dtype != b.dtype {
		return nil, typeErrorf("%s: Expected A and B to have the same dtype, but found A of type %s and B of type %s instead", op, a.dtype.String(), b.dtype.String()).
			WithHint("convert B with .to(%s)", a.dtype)
	}
	if err := checkMatrices(op, a, true); err != nil {
		return nil, err
	}
	if b.Dim() < 2 {
		return nil, Errorf(RuntimeError, "%s: The input tensor B must have at least 2 dimensions.", op)
	}
	n, k := a.shape[a.Dim()-1], b.shape[b.Dim()-1]
	if b.shape[b.Dim()-2] != n {
		return nil, Errorf(RuntimeError, "%s: Incompatible shapes of A and B for the equation AX = B (%dx%d and %dx%d)", op, n, n, b.shape[b.Dim()-2], k)
	}
	batch, err := BroadcastShapes(a.shape[:a.Dim()-2], b.shape[:b.Dim()-2])
	if err != nil {
		return nil, err
	}
	ae, err := a.Expand(slices.Concat(batch, []int{n, n})...)
	if err != nil {
		return nil, err
	}
	be, err := b.Expand(slices.Concat(batch, []int{n, k})...)
	if err != nil {
		return nil, err
	}
	am, err := newMatrixBatch(op, ae, true)
	if err != nil {
		return nil, err
	}
	bm, err := newMatrixBatch(op, be, false)
	if err != nil {
		return nil, err
	}
	uplo, diag := blas.Lower, blas.NonUnit
	if upper {
		uplo = blas.Upper
	}
	if unit {
		diag = blas.Unit
	}
	for i := range am.count() {
		m := am.mat(i)
		t := blas64.Triangular{Uplo: uplo, Diag: diag, N: n, Stride: m.Stride, Data: m.Data}
		blas64.Trsm(blas.Left, blas.NoTrans, 1, t, bm.mat(i))
	}
	return bm.tensor(bm.data, n, k)
}

// Cholesky returns the lower triangular L with L Lᵀ = A for each symmetric
// positive-definite matrix of x (only its lower triangle is read), as
// torch.linalg.cholesky; upper gives U = Lᵀ instead. A matrix that is not
// positive-definite is a LinAlgError.
func Cholesky(x *Tensor, upper bool) (*Tensor, error) {
	return checkedEx(choleskyEx("linalg.cholesky", x, upper))
}

// CholeskyEx is torch.linalg.cholesky_ex: Cholesky's factors and the int32
// info of each matrix (0, or the order of its first leading minor that is
// not positive-definite, when its factor is LAPACK's partial one); with
// check a failure is the error op names instead.
func CholeskyEx(op string, x *Tensor, upper, check bool) (l, info *Tensor, err error) {
	return exResult(choleskyEx(op, x, upper), check)
}

func choleskyEx(op string, x *Tensor, upper bool) exAttempt {
	b, err := newMatrixBatch(op, x, true)
	if err != nil {
		return exAttempt{err: err}
	}
	n := b.n
	info := make([]int, b.count())
	for i := range b.count() {
		a := b.mat(i)
		orig := slices.Clone(a.Data)
		if _, ok := lapack64.Potrf(blas64.Symmetric{Uplo: blas.Lower, N: n, Stride: a.Stride, Data: a.Data}); !ok {
			info[i] = failingMinor(orig, n)
		}
		for r := range n {
			for c := r + 1; c < n; c++ {
				if upper {
					a.Data[r*n+c] = a.Data[c*n+r]
					a.Data[c*n+r] = 0
				} else {
					a.Data[r*n+c] = 0
				}
			}
		}
	}
	t, err := b.tensor(b.data, n, n)
	return exAttempt{out: t, b: b, info: info, err: err, failure: func(i int) error {
		return b.linalgError(i, "The factorization could not be completed because the input is not positive-definite (the leading minor of order %d is not positive-definite).", info[i])
	}}
}

// failingMinor returns the order of the smallest leading minor of the n×n
// row-major matrix a that is not positive-definite (Potrf only says that
// one is). Positive-definiteness of leading minors fails from some order
// on, so a binary search finds it.
func failingMinor(a []float64, n int) int {
	pd := func(k int) bool {
		m := make([]float64, k*k)
		for r := range k {
			copy(m[r*k:(r+1)*k], a[r*n:r*n+k])
		}
		_, ok := lapack64.Potrf(blas64.Symmetric{Uplo: blas.Lower, N: k, Stride: max(k, 1), Data: m})
		return ok
	}
	lo, hi := 1, n // the answer is in [lo, hi]
	for lo < hi {
		mid := (lo + hi) / 2
		if pd(mid) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// QR returns Q and R with A = Q R for each m×n matrix of x, as
// torch.linalg.qr: mode "reduced" gives Q m×k and R k×n (k = min(m, n)),
// "complete" Q m×m and R m×n, "r" only R (Q is an empty tensor).
func QR(x *Tensor, mode string) (q, r *Tensor, err error) {
	if mode != "reduced" && mode != "complete" && mode != "r" {
		return nil, nil, Errorf(RuntimeError, "qr received unrecognized mode '%s' but expected one of 'reduced' (default), 'r', or 'complete'", mode)
	}
	b, err := newMatrixBatch("linalg.qr", x, false)
	if err != nil {
		return nil, nil, err
	}
	m, n, k := b.m, b.n, min(b.m, b.n)
	qCols, rRows := k, k
	if mode == "complete" {
		qCols, rRows = m, m
	}
	qData := make([]float64, b.count()*m*qCols)
	rData := make([]float64, b.count()*rRows*n)
	tau := make([]float64, k)
	for i := range b.count() {
		if k == 0 { // nothing to factor: R is empty, a complete Q the identity
			qm := qData[i*m*qCols : (i+1)*m*qCols]
			for j := range min(m, qCols) {
				qm[j*qCols+j] = 1
			}
			continue
		}
		a := b.mat(i)
		work := make([]float64, 1)
		lapack64.Geqrf(a, tau, work, -1)
		work = make([]float64, max(int(work[0]), n, 1))
		lapack64.Geqrf(a, tau, work, len(work))
		rm := rData[i*rRows*n : (i+1)*rRows*n]
		for row := range min(rRows, m) {
			for c := row; c < n; c++ {
				rm[row*n+c] = a.Data[row*a.Stride+c]
			}
		}
		if mode == "r" || m == 0 || qCols == 0 {
			continue
		}
		qm := qData[i*m*qCols : (i+1)*m*qCols]
		for row := range m {
			copy(qm[row*qCols:row*qCols+min(qCols, n)], a.Data[row*a.Stride:row*a.Stride+min(qCols, n)])
		}
		qg := blas64.General{Rows: m, Cols: qCols, Stride: qCols, Data: qm}
		lapack64.Orgqr(qg, tau, work, -1)
		work = make([]float64, max(int(work[0]), qCols, 1))
		lapack64.Orgqr(qg, tau, work, len(work))
	}
	if r, err = b.tensor(rData, rRows, n); err != nil {
		return nil, nil, err
	}
	if mode == "r" {
		q, err = Empty(b.dtype, 0)
		return q, r, err
	}
	q, err = b.tensor(qData, m, qCols)
	return q, r, err
}

// Eigh returns the eigenvalues (ascending) and orthonormal eigenvectors
// (the columns of V) of each symmetric matrix of x, reading its lower
// triangle (upper when uplo is "U"), as torch.linalg.eigh. With vectors
// false only the eigenvalues are computed (torch.linalg.eigvalsh) and V is
// nil.
func Eigh(x *Tensor, uplo string, vectors bool) (values, v *Tensor, err error) {
	op := "linalg.eigh"
	if !vectors {
		op = "linalg.eigvalsh"
	}
	tri := blas.Lower
	switch uplo {
	case "L":
	case "U":
		tri = blas.Upper
	default:
		return nil, nil, Errorf(RuntimeError, "Expected UPLO argument to be 'L' or 'U', but got %s", uplo)
	}
	b, err := newMatrixBatch(op, x, true)
	if err != nil {
		return nil, nil, err
	}
	n := b.n
	job := lapack.EVNone
	if vectors {
		job = lapack.EVCompute
	}
	w := make([]float64, b.count()*n)
	for i := range b.count() {
		a := b.mat(i)
		sym := blas64.Symmetric{Uplo: tri, N: n, Stride: a.Stride, Data: a.Data}
		work := make([]float64, 1)
		lapack64.Syev(job, sym, w[i*n:(i+1)*n], work, -1)
		work = make([]float64, max(int(work[0]), 3*n-1, 1))
		var ok bool
		if err := stoppable(n*n*n, func() { ok = lapack64.Syev(job, sym, w[i*n:(i+1)*n], work, len(work)) }); err != nil {
			return nil, nil, err
		}
		if !ok {
			return nil, nil, b.linalgError(i, "The algorithm failed to converge because the input matrix is ill-conditioned or has too many repeated eigenvalues.")
		}
	}
	if values, err = b.tensor(w, n); err != nil || !vectors {
		return values, nil, err
	}
	v, err = b.tensor(b.data, n, n)
	return values, v, err
}

// SVD returns U, S and Vh with A = U diag(S) Vh for each m×n matrix of x,
// as torch.linalg.svd: S descending; with fullMatrices U is m×m and Vh
// n×n, else m×k and k×n (k = min(m, n)). With vectors false only S is
// computed (torch.linalg.svdvals) and U, Vh are nil.
func SVD(x *Tensor, fullMatrices, vectors bool) (u, s, vh *Tensor, err error) {
	op := "linalg.svd"
	if !vectors {
		op = "linalg.svdvals"
	}
	b, err := newMatrixBatch(op, x, false)
	if err != nil {
		return nil, nil, nil, err
	}
	m, n, k := b.m, b.n, min(b.m, b.n)
	job, uCols, vRows := lapack.SVDStore, k, k
	switch {
	case !vectors:
		job, uCols, vRows = lapack.SVDNone, 0, 0
	case fullMatrices:
		job, uCols, vRows = lapack.SVDAll, m, n
	}
	sData := make([]float64, b.count()*k)
	uData := make([]float64, b.count()*m*uCols)
	vData := make([]float64, b.count()*vRows*n)
	for i := range b.count() {
		if k == 0 {
			continue
		}
		a := b.mat(i)
		ug := blas64.General{Rows: m, Cols: uCols, Stride: max(uCols, 1), Data: uData[i*m*uCols : (i+1)*m*uCols]}
		vg := blas64.General{Rows: vRows, Cols: n, Stride: max(n, 1), Data: vData[i*vRows*n : (i+1)*vRows*n]}
		ss := sData[i*k : (i+1)*k]
		work := make([]float64, 1)
		lapack64.Gesvd(job, job, a, ug, vg, ss, work, -1)
		work = make([]float64, max(int(work[0]), 5*k, 3*k+max(m, n), 1))
		var ok bool
		if err := stoppable(m*n*k, func() { ok = lapack64.Gesvd(job, job, a, ug, vg, ss, work, len(work)) }); err != nil {
			return nil, nil, nil, err
		}
		if !ok {
			return nil, nil, nil, b.linalgError(i, "The algorithm failed to converge because the input matrix is ill-conditioned or has too many repeated singular values.")
		}
	}
	if s, err = b.tensor(sData, k); err != nil || !vectors {
		return nil, s, nil, err
	}
	if u, err = b.tensor(uData, m, uCols); err != nil {
		return nil, nil, nil, err
	}
	if m == 0 || n == 0 { // LAPACK leaves the vectors of an empty matrix unset; PyTorch gives identities
		if u, err = batchEye(b, m, uCols); err != nil {
			return nil, nil, nil, err
		}
		if vh, err = batchEye(b, vRows, n); err != nil {
			return nil, nil, nil, err
		}
		return u, s, vh, nil
	}
	vh, err = b.tensor(vData, vRows, n)
	return u, s, vh, err
}

// stoppableWork is the m·n·k of a decomposition above which stoppable
// runs it apart: about a tenth of a second of LAPACK.
const stoppableWork = 1 << 24

// stoppable runs f, a LAPACK routine of about work multiply-adds, so that
// an interrupt stops its caller at once although the routine itself
// cannot stop part way (gonum's iterations have no hook): a large one runs
// on a goroutine of its own while the caller looks at the interrupt flag
// every few milliseconds, and when interrupted the caller returns
// KeyboardInterrupt and the routine finishes in the background into
// buffers nobody reads any more. A panic of f is raised in the caller.
func stoppable(work int, f func()) error {
	if work < stoppableWork {
		f()
		return nil
	}
	if Interrupted() {
		return errInterrupted()
	}
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		f()
	}()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case p := <-done:
			if p != nil {
				panic(p)
			}
			return nil
		case <-tick.C:
			if Interrupted() {
				return errInterrupted()
			}
		}
	}
}

// batchEye returns identity matrices r×c for each matrix of b.
func batchEye(b *matrixBatch, r, c int) (*Tensor, error) {
	data := make([]float64, b.count()*r*c)
	for i := range b.count() {
		for j := range min(r, c) {
			data[i*r*c+j*c+j] = 1
		}
	}
	return b.tensor(data, r, c)
}

// Slogdet returns the sign and the natural logarithm of the absolute value
// of the determinant of each square matrix of x, as torch.linalg.slogdet
// (sign 0 and logabsdet -inf for a singular matrix).
func Slogdet(x *Tensor) (sign, logabsdet *Tensor, err error) {
	b, err := newMatrixBatch("linalg.slogdet", x, true)
	if err != nil {
		return nil, nil, err
	}
	signs, logs := make([]float64, b.count()), make([]float64, b.count())
	ipiv := make([]int, b.n)
	for i := range signs {
		a := b.mat(i)
		lapack64.Getrf(a, ipiv)
		sg, lg := 1.0, 0.0
		for j := range b.n {
			d := a.Data[j*a.Stride+j]
			if ipiv[j] != j {
				sg = -sg
			}
			if d < 0 {
				sg = -sg
			}
			lg += libm.Log(math.Abs(d))
		}
		if math.IsInf(lg, -1) {
			sg = 0
		}
		signs[i], logs[i] = sg, lg
	}
	if sign, err = b.tensor(signs); err != nil {
		return nil, nil, err
	}
	logabsdet, err = b.tensor(logs)
	return sign, logabsdet, err
}

// TorchTypeName returns PyTorch's name of a dtype in messages: Float,
// Double, Long, Bool.
func TorchTypeName(d DType) string { return d.String() }
