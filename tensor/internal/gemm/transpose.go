package gemm

import "fmt"

// TransposeInto writes the transpose of a rows×k block of src (row x
// from src[x·ld], k contiguous values) into the first rows columns of k
// rows of a sliver nr wide: dst[p·nr + x] = src[x·ld + p] for x < rows,
// p < k; the rest of dst is left as it is. Where nr is the kernel's
// width (PackedWidth) it runs on the kernel's transposers, those that
// pack a transposed B. A producer of a Packed whose values come in runs
// along K (a convolution's columns, gathered for the forward, kept for
// the weight gradient in the layout the weight gradient's B is read in)
// transposes them with it while they are in cache.
func TransposeInto[T float32 | float64](dst []T, nr int, src []T, ld, rows, k int) {
	if rows <= 0 || k <= 0 {
		return
	}
	if rows > nr || ld < 0 || len(dst) < (k-1)*nr+rows || len(src) < (rows-1)*ld+k {
		panic(fmt.Sprintf("gemm: TransposeInto of %d×%d (ld %d, %d values) into width %d (%d values) out of range", rows, k, ld, len(src), nr, len(dst)))
	}
	kn := kernelFor[T]()
	x := 0
	if nr == kn.nr {
		if rows == nr && kn.transB != nil {
			kn.transB(&dst[0], &src[0], ld, k)
			return
		}
		for _, pt := range kn.partB {
			for ; rows-x >= pt.rows; x += pt.rows {
				pt.fn(&dst[x], &src[x*ld], ld, k)
			}
		}
	}
	for ; x < rows; x++ {
		for p, v := range src[x*ld:][:k] {
			dst[p*nr+x] = v
		}
	}
}
