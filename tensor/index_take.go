package tensor

import "unsafe"

// takeWords is gather1DKernel for a dtype of 4 or 8 bytes (T's size is
// W's): a contiguous source goes to vecmath's gather kernels (Take32,
// Take64), which copy the elements as bits and stop at the same first
// bad index; a strided one to the scalar loop.
func takeWords[T Element, W uint32 | uint64](take func(dst, src []W, idx []int64) int) gather1DFunc {
	return func(src, dst *Tensor, vals []int64, begin, end int) int {
		if src.strides[0] != 1 {
			return gather1DKernel[T](src, dst, vals, begin, end)
		}
		s := src.storage.data.([]T)[src.offset : src.offset+src.shape[0]]
		d := dst.storage.data.([]T)[begin:end]
		if k := take(asWords[T, W](d), asWords[T, W](s), vals[begin:end]); k >= 0 {
			return begin + k
		}
		return -1
	}
}

// asWords is s's memory as a slice of W, of s's length: T and W must be
// of one size.
func asWords[T, W any](s []T) []W {
	return unsafe.Slice((*W)(unsafe.Pointer(unsafe.SliceData(s))), len(s))
}
