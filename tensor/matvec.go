package tensor

import "github.com/kael-dev/kael/tensor/internal/gemv"

// matVec computes p with the matrix-vector kernels of package gemv, and
// reports whether it did: p must be a single float32 product with one row
// (x·W) or one column (W·x), with the vector and the result contiguous and
// the matrix made of contiguous rows in either orientation. Such products
// read each element of the matrix once, so their speed is the memory
// bandwidth, which gemv streams on every core; gemm would first pack the
// matrix, reading it twice.
func matVec(p *mmBatch) bool {
	cd, ok := p.c.storage.data.([]float32)
	if !ok || len(p.cOffs) != 1 || p.k == 0 {
		return false
	}
	ad, bd := p.a.storage.data.([]float32), p.b.storage.data.([]float32)
	aOff, bOff, cOff := p.aOffs[0], p.bOffs[0], p.cOffs[0]
	switch {
	case p.m == 1 && (p.aCols == 1 || p.k == 1) && (p.cCols == 1 || p.n == 1):
		x, y := ad[aOff:aOff+p.k], cd[cOff:cOff+p.n]
		switch {
		case p.bCols == 1 && p.bRows >= p.n:
			gemv.VecMat(y, x, bd[bOff:], p.k, p.n, p.bRows, NumThreads())
			return true
		case p.bRows == 1 && p.bCols >= p.k:
			gemv.MatVec(y, bd[bOff:], x, p.n, p.k, p.bCols, NumThreads())
			return true
		}
	case p.n == 1 && (p.bRows == 1 || p.k == 1) && (p.cRows == 1 || p.m == 1):
		x, y := bd[bOff:bOff+p.k], cd[cOff:cOff+p.m]
		switch {
		case p.aCols == 1 && p.aRows >= p.k:
			gemv.MatVec(y, ad[aOff:], x, p.m, p.k, p.aRows, NumThreads())
			return true
		case p.aRows == 1 && p.aCols >= p.m:
			gemv.VecMat(y, x, ad[aOff:], p.k, p.m, p.aCols, NumThreads())
			return true
		}
	}
	return false
}
