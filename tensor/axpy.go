package tensor

import (
	"slices"

	"github.com/kael-dev/kael/tensor/internal/vecmath"
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
// Each sum is rounded once, as the vector instruction rounds it
// (vecmath.AxpyFloat32 and AxpyFloat64: VFMADD where the CPU has FMA3,
// else the same bits in Go).
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
		s := float32(alpha)
		err := ParallelFor(n, GrainSize, func(begin, end int) { vecmath.AxpyFloat32(dst[begin:end], src[begin:end], s) })
		_ = err // the body cannot fail, nor be interrupted
	} else {
		dst := a.storage.data.([]float64)[a.offset : a.offset+n]
		src := b.storage.data.([]float64)[b.offset : b.offset+n]
		err := ParallelFor(n, GrainSize, func(begin, end int) { vecmath.AxpyFloat64(dst[begin:end], src[begin:end], alpha) })
		_ = err
	}
	a.MarkModified()
	return true
}
