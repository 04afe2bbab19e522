package tensor

import (
	"math"
	"slices"
)

// AddScaledInPlace computes a += alpha·b as PyTorch's a.add_(b,
// alpha=alpha) does on the CPU, one fused multiply-add per element
// (ATen's add kernel is vec::fmadd(b, alpha, a), alpha first converted to
// a's dtype), in one pass and without the temporary alpha·b that
// multiplying first takes; it reports false, changing nothing, where it
// does not apply, and the caller computes the sum as before: a and b must
// be float32 or float64 of the same dtype and shape on the CPU, both
// contiguous, and share no memory unless they are the same elements.
//
// The float64 sum is math.FMA's and the float32 one fma32's: each rounded
// once, as the vector instruction rounds it.
func AddScaledInPlace(a, b *Tensor, alpha float64) bool {
	if a.dtype != b.dtype || (a.dtype != Float32 && a.dtype != Float64) ||
		a.storage == nil || b.storage == nil || a.storage.device != CPU || b.storage.device != CPU ||
		!slices.Equal(a.shape, b.shape) || !a.IsContiguous() || !b.IsContiguous() {
		return false
	}
	if a.SharesMemory(b) && (a.storage != b.storage || a.offset != b.offset) {
		return false
	}
	n := a.Numel()
	if a.dtype == Float32 {
		dst := a.storage.data.([]float32)[a.offset : a.offset+n]
		src := b.storage.data.([]float32)[b.offset : b.offset+n]
		axpyFloat32(dst, src, float32(alpha))
	} else {
		dst := a.storage.data.([]float64)[a.offset : a.offset+n]
		src := b.storage.data.([]float64)[b.offset : b.offset+n]
		for i, y := range src[:len(dst)] {
			dst[i] = math.FMA(alpha, y, dst[i])
		}
	}
	a.MarkModified()
	return true
}

// axpyFloat32 computes dst[i] = alpha·src[i] + dst[i] with one rounding
// (fma32), as a vector FMA does.
func axpyFloat32(dst, src []float32, alpha float32) {
	src = src[:len(dst)]
	for i, y := range src {
		dst[i] = fma32(alpha, y, dst[i])
	}
}
