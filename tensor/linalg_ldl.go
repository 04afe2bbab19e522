package tensor

import (
	"math"
	"slices"
)

// The LDLᵀ factorization of symmetric matrices with Bunch-Kaufman
// pivoting, torch.linalg.ldl_factor and ldl_solve: LAPACK's dsytf2 and
// dsytrs for the lower triangle, written out here (gonum has no dsytrf),
// step for step as the reference routines so that the factors and pivots
// are LAPACK's. L is unit lower triangular, D block diagonal with 1×1 and
// 2×2 blocks; LD packs D on the diagonal (and the 2×2 blocks' subdiagonal
// entries) and L below. Pivots are LAPACK's 1-based int32 encoding: k > 0
// a 1×1 block with rows k and pivots[k] swapped, pivots[k] = pivots[k+1]
// = -p < 0 a 2×2 block with rows k+1 and p swapped. Not differentiable.

// ldlAlpha is Bunch and Kaufman's (1 + sqrt(17)) / 8.
var ldlAlpha = (1 + math.Sqrt(17)) / 8

// LDLFactorEx returns LD, the pivots and the info of each symmetric matrix
// of x, reading its lower triangle (info: 0, or the 1-based position of a
// zero 1×1 block of D, when the factors exist but D is singular); with
// check a nonzero info is op's LinAlgError.
func LDLFactorEx(op string, x *Tensor, check bool) (ld, pivots, info *Tensor, err error) {
	b, err := newMatrixBatch(op, x, true)
	if err != nil {
		return nil, nil, nil, err
	}
	n := b.n
	piv := make([]float64, b.count()*n)
	codes := make([]int, b.count())
	for i := range b.count() {
		a := b.mat(i).Data
		codes[i] = sytf2Lower(a, n, piv[i*n:(i+1)*n])
		for r := range n {
			for c := r + 1; c < n; c++ {
				a[r*n+c] = 0
			}
		}
	}
	if i := firstFailure(codes); check && i >= 0 {
		return nil, nil, nil, b.linalgError(i, "The factorization could not be completed because the block diagonal matrix D is singular (its diagonal element %d is zero).", codes[i])
	}
	if ld, err = b.tensor(b.data, n, n); err != nil {
		return nil, nil, nil, err
	}
	pt, err := FromSlice(piv, append(slices.Clone(b.batch), n)...)
	if err != nil {
		return nil, nil, nil, err
	}
	if pivots, err = pt.To(Int32); err != nil {
		return nil, nil, nil, err
	}
	info, err = b.infoTensor(codes)
	return ld, pivots, info, err
}

// sytf2Lower is dsytf2 with UPLO = 'L' on the row-major n×n matrix a (the
// element of 1-based row i and column j is a[(i-1)*n+j-1]); it writes the
// 1-based pivots and returns the info.
func sytf2Lower(a []float64, n int, piv []float64) int {
	at := func(i, j int) *float64 { return &a[(i-1)*n+j-1] }
	swap := func(p, q *float64) { *p, *q = *q, *p }
	// colArgmax is the first row r in [from, to] with the largest |A(r, col)|.
	colArgmax := func(col, from, to int) int {
		best, bi := -1.0, from
		for r := from; r <= to; r++ {
			if v := math.Abs(*at(r, col)); v > best {
				best, bi = v, r
			}
		}
		return bi
	}
	info := 0
	for k := 1; k <= n; {
		kstep := 1
		absakk := math.Abs(*at(k, k))
		imax, colmax := k, 0.0
		if k < n {
			imax = colArgmax(k, k+1, n)
			colmax = math.Abs(*at(imax, k))
		}
		kp := k
		if max(absakk, colmax) == 0 || math.IsNaN(absakk) {
			if info == 0 {
				info = k
			}
		} else {
			if absakk < ldlAlpha*colmax {
				// The largest off-diagonal element of row imax.
				jmax, rowmax := k, -1.0
				for j := k; j < imax; j++ {
					if v := math.Abs(*at(imax, j)); v > rowmax {
						jmax, rowmax = j, v
					}
				}
				if imax < n {
					jmax = colArgmax(imax, imax+1, n)
					rowmax = max(rowmax, math.Abs(*at(jmax, imax)))
				}
				switch {
				case absakk >= ldlAlpha*colmax*(colmax/rowmax):
				case math.Abs(*at(imax, imax)) >= ldlAlpha*rowmax:
					kp = imax
				default:
					kp, kstep = imax, 2
				}
			}
			kk := k + kstep - 1
			if kp != kk {
				for r := kp + 1; r <= n; r++ {
					swap(at(r, kk), at(r, kp))
				}
				for j := kk + 1; j < kp; j++ {
					swap(at(j, kk), at(kp, j))
				}
				swap(at(kk, kk), at(kp, kp))
				if kstep == 2 {
					swap(at(k+1, k), at(kp, k))
				}
			}
			if kstep == 1 {
				if k < n {
					d11 := 1 / *at(k, k)
					for j := k + 1; j <= n; j++ {
						temp := -d11 * *at(j, k) // dsyr's order of rounding
						for i := j; i <= n; i++ {
							*at(i, j) += *at(i, k) * temp
						}
					}
					for r := k + 1; r <= n; r++ {
						*at(r, k) *= d11
					}
				}
			} else if k < n-1 {
				d21 := *at(k+1, k)
				d11 := *at(k+1, k+1) / d21
				d22 := *at(k, k) / d21
				t := 1 / (d11*d22 - 1)
				d21 = t / d21
				for j := k + 2; j <= n; j++ {
					wk := d21 * (d11**at(j, k) - *at(j, k+1))
					wkp1 := d21 * (d22**at(j, k+1) - *at(j, k))
					for i := j; i <= n; i++ {
						*at(i, j) -= *at(i, k)*wk + *at(i, k+1)*wkp1
					}
					*at(j, k) = wk
					*at(j, k+1) = wkp1
				}
			}
		}
		if kstep == 1 {
			piv[k-1] = float64(kp)
		} else {
			piv[k-1], piv[k] = float64(-kp), float64(-kp)
		}
		k += kstep
	}
	return info
}

// LDLSolve returns X with A X = B from ldl_factor's (LD, pivots) of each
// symmetric A and each n×k matrix of b (dsytrs); the batches must agree.
func LDLSolve(op string, ld, pivots, b *Tensor) (*Tensor, error) {
	if b.Dim() < 2 {
		return nil, Errorf(RuntimeError, "%s: The input tensor B must have at least 2 dimensions.", op)
	}
	if pivots.dtype != Int32 {
		return nil, Errorf(RuntimeError, "%s: Expected LU_pivots to be of Int type, but got %s", op, pivots.dtype.ScalarTypeName())
	}
	if ld.dtype != b.dtype {
		return nil, typeErrorf("%s: Expected LD and B to have the same dtype, but found LD of type %s and B of type %s instead", op, ld.dtype.ScalarTypeName(), b.dtype.ScalarTypeName())
	}
	am, err := newMatrixBatch(op, ld, true)
	if err != nil {
		return nil, err
	}
	n := am.n
	if b.shape[b.Dim()-2] != n || !slices.Equal(b.shape[:b.Dim()-2], am.batch) || !slices.Equal(pivots.shape, append(slices.Clone(am.batch), n)) {
		return nil, Errorf(RuntimeError, "%s: Incompatible shapes of LD, pivots and B (%v, %v and %v)", op, ld.shape, pivots.shape, b.shape)
	}
	bm, err := newMatrixBatch(op, b, false)
	if err != nil {
		return nil, err
	}
	piv, err := pivots.Float64s()
	if err != nil {
		return nil, err
	}
	for i := range am.count() {
		if err := checkLDLPivots(op, piv[i*n:(i+1)*n]); err != nil {
			return nil, err
		}
		sytrsLower(am.mat(i).Data, n, piv[i*n:(i+1)*n], bm.mat(i).Data, bm.n)
	}
	return bm.tensor(bm.data, n, bm.n)
}

// checkLDLPivots checks one matrix's pivots are those ldl_factor gives:
// a row in [1, n] for a 1×1 block, or the same negated row in [1, n] at
// both places of a 2×2 block. (PyTorch reads other pivots as rows and
// fails; sytrsLower would index out of its matrix.)
func checkLDLPivots(op string, piv []float64) error {
	n := len(piv)
	for c := 0; c < n; c++ {
		p := int(piv[c])
		switch {
		case p >= 1 && p <= n:
		case p <= -1 && -p <= n && c+1 < n && int(piv[c+1]) == p:
			c++
		default:
			return Errorf(RuntimeError, "%s: pivot %d at position %d is not one ldl_factor gives (a row in [1, %d], or the same negated row for both rows of a 2×2 block)", op, p, c, n)
		}
	}
	return nil
}

// sytrsLower is dsytrs with UPLO = 'L': a row-major n×n LD, 1-based
// pivots, and the row-major n×k right-hand sides b, overwritten by X.
func sytrsLower(a []float64, n int, piv []float64, b []float64, k int) {
	at := func(i, j int) float64 { return a[(i-1)*n+j-1] }
	row := func(i int) []float64 { return b[(i-1)*k : i*k] }
	swapRows := func(p, q int) {
		if p != q {
			rp, rq := row(p), row(q)
			for j := range k {
				rp[j], rq[j] = rq[j], rp[j]
			}
		}
	}
	// L D X = B.
	for c := 1; c <= n; {
		if p := int(piv[c-1]); p > 0 {
			swapRows(c, p)
			for r := c + 1; r <= n; r++ {
				for j := range k {
					row(r)[j] -= at(r, c) * row(c)[j]
				}
			}
			s := 1 / at(c, c)
			for j := range k {
				row(c)[j] *= s
			}
			c++
			continue
		}
		swapRows(c+1, -int(piv[c-1]))
		for r := c + 2; r <= n; r++ {
			for j := range k {
				row(r)[j] -= at(r, c) * row(c)[j]
			}
		}
		for r := c + 2; r <= n; r++ {
			for j := range k {
				row(r)[j] -= at(r, c+1) * row(c + 1)[j]
			}
		}
		akm1k := at(c+1, c)
		akm1 := at(c, c) / akm1k
		ak := at(c+1, c+1) / akm1k
		denom := akm1*ak - 1
		for j := range k {
			bkm1, bk := row(c)[j]/akm1k, row(c + 1)[j]/akm1k
			row(c)[j] = (ak*bkm1 - bk) / denom
			row(c + 1)[j] = (akm1*bk - bkm1) / denom
		}
		c += 2
	}
	// Lᵀ X = B.
	for c := n; c >= 1; {
		if p := int(piv[c-1]); p > 0 {
			for j := range k {
				for r := c + 1; r <= n; r++ {
					row(c)[j] -= row(r)[j] * at(r, c)
				}
			}
			swapRows(c, p)
			c--
			continue
		}
		for j := range k {
			for r := c + 1; r <= n; r++ {
				row(c)[j] -= row(r)[j] * at(r, c)
				row(c - 1)[j] -= row(r)[j] * at(r, c-1)
			}
		}
		swapRows(c, -int(piv[c-1]))
		c -= 2
	}
}
