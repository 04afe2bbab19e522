package tensor

import (
	"slices"
	"sync"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
)

// The weight's gradient of Embedding, as ATen's embedding_dense_backward.

// embeddingGradFunc adds the rows of grad at rowOffs[i] (elements step
// apart) into row idx[i] of the contiguous [rows, dim] out, in the order
// of the indices.
type embeddingGradFunc func(out, grad *Tensor, idx []int64, rowOffs []int, step int)

var embeddingGradKernels = InexactDTypes(ByDType[embeddingGradFunc]{
	Float32: embeddingGrad[float32], Float64: embeddingGrad[float64],
	Complex64: embeddingGrad[complex64], Complex128: embeddingGrad[complex128],
	Float16: embeddingGradHalf(F16FromFloat32), BFloat16: embeddingGradHalf(BF16FromFloat32),
})

// EmbeddingDenseBackward returns the gradient of Embedding's weight, a
// [rows, dim] tensor of grad's dtype whose row k is the sum of the rows of
// grad (of shape indices.shape + [dim], strided or not) where indices
// holds k. As ATen's embedding_dense_backward_cpu, each picked row is
// added to its row of the result in the order of the indices, in grad's
// dtype (float32 rounds after every addition; float16 and bfloat16 add in
// float32 and round to their own precision each time), so that the result
// is PyTorch's bit for bit. An index outside [0, rows) is an IndexError.
func EmbeddingDenseBackward(grad, indices *Tensor, rows int) (*Tensor, error) {
	kernel, err := embeddingGradKernels.Select("embedding_backward", grad.dtype)
	if err != nil {
		return nil, err
	}
	if indices.dtype != Int64 {
		return nil, typeErrorf("embedding_backward(): expected indices of dtype int64, got %s", indices.dtype)
	}
	n := grad.Dim()
	if n == 0 || !slices.Equal(grad.shape[:n-1], indices.shape) {
		return nil, Errorf(RuntimeError, "embedding_backward(): the gradient of shape %s does not fit indices of shape %s",
			FormatShape(grad.shape), FormatShape(indices.shape))
	}
	idx, err := int64Elems(indices)
	if err != nil {
		return nil, err
	}
	for _, i := range idx {
		if i < 0 || i >= int64(rows) {
			return nil, indexErrorf("index out of range in self").
				WithHint("index %d is not in [0, %d), the number of embeddings", i, rows)
		}
	}
	out, err := Zeros(grad.dtype, rows, grad.shape[n-1])
	if err != nil || out.Numel() == 0 || len(idx) == 0 {
		return out, err
	}
	offs := rowOffsetsPool.Get().(*[]int)
	rowOffs := stridedOffsetsInto((*offs)[:0], grad.shape[:n-1], grad.strides[:n-1], grad.offset)
	kernel(out, grad, idx, rowOffs, grad.strides[n-1])
	if cap(rowOffs) <= rowOffsetsPoolMax {
		*offs = rowOffs[:0]
		rowOffsetsPool.Put(offs)
	}
	return out, nil
}

// rowOffsetsPool holds the scratch slices of the gradient's row offsets,
// which EmbeddingDenseBackward needs only while its kernel runs: makemore's
// MLP asked for 16 of 512 a step, 64 KiB of garbage (docs/performance.md,
// issue 34). Slices beyond rowOffsetsPoolMax elements go to the collector.
var rowOffsetsPool = sync.Pool{New: func() any { return new([]int) }}

// rowOffsetsPoolMax is the capacity of the largest slice kept in
// rowOffsetsPool (32 KiB of offsets).
const rowOffsetsPoolMax = 4096

func embeddingGrad[T float32 | float64 | complex64 | complex128](out, grad *Tensor, idx []int64, rowOffs []int, step int) {
	dst := out.storage.data.([]T)
	src := grad.storage.data.([]T)
	dim := out.shape[1]
	if d32, ok := any(dst).([]float32); ok && step == 1 {
		// The same additions, eight at a time, all rows in one call.
		vecmath.AddRowsAtFloat32(d32, dim, any(src).([]float32), idx, rowOffs)
		return
	}
	for i, k := range idx {
		row := dst[int(k)*dim : int(k)*dim+dim]
		off := rowOffs[i]
		if step == 1 {
			s := src[off : off+dim]
			for j := range row {
				row[j] += s[j]
			}
			continue
		}
		for j := range row {
			row[j] += src[off+j*step]
		}
	}
}

// embeddingGradHalf is embeddingGrad for float16 and bfloat16: each
// addition in float32, rounded back to the dtype, as ATen's add of
// reduced floats.
func embeddingGradHalf[T interface {
	F16 | BF16
	Float32() float32
}](from func(float32) T) embeddingGradFunc {
	return func(out, grad *Tensor, idx []int64, rowOffs []int, step int) {
		dst := out.storage.data.([]T)
		src := grad.storage.data.([]T)
		dim := out.shape[1]
		for i, k := range idx {
			row := dst[int(k)*dim : int(k)*dim+dim]
			off := rowOffs[i]
			for j := range row {
				row[j] = from(row[j].Float32() + src[off+j*step].Float32())
			}
		}
	}
}
