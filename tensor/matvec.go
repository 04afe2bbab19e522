package tensor

import "github.com/kael-dev/kael/tensor/internal/gemv"

// matVec computes p with the matrix-vector kernels of package gemv, and
// reports whether it did: p's products must be float32 products with one
// row (x·W) or one column (W·x), with the vectors and the results
// contiguous and the matrices made of contiguous rows in either
// orientation. Such products read each element of the matrix once, so
// their speed is the memory bandwidth, which gemv streams on every core;
// gemm would first pack the matrix, reading it twice. A batch of them, as
// attention over a KV cache makes for each new token (one product per
// head, query times keys, then probabilities times values), runs one
// product per goroutine as forBatch spreads it, without gemm's packing of
// each head's keys and values.
func matVec(p *mmBatch) (bool, error) {
	cd, ok := p.c.storage.data.([]float32)
	if !ok || p.k == 0 {
		return false, nil
	}
	ad, bd := p.a.storage.data.([]float32), p.b.storage.data.([]float32)
	var one func(i, threads int)
	switch {
	case p.m == 1 && (p.aCols == 1 || p.k == 1) && (p.cCols == 1 || p.n == 1):
		switch {
		case p.bCols == 1 && p.bRows >= p.n:
			one = func(i, threads int) {
				gemv.VecMat(cd[p.cOffs[i]:p.cOffs[i]+p.n], ad[p.aOffs[i]:p.aOffs[i]+p.k], bd[p.bOffs[i]:], p.k, p.n, p.bRows, threads)
			}
		case p.bRows == 1 && p.bCols >= p.k:
			one = func(i, threads int) {
				gemv.MatVec(cd[p.cOffs[i]:p.cOffs[i]+p.n], bd[p.bOffs[i]:], ad[p.aOffs[i]:p.aOffs[i]+p.k], p.n, p.k, p.bCols, threads)
			}
		}
	case p.n == 1 && (p.bRows == 1 || p.k == 1) && (p.cRows == 1 || p.m == 1):
		switch {
		case p.aCols == 1 && p.aRows >= p.k:
			one = func(i, threads int) {
				gemv.MatVec(cd[p.cOffs[i]:p.cOffs[i]+p.m], ad[p.aOffs[i]:], bd[p.bOffs[i]:p.bOffs[i]+p.k], p.m, p.k, p.aRows, threads)
			}
		case p.aRows == 1 && p.aCols >= p.m:
			one = func(i, threads int) {
				gemv.VecMat(cd[p.cOffs[i]:p.cOffs[i]+p.m], bd[p.bOffs[i]:p.bOffs[i]+p.k], ad[p.aOffs[i]:], p.k, p.m, p.aCols, threads)
			}
		}
	}
	if one == nil {
		return false, nil
	}
	if len(p.cOffs) == 1 {
		one(0, NumThreads())
		return true, nil
	}
	return true, p.forBatch(one)
}
