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
// The float64 sum is math.FMA's, rounded once. The float32 one is the
// float64 fused multiply-add of the widened operands (their product is
// exact in float64) rounded to float32: a single float32 rounding except
// where the float64 result lands on a float32 tie that the exact one
// missed, about one element in 2^28 of random values.
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
		axpyFloat32(dst, src, float64(float32(alpha)))
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

// axpyFloat32 computes dst[i] = alpha·src[i] + dst[i], alpha a float32's
// value.
func axpyFloat32(dst, src []float32, alpha float64) {
	src = src[:len(dst)]
	i := 0
	for ; i+4 <= len(dst); i += 4 {
		d, s := dst[i:i+4:i+4], src[i:i+4:i+4]
		d[0] = float32(math.FMA(alpha, float64(s[0]), float64(d[0])))
		d[1] = float32(math.FMA(alpha, float64(s[1]), float64(d[1])))
		d[2] = float32(math.FMA(alpha, float64(s[2]), float64(d[2])))
		d[3] = float32(math.FMA(alpha, float64(s[3]), float64(d[3])))
	}
	for ; i < len(dst); i++ {
		dst[i] = float32(math.FMA(alpha, float64(src[i]), float64(dst[i])))
	}
}
