package tensor

import (
	"slices"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

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
// instead, whose bits differ.) The additions of float32 and float64 use
// vecmath's vector kernels, exact lane by lane. The result has the shape of x's trailing
// dimensions. Float16 rows are added as NumPy's half loop adds them: each
// sum in float32, rounded to float16.
func SumLeadingRows(x *Tensor, k int) (*Tensor, error) {
	if k <= 0 || k >= x.Dim() {
		return nil, valueErrorf("SumLeadingRows: %d leading dimensions of a %d-d tensor", k, x.Dim())
	}
	return SumMiddleRows(x, 0, k)
}

// SumMiddleRows returns the sum of the float16, float32 or float64 x
// over its dimensions i to j-1 (0 <= i < j < x.Dim()), in NumPy's order
// for a C-contiguous array reduced over a run of axes that leaves
// trailing ones: for each index of the first i dimensions, the rows
// below it (each the trailing dimensions flattened) are added one after
// the other, as SumLeadingRows adds them. The result has x's shape
// without dimensions i to j-1.
func SumMiddleRows(x *Tensor, i, j int) (*Tensor, error) {
	if i < 0 || j <= i || j >= x.Dim() {
		return nil, valueErrorf("SumMiddleRows: dimensions %d to %d of a %d-d tensor", i, j-1, x.Dim())
	}
	if x.dtype != Float64 && x.dtype != Float32 && x.dtype != Float16 {
		return nil, typeErrorf("SumMiddleRows: %s, not float16, float32 or float64", x.dtype)
	}
	if !x.IsContiguous() {
		var err error
		if x, err = x.Contiguous(); err != nil {
			return nil, err
		}
	}
	shape := append(slices.Clone(x.shape[:i]), x.shape[j:]...)
	outer, rows, width := numel(x.shape[:i]), numel(x.shape[i:j]), numel(x.shape[j:])
	if rows == 0 {
		return Zeros(x.dtype, shape...)
	}
	out, err := emptyOutput(x.dtype, shape...)
	if err != nil || outer*width == 0 {
		return out, err
	}
	for o := range outer {
		in, at := x.offset+o*rows*width, o*width
		if x.dtype == Float64 {
			err = sumLeadingRows(x.storage.data.([]float64)[in:], out.storage.data.([]float64)[at:at+width], rows, vecmath.SumRowsFloat64)
		} else if x.dtype == Float16 {
			err = sumLeadingRows(x.storage.data.([]F16)[in:], out.storage.data.([]F16)[at:at+width], rows, sumHalfRows)
		} else {
			err = sumLeadingRows(x.storage.data.([]float32)[in:], out.storage.data.([]float32)[at:at+width], rows, vecmath.SumRowsFloat32)
		}
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// sumLeadingRows sets out to the sum of the rows of x, each len(out) long,
// in order from +0.0, by blocks of columns (in parallel over the blocks:
// the order of the additions of each element does not depend on the
// split). sumRows(acc, x, stride, k) sets acc to the sum of the k rows of
// x, stride apart, in order from +0.0 without reading acc
// (vecmath.SumRowsFloat64, which takes them eight at a time into
// registers), so the fresh output is written once, not cleared first.
func sumLeadingRows[T float32 | float64 | F16](x, out []T, rows int, sumRows func(acc, x []T, stride, k int)) error {
	width := len(out)
	block := rowsColumnBlock(rows, width, NumThreads())
	blocks := (width + block - 1) / block
	if blocks == 1 { // one block, one thread: no closure for ParallelFor to run
		if Interrupted() {
			return errInterrupted()
		}
		sumRows(out, x, width, rows)
		return nil
	}
	return ParallelFor(blocks, max(1, GrainSize/(rows*block)), func(b, e int) {
		for blk := b; blk < e; blk++ {
			lo, hi := blk*block, min(width, (blk+1)*block)
			sumRows(out[lo:hi], x[lo:], width, rows)
		}
	})
}

// rowsColumnBlock is the number of columns sumLeadingRows gives one call
// of its kernel: rowsBlock, or, when that leaves fewer blocks than
// threads and the rows hold at least two grains of elements, the width
// shared among the threads in multiples of vectorBlock (whole cache lines
// of each row to each thread). A sum over the rows of a 1000 × 1000 array
// streams 8 MB past the caches; one core's share of the memory bandwidth
// bounds it, so two threads each streaming half of every row take about
// half the time, where NumPy's add.reduce runs on one.
func rowsColumnBlock(rows, width, threads int) int {
	if threads <= 1 || rows*width < 2*GrainSize || width >= threads*rowsBlock {
		return rowsBlock
	}
	share := (width + threads - 1) / threads
	return min(rowsBlock, max(vectorBlock, (share+vectorBlock-1)/vectorBlock*vectorBlock))
}

// sumHalfRows is vecmath.SumRowsFloat64 for float16, each sum computed
// in float32 and rounded to float16 (NumPy's half addition), the first
// row added to +0.0.
func sumHalfRows(acc, x []F16, stride, k int) {
	for r := range k {
		row := x[r*stride : r*stride+len(acc)]
		if r == 0 {
			var zero float32 // +0.0, added: -0.0 becomes +0.0 as NumPy's identity makes it
			for i := range acc {
				acc[i] = F16FromFloat32(zero + row[i].Float32())
			}
			continue
		}
		for i := range acc {
			acc[i] = F16FromFloat32(acc[i].Float32() + row[i].Float32())
		}
	}
}
