package tensor

import "github.com/kael-dev/kael/tensor/internal/vecmath"

// rowsBlock is the number of results SumLeadingRows computes at a time:
// 32 KB of float64, so that the block of sums stays in the L1 cache while
// the rows stream past it.
const rowsBlock = 4096

// SumLeadingRows returns the sum of the float32 or float64 x over its
// first k dimensions (0 < k < x.Dim()), added in NumPy's order for a
// C-contiguous array reduced over its leading axes: the rows, each the
// trailing dimensions flattened, are added one after the other into the
// result, every element of which is ((r0 + r1) + r2) + ... rounded after
// each addition in x's dtype. (PyTorch's Sum adds them in a pairwise tree
// instead, whose bits differ.) The additions of float64 use the vector
// kernel, exact lane by lane. The result has the shape of x's trailing
// dimensions.
func SumLeadingRows(x *Tensor, k int) (*Tensor, error) {
	if k <= 0 || k >= x.Dim() {
		return nil, valueErrorf("SumLeadingRows: %d leading dimensions of a %d-d tensor", k, x.Dim())
	}
	if x.dtype != Float64 && x.dtype != Float32 {
		return nil, typeErrorf("SumLeadingRows: %s, not float32 or float64", x.dtype)
	}
	if !x.IsContiguous() {
		var err error
		if x, err = x.Contiguous(); err != nil {
			return nil, err
		}
	}
	out, err := emptyOutput(x.dtype, x.shape[k:]...)
	if err != nil {
		return nil, err
	}
	rows, width := numel(x.shape[:k]), out.Numel()
	if width == 0 {
		return out, nil
	}
	if rows == 0 {
		return Zeros(x.dtype, x.shape[k:]...)
	}
	if x.dtype == Float64 {
		err = sumLeadingRows(x.storage.data.([]float64)[x.offset:], out.storage.data.([]float64), rows, vecmath.AddFloat64)
	} else {
		err = sumLeadingRows(x.storage.data.([]float32)[x.offset:], out.storage.data.([]float32), rows, addVV[float32])
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// sumLeadingRows sets out to the sum of the rows of x, each len(out) long,
// in order, by blocks of columns (in parallel over the blocks: the order
// of the additions of each element does not depend on the split).
func sumLeadingRows[T float32 | float64](x, out []T, rows int, add func(o, a, b []T)) error {
	width := len(out)
	blocks := (width + rowsBlock - 1) / rowsBlock
	return ParallelFor(blocks, max(1, GrainSize/(rows*rowsBlock)), func(b, e int) {
		for blk := b; blk < e; blk++ {
			lo, hi := blk*rowsBlock, min(width, (blk+1)*rowsBlock)
			acc := out[lo:hi]
			copy(acc, x[lo:hi])
			for r := 1; r < rows; r++ {
				add(acc, acc, x[r*width+lo:r*width+hi])
			}
		}
	})
}
