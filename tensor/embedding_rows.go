package tensor

// Embedding's forward when the table's rows are contiguous: each picked
// row is one copy, as ATen's index_select of rows.

// embeddingRowKernels copies the rows idx of the 2-D weight, whose
// elements within a row are adjacent, into the new contiguous out.
var embeddingRowKernels = AllDTypes(ByDType[func(out, weight *Tensor, idx []int64)]{Float32: embeddingRows[float32], Float64: embeddingRows[float64], Int64: embeddingRows[int64], Bool: embeddingRows[uint8], Uint8: embeddingRows[U8], Int8: embeddingRows[int8], Int16: embeddingRows[int16], Int32: embeddingRows[int32], Float16: embeddingRows[F16], BFloat16: embeddingRows[BF16], Complex64: embeddingRows[complex64], Complex128: embeddingRows[complex128], Uint16: embeddingRows[uint16], Uint32: embeddingRows[uint32], Uint64: embeddingRows[uint64]})

func embeddingRows[T Element](out, weight *Tensor, idx []int64) {
	dst := out.storage.data.([]T)[out.offset : out.offset+out.Numel()]
	src := weight.storage.data.([]T)
	dim, rowStride, base := weight.shape[1], weight.strides[0], weight.offset
	_ = ParallelFor(len(idx), max(1, GrainSize/max(dim, 1)), func(begin, end int) {
		for i := begin; i < end; i++ {
			o := base + int(idx[i])*rowStride
			copy(dst[i*dim:(i+1)*dim], src[o:o+dim])
		}
	})
}

// int64Elems returns the elements of the int64 tensor t in row-major
// order, for reading only: t's own storage when it is contiguous (as
// makemore's indices are, 16 times a step), a copy otherwise.
func int64Elems(t *Tensor) ([]int64, error) {
	if t.dtype == Int64 && t.IsContiguous() {
		return t.storage.data.([]int64)[t.offset : t.offset+t.Numel()], nil
	}
	return Values[int64](t)
}
