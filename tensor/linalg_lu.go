package tensor

import (
	"fmt"
	"slices"

	"gonum.org/v1/gonum/lapack/lapack64"
)

// The LU factorization with partial pivoting of torch.linalg.lu_factor
// (LAPACK's getrf): A = P L U, L unit lower triangular and U upper, packed
// in one matrix as LAPACK packs them, with the row interchanges as
// 1-based int32 pivots.

// LUFactorEx returns the packed LU factors, the pivots and the int32 info
// of each m×n matrix of x (0, or the 1-based position of the first zero on
// U's diagonal), as torch.linalg.lu_factor_ex; with check a zero on U's
// diagonal is the RuntimeError op (torch.linalg.lu_factor) raises.
func LUFactorEx(op string, x *Tensor, check bool) (lu, pivots, info *Tensor, err error) {
	b, err := newMatrixBatch(op, x, false)
	if err != nil {
		return nil, nil, nil, err
	}
	k := min(b.m, b.n)
	ipiv := make([]int, k)
	piv := make([]float64, b.count()*k)
	codes := make([]int, b.count())
	for i := range b.count() {
		a := b.mat(i)
		lapack64.Getrf(a, ipiv)
		for j := range k {
			piv[i*k+j] = float64(ipiv[j] + 1)
			if codes[i] == 0 && a.Data[j*a.Stride+j] == 0 {
				codes[i] = j + 1
			}
		}
	}
	if i := firstFailure(codes); check && i >= 0 {
		return nil, nil, nil, luZeroPivotError(op, b, i, codes[i])
	}
	if lu, err = b.tensor(b.data, b.m, b.n); err != nil {
		return nil, nil, nil, err
	}
	pt, err := FromSlice(piv, append(slices.Clone(b.batch), k)...)
	if err != nil {
		return nil, nil, nil, err
	}
	if pivots, err = pt.To(Int32); err != nil {
		return nil, nil, nil, err
	}
	info, err = b.infoTensor(codes)
	return lu, pivots, info, err
}

// luZeroPivotError is PyTorch's RuntimeError (not a LinAlgError) for a
// zero on the diagonal of U at 1-based position j of matrix i.
func luZeroPivotError(op string, b *matrixBatch, i, j int) error {
	batch := ""
	if len(b.batch) > 0 {
		batch = fmt.Sprintf("(Batch element %d): ", i)
	}
	return Errorf(RuntimeError, "%s: %sU[%d,%d] is zero and using it on lu_solve would result in a division by zero. If you still want to perform the factorization, consider calling linalg.lu(A, pivot) or linalg.lu_factor_ex(A, pivot)", op, batch, j, j)
}

// LUPermutation returns the permutation matrices P (m×m, in dtype) of the
// 1-based pivots of LU factorizations (a batch of k row interchanges,
// applied in order to A's rows): A = P L U.
func LUPermutation(pivots *Tensor, m int, dtype DType) (*Tensor, error) {
	if pivots.dtype != Int32 {
		return nil, typeErrorf("lu_unpack: LU_pivots is expected to be a contiguous tensor of torch.int32 dtype. Note: this function is intended to be used with the output produced by torch.linalg.lu_factor")
	}
	if pivots.Dim() < 1 {
		return nil, Errorf(RuntimeError, "lu_unpack: LU_pivots must have at least one dimension")
	}
	piv, err := pivots.Float64s()
	if err != nil {
		return nil, err
	}
	k := pivots.shape[pivots.Dim()-1]
	count := 1
	if k > 0 {
		count = len(piv) / k
	} else {
		count = numel(pivots.shape[:pivots.Dim()-1])
	}
	out := make([]float64, count*m*m)
	perm := make([]int, m)
	for i := range count {
		for r := range perm {
			perm[r] = r
		}
		for j := range k {
			p := int(piv[i*k+j]) - 1
			if p < 0 || p >= m || j >= m {
				return nil, Errorf(RuntimeError, "lu_unpack: pivot %d out of range for %d rows", p+1, m)
			}
			perm[j], perm[p] = perm[p], perm[j]
		}
		// Row j of Pᵀ A is row perm[j] of A: P[perm[j], j] = 1.
		for j, r := range perm {
			out[i*m*m+r*m+j] = 1
		}
	}
	t, err := FromSlice(out, append(slices.Clone(pivots.shape[:pivots.Dim()-1]), m, m)...)
	if err != nil {
		return nil, err
	}
	return t.To(dtype)
}
