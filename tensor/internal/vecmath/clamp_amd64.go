package vecmath

// The clamp kernels, in clamp_amd64.s: whole vectors only.

//go:noescape
func clampF32AVX2(dst, src []float32, lo, hi float32)

//go:noescape
func clampF64AVX2(dst, src []float64, lo, hi float64)

// clampF32Blocks runs clampF32AVX2 on the whole vectors of 32 elements
// and the Go loop on the rest: the same results.
func clampF32Blocks(dst, src []float32, lo, hi float32) {
	n := len(src) &^ 31
	if n > 0 {
		clampF32AVX2(dst[:n], src[:n], lo, hi)
	}
	clampGeneric(dst[n:len(src)], src[n:], lo, hi)
}

// clampF64Blocks is clampF32Blocks for float64, 16 elements a block.
func clampF64Blocks(dst, src []float64, lo, hi float64) {
	n := len(src) &^ 15
	if n > 0 {
		clampF64AVX2(dst[:n], src[:n], lo, hi)
	}
	clampGeneric(dst[n:len(src)], src[n:], lo, hi)
}
