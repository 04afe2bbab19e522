package tensor

import (
	"math"
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

// AddProductInPlace computes a += x·y with one rounding an element, as
// the last step of PyTorch's a.addcmul_(t1, t2, value=s) on the CPU: ATen's
// addcmul kernel computes self + value·t1·t2, value·t1 rounded and the
// rest one fused multiply-add (its compiler contracts the product and the
// sum, in the vectorized loop and its tail alike: PyTorch 1.13's float32
// and float64 Adam moments, TestAdamFloat32AgainstTorch in vecmath), so
// the caller passes x = value·t1 and y = t2. It reports false, changing
// nothing, where it does not apply: a, x and y must be float32 or float64
// of one dtype and one shape on the CPU, any strides, and a must share no
// memory with x or y unless it is the same elements.
func AddProductInPlace(a, x, y *Tensor) bool {
	if a.dtype != x.dtype || a.dtype != y.dtype || (a.dtype != Float32 && a.dtype != Float64) {
		return false
	}
	for _, t := range []*Tensor{a, x, y} {
		if t.storage == nil || t.storage.device != CPU || !slices.Equal(t.shape, a.shape) {
			return false
		}
	}
	if overlaps(a, x) || overlaps(a, y) || (a.storage != x.storage && a.SharesMemory(x)) || (a.storage != y.storage && a.SharesMemory(y)) {
		return false
	}
	if a.dtype == Float32 {
		addProduct(a, x, y, vecmath.FMA32)
	} else {
		addProduct(a, x, y, math.FMA)
	}
	a.MarkModified()
	return true
}

// addProduct sets each element of a to fma(x, y, a), walking the three
// tensors' strides together.
func addProduct[T float32 | float64](a, x, y *Tensor, fma func(p, q, r T) T) {
	n := a.Numel()
	if n == 0 {
		return
	}
	ad, xd, yd := a.storage.data.([]T), x.storage.data.([]T), y.storage.data.([]T)
	if a.IsContiguous() && x.IsContiguous() && y.IsContiguous() {
		ad, xd, yd = ad[a.offset:a.offset+n], xd[x.offset:x.offset+n], yd[y.offset:y.offset+n]
		for i := range ad {
			ad[i] = fma(xd[i], yd[i], ad[i])
		}
		return
	}
	ao, xo, yo := newOdometer(0, a.shape, a.strides), newOdometer(0, x.shape, x.strides), newOdometer(0, y.shape, y.strides)
	for range n {
		i, j, k := a.offset+ao.off, x.offset+xo.off, y.offset+yo.off
		ad[i] = fma(xd[j], yd[k], ad[i])
		ao.next()
		xo.next()
		yo.next()
	}
}
