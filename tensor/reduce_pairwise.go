package tensor

import "github.com/kael-dev/kael/tensor/internal/vecmath"

// numpyBufferSize is the number of elements NumPy's reduction hands its
// inner loop at a time (NPY_BUFSIZE): a run longer than this is summed
// chunk by chunk, each chunk pairwise, the chunks' sums added in order.
const numpyBufferSize = 8192

// numpyPairwiseBlock is NumPy's PW_BLOCKSIZE: a run up to this long is
// summed with eight accumulators; a longer one is split in two.
const numpyPairwiseBlock = 128

// SumTrailingPairwise returns the sum of the float16, float32 or float64 x over
// its last k dimensions (0 < k <= x.Dim()), added in NumPy's order for a
// C-contiguous array reduced over its trailing axes: each run of the
// trailing dimensions flattened is summed as NumPy's pairwise_sum sums a
// contiguous inner loop (eight accumulators over blocks of 128, split in
// halves above that), by chunks of NumPy's 8192-element buffer, starting
// from the additive identity +0.0, rounded in x's dtype. (PyTorch's Sum
// adds in another tree, whose last bits differ.) The result has the
// shape of x's leading dimensions. Float16 is summed as NumPy's half
// loop sums it: each chunk pairwise in float32, added to the float16
// result in float32 and rounded to float16 after each chunk.
func SumTrailingPairwise(x *Tensor, k int) (*Tensor, error) {
	if k <= 0 || k > x.Dim() {
		return nil, valueErrorf("SumTrailingPairwise: %d trailing dimensions of a %d-d tensor", k, x.Dim())
	}
	if x.dtype != Float64 && x.dtype != Float32 && x.dtype != Float16 {
		return nil, typeErrorf("SumTrailingPairwise: %s, not float16, float32 or float64", x.dtype)
	}
	if !x.IsContiguous() {
		var err error
		if x, err = x.Contiguous(); err != nil {
			return nil, err
		}
	}
	lead := x.shape[:x.Dim()-k]
	out, err := emptyOutput(x.dtype, lead...)
	if err != nil {
		return nil, err
	}
	runs, width := numel(lead), numel(x.shape[x.Dim()-k:])
	if runs == 0 {
		return out, nil
	}
	if x.dtype == Float64 {
		err = sumRunsPairwise(x.storage.data.([]float64)[x.offset:], out.storage.data.([]float64), width)
	} else if x.dtype == Float16 {
		err = sumRunsPairwiseHalf(x.storage.data.([]F16)[x.offset:], out.storage.data.([]F16), width)
	} else {
		err = sumRunsPairwise(x.storage.data.([]float32)[x.offset:], out.storage.data.([]float32), width)
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// sumRunsPairwise sets out[r] to NumPy's sum of x[r*width:(r+1)*width]
// for each r, in parallel over the runs.
func sumRunsPairwise[T float32 | float64](x, out []T, width int) error {
	return ParallelFor(len(out), max(1, GrainSize/max(1, width)), func(b, e int) {
		for r := b; r < e; r++ {
			out[r] = numpySum(x[r*width : (r+1)*width])
		}
	})
}

// sumRunsPairwiseHalf is sumRunsPairwise for float16.
func sumRunsPairwiseHalf(x, out []F16, width int) error {
	return ParallelFor(len(out), max(1, GrainSize/max(1, width)), func(b, e int) {
		wide := make([]float32, min(width, numpyBufferSize))
		for r := b; r < e; r++ {
			run := x[r*width : (r+1)*width]
			var res F16
			for lo := 0; lo < len(run); lo += numpyBufferSize {
				chunk := wide[:min(len(run), lo+numpyBufferSize)-lo]
				for i := range chunk {
					chunk[i] = run[lo+i].Float32()
				}
				res = F16FromFloat32(res.Float32() + pairwiseSum(chunk))
			}
			out[r] = res
		}
	})
}

// numpySum is NumPy's reduction of one contiguous run: +0.0 plus the
// pairwise sum of each buffer-sized chunk in turn.
func numpySum[T float32 | float64](x []T) T {
	var res T
	for lo := 0; lo < len(x); lo += numpyBufferSize {
		res += pairwiseSum(x[lo:min(len(x), lo+numpyBufferSize)])
	}
	return res
}

// pairwiseSum is NumPy's pairwise_sum (numpy/core/src/umath/
// loops_utils.h.src) for a contiguous run: below 8 elements one after
// the other; up to 128 in eight accumulators, combined as
// ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)), then the remainder one by one;
// above, the two halves (the first a multiple of 8 long) summed alike
// and added. The eight accumulators are the lanes of a vector register
// (vecmath.PairwiseBlockFloat64), each adding in the scalar order.
func pairwiseSum[T float32 | float64](x []T) T {
	n := len(x)
	if n < 8 {
		var res T
		for _, v := range x {
			res += v
		}
		return res
	}
	if n > numpyPairwiseBlock {
		n2 := n / 2
		n2 -= n2 % 8
		return pairwiseSum(x[:n2]) + pairwiseSum(x[n2:])
	}
	if x, ok := any(x).([]float64); ok {
		return any(vecmath.PairwiseBlockFloat64(x)).(T)
	}
	return any(vecmath.PairwiseBlockFloat32(any(x).([]float32))).(T)
}
