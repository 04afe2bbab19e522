package tensor

import (
	"slices"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// The NaN that a conversion to bfloat16 writes depends, in PyTorch 1.13's
// CPU copy, on the loop that runs it: the scalar loop rounds with
// c10::BFloat16, which gives the quiet NaN 0x7fc0 (BF16FromFloat32), while
// the vectorized loop (cvtfp32_bf16) gives 0xffff. The vectorized loop runs
// where the innermost dimension, after TensorIterator's reordering by
// stride and coalescing, has stride 1 in every operand: over float32 it
// covers whole rows, over float64 blocks of 16, leaving each row's last
// len%16 elements to the scalar loop. A 0-d tensor and a broadcast take
// the scalar loop.

// vectorRun describes the loop PyTorch runs over a layout: inner lists
// the dimensions, innermost first, coalesced into one row of stride 1; nil
// when the scalar loop runs.
func vectorRun(shape, strides []int) (inner []int) {
	if len(shape) == 0 {
		return nil
	}
	var dims []int
	for d, n := range shape {
		if n > 1 {
			dims = append(dims, d)
		}
	}
	if len(dims) == 0 {
		return []int{}
	}
	slices.SortStableFunc(dims, func(a, b int) int { return strides[a] - strides[b] })
	if strides[dims[0]] != 1 {
		return nil
	}
	row := 1
	for _, d := range dims {
		if strides[d] != row {
			break
		}
		inner = append(inner, d)
		row *= shape[d]
	}
	return inner
}

// markVectorNaNs rewrites the NaNs of out, the contiguous bfloat16
// conversion of a float32 or float64 tensor of the given layout, as
// PyTorch's copy writes them: 0xffff where the vectorized loop ran.
func markVectorNaNs(out *Tensor, from DType, shape, strides []int) {
	if scalarKernels() {
		return // PyTorch's default capability runs the scalar loop everywhere
	}
	data := out.storage.data.([]BF16)[out.offset : out.offset+out.Numel()]
	if !slices.Contains(data, 0x7fc0) {
		return
	}
	inner := vectorRun(shape, strides)
	if inner == nil {
		return
	}
	row := 1
	for _, d := range inner {
		row *= shape[d]
	}
	vecEnd := row // float32: the whole row
	if from == Float64 {
		vecEnd = row - row%16
	}
	idx := make([]int, len(shape))
	for i := range data {
		if data[i] == 0x7fc0 {
			pos := 0 // place within the row
			for _, d := range inner {
				pos += idx[d] * strides[d]
			}
			if pos < vecEnd {
				data[i] = 0xffff
			}
		}
		for d := len(idx) - 1; d >= 0; d-- {
			if idx[d]++; idx[d] < shape[d] {
				break
			}
			idx[d] = 0
		}
	}
}

// scalarNaNs rewrites the NaNs of the bfloat16 tensor t as the scalar
// loop writes them (0x7fc0).
func scalarNaNs(t *Tensor) {
	data := t.storage.data.([]BF16)[t.offset : t.offset+t.Numel()]
	for i, v := range data {
		if v == 0xffff {
			data[i] = 0x7fc0
		}
	}
}

// scalarKernels reports whether kael runs its portable kernels
// (KAEL_ISA=generic), as PyTorch under ATEN_CPU_CAPABILITY=default runs
// only its scalar loops, which differ from its vectorized ones in a few
// last-bit cases: the NaN a bfloat16 conversion writes, the sign of a zero
// in a complex128 negation.
func scalarKernels() bool { return vecmath.Impl() == "generic" }
