package vecmath

// MaximumFloat32 sets dst[i] to a[i] where a[i] is NaN or a[i] > b[i], and
// to b[i] elsewhere: torch.maximum, NaN propagating, the second operand's
// zero where both are zeros (the tensor package's maxNaN, bit for bit).
// a and b must be at least as long as dst.
func MaximumFloat32(dst, a, b []float32) { extremeF32(dst, a[:len(dst)], b[:len(dst)], false) }

// MinimumFloat32 is MaximumFloat32 with a[i] < b[i]: torch.minimum.
func MinimumFloat32(dst, a, b []float32) { extremeF32(dst, a[:len(dst)], b[:len(dst)], true) }

// MaximumFloat64 is MaximumFloat32 for float64.
func MaximumFloat64(dst, a, b []float64) { extremeF64(dst, a[:len(dst)], b[:len(dst)], false) }

// MinimumFloat64 is MinimumFloat32 for float64.
func MinimumFloat64(dst, a, b []float64) { extremeF64(dst, a[:len(dst)], b[:len(dst)], true) }

// extremeGeneric is the kernels in Go, and the vector kernels' tail.
func extremeGeneric[T float32 | float64](dst, a, b []T, isMin bool) {
	a, b = a[:len(dst)], b[:len(dst)]
	for i := range dst {
		x, y := a[i], b[i]
		if x != x || (!isMin && x > y) || (isMin && x < y) {
			dst[i] = x
		} else {
			dst[i] = y
		}
	}
}
