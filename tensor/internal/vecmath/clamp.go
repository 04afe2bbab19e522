package vecmath

// ClampFloat32 sets dst[i] to src[i] limited to [lo, hi] as PyTorch's
// clamp with number bounds computes it: x < lo ? lo : x, then that
// > hi ? hi : it. NaN stays NaN, and an element equal to a bound is kept
// (clamp(-0, 0, 1) is -0). lo -Inf or hi +Inf leaves that side open;
// NaN bounds are the caller's (PyTorch fills with NaN). dst must be at
// least as long as src; it may be src itself but must not otherwise
// overlap it.
func ClampFloat32(dst, src []float32, lo, hi float32) {
	impls.Current().clampF32(dst[:len(src)], src, lo, hi)
}

// ClampFloat64 is ClampFloat32 for float64.
func ClampFloat64(dst, src []float64, lo, hi float64) {
	impls.Current().clampF64(dst[:len(src)], src, lo, hi)
}

// clampGeneric is ClampFloat32 and ClampFloat64 in Go, and the vector
// kernels' tail.
func clampGeneric[T float32 | float64](dst, src []T, lo, hi T) {
	dst = dst[:len(src)]
	for i, x := range src {
		if x < lo {
			x = lo
		}
		if x > hi {
			x = hi
		}
		dst[i] = x
	}
}
