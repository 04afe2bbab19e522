package vecmath

// lerpF32AVX2 and lerpF64AVX2 (lerp_amd64.s) take n elements, n a
// multiple of eight (of four for float64); wstep is the bytes from one
// group's weights to the next (32, or 0 for one weight).
//
//go:noescape
func lerpF32AVX2(dst, a, b, w *float32, n, wstep int)

//go:noescape
func lerpF64AVX2(dst, a, b, w *float64, n, wstep int)

func lerpF32Arch(dst, a, b, w []float32, ws int) int {
	n := unaryVector(len(dst))
	if n == 0 || !hasFMA {
		return 0
	}
	_, _, _ = a[n-1], b[n-1], w[(n-1)*ws]
	lerpF32AVX2(&dst[0], &a[0], &b[0], &w[0], n, 32*ws)
	return n
}

func lerpF64Arch(dst, a, b, w []float64, ws int) int {
	n := unaryVector(len(dst)) &^ 3
	if n == 0 || !hasFMA {
		return 0
	}
	_, _, _ = a[n-1], b[n-1], w[(n-1)*ws]
	lerpF64AVX2(&dst[0], &a[0], &b[0], &w[0], n, 32*ws)
	return n
}
