package vecmath

// takeSmall is the length below which Take64 and Take32 run the Go loop
// alone: for a few indices the call costs more than the vectors save.
const takeSmall = 16

// Take64 sets dst[k] = src[i] for each k < len(dst), i = idx[k], or
// idx[k] + len(src) where that is negative: NumPy's and PyTorch's a[idx]
// of a contiguous 1-d a with 8-byte elements, as bits (a copy, so any
// 8-byte dtype). It stops at the first index that is out of range even
// after the wrap and returns its position, with the elements before it
// written; or -1 when every index was in range. idx must be at least as
// long as dst. The assembly kernels (AVX-512 gathers, the bounds checked
// in vector registers; on AVX2 CPUs, and for Take64 on AMD's AVX-512
// ones, unrolled scalar loads, the source prefetched; on the latter outputs of
// takeStreamMinBytes or more are written with non-temporal stores) and
// the Go loop write the same elements and name the same index.
func Take64(dst, src []uint64, idx []int64) int {
	idx = idx[:len(dst)]
	done := 0
	if len(dst) >= takeSmall && len(src) > 0 {
		done = take64Arch(dst, src, idx)
	}
	if k := takeGeneric(dst[done:], src, idx[done:]); k >= 0 {
		return done + k
	}
	return -1
}

// Take32 is Take64 for 4-byte elements.
func Take32(dst, src []uint32, idx []int64) int {
	idx = idx[:len(dst)]
	done := 0
	if len(dst) >= takeSmall && len(src) > 0 {
		done = take32Arch(dst, src, idx)
	}
	if k := takeGeneric(dst[done:], src, idx[done:]); k >= 0 {
		return done + k
	}
	return -1
}

// takeGeneric is Take64 and Take32 in Go: the wrap without a branch (a
// sign that changes at random would be mispredicted), and one unsigned
// comparison per index, which also proves the load in bounds.
func takeGeneric[T any](dst, src []T, idx []int64) int {
	size := int64(len(src))
	idx = idx[:len(dst)]
	for k, i := range idx {
		i += size & (i >> 63)
		if uint64(i) >= uint64(len(src)) {
			return k
		}
		dst[k] = src[i]
	}
	return -1
}
