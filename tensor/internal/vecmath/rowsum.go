package vecmath

// The kernels of NumPy's order of float additions (tensor's
// reduce_rows.go and reduce_pairwise.go): rows added one after the
// other into an accumulator, and the eight-accumulator block of NumPy's
// pairwise_sum. Each lane of a vector register performs the scalar
// loop's additions in the scalar loop's order, so every implementation
// gives the Go loop's bits (a NaN's payload aside).

// SumRowsFloat64 sets acc to the sum of k rows of x, stride elements
// apart, in order from +0.0: acc[j] = ((+0.0 + x[j]) + x[stride+j]) + ...
// + x[(k-1)*stride+j], rounded after each addition, as NumPy adds the rows
// of a C-contiguous array reduced over its leading axes (-0.0 rows sum to
// +0.0). acc is only written, never read, so a fresh output needs no
// clear before it: the first pass starts its registers at +0.0. The
// vector kernels take eight rows at a time, sweeping the columns with one
// pointer per row (eight sequential streams), each column's sum in a
// register from the load of acc to its store: one load and one store of
// acc per eight rows, not per row; fewer than eight rows left are added a
// row at a time within a register of columns. x must hold
// (k-1)*stride+len(acc) elements and must not overlap acc.
func SumRowsFloat64(acc, x []float64, stride, k int) {
	n := len(acc)
	if n == 0 {
		return
	}
	if k <= 0 {
		clear(acc)
		return
	}
	x = rowsSpan(x, n, stride, k)
	if n8 := n &^ 7; n8 > 0 {
		im := impls.Current()
		r := 0
		for ; r+8 <= k; r += 8 {
			im.sumRows8F64(acc[:n8], x[r*stride:], stride, r == 0)
		}
		if r < k {
			im.sumRowsF64(acc[:n8], x[r*stride:], stride, k-r, r == 0)
		}
		acc, x = acc[n8:], x[n8:]
	}
	sumRowsGeneric(acc, x, stride, k, true)
}

// SumRowsFloat32 is SumRowsFloat64 for float32, each sum rounded to
// float32.
func SumRowsFloat32(acc, x []float32, stride, k int) {
	n := len(acc)
	if n == 0 {
		return
	}
	if k <= 0 {
		clear(acc)
		return
	}
	x = rowsSpan(x, n, stride, k)
	if n16 := n &^ 15; n16 > 0 {
		im := impls.Current()
		r := 0
		for ; r+8 <= k; r += 8 {
			im.sumRows8F32(acc[:n16], x[r*stride:], stride, r == 0)
		}
		if r < k {
			im.sumRowsF32(acc[:n16], x[r*stride:], stride, k-r, r == 0)
		}
		acc, x = acc[n16:], x[n16:]
	}
	sumRowsGeneric(acc, x, stride, k, true)
}

// rowsSpan returns x cut to the k rows of n elements, stride apart, that
// SumRowsFloat64 reads, panicking (before any assembly reads past it)
// when x is shorter or the stride negative.
func rowsSpan[T float32 | float64](x []T, n, stride, k int) []T {
	need := (k-1)*stride + n
	if stride < 0 || need > len(x) {
		panic("vecmath: SumRows: x holds fewer than (k-1)*stride+len(acc) elements")
	}
	return x[:need]
}

// sumRows8Generic is the eight-row kernel in Go.
func sumRows8Generic[T float32 | float64](acc, x []T, stride int, zero bool) {
	sumRowsGeneric(acc, x, stride, 8, zero)
}

// sumRowsGeneric adds k rows of x to acc in Go, a row at a time, the
// same additions in the same order as the vector kernels; with zero set
// it starts from +0.0 and does not read acc.
func sumRowsGeneric[T float32 | float64](acc, x []T, stride, k int, zero bool) {
	n := len(acc)
	for r := range k {
		row := x[r*stride : r*stride+n]
		if r == 0 && zero {
			var z T // +0.0, added: -0.0 becomes +0.0 as on a cleared acc
			for j := range acc {
				acc[j] = z + row[j]
			}
			continue
		}
		for j := range acc {
			acc[j] += row[j]
		}
	}
}

// PairwiseBlockFloat64 is the block of NumPy's pairwise_sum (numpy/core/
// src/umath/loops_utils.h.src) for 8 <= len(x) <= 128: eight
// accumulators r[k] = x[k], each adding x[i+k] for i = 8, 16, ... over
// the whole eights, combined as ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)), then
// the remaining len(x)%8 elements added in order. The eight accumulators
// are the lanes of one AVX-512 register (two AVX2 ones). It panics when x
// holds fewer than 8 elements.
func PairwiseBlockFloat64(x []float64) float64 {
	n8 := len(x) &^ 7
	if n8 == 0 {
		panic("vecmath: PairwiseBlockFloat64 of fewer than 8 elements")
	}
	res := impls.Current().pairwiseF64(x[:n8])
	for _, v := range x[n8:] {
		res += v
	}
	return res
}

// PairwiseBlockFloat32 is PairwiseBlockFloat64 for float32, the
// accumulators (the lanes of one AVX register) and every sum in float32.
func PairwiseBlockFloat32(x []float32) float32 {
	n8 := len(x) &^ 7
	if n8 == 0 {
		panic("vecmath: PairwiseBlockFloat32 of fewer than 8 elements")
	}
	res := impls.Current().pairwiseF32(x[:n8])
	for _, v := range x[n8:] {
		res += v
	}
	return res
}

// pairwiseGeneric is the pairwise block in Go for a length that is a
// multiple of 8, at least 8, without the remainder.
func pairwiseGeneric[T float32 | float64](x []T) T {
	r0, r1, r2, r3 := x[0], x[1], x[2], x[3]
	r4, r5, r6, r7 := x[4], x[5], x[6], x[7]
	for i := 8; i+8 <= len(x); i += 8 {
		b := x[i : i+8 : i+8]
		r0 += b[0]
		r1 += b[1]
		r2 += b[2]
		r3 += b[3]
		r4 += b[4]
		r5 += b[5]
		r6 += b[6]
		r7 += b[7]
	}
	return ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
}
